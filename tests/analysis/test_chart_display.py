"""Figures in a Voila page are HTML: Plotly's mime renderer breaks there (t.setData).

Voila marks its kernels with ``SERVER_SOFTWARE=voila/<version>``; there, figures must
reach the page as HTML drawn by Plotly's script, never as the Plotly mime type, and
nowhere else may the renderer change.
The browser test checks the console of the Voila analysis page itself.
"""

from __future__ import annotations

from collections.abc import Iterator

import plotly.io as pio
import pytest

from tutor.charts.display import VOILA_RENDERER, configure_for_voila, in_voila
from tutor.charts.outcomes import game_length_hist

PLOTLY_MIME = "application/vnd.plotly.v1+json"


@pytest.fixture
def renderer() -> Iterator[None]:
    before = pio.renderers.default
    try:
        yield
    finally:
        pio.renderers.default = before


def test_outside_voila_nothing_changes(monkeypatch: pytest.MonkeyPatch, renderer: None) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "TornadoServer/6.4")
    before = pio.renderers.default
    assert not in_voila()
    assert configure_for_voila() is False
    assert pio.renderers.default == before


def test_in_voila_figures_are_shown_as_html(
    monkeypatch: pytest.MonkeyPatch, renderer: None
) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    assert in_voila() and configure_for_voila() is True
    assert pio.renderers.default == VOILA_RENDERER
    fig = game_length_hist([{"end": "death", "turns": 4}, {"end": "escape", "turns": 9}])
    # The same path IPython takes to display a figure in a notebook cell.
    shown = fig._repr_mimebundle_({}, {})
    assert PLOTLY_MIME not in shown
    assert "Plotly.newPlot" in shown["text/html"]
