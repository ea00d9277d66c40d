"""Tests for the Plotly charts: the numbers in the traces, the tree layout, light imports.

Why this file exists: a chart that draws the wrong bar is worse than no chart in a
workshop.  These tests read the figure data (trace names, x and y values, error bars,
node positions) rather than pixels, and check that ``import tutor`` does not pull in
Plotly, networkx or tqdm.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import plotly.graph_objects as go
import pytest
from games.mantis_falls.mf_helpers import do, mf_state, skip_to_main_play

from tutor.analysis.simulation import simulate, summarise
from tutor.analysis.trees import decision_tree
from tutor.charts import (
    game_length_hist,
    outcome_bar,
    tidy_layout,
    tree_figure,
)
from tutor.charts.template import TEMPLATE
from tutor.games.mantis_falls.charts import event_outcomes, last_gasp_outcomes


def rows_fixture() -> list[dict[str, Any]]:
    ev = [
        {"event": "Street Thug", "kind": "opposition", "outcome": "defeated"},
        {"event": "Street Thug", "kind": "opposition", "outcome": "undefeated"},
        {"event": "Cold Rain", "kind": "incident", "outcome": "incident"},
        {"event": "Cold Rain", "kind": "incident", "outcome": "prevented"},
        {"event": "Sniper", "kind": "opposition", "outcome": "prevented"},
    ]
    return [
        {"events": ev[:3], "gasps": [2, 0], "dead": [0], "turns": 7, "end": "death"},
        {"events": ev[3:], "gasps": [1, 3], "dead": [1], "turns": 9, "end": "death"},
        {"events": [], "gasps": [0, 1], "dead": [], "turns": 30, "end": "escape"},
    ]


def trace(fig: go.Figure, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


def test_outcome_bar_shows_rates_with_wilson_error_bars() -> None:
    rows = simulate("mantis_falls", games=30, seed=1, processes=1, progress=False)
    s = summarise(rows)
    fig = outcome_bar(s)
    assert isinstance(fig, go.Figure) and len(fig.data) == 1
    bar = fig.data[0]
    assert list(bar.x) == ["assassin wins", "witness wins", "tie", "escape"]
    expected = [
        s["win_rate"]["assassin"],
        s["win_rate"]["witness"],
        s["tie_rate"],
        s["escape_rate"],
    ]
    assert list(bar.y) == [r["rate"] for r in expected]
    assert list(bar.error_y.array) == pytest.approx([r["high"] - r["rate"] for r in expected])
    assert list(bar.error_y.arrayminus) == pytest.approx([r["rate"] - r["low"] for r in expected])
    assert fig.layout.template.layout.font.family == TEMPLATE.layout.font.family


def test_outcome_bar_groups_several_matchups() -> None:
    a = summarise(simulate("mantis_falls", games=6, seed=1, processes=1, progress=False))
    b = summarise(
        simulate(
            "mantis_falls",
            games=6,
            seed=1,
            processes=1,
            progress=False,
            policies=("heuristic", "heuristic"),
        )
    )
    fig = outcome_bar({"random": a, "heuristic": b})
    assert [t.name for t in fig.data] == ["random", "heuristic"]
    assert fig.layout.barmode == "group"


def test_event_outcomes_stack_per_event_type() -> None:
    fig = event_outcomes(rows_fixture())
    assert fig.layout.barmode == "stack"
    assert [t.name for t in fig.data] == ["prevented", "defeated", "undefeated", "incident"]
    assert list(trace(fig, "prevented").x) == ["incident", "opposition"]
    assert list(trace(fig, "prevented").y) == [1, 1]
    assert list(trace(fig, "defeated").y) == [0, 1]
    assert list(trace(fig, "incident").y) == [1, 0]
    by_event = event_outcomes(rows_fixture(), by="event")
    assert list(trace(by_event, "prevented").x) == ["Cold Rain", "Sniper", "Street Thug"]
    assert list(trace(by_event, "prevented").y) == [1, 1, 0]
    with pytest.raises(ValueError):
        event_outcomes(rows_fixture(), by="colour")


def test_event_outcomes_of_simulated_games_add_up() -> None:
    rows = simulate("mantis_falls", games=20, seed=3, processes=1, progress=False)
    fig = event_outcomes(rows)
    assert sum(sum(t.y) for t in fig.data) == sum(len(r["events"]) for r in rows)


def test_last_gasp_outcomes_by_gasp_number() -> None:
    """Player 0 of game 1 survived gasp 1 and died in gasp 2; game 2's player 1 died in 3."""
    fig = last_gasp_outcomes(rows_fixture())
    assert list(trace(fig, "survived").x) == ["gasp 1", "gasp 2", "gasp 3"]
    assert list(trace(fig, "survived").y) == [4, 1, 0]
    assert list(trace(fig, "died").y) == [0, 1, 1]


def test_game_length_histogram_holds_each_games_turns() -> None:
    fig = game_length_hist(rows_fixture())
    assert [t.name for t in fig.data] == ["death", "escape"]
    assert list(trace(fig, "death").x) == [7, 9]
    assert list(trace(fig, "escape").x) == [30]
    assert all(t.type == "histogram" for t in fig.data)


def small_tree() -> Any:
    state = mf_state(
        setup={
            "turn_player": 0,
            "event_deck_top": ["Pickpocketed"],
            "players": [{"wounds": 7, "hand": ["Medicine", "Sprint", "Bullet"]}, {}],
        }
    )
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    return decision_tree(state, depth=4, player=0)


def test_tidy_layout_centres_parents_over_their_children() -> None:
    tree = small_tree()
    pos = tidy_layout(tree)
    leaves = sorted(pos[n][0] for n in tree.nodes if tree.out_degree(n) == 0)
    assert leaves == [float(i) for i in range(len(leaves))]
    for node in tree.nodes:
        kids = list(tree.successors(node))
        assert pos[node][1] == -tree.nodes[node]["depth"]
        if kids:
            assert pos[node][0] == (pos[kids[0]][0] + pos[kids[-1]][0]) / 2


def test_tree_figure_draws_every_node_and_edge() -> None:
    tree = small_tree()
    fig = tree_figure(tree, highlight=[0, 1])
    nodes = trace(fig, "nodes")
    assert sorted(nodes.customdata) == sorted(tree.nodes)
    assert len(trace(fig, "edge labels").x) == tree.number_of_edges()
    line_points = len(trace(fig, "edges").x) + len(trace(fig, "best").x)
    assert line_points == 5 * tree.number_of_edges()  # elbows: 4 points and a gap each
    best = sum(1 for _, _, d in tree.edges(data=True) if d["best"])
    assert len(trace(fig, "best").x) == 5 * best
    # Drawn left to right: x is the depth, y the row of tidy_layout.
    pos = tidy_layout(tree)
    assert list(trace(fig, "path").x) == [float(tree.nodes[n]["depth"]) for n in (0, 1)]
    assert list(trace(fig, "path").y) == [-pos[n][0] for n in (0, 1)]


def test_tree_figure_labels_nodes_and_edges_in_the_games_words() -> None:
    tree = small_tree()
    fig = tree_figure(tree)
    nodes, edges = trace(fig, "nodes"), trace(fig, "edge labels")
    assert nodes.mode == "markers+text" and edges.mode == "text"
    # Edges: the tree_labels hook's words, with the chance as a percentage.
    assert any(t.startswith("Jack discards ") and t.endswith(" · 33.3%") for t in edges.text)
    assert not any("at random" in t or "(Amber)" in t for t in edges.text)
    # Nodes: who decides (or chance, or the result) and the value.
    assert nodes.text[0].startswith("chance ")
    assert any(t in ("Jack wins", "Jack loses") for t in nodes.text)
    root = nodes.hovertext[0]
    assert root.startswith("<b>Chance · V · Event</b>")  # the phase in the game's words
    assert "event_processing" not in root and "value " not in root
    assert "Rule: Topic 11" in root
    assert "Expected for Jack:" in root and "-1 = Jack surely loses" in root
    for text in nodes.hovertext:  # wrapped, so the box fits beside the tree
        assert all(len(line) <= 90 for line in re.sub(r"</?b>", "", text).split("<br>"))


def test_tree_layout_refuses_an_empty_graph() -> None:
    import networkx as nx

    with pytest.raises(ValueError, match="empty"):
        tidy_layout(nx.DiGraph())


def test_import_tutor_stays_light() -> None:
    """``import tutor`` and ``import tutor.analysis`` load no Plotly, networkx, tqdm or
    SQLAlchemy (the quiz and the progress store load it only when a store is opened)."""
    code = (
        "import sys, json, tutor, tutor.analysis, tutor.charts, tutor.analysis.policies, "
        "tutor.analysis.simulation, tutor.analysis.quiz, tutor.analysis.mastery, "
        "tutor.analysis.rulings, tutor.analysis.database, tutor.workshop.store, "
        "tutor.workshop.positions\n"
        "print(json.dumps(sorted(m for m in ('plotly', 'networkx', 'tqdm', 'dask', "
        "'sqlalchemy') if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
