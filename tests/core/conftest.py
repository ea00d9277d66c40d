"""Hooks for tests/core: report what the generated bad files came to."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """How many generated corrupt files were tried, loaded soundly and refused."""
    from badfiles import TALLIES

    for tally in TALLIES:
        if tally.counts:
            terminalreporter.write_line(tally.line())
