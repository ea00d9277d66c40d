"""Headless tests of the quiz widget: a learner answers both kinds of quiz question.

The tests press the option buttons and "Next question" with ``click()`` and check what
the screen says: the verdict, the rule cited (id, hover summary and the rulebook's
description), the button colours, the score — and that the option marked correct is
what the engine really writes next when the question's action is applied to a clone of
its position ("what happens next?"), or an action the engine accepts there while it
refuses every other option ("which of these may ... do now?", drawn through the
deciding player's eyes).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html import escape

from tutor.analysis.quiz import QuizQuestion
from tutor.analysis.quiz_legal import LegalityQuestion
from tutor.widgets import Quiz


def shown_rule(quiz: Quiz) -> str:
    root = ET.fromstring(quiz.feedback.value)
    (span,) = [s for s in root.iter("span") if s.get("class") == "tutor-rule"]
    return span.get("data-rule", "")


def test_the_correct_button_is_what_the_engine_does_next() -> None:
    quiz = Quiz("mantis_falls", seed=2, count=4, progress=False)
    assert quiz.total == 4 and len(quiz.questions) == 1  # the next is chosen when asked
    for number in range(4):
        q = quiz.question
        assert q is not None and quiz.index == number and len(quiz.questions) == number + 1
        (correct,) = [i for i, o in enumerate(q.options) if o.correct]
        if isinstance(q, QuizQuestion):
            expected = q.state.clone().apply(q.action)[q.index].text
        else:  # "which of these may ... do now?": the engine accepts only the correct one
            assert isinstance(q, LegalityQuestion)
            verdicts = [q.state.clone().check(o.action) for o in q.options if o.action]
            assert [v.ok for v in verdicts] == [o.correct for o in q.options]
            expected = q.state.legal_actions()[
                q.state.legal_actions().index(q.correct.action)
            ].label
        assert q.options[correct].text == expected
        assert [b.description for b in quiz.option_buttons] == list("ABCD")[: len(q.options)]
        assert quiz.option_buttons[correct].tooltip == expected
        assert escape(expected) in quiz.options_text.value
        assert escape(q.prompt) in quiz.prompt.value
        assert f"Question {number + 1} of 4" in quiz.header.value
        quiz.next_button.click()
    assert quiz.index == 3 and quiz.next_button.disabled
    assert {q.kind for q in quiz.questions} == {"next", "legal"}  # both kinds are asked


def test_a_right_answer_is_confirmed_with_the_rule() -> None:
    quiz = Quiz("mantis_falls", seed=0, count=3)
    q = quiz.question
    assert q is not None
    quiz.option_buttons[q.answer].click()
    assert "data-correct='true'" in quiz.feedback.value and "Correct!" in quiz.feedback.value
    assert shown_rule(quiz) == q.rule
    assert escape(quiz.game.rulebook.describe(q.rule)) in quiz.feedback.value
    assert quiz.option_buttons[q.answer].button_style == "success"
    assert all(b.disabled for b in quiz.option_buttons)
    assert "Score: 1 of 1 answered" in quiz.score.value
    # A second click changes nothing: the question is answered.
    other = (q.answer + 1) % len(q.options)
    quiz.option_buttons[other].click()
    assert quiz.picks == {0: q.answer} and quiz.correct_count == 1


def test_a_wrong_answer_shows_what_really_happens_and_where_the_pick_came_from() -> None:
    quiz = Quiz("mantis_falls", seed=0, count=3)
    q = quiz.question
    assert q is not None
    wrong = next(i for i, o in enumerate(q.options) if not o.correct)
    quiz.option_buttons[wrong].click()
    feedback = quiz.feedback.value
    assert "data-correct='false'" in feedback and "Not quite." in feedback
    assert escape(q.correct.text) in feedback
    assert escape(q.options[wrong].source) in feedback
    # "What happens next?" cites the asked rule; "which of these may ... do now?" the
    # rule the picked action breaks (the engine's verdict), which is what is recorded.
    cited = q.rule if isinstance(q, QuizQuestion) else q.options[wrong].rule
    assert shown_rule(quiz) == cited
    assert escape(quiz.game.rulebook.describe(cited)) in feedback
    assert quiz.option_buttons[wrong].button_style == "danger"
    assert quiz.option_buttons[q.answer].button_style == "success"
    assert "Score: 0 of 1 answered" in quiz.score.value

    quiz.next_button.click()
    assert quiz.feedback.value == "" and not any(b.disabled for b in quiz.option_buttons)
    assert "Score: 0 of 1 answered" in quiz.score.value


def test_the_same_seed_asks_the_same_questions_and_new_quiz_takes_the_seed_box() -> None:
    first = Quiz("mantis_falls", seed=5, count=3, progress=False)
    second = Quiz("mantis_falls", seed=5, count=3, progress=False)
    assert [q.prompt for q in first.round.pool] == [q.prompt for q in second.round.pool]
    assert [[o.text for o in q.options] for q in first.questions] == [
        [o.text for o in q.options] for q in second.questions
    ]
    first.option_buttons[0].click()
    first.seed_input.value = 6
    first.new_button.click()
    assert first.picks == {} and first.index == 0
    assert [q.prompt for q in first.round.pool] != [q.prompt for q in second.round.pool]
    assert "seed 6" in first.header.value
    # The picture is the table just before the decision, drawn from its omniscient view.
    q = first.question
    assert q is not None
    root = ET.fromstring(first.picture.value)
    assert root.tag.endswith("svg")
    assert f"Turn {q.turn} · seen through the tutor" in "".join(root.itertext())


def test_a_may_do_question_is_drawn_through_the_deciders_eyes_and_names_the_reading() -> None:
    # Mentis, seed 1: the first question asks what Red may do; one wrong option is an
    # action another reading of an open question allows (a misconception).
    quiz = Quiz("mentis", seed=1, count=3, progress=False)
    q = quiz.question
    assert isinstance(q, LegalityQuestion) and q.verify()
    who = quiz.game.new_state(seed=1).player_names()[q.player]
    assert f"Which of these may {who} do now?" in q.prompt
    assert escape(q.prompt) in quiz.prompt.value
    assert quiz.details.get_title(0) == f"The table as {who} sees it"
    assert quiz.picture.value == quiz.renderer.picture(
        q.state.view(q.player), quiz.game, str(q.state.view(q.player).get("phase", ""))
    )
    (lure, *_) = [i for i, o in enumerate(q.options) if o.misconception]
    reading = q.options[lure].misconception
    quiz.option_buttons[lure].click()
    feedback = quiz.feedback.value
    assert "Not quite." in feedback and escape(q.options[lure].source) in feedback
    assert f"data-reading='{reading}'" in feedback
    ruling = quiz.game.rulebook.rulings[reading.split("=")[0]]
    assert escape(ruling.question) in feedback
    assert escape(f"the engine's reading of that open question (ruling {ruling.id})") in feedback
    assert shown_rule(quiz) == q.options[lure].rule
    assert quiz.option_buttons[q.answer].button_style == "success"
