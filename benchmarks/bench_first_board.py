"""Benchmark: how long workshop visitors wait for the first board in Voila.

A workshop host's room opens the same tutorial at once.  This script starts Voila the
way ``make workshop`` does (serving ``notebooks/`` on a free localhost port), then opens
a tutorial with 1 and with 10 simultaneous visitors (HTTP requests; Voila answers when
the notebook has run in the visitor's own kernel, board included) and prints JSON:
``{"visitors_1": {...}, "visitors_10": {...}}`` with the median and slowest wait in
seconds.  The browser's own drawing of the widgets is not included.  Nothing is asserted.

Usage: ``python benchmarks/bench_first_board.py [NOTEBOOK] [--visitors 1,10]``.
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


def main() -> None:
    parser = argparse.ArgumentParser(description="time to first board in Voila")
    parser.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK)
    parser.add_argument("--visitors", default="1,10")
    args = parser.parse_args()
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, JUPYTER_RUNTIME_DIR=home)
        server = subprocess.Popen(
            [str(voila), "notebooks", f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base + "/voila/tree", time.monotonic() + 60)
            url = f"{base}/voila/render/{args.notebook}"
            result: dict[str, object] = {"notebook": args.notebook, "cores": os.cpu_count()}
            for count in (int(n) for n in args.visitors.split(",")):
                with ThreadPoolExecutor(count) as pool:
                    waits = sorted(pool.map(one_visit, [url] * count))
                result[f"visitors_{count}"] = {
                    "median_s": round(statistics.median(waits), 2),
                    "slowest_s": round(waits[-1], 2),
                }
                time.sleep(2)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
