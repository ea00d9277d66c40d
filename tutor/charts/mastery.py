"""The learner's "my progress" chart: how well each topic of the rules is known.

Built from the answers the quiz recorded (:mod:`tutor.analysis.mastery`) for any game:
one stacked bar per topic, counting its rules as mastered (three right answers in a
row), being learnt, to review (last answer wrong) and not yet asked.  Plotly is imported
here, never by ``import tutor``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import plotly.graph_objects as go

from tutor.analysis.mastery import RuleMastery, topic_mastery
from tutor.charts.template import new_figure

STATES = (
    ("mastered", "mastered", "#2a9d8f"),
    ("learning", "being learnt", "#8ecae6"),
    ("review", "to review (last answer wrong)", "#e76f51"),
    ("new", "not asked yet", "#dee2e6"),
)


def mastery_by_topic(
    game: Any, mastery: Mapping[str, RuleMastery], questions: Iterable[Any] = ()
) -> go.Figure:
    """Stacked bars: each topic's rules by how well the learner knows them.

    Args:
        game: the game (its rule book names the topics).
        mastery: each rule's mastery (``MasteryStore.mastery(game)``).
        questions: quiz questions whose rules count too (the ones about to be asked),
            so a topic shows up before its first answer.

    Returns:
        One bar trace per state (``mastered``, ``being learnt``, ``to review``, ``not
        asked yet``): y the topics in the rule book's order, x the number of rules,
        customdata ``[mastery %, right, answered]`` of the topic.
    """
    rules = list(dict.fromkeys([*mastery, *(q.rule for q in questions)]))
    book = game.rulebook
    rules.sort(key=lambda r: list(book.rules).index(r) if r in book.rules else len(book.rules))
    rows = topic_mastery(book, mastery, rules)
    style = getattr(book, "citation_style", "topic")
    names = [
        (f"Topic {r['topic']} · {r['title']}" if style == "topic" else r["title"] or r["topic"])
        if r["title"]
        else str(r["topic"])
        for r in rows
    ]
    fig = new_figure(
        f"{game.title}: my progress by topic",
        barmode="stack",
        height=max(300, 130 + 30 * len(rows)),
        xaxis={"title": "rules", "dtick": 1},
        yaxis={"autorange": "reversed", "title": None},
    )
    extra = [[round(100 * r["mastery"]), r["right"], r["answered"]] for r in rows]
    for key, label, colour in STATES:
        fig.add_trace(
            go.Bar(
                name=label,
                orientation="h",
                y=names,
                x=[r[key] for r in rows],
                marker_color=colour,
                customdata=extra,
                hovertemplate=(
                    f"%{{y}}<br>%{{x}} rules {label}<br>topic mastery %{{customdata[0]}}%"
                    " (%{customdata[1]} of %{customdata[2]} answers right)<extra></extra>"
                ),
            )
        )
    return fig


__all__ = ["mastery_by_topic"]
