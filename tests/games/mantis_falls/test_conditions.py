"""Scenario tests for topic 13 of Mantis Falls: conditions and any-time effects.

Why this file exists: conditions are the one kind of action card that stays on the table
after it is processed, so an engine must keep applying their lasting effects turn after
turn, let other cards remove them, and offer their any-time effects (the Gun) at exactly
the moments the rulebook allows: never while another card is being processed.  Each
test sets up a position on a fixed road, plays it, and checks the state and the rule ids
the trace cites.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import (
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

from tutor.core.types import Action

# Positions on ROADS_WITH_BROKEN (both pieces start on Foster Lane, 4, stoplight 1/1/2).
MAPLE, CANNERY = 2, 3  # Cannery Row is an ambush of 1


# ---------------------------------------------------------------- mf.13.1
@pytest.mark.rule("mf.13.1")
def test_a_condition_stays_face_up_and_its_effect_lasts_across_turns() -> None:
    # Bulletproof Vest: keep as a condition; event wounds to its controller are cut by 1.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Bulletproof Vest", *JACK_SEVEN[:6]]},
            jill={"hand": JILL_SEVEN},
            event_deck_top=["Sprained Ankle", "Earthquake"],
            action_deck_top=["Helping Hand", "Doctor's Bag", "Smelling Salts"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Bulletproof Vest")
    entries = main_play(s, JILL)
    kept = next(e for e in entries if e.rule == "mf.13.1")
    assert "condition" in kept.text and ("conditions", None, "Bulletproof Vest") in kept.changes
    assert names(s, s.conditions[JACK]) == ["Bulletproof Vest"]
    assert "Bulletproof Vest" not in names(s, s.action_discard)
    assert s.view(JILL)["players"][JACK]["conditions"] == ["Bulletproof Vest"]  # face up
    # Sprained Ankle (2 wounds) is cut to 1.
    reduced = next(e for e in entries if e.rule == "mf.13.1" and "reduces" in e.text)
    assert "2 wounds to 1" in reduced.text
    assert s.wounds == [1, 0]

    # Jill's turn: Earthquake wounds each player by Foster Lane's green number (1).
    assert (s.turn_player, s.decision.player) == (JILL, JILL)
    skip_to_main_play(s)
    main_play(s, JILL)
    entries = main_play(s, JACK)
    assert s.wounds == [1, 1]  # Jack still takes one fewer (none): the Vest is still working
    assert "1 wounds to 0" in next(e for e in entries if "reduces" in e.text).text
    assert "mf.13.1" in rules_cited(entries)
    assert names(s, s.conditions[JACK]) == ["Bulletproof Vest"]


@pytest.mark.rule("mf.13.1")
def test_a_condition_can_make_its_controller_ignore_ambushes() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={
                "position": MAPLE,
                "hand": ["Medicine", "Sprint"],
                "conditions": ["Rabbit's Foot"],
            },
            event_deck_top=["Drunk Brawler"],
        )
    )
    entries = do(s, "move", 1)  # onto Cannery Row, an ambush of 1
    assert s.pos[JACK] == CANNERY
    assert s.wounds[JACK] == 0 and len(s.hands[JACK]) == 2
    ambush = next(e for e in entries if e.rule == "mf.10.6")
    assert "ignore ambushes" in ambush.text
    assert pending_frame_kind(s) == "mainplay"  # no random discard was needed


@pytest.mark.rule("mf.13.1")
def test_a_condition_can_raise_the_hand_size() -> None:
    # Deep Pockets: its controller draws up to eight in the draw phase.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": JACK_SEVEN[:6], "conditions": ["Deep Pockets"]},
            jill={"hand": JILL_SEVEN},
            event_deck_top=["Drunk Brawler"],
            action_deck_top=["Helping Hand", "Doctor's Bag"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    entries = main_play(s, JILL)
    draws = [e for e in entries if e.phase == "draw" and "draws" in e.text and e.actor == JACK]
    assert len(draws) == 2
    assert len(s.hands[JACK]) == 8 and len(s.hands[JILL]) == 7
    assert s.turn_player == JILL  # the draw phase is over: eight was enough


@pytest.mark.rule("mf.13.1")
def test_another_card_can_remove_a_condition() -> None:
    # Subpoena: discard one of the other player's conditions, then draw a card.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Subpoena"]},
            jill={"conditions": ["Gun"]},
            event_deck_top=["Drunk Brawler"],
            action_deck_top=["Coffee"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Subpoena")
    main_play(s, JILL)
    assert (s.decision.player, pending_pick(s)) == (JACK, "remove_condition")
    assert [a.label for a in s.legal_actions()] == ["Discard Jill's condition Gun"]
    entries = do(s, "remove_condition", JILL)
    assert s.conditions[JILL] == []
    assert "Gun" in names(s, s.action_discard)
    removed = entries[0]
    assert removed.rule == "mf.13.1" and "removed" in removed.text
    assert names(s, s.hands[JACK])[:1] == ["Coffee"]


@pytest.mark.rule("mf.13.1")
def test_you_on_a_condition_means_its_controller() -> None:
    # Bullet deals 1 to the opposition, and 1 more if "you" control a Gun.  Jill does.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Bullet"]},
            jill={"hand": ["Bullet"], "conditions": ["Gun"]},
            event_deck_top=["The Boss's Nephew"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Bullet")
    entries = main_play(s, JILL, "Bullet")
    checks = [(e.actor, "criteria met" in e.text) for e in entries if e.rule == "mf.12.3"]
    assert checks == [(JACK, False), (JILL, True)]
    assert s.opp_wounds == 3


# ---------------------------------------------------------------- mf.13.3
@pytest.mark.rule("mf.13.3")
def test_a_gun_with_a_bullet_in_hand_is_offered_at_a_window() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Bullet", "Medicine"], "conditions": ["Gun"]},
            event_deck_top=["Street Thug"],
        )
    )
    d = s.decision
    assert is_window(s) and (d.player, d.rule) == (JACK, "mf.13.3")
    assert sorted(a.label for a in s.legal_actions()) == [
        "Gun: Fire the Gun (discard Bullet)",
        "Pass (use nothing now)",
    ]


@pytest.mark.rule("mf.13.3")
def test_a_gun_without_a_bullet_is_never_offered() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Medicine"], "conditions": ["Gun"]},
            event_deck_top=["Street Thug"],
            action_deck_top=[
                "Coffee",
                "Sprint",
                "Sprint",
                "Helping Hand",
                "Recall",
                "Hunch",
                "Crossroads",
                "Pickpocket",
                "Subpoena",
                "Bribe",
                "Misdirection",
                "Slip Away",
                "Hot Soup",
            ],
        )
    )
    assert s.anytime_options(JACK) == []
    seen_rules = []
    while s.turn_no == 1 and s.decision.kind == "choice":
        seen_rules.append(s.decision.rule)
        assert not is_window(s)
        action = next(a for a in s.legal_actions() if a.kind in ("move", "nothing"))
        s.apply(action)
    assert "mf.13.3" not in seen_rules
    assert s.wounds[JACK] == 1  # nothing stopped the Street Thug (Foster Lane's green, 1)


@pytest.mark.rule("mf.13.3")
def test_the_gun_can_wound_the_opposition_before_event_processing() -> None:
    # Getaway Car has health 2: the Gun's 2 wounds defeat it.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Bullet", "Medicine"], "conditions": ["Gun"]},
            event_deck_top=["Getaway Car"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    main_play(s, JILL)
    assert window_moment(s) == "before_event"
    entries = do(s, "anytime")
    assert rules_cited(entries) == ["mf.13.3"]
    assert "Bullet" in names(s, s.action_discard) and names(s, s.hands[JACK]) == ["Medicine"]
    targets = {a.args for a in s.legal_actions()}
    assert ("opposition", -1) in targets and ("player", JILL) in targets
    entries = do(s, "wound_target", "opposition")
    assert s.opp_wounds == 2
    rules = rules_cited(entries)
    assert rules[0] == "mf.11.5" and "mf.11.1" in rules  # dealt before event processing
    assert next(e for e in entries if "health 2" in e.text).text.endswith(": defeated.")
    assert s.wounds == [0, 0]


@pytest.mark.rule("mf.13.3")
def test_the_other_player_can_fire_the_gun_at_a_player() -> None:
    s = mf_state(
        setup=foster_setup(
            jill={"hand": ["Bullet"], "conditions": ["Gun"]}, event_deck_top=["Drunk Brawler"]
        )
    )
    d = s.decision
    assert is_window(s) and d.player == JILL  # Jack has nothing to use, so Jill is asked
    do(s, "anytime")
    entries = do(s, "wound_target", "player", JACK)
    assert s.wounds == [2, 0]
    hit = next(e for e in entries if ("wounds", 0, 2) in e.changes)
    assert hit.actor == JILL
    assert s.hands[JILL] == [] and s.anytime_options(JILL) == []


@pytest.mark.rule("mf.13.3")
def test_no_any_time_effect_while_a_card_is_being_processed() -> None:
    # Crossroads asks Jack to choose an option in the middle of processing the card.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Crossroads", "Bullet"], "conditions": ["Gun"]},
            event_deck_top=["Drunk Brawler"],
            action_deck_top=["Coffee", "Sprint"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Crossroads")
    main_play(s, JILL)
    assert window_moment(s) == "before_reveal"  # before the card: allowed
    do(s, "pass")
    d = s.decision
    assert pending_pick(s) == "choose_one" and d.rule != "mf.13.3" and not is_window(s)
    assert {a.kind for a in s.legal_actions()} == {"choose"}
    fire = Action(JACK, "anytime", s.anytime_options(JACK)[0].args)
    assert not s.check(fire).ok
    do(s, "choose", 1)  # Lie Low: draw two
    # The card is done; only now is the next window offered.
    assert window_moment(s) == "before_event"
    assert s.decision.rule == "mf.13.3"
    assert sorted(names(s, s.hands[JACK])) == ["Bullet", "Coffee", "Sprint"]
