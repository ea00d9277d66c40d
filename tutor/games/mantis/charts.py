"""Mantis' own Plotly charts: win rate by strategy and seat, Score and Steal success,
and the paired comparison of the failed-steal ruling.

Imported only when a chart is asked for (the spec's ``charts`` hook), so ``import
tutor`` never loads Plotly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from tutor.analysis.simulation import rate_with_interval
from tutor.charts.outcomes import add_rate_bars
from tutor.charts.template import new_figure

Row = Mapping[str, Any]


def win_rate_by_bot_and_seat(rows: Iterable[Row]) -> go.Figure:
    """Grouped bars: each bot's win rate in each seat, with 95% intervals."""
    wins: dict[str, dict[int, list[int]]] = {}
    seats = 0
    for r in rows:
        if r.get("outcome") is None:
            continue
        seats = max(seats, len(r["policies"]))
        for p, bot in enumerate(r["policies"]):
            cell = wins.setdefault(bot, {}).setdefault(p, [0, 0])
            cell[0] += p in r["winners"]
            cell[1] += 1
    fig = new_figure("Win rate by strategy and seat", yaxis={"title": "win rate",
                     "tickformat": ".0%"}, xaxis={"title": "seat"}, barmode="group")  # fmt: skip
    for bot, by_seat in sorted(wins.items()):
        seat_keys = sorted(by_seat)
        add_rate_bars(
            fig,
            bot,
            [f"seat {p + 1}" for p in seat_keys],
            [rate_with_interval(*by_seat[p]) for p in seat_keys],
        )
    return fig


def success_by_bot(rows: Iterable[Row]) -> go.Figure:
    """Bars: how often each bot's Scores and Steals matched, with 95% intervals."""
    counts: dict[str, dict[str, list[int]]] = {}
    for r in rows:
        if "score_calls" not in r:
            continue
        for p, bot in enumerate(r["policies"]):
            entry = counts.setdefault(bot, {"Score": [0, 0], "Steal": [0, 0]})
            entry["Score"][0] += r["score_hits"][p]
            entry["Score"][1] += r["score_calls"][p]
            entry["Steal"][0] += r["steal_hits"][p]
            entry["Steal"][1] += r["steal_calls"][p]
    fig = new_figure("How often Score and Steal match, by strategy", barmode="group",
                     yaxis={"title": "success rate", "tickformat": ".0%"})  # fmt: skip
    bots = sorted(counts)
    for what in ("Score", "Steal"):
        add_rate_bars(fig, what, bots, [rate_with_interval(*counts[b][what]) for b in bots])
    return fig


def ruling_comparison(
    base: Sequence[Row], other: Sequence[Row], labels: tuple[str, str] = ("discard", "target_tank")
) -> go.Figure:
    """Paired comparison on the same seeds: each seat's win rate under two rulings, and how
    many games changed winner.

    Args:
        base: rows played under the first ruling.
        other: rows of the same seeds and bots under the second.
        labels: the two rulings' names.
    """
    paired = {r["seed"]: r for r in base}
    changed = 0
    seats = max((len(r["policies"]) for r in base), default=0)
    won = [[0] * seats, [0] * seats]
    games = 0
    for r in other:
        a = paired.get(r["seed"])
        if a is None:
            continue
        games += 1
        changed += sorted(a["winners"]) != sorted(r["winners"])
        for p in a["winners"]:
            won[0][p] += 1
        for p in r["winners"]:
            won[1][p] += 1
    title = (f"Failed steal: {labels[0]} vs {labels[1]} on the same {games} seeds "
             f"({changed} games changed winner)")  # fmt: skip
    fig = new_figure(title, barmode="group", xaxis={"title": "seat"},
                     yaxis={"title": "win rate", "tickformat": ".0%"})  # fmt: skip
    for k, label in enumerate(labels):
        add_rate_bars(fig, label, [f"seat {p + 1}" for p in range(seats)],
                      [rate_with_interval(won[k][p], games) for p in range(seats)])  # fmt: skip
    return fig


def odds_bars(odds: Any) -> go.Figure:
    """Bars of one decision's options: chance of success and expected cards gained."""
    fig = new_figure(f"{'/'.join(odds.back)} back: the odds of each choice", barmode="group",
                     yaxis={"title": "probability / cards"})  # fmt: skip
    labels = [o.label for o in odds.options]
    fig.add_bar(name="chance of success", x=labels, y=[o.p for o in odds.options])
    fig.add_bar(name="expected scored", x=labels, y=[o.scored for o in odds.options])
    fig.add_bar(name="expected into tank", x=labels, y=[o.gained for o in odds.options])
    return fig


CHARTS = {
    "win_rate_by_bot_and_seat": win_rate_by_bot_and_seat,
    "success_by_bot": success_by_bot,
}

__all__ = ["CHARTS", "odds_bars", "ruling_comparison", "success_by_bot", "win_rate_by_bot_and_seat"]
