"""Manos' own bots: rules of thumb for each side, reading only the deciding side's view.

Reached through the spec's ``bots`` hook (:data:`BOTS`): ``heuristic`` plays whichever
side it is seated at.  Every choice reads ``state.view(player)`` (the own hand, the
board, the challenge under way), the legal actions and the public card data; nothing
hidden.  The lookahead over determinized hands is the shared ``montecarlo`` bot, which
plans in worlds drawn by the game's ``determinize`` and stops at :func:`evaluate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.analysis.policies import Policy
from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.manos.cards import LAIR, STAT_NAMES

FAMILY, MANOS = 0, 1


def _by_kind(legal: Sequence[Action], kind: str) -> list[Action]:
    return [a for a in legal if a.kind == kind]


def _distance(adjacent: list[list[int]], start: int, goal: int) -> int:
    seen, frontier, d = {start}, [start], 0
    while frontier:
        if goal in frontier:
            return d
        d += 1
        frontier = [n for f in frontier for n in adjacent[f] if n not in seen]
        seen.update(frontier)
    return 99


class ManosHeuristic(Policy):
    """Plays either side by rules of thumb.

    The Family: take the last Escape card or get away when it can; search where the
    searcher's stat is best; walk toward unsearched Search Decks (the Lair once three
    Escape cards are in); heal and take extra actions when it can; draw on a thin hand
    (first of all while it holds fewer than two Effort cards).  In a challenge it
    concedes when even its best two Effort cards and every Help card cannot reach the
    rating (keeping its cards), otherwise it lays the weakest Effort
    card that closes the gap alone (else its biggest), then a second and boosts only
    while still short.  It searches only holding an Effort card.  It negates challenges
    against a character with a corruption token.

    Manos: challenges the character with the weakest stat for each Challenge card
    (a character one token from capture first), adds rating cards when the target
    already has a token, curses lone characters, draws when it holds no Challenge card,
    and negates Help cards that add effort or remove tokens.
    """

    name = "heuristic"
    description = "Rules of thumb for whichever side it plays (Family or Manos)."

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        me = legal[0].player
        view = state.view(me)
        if me == FAMILY:
            return self._family(state, view, legal)
        return self._manos(state, view, legal)

    # ------------------------------------------------------------------ the Family
    def _family(self, state: Any, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        cards = state.game.cards
        kinds = {a.kind for a in legal}
        chars = view["characters"]
        if "concede" in kinds or "accept" in kinds:
            return self._family_challenge(state, view, legal)
        if "discard" in kinds:
            return self._cheapest_discard(state, legal, FAMILY)
        if "done" in kinds:
            return _by_kind(legal, "done")[0]
        if "pass" in kinds:
            top = view["played"][-1]["card"] if view["played"] else ""
            card = next((c for c in cards.manos if c.name == top), None)
            negates = _by_kind(legal, "negate")
            if negates and card is not None and (card.rating_bonus or card.corrupt):
                return negates[0]
            return _by_kind(legal, "pass")[0]
        # The main decision of the Family turn.
        relocates = _by_kind(legal, "relocate")
        if relocates and view["escapes"] >= 4:
            return relocates[0]
        searches = _by_kind(legal, "search")
        hand = view["players"][FAMILY]["hand"] or []
        by_name = {c.name: c for c in cards.family}
        best_effort = sorted(
            (by_name[n].effort for n in hand if by_name[n].group == "effort"), reverse=True
        )[:2]
        need = 3 + view["escalation"]
        draws = _by_kind(legal, "draw")
        if draws and len(best_effort) < 2 and len(hand) < 8:
            return draws[0]  # too few Effort cards to meet what is coming
        good = []
        for a in searches:
            c = int(a.args[0])
            here = state.loc[c]
            stat = cards.locations[here].stat
            value = 9 if here == LAIR else chars[c]["stats"][STAT_NAMES[stat]] + sum(best_effort)
            if value >= need and (best_effort or here == LAIR):
                good.append((value, a))
        if good:
            return max(good, key=lambda x: x[0])[1]
        for a in _by_kind(legal, "play"):
            card = cards.family[int(a.args[0])]
            if card.heal or card.extra_action or (card.draw and len(hand) < 6):
                return a
        if relocates and view["turn"] == "Family" and view["actions_left"] > 0:
            goals = [
                loc_i
                for loc_i, loc in enumerate(view["locations"])
                if (loc["search_deck"] or 0) > 0 and not loc["searched_this_turn"]
            ]
            if view["escapes"] >= state.game.lair_needs and view["lair_escape"]:
                goals = [LAIR]
            scored = []
            for a in relocates:
                c, dest = int(a.args[0]), int(a.args[1])
                now = min(
                    (_distance(state.game.adjacent, state.loc[c], g) for g in goals), default=99
                )
                after = min((_distance(state.game.adjacent, dest, g) for g in goals), default=99)
                if after < now:
                    scored.append((after, c, a))
            if scored:
                return min(scored, key=lambda x: (x[0], x[1]))[2]
        draws = _by_kind(legal, "draw")
        if draws and len(hand) < 6:
            return draws[0]
        return _by_kind(legal, "end")[0] if _by_kind(legal, "end") else legal[0]

    def _family_challenge(
        self, state: Any, view: dict[str, Any], legal: Sequence[Action]
    ) -> Action:
        cards = state.game.cards
        ch = view["challenge"]
        target = next(c for c in view["characters"] if c["name"] == ch["target"])
        stat = target["stats"][ch["stat"]]
        rating = ch["rating"]
        efforts = sorted(
            (a for a in _by_kind(legal, "effort")),
            key=lambda a: -cards.family[int(a.args[0])].effort,
        )
        boosts = _by_kind(legal, "boost")
        helps = [c for c in view["players"][FAMILY]["hand"] or [] if c in _help_names(cards)]
        negate = _by_kind(legal, "negate")
        if not ch["efforts"]:
            if negate and target["corruption"] >= 1:
                return negate[0]
            by_name = {c.name: c for c in cards.family}
            held = view["players"][FAMILY]["hand"] or []
            top = sorted(
                (by_name[n].effort for n in held if by_name[n].group == "effort"), reverse=True
            )[:2]
            reach = stat + sum(top) + len(helps)
            if not efforts or reach < rating:
                return _by_kind(legal, "concede")[0]
            return _cheapest_enough(cards, efforts, rating - stat)
        total = ch["effort"] or 0
        if total >= rating:
            return _by_kind(legal, "accept")[0]
        if efforts and len(ch["efforts"]) < 2:
            return _cheapest_enough(cards, efforts, rating - total)
        for a in _by_kind(legal, "play"):
            if cards.family[int(a.args[0])].effort:
                return a
        if boosts:
            return min(boosts, key=lambda a: cards.family[int(a.args[0])].effort)
        return _by_kind(legal, "accept")[0]

    def _cheapest_discard(self, state: Any, legal: Sequence[Action], p: int) -> Action:
        deck = state.game.cards.family if p == FAMILY else state.game.cards.manos

        def worth(a: Action) -> int:
            card = deck[int(a.args[0])]
            return card.effort * 2 + card.rating * 2 + card.rating_bonus + len(card.negate) * 3

        return min(_by_kind(legal, "discard"), key=worth)

    # ------------------------------------------------------------------ Manos
    def _manos(self, state: Any, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        cards = state.game.cards
        kinds = {a.kind for a in legal}
        chars = view["characters"]
        if "discard" in kinds:
            return self._cheapest_discard(state, legal, MANOS)
        if "done" in kinds:
            return _by_kind(legal, "done")[0]
        if view["challenge"] is not None and "pass" in kinds and not view["played"]:
            ch = view["challenge"]
            target = next(c for c in chars if c["name"] == ch["target"])
            plays = _by_kind(legal, "play")
            if plays and target["corruption"] >= 1:
                return plays[0]
            return _by_kind(legal, "pass")[0]
        if "pass" in kinds:
            top = view["played"][-1]["card"] if view["played"] else ""
            card = next((c for c in cards.family if c.name == top), None)
            negates = _by_kind(legal, "negate")
            if negates and card is not None and (card.effort or card.heal or card.cancel):
                return negates[0]
            return _by_kind(legal, "pass")[0]
        challenges = _by_kind(legal, "challenge")
        if challenges:

            def margin(a: Action) -> tuple[int, int]:
                card = cards.manos[int(a.args[0])]
                c = int(a.args[1])
                stat = chars[c]["stats"][STAT_NAMES[card.stat]]
                return (card.rating + card.vs.get(c, 0) - stat, chars[c]["corruption"])

            return max(challenges, key=margin)
        for a in _by_kind(legal, "play"):
            card = cards.manos[int(a.args[0])]
            if card.corrupt or card.draw:
                return a
        draws = _by_kind(legal, "draw")
        if draws:
            return draws[0]
        return _by_kind(legal, "end")[0]


def _cheapest_enough(cards: Any, efforts: list[Action], short: int) -> Action:
    """The weakest Effort card that closes the gap alone, else the strongest."""
    enough = [a for a in efforts if cards.family[int(a.args[0])].effort >= short]
    if enough:
        return min(enough, key=lambda a: cards.family[int(a.args[0])].effort)
    return efforts[0]


def _help_names(cards: Any) -> set[str]:
    return {c.name for c in cards.family if c.group == "help"}


def evaluate(state: Any, player: int) -> float:
    """Escape progress against corruption and cards in hand, in [-1, 1], for ``player``.

    Family score = escapes / 4 - corruption tokens / 6 (captured characters count two)
    + 0.05 for each Effort card the Family holds (up to four: what its next challenges
    and searches will cost) - 0.05 for each Challenge card Manos holds (up to four).
    The lookahead bot scores the worlds it plans in with this (its own hand is real, the
    other side's dealt again from its view).
    """
    out = state.outcome()
    if out is not None:
        return float(out.scores[player])
    cards = state.game.cards
    efforts = sum(cards.family[c].group == "effort" for c in state.hands[FAMILY])
    threats = sum(cards.manos[c].group == "challenge" for c in state.hands[MANOS])
    score = state.escapes() / 4 - sum(state.corruption) / 6
    score += 0.05 * min(efforts, 4) - 0.05 * min(threats, 4)
    score = max(-1.0, min(1.0, score))
    return score if player == FAMILY else -score


BOTS = {"heuristic": ManosHeuristic}
"""The game's own bots by name (the ``bots`` hook)."""

__all__ = ["BOTS", "ManosHeuristic", "evaluate"]
