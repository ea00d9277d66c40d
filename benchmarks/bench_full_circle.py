"""Benchmark: random Mantis Falls games per second with the Full Circle module and without.

The module adds cards to the decks, deals characters face down and checks afflictions when
events wound a player; this measures what that costs in bulk simulation.  It plays the
same seeds of random 2-player games with tracing off, alternating short rounds of the
base game and of the module so that a changing machine load hits both alike, and prints
one JSON object: games/s and steps/s for each and their ratio.  Nothing is asserted.
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

ROUNDS = 6
SECONDS_PER_ROUND = 1.0


def play_round(game: Any, first_seed: int, seconds: float) -> tuple[int, int, float]:
    """Play seeded random games from ``first_seed`` for about ``seconds``, tracing off."""
    games = steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_state(seed=first_seed + games, tracing=False)
        random_playout(state, Rng(first_seed + games))
        games += 1
        steps += state.steps
        elapsed = time.perf_counter() - start
    return games, steps, elapsed


def main() -> None:
    """Print the benchmark's JSON report."""
    configs = {"base": {}, "full_circle": {"modules": ["full_circle"]}}
    games = {
        name: tutor.load_game("mantis_falls", players=2, **opts) for name, opts in configs.items()
    }
    totals = {name: [0, 0, 0.0] for name in configs}
    for r in range(ROUNDS):
        for name, game in games.items():
            g, s, t = play_round(game, r * 10_000, SECONDS_PER_ROUND)
            totals[name][0] += g
            totals[name][1] += s
            totals[name][2] += t
    rates = {
        name: {
            "games": int(g),
            "seconds": round(t, 3),
            "games_per_second": round(g / t, 1),
            "steps_per_second": round(s / t),
            "mean_steps_per_game": round(s / g, 1),
        }
        for name, (g, s, t) in totals.items()
    }
    report = {
        "benchmark": "full_circle",
        "game": "mantis_falls",
        "players": 2,
        "policy": "uniform random (tutor.core.random_playout), tracing off",
        "python": sys.version.split()[0],
        "engine": engine_status().get("tutor.games.mantis_falls.engine", "not loaded"),
        "machine": platform.machine(),
        "load_average": list(os.getloadavg()),
        "base": rates["base"],
        "full_circle": rates["full_circle"],
        "full_circle_vs_base": round(
            rates["full_circle"]["games_per_second"] / rates["base"]["games_per_second"], 3
        ),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
