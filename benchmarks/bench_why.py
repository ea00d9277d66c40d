"""Benchmark of "why did that happen?": the chain of every entry of long games.

Issue 16 asks for ``why()`` under 5 ms for any entry of a long game.  For every
registered game this plays ``--seeds`` seeded random games (the games ``tutor play
GAME --seed S`` prints), keeps the ``--long`` longest, and times :func:`why` for every
entry of each, through the tutor's eyes and through player 0's; it reports the most and
the median per game, and the same for the set-up of the session (playing the game
through a session, once).  It also times the writing of the causes themselves: the
same seeded games played with tracing on, so a before/after pair of runs shows what
recording causes costs (with tracing off the engines never reach it).

Prints one JSON object, with the load average at the start (the machine may be shared).

Usage: ``python benchmarks/bench_why.py [--seeds N] [--long K] [--games G1,G2]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

import tutor
from tutor.analysis.why import seeded_session, why
from tutor.cli import new_state, play_random
from tutor.core.visibility import shown_entry


def time_game(session: object, player: int | None, repeats: int) -> tuple[list[float], list[float]]:
    """Seconds per ``why`` call for every entry of ``session``'s trace ``player`` is
    shown: the first call,
    and the best of ``repeats`` (which leaves out the pauses other programs cause)."""
    first, best = [], []
    n = len(session.state.trace)  # type: ignore[attr-defined]
    trace = session.state.trace  # type: ignore[attr-defined]
    for i in range(n):
        if shown_entry(trace[i], player) is None:
            continue  # not this player's to ask about
        runs = []
        for _ in range(repeats):
            t = time.perf_counter()
            why(session, i, player)  # type: ignore[arg-type]
            runs.append(time.perf_counter() - t)
        first.append(runs[0])
        best.append(min(runs))
    return first, best


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "max_ms": round(ordered[-1] * 1000, 3),
        "median_ms": round(statistics.median(ordered) * 1000, 4),
        "p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1000, 3),
    }


def bench_game(name: str, seeds: int, long: int, repeats: int) -> dict[str, object]:
    game = tutor.load_game(name)
    lengths = []
    start = time.perf_counter()
    for seed in range(seeds):
        state = play_random(new_state(game, seed, tracing=True), seed)
        lengths.append((len(state.trace), seed))
    traced = time.perf_counter() - start
    chosen = sorted(lengths, reverse=True)[:long]
    report: dict[str, object] = {
        "traced_games_seconds": round(traced, 3),
        "traced_games": seeds,
        "long_games": [{"seed": s, "entries": n} for n, s in chosen],
    }
    for label, player in (("tutor", None), ("player_0", 0)):
        first: list[float] = []
        best: list[float] = []
        for _, seed in chosen:
            session = seeded_session(game, seed)
            why(session, 0)  # warm the rule book's citations and the players' names
            a, b = time_game(session, player, repeats)
            first += a
            best += b
        report[label] = {
            "entries": len(first),
            "first_call": summary(first),
            "best_of": summary(best),
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeded games per game")
    parser.add_argument("--long", type=int, default=3, help="the longest games timed")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--repeats", type=int, default=3, help="calls per entry (best kept)")
    args = parser.parse_args()
    names = [g for g in args.games.split(",") if g] or tutor.registered_games()
    load = os.getloadavg()[0]
    results = {name: bench_game(name, args.seeds, args.long, args.repeats) for name in names}
    worst = max(r["tutor"]["best_of"]["max_ms"] for r in results.values())  # type: ignore[index]
    print(
        json.dumps(
            {
                "benchmark": "why",
                "target_ms": 5.0,
                "worst_max_ms_best_of_repeats": worst,
                "repeats": args.repeats,
                "load_average": round(load, 2),
                "games": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
