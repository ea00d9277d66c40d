"""Charts people can read: what the workshop saw go wrong, checked on the figures' layout.

Each test names a defect seen in the analysis notebook's charts in a browser: a legend
over the x axis title, a right-axis title printed over its tick numbers, house rules
shown as raw ruling ids, several histograms overlaid into one unreadable block.  The
pictures themselves are checked in the browser test (tests/browser/test_workshop_e2e.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from tutor.analysis.sweeps import variant_title
from tutor.charts import game_length_hist, outcome_bar, score_hist, win_rate_by_variant
from tutor.charts.template import TEMPLATE
from tutor.games.mantis_falls.charts import event_outcomes_by_region, win_rate_by_option


def rows() -> list[dict[str, Any]]:
    base = {
        "game": "mantis_falls",
        "end": "death",
        "winners": [0],
        "winner_roles": ["witness"],
        "roles": ["witness", "assassin"],
        "tie": False,
        "policies": ["random", "random"],
        "scores": [1, 0],
        "events": [{"region": "night", "outcome": "defeated", "wounds": 2}],
    }
    out = []
    for i, variant in enumerate(["default rules", "phone_range=grid", "expend_movement=up_to_two"]):
        for turns in (5 + i, 9, 12):
            out.append(dict(base, variant=variant, turns=turns, policies=["random", f"bot{i}"]))
    return out


def test_the_legend_sits_above_the_plot_clear_of_the_axis_titles() -> None:
    legend = TEMPLATE.layout.legend
    assert legend.yanchor == "bottom" and legend.y >= 1.0
    assert TEMPLATE.layout.xaxis.automargin and TEMPLATE.layout.yaxis.automargin
    assert TEMPLATE.layout.margin.t >= 90  # room for the title and the legend's line


def test_the_right_axis_title_stands_clear_of_its_tick_numbers() -> None:
    fig = event_outcomes_by_region(rows())
    axis = fig.layout.yaxis2
    assert axis.side == "right" and axis.automargin
    assert axis.title.text == "mean wounds per event" and axis.title.standoff >= 10


def test_house_rules_are_named_in_words_with_their_topic() -> None:
    assert variant_title("mantis_falls", "phone_range=grid") == ("Phone range:<br>grid<br>Topic 10")
    assert variant_title("mantis_falls", "default rules") == "default rules"
    assert variant_title(None, "last_gasp_empty_play=must_play_if_able") == (
        "Last gasp empty play:<br>must play if able"
    )
    assert variant_title("mantis_falls", "no_such_ruling=x") == "No such ruling:<br>x"
    for fig in (win_rate_by_option(rows()), win_rate_by_variant(rows())):
        labels = [str(x) for t in fig.data for x in t.x]
        assert not any("=" in x or "_" in x for x in labels), labels
        assert fig.layout.xaxis.title.text is None  # no axis title to collide with


@pytest.mark.parametrize("by", ["variant", "policies"])
def test_several_histograms_get_a_panel_each(by: str) -> None:
    fig = game_length_hist(rows(), by=by)
    groups = sorted({str(r[by]) if by == "variant" else ",".join(r[by]) for r in rows()})
    assert len(fig.data) == len(groups)
    axes = [t.xaxis for t in fig.data]
    assert len(set(axes)) == len(groups), "the histograms are overlaid on one axis"
    titles = [a.text for a in fig.layout.annotations]
    assert titles == groups
    assert fig.layout.barmode != "overlay"
    assert all(t.xbins.size == 1 for t in fig.data)


def test_one_group_is_a_plain_histogram_and_seats_get_panels() -> None:
    fig = game_length_hist([dict(r, end="death") for r in rows()])
    assert len(fig.data) == 1 and not fig.layout.annotations
    assert fig.layout.xaxis.title.text == "turns"
    seats = score_hist(rows())
    assert [t.name for t in seats.data] == ["seat 1", "seat 2"]
    assert seats.data[0].xaxis != seats.data[1].xaxis


def test_every_chart_keeps_the_shared_template() -> None:
    summary = {
        "win_rate": {"witness": {"rate": 0.5, "low": 0.2, "high": 0.8, "count": 1, "of": 2}},
        "tie_rate": {"rate": 0.0, "low": 0.0, "high": 0.5, "count": 0, "of": 2},
    }
    for fig in (outcome_bar(summary), game_length_hist(rows(), by="variant")):
        assert fig.layout.template.layout.legend.y == TEMPLATE.layout.legend.y
