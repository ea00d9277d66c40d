"""Files the docs name from the top of the checkout load from any folder (a notebook's too).

A notebook runs in ``notebooks/<game>/``; the docs' examples say
``load_scenario("tests/scenarios/...")``.  Those must work there, and a path that exists
nowhere must still be reported as the user typed it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tutor
from tutor.core.data import project_path
from tutor.core.errors import SessionFileError

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = "tests/scenarios/mantis_falls/last_gasp_medicine.yaml"


def test_a_docs_path_loads_from_a_notebook_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO / "notebooks" / "mantis_falls")
    assert not Path(EXAMPLE).exists()
    assert project_path(EXAMPLE) == REPO / EXAMPLE
    from_notebook = tutor.load_scenario(EXAMPLE)
    monkeypatch.chdir(REPO)
    from_top = tutor.load_scenario(EXAMPLE)
    assert from_notebook.state.to_dict() == from_top.state.to_dict()


def test_paths_found_as_given_or_nowhere_are_left_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tests").mkdir()
    own = tmp_path / EXAMPLE
    own.parent.mkdir(parents=True)
    own.write_text("game: mantis_falls\n", encoding="utf-8")
    assert project_path(EXAMPLE) == Path(EXAMPLE)  # the user's own file wins
    assert project_path("no/such/file.yaml") == Path("no/such/file.yaml")
    with pytest.raises(SessionFileError) as err:
        tutor.load_scenario("no/such/file.yaml")
    assert err.value.file == "no/such/file.yaml"
