"""Creepy Falls' own charts of simulation rows: armies, Spells, Forms, Power Points.

The spec's ``charts`` hook (:data:`CHARTS`).  Each function takes the rows of
:func:`tutor.analysis.simulation.simulate` for Creepy Falls (with the fields of
:mod:`tutor.games.creepy_falls.facts`) and returns a ``go.Figure`` whose traces hold
the numbers, so tests check the data and notebooks show the picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import plotly.graph_objects as go

from tutor.charts.outcomes import add_rate_bars
from tutor.charts.template import new_figure
from tutor.games.creepy_falls.facts import summary


def _rate_chart(rows: Iterable[Mapping[str, Any]], key: str, title: str, axis: str) -> go.Figure:
    rates = summary([dict(r) for r in rows])[key]
    fig = new_figure(title, yaxis={"title": "win rate", "tickformat": ".0%"}, xaxis={"title": axis})
    names = list(rates)
    add_rate_bars(fig, "win rate", names, [rates[n] for n in names])
    return fig


def win_rate_by_army(rows: Iterable[Mapping[str, Any]]) -> go.Figure:
    """Win rate of each starting army, with 95% intervals (over player-games)."""
    return _rate_chart(rows, "win_rate_by_army", "Win rate by starting army", "starting army")


def win_rate_by_spell(rows: Iterable[Mapping[str, Any]]) -> go.Figure:
    """Win rate of the players who cast each Spell, with 95% intervals."""
    return _rate_chart(rows, "win_rate_by_spell", "Spells that go with winning", "Spell cast")


def win_rate_by_form(rows: Iterable[Mapping[str, Any]]) -> go.Figure:
    """Win rate of the players who held each Form at least once, with 95% intervals."""
    return _rate_chart(rows, "win_rate_by_form", "Forms that go with winning", "Form held")


def power_points_by_round(rows: Iterable[Mapping[str, Any]]) -> go.Figure:
    """Mean Power Points after each round, of the winners and of the others."""
    means = summary([dict(r) for r in rows])["pp_by_round"]
    fig = new_figure(
        "Power Points by round", xaxis={"title": "round"}, yaxis={"title": "mean Power Points"}
    )
    for side, label in (("winners", "winners"), ("others", "the others")):
        values = means.get(side) or []
        fig.add_scatter(
            name=label, x=list(range(1, len(values) + 1)), y=values, mode="lines+markers"
        )
    return fig


CHARTS = {
    "win_rate_by_army": win_rate_by_army,
    "win_rate_by_spell": win_rate_by_spell,
    "win_rate_by_form": win_rate_by_form,
    "power_points_by_round": power_points_by_round,
}
