"""Exact challenge odds for Manos, from either side's point of view.

A challenge's result depends on cards one side cannot see.  The odds here are exact
(multivariate hypergeometric sums over the unseen hand, no sampling) under one stated
line of play, the same for every question:

* Manos adds every rating-bonus Primal Darkness card it holds (Dark Will ...).
* The Family lays its two best Effort cards (keyword bonuses against this Challenge
  card included) and adds every Help card it holds: a Help card with an effort bonus
  is either *played* for that bonus (``bold``: each of Manos' negate cards cancels one
  such play, which is then worth nothing) or *discarded* as a +1 boost, which cannot be
  negated (``safe``, mn.8.1 and mn.12.7).  Every other Help card is a +1 boost.
* With no Effort card the Family cannot accept: it concedes.

From the Family's side the unseen hand is Manos' (drawn from every Manos card the
Family cannot see: Manos' hand and deck); from Manos' side it is the Family's.  Only
what matters is told apart (card categories), so a full hand takes well under 10 ms.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb
from typing import Any

from tutor.games.manos.cards import Card
from tutor.games.manos.engine.frames import ChallengeFrame
from tutor.games.manos.engine.state import FAMILY, MANOS, ManosState, escalation


def _vectors(avail: list[int], n: int) -> Iterator[list[int]]:
    """Every way to take ``n`` cards from categories holding ``avail`` cards each."""
    if not avail:
        if n == 0:
            yield []
        return
    first, rest = avail[0], avail[1:]
    left = sum(rest)
    for k in range(max(0, n - left), min(first, n) + 1):
        for tail in _vectors(rest, n - k):
            yield [k, *tail]


def hand_distribution(pool: dict[Any, int], n: int) -> list[tuple[dict[Any, int], float]]:
    """Every hand of ``n`` cards from ``pool`` (category -> cards), with its probability.

    Raises:
        ValueError: if the pool holds fewer than ``n`` cards.
    """
    keys = sorted(pool, key=str)
    avail = [pool[k] for k in keys]
    total = sum(avail)
    if n > total:
        raise ValueError(f"cannot draw {n} cards from {total}")
    denom = comb(total, n)
    out = []
    for vec in _vectors(avail, n):
        weight = 1
        for a, k in zip(avail, vec, strict=True):
            weight *= comb(a, k)
        out.append(({key: k for key, k in zip(keys, vec, strict=True) if k}, weight / denom))
    return out


def effort_value(card: Card, keywords: tuple[str, ...]) -> int:
    """An Effort card's worth against a Challenge card with ``keywords``."""
    return card.effort + sum(card.vs_keyword.get(w, 0) for w in keywords)


def family_total(
    efforts: list[int], bonus_helps: list[int], boosts: int, negates: int, bold: bool
) -> int | None:
    """The Family's total effort (stat excluded) under the line of play, or None (concede).

    Args:
        efforts: the worth of each Effort card held.
        bonus_helps: the effort bonus of each Help card that has one.
        boosts: other Help cards (each a +1 boost).
        negates: Manos' negate cards able to cancel a Help card.
        bold: play bonus Help cards for their bonus rather than boost with them.
    """
    if not efforts:
        return None
    best = sum(sorted(efforts, reverse=True)[:2]) + boosts
    if bold:
        kept = sorted(bonus_helps)[min(negates, len(bonus_helps)) :]
        return best + sum(kept)
    return best + len(bonus_helps)


def _family_categories(state: ManosState, cards: list[int], keywords: tuple[str, ...]) -> Any:
    efforts, bonus, boosts = [], [], 0
    for c in cards:
        card = state.game.cards.family[c]
        if card.group == "effort":
            efforts.append(effort_value(card, keywords))
        elif card.effort:
            bonus.append(card.effort)
        else:
            boosts += 1
    return efforts, bonus, boosts


def _manos_categories(state: ManosState, cards: list[int]) -> tuple[int, int]:
    rating = negates = 0
    for c in cards:
        card = state.game.cards.manos[c]
        rating += card.rating_bonus
        negates += int("help" in card.negate)
    return rating, negates


def _family_key(state: ManosState, c: int, keywords: tuple[str, ...]) -> tuple[str, int]:
    card = state.game.cards.family[c]
    if card.group == "effort":
        return ("effort", effort_value(card, keywords))
    return ("bonus", card.effort) if card.effort else ("boost", 1)


def _manos_key(state: ManosState, c: int) -> tuple[str, int]:
    card = state.game.cards.manos[c]
    if card.rating_bonus:
        return ("rating", card.rating_bonus)
    return ("negate", 0) if "help" in card.negate else ("other", 0)


def _under_way(state: ManosState, card: int) -> bool:
    return any(isinstance(f, ChallengeFrame) and f.card == card for f in state.stack)


def challenge_odds(
    state: ManosState, viewer: int, card: str, target: str
) -> dict[str, float | int]:
    """The chance that ``target`` overcomes ``card`` now, as ``viewer`` can know it.

    Args:
        state: the position (its escalation, the hands, what ``viewer`` cannot see).
        viewer: 0 (the Family: Manos' hand unknown) or 1 (Manos: the Family's unknown).
        card: the Challenge card's name.
        target: the character's name.

    Returns:
        ``{"rating": base rating with escalation and vs., "stat": the stat's value,
        "safe": p, "bold": p, "best": the larger}``.

    Raises:
        ValueError: for an unknown card, character or viewer.
    """
    cards = state.game.cards
    ch = next((c for c in cards.manos if c.name == card and c.group == "challenge"), None)
    who = next((c for c in cards.characters if c.name == target), None)
    if ch is None or who is None or viewer not in (FAMILY, MANOS):
        raise ValueError(f"no challenge {card!r} against {target!r} for viewer {viewer}")
    rating = ch.rating + ch.vs.get(who.index, 0)
    if not state.showdown_on:
        rating += escalation(state.escapes())
    stat = who.stats[ch.stat]
    probs = {"safe": 0.0, "bold": 0.0}
    if viewer == FAMILY:
        efforts, bonus, boosts = _family_categories(state, state.hands[FAMILY], ch.keywords)
        unseen = state.hands[MANOS] + state.decks[MANOS]
        n = len(state.hands[MANOS])
        if not _under_way(state, ch.index) and ch.index in unseen and n > 0:
            unseen.remove(ch.index)  # the Challenge card leaves Manos' hand to be played
            n -= 1
        pool: dict[Any, int] = {}
        for c in unseen:
            key = _manos_key(state, c)
            pool[key] = pool.get(key, 0) + 1
        for hand, p in hand_distribution(pool, n):
            extra = sum(k * v for (kind, v), k in hand.items() if kind == "rating")
            negates = sum(k for (kind, _), k in hand.items() if kind == "negate")
            for line in probs:
                total = family_total(efforts, bonus, boosts, negates, line == "bold")
                if total is not None and total + stat >= rating + extra:
                    probs[line] += p
    else:
        extra, negates = _manos_categories(state, state.hands[MANOS])
        unseen = state.hands[FAMILY] + state.decks[FAMILY]
        pool = {}
        for c in unseen:
            key = _family_key(state, c, ch.keywords)
            pool[key] = pool.get(key, 0) + 1
        for hand, p in hand_distribution(pool, len(state.hands[FAMILY])):
            efforts = [v for (kind, v), k in hand.items() if kind == "effort" for _ in range(k)]
            bonus = [v for (kind, v), k in hand.items() if kind == "bonus" for _ in range(k)]
            boosts = sum(k for (kind, _), k in hand.items() if kind == "boost")
            for line in probs:
                total = family_total(efforts, bonus, boosts, negates, line == "bold")
                if total is not None and total + stat >= rating + extra:
                    probs[line] += p
    return {
        "rating": rating,
        "stat": stat,
        "safe": probs["safe"],
        "bold": probs["bold"],
        "best": max(probs.values()),
    }


def concede_or_fight(state: ManosState, card: str, target: str) -> dict[str, Any]:
    """The Family's choice at a challenge as a small decision tree with a chance edge.

    Conceding gives the target a corruption token for certain and keeps the hand;
    fighting spends cards and gives the token only when the total falls short, which
    happens with the chance computed by :func:`challenge_odds` (Manos' hand unseen).

    Returns:
        ``{"concede": {...}, "fight": {...}, "advice": "fight" or "concede"}`` where each
        branch gives the chance of a corruption token and of a capture.

    Raises:
        ValueError: for an unknown card or character.
    """
    odds = challenge_odds(state, FAMILY, card, target)
    c = next(ch.index for ch in state.game.cards.characters if ch.name == target)
    tokens = state.corruption[c]
    fail = 1.0 - float(odds["best"])
    return {
        "concede": {"token": 1.0, "capture": 1.0 if tokens == 1 else 0.0},
        "fight": {
            "token": fail,
            "capture": fail if tokens == 1 else 0.0,
            "overcome": {"chance": 1.0 - fail},
            "short": {"chance": fail},
        },
        "odds": odds,
        "advice": "fight" if fail < 1.0 else "concede",
    }


__all__ = ["challenge_odds", "concede_or_fight", "family_total", "hand_distribution"]
