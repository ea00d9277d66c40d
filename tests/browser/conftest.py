"""Fixtures every browser test file shares: a tab per test and a JupyterLab server.

Each file keeps its own ``browser`` fixture (it clears only that file's screenshots);
these ask for it by name.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import Server, jupyterlab


@pytest.fixture(scope="module")
def lab(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab on a free localhost port with a random token, the repository as root."""
    with jupyterlab(tmp_path_factory.mktemp("jupyterlab"), secrets.token_hex(16)) as server:
        yield server


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A new browser tab, closed after the test."""
    tab = browser.new_page()
    try:
        yield tab
    finally:
        tab.close()
