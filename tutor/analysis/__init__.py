"""Analysis kit for any game: bots, bulk simulation with metrics, decision trees, flowcharts.

A game's own bots, odds, procedures and metrics come from its spec's hooks (its
package under ``tutor/games/``); nothing here names a game.

Importing this package is cheap: the heavy libraries (networkx, tqdm, dask) load only
inside the functions that need them, and the submodules load on first use, so
``import tutor`` and ``import tutor.analysis`` stay fast in a plain terminal.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Policy": "policies",
    "RandomPolicy": "policies",
    "MonteCarloPolicy": "policies",
    "policies_for": "policies",
    "make_policy": "policies",
    "describe_policies": "policies",
    "simulate": "simulation",
    "summarise": "simulation",
    "wilson_interval": "simulation",
    "sweep": "simulation",
    "outcome_categories": "simulation",
    "outcome_category": "simulation",
    "house_rule_options": "sweeps",
    "house_rule_variants": "sweeps",
    "house_rule_sweep": "sweeps",
    "ruling_impact": "rulings",
    "decision_tree": "trees",
    "TreeTooLarge": "trees",
    "procedure_flowchart": "flowchart",
    "procedure_path": "flowchart",
    "procedure_paths": "flowchart",
    "compare_states": "compare",
    "compare_views": "compare",
    "make_quiz": "quiz",
    "question_at": "quiz",
    "make_legality_quiz": "quiz_legal",
    "legality_question_at": "quiz_legal",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.analysis' has no attribute {name!r}")
    return getattr(importlib.import_module(f"tutor.analysis.{module}"), name)


__all__ = sorted(_EXPORTS)
