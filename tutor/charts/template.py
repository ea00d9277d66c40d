"""The small shared look of every Rules Tutor chart: fonts, margins, outcome colours.

One ``go.layout.Template`` instead of a heavy theme keeps figures small in saved
notebooks; colours for outcomes are fixed so "prevented" is the same green in every
chart of a workshop.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

OUTCOME_COLOURS = {
    "prevented": "#2a9d8f",
    "defeated": "#8ab17d",
    "undefeated": "#e76f51",
    "incident": "#f4a261",
    "unresolved": "#adb5bd",
    "survived": "#2a9d8f",
    "died": "#e76f51",
    "witness": "#457b9d",
    "assassin": "#9d0208",
    "tie": "#adb5bd",
    "escape": "#2a9d8f",
    "death": "#e76f51",
    "witness win": "#457b9d",
    "assassin win": "#9d0208",
    "witnesses lose": "#e76f51",
}

NODE_COLOURS = {"choice": "#457b9d", "chance": "#f4a261", "terminal": "#6c757d"}

TEMPLATE = go.layout.Template(
    layout={
        "font": {"family": "Helvetica, Arial, sans-serif", "size": 13},
        "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
        "plot_bgcolor": "white",
        "paper_bgcolor": "white",
        "colorway": ["#457b9d", "#e76f51", "#2a9d8f", "#f4a261", "#9d0208", "#6c757d"],
        "xaxis": {"showgrid": False, "linecolor": "#999"},
        "yaxis": {"gridcolor": "#eee", "linecolor": "#999"},
        "legend": {"orientation": "h", "y": -0.18},
        "hoverlabel": {"align": "left"},
    }
)


def new_figure(title: str, **layout: Any) -> go.Figure:
    """An empty figure with the shared template and a title."""
    fig = go.Figure()
    fig.update_layout(template=TEMPLATE, title={"text": title}, **layout)
    return fig


__all__ = ["NODE_COLOURS", "OUTCOME_COLOURS", "TEMPLATE", "new_figure"]
