"""Mantis Falls (base game, two players): hidden roles, roads, events, actions, Last Gasps."""

from tutor.games.mantis_falls.game import MantisFallsGame
from tutor.games.mantis_falls.state import MantisFallsState

__all__ = ["MantisFallsGame", "MantisFallsState"]
