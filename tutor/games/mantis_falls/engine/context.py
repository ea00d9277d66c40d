"""What an effect concerns: its source's name, the rule it cites, who sees it, its
targets, amounts read from stoplights, the criteria of sometimes-effects, and the
frames that start a card's effects.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    CardDone,
    Ctx,
    Effects,
)


def stoplight_player(s: MantisFallsData, ctx: Ctx) -> int:
    # Events read the turn player's road (mf.10.4); action cards their own player's.
    return s.turn_player if ctx[1] == "event" else ctx[0]


def amount(s: MantisFallsData, amount: Any, ctx: Ctx) -> int:
    if isinstance(amount, dict):
        q = stoplight_player(s, ctx)
        color = amount["stoplight"]
        n = int(s.road(s.pos[q]).stoplight(color))
        if s.tracing:
            s._log(
                "mf.10.4",
                f"{source_name(s, ctx)} reads the {color} stoplight "
                f"number of {s.name(q)}'s road, {s._pos_name(s.pos[q])}: {n}.",
                ctx[0],
                visible_to=ctx_vis(s, ctx),
                public_text="",
                reads=f"pos/{q}",
            )
        return n
    return int(amount)


def source_name(s: MantisFallsData, ctx: Ctx) -> str:
    src, idx = ctx[1], ctx[2]
    if src == "action":
        return s.card_name(idx)
    if src == "event":
        return s.cards.events[idx].name
    if src == "condition":
        return f"{s.card_name(idx)} (any-time effect)"
    if src == "ally":
        return f"{s.cards.allies[idx].name} (any-time effect)"
    if src == "agent" and s.game.rose is not None and s.agent_horizon[ctx[0]] >= 0:
        return s.game.rose.agent_name(s.agent_horizon[ctx[0]], s.agent_sky[ctx[0]])
    return "ambush"


def effect_rule(s: MantisFallsData, ctx: Ctx) -> str:
    # An event's wounds and heals come from an incident's effect/bonus (mf.11.3) or an
    # opposition's outcome (mf.11.6); everything else is a card effect (mf.12.2).
    if ctx[1] != "event":
        return "mf.23.8" if ctx[1] == "agent" else "mf.12.2"
    return "mf.11.6" if s.cards.events[ctx[2]].kind == "opposition" else "mf.11.3"


def ctx_vis(s: MantisFallsData, ctx: Ctx) -> Any:
    if ctx[1] == "event" and not s.event_visible_to_all():
        return (ctx[0],)
    return None


def ctx_vis_event(s: MantisFallsData) -> Any:
    return None if s.event_visible_to_all() else (s.turn_player,)


def fact_read(s: MantisFallsData, ctx: Ctx, preds: dict[str, Any]) -> str:
    """The standing fact a sometimes-effect's criteria depend on, for its trace entry
    (tutor/core/causes.py): a piece's road, or the event; "" for none tracked."""
    if "stoplight_at_least" in preds:
        return f"pos/{stoplight_player(s, ctx)}"
    if "near_phone" in preds or "at_bus_stop" in preds or "region" in preds:
        return f"pos/{ctx[0]}"
    if "event_kind" in preds or "event_seen" in preds:
        return "event"
    return ""


def holds(s: MantisFallsData, ctx: Ctx, preds: dict[str, Any]) -> bool:
    p = ctx[0]
    o = s.other(p)
    for key, val in preds.items():
        if key == "truly_witness":
            ok = (s.roles[p] == "witness") == bool(val)
        elif key == "near_phone":
            ok = s.phone_distance(s.pos[p]) <= int(val)
        elif key == "at_bus_stop":
            ok = s.road(s.pos[p]).bus_stop == bool(val)
        elif key == "region":
            ok = s.road(s.pos[p]).region == val
        elif key == "event_kind":
            ok = s.event >= 0 and s.cards.events[s.event].kind == val
        elif key == "event_seen":
            ok = s.event >= 0 and s.cards.events[s.event].seen == bool(val)
        elif key == "wounds_at_least":
            ok = s.wounds[p] >= int(val)
        elif key == "other_wounds_at_least":
            ok = s.wounds[o] >= int(val)
        elif key == "same_road":
            ok = (s.pos[p] == s.pos[o]) == bool(val)
        elif key == "ahead_of_other":
            ok = (s.pos[p] > s.pos[o]) == bool(val)
        elif key == "behind_other":
            ok = (s.pos[p] < s.pos[o]) == bool(val)
        elif key == "play_position_at_least":
            ok = ctx[3] >= int(val)
        elif key == "in_last_gasp":
            ok = bool(ctx[4]) == bool(val)
        elif key == "hand_at_most":
            ok = len(s.hands[p]) <= int(val)
        elif key == "stoplight_at_least":
            road = s.road(s.pos[stoplight_player(s, ctx)])
            ok = road.stoplight(val["color"]) >= int(val["value"])
        elif key == "has_condition":
            ok = any(s.card_name(c) == val for c in s.conditions[p])
        elif key == "is_turn_player":
            ok = (p == s.turn_player) == bool(val)
        else:  # the schema forbids other keys
            ok = False
        if not ok:
            return False
    return True


def targets(s: MantisFallsData, ctx: Ctx, target: str) -> list[int]:
    p = ctx[0]
    if target == "self":
        return [p]
    if target == "other":
        return [s.other(p)]
    if target == "each_player":
        return list(s._both())
    if target == "bystander":
        by = s.bystander
        if by < 0 and s.tracing:
            s._log("mf.9.3", "There is no bystander with two players: nobody is given this.")
        return [by] if by >= 0 else []
    return []


def target_actions(s: MantisFallsData, ctx: Ctx, kind: str, with_opposition: bool) -> list[Action]:
    p = ctx[0]
    # Only the active players can be chosen (mf.7.2, mf.7.3), in seat order.
    acts = [
        Action(p, kind, ("player", q), f"{s.name(q)}" + (" (you)" if q == p else ""))
        for q in sorted(s._both())
    ]
    if with_opposition and s.event >= 0:
        if p == s.turn_player or s.event_visible_to_all():
            if opposition_open(s):
                acts.append(
                    Action(
                        p,
                        kind,
                        ("opposition", -1),
                        f"The opposition {s.cards.events[s.event].name}",
                    )
                )
        else:
            # An unseen event may or may not be an opposition: the other player can
            # aim at it without learning which (it does nothing to an incident).
            acts.append(Action(p, kind, ("opposition", -1), "The unseen event"))
    return acts


def opposition_open(s: MantisFallsData) -> bool:
    return s.event >= 0 and s.cards.events[s.event].kind == "opposition"


def aim_text(s: MantisFallsData, p: int, amount: int) -> str:
    """What the others read when wounds are dealt to an unseen event: the same
    sentence whether it is an opposition (hurt) or an incident (untouched)."""
    return f"{s.name(p)} aims {amount} wound{'s' * (amount != 1)} at the unseen event."


def start_card(
    s: MantisFallsData, p: int, c: int, position: int, in_gasp: bool, effects: bool = True
) -> None:
    card = s.cards.actions[c]
    ctx: Ctx = (p, "action", c, position, in_gasp)
    s.stack.append(CardDone(ctx))
    if not effects:  # a weakness of Under the Rose took them away (mf.23.5)
        return
    if card.effects:
        s.stack.append(Effects(ctx, ("action", c, "effects"), 0))
    if card.on_reveal:
        s.stack.append(Effects(ctx, ("action", c, "on_reveal"), 0))
