"""Benchmark: the workshop room's odds at a reveal, for every game.

The room's reveal shows each choice's odds (:func:`tutor.analysis.odds.choice_odds`):
exact where the game has them, else play-outs within a time budget
(:data:`tutor.workshop.positions.ODDS_SECONDS`).  For the first decision of a few seeded
new games of every registered game, this times the odds as the room computes them and
reports how many play-outs each choice got in the budget (the more, the narrower the
intervals the room sees).  It prints one JSON object; nothing is asserted.

Run it with the venv's Python: ``.venv/bin/python benchmarks/bench_choice_odds.py [SEEDS]``
(default 3 seeds per game).
"""

from __future__ import annotations

import json
import os
import sys
import time

import tutor
from tutor.analysis.odds import choice_odds, playout_bot
from tutor.core.native import engine_status
from tutor.workshop.positions import BOT_SEED, ODDS_SECONDS, start_session


def measure(name: str, seeds: int) -> dict[str, object]:
    """Time the odds at the first decision of ``seeds`` new games of one game."""
    runs = []
    for seed in range(seeds):
        state = start_session(name, seed=seed).state
        start = time.perf_counter()
        odds = choice_odds(state, seconds=ODDS_SECONDS, seed=BOT_SEED)
        seconds = time.perf_counter() - start
        trials = [c.trials for c in odds.chances] if odds else []
        widths = [c.high - c.low for c in odds.chances] if odds else []
        runs.append(
            {
                "seed": seed,
                "choices": len(state.legal_actions()),
                "method": odds.method if odds else None,
                "seconds": round(seconds, 3),
                "playouts_per_choice": min(trials, default=0),
                "widest_interval": round(max(widths, default=0.0), 3),
            }
        )
    return {"game": name, "playout_bot": playout_bot(name), "runs": runs}


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    load = os.getloadavg()[0]
    results = [measure(name, seeds) for name in tutor.registered_games()]
    print(
        json.dumps(
            {
                "benchmark": "choice_odds",
                "budget_seconds": ODDS_SECONDS,
                "engines": engine_status(),
                "load_average_before": round(load, 2),
                "load_average_after": round(os.getloadavg()[0], 2),
                "results": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
