"""Fixtures of the Mantis Falls tests (the helpers they import live in mf_helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

import tutor


@pytest.fixture(scope="session")
def mf_game() -> Any:
    """The base Mantis Falls game (2 players, default rulings)."""
    return tutor.load_game("mantis_falls")
