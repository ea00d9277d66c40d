"""Shared test helpers: the toy games, and Mantis Falls positions built from setups.

The toy games (tests/toys) are registered before collection.  Mantis Falls tests read
like rulebook examples: ``state = mf_state(setup={...})`` puts a position on the table,
``do(state, "play", "Medicine")`` takes an action by kind and card name, and
``rules_cited(state)`` lists the rule ids the trace cites.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import tutor
from tutor.core.types import CHANCE, Action
from tutor.games.mantis_falls.state import MantisFallsState

# Property-based tests (hypothesis): `make test` runs a modest, reproducible number of
# cases per property; `make soak` (SOAK=1) runs a hundred times more with fresh examples.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=10_000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("soak" if os.environ.get("SOAK") else "ci")


def pytest_configure(config: pytest.Config) -> None:
    """Register the toy games (tests/toys) before collection, so suites parametrised
    over every registered game include them."""
    from toys import register_toys

    register_toys()


@pytest.fixture(scope="session")
def toy_games() -> list[str]:
    """The names of the test-only toy games (registered by :func:`pytest_configure`)."""
    from toys import register_toys

    return register_toys()


@pytest.fixture(scope="session")
def mf_game() -> Any:
    return tutor.load_game("mantis_falls")


def mf_state(
    setup: dict[str, Any] | None = None, seed: int = 1, **options: Any
) -> MantisFallsState:
    """A fresh Mantis Falls state after normal setup plus scenario ``setup`` keys."""
    game = tutor.load_game("mantis_falls", **options)
    state = game.new_state(seed=seed)
    if setup:
        game.apply_setup(state, setup)
    return state


def card_id(state: MantisFallsState, name: str) -> int:
    """Index of the first action card with this name."""
    for c in state.cards.actions:
        if c.name.lower() == name.lower() or c.id == name:
            return c.index
    raise KeyError(name)


def find(state: MantisFallsState, kind: str, *args: Any) -> Action:
    """The legal action of ``kind`` whose args match; card names stand for card ids."""
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


def do(state: MantisFallsState, kind: str, *args: Any) -> list[Any]:
    """Apply the legal action found by :func:`find`; return its trace entries."""
    return state.apply(find(state, kind, *args))


def chance(state: MantisFallsState, kind: str, name: str) -> list[Any]:
    """Resolve the current chance step with the named outcome."""
    assert state.decision.kind == "chance", state.decision
    return do(state, kind, name)


def rules_cited(entries: list[Any]) -> list[str]:
    return [e.rule for e in entries]


def skip_to_main_play(state: MantisFallsState, move: int = 0) -> None:
    """From the start of a turn: pass any window, move ``move`` roads; stop at main play."""
    while state.decision.kind == "choice" and state.stack[-1][0] in ("window", "pick"):
        top = state.stack[-1]
        if top[0] == "window":
            do(state, "pass")
        elif top[2] == "expend":
            do(state, "expend", "no")
        elif top[2] == "move":
            do(state, "move", move)
        else:
            break


__all__ = [
    "CHANCE",
    "card_id",
    "chance",
    "do",
    "find",
    "mf_state",
    "rules_cited",
    "skip_to_main_play",
]
