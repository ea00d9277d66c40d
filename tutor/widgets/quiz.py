"""Quiz mode: "what happens next?" questions from real games, as a widget.

The questions, their options and the feedback are built by
:func:`tutor.analysis.quiz.make_quiz` from a seeded game and the engine's own trace;
this widget only shows them: the table before the decision, what has happened so far,
the options as a lettered list with one button per letter, and after a pick the
feedback with the rule it cites.  Tests drive it headlessly with
``quiz.option_buttons[i].click()`` and ``next_button.click()``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from tutor.analysis.quiz import Feedback, QuizQuestion, make_quiz
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
    """Multiple-choice "what happens next?" questions with rule-citing feedback.

    Args:
        game_name: a registered game.
        seed: the seed of the game the questions come from (same seed, same quiz).
        count: how many questions.
        **options: game options for ``tutor.load_game``.

    Raises:
        UnknownGameError: if the game is not registered.
        OptionError: if an option is invalid.
    """

    def __init__(self, game_name: str, seed: int = 0, count: int = 5, **options: Any) -> None:
        super().__init__()
        self.game: Game = load_game(game_name, **options)
        self.count = count
        self.renderer = renderer_for(self.game)
        self.questions: list[QuizQuestion] = []
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
        self.score = w.HTML()
        self.next_button = _button("Next question", "Go on to the next question", "arrow-right")
        self.seed_input = w.IntText(value=seed, description="Seed", layout=w.Layout(width="150px"))
        self.new_button = _button("New quiz", "Build a quiz from the game of this seed", "refresh")
        self.next_button.on_click(lambda _: self.next())
        self.new_button.on_click(lambda _: self.new_quiz())
        details = w.Accordion(children=[self.picture])
        details.set_title(0, "The table just before the decision")
        self.children = (
            self.header,
            details,
            self.so_far,
            self.prompt,
            self.options_text,
            self.options_box,
            self.feedback,
            w.HBox([self.next_button, self.score]),
            w.HBox([self.seed_input, self.new_button]),
        )
        self.new_quiz(seed)

    # ------------------------------------------------------------------ reading
    @property
    def question(self) -> QuizQuestion | None:
        """The question on screen (``None`` when the quiz has none)."""
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def correct_count(self) -> int:
        """How many questions were answered correctly so far."""
        return sum(self.questions[i].options[pick].correct for i, pick in self.picks.items())

    # ------------------------------------------------------------------ drawing
    def _show(self) -> None:
        q = self.question
        n = len(self.questions)
        self.feedback.value = ""
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
        view = q.state.view(None)
        self.picture.value = self.renderer.picture(view, self.game, str(view.get("phase", "")))
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
        result = q.check(i)
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
        self.feedback.value = (
            f"<div class='tutor-feedback' data-correct='{str(result.correct).lower()}'>"
            f"<div style='color:{color};font-weight:bold'>{verdict}</div>"
            f"<div>{escape(result.message)}</div>"
            f"<div style='margin-top:4px'>{citation_html(self.game.rulebook, result.rule)}</div>"
            f"<div class='tutor-rule-text' style='font-size:13px;color:#444'>"
            f"{escape(result.rule_text)}</div></div>"
        )
        self._score()
        return result

    def next(self) -> None:
        """Show the next question (nothing happens after the last one)."""
        if self.index + 1 < len(self.questions):
            self.index += 1
            self._show()

    def new_quiz(self, seed: int | None = None) -> None:
        """Build a new quiz from the game of ``seed`` (default: the seed box)."""
        value = int(self.seed_input.value if seed is None else seed)
        self.seed_input.value = value
        self.questions = make_quiz(self.game, value, self.count)
        self.index = 0
        self.picks = {}
        self.last_feedback = None
        self._show()


def quiz(game_name: str, seed: int = 0, count: int = 5, **options: Any) -> Quiz:
    """Return a :class:`Quiz` (a shortcut for notebooks).

    Raises:
        UnknownGameError: if the game is not registered.
    """
    return Quiz(game_name, seed, count, **options)


__all__ = ["Quiz", "quiz"]
