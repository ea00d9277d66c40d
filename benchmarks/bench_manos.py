"""Benchmark: Manos random games per second, and exact challenge odds for full hands.

The issue asks for at least 1,000 random games/s with tracing off on one core and the
exact odds of a challenge for a full hand in under 10 ms.  This plays seeded random
games to the end for about three seconds per rules variant (tracing off, then on for
the starter rules), then times :func:`tutor.games.manos.odds.challenge_odds` from each
side on full eight-card hands, and prints one JSON object.  Nothing is asserted: speed
is measured here, never in the tests.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from typing import Any

import tutor
from tutor.core import Rng, random_playout

SECONDS = 3.0
VARIANTS = {
    "starter": [],
    "police": ["police"],
    "showdown": ["showdown"],
    "police+showdown": ["police", "showdown"],
}


def playouts(modules: list[str], tracing: bool, seconds: float = SECONDS) -> dict[str, Any]:
    """Play seeded random games for about ``seconds``; return the counts and rates."""
    game = tutor.load_game("manos", modules=modules)
    games = steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_state(seed=games, tracing=tracing)
        random_playout(state, Rng(games))
        games += 1
        steps += state.steps
        elapsed = time.perf_counter() - start
    used = time.process_time() - cpu
    return {
        "games": games,
        "games_per_second": round(games / elapsed, 1),
        # Per second of this process' CPU: what one free core would do on a busy machine.
        "games_per_cpu_second": round(games / used, 1) if used > 0 else None,
        "steps_per_second": round(steps / elapsed),
        "mean_steps_per_game": round(steps / games, 1),
    }


def odds_timing(repeats: int = 50) -> dict[str, Any]:
    """Milliseconds per exact odds question on full hands, from each side."""
    from tutor.games.manos.odds import challenge_odds

    game = tutor.load_game("manos")
    state = game.new_state(seed=1)
    game.apply_setup(
        state,
        {
            "turn": "manos",
            "hands": {
                "family": [
                    "Determination",
                    "Second Wind",
                    "Grit",
                    "Tire Iron",
                    "Cool Head",
                    "Comfort",
                    "Desperate Push",
                    "Snap Out of It",
                ],
                "manos": [
                    "The Master's Gaze",
                    "Dark Will",
                    "Manos Commands",
                    "No Escape Here",
                    "Torgo Lurches",
                    "Cornered",
                    "Eternal Night",
                    "Hypnotic Stare",
                ],
            },
        },
    )
    out: dict[str, Any] = {}
    for viewer, side in ((0, "family_view"), (1, "manos_view")):
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(repeats):
            challenge_odds(state, viewer, "The Master's Gaze", "Michael")
        out[f"{side}_ms"] = round(1000 * (time.perf_counter() - start) / repeats, 3)
        # CPU time of this process: less distorted than wall time on a busy machine.
        out[f"{side}_cpu_ms"] = round(1000 * (time.process_time() - cpu) / repeats, 3)
    return out


def main() -> None:
    """Print the benchmark's JSON report."""
    report: dict[str, Any] = {
        "benchmark": "manos",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "policy": "uniform random (tutor.core.random_playout)",
        "tracing_off": {name: playouts(mods, False) for name, mods in VARIANTS.items()},
        "tracing_on": {"starter": playouts([], True)},
        "challenge_odds_full_hand": odds_timing(),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
