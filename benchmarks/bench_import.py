"""Benchmark: how long ``import tutor`` takes, and what it drags in.

The core must stay light so ``import tutor`` is quick in a plain terminal and never
loads widgets or Plotly (see DESIGN.md).  This times the import in a fresh Python
subprocess five times, reports the median, and lists any heavy front-end modules
(plotly, ipywidgets, Jupyter, IPython) that the import loaded.  It also times loading
Mantis Falls (its data files) in the same fresh process.  Nothing is asserted.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

RUNS = 5
HEAVY = (
    "plotly",
    "ipywidgets",
    "jupyter",
    "jupyterlab",
    "jupyter_client",
    "jupyter_core",
    "jupyter_server",
    "notebook",
    "IPython",
    "ipykernel",
    "networkx",
    "tqdm",
)

PROBE = """
import json, sys, time
t0 = time.perf_counter()
import tutor
t1 = time.perf_counter()
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(HEAVY))
t2 = time.perf_counter()
tutor.load_game("mantis_falls")
t3 = time.perf_counter()
after = sorted({m.split(".")[0] for m in sys.modules} & set(HEAVY))
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "load_game_ms": (t3 - t2) * 1e3,
                  "heavy": heavy, "heavy_after_load_game": after,
                  "modules": len(sys.modules)}))
"""


def probe() -> dict[str, object]:
    """Run the probe in a fresh interpreter and return its measurements."""
    code = f"HEAVY = {HEAVY!r}\n{PROBE}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    """Print the benchmark's JSON report."""
    runs = [probe() for _ in range(RUNS)]
    report = {
        "benchmark": "import",
        "python": sys.version.split()[0],
        "runs": RUNS,
        "import_tutor_ms_median": round(statistics.median(r["import_ms"] for r in runs), 1),
        "import_tutor_ms_all": [round(r["import_ms"], 1) for r in runs],
        "load_game_mantis_falls_ms_median": round(
            statistics.median(r["load_game_ms"] for r in runs), 1
        ),
        "modules_loaded": runs[0]["modules"],
        "heavy_modules_imported_by_import_tutor": runs[0]["heavy"],
        "heavy_modules_after_load_game": runs[0]["heavy_after_load_game"],
        "heavy_modules_checked": list(HEAVY),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
