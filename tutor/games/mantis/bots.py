"""Mantis bots, each deciding from what its player can see (never the draw pile itself).

* ``always_score``: announces Score every turn.
* ``expected_value``: greedy on the exact odds (:func:`tutor.games.mantis.odds.player_odds`):
  a scored card is worth 1, a card gained into the tank half of one (it still has to be
  scored), a card taken from the leader a quarter.
* ``lookahead``: for each choice, every possible face with its exact probability, the
  position after it valued by scores, each tank's chance to score next turn and the
  leader's lead (an expectimax of depth one over the card turned).

The generic ``random`` bot (every game has it) completes the set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.analysis.policies import Policy
from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.mantis.odds import player_odds

GAIN_WEIGHT = 0.5
"""What a card gained into the tank is worth to the expected-value bot, in scored cards."""
DENY_WEIGHT = 0.25
"""What a card taken from the leader is worth to the expected-value bot."""


def _leader(state: Any, p: int) -> int:
    """The other player with the most scored cards (ties: the first in seat order)."""
    best, who = -1, -1
    for q in state.targets(p):
        n = len(state.scored[q])
        if n > best:
            best, who = n, q
    return who


class AlwaysScore(Policy):
    """Announces Score on every turn."""

    name = "always_score"
    description = "Always announces Score."

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        return legal[0]  # Score sorts first


class ExpectedValue(Policy):
    """Greedy on the exact odds of the decision, from the player's own knowledge."""

    name = "expected_value"
    description = (
        "Picks the choice with the best expected gain on the exact odds: scored cards "
        "count 1, cards gained into the tank 0.5, cards taken from the leader 0.25."
    )

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        odds = player_odds(state)
        leader = _leader(state, state.turn_player)
        best, value = 0, -1.0
        for i, option in enumerate(odds.options):
            v = option.scored + GAIN_WEIGHT * option.gained
            if option.target is not None:
                v += DENY_WEIGHT * option.taken * (1 if option.target == leader else 0)
            if v > value + 1e-12:
                best, value = i, v
        return _pick(legal, odds.options[best].label)


def _pick(legal: Sequence[Action], label: str) -> Action:
    for action in legal:
        if action.label == label:
            return action
    return legal[0]


def _potential(tank_counts: list[int], pool_counts: list[int], pool: int) -> float:
    """Expected cards scored by a Score with a card drawn from the unknown pool."""
    if not pool:
        return 0.0
    total = 0
    for f, n in enumerate(pool_counts):
        if n and tank_counts[f]:
            total += n * (1 + tank_counts[f])
    return total / pool


class Lookahead(Policy):
    """Expectimax over the card turned, valuing the position that follows."""

    name = "lookahead"
    description = (
        "Tries each choice against every possible face (exact odds) and values the result: "
        "own score, own chance to score next turn, minus the best rival's."
    )

    potential_weight = 0.8

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        p = state.turn_player
        table = state.table
        face = table.face
        ncol = table.colours
        n = state.rules.players
        b = state.top_back
        known = set(state.discard)
        known.update(state.scored[p])
        counts = [[0] * ncol for _ in range(n)]
        for q in range(n):
            known.update(state.tanks[q])
            for c in state.tanks[q]:
                counts[q][face[c]] += 1
        unknown = [c for c in range(table.size) if c not in known]
        pool_counts = [0] * ncol
        for c in unknown:
            pool_counts[face[c]] += 1
        cand = [0] * ncol
        for c in range(table.back_start[b], table.back_start[b + 1]):
            if c not in known:
                cand[face[c]] += 1
        k = sum(cand)
        scores = [len(s) for s in state.scored]
        best_label, best_value = "Score", -1e9
        targets = state.targets(p)
        to_target = state.rules.failed_to_target
        for choice in [-1, *targets]:
            value = 0.0
            for f in range(ncol):
                if not cand[f]:
                    continue
                sc = scores[:]
                tanks = [row[:] for row in counts]
                if choice < 0:
                    if tanks[p][f]:
                        sc[p] += 1 + tanks[p][f]
                        tanks[p][f] = 0
                    else:
                        tanks[p][f] += 1
                elif tanks[choice][f]:
                    tanks[p][f] += 1 + tanks[choice][f]
                    tanks[choice][f] = 0
                elif to_target:
                    tanks[choice][f] += 1
                value += cand[f] / k * self._value(p, sc, tanks, pool_counts, len(unknown) - 1)
            label = "Score" if choice < 0 else f"Steal from {state.name(choice)}"
            if value > best_value + 1e-12:
                best_label, best_value = label, value
        return _pick(legal, best_label)

    def _value(
        self, p: int, scores: list[int], tanks: list[list[int]], pool: list[int], size: int
    ) -> float:
        if scores[p] >= 10:
            return 100.0
        mine = scores[p] + self.potential_weight * _potential(tanks[p], pool, size)
        rival = max(
            scores[q] + self.potential_weight * _potential(tanks[q], pool, size)
            for q in range(len(scores))
            if q != p
        )
        return mine - rival


BOTS = {
    "always_score": AlwaysScore,
    "expected_value": ExpectedValue,
    "lookahead": Lookahead,
}


def evaluate(state: Any, player: int) -> float:
    """A position's value for ``player`` in [-1, 1]: the lead in scored cards, out of ten.

    Used where a tree or a Monte-Carlo bot stops before the end.
    """
    outcome = state.outcome()
    if outcome is not None:
        return float(state.returns()[player])
    mine = len(state.scored[player])
    best = max(len(state.scored[q]) for q in range(state.rules.players) if q != player)
    return max(-1.0, min(1.0, (mine - best) / 10.0))


__all__ = ["BOTS", "AlwaysScore", "ExpectedValue", "Lookahead", "evaluate"]
