"""The "how each module changes who wins" chart, for any game with modules.

Draws a report of :func:`tutor.analysis.modules.module_impact`: on the left, each
role's (or side's) win rate and the game's own outcome rates (Mantis Falls' escape
rate) under every configuration, side by side with 95% intervals; on the right, the
share of paired games (same seed) whose winner changed against the baseline.  Plotly is
imported here, never by ``import tutor``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from tutor.charts.template import TEMPLATE


def _errors(rates: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": "data",
        "symmetric": False,
        "array": [r["high"] - r["rate"] for r in rates],
        "arrayminus": [r["rate"] - r["low"] for r in rates],
    }


def module_impact_figure(report: Mapping[str, Any], title: str | None = None) -> go.Figure:
    """Grouped win and outcome rates per configuration, and how often the winner changed.

    Args:
        report: what :func:`tutor.analysis.modules.module_impact` returned.
        title: the figure title (default: the game, players, games and bots).

    Returns:
        A two-panel figure: one bar trace per configuration (named by its label) over
        the win-rate groups and outcome rates (x ``"role witness"``, ``"escape"`` ...),
        error bars to the 95% interval, customdata ``[count, of]``; then one trace
        ``"another winner"`` (x axis 2) with a bar per configuration other than the
        baseline.

    Raises:
        KeyError: if ``report`` is not shaped like a module-impact report.
    """
    rows = list(report["rows"])
    keys = [*report["groups"], *report["outcomes"]]
    fig = make_subplots(
        rows=1,
        cols=2,
        column_widths=[0.68, 0.32],
        horizontal_spacing=0.12,
        subplot_titles=("win and outcome rates", "paired games with another winner"),
    )
    fig.update_layout(
        template=TEMPLATE,
        title={
            "text": title
            or (
                f"{report['title']}, {report['players']} players: what each module changes "
                f"({report['games']} paired games each, {', '.join(report['policies'])})"
            )
        },
        barmode="group",
        height=480,
    )
    for row in rows:
        rates = [row["wins"].get(k) or row["outcome_rates"].get(k) for k in keys]
        shown = [(k, r) for k, r in zip(keys, rates, strict=True) if r is not None]
        fig.add_trace(
            go.Bar(
                name=row["label"],
                x=[k for k, _ in shown],
                y=[r["rate"] for _, r in shown],
                error_y=_errors([r for _, r in shown]),
                customdata=[[r["count"], r["of"]] for _, r in shown],
                hovertemplate=(
                    f"{row['label']}<br>%{{x}}: %{{y:.1%}} "
                    "(%{customdata[0]} of %{customdata[1]})<extra></extra>"
                ),
                legendgroup=row["label"],
            ),
            row=1,
            col=1,
        )
    changed = [row for row in rows if row["differs"] is not None]
    fig.add_trace(
        go.Bar(
            name="another winner",
            x=[row["label"] for row in changed],
            y=[row["differs"]["rate"] for row in changed],
            error_y=_errors([row["differs"] for row in changed]),
            customdata=[[row["differs"]["count"], row["differs"]["of"]] for row in changed],
            marker_color="#6c757d",
            showlegend=False,
            hovertemplate=(
                "%{x}: another winner in %{customdata[0]} of %{customdata[1]} games "
                "(%{y:.1%})<extra></extra>"
            ),
        ),
        row=1,
        col=2,
    )
    fig.update_yaxes(tickformat=".0%", range=[0, 1], row=1, col=1)
    fig.update_yaxes(tickformat=".0%", range=[0, 1], row=1, col=2)
    fig.update_annotations(font={"size": 13})
    return fig


__all__ = ["module_impact_figure"]
