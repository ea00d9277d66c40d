"""Fixtures of the Mantis tests (helpers live in mantis_helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

import tutor


@pytest.fixture(scope="session")
def mantis_game() -> Any:
    """The base game: four players, default rulings."""
    return tutor.load_game("mantis")
