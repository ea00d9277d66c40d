"""The Under the Rose module (topic 23): agents, roses, buried cards and paying them.

Each player's agent is a Horizon and a Sky card (state ``agent_horizon``/``agent_sky``,
-1 once paid off); the action cards under their wooden rose are ``buried``.  The shared
engine calls in here at a few hooks only, each guarded by ``game.under_the_rose`` so the
base game plays exactly as before: the setup (:func:`deal_agents`), revealing a card
(:func:`start_card`: weakness and meeting), wounds and healing (weaknesses, the
underground market at maximum wounds), the turn step after the initial movement
(:func:`offer_pay_off`) and the escape test (:func:`agents_hold_escape`).
"""

from __future__ import annotations

from typing import Any

from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.mantis_falls.engine import context, drawing
from tutor.games.mantis_falls.engine.data import END, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_ROSE_MEET,
    P_ROSE_PAY,
    P_ROSE_PAY_OFF,
    P_ROSE_TRIM,
    Chance,
    Ctx,
    DrawCount,
    Effects,
    Pick,
    RoseStep,
)
from tutor.games.mantis_falls.rose_cards import RoseData

MARKET = "market"
REDEEM = "redeem"
OWN = "own"
OTHER = "other"


def rose(s: MantisFallsData) -> RoseData:
    """The module's cards (only called when the module is on)."""
    data = s.game.rose
    assert data is not None
    return data


def has_agent(s: MantisFallsData, p: int) -> bool:
    """Whether player ``p`` still has an agent (not paid off)."""
    return s.agent_horizon[p] >= 0


def agent_name(s: MantisFallsData, p: int) -> str:
    """Player ``p``'s agent, e.g. "Kit the Moonlighter"."""
    return rose(s).agent_name(s.agent_horizon[p], s.agent_sky[p])


def value(s: MantisFallsData, cards: list[int]) -> int:
    """What ``cards`` are worth paid together (mf.23.9)."""
    actions = s.cards.actions
    return rose(s).value([actions[c].suit for c in cards])


def grouped(s: MantisFallsData, cards: list[int]) -> tuple[list[int], list[int]]:
    """(cards paid in pairs or triples, shown to all; cards paid one by one, face down)."""
    by_suit: dict[str, list[int]] = {}
    for c in cards:
        by_suit.setdefault(s.cards.actions[c].suit, []).append(c)
    shown: list[int] = []
    hidden: list[int] = []
    for group in by_suit.values():
        n = len(group)
        cut = 3 * (n // 3) + (2 if n % 3 == 2 else 0)
        shown += group[:cut]
        hidden += group[cut:]
    return shown, hidden


def _card_list(s: MantisFallsData, cards: list[int]) -> str:
    return ", ".join(s.card_label(c) for c in cards)


def _agent_ctx(p: int, position: int = 0, in_gasp: bool = False) -> Ctx:
    return (p, "agent", -1, position, in_gasp)


# ---- setup (mf.23.2-23.4) ------------------------------------------------------------
def deal_agents(s: MantisFallsData, rng: Rng) -> None:
    """Deal each player a Horizon and a Sky card and make the opening burial."""
    data = rose(s)
    n = s.game.num_players
    horizons = list(range(len(data.horizons)))
    skies = list(range(len(data.skies)))
    rng.shuffle(horizons)
    rng.shuffle(skies)
    for p in range(n):
        s.agent_horizon[p] = horizons[p]
        s.agent_sky[p] = skies[p]
    if s.tracing:
        for p in range(n):
            s._log(
                "mf.23.2",
                f"{s.name(p)} is dealt a Horizon and a Sky card at random: their agent is "
                f"{agent_name(s, p)}, face up beside a wooden rose.",
                p,
                changes=(("agent", None, agent_name(s, p)),),
            )
        if len(horizons) > n or len(skies) > n:
            s._log("mf.23.1", "The unused Horizon and Sky cards go back to the box unseen.")
        else:  # three players and the box's three of each: none is left over
            s._log("mf.23.1", "Every Horizon and Sky card is in play: none goes back to the box.")
    for p in range(n):
        dots = data.horizons[s.agent_horizon[p]].dots
        for _ in range(dots):
            if s.action_pile:
                s.buried[p].append(s.action_pile.pop(rng.below(len(s.action_pile))))
        if s.tracing:
            s._log(
                "mf.23.4",
                f"{s.name(p)}'s agent shows {dots} dot{'s' * (dots != 1)}: {s.name(p)} buries "
                f"{dots} card{'s' * (dots != 1)} from the action deck under their rose "
                f"({_card_list(s, s.buried[p]) or 'none'}).",
                p,
                changes=(("buried", 0, len(s.buried[p])),),
                visible_to=(p,),
                public_text=f"{s.name(p)}'s agent shows {dots} dot{'s' * (dots != 1)}: "
                f"{s.name(p)} buries {dots} card{'s' * (dots != 1)} face down under their "
                "rose (only they may look at them).",
                public_rule="mf.23.3",
            )


# ---- revealing a card: weakness and meeting (mf.23.5, mf.23.6) ------------------------
def start_card(s: MantisFallsData, p: int, c: int, position: int, in_gasp: bool) -> None:
    """Start card ``c`` revealed by ``p`` at ``position`` of their (gasp) play.

    A weakness may take its effects away; matching the meeting requirement puts the
    meeting before the card is processed (it is pushed last, so it comes first).
    """
    h = s.agent_horizon[p]
    weak = rose(s).horizons[h].weakness if h >= 0 else None
    suit = s.cards.actions[c].suit
    blocked = weak is not None and weak["kind"] == "no_effect_suit" and weak["suit"] == suit
    context.start_card(s, p, c, position, in_gasp, not blocked)
    if blocked and s.tracing:
        s._log(
            "mf.23.5",
            f"{agent_name(s, p)}'s weakness: {weak['label'] if weak else ''}. "
            f"{s.card_label(c)} is revealed but does nothing for {s.name(p)}.",
            p,
        )
    if h < 0 or (suit, position) not in rose(s).horizons[h].meet:
        return
    if in_gasp and s._ruling("rose_meeting_in_last_gasp") == "main_play_only":
        return
    if s.tracing:
        nth = ("first", "second", "third", "fourth", "fifth")
        place = nth[position - 1] if position <= len(nth) else f"number {position}"
        s._log(
            "mf.23.6",
            f"{s.card_label(c)} is the {place} {suit.title()} card of {s.name(p)}'s "
            f"{'Last Gasp ' if in_gasp else ''}action play: {s.name(p)} meets "
            f"{agent_name(s, p)} before processing it, and chooses to bury or to redeem.",
            p,
        )
    s.stack.append(Pick(_agent_ctx(p, position, in_gasp), P_ROSE_MEET, (c,)))


def meet_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    sky = rose(s).skies[s.agent_sky[p]]
    worth = value(s, s.buried[p])
    acts = [Action(p, "rose_bury", (), f"Bury {sky.bury} card{'s' * (sky.bury != 1)}")]
    for k, option in enumerate(sky.redeem):
        if worth >= int(option["cost"]):
            acts.append(
                Action(p, "rose_redeem", (k,), f"Redeem {option['label']} (cost {option['cost']})")
            )
    return acts


def meet_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p = ctx[0]
    sky = rose(s).skies[s.agent_sky[p]]
    if s.tracing:
        s._log(
            "mf.23.10",
            f"Once this meeting is over, the turn goes on with {s.card_label(args[0])}, "
            "the card that triggered it, processed first.",
            p,
        )
    if action.kind == "rose_bury":
        if s.tracing:
            s._log(
                "mf.23.7",
                f"{s.name(p)} chooses to bury: {sky.bury} card{'s' * (sky.bury != 1)} from "
                "the action deck go face down under their rose.",
                p,
                "action",
            )
        bury(s, p, sky.bury, "mf.23.7")
        return
    k = action.args[0]
    option = sky.redeem[k]
    if s.tracing:
        s._log(
            "mf.23.8",
            f"{s.name(p)} chooses to redeem {option['label']} and pays at least "
            f"{option['cost']} from their buried cards.",
            p,
            "action",
        )
    s.stack.append(Pick(ctx, P_ROSE_PAY, (REDEEM, k, int(option["cost"]))))


# ---- burying (mf.23.7) -----------------------------------------------------------------
def bury(s: MantisFallsData, p: int, count: int, rule: str) -> None:
    """Bury ``count`` cards from the top of the action deck under ``p``'s rose."""
    while count > 0 and s.action_top:
        c = s.action_top.pop(0)
        buried_one(s, p, c, rule)
        count -= 1
    if count <= 0:
        return
    if not s.action_pile and not drawing.refill_pile(s, rule):
        return
    s.stack.append(Chance("bury", p, count, rule))


def buried_one(s: MantisFallsData, p: int, c: int, rule: str) -> None:
    """Card ``c`` goes face down under ``p``'s rose."""
    s.buried[p].append(c)
    if s.tracing:
        s._log(
            rule,
            f"{s.name(p)} buries {s.card_label(c)} under their rose ({len(s.buried[p])} buried).",
            p,
            "chance",
            (("buried", len(s.buried[p]) - 1, len(s.buried[p])),),
            visible_to=(p,),
            public_text=f"{s.name(p)} buries a card face down under their rose "
            f"({len(s.buried[p])} buried).",
        )


def bury_drawn(s: MantisFallsData, top: Chance, c: int) -> None:
    """The chance step ``top`` drew ``c`` from the shuffled pile to bury."""
    s.action_pile.remove(c)
    buried_one(s, top.player, c, top.rule)
    if top.count > 1:
        bury(s, top.player, top.count - 1, top.rule)


# ---- paying (mf.23.8, mf.23.9, mf.23.11, mf.23.13) -------------------------------------
def pay_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    """Buried cards still to choose from (one per card name), and for the market, stop."""
    p = ctx[0]
    purpose, cost = args[0], int(args[2])
    chosen = list(args[3:])
    left = s.buried[p][:]
    for c in chosen:
        left.remove(c)
    acts = []
    for c in s._first_copies(left):
        if purpose == MARKET and value(s, chosen + [c]) > cost:
            continue  # the market buys at most `cost` cards (mf.23.11)
        acts.append(Action(p, "rose_pay", (c,), f"Pay with {s.card_label(c)}"))
    if purpose == MARKET:
        worth = value(s, chosen)
        label = (
            f"Stop paying: draw {worth} card{'s' * (worth != 1)}"
            if chosen
            else "Do not use the underground market"
        )
        acts.append(Action(p, "rose_stop", (), label))
    return acts


def pay_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p = ctx[0]
    purpose, option, cost = args[0], int(args[1]), int(args[2])
    chosen = list(args[3:])
    if action.kind == "rose_pay":
        chosen.append(action.args[0])
        if purpose == MARKET or value(s, chosen) < cost:
            s.stack.append(Pick(ctx, P_ROSE_PAY, (purpose, option, cost, *chosen)))
            return
    paid = pay(s, p, chosen, purpose)
    if purpose == REDEEM:
        sky = s.agent_sky[p]
        s.stack.append(Effects(ctx, ("agent", sky, "redeem", option, "effects"), 0))
    elif purpose == MARKET:
        market_bought(s, p, paid)
    else:
        paid_off(s, p, option)


def pay(s: MantisFallsData, p: int, cards: list[int], purpose: str) -> int:
    """Move ``cards`` from ``p``'s rose to the action discard pile; return their worth."""
    worth = value(s, cards)
    for c in cards:
        s.buried[p].remove(c)
    s.action_discard.extend(cards)
    if s.tracing and cards:
        shown, hidden = grouped(s, cards)
        what = {
            REDEEM: "to redeem",
            MARKET: "at the underground market",
            OWN: "to pay off an agent",
            OTHER: "to pay off an agent",
        }[purpose]
        parts = []
        if shown:
            parts.append(f"shown to all: {_card_list(s, shown)}")
        if hidden:
            parts.append(f"{len(hidden)} card{'s' * (len(hidden) != 1)} one by one, face down")
        s._log(
            "mf.23.9",
            f"{s.name(p)} pays {worth} {what} with {_card_list(s, cards)} ({'; '.join(parts)}).",
            p,
            "action",
            (("buried", len(s.buried[p]) + len(cards), len(s.buried[p])),),
            visible_to=(p,),
            public_text=f"{s.name(p)} pays {worth} {what} ({'; '.join(parts)}).",
        )
    return worth


# ---- the underground market (mf.23.11) -------------------------------------------------
def offer_market(s: MantisFallsData, q: int) -> None:
    """``q`` has just reached maximum wounds: offer the market if they can pay."""
    if not has_agent(s, q) or not s.buried[q]:
        return
    if s.tracing:
        s._log(
            "mf.23.11",
            f"{s.name(q)} reached maximum wounds: they may pay up to "
            f"{rose(s).market_limit} from their buried cards at the underground market "
            "and draw as many action cards.",
            q,
        )
    s.stack.append(Pick(_agent_ctx(q), P_ROSE_PAY, (MARKET, 0, rose(s).market_limit)))


def market_open(s: MantisFallsData) -> bool:
    """Whether the underground market is waiting for a choice (on top of the stack)."""
    top = s.stack[-1] if s.stack else None
    return isinstance(top, Pick) and top.pick == P_ROSE_PAY and top.args[0] == MARKET


def market_bought(s: MantisFallsData, p: int, worth: int) -> None:
    if not worth:
        if s.tracing:
            s._log("mf.23.11", f"{s.name(p)} leaves the underground market alone.", p, "action")
        return
    if s.tracing:
        s._log(
            "mf.23.11",
            f"{s.name(p)} draws {worth} action card{'s' * (worth != 1)} from the "
            f"underground market, then discards down to {rose(s).hand_after_market}.",
            p,
        )
    s.stack.append(RoseStep(p, "trim"))
    s.stack.append(DrawCount(p, worth, "mf.23.11"))


def rose_step(s: MantisFallsData, top: RoseStep) -> None:
    """After the market's draws: discard down to the hand it leaves (one pick per card)."""
    s.stack.pop()
    p = top.player
    limit = rose(s).hand_after_market
    if len(s.hands[p]) > limit:
        s.stack.append(Pick(_agent_ctx(p), P_ROSE_TRIM, (limit,)))


def trim_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    return [
        Action(p, "rose_discard", (c,), f"Discard {s.card_label(c)}")
        for c in s._first_copies(s.hands[p])
    ]


def trim_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p, limit = ctx[0], int(args[0])
    c = action.args[0]
    s.hands[p].remove(c)
    s.action_discard.append(c)
    if s.tracing:
        s._log(
            "mf.23.11",
            f"{s.name(p)} discards {s.card_label(c)} face down ({len(s.hands[p])} in hand).",
            p,
            "action",
            visible_to=(p,),
            public_text=f"{s.name(p)} discards a card face down ({len(s.hands[p])} in hand).",
        )
    if len(s.hands[p]) > limit:
        s.stack.append(Pick(ctx, P_ROSE_TRIM, (limit,)))


# ---- paying off at the End of the Road (mf.23.13, mf.23.14) -----------------------------
def offer_pay_off(s: MantisFallsData) -> None:
    """Right after the initial movement: a turn player on the End with an agent may pay
    off one agent."""
    p = s.turn_player
    if s.pos[p] == END and has_agent(s, p) and not s.dead[p]:
        s.stack.append(Pick((p, "turn", -1, 0, False), P_ROSE_PAY_OFF, ()))


def pay_off_options(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
    p = ctx[0]
    sky = rose(s).skies[s.agent_sky[p]]
    worth = value(s, s.buried[p])
    acts = [Action(p, "rose_keep", (), "Pay off no agent now")]
    # Your own agent or the other active player's: never the bystander's (mf.7.2).
    for q in sorted((p, s.other(p))):
        if not has_agent(s, q):
            continue
        price = sky.pay_own if q == p else sky.pay_other
        if worth >= price:
            whose = "your own agent" if q == p else f"{s.name(q)}'s agent"
            acts.append(
                Action(p, "rose_pay_off", (q,), f"Pay off {whose}, {agent_name(s, q)} ({price})")
            )
    return acts


def pay_off_chosen(s: MantisFallsData, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
    p = ctx[0]
    if action.kind == "rose_keep":
        if s.tracing:
            s._log(
                "mf.23.13",
                f"{s.name(p)} is on the End of the Road with an agent and pays off no agent.",
                p,
                "action",
            )
        return
    q = action.args[0]
    sky = rose(s).skies[s.agent_sky[p]]
    price = sky.pay_own if q == p else sky.pay_other
    if s.tracing:
        whose = "their own agent" if q == p else f"{s.name(q)}'s agent"
        which = "first" if q == p else "second"
        s._log(
            "mf.23.13",
            f"{s.name(p)} is on the End of the Road with an agent and pays off {whose}, "
            f"{agent_name(s, q)}, for {price} (the {which} price on their agent).",
            p,
            "action",
        )
    s.stack.append(Pick(ctx, P_ROSE_PAY, (OWN if q == p else OTHER, q, price)))


def paid_off(s: MantisFallsData, payer: int, q: int) -> None:
    """``q``'s agent is paid off: agent and rose leave, the buried cards are discarded."""
    name = agent_name(s, q)
    gone = s.buried[q][:]
    s.buried[q].clear()
    s.action_discard.extend(gone)
    s.agent_horizon[q] = -1
    s.agent_sky[q] = -1
    if s.tracing:
        s._log(
            "mf.23.14",
            f"{name} is paid off and leaves the game with {s.name(q)}'s rose; "
            + (
                f"the {len(gone)} cards buried there go"
                if len(gone) != 1
                else "the card buried there goes"
            )
            + f" face down to the discard pile. {s.name(q)} no longer has a weakness or "
            "an agent's abilities.",
            payer,
            changes=(("agent", name, None),),
        )


def agents_hold_escape(s: MantisFallsData) -> bool:
    """Every player is alive on the End: True (no escape yet) while an agent remains."""
    left = [p for p in range(s.game.num_players) if has_agent(s, p)]
    if left and s.tracing:
        s._log(
            "mf.23.12",
            "Every player is alive at the End of the Road, but "
            + " and ".join(f"{s.name(p)}'s agent" for p in left)
            + f" {'is' if len(left) == 1 else 'are'} not paid off: no escape yet.",
        )
    return bool(left)


# ---- weaknesses that change numbers (mf.23.5) -----------------------------------------
def weakness_amount(s: MantisFallsData, p: int, kind: str) -> int:
    """The amount of ``p``'s weakness of this kind (0 without one)."""
    h = s.agent_horizon[p]
    if h < 0:
        return 0
    weak = rose(s).horizons[h].weakness
    return int(weak.get("amount", 0)) if weak["kind"] == kind else 0


def event_wounds(s: MantisFallsData, q: int, amount: int) -> int:
    """Wounds an event deals ``q`` after their weakness."""
    extra = weakness_amount(s, q, "event_wounds")
    if extra and amount > 0:
        if s.tracing:
            s._log(
                "mf.23.5",
                f"{agent_name(s, q)}'s weakness: the event deals {s.name(q)} {extra} more "
                f"wound{'s' * (extra != 1)}.",
                q,
            )
        return amount + extra
    return amount


def healing(s: MantisFallsData, q: int, amount: int) -> int:
    """Healing ``q`` receives after their weakness."""
    cut = weakness_amount(s, q, "heal_less")
    if cut and amount > 0:
        if s.tracing:
            s._log(
                "mf.23.5",
                f"{agent_name(s, q)}'s weakness: {s.name(q)} heals {cut} less.",
                q,
            )
        return max(0, amount - cut)
    return amount
