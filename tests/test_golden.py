"""Golden transcripts: whole seeded games compared line by line with files on disk.

Each file in ``tests/golden/<game>/seed_<n>.txt`` is the omniscient trace
(``[rule] text`` per line) of game seed ``n`` played to the end by the core seeded
random policy (``random_playout`` with ``Rng(policy seed)``).  Any change in the rules
engine, the card data or the wording of the trace shows up here as a readable diff.

When a change is intended, regenerate the files and review the diff before committing::

    UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py
    git diff tests/golden
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

import pytest
from configurations import config_id
from toys import TOY_NAMES

import tutor
from tutor.core.game import random_playout
from tutor.core.rng import Rng

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_SEEDS = (1, 2, 3)
SHIPPED = [g for g in tutor.registered_games() if g not in TOY_NAMES]
EXTRA_CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = [
    ("mantis_falls", {"players": 3, "modules": ["triad"]}),
    ("mantis_falls", {"players": 3, "modules": ["triad", "full_circle", "under_the_rose"]}),
    ("mentis", {"modules": ["wolf"]}),
]
"""Further configurations with golden transcripts of their own (beside the defaults)."""
CASES = [pytest.param(g, {}, id=g) for g in SHIPPED] + [
    pytest.param(g, o, id=config_id(g, o)) for g, o in EXTRA_CONFIGURATIONS
]
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def policy_seed(seed: int) -> int:
    """The random policy's seed for game ``seed`` (kept in the file header too)."""
    return 1000 + seed


def header(name: str, seed: int) -> list[str]:
    return [
        f"# Golden trace: {name}, game seed {seed}, random policy Rng({policy_seed(seed)}).",
        "# Omniscient trace, one '[rule] text' line per entry. Generated, do not edit by hand:",
        "#     UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py",
    ]


def transcript(name: str, seed: int, options: dict[str, Any] | None = None) -> list[str]:
    """Play the seeded game and return its full omniscient trace lines."""
    game = tutor.load_game(name, **(options or {}))
    state = game.new_state(seed=seed)
    random_playout(state, Rng(policy_seed(seed)))
    assert state.is_terminal()
    return state.trace_for(None)


def golden_path(name: str, seed: int, options: dict[str, Any] | None = None) -> Path:
    """``golden/<game>/seed_<n>.txt``; another configuration has a folder inside it."""
    folder = GOLDEN_DIR / name
    if options:
        folder = folder / config_id(name, options).removeprefix(f"{name}-")
    return folder / f"seed_{seed}.txt"


@pytest.mark.parametrize(("name", "options"), CASES)  # shipped games, and further setups
@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_trace_matches_golden_transcript(name: str, options: dict[str, Any], seed: int) -> None:
    path = golden_path(name, seed, options)
    lines = transcript(name, seed, options)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(header(name, seed) + lines) + "\n", encoding="utf-8")
    assert path.exists(), (
        f"no golden transcript {path}; create it with "
        "UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py"
    )
    stored = path.read_text(encoding="utf-8").splitlines()
    expected = [line for line in stored if not line.startswith("#")]
    if lines != expected:
        diff = list(difflib.unified_diff(expected, lines, "golden", "now", n=2, lineterm=""))
        shown = "\n".join(diff[:60]) + ("\n..." if len(diff) > 60 else "")
        pytest.fail(
            f"{path.name}: the trace differs from the golden transcript.\n{shown}\n"
            "If the change is intended: UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py",
            pytrace=False,
        )


@pytest.mark.parametrize(
    "name",
    [g for g in tutor.registered_games() if g not in TOY_NAMES],  # shipped games
)
def test_golden_games_are_distinct_finished_games(name: str) -> None:
    """The seeds really matter, and each golden game ends explaining why it ended."""
    game = tutor.load_game(name)
    traces = set()
    for seed in GOLDEN_SEEDS:
        state = game.new_state(seed=seed)
        random_playout(state, Rng(policy_seed(seed)))
        assert state.outcome() is not None
        assert state.decision.rule in [e.rule for e in state.trace]
        traces.add(tuple(state.trace_for(None)))
    assert len(traces) == len(GOLDEN_SEEDS)
