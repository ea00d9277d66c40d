"""Scenario tests for capture (me.5.x), the tiles' ranges and winning (me.7.1).

Why this file exists: captures are ranged, exact, directional, stop at immune blockers
and take only a stack's top tile; the King's capture ends the game.  Default rulings:
Spear range 3, Trenchman range 2, Noble range 1; Trenchmen are immune to Spears,
Spears to Nobles, Nobles to Trenchmen.
"""

from __future__ import annotations

import pytest
from games.mentis.mentis_helpers import capture, cited, position, tiles

from tutor.core.types import Rejection


@pytest.mark.rule("me.5.1")
@pytest.mark.rule("me.5.2")
def test_the_spear_captures_three_squares_away_and_stays_put() -> None:
    state = position({"c3": "blue spear", "c6": "red noble"})
    entries = state.apply(capture(state, "c3", "c6"))
    assert tiles(state, "c3") == ["Spear"] and tiles(state, "c6") == []
    assert state.lost[1] == [0, 0, 0, 1, 0]
    assert cited(entries) == ["me.5.1", "me.5.4", "me.5.2"]
    assert state.view(0)["players"][1]["lost"] == {"Noble": 1}


@pytest.mark.rule("me.5.1")
def test_captures_go_along_one_row_or_column() -> None:
    state = position({"c3": "blue noble", "d4": "red spear"})
    verdict = state.check(capture(state, "c3", "d4"))
    assert not verdict and verdict.rule == "me.5.1"


@pytest.mark.rule("me.5.3")
def test_only_the_top_tile_of_a_stack_is_taken() -> None:
    state = position({"c3": "blue spear", "c6": "red trenchman noble"})
    entries = state.apply(capture(state, "c3", "c6"))
    assert tiles(state, "c6") == ["Trenchman"]
    assert state.owner[5 * 7 + 2] == 1
    assert cited(entries)[-1] == "me.5.3"
    assert "the Trenchman under it is now on top" in entries[-1].text


@pytest.mark.rule("me.5.4")
def test_the_range_is_exact_no_more_no_less() -> None:
    near = position({"c3": "blue spear", "c5": "red noble"})
    verdict = near.check(capture(near, "c3", "c5"))
    assert not verdict and verdict.rule == "me.5.4" and verdict.code == Rejection.FORBIDDEN
    assert "exactly 3" in verdict.reason
    state = position({"c3": "blue trenchman", "c5": "red spear"})
    assert state.check(capture(state, "c3", "c5"))  # the Trenchman's range is 2


@pytest.mark.rule("me.5.5")
def test_a_tile_immune_to_the_attacker_cannot_be_taken_by_it() -> None:
    state = position({"c3": "blue spear", "c6": "red trenchman"})
    verdict = state.check(capture(state, "c3", "c6"))
    assert not verdict and verdict.rule == "me.5.5"
    assert "Trenchman cannot be captured by the Spear" in verdict.reason
    other = position(
        {"c3": "blue spear", "c6": "red trenchman"},
        rulings={"immunity": "spears_resist_trenchmen"},
    )
    assert other.check(capture(other, "c3", "c6"))


@pytest.mark.rule("me.5.6")
def test_an_immune_enemy_tile_on_the_line_blocks_the_capture() -> None:
    state = position({"c3": "blue spear", "c4": "red trenchman", "c6": "red noble"})
    verdict = state.check(capture(state, "c3", "c6"))
    assert not verdict and verdict.rule == "me.5.6"
    assert "Trenchman on c4 blocks" in verdict.reason
    # A Noble in between (not immune to Spears) and the attacker's own tiles do not block.
    open_line = position(
        {"c3": "blue spear", "c4": "red noble", "c5": "blue noble", "c6": "red noble"}
    )
    assert open_line.check(capture(open_line, "c3", "c6"))
    # A covered Trenchman does not block either: only the top tile stands in the line.
    covered = position({"c3": "blue spear", "c4": "red trenchman noble", "c6": "red noble"})
    assert covered.check(capture(covered, "c3", "c6"))


@pytest.mark.rule("me.7.1")
@pytest.mark.rule("me.6.1")
def test_capturing_the_king_wins_at_once() -> None:
    state = position({"d6": "blue noble"})
    entries = state.apply(capture(state, "d6", "d7"))
    outcome = state.outcome()
    assert state.is_terminal() and outcome is not None
    assert (
        outcome.winners == (0,) and outcome.reason == "king_captured" and outcome.rule == "me.7.1"
    )
    assert state.returns() == [1.0, -1.0]
    assert cited(entries)[-1] == "me.7.1"
    # The King defends himself at range 1.
    guard = position({"d2": "red noble"}, to_move="blue")
    assert guard.check(capture(guard, "d1", "d2"))


@pytest.mark.rule("me.5.1")
def test_a_tile_under_the_top_of_a_stack_cannot_capture() -> None:
    # The Spear at the bottom of c3 would reach c6 at range 3; the Noble on top cannot.
    state = position({"c3": "blue spear noble", "c6": "red noble"})
    verdict = state.check(capture(state, "c3", "c6"))
    assert not verdict and verdict.rule == "me.5.4"
    assert not [a for a in state.legal_actions() if a.kind == "capture"]
    # Alone on top, the same Spear captures.
    alone = position({"c3": "blue noble spear", "c6": "red noble"})
    assert alone.check(capture(alone, "c3", "c6"))


@pytest.mark.rule("me.5.4")
def test_a_target_beyond_the_range_is_out_of_reach_too() -> None:
    state = position({"c3": "blue noble", "c5": "red spear", "e3": "red trenchman"})
    for target in ("c5", "e3"):  # two squares away; the Noble's range is 1
        verdict = state.check(capture(state, "c3", target))
        assert not verdict and verdict.rule == "me.5.4", target
    spear = position({"a1": "blue spear", "a6": "red noble"})
    verdict = spear.check(capture(spear, "a1", "a6"))  # five squares: the Spear's is 3
    assert not verdict and "exactly 3" in verdict.reason


@pytest.mark.rule("me.5.5")
@pytest.mark.rule("me.6.1")
def test_the_king_is_immune_to_nothing() -> None:
    # Each kind takes the red King from its own range; captures may cross the Hill.
    for attacker, square in (("spear", "a7"), ("trenchman", "d5"), ("noble", "d6")):
        state = position({square: f"blue {attacker}"})
        assert state.check(capture(state, square, "d7")), attacker


@pytest.mark.rule("me.5.6")
def test_a_blocker_must_stand_between_not_beyond() -> None:
    # The red Trenchman on e6 stands behind the target: the line to d6 is open.
    state = position({"a6": "blue spear", "d6": "red noble", "e6": "red trenchman"})
    assert state.check(capture(state, "a6", "d6"))
    # The attacker's own Trenchman between does not block either (ruling blockers).
    own = position({"a6": "blue spear", "b6": "blue trenchman", "d6": "red noble"})
    assert own.check(capture(own, "a6", "d6"))
