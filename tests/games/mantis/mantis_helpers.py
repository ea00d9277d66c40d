"""Helpers of the Mantis tests: build a table from a scenario setup and play a turn by hand.

Chance steps are applied as the actions the engine offers (the back shown, the card
turned), so a test reads like a rulebook example: "Ava sees a red, green and blue back,
announces Score, and the card turned is green".
"""

from __future__ import annotations

from typing import Any

import tutor
from tutor.core.types import Action
from tutor.games.mantis.engine.state import MantisState
from tutor.games.mantis.scenario import parse_card


def table(setup: dict[str, Any] | None = None, seed: int = 1, **options: Any) -> MantisState:
    """A new game with ``options`` whose position ``setup`` (scenario keys) rearranged."""
    game = tutor.load_game("mantis", **options)
    state = game.new_state(seed=seed)
    if setup:
        game.apply_setup(state, setup)
    assert game.check_invariants(state) == []
    return state  # type: ignore[return-value]


def card(state: MantisState, text: str) -> int:
    """The first card of the draw pile named ``text`` (``green`` or ``green:red,green,blue``)."""
    face, back = parse_card(state.table, text, "card")
    for c in state.pile:
        if state.table.face[c] == face and back in (-1, state.table.back[c]):
            return c
    raise AssertionError(f"no {text} card in the draw pile")


def announce(state: MantisState, call: str) -> Action:
    """The legal action for ``Score`` or ``Steal from <name>``."""
    return state.action_by_label(call)


def play_turn(state: MantisState, call: str, turned: str) -> list[str]:
    """Show the back of ``turned``, announce ``call``, turn ``turned``; return the new lines."""
    start = len(state.trace)
    c = card(state, turned)
    rules = state.rules
    state.apply(rules.back_action[state.table.back[c]])
    state.apply(announce(state, call))
    state.apply(rules.face_action[c])
    return [str(e) for e in state.trace[start:]]


def colours(state: MantisState, cards: list[int]) -> list[str]:
    """The face colours of ``cards``, sorted."""
    return sorted(state.table.colour(c) for c in cards)


def rules_cited(lines: list[str]) -> list[str]:
    """The rule ids of trace lines, in order."""
    return [line[1 : line.index("]")] for line in lines]
