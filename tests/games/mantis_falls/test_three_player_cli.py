"""The ``tutor`` command with three players: ``--players 3 --modules triad``.

Why this file exists: the terminal is one of the ways people play and simulate; a
three-player game must be reachable from it, and a missing module must be refused in
one line naming what to add (exit status 2), not with a traceback.
"""

from __future__ import annotations

import json

import pytest

from tutor.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_three_players_with_the_triad_module(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "mantis_falls", "--players", "3", "--modules", "triad",
                         "--seed", "2", "--trace")  # fmt: skip
    assert code == 0, err
    assert "[mf.5.12] The Pact (Triad) is shuffled" in out
    assert "[mf.7.3] " in out and " is the bystander:" in out
    code, out, err = run(capsys, "play", "mantis_falls", "--players", "3", "--modules", "triad",
                         "--seed", "2", "--trace", "--player", "1")  # fmt: skip
    assert code == 0, err
    # Jill (player 1) reads her own deal, and only that others were dealt cards.
    assert "Jack is dealt six more action cards (seven in hand)." in out
    assert "Jack is dealt six more action cards:" not in out
    assert "Jill is dealt six more action cards:" in out
    assert "is dealt one of the three Midnight cards face down." in out


def test_three_players_without_triad_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "play", "mantis_falls", "--players", "3")
    assert code == 2 and out == ""
    assert "needs the Triad module" in err and len(err.strip().splitlines()) == 1


def test_simulate_three_players_counts_three_player_outcomes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "simulate", "mantis_falls", "--players", "3", "--modules",
                         "triad", "--games", "6", "--seed", "1", "--json")  # fmt: skip
    assert code == 0, err
    report = json.loads(out)
    assert sum(report["outcomes"].values()) == 6
