"""Scenario tests for how a game ends without a King taken: repetition, agreement, cap.

Why this file exists: draws are decided by the history of positions (me.7.2), by two
actions (an offer and its answer, me.7.3, ruling ``draw_offer``) or by a house rule
(me.7.4, ruling ``move_cap``); each must end the game with the right outcome.
"""

from __future__ import annotations

import pytest
from games.mentis.mentis_helpers import cited, labels, position

import tutor


@pytest.mark.rule("me.7.2")
def test_the_third_time_the_same_position_comes_round_is_a_draw() -> None:
    state = tutor.load_game("mentis").new_state(seed=0)
    shuffle = [
        "Move the King d1→c1",
        "Move the King d7→c7",
        "Move the King c1→d1",
        "Move the King c7→d7",
    ]
    for label in shuffle:
        state.apply(state.action_by_label(label))
    assert not state.is_terminal()  # the start position, for the second time
    for label in shuffle[:-1]:
        state.apply(state.action_by_label(label))
    entries = state.apply(state.action_by_label(shuffle[-1]))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "repetition" and outcome.tie
    assert cited(entries)[-2:] == ["me.7.2", "me.7.2"]


@pytest.mark.rule("me.7.3")
def test_a_draw_is_offered_and_accepted_or_declined() -> None:
    state = position({}, rulings={"draw_offer": "any_time"})
    state.apply(state.action_by_label("Offer a draw"))
    assert state.decision.player == 1 and labels(state) == ["Accept the draw", "Decline the draw"]
    state.apply(state.action_by_label("Decline the draw"))
    assert state.decision.player == 0 and "Offer a draw" not in labels(state)
    state.apply(state.action_by_label("Move the King d1→c1"))
    state.apply(state.action_by_label("Offer a draw"))
    entries = state.apply(state.action_by_label("Accept the draw"))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "agreement" and outcome.tied == (0, 1)
    assert cited(entries) == ["me.7.3", "me.7.3"]


@pytest.mark.rule("me.7.3")
def test_by_default_a_draw_may_be_offered_from_round_30() -> None:
    early = position({})
    assert "Offer a draw" not in labels(early)
    from tutor.core.types import Action

    verdict = early.check(Action(0, "offer_draw", ()))
    assert not verdict and verdict.rule == "me.7.3" and "round 30" in verdict.reason
    game = tutor.load_game("mentis")
    late = game.new_state(seed=0)
    game.apply_setup(late, {"turn": 30})
    assert "Offer a draw" in labels(late)


@pytest.mark.rule("me.7.4")
def test_house_rule_move_cap_draws_a_long_game() -> None:
    game = tutor.load_game("mentis", rulings={"move_cap": "after_30_rounds"})
    state = game.new_state(seed=0)
    game.apply_setup(state, {"turn": 30, "to_move": "red"})
    entries = state.apply(state.action_by_label("Move the King d7→c7"))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "move_cap"
    assert cited(entries)[-2:] == ["me.7.4", "me.7.4"]
    plain_game = tutor.load_game("mentis")
    plain = plain_game.new_state(seed=0)
    plain_game.apply_setup(plain, {"turn": 30, "to_move": "red"})
    plain.apply(plain.action_by_label("Move the King d7→c7"))
    assert not plain.is_terminal()  # without the house rule the game goes on
