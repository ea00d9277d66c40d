"""Scenario tests for the Wolf expansion (me.8.x), played with ``modules=["wolf"]``.

Why this file exists: the Wolf breaks several base rules at once (deploys beside
enemies, moves and bites diagonally, never stacks, blocks nothing, fears everything),
and each exception must hold without disturbing the base rules.
"""

from __future__ import annotations

import pytest
from games.mentis.mentis_helpers import capture, deploy, labels, move, moves_from, position, tiles

import tutor

WOLF = {"modules": ["wolf"]}


@pytest.mark.rule("me.8.1")
def test_each_hand_holds_a_wolf_with_the_expansion() -> None:
    state = tutor.load_game("mentis", **WOLF).new_state(seed=0)
    assert state.hands[0][4] == 1 and state.hands[1][4] == 1
    assert "me.8.1" in [e.rule for e in state.trace]
    assert tutor.load_game("mentis").new_state(seed=0).hands[0][4] == 0


@pytest.mark.rule("me.8.2")
def test_the_wolf_deploys_alone_even_next_to_an_enemy() -> None:
    state = position({"c3": "red noble"}, **WOLF)
    assert not state.check(deploy(state, "c2", "spear"))  # beside the red Noble
    state.apply(deploy(state, "c2", "wolf"))
    assert tiles(state, "c2") == ["Wolf"] and state.to_move == 1  # nothing goes on top
    stacked = position({"c2": "blue spear"}, **WOLF)
    verdict = stacked.check(deploy(stacked, "c2", "wolf"))
    assert not verdict and verdict.rule == "me.8.2"


@pytest.mark.rule("me.8.3")
def test_the_wolf_steps_one_square_in_any_of_eight_directions() -> None:
    state = position({"c4": "blue wolf"}, **WOLF)
    assert moves_from(state, "c4") == {"b3", "c3", "d3", "b4", "d4", "b5", "c5", "d5"}


@pytest.mark.rule("me.8.4")
def test_the_wolf_never_forms_part_of_a_stack() -> None:
    state = position({"c4": "blue wolf", "c5": "blue spear", "b3": "blue noble"}, **WOLF)
    assert "c5" not in moves_from(state, "c4")
    onto = state.check(move(state, "b3", ["b4", "c4"], [1, 1]))
    assert not onto and onto.rule == "me.8.4"
    assert not {"c4"} & moves_from(state, "b3")
    through = state.check(move(state, "b3", ["c3", "c4", "d4"], [1, 1, 1]))
    assert not through and through.rule == "me.8.4"


@pytest.mark.rule("me.8.5")
def test_the_wolf_bites_one_square_away_diagonals_included() -> None:
    state = position({"c4": "blue wolf", "d5": "red trenchman", "c6": "red spear"}, **WOLF)
    assert state.check(capture(state, "c4", "d5"))
    far = state.check(capture(state, "c4", "c6"))
    assert not far and far.rule == "me.8.5"


@pytest.mark.rule("me.8.6")
def test_the_wolf_blocks_nothing_and_anything_can_take_it() -> None:
    state = position({"c3": "blue spear", "c4": "red wolf", "c6": "red noble"}, **WOLF)
    assert state.check(capture(state, "c3", "c6"))  # the Wolf does not block
    bite = position({"c3": "blue trenchman", "c5": "red wolf"}, **WOLF)
    assert bite.check(capture(bite, "c3", "c5"))
    assert "Trenchman on c3 captures the Wolf on c5" in labels(bite, "capture")
