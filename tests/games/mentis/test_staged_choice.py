"""The legal actions in steps: what acts (a tile, the hand, the draw offer), then how.

``state.sources()`` and ``state.actions_from(source)`` list the same actions as the flat
``legal_actions()``, grouped by what acts; the random player (``random_action``, and so
``play_out``, the ``random`` bot and the golden traces) draws a source, then one of its
actions.  The flat listing stays the tutor's, the CLI's and the saved sessions' API.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mentis_helpers import position

import tutor
from tutor.analysis.policies import make_policy
from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.mentis.analysis import tile_moves_shown
from tutor.games.mentis.engine.board import square_name, square_of
from tutor.games.mentis.engine.state import DEPLOY_SOURCE, DRAW_SOURCE, MentisState


def source_of(action: Action) -> int:
    """What acts in a flat legal action: the tile's square, the hand or the draw offer."""
    if action.kind in ("move", "capture"):
        return int(action.args[0])
    if action.kind in ("deploy", "end_deploy"):
        return DEPLOY_SOURCE
    return DRAW_SOURCE


def flat_grouped(state: MentisState) -> dict[int, list[Action]]:
    """The flat legal actions grouped by source, each group in the flat order."""
    groups: dict[int, list[Action]] = {}
    for action in state.legal_actions():
        groups.setdefault(source_of(action), []).append(action)
    return groups


def assert_staged_equals_flat(state: MentisState) -> None:
    groups = flat_grouped(state)
    assert state.sources() == sorted(groups)
    for source, actions in groups.items():
        assert state.actions_from(source) == actions, source
    for source in range(DRAW_SOURCE + 1):
        if source not in groups:
            assert state.actions_from(source) == []


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 140),
    options=st.sampled_from(
        [
            {},
            {"modules": ["wolf"]},
            {"rulings": {"straight_move": "one_or_two", "draw_offer": "any_time"}},
            {"rulings": {"pick_up": "drop_only", "tile_table": "noble_trenchman_spear"}},
            {"memory": "tops", "rulings": {"immunity": "spears_resist_trenchmen"}},
        ]
    ),
)
def test_the_staged_listing_is_the_flat_listing_grouped_by_what_acts(
    seed: int, steps: int, options: dict[str, Any]
) -> None:
    state = tutor.load_game("mentis", **options).new_state(seed=seed, tracing=False)
    rng = Rng(seed)
    for _ in range(steps):  # every phase is met: turns, deploys under way, draw offers
        assert_staged_equals_flat(state)
        if state.is_terminal():
            break
        state.apply_legal(state.random_action(rng))
    assert_staged_equals_flat(state)


def test_a_tile_that_cannot_move_or_capture_is_no_source() -> None:
    # Blue's Spear on b1 is walled in: the Hill on c1, Red's tiles on a1 and b2.
    state = position(
        {"b1": "blue spear", "a1": "red noble", "b2": "red noble", "b4": "red trenchman"}
    )
    stuck = square_of("b1")
    assert stuck not in state.sources()
    assert state.actions_from(stuck) == []
    assert [a for a in state.legal_actions() if a.args and a.args[0] == stuck] == []
    assert_staged_equals_flat(state)


def test_a_tile_that_can_only_capture_is_a_source_with_its_captures() -> None:
    # The same walls, and a Red Noble on b4: exactly the Spear's range of 3 away.
    state = position({"b1": "blue spear", "a1": "red noble", "b2": "red noble", "b4": "red noble"})
    spear = square_of("b1")
    assert spear in state.sources()
    labels = [a.label for a in state.actions_from(spear)]
    assert labels == ["Spear on b1 captures the Noble on b4"]
    assert_staged_equals_flat(state)


def test_the_random_choice_draws_a_source_then_one_of_its_actions() -> None:
    state = tutor.load_game("mentis").new_state(seed=4, tracing=False)
    for _ in range(12):
        state.apply_legal(state.random_action(Rng(state.steps)))
    sources = state.sources()
    assert len(sources) > 1 and DRAW_SOURCE not in sources
    by_hand = Rng(99)
    source = sources[by_hand.below(len(sources))]
    actions = state.actions_from(source)
    expected = actions[by_hand.below(len(actions))]
    assert state.random_action(Rng(99)) == expected


def test_play_out_and_the_random_bot_draw_the_staged_choice() -> None:
    game = tutor.load_game("mentis")
    fast = game.new_state(seed=7)
    fast.play_out(Rng(8))
    by_bot = game.new_state(seed=7)
    bot, rng = make_policy("mentis", "random"), Rng(8)
    while not by_bot.is_terminal():
        by_bot.apply_legal(bot(by_bot, by_bot.legal_actions(), rng))
    assert by_bot.to_dict() == fast.to_dict()
    assert fast.trace_for(None) == by_bot.trace_for(None)
    again = game.new_state(seed=7)
    again.play_out(Rng(8))
    assert again.to_dict() == fast.to_dict()


def random_steps(game: Any, last_round: int) -> Iterator[tuple[MentisState, Action]]:
    """Games 0-2 played by the random player to ``last_round``: each state after each
    action, with the action."""
    for seed in range(3):
        state = game.new_state(seed=seed, tracing=False)
        rng = Rng(seed)
        while not state.is_terminal() and state.turn <= last_round:
            action = state.random_action(rng)
            state.apply_legal(action)
            yield state, action


def test_random_games_use_every_kind_of_board_action() -> None:
    kinds = {action.kind for _, action in random_steps(tutor.load_game("mentis"), 100)}
    assert {"deploy", "end_deploy", "move", "capture"} <= kinds
    assert "offer_draw" not in kinds


def test_a_source_that_is_not_one_is_refused() -> None:
    state = tutor.load_game("mentis").new_state(seed=0)
    with pytest.raises(ValueError, match="not a source"):
        state.actions_from(DRAW_SOURCE + 1)
    with pytest.raises(ValueError, match="not a source"):
        state.actions_from(-1)


def test_the_chosen_tiles_highlighted_squares_are_where_its_moves_end() -> None:
    state = position({"c3": "blue noble", "e3": "blue trenchman spear", "c5": "red spear"})
    for square in ("c3", "e3"):
        ends = {
            a.args[1][-1]
            for a in state.legal_actions()
            if a.kind == "move" and a.args[0] == square_of(square)
        }
        shown = tile_moves_shown(state, square)
        assert shown and shown == sorted(square_name(q) for q in ends)


def test_the_random_player_answers_a_draw_offer_but_makes_none() -> None:
    # From round 30 a draw may be offered; the random player plays on the board instead,
    # yet when offered a draw it answers (accept or decline is its only source then).
    state = tutor.load_game("mentis").new_state(seed=2, tracing=False)
    rng = Rng(5)
    offers = 0
    while not state.is_terminal() and state.turn < state.game.offers_from + 20:
        sources = state.sources()
        action = state.random_action(rng)
        if DRAW_SOURCE in sources and len(sources) > 1:
            offers += 1
            assert action not in state.actions_from(DRAW_SOURCE), action.label
        state.apply_legal(action)
    assert offers > 0  # the offer was open and never taken
    answering = tutor.load_game("mentis").new_state(seed=2, tracing=False)
    while answering.turn < answering.game.offers_from:
        answering.apply_legal(answering.random_action(rng))
    offer = answering.actions_from(DRAW_SOURCE)[0]
    answering.apply_legal(offer)
    assert answering.sources() == [DRAW_SOURCE]
    assert answering.random_action(rng) in answering.actions_from(DRAW_SOURCE)


def test_a_king_alone_in_a_corner_of_his_hill_has_one_forced_step() -> None:
    # Blue has nothing in hand and only his King, on c1: the King moves only on his
    # Hill, so stepping to d1 is Blue's one legal action, found without a full listing.
    state = position({"d1": "", "c1": "blue king"}, hands={"blue": {}})
    assert state.sources() == [square_of("c1")]
    forced = state.forced_action()
    assert forced is not None and forced.label == "Move the King c1→d1"
    assert state.legal_actions() == [forced]
    # Red, with tiles in hand and a King that can step either way, has a choice.
    state.apply(forced)
    assert state.forced_action() is None and len(state.legal_actions()) > 1


def test_each_squares_code_follows_every_change_the_rules_make() -> None:
    # state.board (each square's stack and owner as one number, read by the move
    # search and the position key) is kept by the rules as they change a square.
    game = tutor.load_game("mentis", modules=["wolf"])
    kinds: set[str] = set()
    for state, action in random_steps(game, 40):
        kinds.add(action.kind)
        assert game.check_invariants(state) == [], state.steps
    assert {"deploy", "move", "capture"} <= kinds


def test_a_stack_changed_from_outside_the_rules_is_seen_after_board_changed() -> None:
    state = position({"c3": "blue spear trenchman"})
    c3 = square_of("c3")
    state.stacks[c3].pop()  # an editor takes the Trenchman off
    state.known[c3].pop()
    state.hands[0][2] += 1
    assert any("square codes disagree" in p for p in state.game.check_invariants(state))
    state.board_changed()
    assert state.game.check_invariants(state) == []
    assert state.position_key() == state.clone().position_key()
