"""Clickable decision trees: click a node, and the tutorial player shows that position.

Why this file exists: a what-if tree is most useful when a learner can jump into any of
its positions and play on from there.  :func:`tree_figure_widget` wraps the tree drawing
of :func:`tutor.charts.tree.tree_figure` in a Plotly ``FigureWidget`` whose node clicks
load the clicked node's state (kept by ``decision_tree(..., keep_states=True)``) into a
:class:`~tutor.widgets.player.TutorialPlayer`, as a new session on a copy of it.  The
rules stay in :mod:`tutor.analysis`; this is only glue.

Plotly (with anywidget for ``FigureWidget``) is imported here, never by ``import tutor``
or ``import tutor.widgets``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import plotly.graph_objects as go

from tutor.charts.tree import tree_figure
from tutor.widgets.player import TutorialPlayer

SELECTED_COLOUR = "#d62828"


def load_node(graph: Any, node: Any, player: TutorialPlayer) -> None:
    """Load a tree node's position into the player (a new session on a copy of it).

    Raises:
        KeyError: if the tree has no such node.
        ValueError: if the tree was built without ``keep_states=True``.
    """
    data = graph.nodes[node]
    state = data.get("state")
    if state is None:
        raise ValueError(
            f"node {node} has no stored position: build the tree with "
            "decision_tree(..., keep_states=True)"
        )
    summary = str(data.get("summary", ""))
    player.load_state(state, note=f"Tree node {node}: {summary}")


def tree_figure_widget(
    graph: Any,
    player: TutorialPlayer,
    highlight: Iterable[Any] = (),
    title: str | None = None,
) -> go.FigureWidget:
    """The decision tree as a ``FigureWidget``; clicking a node loads it into ``player``.

    Args:
        graph: a tree from :func:`tutor.analysis.trees.decision_tree` built with
            ``keep_states=True``.
        player: the tutorial player to load positions into.
        highlight: nodes of a path to emphasise (as :func:`tutor.charts.tree.tree_figure`).
        title: the figure title.

    Returns:
        The widget: the traces of ``tree_figure`` plus ``selected`` (a ring around the
        node loaded last).  The ``nodes`` trace's click handler does the loading.

    Raises:
        ValueError: if the tree is empty or was built without ``keep_states=True``.
    """
    if not any("state" in d for _, d in graph.nodes(data=True)):
        raise ValueError(
            "this tree keeps no positions to load: build it with "
            "decision_tree(..., keep_states=True)"
        )
    fig = go.FigureWidget(tree_figure(graph, title=title, highlight=highlight))
    fig.add_scatter(
        name="selected",
        x=[],
        y=[],
        mode="markers",
        marker={
            "size": 18,
            "symbol": "circle-open",
            "color": SELECTED_COLOUR,
            "line": {"width": 3},
        },
        hoverinfo="skip",
    )
    nodes = next(t for t in fig.data if t.name == "nodes")
    selected = fig.data[-1]

    def on_click(trace: Any, points: Any, _state: Any) -> None:
        if not points.point_inds:
            return
        i = points.point_inds[0]
        load_node(graph, trace.customdata[i], player)
        with fig.batch_update():
            selected.x = [trace.x[i]]
            selected.y = [trace.y[i]]

    nodes.on_click(on_click)
    return fig


__all__ = ["load_node", "tree_figure_widget"]
