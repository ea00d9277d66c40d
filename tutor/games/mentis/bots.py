"""Mentis bots that decide from their player's view: greedy, a determinized search, random.

The greedy and search bots first sample a world with
``game.determinize(state, player, rng)``: the opponent's hand and any covered tile the
player does not remember are dealt again, so a bot never uses what its player could not
know.  ``evaluate`` scores a position for
a player from material and King safety.

* ``greedy``: plays the action with the best score one ply ahead (a capture of the King
  first, never leaving its own King capturable if it can help it).
* ``random``: the staged random player of ``play_out`` (what acts, then how).
* ``search``: alpha-beta to a fixed depth (default 2 plies) in each of a few sampled
  worlds, captures searched first; the action with the best total score wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.analysis.policies import Policy, RandomPolicy
from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.mentis.engine.board import KINDS, KING, SQUARES
from tutor.games.mentis.engine.capture import capture_actions

VALUES = (0.0, 1.0, 1.0, 1.0, 1.2)
"""Material value of each kind (King, Spear, Trenchman, Noble, Wolf); the King is the game."""
WIN = 1000.0


def material(state: Any, player: int) -> float:
    """Own tiles still in play minus the opponent's, by :data:`VALUES`."""
    total = 0.0
    for k in range(1, KINDS):
        total += VALUES[k] * (state.lost[1 - player][k] - state.lost[player][k])
    return total


def score(state: Any, player: int) -> float:
    """A position's value for ``player`` (large when the game is won or lost)."""
    r = state.result
    if r is not None:
        w = int(r["winner"])
        return 0.0 if w < 0 else (WIN if w == player else -WIN)
    value = material(state, player)
    # Tiles on the board take part; tiles near the enemy Hill press the King.
    for sq in range(SQUARES):
        who = state.owner[sq]
        if who >= 0:
            row = sq // 7
            advance = row if who == 0 else 6 - row
            sign = 1.0 if who == player else -1.0
            value += sign * (0.05 * len(state.stacks[sq]) + 0.02 * advance)
    # Whoever moves next and can take the enemy King wins on the spot.
    if state.phase == "turn":
        mover = state.to_move
        for action in capture_actions(state, mover):
            if state.stacks[action.args[1]][-1] == KING:
                return WIN / 2 if mover == player else -WIN / 2
    return value


def evaluate(state: Any, player: int) -> float:
    """The ``evaluate`` hook: :func:`score` squeezed into [-1, 1]."""
    value = score(state, player)
    return max(-1.0, min(1.0, value / 10.0))


def _ordered(legal: Sequence[Action]) -> list[Action]:
    """Captures first, then the rest; no draw offers (bots never offer)."""
    captures = [a for a in legal if a.kind == "capture"]
    rest = [a for a in legal if a.kind not in ("capture", "offer_draw")]
    return captures + rest


def _answer(state: Any, legal: Sequence[Action], player: int) -> Action | None:
    """Accept a draw when clearly behind, else decline; None when no offer is pending."""
    if state.phase != "draw_offer":
        return None
    wanted = "accept_draw" if score(state, player) < -2.0 else "decline_draw"
    return next(a for a in legal if a.kind == wanted)


class GreedyBot(Policy):
    """One ply ahead: the best-scoring action in a world sampled from the player's view."""

    name = "greedy"
    description = "Takes the King when it can, else the action with the best score one ply on."

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        player = legal[0].player
        answer = _answer(state, legal, player)
        if answer is not None:
            return answer
        world = state.game.determinize(state, player, rng)
        best, best_value = legal[0], -2 * WIN
        for action in _ordered(legal):
            child = world.clone()
            child.apply_legal(action)
            value = score(child, player) + rng.random() * 1e-3
            if value > best_value:
                best, best_value = action, value
        return best


class SearchBot(Policy):
    """Alpha-beta over worlds sampled from the player's view (determinized search).

    Every action is searched ``depth`` plies full width, then captures only (a quiescence
    search, ``captures`` plies more), so exchanges and threats to a King are seen
    through while quiet replies are judged by :func:`score`.

    Args:
        depth: full-width plies (1: every own action; 2: also every reply).
        captures: further plies in which only captures are searched.
        worlds: worlds sampled per decision when the player has forgotten some tiles
            (with nothing forgotten one world is exact).
    """

    name = "search"
    description = (
        "Alpha-beta (every action, then capture replies) in worlds the player can't rule out."
    )

    def __init__(self, depth: int = 1, captures: int = 2, worlds: int = 3) -> None:
        self.depth = depth
        self.captures = captures
        self.worlds = worlds
        self.nodes = 0

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        return self.choose(state, legal, rng)[0]

    def choose(
        self, state: Any, legal: Sequence[Action], rng: Rng
    ) -> tuple[Action, list[tuple[Action, float]]]:
        """The chosen action and every considered action's mean score over the worlds.

        Raises:
            IndexError: if ``legal`` is empty.
        """
        from tutor.games.mentis.view import unknown_slots

        player = legal[0].player
        answer = _answer(state, legal, player)
        if answer is not None:
            return answer, [(answer, 0.0)]
        candidates = _ordered(legal) or list(legal)
        totals = [0.0] * len(candidates)
        self.nodes = 0
        worlds = self.worlds if unknown_slots(state, player) else 1
        for _ in range(worlds):
            world = state.game.determinize(state, player, rng)
            for i, action in enumerate(candidates):
                child = world.clone()
                child.apply_legal(action)
                totals[i] += self._value(child, self.depth - 1, -3 * WIN, 3 * WIN, player)
        scored = [(a, t / worlds) for a, t in zip(candidates, totals, strict=True)]
        best = max(range(len(scored)), key=lambda i: (scored[i][1], -i))
        return scored[best][0], scored

    def _value(self, child: Any, depth: int, alpha: float, beta: float, player: int) -> float:
        """``child``'s value for ``player``, searched from the view of whoever acts there."""
        side = child.to_move if child.phase != "over" else 1 - player
        if side == player:
            return self._negamax(child, depth, alpha, beta, side)
        return -self._negamax(child, depth, -beta, -alpha, side)

    def _negamax(self, state: Any, depth: int, alpha: float, beta: float, side: int) -> float:
        """The value of ``state`` for ``side``, the player to act there (negamax)."""
        self.nodes += 1
        if state.phase == "over" or state.phase == "draw_offer" or depth <= -self.captures:
            return score(state, side)
        quiet = depth <= 0
        best = -3 * WIN
        if quiet:
            best = score(state, side)  # standing pat: no capture is forced
            if best >= beta:
                return best
            alpha = max(alpha, best)
            actions = capture_actions(state, side) if state.phase == "turn" else []
        else:
            actions = _ordered(state.legal_actions())
        for action in actions:
            child = state.clone()
            child.apply_legal(action)
            value = self._value(child, depth - 1, alpha, beta, side)
            if value > best:
                best = value
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        return best


class StagedRandomPolicy(RandomPolicy):
    """Mentis's random player: what acts first, then how (``MentisState.random_action``).

    The same draws as the core random bot (both call ``state.random_action``); only the
    description differs, since here the choice is not uniform over every action.
    """

    description = (
        "Picks what acts (a tile that can move or capture, the hand, the draw offer), "
        "then one of its actions, each uniformly at random."
    )


BOTS = {"greedy": GreedyBot, "search": SearchBot, "random": StagedRandomPolicy}
"""The spec's ``bots`` hook: name -> factory."""
