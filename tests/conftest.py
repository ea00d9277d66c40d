"""What every game's tests share: the toy games, hypothesis profiles, a user folder.

The toy games (tests/toys) are registered before collection, so suites parametrised
over every registered game include them.  Helpers of one game live with its tests
(Mantis Falls: ``tests/games/mantis_falls/mf_helpers.py`` and its conftest).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Property-based tests (hypothesis): `make test` runs a modest, reproducible number of
# cases per property; `make soak` (SOAK=1) runs a hundred times more with fresh examples.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=10_000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("soak" if os.environ.get("SOAK") else "ci")


def pytest_configure(config: pytest.Config) -> None:
    """Register the toy games (tests/toys) before collection, so suites parametrised
    over every registered game include them."""
    from toys import register_toys

    register_toys()


@pytest.fixture(autouse=True, scope="session")
def user_folder(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """What the tests save as a user goes to a temporary per-user folder, never to the
    tester's own (tutor.core.userdata reads RULES_TUTOR_HOME)."""
    folder = tmp_path_factory.mktemp("user-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULES_TUTOR_HOME", str(folder))
        yield folder


@pytest.fixture(scope="session")
def toy_games() -> list[str]:
    """The names of the test-only toy games (registered by :func:`pytest_configure`)."""
    from toys import register_toys

    return register_toys()


def _tally_counts() -> dict[str, dict[str, int]]:
    """This process's bad-file tallies (tests/mutations.py), by what was generated."""
    import sys

    merged: dict[str, dict[str, int]] = {}
    for tally in getattr(sys.modules.get("mutations"), "TALLIES", ()):
        into = merged.setdefault(tally.what, {})
        for verdict, count in tally.counts.items():
            into[verdict] = into.get(verdict, 0) + count
    return merged


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A pytest-xdist worker hands its tallies to the controller (see below)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["tallies"] = _tally_counts()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """The controller adds up the tallies of each pytest-xdist worker as it finishes."""
    totals = node.config.stash.setdefault(_WORKER_TALLIES, {})
    for what, counts in getattr(node, "workeroutput", {}).get("tallies", {}).items():
        into = totals.setdefault(what, {})
        for verdict, count in counts.items():
            into[verdict] = into.get(verdict, 0) + count


_WORKER_TALLIES = pytest.StashKey[dict[str, dict[str, int]]]()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """At the end of a run: how many generated bad files loaded soundly or were refused.

    The counts come from the tallies in tests/mutations.py (the bad-file properties), made
    in this process or, when the tests run in parallel (pytest-xdist), in its workers.
    """
    from mutations import tally_line

    totals = terminalreporter.config.stash.get(_WORKER_TALLIES, None) or _tally_counts()
    for what, counts in totals.items():
        if counts:
            terminalreporter.write_line(tally_line(what, counts))
