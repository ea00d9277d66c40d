"""The end of the game (topic 3, cf.14.4): Power Points and who wins.

After the sixth round's Toll of Blood, Soul Harvest pays its Souls (cf.16.7), each
player's Blood counts 1 and each Soul 2 Power Points (Blood Over Souls swaps them,
cf.16.10), and the most Power Points win, a tie sharing the win (cf.3.2-3.3).
"""

from __future__ import annotations

from tutor.core.types import Outcome
from tutor.games.creepy_falls.engine.components import BLOOD, NF, NS, NT, ROUNDS, SOUL
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import PH_OVER, W_NONE


def finish(s: CreepyFallsData) -> None:
    """The game ends after round six: Soul Harvest pays, Power Points are counted.

    Args:
        s: The state; ``s.result`` gets each player's Power Points and the phase
            becomes ``PH_OVER``.
    """
    g = s.game
    n = s.n
    tr = s.tracing
    for p in range(n):
        if s.has_spell(p, g.spell_harvest):
            k = int(g.harvest_souls) * s.spell_count(p)
            s._gain(p, SOUL, k)
            if tr:
                s._log(
                    "cf.16.7",
                    f"{s.name(p)} gets {k} Souls from Soul Harvest "
                    f"({s.spell_count(p)} Spells cast).",
                )
    s.result = [s.power_points(p) for p in range(n)]
    s.pp_history.append(s.result[:])
    if tr:
        s._log("cf.14.4", "Round 6 is over: the game ends.")
        for p in range(n):
            swap = s.has_spell(p, g.spell_swap)
            how = " (Blood Over Souls: Blood 2 each, Soul 1 each)" if swap else ""
            s._log(
                "cf.16.10" if swap else "cf.3.2",
                f"{s.name(p)}: {s.tokens[p * NT + BLOOD]} Blood and "
                f"{s.tokens[p * NT + SOUL]} Souls make {s.result[p]} Power Points{how}.",
                alongside="scores",  # each player's count follows from the game's end
            )
    s.phase = PH_OVER
    s.wait = W_NONE
    if tr:
        out = outcome(s)
        if out is not None:
            s._log("cf.3.3", out.text)


def outcome(s: CreepyFallsData) -> Outcome | None:
    """Who won with how many Power Points.

    Args:
        s: The state.

    Returns:
        The outcome (a tie shares the win, cf.3.3), or None while the game goes on.
    """
    if s.phase != PH_OVER:
        return None
    n = s.n
    scores = s.result
    best = max(scores)
    winners = tuple(p for p in range(n) if scores[p] == best)
    losers = tuple(p for p in range(n) if scores[p] != best)
    shared = len(winners) > 1
    names = " and ".join(s.name(p) for p in winners)
    text = (
        f"{names} share the win with {best} Power Points."
        if shared
        else f"{names} wins with {best} Power Points."
    )
    return Outcome(
        winners=winners,
        losers=losers,
        tied=(),
        scores=tuple(float(x) for x in scores),
        reason="shared_win" if shared else "most_power_points",
        text=text,
        rule="cf.3.3",
        turns=ROUNDS,
        extras={
            "armies": s.army_choice[:],
            "spells": [[sp for sp in range(NS) if s.spells[p * NS + sp]] for p in range(n)],
            "forms": [s.form_log[p * NF : p * NF + NF] for p in range(n)],
            "pp_by_round": [h[:] for h in s.pp_history],
            "first_player": s.first,
        },
    )


def returns(s: CreepyFallsData) -> list[float]:
    """1 for each winner, -1 for the others.

    Args:
        s: The state.

    Returns:
        One number per player; zeros while the game goes on.
    """
    if s.phase != PH_OVER:
        return [0.0] * s.n
    best = max(s.result)
    return [1.0 if x == best else -1.0 for x in s.result]
