"""Form Choice (topic 4): each player takes one of the seven Forms for the round.

In turn order from the first player each takes a Form nobody holds (with two players
each takes two, in the order A, B, A, B, and the Swarm of Rats stays out, topic 9);
then whoever has cast the Spell that grants another Form takes one more from those
left (cf.4.3, cf.16.5).  What each Form does is in engine/forms.py and where its rule
applies.
"""

from __future__ import annotations

from tutor.core.types import Action
from tutor.games.creepy_falls.engine.components import NF, SWARM_OF_RATS, form_title
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import PH_EXTRA, PH_FOG, W_FORM


def form_order(s: CreepyFallsData) -> list[int]:
    """Who chooses a Form, in order: each player once (twice each with two players).

    Args:
        s: The state.

    Returns:
        The players in choosing order, from the first player.
    """
    n = s.n
    if n == 2:
        return [s.first, 1 - s.first, s.first, 1 - s.first]
    return [(s.first + i) % n for i in range(n)]


def free_forms(s: CreepyFallsData) -> list[int]:
    """Forms nobody has chosen this round (no Swarm of Rats with two players).

    Args:
        s: The state.

    Returns:
        The Form numbers still free, in order.
    """
    return [f for f in range(NF) if s.form_owner[f] < 0 and not (s.n == 2 and f == SWARM_OF_RATS)]


def form_step(s: CreepyFallsData) -> None:
    """The next player in the Form order chooses, or the extra Form (cf.4.3) comes next.

    Args:
        s: The state; waits at ``W_FORM`` for the next player in :func:`form_order`.
    """
    order = form_order(s)
    if s.cursor >= len(order):
        s.phase = PH_EXTRA
        s.cursor = 0
        return
    s.actor = order[s.cursor]
    s.wait = W_FORM


def form_chosen(s: CreepyFallsData, action: Action) -> None:
    """The player takes the Form chosen, for this round.

    Args:
        s: The state, waiting at ``W_FORM``.
        action: The chosen action; ``args[0]`` is the Form.
    """
    p = action.player
    f = int(action.args[0])
    s.form_owner[f] = p
    s.form_log[p * NF + f] += 1
    if s.tracing:
        rule = "cf.16.5" if s.phase == PH_EXTRA else ("cf.9.2" if s.n == 2 else "cf.4.1")
        form = s.game.board.forms[f]
        s._log(
            rule,
            f"{s.name(p)} takes {form_title(form.name)} for this round.",
            p,
            "action",
            sets=f"form/{p}/{f}",
        )
    s.cursor += 1


def extra_form_step(s: CreepyFallsData) -> None:
    """The Spell that grants another Form: its owners take one more, in turn order.

    Args:
        s: The state; waits at ``W_FORM`` for the next owner, else moves on to the Acid Fog.
    """
    spell = s.game.spell_extra_form
    while s.cursor < s.n:
        p = (s.first + s.cursor) % s.n
        if s.has_spell(p, spell):
            if free_forms(s):
                s.actor = p
                s.wait = W_FORM
                return
            if s.tracing:
                s._log(
                    "cf.4.3",
                    f"{s.name(p)} could take another Form (Spell), but none is left.",
                )
        s.cursor += 1
    s.phase = PH_FOG
