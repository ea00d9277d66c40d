"""Benchmark: the whole ``tutor simulate`` command, start-up included, and the engine build.

Two figures of the issue "Every game a package of the same shape":

* ``cli``: ``tutor simulate mantis_falls --games 2000 --seed 1 --json`` run as a
  subprocess (Python start-up, imports, loading the game, playing, printing), timed
  from outside, several times; games/s is 2000 over the best wall-clock time (the
  machine is shared, so the best run is the one least disturbed).  The command plays
  random games through ``State.play_out``, i.e. the game's own fast loop.
* ``compiled_vs_source``: random 2-player Mantis Falls games with tracing off
  (``random_playout``, as ``bench_playouts.py``), played in one subprocess with the
  compiled engine and in another with ``RULES_TUTOR_PURE_PYTHON=1`` (the source), and
  the ratio of their games/s.

It prints one JSON object; nothing is asserted (speed is measured here, never in tests).
Run it with the venv's Python: ``.venv/bin/python benchmarks/bench_simulate_cli.py``.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAMES = 2000
SEED = 1
RUNS = 3
PLAYOUT_SECONDS = 3.0

_PLAYOUTS = """
import json, time, tutor
from tutor.core import Rng, random_playout
from tutor.core.native import engine_status
game = tutor.load_game("mantis_falls", players=2)
games = 0
start = time.perf_counter()
elapsed = 0.0
while elapsed < {seconds}:
    state = game.new_state(seed=games, tracing=False)
    random_playout(state, Rng(games))
    games += 1
    elapsed = time.perf_counter() - start
print(json.dumps({{
    "engine": engine_status().get("tutor.games.mantis_falls.engine", "not loaded"),
    "games": games,
    "seconds": round(elapsed, 3),
    "games_per_second": round(games / elapsed, 1),
}}))
"""


def _tutor_command() -> list[str]:
    """The ``tutor`` script beside this Python (the venv's), else ``python -m``-style."""
    script = Path(sys.executable).with_name("tutor")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from tutor.cli import main; sys.exit(main())"]


def cli_run() -> dict[str, Any]:
    """Time the whole simulate command ``RUNS`` times; report the best and every run."""
    command = [
        *_tutor_command(),
        "simulate",
        "mantis_falls",
        "--games",
        str(GAMES),
        "--seed",
        str(SEED),
        "--json",
    ]
    times = []
    report: dict[str, Any] = {}
    for _ in range(RUNS):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - start)
        report = json.loads(done.stdout)
    best = min(times)
    return {
        "command": " ".join(["tutor", *command[-7:]]),
        "runs_seconds": [round(t, 3) for t in times],
        "best_seconds": round(best, 3),
        "games_per_second": round(GAMES / best, 1),
        "games_per_second_inside": report.get("games_per_second"),
        "outcomes": report.get("outcomes"),
    }


def playouts(pure_python: bool) -> dict[str, Any]:
    """Random 2-player games with tracing off in a fresh process, compiled or source."""
    env = dict(os.environ)
    env.pop("RULES_TUTOR_PURE_PYTHON", None)
    if pure_python:
        env["RULES_TUTOR_PURE_PYTHON"] = "1"
    code = _PLAYOUTS.format(seconds=PLAYOUT_SECONDS)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Print the benchmark's JSON report."""
    cli = cli_run()
    compiled = playouts(pure_python=False)
    source = playouts(pure_python=True)
    ratio = None
    if compiled["engine"] == "compiled" and source["games_per_second"]:
        ratio = round(compiled["games_per_second"] / source["games_per_second"], 2)
    report = {
        "benchmark": "simulate_cli",
        "game": "mantis_falls",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cli": cli,
        "cli_target_games_per_second": 1500,
        "compiled_vs_source": {
            "compiled": compiled,
            "source": source,
            # None when no compiled build ran (no C compiler, or the source changed).
            "ratio": ratio,
            "target_ratio": 2.5,
        },
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
