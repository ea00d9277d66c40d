"""The tools work with the Full Circle module, and show a face-down character as such.

Why this file exists: the shared tooling suites (tests/conformance/) play each game at
each player count with its default options; Full Circle is a module, so this file runs
the same tools once with ``modules=["full_circle"]``: the picture, card faces and hands,
the ``tutor`` commands with ``--options``, bots and simulation with their summary, a
decision tree, the tutorial player, the what-if explorer and editor, the quiz, a saved
session, and the card tables of docs/mantis_falls_cards.md.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from flagship_words import foreign_words

import tutor
from tutor.analysis.simulation import simulate, summarise
from tutor.analysis.trees import decision_tree, tree_stats
from tutor.cli import main
from tutor.core.rng import Rng
from tutor.core.session import Session
from tutor.core.spec import spec_for
from tutor.games.mantis_falls.cards import CardData
from tutor.games.mantis_falls.present.cards import card_html, card_text

FC: dict[str, Any] = {"players": 2, "modules": ["full_circle"]}
OPTIONS = "{modules: [full_circle]}"
JACK, JILL = 0, 1
REPO = Path(__file__).resolve().parents[3]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out


def test_the_picture_draws_a_face_down_character_as_face_down() -> None:
    game = tutor.load_game("mantis_falls", **FC)
    state = game.new_state(seed=3)
    picture = spec_for("mantis_falls").hook("picture")
    mine = state.cards.character_cards[state.characters[JACK]].name
    theirs = state.cards.character_cards[state.characters[JILL]].name
    jack_eyes = picture(state.view(JACK), game, None)
    assert f"character: {mine} (face down)" in jack_eyes
    assert "character: face down" in jack_eyes and "0/?" in jack_eyes
    if theirs != mine:
        assert theirs not in jack_eyes
    tutor_eyes = picture(state.view(None), game, None)
    assert f"character: {theirs} (face down)" in tutor_eyes and "0/?" not in tutor_eyes
    # A base game's picture says nothing about characters.
    base = tutor.load_game("mantis_falls")
    assert "character:" not in picture(base.new_state(seed=3).view(JACK), base, None)


def test_card_faces_are_rendered_from_the_module_data() -> None:
    game = tutor.load_game("mantis_falls", **FC)
    old_wound = next(c for c in game.cards.actions if c.id == "old_wound")
    face = card_html(old_wound)
    assert "affliction" in face and "nothing can remove it" in face
    assert "increased by 1" in face  # extra_event_wounds, read from the data
    drifter = game.cards.characters["drifter"]
    assert card_text(drifter) == "Drifter — character (Full Circle)\nMaximum wounds: 7."
    assert 'data-kind="character"' in card_html(drifter)


def test_the_cli_plays_and_simulates_with_the_module(capsys: pytest.CaptureFixture[str]) -> None:
    traced = run(capsys, "play", "mantis_falls", "--seed", "3", "--trace", "--options", OPTIONS)
    assert "[mf.21.2]" in traced and "Result after" in traced
    eyes = run(
        capsys,
        "play",
        "mantis_falls",
        "--seed",
        "3",
        "--trace",
        "--player",
        "0",
        "--options",
        OPTIONS,
    )
    assert "Jill looks at their character and keeps it face down." in eyes
    report = json.loads(
        run(
            capsys,
            "simulate",
            "mantis_falls",
            "--games",
            "4",
            "--seed",
            "2",
            "--json",
            "--options",
            OPTIONS,
        )
    )
    assert sum(report["outcomes"].values()) == 4


def test_the_cli_whatif_shows_a_face_down_character(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fc.yaml"
    path.write_text(
        "game: mantis_falls\noptions: {modules: [full_circle]}\nseed: 5\n"
        "setup:\n  players:\n    - {character: Drifter, wounds: 3}\n    - {character: Boxer}\n",
        encoding="utf-8",
    )
    text = run(capsys, "whatif", str(path), "--player", "1")
    assert "wounds 3/?" in text and "character hidden (face down)" in text
    assert "character Boxer (face down)" in text and "Drifter" not in text


def test_bots_play_and_simulation_summarises_the_module() -> None:
    rows = simulate(
        "mantis_falls",
        games=4,
        seed=1,
        policies=["heuristic", "random"],
        options=FC,
        processes=1,
        progress=False,
    )
    summary = summarise(rows)
    assert len(rows) == 4 and summary["games"] == 4


def test_a_small_decision_tree_with_the_module() -> None:
    state = tutor.load_game("mantis_falls", **FC).new_state(seed=3)
    graph = decision_tree(state, depth=2, max_nodes=2_000)
    assert tree_stats(graph)["nodes"] >= 2


def test_the_tutorial_player_and_the_what_if_explorer_take_the_module(tmp_path: Path) -> None:
    from tutor.widgets import WhatIfExplorer, play

    player = play("mantis_falls", seed=6, **FC)
    player.next_decision_button.click()
    player.eyes.value = JILL
    assert "character:" in player.picture.value
    explorer = WhatIfExplorer("mantis_falls", seed=8, **FC)
    assert explorer.apply(), explorer.error.value  # the editor's setup applies
    path = tmp_path / "whatif.yaml"
    assert explorer.save(path, "A"), explorer.error.value
    assert explorer.load(path), explorer.error.value
    assert explorer.session.game.options["modules"] == ["full_circle"]


def test_the_quiz_builds_with_the_module(tmp_path: Path) -> None:
    from tutor.widgets import Quiz

    quiz = Quiz("mantis_falls", seed=1, count=2, progress=tmp_path / "p.sqlite", **FC)
    assert quiz.game.options["modules"] == ["full_circle"]
    if quiz.question is not None:
        quiz.option_buttons[0].click()
        assert quiz.feedback.value
        assert not foreign_words("mantis_falls", quiz.prompt.value)


def test_a_session_with_the_module_survives_a_save_and_load(tmp_path: Path) -> None:
    session = Session(tutor.load_game("mantis_falls", **FC).new_state(seed=9))
    rng = Rng(9)
    for _ in range(8):
        session.run_to_decision()
        if session.state.is_terminal():
            break
        legal = session.state.legal_actions()
        session.play(legal[rng.below(len(legal))])
    path = tmp_path / "session.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.game.options["modules"] == ["full_circle"]
    assert loaded.state.to_dict() == session.state.to_dict()


def test_the_card_page_lists_every_full_circle_card() -> None:
    page = (REPO / "docs" / "mantis_falls_cards.md").read_text(encoding="utf-8")
    cards = CardData(modules=("full_circle",))

    def rows(heading: str) -> dict[str, list[str]]:
        section = page.split(heading, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        found = {}
        for line in section.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.startswith("|") and cells[0] not in ("Name", "---"):
                found[cells[0]] = cells
        return found

    actions = cards.actions[60:]
    table = rows("### Full Circle actions (18)")
    copies = Counter(c.name for c in actions)
    assert {n: int(r[2]) for n, r in table.items()} == dict(copies)
    for c in actions:
        assert re.match(c.suit.title(), table[c.name][1])
        assert ("(affliction)" in table[c.name][1]) == c.affliction
    allies = rows("### Full Circle allies (6)")
    assert {n: int(r[2]) for n, r in allies.items()} == dict(
        Counter(a.name for a in cards.allies[12:])
    )
    people = rows("### Full Circle characters (6)")
    assert {n: int(r[1]) for n, r in people.items()} == {
        c.name: c.max_wounds for c in cards.character_cards if c.module
    }


def test_the_what_if_editor_sets_a_character_and_turns_it_up() -> None:
    from tutor.games.mantis_falls.editor import MantisFallsEditor
    from tutor.widgets import WhatIfExplorer

    explorer = WhatIfExplorer("mantis_falls", seed=8, **FC)
    editor = explorer.editor
    assert isinstance(editor, MantisFallsEditor)
    jack = editor.players[JACK]
    assert "Drifter" in [value for _, value in jack["character"].options]
    jack["character"].value = "Drifter"
    assert jack["wounds"].max == 6  # one below the Drifter's maximum of 7
    jack["wounds"].value = 6
    jack["character_face_up"].value = True
    assert explorer.apply(), explorer.error.value
    state = explorer.session.state
    assert state.cards.character_cards[state.characters[JACK]].name == "Drifter"
    assert state.character_shown[JACK] and state.wounds[JACK] == 6
    assert state.view(JILL)["players"][JACK]["max_wounds"] == 7
    # A base game's editor has no character control.
    base = WhatIfExplorer("mantis_falls", seed=8)
    assert "character" not in base.editor.players[JACK]  # type: ignore[union-attr]
