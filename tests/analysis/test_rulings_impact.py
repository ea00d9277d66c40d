"""Which rulings matter? A host ranks a game's open questions by how often they decide it.

The tests play paired games (the same seed under each reading of a ruling), check the
counts against games played by hand with ``simulate``, replay the first divergent game
of each reading from its scenario, and refuse bad rulings, related ids and arguments
with messages that name them.
"""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tutor
from tutor.analysis.rulings import (
    DEFAULT_READING,
    readings,
    ruling_impact,
    text_table,
    where_they_part,
)
from tutor.analysis.simulation import paired_rate_change, replay_game, simulate
from tutor.charts.rulings import ruling_impact_figure
from tutor.cli import main
from tutor.core.errors import OptionError, RulesetError
from tutor.core.rules import RuleBook
from tutor.core.scenario import build_scenario, save_scenario

TOYS = Path(__file__).resolve().parents[1] / "toys"


@cache
def empty_gasp_report() -> dict[str, Any]:
    """30 paired Mantis Falls games with and without empty Last Gasp plays (run once)."""
    return ruling_impact(
        "mantis_falls",
        games=30,
        seed=1,
        rulings=["last_gasp_empty_play"],
        processes=1,
        progress=False,
    )


def ending(scenario: dict[str, object]) -> tuple[tuple[int, ...], bool]:
    """Replay a scenario to its end and say who won."""
    session = build_scenario(scenario)
    session.run_to_decision()
    outcome = session.state.outcome()
    assert outcome is not None, "the scenario did not replay to the end of its game"
    return tuple(outcome.winners), outcome.tie


def test_misere_nim_changes_who_wins_as_often_as_games_played_by_hand_say() -> None:
    report = ruling_impact(
        "toy_nim", games=40, seed=3, policies=("random", "random"), processes=1, progress=False
    )
    (row,) = report["rows"]
    assert row["reading"] == "last_stone=loses" and row["rank"] == 1
    normal = simulate(
        "toy_nim", 40, 3, ("random", "random"), processes=1, progress=False, replayable=True
    )
    misere = simulate(
        "toy_nim",
        40,
        3,
        ("random", "random"),
        processes=1,
        progress=False,
        replayable=True,
        options={"rulings": {"last_stone": "loses"}},
    )
    differ = [i for i in range(40) if normal[i]["winners"] != misere[i]["winners"]]
    assert row["differs"]["count"] == len(differ) > 0
    assert row["first_divergent"]["index"] == differ[0]
    seat = row["changes"]["seat 1"]
    wins = sum(0 in r["winners"] for r in normal), sum(0 in r["winners"] for r in misere)
    assert seat["base"] == wins[0] / 40 and seat["reading"] == wins[1] / 40
    assert seat["low"] <= seat["change"] <= seat["high"]
    assert "last_stone=loses" in text_table(report)


def test_the_first_divergent_game_replays_as_two_scenarios_that_end_differently() -> None:
    report = empty_gasp_report()
    (row,) = report["rows"]
    first = row["first_divergent"]
    assert first is not None, "30 games should show an empty Last Gasp play deciding one"
    default, reading = first["default"]["scenario"], first["reading"]["scenario"]
    assert default["options"] == {"rulings": {"last_gasp_empty_play": "allowed"}}
    assert reading["options"] == {"rulings": {"last_gasp_empty_play": "must_play_if_able"}}
    assert default["seed"] == reading["seed"] == first["seed"]
    assert ending(default) != ending(reading)
    # The scenario's game is the very game the run played.
    row_default, labels = replay_game("mantis_falls", 1, first["index"], options=default["options"])
    assert labels == default["play"] and row_default["seed"] == first["seed"]


def test_where_the_two_readings_part_is_the_first_trace_line_that_differs() -> None:
    report = empty_gasp_report()
    first = report["rows"][0]["first_divergent"]
    parted = where_they_part(first, lines=3)
    traces = []
    for which in ("default", "reading"):
        session = build_scenario(first[which]["scenario"])
        session.run_to_decision()
        traces.append([f"[{e.rule}] {e.text}" for e in session.state.trace])
    k = parted["entry"]
    assert traces[0][:k] == traces[1][:k] and parted["same"] == traces[0][k - 1]
    assert parted["default"] == traces[0][k : k + 3] != parted["reading"] == traces[1][k : k + 3]


def test_a_saved_divergent_scenario_loads_with_load_scenario(tmp_path: Path) -> None:
    report = ruling_impact(
        "toy_nim", games=10, seed=0, policies=("random", "random"), processes=1, progress=False
    )
    scenario = report["rows"][0]["first_divergent"]["reading"]["scenario"]
    path = tmp_path / "misere.yaml"
    save_scenario(scenario, path)
    session = tutor.load_scenario(path)
    session.run_to_decision()
    assert session.state.is_terminal()
    assert session.game.options["rulings"] == {"last_stone": "loses"}


def test_the_same_seed_gives_the_same_report() -> None:
    def run() -> dict[str, object]:
        report = ruling_impact(
            "mantis_falls", games=6, seed=9, rulings=["phone_range"], processes=1, progress=False
        )
        report.pop("seconds")
        return report

    assert run() == run()


def test_two_worker_processes_give_the_same_report_as_one() -> None:
    def run(processes: int) -> dict[str, object]:
        report = ruling_impact("toy_nim", games=24, seed=4, processes=processes, progress=False)
        report.pop("seconds")
        return report

    assert run(2) == run(1)


def test_readings_list_single_rulings_then_related_pairs_of_mantis_falls() -> None:
    plays, not_played = readings("mantis_falls")
    labels = [r.label for r in plays]
    assert labels[0] == DEFAULT_READING
    assert "last_gasp_empty_play=must_play_if_able + last_gasp_anytime=suspended" in labels
    assert "expend_movement=up_to_two + broken_road_bounce=is_a_landing" in labels
    pairs = [r for r in plays if r.kind == "pair"]
    assert all(len(r.rulings) == 2 for r in pairs)
    assert {
        "pair": ["road_grid", "phone_range"],
        "why": "road_grid is a recorded answer: the engine plays only its default",
    } in (not_played)
    only, _ = readings("mantis_falls", ["last_gasp_anytime", "last_gasp_empty_play"])
    assert [r.kind for r in only] == ["default", "ruling", "ruling", "pair"]


def test_the_mantis_falls_rulings_name_their_related_rulings() -> None:
    book = tutor.load_game("mantis_falls").rulebook
    assert "last_gasp_anytime" in book.rulings["last_gasp_empty_play"].related
    assert ("last_gasp_empty_play", "last_gasp_anytime") in book.related_pairs()
    assert len(book.related_pairs()) == len(set(book.related_pairs()))


@pytest.mark.parametrize(
    ("related", "found"), [("[nowhere]", "nowhere"), ("[last_stone]", "last_stone")]
)
def test_a_related_id_that_is_no_other_ruling_is_refused(
    tmp_path: Path, related: str, found: str
) -> None:
    folder = tmp_path / "toy_nim"
    shutil.copytree(TOYS / "toy_nim", folder)
    rulings = folder / "rulings.yaml"
    text = rulings.read_text(encoding="utf-8")
    rulings.write_text(
        text.replace("    source: project", f"    related: {related}\n    source: project")
    )
    with pytest.raises(RulesetError) as caught:
        RuleBook("toy_nim", folder=folder)
    assert caught.value.where == "rulings[0].related[0]" and found in caught.value.found
    assert str(rulings) in str(caught.value)


def test_bad_rulings_and_arguments_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="'nope' is not a switchable ruling of mantis_falls"):
        ruling_impact("mantis_falls", games=2, rulings=["nope"], processes=1, progress=False)
    with pytest.raises(OptionError, match="heal_floor"):
        readings("mantis_falls", ["heal_floor"])
    with pytest.raises(ValueError, match="games must be at least 1"):
        ruling_impact("toy_nim", games=0, progress=False)


def test_a_game_without_switchable_rulings_gets_an_empty_table() -> None:
    report = ruling_impact("toy_high_hand", games=3, processes=1, progress=False)
    assert report["rows"] == [] and report["never"] == []
    assert "nothing to compare" in text_table(report)
    assert len(ruling_impact_figure(report).data) == 0


def test_the_chart_ranks_the_readings_top_down() -> None:
    report = ruling_impact(
        "mantis_falls",
        games=10,
        seed=1,
        rulings=["last_gasp_empty_play", "last_gasp_anytime"],
        processes=1,
        progress=False,
    )
    figure = ruling_impact_figure(report)
    assert [t.name for t in figure.data] == [
        "one ruling switched",
        "a related pair switched together",
    ]
    assert list(figure.layout.yaxis.categoryarray) == [e["reading"] for e in report["rows"]]
    bars = {y: x for t in figure.data for y, x in zip(t.y, t.x, strict=True)}
    assert bars == {e["reading"]: e["differs"]["rate"] for e in report["rows"]}


@given(st.lists(st.integers(0, 60), min_size=4, max_size=4))
def test_a_paired_change_lies_inside_its_interval(cells: list[int]) -> None:
    both, new_only, old_only, neither = cells
    got = paired_rate_change(both, new_only, old_only, neither)
    n = sum(cells)
    assert -1.0 <= got["low"] <= got["change"] <= got["high"] <= 1.0
    if n:
        assert got["change"] == pytest.approx((new_only - old_only) / n)


def test_paired_change_refuses_negative_counts() -> None:
    with pytest.raises(ValueError, match="zero or more"):
        paired_rate_change(1, -1, 0, 0)


def test_tutor_rulings_prints_the_table_json_and_saves_scenarios(
    capsys: pytest.CaptureFixture[str], user_folder: Path
) -> None:
    assert (
        main(["rulings", "toy_nim", "--games", "12", "--bots", "random,random", "--processes", "1"])
        == 0
    )
    out = capsys.readouterr().out
    assert "Toy Nim: 12 paired games per reading, bots random, random, seed 0" in out
    assert "last_stone=loses" in out
    assert (
        main(
            [
                "rulings",
                "toy_nim",
                "--games",
                "12",
                "--bots",
                "random,random",
                "--processes",
                "1",
                "--json",
                "--save-scenarios",
                "nim-rulings",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["rows"][0]["reading"] == "last_stone=loses"
    saved = [Path(p) for p in report["saved"]]
    assert len(saved) == 2 and all(
        p.parent == user_folder / "scenarios" / "nim-rulings" for p in saved
    )
    assert all(tutor.load_scenario(p).game.name == "toy_nim" for p in saved)


def test_a_scenario_folder_that_cannot_be_made_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should go", encoding="utf-8")
    argv = ["rulings", "toy_nim", "--games", "12", "--processes", "1"]
    assert main([*argv, "--save-scenarios", str(blocker / "rulings")]) == 2
    err = capsys.readouterr().err
    assert str(blocker / "rulings") in err and "cannot make the folder" in err
    assert blocker.read_text(encoding="utf-8") == "a file where the folder should go"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rulings", "toy_nim", "--games", "0"], "--games must be at least 1"),
        (["rulings", "toy_nim", "--rulings", "nope"], "'nope' is not a switchable ruling"),
        (["rulings", "toy_nim", "--bots", "perfect,nobody"], "unknown bot 'nobody'"),
        (["rulings", "no_such_game"], "unknown game 'no_such_game'"),
    ],
)
def test_tutor_rulings_refuses_bad_arguments_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
