"""Scenario tests for movement (me.4.x) and the movement table's rows (me.6.x).

Why this file exists: a Mentis move is more than a step: only the top tile moves, it may
carry tiles and drop them from the bottom on the way (or collect them, ruling
``pick_up``), no square may hold more than three tiles at any moment, Hills and enemy
tiles are walls, and each kind has its own row of the table.  Default table (ruling
``tile_table``): Spear 1 square, Trenchman 2 straight, Noble 1-3 along any path.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from games.mentis.mentis_helpers import cited, move, moves_from, position, tiles
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tutor
from tutor.core.rng import Rng
from tutor.games.mentis.engine.board import NEIGHBOURS, NEIGHBOURS8, WOLF, square_name
from tutor.games.mentis.engine.movement import Move, move_problem, result_key
from tutor.games.mentis.engine.state import MentisState


@pytest.mark.rule("me.4.1")
@pytest.mark.rule("me.6.2")
def test_the_spear_steps_one_square_orthogonally() -> None:
    state = position({"c3": "blue spear"})
    assert moves_from(state, "c3") == {"b3", "d3", "c4", "c2"}
    diagonal = state.check(move(state, "c3", ["d4"], [1]))
    assert not diagonal and diagonal.rule == "me.4.1"
    entries = state.apply(move(state, "c3", ["c4"], [1]))
    assert cited(entries) == ["me.6.2"]
    assert tiles(state, "c4") == ["Spear"] and tiles(state, "c3") == []


@pytest.mark.rule("me.4.2")
def test_no_tile_but_the_king_enters_or_crosses_a_hill() -> None:
    state = position({"b2": "blue noble"})
    reach = moves_from(state, "b2")
    assert not reach & {"c1", "d1", "e1"}
    assert "b1" in reach and "c2" in reach
    verdict = state.check(move(state, "b2", ["b1", "c1"], [1, 1]))
    assert not verdict and verdict.rule == "me.4.2"


@pytest.mark.rule("me.6.1")
def test_the_king_steps_only_within_its_own_hill() -> None:
    state = position({})
    assert moves_from(state, "d1") == {"c1", "e1"}
    verdict = state.check(move(state, "d1", ["d2"], [1]))
    assert not verdict and verdict.rule == "me.6.1"


@pytest.mark.rule("me.4.3")
@pytest.mark.rule("me.6.3")
def test_the_trenchman_moves_exactly_two_straight_and_never_over_an_enemy() -> None:
    state = position({"c3": "blue trenchman", "a3": "red spear"})
    assert moves_from(state, "c3") == {"c5", "e3"}  # a3 is the enemy's; c1 is the Hill
    over = position({"c3": "blue trenchman", "c4": "red noble"})
    verdict = over.check(move(over, "c3", ["c4", "c5"], [1, 1]))
    assert not verdict and verdict.rule == "me.4.3"
    short = state.check(move(state, "c3", ["d3"], [1]))
    assert not short and short.rule == "me.6.3"


@pytest.mark.rule("me.6.3")
def test_house_rule_lets_the_straight_mover_stop_after_one_square() -> None:
    state = position({"c3": "blue trenchman"}, rulings={"straight_move": "one_or_two"})
    assert moves_from(state, "c3") == {"b3", "a3", "d3", "e3", "c4", "c5", "c2"}
    # One square from the edge, the one-square step toward it is still offered.
    edge = position({"b3": "blue trenchman"}, rulings={"straight_move": "one_or_two"})
    assert moves_from(edge, "b3") == {"a3", "c3", "d3", "b4", "b5", "b2", "b1"}


@pytest.mark.rule("me.6.4")
def test_the_noble_roams_up_to_three_squares_along_any_path() -> None:
    state = position({"a4": "blue noble"})
    reach = moves_from(state, "a4")
    assert {"a5", "b5", "c5", "b6", "a7", "d4", "b2"} <= reach
    assert "a4" not in reach and "e4" not in reach  # four squares away
    verdict = state.check(move(state, "a4", ["a5", "a6", "a7", "b7"], [1, 1, 1, 1]))
    assert not verdict and verdict.rule == "me.6.4"


@pytest.mark.rule("me.6.4")
def test_the_noble_may_come_back_only_if_it_left_a_tile_on_the_way() -> None:
    state = position({"c3": "blue spear noble"})
    back = state.check(move(state, "c3", ["c4", "c3"], [1, 1]))
    assert not back and back.rule == "me.6.4"
    entries = state.apply(move(state, "c3", ["c4", "c3"], [2, 1]))
    assert tiles(state, "c4") == ["Spear"] and tiles(state, "c3") == ["Noble"]
    assert "me.4.6" in cited(entries)


@pytest.mark.rule("me.4.4")
@pytest.mark.rule("me.4.6")
def test_the_top_tile_carries_tiles_and_drops_them_from_the_bottom() -> None:
    state = position({"c3": "blue spear noble trenchman"})
    entries = state.apply(move(state, "c3", ["c4", "c5"], [3, 2]))
    assert tiles(state, "c3") == []
    assert tiles(state, "c4") == ["Spear"]
    assert tiles(state, "c5") == ["Noble", "Trenchman"]
    assert cited(entries) == ["me.6.3", "me.4.4", "me.4.6"]
    assert "1 on c4" in entries[-1].text


@pytest.mark.rule("me.4.4")
def test_tiles_under_the_top_cannot_move_by_themselves() -> None:
    state = position({"c3": "blue spear noble"})
    origins = {a.args[0] for a in state.legal_actions() if a.kind == "move"}
    from tutor.games.mentis.engine.board import square_of

    assert square_of("c3") in origins
    # Every move from c3 is the Noble's (the top tile): a Spear step to d3 alone is not.
    assert "Move the Spear" not in " ".join(a.label for a in state.legal_actions())
    leaving_two = state.check(move(state, "c3", ["d3"], [3]))
    assert not leaving_two and leaving_two.rule == "me.4.4"


@pytest.mark.rule("me.4.5")
def test_no_square_ever_holds_more_than_three_tiles_during_or_after_a_move() -> None:
    state = position({"a3": "blue noble", "b3": "blue spear trenchman trenchman"})
    through = state.check(move(state, "a3", ["b3", "c3"], [1, 1]))
    assert not through and through.rule == "me.4.5"
    onto = position({"a3": "blue spear noble", "a4": "blue spear spear"})
    verdict = onto.check(move(onto, "a3", ["a4"], [2]))
    assert not verdict and verdict.rule == "me.4.5"
    entries = onto.apply(move(onto, "a3", ["a4"], [1]))  # one tile on top makes three
    assert tiles(onto, "a4") == ["Spear", "Spear", "Noble"]
    assert cited(entries)[-1] == "me.4.5"


@pytest.mark.rule("me.4.6")
def test_a_moving_tile_can_collect_own_tiles_it_passes_over() -> None:
    state = position({"a3": "blue noble", "b3": "blue spear"})
    entries = state.apply(move(state, "a3", ["b3", "c3"], [1, 2]))
    assert tiles(state, "b3") == [] and tiles(state, "c3") == ["Spear", "Noble"]
    assert "takes some along" in entries[-1].text
    strict = position({"a3": "blue noble", "b3": "blue spear"}, rulings={"pick_up": "drop_only"})
    verdict = strict.check(move(strict, "a3", ["b3", "c3"], [1, 2]))
    assert not verdict and verdict.rule == "me.4.6"


def test_another_path_to_the_same_result_is_the_same_move() -> None:
    state = position({"a4": "blue noble"})
    offered = [a for a in state.legal_actions() if a.label.endswith("→b5")]
    assert [a.label for a in offered] == ["Move the Noble a4→b4→b5"]  # offered once
    other = move(state, "a4", ["a5", "b5"], [1, 1])  # the same result by another way
    assert state.check(other)
    state.apply(other)
    assert tiles(state, "b5") == ["Noble"]
    assert state.trace[-1].text.endswith("a4→b4→b5.")


# The move generator (movement.tile_moves) searches on packed stacks; the rules it must
# agree with are the ones a player's own move is checked by (move_problem, result_key).
def every_move_by_brute_force(state: MentisState, origin: int) -> dict[Any, Move]:
    """Each result the tile on ``origin`` can reach, with the shortest, smallest move to it."""
    p = state.to_move
    steps = NEIGHBOURS8 if state.stacks[origin][-1] == WOLF else NEIGHBOURS
    best: dict[Any, Move] = {}
    paths: list[tuple[int, ...]] = [(n,) for n in steps[origin]]
    for _ in range(3):
        for path in paths:
            for takes in itertools.product((1, 2, 3), repeat=len(path)):
                args: Move = (origin, path, takes)
                if move_problem(state, p, args)[0]:
                    continue
                key = result_key(state, args)
                if key not in best or (len(path), args) < (len(best[key][1]), best[key]):
                    best[key] = args
        paths = [(*path, n) for path in paths for n in steps[path[-1]]]
    return best


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    rounds=st.integers(2, 40),
    rulings=st.sampled_from(
        [
            {},
            {"pick_up": "drop_only"},
            {"straight_move": "one_or_two"},
            {"tile_table": "noble_trenchman_spear"},
        ]
    ),
)
def test_the_listed_moves_are_every_result_once_by_its_shortest_path(
    seed: int, rounds: int, rulings: dict[str, str]
) -> None:
    state = tutor.load_game("mentis", modules=["wolf"], rulings=rulings).new_state(seed=seed)
    state.play_out(Rng(seed), max_turns=rounds)
    assume(state.phase == "turn")
    p = state.to_move
    for origin in range(49):
        if state.owner[origin] == p:
            listed = [
                a.args for a in state.legal_actions() if a.kind == "move" and a.args[0] == origin
            ]
            expected = every_move_by_brute_force(state, origin)
            assert listed == sorted(expected.values()), square_name(origin)


@pytest.mark.rule("me.4.2")
def test_no_tile_passes_across_a_hill_square_on_its_way() -> None:
    # The Noble on b1 could reach c2 through c1, but c1 is Blue's Hill: only around it.
    state = position({"b1": "blue noble"})
    across = state.check(move(state, "b1", ["c1", "c2"], [1, 1]))
    assert not across and across.rule == "me.4.2"
    assert [a.label for a in state.legal_actions() if a.label.endswith("→c2")] == [
        "Move the Noble b1→b2→c2"
    ]
    # The enemy Hill is closed too: a Trenchman on b7 cannot go two squares right.
    red_hill = position({"b7": "blue trenchman"}, hands={"blue": {}, "red": {}})
    assert moves_from(red_hill, "b7") == {"b5"}
    verdict = red_hill.check(move(red_hill, "b7", ["c7", "d7"], [1, 1]))
    assert not verdict and verdict.rule == "me.4.2"


@pytest.mark.rule("me.4.3")
def test_an_any_path_mover_goes_round_an_enemy_tile_never_over_it() -> None:
    state = position({"c3": "blue noble", "c4": "red trenchman"})
    over = state.check(move(state, "c3", ["c4", "c5"], [1, 1]))
    assert not over and over.rule == "me.4.3"
    onto = state.check(move(state, "c3", ["c4"], [1]))
    assert not onto and onto.rule == "me.4.3"
    reach = moves_from(state, "c3")
    assert "b4" in reach and "d4" in reach  # round the Trenchman's sides
    assert "c4" not in reach and "c5" not in reach  # c5 is four squares round it


@pytest.mark.rule("me.4.5")
@pytest.mark.rule("me.4.6")
def test_a_pile_too_tall_to_pass_drops_tiles_before_it_reaches_the_stack() -> None:
    # Three tiles cannot cross a square holding one: 4 would stand there on the way.
    state = position({"a3": "blue spear trenchman noble", "b3": "blue spear"})
    verdict = state.check(move(state, "a3", ["b3", "c3"], [3, 3]))
    assert not verdict and verdict.rule == "me.4.5"
    # Leaving one tile behind on a3 first makes the pile short enough to pass.
    entries = state.apply(move(state, "a3", ["b3", "c3"], [2, 2]))
    assert tiles(state, "a3") == ["Spear"]
    assert tiles(state, "b3") == ["Spear"]
    assert tiles(state, "c3") == ["Trenchman", "Noble"]
    assert "1 left on a3" in next(e.text for e in entries if e.rule == "me.4.6")
