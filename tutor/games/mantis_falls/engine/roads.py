"""Roads and movement (topic 10): moving along the road, turning roads face up, the
Broken Road, ambushes, and the Actions by the Night and by the Dark.
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import context
from tutor.games.mantis_falls.engine.basics import _road_text
from tutor.games.mantis_falls.engine.data import END, START, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_DARK_PICK,
    P_MOVE,
    P_NIGHT_PICK,
    AmbushWound,
    Chance,
    Ctx,
    Pick,
)


# ---- movement (topics 8, 10, 15) ----
def move_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    mover, reach, why = args
    chooser = mover if why == "initial" else ctx[0]
    at = s.pos[mover]
    room = END - at
    options: Any = range(min(reach, room) + 1)
    if why == "initial" and s.boost and s._ruling("expend_movement") == "exactly_two":
        options = (0, 2) if room >= 2 else range(min(1, room) + 1)
    acts = []
    table = s.game.move_actions
    road_at, face_up = s.road_at, s.face_up
    for d in options:
        q = at + d
        # The label names the road reached, or only its region while it is face down.
        key = (chooser, mover, d, road_at[q], q in (START, END) or face_up[q])
        action = table.get(key)
        if action is None:  # farther than any card moves: built here, as the game's are
            if d == 0:
                label = f"{s.name(mover)} stays on {s._pos_name(s.pos[mover])}"
            else:
                label = (
                    f"{s.name(mover)} moves {d} road{'s' * (d > 1)} to "
                    f"{s._pos_name(s.pos[mover] + d)}"
                )
            action = Action(chooser, "move", (d,), label)
        acts.append(action)
    return acts


def move_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    mover, reach, why = args
    d = action.args[0]
    rule = (
        "mf.15.4"
        if (why == "initial" and s.boost)
        else ("mf.8.2" if why == "initial" else context.effect_rule(s, ctx))
    )
    if reach > d > 0 and d == END - s.pos[mover]:
        rule = "mf.10.12"  # the End of the Road cuts the move short
    move(s, mover, d, rule, ctx[0] if why != "initial" else mover)


def move(s: MantisFallsData, p: int, d: int, rule: str, actor: int) -> None:
    start = s.pos[p]
    if d == 0:
        if s.tracing:
            why = " (the End of the Road: no further to go)" if start == END else ""
            s._log(
                "mf.10.11" if start == END else rule,
                f"{s.name(p)} stays on {s._pos_name(start)}{why}.",
                actor,
                "action",
            )
        return
    target = min(start + d, END)
    b = s.broken_pos
    crossed = b >= 0 and start < b < target
    bounced = target == b
    if bounced:
        target = b - 1
    landed = target != start and (not bounced or s._ruling("broken_road_bounce") == "is_a_landing")
    s.pos[p] = target
    if s.tracing:
        # The road a piece stops on is turned up at once (mf.10.3), so it is named.
        s._log(
            rule,
            f"{s.name(p)} moves from {s._pos_name(start)} to "
            f"{s.road(b if bounced else target).name}.",
            actor,
            "action",
            (("pos", start, target),),
            sets=f"pos/{p}",
        )
        region = s.road(target).region
        if region != s.road(start).region and target != END:
            s._log(
                "mf.10.1",
                f"{s.name(p)} is now on the {region} roads: a region "
                "has no rules of its own; it matters only where a card mentions it.",
            )
        if target - start < d and not bounced:
            s._log(
                "mf.10.12",
                f"Movement is impeded at the End of the Road: only {target - start} of {d} roads.",
            )
        if bounced:
            s._log(
                "mf.10.7",
                f"{s.road(b).name} is the Broken Road: nobody can stop "
                f"there, so {s.name(p)} goes back to {s._pos_name(target)}.",
                changes=(("pos", b, target),),
                sets=f"pos/{p}",
            )
        if crossed:
            s._log(
                "mf.15.4" if rule == "mf.15.4" else "mf.10.2",
                f"{s.name(p)} passes over the Broken Road.",
            )
    update_visibility(s)
    if landed and target == END and s.dark:
        s.stack.append(Pick((p, "road", -1, 0, False), P_DARK_PICK, ()))
    elif landed and target == END and s.tracing:
        s._log("mf.10.10", "No Actions by the Dark are left to take.")
    if landed and s.road(target).ambush:
        ambush(s, p, s.road(target).ambush)
    elif s.tracing and target > start + 1:
        for q in range(start + 1, target):
            if s.road(q).ambush:
                s._log(
                    "mf.10.6",
                    f"{s.name(p)} passes through the ambush on "
                    f"{s._pos_name(q)} without stopping: no penalty.",
                )
    if crossed:
        if s.night:
            s.stack.append(Pick((p, "road", -1, 0, False), P_NIGHT_PICK, ()))
        elif s.tracing:
            s._log("mf.10.8", "No Actions by the Night are left to take.")


def update_visibility(s: MantisFallsData) -> None:
    face_up = s.face_up
    for p, at in enumerate(s.pos):
        for q in (at, at + 1):
            if q > END or face_up[q]:
                continue
            s.face_up[q] = True
            if s.tracing:
                where = "ahead of" if q > s.pos[p] else "under"
                s._log(
                    "mf.10.3",
                    f"The road {where} {s.name(p)} is turned face up: {_road_text(s.road(q))}.",
                    changes=(("face_up", q, True),),
                )


def ambush(s: MantisFallsData, p: int, n: int) -> None:
    if s._passive(p, "ignore_ambush"):
        if s.tracing:
            s._log(
                "mf.10.6",
                f"{s.name(p)} lands on an ambush of {n}, but a lasting "
                "effect makes them ignore ambushes.",
            )
        return
    if s.tracing:
        cards = "1 random action card" if n == 1 else f"{n} random action cards"
        s._log(
            "mf.10.6",
            f"{s.name(p)} lands on an ambush of {n}: discard {cards}, "
            f"then receive {n} wound{'s' * (n != 1)}.",
        )
    s.stack.append(AmbushWound(p, n))
    k = min(n, len(s.hands[p]))
    if k:
        s.stack.append(Chance("discard", p, k, "mf.10.6"))


def night_pick_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    return [
        Action(p, "take_night", (c,), f"Take {s.card_label(c)} from the Actions by the Night")
        for c in sorted(set(s.night))
    ]


def night_pick_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p, c = ctx[0], action.args[0]
    s.night.remove(c)
    s.hands[p].append(c)
    if s.tracing:
        s._log(
            "mf.10.8",
            f"{s.name(p)} crossed the Broken Road, looks at the Actions by "
            f"the Night and takes {s.card_label(c)}; the rest go back face down.",
            p,
            "action",
            visible_to=(p,),
            public_text=f"{s.name(p)} crossed the Broken Road and takes one of the "
            "Actions by the Night.",
        )


def dark_pick_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    return [
        Action(p, "take_dark", (c,), f"Take {s.card_label(c)} from the Actions by the Dark")
        for c in sorted(set(s.dark))
    ]


def dark_pick_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p, c = ctx[0], action.args[0]
    s.dark.remove(c)
    s.hands[p].append(c)
    if s.tracing:
        s._log(
            "mf.10.10",
            f"{s.name(p)} reached the End of the Road and takes "
            f"{s.card_label(c)} from the Actions by the Dark.",
            p,
            "action",
            visible_to=(p,),
            public_text=f"{s.name(p)} reached the End of the Road "
            "and takes one of the Actions by the Dark.",
        )


# ---- movement effects ----
def move_effect(s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
    mover = ctx[0] if eff.get("target", "self") == "self" else s.other(ctx[0])
    roads = int(eff["roads"])
    if eff.get("up_to", True) and s.pos[mover] < END:
        s.stack.append(Pick(ctx, P_MOVE, (mover, roads, "effect")))
    else:
        room = END - s.pos[mover]
        move(
            s,
            mover,
            min(roads, room),
            "mf.10.12" if 0 < room < roads else context.effect_rule(s, ctx),
            ctx[0],
        )
