"""The flow of a Creepy Falls game as typed numbers and records.

A game is six rounds of Form Choice, Placement, Resolution and Store, closed by the
Toll of Blood (topic 3).  The state keeps where the flow stands as two numbers: the
phase (``PH_*``), which picks the next automatic step in the run loop's dispatch
(engine/play.py), and what the flow waits for (``W_*``), which picks how a person's
choice or a chance outcome is carried out.  A unit that must be destroyed (an unpaid
Werewolf, the Toll of Blood, a Karloff-113 action) is queued as a :class:`Due` record
and settled before anything else.  Every rule module reads these; they read nothing.
"""

from __future__ import annotations

# Phases of the flow (the order of a round; the run loop dispatches on them).
PH_FIRST, PH_ARMY, PH_TOKENS, PH_FORM, PH_EXTRA, PH_FOG, PH_RATS = range(7)
PH_PLACE, PH_FOX, PH_RESOLVE, PH_BUY, PH_SELL, PH_DIE, PH_TOLL, PH_END, PH_OVER = range(7, 16)
PHASE_KEYS = (
    "setup",
    "setup",
    "new_round",
    "form_choice",
    "form_choice",
    "placement",
    "placement",
    "placement",
    "placement",
    "resolution",
    "store",
    "store",
    "store",
    "end_of_round",
    "end_of_round",
    "game_over",
)
"""The phase of the round each ``PH_*`` belongs to, as trace entries and views name it."""
PHASE_TITLES = {
    "setup": "Setup",
    "new_round": "New round",
    "form_choice": "1. Form Choice",
    "placement": "2. Placement",
    "resolution": "3. Resolution",
    "store": "4. Store",
    "end_of_round": "End of the round",
    "game_over": "Game over",
}

# What the flow waits for (W_NONE: nothing, the run loop goes on).
W_NONE, W_CHANCE, W_ARMY, W_FORM, W_FOG, W_RAT, W_PLACE, W_FOX = range(8)
W_TAKE, W_KARLOFF, W_DESTROY, W_BUY, W_SELL = range(8, 13)


class Due:
    """A unit a player must destroy, and the rule that demands it."""

    __slots__ = ("player", "rule")

    def __init__(self, player: int, rule: str) -> None:
        self.player = player
        self.rule = rule
