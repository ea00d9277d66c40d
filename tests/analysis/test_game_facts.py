"""Tests for the per-game facts in simulation rows: where events strike, Last Gasps, deaths.

Why this file exists: the workshop charts ("events hurt more on the dark roads",
"a Last Gasp with healing in hand is usually survived") are only as good as the facts
each row records.  Each test puts a rulebook situation on the table, plays it through
:func:`~tutor.analysis.simulation.simulate` with tracing off, and checks the row against
what the rules say happened (and, where the engine counts something for simulations,
against the trace of the same position played with tracing on).
"""

from __future__ import annotations

from typing import Any

from games.mantis_falls.mf_helpers import do, mf_state, rules_cited, skip_to_main_play
from games.mantis_falls.tables import JACK, JILL, ROADS_NO_BROKEN, fixed_state

import tutor
from tutor.analysis.simulation import simulate
from tutor.games.mantis_falls.bots import HeuristicWitness
from tutor.games.mantis_falls.facts import road_region


def one_turn(state: Any, games: int = 3, **kw: Any) -> list[dict[str, Any]]:
    """Play on from ``state`` to the end of the current turn (tracing off)."""
    kw.setdefault("policies", (HeuristicWitness(), "random"))
    return simulate(
        start=state, games=games, seed=1, processes=1, progress=False, max_turns=0, **kw
    )


def cold_rain(position: int, **jack: Any) -> Any:
    """Jack's turn on ``position`` (every road face up); the event is Cold Rain."""
    return fixed_state(
        {"position": position, "role": "witness", **jack},
        {"position": position, "role": "assassin", "hand": ["Rabbit's Foot"]},
        roads=ROADS_NO_BROKEN,
        turn_player=JACK,
        event="Cold Rain",
    )


def test_road_regions_follow_the_serpentine_road() -> None:
    """Position 0 is the Start, 1-4 sunset, 5-8 night, 9-12 dark, 13 the End (road_grid)."""
    assert [road_region(q) for q in range(14)] == (
        ["start"] + ["sunset"] * 4 + ["night"] * 4 + ["dark"] * 4 + ["end"]
    )


def test_an_incident_is_recorded_with_its_region_and_the_wounds_it_dealt() -> None:
    """Cold Rain on the dark roads: its effect and its bonus both wound Jack (mf.11.3)."""
    traced = cold_rain(10, hand=["Coffee"])
    skip_to_main_play(traced)
    do(traced, "nothing")
    entries = do(traced, "nothing")
    assert "mf.11.3" in rules_cited(entries)
    dealt = sum(
        after - before
        for e in entries
        for what, before, after in e.changes
        if what == "wounds" and e.rule == "mf.11.3"
    )
    assert dealt >= 2  # the dark-road bonus applies too
    assert traced.event_log == ["cold_rain:incident"]
    assert traced.event_stats == [(10, dealt)]
    # The same turn simulated with tracing off records the same facts in the row.
    rows = one_turn(cold_rain(10, hand=["Coffee"]))
    for row in rows:
        (event,) = [e for e in row["events"] if e["event"] == "Cold Rain"]
        assert event == {
            "event": "Cold Rain",
            "kind": "incident",
            "outcome": "incident",
            "region": "dark",
            "wounds": dealt,
        }


def test_a_prevented_event_deals_no_wounds() -> None:
    """Jack takes cover: the Cold Rain is prevented (mf.11.3) and hurts nobody."""
    state = cold_rain(2, hand=["Take Cover"])
    skip_to_main_play(state)
    do(state, "play", "Take Cover")
    do(state, "finish")
    entries = do(state, "nothing")
    assert "mf.11.3" in rules_cited(entries)
    assert state.event_stats == [(2, 0)] and state.wounds == [0, 0]
    rows = one_turn(cold_rain(2, hand=["Take Cover"]), games=20, policies=("random", "random"))
    events = [e for row in rows for e in row["events"]]
    assert {e["region"] for e in events} == {"sunset"}
    assert {e["outcome"] for e in events} == {"prevented", "incident"}
    assert all(e["wounds"] == (0 if e["outcome"] == "prevented" else 1) for e in events)


def test_event_counters_survive_clone_and_save() -> None:
    state = cold_rain(10, hand=["Coffee"])
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    copy = state.clone()
    copy.event_stats.append((1, 1))
    assert state.event_stats == [(10, state.wounds[JACK])]
    again = state.game.state_from_dict(state.to_dict())
    assert again.event_stats == state.event_stats and again == state
    old = state.to_dict()
    del old["event_stats"]  # a state saved before the counter existed
    assert state.game.state_from_dict(old).event_stats == []


def test_a_survived_last_gasp_records_its_situation() -> None:
    """7 of 8 wounds, Medicine and Doctor's Bag in hand: Cold Rain brings a Last Gasp
    (mf.16.3), Jack heals in it and survives (mf.17.5)."""
    rows = one_turn(cold_rain(2, wounds=7, hand=["Medicine", "Doctor's Bag", "Sprint"]))
    for row in rows:
        assert row["last_gasps"] == [
            {
                "player": JACK,
                "role": "witness",
                "number": 1,
                "wounds_to_max": 1,
                "healing_in_hand": 2,
                "survived": True,
            }
        ]
        assert row["gasps"] == [1, 0] and row["first_dead"] is None
        assert row["first_dead_role"] is None and row["role_setup"] == "witness/assassin"


def test_a_third_last_gasp_is_fatal_and_names_who_died_first() -> None:
    """Gasp marker at 2: Jack's next Last Gasp ends with the marker at 3, so he dies
    (mf.18.1) whatever he plays; the witness died first and the assassin wins."""
    state = cold_rain(2, wounds=7, gasps=2, hand=["Sprint"])
    rows = one_turn(state, policies=("random", "random"))
    for row in rows:
        (gasp,) = row["last_gasps"]
        assert gasp["number"] == 3 and gasp["survived"] is False
        assert gasp["wounds_to_max"] == 1 and gasp["healing_in_hand"] == 0
        assert row["first_dead"] == JACK and row["first_dead_role"] == "witness"
        assert row["dead"] == [JACK] and row["winner_roles"] == ["assassin"]


def test_role_setup_names_a_game_of_witnesses() -> None:
    state = fixed_state(
        {"role": "witness"}, {"role": "witness"}, roads=ROADS_NO_BROKEN, event="Cold Rain"
    )
    row = one_turn(state, games=1, policies=("random", "random"))[0]
    assert row["roles"] == ["witness", "witness"] and row["role_setup"] == "witness/witness"


def test_whole_games_keep_their_facts_consistent() -> None:
    """Across random games: one gasp record per Last Gasp, events add up, first death fits."""
    rows = simulate("mantis_falls", games=40, seed=5, processes=1, progress=False)
    for row in rows:
        assert len(row["last_gasps"]) == sum(row["gasps"])
        for p in (JACK, JILL):
            mine = [g for g in row["last_gasps"] if g["player"] == p]
            assert [g["number"] for g in mine] == list(range(1, row["gasps"][p] + 1))
            assert all(g["survived"] is not None for g in mine)
            assert sum(g["survived"] for g in mine) == row["gasps_survived"][p]
            assert all(1 <= g["wounds_to_max"] <= 8 and g["healing_in_hand"] >= 0 for g in mine)
        if row["dead"]:
            assert row["first_dead"] in row["dead"]
        else:
            assert row["first_dead"] is None
        for event in row["events"]:
            assert event["region"] in ("start", "sunset", "night", "dark", "end")
            assert event["wounds"] >= 0
    assert any(row["last_gasps"] for row in rows)


def test_a_state_from_before_the_counter_still_simulates() -> None:
    state = mf_state(seed=4)
    data = state.to_dict()
    del data["event_stats"]
    old = state.game.state_from_dict(data)
    assert simulate(start=old, games=2, seed=1, processes=1, progress=False)


def test_a_teaching_scenarios_session_can_be_the_start() -> None:
    """simulate(start=session) plays on from the session's position, as from its state."""
    session = tutor.load_teaching_scenario("mantis_falls", "desperate_witness")
    rows = simulate(start=session, games=5, seed=2, processes=1, progress=False)
    assert rows == simulate(start=session.state, games=5, seed=2, processes=1, progress=False)
    assert all(r["roles"] == session.state.roles for r in rows)
