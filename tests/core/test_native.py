"""The compiled engine groups: used only when they match their sources, and they play alike.

``setup.py`` compiles each engine group listed in pyproject.toml (each game's
``engine/`` package) with mypyc as one group; ``tutor.core.native`` decides at the first
import of a group's module whether the whole group may run from its build.  These tests
use a throw-away two-module group for the decision (a fake build that is stale, partial,
or that cannot load) and the real game for the promise that matters: the compiled
engines (every compiled group): the compiled build and the Python source play the same
seeded games to the same final states.
A second pair of throw-away groups checks the dependency on shared groups (the
random-number group): a shared group running from its source takes the engine with it.
``make test`` sets ``RULES_TUTOR_REQUIRE_COMPILED=1`` so a build that silently failed is
a red test there.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
import sys
import textwrap
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_builds import run_with_build

import tutor
from tutor.core import native
from tutor.core.game import random_playout
from tutor.core.rng import Rng

ENGINE_DIR = Path(tutor.__file__).parent / "games" / "mantis_falls" / "engine"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
DEMO = "demo_engine_pkg.engine"


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A group ``demo_engine_pkg.engine`` of two modules (``low`` and ``top``, which
    imports ``low``), guarded as a game package guards its engine; returns its directory.

    It needs no shared group, so its verdicts do not depend on how this process runs the
    real random-number group (from source in a pure-Python venv or under
    RULES_TUTOR_PURE_PYTHON)."""
    package = tmp_path / "demo_engine_pkg"
    group = package / "engine"
    group.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (group / "__init__.py").write_text("")
    (group / "low.py").write_text("WHERE = 'source'\n")
    (group / "top.py").write_text("from demo_engine_pkg.engine import low\nWHERE = low.WHERE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(native.PURE_PYTHON_ENV, raising=False)
    native.guard_engine_group(DEMO, group, needs={})
    yield group
    sys.meta_path[:] = [
        f for f in sys.meta_path if not (isinstance(f, native._EngineGroup) and f.package == DEMO)
    ]
    for name in [n for n in sys.modules if n.startswith("demo_engine_pkg")]:
        sys.modules.pop(name)
    native._STATUS.pop(DEMO, None)


def fake_build(group: Path, recorded: str, modules: tuple[str, ...] = ("low", "top")) -> None:
    """'Compiled' files for ``modules`` of the group (not loadable) and the digest they claim."""
    for name in modules:
        (group / f"{name}{SUFFIX}").write_bytes(b"not a real extension")
    native.group_record_path(group).write_text(recorded + "\n")


def test_without_a_build_the_whole_group_runs_from_source(demo: Path) -> None:
    assert native.group_verdict(demo) == (False, "no compiled build")
    top = importlib.import_module(f"{DEMO}.top")
    assert top.WHERE == "source" and top.__file__ == str(demo / "top.py")
    assert native.engine_status()[DEMO] == "source (no compiled build)"


def test_one_edited_module_makes_the_whole_group_stale(demo: Path) -> None:
    fake_build(demo, recorded=native.group_digest(demo))
    assert native.group_verdict(demo) == (True, "compiled")
    (demo / "low.py").write_text("WHERE = 'source'  # edited\n")
    ok, why = native.group_verdict(demo)
    assert not ok and "stale" in why and "engine/" in why and "make install" in why
    with pytest.warns(RuntimeWarning, match="stale"):
        top = importlib.import_module(f"{DEMO}.top")
    # Both modules load from their sources, the untouched one too.
    assert top.__file__ == str(demo / "top.py")
    assert sys.modules[f"{DEMO}.low"].__file__ == str(demo / "low.py")
    assert native.engine_status()[DEMO].startswith("source (the compiled build is stale")


def test_adding_a_module_changes_the_group_digest(demo: Path) -> None:
    before = native.group_digest(demo)
    (demo / "extra.py").write_text("")
    assert native.group_digest(demo) != before
    assert [p.name for p in native.group_sources(demo)] == ["extra.py", "low.py", "top.py"]


def test_a_partial_build_is_not_used(demo: Path) -> None:
    fake_build(demo, recorded=native.group_digest(demo), modules=("low",))
    ok, why = native.group_verdict(demo)
    assert not ok and "incomplete" in why and "top.py" in why
    with pytest.warns(RuntimeWarning, match="incomplete"):
        assert importlib.import_module(f"{DEMO}.low").WHERE == "source"


def test_a_current_build_that_cannot_load_falls_back_to_the_source(demo: Path) -> None:
    fake_build(demo, recorded=native.group_digest(demo))
    with pytest.warns(RuntimeWarning, match="does not load"):
        top = importlib.import_module(f"{DEMO}.top")
    assert top.WHERE == "source"
    assert native.engine_status()[DEMO].startswith("source (the compiled build does not load")


def test_the_environment_variable_asks_for_the_source(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_build(demo, recorded=native.group_digest(demo))
    monkeypatch.setenv(native.PURE_PYTHON_ENV, "1")
    assert native.group_verdict(demo) == (False, "RULES_TUTOR_PURE_PYTHON is set")


@pytest.fixture
def shared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A one-module shared group ``demo_shared_pkg`` (guarding itself, as
    ``tutor.core.random_engine`` does) and an engine group ``demo_needy_pkg.engine`` that
    needs it; returns the shared group's directory."""
    group = tmp_path / "demo_shared_pkg"
    group.mkdir()
    (group / "__init__.py").write_text(
        "from pathlib import Path\n"
        "from tutor.core.native import guard_engine_group\n"
        "guard_engine_group(__name__, Path(__file__).parent, needs={})\n"
    )
    (group / "gen.py").write_text("WHERE = 'source'\n")
    needy = tmp_path / "demo_needy_pkg" / "engine"
    needy.mkdir(parents=True)
    (needy.parent / "__init__.py").write_text("")
    (needy / "__init__.py").write_text("")
    (needy / "play.py").write_text("from demo_shared_pkg import gen\nWHERE = gen.WHERE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(native.PURE_PYTHON_ENV, raising=False)
    native.guard_engine_group(NEEDY, needy, needs={SHARED: group})
    yield group
    sys.meta_path[:] = [
        f
        for f in sys.meta_path
        if not (isinstance(f, native._EngineGroup) and f.package in (SHARED, NEEDY))
    ]
    for name in [n for n in sys.modules if n.startswith(("demo_shared_pkg", "demo_needy_pkg"))]:
        sys.modules.pop(name)
    native._STATUS.pop(SHARED, None)
    native._STATUS.pop(NEEDY, None)


SHARED = "demo_shared_pkg"
NEEDY = "demo_needy_pkg.engine"


def test_a_stale_shared_group_makes_a_current_engine_group_run_from_source(
    shared: Path,
) -> None:
    needy = shared.parent / "demo_needy_pkg" / "engine"
    fake_build(shared, recorded="0" * 64, modules=("gen",))  # stale
    fake_build(needy, recorded=native.group_digest(needy), modules=("play",))  # current
    assert native.group_verdict(needy) == (True, "compiled")
    ok, why = native.group_verdict(needy, {SHARED: shared})
    assert not ok
    assert why.startswith(f"the shared group {SHARED} runs from its source: the compiled build")
    assert "stale" in why
    with pytest.warns(RuntimeWarning, match="stale"):  # the shared group's warning, once
        play = importlib.import_module(f"{NEEDY}.play")
    assert play.WHERE == "source" and play.__file__ == str(needy / "play.py")
    status = native.engine_status()
    assert status[SHARED].startswith("source (the compiled build is stale")
    assert status[NEEDY].startswith(f"source (the shared group {SHARED} runs from its source: ")


def test_an_engine_group_follows_how_its_shared_group_was_decided(shared: Path) -> None:
    needy = shared.parent / "demo_needy_pkg" / "engine"
    fake_build(shared, recorded=native.group_digest(shared), modules=("gen",))  # current
    fake_build(needy, recorded=native.group_digest(needy), modules=("play",))
    assert native.group_verdict(needy, {SHARED: shared}) == (True, "compiled")
    # ...but the shared build cannot load, so at run time the shared group runs from its
    # source and the engine group with it.
    with pytest.warns(RuntimeWarning, match="does not load"):
        importlib.import_module(f"{NEEDY}.play")
    assert native.engine_status()[NEEDY].startswith(
        f"source (the shared group {SHARED} runs from its source: the compiled build does not"
    )


def test_the_shared_groups_are_listed_guarded_and_needed_by_default() -> None:
    root = Path(tutor.__file__).parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["rules-tutor"]
    assert {d.relative_to(root).as_posix() for d in native.SHARED_GROUPS.values()} == set(
        config["shared"]
    )
    for package, directory in native.SHARED_GROUPS.items():
        assert package == directory.relative_to(root).as_posix().replace("/", ".")
        assert native.group_sources(directory), package
        assert "guard_engine_group(" in (directory / "__init__.py").read_text()
    engines = [
        f for f in sys.meta_path if isinstance(f, native._EngineGroup) and ".games." in f.package
    ]
    assert engines and all(f.needs == native.SHARED_GROUPS for f in engines)


def test_every_compiled_group_is_a_directory_its_game_guards() -> None:
    root = Path(tutor.__file__).parent.parent
    groups = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["rules-tutor"]["compiled"]
    assert "tutor/games/mantis_falls/engine" in groups
    for group in groups:
        assert native.group_sources(root / group), group
        game_init = (root / group).parent / "__init__.py"
        assert "guard_engine_group(" in game_init.read_text(), game_init


# ---------------------------------------------------------------------------------------
# The real engines: every compiled group listed in pyproject.toml
# ---------------------------------------------------------------------------------------
ROOT = Path(tutor.__file__).parent.parent
GROUPS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["rules-tutor"]["compiled"]
SHARED_PACKAGES = list(native.SHARED_GROUPS)
# tutor/games/<game>/engine -> (<game>, tutor.games.<game>.engine)
ENGINES = [(Path(group).parent.name, group.replace("/", ".")) for group in GROUPS]

PLAY = textwrap.dedent(
    """
    import hashlib, json, sys
    import tutor
    from tutor.core.game import random_playout
    from tutor.core.native import engine_status
    from tutor.core.rng import Rng
    game = tutor.load_game(sys.argv[2])
    digest = hashlib.sha256()
    for seed in range(int(sys.argv[1])):
        for tracing in (False, True):
            state = game.new_state(seed=seed, tracing=tracing)
            random_playout(state, Rng(seed + 1))
            digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    print(json.dumps({"status": engine_status(), "digest": digest.hexdigest()}))
    """
)


def status_of(game: str, engine: str) -> str:
    tutor.load_game(game)
    return native.engine_status()[engine]


@pytest.mark.parametrize(("game", "engine"), ENGINES, ids=[g for g, _ in ENGINES])
def test_the_engine_reports_which_build_runs(game: str, engine: str) -> None:
    status = status_of(game, engine)
    assert status == "compiled" or status.startswith("source ("), status
    if os.environ.get("RULES_TUTOR_REQUIRE_COMPILED"):
        assert status == "compiled", f"make test expects the compiled engine, found {status}"
        for package in SHARED_PACKAGES:
            assert native.engine_status()[package] == "compiled", package


@pytest.mark.parametrize(("game", "engine"), ENGINES, ids=[g for g, _ in ENGINES])
def test_the_compiled_engine_and_the_python_source_play_the_same_games(
    game: str, engine: str
) -> None:
    status = status_of(game, engine)
    if status != "compiled":
        pytest.skip(f"the engine runs from its source here: {status}")
    pure = run_with_build(PLAY, "8", game, pure=True)
    assert pure["status"][engine] == "source (RULES_TUTOR_PURE_PYTHON is set)"
    compiled = run_with_build(PLAY, "8", game, pure=False)
    assert compiled["status"][engine] == "compiled"
    for package in SHARED_PACKAGES:
        assert pure["status"][package] == "source (RULES_TUTOR_PURE_PYTHON is set)"
        assert compiled["status"][package] == "compiled"
    assert compiled["digest"] == pure["digest"]
    # and the in-process engine agrees with both
    played = tutor.load_game(game)
    digest = hashlib.sha256()
    for seed in range(8):
        for tracing in (False, True):
            state = played.new_state(seed=seed, tracing=tracing)
            random_playout(state, Rng(seed + 1))
            digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    assert digest.hexdigest() == pure["digest"]


@pytest.mark.parametrize(
    ("game", "engine"),
    [*ENGINES, *(("mantis_falls", p) for p in SHARED_PACKAGES)],
    ids=[*(g for g, _ in ENGINES), *SHARED_PACKAGES],
)
def test_a_compiled_engine_runs_every_module_of_its_group_compiled(game: str, engine: str) -> None:
    status = status_of(game, engine)
    if status != "compiled":
        pytest.skip(f"the engine runs from its source here: {status}")
    directory = ROOT / engine.replace(".", "/")
    modules = [f"{engine}.{p.stem}" for p in native.group_sources(directory)]
    assert modules
    for name in modules:
        module = importlib.import_module(name)
        assert module.__file__ is not None and not module.__file__.endswith(".py"), name
    record = native.group_record_path(directory).read_text().strip()
    assert record == native.group_digest(directory)


def test_mantis_falls_engine_is_split_by_rule_group() -> None:
    modules = native.group_sources(ENGINE_DIR)
    assert len(modules) >= 10  # one module per rule group, and more
