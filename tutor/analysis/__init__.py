"""Analysis kit: bots, bulk simulation with metrics, decision trees and exact odds.

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
    "HeuristicWitness": "policies",
    "HeuristicAssassin": "policies",
    "HeuristicPlayer": "policies",
    "policies_for": "policies",
    "make_policy": "policies",
    "describe_policies": "policies",
    "register_policy": "policies",
    "MonteCarloPolicy": "policies",
    "simulate": "simulation",
    "summarise": "simulation",
    "wilson_interval": "simulation",
    "sweep": "simulation",
    "house_rule_options": "sweeps",
    "house_rule_variants": "sweeps",
    "house_rule_sweep": "sweeps",
    "decision_tree": "trees",
    "last_gasp_odds": "trees",
    "TreeTooLarge": "trees",
    "last_gasp_flowchart": "flowchart",
    "gasp_path": "flowchart",
    "gasp_paths": "flowchart",
    "compare_states": "compare",
    "compare_views": "compare",
    "make_quiz": "quiz",
    "question_at": "quiz",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.analysis' has no attribute {name!r}")
    return getattr(importlib.import_module(f"tutor.analysis.{module}"), name)


__all__ = sorted(_EXPORTS)
