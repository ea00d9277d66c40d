"""Scenario ``setup`` keys for Creepy Falls (what-if files, tests, tutorials).

A scenario starts from a fresh game and replaces parts of it: the first player, each
player's units and tokens, Spells already cast, the round, the Van Helsing die, the
neutral Ghouls, the Castle's and the Swamp's round tokens and the Forms held.  Given
armies skip the starting-army choice; given round tokens skip their draw; given Forms
skip the Form Choice; ``phase`` starts the round's Store phase or its Toll of Blood.
docs/creepy_falls.md lists every key.
"""

from __future__ import annotations

from typing import Any

from tutor.core.errors import ScenarioError
from tutor.games.creepy_falls.data import FORMS, TOKENS, UNITS

_COUNT = {"type": "integer", "minimum": 0, "maximum": 60}
_UNITS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {u: {"type": "integer", "minimum": 0, "maximum": 9} for u in UNITS},
}
_TOKENS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {t: _COUNT for t in TOKENS},
}
_POOL = {
    "type": "object",
    "additionalProperties": False,
    "properties": {t: {"type": "integer", "minimum": 0, "maximum": 10} for t in TOKENS[2:]},
}
SETUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "first": {"type": "integer", "minimum": 0, "maximum": 4},
        "round": {"type": "integer", "minimum": 1, "maximum": 6},
        "armies": {"type": "array", "minItems": 2, "maxItems": 5, "items": _UNITS},
        "tokens": {"type": "array", "minItems": 2, "maxItems": 5, "items": _TOKENS},
        "spells": {
            "type": "array",
            "minItems": 2,
            "maxItems": 5,
            "items": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        },
        "forms": {
            "type": "array",
            "minItems": 2,
            "maxItems": 5,
            "items": {"type": "array", "items": {"enum": list(FORMS)}, "uniqueItems": True},
        },
        "castle": _POOL,
        "swamp": _POOL,
        "van_helsing": {"type": "string"},
        "phase": {"enum": ["store", "toll"]},
        "neutral": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 3},
        },
    },
}


def _per_player(state: Any, setup: dict[str, Any], key: str) -> list[Any]:
    values: list[Any] = setup[key]
    if len(values) != state.n:
        raise ScenarioError(
            f"setup.{key}", f"one entry per player ({state.n}), found {len(values)}"
        )
    return values


def apply_setup(state: Any, setup: dict[str, Any]) -> None:
    """Apply checked ``setup`` keys to a fresh state and run on to the next decision.

    Raises:
        ScenarioError: naming the key that cannot be applied and why.
    """
    from tutor.games.creepy_falls.engine import state as st

    if not setup:
        return
    board = state.game.board
    n = state.n
    if "first" in setup:
        if setup["first"] >= n:
            raise ScenarioError("setup.first", f"a player number below {n}, found {setup['first']}")
        state.first = setup["first"]
    if "round" in setup:
        state.round_no = setup["round"]
    if "van_helsing" in setup:
        try:
            state.vh_zone = board.zone_index(setup["van_helsing"])
        except ValueError:
            raise ScenarioError(
                "setup.van_helsing", f"a zone name, found {setup['van_helsing']!r}"
            ) from None
    for zone, k in (setup.get("neutral") or {}).items():
        try:
            state.neutral[board.zone_index(zone)] = k
        except ValueError:
            raise ScenarioError(f"setup.neutral.{zone}", "a zone name") from None
    phase = state.phase
    if "armies" in setup:
        for p, units in enumerate(_per_player(state, setup, "armies")):
            for t, key in enumerate(UNITS):
                k = int(units.get(key, 0))
                if k > board.units[t].limit:
                    raise ScenarioError(
                        f"setup.armies[{p}].{key}", f"at most {board.units[t].limit}, found {k}"
                    )
                state.reserve[p * st.NU + t] = k
            state.tokens[p * st.NT + st.BLOOD] = 2
            state.tokens[p * st.NT + st.SOUL] = 1
        phase = st.PH_TOKENS
    if "tokens" in setup:
        for p, tokens in enumerate(_per_player(state, setup, "tokens")):
            for k, key in enumerate(TOKENS):
                if key in tokens:
                    state.tokens[p * st.NT + k] = int(tokens[key])
    if "spells" in setup:
        keys = [s.key for s in board.spells]
        for p, names in enumerate(_per_player(state, setup, "spells")):
            for i, name in enumerate(names):
                if name not in keys:
                    raise ScenarioError(
                        f"setup.spells[{p}][{i}]", f"a spell key ({', '.join(keys)})"
                    )
                state.spells[p * st.NS + keys.index(name)] = 1
    if "castle" in setup or "swamp" in setup:
        if phase != st.PH_TOKENS:
            raise ScenarioError("setup.castle", "round tokens need the armies too")
        state.castle = [int(setup.get("castle", {}).get(t, 0)) for t in TOKENS[2:]]
        state.swamp = [int(setup.get("swamp", {}).get(t, 0)) for t in TOKENS[2:]]
        phase = st.PH_FORM
    if "forms" in setup:
        if phase != st.PH_FORM:
            raise ScenarioError("setup.forms", "Forms need the armies and the round tokens too")
        for p, forms in enumerate(_per_player(state, setup, "forms")):
            for f in forms:
                i = FORMS.index(f)
                if state.form_owner[i] >= 0:
                    raise ScenarioError(
                        f"setup.forms[{p}]", f"{f} is already held by another player"
                    )
                state.form_owner[i] = p
                state.form_log[p * st.NF + i] += 1
        phase = st.PH_EXTRA
    if "phase" in setup:
        if phase < st.PH_TOKENS:
            raise ScenarioError("setup.phase", "a phase to start in needs the armies too")
        phase = st.PH_BUY if setup["phase"] == "store" else st.PH_TOLL
    if phase != state.phase:
        if phase >= st.PH_TOKENS and state.phase < st.PH_TOKENS:
            state.army_choice = [-1] * n
        state.phase = phase
        state.cursor = 0
        state.count = 0
        state.wait = st.W_NONE
        state._legal = None
        state._run()
