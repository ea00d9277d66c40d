"""Exact challenge odds for Manos under best play, from either side's point of view.

A challenge is a small game of its own: Manos may add rating cards (Dark Will ...), the
Family may negate them, Manos may negate the Family's negate, and so on; then the Family
concedes, negates the Challenge card, plays Help cards for their bonus or to call the
challenge off (each of which Manos may negate), lays one or two Effort cards and
discards Help cards as +1 boosts (which cannot be negated, mn.8.1).  This module solves
that sub-game exactly:

* **Chance** over the hand the viewer cannot see.  From the Family's side it is Manos'
  hand (every Manos card the Family cannot see: Manos' hand and deck); from Manos' side
  it is the Family's.  Each possible hand is weighed by its multivariate hypergeometric
  count (integers, then a :class:`~fractions.Fraction`: no sampling, no rounding).
* **Minimax** after the deal: each side plays the cards the engine allows it during the
  challenge (the same windows as ``engine/state.py``), the Family to come through
  without a corruption token, Manos to give one.  After the deal both hands count as
  seen (the usual "open hands once dealt" reading of best play): each side's choices may
  depend on the other's cards.

Only what a card does in a challenge tells cards apart (its effort worth against this
Challenge card, its timing, effort or rating bonus, cancel, what it negates), so equal
cards share one count and a full hand takes a few milliseconds.  Effects that bring new
cards or turns in the middle of a challenge (a Police Event turned by a badge, a card
that draws) are outside the model; with the illustrative cards no card played during a
challenge draws, and the odds are exact for the starter rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from tutor.analysis.odds import ChoiceOdds
from tutor.games.manos.cards import Card
from tutor.games.manos.engine.frames import (
    FAMILY_RESPONSE,
    MANOS_WINDOW,
    WINDOW,
    ChallengeFrame,
    PlayFrame,
)
from tutor.games.manos.engine.state import FAMILY, MANOS, SEARCH_RATING, ManosState, escalation


def _vectors(avail: list[int], n: int) -> list[list[int]]:
    """Every way to take ``n`` cards from categories holding ``avail`` cards each."""
    if not avail:
        return [[]] if n == 0 else []
    first, rest = avail[0], avail[1:]
    left = sum(rest)
    out = []
    for k in range(max(0, n - left), min(first, n) + 1):
        out += [[k, *tail] for tail in _vectors(rest, n - k)]
    return out


def hand_weights(pool: dict[Any, int], n: int) -> list[tuple[dict[Any, int], int]]:
    """Every hand of ``n`` cards from ``pool`` (category -> cards) with its integer weight.

    The weight is the number of ways to deal that hand; the weights add up to
    ``comb(len(pool), n)``.

    Raises:
        ValueError: if the pool holds fewer than ``n`` cards.
    """
    keys = sorted(pool, key=str)
    avail = [pool[k] for k in keys]
    if n > sum(avail) or n < 0:
        raise ValueError(f"cannot draw {n} cards from {sum(avail)}")
    ways = [[comb(a, k) for k in range(a + 1)] for a in avail]
    out = []
    for vec in _vectors(avail, n):
        weight = 1
        for table, k in zip(ways, vec, strict=True):
            weight *= table[k]
        out.append(({key: k for key, k in zip(keys, vec, strict=True) if k}, weight))
    return out


def hand_distribution(pool: dict[Any, int], n: int) -> list[tuple[dict[Any, int], float]]:
    """Every hand of ``n`` cards from ``pool`` (category -> cards), with its probability.

    Raises:
        ValueError: if the pool holds fewer than ``n`` cards.
    """
    total = comb(sum(pool.values()), n) if n <= sum(pool.values()) else 0
    return [(hand, w / total) for hand, w in hand_weights(pool, n)]


def effort_value(card: Card, keywords: tuple[str, ...]) -> int:
    """An Effort card's worth against a Challenge card with ``keywords``."""
    return card.effort + sum(card.vs_keyword.get(w, 0) for w in keywords)


@dataclass(frozen=True)
class Kind:
    """What a card can do in this challenge; cards with equal kinds are interchangeable.

    Attributes:
        side: FAMILY or MANOS.
        effort: an Effort card's worth against this Challenge card (0: not an Effort card).
        help: a Help card (it may be discarded as a +1 boost).
        timing: ``challenge``, ``response`` or another timing (not playable here).
        bonus: effort (Family) or rating (Manos) it adds when it takes effect.
        cancel: it calls the challenge off.
        negate: the groups it can negate.
        name: a card of this kind (for the decision tree's edge labels).
    """

    side: int
    effort: int = 0
    help: bool = False
    timing: str = ""
    bonus: int = 0
    cancel: bool = False
    negate: tuple[str, ...] = ()
    name: str = ""

    def key(self) -> tuple[Any, ...]:
        """The fields that matter to the challenge (the name excluded)."""
        return (
            self.side,
            self.effort,
            self.help,
            self.timing,
            self.bonus,
            self.cancel,
            self.negate,
        )


def card_kind(card: Card, side: int, keywords: tuple[str, ...]) -> Kind:
    """The challenge kind of a Family (``side`` 0) or Manos card against ``keywords``."""
    if side == FAMILY:
        if card.group == "effort":
            value = effort_value(card, keywords)
            return Kind(FAMILY, effort=value, name=f"Effort {value}")
        playable = card.timing in ("challenge", "response") or "challenge" in card.negate
        if not playable:
            return Kind(FAMILY, help=True, name="another Help card")
        return Kind(
            FAMILY,
            help=True,
            timing=card.timing,
            bonus=card.effort,
            cancel=card.cancel,
            negate=card.negate,
            name=card.name,
        )
    if card.group != "darkness" or card.timing not in ("challenge", "response"):
        return Kind(MANOS, name="another Manos card")
    return Kind(
        MANOS, timing=card.timing, bonus=card.rating_bonus, negate=card.negate, name=card.name
    )


_GROUP = ("help", "darkness")
"""The group of a card played by the Family (0) or Manos (1), as negate lists name it."""


class ChallengeGame:
    """The challenge sub-game for one Challenge card, target and card kinds.

    Args:
        kinds: every card kind either side may hold (Family and Manos).
        stat: the target's stat value.
        negatable: the challenge has a Challenge card (a Search challenge has none).
        committed: Effort cards already laid (their worth), at most two.

    Cards that nobody can answer are folded into numbers before the search: the best
    Effort cards that fit and the Help cards that can only be discarded as boosts add
    to a *passive* total, and what is left to reach is ``need`` (the rating minus that
    total).  A search position is ``(hand, armed, stage, stack)``: the counts of the
    cards that can still be played or answered (both sides; the kinds say whose),
    whether the Family has an Effort card to lay (without one it can only concede),
    ``MANOS_WINDOW`` or ``FAMILY_RESPONSE``, and the played cards still waiting for an
    answer as ``(player, kind index)`` pairs, bottom first.  Its value is a threshold
    on ``need`` (:meth:`value`), so hands that differ only in passive cards share it.
    """

    def __init__(
        self, kinds: list[Kind], stat: int, negatable: bool, committed: tuple[int, ...] = ()
    ) -> None:
        self.kinds = kinds
        self.stat = stat
        self.negatable = negatable and not committed
        self.committed = committed
        self.memo: dict[tuple[Any, ...], int] = {}
        n = len(kinds)
        self.efforts = sorted(
            (i for i in range(n) if kinds[i].side == FAMILY and kinds[i].effort),
            key=lambda i: -kinds[i].effort,
        )
        self.helps = [i for i in range(n) if kinds[i].side == FAMILY and kinds[i].help]
        self.family_plays = [
            i
            for i in self.helps
            if kinds[i].timing == "challenge" or (self.negatable and "challenge" in kinds[i].negate)
        ]
        self.manos_plays = [  # rating cards (a card that only negates waits for a reply)
            i
            for i in range(n)
            if kinds[i].side == MANOS and kinds[i].timing == "challenge" and not kinds[i].negate
        ]
        self.answers = [
            [i for i in range(n) if kinds[i].side == side and kinds[i].timing == "response"]
            for side in (FAMILY, MANOS)
        ]
        self.help_negators = [i for i in self.answers[MANOS] if "help" in kinds[i].negate]
        self.darkness_negators = [i for i in self.answers[FAMILY] if "darkness" in kinds[i].negate]
        active = set(self.family_plays) | set(self.answers[FAMILY])
        self.active_helps = [i for i in self.helps if i in active]
        self.passive_helps = [i for i in self.helps if i not in active]
        self.idle = [
            i
            for i in range(n)
            if kinds[i].side == MANOS and kinds[i].timing not in ("challenge", "response")
        ]

    def normal(self, hand: list[int]) -> tuple[int, ...]:
        """The hand with what cannot matter dropped: only the best Effort cards that
        still fit (two in all) can be laid, and idle Manos cards do nothing."""
        room = 2 - len(self.committed)
        for i in self.efforts:
            hand[i] = min(hand[i], room)
            room -= hand[i]
        for i in self.idle:
            hand[i] = 0
        return tuple(hand)

    def deals(
        self, pool: dict[int, int], n: int
    ) -> list[tuple[dict[int, int], int, bool, str, int]]:
        """Every hand of ``n`` cards from ``pool`` (kind -> cards) that plays differently.

        Like :func:`hand_weights`, but the cards nobody can answer are not told apart:
        the Effort cards and the Help cards that can only be boosts are dealt on their
        own and their weights added up by what they leave (the best Effort cards that
        fit, how many boosts), which keeps a full Family hand fast.

        Returns:
            ``(other cards by kind, passive effort, has an Effort card, label, weight)``
            for each such hand.

        Raises:
            ValueError: if the pool holds fewer than ``n`` cards.
        """
        effort = {k: m for k, m in pool.items() if k in self.efforts}
        boosts = sum(m for k, m in pool.items() if k in self.passive_helps)
        rest = {k: m for k, m in pool.items() if k not in effort and k not in self.passive_helps}
        if n > sum(pool.values()):
            raise ValueError(f"cannot draw {n} cards from {sum(pool.values())}")
        out: list[tuple[dict[int, int], int, bool, str, int]] = []
        n_effort, n_rest = sum(effort.values()), sum(rest.values())
        for m in range(n + 1):
            if n - m > n_rest or m > n_effort + boosts:
                continue
            kept: dict[tuple[int, bool, int], int] = {}
            for e in range(min(m, n_effort) + 1):
                if m - e > boosts:
                    continue
                ways = comb(boosts, m - e)
                for part, w in hand_weights(effort, e):
                    counts = [0] * len(self.kinds)
                    for k, c in part.items():
                        counts[k] = c
                    top = self.normal(counts)
                    laid = sum(self.kinds[k].effort * top[k] for k in self.efforts)
                    key = (laid, e > 0, m - e)
                    kept[key] = kept.get(key, 0) + w * ways
            for others, w in hand_weights(rest, n - m):
                for (laid, armed, extra), v in kept.items():
                    label = [f"best Effort cards worth {laid}"] if armed else []
                    label += [f"{extra} Help to boost"] if extra else []
                    out.append((others, laid + extra, armed, ", ".join(label), w * v))
        return out

    def solve(
        self,
        counts: list[int],
        rating: int,
        bonus: int,
        stage: int,
        stack: tuple[tuple[int, int], ...] = (),
        armed: bool = False,
    ) -> bool:
        """True when the Family, playing best, comes through without a corruption token.

        Args:
            counts: both sides' cards now, per kind.
            rating: the challenge rating now.
            bonus: effort added so far (Help bonuses, boosts already discarded).
            stage: ``MANOS_WINDOW`` or ``FAMILY_RESPONSE``.
            stack: played cards waiting for an answer, ``(player, kind)``, bottom first.
            armed: the Family holds an Effort card not in ``counts`` (folded into bonus).
        """
        return rating - bonus <= self.reach(counts, stage, stack, armed)

    def reach(
        self,
        counts: list[int],
        stage: int,
        stack: tuple[tuple[int, int], ...] = (),
        armed: bool = False,
    ) -> int:
        """The highest rating (less bonuses) the Family still meets under best play.

        The arguments are those of :meth:`solve`.
        """
        hand = list(self.normal(list(counts)))
        laid = sum(self.kinds[i].effort * hand[i] for i in self.efforts)
        armed = armed or bool(self.committed) or any(hand[i] for i in self.efforts)
        passive = self.stat + sum(self.committed) + laid
        passive += sum(hand[i] for i in self.passive_helps)
        for i in self.efforts + self.passive_helps:
            hand[i] = 0
        return passive + self.value(tuple(hand), armed, stage, stack)

    def value(
        self,
        hand: tuple[int, ...],
        armed: bool,
        stage: int,
        stack: tuple[tuple[int, int], ...],
    ) -> int:
        """The search (open hands): the largest ``need`` the Family still comes through.

        Every outcome gets better for the Family as ``need`` falls, so each position
        has a threshold: the Family comes through exactly when ``need`` is at most it.
        The Family takes the largest threshold among its choices, Manos the smallest;
        a bonus shifts it; a challenge negated or called off is :data:`ALWAYS`.
        """
        key = (hand, armed, stage, stack)
        found = self.memo.get(key)
        if found is not None:
            return found
        if stack:
            owner, top = stack[-1]
            answerer = 1 - owner
            group = _GROUP[owner]
            out = self.take_effect(hand, armed, stage, stack)
            for i in self.answers[answerer]:
                if hand[i] and group in self.kinds[i].negate:
                    t = self.value(_less(hand, i), armed, stage, (*stack, (answerer, i)))
                    out = max(out, t) if answerer == FAMILY else min(out, t)
        elif stage == MANOS_WINDOW and not any(hand[i] for i in self.darkness_negators):
            # The Family cannot answer Manos' rating cards: Manos plays them all.
            rest = list(hand)
            added = 0
            for i in self.manos_plays:
                added += rest[i] * self.kinds[i].bonus
                rest[i] = 0
            out = self.value(tuple(rest), armed, FAMILY_RESPONSE, ())
            if out not in (ALWAYS, NEVER):
                out -= added
        elif stage == MANOS_WINDOW:
            out = self.value(hand, armed, FAMILY_RESPONSE, ())
            for i in self.manos_plays:
                if hand[i]:
                    out = min(out, self.value(_less(hand, i), armed, stage, ((MANOS, i),)))
        elif not any(hand[i] for i in self.help_negators):
            out = self.unanswered(hand, armed)
        else:
            # Stand: lay the Effort cards, boost with every Help card left (mn.6.4, 8.1).
            out = sum(hand[i] for i in self.active_helps) if armed else NEVER
            for i in self.family_plays:
                if hand[i]:
                    out = max(out, self.value(_less(hand, i), armed, stage, ((FAMILY, i),)))
        self.memo[key] = out
        return out

    def unanswered(self, hand: tuple[int, ...], armed: bool) -> int:
        """The Family's turn when Manos can negate none of its Help cards any more.

        Then nothing the Family plays can be undone: a card that calls the challenge off
        or negates the Challenge card settles it, every Help card with a bonus is worth
        that bonus (at least the +1 of a boost), and the rest are boosts.
        """
        for i in self.family_plays:
            if hand[i] and (self.kinds[i].cancel or "challenge" in self.kinds[i].negate):
                return ALWAYS
        if not armed:
            return NEVER
        played = set(self.family_plays)
        return sum(
            hand[i] * (max(self.kinds[i].bonus, 1) if i in played else 1) for i in self.active_helps
        )

    def take_effect(
        self,
        hand: tuple[int, ...],
        armed: bool,
        stage: int,
        stack: tuple[tuple[int, int], ...],
    ) -> int:
        """Nobody answers the top card: it takes effect (mn.12.6, mn.16.2, 16.3, 16.7)."""
        owner, top = stack[-1]
        kind = self.kinds[top]
        rest = stack[:-1]
        if kind.negate:
            if rest:  # the card below is negated and goes to its discard pile
                return self.value(hand, armed, stage, rest[:-1])
            return ALWAYS  # the Family negated the Challenge card itself
        if kind.cancel:
            return ALWAYS
        after = self.value(hand, armed, stage, rest)
        if after in (ALWAYS, NEVER):
            return after
        return after + kind.bonus if owner == FAMILY else after - kind.bonus


ALWAYS = 1 << 20
"""The threshold of a challenge the Family comes through whatever the totals."""
NEVER = -(1 << 20)
"""The threshold of a challenge the Family cannot come through (no Effort card)."""


def _less(hand: tuple[int, ...], i: int) -> tuple[int, ...]:
    return hand[:i] + (hand[i] - 1,) + hand[i + 1 :]


def _under_way(
    state: ManosState, card: int, target: int, location: int
) -> tuple[ChallengeFrame | None, list[Any]]:
    """The challenge frame for ``card`` on ``target`` and the played cards above it."""
    for depth in range(len(state.stack) - 1, -1, -1):
        frame = state.stack[depth]
        if isinstance(frame, ChallengeFrame):
            if frame.card == card and frame.target == target and frame.location == location:
                return frame, list(state.stack[depth + 1 :])
            return None, []
    return None, []


def challenge_odds(state: ManosState, viewer: int, card: str, target: str) -> dict[str, Any]:
    """The chance that ``target`` comes through ``card`` under best play, as ``viewer`` knows.

    "Comes through" means the challenge gives no corruption token: the total effort
    reaches the rating, or the Challenge card is negated, or a Help card calls the
    challenge off.  When that challenge is already under way on the stack, the odds
    start from where it stands (rating cards played, Effort cards laid, cards waiting
    for an answer); otherwise ``card`` is about to leave Manos' hand.

    Args:
        state: the position (its escalation, the hands, what ``viewer`` cannot see).
        viewer: 0 (the Family: Manos' hand unknown) or 1 (Manos: the Family's unknown).
        card: the Challenge card's name.
        target: the character's name.

    Returns:
        ``{"rating": the rating now (vs., escalation, cards played), "stat": the stat's
        value, "exact": the chance as a Fraction, "chance": the same as a float,
        "best": the same (older name), "hands": how many distinct unseen hands were
        weighed, "edges": the chance edges (what the unseen hand holds that matters,
        its chance, whether the Family comes through)}``.

    Raises:
        ValueError: for an unknown card, character or viewer, or a challenge under way
            at a step the model does not start from.
    """
    cards = state.game.cards
    ch = next((c for c in cards.manos if c.name == card and c.group == "challenge"), None)
    who = next((c for c in cards.characters if c.name == target), None)
    if ch is None or who is None or viewer not in (FAMILY, MANOS):
        raise ValueError(f"no challenge {card!r} against {target!r} for viewer {viewer}")
    frame, above = _under_way(state, ch.index, who.index, -1)
    rating = ch.rating + ch.vs.get(who.index, 0)
    return _odds(state, viewer, who.index, ch.stat, rating, ch.keywords, ch.index, frame, above)


def search_odds(state: ManosState, viewer: int, target: str) -> dict[str, Any]:
    """The chance that ``target`` comes through the Search challenge where they are.

    The same model as :func:`challenge_odds` for the rating-3 challenge on the
    Location's stat that comes before a Search (mn.4.5): there is no Challenge card to
    negate, but Manos may still add rating cards and negate Help cards.  Coming through
    means no corruption token; a Help card that calls the challenge off also wastes the
    search.

    Raises:
        ValueError: for an unknown character or viewer, or a character at the Lair.
    """
    cards = state.game.cards
    who = next((c for c in cards.characters if c.name == target), None)
    if who is None or viewer not in (FAMILY, MANOS):
        raise ValueError(f"no search by {target!r} for viewer {viewer}")
    here = cards.locations[state.loc[who.index]]
    if not here.search:
        raise ValueError(f"{target} is at {here.name}, which has no Search challenge")
    frame, above = _under_way(state, -1, who.index, here.index)
    return _odds(state, viewer, who.index, here.stat, SEARCH_RATING, (), -1, frame, above)


def _odds(
    state: ManosState,
    viewer: int,
    target: int,
    stat: int,
    rating: int,
    keywords: tuple[str, ...],
    card: int,
    frame: ChallengeFrame | None,
    above: list[Any],
) -> dict[str, Any]:
    """The shared body of :func:`challenge_odds` and :func:`search_odds`."""
    cards = state.game.cards
    if not state.showdown_on and not (frame is not None and frame.showdown):
        rating += escalation(state.escapes())
    bonus, stage, committed = 0, MANOS_WINDOW, ()
    manos_hand = list(state.hands[MANOS])
    if frame is None:
        if card in manos_hand:
            manos_hand.remove(card)
    else:
        rating += frame.rating_bonus
        bonus = frame.effort_bonus + len(frame.boosts)
        stage = frame.stage
        committed = tuple(effort_value(cards.family[e], keywords) for e in frame.efforts)
        if stage not in (MANOS_WINDOW, FAMILY_RESPONSE) or any(
            not isinstance(f, PlayFrame) or f.stage != WINDOW for f in above
        ):
            raise ValueError("the challenge is past the point where the odds start")
    kinds: list[Kind] = []
    index: dict[tuple[Any, ...], int] = {}

    def kind_of(c: int, side: int) -> int:
        kind = card_kind(cards.family[c] if side == FAMILY else cards.manos[c], side, keywords)
        k = kind.key()
        if k not in index:
            index[k] = len(kinds)
            kinds.append(kind)
        return index[k]

    stack = tuple((f.player, kind_of(f.card, f.player)) for f in above)
    if viewer == FAMILY:
        known = [kind_of(c, FAMILY) for c in state.hands[FAMILY]]
        unseen = manos_hand + state.decks[MANOS]
        hidden = [kind_of(c, MANOS) for c in unseen]
        n = len(manos_hand)
    else:
        known = [kind_of(c, MANOS) for c in manos_hand]
        hidden = [kind_of(c, FAMILY) for c in state.hands[FAMILY] + state.decks[FAMILY]]
        n = len(state.hands[FAMILY])
    value = cards.characters[target].stats[stat]
    game = ChallengeGame(kinds, value, card >= 0, committed)
    base = [0] * len(kinds)
    for k in known:
        base[k] += 1
    pool: dict[int, int] = {}
    for k in hidden:
        pool[k] = pool.get(k, 0) + 1
    total = comb(len(hidden), n)
    wins = 0
    edges = []
    reached: dict[tuple[Any, ...], int] = {}
    for dealt, extra, armed, label, weight in game.deals(pool, n):
        key = (tuple(sorted(dealt.items())), armed)
        if key not in reached:
            counts = base[:]
            for k, m in dealt.items():
                counts[k] += m
            reached[key] = game.reach(counts, stage, stack, armed)
        through = rating - bonus - extra <= reached[key]
        wins += weight * through
        holds = ", ".join(x for x in (_describe(kinds, dealt), label) if x)
        edges.append(
            {"holds": holds or "nothing that matters", "chance": weight / total, "through": through}
        )
    exact = Fraction(wins, total)
    return {
        "rating": rating,
        "stat": value,
        "exact": exact,
        "chance": float(exact),
        "best": float(exact),
        "hands": len(edges),
        "edges": edges,
    }


def _describe(kinds: list[Kind], dealt: dict[int, int]) -> str:
    """What an unseen hand holds that matters, e.g. ``Dark Will x2, No Escape Here``."""
    parts = []
    for k in sorted(dealt, key=lambda k: kinds[k].name):
        kind = kinds[k]
        if kind.name.startswith("another"):
            continue
        parts.append(kind.name + (f" x{dealt[k]}" if dealt[k] > 1 else ""))
    return ", ".join(parts)


def choice_odds(state: ManosState) -> ChoiceOdds:
    """Each choice's exact chance that the deciding side gets its way in the challenge.

    Each legal choice is made on a copy; if the challenge goes on, its odds under best
    play from the decider's view (:func:`challenge_odds` or :func:`search_odds`: the
    other side's hand is unknown); if the choice ends it, whether the target took a
    corruption token.

    Raises:
        ValueError: if no challenge is under way, or it stands where the model does
            not start from (the shared estimate answers then).
    """
    from tutor.analysis.odds import exact_odds

    decision = state.decision
    frame = next((f for f in reversed(state.stack) if isinstance(f, ChallengeFrame)), None)
    if frame is None or decision.kind != "choice" or decision.player not in (FAMILY, MANOS):
        raise ValueError("no challenge is under way: no exact odds for this decision")
    me = int(decision.player)
    cards = state.game.cards
    target = cards.characters[frame.target].name
    tokens = state.corruption[frame.target]
    chances = {}
    for action in state.legal_actions():
        child = state.clone()
        child.tracing = False
        child.trace = []
        child.apply_legal(action)
        going, _ = _under_way(child, frame.card, frame.target, frame.location)
        if going is None:
            through = 1.0 if child.corruption[frame.target] == tokens else 0.0
        elif frame.card < 0:
            through = search_odds(child, me, target)["chance"]
        else:
            through = challenge_odds(child, me, cards.manos[frame.card].name, target)["chance"]
        chances[str(action.label)] = through if me == FAMILY else 1.0 - through
    measure = (
        f"chance {target} comes through"
        if me == FAMILY
        else f"chance the challenge corrupts {target}"
    )
    note = (
        "Exact under best play by both sides, over every hand the other side may hold "
        "(what the deciding side cannot see)."
    )
    return exact_odds(chances, measure, note)


def concede_or_fight(state: ManosState, card: str, target: str) -> dict[str, Any]:
    """The Family's choice at a challenge as a decision tree with chance edges.

    Conceding gives the target a corruption token for certain and keeps the hand.
    Fighting leads to a chance node over what Manos' unseen hand can hold (grouped by
    the cards that matter in the challenge); under each edge both sides play best
    (:func:`challenge_odds`) and the Family either comes through or takes the token.

    Returns:
        ``{"concede": {...}, "fight": {"token", "capture", "overcome", "short",
        "edges"}, "odds": ..., "advice": "fight" or "concede"}``; each edge is
        ``{"holds", "chance", "through"}``.

    Raises:
        ValueError: for an unknown card or character.
    """
    odds = challenge_odds(state, FAMILY, card, target)
    c = next(ch.index for ch in state.game.cards.characters if ch.name == target)
    tokens = state.corruption[c]
    fail = 1.0 - odds["chance"]
    grouped: dict[str, dict[str, Any]] = {}
    for e in odds["edges"]:
        g = grouped.setdefault(
            e["holds"], {"holds": e["holds"], "chance": 0.0, "through": e["through"]}
        )
        g["chance"] += e["chance"]
    return {
        "concede": {"token": 1.0, "capture": 1.0 if tokens == 1 else 0.0},
        "fight": {
            "token": fail,
            "capture": fail if tokens == 1 else 0.0,
            "overcome": {"chance": 1.0 - fail},
            "short": {"chance": fail},
            "edges": sorted(grouped.values(), key=lambda g: -g["chance"]),
        },
        "odds": odds,
        "advice": "fight" if fail < 1.0 else "concede",
    }


__all__ = [
    "ChallengeGame",
    "Kind",
    "card_kind",
    "challenge_odds",
    "choice_odds",
    "concede_or_fight",
    "effort_value",
    "hand_distribution",
    "hand_weights",
    "search_odds",
]
