"""What a user makes goes to a per-user folder, never into the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.core.userdata import UserDataError, user_data_dir, user_path

ROOT = Path(__file__).resolve().parents[2]


def test_the_folder_follows_rules_tutor_home(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("RULES_TUTOR_HOME", str(tmp_path / "mine"))
    assert user_data_dir() == tmp_path / "mine"
    path = user_path("scenarios", "seven_wounds.yaml")
    assert path == tmp_path / "mine" / "scenarios" / "seven_wounds.yaml"
    assert path.parent.is_dir()


def test_without_an_override_it_is_the_platforms_data_folder(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("RULES_TUTOR_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr("sys.platform", "linux")
    assert user_data_dir() == tmp_path / "xdg" / "rules-tutor"
    assert not str(user_data_dir()).startswith(str(ROOT))


def test_an_absolute_path_is_the_users_own_choice(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("RULES_TUTOR_HOME", str(tmp_path / "mine"))
    target = tmp_path / "elsewhere" / "s.json"
    assert user_path("sessions", target) == target


def test_a_relative_name_cannot_climb_out(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("RULES_TUTOR_HOME", str(tmp_path))
    with pytest.raises(ValueError, match="cannot climb out"):
        user_path("scenarios", "../../etc/x.yaml")
    with pytest.raises(ValueError, match="unknown kind"):
        user_path("notes", "x")


def test_a_folder_that_cannot_be_made_is_named(monkeypatch, tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RULES_TUTOR_HOME", str(blocker))
    with pytest.raises(UserDataError, match="cannot create the folder for your scenarios"):
        user_path("scenarios", "x.yaml")
