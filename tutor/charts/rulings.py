"""The "which rulings matter?" chart: how often each reading changes who wins.

Draws a report of :func:`tutor.analysis.rulings.ruling_impact` for any game: one
horizontal bar per reading (a switched ruling, or a related pair switched together),
ranked with the most often decisive at the top, with its 95% interval, and the largest
win-rate change in the hover text.  Plotly is imported here, never by ``import tutor``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go

from tutor.charts.template import new_figure

KIND_COLOURS = {"ruling": "#457b9d", "pair": "#e76f51"}
KIND_NAMES = {"ruling": "one ruling switched", "pair": "a related pair switched together"}


def ruling_impact_figure(report: Mapping[str, Any], title: str | None = None) -> go.Figure:
    """Ranked bars: the share of paired games whose winner changes, per reading.

    Args:
        report: what :func:`tutor.analysis.rulings.ruling_impact` returned.
        title: the figure title (default: the game, the games and the bots).

    Returns:
        One bar trace per kind of reading (``"ruling"``, ``"pair"``): y the readings
        (the most decisive on top), x the share of games with another winner, error
        bars to the 95% interval, customdata ``[count, of, largest change in words]``.

    Raises:
        KeyError: if ``report`` is not shaped like a ruling-impact report.
    """
    rows = list(report["rows"])
    heading = title or (
        f"{report['title']}: which rulings change who wins "
        f"({report['games']} paired games each, {', '.join(report['policies'])})"
    )
    fig = new_figure(
        heading,
        height=max(300, 120 + 34 * len(rows)),
        xaxis={"title": "share of paired games with another winner", "tickformat": ".0%"},
        yaxis={"autorange": "reversed", "title": None},
    )
    for kind in ("ruling", "pair"):
        mine = [e for e in rows if e["kind"] == kind]
        if not mine:
            continue
        rates = [e["differs"] for e in mine]
        hover = [[r["count"], r["of"], _largest(e)] for r, e in zip(rates, mine, strict=True)]
        fig.add_trace(
            go.Bar(
                name=KIND_NAMES[kind],
                orientation="h",
                y=[e["reading"] for e in mine],
                x=[r["rate"] for r in rates],
                error_x={
                    "type": "data",
                    "symmetric": False,
                    "array": [r["high"] - r["rate"] for r in rates],
                    "arrayminus": [r["rate"] - r["low"] for r in rates],
                },
                marker_color=KIND_COLOURS[kind],
                customdata=hover,
                hovertemplate=(
                    "%{y}<br>another winner in %{customdata[0]} of %{customdata[1]} games "
                    "(%{x:.1%})<br>%{customdata[2]}<extra></extra>"
                ),
            )
        )
    if rows:
        fig.update_yaxes(categoryorder="array", categoryarray=[e["reading"] for e in rows])
    return fig


def _largest(entry: Mapping[str, Any]) -> str:
    """The largest win-rate change of a reading, in words."""
    key = entry.get("largest")
    if key is None:
        return "no win rate to compare"
    c = entry["changes"][key]
    return (
        f"largest change: {key} {100 * c['change']:+.1f} points "
        f"(95% interval {100 * c['low']:+.1f} to {100 * c['high']:+.1f})"
    )


__all__ = ["ruling_impact_figure"]
