"""Conditions and any-time effects (topic 13): keeping a card as a condition, removing
conditions, and the any-time windows where conditions and allies are used.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import allies, context
from tutor.games.mantis_falls.engine.basics import canonical_order
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_REMOVE_CONDITION,
    CardDone,
    Ctx,
    Effects,
    Pick,
    Window,
)


# ---- any-time windows (topic 13) -------------------------------------------
def anytime_options(s: MantisFallsData, p: int) -> list[Action]:
    """Any-time effects player ``p`` could use now, with what they would pay."""
    if s.dead[p] or not s.stack or not (s.conditions[p] or s.allies[p]):
        return []
    acts: list[Action] = []
    for c in s.conditions[p]:
        block = (s.cards.actions[c].condition or {}).get("anytime")
        if block:
            acts += anytime_acts(s, p, "cond", c, s.card_name(c), block)
    if s.allies[p]:
        for name in s._complete(p):
            block = s._ally_block(name).get("anytime")
            if block:
                first = min(a for a in s.allies[p] if s.cards.allies[a].name == name)
                acts += anytime_acts(s, p, "ally", first, name, block)
    return acts


def anytime_acts(
    s: MantisFallsData, p: int, src: str, idx: int, name: str, block: dict[str, Any]
) -> list[Action]:
    cost = block["cost"]
    label = block.get("label", "use")
    if "discard_tag" in cost:
        tag = cost["discard_tag"]
        by_name: dict[str, int] = {}
        for c in s.hands[p]:
            card = s.cards.actions[c]
            if tag in card.tags and card.name not in by_name:
                by_name[card.name] = c
        return [
            anytime_action(s, p, src, idx, c, name, label, f"discard {s.card_name(c)}")
            for c in by_name.values()
        ]
    if cost.get("discard_self"):
        give = "discard it" if src == "cond" else "return the ally to the deck"
        return [anytime_action(s, p, src, idx, -1, name, label, give)]
    if f"{src}:{idx}" in s.used_once[p]:
        return []
    return [anytime_action(s, p, src, idx, -1, name, label, "once per turn")]


def anytime_action(
    s: MantisFallsData, p: int, src: str, idx: int, pay: int, name: str, label: str, cost: str
) -> Action:
    # Built with the game (its label depends only on the cards); a deck changed since
    # would still get its choice, labelled here.
    action = s.game.anytime_actions.get((p, src, idx, pay))
    if action is None:
        action = Action(p, "anytime", (src, idx, pay), f"{name}: {label} ({cost})")
    return action


def may_use_anytime(s: MantisFallsData, p: int) -> bool:
    # A quick test before anytime_options: does p hold a condition or a complete
    # ally that has an any-time effect at all (whether it can be paid or not)?
    game = s.game
    conditions, allies = s.conditions[p], s.allies[p]
    if conditions and not game.anytime_conditions.isdisjoint(conditions):
        return True
    return (
        bool(allies)
        and not game.anytime_ally_cards.isdisjoint(allies)
        and not game.anytime_allies.isdisjoint(s._complete(p))
    )


def open_window(s: MantisFallsData, tag: str) -> None:
    """Push an any-time window for both players, the turn player asked first (mf.13.3).

    A window nobody could use closes at once without a trace entry, so it is not
    pushed at all then (speed).
    """
    if may_use_anytime(s, 0) or may_use_anytime(s, 1):
        s.stack.append(Window(tag, s._both()))


def window_open(s: MantisFallsData, top: Window) -> bool:
    tag, asked = top.tag, top.asked
    while asked:
        p = asked[0]
        if may_use_anytime(s, p):
            options = anytime_options(s, p)
            if options:
                # The window stops here: keep its choices for _legal_actions (speed).
                s._legal = canonical_order(options + [s.game.pass_action[p]])
                break
        asked = asked[1:]
    if not asked:
        s.stack.pop()
        return False
    s.stack[-1] = Window(tag, asked)
    return True


def window_options(s: MantisFallsData, top: Window) -> list[Action]:
    p = top.asked[0]
    # Usually already computed by _window_open when the window stopped.
    return anytime_options(s, p) + [s.game.pass_action[p]]


def window_chosen(s: MantisFallsData, top: Window, action: Action) -> None:
    tag, asked = top.tag, top.asked
    p = asked[0]
    if action.kind == "pass":
        s.stack[-1] = Window(tag, asked[1:])
        return
    src, idx, pay = action.args
    if src == "cond":
        block = s.cards.actions[idx].condition["anytime"]  # type: ignore[index]
        ref = ("action", idx, "condition", "anytime", "effects")
        name = s.card_name(idx)
    else:
        name = s.cards.allies[idx].name
        block = s._ally_block(name)["anytime"]
        ref = ("ally", idx, "effect", "anytime", "effects")
    cost = block["cost"]
    if pay >= 0:
        s.hands[p].remove(pay)
        s.action_discard.append(pay)
        paid = f" by discarding {s.card_name(pay)}"
    elif cost.get("discard_self"):
        if src == "cond":
            s.conditions[p].remove(idx)
            s.action_discard.append(idx)
            paid = " and discards it"
        else:
            allies.return_ally_group(s, p, name)
            paid = " and returns the ally to the ally deck"
    else:
        s.used_once[p].append(f"{src}:{idx}")
        paid = " (once this turn)"
    if s.tracing:
        fact = f"card/{idx}" if src == "cond" else f"ally/{p}/{name}"
        s._log(
            "mf.13.3",
            f"{s.name(p)} uses the any-time effect of {name}{paid}.",
            p,
            "action",
            reads=fact,
        )
    in_gasp = s.in_gasp == p
    ctx: Ctx = (p, "condition" if src == "cond" else "ally", idx, 0, in_gasp)
    s.stack.append(CardDone(ctx))
    s.stack.append(Effects(ctx, ref, 0))


# ---- conditions (topic 13) ----
def keep_as_condition_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    p, src, c = ctx[0], ctx[1], ctx[2]
    if src != "action":
        return
    if c in s.plays[p]:
        i = s.plays[p].index(c)
        del s.plays[p][i]
        if i < s.revealed[p]:
            s.revealed[p] -= 1
            s.play_kept[p] += 1
    elif c in s.gasp_play:
        i = s.gasp_play.index(c)
        del s.gasp_play[i]
        if i < s.gasp_revealed:
            s.gasp_revealed -= 1
            s.gasp_kept += 1
    else:
        return
    s.conditions[p].append(c)
    if s.tracing and c in s.game.afflictions:
        s._log(
            "mf.13.2",
            f"{s.name(p)} keeps {s.card_name(c)} face up as an affliction; "
            "unlike a condition, nothing can ever remove it.",
            p,
            changes=(("conditions", None, s.card_name(c)),),
            sets=f"card/{c}",
        )
    elif s.tracing:
        s._log(
            "mf.13.1",
            f"{s.name(p)} keeps {s.card_name(c)} face up as a condition; "
            "its effect lasts until something removes it.",
            p,
            changes=(("conditions", None, s.card_name(c)),),
            sets=f"card/{c}",
        )


def remove_condition_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    target = eff.get("target", "any")
    # "any" means either active player: the bystander's conditions are out of reach (mf.7.3).
    owners = sorted(s._both()) if target == "any" else context.targets(s, ctx, target)
    afflictions = s.game.afflictions  # never removed (mf.13.2)
    if any(c not in afflictions for q in owners for c in s.conditions[q]):
        s.stack.append(Pick(ctx, P_REMOVE_CONDITION, tuple(owners)))
    elif s.tracing:
        if any(s.conditions[q] for q in owners):
            s._log(
                "mf.13.2",
                "There is no condition to remove: afflictions cannot be removed.",
                ctx[0],
            )
        else:
            s._log("mf.13.1", "There is no condition to remove.", ctx[0])


def remove_condition_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    return [
        Action(
            ctx[0],
            "remove_condition",
            (q, c),
            f"Discard {s.name(q)}'s condition {s.card_name(c)}",
        )
        for q in args
        for c in sorted(set(s.conditions[q]))
        if c not in s.game.afflictions
    ]


def remove_condition_chosen(
    s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action
) -> None:
    q, c = action.args
    s.conditions[q].remove(c)
    s.action_discard.append(c)
    if s.tracing:
        s._log(
            "mf.13.1",
            f"{s.name(q)}'s condition {s.card_name(c)} is removed and discarded.",
            ctx[0],
            "action",
        )
