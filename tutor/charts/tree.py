"""Drawing decision trees: a tidy layout (parents centred over children) as a Plotly figure.

The layout places leaves left to right in the order the tree was built and each
parent halfway between its first and last child, one row per depth.  Nodes hover with
the state summary, the rule that asks for the decision and the expectimax value;
edges hover with the action and its probability.  ``customdata`` on the node trace
holds node ids so a ``FigureWidget`` click can load that node elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable
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


def _hover(node: Any, data: dict[str, Any]) -> str:
    who = "" if data.get("player") is None else f" · player {data['player']}"
    value = data.get("value")
    lines = [
        f"<b>node {node}</b> · {data.get('kind', '')}{who}",
        str(data.get("summary", "")),
        f"rule {data.get('rule', '')}: {data.get('prompt', '')}",
    ]
    if value is not None:
        lines.append(
            f"value {value:+.3f}" + (f" ({data['leaf']} leaf)" if data.get("leaf") else "")
        )
    return "<br>".join(lines)


def tree_figure(
    graph: Any,
    title: str | None = None,
    highlight: Iterable[Any] = (),
) -> go.Figure:
    """Draw a decision tree from :func:`tutor.analysis.trees.decision_tree`.

    Args:
        graph: the tree (a networkx DiGraph with node/edge attributes as built there).
        title: the figure title (default: node count and root value).
        highlight: nodes of a path to emphasise (e.g. the path a game took).

    Returns:
        A figure with three or four traces: ``edges`` (lines), ``best`` (expectimax
        choices, thicker), ``edge labels`` (hover points at edge midpoints), ``nodes``
        (markers coloured by kind, ``customdata`` = node id) and, with ``highlight``,
        ``path``.

    Raises:
        ValueError: if the graph is empty.
    """
    pos = tidy_layout(graph)
    value = graph.graph.get("value")
    if title is None:
        title = f"Decision tree: {graph.number_of_nodes()} nodes"
        if value is not None:
            title += f", root value {value:+.3f} for player {graph.graph.get('player')}"
    fig = new_figure(
        title,
        showlegend=False,
        xaxis={"visible": False},
        yaxis={"visible": False},
        hovermode="closest",
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
        xs, ys = (bx, by) if data.get("best") else (ex, ey)
        xs += [x0, x1, None]
        ys += [y0, y1, None]
        mx.append((x0 + x1) / 2)
        my.append((y0 + y1) / 2)
        prob = data.get("probability")
        text = str(data.get("label", ""))
        if prob is not None:
            text += f" (p = {prob:.3f})"
        if data.get("merged", 1) > 1:
            text += f" [{data['merged']} equal outcomes]"
        mtext.append(text)
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
        mode="markers",
        marker={"size": 6, "opacity": 0},
        hovertext=mtext,
        hoverinfo="text",
    )
    nodes = list(graph.nodes(data=True))
    fig.add_scatter(
        name="nodes",
        x=[pos[n][0] for n, _ in nodes],
        y=[pos[n][1] for n, _ in nodes],
        mode="markers",
        marker={
            "size": 9,
            "color": [NODE_COLOURS.get(d.get("kind", ""), "#999") for _, d in nodes],
            "symbol": ["square" if d.get("leaf") else "circle" for _, d in nodes],
            "line": {"width": 0.5, "color": "white"},
        },
        customdata=[n for n, _ in nodes],
        hovertext=[_hover(n, d) for n, d in nodes],
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
            marker={"size": 11, "color": "#9d0208"},
            hoverinfo="skip",
        )
    return fig


__all__ = ["tidy_layout", "tree_figure"]
