"""Tests for ``tutor whatif FILE --simulate N``: outcome odds from a scenario's position.

Why this file exists: "from here, how often does Jack survive?" is the what-if question
players ask most.  The command must report the same numbers as the Python API
(``simulate(start=FILE)``), name each player with their role, and turn every mistake
into a one-line error with exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.analysis.simulation import simulate, summarise, wilson_interval
from tutor.cli import main, whatif_odds

MID_GAME = Path(__file__).parent / "scenarios" / "mid_game.yaml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_odds_match_the_simulation_api(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "whatif",
        str(MID_GAME),
        "--simulate",
        "60",
        "--seed",
        "4",
        "--processes",
        "1",
        "--json",
    )
    assert code == 0
    report: dict[str, Any] = json.loads(out)
    rows = simulate(start=MID_GAME, games=60, seed=4, processes=1, progress=False)
    assert report["games"] == 60 and report["bots"] == ["random", "random"]
    assert report["summary"] == json.loads(json.dumps(summarise(rows)))
    jack, jill = report["players"]
    assert (jack["name"], jack["role"]) == ("Jack", "witness")
    assert (jill["name"], jill["role"]) == ("Jill", "assassin")
    wins = sum(0 in r["winners"] for r in rows)
    low, high = wilson_interval(wins, 60)
    assert jack["wins"] == {"count": wins, "of": 60, "rate": wins / 60, "low": low, "high": high}
    ties = sum(r["tie"] for r in rows)
    assert report["tie"]["count"] == ties
    # Every game from here ends in a death: someone's Last Gasp fails (mf.18.1).
    assert report["ends"]["death"]["count"] == 60 and "escape" not in report["ends"]
    assert jack["wins"]["count"] + jill["wins"]["count"] + ties == 60
    assert sum(report["outcomes"].values()) == 60


def test_bots_can_be_chosen_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    report = whatif_odds(str(MID_GAME), 6, ["heuristic", "random"], seed=2, processes=1)
    rows = simulate(
        start=MID_GAME,
        games=6,
        seed=2,
        policies=("heuristic", "random"),
        processes=1,
        progress=False,
    )
    assert report["bots"] == ["heuristic", "random"]
    assert report["summary"] == summarise(rows)


def test_text_report_names_players_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "whatif", str(MID_GAME), "--simulate", "20", "--processes", "1")
    assert code == 0
    assert "20 games from this position" in out
    assert "Jack (witness) wins:" in out and "Jill (assassin) wins:" in out
    assert "95% CI" in out and "tie:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--simulate", "0"], "at least 1 game"),
        (["--simulate", "5", "--bots", "random,genius"], "unknown bot 'genius'"),
        (["--simulate", "5", "--bots", "random"], "2 players but 1 bots"),
    ],
)
def test_mistakes_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "whatif", str(MID_GAME), *argv, "--processes", "1")
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_a_missing_scenario_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "whatif", str(tmp_path / "nowhere.yaml"), "--simulate", "5")
    assert code == 2 and err.count("\n") == 1
