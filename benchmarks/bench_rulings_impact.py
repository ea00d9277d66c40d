"""Benchmark: the ruling-impact table of one game, every ruling, 2,000 paired games each.

The figure of issue 16 ("Which rulings matter?"): ``ruling_impact(game, games=2000)``
plays the default rules and every reading (each switchable ruling's alternatives and
each related pair switched together) with the same 2,000 seeds, on two worker processes,
and builds the first divergent game's scenarios.  The target is under 2 minutes on the
project's two-core machines.  It prints one JSON object (the engine build in use, the
rulings compared and the readings played (each switchable ruling's alternatives and the
related pairs), games played, wall seconds, games/s, the CPU seconds all processes used
and the machine's load average before and after, since the machine is shared: on two
free cores the wall time is about half the CPU time); nothing is asserted.

Run it with the venv's Python: ``.venv/bin/python benchmarks/bench_rulings_impact.py
[GAME] [GAMES]`` (default: every registered game, 2000).
"""

from __future__ import annotations

import json
import os
import platform
import resource
import sys
import time

import tutor
from tutor.analysis.rulings import ruling_impact
from tutor.core.native import engine_status

GAMES = 2000
PROCESSES = 2


def measure(name: str, games: int) -> dict[str, object]:
    """Time one game's whole table (scenarios included)."""
    load = os.getloadavg()[0]
    cpu = _cpu_seconds()
    start = time.perf_counter()
    report = ruling_impact(name, games=games, seed=0, processes=PROCESSES, progress=False)
    seconds = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu
    played = games * (len(report["rows"]) + 1)
    return {
        "game": name,
        "rulings": len({rid for row in report["rows"] for rid in row["rulings"]}),
        "readings": len(report["rows"]),
        "paired_games_per_reading": games,
        "games_played": played,
        "seconds": round(seconds, 2),
        "games_per_second": round(played / seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "load_average_before": round(load, 2),
        "load_average_after": round(os.getloadavg()[0], 2),
        "under_two_minutes": seconds < 120,
        "most_decisive": report["rows"][0]["reading"] if report["rows"] else None,
    }


def _cpu_seconds() -> float:
    """CPU time used so far by this process and its finished workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    names = sys.argv[1:2] or tutor.registered_games()
    games = int(sys.argv[2]) if len(sys.argv) > 2 else GAMES
    results = [measure(name, games) for name in names]
    print(
        json.dumps(
            {
                "benchmark": "rulings_impact",
                "processes": PROCESSES,
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "engines": engine_status(),
                "results": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
