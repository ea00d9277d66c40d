"""Mantis' own simulation facts, summary metrics, outcome categories and tree text.

The spec's ``facts``, ``summary``, ``outcome_categories``, ``state_summary`` and
``tree_labels`` hooks point here, so the shared simulation, the CLI, the charts and
the decision trees speak of Scores, Steals, tanks and score piles:

* row fields: each player's scored cards and tank at the end, and how many Scores
  and Steals they announced and how many matched;
* summary metrics: the success rate of Score and of Steal (with 95% intervals), by
  bot, and how games ended;
* outcome categories: how the game was decided (ten scored, deck-out, tiebreak ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.analysis.simulation import GameFacts, rate_with_interval
from tutor.core.types import Action, Outcome

Row = dict[str, Any]


def _start(state: Any) -> dict[str, Any]:
    return {}


def _row(state: Any, notes: dict[str, Any]) -> Row:
    n = state.rules.players
    tally = state.tally
    return {
        "scored": [len(s) for s in state.scored],
        "tank": [len(t) for t in state.tanks],
        "score_calls": [tally[4 * p] for p in range(n)],
        "score_hits": [tally[4 * p + 1] for p in range(n)],
        "steal_calls": [tally[4 * p + 2] for p in range(n)],
        "steal_hits": [tally[4 * p + 3] for p in range(n)],
        "discarded": len(state.discard),
    }


CATEGORIES = {
    "ten_scored": "ten scored cards",
    "deck_out": "most scored at deck-out",
    "tank_tiebreak": "tank tiebreak",
    "shared_win": "shared win",
    "tie": "tie, nobody wins",
    "last_standing": "last player in",
}


def classify(outcome: Outcome) -> str:
    """The category key of a finished game: how it was decided."""
    return outcome.reason if outcome.reason in CATEGORIES else "tie"


OUTCOME_CATEGORIES = (CATEGORIES, classify)


FACTS = GameFacts(start=_start, row=_row, watch=None, totals=None)


def summary(rows: Sequence[Row]) -> dict[str, Any]:
    """Score and Steal success rates overall and by bot, and cards scored by the winners."""
    played = [r for r in rows if "score_calls" in r]
    out: dict[str, Any] = {}
    for what in ("score", "steal"):
        calls = sum(sum(r[f"{what}_calls"]) for r in played)
        hits = sum(sum(r[f"{what}_hits"]) for r in played)
        out[f"{what}_success"] = rate_with_interval(hits, calls)
    by_bot: dict[str, dict[str, list[int]]] = {}
    for r in played:
        for p, bot in enumerate(r["policies"]):
            entry = by_bot.setdefault(bot, {"score": [0, 0], "steal": [0, 0]})
            for what in ("score", "steal"):
                entry[what][0] += r[f"{what}_hits"][p]
                entry[what][1] += r[f"{what}_calls"][p]
    out["success_by_bot"] = {
        bot: {what: rate_with_interval(h, c) for what, (h, c) in entry.items()}
        for bot, entry in sorted(by_bot.items())
    }
    shares = [r["score_calls"][p] / max(1, r["score_calls"][p] + r["steal_calls"][p])
              for r in played for p in range(len(r["policies"]))]  # fmt: skip
    out["score_share"] = round(sum(shares) / len(shares), 4) if shares else 0.0
    return out


def state_summary(state: Any) -> str:
    """One line about a position for a decision-tree node."""
    if state.is_terminal():
        return state.end_text
    scores = " ".join(f"{state.name(p)[:3]}:{len(s)}" for p, s in enumerate(state.scored))
    back = state.table.back_text(state.top_back) if state.top_back >= 0 else "not shown"
    return f"turn {state.turn_no}, {state.name(state.turn_player)}; back {back}; scored {scores}"


def tree_label(state: Any, action: Action) -> str:
    """A decision-tree edge: the announcement, or the back or face chance turned up."""
    if action.kind == "face":
        return state.table.colour(int(action.args[0]))
    if action.kind == "back":
        return "back " + state.table.back_text(int(action.args[0]))
    return action.label


__all__ = [
    "CATEGORIES",
    "FACTS",
    "OUTCOME_CATEGORIES",
    "classify",
    "state_summary",
    "summary",
    "tree_label",
]
