"""Placement (topic 5) with the units' exceptions (topic 6) and the Spells that bend them.

From the first player on, each placement turn puts any mix of one's units off the board
in one zone, a zone one has not placed in this round and that the Van Helsing die does
not stand on (cf.5.3-5.6), until nobody can place.  The exceptions: a Mummy may join
one's units in a zone already placed in, a Frankenstein's Monster lets its owner place
there once more, and a Werewolf or Witch is placed alone and keeps Mummies out (cf.6.2-
6.6).  Hunter's Bane opens the Van Helsing zone and the Pack Spell lets Werewolves and
Witches go with others (cf.16.11-16.12).  The Cloud of Bats' passes are placement turns
too (cf.15.1).  :func:`zone_mode` says how a player may place in a zone; the legal
placements are built from it once per position shape and cached on the game.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.creepy_falls.engine.components import (
    CLOUD_OF_BATS,
    FRANK,
    GHOUL,
    MUMMY,
    NU,
    NZ,
    WEREWOLF,
    WITCH,
    ordinal,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import PH_FOX, PH_PLACE, W_PLACE

# How a player may place in a zone now (zone_mode).
CLOSED, FREE, FRANKENSTEIN, MUMMIES = 0, 1, 2, 3


def start_placement(s: CreepyFallsData) -> None:
    """Placement begins (topic 5) with the first player's turn.

    Args:
        s: The state; the phase becomes ``PH_PLACE``.
    """
    s.phase = PH_PLACE
    s.cursor = 0  # how many placement turns have been offered in a row without placing
    s.actor = (s.first - 1) % s.n
    s.count = 1  # 1: the next turn is the first of the phase


def placement_step(s: CreepyFallsData) -> None:
    """The next player in turn who can place takes a placement turn, or the phase ends.

    Args:
        s: The state; waits at ``W_PLACE``, or moves on to the Flying Fox when nobody
            can place any more (cf.5.2).
    """
    n = s.n
    p = s.actor
    start = s.count == 1
    s.count = 0
    for i in range(n):
        q = (s.first + i) % n if start else (p + 1 + i) % n
        if zone_modes(s, q, True):
            s.actor = q
            s.wait = W_PLACE
            return
    if s.tracing:
        s._log("cf.5.2", "Nobody can place any more units: the Placement phase ends.")
    s.phase = PH_FOX


def may_pass(s: CreepyFallsData, p: int) -> bool:
    """Whether player ``p`` may pass this placement turn (Cloud of Bats, cf.15.1).

    Args:
        s: The state.
        p: The player.

    Returns:
        True while they hold the Cloud of Bats, have passes left and did not just pass.
    """
    return (
        s.holds_form(p, CLOUD_OF_BATS)
        and s.passes[p] < int(s.game.bats_passes)
        and not s.passed_last[p]
    )


def zone_mode(s: CreepyFallsData, p: int, z: int) -> int:
    """How player ``p`` may place in zone ``z`` now.

    Args:
        s: The state.
        p: The player.
        z: The zone.

    Returns:
        0 (``CLOSED``): not at all; 1 (``FREE``): freely (a zone they have not placed in
        this round); 2 (``FRANKENSTEIN``): again, with their unused Frankenstein's Monster
        there (any units but Werewolves and Witches); 3 (``MUMMIES``): Mummies only.
    """
    g = s.game
    if z == s.vh_zone and not s.has_spell(p, g.spell_bane):
        return CLOSED
    i = z * s.n + p
    if not s.been[i]:
        return FREE
    base = i * NU
    beasts = s.placed[base + WEREWOLF] + s.placed[base + WITCH]
    pack = s.has_spell(p, g.spell_pack)
    if s.placed[base + FRANK] and not s.frank_used[i]:
        return FRANKENSTEIN
    if beasts and not pack:
        return CLOSED
    return MUMMIES


def zone_modes(s: CreepyFallsData, p: int, any_only: bool) -> list[int]:
    """The zones where player ``p`` has something to place now.

    Args:
        s: The state.
        p: The player.
        any_only: Stop at the first such zone (enough to know whether they can place).

    Returns:
        The zones in order; empty if the player cannot place.
    """
    r = s.reserve
    b = p * NU
    if not (r[b] or r[b + 1] or r[b + 2] or r[b + 3] or r[b + 4]):
        return []
    pack = s.has_spell(p, s.game.spell_pack)
    out: list[int] = []
    for z in range(NZ):
        mode = zone_mode(s, p, z)
        ok = False
        if mode == FREE:
            ok = True
        elif mode == FRANKENSTEIN:
            ok = bool(r[b] or r[b + 1] or r[b + 2] or (pack and (r[b + 3] or r[b + 4])))
        elif mode == MUMMIES:
            ok = r[b + MUMMY] > 0
        if ok:
            if any_only:
                return [z]
            out.append(z)
    return out


def placements(s: CreepyFallsData, p: int) -> list[Action]:
    """Every legal placement of player ``p`` now, sorted (a pass first when allowed).

    Args:
        s: The state.
        p: The player whose placement turn it is.

    Returns:
        The actions; a zone's list is built once per situation and kept in the game's
        cache.
    """
    g = s.game
    r = s.reserve
    b = p * NU
    rg, rm, rf, rw, rh = r[b], r[b + 1], r[b + 2], r[b + 3], r[b + 4]
    pack = 1 if s.has_spell(p, g.spell_pack) else 0
    cache = g.zone_cache
    acts: list[Action] = []
    if may_pass(s, p):
        acts.append(g.pass_actions[p])
    for z in range(NZ):
        mode = zone_mode(s, p, z)
        if mode == CLOSED:
            continue
        key = (p, z, mode, rg, rm, rf, rw, rh, pack)
        got = cache.get(key)
        if got is None:
            got = cache[key] = zone_placements(s, p, z, mode, key[3:8], pack == 1)
        acts += got
    return acts


def zone_placements(
    s: CreepyFallsData, p: int, z: int, mode: int, counts: tuple[int, ...], pack: bool
) -> list[Action]:
    """The sorted placements in zone ``z`` in a ``mode`` with these units off the board.

    Args:
        s: The state.
        p: The player.
        z: The zone.
        mode: How they may place there (:func:`zone_mode`, not ``CLOSED``).
        counts: Their Ghouls, Mummies, Frankenstein's Monsters, Werewolves and Witches
            off the board.
        pack: Whether they have cast the Spell that lifts the Werewolf and Witch limits.

    Returns:
        The placement actions, in sorted order.
    """
    g = s.game
    cache = g.place_cache
    rg, rm, rf, rw, rh = counts
    acts: list[Action] = []
    if mode == MUMMIES:
        for m in range(1, rm + 1):
            acts.append(g.place_action(cache, p, z, 0, m, 0, 0, 0))
        return acts
    for gh in range(rg + 1):
        for m in range(rm + 1):
            for f in range(rf + 1):
                if pack:
                    for w in range(rw + 1):
                        for h in range(rh + 1):
                            if gh or m or f or w or h:
                                acts.append(g.place_action(cache, p, z, gh, m, f, w, h))
                else:
                    if gh or m or f:
                        acts.append(g.place_action(cache, p, z, gh, m, f, 0, 0))
                    if mode == FREE and gh == 0 and m == 0 and f == 0:
                        # A lone Werewolf or Witch (cf.6.5), in their sorted places.
                        if rh:
                            acts.append(g.place_action(cache, p, z, 0, 0, 0, 0, 1))
                        if rw:
                            acts.append(g.place_action(cache, p, z, 0, 0, 0, 1, 0))
    return acts


def place_chosen(s: CreepyFallsData, action: Action) -> None:
    """Carry out a placement turn: units put in a zone, or a Cloud of Bats pass.

    Args:
        s: The state, waiting at ``W_PLACE``.
        action: ``pass``, or a placement with ``args`` the zone and the unit counts.
    """
    p = action.player
    if action.kind == "pass":
        bats_pass(s, p)
        return
    s.passed_last[p] = 0
    z = int(action.args[0])
    counts = [int(x) for x in action.args[1:]]
    mode = zone_mode(s, p, z)
    i = z * s.n + p
    base = i * NU
    for t in range(NU):
        k = counts[t]
        if k:
            s.reserve[p * NU + t] -= k
            s.placed[base + t] += k
    if not s.been[i]:
        s.been[i] = 1
        s.order[z].append(p)
    if s.tracing:
        rule, text = _placement_text(s, p, z, mode, counts)
        s._log(rule, text, p, "action", (("placed", z, counts),), f"placed/{z}/{p}")
    if mode != FREE and s.placed[base + FRANK]:
        s.frank_used[i] = 1


def _placement_text(
    s: CreepyFallsData, p: int, z: int, mode: int, counts: list[int]
) -> tuple[str, str]:
    """The rule and the trace text of a placement just made (before any Monster flips)."""
    what = units_text(s, counts)
    if mode == FREE:
        rule = "cf.6.5" if counts[WEREWOLF] or counts[WITCH] else "cf.5.3"
        if s.has_spell(p, s.game.spell_pack) and (counts[WEREWOLF] or counts[WITCH]):
            rule = "cf.16.11"
        pos = len(s.order[z])
        return rule, (
            f"{s.name(p)} places {what} in {s.zone_name(z)} "
            f"(placed there {ordinal(pos)} this round)."
        )
    if mode == FRANKENSTEIN and any(counts[t] for t in (GHOUL, FRANK, WEREWOLF, WITCH)):
        return "cf.6.2", (
            f"{s.name(p)} places {what} in {s.zone_name(z)} once more, "
            "using the Frankenstein's Monster there; the Monsters are flipped."
        )
    i = z * s.n + p
    flip = (
        " and flips the Frankenstein's Monster there"
        if s.placed[i * NU + FRANK] and not s.frank_used[i]
        else ""
    )
    return "cf.6.3", (
        f"{s.name(p)} adds {what} to {s.zone_name(z)}{flip}; "
        "their place in the order there does not change."
    )


def bats_pass(s: CreepyFallsData, p: int) -> None:
    """Cloud of Bats (cf.15.1): player ``p`` passes this placement turn.

    Args:
        s: The state.
        p: The Cloud of Bats' holder.
    """
    s.passes[p] += 1
    s.passed_last[p] = 1
    if s.tracing:
        left = int(s.game.bats_passes) - s.passes[p]
        s._log(
            "cf.15.1",
            f"{s.name(p)} (Cloud of Bats) passes this placement turn "
            f"({left} pass{'es' if left != 1 else ''} left, never twice in a row).",
            p,
            "action",
        )


def units_text(s: CreepyFallsData, counts: Any) -> str:
    """Unit counts in words, e.g. ``"2 Ghouls and 1 Mummy"``.

    Args:
        s: The state (for the units' names).
        counts: A count per unit type, in type order.

    Returns:
        The text, or ``"nothing"``.
    """
    units = s.game.board.units
    parts = [units[t].count(int(counts[t])) for t in range(NU) if counts[t]]
    if len(parts) <= 1:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]
