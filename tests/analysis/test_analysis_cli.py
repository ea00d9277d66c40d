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

from tutor.analysis.simulation import simulate, simulate_every_seat, summarise
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


def test_every_seat_plays_each_bot_in_each_seat_on_the_same_deals() -> None:
    # Three Mantis bots, seven games: seatings of 3, 2 and 2 games, each bot once in
    # every seat of each seating, the same seeds (the same deals) in every seating.
    bots = ("expected_value", "random", "always_score")
    rows = simulate_every_seat(
        "mantis", 7, seed=4, policies=bots, options={"players": 3}, processes=1, progress=False
    )
    assert [r["seating"] for r in rows] == [0, 0, 0, 1, 1, 2, 2]
    assert rows[0]["policies"] == ["expected_value", "random", "always_score"]
    assert rows[3]["policies"] == ["random", "always_score", "expected_value"]
    assert rows[5]["policies"] == ["always_score", "expected_value", "random"]
    seeds = {r["seating"]: [] for r in rows}
    for r in rows:
        seeds[r["seating"]].append(r["seed"])
    assert seeds[1] == seeds[2] == seeds[0][:2]
    with pytest.raises(ValueError, match="games"):
        simulate_every_seat("mantis", -1, policies=bots)


def test_simulate_every_seat_reports_each_bots_rate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "mantis", "--games", "6", "--bots", "expected_value,random"]
    code, out, _ = run(capsys, *argv, "--every-seat", "--processes", "1")
    assert code == 0
    assert "each bot in every seat" in out
    assert "bot expected_value wins" in out and "bot random wins" in out
    code, out, _ = run(capsys, *argv, "--every-seat", "--processes", "1", "--json")
    report = json.loads(out)
    rows = simulate_every_seat(
        "mantis",
        6,
        policies=("expected_value", "random"),
        options={"players": 2},
        processes=1,
        progress=False,
    )
    assert report["every_seat"] is True
    assert report["summary"] == json.loads(json.dumps(summarise(rows, "mantis")))
    code, out, err = run(capsys, "simulate", "mantis", "--every-seat")
    assert code == 2 and out == "" and "--bots" in err and err.count("\n") == 1


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
