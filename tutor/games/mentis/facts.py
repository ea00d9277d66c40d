"""Mentis simulation facts: extra row fields, summary metrics, outcome categories.

The shared simulator (``tutor.analysis.simulation``) asks these hooks for what a Mentis
game adds to a result row (tiles lost by each side, how many tiles were still in hand,
captures, plies), for the summary's rates (King captured, repetition, agreement, move
cap) and for the categories a finished game falls in.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tutor.analysis.simulation import GameFacts, Row, rate_with_interval
from tutor.core.types import Outcome


def start(state: Any) -> dict[str, Any]:
    """Working notes before play: the tiles each side had lost at the start."""
    return {"lost": [sum(x) for x in state.lost]}


def row(state: Any, notes: dict[str, Any]) -> Row:
    """A finished (or cut) game's Mentis facts."""
    lost = [sum(x) for x in state.lost]
    return {
        "first_player": 0,
        "tiles_lost": lost,
        "captures": sum(lost) - sum(notes["lost"]),
        "left_in_hand": [sum(h) for h in state.hands],
        "plies": state.steps,
    }


def totals(outcomes: Any) -> list[tuple[str, str, float]]:
    """Tiles captured over finished games, for ``tutor simulate``."""
    lost = sum(sum(o.extras.get("tiles_lost") or []) for o in outcomes)
    return [("tiles_captured", "tiles captured", lost)]


FACTS = GameFacts(start=start, row=row, totals=totals)
"""The spec's ``facts`` hook."""

ENDS = ("king_captured", "repetition", "agreement", "move_cap", "no_action")


def summary(rows: Iterable[Row]) -> dict[str, Any]:
    """Mentis metrics over simulation rows: how games ended, with 95% intervals.

    Returns:
        ``end_rates`` (each way a game can end, over finished games), ``captures_per_game``
        and ``extra_labels`` (how the CLI names the rates).
    """
    rows = list(rows)
    done = [r for r in rows if r["end"] not in ("unfinished", "cut")]
    rates = {end: rate_with_interval(sum(r["end"] == end for r in done), len(done)) for end in ENDS}
    captures = sum(r.get("captures", 0) for r in rows)
    return {
        "king_capture_rate": rates["king_captured"],
        "end_rates": rates,
        "captures_per_game": captures / len(rows) if rows else 0.0,
        "outcome_rates": {"King captured": rates["king_captured"]},
        "extra_labels": {"king_capture_rate": "games won by capturing the King"},
    }


OUTCOMES = {
    "blue_wins": "Blue captured the red King",
    "red_wins": "Red captured the blue King",
    "draw_repetition": "draw by threefold repetition",
    "draw_agreement": "draw by agreement",
    "draw_cap": "draw at the move cap (house rule)",
    "draw_stuck": "draw: a player could not act",
}
"""Outcome categories of a finished game; each game falls in exactly one."""


def outcome_category(result: Outcome) -> str:
    """The key of :data:`OUTCOMES` a finished game's outcome falls in."""
    if result.winners:
        return "blue_wins" if result.winners[0] == 0 else "red_wins"
    return {
        "repetition": "draw_repetition",
        "agreement": "draw_agreement",
        "move_cap": "draw_cap",
    }.get(result.reason, "draw_stuck")


OUTCOME_CATEGORIES = (OUTCOMES, outcome_category)
"""The spec's ``outcome_categories`` hook."""


def state_summary(state: Any) -> str:
    """One line about a position, for decision-tree nodes."""
    from tutor.games.mentis.engine.board import PLAYER_NAMES

    if state.phase == "over":
        return f"Game over: {state.result['why']}"
    on_board = [0, 0]
    for q, who in enumerate(state.owner):
        if who >= 0:
            on_board[who] += len(state.stacks[q])
    sides = "; ".join(
        f"{PLAYER_NAMES[p]} {on_board[p]} on board, {sum(state.hands[p])} in hand" for p in range(2)
    )
    return f"Round {state.turn}, {PLAYER_NAMES[state.to_move]} to act. {sides}"
