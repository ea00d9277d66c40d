"""Why a Manos action is illegal: a sentence, the rule behind it and the shared code.

``ManosState._explain_illegal`` has already answered the game-over, chance-step and
wrong-player cases; this module explains the rest in the rulebook's terms (the
Lair before the Escape cards, a diagonal move, a second Search by the same
character, a Location searched twice in a turn, a card not in hand ...).
"""

from __future__ import annotations

from tutor.core.types import Action, Rejection, Verdict
from tutor.games.manos.cards import LAIR
from tutor.games.manos.engine.frames import ChallengeFrame, LimitFrame, PlayFrame, ShowdownFrame
from tutor.games.manos.engine.state import FAMILY, MANOS, ManosState

Reason = tuple[str, str, Rejection]
WHEN = {"challenge": "during a challenge", "response": "in reply to a card"}


def _int(args: tuple[object, ...], i: int) -> int:
    value = args[i] if len(args) > i else None
    return value if isinstance(value, int) and not isinstance(value, bool) else -99


def explain(state: ManosState, action: Action) -> Reason:
    """The reason ``action`` (by the deciding player, not legal now) is refused."""
    top = state.stack[-1] if state.stack else None
    kind, args, p = action.kind, action.args, action.player
    hand = state.hands[p]
    if top is None:
        return _turn(state, action)
    if isinstance(top, LimitFrame):
        if kind != "discard":
            return "first discard down to eight cards", "mn.4.2", Rejection.WRONG_PHASE
        return "you do not hold that card", "mn.4.2", Rejection.NOT_AVAILABLE
    if isinstance(top, PlayFrame):
        if kind == "negate" and _int(args, 0) not in hand:
            return "you do not hold that card", "mn.12.6", Rejection.NOT_AVAILABLE
        if kind == "negate":
            return "that card cannot negate this one", "mn.12.6", Rejection.FORBIDDEN
        return "negate the card just played or let it be", "mn.12.6", Rejection.WRONG_PHASE
    if isinstance(top, ChallengeFrame):
        if kind in ("effort", "boost", "play", "negate") and _int(args, 0) not in hand:
            return "you do not hold that card", "mn.6.3", Rejection.NOT_AVAILABLE
        if kind == "effort" and len(top.efforts) >= 2:
            return "at most two Effort cards meet a challenge", "mn.6.3", Rejection.FORBIDDEN
        if kind == "boost" and not top.efforts:
            return (
                "Help cards are discarded for +1 only alongside Effort cards",
                "mn.8.1",
                Rejection.FORBIDDEN,
            )
        if kind == "accept":
            return "play at least one Effort card first", "mn.6.3", Rejection.FORBIDDEN
        if kind == "concede":
            return "Effort cards are already committed", "mn.6.2", Rejection.FORBIDDEN
        if kind == "play":
            return "that card cannot be played during a challenge", "mn.9.2", Rejection.FORBIDDEN
        return "this is a challenge", "mn.6.3", Rejection.WRONG_PHASE
    if isinstance(top, ShowdownFrame):
        return "that is not a step of the Lair Showdown now", "mn.15.3", Rejection.WRONG_PHASE
    return "that is not one of the choices now", "mn.3.1", Rejection.NOT_LEGAL


def _turn(state: ManosState, action: Action) -> Reason:
    kind, args, p = action.kind, action.args, action.player
    if kind in ("relocate", "search", "draw", "challenge") and state.actions_left <= 0:
        rule = "mn.4.3" if p == FAMILY else "mn.5.2"
        return "both actions of the turn are used", rule, Rejection.FORBIDDEN
    if p == FAMILY and kind in ("relocate", "search"):
        c = _int(args, 0)
        if not 0 <= c < 3:
            return "there is no such character", "mn.4.3", Rejection.NOT_AVAILABLE
        if state.captured[c]:
            return f"{state.char(c)} is captured", "mn.6.5", Rejection.FORBIDDEN
        if kind == "relocate":
            if state.relocated[c]:
                return (
                    f"{state.char(c)} has already relocated this turn",
                    "mn.4.3",
                    Rejection.FORBIDDEN,
                )
            dest = _int(args, 1)
            if not 0 <= dest < 5:
                return "there is no such Location", "mn.4.4", Rejection.NOT_AVAILABLE
            if dest not in state.game.adjacent[state.loc[c]]:
                return (
                    f"{state.place(dest)} is not next to {state.place(state.loc[c])} "
                    "(one Location at a time, no diagonal moves)",
                    "mn.4.4",
                    Rejection.FORBIDDEN,
                )
            if dest == LAIR:
                return (
                    f"the Lair opens only with {state.game.lair_needs} Escape cards",
                    "mn.4.4",
                    Rejection.FORBIDDEN,
                )
        if kind == "search":
            here = state.loc[c]
            if state.searched[c]:
                return (
                    f"{state.char(c)} has already searched this turn",
                    "mn.4.3",
                    Rejection.FORBIDDEN,
                )
            if here in state.searched_here:
                return (
                    f"{state.place(here)} has already been searched this turn",
                    "mn.4.8",
                    Rejection.FORBIDDEN,
                )
            if here != LAIR and not state.search_decks[here]:
                return "that Search Deck is depleted", "mn.13.2", Rejection.FORBIDDEN
            return "the Lair holds nothing to search now", "mn.11.1", Rejection.FORBIDDEN
    if kind == "draw" and p == FAMILY and state.drew:
        return "the Family draws only once a turn", "mn.4.3", Rejection.FORBIDDEN
    if kind in ("play", "challenge"):
        i = _int(args, 0)
        if i not in state.hands[p]:
            return "you do not hold that card", "mn.5.3", Rejection.NOT_AVAILABLE
        card = state.card(p, i)
        if kind == "challenge" and card.alone:
            return (
                f"{card.name} targets only a character who is alone",
                "mn.12.5",
                (Rejection.FORBIDDEN),
            )
        if kind == "play" and card.timing != "turn":
            return (
                f"{card.name} is played only {WHEN.get(card.timing, 'at another time')}",
                "mn.9.1",
                Rejection.FORBIDDEN,
            )  # noqa: E501
        return "that card cannot be played on that target", "mn.12.4", Rejection.FORBIDDEN
    if p == MANOS and kind in ("relocate", "search"):
        return "only the Family moves and searches", "mn.5.2", Rejection.FORBIDDEN
    return "that is not one of the choices now", "mn.4.3", Rejection.NOT_LEGAL


def tempting(state: ManosState) -> list[tuple[Action, Verdict]]:
    """Moves a learner might try at the Family's main decision, each with why it is illegal.

    A move to a diagonal or distant Location, into the Lair too early, and a second
    search of a Location already searched this turn.
    """
    if state.stack or state.result is not None or state.side != FAMILY:
        return []
    out: list[tuple[Action, Verdict]] = []
    legal = set(state.legal_actions())
    for c in state.free():
        for dest in range(5):
            if dest == state.loc[c]:
                continue
            action = Action(
                FAMILY, "relocate", (c, dest), f"Relocate {state.char(c)} to {state.place(dest)}"
            )
            if action not in legal:
                out.append((action, state.check(action)))
        search = Action(
            FAMILY, "search", (c,), f"{state.char(c)} searches {state.place(state.loc[c])}"
        )
        if search not in legal and state.loc[c] in state.searched_here:
            out.append((search, state.check(search)))
    return [(a, v) for a, v in out if not v.ok]


__all__ = ["explain", "tempting"]
