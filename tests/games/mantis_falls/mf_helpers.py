"""Mantis Falls test helpers: positions built from setups, actions by name, pending steps.

Mantis Falls tests read like rulebook examples: ``state = mf_state(setup={...})`` puts a
position on the table, ``do(state, "play", "Medicine")`` takes an action by kind and card
name, ``chance(state, "draw_event", "Street Thug")`` resolves a chance step with a named
outcome, and ``rules_cited(entries)`` lists the rule ids the trace cites.

The engine keeps what it is waiting for as a stack of pending steps (frames).  Tests ask
about it through the read-only accessors below (``pending_frame_kind(state)``,
``pending_pick(state)`` ...), which say what they mean and are the one place that knows
how a frame is laid out.

This is a plain module, not a ``conftest.py``: every test file imports it by its full
name, ``from games.mantis_falls.mf_helpers import ...`` (``tests/`` is on ``sys.path``
because the top-level conftest lives there).
"""

from __future__ import annotations

from typing import Any

import tutor
from tutor.core.types import CHANCE, Action, TraceEntry
from tutor.games.mantis_falls.state import PICK_NAMES, MantisFallsState, Pick, Window


# ---------------------------------------------------------------------------- positions
def mf_state(
    setup: dict[str, Any] | None = None, seed: int = 1, **options: Any
) -> MantisFallsState:
    """A fresh Mantis Falls state after normal setup plus scenario ``setup`` keys.

    Raises:
        ScenarioError: if a setup key cannot be applied.
    """
    game = tutor.load_game("mantis_falls", **options)
    state = game.new_state(seed=seed)
    if setup:
        game.apply_setup(state, setup)
    return state


def card_id(state: MantisFallsState, name: str) -> int:
    """Index of the first action card with this name (or card id).

    Raises:
        KeyError: if no action card has that name.
    """
    for c in state.cards.actions:
        if c.name.lower() == name.lower() or c.id == name:
            return c.index
    raise KeyError(name)


# ------------------------------------------------------------------------------ actions
def find(state: MantisFallsState, kind: str, *args: Any) -> Action:
    """The legal action of ``kind`` whose args match; card names stand for card ids.

    Raises:
        AssertionError: if no legal action matches, listing the legal ones.
    """
    for action in state.legal_actions():
        if action.kind != kind:
            continue
        if not args:
            return action
        want = list(args)
        have = list(action.args)
        ok = len(want) <= len(have)
        for i, w in enumerate(want):
            if not ok:
                break
            h = have[i]
            if isinstance(w, str) and isinstance(h, int) and action.kind not in ("split", "choose"):
                names = (
                    {state.cards.actions[h].name.lower()}
                    if 0 <= h < len(state.cards.actions)
                    else set()
                )
                if action.kind in ("take_ally",):
                    names = {state.cards.allies[h].name.lower()}
                if action.kind in ("draw_event", "top_event"):
                    names = {state.cards.events[h].name.lower()}
                ok = w.lower() in names
            else:
                ok = w == h
        if ok:
            return action
    legal = "; ".join(f"{a.kind}{a.args} {a.label}" for a in state.legal_actions())
    raise AssertionError(f"no legal {kind}{args}; legal: {legal}")


def do(state: MantisFallsState, kind: str, *args: Any) -> list[TraceEntry]:
    """Apply the legal action found by :func:`find`; return its trace entries.

    Raises:
        AssertionError: if no legal action matches.
    """
    return state.apply(find(state, kind, *args))


def chance(state: MantisFallsState, kind: str, name: str) -> list[TraceEntry]:
    """Resolve the current chance step with the named outcome.

    Raises:
        AssertionError: if the state is not at a chance step or no outcome matches.
    """
    assert state.decision.kind == "chance", state.decision
    return do(state, kind, name)


def rules_cited(entries: list[TraceEntry]) -> list[str]:
    """The rule ids that trace entries cite, in order."""
    return [e.rule for e in entries]


# -------------------------------------------------------------- pending steps (frames)
def pending_frame_kind(state: MantisFallsState) -> str:
    """The kind of step play waits at: ``"pick"``, ``"mainplay"``, ``"window"``,
    ``"gasp_play"``, ``"chance"`` ... (``""`` when nothing is pending: game over)."""
    return state.stack[-1].name if state.stack else ""


def pending_pick(state: MantisFallsState) -> str:
    """The name of the pick being made (``"move"``, ``"wound_target"`` ...), else ``""``."""
    top = state.stack[-1] if state.stack else None
    return PICK_NAMES[top.pick] if isinstance(top, Pick) else ""


def picking_player(state: MantisFallsState) -> int | None:
    """The player making the pending pick (``None`` when play waits at no pick)."""
    top = state.stack[-1] if state.stack else None
    return top.ctx[0] if isinstance(top, Pick) else None


def pending_picks(state: MantisFallsState) -> list[str]:
    """The names of every pick waiting on the stack, the innermost last."""
    return [PICK_NAMES[frame.pick] for frame in state.stack if isinstance(frame, Pick)]


def is_window(state: MantisFallsState) -> bool:
    """Whether play waits at an any-time window (a moment to use a Gun or an ally)."""
    return pending_frame_kind(state) == "window"


def window_moment(state: MantisFallsState) -> str:
    """Which any-time window is open (``"before_event"``, ``"gasp_start"`` ...), else ``""``."""
    top = state.stack[-1] if state.stack else None
    return top.tag if isinstance(top, Window) else ""


def skip_to_main_play(state: MantisFallsState, move: int = 0) -> None:
    """From the start of a turn: pass any window, move ``move`` roads; stop at main play."""
    while state.decision.kind == "choice" and pending_frame_kind(state) in ("window", "pick"):
        if is_window(state):
            do(state, "pass")
        elif pending_pick(state) == "expend":
            do(state, "expend", "no")
        elif pending_pick(state) == "move":
            do(state, "move", move)
        else:
            break


__all__ = [
    "CHANCE",
    "card_id",
    "chance",
    "do",
    "find",
    "is_window",
    "mf_state",
    "pending_frame_kind",
    "pending_pick",
    "pending_picks",
    "picking_player",
    "rules_cited",
    "skip_to_main_play",
    "window_moment",
]
