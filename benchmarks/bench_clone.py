"""Benchmark: the cost of copying and saving a mid-game Mantis Falls state.

Undo, branching, decision trees and Monte Carlo analysis all clone states, and saved
sessions go through ``to_dict`` / ``from_dict``, so both must stay cheap.  This builds
a mid-game state (a seeded random game stopped at its first decision of turn 4 or
later), times ``clone()`` and the dict round trip many times, and prints one JSON
object with median microseconds.  Nothing is asserted.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import tutor
from tutor.core import Rng

BATCHES = 200
PER_BATCH = 50


def mid_game_state(seed: int = 5, turn: int = 4) -> Any:
    """Play a seeded random game until a player's decision on turn ``turn`` or later."""
    game = tutor.load_game("mantis_falls")
    while True:
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            d = state.decision
            if d.kind == "choice" and state.view(None)["turn"] >= turn:
                return state
            if d.kind == "chance":
                state.apply(state.sample_chance())
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
        seed += 1  # that game ended too early; try the next seed


def median_us(fn: Callable[[], object]) -> dict[str, float]:
    """Median and best per-call time of ``fn`` in microseconds, over batches of calls."""
    per_call = []
    for _ in range(BATCHES):
        start = time.perf_counter()
        for _ in range(PER_BATCH):
            fn()
        per_call.append((time.perf_counter() - start) / PER_BATCH * 1e6)
    return {"median_us": round(statistics.median(per_call), 2), "min_us": round(min(per_call), 2)}


def main() -> None:
    """Print the benchmark's JSON report."""
    state = mid_game_state()
    game = state.game
    view = state.view(None)

    def round_trip() -> object:
        return game.state_from_dict(state.to_dict())

    rebuilt = round_trip()
    report = {
        "benchmark": "clone",
        "game": "mantis_falls",
        "python": sys.version.split()[0],
        "state": {
            "turn": view["turn"],
            "steps": state.steps,
            "trace_entries": len(state.trace),
            "stack_frames": len(state.stack),
            "json_bytes": len(json.dumps(state.to_dict())),
        },
        "calls_timed": BATCHES * PER_BATCH,
        "clone": median_us(state.clone),
        "to_dict": median_us(state.to_dict),
        "to_dict_from_dict_round_trip": median_us(round_trip),
        "round_trip_equal": rebuilt == state,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
