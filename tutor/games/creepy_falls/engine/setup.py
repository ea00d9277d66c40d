"""Setup (topic 2), and the round tokens every new round draws.

Who goes first (at random, or the first seat by ruling ``first_player``), each player's
choice of a starting army with its tokens (and the three-player extra Ghoul, topic 10),
then the round tokens shared at random between the Bloody Gen Castle and the Rotten
Swamp: at setup and again at the start of every round (cf.2.4; six tokens with three
players, cf.10.2).
"""

from __future__ import annotations

from tutor.core.types import Action
from tutor.games.creepy_falls.engine.components import (
    BLOOD,
    GHOUL,
    NT,
    NU,
    SOUL,
    pool_text,
    tokens_text,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import PH_ARMY, PH_FORM, PH_TOKENS, W_ARMY, W_CHANCE


def first_player_step(s: CreepyFallsData) -> None:
    """Choose the first player: a chance step, or the first seat by ruling ``first_player``.

    Args:
        s: The state; waits for chance unless the ruling names the first seat.
    """
    if s._ruling("first_player") == "first_seat":
        first_player_is(s, 0, "cf.2.1")
        return
    s.wait = W_CHANCE


def first_player_is(s: CreepyFallsData, p: int, rule: str) -> None:
    """Player ``p`` goes first (drawn at random, or the first seat by ruling).

    Args:
        s: The state; the phase moves on to the starting armies.
        p: The first player.
        rule: The rule to cite in the trace.
    """
    s.first = p
    s.phase = PH_ARMY
    s.cursor = 0
    if s.tracing:
        kind = "chance" if s.steps else "auto"
        s._log(rule, f"{s.name(p)} is the first player and takes the Aid tile.", None, kind)


def army_step(s: CreepyFallsData) -> None:
    """The next player in turn order chooses a starting army, or the round tokens follow.

    Args:
        s: The state; waits at ``W_ARMY`` for the next player.
    """
    if s.cursor >= s.n:
        s.phase = PH_TOKENS
        return
    s.actor = (s.first + s.cursor) % s.n
    s.wait = W_ARMY


def army_chosen(s: CreepyFallsData, action: Action) -> None:
    """The player takes the starting army chosen, its tokens, and 2 Blood and 1 Soul.

    Args:
        s: The state, waiting at ``W_ARMY``.
        action: The chosen action; ``args[0]`` is the army.
    """
    p = action.player
    i = int(action.args[0])
    g = s.game
    army = g.board.armies[i]
    s.army_choice[p] = i
    for t in range(NU):
        s.reserve[p * NU + t] = army.units[t]
    s._gain(p, BLOOD, 2)
    s._gain(p, SOUL, 1)
    for k in range(NT):
        s._gain(p, k, army.tokens[k])
    extra = s.n == 3
    if extra:
        s.reserve[p * NU + GHOUL] += 1
    if s.tracing:
        s._log(
            "cf.2.3",
            f"{s.name(p)} chooses the starting army {army.name}: {army_text(s, p)}.",
            p,
            "action",
        )
        s._log(
            "cf.2.2",
            f"{s.name(p)} receives 2 Blood and 1 Soul"
            + (f", and {tokens_text(army.tokens)} with the army." if any(army.tokens) else "."),
        )
        if extra:
            s._log("cf.10.1", f"{s.name(p)} takes 1 more Ghoul (three-player game).")
    s.cursor += 1


def army_text(s: CreepyFallsData, p: int) -> str:
    """Player ``p``'s units off the board, e.g. ``"4 Ghouls, 1 Mummy"``.

    Args:
        s: The state.
        p: The player.

    Returns:
        The text, or ``"no units"``.
    """
    units = s.game.board.units
    parts = [units[t].count(s.reserve[p * NU + t]) for t in range(NU) if s.reserve[p * NU + t]]
    return ", ".join(parts) if parts else "no units"


def round_tokens_step(s: CreepyFallsData) -> None:
    """The round tokens are drawn: a chance step.

    Args:
        s: The state; waits for chance.
    """
    s.wait = W_CHANCE


def round_tokens_drawn(s: CreepyFallsData, action: Action) -> None:
    """The chance outcome ``action`` puts the round tokens in the Castle and the Swamp.

    Args:
        s: The state, waiting for chance.
        action: The outcome; ``args`` are the Castle's tokens, the Swamp takes the rest.
    """
    g = s.game
    pool, _ = g.round_pool
    castle = [int(x) for x in action.args]
    s.castle = castle
    s.swamp = [pool[i] - castle[i] for i in range(3)]
    if s.tracing:
        three = " (three-player game: 6 tokens)" if s.n == 3 else ""
        s._log(
            "cf.10.2" if s.n == 3 else "cf.2.4",
            f"Round {s.round_no} tokens drawn at random{three}: "
            f"Bloody Gen Castle gets {pool_text(s.castle)}; "
            f"Rotten Swamp gets {pool_text(s.swamp)}.",
            None,
            "chance",
        )
        if s.round_no == 1:
            s._log(
                "cf.2.5",
                f"The Van Helsing die stands on {s.zone_name(s.vh_zone)}, showing round 1.",
            )
    s.phase = PH_FORM
    s.cursor = 0
