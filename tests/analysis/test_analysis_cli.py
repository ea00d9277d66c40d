"""Tests for the analysis commands of the CLI: ``simulate --bots`` and ``tree``.

Why this file exists: workshop hosts run matchups and trees from a terminal; the JSON
must carry the same numbers as the Python API and every mistake must be a one-line
error with exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.analysis.simulation import simulate, summarise
from tutor.analysis.trees import decision_tree
from tutor.cli import main
from tutor.core.scenario import load_scenario

MID_GAME = Path(__file__).parent / "scenarios" / "mid_game.yaml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_with_bots_reports_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "mantis_falls",
        "--games",
        "8",
        "--seed",
        "2",
        "--bots",
        "heuristic,random",
        "--processes",
        "1",
        "--json",
    )
    assert code == 0
    report: dict[str, Any] = json.loads(out)
    assert report["bots"] == ["heuristic", "random"] and report["games"] == 8
    rows = simulate(
        "mantis_falls",
        games=8,
        seed=2,
        policies=("heuristic", "random"),
        processes=1,
        progress=False,
    )
    assert report["summary"] == json.loads(json.dumps(summarise(rows)))


def test_simulate_with_bots_prints_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "mantis_falls",
        "--games",
        "5",
        "--bots",
        "random,random",
        "--processes",
        "1",
    )
    assert code == 0
    assert "witness wins" in out and "95% CI" in out and "Last Gasps survived" in out


def test_unknown_bot_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "mantis_falls", "--bots", "random,genius")
    assert code == 2 and out == ""
    assert "unknown bot 'genius'" in err and err.count("\n") == 1


def test_tree_json_counts_and_root_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tree", str(MID_GAME), "--depth", "2", "--json")
    assert code == 0
    report = json.loads(out)
    tree = decision_tree(load_scenario(MID_GAME).state, depth=2)
    assert report["nodes"] == tree.number_of_nodes()
    assert report["edges"] == tree.number_of_edges()
    assert report["root_value"] == pytest.approx(tree.graph["value"])
    assert report["depth"] == 2


def test_tree_too_large_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "tree", str(MID_GAME), "--depth", "3", "--max-nodes", "10")
    assert code == 2
    assert "more than 10 nodes" in err and err.count("\n") == 1
