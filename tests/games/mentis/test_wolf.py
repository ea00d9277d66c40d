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


@pytest.mark.rule("me.8.2")
def test_the_wolf_goes_down_alone_and_nothing_goes_on_it() -> None:
    # Red's Noble on c3 stands beside c2: a Spear may not go there, the Wolf may.
    state = position({"c3": "red noble"}, **WOLF)
    entries = state.apply(deploy(state, "c2", "wolf"))
    assert [e.rule for e in entries] == ["me.3.1", "me.8.2"]
    assert "may be deployed next to enemy tiles" in entries[-1].text
    assert state.to_move == 1 and state.phase == "turn"  # the deploy ended with the Wolf
    # No tile may later be deployed onto the Wolf.
    onto = position({"e2": "blue wolf"}, **WOLF)
    verdict = onto.check(deploy(onto, "e2", "spear"))
    assert not verdict and verdict.rule == "me.8.4"
    assert not [label for label in labels(onto, "deploy") if label.endswith("on e2")]
    # Nor may the Wolf be the second tile of a deploy.
    pair = position({}, **WOLF)
    pair.apply(deploy(pair, "d2", "spear"))
    assert "Also deploy the Wolf on d2" not in labels(pair)
    verdict = pair.check(deploy(pair, "d2", "wolf"))
    assert not verdict and verdict.rule == "me.8.2"


@pytest.mark.rule("me.8.3")
@pytest.mark.rule("me.4.2")
def test_the_wolf_never_steps_onto_a_hill_even_diagonally() -> None:
    state = position({"b2": "blue wolf"}, **WOLF)
    assert moves_from(state, "b2") == {"a1", "b1", "a2", "c2", "a3", "b3", "c3"}
    verdict = state.check(move(state, "b2", ["c1"], [1]))
    assert not verdict and verdict.rule == "me.4.2"


@pytest.mark.rule("me.8.5")
@pytest.mark.rule("me.8.6")
def test_the_wolf_bites_every_kind_the_king_included() -> None:
    for kind in ("spear", "trenchman", "noble"):
        state = position({"c4": "blue wolf", "b5": f"red {kind}"}, **WOLF)
        entries = state.apply(capture(state, "c4", "b5"))
        assert [e.rule for e in entries] == ["me.5.1", "me.8.5", "me.8.6", "me.5.2"]
        assert tiles(state, "b5") == [] and tiles(state, "c4") == ["Wolf"]
    king = position({"c6": "blue wolf"}, **WOLF)
    king.apply(capture(king, "c6", "d7"))  # diagonally onto the Hill: the King falls
    outcome = king.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "king_captured"


@pytest.mark.rule("me.8.6")
def test_every_kind_captures_the_wolf_at_its_own_range() -> None:
    # Default table: Spear range 3, Trenchman range 2, Noble range 1, King range 1.
    for attacker, square in (("spear", "c2"), ("trenchman", "c3"), ("noble", "c4")):
        state = position({square: f"blue {attacker}", "c5": "red wolf"}, **WOLF)
        entries = state.apply(capture(state, square, "c5"))
        assert "me.8.6" in [e.rule for e in entries], attacker
        assert tiles(state, "c5") == [] and state.lost[1][4] == 1
    beside = position({"d2": "red wolf"}, **WOLF)
    assert beside.check(capture(beside, "d1", "d2"))  # the King takes the Wolf too
    # Another Wolf takes it as well, diagonally.
    wolves = position({"c4": "blue wolf", "d5": "red wolf"}, **WOLF)
    assert wolves.check(capture(wolves, "c4", "d5"))
