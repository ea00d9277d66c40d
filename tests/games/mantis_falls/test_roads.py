"""Scenario tests for Mantis Falls topic 10: roads.

Why this file exists: the road is where position turns into danger and reward.  Moving
along the snaking path, turning roads face up one ahead of the leading piece (and never
back), ambushes that strike only a piece that stops on them, the Broken Road that sets a
piece back but rewards crossing it, games where it was removed, and the End that rewards
arriving without ending the game: each is checked on a fixed layout, with both the state
and the rule ids the trace cites.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, pending_picks, rules_cited, skip_to_main_play
from tables import JACK, JILL, ROADS_BROKEN_AT_6, sorted_names, start_state

from tutor.games.mantis_falls.engine.basics import _grid_cell
from tutor.games.mantis_falls.state import END, MantisFallsState

# The games here are played on ROADS_BROKEN_AT_6 (its docstring lists the ambushes,
# stoplights, phones and bus stops), which is start_state's road; 6 Canal Bridge is the
# Broken Road.  The same road without the Broken Road: Marlowe Avenue replaces Canal Bridge.
NO_BROKEN = (*ROADS_BROKEN_AT_6[:5], "Marlowe Avenue", *ROADS_BROKEN_AT_6[6:])
MAPLE, FOSTER, CANNERY, KINGSLEY, BROKEN, VINE, GASLIGHT = 2, 3, 4, 5, 6, 7, 8
# A hand of seven Jill holds without playing it (so she draws nothing at the end of a turn).
JILL_HAND = ["Bullet", "Bribe", "Subpoena", "Pickpocket", "Switchblade", "Steady Aim", "Hot Soup"]


def play_card(s: MantisFallsState, name: str) -> list[Any]:
    """Stay put, make ``name`` the turn player's action play; the other does nothing."""
    skip_to_main_play(s)
    entries = do(s, "play", name) + do(s, "finish")
    return entries + do(s, "nothing")


@pytest.mark.rule("mf.10.1")
def test_each_card_is_one_road_and_a_region_change_adds_no_rule() -> None:
    s = start_state({"position": CANNERY, "hand": ["Coffee"]})
    before = (s.wounds[:], sorted_names(s, s.hands[JACK]))
    entries = do(s, "move", 1)
    # One road forward takes the piece onto the next card, here the first night road.
    assert s.pos[JACK] == KINGSLEY and s.road(KINGSLEY).region == "night"
    region = [e for e in entries if e.rule == "mf.10.1"]
    assert len(region) == 1 and "night roads" in region[0].text
    assert (s.wounds, sorted_names(s, s.hands[JACK])) == before  # entering a region costs nothing

    # A move inside one region does not mention regions at all.
    s = start_state({"position": 1})
    entries = do(s, "move", 1)
    assert s.pos[JACK] == MAPLE and "mf.10.1" not in rules_cited(entries)


@pytest.mark.rule("mf.10.2")
def test_forward_follows_the_snaking_path_round_the_row_ends() -> None:
    # The night row runs the other way: Kingsley Street sits right above the last sunset
    # road, and forward from it goes leftwards across the middle row.
    assert _grid_cell(CANNERY) == (0, 3) and _grid_cell(KINGSLEY) == (1, 3)
    assert [_grid_cell(q) for q in (BROKEN, VINE)] == [(1, 2), (1, 1)]
    s = start_state({"position": KINGSLEY, "hand": ["Sprint"]})
    entries = play_card(s, "Sprint")
    entries += do(s, "move", 2)
    assert s.pos[JACK] == VINE
    assert any(e.rule == "mf.10.2" and "passes over the Broken Road" in e.text for e in entries)


@pytest.mark.rule("mf.10.3")
def test_roads_turn_up_one_ahead_of_any_piece_and_never_turn_back() -> None:
    s = start_state(
        {"hand": ["Sprint", "Coffee", "Medicine", "Crowbar", "Hunch", "Recall", "Gun"]},
        {"hand": JILL_HAND},
        action_deck_top=["Storm Cellar"],
    )
    assert s.face_up[1] and not s.face_up[2]
    entries = do(s, "move", 1)
    assert s.face_up[2] and not s.face_up[3]
    flips = [e for e in entries if e.rule == "mf.10.3"]
    assert len(flips) == 1 and "ahead of Jack" in flips[0].text
    assert s.view(JILL)["roads"][2]["name"] == "Maple Avenue"  # visible to everyone
    # Sprint two roads: the road Jack stops on and the one ahead of him turn up.
    do(s, "play", "Sprint")
    do(s, "finish")
    entries = do(s, "nothing") + do(s, "move", 2)
    assert s.pos[JACK] == FOSTER and s.face_up[FOSTER] and s.face_up[CANNERY]
    assert rules_cited(entries).count("mf.10.3") == 2
    up = s.face_up[:]
    # The turn ends and Jill stays on the Start: nothing goes back face down.
    assert s.turn_player == JILL
    skip_to_main_play(s)
    assert s.face_up == up
    assert all(s.view(JILL)["roads"][q]["face_up"] for q in range(0, CANNERY + 1))


@pytest.mark.rule("mf.10.4")
def test_events_read_the_turn_players_stoplight_and_actions_their_own() -> None:
    # Jill's turn: she is on Foster Lane (green 1), Jack on Cannery Row (yellow 2).
    s = start_state(
        {"position": CANNERY, "hand": ["Shotgun"]},
        {"position": FOSTER, "hand": []},
        turn=JILL,
        event_deck_top=["Gang of Toughs"],
        roads_face_up=True,
    )
    skip_to_main_play(s)
    do(s, "nothing")
    entries = do(s, "play", "Shotgun") + do(s, "finish")
    assert s.opp_wounds == 2  # Jack's Shotgun reads Jack's road (Foster Lane's yellow is 1)
    # Not defeated (2 of 3): each player takes Jill's green number, 1 each.
    assert s.wounds == [1, 1]
    stoplights = [e.text for e in entries if e.rule == "mf.10.4"]
    assert stoplights == [
        "Shotgun reads the yellow stoplight number of Jack's road, Cannery Row: 2.",
        "Gang of Toughs reads the green stoplight number of Jill's road, Foster Lane: 1.",
    ]


@pytest.mark.rule("mf.10.5")
def test_phones_and_bus_stops_matter_only_when_a_card_refers_to_them() -> None:
    # Stepping onto a bus stop does nothing by itself.
    s = start_state({"position": 1, "hand": ["Catch the Bus"]}, roads_face_up=True)
    entries = do(s, "move", 1)
    assert s.pos[JACK] == MAPLE and s.road(MAPLE).bus_stop
    assert s.wounds == [0, 0] and sorted_names(s, s.hands[JACK]) == ["Catch the Bus"]
    assert "mf.10.5" not in rules_cited(entries)
    # Catch the Bus asks about it: staying at the stop, Jack rides on two roads.
    entries = do(s, "play", "Catch the Bus") + do(s, "finish") + do(s, "nothing")
    entries += do(s, "move", 0)
    assert any(e.rule == "mf.10.5" and "has a bus stop" in e.text for e in entries)
    assert any(e.rule == "mf.12.3" and "criteria met" in e.text for e in entries)
    entries = do(s, "move", 1)
    assert s.pos[JACK] == FOSTER


@pytest.mark.rule("mf.10.6")
def test_an_ambush_strikes_a_piece_that_lands_discard_first_then_wounds() -> None:
    s = start_state({"position": FOSTER, "hand": ["Coffee", "Medicine"]})
    entries = do(s, "move", 1)
    assert s.pos[JACK] == CANNERY and "mf.10.6" in rules_cited(entries)
    # The discard is random: each card in hand is equally likely.
    assert s.decision.kind == "chance"
    assert sorted(p for _, p in s.chance_outcomes()) == [0.5, 0.5]
    entries = do(s, "random_discard", "Coffee")
    assert sorted_names(s, s.hands[JACK]) == ["Medicine"] and s.wounds[JACK] == 1
    rules = rules_cited(entries)
    assert rules[0] == "mf.10.6" and "receives 1 wound" in entries[1].text
    assert s.card_name(s.action_discard[-1]) == "Coffee"
    # Face down: Jill learns that a card went, not which.
    assert "[mf.10.6] Jack discards a card at random, face down." in s.trace_for(JILL)


@pytest.mark.rule("mf.10.6")
def test_passing_through_an_ambush_costs_nothing() -> None:
    s = start_state({"position": FOSTER, "hand": ["Sprint", "Sprint", "Medicine"]})
    skip_to_main_play(s)
    do(s, "play", "Sprint")
    do(s, "play", "Sprint")
    entries = do(s, "finish") + do(s, "nothing") + do(s, "move", 2)
    # Stopped at the second Sprint's choice: nothing was discarded, no wound was taken.
    assert s.pos[JACK] == KINGSLEY and s.decision.rule == "mf.12.2"
    assert s.wounds[JACK] == 0 and sorted_names(s, s.hands[JACK]) == ["Medicine"]
    passing = [e.text for e in entries if e.rule == "mf.10.6"]
    assert passing == [
        "Jack passes through the ambush on Cannery Row without stopping: no penalty."
    ]


@pytest.mark.rule("mf.10.7")
def test_a_move_ending_on_the_broken_road_ends_on_the_road_before_it() -> None:
    s = start_state({"position": KINGSLEY})
    entries = do(s, "move", 1)
    assert s.pos[JACK] == KINGSLEY
    assert "mf.10.7" in rules_cited(entries)
    assert "night_pick" not in pending_picks(s)  # no crossing
    assert len(s.night) == 3

    # Sprinting two roads from the last sunset road stops short in the same way.
    s = start_state({"position": CANNERY, "hand": ["Sprint"]})
    entries = play_card(s, "Sprint") + do(s, "move", 2)
    assert s.pos[JACK] == KINGSLEY and len(s.night) == 3
    bounce = [e.text for e in entries if e.rule == "mf.10.7"]
    assert bounce == [
        "Canal Bridge is the Broken Road: nobody can stop there, so Jack goes "
        "back to Kingsley Street."
    ]


@pytest.mark.rule("mf.10.8")
def test_crossing_the_broken_road_takes_one_action_by_the_night() -> None:
    s = start_state({"position": KINGSLEY, "hand": ["Sprint"]})
    night = s.night[:]
    entries = play_card(s, "Sprint") + do(s, "move", 2)
    assert s.pos[JACK] == VINE
    assert s.decision.player == JACK and s.decision.rule == "mf.10.8"
    assert sorted(a.args[0] for a in s.legal_actions()) == sorted(night)
    chosen = night[1]
    entries = do(s, "take_night", chosen)
    assert chosen in s.hands[JACK]
    assert sorted(s.night) == sorted(c for c in night if c != chosen)
    # The rest go back face down: Jill sees only how many are left and that Jack took one.
    assert s.view(JILL)["piles"]["actions_by_the_night"] == 2
    assert (
        "[mf.10.8] Jack crossed the Broken Road and takes one of the Actions by the "
        "Night." in s.trace_for(JILL)
    )
    assert "mf.10.8" in rules_cited(entries)


@pytest.mark.rule("mf.10.9")
def test_without_the_broken_road_nobody_reaches_the_actions_by_the_night() -> None:
    s = start_state({"position": KINGSLEY, "hand": ["Sprint"]}, roads=NO_BROKEN)
    assert s.broken_pos == -1
    assert "mf.10.9" in rules_cited(s.trace)
    entries = play_card(s, "Sprint") + do(s, "move", 2)
    assert s.pos[JACK] == VINE
    assert "night_pick" not in pending_picks(s)
    assert len(s.night) == 3 and "mf.10.8" not in rules_cited(entries)

    # The note disappears when the scenario's road does hold the Broken Road.
    s = start_state({"position": KINGSLEY})
    assert "mf.10.9" not in rules_cited(s.trace)


@pytest.mark.rule("mf.10.10")
def test_landing_on_the_end_takes_one_action_by_the_dark() -> None:
    s = start_state({"position": 12, "hand": ["Coffee"]}, {"position": 12})
    dark = s.dark[:]
    do(s, "move", 1)
    assert s.pos[JACK] == END
    assert s.decision.rule == "mf.10.10" and s.decision.player == JACK
    assert sorted(a.args[0] for a in s.legal_actions()) == sorted(dark)
    entries = do(s, "take_dark", dark[0])
    assert sorted_names(s, s.hands[JACK]) == sorted(["Coffee", s.card_name(dark[0])])
    assert s.dark == dark[1:]
    assert s.view(JILL)["piles"]["actions_by_the_dark"] == 1
    public = [e.public_text for e in entries if e.rule == "mf.10.10"]
    assert public == ["Jack reached the End of the Road and takes one of the Actions by the Dark."]


@pytest.mark.rule("mf.10.11")
def test_reaching_the_end_does_not_end_the_game_and_the_only_move_is_to_stay() -> None:
    s = start_state(
        {"position": 12, "hand": ["Coffee", "Medicine", "Crowbar", "Hunch", "Recall", "Gun"]},
        {"position": FOSTER, "hand": JILL_HAND},
        event_deck_top=["Cold Rain", "Sprained Ankle"],
    )
    do(s, "move", 1)
    do(s, "take_dark", s.dark[0])
    assert s.pos[JACK] == END and not s.is_terminal()
    do(s, "nothing")
    do(s, "nothing")
    # Jill's turn comes round as usual; then Jack's, with nowhere further to go.
    assert s.turn_player == JILL and not s.is_terminal()
    do(s, "move", 0)
    do(s, "nothing")
    do(s, "nothing")
    assert s.turn_player == JACK and s.decision.rule == "mf.8.2"
    assert [a.args for a in s.legal_actions()] == [(0,)]
    entries = do(s, "move", 0)
    assert s.pos[JACK] == END
    assert entries[0].rule == "mf.10.11" and "no further to go" in entries[0].text


@pytest.mark.rule("mf.10.12")
def test_movement_cut_short_by_the_end_may_still_be_chosen() -> None:
    # Sprint offers two roads; one road before the End, Jack may still move one.
    s = start_state({"position": 12, "hand": ["Sprint"]}, {"position": 12})
    play_card(s, "Sprint")
    assert [a.args[0] for a in s.legal_actions()] == [0, 1]
    entries = do(s, "move", 1)
    assert s.pos[JACK] == END and rules_cited(entries)[0] == "mf.10.12"

    # The same with the two-road move bought by expending Conserved Energy.
    s = start_state(
        {"position": 12}, {"position": 12}, conserved=["Coffee", "Medicine", "Crowbar", "Hunch"]
    )
    do(s, "expend", "move")
    assert [a.args[0] for a in s.legal_actions()] == [0, 1]
    entries = do(s, "move", 1)
    assert s.pos[JACK] == END and rules_cited(entries)[0] == "mf.10.12"
