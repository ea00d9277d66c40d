"""Every ``tutor`` command works for Mantis: play, simulate (with --players and --bots),
rules --coverage, whatif and tree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_play_and_simulate_at_any_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    traced = run(capsys, "play", "mantis", "--seed", "2", "--players", "5", "--trace")
    assert "[mt.1.2] 5 players" in traced and "Result after" in traced
    report = json.loads(run(capsys, "simulate", "mantis", "--players", "6", "--games", "20",
                            "--json"))  # fmt: skip
    assert sum(report["outcomes"].values()) == 20
    assert set(report["labels"]) >= {"ten_scored", "deck_out", "tank_tiebreak"}
    table = run(capsys, "simulate", "mantis", "--games", "6", "--bots",
                "lookahead,expected_value,random", "--processes", "1")  # fmt: skip
    assert "lookahead" in table and "95% CI" in table  # three bots: three players
    assert main(["simulate", "mantis", "--players", "0"]) != 0
    assert "--players: expected a whole number of at least 1" in capsys.readouterr().err
    assert main(["simulate", "mantis", "--players", "7", "--games", "2"]) != 0
    assert "2 to 6 players, not 7" in capsys.readouterr().err


def test_rules_whatif_and_tree(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    coverage = run(capsys, "rules", "mantis", "--coverage")
    assert "25 of 25 rules implemented, 25 tested" in coverage
    scenario = tmp_path / "steal.yaml"
    scenario.write_text(
        "game: mantis\noptions: {players: 2}\nseed: 1\n"
        "setup: {tanks: [[red], [blue]], draw_pile: [green, green]}\nplay: [Steal from Ben]\n",
        encoding="utf-8",
    )
    text = run(capsys, "whatif", str(scenario))
    assert "[mt.5.3] Ben has no green card" in text and "Legal actions" in text
    tree = json.loads(run(capsys, "tree", "mantis", "--depth", "3", "--seed", "4", "--json"))
    assert tree["game"] == "mantis" and tree["nodes"] > 35
