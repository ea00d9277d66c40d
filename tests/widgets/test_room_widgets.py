"""The room's two pages, driven headlessly: a host, three learners, a reload, a restart.

The host opens a room and pushes a Mantis position; three learners join by the code and
answer; the host's chart counts them; one learner reloads (a new page, a new kernel) and
finds the answer kept; the host reveals and every learner sees the engine's answer; the
host plays on and the next position reaches every screen.  A wrong code, a wrong secret
and a broken database are shown as errors on the page.  One room tours every game: a
position of each is pushed, answered and revealed.  ``refresh()`` stands in for the
pages' timers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.core.spec import game_specs
from tutor.widgets.room import (
    HOST_PAGE,
    LEARNER_PAGE,
    MAX_BUTTONS,
    HostRoom,
    LearnerRoom,
    host_room,
    learner_room,
    page_address,
    page_query,
)
from tutor.workshop.positions import NEW_GAME
from tutor.workshop.store import RoomStore

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.sqlite'}"


def open_host(database: str) -> HostRoom:
    host = HostRoom(database, game="mantis")
    assert host.source_picker.value == NEW_GAME  # a new game unless the host picks another
    host.title_box.value = "Friday club"
    host.open_button.click()
    assert host.code and host.secret, host.message.value
    host.push_button.click()
    assert host.question is not None, host.message.value
    return host


def test_a_poll_from_push_to_the_next_position(database: str) -> None:
    host = open_host(database)
    assert f'data-code="{host.code}"' in host.header.value
    assert f"workshop_room.ipynb?room={host.code}" in host.header.value
    learners = [LearnerRoom(database, host.code, name) for name in ("Ana", "Ben", "Cleo")]
    for i, learner in enumerate(learners):
        assert "Friday club" in learner.header.value
        assert host.question.prompt in learner.position.value
        assert [b.description for b in learner.choice_buttons] == list(host.question.choices)
        learner.choice_buttons[min(i, 1)].click()
    assert "Your answer: <b>Steal from Ben</b>" in learners[2].status.value

    host.refresh()
    assert 'data-answers="3"' in host.count_label.value
    bars = dict(zip(host.figure.data[0].y, host.figure.data[0].x, strict=True))
    assert bars == {"Steal from Ben": 2, "Score": 1}
    assert not host.figure.layout.annotations  # no "No answers yet" any more
    # The whole figure is in the widget's state too, for a page that draws it late.
    assert list(host.figure._widget_data[0]["y"]) == ["Steal from Ben", "Score"]
    assert host.figure._widget_layout["title"]["text"].startswith("Question 1")
    updates = host.updates
    host.refresh()
    assert host.updates == updates  # nothing new: the chart is not redrawn

    reloaded = LearnerRoom(database, host.code, "Cleo")  # Cleo's page reloads
    assert 'data-answer="1"' in reloaded.status.value
    reloaded.choice_buttons[0].click()  # and changes her mind: still one answer from her
    host.refresh()
    assert 'data-answers="3"' in host.count_label.value

    host.reveal_button.click()
    assert "A turn: Announce Score or Steal" in host.reveal_box.value
    assert "chance of success" in host.reveal_box.value
    for learner in (*learners, reloaded):
        learner.refresh()
        assert "The engine says" in learner.reveal_box.value
        # The odds beside the room's answers: Ana and Cleo (after her change) said Score.
        assert "<th>the room</th></tr><tr><td>Score</td><td>33%</td><td>2</td>" in (
            learner.reveal_box.value
        )
        assert all(button.disabled for button in learner.choice_buttons)

    host.next_button.click()
    assert host.question.number == 2
    for learner in learners:
        learner.refresh()
        assert f'data-question="{host.question.id}"' in learner.position.value
        assert learner.reveal_box.value == ""
        assert not any(button.disabled for button in learner.choice_buttons)


def test_the_host_comes_back_after_a_kernel_restart_and_a_stranger_does_not(
    database: str,
) -> None:
    host = open_host(database)
    LearnerRoom(database, host.code, "Ana").choice_buttons[0].click()
    host.reveal_button.click()

    back = HostRoom(database, code=host.code, secret=host.secret)
    assert back.question is not None and back.question.id == host.question.id
    assert back.session is not None and not back.next_button.disabled
    back.refresh()
    assert 'data-answers="1"' in back.count_label.value
    back.next_button.click()
    assert back.question.number == 2

    stranger = HostRoom(database, code=host.code, secret="not-the-secret-at-all")
    assert "not the host secret" in stranger.message.value
    assert stranger.code is None and stranger.controls.layout.display == "none"

    assert host.secret not in host.secret_label.value
    host.secret_toggle.value = True
    assert host.secret in host.secret_label.value
    typed = HostRoom(database, code=host.code)  # the secret typed, not in the address
    assert typed.code is None and typed.code_box.value == host.code
    typed.secret_box.value = host.secret
    typed.reopen_button.click()
    assert typed.code == host.code and typed.question.number == 2


def test_a_wrong_room_code_is_shown_and_the_form_stays(database: str) -> None:
    host = open_host(database)
    lost = LearnerRoom(database, "ZZZ222", "Ana")
    assert "there is no room ZZZ222" in lost.message.value
    assert lost.code is None and lost.form.layout.display != "none"
    lost.code_box.value = host.code.lower()
    lost.join_button.click()
    assert lost.code == host.code and lost.message.value == ""
    assert lost.choice_buttons


def test_a_broken_database_is_named_on_both_pages(tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"this is not a database\n" * 30)
    host = HostRoom(str(broken))
    host.open_button.click()
    assert "broken.sqlite" in host.message.value and "not a SQLite database" in host.message.value
    learner = LearnerRoom(str(broken), "ABCDEF", "Ana")
    assert "broken.sqlite" in learner.message.value


def test_the_pages_read_the_room_from_the_address(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RoomStore(database)
    code, secret = store.open_room("toy_nim")
    monkeypatch.setenv("QUERY_STRING", f"room={code}&learner=Dev%20B&x=1")
    assert page_query() == {"room": code, "learner": "Dev B", "x": "1"}
    learner = learner_room(database)
    assert learner.learner == "Dev B" and "Waiting for the host" in learner.status.value
    monkeypatch.setenv("QUERY_STRING", f"room={code}&secret={secret}")
    assert host_room(database).code == code
    monkeypatch.setenv("QUERY_STRING", "")
    assert host_room(database).code is None  # a fresh page: nothing opened until asked


def test_the_room_pages_are_never_kept_on_standby() -> None:
    # A standby kernel has run its page before anyone asked for it: it has no address to
    # read the room code from.  The room's Voila configuration must not pool them.
    config = json.loads((REPO / "binder" / "voila.json").read_text(encoding="utf-8"))
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"]["pool_size"] == 0
    for page in (HOST_PAGE, LEARNER_PAGE):
        assert (REPO / "notebooks" / page).is_file()
        assert page not in pools


def test_the_learners_link_is_read_out_as_a_full_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_NAME", "classroom.local")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/workshop_host.ipynb")
    href, shown = page_address("workshop_room.ipynb", room="K7QPTA")
    assert href == "workshop_room.ipynb?room=K7QPTA"
    assert shown == "http://classroom.local:8866/voila/render/workshop_room.ipynb?room=K7QPTA"
    monkeypatch.delenv("SERVER_NAME")
    assert page_address("workshop_room.ipynb", room="K7QPTA") == (href, href)


def test_a_game_without_exact_odds_reveals_estimated_odds_on_the_chart(database: str) -> None:
    host = HostRoom(database, game="toy_nim", odds_seconds=None)
    host.open_button.click()
    host.push_button.click()
    assert host.question is not None, host.message.value
    learner = LearnerRoom(database, host.code, "Ana")
    learner.choice_buttons[1].click()
    host.refresh()
    shown: list[str] = []
    host.reveal_box.observe(lambda change: shown.append(change["new"]), names="value")
    host.reveal_button.click()
    assert any("The engine is weighing the choices: 1 of at most" in s for s in shown)
    assert "<th>chance to win the game</th>" in host.reveal_box.value
    assert "worlds dealt from North" in host.reveal_box.value
    marks = host.figure.data[1]  # the odds beside the bars, on the 0-100% axis
    engine = host.question.reveal["bots"][0]["choice"]  # drawn too, in its own colour
    assert set(marks.y) == {host.question.choices[1], engine} == set(host.figure.data[0].y)
    assert all(0 <= x <= 100 for x in marks.x) and host.figure.layout.xaxis2.visible
    learner.refresh()
    assert "<th>chance to win the game</th>" in learner.reveal_box.value


def test_the_host_pushes_a_position_of_every_game_and_the_room_answers_it(
    database: str,
) -> None:
    # One room, one position of each game after another, as a class touring the games:
    # the learner sees each through the deciding player's eyes, answers, and reads the
    # engine's reveal citing the rule that asks for the decision.
    host = HostRoom(database, odds_seconds=0.2)
    names = [name for _, name in host.game_picker.options]
    assert set(names) == set(game_specs())
    host.open_button.click()
    learner = LearnerRoom(database, host.code, "Ana")
    for number, name in enumerate(names, 1):
        host.game_picker.value = name
        assert host.source_picker.value == NEW_GAME
        host.push_button.click()
        question = host.question
        assert question is not None and question.game == name, host.message.value
        assert question.number == number
        learner.refresh()
        assert f'data-question="{question.id}"' in learner.position.value
        if len(question.choices) > MAX_BUTTONS:  # a list to pick from, and one button
            picker, send = learner.choices_box.children
            assert [label for label, _ in picker.options] == list(question.choices)
            picker.value = len(question.choices) - 1
            send.click()
        else:
            assert [b.description for b in learner.choice_buttons] == list(question.choices)
            learner.choice_buttons[-1].click()
        assert f'data-answer="{len(question.choices) - 1}"' in learner.status.value
        host.refresh()
        assert 'data-answers="1"' in host.count_label.value
        host.reveal_button.click()
        revealed = host.question.reveal
        assert revealed is not None, host.message.value
        rule = host.session.state.game.rulebook.cite(revealed["rule"]["id"])
        assert rule in host.reveal_box.value, name
        learner.refresh()
        assert rule in learner.reveal_box.value
