"""Benchmark: how soon a learner's answer reaches the host's chart, with 30 learners.

The workshop room's host page polls the database every 0.3 s
(:data:`tutor.widgets.room.HOST_POLL_SECONDS`) and redraws its Plotly ``FigureWidget``
when the answers changed.  This script runs that host page (the real
:class:`~tutor.widgets.room.HostRoom`, its timer on an asyncio loop as in a kernel) on a
SQLite file, and 30 learners in threads, each with a store of its own (its own
connections, as a learner's kernel has), answering the same Mantis question at seeded
random moments over a few seconds (each answer is then changed once, as people do).
For every answer it takes the time from the answer's commit to the first chart update
that counts it (the i-th committed answer is counted once the chart shows i answers:
SQLite makes commits visible in commit order).

It prints JSON: the learners, the poll interval, the latency's median, 95th percentile
and maximum in seconds, whether every learner was counted exactly once, the time one
poll takes (the tally query), and the machine's load average.  Nothing is asserted.

Usage: ``python benchmarks/bench_workshop_room.py [--learners 30] [--seconds 3] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.widgets.room import HOST_POLL_SECONDS, HostRoom  # noqa: E402
from tutor.workshop.store import RoomStore  # noqa: E402


def learner(
    file: Path,
    code: str,
    question: int,
    name: str,
    choice: int,
    delay: float,
    commits: list[float],
    lock: threading.Lock,
) -> None:
    store = RoomStore(file)
    store.join(code, name)
    time.sleep(delay)
    store.answer(code, question, name, choice)
    done = time.time()
    with lock:
        commits.append(done)
    time.sleep(0.2)
    store.answer(code, question, name, (choice + 1) % 2)  # a change of mind
    store.close()


async def run(args: argparse.Namespace, file: Path) -> dict[str, object]:
    host = HostRoom(str(file), game="mantis", poll_seconds=HOST_POLL_SECONDS)
    host.open_room()
    host.push()
    assert host.question is not None and host.code is not None, host.message.value
    updates: list[tuple[float, int]] = []
    refresh = host.refresh

    def recorded() -> None:
        before = host.updates
        refresh()
        if host.updates != before and host.tally is not None:
            updates.append((host.last_update, host.tally.answers))

    host.refresh = recorded  # type: ignore[method-assign]
    host.start_polling()

    rng = random.Random(args.seed)
    commits: list[float] = []
    lock = threading.Lock()
    threads = [
        threading.Thread(
            target=learner,
            args=(
                file,
                host.code,
                host.question.id,
                f"learner {i:02d}",
                rng.randrange(2),
                rng.uniform(0, args.seconds),
                commits,
                lock,
            ),
        )
        for i in range(args.learners)
    ]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        await asyncio.sleep(0.05)
    await asyncio.sleep(3 * HOST_POLL_SECONDS)
    host.close()

    latencies = []
    for i, committed in enumerate(sorted(commits)):
        shown = next((at for at, answers in updates if answers >= i + 1 and at >= committed), None)
        if shown is not None:
            latencies.append(shown - committed)
    store = RoomStore(file)
    tally = store.tally(host.code, host.question.id, len(host.question.choices))
    polls = []
    for _ in range(50):
        start = time.perf_counter()
        store.tally(host.code, host.question.id, len(host.question.choices))
        store.learner_count(host.code)
        polls.append(time.perf_counter() - start)
    latencies.sort()
    return {
        "learners": args.learners,
        "poll_seconds": HOST_POLL_SECONDS,
        "answers_counted": tally.answers,
        "each_counted_once": tally.answers == args.learners,
        "answers_measured": len(latencies),
        "latency_median_s": round(statistics.median(latencies), 3),
        "latency_p95_s": round(latencies[int(0.95 * (len(latencies) - 1))], 3),
        "latency_max_s": round(latencies[-1], 3),
        "chart_updates": len(updates),
        "poll_query_median_ms": round(1000 * statistics.median(polls), 2),
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=3.0, help="the answers' spread")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-room-") as folder:
        os.environ["RULES_TUTOR_HOME"] = folder  # nothing goes to the user's own folder
        result = asyncio.run(run(args, Path(folder) / "rooms.sqlite"))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
