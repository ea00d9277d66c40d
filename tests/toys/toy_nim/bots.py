"""Toy Nim's own bot, reached through the spec's ``bots`` hook.

``perfect`` leaves the opponent a multiple of four stones whenever it can (normal
play), or one more than a multiple of four (misere play); otherwise it takes one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.analysis.policies import Policy
from tutor.core.rng import Rng
from tutor.core.types import Action


class PerfectNim(Policy):
    """Plays the known winning strategy of the take-one-to-three game."""

    name = "perfect"
    description = "Leaves the other player a losing pile whenever it can."

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        view = state.view(legal[0].player)
        pile = int(view["pile"])
        misere = state.game.rulebook.choose_rulings(state.game.options.get("rulings"))
        target = 1 if misere["last_stone"] == "loses" else 0
        for action in legal:
            if (pile - int(action.args[0])) % 4 == target:
                return action
        return legal[0]


BOTS = {"perfect": PerfectNim}
