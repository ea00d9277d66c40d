"""Werewolves and Witches (topic 8), and the two-player game's neutral Werewolf (topic 9).

After a zone's advantages, each Werewolf there takes 1 Soul and each Witch 2 Souls from
every other player with units in the zone, owners in ranking order (cf.8.1-8.2); who
cannot pay in full destroys a unit (cf.8.3).  With two players, three neutral Ghouls
in a zone make a neutral Werewolf, whose Souls go to the supply (cf.9.4, ruling
``neutral_werewolf_souls``), and a player's Werewolf or Witch destroys a neutral Ghoul
(cf.9.5, ruling ``neutral_ghoul_destroyed``).
"""

from __future__ import annotations

from tutor.games.creepy_falls.engine.components import (
    NEUTRAL,
    NT,
    NU,
    SOUL,
    WEREWOLF,
    WITCH,
    plural,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import Due


def collect_souls(s: CreepyFallsData, z: int) -> None:
    """The Werewolves and Witches of zone ``z`` (and a neutral Werewolf) take their Souls.

    Neutral Ghouls facing a Werewolf or Witch lose one (cf.9.5); then each Werewolf takes
    1 Soul and each Witch 2 from every other player present, owners in ranking order
    (cf.8.1-8.2).

    Args:
        s: The state.
        z: The zone being resolved.
    """
    n = s.n
    tr = s.tracing
    # The neutral Werewolf (three neutral Ghouls, two-player games).
    if s.neutral[z] >= 3:
        everyone = s._ruling("neutral_werewolf_souls") == "everyone"
        for p in s.present:
            if everyone or s.size_in(p, z) <= 2:
                pay_souls(s, p, -1, 1, "cf.9.4", z)
    beasts: list[tuple[int, int]] = []
    owners = [p for p in s.ranking if p != NEUTRAL]
    owners += [p for p in s.present if p not in owners]
    for o in owners:
        base = (z * n + o) * NU
        beasts += [(o, 1)] * s.placed[base + WEREWOLF]
        beasts += [(o, 2)] * s.placed[base + WITCH]
    if s.neutral[z]:
        per_unit = s._ruling("neutral_ghoul_destroyed") == "per_unit"
        hunters = [o for o, _ in beasts] if per_unit else list(dict.fromkeys(o for o, _ in beasts))
        for o in hunters:
            if s.neutral[z] > 0:
                s.neutral[z] -= 1
                if tr:
                    s._log(
                        "cf.9.5",
                        f"{s.name(o)}'s Werewolf or Witch destroys a neutral Ghoul in "
                        f"{s.zone_name(z)} ({s.neutral[z]} left); "
                        "the neutral Ghouls pay no Souls.",
                    )
    if tr and len(beasts) > 1:
        who = ", ".join(s.name(o) for o in dict.fromkeys(o for o, _ in beasts))
        s._log(
            "cf.8.2",
            f"Several Werewolves and Witches in {s.zone_name(z)}: their owners collect "
            f"Souls in ranking order ({who}).",
        )
    for o, amount in beasts:
        for i in range(1, n):
            q = (o + i) % n
            if q in s.present:
                pay_souls(s, q, o, amount, "cf.8.1", z)


def pay_souls(s: CreepyFallsData, q: int, o: int, amount: int, rule: str, z: int) -> None:
    """Player ``q`` pays ``amount`` Souls to ``o``; what they cannot pay costs them a unit.

    Args:
        s: The state.
        q: The player who pays.
        o: The player paid, -1 for the neutral Werewolf (the Souls go to the supply).
        amount: The Souls owed (1 for a Werewolf, 2 for a Witch).
        rule: The rule to cite.
        z: The zone.
    """
    have = s.tokens[q * NT + SOUL]
    paid = min(have, amount)
    s.tokens[q * NT + SOUL] -= paid
    if o >= 0:
        s.tokens[o * NT + SOUL] += paid
    if s.tracing:
        to = f"to {s.name(o)}" if o >= 0 else "to the supply (the neutral Werewolf)"
        beast = "Witch" if amount == 2 else "Werewolf"
        if o >= 0:
            text = (
                f"{s.name(q)} gives {plural(paid, 'Soul', 'Souls')} {to} for "
                f"{s.name(o)}'s {beast} in {s.zone_name(z)}."
            )
        else:
            text = (
                f"{s.name(q)} discards {plural(paid, 'Soul', 'Souls')} for the neutral "
                f"Werewolf in {s.zone_name(z)}."
            )
        s._log(rule, text, None, "auto", (("souls", q, -paid),))
    if paid < amount:
        if s.tracing:
            s._log("cf.8.3", f"{s.name(q)} cannot pay in full and must destroy a unit.")
        s.dues.append(Due(q, "cf.9.4" if o < 0 else "cf.8.3"))
