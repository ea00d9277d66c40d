"""Tests for the "what wins?" charts: regions, Last Gasp situations, role setups, house rules.

Why this file exists: a workshop reads conclusions off these figures, so each test
feeds rows whose counts are known by hand and checks the numbers in the traces (bar
heights, heat-map cells, error bars), not the pixels.  One test per chart also runs it
on simulated rows and checks the totals add up.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import pytest

from tutor.analysis.report import summaries_by, summary_table
from tutor.analysis.simulation import simulate, summarise, sweep, wilson_interval
from tutor.charts import outcome_bar
from tutor.games.mantis_falls.charts import (
    event_outcomes_by_region,
    gasps_per_game,
    last_gasp_by_situation,
    outcomes_by_role_setup,
    who_died_first,
    win_rate_by_option,
)


def ev(region: str, outcome: str, wounds: int, kind: str = "opposition") -> dict[str, Any]:
    return {
        "event": "Street Thug",
        "kind": kind,
        "outcome": outcome,
        "region": region,
        "wounds": wounds,
    }


def gasp(to_max: int, healing: int, survived: bool | None, player: int = 0) -> dict[str, Any]:
    return {
        "player": player,
        "role": "witness",
        "number": 1,
        "wounds_to_max": to_max,
        "healing_in_hand": healing,
        "survived": survived,
    }


def row(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "policies": ["random", "random"],
        "roles": ["witness", "assassin"],
        "role_setup": "witness/assassin",
        "winners": [],
        "winner_roles": [],
        "end": "death",
        "tie": False,
        "turns": 8,
        "gasps": [0, 0],
        "last_gasps": [],
        "first_dead": None,
        "first_dead_role": None,
        "events": [],
    }
    base.update(kw)
    return base


def rows_fixture() -> list[dict[str, Any]]:
    return [
        row(
            winners=[0],
            winner_roles=["witness"],
            first_dead=1,
            first_dead_role="assassin",
            gasps=[1, 1],
            last_gasps=[gasp(1, 2, True), gasp(3, 0, False, player=1)],
            events=[ev("sunset", "defeated", 0), ev("night", "undefeated", 3)],
        ),
        row(
            winners=[1],
            winner_roles=["assassin"],
            first_dead=0,
            first_dead_role="witness",
            gasps=[2, 0],
            last_gasps=[gasp(1, 2, True), gasp(1, 0, False)],
            events=[ev("night", "undefeated", 2), ev("night", "prevented", 0, "incident")],
        ),
        row(
            tie=True,
            first_dead=0,
            first_dead_role="witness",
            gasps=[1, 1],
            last_gasps=[gasp(1, 0, False), gasp(2, 1, None, player=1)],
            events=[ev("dark", "incident", 4, "incident")],
        ),
        row(
            roles=["witness", "witness"],
            role_setup="witness/witness",
            end="escape",
            winners=[0, 1],
            winner_roles=["witness"],
            turns=20,
        ),
        row(
            roles=["witness", "witness"],
            role_setup="witness/witness",
            first_dead=1,
            first_dead_role="witness",
            gasps=[0, 1],
            last_gasps=[gasp(2, 0, False, 1)],
        ),
    ]


def trace(fig: go.Figure, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


def test_event_outcomes_by_region_count_events_and_mean_wounds() -> None:
    fig = event_outcomes_by_region(rows_fixture())
    assert fig.layout.barmode == "stack"
    assert [t.name for t in fig.data] == [
        "prevented",
        "defeated",
        "undefeated",
        "incident",
        "mean wounds",
    ]
    assert list(trace(fig, "undefeated").x) == ["sunset", "night", "dark"]
    assert list(trace(fig, "undefeated").y) == [0, 2, 0]
    assert list(trace(fig, "prevented").y) == [0, 1, 0]
    mean = trace(fig, "mean wounds")
    assert mean.yaxis == "y2"
    assert list(mean.y) == [0.0, 5 / 3, 4.0]
    assert [list(c) for c in mean.customdata] == [[0, 1], [5, 3], [4, 1]]


def test_last_gasp_survival_by_wounds_to_max_and_healing_in_hand() -> None:
    """Healing in hand saved both gasps that had it; the cut-short gasp is left out."""
    fig = last_gasp_by_situation(rows_fixture())
    heat = fig.data[0]
    assert heat.type == "heatmap"
    assert list(heat.x) == [0, 2] and list(heat.y) == [1, 2, 3]
    assert [list(r) for r in heat.z] == [[0.0, 1.0], [0.0, None], [0.0, None]]
    assert [list(r) for r in heat.text] == [["0/2", "2/2"], ["0/1", ""], ["0/1", ""]]


def test_gasps_per_game_counts_games_by_their_number_of_last_gasps() -> None:
    fig = gasps_per_game(rows_fixture())
    assert [t.name for t in fig.data] == ["games"]
    assert list(fig.data[0].x) == [0, 1, 2] and list(fig.data[0].y) == [1, 1, 3]
    split = gasps_per_game(rows_fixture(), by="role_setup")
    assert list(trace(split, "witness/assassin").y) == [0, 0, 3]
    assert list(trace(split, "witness/witness").y) == [1, 1, 0]


def test_outcomes_by_role_setup_are_shares_of_each_setup() -> None:
    fig = outcomes_by_role_setup(rows_fixture())
    assert [t.name for t in fig.data] == [
        "witness win",
        "assassin win",
        "tie",
        "witnesses lose",
        "escape",
    ]
    assert list(trace(fig, "tie").x) == ["witness/assassin (3 games)", "witness/witness (2 games)"]
    assert list(trace(fig, "witness win").y) == [1 / 3, 0.0]
    assert list(trace(fig, "witnesses lose").y) == [0.0, 0.5]
    assert list(trace(fig, "escape").y) == [0.0, 0.5]
    assert [list(c) for c in trace(fig, "tie").customdata] == [[1, 3], [0, 2]]


def test_who_died_first_by_role_setup() -> None:
    fig = who_died_first(rows_fixture())
    assert list(trace(fig, "witness died first").x) == ["witness/assassin", "witness/witness"]
    assert list(trace(fig, "witness died first").y) == [2, 1]
    assert list(trace(fig, "assassin died first").y) == [1, 0]
    assert list(trace(fig, "nobody died").y) == [0, 1]


def test_win_rate_by_option_has_wilson_error_bars() -> None:
    rows = [dict(r, variant="default rules", game="mantis_falls") for r in rows_fixture()]
    rows += [dict(r, variant="phone_range=grid", game="mantis_falls") for r in rows_fixture()[:2]]
    fig = win_rate_by_option(rows)
    assert [t.name for t in fig.data] == ["witness wins", "assassin wins", "tie"]
    wit = trace(fig, "witness wins")
    # The house rule in words and its topic, not the ruling's id (x labels people read).
    assert list(wit.x) == ["default rules", "Phone range:<br>grid<br>Topic 10"]
    # Witnesses won games 1 and 4 of the five default games, and game 1 of two.
    assert list(wit.y) == [2 / 5, 1 / 2]
    low, high = wilson_interval(2, 5)
    assert wit.error_y.array[0] == pytest.approx(high - 2 / 5)
    assert wit.error_y.arrayminus[0] == pytest.approx(2 / 5 - low)
    # The assassin and tie rates count only the three games that had an assassin.
    assert [list(c) for c in trace(fig, "assassin wins").customdata] == [[1, 3], [1, 2]]
    assert list(trace(fig, "tie").y) == [1 / 3, 0.0]
    with pytest.raises(ValueError, match="unknown series"):
        win_rate_by_option(rows, series=("draws",))


def test_charts_of_simulated_games_add_up() -> None:
    rows = simulate("mantis_falls", games=40, seed=6, processes=1, progress=False)
    regions = event_outcomes_by_region(rows)
    bars = [t for t in regions.data if t.type == "bar"]
    assert sum(sum(t.y) for t in bars) == sum(len(r["events"]) for r in rows)
    heat = last_gasp_by_situation(rows).data[0]
    gasps = sum(c[1] for line in heat.customdata for c in line)
    assert gasps == sum(1 for r in rows for g in r["last_gasps"] if g["survived"] is not None)
    assert sum(gasps_per_game(rows).data[0].y) == 40
    shares = outcomes_by_role_setup(rows)
    for i in range(len(shares.data[0].x)):
        assert sum(t.y[i] for t in shares.data) == pytest.approx(1.0)
    assert sum(sum(t.y) for t in who_died_first(rows).data) == 40


def test_summaries_by_variant_feed_the_outcome_bar() -> None:
    """A sweep over bot pairings, summed per pairing, drawn as grouped bars."""
    rows = sweep(
        "mantis_falls",
        {"random": {}, "heuristic": {"policies": ("heuristic", "heuristic")}},
        games=8,
        seed=3,
        processes=1,
        progress=False,
    )
    summaries = summaries_by(rows)
    assert list(summaries) == ["random", "heuristic"]
    assert summaries["heuristic"] == summarise([r for r in rows if r["variant"] == "heuristic"])
    assert list(summaries_by(rows, "policies")) == ["random,random", "heuristic,heuristic"]
    fig = outcome_bar(summaries)
    assert [t.name for t in fig.data] == ["random", "heuristic"]
    assert "random" in summary_table(summaries)


def test_wounds_dealt_per_event_type_counts_every_event_once() -> None:
    from tutor.games.mantis_falls.charts import event_wounds, event_wounds_figure

    rows = [
        {"events": [
            {"event": "Street Thug", "kind": "opposition", "outcome": "undefeated", "wounds": 2},
            {"event": "Cold Rain", "kind": "incident", "outcome": "incident", "wounds": 1},
        ]},
        {"events": [
            {"event": "Street Thug", "kind": "opposition", "outcome": "defeated", "wounds": 0},
            {"event": "Street Thug", "kind": "opposition", "outcome": "undefeated", "wounds": 2},
        ]},
    ]  # fmt: skip
    assert event_wounds(rows) == {"opposition": {2: 2, 0: 1}, "incident": {1: 1}}
    assert event_wounds(rows, by="event")["Street Thug"] == {2: 2, 0: 1}
    fig = event_wounds_figure(rows)
    by_name = {t.name: dict(zip(t.x, t.y, strict=True)) for t in fig.data}
    assert by_name["2 wounds"] == {"incident": 0, "opposition": 2}
    assert by_name["1 wound"] == {"incident": 1, "opposition": 0}
    assert by_name["0 wounds"] == {"incident": 0, "opposition": 1}
    with pytest.raises(ValueError, match="by must be"):
        event_wounds(rows, by="colour")
