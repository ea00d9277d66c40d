"""Figures in a Voila page are widgets: Plotly's mime renderer breaks there (t.setData).

Voila marks its kernels with ``SERVER_SOFTWARE=voila/<version>``; there, figures must
reach the page as ``FigureWidget`` views, and nowhere else may the renderer change.
The browser test checks the console of the Voila analysis page itself.
"""

from __future__ import annotations

from collections.abc import Iterator

import plotly.io as pio
import pytest

from tutor.charts.display import WIDGET_RENDERER, configure_for_voila, in_voila
from tutor.charts.outcomes import game_length_hist

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
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


def test_in_voila_figures_are_shown_as_widgets(
    monkeypatch: pytest.MonkeyPatch, renderer: None
) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    assert in_voila() and configure_for_voila() is True
    assert pio.renderers.default == WIDGET_RENDERER
    fig = game_length_hist([{"end": "death", "turns": 4}, {"end": "escape", "turns": 9}])
    bundle = pio.renderers[WIDGET_RENDERER].to_mimebundle(fig.to_dict())
    assert WIDGET_VIEW in bundle and PLOTLY_MIME not in bundle
    assert bundle[WIDGET_VIEW]["model_id"]
    # The same path IPython takes to display a figure in a notebook cell.
    shown = fig._repr_mimebundle_({}, {})
    assert WIDGET_VIEW in shown and PLOTLY_MIME not in shown
