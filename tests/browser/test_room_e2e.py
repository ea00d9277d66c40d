"""End-to-end: a live poll in the workshop room, one host and three learners in Chromium.

One Voila server serves ``notebooks/`` as ``make workshop`` does, its rooms in a SQLite
file of the test's own (``RULES_TUTOR_WORKSHOP_DB``).  The host and each learner use a
separate browser context (separate people).  The host opens a room and pushes a Mantis
position; a learner who mistyped the room code is told so and types it again; three
learners answer from their own pages; the host's chart counts them as they arrive; one
learner reloads and finds the answer kept; the host reveals (every learner sees the
engine's answer) and plays on (the next position reaches every learner).  The database
is then read directly: three answers, one per learner.

Standby kernels are switched off for this server (``preheat_kernel=False``): the room
pages are never pre-heated, and nine standby kernels would only slow the machine down.
Screenshots go to ``test-artifacts/browser/`` (``room-*.png``).
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import (
    REPO,
    Server,
    chromium_browser,
    require_chromium,
    screenshot,
    stage,
    voila,
)

from tutor.workshop.store import RoomStore

pytestmark = pytest.mark.browser

RENDER_TIMEOUT = 120
LIVE_TIMEOUT = 30
LEARNERS = ("Ana", "Ben", "Cleo")


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rooms' database file, shared by every kernel of the server."""
    return tmp_path_factory.mktemp("rooms") / "rooms.sqlite"


@pytest.fixture(scope="module")
def app(rooms: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voila serving notebooks/ with the rooms in ``rooms``, no standby kernels."""
    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed in this venv (`pip install -e '.[workshop]'`)")
    with voila(
        tmp_path_factory.mktemp("voila-room"),
        REPO / "notebooks",
        env={"RULES_TUTOR_WORKSHOP_DB": f"sqlite:///{rooms}"},
        extra_args=["--VoilaConfiguration.preheat_kernel=False"],
    ) as server:
        yield server


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Headless Debian chromium; each test context is a separate person."""
    executable = require_chromium()
    with chromium_browser(executable) as browser:
        yield browser


def open_page(chromium: Any, app: Server, path: str) -> Any:
    """A new person's tab on ``path`` (not waiting for the kernel)."""
    page = chromium.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(app.url(path), wait_until="commit")
    return page


def learner_path(code: str, name: str) -> str:
    return f"/voila/render/workshop_room.ipynb?room={code}&learner={name}"


def test_a_live_poll_with_a_host_and_three_learners(
    chromium: Any, app: Server, rooms: Path
) -> None:
    host = open_page(chromium, app, "/voila/render/workshop_host.ipynb?game=mantis")
    with stage(host, "the host opens a room and pushes a Mantis position", RENDER_TIMEOUT):
        host.locator(".tutor-room-open").click()
        header = host.locator(".tutor-room-header")
        header.wait_for(state="visible")
        code = header.get_attribute("data-code")
        host.locator(".tutor-room-push").click()
        host.locator(".tutor-room-question").wait_for(state="visible")
    assert code and re.fullmatch(r"[A-Z2-9]{6}", code)
    assert "Steal from" in host.locator(".tutor-room-question").inner_text()
    screenshot(host, "room-01-host-pushed")

    # Everyone arrives at once (their kernels start side by side); Ana mistypes the code.
    learners = [
        open_page(chromium, app, learner_path("ZZZ222" if name == "Ana" else code, name))
        for name in LEARNERS
    ]
    ana = learners[0]
    with stage(ana, "a wrong room code is refused on the page", RENDER_TIMEOUT):
        error = ana.locator(".tutor-room-error")
        error.wait_for(state="visible")
    assert "there is no room ZZZ222" in error.inner_text()
    assert ana.locator(".tutor-room-choice").count() == 0
    screenshot(ana, "room-02-wrong-code")
    with stage(ana, "Ana types the right code and joins", LIVE_TIMEOUT):
        ana.locator(".tutor-room-code-box input").fill(code)
        ana.locator(".tutor-room-join").click()
        ana.locator(".tutor-room-joined").wait_for(state="visible")

    picks = {}
    for i, (name, page) in enumerate(zip(LEARNERS, learners, strict=True)):
        with stage(page, f"{name} sees the position and answers", RENDER_TIMEOUT):
            choices = page.locator(".tutor-room-choice")
            choices.first.wait_for(state="visible")
            picks[name] = min(i, 1)
            choices.nth(picks[name]).click()
            page.locator(f'.tutor-room-answered[data-answer="{picks[name]}"]').wait_for()
    screenshot(learners[0], "room-03-learner-answered")

    with stage(host, "the host's chart counts the three answers live", LIVE_TIMEOUT):
        host.locator('.tutor-room-count[data-answers="3"]').wait_for()
        host.wait_for_function(
            "() => [...document.querySelectorAll('.js-plotly-plot .ytick text')]"
            ".some(t => t.textContent.startsWith('Steal from'))"
        )
    screenshot(host, "room-04-host-chart")

    ben = learners[1]
    with stage(ben, "Ben reloads his page and finds his answer kept", RENDER_TIMEOUT):
        ben.reload(wait_until="commit")
        ben.locator(f'.tutor-room-answered[data-answer="{picks["Ben"]}"]').wait_for()
    with stage(host, "the host reveals what the engine says", LIVE_TIMEOUT):
        host.locator(".tutor-room-reveal-button").click()
        host.locator(".tutor-room-reveal").wait_for(state="visible")
    assert "A turn: Announce Score or Steal" in host.locator(".tutor-room-reveal").inner_text()
    for name, page in zip(LEARNERS, learners, strict=True):
        with stage(page, f"{name} sees the reveal", LIVE_TIMEOUT):
            page.locator(".tutor-room-reveal").wait_for(state="visible")
            assert page.locator(".tutor-room-choice").first.is_disabled()
    screenshot(learners[2], "room-05-learner-reveal")

    with stage(host, "the host plays on", LIVE_TIMEOUT):
        host.locator(".tutor-room-next").click()
        host.locator(".tutor-room-question h3", has_text="Question 2").wait_for()
    for name, page in zip(LEARNERS, learners, strict=True):
        with stage(page, f"{name} sees the next position", LIVE_TIMEOUT):
            page.locator(".tutor-room-question h3", has_text="Question 2").wait_for()
            page.locator(".tutor-room-choice:enabled").first.wait_for()
    screenshot(learners[0], "room-06-learner-next")

    store = RoomStore(rooms)
    first = store.question(code, store.question(code).id - 1)
    assert first is not None and first.number == 1 and first.status == "revealed"
    tally = store.tally(code, first.id, len(first.choices))
    assert tally.answers == 3 and tally.counts[0] == 1 and tally.counts[1] == 2
    assert store.learner_count(code) == 3
