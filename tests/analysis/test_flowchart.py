"""Tests for the Last Gasp flowchart generated from the engine's own table, and game paths.

Why this file exists: topic 17 offers a Last Gasp flowchart.  Ours is generated from the
table the engine follows (tutor/games/mantis_falls/gasp_flow.py), so these tests check
three promises: the chart covers the rules of topic 17; the engine really reads the
table (change a rule id or an arrow in it and the game changes with the chart); and
the path read back from a game's trace is the way that game actually went, for the
teaching scenarios of notebook 03 and for hundreds of random games.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

import tutor
from tutor.analysis.flowchart import path_edges, procedure
from tutor.core.game import random_playout
from tutor.core.rng import Rng
from tutor.core.scenario import load_scenario
from tutor.core.types import TraceEntry
from tutor.games.mantis_falls import gasp_flow
from tutor.games.mantis_falls.flowchart import (
    GaspPathError,
    gasp_path,
    gasp_paths,
    last_gasp_flowchart,
)
from tutor.games.mantis_falls.gasp_flow import Link, Procedure, Step

REPO = Path(__file__).resolve().parents[2]
MEDICINE = REPO / "tests" / "scenarios" / "mantis_falls" / "last_gasp_medicine.yaml"
TEACHING = REPO / "rulesets" / "mantis_falls" / "scenarios"
JACK, JILL = 0, 1

# The way into a first Last Gasp when a card brought one player to maximum wounds.
INTO_THE_GASP = [
    "reach_max",
    "inside_gasp",
    "card_left",
    "finish_card",
    "several_due",
    "begin",
    "face_down",
    "gasp_play",
]
ONE_CARD = ["cards_left", "process", "cards_left", "marker", "alive"]
SURVIVED = ["survive", "next_due", "anyone_dead", "resume"]
DIED_ALONE = ["dead", "other_due", "game_ends", "game_over"]


def play(name: str, *labels: str) -> tutor.Session:
    session = load_scenario(TEACHING / f"{name}.yaml")
    for label in labels:
        session.play(label)
    return session


def rules_cited(session: tutor.Session) -> list[str]:
    return [e.rule for e in session.state.trace]


# ---------------------------------------------------------------- the graph
def test_the_flowchart_holds_every_rule_of_topic_17() -> None:
    graph = last_gasp_flowchart()
    book = tutor.load_game("mantis_falls").rulebook
    topic_17 = {r.id for r in book.rules.values() if r.topic == "17"}
    cited = {d["rule"] for _, d in graph.nodes(data=True)}
    assert len(topic_17) == 8 and topic_17 <= cited
    # The steps around topic 17: reaching maximum, the gasp marker, death, turn order.
    assert {"mf.16.3", "mf.16.4", "mf.18.1", "mf.18.2", "mf.19.3"} <= cited
    assert cited <= set(book.rules)


def test_the_flowchart_is_one_connected_procedure_with_yes_no_tests() -> None:
    graph = last_gasp_flowchart()
    start = graph.graph["start"]
    assert start == "reach_max" and graph.nodes[start]["kind"] == "start"
    assert set(nx.descendants(graph, start)) | {start} == set(graph.nodes)
    ends = {n for n, d in graph.nodes(data=True) if d["kind"] == "end"}
    assert ends == {"resume", "game_over"}
    for node, data in graph.nodes(data=True):
        if data["kind"] == "end":
            assert graph.out_degree(node) == 0
            continue
        assert any(nx.has_path(graph, node, e) for e in ends), node
        if data["kind"] == "test":
            assert sorted(graph.edges[node, v]["when"] for v in graph.successors(node)) == [
                False,
                True,
            ]
            assert data["entry"] == ""  # a test writes no trace entry
    # Loops: the cards of a Last Gasp play, a Last Gasp caused inside another, the next gasp.
    back = {(u, v) for u, v, d in graph.edges(data=True) if d["back"]}
    assert ("process", "cards_left") in back and ("hurt_other", "reach_max") in back
    assert ("next_due", "several_due") in back and ("other_final", "several_due") in back


def test_steps_carry_the_rulebook_summary() -> None:
    graph = last_gasp_flowchart()
    book = tutor.load_game("mantis_falls").rulebook
    marker = graph.nodes["marker"]
    assert marker["rule"] == "mf.16.4"
    assert marker["summary"] == book["mf.16.4"].summary
    assert marker["citation"].startswith("Topic 16")
    assert graph.edges["alive", "dead"]["label"] == "still at maximum, or marker at 3"
    assert graph.edges["alive", "dead"]["when"] is False


def test_an_unknown_procedure_is_refused() -> None:
    with pytest.raises(ValueError, match="no 'escape' procedure"):
        procedure("mantis_falls", "escape")


@pytest.mark.parametrize(
    ("steps", "links", "message"),
    [
        ([Step("a", "step", "mf.17.1", "A")], [], "first step must be the start"),
        (
            [Step("a", "start", "mf.16.3", "A"), Step("t", "test", "mf.17.1", "T?")],
            [Link("a", "t"), Link("t", "a", "yes", True)],
            "needs one yes and one no",
        ),
        ([Step("a", "start", "mf.16.3", "A")], [Link("a", "b")], "names 'b'"),
        (
            [Step("a", "start", "mf.16.3", "A"), Step("b", "step", "mf.17.1", "B")],
            [Link("a", "b", "", True)],
            "must not carry an answer",
        ),
    ],
)
def test_an_inconsistent_table_is_refused(
    steps: list[Step], links: list[Link], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Procedure("broken", "Broken", steps, links)


# ---------------------------------------------------------------- the engine reads the table
def test_the_engine_cites_the_rule_the_table_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the gasp-marker step another rule id: the trace and the chart both change."""
    changed = gasp_flow.LAST_GASP.with_step("marker", rule="mf.16.1")
    monkeypatch.setattr(gasp_flow, "LAST_GASP", changed)
    session = play(
        "gasp_survival",
        "Jack",
        "Add Medicine (Amber) to the Last Gasp play",
        "Finish the Last Gasp play (1 card)",
    )
    marker = [e for e in session.state.trace if "gasp marker moves to 1" in e.text]
    assert [e.rule for e in marker] == ["mf.16.1"]
    assert "mf.16.4" not in rules_cited(session)
    assert last_gasp_flowchart().nodes["marker"]["rule"] == "mf.16.1"
    # The path is still read correctly, through the changed step.
    assert gasp_path(session) == INTO_THE_GASP + ONE_CARD[:3] + ["marker", "alive"] + SURVIVED


def test_the_engine_follows_the_tables_arrows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rewire the survival test so that "yes" leads to death: the healed Jack now dies."""
    normal = play(
        "gasp_survival",
        "Jack",
        "Add Medicine (Amber) to the Last Gasp play",
        "Finish the Last Gasp play (1 card)",
    ).state
    assert normal.gasps[JACK] == 1 and not normal.dead[JACK] and not normal.is_terminal()
    monkeypatch.setattr(
        gasp_flow, "LAST_GASP", gasp_flow.LAST_GASP.with_link("alive", True, "dead")
    )
    session = play(
        "gasp_survival",
        "Jack",
        "Add Medicine (Amber) to the Last Gasp play",
        "Finish the Last Gasp play (1 card)",
    )
    state = session.state
    assert state.wounds[JACK] == 6 and state.dead[JACK] and state.is_terminal()
    assert "mf.17.5" not in rules_cited(session) and "mf.18.1" in rules_cited(session)
    graph = last_gasp_flowchart()
    assert list(graph.successors("alive")) == ["dead"]
    assert graph.edges["alive", "dead"]["label"] == "either answer"


def test_every_gasp_rule_of_random_games_is_a_step_and_the_paths_add_up() -> None:
    """Random games: every topic 17-18 entry is explained by the chart, in strict mode."""
    graph = last_gasp_flowchart()
    chart_rules = {d["rule"] for _, d in graph.nodes(data=True)}
    game = tutor.load_game("mantis_falls")
    episodes = 0
    visited: set[str] = set()
    for seed in range(80):
        state = game.new_state(seed=seed)
        random_playout(state, Rng(5000 + seed))
        gasp_rules = {e.rule for e in state.trace if e.rule.split(".")[1] in ("17", "18")}
        assert gasp_rules <= chart_rules, seed
        paths = gasp_paths(state, graph=graph, strict=True)
        assert sum(p.count("marker") for p in paths) == sum(state.gasps), seed
        assert sum(p.count("dead") for p in paths) == sum(state.dead), seed
        for path in paths:
            assert all(graph.has_edge(u, v) for u, v in zip(path, path[1:], strict=False))
            assert graph.nodes[path[-1]]["kind"] == "end", (seed, path)
            visited |= set(path)
        if state.outcome().reason == "death":
            assert paths[-1][-1] == "game_over"
        episodes += len(paths)
    assert episodes > 40
    assert {"hurt_other", "wait_gasp", "order", "other_final", "return_cards"} <= visited


# ---------------------------------------------------------------- paths of known games
def test_medicine_in_the_last_gasp_path_for_survival_and_for_death() -> None:
    """Jack at 8/8 with Medicine in hand: the path so far, then both endings."""
    session = load_scenario(MEDICINE)
    assert gasp_path(session) == INTO_THE_GASP  # he is choosing his Last Gasp play now
    dies = session.branch()
    session.play("Add Medicine (Amber) to the Last Gasp play")
    session.play("Finish the Last Gasp play (1 card)")
    assert session.state.wounds[JACK] == 6 and session.state.gasps[JACK] == 1
    assert gasp_path(session) == INTO_THE_GASP + ONE_CARD + SURVIVED
    dies.play("Finish the Last Gasp play (0 cards)")
    assert dies.state.dead[JACK] and dies.state.is_terminal()
    # An empty Last Gasp play: nothing to reveal, straight to the marker.
    assert gasp_path(dies) == INTO_THE_GASP + ["cards_left", "marker", "alive"] + DIED_ALONE
    assert gasp_path(dies.state.trace) == gasp_path(dies)


def test_death_at_maximum_path() -> None:
    session = play(
        "gasp_death_at_max",
        "Jack",
        "Add Coffee (Amber) to the Last Gasp play",
        "Finish the Last Gasp play (1 card)",
    )
    assert session.state.dead == [True, False]
    assert gasp_path(session) == INTO_THE_GASP + ONE_CARD + DIED_ALONE


def test_a_gasp_inside_a_gasp_waits_then_goes_next() -> None:
    session = play(
        "gasp_inside_a_gasp",
        "Add Tommy Gun (Midnight) to the Last Gasp play",
        "Add Guardian Angel (Midnight) to the Last Gasp play",
        "Jill",
    )
    # Jill's Last Gasp has begun; she is choosing her play.
    assert session.state.in_gasp == JILL
    jacks = [*INTO_THE_GASP, "cards_left", "process", "hurt_other"]
    jill_waits = ["reach_max", "inside_gasp", "wait_gasp"]
    jack_ends = [*ONE_CARD, "survive"]  # his Guardian Angel, the marker, he lives
    jill_goes = ["next_due", "several_due", "begin", "face_down", "gasp_play"]
    assert gasp_path(session) == jacks + jill_waits + jack_ends + jill_goes
    session.play("Add Medicine (Amber) to the Last Gasp play")
    assert gasp_path(session) == jacks + jill_waits + jack_ends + jill_goes + ONE_CARD + SURVIVED
    assert len(gasp_paths(session)) == 1


def test_the_other_player_at_maximum_makes_a_final_gasp() -> None:
    session = play(
        "gasp_other_player_at_max",
        "Do nothing",
        "Jack makes a Last Gasp first",
        "Finish the Last Gasp play (0 cards)",
        "Add Medicine (Amber) to the Last Gasp play",
    )
    assert session.state.dead == [True, False] and session.state.is_terminal()
    jack = ["reach_max", "inside_gasp", "card_left", "finish_card", "several_due", "order"]
    jack += ["begin", "face_down", "gasp_play", "cards_left", "marker", "alive"]
    jill = ["other_due", "other_final", "several_due", "begin", "face_down", "gasp_play"]
    # Jill survives, but Jack is dead: the game ends instead of resuming.
    jill += [*ONE_CARD, "survive", "next_due", "anyone_dead", "game_over"]
    path = gasp_path(session)
    assert path == [*jack, "dead", *jill]
    assert ("other_final", "several_due") in path_edges(path)


def test_returning_face_down_cards_is_on_the_path() -> None:
    session = play("gasp_return_face_down", "Jack", "Return Medicine (Amber) to your hand")
    assert gasp_path(session)[-3:] == ["begin", "face_down", "return_cards"]


def test_paths_need_a_traced_game() -> None:
    game = tutor.load_game("mantis_falls")
    quiet = game.new_state(seed=3, tracing=False)
    random_playout(quiet, Rng(1))
    with pytest.raises(ValueError, match="tracing off"):
        gasp_path(quiet)
    assert gasp_path(game.new_state(seed=3)) == []  # nobody at maximum yet
    with pytest.raises(TypeError, match="State, a Session or a list"):
        gasp_paths(42)


def test_strict_mode_names_an_entry_the_chart_cannot_explain() -> None:
    stray = [TraceEntry("mf.17.5", "Jack survives the Last Gasp.", JACK)]
    assert gasp_paths(stray) == []
    with pytest.raises(GaspPathError, match=r"\[mf.17.5\].*outside any episode"):
        gasp_paths(stray, strict=True)
