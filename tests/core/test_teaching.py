"""Tests of teaching scenarios: the named positions notebooks load without file paths.

Why this file exists: notebooks call ``tutor.load_teaching_scenario(game, name)`` and
the workshop landing page lists ``tutor.teaching_scenarios(game)``; a renamed or broken
file must fail here with a message naming it, not in the middle of a workshop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tutor
from tutor.core.errors import SessionFileError, UnknownGameError
from tutor.core.teaching import scenarios_dir

MF = "mantis_falls"


def test_lists_the_games_scenario_files_sorted_with_title_and_description() -> None:
    scenarios = tutor.teaching_scenarios(MF)
    names = [s.name for s in scenarios]
    assert names == sorted(names)
    assert names == sorted(p.stem for p in scenarios_dir(MF).glob("*.yaml"))
    heal = next(s for s in scenarios if s.name == "heal_now_or_in_the_gasp")
    assert heal.title == "Heal now, or heal in the Last Gasp?"
    assert heal.path == scenarios_dir(MF) / "heal_now_or_in_the_gasp.yaml"
    assert heal.game == MF
    # The folded YAML description comes back as one line of text.
    assert heal.description.startswith("One wound from maximum") and "\n" not in heal.description


def test_loading_by_name_gives_the_same_position_as_loading_the_file() -> None:
    by_name = tutor.load_teaching_scenario(MF, "gasp_play")
    by_path = tutor.load_scenario(scenarios_dir(MF) / "gasp_play.yaml")
    assert by_name.state.to_dict() == by_path.state.to_dict()
    assert [str(e) for e in by_name.state.trace] == [str(e) for e in by_path.state.trace]


def test_an_unknown_name_is_refused_with_the_names_that_exist() -> None:
    with pytest.raises(SessionFileError) as err:
        tutor.load_teaching_scenario(MF, "gasp_plays")
    assert err.value.file.endswith("gasp_plays.yaml")
    assert "no teaching scenario named 'gasp_plays'" in err.value.problem
    assert "gasp_play," in err.value.problem  # the near miss is listed


def test_an_unknown_game_is_refused_with_the_registered_games() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'mantis_fall'; registered games: "):
        tutor.teaching_scenarios("mantis_fall")


def test_a_game_without_a_scenarios_folder_has_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_RULESETS", str(tmp_path))
    assert tutor.teaching_scenarios(MF) == []
    with pytest.raises(SessionFileError, match="mantis_falls has: none"):
        tutor.load_teaching_scenario(MF, "gasp_play")


def test_a_file_for_another_game_is_reported_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / MF / "scenarios"
    folder.mkdir(parents=True)
    (folder / "stray.yaml").write_text("game: creepy_falls\nseed: 1\n", encoding="utf-8")
    monkeypatch.setenv("TUTOR_RULESETS", str(tmp_path))
    with pytest.raises(SessionFileError) as err:
        tutor.teaching_scenarios(MF)
    assert err.value.file == str(folder / "stray.yaml")
    assert "a scenario for 'creepy_falls', not 'mantis_falls'" in err.value.problem


def test_a_broken_file_is_reported_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / MF / "scenarios"
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text("game: mantis_falls\nplay: [oops\n", encoding="utf-8")
    monkeypatch.setenv("TUTOR_RULESETS", str(tmp_path))
    with pytest.raises(
        SessionFileError, match="broken.yaml: at line 3, column 1: expected valid YAML"
    ):
        tutor.teaching_scenarios(MF)
