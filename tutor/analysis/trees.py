"""Decision trees and exact odds from any position (networkx graphs, expectimax values).

``decision_tree`` expands a position to a depth: every player decision and every
chance outcome becomes an edge (chance edges carry their probability).  Outcomes
that look the same to people (the same card name drawn or discarded) are collapsed
into one edge with their probabilities added, so trees stay readable.  Each node gets
an expectimax value for a chosen player: ``returns()`` at the end of the game, the
game's own evaluation (its spec's ``evaluate`` hook) at the depth cut.  Node summaries
and edge labels come from the ``state_summary`` and ``tree_labels`` hooks when a game
declares them.  A game's exact-odds searches (its ``odds`` hook) build on
:func:`branches`.

networkx is imported here, never by ``import tutor``.
"""

from __future__ import annotations

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
# What a game adds through its spec: a one-line summary, a depth-cut value, edge labels
# ======================================================================================


def summarise_state(state: Any) -> str:
    """A one-line summary of a state for tree nodes (the game's ``state_summary`` hook,
    else the phase and prompt of the decision)."""
    fn = state.game.spec.hook("state_summary")
    if fn is not None:
        return str(fn(state))
    d = state.decision
    return f"Turn {state.turn_number} · {d.phase}: {d.prompt}"


def evaluate_state(state: Any, player: int) -> float:
    """The heuristic value of a non-terminal state for ``player``: the game's ``evaluate``
    hook, else 0 (nothing known until the end)."""
    fn = state.game.spec.hook("evaluate")
    return float(fn(state, player)) if fn is not None else 0.0


def phase_label(state: Any, phase: str) -> str:
    """A phase in the game's words (its ``phases`` hook), else the key with spaces."""
    phases = state.game.spec.hook("phases")
    return str(dict(phases or ()).get(phase, phase.replace("_", " ")))


def rule_cited(state: Any, rule: str) -> str:
    """A rule id cited the game's way ("Topic 17 · Last Gasps: ..."), else the id."""
    book = getattr(state.game, "rulebook", None)
    if not rule or book is None or rule not in book.rules:
        return rule
    return str(book.cite(rule))


def edge_label(state: Any, action: Action) -> str:
    """The label of a tree edge: the game's ``tree_labels`` hook, else the action's label."""
    fn = state.game.spec.hook("tree_labels")
    if fn is not None:
        return str(fn(state, action))
    return action.label or str(action)


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
        ``kind`` (choice / chance / terminal), ``player``, ``who`` (the decider's name),
        ``rule``, ``citation`` (the rule cited the game's way), ``prompt``, ``phase``,
        ``phase_label`` (in the game's words), ``depth``, ``leaf`` (``"terminal"``,
        ``"depth"`` or ``None``) and ``value``; edges carry ``label``, ``action`` (a
        dict), ``probability`` (chance edges only), ``merged`` (outcomes collapsed
        into it) and ``best`` (the choice expectimax prefers at ``player``'s own
        decisions).  ``graph.graph`` holds
        ``root``, ``player``, ``player_name``, ``depth``, ``opponent`` and the root
        ``value``.

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
    names = list(state.player_names())
    n = len(names)
    graph = nx.DiGraph(
        root=0,
        player=player,
        player_name=names[player] if 0 <= player < n else f"player {player}",
        depth=depth,
        opponent=opponent,
    )

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
            "who": names[d.player] if d.player is not None and 0 <= d.player < n else "",
            "rule": d.rule,
            "citation": rule_cited(s, d.rule),
            "prompt": d.prompt,
            "phase": d.phase,
            "phase_label": phase_label(s, d.phase),
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
                label=edge_label(s, action),
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


__all__ = [
    "TreeTooLarge",
    "branches",
    "decision_tree",
    "edge_label",
    "evaluate_state",
    "phase_label",
    "rule_cited",
    "summarise_state",
    "tree_stats",
]
