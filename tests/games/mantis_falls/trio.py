"""Three-player positions for the Triad tests: Jack, Jill and June on a fixed road.

Why this module exists: the three-player scenario tests (``test_triad_*.py``,
``test_three_player_*.py``) all put the same kind of small, known position on the table:
a fixed road with every road face up, chosen hands and roles, a known event and known
draws, and no allies (so no any-time window interrupts a turn unless a test wants one).
Seats go clockwise: Jack is player 0, Jill 1 and June 2.  On Jack's turn the active
players are Jack and June (the player to his right, who played the turn before) and
Jill is the bystander.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.mantis_falls.mf_helpers import mf_state
from tables import FILLER, ROADS_NO_BROKEN

from tutor.games.mantis_falls.state import MantisFallsState

JACK, JILL, JUNE = 0, 1, 2
TRIAD = {"players": 3, "modules": ["triad"]}
"""The options of every three-player game."""


def trio_state(
    jack: Mapping[str, Any] | None = None,
    jill: Mapping[str, Any] | None = None,
    june: Mapping[str, Any] | None = None,
    *,
    event: str = "Loan Shark",
    draws: Sequence[str] = FILLER,
    turn_player: int = JACK,
    rulings: Mapping[str, str] | None = None,
    **extra: Any,
) -> MantisFallsState:
    """A three-player game (seed 1) with this position on the table.

    Every player starts on Maple Avenue (position 2: green stoplight 0, a phone one road
    back on Elm Street) with no allies, so Scared Off does them no harm; each
    entry's own keys (``hand``, ``wounds``, ``role``, ``conditions`` ...) win.

    Raises:
        ScenarioError: if a card name or a value is not valid.
    """
    players = []
    for entry in (jack, jill, june):
        players.append({"position": 2, "allies": [], **dict(entry or {})})
    setup: dict[str, Any] = {
        "road_order": list(ROADS_NO_BROKEN),
        "roads_face_up": True,
        "turn_player": turn_player,
        "players": players,
        "event_deck_top": [event],
        "action_deck_top": list(draws),
        **extra,
    }
    options: dict[str, Any] = dict(TRIAD)
    if rulings:
        options["rulings"] = dict(rulings)
    return mf_state(setup=setup, **options)
