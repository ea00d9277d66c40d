"""Helpers the Manos tests share: build a position from scenario keys, act by label.

Positions are built with the game's own scenario ``setup`` keys (docs/manos.md), so a
test reads like a rulebook example: "Michael is at the Desert with one corruption
token, the Family holds Determination and Comfort ...".
"""

from __future__ import annotations

from typing import Any

import tutor
from tutor.core.types import TraceEntry
from tutor.games.manos.engine.state import ManosState


def position(setup: dict[str, Any] | None = None, seed: int = 1, **options: Any) -> ManosState:
    """A dealt game (the Family's first choice) rearranged by scenario ``setup`` keys."""
    game = tutor.load_game("manos", **options)
    state = game.new_state(seed=seed)
    game.apply_setup(state, setup or {})
    assert isinstance(state, ManosState)
    return state


def do(state: ManosState, *labels: str) -> list[TraceEntry]:
    """Apply actions by their labels, in order; return every trace entry they wrote."""
    out: list[TraceEntry] = []
    for label in labels:
        out += state.apply(state.action_by_label(label))
    return out


def chance(state: ManosState, name: str) -> list[TraceEntry]:
    """Take the chance outcome whose label ends with ``name`` (the card drawn or turned)."""
    for action, _ in state.chance_outcomes():
        if action.label.endswith(name):
            return state.apply(action)
    raise AssertionError(f"no chance outcome {name!r}: {[a.label for a in state.legal_actions()]}")


def rules_cited(entries: list[TraceEntry]) -> list[str]:
    """The rule ids the entries cite, in order."""
    return [e.rule for e in entries]


def texts(entries: list[TraceEntry]) -> str:
    """The entries' texts as one string (for `in` checks)."""
    return "\n".join(e.text for e in entries)


def labels(state: ManosState) -> list[str]:
    """The labels of the legal actions now."""
    return [a.label for a in state.legal_actions()]


def count(state: ManosState, player: int, name: str) -> int:
    """Copies of the named card in ``player``'s hand."""
    return sum(1 for c in state.hands[player] if state.cname(player, c) == name)
