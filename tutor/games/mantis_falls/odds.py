"""Mantis Falls' exact odds: the chance a player survives their coming Last Gasp.

The spec's ``odds`` hook.  :func:`last_gasp_odds` follows every chance outcome (draws,
random discards, events) from a position until the player's next Last Gasp is over,
using the shared tree machinery (:func:`tutor.analysis.trees.branches`); tests
cross-check it against simulation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.analysis.trees import TreeTooLarge, branches


def _gasper(state: Any) -> int | None:
    if state.in_gasp >= 0:
        return int(state.in_gasp)
    if state.gasp_due:
        return int(state.gasp_due[0])
    return None


def last_gasp_odds(
    state: Any,
    player: int | None = None,
    max_nodes: int = 200_000,
    opponent: str = "mean",
    play: str = "best",
) -> dict[str, Any]:
    """The exact chance that ``player`` survives their coming Last Gasp (Mantis Falls).

    Every chance outcome (draws, random discards, events) is followed until the player's
    next Last Gasp is over, the game ends, or the current turn ends without a gasp.
    The player chooses to stay alive (``play="best"``) or uniformly at random among the
    legal actions (``play="random"``, the odds of the random bot); the other players'
    choices count as equally likely (``opponent="mean"``) or as the worst case
    (``"min"``).

    Args:
        state: a Mantis Falls state (not changed).
        player: whose survival; default: the player making (or due to make) a gasp.
        max_nodes: cap on the positions explored.
        opponent: ``"mean"`` or ``"min"``.
        play: ``"best"`` or ``"random"``.

    Returns:
        ``{"player", "survive", "die", "no_gasp", "alive", "nodes"}``: the probability
        that a gasp is made and survived, made and fatal, or not needed this turn
        (``alive = survive + no_gasp``), and the positions explored.

    Raises:
        ValueError: if no player is named and nobody is making or due a Last Gasp, or
            ``opponent`` or ``play`` is unknown.
        TreeTooLarge: if more than ``max_nodes`` positions would be explored.
    """
    if opponent not in ("mean", "min"):
        raise ValueError(f"opponent must be 'mean' or 'min', got {opponent!r}")
    if play not in ("best", "random"):
        raise ValueError(f"play must be 'best' or 'random', got {play!r}")
    if player is None:
        player = _gasper(state)
        if player is None:
            raise ValueError(
                "nobody is making or due a Last Gasp here; name the player whose odds you want"
            )
    root = state.clone()
    root.tracing = False
    root.trace = []
    gasps0 = root.gasps[player]
    turn0 = root.turn_no
    count = [0]

    def leaf(s: Any) -> tuple[float, float, float] | None:
        if s.gasps[player] > gasps0 or s.dead[player]:
            return (0.0, 1.0, 0.0) if s.dead[player] else (1.0, 0.0, 0.0)
        if s.is_terminal() or s.turn_no > turn0:
            return (0.0, 0.0, 1.0)
        return None

    def visit(s: Any) -> tuple[float, float, float]:
        count[0] += 1
        if count[0] > max_nodes:
            raise TreeTooLarge(max_nodes, None, "Last Gasp search")
        done = leaf(s)
        if done is not None:
            return done
        d = s.decision
        results = []
        for action, prob, merged in branches(s, collapse=True):
            child = s.clone()
            child.apply(action)
            # A chance edge weighs its probability; a choice edge the choices it merged.
            results.append((visit(child), prob if prob is not None else float(merged)))
        mine = d.kind == "choice" and d.player == player
        if mine and play == "best":
            return max((r for r, _ in results), key=lambda r: (r[0] + r[2], r[0]))
        if d.kind == "choice" and not mine and opponent == "min":
            return min((r for r, _ in results), key=lambda r: (r[0] + r[2], r[0]))
        total = sum(w for _, w in results) or 1.0
        return _weighted([(r, w / total) for r, w in results])

    survive, die, none = visit(root)
    return {
        "player": player,
        "survive": survive,
        "die": die,
        "no_gasp": none,
        "alive": survive + none,
        "nodes": count[0],
    }


def _weighted(
    items: Sequence[tuple[tuple[float, float, float], float]],
) -> tuple[float, float, float]:
    a = b = c = 0.0
    for (x, y, z), w in items:
        a, b, c = a + x * w, b + y * w, c + z * w
    return (a, b, c)


__all__ = ["last_gasp_odds"]
