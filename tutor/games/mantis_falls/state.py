"""The Mantis Falls state, under the import path the rest of the project uses.

The engine itself lives in the ``engine/`` subpackage (one module per rule group, see
``engine/__init__.py``); this module only names its public parts.
"""

from tutor.games.mantis_falls.engine.basics import canonical_order, phone_distance
from tutor.games.mantis_falls.engine.data import (
    CE_SPACES,
    CHANCE_FRAMES,
    DECISION_FRAMES,
    END,
    HAND_SIZE,
    MAX_GASPS,
    PHASE_TITLES,
    START,
    MantisFallsData,
)
from tutor.games.mantis_falls.engine.effects import CARD_EFFECTS
from tutor.games.mantis_falls.engine.frames import (
    FRAME_NAMES,
    PICK_NAMES,
    TURN_FRAMES,
    TURN_STEPS,
    Ctx,
    Frame,
    Pick,
    Window,
    frame_from_list,
)
from tutor.games.mantis_falls.engine.play import MantisFallsState

__all__ = [
    "CARD_EFFECTS",
    "CE_SPACES",
    "CHANCE_FRAMES",
    "DECISION_FRAMES",
    "END",
    "FRAME_NAMES",
    "HAND_SIZE",
    "MAX_GASPS",
    "PHASE_TITLES",
    "PICK_NAMES",
    "START",
    "TURN_FRAMES",
    "TURN_STEPS",
    "Ctx",
    "Frame",
    "MantisFallsData",
    "MantisFallsState",
    "Pick",
    "Window",
    "canonical_order",
    "frame_from_list",
    "phone_distance",
]
