"""Benchmark: Creepy Falls random games per second, at 4 players and by player count.

The issue's target is 500 random 4-player games per second with tracing off on one core.
This plays seeded random games to the end for about three seconds per setting (4 players
tracing off and on, then 2, 3 and 5 players tracing off), times the greedy and lookahead
bots over a few games, and prints one JSON object with the games and steps per second and
which engine build ran ("compiled" with mypyc or the Python source).  Nothing is
asserted: speed is measured here, never in the tests.
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


def run(players: int, tracing: bool, seconds: float = SECONDS) -> dict[str, Any]:
    """Play seeded random games for about ``seconds``; return the counts and rates."""
    game = tutor.load_game("creepy_falls", players=players)
    games = steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_state(seed=games, tracing=tracing)
        random_playout(state, Rng(games))
        games += 1
        steps += state.steps
        elapsed = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "steps_per_second": round(steps / elapsed),
        "mean_steps_per_game": round(steps / games, 1),
    }


def bots(name: str, games: int) -> dict[str, Any]:
    """Seconds per 4-player game with ``name`` in every seat (tracing off)."""
    policy = tutor.spec_for("creepy_falls").hook("bots")[name]()
    game = tutor.load_game("creepy_falls", players=4)
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_state(seed=seed, tracing=False)
        state.play_out(Rng(seed), policies=[policy] * 4)
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds_per_game": round(elapsed / games, 3)}


def main() -> None:
    """Print the benchmark's JSON report."""
    off = run(4, tracing=False)
    on = run(4, tracing=True)
    report = {
        "benchmark": "creepy_falls_playouts",
        "game": "creepy_falls",
        "policy": "uniform random (tutor.core.random_playout)",
        "target_games_per_second_4p_tracing_off": 500,
        "python": sys.version.split()[0],
        "engine": engine_status().get("tutor.games.creepy_falls.engine", "not loaded"),
        "machine": platform.machine(),
        "players_4_tracing_off": off,
        "players_4_tracing_on": on,
        "tracing_cost_percent": round(
            100 * (off["games_per_second"] / on["games_per_second"] - 1), 1
        ),
        "by_players_tracing_off": {
            str(n): run(n, tracing=False, seconds=SECONDS / 2) for n in (2, 3, 5)
        },
        "bots_4_players": {"greedy": bots("greedy", 5), "lookahead": bots("lookahead", 2)},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
