"""Scenario tests for deployment (me.3.x): where, how many, onto what, and what is shown.

Why this file exists: deploying is the only way tiles enter the board, and its limits
(next to the Hill, at most three, never above three high, never beside an enemy) and
its reveal (several tiles shown one at a time) are easy to get subtly wrong.
"""

from __future__ import annotations

import pytest
from games.mentis.mentis_helpers import cited, deploy, labels, position, tiles

from tutor.core.errors import IllegalActionError
from tutor.core.types import Rejection


@pytest.mark.rule("me.3.1")
def test_one_to_three_tiles_go_onto_one_square_next_to_the_hill() -> None:
    state = position({})
    state.apply(deploy(state, "d2", "trenchman"))
    assert state.phase == "deploying" and state.to_move == 0
    assert labels(state) == [
        "Also deploy a Spear on d2",
        "Also deploy a Trenchman on d2",
        "Also deploy a Noble on d2",
        "Stop deploying",
    ]
    state.apply(state.action_by_label("Also deploy a Noble on d2"))
    state.apply(state.action_by_label("Also deploy a Spear on d2"))
    # Three tiles: the deploy is over and Red is to move.
    assert state.to_move == 1 and state.phase == "turn"
    assert tiles(state, "d2") == ["Trenchman", "Noble", "Spear"]
    verdict = position({}).check(deploy(position({}), "d3", "spear"))
    assert not verdict and verdict.rule == "me.3.1"
    assert "not orthogonally next to your Hill" in verdict.reason


@pytest.mark.rule("me.3.1")
def test_stopping_after_one_tile_ends_the_turn() -> None:
    state = position({})
    state.apply(deploy(state, "b1", "spear"))
    entries = state.apply(state.action_by_label("Stop deploying"))
    assert state.to_move == 1
    assert cited(entries) == ["me.3.1"]


@pytest.mark.rule("me.3.2")
def test_each_further_tile_is_shown_to_the_opponent_as_it_goes_down() -> None:
    state = position({})
    state.apply(deploy(state, "c2", "spear"))
    entries = state.apply(state.action_by_label("Also deploy a Noble on c2"))
    assert cited(entries) == ["me.3.2"]
    assert "shows it to Red as it goes down: a Noble" in entries[0].text
    assert entries[0].visible_to is None  # everyone reads it
    # Under either memory Red has seen both tiles go down.
    assert next(e for e in state.view(1)["board"] if e["square"] == "c2")["tiles"] == [
        "Spear",
        "Noble",
    ]


@pytest.mark.rule("me.3.3")
def test_a_deploy_may_top_up_an_own_stack_but_never_above_three() -> None:
    state = position({"c2": "blue spear spear"})
    entries = state.apply(deploy(state, "c2", "noble"))
    assert cited(entries) == ["me.3.1", "me.3.3"]
    assert state.to_move == 1  # the stack is full: the deploy ends by itself
    again = position({"c2": "blue spear spear noble"})
    verdict = again.check(deploy(again, "c2", "trenchman"))
    assert not verdict and verdict.rule == "me.3.3"
    red = position({"c2": "red spear"}, to_move="blue")
    verdict = red.check(deploy(red, "c2", "noble"))
    assert not verdict and "enemy tile" in verdict.reason


@pytest.mark.rule("me.3.4")
def test_no_deploy_beside_an_enemy_tile() -> None:
    state = position({"c3": "red trenchman"})
    verdict = state.check(deploy(state, "c2", "spear"))
    assert not verdict and verdict.rule == "me.3.4"
    assert verdict.code == Rejection.FORBIDDEN
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply(deploy(state, "c2", "spear"))
    assert state.to_dict() == before
    assert state.check(deploy(state, "e2", "spear"))  # e2 has no enemy beside it


def test_a_tile_not_in_hand_cannot_be_deployed() -> None:
    state = position({}, hands={"blue": {"spear": 1}})
    verdict = state.check(deploy(state, "d2", "noble"))
    assert not verdict and verdict.code == Rejection.NOT_AVAILABLE
    assert "no Noble in hand" in verdict.reason


@pytest.mark.rule("me.3.4")
def test_only_an_enemy_directly_beside_the_chosen_square_forbids_it() -> None:
    # A red Noble on b2 touches b1 and c2 along a row or column; d2 only diagonally...
    state = position({"b2": "red noble"})
    for square in ("b1", "c2"):
        verdict = state.check(deploy(state, square, "spear"))
        assert not verdict and verdict.rule == "me.3.4", square
    for square in ("d2", "e2", "f1"):
        assert state.check(deploy(state, square, "spear")), square
    # ...and an enemy next to the Hill but not to the square does not matter either.
    beside_hill = position({"a1": "red spear"})
    assert not beside_hill.check(deploy(beside_hill, "b1", "spear"))
    assert beside_hill.check(deploy(beside_hill, "c2", "spear"))
    # Topping up an own stack is a deploy too: an enemy beside it forbids it.
    top_up = position({"c2": "blue spear", "c3": "red noble"})
    verdict = top_up.check(deploy(top_up, "c2", "trenchman"))
    assert not verdict and verdict.rule == "me.3.4"


@pytest.mark.rule("me.3.1")
@pytest.mark.rule("me.3.4")
def test_red_deploys_next_to_the_red_hill_under_the_same_limits() -> None:
    state = position({"d5": "blue spear"}, to_move="red")
    squares = {label.rsplit(" ", 1)[1] for label in labels(state, "deploy")}
    assert squares == {"b7", "f7", "c6", "e6"}  # d6 touches the blue Spear on d5
    for square, rule in (("d6", "me.3.4"), ("c7", "me.3.1"), ("d5", "me.3.1")):
        verdict = state.check(deploy(state, square, "noble"))
        assert not verdict and verdict.rule == rule, square
