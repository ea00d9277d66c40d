"""Every field of the Creepy Falls state is declared once, and every place agrees with it.

``engine/data.py`` declares the fields in :data:`FIELDS` (name, how it is copied and
saved, and a fixed list's length per player and besides).  ``to_dict``/``from_dict``,
the scalar names and the fixed list lengths are derived from it; ``clone()`` is written
out by hand for speed, so these tests hold the hand-written places to the declaration:
the class annotations, both branches of ``__init__`` (the copy for clone() and a fresh
state), what clone() really copies, the saved form and the saved-state schema
(view.py).  A field added in one place and not in another fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from state_fields import annotated, init_branches, state_class

import tutor
from tutor.core.rng import Rng
from tutor.games.creepy_falls.engine.data import (
    FIELDS,
    LIST,
    NESTED,
    RUNTIME,
    SCALAR,
    SCALARS,
    SIZED,
    SPECIAL,
)
from tutor.games.creepy_falls.engine.state import CreepyFallsState

# From the package's directory, not data.__file__: a module that mypyc compiled in a
# group can report a wrong __file__ when compiled code imported it first.
ENGINE = Path(tutor.__file__).parent / "games" / "creepy_falls" / "engine"
NAMES = [name for name, _, _, _ in FIELDS]
SAVED = [name for name, how, _, _ in FIELDS if how != RUNTIME]


def played_state(players: int = 2, steps: int = 140) -> CreepyFallsState:
    """A game well under way: units placed, tokens, Forms, Spells, dues or a history."""
    game = tutor.load_game("creepy_falls", players=players)
    state = game.new_state(seed=7)
    rng = Rng(3)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert isinstance(state, CreepyFallsState)
    return state


def test_each_field_is_declared_once() -> None:
    assert len(NAMES) == len(set(NAMES)), sorted(n for n in NAMES if NAMES.count(n) > 1)


def test_the_class_annotates_exactly_the_declared_fields() -> None:
    assert sorted(annotated(state_class(ENGINE / "data.py", "CreepyFallsData"))) == sorted(NAMES)


def test_init_sets_every_declared_field_when_copying_and_when_fresh() -> None:
    copying, fresh = init_branches(state_class(ENGINE / "data.py", "CreepyFallsData"))
    assert copying == set(NAMES), (set(NAMES) - copying, copying - set(NAMES))
    assert fresh == set(NAMES), (set(NAMES) - fresh, fresh - set(NAMES))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_clone_copies_every_list_and_shares_nothing_that_changes(players: int) -> None:
    state = played_state(players)
    copy = state.clone()
    for name, how, _, _ in FIELDS:
        mine, theirs = getattr(state, name), getattr(copy, name)
        if name in ("game", "_legal"):
            assert theirs is mine, name  # immutable: the game, a cache of immutable actions
            continue
        if name == "causes":
            assert theirs is None, "a clone starts its own cause links (tutor/core/causes.py)"
            continue
        if name == "rng":
            assert theirs is not mine and theirs.state == mine.state
            continue
        if name == "dues":
            assert [(d.player, d.rule) for d in theirs] == [(d.player, d.rule) for d in mine]
            assert all(a is not b for a, b in zip(mine, theirs, strict=True))
        else:
            assert theirs == mine, name
        if how in (SIZED, LIST, NESTED) or name in ("trace", "dues"):
            assert theirs is not mine, f"clone() shares the list {name}"
        if how == NESTED:
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name
    assert copy.to_dict() == state.to_dict()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_to_dict_saves_exactly_the_declared_fields_in_order(players: int) -> None:
    state = played_state(players)
    saved = state.to_dict()
    assert list(saved) == ["game", *SAVED]
    back = CreepyFallsState.from_dict(state.game, saved)
    assert back.to_dict() == saved
    for name, how, _, _ in FIELDS:
        if how not in (RUNTIME, SPECIAL):
            assert getattr(back, name) == getattr(state, name), name


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fixed_lists_have_their_declared_length(players: int) -> None:
    state = played_state(players)
    sizes = state.list_sizes()
    assert set(sizes) == {name for name, how, _, _ in FIELDS if how == SIZED}
    for name, size in sizes.items():
        assert len(getattr(state, name)) == size, name
    assert tuple(name for name, how, _, _ in FIELDS if how == SCALAR) == SCALARS
    for name, how, _, _ in FIELDS:
        value = getattr(state, name)
        if how == SCALAR:
            assert isinstance(value, int), name
        elif how in (SIZED, LIST):
            assert isinstance(value, list) and all(isinstance(x, int) for x in value), name
        elif how == NESTED:
            assert isinstance(value, list) and all(isinstance(x, list) for x in value), name


def test_a_save_with_a_list_of_the_wrong_length_is_refused() -> None:
    state = played_state(3)
    saved = state.to_dict()
    saved["tokens"] = saved["tokens"][:-1]
    with pytest.raises(ValueError, match="tokens holds 14 numbers, not 15"):
        CreepyFallsState.from_dict(state.game, saved)
    saved = state.to_dict()
    saved["order"] = saved["order"][:-1]
    with pytest.raises(ValueError, match="order lists 8 zones, not 9"):
        CreepyFallsState.from_dict(state.game, saved)


def test_the_saved_state_schema_has_exactly_the_saved_fields() -> None:
    game = tutor.load_game("creepy_falls", players=4)
    schema = game.state_schema
    assert set(schema["properties"]) == {"game", *SAVED}
    for name, size in CreepyFallsState(game, Rng(0)).list_sizes().items():
        node = schema["properties"][name]
        assert node["minItems"] == node["maxItems"] == size, name


def test_the_engine_is_split_by_rule_group_and_each_module_says_why() -> None:
    modules = sorted(p for p in ENGINE.glob("*.py") if p.name != "__init__.py")
    assert len(modules) >= 12
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{path.name} has no module docstring"
    # The bottom of the group imports no rule module (no import cycles for mypyc).
    for bottom in ("components.py", "frames.py", "data.py"):
        source = (ENGINE / bottom).read_text(encoding="utf-8")
        imported = {
            node.module
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ImportFrom) and node.module
        }
        allowed = {
            "tutor.games.creepy_falls.engine.components",
            "tutor.games.creepy_falls.engine.frames",
        }
        engine_imports = {m for m in imported if m.startswith("tutor.games.creepy_falls.")}
        assert engine_imports <= allowed | {"tutor.games.creepy_falls.game"}, bottom
