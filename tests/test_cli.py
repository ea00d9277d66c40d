"""Tests of the ``tutor`` command: what each subcommand prints, and how errors end.

The command is the terminal face of the engine, so the tests check that its output
agrees with the engine (the trace cites rule ids, simulation counts add up, coverage
matches the rules index, a what-if file shows the position it describes) and that user
mistakes end with exit status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tutor
from tutor.cli import main, new_state, play_random
from tutor.core.game import game_class
from tutor.games.mantis_falls.facts import OUTCOMES

SCENARIO = """\
game: mantis_falls
seed: 3
title: Seven wounds and a Medicine
setup:
  road_order: [Elm Street, Maple Avenue, Cannery Row, Foster Lane,
               Kingsley Street, Gaslight Alley, Vine Street, Marlowe Avenue,
               Harrow Street, Rook's Alley, Cemetery Road, Dockside Way]
  turn_player: 0
  players:
    - {position: 2, wounds: 7, role: witness, hand: [Medicine, Sprint, Bullet], allies: []}
    - {position: 1, wounds: 2, role: assassin, hand: [Gun, Bullet, Take Cover]}
  event_deck_top: [Street Thug]
play:
  - Jack stays on Maple Avenue
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``tutor argv...``; return the exit status, stdout and stderr."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return json.loads(out)


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    path = tmp_path / "medicine.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


# ---------------------------------------------------------------- games
def test_games_lists_mantis_falls(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "mantis_falls\tMantis Falls\t2-3 players" in out.splitlines()
    # Every registered game (the test-only toys too), one line each, in name order.
    assert [line.split("\t")[0] for line in out.splitlines()] == tutor.registered_games()


# ---------------------------------------------------------------- play
def test_play_trace_cites_a_rule_on_every_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "mantis_falls", "--seed", "7", "--trace")
    assert code == 0, err
    lines = out.splitlines()
    assert all(line.startswith("[mf.") for line in lines)
    # Setup comes first (topic 5), the game-over entries (topic 20) last.
    assert lines[0].startswith("[mf.5.1] ")
    assert any(line.startswith("[mf.8.1] Turn 1:") for line in lines)
    assert any(line.startswith("[mf.20.3] The game is over") for line in lines)
    assert lines[-1].startswith("[mf.20.") and "Result after" in lines[-1]


def test_play_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "mantis_falls", "--seed", "11", "--trace")
    second = run(capsys, "play", "mantis_falls", "--seed", "11", "--trace")
    other = run(capsys, "play", "mantis_falls", "--seed", "12", "--trace")
    assert first == second
    assert first[1] != other[1]


def test_play_as_a_player_hides_the_other_hand(capsys: pytest.CaptureFixture[str]) -> None:
    _, omniscient, _ = run(capsys, "play", "mantis_falls", "--seed", "7", "--trace")
    code, as_jack, _ = run(
        capsys, "play", "mantis_falls", "--seed", "7", "--trace", "--player", "0"
    )
    assert code == 0
    # mf.5.7: each player sees their own deal; the other only learns the count.
    assert "[mf.5.7] Jill is dealt six more action cards: " in omniscient
    assert "[mf.5.7] Jill is dealt six more action cards: " not in as_jack
    assert "[mf.5.7] Jill is dealt six more action cards (seven in hand)." in as_jack
    assert "[mf.5.7] Jack is dealt six more action cards: " in as_jack
    assert all(line.startswith("[mf.") for line in as_jack.splitlines())


def test_play_summary_agrees_with_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "mantis_falls", "--seed", "7")
    assert code == 0
    game = tutor.load_game("mantis_falls")
    state = play_random(new_state(game, 7), 7)
    result = state.outcome()
    assert result is not None
    assert f"{result.turns} turns, {state.steps} actions" in out
    assert f"[{result.rule}]" in out
    assert result.text in out


def test_play_and_simulate_play_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Tracing on (play) and off (simulate) must not change the game."""
    game = tutor.load_game("mantis_falls")
    traced = play_random(new_state(game, 21, tracing=True), 21)
    report = run_json(capsys, "simulate", "mantis_falls", "--games", "1", "--seed", "21", "--json")
    result = traced.outcome()
    assert result is not None
    assert report["turns"]["min"] == report["turns"]["max"] == result.turns
    assert report["deaths"] == len(result.extras["dead"])
    assert report["last_gasps"] == sum(result.extras["gasps"])


# ---------------------------------------------------------------- simulate
def test_simulate_json_counts_are_consistent(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "simulate", "mantis_falls", "--games", "25", "--seed", "1", "--json")
    assert report["game"] == "mantis_falls"
    assert report["games"] == 25
    assert set(report["outcomes"]) == set(OUTCOMES)
    assert sum(report["outcomes"].values()) == 25
    # A game ends by escape or by at least one death (mf.20.1, mf.20.2) ...
    assert report["deaths"] >= 25 - report["outcomes"]["escape"]
    assert report["deaths"] <= 2 * 25
    # ... and nobody dies without a Last Gasp first (mf.17.3, mf.18.1).
    assert report["last_gasps"] >= report["deaths"]
    assert report["deaths_per_game"] == pytest.approx(report["deaths"] / 25, abs=1e-4)
    turns = report["turns"]
    assert 1 <= turns["min"] <= turns["mean"] <= turns["max"]
    assert report["games_per_second"] > 0


def test_simulate_tie_means_two_deaths(capsys: pytest.CaptureFixture[str]) -> None:
    """mf.20.6: a tie needs a dead witness and a dead assassin."""
    report = run_json(capsys, "simulate", "mantis_falls", "--games", "40", "--seed", "1", "--json")
    single_death_games = 40 - report["outcomes"]["escape"]
    assert report["deaths"] >= single_death_games + report["outcomes"]["tie"]


def test_simulate_table_lists_every_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "mantis_falls", "--games", "5", "--seed", "3")
    assert code == 0
    assert "5 random games, seeds 3-7" in out
    for label in OUTCOMES.values():
        assert label in out
    assert "Last Gasps taken" in out and "games/s" in out


# ---------------------------------------------------------------- rules
def test_rules_lists_every_rule_with_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "rules", "mantis_falls", "--json")
    book = tutor.load_game("mantis_falls").rulebook
    assert [row["id"] for row in report["rules"]] == list(book.rules)
    row = next(r for r in report["rules"] if r["id"] == "mf.17.3")
    assert row["topic"] == "17"
    assert row["topic_title"] == book.topics["17"]
    assert row["summary"] == book.rules["mf.17.3"].summary


def test_rules_coverage_matches_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "rules", "mantis_falls", "--coverage", "--json")
    implemented = game_class("mantis_falls").implemented_rules()
    rows = {row["id"]: row for row in report["rules"]}
    assert {rid for rid, row in rows.items() if row["implemented"]} == implemented & set(rows)
    assert rows["mf.17.3"]["implemented"] is True  # the Last Gasp play is in the engine
    assert rows["mf.22.1"]["implemented"] is True  # the Triad module is in the engine
    assert all(row["tested"] == bool(row["tested_by"]) for row in rows.values())
    in_scope = [r for r in rows.values() if r["scope"] == "base"]
    covered = [r for r in in_scope if r["implemented"] and r["tested"]]
    assert report["in_scope"] == len(in_scope)
    assert report["covered"] == len(covered)
    assert report["coverage_percent"] == round(100 * len(covered) / len(in_scope), 1)


def test_rules_coverage_text_ends_with_the_percentage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules", "mantis_falls", "--coverage")
    report = run_json(capsys, "rules", "mantis_falls", "--coverage", "--json")
    assert code == 0
    assert out.rstrip().endswith(f"({report['covered']}).")
    assert f"Coverage: {report['coverage_percent']}%" in out


def test_a_game_without_rule_citations_reports_none() -> None:
    assert tutor.Game.implemented_rules() == set()


# ---------------------------------------------------------------- whatif
def test_whatif_json_shows_the_scenario_position(
    capsys: pytest.CaptureFixture[str], scenario_file: Path
) -> None:
    report = run_json(capsys, "whatif", str(scenario_file), "--json")
    jack, jill = report["view"]["players"]
    assert (jack["position"], jack["road"], jack["wounds"]) == (2, "Maple Avenue", 7)
    assert jack["hand"] == ["Bullet", "Medicine", "Sprint"]
    assert (jill["role"], jill["wounds"]) == ("assassin", 2)
    # The scenario's play was applied: Jack stayed, drew the known event, and now
    # chooses his main play (mf.8.4).
    assert report["view"]["decision"] == {
        "kind": "choice",
        "player": 0,
        "prompt": "Jack: choose a main play.",
        "rule": "mf.8.4",
    }
    assert report["view"]["event"]["name"] == "Street Thug"
    assert "[mf.8.2] Jack stays on Maple Avenue." in report["trace"]
    assert any(
        line.startswith("[mf.11.7] Jack draws the event Street Thug") for line in report["trace"]
    )
    assert "Start an action play with Medicine (Amber)" in report["legal_actions"]
    session = tutor.load_scenario(scenario_file)
    assert report["legal_actions"] == [a.label for a in session.state.legal_actions()]
    assert "trace" not in report["view"]


def test_whatif_as_the_other_player_hides_hand_and_choices(
    capsys: pytest.CaptureFixture[str], scenario_file: Path
) -> None:
    report = run_json(capsys, "whatif", str(scenario_file), "--json", "--player", "1")
    jack, jill = report["view"]["players"]
    assert jack["hand"] is None and jack["hand_count"] == 3
    assert jack["role"] is None
    assert jill["hand"] == ["Bullet", "Gun", "Take Cover"]
    assert report["legal_actions"] == []  # it is Jack's decision, not Jill's


def test_whatif_text_shows_view_and_trace(
    capsys: pytest.CaptureFixture[str], scenario_file: Path
) -> None:
    code, out, _ = run(capsys, "whatif", str(scenario_file))
    assert code == 0
    assert "Jack (witness): position 2 (Maple Avenue), wounds 7/8, gasp marker 0" in out
    assert "hand: Bullet, Medicine, Sprint" in out
    assert "Decision: Jack: choose a main play. [mf.8.4]" in out
    assert "Start an action play with Medicine (Amber)" in out
    assert "  [mf.8.2] Jack stays on Maple Avenue." in out


# ---------------------------------------------------------------- errors
def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    return err


def test_unknown_game_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "simulate", "rules"):
        err = one_line_error(capsys, command, "mantis_fals")
        assert "unknown game 'mantis_fals'" in err and "mantis_falls" in err


def test_bad_scenario_files_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: mantis_falls\nsetup: [unclosed\n", encoding="utf-8")
    assert "expected valid YAML, found a syntax error" in one_line_error(
        capsys, "whatif", str(broken)
    )

    missing = tmp_path / "missing.yaml"
    assert "expected an existing scenario file, found no such file" in one_line_error(
        capsys, "whatif", str(missing)
    )

    bad_key = tmp_path / "bad_key.yaml"
    bad_key.write_text(
        SCENARIO.replace("turn_player: 0", "turn_player: 0\n  dice: 6"), encoding="utf-8"
    )
    assert "at setup: expected only the keys" in one_line_error(capsys, "whatif", str(bad_key))

    bad_card = tmp_path / "bad_card.yaml"
    bad_card.write_text(SCENARIO.replace("Medicine,", "Aspirin,"), encoding="utf-8")
    err = one_line_error(capsys, "whatif", str(bad_card))
    assert "setup.players[0].hand[0]" in err and "Aspirin" in err

    bad_play = tmp_path / "bad_play.yaml"
    bad_play.write_text(SCENARIO.replace("stays on Maple", "flies over Maple"), encoding="utf-8")
    assert "play[0]" in one_line_error(capsys, "whatif", str(bad_play))


def test_bad_options_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], scenario_file: Path
) -> None:
    assert "--player" in one_line_error(capsys, "play", "mantis_falls", "--player", "2")
    assert "--player" in one_line_error(capsys, "whatif", str(scenario_file), "--player", "-1")
    assert "--games" in one_line_error(capsys, "simulate", "mantis_falls", "--games", "0")


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2
    assert (
        err == "tutor: error: the following arguments are required: COMMAND (see 'tutor --help')\n"
    )
    code, _, err = run(capsys, "play", "mantis_falls", "--policy", "greedy")
    assert code == 2 and "invalid choice" in err and len(err.splitlines()) == 1
    code, _, err = run(
        capsys, "simulate", "mantis_falls", "--bots", "random,random", "--processes", "0"
    )
    assert code == 2 and len(err.splitlines()) == 1
    assert "argument --processes: expected a whole number of at least 1, got 0" in err
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "simulate" in out


# ---------------------------------------------------------------- documented commands
REPO = Path(__file__).resolve().parents[1]


def documented_commands(doc: Path) -> list[list[str]]:
    """Every ``tutor ...`` line of the ``sh`` code blocks of a Markdown file, as argv."""
    import shlex

    commands, in_sh = [], False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_sh = line.strip() == "```sh"
            continue
        if in_sh and line.startswith("tutor "):
            commands.append(shlex.split(line, comments=True)[1:])
    return commands


GAMES_CAP = 40
"""A documented ``--games N`` or ``--simulate N`` runs at most this many games here: the
docs' thousand-game tables are measured by hand, the test checks that the command works."""


def fewer_games(argv: list[str]) -> list[str]:
    """``argv`` with the count after ``--games`` / ``--simulate`` capped at GAMES_CAP."""
    out = list(argv)
    for i, word in enumerate(out[:-1]):
        if word in ("--games", "--simulate") and out[i + 1].isdigit():
            out[i + 1] = str(min(int(out[i + 1]), GAMES_CAP))
    return out


@pytest.mark.parametrize("doc", ["README.md", "docs/mantis_falls.md", "docs/creepy_falls.md"])
def test_documented_commands_work_as_written(
    doc: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    commands = documented_commands(REPO / doc)
    assert any(argv[0] == "whatif" for argv in commands)
    for argv in map(fewer_games, commands):
        code, out, err = run(capsys, *argv)
        assert code == 0, f"tutor {' '.join(argv)}: {err}"
        assert out
        if "--json" in argv:
            json.loads(out)
