"""Card text for Manos, rendered from the same card data the engine runs.

Nothing here is stored text: every sentence is built from a card's fields (rating,
stat, keywords, "vs." bonuses, timing, target and the effect vocabulary), so the text
a learner reads can never disagree with what the engine does.
"""

from __future__ import annotations

from tutor.games.manos.cards import STAT_NAMES, Card

TIMING = {
    "turn": "Play on your own turn.",
    "challenge": "Play during a challenge.",
    "response": "Play as soon as the other player plays a card.",
}
TARGET = {
    "character": "Target a character.",
    "alone": "Target a character who is alone.",
    "corrupted": "Target a character with a corruption token.",
}
NEGATE = {
    "challenge": "a Challenge card",
    "darkness": "a Primal Darkness card",
    "help": "a Help card",
}


def effect_sentences(card: Card, names: list[str] | None = None) -> list[str]:
    """The effect of a card as sentences (empty when it has none)."""
    out = []
    if card.effort and card.group != "effort":
        out.append(f"+{card.effort} to the total effort rating.")
    if card.rating_bonus:
        out.append(f"+{card.rating_bonus} to the challenge rating.")
    if card.cancel:
        out.append("The challenge ends with no effect.")
    if card.negate:
        kinds = " or ".join(NEGATE[k] for k in card.negate)
        out.append(f"Negate {kinds} just played.")
    if card.heal:
        who = {"search": "The searcher", "police": "The most corrupted free character"}.get(
            card.group, "The character"
        )
        out.append(f"{who} loses a corruption token.")
    if card.corrupt:
        who = "The searcher" if card.group == "search" else "The character"
        out.append(f"{who} takes a corruption token.")
    if card.extra_action:
        out.append("Take one extra action this turn.")
    if card.draw:
        whose = "The Family draws" if card.group in ("search", "police") else "Draw"
        out.append(f"{whose} {card.draw} card{'s' * (card.draw > 1)}.")
    return out


def showdown_sentences(card: Card) -> list[str]:
    """A Lair Showdown card's instructions, in the order the engine carries them out."""
    out = []
    if card.showdown_hand:
        out.append("Draw a Showdown Hand.")
    if card.corrupt_each:
        n = card.corrupt_each
        out.append(f"Every free character takes {n} corruption token{'s' * (n > 1)}.")
    if card.escape_if_free:
        out.append(
            f"Then the Family escapes if at least {card.escape_if_free} characters are "
            "free; otherwise Manos wins."
        )
        return out
    if card.fixed_rating:
        out.append(
            f"Every free character faces this card's challenge: rating {card.fixed_rating}, "
            f"{STAT_NAMES[card.fixed_stat]}."
        )
    if card.challenges:
        n = card.challenges
        out.append(f"Manos makes {n} challenge{'s' * (n > 1)} with cards from its hand.")
    if not (card.fixed_rating or card.challenges):
        out.append("The Family escapes: it wins.")
    elif card.may_fail:
        out.append(
            f"The Family escapes if it fails no more than {card.may_fail} of these "
            "challenges; otherwise Manos wins."
        )
    else:
        out.append("The Family must overcome every one or Manos wins.")
    return out


def card_text(card: Card, names: list[str] | None = None) -> str:
    """The whole text of one card, in the order a printed card would show it.

    Args:
        card: the card record.
        names: the characters' names (for "vs." bonuses); default: numbered.
    """
    who = names or ["Michael", "Margaret", "Debbie"]
    parts: list[str] = []
    if card.group == "challenge":
        parts.append(f"Challenge rating {card.rating}, {STAT_NAMES[card.stat]}.")
        parts += [f"+{b} vs. {who[c]}." for c, b in sorted(card.vs.items())]
        if card.alone:
            parts.append("Target only a character who is alone.")
    elif card.group == "effort":
        parts.append(f"Effort {card.effort}.")
        parts += [f"+{b} against {w} challenges." for w, b in sorted(card.vs_keyword.items())]
    elif card.group in ("help", "darkness"):
        parts.append(TIMING[card.timing])
        if card.target:
            parts.append(TARGET[card.target])
    elif card.group == "search":
        parts.append(
            {
                "escape": "Escape: keep it.",
                "no_progress": "No Progress: discard it.",
                "other": "Follow it, then discard it.",
            }[card.kind]
        )
    elif card.group == "showdown":
        parts += showdown_sentences(card)
    parts += effect_sentences(card, who)
    if card.group == "help":
        parts.append("Or discard it for +1 effort (boost).")
    if card.group in ("effort", "help") and card.badge:
        parts.append(f"Police badge {card.badge:+d}.")
    if card.group in ("search", "police") and not parts[len(parts) - 1 :] and not card.kind:
        parts.append("Nothing happens.")
    if card.reshuffle:
        parts.append("Reshuffle.")
    if card.keywords:
        parts.append("Keywords: " + ", ".join(card.keywords) + ".")
    return " ".join(parts)


__all__ = ["card_text", "effect_sentences", "showdown_sentences"]
