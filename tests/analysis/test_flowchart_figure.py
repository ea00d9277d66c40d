"""Tests for the flowchart drawing: layout, markers by kind, arrow labels, the highlighted path.

Why this file exists: a flowchart is read top-down, tests as diamonds with yes/no arrows,
and the highlighted path must be the game's own.  These tests read the figure's data
(positions, symbols, texts, customdata, annotations), not pixels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import pytest

import tutor
from tutor.charts.flowchart import GAP, KIND_STYLE, flow_layout, flowchart_figure
from tutor.core.scenario import load_scenario
from tutor.games.mantis_falls.flowchart import gasp_path, last_gasp_flowchart

MEDICINE = (
    Path(__file__).resolve().parents[2] / "tests/scenarios/mantis_falls/last_gasp_medicine.yaml"
)


def trace(fig: go.Figure, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


def test_layout_reads_top_down_with_loops_going_back_up() -> None:
    graph = last_gasp_flowchart()
    pos = flow_layout(graph)
    assert pos["reach_max"][1] == 0.0
    assert max(y for _, y in pos.values()) == 0.0
    for u, v, data in graph.edges(data=True):
        if data["back"]:
            assert pos[v][1] >= pos[u][1], (u, v)  # a loop goes back up (or sideways)
        else:
            assert pos[v][1] < pos[u][1], (u, v)  # every other arrow goes down
    rows: dict[float, list[float]] = {}
    for x, y in pos.values():
        rows.setdefault(y, []).append(x)
    for xs in rows.values():
        xs.sort()
        assert all(b - a >= GAP - 1e-9 for a, b in zip(xs, xs[1:], strict=False))
    # The two answers of a test sit on either side of it.
    assert pos["survive"][0] < pos["alive"][0] < pos["dead"][0]


def test_steps_are_drawn_by_kind_with_the_rule_on_hover() -> None:
    graph = last_gasp_flowchart()
    fig = flowchart_figure(graph)
    book = tutor.load_game("mantis_falls").rulebook
    drawn: dict[str, str] = {}
    for kind, (legend, symbol, _) in KIND_STYLE.items():
        nodes = trace(fig, legend)
        assert nodes.marker.symbol == symbol
        for step, hover in zip(nodes.customdata, nodes.hovertext, strict=True):
            assert graph.nodes[step]["kind"] == kind
            drawn[step] = hover
    assert set(drawn) == set(graph.nodes)
    assert trace(fig, "yes/no test").marker.symbol == "diamond"
    hover = drawn["finish_card"]
    assert "mf.17.1" in hover and book["mf.17.1"].title in hover
    assert book["mf.17.1"].summary.split()[0] in hover
    assert fig.layout.title.text == "Last Gasp (topics 16-18)"


def test_arrows_are_labelled_with_answers_and_conditions() -> None:
    graph = last_gasp_flowchart()
    fig = flowchart_figure(graph)
    labels = trace(fig, "arrow labels")
    texts = list(labels.text)
    tests = sum(1 for _, d in graph.nodes(data=True) if d["kind"] == "test")
    assert texts.count("yes") == tests and texts.count("no") == tests
    hovers = list(labels.hovertext)
    assert any("no: still at maximum, or marker at 3" in h for h in hovers)
    assert any(t.replace("<br>", " ") == "a card wounds another player" for t in texts)
    arrowheads = [a for a in fig.layout.annotations if a.showarrow and not a.text]
    assert len(arrowheads) == graph.number_of_edges()


def test_the_path_of_a_game_is_highlighted() -> None:
    session = load_scenario(MEDICINE)
    session.play("Add Medicine (Amber) to the Last Gasp play")
    session.play("Finish the Last Gasp play (1 card)")
    path = gasp_path(session)
    fig = flowchart_figure(last_gasp_flowchart(), highlight=path)
    ring = trace(fig, "path")
    assert list(ring.customdata) == list(dict.fromkeys(path))
    assert "dead" not in ring.customdata and "survive" in ring.customdata
    red = [a for a in fig.layout.annotations if a.arrowcolor == "#d62828" and not a.text]
    assert len(red) == len(set(zip(path, path[1:], strict=False)))
    here = [a for a in fig.layout.annotations if a.text == "<b>here</b>"]
    pos = flow_layout(last_gasp_flowchart())
    assert [(a.x, a.y) for a in here] == [pos["resume"]]
    assert trace(fig, "path arrows").x  # drawn over the grey arrows


def test_no_path_no_path_traces_and_bad_steps_are_refused() -> None:
    fig = flowchart_figure(last_gasp_flowchart())
    assert "path" not in [t.name for t in fig.data]
    with pytest.raises(ValueError, match="lacks"):
        flowchart_figure(last_gasp_flowchart(), highlight=["reach_max", "teleport"])
