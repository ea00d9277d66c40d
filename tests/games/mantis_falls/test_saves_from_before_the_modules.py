"""A session saved before the modules existed still loads; a module's save must be whole.

Full Circle and Under the Rose added fields to the saved state.  A base game saved before
them has none of those fields: it loads with the values a game without the modules
starts with.  A game played with a module must carry that module's fields.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tutor
from tutor.core.errors import SessionFileError
from tutor.core.rng import Rng
from tutor.core.validation import load_state
from tutor.games.mantis_falls.engine.data import MODULE_FIELDS

ADDED = [name for names in MODULE_FIELDS.values() for name in names]


def saved_file(state: Any) -> dict[str, Any]:
    """``state.to_dict()`` as a session file holds it (through JSON)."""
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def played(modules: list[str], seed: int = 3, steps: int = 40) -> Any:
    state = tutor.load_game("mantis_falls", modules=modules).new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_a_base_game_saved_before_the_modules_loads_as_it_was() -> None:
    state = played([])
    saved = saved_file(state)
    old = {key: value for key, value in saved.items() if key not in ADDED}
    back = load_state(state.game, old, "old.json", SessionFileError.at)
    assert saved_file(back) == saved
    legal = back.legal_actions()
    assert [a.label for a in legal] == [a.label for a in state.legal_actions()]


@pytest.mark.parametrize(
    ("module", "field"), [(m, f) for m, fs in MODULE_FIELDS.items() for f in fs]
)
def test_a_game_with_a_module_must_save_its_fields(module: str, field: str) -> None:
    state = played([module])
    saved = saved_file(state)
    del saved[field]
    with pytest.raises(SessionFileError, match=field):
        load_state(state.game, saved, "saved.json", SessionFileError.at)
