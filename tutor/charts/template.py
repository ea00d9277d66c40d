"""The small shared look of every Rules Tutor chart: fonts, margins, outcome colours.

One ``go.layout.Template`` instead of a heavy theme keeps figures small in saved
notebooks; colours for shared outcomes are fixed so a tie looks the same in every chart of a
workshop.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

OUTCOME_COLOURS = {
    "tie": "#adb5bd",
    "tie wins": "#adb5bd",
    "unfinished": "#dee2e6",
    "shared_win": "#8ab17d",
    "no_winner": "#e76f51",
}
"""Colours of the outcomes every game has; a game's charts add their own."""

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
