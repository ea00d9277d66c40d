"""Tests for bulk simulation: reproducible rows, parallel runs, event outcomes and metrics.

Why this file exists: workshop numbers ("the assassin wins 41% of the time") are only
worth showing if the same seed gives the same games however many processes play them,
if every row agrees with the rules that ended the game, and if the metrics are the
right arithmetic.  The event log the engine keeps for simulation (one entry per
processed event) is checked against the trace on rulebook examples.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, rules_cited, skip_to_main_play

from tutor.analysis.simulation import derive_seed, simulate, summarise, sweep, wilson_interval
from tutor.core.scenario import load_scenario

MID_GAME = Path(__file__).parent / "scenarios" / "mid_game.yaml"
OUTCOMES = {"prevented", "defeated", "undefeated", "incident", "unresolved"}


def quick(**kw: Any) -> list[dict[str, Any]]:
    kw.setdefault("progress", False)
    kw.setdefault("processes", 1)
    return simulate("mantis_falls", **kw)


# ---------------------------------------------------------------- the engine's event log
def test_event_log_records_an_undefeated_opposition() -> None:
    """Street Thug is drawn and nobody fights it: processed as undefeated (mf.11.5)."""
    state = mf_state(setup={"turn_player": 0, "event_deck_top": ["Street Thug"]})
    skip_to_main_play(state)
    do(state, "nothing")
    entries = do(state, "nothing")
    assert state.event_log == ["street_thug_1:undefeated"]
    assert {"mf.11.5", "mf.11.6"} <= set(rules_cited(entries))


def test_event_log_records_a_prevented_event() -> None:
    """Jack takes cover: the Cold Rain is prevented, none of it happens (mf.11.3)."""
    state = mf_state(
        setup={
            "turn_player": 0,
            "event_deck_top": ["Cold Rain"],
            "players": [{"hand": ["Take Cover", "Coffee"]}, {}],
        }
    )
    skip_to_main_play(state)
    do(state, "play", "Take Cover")
    do(state, "finish")
    entries = do(state, "nothing")
    assert state.event_log == ["cold_rain:prevented"]
    assert state.wounds[0] == 0
    assert "mf.11.3" in rules_cited(entries)


def test_event_log_survives_clone_and_save() -> None:
    state = mf_state(setup={"turn_player": 0, "event_deck_top": ["Cold Rain"]})
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    assert state.event_log == ["cold_rain:incident"]
    copy = state.clone()
    copy.event_log.append("x:y")
    assert state.event_log == ["cold_rain:incident"]
    again = state.game.state_from_dict(state.to_dict())
    assert again.event_log == state.event_log and again == state


# ---------------------------------------------------------------- rows
def test_rows_agree_with_the_rules_that_ended_each_game() -> None:
    rows = quick(games=30, seed=2)
    assert [r["index"] for r in rows] == list(range(30))
    for r in rows:
        assert r["seed"] == derive_seed(2, r["index"])
        assert r["end"] in ("escape", "death")
        assert sorted(r["roles"]) in (["assassin", "witness"], ["witness", "witness"])
        assert r["deaths"] == len(r["dead"]) and r["dead_roles"] == sorted(
            r["roles"][p] for p in r["dead"]
        )
        if r["tie"]:  # mf.20.6: a witness and the assassin both died
            assert r["dead_roles"] == ["assassin", "witness"] and r["winners"] == []
        for p, ret in enumerate(r["returns"]):
            assert ret == (1.0 if p in r["winners"] else (0.0 if r["tie"] else -1.0))
        for made, kept, p in zip(r["gasps"], r["gasps_survived"], range(2), strict=True):
            assert kept == made - (1 if p in r["dead"] else 0)
        assert r["events"], "every game draws at least one event"
        assert {e["outcome"] for e in r["events"]} <= OUTCOMES
        assert r["decisions"] > 0 and r["branching"] >= 1.0


def test_a_row_replays_to_the_same_game() -> None:
    """The row's seed rebuilds the game: playing it again gives the same outcome."""
    rows = quick(games=4, seed=9, policies=("heuristic", "random"))
    again = quick(games=4, seed=9, policies=("heuristic", "random"))
    assert rows == again
    assert rows != quick(games=4, seed=10, policies=("heuristic", "random"))


def test_rows_do_not_depend_on_the_number_of_processes() -> None:
    one = quick(games=16, seed=5, policies=("heuristic", "heuristic"))
    two = simulate(
        "mantis_falls",
        games=16,
        seed=5,
        policies=("heuristic", "heuristic"),
        processes=2,
        progress=False,
        chunk_size=3,
    )
    assert one == two


def test_a_concurrent_futures_executor_gives_the_same_rows() -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        rows = simulate(
            "mantis_falls", games=10, seed=1, executor=pool, progress=False, chunk_size=4
        )
    assert rows == quick(games=10, seed=1)


class GatherClient:
    """A client with dask.distributed's map/gather shape, running the tasks inline."""

    def __init__(self) -> None:
        self.mapped = 0

    def map(self, fn: Any, items: list[Any], pure: bool = True) -> list[Any]:
        self.mapped += len(items)
        return [fn(item) for item in items]

    def gather(self, futures: list[Any]) -> list[Any]:
        return futures


def test_a_client_with_gather_is_used_like_a_dask_client() -> None:
    """Without dask installed, a map/gather client still gets the chunks (gather path)."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("dask is installed: the LocalCluster test covers this path")
    client = GatherClient()
    rows = simulate("mantis_falls", games=7, seed=3, executor=client, progress=False, chunk_size=2)
    assert client.mapped == 4
    assert rows == quick(games=7, seed=3)


def test_dask_local_cluster_gives_the_same_rows() -> None:
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        rows = simulate(
            "mantis_falls", games=8, seed=4, executor=client, progress=False, chunk_size=3
        )
    assert rows == quick(games=8, seed=4)


def test_starting_from_a_scenario_keeps_its_roles_and_position() -> None:
    rows = quick(start=MID_GAME, games=12, seed=1)
    state = load_scenario(MID_GAME).state
    assert all(r["roles"] == ["witness", "assassin"] for r in rows)
    assert all(r["positions"][p] >= state.pos[p] for r in rows for p in (0, 1))
    assert rows == quick(start=state, games=12, seed=1)
    assert rows == simulate(
        "mantis_falls", start=state, games=12, seed=1, processes=1, progress=False
    )


def test_max_turns_stops_games_at_the_end_of_the_current_turn() -> None:
    rows = quick(start=MID_GAME, games=10, seed=2, max_turns=0)
    assert all(r["end"] in ("cut", "death") for r in rows)
    assert all(r["turns"] <= 2 for r in rows)
    assert summarise(rows)["unfinished"] == sum(r["end"] == "cut" for r in rows)


def test_sweep_tags_each_variant() -> None:
    rows = sweep(
        "mantis_falls",
        {"random": {}, "heuristic": {"policies": ("heuristic", "heuristic")}},
        games=3,
        seed=1,
        processes=1,
        progress=False,
    )
    assert [r["variant"] for r in rows] == ["random"] * 3 + ["heuristic"] * 3
    assert rows[3]["policies"] == ["heuristic", "heuristic"]


def test_progress_bar_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    quick(games=5, seed=1, progress=True)
    assert "5/5" in capsys.readouterr().err


def test_bad_requests_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="2 players but 1 bots"):
        quick(games=1, policies=("random",))
    with pytest.raises(ValueError, match="no bot named 'genius'"):
        quick(games=1, policies=("random", "genius"))
    with pytest.raises(ValueError, match="zero or more"):
        quick(games=-1)
    with pytest.raises(ValueError, match="needs a game name"):
        simulate(games=1, progress=False)


# ---------------------------------------------------------------- metrics
def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson_interval(5, 10)
    assert math.isclose(low, 0.2366, abs_tol=1e-4) and math.isclose(high, 0.7634, abs_tol=1e-4)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and math.isclose(high, 0.1611, abs_tol=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def row(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "policies": ["random", "random"],
        "first_player": 0,
        "roles": ["witness", "assassin"],
        "winners": [],
        "winner_roles": [],
        "end": "death",
        "tie": False,
        "turns": 10,
        "steps": 100,
        "decisions": 50,
        "branching": 4.0,
        "dead": [],
        "gasps": [0, 0],
        "gasps_survived": [0, 0],
        "events": [],
    }
    base.update(kw)
    return base


def test_summary_arithmetic_on_known_rows() -> None:
    rows = [
        row(
            winners=[0],
            winner_roles=["witness"],
            dead=[1],
            gasps=[1, 1],
            gasps_survived=[1, 0],
            events=[{"event": "Street Thug", "kind": "opposition", "outcome": "defeated"}],
        ),
        row(
            winners=[1],
            winner_roles=["assassin"],
            first_player=1,
            dead=[0],
            gasps=[2, 0],
            gasps_survived=[1, 0],
            turns=20,
            decisions=50,
            branching=8.0,
            events=[{"event": "Cold Rain", "kind": "incident", "outcome": "prevented"}],
        ),
        row(
            roles=["witness", "witness"],
            end="escape",
            winners=[0, 1],
            winner_roles=["witness"],
            turns=30,
        ),
        row(tie=True, dead=[0, 1], gasps=[1, 1]),
    ]
    s = summarise(rows, "mantis_falls")
    assert s["games"] == 4 and s["unfinished"] == 0
    assert s["win_rate"]["witness"]["count"] == 2 and s["win_rate"]["witness"]["of"] == 4
    assert s["win_rate"]["assassin"]["count"] == 1 and s["win_rate"]["assassin"]["of"] == 3
    assert s["win_rate_by_bot"]["witness (random)"]["of"] == 5
    assert s["tie_rate"]["count"] == 1 and s["escape_rate"]["rate"] == 0.25
    # The first player won games 1, 2 (player 1 went first) and 3 (both escaped); the
    # second player only game 3.
    assert s["first_player"]["first"]["count"] == 3
    assert s["first_player"]["second"]["count"] == 1
    assert s["first_player"]["advantage"] == 0.5
    assert s["length"]["turns"]["mean"] == 17.5
    assert s["branching_factor"] == (4 * 50 * 3 + 8 * 50) / 200
    assert s["events"]["by_kind"] == {"opposition": {"defeated": 1}, "incident": {"prevented": 1}}
    assert s["last_gasp"]["count"] == 2 and s["last_gasp"]["of"] == 6
    assert s["gasps_per_game"] == 1.5


def test_summary_of_real_games_is_consistent() -> None:
    rows = quick(games=40, seed=11)
    s = summarise(rows)
    events = sum(len(r["events"]) for r in rows)
    assert sum(sum(v.values()) for v in s["events"]["by_kind"].values()) == events
    assert sum(sum(v.values()) for v in s["events"]["by_event"].values()) == events
    assert 0 <= s["last_gasp"]["low"] <= s["last_gasp"]["rate"] <= s["last_gasp"]["high"] <= 1
    assert s["death_rate"]["count"] + s["escape_rate"]["count"] == 40


def test_the_package_export_is_the_function_even_after_the_module_loads() -> None:
    import tutor.analysis.simulation  # noqa: F401  (loading the module must not shadow it)
    from tutor.analysis import simulate as exported

    assert callable(exported) and exported.__name__ == "simulate"
