"""Every ``tutor`` command on Mentis: games, play, simulate, rules, whatif and tree.

Why this file exists: the shared suites run each command once per game; these check
that the Mentis scenario files in rulesets/mentis/scenarios work with each command and
that what is printed speaks Mentis (the board grid, the rules cited, the outcomes).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main

SCENARIOS = sorted((Path(__file__).parents[3] / "rulesets" / "mentis" / "scenarios").glob("*.yaml"))


def test_games_and_rules_list_mentis(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "Mentis" in capsys.readouterr().out
    assert main(["rules", "mentis", "--coverage"]) == 0
    out = capsys.readouterr().out
    assert "me.5.6" in out and "Blocking" in out


def test_play_prints_a_seeded_game_with_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "mentis", "--seed", "4", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "[me.1.1]" in out and "Result after 26 turns: Blue wins" in out


def test_simulate_counts_mentis_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mentis", "--games", "4", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_whatif_runs_each_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["whatif", str(path)]) == 0
    out = capsys.readouterr().out
    assert " rK " in out and "Legal actions" in out or "Game over" in out


def test_tree_ranks_the_moves_of_a_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = next(p for p in SCENARIOS if p.stem == "spear_and_shield")
    assert main(["tree", str(puzzle), "--depth", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "mentis" and data["nodes"] == data["edges"] + 1 > 1
    assert data["root"].startswith("Round 12, Blue to act")


def test_simulate_with_bots_gives_every_rate_with_its_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "mentis", "--games", "4", "--bots", "greedy,random", "--processes", "1"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    for start in ("seat 1 wins", "tie rate:", "first player wins", "games won by capturing"):
        line = next(x for x in lines if x.strip().startswith(start))
        assert "95% CI" in line, line
