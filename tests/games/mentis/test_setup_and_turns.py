"""Scenario tests for setting up Mentis and the shape of a turn (me.1.x, me.2.x).

Why this file exists: the board, the Hills, the starting position and "one action a
turn" are what every other rule stands on; these tests check them on a fresh game and
through the actions a player is offered.
"""

from __future__ import annotations

import pytest
from games.mentis.mentis_helpers import cited, labels, position

import tutor
from tutor.core.errors import ScenarioError
from tutor.games.mentis.engine.board import DEPLOY_SQUARES, HILLS, square_name, square_of


@pytest.mark.rule("me.1.1")
def test_the_board_is_seven_by_seven_with_a_hill_of_three_on_each_home_row() -> None:
    state = tutor.load_game("mentis").new_state(seed=0)
    assert len(state.stacks) == 49
    assert [square_name(q) for q in HILLS[0]] == ["c1", "d1", "e1"]
    assert [square_name(q) for q in HILLS[1]] == ["c7", "d7", "e7"]
    assert state.trace[0].rule == "me.1.1"


@pytest.mark.rule("me.1.2")
@pytest.mark.rule("me.1.3")
def test_kings_start_on_the_middle_of_their_hill_and_nine_tiles_wait_in_hand() -> None:
    state = tutor.load_game("mentis").new_state(seed=0)
    view = state.view(None)
    on_board = {e["square"]: (e["owner"], e["tiles"]) for e in view["board"]}
    assert on_board == {"d1": ("Blue", ["King"]), "d7": ("Red", ["King"])}
    for p in range(2):
        assert state.hands[p] == [0, 3, 3, 3, 0]
    assert "me.1.2" in cited(state.trace) and "me.1.3" in cited(state.trace)
    # Red does not see Blue's hand, only how many tiles it holds.
    red_view = state.view(1)
    assert red_view["players"][0]["hand"] is None
    assert red_view["players"][0]["hand_size"] == 9


@pytest.mark.rule("me.1.4")
def test_blue_moves_first_then_the_players_alternate() -> None:
    state = tutor.load_game("mentis").new_state(seed=0)
    assert state.decision.player == 0
    state.apply(state.action_by_label("Move the King d1→c1"))
    assert state.decision.player == 1
    assert state.trace[-1].rule == "me.6.1"


@pytest.mark.rule("me.2.1")
def test_a_turn_is_one_deploy_move_or_capture() -> None:
    state = position({"c3": "blue spear", "c6": "red noble"})
    kinds = {a.kind for a in state.legal_actions()}
    assert kinds == {"capture", "deploy", "move"}
    state.apply(state.action_by_label("Move the Spear c3→b3"))
    assert state.to_move == 1  # the move was the whole turn


@pytest.mark.rule("me.2.2")
def test_a_square_holds_one_colour_and_at_most_three_tiles() -> None:
    state = position({"c3": "blue spear trenchman noble"})
    game = state.game
    assert game.check_invariants(state) == []
    c3 = square_of("c3")
    state.stacks[c3].append(1)  # a fourth tile on c3
    state.known[c3].append(3)
    state.hands[0][1] -= 1
    assert any("c3 holds 4 tiles" in p for p in game.check_invariants(state))


@pytest.mark.rule("me.1.2")
def test_a_scenario_cannot_put_more_tiles_of_a_kind_on_the_board_than_a_player_owns() -> None:
    with pytest.raises(ScenarioError) as raised:
        position({"b3": "blue spear spear spear", "a4": "blue spear"})  # four Spears
    assert raised.value.where == "setup.board"
    assert "Blue would have more than 3 Spear tile(s) in all" in str(raised.value)


@pytest.mark.rule("me.2.3")
def test_a_stack_shows_its_top_tile_and_height_and_hides_the_rest() -> None:
    state = position({"c3": "red spear noble"}, memory="tops")
    entry = next(e for e in state.view(0)["board"] if e["square"] == "c3")
    assert entry == {
        "square": "c3",
        "owner": "Red",
        "height": 2,
        "top": "Noble",
        "tiles": [None, "Noble"],
    }
    # Red knows their own stack; the tutor knows everything.
    assert next(e for e in state.view(1)["board"] if e["square"] == "c3")["tiles"] == [
        "Spear",
        "Noble",
    ]


def test_the_deploy_squares_touch_the_hill_orthogonally() -> None:
    assert [square_name(q) for q in DEPLOY_SQUARES[0]] == ["b1", "f1", "c2", "d2", "e2"]
    assert [square_name(q) for q in DEPLOY_SQUARES[1]] == ["c6", "d6", "e6", "b7", "f7"]
    state = tutor.load_game("mentis").new_state(seed=0)
    squares = {label.rsplit(" ", 1)[1] for label in labels(state, "deploy")}
    assert squares == {"b1", "f1", "c2", "d2", "e2"}
