"""Helpers for the Mentis scenario tests: build a position from a compact board, act, read.

``position({"d1": "blue king", "c3": "blue trenchman spear", ...})`` sets up a state the
way a scenario file does (``setup.board``; tiles bottom first), so each test reads like a
rulebook example: a few tiles on the board, one action, the result and the rule cited.
"""

from __future__ import annotations

from typing import Any

import tutor
from tutor.core.types import Action
from tutor.games.mentis.engine.board import square_of
from tutor.games.mentis.engine.state import MentisState

KINGS = {"d1": "blue king", "d7": "red king"}


def position(
    board: dict[str, str],
    to_move: str = "blue",
    hands: dict[str, Any] | None = None,
    **options: Any,
) -> MentisState:
    """A state whose board is ``board`` (the Kings on d1 and d7 unless given).

    Each value is the owner then the tiles bottom first: ``"blue trenchman spear"``.
    """
    game = tutor.load_game("mentis", **options)
    state = game.new_state(seed=0)
    cells = dict(KINGS)
    cells.update(board)
    setup: dict[str, Any] = {
        "board": {
            sq: {"owner": text.split()[0], "tiles": text.split()[1:]}
            for sq, text in cells.items()
            if text
        },
        "to_move": to_move,
    }
    if hands is not None:
        setup["hands"] = hands
    game.apply_setup(state, setup)
    assert isinstance(state, MentisState)
    return state


def labels(state: MentisState, kind: str | None = None) -> list[str]:
    """The labels of the legal actions (of one kind)."""
    return [a.label for a in state.legal_actions() if kind is None or a.kind == kind]


def moves_from(state: MentisState, square: str) -> set[str]:
    """Where the top tile on ``square`` can end a move (destination square names)."""
    from tutor.games.mentis.engine.board import square_name

    origin = square_of(square)
    return {
        square_name(a.args[1][-1])
        for a in state.legal_actions()
        if a.kind == "move" and a.args[0] == origin
    }


def capture(state: MentisState, a: str, t: str) -> Action:
    """The capture action from ``a`` to ``t`` (legal or not)."""
    return Action(state.to_move, "capture", (square_of(a), square_of(t)))


def deploy(state: MentisState, square: str, tile: str) -> Action:
    """The action putting one ``tile`` (a name) on ``square`` (legal or not)."""
    from tutor.games.mentis.engine.board import KIND_NAMES

    return Action(state.to_move, "deploy", (square_of(square), KIND_NAMES.index(tile.capitalize())))


def move(state: MentisState, origin: str, path: list[str], takes: list[int]) -> Action:
    """The move action along ``path`` carrying ``takes`` tiles from each square left."""
    return Action(
        state.to_move,
        "move",
        (square_of(origin), tuple(square_of(q) for q in path), tuple(takes)),
    )


def tiles(state: MentisState, square: str) -> list[str]:
    """The tiles on a square, bottom first, by name."""
    from tutor.games.mentis.engine.board import KIND_NAMES

    return [KIND_NAMES[k] for k in state.stacks[square_of(square)]]


def cited(entries: list[Any]) -> list[str]:
    """The rule ids a list of trace entries cites, in order."""
    return [e.rule for e in entries]
