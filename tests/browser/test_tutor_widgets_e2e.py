"""End-to-end: the tutorial player and the what-if explorer as a learner sees them in JupyterLab.

The headless widget tests check the widgets' values; these check what a browser shows:

* the board and the words stay in step while a decision's entries are revealed one
  Step at a time (the road ahead turns face up, and the event appears, only at the
  Step that says so);
* Next decision and Next turn are greyed out while a person must choose, and the page
  says why in words (a tooltip alone is lost on touch screens);
* the what-if explorer's two boards are each drawn wide enough to read (stacked), its
  Compare table is in readable words, and its hand editor adds and removes one card.

Screenshots go to ``test-artifacts/browser/widgets-*.png`` (gitignored); look at them.
Servers, kernels and the browser are stopped in fixture teardown, also on failure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import (
    ARTIFACTS,
    Server,
    chromium,
    require_chromium,
    screenshot,
    stage,
)
from test_jupyterlab_e2e import (
    CLICK_TIMEOUT,
    OPEN_TIMEOUT,
    explanation_of,
    open_notebook,
    run_all_cells,
    wait_for_change,
)

pytestmark = pytest.mark.browser

TUTORIAL = "notebooks/mantis_falls/01_setup_and_first_turn.ipynb"
WHAT_IF = "notebooks/mantis_falls/04_what_if.ipynb"
MIN_BOARD_WIDTH = 800
"""Narrower than this, the board's smallest text drops below a readable size."""
ENGINE_WORDS = re.compile(r"\b\w+_\w+\b")
"""An engine name in a row (``hand_count``, ``turn_player``, ``game_over``)."""


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Debian chromium with a fresh profile, driven by Playwright."""
    executable = require_chromium()
    for old in ARTIFACTS.glob("widgets-*.png"):  # this file's screenshots only
        old.unlink()
    with chromium(executable, tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


# --------------------------------------------------------------------------- reading the page
def road_class(player: Any, position: int) -> str:
    """The class of a road card in the player's SVG (``road face-up`` / ``road face-down``)."""
    road = player.locator(f".tutor-picture svg g.road[data-position='{position}']")
    return str(road.get_attribute("class") or "")


def event_class(player: Any) -> str:
    """The class of the event area in the player's SVG (``event empty`` before a draw)."""
    return str(player.locator(".tutor-picture svg g.event").first.get_attribute("class") or "")


def show_board(player: Any) -> None:
    """Scroll the notebook so the board and the explanation under it are on screen."""
    player.locator(".tutor-picture").evaluate("el => el.scrollIntoView({block: 'start'})")


def box(locator: Any) -> dict[str, float]:
    """The on-screen box of an element (x, y, width, height in CSS pixels)."""
    found = locator.bounding_box()
    assert found is not None, "the element is not on screen"
    return dict(found)


# --------------------------------------------------------------------------- tests
def test_the_board_follows_the_words_and_blocked_buttons_say_why(page: Any, lab: Server) -> None:
    panel = open_notebook(page, lab, TUTORIAL)
    run_all_cells(page, panel, TUTORIAL)
    with stage(page, "tutorial player appears", OPEN_TIMEOUT):
        player = panel.locator(".widget-vbox:has(> .tutor-picture)").last
        player.locator(".tutor-picture svg").wait_for(state="visible")
        player.scroll_into_view_if_needed()

    # Jill must choose her move: the stepping buttons are greyed, and the page says why.
    for name in ("Step", "Next decision", "Next turn"):
        assert player.get_by_role("button", name=name).is_disabled(), name
    reason = player.locator(".tutor-blocked-reason")
    assert reason.is_visible() and "Waiting for Jill" in reason.inner_text()
    tooltip = player.get_by_role("button", name="Next turn").get_attribute("title") or ""
    assert "Waiting for Jill" in tooltip
    screenshot(page, "widgets-01-blocked-buttons-with-reason")

    # The decision is stated once, above its buttons (not in the picture, not twice).
    assert "Decision for" not in explanation_of(player)
    assert player.locator(".tutor-picture svg .prompt").count() == 0
    assert player.locator(".tutor-phases").count() == 0  # the picture's strip only

    before = explanation_of(player)
    with stage(page, "Jill moves 1 road", CLICK_TIMEOUT):
        player.locator(".tutor-action", has_text="moves 1 road").click()
        text = wait_for_change(page, lambda: explanation_of(player), before, "the explanation")
    assert "Jill moves from Depot Square to" in text
    # The words have not turned the road ahead up yet, so the board has not either.
    assert "face-down" in road_class(player, 2)
    assert "empty" in event_class(player)
    assert not player.get_by_role("button", name="Step").is_disabled()
    assert player.locator(".tutor-blocked-reason").count() == 0
    show_board(player)
    screenshot(page, "widgets-02-after-the-move-road-ahead-still-face-down")

    seen_face_up = seen_event = False
    for n in range(1, 6):
        with stage(page, f"Step {n}", CLICK_TIMEOUT):
            player.get_by_role("button", name="Step").click()
            text = wait_for_change(page, lambda: explanation_of(player), text, f"Step {n}")
        face_up = "face-up" in road_class(player, 2)
        event_drawn = "empty" not in event_class(player)
        if "turned face up" in text:
            seen_face_up = True
            show_board(player)
            screenshot(page, "widgets-03-the-step-that-turns-the-road-up")
        if "draws the event" in text:
            seen_event = True
            show_board(player)
            screenshot(page, "widgets-04-the-step-that-draws-the-event")
        # The board shows exactly what the words said so far.
        assert face_up == seen_face_up, (n, text)
        assert event_drawn == seen_event, (n, text)
    assert seen_face_up and seen_event

    # Cards show what they do on their faces, without hovering.
    cards = player.locator(".tutor-cards")
    assert cards.is_visible()
    assert cards.locator(".tutor-card").count() >= 7
    cards.scroll_into_view_if_needed()
    screenshot(page, "widgets-05-cards-on-the-table")


def test_the_what_if_explorer_is_readable_and_edits_one_card(page: Any, lab: Server) -> None:
    panel = open_notebook(page, lab, WHAT_IF)
    run_all_cells(page, panel, WHAT_IF)
    with stage(page, "the explorer with both panes appears", OPEN_TIMEOUT):
        pane_a = panel.locator(".tutor-pane-a").last
        pane_b = panel.locator(".tutor-pane-b").last
        pane_b.locator(".tutor-picture svg").wait_for(state="visible")

    # Each board is drawn wide enough to read: one above the other.
    board_a = box(pane_a.locator(".tutor-picture svg"))
    board_b = box(pane_b.locator(".tutor-picture svg"))
    assert board_a["width"] >= MIN_BOARD_WIDTH and board_b["width"] >= MIN_BOARD_WIDTH, (
        board_a,
        board_b,
    )
    assert board_b["y"] >= board_a["y"] + board_a["height"], "the panes are not stacked"
    pane_b.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "widgets-06-what-if-panes-stacked")

    # Compare: the rows are in words, none an engine name.
    explorer = panel.locator(".widget-vbox:has(.tutor-pane-a)").filter(
        has=page.get_by_role("button", name="Compare")
    )
    with stage(page, "Compare", CLICK_TIMEOUT):
        explorer.last.get_by_role("button", name="Compare").click()
        table = panel.locator(".tutor-comparison").last
        table.wait_for(state="visible")
    rows = table.locator("tbody tr").all_inner_texts()
    assert rows and any("Jack · wounds" in row for row in rows), rows
    for row in rows:
        assert not ENGINE_WORDS.search(row), row
    table.scroll_into_view_if_needed()
    screenshot(page, "widgets-07-compare-rows")

    # The hand editor: add one Medicine, then remove one card; the rest stays.
    hand = panel.locator(".tutor-card-list").first
    hand.scroll_into_view_if_needed()
    names = hand.locator(".tutor-card-name")
    start = names.all_inner_texts()
    assert len(start) == 5, start
    picker = hand.locator("select")
    medicine = next(o for o in picker.locator("option").all_inner_texts() if o.startswith("Medic"))
    with stage(page, "add a second Medicine", CLICK_TIMEOUT):
        picker.select_option(label=medicine)
        hand.get_by_role("button", name="Add").click()
        wait_for_change(page, lambda: str(names.count()), "5", "the hand after Add")
    after_add = names.all_inner_texts()
    assert sorted(after_add) == sorted([*start, next(n for n in start if "Medicine" in n)])
    screenshot(page, "widgets-08-hand-editor-after-add")
    removed = after_add[0]
    with stage(page, "remove one card", CLICK_TIMEOUT):
        hand.locator(".tutor-remove-card").first.click()
        wait_for_change(page, lambda: str(names.count()), "6", "the hand after Remove")
    after_remove = names.all_inner_texts()
    expected = list(after_add)
    expected.remove(removed)
    assert sorted(after_remove) == sorted(expected)
    screenshot(page, "widgets-09-hand-editor-after-remove")
