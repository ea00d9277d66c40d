"""The widget benchmark drives the real widgets: its set-up must keep up with their API.

benchmarks/bench_widgets.py is not run by the tests (it times clicks); this builds its
mid-game explorer and clicks Branch and Compare once, so a change in the widgets' API
breaks here rather than in a benchmark run nobody has made.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tutor.widgets import WhatIfExplorer

BENCH = Path(__file__).parents[2] / "benchmarks" / "bench_widgets.py"


def test_the_benchmarks_explorer_plays_to_a_turn_and_branches() -> None:
    spec = importlib.util.spec_from_file_location("bench_widgets", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    explorer = bench.mid_game_explorer(seed=5, turn=2)
    state = explorer.session.state
    assert state.is_terminal() or state.turn_number >= 2
    explorer.branch_at.value = 1
    explorer.branch_button.click()
    explorer.compare_button.click()
    assert explorer.last_comparison is not None
    assert explorer.editor is not None and explorer.editor.players[0]["wounds"] is not None


def test_an_explorer_without_a_game_says_so_and_closes_cleanly() -> None:
    with pytest.raises(ValueError, match="say which game"):
        WhatIfExplorer(seed=5)
    half_built = WhatIfExplorer.__new__(WhatIfExplorer)
    half_built.close()  # what garbage collection does with the explorer that raised
