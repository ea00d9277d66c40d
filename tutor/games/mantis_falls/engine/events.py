"""Events (topic 11): drawing and revealing the event, processing incidents and
oppositions, preventing events, looking at the top event card.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import context
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_PEEK_KEEP,
    CardDone,
    Chance,
    Ctx,
    Effects,
    EventProcess,
    Pick,
)


# ---- events: drawing (topic 8 II, 11) ----
def draw_event(s: MantisFallsData) -> None:
    if s.event_top:
        reveal_event(s, s.event_top.pop(0))
        s.event_top_known.clear()
        return
    if not s.event_pile:
        if s.event_bottom:
            reveal_event(s, s.event_bottom.pop(0))
            return
        if not s.event_discard:
            if s.tracing:
                s._log("mf.8.3", "No event cards are left: this turn has no event.")
            return
        s.event_pile = sorted(s.event_discard)
        s.event_discard.clear()
        if s.tracing:
            s._log(
                "mf.19.4",
                "The event deck is empty: its discard pile is shuffled into a "
                f"new deck ({len(s.event_pile)} cards).",
            )
    s.stack.append(Chance("event_draw", -1, 0, "mf.8.3"))


def reveal_event(s: MantisFallsData, e: int) -> None:
    s.event = e
    if not s.tracing:
        return
    card = s.cards.events[e]
    p = s.turn_player
    desc = f"{card.name} ({'a seen' if card.seen else 'an unseen'} {card.kind}"
    desc += f", health {card.health})" if card.kind == "opposition" else ")"
    if s.event_visible_to_all():
        rule = "mf.11.7" if card.seen else "mf.11.10"
        s._log(
            rule,
            f"{s.name(p)} draws the event {desc} and shows it to everyone.",
            p,
            changes=(("event", None, card.id),),
            sets="event",
        )
    else:
        s._log(
            "mf.11.8",
            f"{s.name(p)} draws the event {desc}. It is unseen: only {s.name(p)} may look at it.",
            p,
            changes=(("event", None, card.id),),
            sets="event",
            visible_to=(p,),
            public_text=f"{s.name(p)} draws an unseen event and keeps it hidden.",
        )


# ---- event processing (topic 11) ----
def event_process_step(s: MantisFallsData, top: EventProcess) -> None:
    s.stack.pop()
    e = s.event
    if e < 0:
        return
    card = s.cards.events[e]
    p = s.turn_player
    vis = None if not s.tracing or s.event_visible_to_all() else (p,)
    ctx: Ctx = (p, "event", e, 0, False)
    s.event_stats.append((s.pos[p], 0))
    if s.tracing:
        s._log(
            "mf.11.1",
            f"{card.name} is read as the game stands now, after every "
            f"action: {s.name(p)} is on {s._pos_name(s.pos[p])}.",
            p,
            visible_to=vis,
            public_text="The unseen event is read as the game stands now, after every action.",
            reads="event",
        )
    if s.event_prevented:
        s.event_log.append(f"{card.id}:prevented")
        if s.tracing:
            rule = "mf.11.3" if card.kind == "incident" else "mf.11.4"
            s._log(
                rule,
                f"{card.name} was prevented this turn: none of its effects happen.",
                p,
                visible_to=vis,
                # mf.11.9: nothing need be said about a prevented unseen event, and
                # saying "prevented" could tell which kind a Barricade stopped.
                public_text=f"{s.name(p)} processes the unseen event.",
                public_rule="mf.11.8",
            )
        s.stack.append(CardDone(ctx))
        return
    s.stack.append(CardDone(ctx))
    if card.kind == "incident":
        s.event_log.append(f"{card.id}:incident")
        if s.tracing:
            s._log(
                "mf.11.3",
                f"{s.name(p)} processes the incident {card.name}: its "
                "effect and its bonus both happen.",
                p,
                visible_to=vis,
                public_text=f"{s.name(p)} processes the unseen event.",
                public_rule="mf.11.8",
            )
        if card.bonus:
            s.stack.append(Effects(ctx, ("event", e, "bonus"), 0))
        if card.effect:
            s.stack.append(Effects(ctx, ("event", e, "effect"), 0))
        return
    defeated = s.opp_wounds >= card.health
    if s.tracing:
        s._log(
            "mf.11.5",
            f"The opposition {card.name} took {s.opp_wounds} wound"
            f"{'s' * (s.opp_wounds != 1)} this turn against health {card.health}: "
            f"{'defeated' if defeated else 'not defeated'}.",
            p,
            visible_to=vis,
            public_text=f"{s.name(p)} processes the unseen event.",
            public_rule="mf.11.8",
        )
        s._log(
            "mf.11.6",
            f"{s.name(p)} processes the {'defeated' if defeated else 'undefeated'}"
            f" outcome of {card.name}.",
            p,
            visible_to=vis,
            public_text="",
        )
    part = "defeated" if defeated else "undefeated"
    s.event_log.append(f"{card.id}:{part}")
    if getattr(card, part):
        s.stack.append(Effects(ctx, ("event", e, part), 0))


# ---- prevention ----
def prevent_event_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    if s.event < 0:
        if s.tracing:
            s._log("mf.11.2", "There is no event this turn to prevent.", ctx[0])
        return
    s.event_prevented = True
    if s.tracing:
        kind = s.cards.events[s.event].kind
        s._log(
            "mf.11.2" if kind == "incident" else "mf.11.4",
            f"{context.source_name(s, ctx)} prevents this turn's event: when it is processed, "
            "none of its effects will happen.",
            ctx[0],
            changes=(("event_prevented", False, True),),
            visible_to=context.ctx_vis_event(s),
            public_text=f"{context.source_name(s, ctx)} prevents this turn's unseen event.",
            public_rule="mf.11.8",
        )


# ---- Foresight-type reveal triggers ----
def peek_event_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    p = ctx[0]
    s.stack.append(Pick(ctx, P_PEEK_KEEP, ()))
    if s.event_top:
        peeked(s, p, s.event_top[0])
    elif s.event_pile:
        s.stack.append(Chance("peek", p, 0, "mf.19.1"))
    else:
        s.stack.pop()
        if s.tracing:
            s._log("mf.19.1", "The event deck is empty: there is nothing to look at.", p)


def peeked(s: MantisFallsData, p: int, e: int) -> None:
    if p not in s.event_top_known:
        s.event_top_known.append(p)
    if s.tracing:
        s._log(
            "mf.19.1",
            f"{s.name(p)} looks at the top event card: {s.cards.events[e].name}.",
            p,
            visible_to=(p,),
            public_text=f"{s.name(p)} looks at the top event card.",
        )


def peek_keep_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    return [
        Action(p, "peek", ("keep",), "Leave it on top"),
        Action(p, "peek", ("bottom",), "Put it on the bottom of the event deck"),
    ]


def peek_keep_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p = ctx[0]
    if action.args[0] == "bottom":
        e = s.event_top.pop(0)
        s.event_bottom.append(e)
        s.event_top_known.clear()
    if s.tracing:
        where = "on the bottom of" if action.args[0] == "bottom" else "on top of"
        s._log(
            "mf.19.1",
            f"{s.name(p)} puts the event card {where} the event deck.",
            p,
            "action",
        )
