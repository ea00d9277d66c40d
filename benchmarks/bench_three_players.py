"""Benchmark: three-player Mantis Falls, with every module combination, against 2 players.

Issue 15 asks that three-player games with all modules play at least half as many games
per second as the two-player base game, with tracing off.  This plays seeded random
games of the two-player base game and of every three-player configuration (Triad alone,
with Full Circle, with Under the Rose, with both), interleaved in short rounds so that a
busy machine slows them alike, and prints one JSON object: games/s and actions/s for
each, each three-player rate over the two-player one, the load average, and which
engine build ran.  Nothing is asserted: speed is measured here, never in the tests.
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

SECONDS = 6.0
"""Total playing time per configuration (in rounds of half a second each)."""
CONFIGS = {
    "two_players": {"players": 2},
    "three_players_triad": {"players": 3, "modules": ["triad"]},
    "three_players_full_circle": {"players": 3, "modules": ["triad", "full_circle"]},
    "three_players_under_the_rose": {"players": 3, "modules": ["triad", "under_the_rose"]},
    "three_players_all_modules": {
        "players": 3,
        "modules": ["triad", "full_circle", "under_the_rose"],
    },
}


def main() -> None:
    """Print the benchmark's JSON report."""
    games = {key: tutor.load_game("mantis_falls", **opts) for key, opts in CONFIGS.items()}
    totals: dict[str, dict[str, Any]] = {
        key: {"games": 0, "steps": 0, "seconds": 0.0, "turns": 0} for key in CONFIGS
    }
    rounds = int(SECONDS / 0.5)
    for _ in range(rounds):
        for key, game in games.items():
            t = totals[key]
            start = time.perf_counter()
            while time.perf_counter() - start < 0.5:
                state = game.new_state(seed=t["games"], tracing=False)
                random_playout(state, Rng(t["games"]))
                t["games"] += 1
                t["steps"] += state.steps
                t["turns"] += state.turn_number
            t["seconds"] += time.perf_counter() - start
    out = {}
    for key, t in totals.items():
        out[key] = {
            "options": CONFIGS[key],
            "games": t["games"],
            "seconds": round(t["seconds"], 2),
            "games_per_second": round(t["games"] / t["seconds"], 1),
            "steps_per_second": round(t["steps"] / t["seconds"]),
            "mean_turns_per_game": round(t["turns"] / t["games"], 1),
        }
    base = out["two_players"]["games_per_second"]
    ratios = {
        key: round(o["games_per_second"] / base, 2)
        for key, o in out.items()
        if key != "two_players"
    }
    report = {
        "benchmark": "three_players",
        "game": "mantis_falls",
        "tracing": False,
        "policy": "uniform random (tutor.core.random_playout)",
        "python": sys.version.split()[0],
        "engine": engine_status().get("tutor.games.mantis_falls.engine", "not loaded"),
        "machine": platform.machine(),
        **out,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "three_over_two_rate": ratios,
        "goal": "three_over_two_rate['three_players_all_modules'] >= 0.5 (issue 15)",
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
