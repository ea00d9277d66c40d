"""How figures reach the page in a Voila app: as live widgets, not through Plotly's mime renderer.

Why this exists: a plain ``go.Figure`` shown in a notebook travels as an
``application/vnd.plotly.v1+json`` output and is drawn by Plotly's JupyterLab
mime-renderer extension.  After drawing, that extension saves a PNG snapshot of the
chart into the output by calling ``model.setData(...)``; JupyterLab's output models have
that method, but the output models of Voila 0.5's page do not, so every chart logged
``TypeError: t.setData is not a function`` in the browser console (ten times on the
analysis page, one per chart).  In a Voila kernel (Voila sets ``SERVER_SOFTWARE`` to
``voila/<version>`` in the kernel's environment) charts are therefore shown as Plotly
``FigureWidget``\\ s, drawn by the widget manager the page already runs, which never calls
``setData``.  JupyterLab and nbval are left as they are (the mime output is what saved
notebooks keep).

Importing :mod:`tutor.charts.template` (which every chart module does) calls
:func:`configure_for_voila`; notebooks need no code of their own.
"""

from __future__ import annotations

import os
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.io.base_renderers import MimetypeRenderer

WIDGET_RENDERER = "tutor_widget"
"""The name under which :class:`WidgetRenderer` is registered with ``plotly.io``."""


def in_voila() -> bool:
    """Whether this kernel runs a Voila page (Voila's ``SERVER_SOFTWARE`` variable)."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


class WidgetRenderer(MimetypeRenderer):  # type: ignore[misc]
    """A Plotly renderer that shows each figure as a ``FigureWidget`` (an ipywidget)."""

    def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, Any]:
        """The widget-view output of a ``FigureWidget`` built from ``fig_dict``."""
        bundle: dict[str, Any] = go.FigureWidget(fig_dict)._repr_mimebundle_()
        return bundle


def use_widget_renderer() -> None:
    """Show every Plotly figure of this kernel as a ``FigureWidget`` from now on."""
    pio.renderers[WIDGET_RENDERER] = WidgetRenderer()
    pio.renderers.default = WIDGET_RENDERER


def configure_for_voila() -> bool:
    """In a Voila kernel, switch Plotly to :func:`use_widget_renderer`; else do nothing.

    Returns:
        True when the widget renderer was switched on.
    """
    if not in_voila():
        return False
    use_widget_renderer()
    return True


__all__ = [
    "WIDGET_RENDERER",
    "WidgetRenderer",
    "configure_for_voila",
    "in_voila",
    "use_widget_renderer",
]
