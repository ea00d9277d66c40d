"""Tests of the workshop results table (``tutor.analysis.report``).

Why this file exists: the strategy notebook's last cell prints bot matchups with
``compare_bots`` and ``summary_table``. The table must show exactly the counts that
``simulate`` and ``summarise`` produce for the same seed, one row per matchup, in order.
"""

from __future__ import annotations

import pytest

from tutor.analysis.report import compare_bots, summary_table
from tutor.analysis.simulation import simulate, summarise

MATCHUPS = {"random pair": ("random", "random"), "careful witness": ("heuristic", "random")}


@pytest.fixture(scope="module")
def results() -> dict[str, dict]:
    return compare_bots("mantis_falls", MATCHUPS, games=6, seed=3)


def test_each_matchup_is_summarised_like_a_direct_simulation(results: dict[str, dict]) -> None:
    assert list(results) == list(MATCHUPS)
    for label, bots in MATCHUPS.items():
        rows = simulate("mantis_falls", games=6, seed=3, policies=bots, processes=1, progress=False)
        assert results[label] == summarise(rows)


def test_the_table_has_a_header_a_rule_and_one_row_per_matchup(results: dict[str, dict]) -> None:
    lines = summary_table(results).splitlines()
    assert lines[0].split() == [
        "matchup", "games", "assassin", "wins", "witness", "wins", "ties", "escape", "rate",
        "death", "rate", "Last", "Gasps", "survived", "turns",
    ]  # fmt: skip
    assert set(lines[1]) == {"-", " "}
    assert [line.split("  ")[0] for line in lines[2:]] == list(MATCHUPS)
    for line, summary in zip(lines[2:], results.values(), strict=True):
        witness = summary["win_rate"]["witness"]
        gasps = summary["last_gasp"]
        assert line.split()[-1] == f"{summary['length']['turns']['mean']:.1f}"
        assert f"{witness['count']}/{witness['of']} ({100 * witness['rate']:.0f}%)" in line
        assert f"{gasps['count']}/{gasps['of']}" in line
        assert f"{summary['games']}" in line.split()


def test_a_role_never_dealt_shows_a_dash() -> None:
    summary = {
        "games": 1,
        "win_rate": {"witness": {"count": 1, "of": 1, "rate": 1.0}},
        "tie_rate": {"count": 0, "of": 1, "rate": 0.0},
        "escape_rate": {"count": 1, "of": 1, "rate": 1.0},
        "last_gasp": {"count": 0, "of": 0, "rate": 0.0},
        "length": {"turns": {"mean": 12.0}},
        "extra_labels": {"escape_rate": "escapes", "last_gasp": "gasps survived"},
    }
    duel = {
        **summary,
        "win_rate": {
            "witness": {"count": 0, "of": 1, "rate": 0.0},
            "assassin": {"count": 1, "of": 1, "rate": 1.0},
        },
    }
    lines = summary_table({"escaped": summary, "duel": duel}).splitlines()
    assert lines[0].split()[2:6] == ["witness", "wins", "assassin", "wins"]
    row = lines[2].split()
    assert row == [
        "escaped",
        "1",
        "1/1",
        "(100%)",
        "-",
        "0/1",
        "(0%)",
        "1/1",
        "(100%)",
        "-",
        "12.0",
    ]
