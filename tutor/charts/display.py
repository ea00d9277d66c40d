"""How figures reach the page in a Voila app: as HTML with Plotly's script, not the mime renderer.

Why this exists: a plain ``go.Figure`` shown in a notebook travels as an
``application/vnd.plotly.v1+json`` output and is drawn by Plotly's JupyterLab
mime-renderer extension.  After drawing, that extension saves a PNG snapshot of the
chart into the output by calling ``model.setData(...)``; JupyterLab's output models have
that method, but the output models of Voila 0.5's page do not, so every chart logged
``TypeError: t.setData is not a function`` in the browser console (ten times on the
analysis page, one per chart).  Showing charts as ``FigureWidget``\\ s instead is no
cure: each widget ships Plotly's 5 MB script on its own, and ten of them fail to start.

In a Voila kernel (Voila sets ``SERVER_SOFTWARE`` to ``voila/<version>`` in the
kernel's environment) figures are therefore shown with Plotly's ``notebook`` renderer:
Plotly's script is put in the page once (no network needed), and each figure is an HTML
``div`` drawn by it.  JupyterLab and nbval are left as they are.

Importing :mod:`tutor.charts.template` (which every chart module does) calls
:func:`configure_for_voila`; notebooks need no code of their own.
"""

from __future__ import annotations

import os

import plotly.io as pio

VOILA_RENDERER = "notebook"
"""Plotly's renderer used in Voila: HTML plus Plotly's script, included once per page."""


def in_voila() -> bool:
    """Whether this kernel runs a Voila page (Voila's ``SERVER_SOFTWARE`` variable)."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def configure_for_voila() -> bool:
    """In a Voila kernel, show figures with :data:`VOILA_RENDERER`; else do nothing.

    Returns:
        True when the renderer was switched.
    """
    if not in_voila():
        return False
    if pio.renderers.default != VOILA_RENDERER:
        pio.renderers.default = VOILA_RENDERER
    return True


__all__ = ["VOILA_RENDERER", "configure_for_voila", "in_voila"]
