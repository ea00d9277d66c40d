"""Benchmark: Mantis random games per second, the exact odds per decision, and the bots.

The issue asks for random 4-player games per second on one core through the project's
own API (``game.new_state`` and ``random_playout``), with tracing off and on (and on
with every game's whole trace read, which builds every entry from its note), the time
of the exact odds of one decision, and the Mantis Falls ``bench_playouts`` figures
(tracing off and on) from the same run so the two can be compared across machines.
Rates are measured in CPU time of this process (``time.process_time``) as well as wall
time: on a shared machine the wall clock counts other people's work.  Prints one JSON
object; asserts nothing.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

import tutor
from tutor.core import Rng, random_playout
from tutor.core.native import engine_status

SECONDS = 3.0


def playouts(
    tracing: bool, players: int = 4, seconds: float = SECONDS, read: bool = False
) -> dict[str, Any]:
    """Play seeded random games for about ``seconds`` of CPU time; return the rates.

    A traced game writes compact notes and builds its trace entries when the trace is
    first read (engine/notes.py); with ``read`` every game's whole trace is read, so
    the time of building every entry is counted too.
    """
    game = tutor.load_game("mantis", players=players)
    games = steps = turns = entries = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds:
        state = game.new_state(seed=games, tracing=tracing)
        random_playout(state, Rng(games))
        games += 1
        steps += state.steps
        turns += state.turn_number
        if read:
            entries += len(state.trace)
    cpu_s = time.process_time() - cpu
    wall_s = time.perf_counter() - wall
    counts = {"mean_trace_entries_per_game": round(entries / games, 1)} if read else {}
    return {
        **counts,
        "games": games,
        "games_per_second_cpu": round(games / cpu_s, 1),
        "games_per_second_wall": round(games / wall_s, 1),
        "turns_per_second_cpu": round(turns / cpu_s),
        "mean_turns_per_game": round(turns / games, 1),
        "mean_steps_per_game": round(steps / games, 1),
    }


def decisions(players: int = 4, count: int = 400) -> list[Any]:
    """States at ``count`` Score-or-Steal decisions of seeded random games."""
    game = tutor.load_game("mantis", players=players)
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = game.new_state(seed=seed, tracing=False)
        rng = Rng(seed)
        while not state.is_terminal() and len(found) < count:
            if state.decision_kind() == "choice":
                found.append(state.clone())
                legal = state.legal_actions()
                state.apply_legal(legal[rng.below(len(legal))])
            else:
                state.apply_legal(state.sample_chance(rng))
        seed += 1
    return found


def timed(fn: Any, states: list[Any], repeat: int = 5) -> dict[str, float]:
    """Mean and worst CPU microseconds of ``fn(state)`` over the states."""
    worst = 0.0
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            t = time.perf_counter()
            fn(state)
            worst = max(worst, time.perf_counter() - t)
    mean = (time.process_time() - start) / (repeat * len(states))
    return {"mean_us": round(mean * 1e6, 1), "worst_us_wall": round(worst * 1e6, 1)}


def main() -> None:
    """Print the benchmark's JSON report."""
    from tutor.games.mantis.bots import BOTS
    from tutor.games.mantis.odds import player_odds

    states = decisions()
    bots = {}
    for name, factory in BOTS.items():
        bot = factory()
        bots[name] = timed(lambda s, bot=bot: bot(s, s.legal_actions(), Rng(0)), states, 1)
    sys.path.insert(0, str(Path(__file__).parent))
    import bench_playouts

    falls_off = bench_playouts.run(tracing=False, seconds=SECONDS)
    falls_on = bench_playouts.run(tracing=True, seconds=SECONDS)
    report = {
        "benchmark": "mantis",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "engine": engine_status().get("tutor.games.mantis.engine", "not loaded"),
        "random_4p_tracing_off": playouts(False),
        "random_4p_tracing_on": playouts(True),
        "random_4p_tracing_on_every_entry_read": playouts(True, read=True),
        "random_2p_tracing_off": playouts(False, players=2, seconds=1.0),
        "random_6p_tracing_off": playouts(False, players=6, seconds=1.0),
        "odds_per_decision": timed(player_odds, states),
        "bot_decision": bots,
        "mantis_falls_bench_playouts_tracing_off": falls_off,
        "mantis_falls_bench_playouts_tracing_on": falls_on,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
