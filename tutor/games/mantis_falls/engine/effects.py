"""The effect interpreter: carries out the effect lists of cards (the vocabulary of
docs/mantis_falls_cards.md), with CARD_EFFECTS, the table from each ``do:`` to its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import (
    allies,
    conditions,
    conserved_energy,
    context,
    drawing,
    events,
    roads,
    triad,
    wounds,
)
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_CHOOSE_ONE,
    Ctx,
    Effects,
    Pick,
)


def effects_step(s: MantisFallsData, top: Effects) -> None:
    ctx, ref, i = top.ctx, top.ref, top.next
    effects = s.game.resolve(ref)
    if i + 1 >= len(effects):
        # The last effect (or none): the frame is done before the effect runs, so a
        # card with one effect costs one step of the run loop (speed).
        s.stack.pop()
        if i >= len(effects):
            return
    else:
        s.stack[-1] = Effects(ctx, ref, i + 1)
    eff = effects[i]
    preds = eff.get("if")
    secret = False
    if preds:
        ok = context.holds(s, ctx, preds)
        # Criteria about the kind of an unseen event are checked by the turn player,
        # who alone knows the card: the others learn neither the verdict nor what
        # the effect did (ruling unseen_event_view).
        secret = (
            "event_kind" in preds
            and ctx[1] != "event"
            and s.event >= 0
            and not s.event_visible_to_all()
        )
        if s.tracing:
            from tutor.games.mantis_falls.text import predicate_text

            witness = "truly_witness" in preds
            rule = "mf.19.5" if witness and not ok else "mf.12.3"
            verdict = "met" if ok else "not met, so this effect does not happen"
            text = (
                f"{context.source_name(s, ctx)}: sometimes-effect "
                f"({predicate_text(preds)}) — criteria {verdict}."
            )
            if secret:
                tp = s.name(s.turn_player)
                s._log(
                    rule,
                    text,
                    ctx[0],
                    visible_to=(s.turn_player,),
                    public_text=f"{context.source_name(s, ctx)}: a sometimes-effect depends on "
                    f"the unseen event; {tp} checks it in secret and carries it out "
                    "only if its criteria are met.",
                    public_rule="mf.11.8",
                    reads=context.fact_read(s, ctx, preds),
                )
            else:
                s._log(
                    rule,
                    text,
                    ctx[0],
                    visible_to=context.ctx_vis(s, ctx),
                    public_text="",
                    reads=context.fact_read(s, ctx, preds),
                )
            if "near_phone" in preds or "at_bus_stop" in preds:
                at = s.pos[ctx[0]]
                d = s.phone_distance(at)
                # Say only what the criteria ask: the exact distance could count a
                # phone on a face-down road ahead, which nobody may know yet.
                k = int(preds.get("near_phone", 0))
                within = f" within {k} road{'s' * (k != 1)}" if k else ""
                if d == 0:
                    phone = "has a phone"
                elif d <= k:
                    phone = f"is{within} of a phone"
                else:
                    phone = f"has no phone{within}"
                bus = "has a bus stop" if s.road(at).bus_stop else "has no bus stop"
                s._log(
                    "mf.10.5",
                    f"Phones and bus stops matter only when a card asks: "
                    f"{s.name(ctx[0])}'s road, {s._pos_name(at)}, {phone} and "
                    f"{bus}.",
                    ctx[0],
                    visible_to=context.ctx_vis(s, ctx),
                    public_text="",
                )
        if not ok:
            if secret and s.tracing:
                # Met, the effect's lines would be the turn player's alone; not met, a
                # line of theirs ends it too, so the others cannot tell which it was.
                s._log(
                    "mf.11.8",
                    f"{context.source_name(s, ctx)}: nothing happens.",
                    ctx[0],
                    visible_to=(s.turn_player,),
                )
            return
    if secret and s.tracing:
        start = len(s.trace)
        CARD_EFFECTS[eff["do"]](s, ctx, eff, ref + (i,))
        s._hide_since(start)
        return
    CARD_EFFECTS[eff["do"]](s, ctx, eff, ref + (i,))


# ---- choices ----
def choose_one_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    s.stack.append(Pick(ctx, P_CHOOSE_ONE, ref))


def choose_one_options(s: MantisFallsData, ctx: Ctx, ref: tuple[Any, ...]) -> list[Action]:
    eff = s.game.resolve(ref)
    return [Action(ctx[0], "choose", (k,), opt["label"]) for k, opt in enumerate(eff["options"])]


def choose_one_chosen(s: MantisFallsData, ctx: Ctx, ref: tuple[Any, ...], action: Action) -> None:
    k = action.args[0]
    if s.tracing:
        label = s.game.resolve(ref)["options"][k]["label"]
        s._log(
            context.effect_rule(s, ctx),
            f"{s.name(ctx[0])} chooses: {label}.",
            ctx[0],
            "action",
            visible_to=context.ctx_vis(s, ctx),
            public_text="",
        )
    s.stack.append(Effects(ctx, tuple(ref) + ("options", k, "effects"), 0))


Effect = Callable[[MantisFallsData, Ctx, dict[str, Any], tuple[Any, ...]], None]
CARD_EFFECTS: dict[str, Effect] = {
    "wound": wounds.wound_effect,
    "heal": wounds.heal_effect,
    "move": roads.move_effect,
    "prevent_event": events.prevent_event_effect,
    "draw": drawing.draw_effect,
    "discard_random": drawing.discard_random_effect,
    "discard_chosen": drawing.discard_chosen_effect,
    "take_ally": allies.take_ally_effect,
    "return_ally": allies.return_ally_effect,
    "keep_as_condition": conditions.keep_as_condition_effect,
    "remove_condition": conditions.remove_condition_effect,
    "take_conserved": conserved_energy.take_conserved_effect,
    "peek_event": events.peek_event_effect,
    "choose_one": choose_one_effect,
    "wound_split": wounds.wound_split_effect,
    "bystander_choice": triad.bystander_choice_effect,
}
"""The effect vocabulary of docs/mantis_falls_cards.md: each ``do:`` and what carries it out."""
