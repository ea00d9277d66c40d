"""The compiled engine build: used only when it matches its source, and it plays alike.

``setup.py`` compiles Mantis Falls' ``state.py`` with mypyc; ``tutor.core.native``
decides at import whether that build may run.  These tests use a throw-away package
for the decision (a fake build that is stale, or that cannot load) and the real game
for the promise that matters: the compiled engine and the Python source play the same
seeded games to the same final states.  ``make test`` sets
``RULES_TUTOR_REQUIRE_COMPILED=1`` so a build that silently failed is a red test there.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_builds import run_with_build

import tutor
from tutor.core import native
from tutor.core.game import random_playout
from tutor.core.rng import Rng

ENGINE = "tutor.games.mantis_falls.state"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``demo_engine_pkg`` with one module ``engine.py``; returns that file."""
    package = tmp_path / "demo_engine_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "engine.py"
    source.write_text("WHERE = 'source'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(native.PURE_PYTHON_ENV, raising=False)
    importlib.import_module("demo_engine_pkg")  # as when its __init__ runs the check
    yield source
    for name in ("demo_engine_pkg.engine", "demo_engine_pkg"):
        sys.modules.pop(name, None)


def fake_build(source: Path, recorded: str) -> None:
    """A 'compiled' file beside ``source`` (not loadable) and the digest it claims."""
    source.with_name(source.stem + SUFFIX).write_bytes(b"not a real extension")
    native.record_path(source).write_text(recorded + "\n")


def test_without_a_build_the_source_runs(demo: Path) -> None:
    assert native.build_verdict(demo) == (False, "no compiled build")
    status = native.load_engine_module("demo_engine_pkg.engine", demo)
    assert status == "source (no compiled build)"
    assert sys.modules["demo_engine_pkg.engine"].WHERE == "source"


def test_a_build_of_an_older_source_is_stale_and_the_source_runs_with_a_warning(
    demo: Path,
) -> None:
    fake_build(demo, recorded="0" * 64)
    ok, why = native.build_verdict(demo)
    assert not ok and "stale" in why and "make install" in why
    with pytest.warns(RuntimeWarning, match="stale"):
        status = native.load_engine_module("demo_engine_pkg.engine", demo)
    assert status.startswith("source (the compiled build is stale")
    module = sys.modules["demo_engine_pkg.engine"]
    assert module.WHERE == "source" and module.__file__ == str(demo)
    # The parent package sees the module too, as after a normal import.
    assert sys.modules["demo_engine_pkg"].engine is module


def test_a_current_build_that_cannot_load_falls_back_to_the_source(demo: Path) -> None:
    fake_build(demo, recorded=hashlib.sha256(demo.read_bytes()).hexdigest())
    assert native.build_verdict(demo) == (True, "compiled")
    with pytest.warns(RuntimeWarning, match="does not load"):
        status = native.load_engine_module("demo_engine_pkg.engine", demo)
    assert status.startswith("source (the compiled build does not load")
    assert sys.modules["demo_engine_pkg.engine"].WHERE == "source"


def test_the_environment_variable_asks_for_the_source(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_build(demo, recorded=hashlib.sha256(demo.read_bytes()).hexdigest())
    monkeypatch.setenv(native.PURE_PYTHON_ENV, "1")
    assert native.build_verdict(demo) == (False, "RULES_TUTOR_PURE_PYTHON is set")


# ---------------------------------------------------------------------------------------
# The real engine
# ---------------------------------------------------------------------------------------
PLAY = textwrap.dedent(
    """
    import hashlib, json, sys
    import tutor
    from tutor.core.game import random_playout
    from tutor.core.native import engine_status
    from tutor.core.rng import Rng
    game = tutor.load_game("mantis_falls", players=2)
    digest = hashlib.sha256()
    for seed in range(int(sys.argv[1])):
        for tracing in (False, True):
            state = game.new_state(seed=seed, tracing=tracing)
            random_playout(state, Rng(seed + 1))
            digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    print(json.dumps({"status": engine_status(), "digest": digest.hexdigest()}))
    """
)


def played(games: int, pure: bool) -> dict[str, object]:
    return run_with_build(PLAY, str(games), pure=pure)


def test_the_engine_reports_which_build_runs() -> None:
    tutor.load_game("mantis_falls", players=2)
    status = native.engine_status()[ENGINE]
    assert status == "compiled" or status.startswith("source ("), status
    if os.environ.get("RULES_TUTOR_REQUIRE_COMPILED"):
        assert status == "compiled", f"make test expects the compiled engine, found {status}"


def test_the_compiled_engine_and_the_python_source_play_the_same_games() -> None:
    tutor.load_game("mantis_falls", players=2)
    status = native.engine_status()[ENGINE]
    if status != "compiled":
        pytest.skip(f"the engine runs from its source here: {status}")
    pure = played(12, pure=True)
    assert pure["status"] == {ENGINE: "source (RULES_TUTOR_PURE_PYTHON is set)"}
    compiled = played(12, pure=False)
    assert compiled["status"] == {ENGINE: "compiled"}
    assert compiled["digest"] == pure["digest"]
    # and the in-process engine agrees with both
    game = tutor.load_game("mantis_falls", players=2)
    digest = hashlib.sha256()
    for seed in range(12):
        for tracing in (False, True):
            state = game.new_state(seed=seed, tracing=tracing)
            random_playout(state, Rng(seed + 1))
            digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    assert digest.hexdigest() == pure["digest"]
