"""Manos' own Plotly charts (the ``charts`` hook): progress by round, captures, odds.

Imported only when a chart is asked for (plotly is heavy).  Each chart takes
simulation rows (``tutor.analysis.simulation.simulate`` with Manos' facts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import plotly.graph_objects as go

from tutor.games.manos.facts import progress_rows


def progress_by_round(rows: Iterable[Mapping[str, Any]]) -> go.Figure:
    """Mean Escape cards and corruption tokens at the start of each round, per rules variant."""
    records = progress_rows(rows)
    fig = go.Figure()
    variants = sorted({r["rules"] for r in records})
    for v in variants:
        by: dict[int, list[dict[str, Any]]] = {}
        for r in records:
            if r["rules"] == v:
                by.setdefault(int(r["round"]), []).append(r)
        rounds = sorted(by)
        for key, dash in (("escapes", "solid"), ("corruption", "dot")):
            fig.add_trace(
                go.Scatter(
                    x=rounds,
                    y=[sum(x[key] for x in by[k]) / len(by[k]) for k in rounds],
                    name=f"{v}: {'Escape cards' if key == 'escapes' else 'corruption tokens'}",
                    mode="lines+markers",
                    line={"dash": dash},
                    customdata=[len(by[k]) for k in rounds],
                    hovertemplate="round %{x}: %{y:.2f} (%{customdata} games)<extra></extra>",
                )
            )
    fig.update_layout(
        title="Escape cards and corruption by round",
        xaxis_title="round",
        yaxis_title="mean count (games still going)",
    )
    return fig


def captured_per_game(rows: Iterable[Mapping[str, Any]]) -> go.Figure:
    """How many characters were captured by the end, per rules variant."""
    rows = list(rows)
    fig = go.Figure()
    for v in sorted({str(r.get("rules", "starter")) for r in rows}):
        counts = [0, 0, 0, 0]
        for r in rows:
            if str(r.get("rules", "starter")) == v:
                counts[int(r.get("captured", 0))] += 1
        fig.add_trace(go.Bar(x=[0, 1, 2, 3], y=counts, name=v))
    fig.update_layout(
        title="Characters captured by the end",
        xaxis_title="captured",
        yaxis_title="games",
        barmode="group",
    )
    return fig


CHARTS = {"progress_by_round": progress_by_round, "captured_per_game": captured_per_game}
"""The spec's ``charts`` hook."""

__all__ = ["CHARTS", "captured_per_game", "progress_by_round"]
