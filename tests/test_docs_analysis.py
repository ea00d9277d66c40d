"""Runs the examples of docs/analysis.md, so the analysis kit's page cannot go stale.

Every ```python block of the page is executed in order, in one namespace, from the top
folder of the repository (the blocks build on each other and assert what they claim);
every ``tutor ...`` line of a ```bash block is run through the CLI's ``main`` and must
succeed and print JSON.  The page's table must name modules that exist.
"""

from __future__ import annotations

import importlib
import json
import re
import shlex
from pathlib import Path

import pytest

from tutor.cli import main

REPO = Path(__file__).resolve().parents[1]
PAGE = (REPO / "docs" / "analysis.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", PAGE, flags=re.M | re.S)


def test_every_python_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    code = blocks("python")
    assert len(code) >= 10, "the page lost its examples"
    namespace: dict[str, object] = {"__name__": "docs_analysis"}
    for i, block in enumerate(code):
        try:
            exec(compile(block, f"docs/analysis.md python block {i + 1}", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the message is the point
            raise AssertionError(
                f"python block {i + 1} of docs/analysis.md failed:\n{block}"
            ) from exc
    printed = capsys.readouterr().out
    assert "heuristic" in printed and "survives 0.500 playing well" in printed


def test_every_command_line_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    commands = [
        line for block in blocks("bash") for line in block.splitlines() if line.startswith("tutor ")
    ]
    assert {c.split()[1] for c in commands} == {"simulate", "tree", "whatif", "why"}
    for command in commands:
        status = main(shlex.split(command)[1:])
        out = capsys.readouterr().out
        assert status == 0, command
        assert isinstance(json.loads(out), dict), command


def test_the_table_names_real_modules_and_functions() -> None:
    rows = [line for line in PAGE.splitlines() if line.startswith("| ") and "`" in line]
    names = [re.findall(r"`([\w.]+)`", line.split("|")[2]) for line in rows]
    checked = 0
    for found in names:
        for dotted in found:
            if not dotted.startswith("tutor."):
                continue
            module, _, attr = dotted.rpartition(".")
            try:
                importlib.import_module(dotted)
            except ModuleNotFoundError:
                assert hasattr(importlib.import_module(module), attr), dotted
            checked += 1
    assert checked >= 8
