"""Benchmark: how many random Mantis Falls games per second one core plays.

Bulk simulation (workshop charts, ``tutor simulate``) depends on playout speed, and the
trace must be cheap to switch off.  This plays random 2-player games to the end for
about three seconds with tracing off, then again with tracing on, and prints one JSON
object: games/s and actions (steps)/s for each, and which engine build ran ("compiled"
by setup.py with mypyc, or the Python source; ``RULES_TUTOR_PURE_PYTHON=1`` measures the
source).  Nothing is asserted: speed is measured here, never in the tests.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from typing import Any

import tutor
from tutor.core import Rng, random_playout
from tutor.core.native import engine_status

SECONDS = 3.0


def run(tracing: bool, seconds: float = SECONDS) -> dict[str, Any]:
    """Play seeded random games for about ``seconds``; return the counts and rates."""
    game = tutor.load_game("mantis_falls", players=2)
    games = steps = entries = 0
    start, cpu = time.perf_counter(), time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_state(seed=games, tracing=tracing)
        random_playout(state, Rng(games))
        games += 1
        steps += state.steps
        entries += len(state.trace)
        elapsed = time.perf_counter() - start
    cpu_s = time.process_time() - cpu
    return {
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        # This process's CPU time: on a shared machine the wall clock counts others' work.
        "games_per_second_cpu": round(games / cpu_s, 1),
        "steps_per_second": round(steps / elapsed),
        "mean_steps_per_game": round(steps / games, 1),
        "mean_trace_entries_per_game": round(entries / games, 1),
    }


def main() -> None:
    """Print the benchmark's JSON report."""
    off = run(tracing=False)
    on = run(tracing=True)
    report = {
        "benchmark": "playouts",
        "game": "mantis_falls",
        "players": 2,
        "policy": "uniform random (tutor.core.random_playout)",
        "python": sys.version.split()[0],
        # "compiled" (mypyc build, see setup.py) or "source (<why>)".
        "engine": engine_status().get("tutor.games.mantis_falls.engine", "not loaded"),
        "machine": platform.machine(),
        "tracing_off": off,
        "tracing_on": on,
        "tracing_cost_percent": round(
            100 * (off["games_per_second"] / on["games_per_second"] - 1), 1
        ),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
