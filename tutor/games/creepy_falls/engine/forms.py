"""The Forms' powers that are moves of their own (topic 15).

After Form Choice the Acid Fog's holder may move the Van Helsing die (cf.15.7), then
the Swarm of Rats' holder puts the three Rat markers, which win them ties (cf.15.6);
after Placement the Flying Fox's holder may move one placed Ghoul as if it were a Mummy
(cf.15.3).  The other Forms change a rule where it applies: the Cloud of Bats' passes
in engine/placement.py, the Human Form's and Dark Hunter's extra tokens with the
advantages (engine/resolution.py), the Wild Animal's extra Blood with the first sale
(engine/store.py).
"""

from __future__ import annotations

from tutor.core.types import Action
from tutor.games.creepy_falls.engine.components import (
    ACID_FOG,
    FLYING_FOX,
    GHOUL,
    NU,
    NZ,
    SWARM_OF_RATS,
    WEREWOLF,
    WITCH,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import PH_RATS, PH_RESOLVE, W_FOG, W_FOX, W_RAT
from tutor.games.creepy_falls.engine.placement import start_placement


# ---------------------------------------------------------------- Acid Fog
def fog_step(s: CreepyFallsData) -> None:
    """The Acid Fog's holder may move the Van Helsing die (cf.15.7); then the Swarm of Rats.

    Args:
        s: The state; waits at ``W_FOG`` if someone holds the Acid Fog.
    """
    owner = s.form_owner[ACID_FOG]
    s.phase = PH_RATS
    s.count = 0
    if owner >= 0:
        s.actor = owner
        s.wait = W_FOG


def fog_chosen(s: CreepyFallsData, action: Action) -> None:
    """The Van Helsing die moves to the zone chosen, or stays.

    Args:
        s: The state, waiting at ``W_FOG``.
        action: The chosen action; ``args[0]`` is the die's zone.
    """
    p = action.player
    z = int(action.args[0])
    before = s.vh_zone
    s.vh_zone = z
    if s.tracing:
        if z == before:
            s._log(
                "cf.15.7",
                f"{s.name(p)} (Acid Fog) leaves the Van Helsing die on {s.zone_name(z)}.",
                p,
                "action",
            )
        else:
            s._log(
                "cf.15.7",
                f"{s.name(p)} (Acid Fog) moves the Van Helsing die from "
                f"{s.zone_name(before)} to {s.zone_name(z)}: nobody may place there.",
                p,
                "action",
                (("van_helsing", before, z),),
            )


def fog_options(s: CreepyFallsData, p: int) -> list[Action]:
    """Acid Fog: the die to each zone, its own zone labelled as leaving it there.

    Args:
        s: The state.
        p: The Acid Fog's holder.

    Returns:
        One action per zone, in zone order.
    """
    acts: list[Action] = s.game.fog_actions[p][:]
    keep = s.vh_zone
    acts[keep] = Action(
        p, "van_helsing", (keep,), f"Leave the Van Helsing die on {s.zone_name(keep)}"
    )
    return acts


# ---------------------------------------------------------------- Swarm of Rats
def rats_step(s: CreepyFallsData) -> None:
    """The Swarm of Rats' holder puts the next Rat marker (cf.15.6), or Placement begins.

    Args:
        s: The state; waits at ``W_RAT`` while markers are left to put.
    """
    owner = s.form_owner[SWARM_OF_RATS]
    if owner >= 0 and s.count < int(s.game.rat_markers):
        s.actor = owner
        s.rat_owner = owner
        s.wait = W_RAT
        return
    start_placement(s)


def rat_chosen(s: CreepyFallsData, action: Action) -> None:
    """A Rat marker goes on the zone chosen: ties there go to the Swarm's holder.

    Args:
        s: The state, waiting at ``W_RAT``.
        action: The chosen action; ``args[0]`` is the zone.
    """
    p = action.player
    z = int(action.args[0])
    s.rats[z] = 1
    s.count += 1
    if s.tracing:
        s._log(
            "cf.15.6",
            f"{s.name(p)} (Swarm of Rats) puts a Rat marker on {s.zone_name(z)}: "
            "ties there go to them.",
            p,
            "action",
        )


def rat_options(s: CreepyFallsData, p: int) -> list[Action]:
    """Swarm of Rats: a marker on each zone without one.

    Args:
        s: The state.
        p: The Swarm of Rats' holder.

    Returns:
        One action per zone without a Rat marker.
    """
    return [s.game.rat_actions[p][z] for z in range(NZ) if not s.rats[z]]


# ---------------------------------------------------------------- Flying Fox
def fox_step(s: CreepyFallsData) -> None:
    """After Placement the Flying Fox's holder may move a Ghoul (cf.15.3); then Resolution.

    Args:
        s: The state; waits at ``W_FOX`` if the holder has a Ghoul placed.
    """
    owner = s.form_owner[FLYING_FOX]
    s.phase = PH_RESOLVE
    s.res_zone = 0
    s.res_stage = 0
    if owner >= 0 and fox_moves(s, owner):
        s.actor = owner
        s.wait = W_FOX


def fox_moves(s: CreepyFallsData, p: int) -> list[Action]:
    """Flying Fox: every move of one placed Ghoul, and leaving them (empty: none placed).

    Args:
        s: The state.
        p: The Flying Fox's holder.

    Returns:
        Leaving the Ghouls first, then each move from zone to zone that the placement
        rules allow a Mummy.
    """
    n = s.n
    g = s.game
    sources = [z for z in range(NZ) if s.placed[(z * n + p) * NU + GHOUL] > 0]
    if not sources:
        return []
    acts = [g.keep_actions[p]]
    pack = s.has_spell(p, g.spell_pack)
    for a in sources:
        for b in range(NZ):
            if b == a or (b == s.vh_zone and not s.has_spell(p, g.spell_bane)):
                continue
            base = (b * n + p) * NU
            if (
                s.been[b * n + p]
                and not pack
                and (s.placed[base + WEREWOLF] or s.placed[base + WITCH])
            ):
                continue
            acts.append(g.fox_actions[p][a * NZ + b])
    return acts


def fox_chosen(s: CreepyFallsData, action: Action) -> None:
    """A Ghoul moves as if it were a Mummy, or the Ghouls stay.

    Args:
        s: The state, waiting at ``W_FOX``.
        action: ``keep``, or a move with ``args`` the zones from and to.
    """
    p = action.player
    if action.kind == "keep":
        if s.tracing:
            s._log(
                "cf.15.3",
                f"{s.name(p)} (Flying Fox) leaves their Ghouls where they are.",
                p,
                "action",
            )
        return
    a, b = int(action.args[0]), int(action.args[1])
    n = s.n
    s.placed[(a * n + p) * NU + GHOUL] -= 1
    s.placed[(b * n + p) * NU + GHOUL] += 1
    if s.units_in(p, a) == 0 and p in s.order[a]:
        s.order[a].remove(p)
    if not s.been[b * n + p]:
        s.been[b * n + p] = 1
        s.order[b].append(p)
    if s.tracing:
        s._log(
            "cf.15.3",
            f"{s.name(p)} (Flying Fox) moves a Ghoul from {s.zone_name(a)} "
            f"to {s.zone_name(b)}, as if it were a Mummy.",
            p,
            "action",
            (("ghoul", a, b),),
        )
