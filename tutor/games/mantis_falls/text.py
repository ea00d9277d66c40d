"""Card text rendered from the effect data, so what people read is what the engine does.

Nothing here is typed by hand per card: every sentence comes from the effect
vocabulary (``do``, ``target``, ``amount``, ``if`` ...) documented in
``docs/mantis_falls_cards.md``.
"""

from __future__ import annotations

from typing import Any

from tutor.games.mantis_falls.cards import ActionCard, AllyCard, Character, EventCard, RoadCard
from tutor.games.mantis_falls.rose_cards import RoseData

_TARGET = {
    "self": "you",
    "other": "the other player",
    "each_player": "each player",
    "opposition": "the opposition",
    "choose_player": "a player of your choice",
    "choose_any": "a player or the opposition (your choice)",
}


def amount_text(amount: Any) -> str:
    """``2`` -> ``"2"``; ``{"stoplight": "red"}`` -> ``"your red stoplight number"``."""
    if isinstance(amount, dict):
        return f"your {amount['stoplight']} stoplight number"
    return str(amount)


def _plural(n: Any, word: str) -> str:
    return f"{amount_text(n)} {word}{'' if n == 1 else 's'}"


def predicate_text(preds: dict[str, Any]) -> str:
    """Render the criteria of a "sometimes" effect."""
    parts = []
    for key, val in preds.items():
        if key == "truly_witness":
            parts.append("ONLY IF YOU ARE TRULY A WITNESS" if val else "you are not a witness")
        elif key == "near_phone":
            parts.append(
                "you are on a road with a phone"
                if val == 0
                else f"you are within {val} road{'s' if val > 1 else ''} of a phone"
            )
        elif key == "at_bus_stop":
            parts.append("you are at a bus stop" if val else "you are not at a bus stop")
        elif key == "region":
            parts.append(
                f"you are in the {val} region"
                if val in ("sunset", "night", "dark")
                else f"you are at the {val} of the road"
            )
        elif key == "event_kind":
            parts.append(f"the event is an {val}" if val[0] in "aeiou" else f"the event is a {val}")
        elif key == "event_seen":
            parts.append("the event is seen" if val else "the event is unseen")
        elif key == "wounds_at_least":
            parts.append(f"you have at least {val} wounds")
        elif key == "other_wounds_at_least":
            parts.append(f"the other player has at least {val} wounds")
        elif key == "same_road":
            parts.append(
                "you share a road with the other player"
                if val
                else "you are not on the other player's road"
            )
        elif key == "ahead_of_other":
            parts.append("you are ahead of the other player")
        elif key == "behind_other":
            parts.append("you are behind the other player")
        elif key == "play_position_at_least":
            parts.append(f"this is card {val} or later of your action play")
        elif key == "in_last_gasp":
            parts.append("it is played in your Last Gasp" if val else "it is not in a Last Gasp")
        elif key == "hand_at_most":
            parts.append(f"you hold at most {val} cards")
        elif key == "stoplight_at_least":
            parts.append(f"your {val['color']} stoplight number is at least {val['value']}")
        elif key == "has_condition":
            parts.append(f"you control {val}")
        elif key == "is_turn_player":
            parts.append("it is your turn" if val else "it is not your turn")
        else:
            parts.append(f"{key} = {val}")
    return " and ".join(parts)


def effect_text(effect: dict[str, Any]) -> str:
    """Render one effect as a sentence."""
    do = effect["do"]
    t = _TARGET.get(effect.get("target", "self"), effect.get("target", ""))
    if do == "wound":
        amount = effect["amount"]
        how_many = (
            f"wounds equal to {amount_text(amount)}"
            if isinstance(amount, dict)
            else _plural(amount, "wound")
        )
        if effect.get("target", "self") == "self":
            body = f"You receive {how_many}."
        elif effect.get("target") == "each_player":
            body = f"Each player receives {how_many}."
        else:
            body = f"Deal {how_many} to {t}."
    elif do == "heal":
        n = _plural(effect["amount"], "wound")
        body = {
            "self": f"Heal {n} of your own.",
            "other": f"The other player heals {n}.",
            "each_player": f"Each player heals {n}.",
        }.get(effect.get("target", "self"), f"Heal {n} of {t}.")
    elif do == "move":
        who = "You" if effect.get("target", "self") == "self" else "The other player"
        how = "up to " if effect.get("up_to", True) else ""
        verb = "move" if who == "You" else "moves"
        body = f"{who} {verb} {how}{_plural(effect['roads'], 'road')} forward."
    elif do == "prevent_event":
        body = "Prevent this turn's event."
    elif do == "draw":
        who = {
            "self": "Draw",
            "other": "The other player draws",
            "each_player": "Each player draws",
            "bystander": "The bystander draws",
        }[effect.get("target", "self")]
        body = f"{who} {_plural(effect['count'], 'action card')}."
    elif do == "discard_random":
        whose = "your" if effect.get("target") == "self" else "the other player's"
        body = f"Discard {_plural(effect['count'], 'random card')} from {whose} hand."
    elif do == "discard_chosen":
        who = "You discard" if effect.get("target") == "self" else "The other player discards"
        body = f"{who} {_plural(effect['count'], 'card')} of their choice."
    elif do == "take_ally":
        body = f"Take {_plural(effect['count'], 'ally card')} of your choice from the ally deck."
    elif do == "return_ally":
        whose = (
            "one of your allies"
            if effect.get("target") == "self"
            else "one of the other player's allies"
        )
        body = f"Return {whose} to the ally deck."
    elif do == "keep_as_condition":
        body = "Keep this card as a condition."
    elif do == "remove_condition":
        whose = {
            "self": "one of your conditions",
            "other": "one of the other player's conditions",
            "any": "any condition",
        }[effect.get("target", "any")]
        body = f"Discard {whose}."
    elif do == "take_conserved":
        body = f"Take {_plural(effect['count'], 'card')} from Conserved Energy into your hand."
    elif do == "peek_event":
        body = "Look at the top event card; you may put it on the bottom of the event deck."
    elif do == "choose_one":
        opts = " OR ".join(
            f"{o['label']}: " + " ".join(effect_text(e) for e in o["effects"])
            for o in effect["options"]
        )
        body = f"Choose one — {opts}"
    elif do == "bystander_choice":
        opts = " OR ".join(
            f"{o['label']}: " + " ".join(effect_text(e) for e in o["effects"])
            for o in effect["options"]
        )
        body = f"The bystander chooses one — {opts}"
    elif do == "wound_split":
        body = f"Divide {_plural(effect['amount'], 'wound')} between the players as you choose."
    else:
        body = f"{do}."
    if effect.get("if"):
        body = f"Sometimes ({predicate_text(effect['if'])}): {body}"
    if effect.get("label"):
        body = f"{effect['label']}: {body}"
    return body


def lasting_text(block: dict[str, Any]) -> list[str]:
    """Render a condition's or ally's passive and any-time effects."""
    lines = []
    passive = block.get("passive") or {}
    if "reduce_event_wounds" in passive:
        lines.append(
            f"Wounds you receive from events are reduced by {passive['reduce_event_wounds']}."
        )
    if passive.get("ignore_ambush"):
        lines.append("Ambushes neither discard your cards nor wound you.")
    if "hand_size" in passive:
        lines.append(f"You draw up to {passive['hand_size']} cards in the draw phase.")
    if "extra_event_wounds" in passive:
        lines.append(
            f"Wounds you receive from events are increased by {passive['extra_event_wounds']}."
        )
    if "extra_opposition_wounds" in passive:
        lines.append(
            f"When you wound an opposition, deal {passive['extra_opposition_wounds']} more."
        )
    anytime = block.get("anytime")
    if anytime:
        cost = anytime["cost"]
        if "discard_tag" in cost:
            how = f"discard a {cost['discard_tag']} card from your hand"
        elif cost.get("discard_self"):
            how = "give up this card"
        else:
            how = "once per turn"
        body = " ".join(effect_text(e) for e in anytime["effects"])
        lines.append(f"Any time ({anytime.get('label', 'use')}; {how}): {body}")
    return lines


def action_card_text(card: ActionCard) -> str:
    """The full text of an action card (an affliction says so: nothing removes it)."""
    lines = [f"{card.name} — {card.suit.title()}{' · affliction' if card.affliction else ''}"]
    lines += [f"When revealed: {effect_text(e)}" for e in card.on_reveal]
    steps = [effect_text(e) for e in card.effects]
    if card.affliction:
        keep = "Keep this card as a condition."
        steps = [
            s.replace(keep, "Keep this card as an affliction: nothing can remove it.")
            for s in steps
        ]
    lines += [f"{i}. {s}" for i, s in enumerate(steps, 1)]
    if card.condition:
        kept = "While an affliction: " if card.affliction else "While a condition: "
        lines += [kept + s for s in lasting_text(card.condition)]
    return "\n".join(lines)


def character_card_text(card: Character) -> str:
    """The text of a character card (Full Circle deals them face down, mf.21.2)."""
    where = " (Full Circle)" if card.module else ""
    return f"{card.name} — character{where}\nMaximum wounds: {card.max_wounds}."


def event_card_text(card: EventCard) -> str:
    """The full text of an event card."""
    head = f"{card.name} — {'seen' if card.seen else 'unseen'} {card.kind}"
    lines = [head]
    if card.kind == "incident":
        lines += ["Effect: " + " ".join(effect_text(e) for e in card.effect)]
        if card.bonus:
            lines += ["Bonus: " + " ".join(effect_text(e) for e in card.bonus)]
    else:
        lines += [f"Health {card.health}"]
        lines += [
            "If undefeated: " + (" ".join(effect_text(e) for e in card.undefeated) or "nothing")
        ]
        lines += ["If defeated: " + (" ".join(effect_text(e) for e in card.defeated) or "nothing")]
    return "\n".join(lines)


def ally_card_text(card: AllyCard) -> str:
    """The full text of an ally card."""
    return "\n".join(
        [f"{card.name} — ally, complete with {card.requirement}"] + lasting_text(card.effect)
    )


def road_card_text(road: RoadCard) -> str:
    """A one-line description of a road card."""
    marks = []
    if road.phone:
        marks.append("phone")
    if road.bus_stop:
        marks.append("bus stop")
    if road.ambush:
        marks.append(f"ambush {road.ambush}")
    if road.broken:
        marks.append("BROKEN ROAD")
    extra = f"; {', '.join(marks)}" if marks else ""
    return f"{road.name} ({road.region}; stoplight {road.green}/{road.yellow}/{road.red}{extra})"


def agent_card_text(rose: RoseData, horizon: int, sky: int) -> str:
    """The full text of an Under the Rose agent (a Horizon and a Sky card, topic 23)."""
    h, k = rose.horizons[horizon], rose.skies[sky]
    meet = " or ".join(f"the {_ORDINAL.get(n, f'#{n}')} {suit.title()} card" for suit, n in h.meet)
    lines = [
        f"{rose.agent_name(horizon, sky)} — agent under the rose ({_plural(h.dots, 'dot')})",
        f"Weakness: {h.weakness['label']}",
        f"Meet: when you reveal {meet} of your action play",
        f"Bury: {_plural(k.bury, 'card')} from the action deck",
    ]
    lines += [
        f"Redeem ({o['cost']}): {o['label']}: " + " ".join(effect_text(e) for e in o["effects"])
        for o in k.redeem
    ]
    lines.append(
        f"Underground market: at maximum wounds pay up to {rose.market_limit}, draw as many, "
        f"discard down to {rose.hand_after_market}"
    )
    lines.append(f"Pay off: {k.pay_own} for this agent, {k.pay_other} for another player's")
    return "\n".join(lines)


_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
