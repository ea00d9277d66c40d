"""The end of a round (topic 14): the Toll of Blood, then a new round.

Every player pays 2 Blood, or discards what they have and destroys a unit (cf.14.1;
Blood Pact spares its caster, cf.16.8).  Then the Forms go back, the Van Helsing die
turns to the next round, the first player moves on (cf.14.2-14.3), and with two players
a neutral Ghoul joins each zone after rounds 2 and 4 (cf.9.6).  After the sixth round
the game ends instead (engine/game_end.py).
"""

from __future__ import annotations

from tutor.games.creepy_falls.engine.components import BLOOD, NF, NT, NZ, ROUNDS
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import PH_END, PH_TOKENS, Due
from tutor.games.creepy_falls.engine.game_end import finish


def toll_step(s: CreepyFallsData) -> None:
    """The Toll of Blood (cf.14.1), every player in turn order.

    Each pays two Blood; a player with less discards what they have and owes a unit
    (a :class:`Due`); Blood Pact spares its owner (cf.16.8).

    Args:
        s: The state; the phase moves on to the new round.
    """
    g = s.game
    for i in range(s.n):
        p = (s.first + i) % s.n
        if s.has_spell(p, g.spell_pact):
            if s.tracing:
                s._log(
                    "cf.16.8",
                    f"{s.name(p)} pays no Toll of Blood (Blood Pact).",
                    alongside="toll",
                )
            continue
        have = s.tokens[p * NT + BLOOD]
        if have >= 2:
            s.tokens[p * NT + BLOOD] -= 2
            if s.tracing:
                s._log(
                    "cf.14.1",
                    f"{s.name(p)} pays the Toll of Blood: 2 Blood ({have - 2} left).",
                    None,
                    "auto",
                    (("blood", p, -2),),
                    alongside="toll",  # every player pays: not because the last one did
                )
        else:
            s.tokens[p * NT + BLOOD] = 0
            if s.tracing:
                s._log(
                    "cf.14.1",
                    f"{s.name(p)} has only {have} Blood for the Toll of Blood: "
                    "discards it and must destroy a unit.",
                    None,
                    "auto",
                    (("blood", p, -have),),
                    alongside="toll",
                )
            s.dues.append(Due(p, "cf.14.1"))
    s.phase = PH_END


def new_round_step(s: CreepyFallsData) -> None:
    """A new round begins (or, after the sixth, the game ends).

    Args:
        s: The state; the Forms return, the first player moves on one seat, and with two
            players neutral Ghouls arrive before rounds 3 and 5 (cf.9.6).
    """
    n = s.n
    if s.round_no >= ROUNDS:
        finish(s)
        return
    s.pp_history.append([s.power_points(p) for p in range(n)])
    s.round_no += 1
    s.form_owner = [-1] * NF
    s.passes = [0] * n
    s.passed_last = [0] * n
    old = s.first
    s.first = (old + 1) % n
    tr = s.tracing
    if tr:
        s._log(
            "cf.14.2",
            f"Round {s.round_no} begins: the Forms go back to the middle and the "
            f"Van Helsing die on {s.zone_name(s.vh_zone)} turns to {s.round_no}.",
        )
        s._log("cf.14.3", f"{s.name(s.first)} is now the first player.")
    if n == 2 and s.round_no in (3, 5):
        for z in range(NZ):
            s.neutral[z] += 1
        if tr:
            s._log(
                "cf.9.6",
                f"End of round {s.round_no - 1}: one neutral Ghoul is put in each zone.",
            )
    s.phase = PH_TOKENS
