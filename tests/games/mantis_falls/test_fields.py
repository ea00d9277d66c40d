"""Every field of the Mantis Falls state is declared once, and every place agrees with it.

``engine/data.py`` declares the fields in :data:`FIELDS` (name, how it is copied and
saved, whether it has one entry per player).  ``clone()`` is written out by hand for
speed, so these tests hold each place to that one declaration: the class annotations,
both branches of ``__init__`` (the copy for clone() and a fresh state), what clone()
really copies, ``to_dict``/``from_dict``, the saved-session schema (saved.py) and the
invariants' per-player checks (invariants.py).  A field added in one place and not in
another fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from state_fields import annotated, init_branches, state_class

import tutor
from tutor.core.rng import Rng
from tutor.games.mantis_falls import invariants, saved
from tutor.games.mantis_falls.engine.data import (
    FIELDS,
    LIST,
    NESTED,
    RUNTIME,
    SPECIAL,
    fields_a_save_may_lack,
)
from tutor.games.mantis_falls.state import MantisFallsState

# From the package's directory, not data.__file__: a module that mypyc compiled in a
# group can report a wrong __file__ when compiled code imported it first.
DATA_SOURCE = Path(tutor.__file__).parent / "games" / "mantis_falls" / "engine" / "data.py"
NAMES = [name for name, _, _ in FIELDS]
SAVED = {name for name, how, _ in FIELDS if how != RUNTIME}


def played_state() -> MantisFallsState:
    game = tutor.load_game("mantis_falls", players=2)
    state = game.new_state(seed=7)
    rng = Rng(3)
    for _ in range(60):  # into a game: hands, plays, piles and the stack all hold something
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_each_field_is_declared_once() -> None:
    assert len(NAMES) == len(set(NAMES)), sorted(n for n in NAMES if NAMES.count(n) > 1)


def test_the_class_annotates_exactly_the_declared_fields() -> None:
    assert sorted(annotated(state_class(DATA_SOURCE, "MantisFallsData"))) == sorted(NAMES)


def test_init_sets_every_declared_field_when_copying_and_when_fresh() -> None:
    copying, fresh = init_branches(state_class(DATA_SOURCE, "MantisFallsData"))
    assert copying == set(NAMES), (set(NAMES) - copying, copying - set(NAMES))
    assert fresh == set(NAMES), (set(NAMES) - fresh, fresh - set(NAMES))


def test_clone_copies_lists_and_shares_nothing_that_changes() -> None:
    state = played_state()
    copy = state.clone()
    for name, how, _ in FIELDS:
        mine, theirs = getattr(state, name), getattr(copy, name)
        if name == "_legal":
            continue  # a cache of immutable actions, shared on purpose
        if name == "causes":
            assert theirs is None, "a clone starts its own cause links (tutor/core/causes.py)"
            continue
        assert mine == theirs or name == "rng", name
        if how in (LIST, NESTED) or name in ("stack", "trace", "event_log", "event_stats"):
            assert mine is not theirs, f"clone() shares the list {name}"
        if how == NESTED:
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name
    assert copy.to_dict() == state.to_dict()


def test_to_dict_saves_exactly_the_declared_fields_and_from_dict_restores_them() -> None:
    state = played_state()
    saved_state = state.to_dict()
    assert set(saved_state) == SAVED | {"game"}
    back = MantisFallsState.from_dict(state.game, saved_state)
    assert back.to_dict() == saved_state
    for name, how, _ in FIELDS:
        if how not in (RUNTIME, SPECIAL):
            assert getattr(back, name) == getattr(state, name), name


def test_the_saved_session_schema_has_exactly_the_saved_fields() -> None:
    game = tutor.load_game("mantis_falls", players=2)
    schema = saved.state_schema(game)
    assert set(schema["properties"]) == SAVED | {"game"}
    # A base game's save may lack the modules' fields (a save from before the modules).
    assert set(schema["required"]) == (SAVED | {"game"}) - fields_a_save_may_lack(())
    everything = tutor.load_game("mantis_falls", modules=["full_circle", "under_the_rose"])
    assert set(saved.state_schema(everything)["required"]) == SAVED | {"game"}
    n = game.num_players
    for name, _, per_player in FIELDS:
        node = schema["properties"].get(name, {})
        one_each = node.get("minItems") == n and node.get("maxItems") == n
        assert one_each == per_player, f"{name}: per player {per_player}, schema {node}"


def test_the_invariants_check_the_length_of_every_per_player_field() -> None:
    per_player = {name for name, _, one_each in FIELDS if one_each}
    assert set(invariants._PER_PLAYER) == per_player


@pytest.mark.parametrize("how", [LIST, NESTED])
def test_list_fields_hold_lists(how: str) -> None:
    state = played_state()
    for name, kind, _ in FIELDS:
        if kind == how:
            value = getattr(state, name)
            assert isinstance(value, list), name
            if how == NESTED:
                assert all(isinstance(x, list) for x in value), name


def test_playing_never_writes_to_the_game() -> None:
    # Game is immutable: states only read it (its tables are all built with it).
    game = tutor.load_game("mantis_falls", players=2)
    before = {name: (value, repr(value)) for name, value in vars(game).items()}
    for seed in range(25):
        state = game.new_state(seed=seed, tracing=seed % 2 == 0)
        rng = Rng(seed)
        while not state.is_terminal():
            state.view(state.turn_player)
            state.tempting_actions()
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    after = vars(game)
    assert set(after) == set(before)
    for name, (value, text) in before.items():
        assert after[name] is value and repr(after[name]) == text, f"game.{name} changed"
