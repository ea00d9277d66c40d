"""Mentis' own charts of simulation rows: how games end, and tiles captured per game.

The spec's ``charts`` hook (:data:`CHARTS`).  Each function takes the rows of
:func:`tutor.analysis.simulation.simulate` for Mentis (with the fields of
:mod:`tutor.games.mentis.facts`) and returns a ``go.Figure`` whose traces hold the
numbers.  The generic charts (win rates by seat and bot, game lengths) are in
:mod:`tutor.charts.outcomes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import plotly.graph_objects as go

from tutor.analysis.simulation import rate_with_interval
from tutor.charts.outcomes import add_rate_bars
from tutor.charts.template import new_figure
from tutor.games.mentis.facts import ENDS

END_LABELS = {
    "king_captured": "King captured",
    "repetition": "threefold repetition",
    "agreement": "agreed draw",
    "move_cap": "move cap",
    "no_action": "no action left",
}


def _label(value: Any) -> str:
    return " vs ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def how_games_end(
    rows: Iterable[Mapping[str, Any]], by: str | None = None, title: str = "How games end"
) -> go.Figure:
    """Rates (with 95% intervals) of each way a finished game ended.

    Args:
        rows: simulation rows (``end``).
        by: a row field to split by (``"policies"``, ``"variant"``).
        title: the figure title.

    Raises:
        KeyError: if a row lacks ``end`` or the ``by`` field.
    """
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        if row["end"] not in ("unfinished", "cut"):
            groups.setdefault("games" if by is None else _label(row[by]), []).append(row)
    fig = new_figure(title, yaxis={"title": "share of finished games", "range": [0, 1]})
    x = [END_LABELS[end] for end in ENDS]
    for name, group in groups.items():
        rates: list[Mapping[str, Any]] = [
            rate_with_interval(sum(r["end"] == end for r in group), len(group)) for end in ENDS
        ]
        add_rate_bars(fig, name, x, rates)
    return fig


def captures_per_game(
    rows: Iterable[Mapping[str, Any]], title: str = "Tiles captured per game"
) -> go.Figure:
    """A histogram of how many tiles were captured in each game (both sides together).

    Raises:
        KeyError: if a row lacks ``captures``.
    """
    counts: dict[int, int] = {}
    for row in rows:
        counts[row["captures"]] = counts.get(row["captures"], 0) + 1
    xs = list(range(max(counts, default=0) + 1))
    fig = new_figure(title, xaxis={"title": "tiles captured"}, yaxis={"title": "games"})
    fig.add_bar(name="games", x=xs, y=[counts.get(k, 0) for k in xs])
    return fig


CHARTS = {"how_games_end": how_games_end, "captures_per_game": captures_per_game}
"""The spec's ``charts`` hook: each takes simulation rows and returns a figure."""
