"""Tooling conformance: the shared analysis tools work for every registered game.

For every registered game (the toy games of tests/toys included) at every player
count and module set its spec declares, it runs what a workshop host would: a few simulated games
(one process) and their summary, every generic chart, a small decision tree, the
ruling-impact table with its chart and replayable scenarios, and the ``tutor simulate``,
``tutor tree`` and ``tutor rulings`` commands.  It fails if Mantis Falls' own words
(witness, gasp, escape, road, assassin) appear in another game's output: a shared tool
that still holds one game's knowledge would show it there.
"""

from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go
import pytest
from configurations import config_id, tool_configurations
from flagship_words import FLAGSHIP, foreign_words

import tutor
from tutor.analysis.policies import policies_for
from tutor.analysis.rulings import ruling_impact, text_table
from tutor.analysis.simulation import outcome_categories, simulate, summarise
from tutor.analysis.trees import decision_tree, tree_stats
from tutor.charts.outcomes import GENERIC_CHARTS, ROW_CHARTS, game_charts
from tutor.charts.rulings import ruling_impact_figure
from tutor.charts.tree import tree_figure
from tutor.cli import main
from tutor.core.scenario import build_scenario
from tutor.core.spec import spec_for

SEATS = [
    pytest.param(name, options, id=config_id(name, options))
    for name, options in tool_configurations()
]


def figure_text(fig: go.Figure) -> str:
    """Everything a figure shows as words: title, axis titles, trace names, categories."""
    data = fig.to_plotly_json()
    return json.dumps({"layout": data["layout"], "data": data["data"]}, default=str)


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, int], tuple[list[dict[str, Any]], dict[str, Any]]]:
    """Rows and summary per game configuration, played once for the whole module."""
    return {}


def rows_and_summary(
    runs: dict[Any, Any], name: str, options: dict[str, Any]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    key = config_id(name, options)
    if key not in runs:
        rows = simulate(
            name,
            games=6,
            seed=1,
            policies=["random"] * options["players"],
            options=options,
            processes=1,
            progress=False,
        )
        runs[key] = (rows, summarise(rows))
    got: tuple[list[dict[str, Any]], dict[str, Any]] = runs[key]
    return got


@pytest.mark.parametrize(("name", "options"), SEATS)
def test_simulate_and_summarise(runs: dict[Any, Any], name: str, options: dict[str, Any]) -> None:
    rows, summary = rows_and_summary(runs, name, options)
    players = options["players"]
    game = tutor.load_game(name, **options)
    assert len(rows) == 6 and [r["index"] for r in rows] == list(range(6))
    categories = outcome_categories(game)
    for row in rows:
        assert row["game"] == name and len(row["policies"]) == players
        if row["end"] not in ("unfinished", "cut"):
            assert row["outcome"] in categories
            assert set(row["winners"]) | set(row["losers"]) | set(row["tied"]) <= set(
                range(players)
            )
            assert len(row["scores"]) == players
    finished = [r for r in rows if r["end"] not in ("unfinished", "cut")]
    assert summary["games"] == 6
    assert sum(summary["outcomes"].values()) == len(finished)
    seats = summary["win_rate_by_seat"]
    assert sorted(seats) == sorted(f"seat {p + 1}" for p in range(players))
    assert sum(r["count"] for r in seats.values()) == sum(len(r["winners"]) for r in finished)
    assert all(0 <= r["low"] <= r["rate"] <= r["high"] <= 1 for r in seats.values())
    assert summary["win_rate"], "every game has a win rate (by role, else by seat)"
    assert summary["length"]["turns"]["min"] >= 0
    assert json.loads(json.dumps(summary)) == summary
    # Every bot the game offers can play a whole game, in the first seat against random
    # bots (a Monte-Carlo bot in every seat of a five-player game takes seconds a game).
    for bot in policies_for(name):
        seats = [bot] + ["random"] * (players - 1)
        played = simulate(
            name,
            games=1,
            seed=2,
            policies=seats,
            options=options,
            processes=1,
            progress=False,
        )
        assert played[0]["policies"] == seats
        assert played[0]["end"] not in ("unfinished", "cut"), f"{bot} left the game unfinished"
    assert not foreign_words(name, json.dumps([rows, summary]))


@pytest.mark.parametrize(("name", "options"), SEATS)
def test_every_generic_chart_builds(
    runs: dict[Any, Any], name: str, options: dict[str, Any]
) -> None:
    rows, summary = rows_and_summary(runs, name, options)
    figures = [chart(summary) for chart in GENERIC_CHARTS.values()]
    figures += [chart(rows) for chart in ROW_CHARTS.values()]
    figures += [chart(rows) for chart in game_charts(name).values()]
    for fig in figures:
        assert isinstance(fig, go.Figure)
        assert fig.data, f"{fig.layout.title.text!r} draws nothing"
        if not game_charts(name):
            assert not foreign_words(name, figure_text(fig))
    for fig in figures[: len(GENERIC_CHARTS) + len(ROW_CHARTS)]:
        assert not foreign_words(name, figure_text(fig)), fig.layout.title.text


@pytest.mark.parametrize(("name", "options"), SEATS)
def test_a_small_decision_tree(name: str, options: dict[str, Any]) -> None:
    state = tutor.load_game(name, **options).new_state(seed=3)
    graph = decision_tree(state, depth=2, max_nodes=5_000)
    stats = tree_stats(graph)
    assert stats["nodes"] == graph.number_of_nodes() >= 2
    assert -1.0 <= stats["root_value"] <= 1.0 or spec_for(name).hook("evaluate") is None
    fig = tree_figure(graph)
    assert isinstance(fig, go.Figure)
    text = json.dumps(
        [
            [d["summary"] for _, d in graph.nodes(data=True)],
            [d["label"] for *_, d in graph.edges(data=True)],
        ]
    )
    assert not foreign_words(name, text)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("name", tutor.registered_games())
def test_tutor_simulate_command(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "simulate", name, "--games", "8", "--seed", "2", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["game"] == name and sum(report["outcomes"].values()) == 8
    assert set(report["outcomes"]) == set(report["labels"])
    assert sum(report["reasons"].values()) == 8
    code, text, err = run(capsys, "simulate", name, "--games", "5", "--seed", "2")
    assert code == 0, err
    assert "5 random games" in text
    for label in report["labels"].values():
        assert label in text
    bots = ",".join(["random"] * spec_for(name).players[0])
    code, table, err = run(
        capsys, "simulate", name, "--games", "4", "--bots", bots, "--processes", "1"
    )
    assert code == 0, err
    assert "95% CI" in table and "tie rate" in table
    assert not foreign_words(name, out + text + table)


@pytest.mark.parametrize("name", tutor.registered_games())
def test_tutor_tree_command(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "tree", name, "--depth", "2", "--seed", "4", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["game"] == name and report["nodes"] >= 2 and report["choices"]
    code, text, err = run(capsys, "tree", name, "--depth", "2", "--seed", "4")
    assert code == 0, err
    assert f"to depth 2: {report['nodes']} nodes" in text
    assert not foreign_words(name, out + text)


@pytest.mark.parametrize("name", tutor.registered_games())
def test_ruling_impact_covers_every_switchable_ruling_and_replays_its_games(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    book = tutor.load_game(name).rulebook
    switched = [
        f"{r.id}={o}"
        for r in book.rulings.values()
        if r.switchable
        for o in r.options
        if o != r.default
    ]
    report = ruling_impact(name, games=8, seed=3, processes=1, progress=False)
    assert {e["reading"] for e in report["rows"] if e["kind"] == "ruling"} == set(switched)
    assert [e["rank"] for e in report["rows"]] == list(range(1, len(report["rows"]) + 1))
    for entry in report["rows"]:
        first = entry["first_divergent"]
        assert (first is None) == (entry["differs"]["count"] == 0)
        if first is None:
            continue
        endings = []
        for which in ("default", "reading"):
            session = build_scenario(first[which]["scenario"])
            session.run_to_decision()
            assert session.state.is_terminal(), (entry["reading"], which)
            endings.append(session.state.outcome())
        assert endings[0].winners != endings[1].winners or endings[0].tie != endings[1].tie
    text = text_table(report)
    figure = ruling_impact_figure(report)
    assert len(figure.data) == len({e["kind"] for e in report["rows"]})
    code, out, err = run(capsys, "rulings", name, "--games", "4", "--processes", "1", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 4
    assert not foreign_words(name, text + figure_text(figure) + out)


@pytest.mark.parametrize(("name", "options"), SEATS)
def test_every_command_that_starts_a_game_takes_its_player_count_and_modules(
    capsys: pytest.CaptureFixture[str], name: str, options: dict[str, Any]
) -> None:
    """``simulate``, ``tree``, ``rulings`` and ``why --seed`` play the configuration asked
    for, given as ``--players`` and ``--modules`` (as ``play`` takes them) or as
    ``--options``: the seats, the opening position and the last trace line are that
    configuration's."""
    from tutor.analysis.trees import summarise_state
    from tutor.analysis.why import seeded_session

    game = tutor.load_game(name, **options)
    flags = ["--players", str(options["players"])]
    if options.get("modules"):
        flags += ["--modules", ",".join(options["modules"])]
    bots = ",".join(["random"] * options["players"])
    code, out, err = run(capsys, "simulate", name, "--games", "3", "--seed", "1", *flags,
                         "--bots", bots, "--processes", "1", "--json")  # fmt: skip
    assert code == 0, err
    seats = json.loads(out)["summary"]["win_rate_by_seat"]
    assert len(seats) == options["players"]
    trees = []
    for given in (flags, ["--options", json.dumps(options)]):
        code, out, err = run(capsys, "tree", name, "--depth", "1", "--seed", "4", *given,
                             "--json")  # fmt: skip
        assert code == 0, err
        trees.append({k: v for k, v in json.loads(out).items() if k != "seconds"})
    assert trees[0] == trees[1]
    assert trees[0]["root"] == summarise_state(game.new_state(seed=4))
    code, out, err = run(capsys, "rulings", name, "--games", "2", "--processes", "1", *flags,
                         "--json")  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["games"] == 2
    code, out, err = run(capsys, "why", "--game", name, "--seed", "2", *flags, "--entry", "-1",
                         "--json")  # fmt: skip
    assert code == 0, err
    last = seeded_session(game, 2).state.trace[-1]
    assert json.loads(out)["links"][0]["text"] == last.text


def test_game_options_beside_a_scenario_file_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """A scenario file names its own options: ``tree`` and ``why`` refuse others beside it
    in one line rather than silently playing something else."""
    path = tmp_path / "nim.yaml"
    path.write_text("game: toy_nim\nseed: 1\n", encoding="utf-8")
    for argv in (
        ["tree", str(path), "--players", "2"],
        ["why", str(path), "--entry", "0", "--options", "{players: 2}"],
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "", argv
        assert "names its own" in err and len(err.strip().splitlines()) == 1, err


def test_the_word_check_catches_a_leak() -> None:
    """The check itself works: another game's text naming a witness is caught."""
    assert foreign_words("toy_nim", "the witness escaped down the road") == [
        "escaped",
        "road",
        "witness",
    ]
    assert foreign_words(FLAGSHIP, "the witness escaped") == []
    # A game may use a word its own rules index uses (Manos has Escape cards).
    assert foreign_words("toy_nim", "an Escape card") == ["Escape"]


def _decision_with_choices(name: str, options: dict[str, Any]) -> Any:
    """The first decision of seed 4 with at least two choices (random play up to it)."""
    from tutor.core.rng import Rng

    state = tutor.load_game(name, **options).new_state(seed=4)
    rng = Rng(4)
    for _ in range(400):
        if state.decision.kind == "choice" and len(state.legal_actions()) > 1:
            return state
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    pytest.skip(f"{name}: no decision with two choices in 400 steps of seed 4")


@pytest.mark.parametrize(("name", "options"), SEATS)
def test_every_game_gives_the_room_odds_from_the_deciders_view(
    name: str, options: dict[str, Any]
) -> None:
    from tutor.analysis.odds import ChoiceOdds, choice_odds
    from tutor.charts.workshop import answers_figure
    from tutor.widgets.room import reveal_html
    from tutor.workshop.store import Question

    state = _decision_with_choices(name, options)
    me = state.decision.player
    labels = [str(a.label) for a in state.legal_actions()][:3]
    before = state.to_dict()
    odds = choice_odds(state, labels, rounds=2, seconds=None, seed=1)
    assert odds is not None, f"{name} gives no odds at {state.decision.prompt!r}"
    assert state.to_dict() == before  # weighing the choices changes nothing
    legal = {str(a.label) for a in state.legal_actions()}
    assert odds.chances and {c.label for c in odds.chances} <= legal
    for c in odds.chances:
        assert 0.0 <= c.low <= c.p <= c.high <= 1.0 and 0 <= c.trials <= 2
    assert ChoiceOdds.from_dict(json.loads(json.dumps(odds.to_dict()))) == odds
    assert choice_odds(state, labels, rounds=2, seconds=None, seed=1) == odds
    # Only what the decider can see counts: change what they cannot, the odds stay.
    for what, variant in list(state.game.hidden_variants(state, me))[:3]:
        assert choice_odds(variant, labels, rounds=2, seconds=None, seed=1) == odds, what

    # The reveal and the host's chart show them.
    choices = tuple(sorted(legal))
    question = Question(
        game=name,
        title="t",
        player="p",
        prompt="p",
        picture="",
        choices=choices,
        reveal={"rule": {}, "odds": odds.to_dict(), "bots": []},
    )
    counts = tuple(1 for _ in choices)
    html = reveal_html(question, counts)
    assert f"<th>{odds.measure}</th>" in html
    shown = odds.chances[0]
    assert f"<td>{shown.label}</td><td>{100 * shown.p:.0f}%" in html.replace("&#x27;", "'")
    fig = answers_figure(choices, counts, None, "t", odds)
    marks = fig.data[1]
    assert set(marks.y) == {c.label for c in odds.chances} and fig.layout.xaxis2.visible
    assert not foreign_words(name, html + figure_text(fig))
