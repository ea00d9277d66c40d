"""Allies (topic 14): taking ally cards, complete and incomplete allies, returning them."""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import context
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_RETURN_ALLY,
    P_TAKE_ALLY,
    Ctx,
    Pick,
)


# ---- allies (topic 14) ----
def take_ally_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    if not s.ally_deck:
        if s.tracing:
            s._log("mf.14.2", "The ally deck is empty: there is no ally to take.", ctx[0])
        return
    s.stack.append(Pick(ctx, P_TAKE_ALLY, (int(eff["count"]),)))


def take_ally_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    first: dict[str, int] = {}
    for a in sorted(s.ally_deck):
        first.setdefault(s.cards.allies[a].name, a)
    return [
        Action(
            p,
            "take_ally",
            (a,),
            f"Take {n} (ally, complete with {s.cards.allies[a].requirement})",
        )
        for n, a in first.items()
    ]


def take_ally_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p = ctx[0]
    a = action.args[0]
    s.ally_deck.remove(a)
    gain_ally(s, p, a, "mf.14.2", chosen=True)
    if args[0] > 1 and s.ally_deck:
        s.stack.append(Pick(ctx, P_TAKE_ALLY, (args[0] - 1,)))


def gain_ally(s: MantisFallsData, p: int, a: int, rule: str, chosen: bool) -> None:
    was = s.complete_allies(p)
    s.allies[p].append(a)
    if not s.tracing:
        return
    card = s.cards.allies[a]
    have = sum(1 for x in s.allies[p] if s.cards.allies[x].name == card.name)
    how = "looks through the ally deck and takes" if chosen else "draws"
    s._log(
        rule,
        f"{s.name(p)} {how} {card.name} ({have}/{card.requirement}).",
        p,
        "action" if chosen else "auto",
        visible_to=(p,),
        public_text=f"{s.name(p)} takes an ally card face down.",
    )
    if card.name in s.complete_allies(p) and card.name not in was:
        s._log(
            "mf.14.4",
            f"{card.name} is complete for {s.name(p)}: the cards turn face "
            "up and the ally's effect is active.",
            p,
            sets=f"ally/{p}/{card.name}",
        )
    elif card.name not in s.complete_allies(p):
        s._log(
            "mf.14.3",
            f"{card.name} is incomplete ({have}/{card.requirement}): kept face "
            "down, no effect yet.",
            p,
            visible_to=(p,),
            public_text="",
        )


def return_ally_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    q = context.targets(s, ctx, eff.get("target", "other"))[0]
    if not s.allies[q]:
        if s.tracing:
            s._log("mf.14.5", f"{s.name(q)} has no ally to return.", ctx[0])
        return
    s.stack.append(Pick(ctx, P_RETURN_ALLY, (q,)))


def ally_groups(s: MantisFallsData, q: int) -> list[str]:
    """Player ``q``'s ally names in the order their first card arrived (public order)."""
    names: list[str] = []
    for a in s.allies[q]:
        name = s.cards.allies[a].name
        if name not in names:
            names.append(name)
    return names


def return_ally_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    # Groups are named by arrival order, so neither the args nor the labels of a
    # face-down group tell the chooser which ally it is.
    q = args[0]
    complete = set(s.complete_allies(q))
    own = q == ctx[0]
    acts = []
    hidden = 0
    for k, n in enumerate(ally_groups(s, q)):
        if n in complete or own:
            shown = n
        else:
            hidden += 1
            shown = f"face-down ally group {hidden}"
        acts.append(Action(ctx[0], "return_ally", (k,), f"Return {s.name(q)}'s {shown}"))
    return acts


def return_ally_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    q = args[0]
    return_ally_group(s, q, ally_groups(s, q)[action.args[0]])


def return_ally_group(s: MantisFallsData, q: int, name: str) -> None:
    group = [a for a in s.allies[q] if s.cards.allies[a].name == name]
    for a in group:
        s.allies[q].remove(a)
        s.ally_deck.append(a)
    s.ally_deck.sort()
    if s.tracing:
        s._log(
            "mf.14.5",
            f"{s.name(q)}'s {name} ({len(group)} card"
            f"{'s' * (len(group) > 1)}) goes back to the ally deck.",
            q,
        )
