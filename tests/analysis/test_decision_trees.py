"""Tests for decision trees, expectimax values and exact Last Gasp odds.

Why this file exists: a what-if tree is a promise that the branches and their
probabilities are the game's own, and that the value shown is the arithmetic of
those branches.  The Last Gasp examples are counted by hand (how many ways two random
discards can miss the Medicine) and cross-checked against simulation.

The running example: Jack (witness) at 7 of 8 wounds draws Pickpocketed (discard two
random cards, then one wound) with Medicine among the cards in his hand.
"""

from __future__ import annotations

from math import comb
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from games.mantis_falls.mf_helpers import do, mf_state, skip_to_main_play

from tutor.analysis.simulation import simulate, summarise
from tutor.analysis.trees import (
    TreeTooLarge,
    branches,
    decision_tree,
    tree_stats,
)
from tutor.core.scenario import load_scenario
from tutor.games.mantis_falls.odds import last_gasp_odds

MID_GAME = Path(__file__).parent / "scenarios" / "mid_game.yaml"
JACK, JILL = 0, 1


def pickpocketed(hand: list[str]) -> Any:
    """Jack at 7/8 wounds, both players pass their main play, the discards are next."""
    state = mf_state(
        setup={
            "turn_player": JACK,
            "players": [{"wounds": 7, "role": "witness", "hand": hand}, {"role": "assassin"}],
            "event_deck_top": ["Pickpocketed"],
        }
    )
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    assert state.decision.kind == "chance" and state.decision.phase == "event_processing"
    return state


# ---------------------------------------------------------------- branches
def test_equal_looking_discards_are_collapsed_with_their_probabilities_added() -> None:
    state = pickpocketed(["Medicine", "Bullet", "Bullet", "Sprint", "Bribe"])
    edges = {a.label: (p, k) for a, p, k in branches(state)}
    assert edges["Discard Bullet (Hunter) at random"] == (pytest.approx(0.4), 2)
    assert edges["Discard Medicine (Amber) at random"] == (pytest.approx(0.2), 1)
    assert len(edges) == 4
    assert len(branches(state, collapse=False)) == 5


# ---------------------------------------------------------------- trees
def test_tree_edges_carry_the_chance_probabilities() -> None:
    state = pickpocketed(["Medicine", "Sprint", "Bullet", "Bribe"])
    tree = decision_tree(state, depth=2, player=JACK)
    root = tree.nodes[0]
    assert root["kind"] == "chance" and root["rule"] == state.decision.rule
    probs = [tree.edges[0, c]["probability"] for c in tree.successors(0)]
    assert probs == [0.25] * 4
    for child in tree.successors(0):  # the second discard: three cards left
        assert [tree.edges[child, g]["probability"] for g in tree.successors(child)] == [
            pytest.approx(1 / 3)
        ] * 3
    assert tree_stats(tree)["nodes"] == 1 + 4 + 12


def test_expectimax_values_follow_the_tree() -> None:
    """Chance nodes average by probability, Jack's choices take the best, Jill's the mean."""
    state = pickpocketed(["Medicine", "Sprint", "Bullet", "Bribe"])
    tree = decision_tree(state, depth=5, player=JACK)
    terminals = 0
    for node, data in tree.nodes(data=True):
        kids = list(tree.successors(node))
        if data["leaf"] == "terminal":
            terminals += 1
            assert data["value"] in (-1.0, 0.0, 1.0)
        elif not kids:
            assert data["leaf"] == "depth"
        elif data["kind"] == "chance":
            total = sum(tree.edges[node, c]["probability"] * tree.nodes[c]["value"] for c in kids)
            assert data["value"] == pytest.approx(total)
        elif data["player"] == JACK:
            best = max(tree.nodes[c]["value"] for c in kids)
            assert data["value"] == pytest.approx(best)
            assert any(tree.edges[node, c]["best"] for c in kids)
        else:
            weights = [tree.edges[node, c]["merged"] for c in kids]
            mean = sum(w * tree.nodes[c]["value"] for w, c in zip(weights, kids, strict=True))
            assert data["value"] == pytest.approx(mean / sum(weights))
    assert terminals > 0, "the tree should reach Jack's death when the Medicine is lost"
    assert tree.graph["value"] == tree.nodes[0]["value"]
    assert nx.is_arborescence(tree)


def test_terminal_nodes_use_the_games_returns() -> None:
    """When both discards hit the Medicine, Jack's gasp cannot heal: he dies (mf.18.1)."""
    state = pickpocketed(["Medicine", "Sprint"])
    tree = decision_tree(state, depth=12, player=JACK, max_nodes=5000)
    dead = [d for _, d in tree.nodes(data=True) if d["leaf"] == "terminal"]
    assert dead and all(d["value"] == -1.0 for d in dead)  # the assassin wins
    assert tree.graph["value"] == -1.0


def test_tree_from_a_scenario_decision_point() -> None:
    state = load_scenario(MID_GAME).state
    tree = decision_tree(state, depth=3)
    stats = tree_stats(tree)
    assert stats["edges"] == stats["nodes"] - 1
    assert stats["player"] == state.decision.player
    assert set(stats["leaves"]) == {"depth"}
    assert all(d["summary"].startswith("Turn ") for _, d in tree.nodes(data=True))
    assert state.trace and len(state.trace) == len(load_scenario(MID_GAME).state.trace)


def test_too_large_a_tree_says_what_to_do() -> None:
    state = load_scenario(MID_GAME).state
    with pytest.raises(TreeTooLarge, match="more than 50 nodes") as err:
        decision_tree(state, depth=3, max_nodes=50)
    assert "smaller depth" in str(err.value) and err.value.depth == 3


def test_keep_states_stores_replayable_states() -> None:
    state = pickpocketed(["Medicine", "Sprint", "Bullet"])
    tree = decision_tree(state, depth=1, keep_states=True)
    for child in tree.successors(0):
        node_state = tree.nodes[child]["state"]
        label = tree.edges[0, child]["label"]
        assert node_state.trace[-1].text.startswith("Jack discards")
        assert label.startswith("Jack discards")  # the game's words (tree_labels hook)


# ---------------------------------------------------------------- exact Last Gasp odds
@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (["Medicine", "Sprint", "Bullet", "Bribe"], comb(3, 2) / comb(4, 2)),
        (["Medicine", "Medicine", "Sprint", "Bullet", "Bribe"], 1 - 1 / comb(5, 2)),
        (["Medicine", "Sprint"], 0.0),
    ],
)
def test_last_gasp_odds_count_the_ways_to_keep_the_medicine(
    hand: list[str], expected: float
) -> None:
    odds = last_gasp_odds(pickpocketed(hand), player=JACK)
    assert odds["player"] == JACK
    assert odds["survive"] == pytest.approx(expected)
    assert odds["die"] == pytest.approx(1 - expected)
    assert odds["no_gasp"] == 0.0


def test_last_gasp_odds_cross_checked_against_simulation() -> None:
    """Exact odds for a healing-first player and for random play match simulated games."""
    state = pickpocketed(["Medicine", "Sprint", "Bullet", "Bribe"])
    for bots, play in ((("heuristic", "heuristic"), "best"), (("random", "random"), "random")):
        exact = last_gasp_odds(state, player=JACK, play=play)["survive"]
        rows = simulate(
            start=state, games=600, seed=21, policies=bots, max_turns=0, processes=1, progress=False
        )
        first_gasp = [r for r in rows if r["gasps"][JACK] >= 1]
        assert len(first_gasp) == 600
        rate = summarise(rows)["last_gasp"]
        assert rate["low"] <= exact <= rate["high"], (bots, exact, rate)
    # The discards miss the Medicine half the time. A random gasp play then includes it
    # with chance 1/2 if Sprint (also amber) is the other card left, 1/3 if it is Bullet
    # or Bribe: (1/3 * 1/2 + 2/3 * 1/3) / 2 = 7/36.
    assert last_gasp_odds(state, player=JACK, play="random")["survive"] == pytest.approx(7 / 36)


def test_last_gasp_odds_need_someone_facing_a_gasp() -> None:
    state = load_scenario(MID_GAME).state
    with pytest.raises(ValueError, match="name the player"):
        last_gasp_odds(state)
    with pytest.raises(TreeTooLarge, match="Last Gasp search"):
        last_gasp_odds(state, player=JACK, max_nodes=100)
