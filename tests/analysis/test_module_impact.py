"""Module impact: the same seeds with and without each module, compared (any game).

Why this file exists: the analysis notebook's module toggles (issue 15) rest on
:func:`tutor.analysis.modules.module_impact`.  These tests check, on a few Mantis Falls
games, that the configurations are the ones the spec allows, that the games are really
paired (a configuration's game ``i`` is the game ``simulate`` plays from that seed),
that the counts of changed winners are the counts of the rows, and that bad requests
are refused naming what is wrong.
"""

from __future__ import annotations

import pytest

from tutor.analysis.modules import (
    baseline_modules,
    module_impact,
    module_label,
    module_toggles,
    text_table,
)
from tutor.analysis.rulings import _result
from tutor.analysis.simulation import simulate
from tutor.charts.modules import module_impact_figure
from tutor.core.errors import OptionError

GAMES = 4


def test_the_spec_says_which_modules_can_be_toggled() -> None:
    assert module_toggles("mantis_falls") == {
        2: ("full_circle", "under_the_rose"),
        3: ("full_circle", "under_the_rose"),
    }
    assert baseline_modules("mantis_falls", 2) == ()
    assert baseline_modules("mantis_falls", 3) == ("triad",)
    assert module_label(("triad",), ("triad",)) == "baseline (triad)"
    assert module_label(("triad", "full_circle"), ("triad",)) == "full_circle"
    assert module_toggles("mantis") == {n: () for n in range(2, 7)}


def test_three_players_compare_each_module_alone_and_together_on_the_same_seeds() -> None:
    report = module_impact(
        "mantis_falls", players=3, games=GAMES, seed=5, policies="heuristic", progress=False
    )
    labels = [r["label"] for r in report["rows"]]
    assert labels == [
        "baseline (triad)",
        "full_circle",
        "under_the_rose",
        "full_circle + under_the_rose",
    ]
    assert [r["modules"] for r in report["rows"]][-1] == ["triad", "full_circle", "under_the_rose"]
    assert report["groups"] == ["role assassin", "role witness"]
    assert report["outcomes"] == ["escape"]
    # Paired: each configuration's games are simulate's games from the same seeds.
    rose = simulate(
        "mantis_falls",
        games=GAMES,
        seed=5,
        policies=["heuristic"] * 3,
        options={"players": 3, "modules": ["triad", "under_the_rose"]},
        processes=1,
        progress=False,
    )
    base = simulate(
        "mantis_falls",
        games=GAMES,
        seed=5,
        policies=["heuristic"] * 3,
        options={"players": 3, "modules": ["triad"]},
        processes=1,
        progress=False,
    )
    row = report["rows"][2]
    changed = sum(_result(a) != _result(b) for a, b in zip(base, rose, strict=True))
    assert row["differs"]["count"] == changed and row["differs"]["of"] == GAMES
    escapes = sum(r["end"] == "escape" for r in rose)
    assert row["outcome_rates"]["escape"]["count"] == escapes
    witness_games = sum("witness" in r["roles"] for r in rose)
    assert row["wins"]["role witness"]["of"] == witness_games
    assert report["rows"][0]["differs"] is None and report["rows"][0]["changes"] == {}
    assert set(row["changes"]) >= {"role witness", "seat 1", "seat 2", "seat 3"}
    table = text_table(report)
    assert "full_circle + under_the_rose" in table and f"{changed} of {GAMES}" in table


def test_the_chart_draws_every_configuration_and_the_changed_winners() -> None:
    ticks: list[tuple[int, int]] = []
    report = module_impact(
        "mantis_falls",
        modules=["under_the_rose"],
        games=3,
        progress=lambda done, total: ticks.append((done, total)),
    )
    assert ticks == [(k, 6) for k in range(1, 7)]  # two configurations, three games each
    fig = module_impact_figure(report)
    bars = {t.name: t for t in fig.data}
    assert list(bars) == ["no modules", "under_the_rose", "another winner"]
    shown = [k for k in [*report["groups"], "escape"] if k in report["rows"][0]["wins"]] + [
        "escape"
    ]
    assert list(bars["no modules"].x) == list(dict.fromkeys(shown))
    assert bars["no modules"].y[-1] == report["rows"][0]["outcome_rates"]["escape"]["rate"]
    assert list(bars["another winner"].x) == ["under_the_rose"]
    assert bars["another winner"].y[0] == report["rows"][1]["differs"]["rate"]


def test_bad_requests_name_what_is_wrong() -> None:
    with pytest.raises(OptionError, match=r"'triad' is not a module .* 2 players; these can: "):
        module_impact("mantis_falls", players=2, modules=["triad"], games=1, progress=False)
    with pytest.raises(OptionError, match=r"played by 2 to 3 players, not 5"):
        module_impact("mantis_falls", players=5, games=1, progress=False)
    with pytest.raises(ValueError, match="games must be at least 1"):
        module_impact("mantis_falls", games=0, progress=False)
