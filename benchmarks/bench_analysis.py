"""Benchmark of the analysis kit: bulk rollouts, decision trees and the tree figure.

Prints one JSON object so results can be compared across machines and commits (speed
is measured here, never asserted in tests).  Targets from issue 4, on a 2-core
machine: 10,000 random-bot rollouts from a mid-game scenario under 5 s wall, a depth-3
tree from a typical decision point under 1 s, a 500-node tree figure built under 0.5 s.

The machine may be shared: the rollouts are timed ``--repeats`` times and the best
wall time is reported with every run, the CPU seconds they used (this process and its
workers) and the load average at the start, so a slow run caused by other programs can
be told from a slow engine.  The Monte-Carlo bot's cost per decision is measured too.

Usage: ``python benchmarks/bench_analysis.py [--games N] [--processes P] [--repeats R]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path

from tutor.analysis.policies import MonteCarloPolicy
from tutor.analysis.simulation import simulate, summarise
from tutor.analysis.trees import decision_tree, tree_stats
from tutor.charts import tree_figure
from tutor.core.rng import Rng
from tutor.core.scenario import load_scenario

SCENARIO = Path(__file__).parent.parent / "tests" / "analysis" / "scenarios" / "mid_game.yaml"


def best_of(repeats: int, fn: object) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeats):
        t = time.perf_counter()
        result = fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t)
    return best, result


def cpu_seconds() -> float:
    """User + system CPU time of this process and of its finished worker processes."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    t = time.perf_counter()
    state = load_scenario(SCENARIO).state
    load_s = time.perf_counter() - t

    # Warm the card data in this process so forked workers inherit it.
    simulate(start=state, games=20, seed=0, processes=1, progress=False)

    load_average = [round(x, 2) for x in os.getloadavg()]
    runs, cpu_runs = [], []
    for _ in range(max(1, args.repeats)):
        cpu, t = cpu_seconds(), time.perf_counter()
        rows = simulate(
            start=state, games=args.games, seed=1, processes=args.processes, progress=False
        )
        runs.append(time.perf_counter() - t)
        cpu_runs.append(cpu_seconds() - cpu)
    rollout_s = min(runs)
    summary = summarise(rows)

    # The Monte-Carlo bot (defaults): one decision at the scenario's first main play.
    spot, pick = state.clone(), Rng(0)
    while not spot.is_terminal() and (
        spot.decision_kind() == "chance" or len(spot.legal_actions()) < 8
    ):
        chance = spot.decision_kind() == "chance"
        spot.apply(spot.sample_chance(pick) if chance else spot.legal_actions()[0])
    legal = spot.legal_actions()
    bot = MonteCarloPolicy()
    mc_s, _ = best_of(3, lambda: bot(spot, legal, Rng(0)))

    one_core_games = max(200, args.games // 20)
    t = time.perf_counter()
    simulate(start=state, games=one_core_games, seed=2, processes=1, progress=False)
    one_core_s = time.perf_counter() - t

    t = time.perf_counter()
    simulate(
        start=state,
        games=max(100, args.games // 50),
        seed=3,
        processes=1,
        progress=False,
        policies=("heuristic", "heuristic"),
    )
    heuristic_s = (time.perf_counter() - t) / max(100, args.games // 50)

    tree_s, tree = best_of(3, lambda: decision_tree(state, depth=3))
    stats = tree_stats(tree)  # type: ignore[arg-type]

    big = decision_tree(state, depth=4, max_nodes=200_000)
    prefix = big.subgraph(range(500)).copy()  # node ids are pre-order: a connected subtree
    prefix.graph.update(big.graph)
    fig_s, _ = best_of(3, lambda: tree_figure(prefix))

    print(
        json.dumps(
            {
                "benchmark": "analysis",
                "cpu_count": os.cpu_count(),
                "scenario": str(SCENARIO.relative_to(SCENARIO.parents[3])),
                "scenario_load_s": round(load_s, 3),
                "rollouts": {
                    "games": args.games,
                    "processes": args.processes or os.cpu_count(),
                    "wall_s": round(rollout_s, 3),
                    "wall_s_runs": [round(x, 3) for x in runs],
                    "cpu_s_runs": [round(x, 3) for x in cpu_runs],
                    "load_average_at_start": load_average,
                    "games_per_s": round(args.games / rollout_s, 1),
                    "one_core_ms_per_game": round(1000 * one_core_s / one_core_games, 3),
                    "mean_turns": round(summary["length"]["turns"]["mean"], 2),
                    "mean_steps": round(summary["length"]["steps"]["mean"], 1),
                    "target_wall_s": 5.0,
                },
                "heuristic_ms_per_game": round(1000 * heuristic_s, 3),
                "montecarlo_decision": {
                    "legal_actions": len(legal),
                    "rollouts": bot.rollouts,
                    "horizon_turns": bot.horizon,
                    "ms": round(1000 * mc_s, 1),
                },
                "tree_depth3": {"seconds": round(tree_s, 4), **stats, "target_s": 1.0},
                "tree_figure": {
                    "nodes": prefix.number_of_nodes(),
                    "seconds": round(fig_s, 4),
                    "target_s": 0.5,
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
