"""Last Gasps (topics 16-18): who gasps and in what order, the gasp play, its cards, the
gasp marker, survival or death.  The order of the steps comes from gasp_flow.py.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls import gasp_flow
from tutor.games.mantis_falls.engine import conditions, context, game_end, under_the_rose
from tutor.games.mantis_falls.engine.data import MAX_GASPS, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_GASP_ORDER,
    CardDone,
    Ctx,
    Gasp,
    GaspPlay,
    GaspReturn,
    Pick,
)


def resolve_gasps(s: MantisFallsData) -> None:
    if s.in_gasp >= 0 or not s.stack:
        return  # mf.17.2: a Last Gasp in progress finishes first.
    due = s.gasp_due
    if due:
        if gasp_flow.LAST_GASP.after("several_due", len(due) > 1) == "order":
            ctx: Ctx = (s.turn_player, "gasp", -1, 0, False)
            s.stack.append(Pick(ctx, P_GASP_ORDER, tuple(due)))
        else:
            s.stack.append(Gasp(due.pop(0), "start"))
    elif any(s.dead):
        game_end.finish(s, "death")


def gasp_order_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    return [
        Action(ctx[0], "gasp_first", (q,), f"{s.name(q)} makes a Last Gasp first") for q in args
    ]


def gasp_order_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    q = action.args[0]
    s.gasp_due.remove(q)
    if s.tracing:
        s._log(
            gasp_flow.LAST_GASP.rule("order"),
            f"{s.name(ctx[0])}, the turn player, decides that {s.name(q)} makes a Last Gasp first.",
            ctx[0],
            "action",
        )
    s.stack.append(Gasp(q, "start"))


def gasp_step(s: MantisFallsData, top: Gasp) -> None:
    # Stages: start = begin (then face_down), window = the any-time window before the
    # next card or, once every card is done, before the marker; reveal = cards_left;
    # end = marker.  The table says where each test leads.
    p, stage = top.player, top.stage
    flow = gasp_flow.LAST_GASP
    if stage == "start":
        s.in_gasp = p
        s.gasp_play = []
        s.gasp_revealed = 0
        s.gasp_kept = 0
        if s.tracing:
            s._log(
                flow.rule("begin"),
                f"{s.name(p)} makes a Last Gasp play: everything else is suspended.",
                p,
            )
        s.stack[-1] = Gasp(p, "window")
        s.stack.append(GaspPlay(p))
        face_down = s.revealed[p] < len(s.plays[p])
        if flow.after("face_down", face_down) == "return_cards":
            s.stack.append(GaspReturn(p))
        open_gasp_window(s, "gasp_start")
    elif stage == "reveal":
        if flow.after("cards_left", s.gasp_revealed < len(s.gasp_play)) == "marker":
            s.stack[-1] = Gasp(p, "end")
            return
        s.stack[-1] = Gasp(p, "window")
        c = s.gasp_play[s.gasp_revealed]
        s.gasp_revealed += 1
        k = s.gasp_revealed + s.gasp_kept - 1
        if s.tracing:
            s._log(
                flow.rule("process"),
                f"{s.name(p)} reveals Last Gasp card {k + 1}: {s.card_label(c)}.",
                p,
                changes=(("revealed", c, True),),  # a face-down card turned up, as in mf.12.6
            )
        if s.game.under_the_rose:
            under_the_rose.start_card(s, p, c, k + 1, True)
        else:
            context.start_card(s, p, c, k + 1, True)
    elif stage == "window":
        s.stack[-1] = Gasp(p, "reveal")
        left = s.gasp_revealed < len(s.gasp_play)
        open_gasp_window(s, "gasp_before_reveal" if left else "gasp_end")
    elif stage == "end":
        s.stack.pop()
        end_gasp(s, p)


def open_gasp_window(s: MantisFallsData, tag: str) -> None:
    """An any-time window inside a Last Gasp (mf.13.3, ruling last_gasp_anytime).

    Nothing is being processed at these moments: when the gasp begins (before cards
    are taken back or laid), before each card of the gasp play is revealed, and after
    its last card (or the empty play) before the gasp marker moves.
    """
    if s._ruling("last_gasp_anytime") == "every_moment":
        conditions.open_window(s, tag)


def gasp_return_options(s: MantisFallsData, top: GaspReturn) -> list[Action]:
    p = top.player
    hidden = s.plays[p][s.revealed[p] :]
    acts = [
        Action(p, "return_to_hand", (c,), f"Return {s.card_label(c)} to your hand")
        for c in sorted(set(hidden))
    ]
    acts.append(Action(p, "keep_face_down", (), "Leave the rest in the suspended action play"))
    return acts


def gasp_return_chosen(s: MantisFallsData, top: GaspReturn, action: Action) -> None:
    p = top.player
    if action.kind == "keep_face_down":
        s.stack.pop()
        return
    c = action.args[0]
    s.plays[p].remove(c)
    s.hands[p].append(c)
    if s.tracing:
        s._log(
            gasp_flow.LAST_GASP.rule("return_cards"),
            f"{s.name(p)} returns {s.card_label(c)} from the suspended "
            "action play to their hand for the Last Gasp.",
            p,
            "action",
            visible_to=(p,),
            public_text=f"{s.name(p)} returns a face-down card from "
            "their action play to their hand.",
        )
    if s.revealed[p] >= len(s.plays[p]):
        s.stack.pop()


def gasp_play_options(s: MantisFallsData, top: GaspPlay) -> list[Action]:
    p = top.player
    suit = s.cards.actions[s.gasp_play[0]].suit if s.gasp_play else None
    acts = [
        Action(p, "gasp_add", (c,), f"Add {s.card_label(c)} to the Last Gasp play")
        for c in sorted(set(s.hands[p]))
        if suit is None or s.cards.actions[c].suit == suit
    ]
    must = (
        not s.gasp_play and s.hands[p] and s._ruling("last_gasp_empty_play") == "must_play_if_able"
    )
    if not must:
        k = len(s.gasp_play)
        acts.append(
            Action(p, "gasp_finish", (), f"Finish the Last Gasp play ({k} card{'s' * (k != 1)})")
        )
    return acts


def gasp_play_chosen(s: MantisFallsData, top: GaspPlay, action: Action) -> None:
    p = top.player
    if action.kind == "gasp_finish":
        s.stack.pop()
        if s.tracing:
            k = len(s.gasp_play)
            s._log(
                gasp_flow.LAST_GASP.rule("gasp_play"),
                f"{s.name(p)}'s Last Gasp play has "
                + (
                    "0 cards: there is nothing to reveal."
                    if k == 0
                    else "1 card; it is revealed and processed."
                    if k == 1
                    else f"{k} cards; they are revealed and processed in sequence."
                ),
                p,
                "action",
            )
        return
    c = action.args[0]
    s.hands[p].remove(c)
    s.gasp_play.append(c)
    if s.tracing:
        s._log(
            gasp_flow.LAST_GASP.rule("gasp_play"),
            f"{s.name(p)} puts {s.card_label(c)} face down in the Last Gasp play.",
            p,
            "action",
            visible_to=(p,),
            public_text=f"{s.name(p)} puts a card face down in the Last Gasp play.",
        )


def end_gasp(s: MantisFallsData, p: int) -> None:
    leftover = s.gasp_play[:]
    s.gasp_play.clear()
    s.gasp_revealed = 0
    s.gasp_kept = 0
    s.action_discard.extend(leftover)
    before = s.gasps[p]
    s.gasps[p] += 1
    s.in_gasp = -1
    flow = gasp_flow.LAST_GASP
    if s.tracing:
        s._log(
            flow.rule("marker"),
            f"{s.name(p)}'s Last Gasp play is over: the gasp marker moves to {s.gasps[p]}.",
            p,
            changes=(("gasps", before, s.gasps[p]),),
        )
    alive = s.wounds[p] < s.max_wounds[p] and s.gasps[p] < MAX_GASPS
    if flow.after("alive", alive) == "survive":
        if s.tracing:
            # After another player's death (mf.17.7) nothing resumes: the game ends.
            then = (
                ", but a player is dead, so the game ends"
                if any(s.dead)
                else ": play resumes where it was suspended"
            )
            s._log(
                flow.rule("survive"),
                f"{s.name(p)} survives the Last Gasp ({s.wounds[p]}/"
                f"{s.max_wounds[p]} wounds, gasp marker {s.gasps[p]}){then}.",
                p,
            )
    else:
        s.dead[p] = True
        if s.tracing:
            why = (
                f"the gasp marker reached {MAX_GASPS}"
                if s.gasps[p] >= MAX_GASPS
                else "they are still at maximum wounds"
            )
            s._log(
                flow.rule("dead"),
                f"{s.name(p)} is dead: {why}.",
                p,
                changes=(("dead", False, True),),
            )
            if flow.after("other_due", bool(s.gasp_due)) == "other_final":
                s._log(
                    flow.rule("other_final"),
                    f"{s.name(s.gasp_due[0])} is also at maximum wounds "
                    "and makes a Last Gasp before the game ends.",
                )
            else:
                s._log(
                    flow.rule("game_ends"),
                    "No other player is at maximum wounds: the game ends now.",
                )
    resolve_gasps(s)


def card_done_step(s: MantisFallsData, top: CardDone) -> None:
    ctx = top.ctx
    s.stack.pop()
    if ctx[1] == "event":
        e = s.event
        if e >= 0:
            s.event_discard.append(e)
            s.event = -1
            if s.tracing:
                s._log("mf.8.12", "The event is put face down in the event discard pile.")
    if s.tracing and s.gasp_due and s.in_gasp < 0:
        names = " and ".join(s.name(q) for q in s.gasp_due)
        s._log(
            gasp_flow.LAST_GASP.rule("finish_card"),
            f"The card that brought {names} to maximum wounds is now fully "
            "processed, so the Last Gasp can begin.",
        )
    resolve_gasps(s)
