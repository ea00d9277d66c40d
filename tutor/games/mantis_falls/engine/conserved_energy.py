"""Conserved Energy (topic 15): expending it, drawing from it, taking cards from it."""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import drawing, wounds
from tutor.games.mantis_falls.engine.data import END, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_TAKE_CONSERVED,
    Ctx,
    Pick,
)


# ---- expending Conserved Energy (topic 15) ----
def expend_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    acts = [Action(p, "expend", ("no",), "Keep Conserved Energy")]
    if s.pos[p] < END:
        acts.append(Action(p, "expend", ("move",), "Expend Conserved Energy to move two roads"))
    acts.append(Action(p, "expend", ("heal",), "Expend Conserved Energy to heal one wound"))
    return acts


def expend_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p = ctx[0]
    choice = action.args[0]
    if choice == "no":
        return
    spent = s.conserved[:]
    s.action_discard.extend(spent)
    s.conserved.clear()
    if s.tracing:
        names = ", ".join(s.card_name(c) for c in spent)
        s._log(
            "mf.15.3",
            f"{s.name(p)} expends Conserved Energy ({names} go to the "
            f"discard pile) to {'move two roads' if choice == 'move' else 'heal one wound'}.",
            p,
            "action",
        )
    if choice == "move":
        s.boost = True
    else:
        wounds.heal(s, p, 1, "mf.15.3")


# ---- Conserved Energy effects ----
def take_conserved_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    if s.conserved:
        s.stack.append(Pick(ctx, P_TAKE_CONSERVED, (int(eff["count"]),)))
    elif s.tracing:
        s._log("mf.15.2", "Conserved Energy is empty: nothing to take.", ctx[0])


def take_conserved_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    return [
        Action(ctx[0], "take_conserved", (c,), f"Take {s.card_label(c)}")
        for c in sorted(set(s.conserved))
    ]


def take_conserved_chosen(
    s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action
) -> None:
    c = action.args[0]
    s.conserved.remove(c)
    s.hands[ctx[0]].append(c)
    if s.tracing:
        s._log(
            "mf.15.2",
            f"{s.name(ctx[0])} takes {s.card_label(c)} from Conserved Energy into their hand.",
            ctx[0],
            "action",
        )
    if args[0] > 1 and s.conserved:
        s.stack.append(Pick(ctx, P_TAKE_CONSERVED, (args[0] - 1,)))


def draw_source_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    # Canonical order: "draw_conserved" (one per card name, by id) < "draw_pile".
    p = args[0]
    acts = []
    game = s.game
    table = game.draw_conserved[p]
    for c in s._first_copies(s.conserved):
        acts.append(table[c])
    if s.action_top or s.action_pile or s.action_discard:
        acts.append(game.draw_pile[p])
    return acts


def draw_source_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p, rule = args
    if action.kind == "draw_pile":
        drawing.draw_from_pile(s, p, rule)
        return
    c = action.args[0]
    s.conserved.remove(c)
    s.hands[p].append(c)
    if s.tracing:
        s._log(
            "mf.15.2",
            f"{s.name(p)} draws {s.card_label(c)} from Conserved Energy instead of the draw pile.",
            p,
            "action",
        )
