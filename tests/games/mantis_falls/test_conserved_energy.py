"""Scenario tests for Mantis Falls topic 15: Conserved Energy.

Why this file exists: Conserved Energy is a shared, face-up resource with several small
rules that interact with movement: a card placed there does nothing that turn, any draw
may take a card from it instead of the pile, a full row of four can be expended at the
start of a turn for a two-road move or a heal, that move is a single move (so it sails
over the Broken Road and past ambushes), and a fifth card is discarded.  Each test sets
up a position on a fixed road, acts, and checks the state and the rule ids cited.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import do, rules_cited, skip_to_main_play
from tables import JACK, JILL, sorted_names, start_state

# Positions on ROADS_BROKEN_AT_6 (start_state's road).  4 Cannery Row is an
# ambush (1); 6 Canal Bridge is the Broken Road.
FOSTER, CANNERY, KINGSLEY, VINE = 3, 4, 5, 7
FULL = ["Bullet", "Take Cover", "Foresight", "Crossroads"]


@pytest.mark.rule("mf.15.1")
def test_a_conserved_card_lies_face_up_and_does_nothing_that_turn() -> None:
    s = start_state(
        {"wounds": 3, "hand": ["Medicine", "Coffee"]}, {"hand": ["Crowbar"]}, conserved=["Hunch"]
    )
    skip_to_main_play(s)
    entries = do(s, "conserve", "Medicine")
    assert sorted_names(s, s.conserved) == ["Hunch", "Medicine"]
    assert sorted_names(s, s.hands[JACK]) == ["Coffee"]
    assert s.view(JILL)["conserved"] == ["Hunch", "Medicine"]
    assert [e.text for e in entries if e.rule == "mf.15.1"] == [
        "Jack conserves energy: Medicine (Amber) goes face up into Conserved Energy (2/4)."
    ]
    # Jill does nothing; the Medicine heals nobody (Cold Rain adds a wound).
    do(s, "nothing")
    assert s.wounds[JACK] == 4
    assert "Medicine" in sorted_names(s, s.conserved)


@pytest.mark.rule("mf.15.2")
def test_any_single_draw_may_take_a_chosen_card_from_conserved_energy() -> None:
    s = start_state(
        {"hand": ["Coffee"]}, conserved=["Medicine", "Crowbar"], action_deck_top=["Recall"]
    )
    skip_to_main_play(s)
    do(s, "play", "Coffee")
    do(s, "finish")
    do(s, "nothing")
    # Coffee draws two cards; each one may come from the pile or from Conserved Energy.
    assert s.decision.rule == "mf.15.2" and s.decision.player == JACK
    offered = sorted(a.label for a in s.legal_actions())
    assert offered == [
        "Draw from the action draw pile",
        "Take Crowbar (Granite) from Conserved Energy",
        "Take Medicine (Amber) from Conserved Energy",
    ]
    entries = do(s, "draw_conserved", "Crowbar")
    entries += do(s, "draw_pile")
    assert sorted_names(s, s.hands[JACK]) == ["Crowbar", "Recall"]
    assert sorted_names(s, s.conserved) == ["Medicine"]
    assert "mf.15.2" in rules_cited(entries)
    assert [e.text for e in entries if e.rule == "mf.15.2"] == [
        "Jack draws Crowbar (Granite) from Conserved Energy instead of the draw pile."
    ]


@pytest.mark.rule("mf.15.3")
def test_a_full_conserved_energy_can_be_expended_to_heal_one_wound() -> None:
    s = start_state({"wounds": 3}, conserved=FULL)
    assert s.decision.rule == "mf.15.3" and s.decision.player == JACK
    assert sorted(a.args[0] for a in s.legal_actions()) == ["heal", "move", "no"]
    discard = len(s.action_discard)
    entries = do(s, "expend", "heal")
    assert s.wounds[JACK] == 2 and s.conserved == []
    assert sorted_names(s, s.action_discard[discard:]) == sorted(FULL)
    assert rules_cited(entries)[:2] == ["mf.15.3", "mf.15.3"]
    # Initial movement carries on as usual: stay or one road.
    assert s.decision.rule == "mf.8.2"
    assert [a.args for a in s.legal_actions()] == [(0,), (1,)]


@pytest.mark.rule("mf.15.3")
def test_expending_is_offered_only_when_all_four_spaces_are_full() -> None:
    s = start_state(conserved=FULL[:3])
    assert s.decision.rule == "mf.8.2"  # straight to the movement, no expend choice
    s = start_state(conserved=FULL)
    entries = do(s, "expend", "move")
    assert s.conserved == [] and "mf.15.3" in rules_cited(entries)
    # Two roads instead of one (ruling expend_movement: exactly two, or stay).
    assert [a.args for a in s.legal_actions()] == [(0,), (2,)]
    do(s, "move", 2)
    assert s.pos[JACK] == 2

    # Declining keeps the four cards for later.
    s = start_state(conserved=FULL)
    do(s, "expend", "no")
    assert sorted_names(s, s.conserved) == sorted(FULL)
    assert [a.args for a in s.legal_actions()] == [(0,), (1,)]


@pytest.mark.rule("mf.15.4")
def test_the_expended_move_passes_over_the_broken_road_in_one_move() -> None:
    s = start_state({"position": KINGSLEY}, conserved=FULL)
    night = s.night[:]
    do(s, "expend", "move")
    entries = do(s, "move", 2)
    assert s.pos[JACK] == VINE
    over = [e.text for e in entries if e.rule == "mf.15.4"]
    assert over == [
        "Jack moves from Kingsley Street to Vine Street.",
        "Jack passes over the Broken Road.",
    ]
    # Crossing it is rewarded with one of the Actions by the Night.
    assert s.decision.rule == "mf.10.8"
    do(s, "take_night", night[0])
    assert night[0] in s.hands[JACK] and len(s.night) == 2


@pytest.mark.rule("mf.15.4")
def test_the_expended_move_passes_an_ambush_without_stopping_on_it() -> None:
    s = start_state({"position": FOSTER, "hand": ["Coffee", "Medicine"]}, conserved=FULL)
    do(s, "expend", "move")
    entries = do(s, "move", 2)
    assert s.pos[JACK] == KINGSLEY
    assert s.wounds[JACK] == 0 and sorted_names(s, s.hands[JACK]) == ["Coffee", "Medicine"]
    rules = rules_cited(entries)
    assert rules[0] == "mf.15.4"
    assert any(e.rule == "mf.10.6" and "without stopping: no penalty" in e.text for e in entries)
    assert s.decision.kind == "choice"  # no random discard was asked for


@pytest.mark.rule("mf.15.5")
def test_conserving_into_a_full_conserved_energy_discards_the_card() -> None:
    s = start_state({"hand": ["Medicine"]}, conserved=FULL)
    do(s, "expend", "no")
    skip_to_main_play(s)
    discard = len(s.action_discard)
    entries = do(s, "conserve", "Medicine")
    assert sorted_names(s, s.conserved) == sorted(FULL)
    assert s.hands[JACK] == []
    assert sorted_names(s, s.action_discard[discard:]) == ["Medicine"]
    assert rules_cited(entries) == ["mf.8.6", "mf.15.5"]
