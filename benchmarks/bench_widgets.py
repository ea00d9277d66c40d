"""Benchmark: server-side time from a widget click to the updated widget state.

Issue 3 sets the budget a learner feels: at most 50 ms for a Step, 200 ms for a branch
plus a comparison.  This script drives the real widgets headlessly, exactly as the
tests do (``button.click()`` runs the Python handler and every redraw it triggers; the
browser's own rendering is not included), and prints one JSON object:

* ``step_click_ms``: every Step click of whole games played by two bots in a
  TutorialPlayer (median, p95, max), over several seeds;
* ``branch_compare_ms``: in the what-if explorer, at a position some turns into a game,
  a Branch click (a new session and a second TutorialPlayer pane) followed by a
  Compare click (the diff of both views, rendered);
* ``apply_ms``: an Apply click in the explorer (a fresh state from the setup keys);
* ``quiz_build_ms`` and ``quiz_answer_ms``: building a five-question quiz, answering a
  question.

Nothing is asserted; compare the numbers with the budget.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tutor
from tutor.core import Rng
from tutor.widgets import Quiz, TutorialPlayer, WhatIfExplorer
from tutor.widgets.player import play

GAMES = (1, 2, 3)
BRANCH_REPEATS = 30


def stats(samples: list[float]) -> dict[str, float]:
    """Median, 95th percentile and max of millisecond samples."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered), 3),
        "p95_ms": round(p95, 3),
        "max_ms": round(ordered[-1], 3),
    }


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def step_clicks() -> tuple[list[float], int]:
    """Click Step until each seeded two-bot game is over; return the click times."""
    samples: list[float] = []
    for seed in GAMES:
        player: TutorialPlayer = play("mantis_falls", seed=seed, seats=[])
        while not player.step_button.disabled:
            samples.append(timed(player.step_button.click))
    return samples, len(GAMES)


def mid_game_explorer(seed: int = 5, turn: int = 6) -> WhatIfExplorer:
    """An explorer whose pane A has been played (randomly) to ``turn`` or the end."""
    explorer = WhatIfExplorer("mantis_falls", seed=seed)
    session = explorer.session
    rng = Rng(seed)
    while not session.state.is_terminal() and session.state.turn_number < turn:
        legal = session.state.legal_actions()
        session.play(legal[rng.below(len(legal))])
    session.run_to_decision()
    return explorer


def main() -> None:
    """Print the benchmark's JSON report."""
    # Warm up imports and caches (the card data, the rulebook, the SVG code paths).
    warm = play("mantis_falls", seed=0, seats=[])
    for _ in range(20):
        warm.step_button.click()

    steps, games = step_clicks()

    explorer = mid_game_explorer()
    history = len(explorer.session.history)
    branch_compare: list[float] = []
    for k in range(BRANCH_REPEATS):
        explorer.branch_at.value = (k * 7) % (history + 1)  # various steps of the history
        branch_compare.append(
            timed(lambda: (explorer.branch_button.click(), explorer.compare_button.click()))
        )

    apply: list[float] = []
    for wounds in range(5):
        assert explorer.editor is not None
        explorer.editor.players[0]["wounds"].value = wounds  # type: ignore[attr-defined]
        apply.append(timed(explorer.apply_button.click))

    # Answers are recorded in a throw-away progress database, never the user's own.
    with tempfile.TemporaryDirectory(prefix="bench-quiz-") as folder:
        store = str(Path(folder) / "progress.sqlite")
        quiz_build = [
            timed(lambda s=s: Quiz("mantis_falls", seed=s, count=5, progress=store))
            for s in range(5)
        ]
        quiz = Quiz("mantis_falls", seed=0, count=5, progress=store)
        answer = []
        for _ in range(quiz.total):  # answer (option A), then the next question by mastery
            answer.append(timed(quiz.option_buttons[0].click))
            quiz.next_button.click()

    report = {
        "benchmark": "widgets",
        "game": "mantis_falls",
        "python": sys.version.split()[0],
        "tutor": tutor.__version__,
        "budget_ms": {"step_click": 50, "branch_compare": 200},
        "step_click_ms": dict(stats(steps), games=games),
        "branch_compare_ms": dict(stats(branch_compare), history_steps=history),
        "apply_ms": stats(apply),
        "quiz_build_ms": stats(quiz_build),
        "quiz_answer_ms": stats(answer),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
