"""Benchmark: how long workshop visitors wait for the first board in Voila.

A workshop host's room opens the same tutorial at once.  This script starts Voila the
way ``make workshop`` does (serving ``notebooks/`` on a free localhost port, with the
room's configuration ``binder/voila.json``: kernels kept on standby for the first
tutorial), waits until the standby kernels are ready, then opens a tutorial with 1 and
with 10 simultaneous visitors (HTTP requests; Voila answers when the notebook has run in
the visitor's kernel, board included), letting the standby pool refill in between.  It
prints JSON: ``{"room": {"visitors_1": {...}, "visitors_10": {...}}, "plain": {...}}``
with the median and slowest wait in seconds; ``plain`` is Voila without the room's
configuration (every visitor starts a kernel), for comparison.  The browser's own drawing
of the widgets is not included.  Nothing is asserted.

Usage: ``python benchmarks/bench_first_board.py [NOTEBOOK] [--visitors 1,10] [--only room]``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_NOTEBOOK = "mantis_falls/01_setup_and_first_turn.ipynb"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"Voila did not answer at {url}")


def one_visit(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=300) as response:
        page = response.read()
    if b"jupyter-widgets" not in page and b"application/vnd.jupyter.widget" not in page:
        raise SystemExit("the page came back without a widget")
    return time.perf_counter() - start


ROOM_CONFIG = ["--Voila.config_file_paths=binder"]  # as `make workshop` passes it
FILLED = "Kernel pool of {} is filled"  # Voila's log line when a standby pool is full


def wait_for_log(log: Path, text: str, times: int, deadline: float) -> None:
    while log.read_text(errors="replace").count(text) < times:
        if time.monotonic() > deadline:
            raise SystemExit(f"Voila never logged {text!r} {times} time(s); see {log}")
        time.sleep(0.3)


def tree_cpu_seconds(root: int) -> float:
    """CPU time used so far by a process and all its descendants (Linux /proc).

    Jupyter starts each kernel in a session of its own, so the tree is followed by
    parent ids, not by process group.
    """
    usage: dict[int, tuple[int, float]] = {}  # pid -> (parent pid, CPU seconds)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks = int(fields[11]) + int(fields[12])  # utime + stime
        usage[int(stat.parent.name)] = (int(fields[1]), ticks / os.sysconf("SC_CLK_TCK"))
    tree, grew = {root}, True
    while grew:
        found = {pid for pid, (parent, _) in usage.items() if parent in tree} - tree
        tree |= found
        grew = bool(found)
    return sum(usage[pid][1] for pid in tree if pid in usage)


def wait_until_quiet(root: int, deadline: float) -> None:
    """Wait until Voila and its kernels have finished their work (the standby kernels
    run the notebook after they have started): under 0.1 s of CPU in a second."""
    before = tree_cpu_seconds(root)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = tree_cpu_seconds(root)
        if now - before < 0.1:
            return
        before = now
    raise SystemExit("Voila and its kernels never went quiet")


def measure(notebook: str, visitors: list[int], room: bool, home: str) -> dict[str, object]:
    """Start Voila (with the room's configuration or without), time the visits."""
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    env = dict(os.environ, HOME=home, JUPYTER_RUNTIME_DIR=home)
    log = Path(home) / f"voila-{'room' if room else 'plain'}.log"
    args = [str(voila), "notebooks", f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1"]
    with log.open("w") as log_file:
        server = subprocess.Popen(
            args + (ROOM_CONFIG if room else []),
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log_file,
            start_new_session=True,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base + "/voila/tree", time.monotonic() + 60)
        url = f"{base}/voila/render/{notebook}"
        filled = FILLED.format(notebook)
        result: dict[str, object] = {}
        for round_number, count in enumerate(visitors, start=1):
            if room:  # the standby kernels are ready (again) before the room arrives
                wait_for_log(log, filled, round_number, time.monotonic() + 180)
                wait_until_quiet(server.pid, time.monotonic() + 180)
            with ThreadPoolExecutor(count) as pool:
                waits = sorted(pool.map(one_visit, [url] * count))
            result[f"visitors_{count}"] = {
                "median_s": round(statistics.median(waits), 2),
                "slowest_s": round(waits[-1], 2),
            }
            time.sleep(2)
        return result
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description="time to first board in Voila")
    parser.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK)
    parser.add_argument("--visitors", default="1,10")
    parser.add_argument("--only", choices=["room", "plain"])
    args = parser.parse_args()
    visitors = [int(n) for n in args.visitors.split(",")]
    result: dict[str, object] = {"notebook": args.notebook, "cores": os.cpu_count()}
    for name in ("room", "plain"):
        if args.only in (None, name):
            with tempfile.TemporaryDirectory() as home:
                result[name] = measure(args.notebook, visitors, name == "room", home)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
