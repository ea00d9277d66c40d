"""Wounds and healing (topics 11, 12, 16): wounding players and the opposition, healing,
dividing wounds, and an ambush's wounds.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls import gasp_flow
from tutor.games.mantis_falls.engine import context, full_circle, last_gasps, under_the_rose
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_HEAL_TARGET,
    P_WOUND_SPLIT,
    P_WOUND_TARGET,
    AmbushWound,
    CardDone,
    Ctx,
    Pick,
    RoseStep,
)


# ---- wound / heal ----
def wound_effect(s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
    amount = context.amount(s, eff["amount"], ctx)
    target = eff.get("target", "self")
    if target in ("choose_player", "choose_any"):
        s.stack.append(Pick(ctx, P_WOUND_TARGET, (amount, target == "choose_any")))
    elif target == "opposition":
        wound_opposition(s, amount, ctx)
    else:
        # Every target is wounded by the effect, not by the wound before theirs.
        group = f"wounds@{len(s.trace)}" if s.tracing else ""
        for q in context.targets(s, ctx, target):
            wound(s, q, amount, ctx, context.effect_rule(s, ctx), group)


def wound_target_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    return context.target_actions(s, ctx, "wound_target", bool(args[1]))


def wound_target_chosen(
    s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action
) -> None:
    who, q = action.args
    if who == "opposition":
        wound_opposition(s, args[0], ctx)
    else:
        wound(s, q, args[0], ctx, "mf.12.2")


def wound_opposition(s: MantisFallsData, amount: int, ctx: Ctx) -> None:
    if s.event < 0:
        if s.tracing:
            s._log(
                "mf.11.5",
                "There is no event this turn: the wounds meant for an opposition do nothing.",
                ctx[0],
            )
        return
    card = s.cards.events[s.event]
    if card.kind != "opposition":
        if s.tracing:
            s._log(
                "mf.11.2",
                f"{context.source_name(s, ctx)} deals wounds to an opposition, but "
                "this turn's event is an incident: it has no effect on it.",
                ctx[0],
                visible_to=context.ctx_vis_event(s),
                public_text=context.aim_text(s, ctx[0], amount),
                public_rule="mf.11.8",
            )
        return
    if s._ruling("opposition_wounds_from") == "actions_only" and ctx[1] != "action":
        if s.tracing:
            s._log(
                "mf.11.5",
                "Under the house rule 'actions_only', only action cards wound "
                "the opposition: these wounds do not count.",
                ctx[0],
                visible_to=context.ctx_vis_event(s),
                public_text=context.aim_text(s, ctx[0], amount),
                public_rule="mf.11.8",
            )
        return
    # A lasting bonus adds to a real hit only (a blow of 0 stays 0).
    extra = s._passive(ctx[0], "extra_opposition_wounds") if ctx[1] != "event" and amount > 0 else 0
    before = s.opp_wounds
    s.opp_wounds += amount + extra
    if s.tracing:
        more = f" (+{extra} from a lasting effect)" if extra else ""
        s._log(
            "mf.11.5",
            f"{s.name(ctx[0])} deals {amount} wound{'s' * (amount != 1)}"
            f"{more} to the opposition ({s.opp_wounds} of {card.health} this turn).",
            ctx[0],
            changes=(("opposition_wounds", before, s.opp_wounds),),
            visible_to=context.ctx_vis_event(s),
            public_text=context.aim_text(s, ctx[0], amount),
            public_rule="mf.11.8",
        )


def wound(
    s: MantisFallsData, q: int, amount: int, ctx: Ctx, rule: str, alongside: str = ""
) -> None:
    """Wound player ``q`` (capped at their maximum); ``alongside`` names the group of
    wounds one effect deals side by side: the first entry written for ``q`` shares the
    group's cause (tutor/core/causes.py)."""
    if s.dead[q] or amount <= 0:
        return
    if ctx[1] == "event":
        if s.game.afflictions:
            amount = full_circle.afflicted_event_wounds(s, q, amount)
        cut = s._passive(q, "reduce_event_wounds")
        if cut:
            reduced = max(0, amount - cut)
            if s.tracing:
                s._log(
                    "mf.13.1",
                    f"A lasting effect of {s.name(q)} reduces the event's "
                    f"{amount} wounds to {reduced}.",
                    q,
                    alongside=alongside,
                )
                alongside = ""  # the wound itself follows from the reduction
            amount = reduced
            if not amount:
                return
        if s.game.under_the_rose:
            amount = under_the_rose.event_wounds(s, q, amount)
    before = s.wounds[q]
    cap = s.max_wounds[q]
    after = min(cap, before + amount)
    s.wounds[q] = after
    if ctx[1] == "event" and s.event_stats:
        where, dealt = s.event_stats[-1]
        s.event_stats[-1] = (where, dealt + after - before)
    if ctx[4] and q != ctx[0]:
        rule = gasp_flow.LAST_GASP.rule("hurt_other")  # a Last Gasp card hurting another player
    if s.tracing:
        got = f"{after - before} wound{'s' * (after - before != 1)}"
        # A face-down maximum stays hidden unless this hit reaches it (and turns it up).
        shown = s.character_shown[q] or after >= cap
        total = f"{after}/{cap}" if shown else full_circle.wound_total(s, q, after)
        text = f"{s.name(q)} receives {got} ({context.source_name(s, ctx)}): {total}."
        public = f"{s.name(q)} receives {got} (unseen event): {total}."
        if before + amount > cap:
            over = before + amount - cap
            extra = (
                f" {over} more {'is' if over == 1 else 'are'} ignored: nobody goes "
                "above maximum wounds."
            )
            text += extra
            public += extra
        vis = context.ctx_vis(s, ctx)
        s._log(
            "mf.16.2" if before + amount > cap else rule,
            text,
            ctx[0],
            changes=(("wounds", before, after),),
            visible_to=vis,
            public_text=public if vis else "",
            alongside=alongside,
        )
    if after >= cap and not s.character_shown[q]:
        full_circle.reveal_character(s, q)
    if after >= cap and before < cap and s.game.under_the_rose:
        under_the_rose.offer_market(s, q)  # mf.23.11, at once
    if after >= cap and before < cap and q != s.in_gasp and q not in s.gasp_due:
        s.gasp_due.append(q)
        if s.tracing:
            flow = gasp_flow.LAST_GASP
            s._log(
                flow.rule("reach_max"),
                f"{s.name(q)} is at maximum wounds: not dead yet — a Last "
                "Gasp follows once the current card is fully processed.",
                q,
            )
            if flow.after("inside_gasp", s.in_gasp >= 0) == "wait_gasp":
                s._log(
                    flow.rule("wait_gasp"),
                    f"The wounds came from {s.name(s.in_gasp)}'s Last "
                    f"Gasp: {s.name(s.in_gasp)} finishes that whole Last Gasp "
                    f"before {s.name(q)} makes theirs.",
                    q,
                )


def heal_effect(s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
    amount = context.amount(s, eff["amount"], ctx)
    target = eff.get("target", "self")
    if target == "choose_player":
        s.stack.append(Pick(ctx, P_HEAL_TARGET, (amount,)))
        return
    for q in context.targets(s, ctx, target):
        heal(s, q, amount, context.effect_rule(s, ctx))


def heal_target_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    return context.target_actions(s, ctx, "heal_target", False)


def heal_target_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    heal(s, action.args[1], args[0], "mf.12.2")


def heal(s: MantisFallsData, q: int, amount: int, rule: str) -> None:
    if s.game.under_the_rose:
        amount = under_the_rose.healing(s, q, amount)
    before = s.wounds[q]
    after = max(0, before - amount)
    s.wounds[q] = after
    if s.tracing:
        extra = " (during a Last Gasp: healing now can save a life)" if q == s.in_gasp else ""
        s._log(
            rule,
            f"{s.name(q)} heals {before - after} wound{'s' * (before - after != 1)}:"
            f" {full_circle.wound_total(s, q, after)}{extra}.",
            q,
            changes=(("wounds", before, after),),
        )


def wound_split_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    amount = context.amount(s, eff["amount"], ctx)
    s.stack.append(Pick(ctx, P_WOUND_SPLIT, (amount,)))


def wound_split_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p, amount = ctx[0], args[0]
    o = s.other(p)
    return [
        Action(p, "split", (k,), f"{amount - k} to {s.name(p)}, {k} to {s.name(o)}")
        for k in range(amount + 1)
    ]


def wound_split_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p = ctx[0]
    k = action.args[0]
    if s.tracing:
        s._log(
            "mf.11.9",
            f"{s.name(p)} divides {args[0]} wounds: {args[0] - k} to "
            f"themself, {k} to {s.name(s.other(p))}.",
            p,
            "action",
            visible_to=(p,),
            public_text="",
        )
    rule = context.effect_rule(s, ctx)
    group = f"wounds@{len(s.trace)}" if s.tracing else ""  # both follow from the division
    for q, n in ((p, args[0] - k), (s.other(p), k)):
        wound(s, q, n, ctx, rule, group)


def ambush_wound_step(s: MantisFallsData, top: AmbushWound) -> None:
    p, n = top.player, top.wounds
    s.stack.pop()
    wound(s, p, n, (p, "ambush", -1, 0, False), "mf.10.6")
    # mf.17.1: an ambush reached by a card's movement is part of that card; its
    # card_done frame starts any Last Gasp once the whole card is processed.
    if not any(isinstance(f, CardDone) for f in s.stack):
        if s.game.under_the_rose and under_the_rose.market_open(s):
            s.stack.insert(len(s.stack) - 1, RoseStep(p, "gasps"))  # after the market
        else:
            last_gasps.resolve_gasps(s)
