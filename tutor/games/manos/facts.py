"""Manos simulation facts: rows, progress by round, summary extras, outcome categories.

The spec's ``facts``, ``summary``, ``outcome_categories``, ``state_summary`` and
``tree_labels`` hooks.  A row records how far the Family got (Escape cards, corruption,
captures) and, round by round, the Escape cards and corruption tokens at the start of
each Family turn, which the progress charts average.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.analysis.simulation import GameFacts
from tutor.core.types import Outcome

Row = dict[str, Any]


def start(state: Any) -> dict[str, Any]:
    """Notes kept while a game is played: the progress seen at each round."""
    return {"progress": [], "round": 0}


def watch(state: Any, notes: dict[str, Any]) -> None:
    """At every decision: note Escape cards and corruption once per round."""
    if state.round_no != notes["round"]:
        notes["round"] = state.round_no
        notes["progress"].append([state.round_no, state.escapes(), sum(state.corruption)])


def row(state: Any, notes: dict[str, Any]) -> Row:
    """The game's own row fields at the end."""
    watch(state, notes)
    variant = "+".join(sorted(state.game.options.get("modules") or [])) or "starter"
    return {
        "escapes": state.escapes(),
        "captured": sum(state.captured),
        "corruption": sum(state.corruption),
        "showdown": state.showdown_on,
        "rules": variant,
        "progress": notes["progress"],
    }


def totals(outcomes: Sequence[Outcome]) -> list[tuple[str, str, float]]:
    """Captures and Escape cards over finished games, for ``tutor simulate``."""
    captured = sum(int(o.extras.get("captured", 0)) for o in outcomes)
    escapes = sum(int(o.extras.get("escapes", 0)) for o in outcomes)
    return [("captured", "characters captured", captured), ("escapes", "Escape cards", escapes)]


FACTS = GameFacts(start=start, row=row, watch=watch, totals=totals)
"""The spec's ``facts`` hook."""


def summary(rows: Iterable[Row]) -> dict[str, Any]:
    """Mean Escape cards, captures and corruption; progress by round; rates by rules."""
    rows = [r for r in rows if r.get("end") not in ("unfinished", "cut")]
    n = len(rows) or 1
    by_round: dict[int, list[list[int]]] = {}
    for r in rows:
        for rnd, esc, cor in r.get("progress") or []:
            by_round.setdefault(int(rnd), []).append([esc, cor])
    progress = {
        str(rnd): {
            "games": len(v),
            "escapes": sum(x[0] for x in v) / len(v),
            "corruption": sum(x[1] for x in v) / len(v),
        }
        for rnd, v in sorted(by_round.items())
    }
    return {
        "mean_escapes": sum(r.get("escapes", 0) for r in rows) / n,
        "mean_captured": sum(r.get("captured", 0) for r in rows) / n,
        "showdown_rate": sum(bool(r.get("showdown")) for r in rows) / n,
        "progress_by_round": progress,
    }


OUTCOMES = {
    "escaped": "the Family escapes",
    "showdown_won": "the Family wins the Lair Showdown",
    "captured_all": "Manos captures all three",
    "showdown_lost": "Manos wins the Lair Showdown",
}


def outcome_category(result: Outcome) -> str:
    """The key of :data:`OUTCOMES` a finished game's outcome falls in."""
    if result.reason == "showdown":
        return "showdown_won" if result.winners == (0,) else "showdown_lost"
    return "escaped" if result.reason == "escaped" else "captured_all"


OUTCOME_CATEGORIES = (OUTCOMES, outcome_category)
"""The spec's ``outcome_categories`` hook."""


def state_summary(state: Any) -> str:
    """One line about a position (decision-tree nodes)."""
    chars = ", ".join(
        f"{state.char(c)} {'captured' if state.captured[c] else state.corruption[c]}"
        for c in range(3)
    )
    return (
        f"Round {state.round_no}, {('Family', 'Manos')[state.side]} turn: "
        f"{state.escapes()} Escape cards; corruption {chars}"
    )


def tree_label(state: Any, action: Any) -> str:
    """A decision-tree edge: the action's label (they already name the card and target)."""
    return str(getattr(action, "label", action))


def progress_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One record per (game, round): the rules variant, round, Escape cards, corruption."""
    out = []
    for r in rows:
        for rnd, esc, cor in r.get("progress") or []:
            out.append(
                {
                    "rules": r.get("rules", "starter"),
                    "round": rnd,
                    "escapes": esc,
                    "corruption": cor,
                }
            )
    return out


__all__ = ["FACTS", "OUTCOME_CATEGORIES", "outcome_category", "progress_rows", "summary"]
