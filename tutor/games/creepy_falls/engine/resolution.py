"""Resolution (topic 7), zone by zone in number order.

For each zone: rank who placed there by size points (ties to whoever placed first; the
neutral Ghouls count as placed first and the Swarm of Rats' owner wins ties where a Rat
marker lies, cf.7.2, topic 9, cf.15.6), give the zone's advantages down the ranking
(tokens, tokens chosen from the Castle's or the Swamp's round pool, a Karloff-113
action; the Human Form, Dark Hunter and the zone Spells add to the first), let the
Werewolves and Witches collect their Souls (engine/werewolves_and_witches.py), then
everyone takes their units back (cf.7.5).  ``res_stage`` says which of these four steps
the zone being resolved (``res_zone``) is at.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.creepy_falls.engine import werewolves_and_witches
from tutor.games.creepy_falls.engine.components import (
    DARK_HUNTER,
    HUMAN_FORM,
    NEUTRAL,
    NT,
    NU,
    NZ,
    PUMPKINS,
    SELLABLE,
    SPELL_RULES,
    TOKEN_NAMES,
    article,
    form_title,
    plural,
    pool_text,
    tokens_text,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import PH_BUY, W_KARLOFF, W_TAKE

# The steps of one zone's resolution (res_stage).
RANK, ADVANTAGES, SOULS, TAKE_BACK = 0, 1, 2, 3


def resolve_step(s: CreepyFallsData) -> None:
    """One step of the zone being resolved, or the end of Resolution after the last.

    Args:
        s: The state; ``res_zone`` and ``res_stage`` say where Resolution stands.
    """
    z = s.res_zone
    if z >= NZ:
        end_resolution(s)
        return
    st = s.res_stage
    if st == RANK:
        begin_zone(s, z)
    elif st == ADVANTAGES:
        award(s, z)
    elif st == SOULS:
        werewolves_and_witches.collect_souls(s, z)
        s.res_stage = TAKE_BACK
    else:
        return_units(s, z)
        s.res_zone = z + 1
        s.res_stage = RANK


def rank_zone(s: CreepyFallsData, z: int) -> list[int]:
    """The zone's ranking: players with size points (and the neutral Ghouls), best first.

    Ties go to whoever placed first; the neutral Ghouls count as placed first, then the
    Swarm of Rats' owner in a zone with a Rat marker.

    Args:
        s: The state.
        z: The zone.

    Returns:
        Players (``NEUTRAL`` for the neutral Ghouls) in the order of the advantages.
    """
    n = s.n
    keyed: list[tuple[int, int, int]] = []
    nz = s.neutral[z]
    if nz:
        keyed.append((-min(nz, 2), 0, NEUTRAL))
    order = s.order[z]
    for pos, p in enumerate(order):
        size = s.size_in(p, z)
        if size > 0:
            prio = 1 if (s.rats[z] and p == s.rat_owner) else 2 + pos
            keyed.append((-size, prio, p))
    for p in range(n):
        if p not in order and s.size_in(p, z) > 0:
            keyed.append((-s.size_in(p, z), 100 + p, p))
    keyed.sort()
    return [k[2] for k in keyed]


def begin_zone(s: CreepyFallsData, z: int) -> None:
    """Zone ``z``'s resolution begins: its ranking and the players present there.

    A zone nobody placed in goes straight to taking back the units.

    Args:
        s: The state; sets ``ranking`` and ``present`` and moves on to the advantages.
        z: The zone.
    """
    n = s.n
    if not s.order[z] and not s.neutral[z]:
        # Nobody placed here (every unit on the board belongs to a placement order).
        s.ranking = []
        s.present = []
        s.res_stage = TAKE_BACK
        return
    s.ranking = rank_zone(s, z)
    s.present = [p for p in s.order[z] if s.units_in(p, z) > 0]
    for p in range(n):
        if p not in s.present and s.units_in(p, z) > 0:
            s.present.append(p)
    s.res_rank = 0
    s.res_picks = -1
    s.karloff_taken = 0
    s.res_stage = ADVANTAGES
    if not s.present and not s.neutral[z]:
        s.res_stage = TAKE_BACK
        return
    if s.tracing:
        zone = s.game.board.zones[z]
        sizes = "; ".join(f"{s.name(p)} {s.size_in(p, z)}" for p in s.present)
        if s.neutral[z]:
            nz = s.neutral[z]
            extra = " (a neutral Werewolf)" if nz >= 3 else ""
            sizes = f"neutral Ghouls {min(nz, 2)}{extra}" + ("; " + sizes if sizes else "")
        ranked = ", ".join("the neutral Ghouls" if p == NEUTRAL else s.name(p) for p in s.ranking)
        s._log(
            "cf.7.3",
            f"Zone {zone.number}, {zone.name}, is resolved. Size points: {sizes}.",
            alongside="zones",  # zone after zone: none is resolved because of the last
        )
        if ranked:
            tie = tie_note(s, z)
            s._log("cf.7.2", f"Order of advantages in {zone.name}: {ranked}{tie}.")
        for p in s.present:
            if s.size_in(p, z) == 0:
                s._log(
                    "cf.7.4",
                    f"{s.name(p)} has size 0 in {zone.name} and takes no advantage there.",
                )
        if z == PUMPKINS:
            s._log("cf.7.12", "Pumpkins Field gives no advantages.")


def tie_note(s: CreepyFallsData, z: int) -> str:
    """What broke the ties in zone ``z``'s ranking, for the trace.

    Args:
        s: The state, with the zone's ranking made.
        z: The zone.

    Returns:
        A parenthesised note, or ``""`` when there is no tie.
    """
    sizes = [s.size_in(p, z) if p != NEUTRAL else min(s.neutral[z], 2) for p in s.ranking]
    if len(set(sizes)) == len(sizes):
        return ""
    notes = []
    if NEUTRAL in s.ranking and sizes.count(sizes[s.ranking.index(NEUTRAL)]) > 1:
        notes.append("the neutral Ghouls count as placed first")
    if s.rats[z] and s.rat_owner in s.ranking:
        notes.append(f"the Rat marker puts {s.name(s.rat_owner)} first in ties")
    notes.append("ties go to whoever placed first")
    return " (" + "; ".join(notes) + ")"


def zone_pool(s: CreepyFallsData) -> list[int]:
    """The round tokens of the zone being resolved (Castle or Swamp).

    Args:
        s: The state.

    Returns:
        The pool itself (taking a token changes it).
    """
    return s.castle if s.res_zone == s.game.castle_zone else s.swamp


def award(s: CreepyFallsData, z: int) -> None:
    """Give zone ``z``'s advantages down the ranking, stopping where someone must choose.

    Args:
        s: The state; waits at ``W_TAKE`` or ``W_KARLOFF`` for a choice, else moves on to
            the Souls.
        z: The zone.
    """
    advs = s.advantages(z)
    while s.res_rank < len(s.ranking) and s.res_rank < len(advs):
        who = s.ranking[s.res_rank]
        adv = advs[s.res_rank]
        if s.res_picks < 0:
            if who == NEUTRAL:
                if s.tracing:
                    s._log(
                        "cf.9.3",
                        f"The neutral Ghouls hold advantage {s.res_rank + 1} of "
                        f"{s.zone_name(z)}; nobody receives it.",
                    )
                s.res_rank += 1
                continue
            give_advantage(s, who, z, s.res_rank, adv)
            if adv.action:
                s.res_picks = 0
                s.actor = who
                s.wait = W_KARLOFF
                return
            s.res_picks = adv.choose
        if s.res_picks > 0:
            pool = zone_pool(s)
            kinds = [i for i in range(3) if pool[i] > 0]
            if not kinds:
                s.res_picks = 0
            elif len(kinds) == 1:
                take_token(s, who, kinds[0], False)
                continue
            else:
                s.actor = who
                s.wait = W_TAKE
                return
        s.res_rank += 1
        s.res_picks = -1
    if s.tracing and s.res_rank < len(s.ranking):
        left = [s.name(p) for p in s.ranking[s.res_rank :] if p != NEUTRAL]
        if left:
            s._log("cf.7.13", f"{s.zone_name(z)} has no advantage left for {', '.join(left)}.")
    s.res_stage = SOULS


def give_advantage(s: CreepyFallsData, p: int, z: int, rank: int, adv: Any) -> None:
    """Player ``p`` takes advantage ``rank`` of zone ``z``: its tokens, and what the
    Human Form, Dark Hunter and the zone Spells add.

    Args:
        s: The state.
        p: The player.
        z: The zone.
        rank: The advantage's place in the zone's list (0: the first).
        adv: The advantage (its tokens, the tokens to choose, a Karloff-113 action).
    """
    g = s.game
    gained = list(adv.tokens)
    notes: list[str] = []
    rules: list[str] = []
    facts: list[str] = []
    if rank == 0:
        for f in (HUMAN_FORM, DARK_HUNTER):
            bonus = g.form_bonus[f][z]
            if bonus is not None and s.holds_form(p, f):
                for k in range(NT):
                    gained[k] += bonus[k]
                notes.append(f"{tokens_text(bonus)} more for {form_title(g.board.forms[f].name)}")
                rules.append("cf.15.2" if f == HUMAN_FORM else "cf.15.4")
                facts.append(f"form/{p}/{f}")
    for spell, zone, ranks, tokens in g.zone_spells:
        if zone == z and rank < ranks and s.has_spell(p, spell):
            for k in range(NT):
                gained[k] += tokens[k]
            notes.append(f"{tokens_text(tokens)} more for {g.board.spells[spell].name}")
            rules.append(SPELL_RULES[spell])
            facts.append("")
    for k in range(NT):
        if gained[k]:
            s._gain(p, k, gained[k])
    if s.tracing:
        place = g.board.zones[z].name
        base = tokens_text(adv.tokens)
        parts = [] if base == "nothing" else [base]
        if adv.choose:
            parts.append(f"chooses {plural(adv.choose, 'token', 'tokens')} from the zone")
        if adv.action:
            parts.append("chooses a Karloff-113 action")
        rule = "cf.7.13"
        if adv.choose:
            rule = "cf.7.6"
        if s.n == 3 and z == g.swamp_zone:
            rule = "cf.10.4"
        s._log(
            rule,
            f"{s.name(p)} takes advantage {rank + 1} of {place}: "
            f"{' and '.join(parts) or 'nothing'}.",
            None,
            "auto",
            (("tokens", p, list(adv.tokens)),),
            reads=f"placed/{z}/{p}",
            alongside=f"advantages/{z}",  # in the order of advantages, side by side
        )
        for note, r, fact in zip(notes, rules, facts, strict=True):
            s._log(r, f"{s.name(p)} gets {note}.", reads=fact)


def take_options(s: CreepyFallsData, p: int) -> list[Action]:
    """The token kinds left in the zone's round pool that player ``p`` may choose.

    Args:
        s: The state.
        p: The player choosing.

    Returns:
        One action per kind left.
    """
    pool = zone_pool(s)
    return [s.game.take_actions[p][i] for i in range(3) if pool[i] > 0]


def token_chosen(s: CreepyFallsData, action: Action) -> None:
    """The player takes the token kind chosen from the zone's round pool.

    Args:
        s: The state, waiting at ``W_TAKE``.
        action: The chosen action; ``args[0]`` is the kind (index into the pool).
    """
    take_token(s, action.player, int(action.args[0]), True)


def take_token(s: CreepyFallsData, p: int, i: int, chosen: bool) -> None:
    """Player ``p`` takes a token of kind ``i`` from the zone's round pool.

    Args:
        s: The state.
        p: The player.
        i: The kind, an index into the pool (``SELLABLE`` order).
        chosen: Whether the player chose it (else it was the only kind left).
    """
    pool = zone_pool(s)
    pool[i] -= 1
    k = SELLABLE[i]
    s._gain(p, k, 1)
    s.res_picks -= 1
    if s.tracing:
        token = TOKEN_NAMES[k]
        what = f"chooses {article(token)}" if chosen else f"takes the remaining {token}"
        rule = "cf.10.4" if s.n == 3 and s.res_zone == s.game.swamp_zone else "cf.7.6"
        s._log(
            rule,
            f"{s.name(p)} {what} token in {s.zone_name(s.res_zone)}.",
            p,
            "action" if chosen else "auto",
        )


def return_units(s: CreepyFallsData, z: int) -> None:
    """Everyone takes back their units from zone ``z``.

    Args:
        s: The state.
        z: The zone.
    """
    n = s.n
    had = bool(s.order[z])
    for p in range(n):
        s.frank_used[z * n + p] = 0
        s.been[z * n + p] = 0
        if not had:
            continue  # no units here: nobody's placement order holds this zone
        base = (z * n + p) * NU
        for t in range(NU):
            k = s.placed[base + t]
            if k:
                s.reserve[p * NU + t] += k
                s.placed[base + t] = 0
    s.order[z] = []
    if s.tracing and had:
        s._log("cf.7.5", f"Everyone takes back their units from {s.zone_name(z)}.")


def end_resolution(s: CreepyFallsData) -> None:
    """All zones are resolved: the tokens left and the Rat markers go; the Store comes next.

    Args:
        s: The state; the phase becomes ``PH_BUY``.
    """
    if s.tracing:
        left = [pool_text(s.castle), pool_text(s.swamp)]
        rats = " and the Rat markers are removed" if any(s.rats) else ""
        s._log(
            "cf.7.5",
            f"All zones are resolved: the tokens left (Castle: {left[0]}; "
            f"Swamp: {left[1]}) are discarded{rats}.",
        )
    s.castle = [0, 0, 0]
    s.swamp = [0, 0, 0]
    s.rats = [0] * NZ
    s.rat_owner = -1
    s.phase = PH_BUY
    s.cursor = 0
