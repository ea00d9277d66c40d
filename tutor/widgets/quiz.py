"""Quiz mode: "what happens next?" and "which of these may ... do now?" as a widget.

The questions, their options and the feedback are built by
:class:`tutor.analysis.quiz.QuizRound` from seeded games, the engine's own trace and
its verdicts, the next question chosen by the learner's mastery, every answer recorded
per rule id (:mod:`tutor.analysis.mastery`: SQLite in the user's data folder by
default).  This widget only shows them: the table before the decision (through the
deciding player's eyes for a "may do" question, whose options must not lean on cards
that player cannot see), what has happened so far, the options as a lettered list with
one button per letter, after a pick the feedback with the rule it cites (and the wrong
reading a pick matches), a notice when answers cannot be saved, and a "My progress"
chart of mastery by topic.  Tests drive it headlessly
with ``quiz.option_buttons[i].click()``, ``next_button.click()`` and
``progress_button.click()`` (the chart is ``progress_box.children[0]``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from tutor.analysis.mastery import MemoryProgress, open_progress
from tutor.analysis.quiz import Feedback, QuizQuestion, QuizRound
from tutor.analysis.quiz_legal import LegalityQuestion
from tutor.core.game import Game, load_game
from tutor.render import renderer_for
from tutor.render.html import citation_html, trace_html

SO_FAR = 6
"""How many of the entries before the asked one are shown."""
LETTERS = "ABCDEFGHIJ"


def _button(description: str, tooltip: str, icon: str = "", **kw: Any) -> w.Button:
    return w.Button(
        description=description, tooltip=tooltip, icon=icon, layout=w.Layout(width="auto"), **kw
    )


class Quiz(w.VBox):
    """Multiple-choice quiz questions of two kinds, with rule-citing feedback.

    "What happens next?" asks for the engine's next sentence; "Which of these may
    <player> do now?" offers one legal action among illegal ones (some of them allowed
    by a tempting wrong reading of an open question), answered with the engine's reason.

    Args:
        game_name: a registered game.
        seed: the seed of the game the questions come from (same seed and same
            progress, same quiz).
        count: how many questions.
        progress: where answers are recorded: ``None`` for the database in the user's
            data folder, a SQLAlchemy URL or a SQLite file path, a store object
            (:class:`~tutor.analysis.mastery.MasteryStore` or ``MemoryProgress``), or
            ``False`` to record nothing beyond this quiz.  A database that cannot be
            used leaves the quiz working without saving, and the quiz says so.
        learner: whose answers these are (one database can hold several learners).
        **options: game options for ``tutor.load_game``.

    Raises:
        UnknownGameError: if the game is not registered.
        OptionError: if an option is invalid.
    """

    def __init__(
        self,
        game_name: str,
        seed: int = 0,
        count: int = 5,
        progress: Any = None,
        learner: str = "me",
        **options: Any,
    ) -> None:
        super().__init__()
        self.game: Game = load_game(game_name, **options)
        self.count = count
        self.renderer = renderer_for(self.game)
        if progress is False:
            progress = MemoryProgress(learner)
        elif progress is None or isinstance(progress, (str, os.PathLike)):
            progress = open_progress(progress, learner)
        self.progress_store = progress
        self.round: QuizRound | None = None
        self.index = 0
        self.picks: dict[int, int] = {}
        self.last_feedback: Feedback | None = None

        self.header = w.HTML()
        self.picture = w.HTML()
        self.so_far = w.HTML()
        self.prompt = w.HTML()
        self.options_text = w.HTML()
        self.options_box = w.HBox()
        self.option_buttons: list[w.Button] = []
        self.feedback = w.HTML()
        self.notice = w.HTML()
        self.score = w.HTML()
        self.progress_button = _button(
            "My progress", "Show how well you know each topic of the rules", "bar-chart"
        )
        self.progress_box = w.VBox()
        self.progress_button.on_click(lambda _: self.show_progress())
        self.next_button = _button("Next question", "Go on to the next question", "arrow-right")
        self.seed_input = w.IntText(value=seed, description="Seed", layout=w.Layout(width="150px"))
        self.new_button = _button("New quiz", "Build a quiz from the game of this seed", "refresh")
        self.next_button.on_click(lambda _: self.next())
        self.new_button.on_click(lambda _: self.new_quiz())
        self.details = details = w.Accordion(children=[self.picture])
        details.set_title(0, "The table just before the decision")
        self.children = (
            self.notice,
            self.header,
            details,
            self.so_far,
            self.prompt,
            self.options_text,
            self.options_box,
            self.feedback,
            w.HBox([self.next_button, self.score]),
            w.HBox([self.seed_input, self.new_button, self.progress_button]),
            self.progress_box,
        )
        self.new_quiz(seed)

    # ------------------------------------------------------------------ reading
    @property
    def questions(self) -> list[QuizQuestion | LegalityQuestion]:
        """The questions asked so far, in order (the next is chosen when it is asked)."""
        return self.round.questions if self.round is not None else []

    @property
    def total(self) -> int:
        """How many questions this quiz asks (fewer when the games give fewer)."""
        return min(self.count, len(self.round.pool)) if self.round is not None else 0

    @property
    def question(self) -> QuizQuestion | LegalityQuestion | None:
        """The question on screen (``None`` when the quiz has none)."""
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def correct_count(self) -> int:
        """How many questions were answered correctly so far."""
        return sum(self.questions[i].options[pick].correct for i, pick in self.picks.items())

    # ------------------------------------------------------------------ drawing
    def _show(self) -> None:
        q = self.question
        n = self.total
        self.feedback.value = ""
        self._notice()
        if q is None:
            self.header.value = "<b>No question could be built from this game.</b>"
            self.picture.value = self.so_far.value = self.prompt.value = ""
            self.options_text.value = ""
            self.option_buttons = []
            self.options_box.children = ()
            self.next_button.disabled = True
            return
        self.header.value = (
            f"<b>Question {self.index + 1} of {n}</b> · turn {q.turn} of the game of seed "
            f"{int(self.seed_input.value)}"
        )
        # A "may do" question is seen through the deciding player's eyes (q.viewer).
        view = q.state.view(q.viewer)
        self.picture.value = self.renderer.picture(view, self.game, str(view.get("phase", "")))
        self.details.set_title(
            0,
            "The table just before the decision"
            if q.viewer is None
            else f"The table as {q.state.player_names()[q.viewer]} sees it",
        )
        shown = q.so_far[-SO_FAR:]
        hidden = len(q.so_far) - len(shown)
        more = f"<div><i>({hidden} earlier steps not shown)</i></div>" if hidden else ""
        self.so_far.value = (
            (f"<div><b>So far:</b></div>{more}{trace_html(shown, self.game.rulebook)}")
            if shown
            else ""
        )
        self.prompt.value = f"<div class='tutor-quiz-prompt'><b>{escape(q.prompt)}</b></div>"
        # Sentences can be long: list them as text and answer with letter buttons.
        items = "".join(
            f"<li class='tutor-quiz-option' data-option='{i}'><b>{LETTERS[i]}.</b> "
            f"{escape(option.text)}</li>"
            for i, option in enumerate(q.options)
        )
        self.options_text.value = f"<ul style='list-style:none;padding-left:0.5em'>{items}</ul>"
        self.option_buttons = []
        for i, option in enumerate(q.options):
            button = _button(LETTERS[i], option.text)
            button.on_click(self._picker(i))
            self.option_buttons.append(button)
        self.options_box.children = tuple(self.option_buttons)
        self.next_button.disabled = self.index + 1 >= n
        self._score()

    def _score(self) -> None:
        self.score.value = (
            f"<span class='tutor-score'>Score: {self.correct_count} of {len(self.picks)} "
            f"answered ({len(self.questions)} questions)</span>"
        )

    def _picker(self, i: int) -> Callable[[w.Button], None]:
        def pick(_button: w.Button) -> None:
            self.choose(i)

        return pick

    # ------------------------------------------------------------------ acting
    def choose(self, i: int) -> Feedback | None:
        """Answer the question on screen with option ``i`` and show the feedback.

        Returns:
            The feedback, or ``None`` when there is no question (or it was answered).
        """
        q = self.question
        if q is None or self.index in self.picks:
            return None
        assert self.round is not None
        result = self.round.answer(i)
        self._notice()
        self.picks[self.index] = i
        self.last_feedback = result
        for k, button in enumerate(self.option_buttons):
            button.disabled = True
            if q.options[k].correct:
                button.button_style = "success"
            elif k == i:
                button.button_style = "danger"
        verdict = "Correct!" if result.correct else "Not quite."
        color = "#1b5e20" if result.correct else "#b00020"
        misread = ""
        if result.misconception:
            book = self.game.rulebook
            ruling = book.rulings[result.misconception.split("=")[0]]
            playing = book.choose_rulings(self.game.options.get("rulings"))[ruling.id]
            misread = (
                f"<div class='tutor-misconception' data-reading='{escape(result.misconception)}'>"
                f"<b>A tempting wrong reading:</b> {escape(ruling.question)} This game plays "
                f"“{escape(playing.replace('_', ' '))}”: "
                f"{escape(ruling.options[playing])}</div>"
            )
        self.feedback.value = (
            f"<div class='tutor-feedback' data-correct='{str(result.correct).lower()}'>"
            f"<div style='color:{color};font-weight:bold'>{verdict}</div>"
            f"<div>{escape(result.message)}</div>{misread}"
            f"<div style='margin-top:4px'>{citation_html(self.game.rulebook, result.rule)}</div>"
            f"<div class='tutor-rule-text' style='font-size:13px;color:#444'>"
            f"{escape(result.rule_text)}</div></div>"
        )
        self._score()
        return result

    def next(self) -> None:
        """Ask the next question, chosen by mastery (nothing happens after the last one)."""
        if self.round is None or self.index + 1 >= self.total:
            return
        if self.index + 1 >= len(self.questions) and self.round.next_question() is None:
            return
        self.index += 1
        self._show()

    def new_quiz(self, seed: int | None = None) -> None:
        """Build a new quiz from the games of ``seed`` on (default: the seed box)."""
        value = int(self.seed_input.value if seed is None else seed)
        self.seed_input.value = value
        self.round = QuizRound(self.game, value, self.count, self.progress_store)
        self.round.next_question()
        self.index = 0
        self.picks = {}
        self.last_feedback = None
        self._show()

    def _notice(self) -> None:
        """Say plainly when answers are not being saved, and why."""
        self.progress_store = self.round.progress if self.round is not None else None
        reason = self.round.notice if self.round is not None else ""
        self.notice.value = (
            "<div class='tutor-notice' style='color:#8a4b00'><b>Your answers are not being "
            f"saved</b> ({escape(reason)}). The quiz works as usual; your progress lasts "
            "until you close it.</div>"
            if reason
            else ""
        )

    def progress_figure(self) -> Any:
        """The "my progress" chart: mastery of each topic's rules (a Plotly figure)."""
        from tutor.charts.mastery import mastery_by_topic

        assert self.round is not None
        return mastery_by_topic(self.game, self.round.mastery(), self.round.pool)

    def show_progress(self) -> None:
        """Show (or refresh) the "my progress" chart under the quiz."""
        import plotly.graph_objects as go

        self.progress_box.children = (go.FigureWidget(self.progress_figure()),)


def quiz(game_name: str, seed: int = 0, count: int = 5, **options: Any) -> Quiz:
    """Return a :class:`Quiz` (a shortcut for notebooks).

    Raises:
        UnknownGameError: if the game is not registered.
    """
    return Quiz(game_name, seed, count, **options)


__all__ = ["Quiz", "quiz"]
