"""Plotly charts of analysis results; every function returns a ``plotly.graph_objects.Figure``.

Plotly is imported only when a chart module is used, never by ``import tutor``.
Figures share the small template in :mod:`tutor.charts.template` so notebooks stay
light and consistent.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "outcome_bar": "outcomes",
    "event_outcomes": "outcomes",
    "event_wounds": "outcomes",
    "event_wounds_figure": "outcomes",
    "last_gasp_outcomes": "outcomes",
    "game_length_hist": "outcomes",
    "event_outcomes_by_region": "outcomes",
    "last_gasp_by_situation": "outcomes",
    "gasps_per_game": "outcomes",
    "outcomes_by_role_setup": "outcomes",
    "who_died_first": "outcomes",
    "win_rate_by_option": "outcomes",
    "tree_figure": "tree",
    "tidy_layout": "tree",
    "flowchart_figure": "flowchart",
    "flow_layout": "flowchart",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.charts' has no attribute {name!r}")
    return getattr(importlib.import_module(f"tutor.charts.{module}"), name)


__all__ = sorted(_EXPORTS)
