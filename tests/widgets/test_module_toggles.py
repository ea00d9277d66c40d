"""The module toggles panel: one checkbox per module the spec lets switch, a progress bar.

Why this file exists: the analysis notebook shows this panel; these tests tick its boxes
headlessly, play a few paired games and check what it shows.
"""

from __future__ import annotations

import pytest

from tutor.widgets.modules import ModuleToggles


def test_the_panel_offers_the_switchable_modules_and_plays_the_ticked_ones() -> None:
    panel = ModuleToggles("mantis_falls", games=2, seed=3, policies="heuristic")
    assert panel.players.value == 2
    assert list(panel.boxes) == ["full_circle", "under_the_rose"]
    panel.players.value = 3
    assert list(panel.boxes) == ["full_circle", "under_the_rose"]  # Triad comes with 3
    panel.boxes["full_circle"].value = False
    report = panel.run()
    assert report is not None and report["players"] == 3
    assert [r["label"] for r in report["rows"]] == ["baseline (triad)", "under_the_rose"]
    assert (panel.progress.value, panel.progress.max) == (4, 4)
    assert [t.name for t in panel.figure.data][:2] == ["baseline (triad)", "under_the_rose"]
    assert "4 games" in panel.message.value


def test_nothing_ticked_says_so_and_a_game_without_modules_is_refused() -> None:
    panel = ModuleToggles("mantis_falls", games=1)
    for box in panel.boxes.values():
        box.value = False
    assert panel.run() is None
    assert "Tick at least one module" in panel.message.value
    with pytest.raises(ValueError, match="has no module to switch"):
        ModuleToggles("mantis")
