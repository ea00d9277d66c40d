"""Destroying units (cf.1.4): a destroyed unit goes back to the box.

Several rules make a player destroy a unit of their choice: a Werewolf's or Witch's
Souls they cannot pay (cf.8.3, cf.9.4), the Toll of Blood they cannot pay (cf.14.1),
another player's Karloff-113 plague (cf.7.10).  Each is queued as a :class:`Due` and
settled before the flow goes on; with one kind of unit left there is nothing to choose.
A unit is taken from those off the board first, else from the zone resolved last.
"""

from __future__ import annotations

from tutor.core.types import Action
from tutor.games.creepy_falls.engine.components import NU, NZ, article
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import W_DESTROY

DESTROY_REASONS = {
    "cf.8.3": "an unpaid Werewolf or Witch",
    "cf.9.4": "the neutral Werewolf",
    "cf.14.1": "the Toll of Blood",
    "cf.7.10": "the Karloff-113 action",
}
"""Why a unit is destroyed, by the rule that demands it (for the trace)."""


def settle_due(s: CreepyFallsData) -> None:
    """The first unit due: destroyed at once, or the player chooses which kind.

    Args:
        s: The state with at least one unit due (``s.dues``); with nothing to choose the
            due is settled, else the state waits for its player (``W_DESTROY``).
    """
    d = s.dues[0]
    p = d.player
    kinds = [t for t in range(NU) if s.owned(p, t) > 0]
    if not kinds:
        s.dues.pop(0)
        if s.tracing:
            s._log("cf.1.4", f"{s.name(p)} has no unit left to destroy.")
        return
    if len(kinds) == 1:
        s.dues.pop(0)
        destroy(s, p, kinds[0], d.rule, False)
        return
    s.actor = p
    s.wait = W_DESTROY


def destroy_options(s: CreepyFallsData, p: int) -> list[Action]:
    """Each kind of unit player ``p`` owns, to destroy one of.

    Args:
        s: The state.
        p: The player who must destroy a unit.

    Returns:
        One action per kind of unit the player owns, in type order.
    """
    return [s.game.destroy_actions[p][t] for t in range(NU) if s.owned(p, t) > 0]


def destroy_chosen(s: CreepyFallsData, action: Action) -> None:
    """Settle the first unit due with the kind of unit the player chose.

    Args:
        s: The state, waiting at ``W_DESTROY``.
        action: The chosen action; ``args[0]`` is the unit type.
    """
    d = s.dues.pop(0)
    destroy(s, action.player, int(action.args[0]), d.rule, True)


def destroy(s: CreepyFallsData, p: int, t: int, rule: str, chosen: bool) -> None:
    """Player ``p`` destroys a unit of type ``t``, and the trace says why.

    Args:
        s: The state.
        p: The player.
        t: The unit type.
        rule: The rule that demands it (a key of ``DESTROY_REASONS``).
        chosen: Whether the player chose the kind (else it was the only one left).
    """
    where = remove_unit(s, p, t)
    if s.tracing:
        unit = s.game.board.units[t].name
        place = "" if where < 0 else f" from {s.zone_name(where)}"
        verb = "chooses to destroy" if chosen else "destroys"
        s._log(
            rule,
            f"{s.name(p)} {verb} {article(unit)}{place} ({DESTROY_REASONS[rule]}); "
            "it goes back to the box.",
            p,
            "action" if chosen else "auto",
            (("destroyed", p, t),),
        )


def remove_unit(s: CreepyFallsData, p: int, t: int) -> int:
    """Take one unit of type ``t`` from player ``p``: off the board first, else from the
    zone resolved last.

    Args:
        s: The state.
        p: The player.
        t: The unit type.

    Returns:
        The zone the unit left, -1 for off the board (or none found).
    """
    if s.reserve[p * NU + t] > 0:
        s.reserve[p * NU + t] -= 1
        return -1
    n = s.n
    for z in range(NZ - 1, -1, -1):
        i = (z * n + p) * NU + t
        if s.placed[i] > 0:
            s.placed[i] -= 1
            return z
    return -1
