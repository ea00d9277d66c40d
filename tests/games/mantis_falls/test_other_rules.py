"""Scenario tests for topic 19 of Mantis Falls: timing, hand limits, order and piles.

Why this file exists: topic 19 gathers the rules that hold the others together: a card
is processed completely before anything else happens (apart from choices its reveal
sets off, like Foresight's peek), nobody discards down to seven, the turn player decides
who goes first when two things are due at once, empty draw piles are rebuilt from their
discard piles, and witness-only effects check the real role card.  Each test sets up a
position on a fixed road, plays it, and checks the state and the rule ids the trace
cites.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import (
    chance,
    do,
    is_window,
    mf_state,
    pending_frame_kind,
    pending_pick,
    rules_cited,
    skip_to_main_play,
    window_moment,
)
from tables import JACK, JACK_SEVEN, JILL, JILL_SEVEN, foster_setup, main_play, names

from tutor.games.mantis_falls.state import MantisFallsState

# Positions on ROADS_WITH_BROKEN (both pieces start on Foster Lane, 4).
ELM, MAPLE = 1, 2  # Elm Street has a phone and green 1; Maple Avenue is next to it


# ---------------------------------------------------------------- mf.19.1
@pytest.mark.rule("mf.19.1")
def test_foresight_peeks_when_revealed_before_the_card_is_processed() -> None:
    # Foresight: when revealed, look at the top event (may bottom it); then draw a card.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Foresight"]},
            event_deck_top=["Drunk Brawler", "Hitman"],
            action_deck_top=["Coffee"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Foresight")
    entries = main_play(s, JILL)
    d = s.decision
    assert (d.player, d.rule, pending_pick(s)) == (JACK, "mf.19.1", "peek_keep")
    assert s.hands[JACK] == []  # the card's own effect (draw) has not happened yet
    peek = next(e for e in entries if e.rule == "mf.19.1")
    assert rules_cited(entries).index("mf.12.6") < entries.index(peek)
    assert peek.visible_to == frozenset({JACK}) and "Hitman" in peek.text
    assert s.view(JACK)["event_top"] == "Hitman" and s.view(JILL)["event_top"] is None

    entries = do(s, "peek", "bottom")
    assert s.event_top == [] and names_of_events(s, s.event_bottom) == ["Hitman"]
    assert rules_cited(entries)[0] == "mf.19.1"
    assert names(s, s.hands[JACK]) == ["Coffee"]  # now the card is processed


def names_of_events(s: MantisFallsState, events: list[int]) -> list[str]:
    return [s.cards.events[e].name for e in events]


@pytest.mark.rule("mf.19.1")
def test_a_card_finishes_before_a_last_gasp_or_an_any_time_effect() -> None:
    # Switchblade: 1 wound to anyone, then 1 more "up close" (same road).  Jill is at 7
    # and holds a Gun with a Bullet; the first cut brings her to her maximum.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Switchblade"]},
            jill={"wounds": 7, "hand": ["Bullet"], "conditions": ["Gun"]},
            event_deck_top=["Drunk Brawler"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Switchblade")
    main_play(s, JILL)
    assert is_window(s) and s.decision.player == JILL  # before the reveal: allowed
    do(s, "pass")
    entries = do(s, "wound_target", "player", JILL)
    assert s.wounds[JILL] == 8 and s.gasp_due == [JILL]
    assert "mf.16.3" in rules_cited(entries)
    # Still Switchblade: its second effect comes before the Last Gasp and before any Gun.
    d = s.decision
    assert (d.player, pending_pick(s)) == (JACK, "wound_target")
    assert s.in_gasp == -1 and {a.kind for a in s.legal_actions()} == {"wound_target"}
    entries = do(s, "wound_target", "opposition")
    assert s.opp_wounds == 1
    assert "mf.17.3" in rules_cited(entries)
    assert s.in_gasp == JILL and s.decision.player == JILL
    # The card is done: only now, as her Last Gasp begins, may the Gun be fired (mf.13.3).
    assert window_moment(s) == "gasp_start" and s.decision.rule == "mf.13.3"
    do(s, "pass")
    assert pending_frame_kind(s) == "gasp_play"


# ---------------------------------------------------------------- mf.19.2
@pytest.mark.rule("mf.19.2")
def test_a_player_may_end_the_turn_with_more_than_seven_cards() -> None:
    # Coffee: draw two.  Jack plays it from a hand of seven and ends with eight.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": JACK_SEVEN},
            jill={"hand": JILL_SEVEN},
            event_deck_top=["Drunk Brawler"],
            action_deck_top=["Helping Hand", "Doctor's Bag"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Coffee")
    entries = main_play(s, JILL)
    assert len(s.hands[JACK]) == 8
    limit = next(e for e in entries if e.rule == "mf.19.2")
    assert limit.phase == "draw" and "no discard phase" in limit.text
    # The next turn has begun and nobody was asked to discard.
    assert s.turn_player == JILL and s.decision.player == JILL
    assert not any(e.rule == "mf.8.7" for e in entries)
    assert len(s.hands[JACK]) == 8 and len(s.hands[JILL]) == 7


# ---------------------------------------------------------------- mf.19.3
@pytest.mark.rule("mf.19.3")
def test_the_turn_player_orders_two_last_gasps_from_one_event() -> None:
    # Earthquake: each player takes the green number (1 on Elm Street); both are at 7 of 8.
    s = mf_state(
        setup=foster_setup(
            jack={"position": ELM, "wounds": 7, "hand": ["Medicine"]},
            jill={"position": ELM, "wounds": 7, "hand": ["Sprint"]},
            turn_player=JILL,
            event_deck_top=["Earthquake"],
            action_deck_top=["Coffee", "Recall"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JILL)
    entries = main_play(s, JACK)
    assert s.wounds == [8, 8]
    assert sorted(s.gasp_due) == [JACK, JILL]
    d = s.decision
    assert (d.player, d.rule, pending_pick(s)) == (JILL, "mf.19.3", "gasp_order")
    assert sorted(a.args[0] for a in s.legal_actions()) == [JACK, JILL]
    assert "mf.16.3" in rules_cited(entries)
    entries = do(s, "gasp_first", JACK)
    order = next(e for e in entries if e.rule == "mf.19.3")
    assert (order.actor, order.kind) == (JILL, "action")
    assert s.in_gasp == JACK and s.gasp_due == [JILL]
    assert s.decision.player == JACK and pending_frame_kind(s) == "gasp_play"


# ---------------------------------------------------------------- mf.19.4
def empty_action_pile(s: MantisFallsState) -> int:
    """Put the whole action draw pile into the discard pile (a late-game position).

    No scenario key empties a draw pile, so the test moves the cards itself; nothing
    else about the position changes.  Returns the size of the discard pile afterwards.
    """
    s.action_discard.extend(s.action_pile)
    s.action_pile.clear()
    return len(s.action_discard)


@pytest.mark.rule("mf.19.4")
def test_an_empty_action_pile_is_rebuilt_from_its_discard_pile() -> None:
    s = mf_state(setup=foster_setup(jack={"hand": ["Coffee"]}, event_deck_top=["Drunk Brawler"]))
    discarded = empty_action_pile(s)
    skip_to_main_play(s)
    main_play(s, JACK, "Coffee")
    entries = main_play(s, JILL)
    shuffle = next(e for e in entries if e.rule == "mf.19.4")
    assert f"({discarded} cards)" in shuffle.text
    assert s.action_discard == [] and len(s.action_pile) == discarded
    assert s.decision.kind == "chance"
    medicine = sum(p for a, p in s.chance_outcomes() if s.card_name(a.args[0]) == "Medicine")
    assert medicine == pytest.approx(2 / discarded)  # two copies among the reshuffled cards
    chance(s, "draw_card", "Medicine")
    assert names(s, s.hands[JACK]) == ["Medicine"]
    assert len(s.action_pile) == discarded - 1


@pytest.mark.rule("mf.19.4")
def test_an_empty_event_deck_is_rebuilt_from_its_discard_pile() -> None:
    s = mf_state(setup=foster_setup())
    s.event_discard.extend(s.event_pile)
    s.event_pile.clear()
    entries = do(s, "move", 0)
    shuffle = next(e for e in entries if e.rule == "mf.19.4")
    assert "event deck is empty" in shuffle.text and "(50 cards)" in shuffle.text
    assert s.event_discard == [] and len(s.event_pile) == 50
    assert s.decision.kind == "chance"
    entries = chance(s, "draw_event", "Street Thug")
    assert s.cards.events[s.event].name == "Street Thug"
    assert "mf.11.7" in rules_cited(entries)


@pytest.mark.rule("mf.19.4")
def test_discard_piles_stay_face_down() -> None:
    # Pickpocket: the other player discards a random card (face down), then you draw one.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Pickpocket"]},
            jill={"hand": ["Sprint", "Medicine"]},
            event_deck_top=["Drunk Brawler"],
            action_deck_top=["Coffee"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Pickpocket")
    main_play(s, JILL)
    assert s.decision.kind == "chance"
    entries = chance(s, "random_discard", "Sprint")
    gone = entries[0]
    assert gone.visible_to == frozenset({JILL}) and "Sprint" in gone.text
    assert "Sprint" not in gone.public_text and "at random" in gone.public_text
    assert not any("Sprint" in line for line in s.trace_for(JACK))
    assert isinstance(s.view(JACK)["piles"]["action_discard"], int)
    assert "Sprint" in names(s, s.action_discard)


# ---------------------------------------------------------------- mf.19.5
@pytest.mark.rule("mf.19.5")
@pytest.mark.parametrize(("role", "hit"), [("witness", True), ("assassin", False)])
def test_call_in_a_hit_works_only_for_a_true_witness(role: str, hit: bool) -> None:
    # Call in a Hit: 6 wounds to the other player, only for a true witness near a phone.
    other = "assassin" if role == "witness" else "witness"
    s = mf_state(
        setup=foster_setup(
            jack={"position": MAPLE, "hand": ["Call in a Hit"], "role": role},
            jill={"position": MAPLE, "role": other},
            event_deck_top=["Drunk Brawler"],
        )
    )
    assert s.phone_distance(MAPLE) == 1  # Elm Street's phone is one road back
    skip_to_main_play(s)
    main_play(s, JACK, "Call in a Hit")
    entries = main_play(s, JILL)
    check = next(e for e in entries if "sometimes-effect" in e.text)
    if hit:
        assert check.rule == "mf.12.3" and "criteria met" in check.text
        assert s.wounds[JILL] == 6
    else:
        assert check.rule == "mf.19.5" and "not met" in check.text
        assert s.wounds[JILL] == 0
    assert "Call in a Hit" in names(s, s.action_discard)
