"""Creepy Falls' own bots: a greedy placement heuristic and a short lookahead.

Reached through the spec's ``bots`` hook (:data:`BOTS`), so the shared simulation and
CLI offer them as ``greedy`` and ``lookahead`` beside ``random``.  Everything on the
table is public, so a bot may read the whole state; it never reads the RNG.

* ``greedy`` scores each placement by the advantage its zone would give if it were
  resolved now, per unit spent, and takes the best; its other choices follow short
  rules of thumb written in :func:`token_value` and :class:`Greedy`.
* ``lookahead`` plays like greedy except on placement turns: there it keeps greedy's
  best few placements, plays each forward to the end of the round with random players
  (cheap Monte-Carlo rollouts), and takes the one whose position :func:`evaluate`
  likes best.

:func:`evaluate` (Power Points plus a value for tokens and units, against the best
rival) is also the spec's ``evaluate`` hook for decision trees.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tutor.analysis.policies import Policy
from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.creepy_falls.engine import state as st

TOKEN_WORTH = (1.0, 2.0, 0.8, 0.8, 1.0)
"""What a Blood, Soul, Corpse, Amulet and Grimoire token is worth to the bots."""
UNIT_WORTH = (2.0, 2.5, 5.0, 4.5, 4.0)
"""What a Ghoul, Mummy, Frankenstein's Monster, Werewolf and Witch is worth to the bots."""


def token_value(k: int) -> float:
    """The bots' worth of one token of type ``k``."""
    return TOKEN_WORTH[k]


def material(state: Any, p: int) -> float:
    """Player ``p``'s Power Points plus the bots' worth of their other tokens and units."""
    value = float(state.power_points(p))
    base = p * st.NT
    for k in (st.CORPSE, st.AMULET, st.GRIMOIRE):
        value += state.tokens[base + k] * TOKEN_WORTH[k]
    rounds_left = st.ROUNDS - state.round_no
    for t in range(st.NU):
        value += state.owned(p, t) * UNIT_WORTH[t] * rounds_left / st.ROUNDS
    value += 3.0 * state.spell_count(p)
    return value


def evaluate(state: Any, player: int) -> float:
    """The position's value for ``player`` in [-1, 1] (the spec's ``evaluate`` hook)."""
    if state.is_terminal():
        return float(state.returns()[player])
    mine = material(state, player)
    best = max(material(state, q) for q in range(state.n) if q != player)
    return math.tanh((mine - best) / 12.0)


def advantage_worth(adv: Any) -> float:
    """What one advantage of a zone is worth to the bots."""
    worth = sum(a * TOKEN_WORTH[k] for k, a in enumerate(adv.tokens))
    worth += adv.choose * 1.0
    if adv.action:
        worth += 2.0
    return worth


def placement_score(state: Any, action: Action) -> float:
    """The advantage a placement would win if its zone were resolved now, per unit spent."""
    p = action.player
    z = int(action.args[0])
    counts = [int(x) for x in action.args[1:]]
    added = sum(counts[t] * state.unit_size(p, t) for t in range(st.NU))
    mine = state.size_in(p, z) + added
    advs = state.advantages(z)
    rank = 0
    if state.neutral[z] and min(state.neutral[z], 2) >= mine:
        rank += 1
    for q in range(state.n):
        if q != p and state.size_in(q, z) >= mine:
            rank += 1
    worth = advantage_worth(advs[rank]) if mine > 0 and rank < len(advs) else 0.0
    beasts = counts[st.WEREWOLF] + counts[st.WITCH]
    if beasts:
        payers = sum(1 for q in range(state.n) if q != p and state.units_in(q, z))
        worth += payers * 2.0 * (1 if counts[st.WEREWOLF] else 2)
    spent = sum(counts)
    return worth / (1.0 + 0.6 * spent)


class Greedy(Policy):
    """Places for the best advantage per unit; buys, casts and sells by rules of thumb."""

    name = "greedy"
    description = "Places where the advantage per unit is best now; buys and casts when it can."

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        best = max(range(len(legal)), key=lambda i: (self.score(state, legal[i]), -i))
        return legal[best]

    def score(self, state: Any, action: Action) -> float:
        """How much this bot likes ``action`` (higher is better)."""
        kind = action.kind
        args = action.args
        if kind == "place":
            return placement_score(state, action)
        if kind == "pass":
            return 0.1
        if kind == "form":
            return (0.5, 0.3, 0.2, 1.0, 1.2, 0.8, 0.1)[int(args[0])]
        if kind == "take":
            return token_value((st.CORPSE, st.AMULET, st.GRIMOIRE)[int(args[0])])
        if kind == "karloff":
            if not args[1]:
                return 0.0
            return (2.0, 3.0, 1.0, 2.5)[int(args[0])]
        if kind == "destroy":
            return -UNIT_WORTH[int(args[0])]
        if kind == "buy":
            return 3.0 if state.round_no < st.ROUNDS else -1.0
        if kind == "spell":
            return 4.0 + int(args[0]) * 0.01
        if kind == "sell":
            return float(args[1])
        if kind == "done":
            return 0.5
        if kind == "van_helsing":
            return 0.2 if int(args[0]) == state.vh_zone else 0.0
        if kind == "move_ghoul":
            return -0.1
        return 0.0


class Lookahead(Policy):
    """On placement turns, tries greedy's best few placements to the end of the round."""

    name = "lookahead"
    description = (
        "On placement turns, plays greedy's best few placements to the end of the round "
        "(random rollouts) and keeps the best; otherwise plays like greedy."
    )

    def __init__(self, candidates: int = 4, rollouts: int = 3) -> None:
        self.candidates = candidates
        self.rollouts = rollouts
        self.greedy = Greedy()

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if legal[-1].kind != "place":
            return self.greedy(state, legal, rng)
        ranked = sorted(legal, key=lambda a: -self.greedy.score(state, a))[: self.candidates]
        me = legal[0].player
        best, best_value = ranked[0], -math.inf
        for action in ranked:
            total = 0.0
            for k in range(self.rollouts):
                sim = state.clone()
                sim.tracing = False
                sim.apply_legal(action)
                self._to_round_end(sim, state.round_no, Rng(rng.next_u64() + k))
                total += evaluate(sim, me)
            if total > best_value:
                best, best_value = action, total
        return best

    def _to_round_end(self, sim: Any, round_no: int, rng: Rng) -> None:
        for _ in range(2_000):
            if sim.is_terminal() or sim.round_no != round_no:
                return
            if sim.decision_kind() == "chance":
                sim.apply_legal(sim.sample_chance(rng))
                continue
            legal = sim.legal_actions()
            sim.apply_legal(legal[rng.below(len(legal))])


BOTS = {"greedy": Greedy, "lookahead": Lookahead}
