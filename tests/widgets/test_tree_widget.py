"""Headless tests of the clickable decision tree: a node click loads it into the player.

Why this file exists: in a notebook the learner clicks a node of a what-if tree and the
tutorial player jumps to that position.  The click is simulated the way the browser
sends it (the ``FigureWidget``'s points-callback message, a ``plotly_click`` event), and
the tests check the player's session, what is on screen, and that the tree's own stored
position is left untouched.

The running example: Jack (witness) at 7 of 8 wounds, Pickpocketed about to discard two
random cards from a hand holding a Medicine.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, skip_to_main_play

from tutor.analysis.trees import decision_tree
from tutor.core import Session
from tutor.widgets import TutorialPlayer
from tutor.widgets.tree import load_node, tree_figure_widget

JACK = 0


def pickpocketed() -> Any:
    state = mf_state(
        setup={
            "turn_player": JACK,
            "players": [
                {"wounds": 7, "role": "witness", "hand": ["Medicine", "Sprint", "Bullet"]},
                {"role": "assassin"},
            ],
            "event_deck_top": ["Pickpocketed"],
        }
    )
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    return state


def medicine_kept(tree: Any, nodes: Any) -> int:
    """The point of the node where the discards missed the Medicine and Jack must gasp."""
    for i, n in enumerate(nodes.customdata):
        s = tree.nodes[n]["state"]
        hand = [s.card_name(c) for c in s.hands[JACK]]
        if s.in_gasp == JACK and "Medicine" in hand and not s.gasp_play:
            return i
    raise AssertionError("no such node in the tree")


def click(fig: Any, trace_name: str, point: int) -> None:
    """Send the message the browser sends when a point of a trace is clicked."""
    index = [t.name for t in fig.data].index(trace_name)
    trace = fig.data[index]
    fig._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {
            "trace_indexes": [index],
            "point_indexes": [point],
            "xs": [trace.x[point]],
            "ys": [trace.y[point]],
        },
        "device_state": {
            "ctrl": False,
            "alt": False,
            "shift": False,
            "meta": False,
            "button": 0,
            "buttons": 1,
        },
    }


def test_clicking_a_node_loads_its_position_into_the_player() -> None:
    state = pickpocketed()
    tree = decision_tree(state, depth=3, keep_states=True)
    player = TutorialPlayer(Session(state.clone()))
    fig = tree_figure_widget(tree, player)
    nodes = next(t for t in fig.data if t.name == "nodes")
    point = medicine_kept(tree, nodes)
    node = nodes.customdata[point]
    click(fig, "nodes", point)
    shown = player.session.state
    stored = tree.nodes[node]["state"]
    assert shown.to_dict() == stored.to_dict() and shown is not stored
    assert shown.wounds[JACK] == 8 and shown.in_gasp == JACK
    assert [e.rule for e in shown.trace] == [e.rule for e in stored.trace]
    # The screen follows: the last step's explanation, the Last Gasp choices, a note.
    assert shown.trace[-1].text.split(":")[0] in player.explanation.value
    labels = [b.description for b in player.action_buttons]
    assert "Add Medicine (Amber) to the Last Gasp play" in labels
    assert f"Tree node {node}" in player.message.value
    ring = fig.data[-1]
    assert ring.name == "selected" and (ring.x, ring.y) == ((nodes.x[point],), (nodes.y[point],))


def test_playing_on_from_a_loaded_node_leaves_the_tree_alone() -> None:
    state = pickpocketed()
    tree = decision_tree(state, depth=3, keep_states=True)
    player = TutorialPlayer(Session(state.clone()))
    fig = tree_figure_widget(tree, player)
    nodes = next(t for t in fig.data if t.name == "nodes")
    point = medicine_kept(tree, nodes)
    node = nodes.customdata[point]
    before = tree.nodes[node]["state"].to_dict()
    click(fig, "nodes", point)
    player.choose(
        player.session.state.action_by_label("Add Medicine (Amber) to the Last Gasp play")
    )
    # Medicine was his last card: the play finishes by itself, he heals and survives.
    after = player.session.state
    assert after.gasps[JACK] == 1 and after.wounds[JACK] < 8 and not after.dead[JACK]
    assert tree.nodes[node]["state"].to_dict() == before
    player.start_over()  # back to the clicked position, not to the tree's root
    assert player.session.state.to_dict() == before
    assert not player.session.can_undo()


def test_clicks_elsewhere_do_nothing_and_trees_without_positions_are_refused() -> None:
    state = pickpocketed()
    player = TutorialPlayer(Session(state.clone()))
    start = player.session
    tree = decision_tree(state, depth=1, keep_states=True)
    fig = tree_figure_widget(tree, player)
    click(fig, "edge labels", 0)
    assert player.session is start
    with pytest.raises(ValueError, match="keep_states=True"):
        tree_figure_widget(decision_tree(state, depth=1), player)
    bare = decision_tree(state, depth=1)
    with pytest.raises(ValueError, match="no stored position"):
        load_node(bare, 0, player)
