"""Helpers for the Creepy Falls scenario tests: build a position, play labelled actions.

A position is a fresh game with scenario ``setup`` keys applied (docs/creepy_falls.md),
so the tests read like the rulebook's examples: who holds which units and tokens,
which Forms, where the round tokens lie; then the moves by their labels.
"""

from __future__ import annotations

from typing import Any

import tutor
from tutor.games.creepy_falls.engine.state import CreepyFallsState


def position(
    players: int = 4,
    seed: int = 1,
    rulings: dict[str, str] | None = None,
    names: list[str] | None = None,
    **setup: Any,
) -> CreepyFallsState:
    """A game of ``players`` with the scenario ``setup`` keys applied."""
    options: dict[str, Any] = {"players": players}
    if rulings:
        options["rulings"] = rulings
    if names:
        options["names"] = names
    game = tutor.load_game("creepy_falls", **options)
    state = game.new_state(seed=seed)
    game.apply_setup(state, setup)
    assert isinstance(state, CreepyFallsState)
    return state


def play(state: CreepyFallsState, *labels: str) -> list[str]:
    """Apply the legal actions with these labels in turn; return the trace lines they wrote."""
    lines: list[str] = []
    for label in labels:
        lines += [str(e) for e in state.apply(state.action_by_label(label))]
    return lines


def labels(state: CreepyFallsState) -> list[str]:
    """The labels of the legal actions now."""
    return [a.label for a in state.legal_actions()]


def tokens(state: CreepyFallsState, p: int) -> dict[str, int]:
    """Player ``p``'s tokens by name (zeros left out)."""
    return {k: v for k, v in state.view(None)["players"][p]["tokens"].items() if v}


def units(n: int, **kw: int) -> list[dict[str, int]]:
    """The same army for ``n`` players."""
    return [dict(kw) for _ in range(n)]


def cites(lines: list[str], rule: str, text: str = "") -> bool:
    """Whether a trace line cites ``rule`` and contains ``text``."""
    return any(line.startswith(f"[{rule}]") and text in line for line in lines)
