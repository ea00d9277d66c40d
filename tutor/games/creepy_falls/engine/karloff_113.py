"""Karloff-113's actions (cf.7.7-7.11): the advantage of the zone Karloff-113.

Who holds that advantage picks one of four actions nobody has taken in this zone this
round, and carries it out when they can pay its Ghouls, or takes it only to keep it from
the others: a Ghoul for a Mummy, two Ghouls for a Frankenstein's Monster, a Ghoul so
that every other player destroys a unit, a Ghoul for two tokens.
"""

from __future__ import annotations

from tutor.core.types import Action
from tutor.games.creepy_falls.engine.components import (
    FRANK,
    GHOUL,
    MUMMY,
    NU,
    SELLABLE,
    TOKEN_NAMES,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.destroying import remove_unit
from tutor.games.creepy_falls.engine.frames import Due

# Karloff-113's four actions (the engine's order of the rulebook's list).
K_MUMMY, K_FRANK, K_PLAGUE, K_TOKENS = range(4)
KARLOFF_TEXT = (
    "destroy 1 Ghoul to get 1 Mummy",
    "destroy 2 Ghouls to get 1 Frankenstein's Monster",
    "destroy 1 Ghoul so that every other player destroys 1 unit",
    "destroy 1 Ghoul to get 2 tokens of Corpse, Amulet or Grimoire",
)
KARLOFF_RULES = ("cf.7.8", "cf.7.9", "cf.7.10", "cf.7.11")
"""The rule of each action carried out."""
TOKEN_PAIRS = tuple((a, b) for a in SELLABLE for b in SELLABLE if a <= b)
"""The two tokens the last action may give, each pair once."""


def karloff_options(s: CreepyFallsData, p: int) -> list[Action]:
    """The Karloff-113 actions player ``p`` may take: each free action, carried out when
    they can pay for it, or taken only to keep it from the others.

    Args:
        s: The state.
        p: The player holding the zone's Karloff-113 advantage.

    Returns:
        For each action nobody has taken in this zone: taking it without carrying it out,
        then carrying it out when possible (the token action once per pair of tokens).
    """
    g = s.game
    acts: list[Action] = []
    ghouls = s.owned(p, GHOUL)
    for a in range(4):
        if s.karloff_taken & (1 << a):
            continue
        acts.append(g.karloff_actions[p][a][0])
        if (
            (a == K_MUMMY and ghouls >= 1 and s.owned(p, MUMMY) < g.limits[MUMMY])
            or (a == K_FRANK and ghouls >= 2 and s.owned(p, FRANK) < g.limits[FRANK])
            or (a == K_PLAGUE and ghouls >= 1)
        ):
            acts.append(g.karloff_actions[p][a][1])
        elif a == K_TOKENS and ghouls >= 1:
            acts += g.karloff_actions[p][a][1:]
    return acts


def karloff_chosen(s: CreepyFallsData, action: Action) -> None:
    """The player takes a Karloff-113 action, carried out or not.

    Args:
        s: The state, waiting at ``W_KARLOFF``.
        action: The chosen action; ``args`` are the action, whether it is carried out and,
            for the token action, the two tokens.
    """
    p = action.player
    a = int(action.args[0])
    carry = int(action.args[1])
    s.karloff_taken |= 1 << a
    s.res_rank += 1
    s.res_picks = -1
    tr = s.tracing
    if not carry:
        if tr:
            s._log(
                "cf.7.7",
                f'{s.name(p)} takes the Karloff-113 action "{KARLOFF_TEXT[a]}" '
                "without carrying it out, so nobody else can take it.",
                p,
                "action",
            )
        return
    if a == K_MUMMY:
        remove_unit(s, p, GHOUL)
        s.reserve[p * NU + MUMMY] += 1
    elif a == K_FRANK:
        remove_unit(s, p, GHOUL)
        remove_unit(s, p, GHOUL)
        s.reserve[p * NU + FRANK] += 1
    elif a == K_PLAGUE:
        remove_unit(s, p, GHOUL)
    else:
        remove_unit(s, p, GHOUL)
        s._gain(p, int(action.args[2]), 1)
        s._gain(p, int(action.args[3]), 1)
    if tr:
        s._log(KARLOFF_RULES[a], _carried_text(s, p, action), p, "action")
    if a == K_PLAGUE:
        for i in range(1, s.n):
            s.dues.append(Due((p + i) % s.n, "cf.7.10"))


def _carried_text(s: CreepyFallsData, p: int, action: Action) -> str:
    """The trace text of the Karloff-113 action ``action`` carried out by ``p``."""
    a = int(action.args[0])
    who = s.name(p)
    if a == K_MUMMY:
        return f"{who} destroys 1 Ghoul and gets 1 Mummy (Karloff-113)."
    if a == K_FRANK:
        return f"{who} destroys 2 Ghouls and gets 1 Frankenstein's Monster (Karloff-113)."
    if a == K_PLAGUE:
        return (
            f"{who} destroys 1 Ghoul: every other player must destroy 1 unit "
            "of their choice (Karloff-113)."
        )
    x, y = int(action.args[2]), int(action.args[3])
    return (
        f"{who} destroys 1 Ghoul and takes 1 {TOKEN_NAMES[x]} and 1 {TOKEN_NAMES[y]} (Karloff-113)."
    )
