"""Plotly charts of analysis results; every function returns a ``plotly.graph_objects.Figure``.

Plotly is imported only when a chart module is used, never by ``import tutor``.
A game's own charts come from its spec's ``charts`` hook (:func:`game_charts`).
Figures share the small template in :mod:`tutor.charts.template` so notebooks stay
light and consistent.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "outcome_bar": "outcomes",
    "outcome_categories_bar": "outcomes",
    "score_hist": "outcomes",
    "win_rate_by_seat": "outcomes",
    "win_rate_by_bot": "outcomes",
    "win_rate_by_variant": "outcomes",
    "game_length_hist": "outcomes",
    "game_charts": "outcomes",
    "tree_figure": "tree",
    "tidy_layout": "tree",
    "flowchart_figure": "flowchart",
    "flow_layout": "flowchart",
    "ruling_impact_figure": "rulings",
    "mastery_by_topic": "mastery",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.charts' has no attribute {name!r}")
    return getattr(importlib.import_module(f"tutor.charts.{module}"), name)


__all__ = sorted(_EXPORTS)
