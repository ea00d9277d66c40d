"""Drawing procedure flowcharts (the Last Gasp of topic 17) with a path highlighted.

Why this file exists: the flowchart graph of :mod:`tutor.analysis.flowchart` is generated
from the engine's own table; this module lays it out top-down and draws it with Plotly.
Tests are diamonds, a player's choices hexagons, the engine's steps squares; arrows out of
a test read "yes"/"no" (hover for the condition), and hovering a step shows its rule and
the rulebook summary.  Passing ``highlight=procedure_path(state, name)`` paints the way a game went.

Layout: each step sits one row below the lowest step leading to it (arrows that go back
up the reading order close loops and are ignored for the rows); within a row, steps sit
under their parents, the two answers of a test to either side, then are pushed apart.
Arrows that skip rows or go back up are drawn as curves around the steps in between.
"""

from __future__ import annotations

from collections.abc import Sequence
from textwrap import wrap
from typing import Any

import plotly.graph_objects as go

from tutor.charts.template import new_figure

KIND_STYLE: dict[str, tuple[str, str, str]] = {
    # kind: (legend name, marker symbol, colour)
    "start": ("reaches maximum", "circle", "#9d0208"),
    "step": ("the engine does", "square", "#457b9d"),
    "choice": ("a player decides", "hexagon", "#f4a261"),
    "test": ("yes/no test", "diamond", "#e9c46a"),
    "end": ("end", "octagon", "#6c757d"),
}
PATH_COLOUR = "#d62828"
GAP = 1.7
"""Smallest horizontal distance between two steps of one row (room for their labels)."""


def flow_layout(graph: Any) -> dict[Any, tuple[float, float]]:
    """Positions ``{step: (x, y)}`` for a flowchart, top-down (y = -row).

    Raises:
        ValueError: if the graph is empty.
    """
    if graph.number_of_nodes() == 0:
        raise ValueError("cannot lay out an empty flowchart")
    nodes = sorted(graph.nodes, key=lambda n: graph.nodes[n].get("order", 0))
    index = {n: i for i, n in enumerate(nodes)}
    row = {n: 0 for n in nodes}
    for n in nodes:  # forward arrows go down the reading order: one pass gives longest paths
        for v in graph.successors(n):
            if index[v] > index[n]:
                row[v] = max(row[v], row[n] + 1)
    x: dict[Any, float] = {}
    for r in sorted(set(row.values())):
        members = [n for n in nodes if row[n] == r]
        desired = {n: _desired_x(graph, n, row, index, x) for n in members}
        members.sort(key=lambda n: (desired[n], index[n]))
        placed: list[float] = []
        for n in members:
            placed.append(desired[n] if not placed else max(desired[n], placed[-1] + GAP))
        shift = sum(desired.values()) / len(members) - sum(placed) / len(placed)
        for n, px in zip(members, placed, strict=True):
            x[n] = px + shift
    return {n: (x[n], -float(row[n])) for n in nodes}


def _desired_x(
    graph: Any, node: Any, row: dict[Any, int], index: dict[Any, int], x: dict[Any, float]
) -> float:
    wants = []
    for u in graph.predecessors(node):
        if index[u] >= index[node] or u not in x:
            continue
        if row[node] - row[u] == 1:  # a short arrow: spread the siblings under their parent
            short = [v for v in graph.successors(u) if index[v] > index[u] and row[v] == row[u] + 1]
            k = short.index(node)
            wants.append(x[u] + (k - (len(short) - 1) / 2) * GAP)
        else:
            wants.append(x[u])
    return sum(wants) / len(wants) if wants else 0.0


def _curve(
    p0: tuple[float, float], p1: tuple[float, float], bulge_x: float, points: int = 16
) -> tuple[list[float], list[float]]:
    """A quadratic curve from p0 to p1 whose middle passes through x = bulge_x."""
    cx = 2 * bulge_x - (p0[0] + p1[0]) / 2
    cy = (p0[1] + p1[1]) / 2
    xs, ys = [], []
    for i in range(points + 1):
        t = i / points
        xs.append((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * cx + t**2 * p1[0])
        ys.append((1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * cy + t**2 * p1[1])
    return xs, ys


def _edge_points(
    u: Any, v: Any, pos: dict[Any, tuple[float, float]], centre: float
) -> tuple[list[float], list[float]]:
    (x0, y0), (x1, y1) = pos[u], pos[v]
    if y0 - y1 == 1:  # one row down: a straight arrow
        return [x0, x1], [y0, y1]
    low, high = sorted((y0, y1))
    between = [px for n, (px, py) in pos.items() if low < py < high and n not in (u, v)]
    right = (x0 + x1) / 2 >= centre
    span = [x0, x1, *between]
    bulge = (max(span) + 0.8) if right else (min(span) - 0.8)
    return _curve((x0, y0), (x1, y1), bulge)


def _hover(node: Any, data: dict[str, Any]) -> str:
    kind = KIND_STYLE.get(data.get("kind", ""), (data.get("kind", ""),))[0]
    lines = [f"<b>{data.get('label', node)}</b> ({kind})"]
    rule = data.get("rule", "")
    citation = data.get("citation")
    lines.append(f"{rule}: {citation}" if citation else rule)
    summary = data.get("summary")
    if summary:
        lines += wrap(summary, 60)
    return "<br>".join(lines)


def _node_text(node: Any, data: dict[str, Any]) -> str:
    # An en space on each line keeps the words clear of the marker (and the path ring).
    return "<br>".join("\u2002\u2002" + line for line in wrap(str(data.get("label", node)), 22))


def _edge_text(data: dict[str, Any]) -> tuple[str, str]:
    """(the words on the arrow, the hover text)."""
    label = str(data.get("label") or "")
    when = data.get("when")
    if when is None:
        return "<br>".join(wrap(label, 18)), label
    answer = "yes" if when else "no"
    return answer, f"{answer}: {label}" if label else answer


def flowchart_figure(
    graph: Any,
    highlight: Sequence[Any] = (),
    title: str | None = None,
) -> go.Figure:
    """Draw a flowchart from :func:`tutor.analysis.flowchart.procedure_graph`.

    Args:
        graph: the flowchart (e.g. :func:`~tutor.analysis.flowchart.procedure_flowchart`).
        highlight: a path of steps to paint (e.g. :func:`~tutor.analysis.flowchart.procedure_path`);
            the arrows between consecutive steps are painted too, and the last step is
            marked as where the path stands.
        title: the figure title (default: the procedure's title).

    Returns:
        A figure with traces ``arrows`` (lines), ``arrow labels`` (text: yes/no and
        conditions, hover for the whole condition), one marker trace per step kind
        present (named as in :data:`KIND_STYLE`, ``customdata`` = step ids, hover = rule
        and summary) and, with ``highlight``, ``path arrows`` and ``path``.  Arrowheads are
        layout annotations.

    Raises:
        ValueError: if the graph is empty or ``highlight`` names a step it lacks.
    """
    pos = flow_layout(graph)
    missing = [n for n in highlight if n not in pos]
    if missing:
        raise ValueError(f"highlight names steps the flowchart lacks: {missing}")
    xs_all = [p[0] for p in pos.values()]
    centre = (min(xs_all) + max(xs_all)) / 2
    rows = int(-min(p[1] for p in pos.values())) + 1
    fig = new_figure(
        title if title is not None else str(graph.graph.get("title", "Flowchart")),
        showlegend=True,
        xaxis={"visible": False, "range": [min(xs_all) - 2.2, max(xs_all) + 2.8]},
        yaxis={"visible": False, "range": [-rows + 0.4, 0.6]},
        hovermode="closest",
        height=120 + 58 * rows,
        legend={"orientation": "h", "y": 1.0, "yanchor": "bottom", "x": 0},
    )
    path_pairs = set(zip(highlight, list(highlight)[1:], strict=False))
    lx: list[float | None] = []
    ly: list[float | None] = []
    px: list[float | None] = []
    py: list[float | None] = []
    tx: list[float] = []
    ty: list[float] = []
    ttext: list[str] = []
    thover: list[str] = []
    annotations = []
    for u, v, data in graph.edges(data=True):
        exs, eys = _edge_points(u, v, pos, centre)
        on_path = (u, v) in path_pairs
        xs, ys = (px, py) if on_path else (lx, ly)
        xs += [*exs, None]
        ys += [*eys, None]
        text, hover = _edge_text(data)
        if text:
            if len(exs) == 2:
                mx, my = (exs[0] + exs[1]) / 2, (eys[0] + eys[1]) / 2
            else:  # a curve: label it near where it leaves, away from other curves' middles
                mx, my = exs[len(exs) // 4], eys[len(exs) // 4]
            tx.append(mx)
            ty.append(my)
            ttext.append(text)
            thover.append(
                f"{graph.nodes[u].get('label', u)} → {graph.nodes[v].get('label', v)}<br>{hover}"
            )
        annotations.append(
            {
                "x": exs[-1],
                "y": eys[-1],
                "ax": exs[-2],
                "ay": eys[-2],
                "xref": "x",
                "yref": "y",
                "axref": "x",
                "ayref": "y",
                "showarrow": True,
                "arrowhead": 2,
                "arrowsize": 1.2,
                "arrowwidth": 2.5 if on_path else 1.2,
                "arrowcolor": PATH_COLOUR if on_path else "#999",
                "standoff": 9,
                "text": "",
            }
        )
    fig.add_scatter(
        name="arrows",
        x=lx,
        y=ly,
        mode="lines",
        line={"color": "#bbb", "width": 1.2},
        hoverinfo="skip",
        showlegend=False,
    )
    if highlight:
        fig.add_scatter(
            name="path arrows",
            x=px,
            y=py,
            mode="lines",
            line={"color": PATH_COLOUR, "width": 3},
            hoverinfo="skip",
            showlegend=False,
        )
    fig.add_scatter(
        name="arrow labels",
        x=tx,
        y=ty,
        mode="text",
        text=ttext,
        textfont={"size": 10, "color": "#666"},
        hovertext=thover,
        hoverinfo="text",
        showlegend=False,
    )
    for kind, (legend, symbol, colour) in KIND_STYLE.items():
        members = [(n, d) for n, d in graph.nodes(data=True) if d.get("kind") == kind]
        if not members:
            continue
        fig.add_scatter(
            name=legend,
            x=[pos[n][0] for n, _ in members],
            y=[pos[n][1] for n, _ in members],
            mode="markers+text",
            marker={"size": 17, "symbol": symbol, "color": colour, "line": {"width": 1}},
            text=[_node_text(n, d) for n, d in members],
            textposition="middle right",
            textfont={"size": 11},
            customdata=[n for n, _ in members],
            hovertext=[_hover(n, d) for n, d in members],
            hoverinfo="text",
        )
    if highlight:
        steps = list(dict.fromkeys(highlight))
        fig.add_scatter(
            name="path",
            x=[pos[n][0] for n in steps],
            y=[pos[n][1] for n in steps],
            mode="markers",
            marker={
                "size": 25,
                "symbol": "circle-open",
                "color": PATH_COLOUR,
                "line": {"width": 3},
            },
            customdata=steps,
            hoverinfo="skip",
        )
        last = highlight[-1]
        annotations.append(
            {
                "x": pos[last][0],
                "y": pos[last][1],
                "xref": "x",
                "yref": "y",
                "text": "<b>here</b>",
                "showarrow": True,
                "arrowhead": 0,
                "ax": -45,
                "ay": 0,
                "font": {"color": PATH_COLOUR},
            }
        )
    fig.update_layout(annotations=annotations)
    return fig


__all__ = ["KIND_STYLE", "flow_layout", "flowchart_figure"]
