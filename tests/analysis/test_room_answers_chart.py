"""The host's chart of the room's answers: the picked choices, most picked first.

A placement turn can offer a hundred choices; the chart draws only those someone
picked (and the engine's choice once revealed, in its own colour), and says so while
nobody has answered.
"""

from __future__ import annotations

from tutor.charts.workshop import BAR_COLOR, ENGINE_COLOR, answer_bars, answers_figure

CHOICES = ("Score", "Steal from Ben", "Steal from Cleo", "Steal from Dev")


def test_only_picked_choices_are_drawn_most_picked_first() -> None:
    labels, values, colours = answer_bars(CHOICES, (1, 0, 4, 2))
    assert labels == ["Steal from Cleo", "Steal from Dev", "Score"]
    assert values == [4, 2, 1] and set(colours) == {BAR_COLOR}


def test_the_engines_choice_is_shown_in_its_own_colour_even_unpicked() -> None:
    labels, values, colours = answer_bars(CHOICES, (3, 0, 0, 0), engine="Steal from Ben")
    assert labels == ["Score", "Steal from Ben"] and values == [3, 0]
    assert colours == [BAR_COLOR, ENGINE_COLOR]


def test_an_empty_chart_says_nobody_answered_yet() -> None:
    empty = answers_figure(CHOICES, (0, 0, 0, 0))
    assert [a.text for a in empty.layout.annotations] == ["No answers yet"]
    full = answers_figure(CHOICES, (0, 5, 0, 0), title="Question 2")
    assert not full.layout.annotations and full.layout.title.text == "Question 2"
    assert list(full.data[0].y) == ["Steal from Ben"] and list(full.data[0].x) == [5]


def test_the_learners_axis_counts_in_whole_numbers() -> None:
    assert answers_figure(CHOICES, (2, 1, 0, 0)).layout.xaxis.dtick == 1
    assert answers_figure(CHOICES, (30, 3, 0, 0)).layout.xaxis.dtick == 4
