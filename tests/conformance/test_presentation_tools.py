"""Tooling conformance: every registered game through the command line, pictures and widgets.

For every registered game (the test-only toys of ``tests/toys`` included) at every
player count its spec supports, this suite runs the tools a learner and a host use,
as they use them: ``tutor play`` (a seeded random game, traced), ``tutor whatif`` on a
minimal scenario (text, JSON, one player's eyes), ``tutor rules``, the picture of a
state (``_repr_html_`` / ``_repr_svg_``, the game's hook or the generic dump), the
tutorial player and the what-if explorer built headless and clicked, the quiz, and a
session saved and loaded.  A tool that only works for Mantis Falls fails here, and so
does a shared tool that speaks Mantis Falls (witness, gasp, escape, road, assassin)
about another game.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from configurations import config_id, tool_configurations
from flagship_words import foreign_words

import tutor
from tutor.cli import main
from tutor.core.game import Game, State
from tutor.core.rng import Rng
from tutor.core.session import Session
from tutor.core.spec import spec_for
from tutor.render.picture import picture_html

CASES = tool_configurations()
"""Every (game, options) at each player count and module set; the toys are registered
before collection (conftest)."""
Case = tuple[str, dict[str, Any]]


def ids(case: Case) -> str:
    return config_id(*case)


def speaks_its_own_words(game: str, text: str, where: str) -> None:
    """Fail if a game other than the flagship is described in the flagship's words."""
    found = foreign_words(game, text)
    assert not found, f"{where} of {game} says {found}: ...{text[:400]}"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, f"tutor {' '.join(argv)} exited {code}: {err}"
    assert err == "", err
    return out


def some_states(name: str, options: dict[str, Any], seed: int = 4, every: int = 3) -> list[State]:
    """Copies of a seeded random game every few actions, the finished game last."""
    state = tutor.load_game(name, **options).new_state(seed=seed)
    rng = Rng(seed)
    found = [state.clone()]
    for k in range(1, 5_000):
        if state.is_terminal():
            break
        if state.decision.kind == "chance":
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply(action)
        if k % every == 0 and len(found) < 12:
            found.append(state.clone())
    assert state.is_terminal()
    return [*found, state]


def scenario_file(name: str, options: dict[str, Any], folder: Path) -> Path:
    """A minimal scenario: the game, its options, a seed, and one choice if any."""
    game = tutor.load_game(name, **options)
    session = Session(game.new_state(seed=5))
    session.run_to_decision()
    play = []
    if session.state.decision.kind == "choice":
        play.append(session.state.legal_actions()[0].label)
    data = {"game": name, "options": options, "seed": 5, "play": play}
    path = folder / f"{config_id(name, options)}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def first_move(player: Any) -> None:
    """Press Step, or the first action button when a person must choose."""
    if player.action_buttons:
        player.action_buttons[0].click()
    else:
        assert not player.step_button.disabled, player.status()
        player.step_button.click()


# ------------------------------------------------------------------------ command line
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_tutor_play_traces_a_whole_game_citing_the_rules(
    case: Case, capsys: pytest.CaptureFixture[str]
) -> None:
    name, options = case
    opts = json.dumps(options)  # YAML reads JSON
    prefix = spec_for(name).rule_prefix
    traced = run(capsys, "play", name, "--seed", "3", "--options", opts, "--trace")
    lines = traced.splitlines()
    assert lines and all(line.startswith(f"[{prefix}.") for line in lines), lines[:3]
    assert "Result after" in lines[-1]
    as_first = run(capsys, "play", name, "--seed", "3", "--options", opts, "--trace")
    assert as_first == traced  # same seed, same game
    eyes = run(capsys, "play", name, "--seed", "3", "--options", opts, "--trace",
               "--player", "0")  # fmt: skip
    summary = run(capsys, "play", name, "--seed", "3", "--options", opts)
    assert lines[-1].split("Result after ")[1].split(":")[0] in summary
    outcome = next(line for line in summary.splitlines() if line.startswith("Outcome: "))
    assert ".)" not in outcome and ". [" not in outcome and outcome.endswith("].")
    for text, where in ((traced, "play --trace"), (eyes, "play --player 0"), (summary, "play")):
        speaks_its_own_words(name, text, f"tutor {where}")


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_tutor_whatif_shows_a_minimal_scenario(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name, options = case
    players = options["players"]
    path = scenario_file(name, options, tmp_path)
    text = run(capsys, "whatif", str(path))
    assert text.startswith(f"Scenario {path}") and "Trace:" in text
    assert "Legal actions" in text or "Game over" in text
    report = json.loads(run(capsys, "whatif", str(path), "--json"))
    state = tutor.load_scenario(path).state
    assert report["legal_actions"] == [a.label for a in state.legal_actions()]
    assert report["trace"] == state.trace_for(None)
    eyes = run(capsys, "whatif", str(path), "--player", str(players - 1))
    for out, where in ((text, "whatif"), (eyes, "whatif --player")):
        speaks_its_own_words(name, out, f"tutor {where}")


@pytest.mark.parametrize("name", tutor.registered_games())
def test_tutor_rules_lists_every_rule(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    book = tutor.load_game(name).rulebook
    listed = run(capsys, "rules", name)
    for rule_id in book.rules:
        assert f"  {rule_id} " in listed
    # Headings as the game's rule book cites: "Topic N · title", or the section's name.
    headings = [line for line in listed.splitlines() if line and not line.startswith(" ")]
    titles = [book.topics.get(rule.topic, "") for rule in book.rules.values()]
    if spec_for(name).citation == "topic":
        assert all(h.startswith("Topic ") and " · " in h for h in headings), headings
    else:
        assert not any(h.startswith("Topic ") for h in headings), headings
    assert {h.split(" · ")[-1] for h in headings} == set(titles)
    coverage = run(capsys, "rules", name, "--coverage")
    assert f"of {len(book.rules)} rules implemented" in coverage
    speaks_its_own_words(name, listed + coverage, "tutor rules")


@pytest.mark.parametrize("name", tutor.registered_games())
def test_tutor_rules_json_and_coverage(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.core.game import game_class

    book = tutor.load_game(name).rulebook
    plain = json.loads(run(capsys, "rules", name, "--json"))
    assert plain["game"] == name
    assert [row["id"] for row in plain["rules"]] == list(book.rules)
    assert all(row["summary"] == book.rules[row["id"]].summary for row in plain["rules"])
    report = json.loads(run(capsys, "rules", name, "--coverage", "--json"))
    assert [row["id"] for row in report["rules"]] == list(book.rules)
    cited = game_class(name).implemented_rules()
    # Every rule the engine cites is in its rule book, and the engine cites some.
    assert cited and cited <= set(book.rules), sorted(cited - set(book.rules))
    implemented = {row["id"] for row in report["rules"] if row["implemented"]}
    assert implemented == cited
    assert report["implemented"] == len(implemented)
    assert report["tested"] == sum(bool(book.rules[r].tested_by) for r in book.rules)
    both = [r for r in report["rules"] if r["implemented"] and r["tested"] and r["scope"] == "base"]
    assert report["covered"] == len(both)
    assert 0 <= report["coverage_percent"] <= 100
    text = run(capsys, "rules", name, "--coverage")
    assert f"{report['implemented']} of {len(book.rules)} rules implemented" in text
    speaks_its_own_words(name, json.dumps(plain) + json.dumps(report), "tutor rules --json")


def test_tutor_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    listed = run(capsys, "games").splitlines()
    assert [line.split("\t")[0] for line in listed] == tutor.registered_games()


# ------------------------------------------------------------------------ pictures
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_state_shows_itself_in_a_notebook_through_every_eyes(case: Case) -> None:
    name, options = case
    players = options["players"]
    for state in some_states(name, options):
        html = state._repr_html_()
        svg = state._repr_svg_()
        assert html.strip()
        if svg is not None:
            assert svg == html and ET.fromstring(svg).tag.endswith("svg")
        for viewer in (None, *range(players)):
            picture = picture_html(state.view(viewer), state.game)
            assert picture.strip()
            speaks_its_own_words(name, picture, "the picture")


# ------------------------------------------------------------------------ widgets
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_tutorial_player_steps_and_plays(case: Case) -> None:
    from tutor.widgets import play
    from tutor.widgets.player import OMNISCIENT

    name, options = case
    players = options["players"]
    player = play(name, seed=6, **options)
    session = player.session
    assert len(player.eyes.options) == players + 1
    for _ in range(6):
        if session.state.is_terminal() and not session.pending_entries:
            break
        before = (len(session.history), session.cursor)
        first_move(player)
        assert (len(session.history), session.cursor) != before
    player.next_decision_button.click()
    player.eyes.value = players - 1  # one player's eyes redraw everything
    for part in (player.picture, player.explanation, player.hands_view, player.trace_view):
        speaks_its_own_words(name, part.value, "the tutorial player")
    assert player.picture.value.strip() and player.explanation.value.strip()
    # "Why?" explains the step on screen through these eyes; the tutor may branch there.
    player.why_button.click()
    assert player.why_panel.chain is not None, player.why_panel.view.value
    speaks_its_own_words(name, player.why_panel.view.value, "the why panel")
    player.eyes.value = OMNISCIENT
    assert player.why_panel.branch_box.layout.display == "flex"  # a decision or chance
    player.why_panel.what_if_button.click()
    assert player.why_panel.result is not None and player.why_panel.comparison.value


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_through_a_players_eyes_each_step_reveals_a_line_they_are_shown(case: Case) -> None:
    # With bots in every seat, Step through player 0's eyes: a click passes the lines
    # player 0 sees nothing of, so the number of clicks never counts secret lines.
    from tutor.core.visibility import shown_entry
    from tutor.widgets import play

    name, options = case
    player = play(name, seed=5, seats=(), eyes=0, **options)
    session = player.session
    clicks = 0
    while clicks < 150 and not player.step_button.disabled:
        before = session.cursor
        player.step_button.click()
        clicks += 1
        if session.cursor == before:
            break
        revealed = session.state.trace[before : session.cursor]
        # Only the last line a click reveals is one player 0 is shown.
        assert shown_entry(revealed[-1], 0) is not None or session.state.is_terminal()
        assert all(shown_entry(e, 0) is None for e in revealed[:-1]), [e.text for e in revealed]
    assert clicks > 3


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_what_if_explorer_branches_compares_applies_and_saves(
    case: Case, tmp_path: Path
) -> None:
    from tutor.widgets import WhatIfExplorer

    name, options = case
    explorer = WhatIfExplorer(name, seed=8, **options)
    assert explorer.player_a is not None
    first_move(explorer.player_a)
    explorer.player_a.next_decision_button.click()
    explorer.branch_at.value = 0
    explorer.branch_button.click()
    assert explorer.branch_session is not None
    explorer.compare_button.click()
    assert explorer.last_comparison is not None and explorer.comparison.value
    assert explorer.apply(), explorer.error.value  # the editor's own setup applies
    path = tmp_path / "whatif.yaml"
    first_move(explorer.player_a)
    assert explorer.save(path, "A"), explorer.error.value
    decided = [a.label for a in explorer.session.decisions]
    assert explorer.load(path), explorer.error.value
    assert [a.label for a in explorer.session.decisions] == decided
    for part in (explorer.comparison, explorer.player_a.picture, explorer.status):
        speaks_its_own_words(name, part.value, "the what-if explorer")


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_quiz_builds_and_answers(case: Case, tmp_path: Path) -> None:
    from tutor.widgets import Quiz

    name, options = case
    quiz = Quiz(name, seed=1, count=3, progress=tmp_path / "progress.sqlite", **options)
    if quiz.question is None:
        assert quiz.header.value and quiz.next_button.disabled
        return
    quiz.option_buttons[0].click()
    assert quiz.last_feedback is not None and quiz.feedback.value
    # The answer is recorded under a rule id of the game's own rule book: the asked rule,
    # or for "which of these may ... do now?" the legal action's or the broken one's.
    asked = quiz.last_feedback.rule
    assert asked in quiz.question.rules
    assert [a.rule for a in quiz.progress_store.answers(name)] == [asked]
    assert asked in tutor.load_game(name).rulebook.rules
    quiz.progress_button.click()
    (chart,) = quiz.progress_box.children
    assert chart.layout.title.text.endswith("my progress by topic")
    for part in (quiz.picture, quiz.prompt, quiz.options_text, quiz.feedback):
        speaks_its_own_words(name, part.value, "the quiz")


ORACLE_LOADS = 60
"""How many times (positions x readings) the test below loads a position into the game
read another way, in game order, looking for a reading that changes what is legal (the
first few decisions: loading a position costs milliseconds, and every case runs it)."""


def games_read_otherwise(game: Game) -> dict[str, Game]:
    """The game loaded under each option of an open question it does not play, by
    ``"ruling=option"``."""
    book = game.rulebook
    playing = book.choose_rulings(game.options.get("rulings"))
    out = {}
    for ruling in book.rulings.values():
        for option in ruling.options if ruling.switchable else ():
            if option != playing[ruling.id]:
                rulings = {**(game.options.get("rulings") or {}), ruling.id: option}
                out[f"{ruling.id}={option}"] = tutor.load_game(
                    game.name, **{**game.options, "rulings": rulings}
                )
    return out


def first_misreading(others: dict[str, Game], states: list[State]) -> str | None:
    """The first reading ("ruling=option") under which the deciding player may do
    something the engine refuses here with a reason, at the first of ``states`` where
    one does (at most :data:`ORACLE_LOADS` loads); ``None`` when none is found.

    ``others`` is :func:`games_read_otherwise` of the states' game."""
    loads = 0
    for state in states:
        legal = set(state.legal_actions())
        data = state.to_dict()
        for reading, other in others.items():
            loads += 1
            if loads > ORACLE_LOADS:
                return None
            there = other.state_from_dict(data)
            if there.decision.kind != "choice" or there.decision.player != state.decision.player:
                continue
            for action in there.legal_actions():
                verdict = state.check(action)
                if action not in legal and not verdict.ok and verdict.code != "malformed":
                    return reading
    return None


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_reading_that_changes_what_is_legal_reaches_the_quiz(case: Case) -> None:
    """Every wrong reading the seeded "which of these may ... do now?" questions offer
    (those a quiz round of seed 1 asks) allows that action at that position, loaded here
    into the game read that way, while the engine refuses it, and the feedback names the
    reading; and where a reading changes what is legal early in the seeded game, the
    questions offer one."""
    from tutor.analysis.quiz import play_points
    from tutor.analysis.quiz_legal import make_legality_quiz

    name, options = case
    game = tutor.load_game(name, **options)
    points, _ = play_points(game, 1)
    questions = make_legality_quiz(game, 1, count=3, points=points)
    offered = [(q, o) for q in questions for o in q.options if o.misconception]
    others = games_read_otherwise(game)
    for q, option in offered:
        assert option.action is not None and q.verify() and q.seed == 1
        there = others[option.misconception].state_from_dict(q.state.to_dict())
        assert there.check(option.action).ok and not q.state.check(option.action).ok
        feedback = q.check(q.options.index(option))
        assert not feedback.correct and feedback.misconception == option.misconception
        assert f"read as {option.misconception}" in feedback.message
        assert feedback.rule in game.rulebook.rules
        speaks_its_own_words(name, feedback.message, "the quiz's feedback")
    decisions = [p.before for p in points if p.before.decision.kind == "choice"]
    reading = first_misreading(others, decisions)
    assert reading is None or offered, f"{name}: {reading} changes what is legal, unasked"


# ------------------------------------------------------------------------ sessions
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_a_session_survives_a_save_and_load(case: Case, tmp_path: Path) -> None:
    name, options = case
    players = options["players"]
    session = Session(tutor.load_game(name, **options).new_state(seed=9))
    rng = Rng(9)
    for _ in range(5):
        session.run_to_decision()
        if session.state.is_terminal():
            break
        legal = session.state.legal_actions()
        session.play(legal[rng.below(len(legal))])
    path = tmp_path / "session.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.game.name == name and loaded.game.num_players == players
    assert [a.label for a in loaded.history] == [a.label for a in session.history]
    assert loaded.state.to_dict() == session.state.to_dict()
