"""Drawing and discarding action cards (topics 8 VI, 19): the draw phase, draws and
discards that effects order.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import context
from tutor.games.mantis_falls.engine.data import HAND_SIZE, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_DISCARD_CHOSEN,
    P_DRAW_SOURCE,
    Chance,
    Ctx,
    DrawCount,
    DrawPhase,
    Pick,
)


# ---- drawing (topics 8 VI, 15, 19) ----
def draw_phase_step(s: MantisFallsData, top: DrawPhase) -> None:
    i = top.next
    order = s._both()  # both active players, the turn player first
    last = len(order) if s.bystander < 0 else len(order) + 1
    while i < last:
        # The bystander tops up last, after both active players (mf.9.2).
        p = order[i] if i < len(order) else s.bystander
        held, size = len(s.hands[p]), s.hand_size(p)
        if held < size and s._can_draw():
            if i != top.next:
                s.stack[-1] = DrawPhase(i)
            draw_one(s, p, "mf.8.11" if i < len(order) else "mf.9.2")
            return
        i += 1
        if s.tracing and held >= size:
            s._log(
                "mf.8.11" if held == size else "mf.19.2",
                f"{s.name(p)} has {held} cards"
                + (
                    " (more than seven is fine: there is no discard phase)."
                    if held > HAND_SIZE
                    else "."
                ),
            )
    s.stack.pop()


def draw_count_step(s: MantisFallsData, top: DrawCount) -> None:
    p, remaining, rule = top.player, top.left, top.rule
    if remaining <= 0 or not s._can_draw():
        s.stack.pop()
        return
    s.stack[-1] = DrawCount(p, remaining - 1, rule)
    draw_one(s, p, rule)


def draw_one(s: MantisFallsData, p: int, rule: str) -> None:
    if s.conserved:
        s.stack.append(Pick((p, "draw", -1, 0, False), P_DRAW_SOURCE, (p, rule)))
    else:
        draw_from_pile(s, p, rule)


def draw_from_pile(s: MantisFallsData, p: int, rule: str) -> None:
    if s.action_top:
        give_card(s, p, s.action_top.pop(0), rule)
        return
    if not s.action_pile and not refill_pile(s, rule):
        return
    s.stack.append(Chance("action_draw", p, 0, rule))


def refill_pile(s: MantisFallsData, rule: str) -> bool:
    """The draw pile is empty: shuffle the discard pile into a new one (mf.19.4).

    Returns:
        False when there is no card left to draw at all.
    """
    if not s.action_discard:
        if s.tracing:
            s._log(rule, "No action cards are left to draw.")
        return False
    s.action_pile = sorted(s.action_discard)
    s.action_discard.clear()
    if s.tracing:
        s._log(
            "mf.19.4",
            "The action draw pile is empty: the discard pile is "
            f"shuffled into a new draw pile ({len(s.action_pile)} cards).",
        )
    return True


def give_card(s: MantisFallsData, p: int, c: int, rule: str) -> None:
    s.hands[p].append(c)
    if s.tracing:
        s._log(
            rule,
            f"{s.name(p)} draws {s.card_label(c)}.",
            p,
            changes=(("hand_size", len(s.hands[p]) - 1, len(s.hands[p])),),
            visible_to=(p,),
            public_text=f"{s.name(p)} draws an action card.",
        )


# ---- drawing and discarding ----
def draw_effect(s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
    target = eff.get("target", "self")
    # A card's gift to the bystander cites the rule that lets cards name them (mf.9.3).
    rule = "mf.9.3" if target == "bystander" else context.effect_rule(s, ctx)
    for q in reversed(context.targets(s, ctx, target)):
        s.stack.append(DrawCount(q, int(eff["count"]), rule))


def discard_random_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    for q in reversed(context.targets(s, ctx, eff.get("target", "other"))):
        k = min(int(eff["count"]), len(s.hands[q]))
        if k:
            s.stack.append(Chance("discard", q, k, context.effect_rule(s, ctx)))


def discard_chosen_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    for q in reversed(context.targets(s, ctx, eff.get("target", "other"))):
        if s.hands[q]:
            s.stack.append(Pick(ctx, P_DISCARD_CHOSEN, (q, int(eff["count"]))))


def discard_chosen_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    q = args[0]
    return [
        Action(q, "discard_card", (c,), f"Discard {s.card_label(c)}")
        for c in sorted(set(s.hands[q]))
    ]


def discard_chosen_chosen(
    s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action
) -> None:
    q, count = args
    c = action.args[0]
    s.hands[q].remove(c)
    s.action_discard.append(c)
    if s.tracing:
        s._log(
            context.effect_rule(s, ctx),
            f"{s.name(q)} discards {s.card_label(c)} face down.",
            q,
            "action",
            visible_to=(q,),
            public_text=f"{s.name(q)} discards a card.",
        )
    if count > 1 and s.hands[q]:
        s.stack.append(Pick(ctx, P_DISCARD_CHOSEN, (q, count - 1)))
