"""The workshop room's answers chart: how many learners picked each choice.

Why this exists: the host's screen shows the room's answers arriving live
(:class:`tutor.widgets.room.HostRoom` shows this figure as a ``FigureWidget`` and
updates it in place with :func:`answer_bars` and :func:`answers_layout`).  With many
legal choices (a placement turn can offer a hundred), only the choices someone picked
are drawn, most picked first.  Once the engine has revealed the odds
(:class:`tutor.analysis.odds.ChoiceOdds`, exact or estimated, for every game), each drawn
choice's chance is marked beside its bar on a 0-100% scale at the top, with its
interval.

Plotly is imported here, never by ``import tutor``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go

from tutor.analysis.odds import ChoiceOdds
from tutor.charts.template import new_figure

BAR_COLOR = "#6a4c93"
ENGINE_COLOR = "#2a9d8f"
ODDS_COLOR = "#e76f51"


def answer_bars(
    choices: Sequence[str], counts: Sequence[int], engine: str | None = None
) -> tuple[list[str], list[int], list[str]]:
    """The bars to draw: ``(labels, counts, colours)``, most picked first.

    Choices nobody picked are left out; ``engine`` (the engine's choice, once revealed)
    is drawn in another colour and always shown.
    """
    rows = [(label, int(counts[i]) if i < len(counts) else 0) for i, label in enumerate(choices)]
    shown = [(label, n) for label, n in rows if n > 0 or label == engine]
    shown.sort(key=lambda row: -row[1])
    labels = [label for label, _ in shown]
    colours = [ENGINE_COLOR if label == engine else BAR_COLOR for label in labels]
    return labels, [n for _, n in shown], colours


def odds_points(labels: Sequence[str], odds: ChoiceOdds | None) -> dict[str, Any]:
    """The odds marks for the drawn bars: ``x`` in percent, ``y`` the labels,
    ``error_x`` the intervals, ``text`` for hovering and the trace's ``name``.

    Only drawn choices that have odds get a mark; with no odds there are none.
    """
    xs: list[float] = []
    ys: list[str] = []
    plus: list[float] = []
    minus: list[float] = []
    text: list[str] = []
    for label in labels:
        chance = odds.of(label) if odds is not None else None
        if chance is None:
            continue
        xs.append(round(100 * chance.p, 1))
        ys.append(label)
        plus.append(round(100 * (chance.high - chance.p), 1))
        minus.append(round(100 * (chance.p - chance.low), 1))
        games = f", {chance.trials} play-outs" if chance.trials else ", exact"
        text.append(f"{100 * chance.low:.0f}-{100 * chance.high:.0f}%{games}")
    return {
        "x": xs,
        "y": ys,
        "error_x": {
            "type": "data",
            "symmetric": False,
            "array": plus,
            "arrayminus": minus,
            "visible": bool(odds is not None and odds.method != "exact"),
        },
        "text": text,
        "name": odds.measure if odds is not None else "odds",
    }


def answers_layout(
    labels: Sequence[str],
    values: Sequence[int] = (),
    title: str = "",
    odds: ChoiceOdds | None = None,
) -> dict[str, Any]:
    """The layout that goes with a set of bars (their height, whole-number ticks; a note
    while there are none; the odds' 0-100% axis at the top once revealed)."""
    note = {
        "text": "No answers yet",
        "showarrow": False,
        "xref": "paper",
        "yref": "paper",
        "x": 0.5,
        "y": 0.5,
        "font": {"size": 18, "color": "#888"},
    }
    return {
        "title": {"text": title or "What the room would do"},
        "height": max(260, 60 + 34 * max(len(labels), 1)),
        "annotations": [] if labels else [note],
        "yaxis": {"autorange": "reversed", "automargin": True, "visible": bool(labels)},
        "xaxis": {"dtick": max(1, -(-max(values, default=1) // 8))},
        "xaxis2": {
            "title": {"text": odds.measure if odds is not None else ""},
            "overlaying": "x",
            "side": "top",
            "range": [0, 100],
            "ticksuffix": "%",
            "visible": odds is not None,
            "showgrid": False,
        },
    }


def answers_figure(
    choices: Sequence[str],
    counts: Sequence[int],
    engine: str | None = None,
    title: str = "",
    odds: ChoiceOdds | None = None,
) -> go.Figure:
    """A horizontal bar chart of the room's answers to one question, with the odds.

    Args:
        choices: the question's choices.
        counts: how many learners picked each.
        engine: the engine's choice, drawn in another colour (``None`` before the reveal).
        title: the chart's title.
        odds: the revealed odds, marked beside the bars (``None`` before the reveal).
    """
    labels, values, colours = answer_bars(choices, counts, engine)
    fig = new_figure(
        title or "What the room would do",
        xaxis={"title": "learners", "rangemode": "tozero", "tickformat": ",d"},
        margin={"l": 10, "r": 10, "t": 80, "b": 40},
        showlegend=False,
    )
    fig.update_layout(**answers_layout(labels, values, title, odds))
    fig.add_trace(
        go.Bar(
            x=values,
            y=labels,
            orientation="h",
            marker_color=colours,
            text=values,
            textposition="auto",
            hovertemplate="%{y}: %{x} learners<extra></extra>",
        )
    )
    points = odds_points(labels, odds)
    fig.add_trace(
        go.Scatter(
            x=points["x"],
            y=points["y"],
            xaxis="x2",
            mode="markers",
            marker={"symbol": "diamond", "size": 12, "color": ODDS_COLOR},
            error_x=points["error_x"],
            text=points["text"],
            name=points["name"],
            hovertemplate="%{y}: %{x}% (%{text})<extra></extra>",
        )
    )
    return fig


__all__ = ["answer_bars", "answers_figure", "answers_layout", "odds_points"]
