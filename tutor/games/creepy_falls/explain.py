"""Why a Creepy Falls action is illegal, and the tempting moves the rules forbid.

The verdicts name the rule a learner broke ("you already placed in the Cemetery this
round", "a Werewolf goes alone") with its id from rules.yaml and a shared
:class:`~tutor.core.types.Rejection` code.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import CHANCE, Action, Rejection, Verdict
from tutor.games.creepy_falls.engine import placement
from tutor.games.creepy_falls.engine import state as st


def explain(s: Any, action: Action) -> Verdict:
    """The verdict on an action that is not among the legal ones."""
    d = s.decision
    rule = d.rule or "cf.3.1"
    if d.kind == "terminal":
        return Verdict(False, "the game is over", "cf.14.4", Rejection.GAME_OVER)
    if d.kind == "chance":
        if action.player == CHANCE:
            return Verdict(
                False, "that outcome cannot happen here", rule, Rejection.IMPOSSIBLE_OUTCOME
            )
        return Verdict(
            False, "the next step is chance, not a player's choice", rule, Rejection.CHANCE_STEP
        )
    if action.player != d.player:
        return Verdict(
            False, f"it is {s.name(d.player)}'s decision now", rule, Rejection.WRONG_PLAYER
        )
    kinds = {a.kind for a in s.legal_actions()}
    if action.kind not in kinds:
        return Verdict(
            False, f"{action.kind!r} is not a choice now: {d.prompt}", rule, Rejection.WRONG_PHASE
        )
    if action.kind == "place":
        return _placement(s, action)
    if action.kind == "pass":
        return Verdict(
            False,
            "the Cloud of Bats allows two passes, never two in a row",
            "cf.15.1",
            Rejection.FORBIDDEN,
            "no_pass",
        )
    if action.kind == "buy":
        return Verdict(
            False,
            "you cannot pay for that unit, or all its pieces are in use",
            "cf.12.2",
            Rejection.FORBIDDEN,
            "cannot_buy",
        )
    if action.kind == "spell":
        return Verdict(
            False,
            "that Spell is cast already, its level is not reached, or you lack Grimoire",
            "cf.12.3",
            Rejection.FORBIDDEN,
            "cannot_cast",
        )
    if action.kind == "form":
        return Verdict(
            False,
            "that Form is taken (or not in a two-player game)",
            "cf.4.2",
            Rejection.NOT_AVAILABLE,
            "form_taken",
        )
    return Verdict(False, "not one of the legal choices now", rule, Rejection.NOT_LEGAL)


def _placement(s: Any, action: Action) -> Verdict:
    args = action.args
    if len(args) != 6 or not all(isinstance(x, int) for x in args):
        return Verdict(
            False, "a placement names a zone and five unit counts", "cf.5.1", Rejection.MALFORMED
        )
    z = args[0]
    counts = list(args[1:])
    p = action.player
    if not 0 <= z < st.NZ:
        return Verdict(
            False, f"there is no zone {z + 1}", "cf.1.3", Rejection.NOT_AVAILABLE, "no_zone"
        )
    if any(c < 0 for c in counts) or not any(counts):
        return Verdict(False, "place at least one unit", "cf.5.4", Rejection.FORBIDDEN, "nothing")
    for t, c in enumerate(counts):
        if c > s.reserve[p * st.NU + t]:
            return Verdict(
                False,
                f"you have only {s.reserve[p * st.NU + t]} of those units off the board",
                "cf.5.4",
                Rejection.NOT_AVAILABLE,
                "not_enough_units",
            )
    zone = s.zone_name(z)
    g = s.game
    if z == s.vh_zone and not s.has_spell(p, g.spell_bane):
        return Verdict(
            False,
            f"the Van Helsing die stands on {zone}",
            "cf.5.6",
            Rejection.FORBIDDEN,
            "van_helsing",
        )
    mode = placement.zone_mode(s, p, z)
    beasts = counts[st.WEREWOLF] + counts[st.WITCH]
    pack = s.has_spell(p, g.spell_pack)
    if mode == 1 and beasts and not pack:
        return Verdict(
            False,
            "a Werewolf or a Witch is placed alone, one at a time",
            "cf.6.5",
            Rejection.FORBIDDEN,
            "beast_alone",
        )
    if mode == 2:
        return Verdict(
            False,
            "Werewolves and Witches never join your Frankenstein's Monster",
            "cf.6.5",
            Rejection.FORBIDDEN,
            "beast_with_frankenstein",
        )
    i = z * s.n + p
    base = i * st.NU
    own_beast = s.placed[base + st.WEREWOLF] + s.placed[base + st.WITCH]
    if own_beast and counts[st.MUMMY] and not pack:
        return Verdict(
            False,
            f"your Werewolf or Witch is in {zone}: no Mummies may join it",
            "cf.6.6",
            Rejection.FORBIDDEN,
            "mummy_with_beast",
        )
    if mode == 3 and counts[st.MUMMY]:
        return Verdict(
            False,
            f"you already placed in {zone}: only Mummies may be added there, alone",
            "cf.6.4",
            Rejection.FORBIDDEN,
            "mummies_alone",
        )
    if s.placed[base + st.FRANK] and s.frank_used[i]:
        return Verdict(
            False,
            f"your Frankenstein's Monster in {zone} is flipped: its second placement is used",
            "cf.6.2",
            Rejection.FORBIDDEN,
            "frankenstein_used",
        )
    return Verdict(
        False,
        f"you already placed in {zone} this round",
        "cf.5.5",
        Rejection.FORBIDDEN,
        "already_placed",
    )


def tempting(s: Any) -> list[tuple[Action, Verdict]]:
    """Plausible placements the rules forbid now: a zone already placed in, the die's zone."""
    if s.wait != st.W_PLACE:
        return []
    p = s.actor
    r = s.reserve
    out: list[tuple[Action, Verdict]] = []
    unit = next((t for t in range(st.NU) if r[p * st.NU + t] > 0), -1)
    if unit < 0:
        return out
    for z in range(st.NZ):
        counts = [0] * st.NU
        counts[unit] = 1
        act = Action(p, "place", (z, *counts), f"Place a unit in {s.zone_name(z)}")
        verdict = s.check(act)
        if not verdict.ok:
            out.append((act, verdict))
    return out[:4]
