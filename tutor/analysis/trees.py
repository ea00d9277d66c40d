"""Decision trees and exact odds from any position (networkx graphs, expectimax values).

``decision_tree`` expands a position to a depth: every player decision and every
chance outcome becomes an edge (chance edges carry their probability).  Outcomes
that look the same to people (the same card name drawn or discarded) are collapsed
into one edge with their probabilities added, so trees stay readable.  Each node gets
an expectimax value for a chosen player: ``returns()`` at the end of the game, a
simple game-specific evaluation at the depth cut.

``last_gasp_odds`` computes, for Mantis Falls, the exact chance that a player
survives their coming Last Gasp, exploring every chance outcome until that gasp is
over; tests cross-check it against simulation.

networkx is imported here, never by ``import tutor``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import networkx as nx

from tutor.core.errors import TutorError
from tutor.core.types import Action


class TreeTooLarge(TutorError):
    """The tree would have more nodes than allowed.

    Attributes:
        max_nodes: the cap that was hit.
        depth: the requested depth (``None`` for an exact-odds search).
    """

    def __init__(self, max_nodes: int, depth: int | None, what: str = "decision tree") -> None:
        self.max_nodes = max_nodes
        self.depth = depth
        where = f" to depth {depth}" if depth is not None else ""
        super().__init__(
            f"the {what}{where} has more than {max_nodes} nodes, so it was not built; "
            "ask for a smaller depth, start from a later position, or raise max_nodes"
        )


# ======================================================================================
# Game-specific helpers: a short summary of a state and a heuristic evaluation
# ======================================================================================


def _mf_summary(state: Any) -> str:
    d = state.decision
    parts = []
    for p in range(state.game.num_players):
        tag = " dead" if state.dead[p] else ""
        parts.append(
            f"{state.name(p)} ({state.roles[p]}) {state.wounds[p]}/{state.max_wounds[p]} wounds,"
            f" gasps {state.gasps[p]}, road {state.pos[p]}{tag}"
        )
    text = f"Turn {state.turn_no} · {d.phase}: " + "; ".join(parts)
    if state.event >= 0:
        card = state.cards.events[state.event]
        text += f"; event {card.name}"
        if card.kind == "opposition":
            text += f" ({state.opp_wounds}/{card.health})"
    if state.in_gasp >= 0:
        text += f"; {state.name(state.in_gasp)} is making a Last Gasp"
    return text


def _mf_evaluate(state: Any, player: int) -> float:
    """Wounds and gasps as a danger score: ahead when the opponents are nearer death.

    Danger of a player = (wounds / maximum + gasp markers / 3) / 2.  Against a player of
    the other side the value is their danger minus mine; between two witnesses (one
    team) it is minus the larger danger.  Always within [-1, 1].
    """
    n = state.game.num_players
    danger = [(state.wounds[p] / state.max_wounds[p] + state.gasps[p] / 3) / 2 for p in range(n)]
    mine = state.roles[player]
    rivals = [p for p in range(n) if state.roles[p] != mine]
    if not rivals:
        return -max(danger)
    return max(danger[p] for p in rivals) - danger[player]


_SUMMARIES: dict[str, Callable[[Any], str]] = {"mantis_falls": _mf_summary}
_EVALUATORS: dict[str, Callable[[Any, int], float]] = {"mantis_falls": _mf_evaluate}


def register_tree_helpers(
    game_name: str,
    summary: Callable[[Any], str] | None = None,
    evaluate: Callable[[Any, int], float] | None = None,
) -> None:
    """Register a game's state summary and depth-cut evaluation for decision trees."""
    if summary is not None:
        _SUMMARIES[game_name] = summary
    if evaluate is not None:
        _EVALUATORS[game_name] = evaluate


def summarise_state(state: Any) -> str:
    """A one-line summary of a state for tree nodes (game-specific when registered)."""
    fn = _SUMMARIES.get(state.game.name)
    if fn is not None:
        return fn(state)
    d = state.decision
    return f"{d.phase}: {d.prompt}"


def evaluate_state(state: Any, player: int) -> float:
    """The heuristic value of a non-terminal state for ``player`` (0 when unknown)."""
    fn = _EVALUATORS.get(state.game.name)
    return fn(state, player) if fn is not None else 0.0


# ======================================================================================
# Branches: the edges out of a state, equal-looking outcomes collapsed
# ======================================================================================


def branches(state: Any, collapse: bool = True) -> list[tuple[Action, float | None, int]]:
    """The edges out of ``state``: ``(action, probability or None, outcomes merged)``.

    With ``collapse``, actions with the same label (the same card name drawn, two
    copies of a card in hand) are merged: chance probabilities are added, and one
    representative action is kept.
    """
    d = state.decision
    if d.kind == "terminal":
        return []
    if d.kind == "chance":
        items: list[tuple[Action, float | None]] = list(state.chance_outcomes())
    else:
        items = [(a, None) for a in state.legal_actions()]
    if not collapse:
        return [(a, p, 1) for a, p in items]
    merged: dict[str, list[Any]] = {}
    for a, p in items:
        key = a.label or f"{a.kind}{a.args}"
        if key in merged:
            entry = merged[key]
            if p is not None:
                entry[1] += p
            entry[2] += 1
        else:
            merged[key] = [a, p, 1]
    return [(a, p, k) for a, p, k in merged.values()]


# ======================================================================================
# Decision trees
# ======================================================================================


def decision_tree(
    state: Any,
    depth: int = 3,
    player: int | None = None,
    max_nodes: int = 2000,
    collapse: bool = True,
    opponent: str = "mean",
    keep_states: bool = False,
) -> nx.DiGraph:
    """Build the tree of decisions and chance outcomes from ``state`` to ``depth`` edges.

    Args:
        state: any state (it is not changed).
        depth: how many steps (decisions or chance outcomes) deep to expand.
        player: whose expectimax values to compute (default: who decides now, else 0).
        max_nodes: the largest tree to build.
        collapse: merge equal-looking outcomes (same label) into one edge.
        opponent: how other players' choices are valued: ``"mean"`` (each legal choice
            equally likely) or ``"min"`` (the worst case for ``player``).
        keep_states: store each node's state under ``"state"`` (for loading a node into
            a tutorial player); off by default to save memory.

    Returns:
        A ``networkx.DiGraph`` with integer nodes (0 is the root) carrying ``summary``,
        ``kind`` (choice / chance / terminal), ``player``, ``rule``, ``prompt``,
        ``phase``, ``depth``, ``leaf`` (``"terminal"``, ``"depth"`` or ``None``) and
        ``value``; edges carry ``label``, ``action`` (a dict), ``probability`` (chance
        edges only), ``merged`` (outcomes collapsed into it) and ``best`` (the choice
        expectimax prefers at ``player``'s own decisions).  ``graph.graph`` holds
        ``root``, ``player``, ``depth``, ``opponent`` and the root ``value``.

    Raises:
        TreeTooLarge: if the tree would exceed ``max_nodes``.
        ValueError: for a negative depth or an unknown ``opponent`` rule.
    """
    if depth < 0:
        raise ValueError(f"depth must be zero or more, got {depth}")
    if opponent not in ("mean", "min"):
        raise ValueError(f"opponent must be 'mean' or 'min', got {opponent!r}")
    if player is None:
        player = state.decision.player if state.decision.player is not None else 0
    root = state.clone()
    if not keep_states:  # stored states keep their trace so a player can replay them
        root.tracing = False
        root.trace = []
    graph = nx.DiGraph(root=0, player=player, depth=depth, opponent=opponent)

    def add(s: Any, level: int) -> int:
        if graph.number_of_nodes() >= max_nodes:
            raise TreeTooLarge(max_nodes, depth)
        node = graph.number_of_nodes()
        d = s.decision
        leaf = "terminal" if d.kind == "terminal" else ("depth" if level >= depth else None)
        attrs: dict[str, Any] = {
            "summary": summarise_state(s),
            "kind": d.kind,
            "player": d.player,
            "rule": d.rule,
            "prompt": d.prompt,
            "phase": d.phase,
            "depth": level,
            "leaf": leaf,
        }
        if keep_states:
            attrs["state"] = s
        graph.add_node(node, **attrs)
        if leaf == "terminal":
            graph.nodes[node]["value"] = float(s.returns()[player])
            return node
        if leaf == "depth":
            graph.nodes[node]["value"] = float(evaluate_state(s, player))
            return node
        values: list[tuple[float, float | None, int]] = []
        for action, prob, merged in branches(s, collapse):
            child = s.clone()
            child.apply(action)
            c = add(child, level + 1)
            graph.add_edge(
                node,
                c,
                label=action.label or str(action),
                action=action.to_dict(),
                probability=prob,
                merged=merged,
                best=False,
            )
            values.append((graph.nodes[c]["value"], prob, c))
        graph.nodes[node]["value"] = _combine(values, d, player, opponent, graph, node)
        return node

    add(root, 0)
    graph.graph["value"] = graph.nodes[0]["value"]
    return graph


def _combine(
    values: list[tuple[float, float | None, int]],
    decision: Any,
    player: int,
    opponent: str,
    graph: nx.DiGraph,
    node: int,
) -> float:
    if not values:
        return 0.0
    if decision.kind == "chance":
        total = sum(p or 0.0 for _, p, _ in values) or 1.0
        return sum(v * (p or 0.0) for v, p, _ in values) / total
    if decision.player == player:
        best_value, _, best_child = max(values, key=lambda t: t[0])
        graph.edges[node, best_child]["best"] = True
        return best_value
    if opponent == "min":
        return min(v for v, _, _ in values)
    # Each legal choice equally likely: a collapsed edge weighs as many choices as it merged.
    weights = [graph.edges[node, c]["merged"] for _, _, c in values]
    return sum(v * w for (v, _, _), w in zip(values, weights, strict=True)) / sum(weights)


def tree_stats(graph: nx.DiGraph) -> dict[str, Any]:
    """Node and edge counts, leaves by kind and the root value of a decision tree."""
    leaves: dict[str, int] = {}
    for _, data in graph.nodes(data=True):
        if data.get("leaf"):
            leaves[data["leaf"]] = leaves.get(data["leaf"], 0) + 1
    return {
        "nodes": graph.number_of_nodes(),
        "edges": graph.number_of_edges(),
        "leaves": leaves,
        "depth": graph.graph.get("depth"),
        "player": graph.graph.get("player"),
        "root_value": graph.graph.get("value"),
    }


# ======================================================================================
# Exact Last Gasp odds (Mantis Falls)
# ======================================================================================


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


__all__ = [
    "TreeTooLarge",
    "branches",
    "decision_tree",
    "evaluate_state",
    "last_gasp_odds",
    "register_tree_helpers",
    "summarise_state",
    "tree_stats",
]
