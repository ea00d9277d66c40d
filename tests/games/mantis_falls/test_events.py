"""Scenario tests for topic 11 of Mantis Falls: events.

Why this file exists: events are where most wounds come from, and their rules are easy
to get subtly wrong in an engine (processing an event the moment it is drawn, letting a
weapon "defeat" an incident, leaking an unseen event's name to the other player).  Each
test sets up a small position on a fixed, fully visible road, plays the turn, and checks
both what changed and which rules the trace cites, like an example in a rulebook.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, pending_pick, rules_cited, skip_to_main_play
from tables import FOSTER, JACK, JILL, foster_setup, main_play

from tutor.core.types import Action

# Positions on ROADS_WITH_BROKEN.  Stoplights (green/yellow/red) that the tests rely on:
# 2 Maple Avenue 0/1/2, 4 Foster Lane 1/1/2, 5 Kingsley Street 0/2/3.  Position 3
# (Cannery Row) is an ambush.
MAPLE, KINGSLEY = 2, 5


def first_index(rules: list[str], rule: str) -> int:
    return rules.index(rule)


# ---------------------------------------------------------------- mf.11.1
@pytest.mark.rule("mf.11.1")
def test_event_waits_for_actions_and_reads_the_road_after_movement() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"position": MAPLE, "hand": ["Sprint"]}, event_deck_top=["Broken Glass"]
        )
    )
    skip_to_main_play(s)
    # Drawn, shown (it is seen) and waiting: nothing happened to Jack yet.
    assert s.view(JILL)["event"]["name"] == "Broken Glass"
    assert s.wounds == [0, 0]
    main_play(s, JACK, "Sprint")
    main_play(s, JILL)
    assert s.wounds == [0, 0]  # still nothing: the actions come first

    stayed = s.clone()
    entries = do(s, "move", 2)  # Sprint: Maple Avenue (green 0) -> Foster Lane (green 1)
    assert s.pos[JACK] == FOSTER
    assert s.wounds[JACK] == 1  # Foster Lane's green number, not Maple Avenue's
    rules = rules_cited(entries)
    assert first_index(rules, "mf.8.9") < first_index(rules, "mf.11.1") < rules.index("mf.11.3")
    wound = next(e for e in entries if ("wounds", 0, 1) in e.changes)
    assert (wound.rule, wound.phase) == ("mf.11.3", "event_processing")

    # The same turn without the move: the event reads Maple Avenue's green number, 0.
    do(stayed, "move", 0)
    assert stayed.pos[JACK] == MAPLE and stayed.wounds[JACK] == 0
    read = [e.text for e in stayed.trace if e.rule == "mf.10.4"][-1]
    assert read == "Broken Glass reads the green stoplight number of Jack's road, Maple Avenue: 0."


# ---------------------------------------------------------------- mf.11.2 / 11.3
@pytest.mark.rule("mf.11.2")
def test_wounds_meant_for_an_opposition_do_nothing_to_an_incident() -> None:
    s = mf_state(
        setup=foster_setup(jack={"hand": ["Brass Knuckles"]}, event_deck_top=["Sprained Ankle"])
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Brass Knuckles")
    entries = main_play(s, JILL)
    hit = next(e for e in entries if e.rule == "mf.11.2")
    assert "no effect" in hit.text
    assert s.opp_wounds == 0
    # The incident cannot be defeated: its effect still lands in full.
    assert s.wounds[JACK] == 2
    assert "mf.11.3" in rules_cited(entries)
    assert "mf.11.5" not in rules_cited(entries)


@pytest.mark.rule("mf.11.2")
def test_a_choose_any_weapon_cannot_target_an_incident() -> None:
    s = mf_state(
        setup=foster_setup(jack={"hand": ["Baseball Bat"]}, event_deck_top=["Sprained Ankle"])
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Baseball Bat")
    main_play(s, JILL)
    assert pending_pick(s) == "wound_target"
    offered = {a.args for a in s.legal_actions()}
    assert offered == {("player", JACK), ("player", JILL)}
    verdict = s.check(Action(JACK, "wound_target", ("opposition", -1)))
    assert not verdict.ok
    assert (verdict.detail, verdict.rule) == ("not_an_opposition", "mf.11.2")


@pytest.mark.rule("mf.11.3")
def test_an_unprevented_incident_has_its_effect_and_its_bonus() -> None:
    # Earthquake: each player takes the green number in wounds; bonus: each draws a card.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Medicine"]},
            jill={"hand": ["Sprint"]},
            event_deck_top=["Earthquake"],
            action_deck_top=["Coffee", "Recall"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    entries = main_play(s, JILL)
    assert s.wounds == [1, 1]  # effect: Foster Lane's green number for each player
    assert sorted(s.card_name(c) for c in s.hands[JACK]) == ["Coffee", "Medicine"]
    assert sorted(s.card_name(c) for c in s.hands[JILL]) == ["Recall", "Sprint"]
    rules = rules_cited(entries)
    assert "mf.11.3" in rules
    bonus_draws = [e for e in entries if e.phase == "event_processing" and "draws" in e.text]
    assert len(bonus_draws) == 2
    assert s.phase == "draw"


@pytest.mark.rule("mf.11.2")
@pytest.mark.rule("mf.11.3")
def test_a_prevented_incident_has_neither_effect_nor_bonus() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Take Cover", "Medicine"]},
            jill={"hand": ["Sprint"]},
            event_deck_top=["Earthquake"],
            action_deck_top=["Coffee", "Recall"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Take Cover")
    entries = main_play(s, JILL)
    assert s.wounds == [0, 0]
    assert [e for e in entries if e.phase == "event_processing" and "draws" in e.text] == []
    prevent = next(e for e in entries if e.rule == "mf.11.2")
    assert "prevents" in prevent.text and ("event_prevented", False, True) in prevent.changes
    done = next(e for e in entries if e.rule == "mf.11.3")
    assert "prevented" in done.text
    assert s.phase == "draw"


# ---------------------------------------------------------------- mf.11.4
@pytest.mark.rule("mf.11.4")
def test_a_prevented_opposition_has_no_outcome_at_all() -> None:
    # Mob Enforcer (health 2): undefeated wounds the turn player; defeated draws a card.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Take Cover"]},
            event_deck_top=["Mob Enforcer"],
            action_deck_top=["Coffee"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Take Cover")
    entries = main_play(s, JILL)
    assert s.wounds == [0, 0]
    assert [e for e in entries if e.phase == "event_processing" and "draws" in e.text] == []
    rules = rules_cited(entries)
    assert rules.count("mf.11.4") == 2  # the prevention, then the prevented event
    assert "mf.11.5" not in rules and "mf.11.6" not in rules


# ---------------------------------------------------------------- mf.11.5 / 11.6
@pytest.mark.rule("mf.11.5")
@pytest.mark.rule("mf.11.6")
def test_wounds_from_both_players_add_up_to_defeat_an_opposition() -> None:
    # Knife Fighter has health 3: Jack's Brass Knuckles (2) and Jill's Bullet (1).
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Brass Knuckles"]},
            jill={"hand": ["Bullet"]},
            event_deck_top=["Knife Fighter"],
            action_deck_top=["Recall"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Brass Knuckles")
    entries = main_play(s, JILL, "Bullet")
    dealt = [
        e
        for e in entries
        if e.rule == "mf.11.5" and "opposition_wounds" in {c[0] for c in e.changes}
    ]
    assert [e.actor for e in dealt] == [JACK, JILL]
    assert s.opp_wounds == 3
    verdict = next(e for e in entries if e.rule == "mf.11.5" and "health 3" in e.text)
    assert verdict.text.endswith(": defeated.")
    assert "defeated outcome" in next(e for e in entries if e.rule == "mf.11.6").text
    # Defeated outcome: Jack draws a card (Recall). No wounds.
    assert s.wounds == [0, 0]
    assert [s.card_name(c) for c in s.hands[JACK]] == ["Recall"]
    assert s.hands[JILL] == []


@pytest.mark.rule("mf.11.5")
@pytest.mark.rule("mf.11.6")
def test_an_opposition_short_of_its_health_is_undefeated() -> None:
    s = mf_state(
        setup=foster_setup(jack={"hand": ["Brass Knuckles"]}, event_deck_top=["The Boss's Nephew"])
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Brass Knuckles")
    entries = main_play(s, JILL)
    assert s.opp_wounds == 2
    verdict = next(e for e in entries if e.rule == "mf.11.5" and "health 4" in e.text)
    assert verdict.text.endswith("not defeated.")
    assert "undefeated outcome" in next(e for e in entries if e.rule == "mf.11.6").text
    # Undefeated outcome: Jack takes Foster Lane's red number (2) in wounds.
    assert s.wounds == [2, 0]
    wound = next(e for e in entries if ("wounds", 0, 2) in e.changes)
    assert wound.rule == "mf.11.6"


# ---------------------------------------------------------------- mf.11.7
@pytest.mark.rule("mf.11.7")
def test_a_seen_event_is_shown_to_all_then_discarded_face_down() -> None:
    s = mf_state(setup=foster_setup(event_deck_top=["Street Thug"]))
    entries = do(s, "move", 0)
    drawn = next(e for e in entries if e.rule == "mf.11.7")
    assert drawn.visible_to is None and "Street Thug" in drawn.text
    for viewer in (JACK, JILL, None):
        assert s.view(viewer)["event"]["name"] == "Street Thug"
    main_play(s, JACK)
    entries = main_play(s, JILL)
    assert s.wounds[JACK] == 1  # undefeated: Foster Lane's green number
    assert s.event == -1 and s.event_discard[-1] == s.cards.events.index(
        next(e for e in s.cards.events if e.name == "Street Thug")
    )
    assert "mf.8.12" in rules_cited(entries)
    assert s.view(JILL)["event"] is None
    assert s.view(JILL)["piles"]["event_discard"] == 1  # a face-down pile: only its size


# ---------------------------------------------------------------- mf.11.8
@pytest.mark.rule("mf.11.8")
def test_an_unseen_event_is_known_only_to_the_turn_player() -> None:
    # Hitman: unseen opposition, health 3; undefeated wounds the turn player by the yellow
    # number.
    s = mf_state(setup=foster_setup(event_deck_top=["Hitman"]))
    entries = do(s, "move", 0)
    drawn = next(e for e in entries if e.rule == "mf.11.8")
    assert drawn.visible_to == frozenset({JACK})
    assert "Hitman" not in drawn.public_text and "unseen" in drawn.public_text
    assert s.view(JACK)["event"]["name"] == "Hitman"
    hidden = s.view(JILL)["event"]
    assert "name" not in hidden and hidden["seen"] is False
    main_play(s, JACK)
    main_play(s, JILL)
    # Processed exactly as printed, then discarded face down.
    assert s.wounds == [1, 0]  # Foster Lane's yellow number
    assert s.event == -1 and len(s.event_discard) == 1
    assert any("Hitman" in line for line in s.trace_for(JACK))
    assert not any("Hitman" in line for line in s.trace_for(JILL))
    # Cited as mf.11.8: mf.11.6 (an opposition's outcome) would say what the card is.
    assert "[mf.11.8] Jack receives 1 wound (unseen event): 1/8." in s.trace_for(JILL)


# ---------------------------------------------------------------- mf.11.9
@pytest.mark.rule("mf.11.9")
def test_an_unseen_split_is_chosen_without_telling_the_other_player() -> None:
    # Stray Bullets: unseen incident, the yellow number divided between the players at will.
    s = mf_state(
        setup=foster_setup(
            {"position": KINGSLEY}, {"position": KINGSLEY}, event_deck_top=["Stray Bullets"]
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    main_play(s, JILL)
    d = s.decision
    assert (d.player, d.rule) == (JACK, "mf.11.9")
    assert sorted(a.args[0] for a in s.legal_actions()) == [0, 1, 2]
    # Jill is told only that Jack is choosing something inside the unseen event.
    assert s.view(JILL)["decision"] == {
        "kind": "choice",
        "player": JACK,
        "prompt": "Jack makes a choice inside the unseen event.",
        "rule": "mf.11.8",
    }
    assert s.view(JACK)["decision"]["rule"] == "mf.11.9"
    entries = do(s, "split", 2)  # all of Kingsley Street's yellow 2 to Jill
    assert s.wounds == [0, 2]
    split = next(e for e in entries if e.rule == "mf.11.9")
    assert split.visible_to == frozenset({JACK}) and split.public_text == ""
    jill_reads = s.trace_for(JILL)
    assert not any(line.startswith("[mf.11.9]") for line in jill_reads)
    assert not any("Stray Bullets" in line for line in jill_reads)
    # mf.11.3 would say "incident": Jill's line cites the unseen-event rule instead.
    assert any(line.startswith("[mf.11.8] Jill receives 2 wounds") for line in jill_reads)
    assert any(line.startswith("[mf.11.3] Jill receives 2 wounds") for line in s.trace_for(JACK))


@pytest.mark.rule("mf.11.9")
def test_a_prevented_unseen_event_stays_unexplained() -> None:
    # Hunch prevents the event only if it is unseen; the Hitman never shows its teeth.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Hunch"]}, event_deck_top=["Hitman"], action_deck_top=["Coffee"]
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Hunch")
    entries = main_play(s, JILL)
    assert s.wounds == [0, 0]
    assert "mf.11.4" in rules_cited(entries)
    jill_reads = s.trace_for(JILL)
    assert not any("Hitman" in line for line in jill_reads)
    # Processing says no more than for any other unseen event (ruling unseen_event_view).
    assert "[mf.11.8] Jack processes the unseen event." in jill_reads
    assert not any("event was prevented" in line for line in jill_reads)


# ---------------------------------------------------------------- mf.11.10
@pytest.mark.rule("mf.11.10")
def test_learning_variant_shows_every_event() -> None:
    s = mf_state(setup=foster_setup(event_deck_top=["Hitman"]), rulings={"all_events_seen": "on"})
    entries = do(s, "move", 0)
    drawn = next(e for e in entries if e.rule == "mf.11.10")
    assert drawn.visible_to is None
    assert s.view(JILL)["event"]["name"] == "Hitman"
    assert "mf.11.8" not in rules_cited(entries)
    main_play(s, JACK)
    main_play(s, JILL)
    assert s.wounds == [1, 0]
    assert any("Hitman" in line for line in s.trace_for(JILL))
