"""Keeps docs/adding_a_game.md true: its quotes are the real code, its examples run.

The page teaches how to add a game with the toy games of ``tests/toys`` as the worked
example.  A ```python block preceded by ``<!-- quote: PATH -->`` quotes that file and
must still appear in it word for word; every other ```python block is executed in
order, in one namespace, from the top folder of the repository (they build on each
other and assert what they claim).  The hook table must list every hook of
:class:`~tutor.core.spec.Hooks` and the spec-field table every field of
:class:`~tutor.core.spec.GameSpec`; the ```sh command must name real test files.
"""

from __future__ import annotations

import re
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from tutor.core.spec import GameSpec, Hooks

REPO = Path(__file__).resolve().parents[1]
PAGE = (REPO / "docs" / "adding_a_game.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"(?:<!-- quote: (?P<path>\S+) -->\n)?```python\n(?P<code>.*?)^```", re.M | re.S)


def python_blocks() -> list[tuple[str | None, str]]:
    return [(m.group("path"), m.group("code")) for m in BLOCK.finditer(PAGE)]


def table_names(first_header: str) -> list[str]:
    """The backquoted names in the first column of the table headed by ``first_header``."""
    lines = PAGE.split(f"| {first_header} |", 1)[1].splitlines()[2:]
    rows = []
    for line in lines:
        if not line.startswith("| "):
            break
        rows += re.findall(r"`(\w+)`", line.split("|")[1])
    return rows


def test_every_quote_is_the_real_code() -> None:
    quotes = [(path, code) for path, code in python_blocks() if path]
    assert len(quotes) >= 5, "the page lost its quotes of the toy game"
    for path, code in quotes:
        source = (REPO / path).read_text(encoding="utf-8")
        assert code in source, f"the page quotes {path}, which no longer reads:\n{code}"


def test_every_example_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the page puts tests/ on the path
    examples = [code for path, code in python_blocks() if not path]
    assert len(examples) >= 6, "the page lost its examples"
    namespace: dict[str, object] = {"__name__": "docs_adding_a_game"}
    for i, block in enumerate(examples):
        try:
            exec(compile(block, f"docs/adding_a_game.md example {i + 1}", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the message is the point
            raise AssertionError(
                f"example {i + 1} of docs/adding_a_game.md failed:\n{block}"
            ) from exc
    printed = capsys.readouterr().out
    assert "Toy Nim is played by 2 players, not 3" in printed
    assert "nim.2.1" in printed and "rules implemented" in printed


def test_the_tables_name_every_hook_and_spec_field() -> None:
    assert set(table_names("Hook")) == set(Hooks.names())
    documented = set(table_names("Field"))
    assert documented == {f.name for f in fields(GameSpec)}


def test_the_suites_it_names_exist() -> None:
    named = set(re.findall(r"`(tests/[\w/]+\.py)`", PAGE))
    assert {
        "tests/test_conformance.py",
        "tests/conformance/test_tools.py",
        "tests/conformance/test_presentation_tools.py",
    } <= named
    for path in named:
        assert (REPO / path).exists(), path
