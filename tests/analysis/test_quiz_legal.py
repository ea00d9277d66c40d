"""The "which of these may <player> do now?" quiz: one legal action among refused ones.

Why this file exists: many open questions of the rulebooks (``rulings.yaml``) change what
a player may do rather than what happens after, so a "what happens next?" quiz never
meets them (Mentis, Manos, Creepy Falls with three or more players).  These tests check,
against the engine itself, that each question's correct option is legal at its
position and every other option is refused with the reason and rule it shows; that an
option labelled with a wrong reading really is legal in the game read that way, at the
same position (loaded independently here); that the feedback names the reading and
the one the engine plays; that the options only use what the deciding player can see,
and that nothing hidden from them (another player's hand or role) changes any verdict,
reading or tempting move a question shows; and that a seed always gives the same
questions. Mantis Falls with two players meets no such misreading (at no decision of the
games of seeds 1 to 8 does another reading of its open questions change what is legal),
so its questions come from tempting moves and earlier choices only. Per game: a Mentis
Spear moving two squares (legal only if the tile table is read another way), the Manos
Family drawing twice in a turn, a Creepy Falls Werewolf bought with Corpse at three
players, a Triad bystander's action play in Mantis Falls; and why Mantis has no such
question.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import tutor
from tutor.analysis.quiz import QuizRound, play_points, quiz_summary
from tutor.analysis.quiz_legal import (
    LegalityQuestion,
    legality_question_at,
    make_legality_quiz,
    misread_actions,
)
from tutor.core.game import Game, State
from tutor.core.types import Action

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("mentis", {}),
    ("manos", {}),
    ("creepy_falls", {"players": 3}),
    ("creepy_falls", {"players": 2}),
    ("mantis_falls", {"players": 2}),
    ("mantis_falls", {"players": 3, "modules": ["triad"]}),
]


@cache
def game(name: str, players: int | None = None, modules: tuple[str, ...] = ()) -> Game:
    options: dict[str, Any] = {}
    if players is not None:
        options["players"] = players
    if modules:
        options["modules"] = list(modules)
    return tutor.load_game(name, **options)


def load(name: str, options: dict[str, Any]) -> Game:
    return game(name, options.get("players"), tuple(options.get("modules", ())))


@cache
def seeded_quiz(name: str, players: int | None, modules: tuple[str, ...]) -> list[LegalityQuestion]:
    """The questions of the game of seed 1, built once for the tests that only read them."""
    return make_legality_quiz(game(name, players, modules), 1, count=4)


def quiz_of(name: str, options: dict[str, Any]) -> list[LegalityQuestion]:
    return seeded_quiz(name, options.get("players"), tuple(options.get("modules", ())))


@cache
def game_read_as(name: str, options: str, reading: str) -> Game:
    ruling, _, option = reading.partition("=")
    return tutor.load_game(name, **{**json.loads(options), "rulings": {ruling: option}})


def read_as(state: State, reading: str) -> State:
    """The same position in the game read another way, loaded here independently."""
    other = game_read_as(state.game.name, json.dumps(state.game.options), reading)
    return other.state_from_dict(state.to_dict())


def first_position(g: Game, seed: int, want: Any) -> tuple[State, list[Action]]:
    """The first decision of the seeded quiz game where ``want(state)`` gives actions."""
    points, _ = play_points(g, seed)
    for point in points:
        if point.before.decision.kind == "choice":
            found = want(point.before)
            if found:
                return point.before, found
    raise AssertionError(f"no such position in the game of seed {seed}")


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda v: str(v))
def test_every_option_is_judged_by_the_engine_at_its_position(
    name: str, options: dict[str, Any]
) -> None:
    g = load(name, options)
    quiz = quiz_of(name, options)
    assert quiz, f"{name}: no question"
    for q in quiz:
        before = q.state.to_dict()
        assert q.verify()
        assert q.state.decision.kind == "choice" and q.state.decision.player == q.player
        assert [o.correct for o in q.options].count(True) == 1 and q.correct is q.options[q.answer]
        assert len({o.text for o in q.options}) == len(q.options) == 4
        for option in q.options:
            assert option.action is not None and option.action.player == q.player
            verdict = q.state.clone().check(option.action)
            assert verdict.ok == option.correct
            if option.correct:
                assert option.text == q.state.action_by_label(option.text).label
                assert q.rule == option.rule and q.rule_text == g.rulebook.describe(q.rule)
            else:
                assert option.source == verdict.reason and option.rule in g.rulebook.rules
                # No refused option wears the label of a legal one.
                assert option.text not in {a.label for a in q.state.legal_actions()}
            if option.misconception:
                # Legal in the game read that way, at the very same position.
                assert read_as(q.state, option.misconception).check(option.action).ok
        assert q.state.to_dict() == before  # asking never changes the position
        assert q.prompt.endswith(f"Which of these may {q.who} do now? (Only one is allowed.)")


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda v: str(v))
def test_options_use_only_what_the_deciding_player_can_see(
    name: str, options: dict[str, Any]
) -> None:
    """Each option is one of the decider's choices now, one a wrong reading offers them
    here, a tempting move the tutorial shows them, or a choice they were offered
    earlier: never one offered later (a card not yet drawn) nor another player's."""
    g = load(name, options)
    points, _ = play_points(g, 1)
    for q in quiz_of(name, options):
        shown = q.state.decision_for(q.player).prompt.rstrip(".")
        assert q.intro.startswith(f"{q.who} must decide (")
        assert shown.removeprefix(f"{q.who}: ") in q.intro
        mine_before = {
            (a, a.label) for p in points if p.step < q.step for a in p.before.choices_for(q.player)
        }
        tempting = {(a, a.label) for a, _ in q.state.tempting_actions()}
        for option in q.options:
            assert option.action is not None
            shown = (option.action, option.text)
            if option.correct:
                assert option.action in q.state.choices_for(q.player)
            elif option.misconception:
                assert option.action in read_as(q.state, option.misconception).choices_for(q.player)
            else:
                assert shown in tempting or shown in mine_before


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda v: str(v))
def test_what_the_decider_cannot_see_changes_nothing_a_question_shows(
    name: str, options: dict[str, Any]
) -> None:
    """In every copy of a question's position that differs only in what the deciding
    player cannot see (another player's hand or role, face-down cards), the engine gives
    each option the same verdict and reason, every wrong reading allows the same actions
    and the game names the same tempting moves: the question tells them nothing hidden."""
    g = load(name, options)
    variants = 0
    for q in quiz_of(name, options):
        for what, hidden in g.hidden_variants(q.state, q.player):
            variants += 1
            assert hidden.view(q.player) == q.state.view(q.player), what
            assert hidden.decision_for(q.player) == q.state.decision_for(q.player), what
            for option in q.options:
                assert option.action is not None
                here, there = q.state.check(option.action), hidden.check(option.action)
                assert (there.ok, there.reason) == (here.ok, here.reason), (what, option.text)
            assert [(a, m) for a, _, m in misread_actions(hidden)] == [
                (a, m) for a, _, m in misread_actions(q.state)
            ], what
            assert hidden.tempting_actions() == q.state.tempting_actions(), what
    # The card games hide hands and roles; Mentis and Creepy Falls hide nothing here.
    assert variants or name in {"mentis", "creepy_falls"}


def test_the_same_seed_gives_the_same_questions_and_another_seed_others() -> None:
    g = load("manos", {})
    first = quiz_summary(make_legality_quiz(g, 2, count=3))
    assert first == quiz_summary(make_legality_quiz(g, 2, count=3))
    assert first != quiz_summary(make_legality_quiz(g, 5, count=3))
    assert {q["kind"] for q in first} == {"legal"}


def test_a_mentis_spear_moving_two_squares_is_the_tile_table_misread() -> None:
    # The engine's tile table: the Spear steps one square (me.6.2).  Read another way
    # (trenchman_spear_noble: the Spear moves two squares straight) it may move two.
    g = load("mentis", {})
    reading = "tile_table=trenchman_spear_noble"

    def spear_two(state: State) -> list[Action]:
        return [
            a
            for a, _, which in misread_actions(state, [("tile_table", "trenchman_spear_noble")])
            if which == reading and a.label.startswith("Move the Spear") and a.label.count("→") == 2
        ]

    state, (lure, *_) = first_position(g, 1, spear_two)
    q = legality_question_at(state, lure=lure)
    assert q.verify()
    (option,) = [o for o in q.options if o.action == lure]
    assert option.misconception == reading and option.text == lure.label
    assert option.source == "the Spear moves exactly one square" and option.rule == "me.6.2"
    assert read_as(state, reading).check(lure).ok and not state.check(lure).ok
    # The legal option is the move most like the lure: the same Spear's one-square step.
    assert q.correct.action is not None and q.correct.action.args[0] == lure.args[0]
    feedback = q.check(q.options.index(option))
    assert not feedback.correct and feedback.misconception == reading
    assert feedback.rule == "me.6.2" and feedback.rule_text == g.rulebook.describe("me.6.2")
    ruling = g.rulebook.rulings["tile_table"]
    assert f"read as {reading} (“{ruling.options['trenchman_spear_noble']}”)" in feedback.message
    assert "engine's reading of that open question (ruling tile_table) is " in feedback.message
    assert "spear_trenchman_noble" in feedback.message
    right = q.check(q.answer)
    assert right.correct and right.rule == q.rule and option.text in right.message


def test_the_manos_family_drawing_twice_is_the_family_draw_misread() -> None:
    g = load("manos", {})

    def second_draw(state: State) -> list[Action]:
        return [a for a, _, which in misread_actions(state) if which == "family_draw=repeat"]

    state, (lure, *_) = first_position(g, 1, second_draw)
    q = legality_question_at(state, lure=lure)
    assert q.verify()
    (option,) = [o for o in q.options if o.misconception == "family_draw=repeat"]
    assert option.source == "the Family draws only once a turn" and option.rule == "mn.4.3"
    feedback = q.check(q.options.index(option))
    assert "read as family_draw=repeat" in feedback.message and feedback.rule == "mn.4.3"


def test_a_creepy_falls_werewolf_bought_with_corpse_is_the_unit_costs_misread() -> None:
    # Three players: no neutral units, so no "what happens next?" misreading; the unit
    # prices' tokens are an open question that changes which purchases are legal.
    g = load("creepy_falls", {"players": 3})

    def corpse_buy(state: State) -> list[Action]:
        return [a for a, _, which in misread_actions(state) if which == "unit_costs=all_corpse"]

    state, lures = first_position(g, 1, corpse_buy)
    assert any("Corpse" in a.label for a in lures)
    # No tempting move here: Green's earlier actions make up the other wrong options.
    green = state.decision.player
    points, _ = play_points(g, 1)
    earlier = [
        p.action
        for p in points
        if p.before.decision.kind == "choice" and p.step < state.steps and p.action.player == green
    ]
    q = legality_question_at(state, lure=lures[0], earlier=earlier)
    assert q.verify()
    (option,) = [o for o in q.options if o.misconception == "unit_costs=all_corpse"]
    assert option.rule == "cf.12.2" and option.source == state.check(lures[0]).reason
    # The seeded quiz of that game offers it too.
    quiz = make_legality_quiz(g, 1, count=3)
    assert any(o.misconception == "unit_costs=all_corpse" for q in quiz for o in q.options)


def test_a_triad_bystanders_action_play_is_the_triad_partner_misread() -> None:
    g = load("mantis_falls", {"players": 3, "modules": ["triad"]})
    quiz = make_legality_quiz(g, 1, count=3)
    lures = [(q, o) for q in quiz for o in q.options if o.misconception]
    assert lures and {o.misconception for _, o in lures} == {"triad_partner=left"}
    for q, option in lures:
        assert "bystander" in option.source and option.rule == "mf.9.1"
        assert read_as(q.state, option.misconception).check(option.action).ok


def test_mantis_has_no_may_do_question_because_every_choice_is_always_legal() -> None:
    # Mantis offers Score or Steal from any other player at every decision; its open
    # questions change what happens after, not what is legal, and it names no tempting
    # illegal moves.  So no question can be built, and the round asks the other kind.
    g = load("mantis", {})
    points, _ = play_points(g, 1)
    for point in points:
        if point.before.decision.kind == "choice":
            assert point.before.tempting_actions() == []
            assert misread_actions(point.before) == []
    assert make_legality_quiz(g, 1, count=3) == []
    assert {q.kind for q in QuizRound(g, 1, 3).pool} == {"next"}


def test_a_round_mixes_both_kinds_and_records_the_broken_rule() -> None:
    g = load("manos", {})
    round_ = QuizRound(g, seed=1, count=4)
    assert [q.kind for q in round_.pool[:4]] == ["next", "legal", "next", "legal"]
    asked = [round_.next_question() for _ in range(4)]
    legal = [q for q in asked if isinstance(q, LegalityQuestion)]
    assert legal
    round_.asked = round_.asked[: asked.index(legal[0]) + 1]  # answer that one now
    wrong = next(i for i, o in enumerate(legal[0].options) if not o.correct)
    feedback = round_.answer(wrong)
    (answer,) = round_.progress.answers("manos")
    assert answer.rule == feedback.rule == legal[0].options[wrong].rule
    assert answer.question == legal[0].key and not answer.correct


def test_a_position_without_a_decision_or_a_legal_lure_is_refused_clearly() -> None:
    g = load("manos", {})
    points, _ = play_points(g, 1)
    chance = next(p.before for p in points if p.before.decision.kind == "chance")
    with pytest.raises(ValueError, match="no player decides"):
        legality_question_at(chance)
    decision = next(p.before for p in points if p.before.decision.kind == "choice")
    with pytest.raises(ValueError, match="is legal here"):
        legality_question_at(decision, lure=decision.legal_actions()[0])
    with pytest.raises(ValueError, match="at least 2 options"):
        make_legality_quiz(g, 1, options=1)
    with pytest.raises(ValueError, match="0 or more"):
        make_legality_quiz(g, 1, count=-1)
