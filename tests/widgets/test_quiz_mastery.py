"""The quiz widget remembers its learner: answers saved per rule, next question by mastery.

A learner clicks answers; the tests check that each answer lands in the progress
database, that a rule answered wrongly comes back first in the next quiz, that a broken
database leaves the quiz working with a plain notice, that a tempting wrong reading is
named when picked (in each game whose seeded quiz offers one: Mantis Falls, Mantis and
two-player Creepy Falls), and that "My progress" draws the topics with what was answered.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

from tutor.analysis.mastery import MasteryStore
from tutor.widgets import Quiz


def test_answers_are_saved_and_the_missed_rule_comes_back_first(tmp_path: Path) -> None:
    file = tmp_path / "progress.sqlite"
    quiz = Quiz("mantis_falls", seed=1, count=3, progress=file)
    first = quiz.question
    assert first is not None and quiz.notice.value == ""
    quiz.option_buttons[first.answer].click()
    quiz.next_button.click()
    second = quiz.question
    assert second is not None and second.rule != first.rule
    wrong = (second.answer + 1) % len(second.options)
    quiz.option_buttons[wrong].click()

    # The rule recorded is the feedback's: the asked one, or for "which of these may ...
    # do now?" the rule the picked illegal action breaks.
    missed = quiz.last_feedback.rule if quiz.last_feedback else ""
    assert missed in second.rules
    saved = MasteryStore(file).answers("mantis_falls")
    assert [(a.rule, a.correct) for a in saved] == [(first.rule, True), (missed, False)]
    assert saved[1].picked == second.options[wrong].text
    assert saved[1].question == second.key

    # A fresh learner starts with the same first question; this learner, who missed the
    # second one, gets that rule first, and the one answered right comes after new ones.
    fresh = Quiz("mantis_falls", seed=1, count=3, progress=False)
    assert fresh.question is not None and fresh.question.rule == first.rule
    again = Quiz("mantis_falls", seed=1, count=3, progress=file)
    assert again.question is not None and again.question.rule == second.rule
    again.option_buttons[0].click()
    again.next_button.click()
    assert again.question is not None and again.question.rule not in {first.rule, second.rule}


def test_a_broken_database_leaves_a_working_quiz_and_says_so(tmp_path: Path) -> None:
    file = tmp_path / "progress.sqlite"
    file.write_bytes(b"not a database at all\n" * 50)
    quiz = Quiz("mantis_falls", seed=0, count=2, progress=file)
    assert "Your answers are not being saved" in quiz.notice.value
    assert escape(str(file)) in quiz.notice.value
    assert "not a SQLite database" in quiz.notice.value
    q = quiz.question
    assert q is not None
    quiz.option_buttons[q.answer].click()
    assert "Correct!" in quiz.feedback.value and "Score: 1 of 1 answered" in quiz.score.value
    quiz.next_button.click()
    assert quiz.question is not None and quiz.index == 1
    assert file.read_bytes() == b"not a database at all\n" * 50  # nothing was overwritten


@pytest.mark.parametrize(
    ("game", "options", "seed", "reading"),
    [
        ("mantis_falls", {}, 3, "all_events_seen=on"),
        ("mantis", {}, 0, "failed_steal=target_tank"),
        ("creepy_falls", {"players": 2}, 0, "neutral_werewolf_souls=everyone"),
    ],
)
def test_picking_a_tempting_wrong_reading_is_named_in_the_feedback(
    game: str, options: dict[str, object], seed: int, reading: str
) -> None:
    quiz = Quiz(game, seed=seed, count=5, progress=False, **options)
    asked = [q for q in quiz.round.pool if any(o.misconception for o in q.options)]
    assert asked, f"{game}: no question offers a wrong reading"
    for _ in range(quiz.total):  # asked in the quiz's own order
        if quiz.question in asked:
            break
        quiz.next_button.click()
    q = quiz.question
    assert q in asked, f"{game}: the quiz never asks its wrong-reading question"
    (lure,) = [i for i, o in enumerate(q.options) if o.misconception]
    quiz.option_buttons[lure].click()
    feedback = quiz.feedback.value
    assert f"data-reading='{reading}'" in feedback
    assert "A tempting wrong reading:" in feedback
    ruling_id, _, _ = reading.partition("=")
    ruling = quiz.game.rulebook.rulings[ruling_id]
    default = ruling.options[ruling.default]
    assert escape(ruling.question) in feedback and escape(default) in feedback
    assert quiz.last_feedback is not None and not quiz.last_feedback.correct
    assert quiz.last_feedback.misconception == reading


def test_my_progress_shows_each_topic_with_what_was_answered(tmp_path: Path) -> None:
    quiz = Quiz("toy_nim", seed=1, count=2, progress=tmp_path / "p.sqlite")
    q = quiz.question
    assert q is not None
    quiz.option_buttons[(q.answer + 1) % len(q.options)].click()
    quiz.progress_button.click()
    (chart,) = quiz.progress_box.children
    bars = {trace.name: dict(zip(trace.y, trace.x, strict=True)) for trace in chart.data}
    topic = quiz.game.rulebook.rules[q.rule].topic
    (label,) = [y for y in bars["to review (last answer wrong)"] if y.startswith(f"Topic {topic}")]
    assert bars["to review (last answer wrong)"][label] == 1
    assert bars["mastered"][label] == 0


def test_without_a_progress_argument_answers_go_to_the_user_folder(user_folder: Path) -> None:
    quiz = Quiz("toy_nim", seed=2, count=1)
    q = quiz.question
    assert q is not None
    quiz.option_buttons[q.answer].click()
    store = MasteryStore(user_folder / "progress" / "mastery.sqlite")
    assert q.rule in {a.rule for a in store.answers("toy_nim")}
