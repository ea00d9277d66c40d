"""Drawing decision trees: a tidy layout (parents centred over children) as a Plotly figure.

The layout places leaves in the order the tree was built and each parent halfway
between its first and last child, one rank per depth; the figure draws it left to right
(root on the left), so each leaf has a row of its own and every edge's label (the
game's words, from its ``tree_labels`` hook) fits along it.  Nodes are labelled with who
decides and their value, and hover with what is decided, the rule, the position and
what the value means, in words and wrapped so the box fits.  ``customdata`` on the node trace
holds node ids so a ``FigureWidget`` click can load that node elsewhere.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from html import escape
from typing import Any

import plotly.graph_objects as go

from tutor.charts.template import NODE_COLOURS, new_figure


def tidy_layout(graph: Any, root: Any = None) -> dict[Any, tuple[float, float]]:
    """Positions ``{node: (x, y)}``: leaves on consecutive x, parents centred, y = -depth.

    Raises:
        ValueError: if the graph is empty or has a cycle reachable from the root.
    """
    if graph.number_of_nodes() == 0:
        raise ValueError("cannot lay out an empty tree")
    if root is None:
        root = graph.graph.get("root", next(iter(graph.nodes)))
    pos: dict[Any, tuple[float, float]] = {}
    next_x = 0.0
    # Iterative post-order walk: (node, depth, children visited?)
    stack: list[tuple[Any, int, bool]] = [(root, 0, False)]
    seen: set[Any] = set()
    while stack:
        node, depth, expanded = stack.pop()
        children = list(graph.successors(node))
        if not expanded:
            if node in seen:
                raise ValueError(f"node {node!r} is reached twice: not a tree")
            seen.add(node)
            stack.append((node, depth, True))
            for child in reversed(children):
                stack.append((child, depth + 1, False))
            continue
        if not children:
            pos[node] = (next_x, -float(depth))
            next_x += 1.0
        else:
            x = (pos[children[0]][0] + pos[children[-1]][0]) / 2
            pos[node] = (x, -float(depth))
    return pos


HOVER_WIDTH = 64
"""Characters per line of a hover box (long lines are wrapped, so the box fits the chart)."""
ROW_PX = 38
"""Pixels per leaf row of a drawn tree (room for an edge label above each edge)."""
COLUMN_PX = 230
"""Pixels per depth column of a drawn tree (room for an edge label along each edge)."""


def _wrap(text: str, width: int = HOVER_WIDTH) -> str:
    return "<br>".join(textwrap.wrap(escape(text), width)) if text else ""


def _percent(p: float) -> str:
    return f"{p:.0%}" if abs(p * 100 - round(p * 100)) < 1e-9 else f"{p:.1%}"


def node_value_words(graph: Any, data: dict[str, Any]) -> str:
    """What a node's value means, in words, for the player the tree was valued for."""
    value = data.get("value")
    if value is None:
        return ""
    who = str(graph.graph.get("player_name") or f"player {graph.graph.get('player')}")
    if data.get("leaf") == "terminal":
        head = f"Result for {who}: {value:+.2f} (the game is over)"
    elif data.get("leaf") == "depth":
        head = f"Estimate for {who}: {value:+.2f} (the tree stops here; the game's own judgement)"
    else:
        others = (
            "the other players choose the worst for " + who
            if graph.graph.get("opponent") == "min"
            else "the other players choose at random"
        )
        head = (
            f"Expected for {who}: {value:+.2f}, if {who} makes the best choices, chance "
            f"falls as its odds say and {others}"
        )
    return f"{head}. Scale: -1 = {who} surely loses, +1 = {who} surely wins."


def node_tag(graph: Any, data: dict[str, Any]) -> str:
    """The short label printed next to a node: who decides, chance, or the result."""
    value = data.get("value")
    who = str(graph.graph.get("player_name") or "")
    if data.get("leaf") == "terminal" and value is not None:
        if value >= 1:
            return f"{who} wins"
        if value <= -1:
            return f"{who} loses"
        return f"ends {value:+.2f}"
    kind = data.get("kind", "")
    tag = "chance" if kind == "chance" else (data.get("who") or kind)
    return f"{tag} {value:+.2f}" if value is not None else str(tag)


def _hover(graph: Any, node: Any, data: dict[str, Any]) -> str:
    kind = data.get("kind", "")
    phase = data.get("phase_label") or str(data.get("phase", "")).replace("_", " ")
    if kind == "chance":
        head = f"Chance · {phase}"
    elif kind == "terminal":
        head = "Game over"
    else:
        head = f"{data.get('who') or 'A player'} decides · {phase}"
    lines = [f"<b>{escape(head)}</b>"]
    if kind != "terminal" and data.get("prompt"):
        lines.append(_wrap(str(data["prompt"])))
    rule = data.get("citation") or data.get("rule")
    if rule:
        lines.append(_wrap(f"Rule: {rule} ({data.get('rule')})"))
    if data.get("summary"):
        lines.append(_wrap(str(data["summary"])))
    words = node_value_words(graph, data)
    if words:
        lines.append(_wrap(words))
    return "<br>".join(lines)


def edge_text(data: dict[str, Any]) -> str:
    """An edge's label with its chance ("25%") and how many equal outcomes it merges."""
    text = str(data.get("label", ""))
    prob = data.get("probability")
    if prob is not None:
        text += f" · {_percent(prob)}"
    if data.get("merged", 1) > 1:
        text += f" ({data['merged']} alike)"
    return text


def tree_figure(
    graph: Any,
    title: str | None = None,
    highlight: Iterable[Any] = (),
) -> go.Figure:
    """Draw a decision tree from :func:`tutor.analysis.trees.decision_tree`, left to right.

    The root is on the left, each step one column to the right, each leaf on a row of
    its own; edges are elbows, so every edge ends on its child's row, where its label
    is printed (the game's words from its ``tree_labels`` hook, with the chance of a
    chance outcome).  Each node is labelled with who decides (or chance, or the result)
    and its value; its hover box, wrapped to fit, says in words what is decided, the
    rule, the position and what the value means.

    Args:
        graph: the tree (a networkx DiGraph with node/edge attributes as built there).
        title: the figure title (default: node count and root value).
        highlight: nodes of a path to emphasise (e.g. the path a game took).

    Returns:
        A figure with the traces ``edges`` (lines), ``best`` (expectimax choices,
        thicker), ``edge labels`` (text at each edge, hover with the same words),
        ``nodes`` (markers coloured by kind with their tags, ``customdata`` = node id)
        and, with ``highlight``, ``path``.  Node positions are ``x = depth`` and
        ``y = -row`` of :func:`tidy_layout`.

    Raises:
        ValueError: if the graph is empty.
    """
    tidy = tidy_layout(graph)
    pos = {n: (-y, -x) for n, (x, y) in tidy.items()}  # depth to the right, rows down
    value = graph.graph.get("value")
    who = graph.graph.get("player_name") or f"player {graph.graph.get('player')}"
    if title is None:
        title = f"Decision tree: {graph.number_of_nodes()} positions"
        if value is not None:
            title += f"; worth {value:+.2f} to {who} (-1 a sure loss, +1 a sure win)"
    rows = 1 + max(-y for _, y in pos.values())
    columns = 1 + max(x for x, _ in pos.values())
    fig = new_figure(
        title,
        showlegend=False,
        xaxis={"visible": False, "range": [-0.3, columns + 0.3]},
        yaxis={"visible": False, "range": [-rows + 0.4, 0.8]},
        hovermode="closest",
        height=int(140 + ROW_PX * rows),
        width=int(120 + COLUMN_PX * (columns + 0.5)),
        margin={"l": 20, "r": 20, "t": 70, "b": 20},
        hoverlabel={"font": {"size": 12}, "align": "left"},
    )
    ex: list[float | None] = []
    ey: list[float | None] = []
    bx: list[float | None] = []
    by: list[float | None] = []
    mx: list[float] = []
    my: list[float] = []
    mtext: list[str] = []
    for u, v, data in graph.edges(data=True):
        (x0, y0), (x1, y1) = pos[u], pos[v]
        elbow = x0 + 0.25
        xs, ys = (bx, by) if data.get("best") else (ex, ey)
        xs += [x0, elbow, elbow, x1, None]
        ys += [y0, y0, y1, y1, None]
        mx.append((elbow + x1) / 2)
        my.append(y1)
        mtext.append(edge_text(data))
    fig.add_scatter(
        name="edges",
        x=ex,
        y=ey,
        mode="lines",
        line={"color": "#bbb", "width": 1},
        hoverinfo="skip",
    )
    fig.add_scatter(
        name="best",
        x=bx,
        y=by,
        mode="lines",
        line={"color": "#457b9d", "width": 2.5},
        hoverinfo="skip",
    )
    fig.add_scatter(
        name="edge labels",
        x=mx,
        y=my,
        mode="text",
        text=[escape(t) for t in mtext],
        textposition="top center",
        textfont={"size": 11, "color": "#333"},
        hovertext=[_wrap(t) for t in mtext],
        hoverinfo="text",
    )
    nodes = list(graph.nodes(data=True))
    fig.add_scatter(
        name="nodes",
        x=[pos[n][0] for n, _ in nodes],
        y=[pos[n][1] for n, _ in nodes],
        mode="markers+text",
        text=[escape(node_tag(graph, d)) for _, d in nodes],
        textposition=["middle right" if d.get("leaf") else "bottom center" for _, d in nodes],
        textfont={"size": 10, "color": "#555"},
        marker={
            "size": 11,
            "color": [NODE_COLOURS.get(d.get("kind", ""), "#999") for _, d in nodes],
            "symbol": ["square" if d.get("leaf") else "circle" for _, d in nodes],
            "line": {"width": 0.5, "color": "white"},
        },
        customdata=[n for n, _ in nodes],
        hovertext=[_hover(graph, n, d) for n, d in nodes],
        hoverinfo="text",
    )
    path = [n for n in highlight if n in pos]
    if path:
        fig.add_scatter(
            name="path",
            x=[pos[n][0] for n in path],
            y=[pos[n][1] for n in path],
            mode="lines+markers",
            line={"color": "#9d0208", "width": 3},
            marker={"size": 13, "color": "#9d0208"},
            hoverinfo="skip",
        )
    return fig


__all__ = ["edge_text", "node_tag", "node_value_words", "tidy_layout", "tree_figure"]
