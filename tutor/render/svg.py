"""SVG primitives shared by every game's picture: shapes, text, groups, a phase strip.

A game's own picture (``tutor/games/<game>/present/``) builds its board from these
small functions, so every picture escapes its text the same way (``escape`` for
element text, ``quoteattr`` for attributes) and writes attributes the same way
(``font_size=10`` becomes ``font-size="10"``, ``class_`` becomes ``class``).  Nothing
here knows a game: the phases of the strip are passed in from the game's spec.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

SVG_NS = "http://www.w3.org/2000/svg"
"""The SVG namespace every picture declares."""


def attrs(**kw: Any) -> str:
    """Write keyword arguments as XML attributes (``None`` values are left out).

    A trailing ``_`` is dropped (``class_`` for ``class``) and other underscores become
    hyphens (``font_size`` for ``font-size``); values are quoted and escaped.
    """
    parts = []
    for key, value in kw.items():
        if value is None:
            continue
        parts.append(f"{key.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return " ".join(parts)


def text(x: float, y: float, s: str, size: float = 10, **kw: Any) -> str:
    """A ``<text>`` element at ``(x, y)`` (dark sans-serif unless told otherwise)."""
    kw.setdefault("fill", "#222")
    kw.setdefault("font_family", "sans-serif")
    return f"<text {attrs(x=x, y=y, font_size=size, **kw)}>{escape(str(s))}</text>"


def rect(x: float, y: float, w: float, h: float, **kw: Any) -> str:
    """A ``<rect>`` element."""
    return f"<rect {attrs(x=x, y=y, width=w, height=h, **kw)}/>"


def circle(cx: float, cy: float, r: float, **kw: Any) -> str:
    """A ``<circle>`` element."""
    return f"<circle {attrs(cx=cx, cy=cy, r=r, **kw)}/>"


def title(s: str | None) -> str:
    """A ``<title>`` element (the hover text of its parent), or ``""`` for no text."""
    return f"<title>{escape(s)}</title>" if s else ""


def group(body: list[str], tip: str | None = None, **kw: Any) -> str:
    """A ``<g>`` element around ``body`` with an optional hover text ``tip``."""
    return f"<g {attrs(**kw)}>{title(tip)}{''.join(body)}</g>"


def wrap(s: str, width: int, most: int) -> list[str]:
    """Wrap ``s`` into at most ``most`` lines of ``width`` characters (``…`` if cut)."""
    lines = textwrap.wrap(s, width) or [""]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][: max(1, width - 1)] + "…"
    return lines


def phase_strip(phases: Iterable[tuple[str, str]], current: str, x: float = 10.0) -> str:
    """A row of rounded phase labels with ``current`` highlighted (SVG elements).

    Args:
        phases: ``(phase key, label)`` pairs in turn order (the game's ``phases`` hook).
        current: the phase key to highlight.
        x: where the first label starts.

    Returns:
        One ``<g class="phase">`` per phase (``class="phase current"`` for the current
        one, with its key in ``data-phase``), concatenated.
    """
    out = []
    for key, label in phases:
        w = 14 + 6.4 * len(label)
        on = key == current
        out.append(
            group(
                [
                    rect(
                        x,
                        10,
                        w,
                        24,
                        rx=12,
                        fill="#ffd166" if on else "#eef0f3",
                        stroke="#b08900" if on else "#c9ced6",
                        stroke_width=2 if on else 1,
                    ),
                    text(
                        x + w / 2,
                        26,
                        label,
                        11,
                        text_anchor="middle",
                        font_weight="bold" if on else None,
                        fill="#222" if on else "#667",
                    ),
                ],
                class_="phase current" if on else "phase",
                data_phase=key,
            )
        )
        x += w + 6
    return "".join(out)


def document(width: float, height: float, label: str, body: str, css_class: str = "") -> str:
    """A standalone ``<svg>`` document of ``width`` x ``height`` on a white background.

    Args:
        width: the picture's width in pixels.
        height: its height.
        label: the accessible name (``<title>``) of the whole picture.
        body: the elements inside.
        css_class: the ``class`` of the ``<svg>`` element (a game names itself here).

    Returns:
        Well-formed SVG 1.1 that scales down to its container's width.
    """
    head = attrs(
        xmlns=SVG_NS,
        width=width,
        height=height,
        viewBox=f"0 0 {width} {height}",
        class_=css_class or None,
        role="img",
    )
    return (
        f"<svg {head} style='max-width:100%;height:auto'><title>{escape(label)}</title>"
        f"{rect(0, 0, width, height, fill='#ffffff')}{body}</svg>"
    )


__all__ = [
    "SVG_NS",
    "attrs",
    "circle",
    "document",
    "group",
    "phase_strip",
    "rect",
    "text",
    "title",
    "wrap",
]
