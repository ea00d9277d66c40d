"""Bad scenario files never escape as a traceback, and what loads is a sound position.

A learner writes scenario files by hand, and the what-if explorer, ``tutor whatif``,
``tutor tree`` and ``whatif --simulate`` all read them.  These tests hand the loader the
testers' examples and then thousands of generated ones (hypothesis): every failure
must be a ``SessionFileError`` naming the file and where in it; every file that loads
must give a position whose invariants hold and that can be played on.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from mutations import mangled_bytes, mutated
from mutations import write as write_file

import tutor
from tutor.cli import main
from tutor.core.errors import SessionFileError
from tutor.core.rng import Rng
from tutor.core.scenario import build_scenario, load_scenario

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples"
GOOD_FILE = EXAMPLE / "mantis_falls_seven_wounds.yaml"
GOOD: dict[str, Any] = yaml.safe_load(GOOD_FILE.read_text(encoding="utf-8"))


def write(tmp_path: Path, text: str | bytes, name: str = "scenario.yaml") -> Path:
    return write_file(tmp_path, text, name)


def refused(path: Path) -> SessionFileError:
    """Load ``path``, expecting a refusal that names the file."""
    with pytest.raises(SessionFileError) as info:
        load_scenario(path)
    assert str(path) in str(info.value)
    return info.value


def with_top(**changes: Any) -> str:
    data = copy.deepcopy(GOOD)
    data.update(changes)
    return yaml.safe_dump(data, sort_keys=False)


# ---------------------------------------------------------------------------------------
# The testers' examples, one by one
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "where", "expected", "found"),
    [
        (with_top(seed="abc"), "seed", "a whole number", "'abc'"),
        (with_top(seed=1.9), "seed", "a whole number", "1.9"),
        (with_top(seed=-4), "seed", "at least 0", "-4"),
        (with_top(seed=True), "seed", "a whole number", "True"),
        (with_top(options="abc"), "options", "a mapping or nothing", "'abc'"),
        (with_top(setup="abc"), "setup", "a mapping or nothing", "'abc'"),
        (with_top(play=5), "play", "a list or nothing", "5"),
        (with_top(play="abc"), "play", "a list or nothing", "'abc'"),
        (with_top(play=["Pass (use nothing now)", 7]), "play[1]", "text", "7"),
        (with_top(options={1: 2}), "options", "only the keys", "the key 1"),
        (with_top(options={"rulings": "abc"}), "options.rulings", "a mapping", "'abc'"),
        (with_top(options={"names": 5}), "options.names", "a list", "5"),
        (with_top(options={"names": "ab"}), "options.names", "a list", "'ab'"),
        (with_top(options={"deck": 7}), "options.deck", "text", "7"),
        (with_top(game=["mantis_falls"]), "game", "text", "['mantis_falls']"),
        ("game: mantis_falls\n1: x\n", "top level", "only the keys", "the key 1"),
        ("game: mantis_falls\n? [a, b]\n: x\n", "line 2, column 3", "valid YAML", "unhashable"),
        ("game: mantis_falls\ntrue: x\n", "top level", "keys that are text", "the key True"),
        ("game: mantis_falls\nsetup: {~: x}\n", "setup", "keys that are text", "the key None"),
        ("game: mantis_falls\nseed: 2024-01-01\n", "seed", "text, a number", "date"),
        ("game: mantis_falls\nseed: .nan\n", "seed", "a finite number", "nan"),
        ("- game: mantis_falls\n", "top level", "a mapping", "[{'game'"),
    ],
)
def test_a_malformed_scenario_is_refused_naming_the_key(
    tmp_path: Path, text: str, where: str, expected: str, found: str
) -> None:
    err = refused(write(tmp_path, text))
    assert err.where == where
    assert expected in err.expected
    assert found in err.found


def test_a_file_that_is_not_utf8_names_the_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, b"game: mantis_falls\nseed: 4\ntitle: caf\xe9\n")
    err = refused(path)
    assert err.where == "line 3, column 11"
    assert err.expected == "UTF-8 text" and err.found == "the byte 0xe9"


def test_a_nul_byte_keeps_its_position(tmp_path: Path) -> None:
    err = refused(write(tmp_path, "game: mantis_falls\nseed: 4\x00\n"))
    assert err.where == "line 2, column 8"
    assert "U+0000" in err.found


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    text = GOOD_FILE.read_text(encoding="utf-8")
    session = load_scenario(write(tmp_path, "\ufeff" + text))
    assert session.state.wounds[0] == 7


def test_an_alias_bomb_is_refused_without_expanding_it(tmp_path: Path) -> None:
    lines = ["game: mantis_falls", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    err = refused(write(tmp_path, "\n".join(lines) + "\n"))
    assert "at most" in err.expected


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    err = refused(write(tmp_path, "game: mantis_falls\nsetup: " + "[" * 5000 + "]" * 5000))
    assert "depth" in err.expected or "YAML" in err.expected


def test_a_setup_that_leaves_an_impossible_position_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The setup keys check their own values; the game's invariants stand guard behind
    # them, so a setup hook that slipped would still not hand over a broken position.
    from tutor.games.mantis_falls.game import MantisFallsGame

    def broken_setup(self: Any, state: Any, setup: dict[str, Any]) -> None:
        state.wounds[1] = -2

    monkeypatch.setattr(MantisFallsGame, "apply_setup", broken_setup)
    err = refused(GOOD_FILE)
    assert err.where == "setup" and err.expected == "a consistent position"
    assert "wounds" in err.found


# ---------------------------------------------------------------------------------------
# Generated bad files (hypothesis)
# ---------------------------------------------------------------------------------------
def mutated_scenarios() -> st.SearchStrategy[Any]:
    """The good scenario with one to three values replaced, deleted or added."""
    return mutated(GOOD)


def assert_sound(session: tutor.Session) -> None:
    """A loaded position holds the game's invariants and can be played on."""
    state = session.state
    assert state.game.check_invariants(state) == []
    for player in [None, *range(state.game.num_players)]:
        state.view(player)
    state.legal_actions()
    tutor.core.game.random_playout(state.clone(), Rng(1), max_steps=5_000)


def assert_named(err: SessionFileError, source: str) -> None:
    assert str(err).startswith(f"{source}: ")
    assert err.where, f"no key path or position in {err}"


@given(mutated_scenarios())
def test_generated_scenario_mappings_load_soundly_or_are_refused_by_name(data: Any) -> None:
    try:
        session = build_scenario(data, "<generated>")
    except SessionFileError as err:
        assert_named(err, "<generated>")
        return
    assert_sound(session)


@given(mangled_bytes(GOOD_FILE.read_bytes()))
def test_mangled_files_load_soundly_or_are_refused_by_name(text: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), text)
        try:
            session = load_scenario(path)
        except SessionFileError as err:
            assert_named(err, str(path))
            return
        assert_sound(session)


@given(mutated_scenarios(), st.sampled_from(["whatif", "tree", "simulate"]))
def test_the_cli_answers_any_scenario_with_a_result_or_one_line(data: Any, command: str) -> None:
    import contextlib
    import io
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), yaml.safe_dump(data, sort_keys=False))
        args = {
            "whatif": ["whatif", str(path)],
            "tree": ["tree", str(path), "--depth", "1", "--max-nodes", "2000"],
            "simulate": ["whatif", str(path), "--simulate", "2", "--processes", "1"],
        }[command]
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(args)
        if status == 0:
            return
        assert status == 2
        lines = err.getvalue().strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"tutor {args[0]}: error: "), lines
