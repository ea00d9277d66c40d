"""The small shared look of every Rules Tutor chart: fonts, margins, outcome colours.

One ``go.layout.Template`` instead of a heavy theme keeps figures small in saved
notebooks; colours for shared outcomes are fixed so a tie looks the same in every chart of a
workshop.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from tutor.charts.display import configure_for_voila

configure_for_voila()  # Voila pages show figures as widgets (see tutor.charts.display)

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
        # The title on the first line, the legend on its own line under it and above the
        # plot: it can never sit on an axis title or on tick labels.
        "title": {"x": 0.01, "xanchor": "left", "y": 0.97, "yanchor": "top"},
        "margin": {"l": 60, "r": 30, "t": 95, "b": 50},
        "height": 460,
        "plot_bgcolor": "white",
        "paper_bgcolor": "white",
        "colorway": ["#457b9d", "#e76f51", "#2a9d8f", "#f4a261", "#9d0208", "#6c757d"],
        # automargin: the margins grow to fit long tick labels and axis titles, instead
        # of clipping them or printing a title over the tick numbers.
        "xaxis": {"showgrid": False, "linecolor": "#999", "automargin": True},
        "yaxis": {"gridcolor": "#eee", "linecolor": "#999", "automargin": True},
        "legend": {
            "orientation": "h",
            "yanchor": "bottom",
            "y": 1.02,
            "xanchor": "left",
            "x": 0,
        },
        "hoverlabel": {"align": "left"},
    }
)


def second_axis(title: str, **axis: Any) -> dict[str, Any]:
    """A right-hand y axis (``yaxis2``) whose title stands clear of its tick numbers."""
    return {
        "title": {"text": title, "standoff": 12},
        "overlaying": "y",
        "side": "right",
        "automargin": True,
        "showgrid": False,
        **axis,
    }


def new_figure(title: str, **layout: Any) -> go.Figure:
    """An empty figure with the shared template and a title."""
    fig = go.Figure()
    fig.update_layout(template=TEMPLATE, title={"text": title}, **layout)
    return fig


__all__ = ["NODE_COLOURS", "OUTCOME_COLOURS", "TEMPLATE", "new_figure", "second_axis"]
