"""The strategy workshop has two views: the learners' sheet and the host's notebook.

In a Voila room every learner opens the same page, so the learners' sheet must not hold
the answers at all (no answer cells, no host notes, no printed outcomes), and every
exercise must use the pass-the-screen player (hidden cards stay with their seat).  The
host's notebook must answer every exercise the sheet asks, on the same positions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SHEET = NOTEBOOKS / "mantis_falls" / "05_workshop_strategy.ipynb"
HOST = NOTEBOOKS / "mantis_falls" / "05_workshop_host.ipynb"
SCENARIO = re.compile(r'load_teaching_scenario\("mantis_falls", "(\w+)"\)')
HEADING = re.compile(r"(?m)^## (\d+ · .+)$")


def cells(notebook: Path, kind: str) -> list[str]:
    data = json.loads(notebook.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in data["cells"] if c["cell_type"] == kind]


def test_the_learners_sheet_holds_no_answers() -> None:
    text = "\n".join(cells(SHEET, "markdown"))
    for marker in ("**Host.**", "**Discussion.**", "host's notebook"):
        assert marker not in text, marker
    data = json.loads(SHEET.read_text(encoding="utf-8"))
    for cell in data["cells"]:
        assert not cell.get("outputs"), "the sheet stores outputs"
    for source in cells(SHEET, "code"):
        assert "NBVAL_CHECK_OUTPUT" not in source
        assert ".play(" not in source and "print(" not in source, source
        assert source.startswith(("import", "PassTheScreen(")), source


def test_every_exercise_passes_the_screen() -> None:
    players = [c for c in cells(SHEET, "code") if "load_teaching_scenario" in c]
    assert len(players) == 7
    assert all(c.startswith("PassTheScreen(") for c in players)
    assert "eyes=" not in "".join(players)  # the cover, not a fixed seat, decides


def test_the_host_answers_every_exercise_of_the_sheet_on_the_same_positions() -> None:
    asked = HEADING.findall("\n".join(cells(SHEET, "markdown")))
    answered = HEADING.findall("\n".join(cells(HOST, "markdown")))
    assert asked == answered and len(asked) == 7
    sheet_positions = SCENARIO.findall("\n".join(cells(SHEET, "code")))
    host_positions = SCENARIO.findall("\n".join(cells(HOST, "code")))
    assert sheet_positions == host_positions
    checked = [c for c in cells(HOST, "code") if c.startswith("# NBVAL_CHECK_OUTPUT")]
    assert len(checked) == 7  # each answer's printed outcome is checked by nbval
