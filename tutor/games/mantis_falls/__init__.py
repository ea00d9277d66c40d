"""Mantis Falls (base game, two players): hidden roles, roads, events, actions, Last Gasps."""

from pathlib import Path

from tutor.core.native import load_engine_module

# state.py may have a compiled build (setup.py); use it only if it matches the source.
load_engine_module(__name__ + ".state", Path(__file__).with_name("state.py"))

from tutor.games.mantis_falls.game import MantisFallsGame  # noqa: E402
from tutor.games.mantis_falls.state import MantisFallsState  # noqa: E402

__all__ = ["MantisFallsGame", "MantisFallsState"]
