"""Why an action is illegal: typed reasons for a refused action, and other copies of a
card accepted as the offered copy.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import CHANCE, Action, Rejection, Verdict
from tutor.games.mantis_falls import gasp_flow
from tutor.games.mantis_falls.engine import choices
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_MOVE,
    P_WOUND_TARGET,
    GaspPlay,
    MainPlay,
    Pick,
    Window,
)


def explain_illegal(s: MantisFallsData, action: Action) -> Verdict:
    d = choices.decision(s)
    if d.kind == "terminal":
        return Verdict(False, "the game is over", "mf.20.3", Rejection.GAME_OVER)
    if d.kind == "chance":
        if action.player != CHANCE:
            return Verdict(
                False,
                f"the next step is chance ({d.prompt}), not a player's choice",
                d.rule,
                Rejection.CHANCE_STEP,
            )
        return Verdict(
            False,
            "that outcome is not possible at this chance step",
            d.rule,
            Rejection.IMPOSSIBLE_OUTCOME,
        )
    if action.player == s.bystander and action.kind == "anytime":
        return Verdict(
            False,
            f"{s.name(action.player)} is the bystander this turn and cannot use any-time effects",
            "mf.13.4",
            Rejection.FORBIDDEN,
            "bystander_anytime",
        )
    if action.player != d.player:
        who = s.name(d.player) if d.player is not None else "nobody"
        return Verdict(
            False, f"it is {who}'s decision now ({d.prompt})", d.rule, Rejection.WRONG_PLAYER
        )
    top = s.stack[-1]
    p = action.player
    kinds = {a.kind for a in s._legal_actions()}
    if isinstance(top, GaspPlay) and action.kind == "gasp_finish" and action.kind not in kinds:
        return Verdict(
            False,
            "under the ruling last_gasp_empty_play = must_play_if_able, a "
            "player holding action cards must put at least one into the Last "
            "Gasp play",
            gasp_flow.LAST_GASP.rule("gasp_play"),
            Rejection.FORBIDDEN,
            "empty_gasp_play",
        )
    if isinstance(top, MainPlay) and action.kind == "play" and p == s.bystander:
        return Verdict(
            False,
            f"{s.name(p)} is the bystander: after the active players' main plays they may "
            "discard up to two cards or conserve one, but never make an action play",
            "mf.9.1",
            Rejection.FORBIDDEN,
            "bystander_play",
        )
    if action.kind not in kinds:
        return Verdict(
            False,
            f"'{action.kind}' is not a choice now; {d.prompt}",
            d.rule,
            Rejection.WRONG_PHASE,
        )
    arg = action.args[0] if action.args else None
    if isinstance(top, MainPlay):
        if arg is not None and arg not in s.hands[p]:
            return Verdict(
                False,
                f"{any_card(s, arg)} is not in {s.name(p)}'s hand",
                "mf.8.5",
                Rejection.NOT_AVAILABLE,
                "not_in_hand",
            )
        if top.mode == "play" and action.kind == "play":
            suit = s.cards.actions[s.plays[p][0]].suit
            return Verdict(
                False,
                f"an action play holds a single suit: {any_card(s, arg)} is not {suit.title()}",
                "mf.12.1",
                Rejection.FORBIDDEN,
                "mixed_suits",
            )
    if isinstance(top, GaspPlay) and action.kind == "gasp_add":
        rule = gasp_flow.LAST_GASP.rule("gasp_play")
        if arg not in s.hands[p]:
            return Verdict(
                False,
                f"{any_card(s, arg)} is not in your hand",
                rule,
                Rejection.NOT_AVAILABLE,
                "not_in_hand",
            )
        return Verdict(
            False,
            "a Last Gasp play holds a single suit",
            rule,
            Rejection.FORBIDDEN,
            "mixed_suits",
        )
    if isinstance(top, Pick) and top.pick == P_MOVE:
        return Verdict(
            False,
            f"{s.name(top.args[0])} cannot move {arg} roads now "
            f"(at most {max(a.args[0] for a in s._legal_actions())}; two only "
            "after expending full Conserved Energy)",
            d.rule,
            Rejection.FORBIDDEN,
            "too_far",
        )
    if isinstance(top, Pick) and top.pick == P_WOUND_TARGET and action.args[:1] == ("opposition",):
        return Verdict(
            False,
            "this turn's event is not an opposition, so it cannot be wounded",
            "mf.11.2",
            Rejection.FORBIDDEN,
            "not_an_opposition",
        )
    if isinstance(top, Window):
        return Verdict(
            False,
            "you cannot pay for that any-time effect now",
            "mf.13.3",
            Rejection.FORBIDDEN,
            "cannot_pay",
        )
    return Verdict(
        False, f"that is not one of the legal choices: {d.prompt}", d.rule, Rejection.NOT_LEGAL
    )


def equivalent(s: MantisFallsData, action: Action, legal: list[Action]) -> Action | None:
    """Accept another copy of a card (the second Bullet) as the offered copy."""
    if not action.args or action.kind not in _CARD_KINDS:
        return None
    c = action.args[0]
    if not isinstance(c, int) or not 0 <= c < len(s.cards.actions):
        return None
    label = s.cards.labels[c]
    for a in legal:
        if (
            a.kind == action.kind
            and a.player == action.player
            and a.args[1:] == action.args[1:]
            and isinstance(a.args[0], int)
            and s.cards.labels[a.args[0]] == label
            and holds_card(s, action.kind, action.player, c)
        ):
            return a
    return None


def holds_card(s: MantisFallsData, kind: str, p: int, c: int) -> bool:
    """Is card ``c`` where an action of ``kind`` by ``p`` would take it from?"""
    if kind in ("play", "conserve", "discard", "gasp_add", "discard_card"):
        return c in s.hands[p]
    if kind == "return_to_hand":
        return c in s.plays[p][s.revealed[p] :]
    if kind in ("draw_conserved", "take_conserved"):
        return c in s.conserved
    if kind == "take_night":
        return c in s.night
    if kind == "take_dark":
        return c in s.dark
    return False


def any_card(s: MantisFallsData, c: Any) -> str:
    if isinstance(c, int) and 0 <= c < len(s.cards.actions):
        return s.card_label(c)
    return repr(c)


_CARD_KINDS = frozenset(
    {
        "play",
        "conserve",
        "discard",
        "gasp_add",
        "discard_card",
        "return_to_hand",
        "draw_conserved",
        "take_conserved",
        "take_night",
        "take_dark",
    }
)
