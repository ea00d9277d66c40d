"""Benchmark: random Mantis Falls games per second with and without Under the Rose.

The module adds agents, burying and payments to every game (topic 23), and its hooks sit
in the shared engine behind one flag; this measures what the module costs a game and
that the base game's speed is unchanged by the hooks.  It plays seeded random 2-player
games, tracing off, for about three seconds each way, alternating the two
configurations in rounds so that machine load hits both alike, and prints one JSON
object.  Nothing is asserted: speed is measured here, never in the tests.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from typing import Any

import tutor
from tutor.core import Rng, random_playout
from tutor.core.native import engine_status

SECONDS = 3.0
ROUNDS = 3
CONFIGS = {"base": {}, "under_the_rose": {"modules": ["under_the_rose"]}}


def run(options: dict[str, Any], first_seed: int, seconds: float) -> tuple[int, int, float]:
    """Play games from ``first_seed`` on for about ``seconds``: (games, steps, seconds)."""
    game = tutor.load_game("mantis_falls", players=2, **options)
    games = steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        seed = first_seed + games
        state = game.new_state(seed=seed, tracing=False)
        random_playout(state, Rng(seed))
        games += 1
        steps += state.steps
        elapsed = time.perf_counter() - start
    return games, steps, elapsed


def main() -> None:
    """Print the benchmark's JSON report."""
    totals = {name: [0, 0, 0.0] for name in CONFIGS}
    for r in range(ROUNDS):
        for name, options in CONFIGS.items():
            games, steps, elapsed = run(options, r * 100_000, SECONDS / ROUNDS)
            totals[name][0] += games
            totals[name][1] += steps
            totals[name][2] += elapsed
    rates = {
        name: {
            "games": games,
            "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 1),
            "steps_per_second": round(steps / elapsed),
            "mean_steps_per_game": round(steps / games, 1),
        }
        for name, (games, steps, elapsed) in totals.items()
    }
    base, rose = rates["base"]["games_per_second"], rates["under_the_rose"]["games_per_second"]
    report = {
        "benchmark": "under_the_rose",
        "game": "mantis_falls",
        "players": 2,
        "policy": "uniform random (tutor.core.random_playout)",
        "tracing": False,
        "python": sys.version.split()[0],
        "engine": engine_status().get("tutor.games.mantis_falls.engine", "not loaded"),
        "machine": platform.machine(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "rates": rates,
        "module_rate_vs_base": round(rose / base, 3),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
