"""Text, SVG and HTML renderings of game states and traces — plain strings, no widgets.

Everything here is generic: trace lists and rule citations (:mod:`.html`, :mod:`.text`),
SVG primitives (:mod:`.svg`), the what-if comparison table (:mod:`.compare`).  How a
game looks is the game's own (its ``present/`` package, named by its spec's hooks);
:func:`renderer_for` and :mod:`.picture` ask the spec, and a game without a picture
gets a readable dump of its view, so the tutorial player works for any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.render.html import phase_strip_html, trace_html
from tutor.render.picture import (
    GameLike,
    card_html,
    hands_html,
    phases_of,
    picture_html,
    spec_of,
)


@dataclass(frozen=True)
class Renderer:
    """How to draw one game (its spec's hooks, or the generic forms).

    Attributes:
        picture: ``(view, game, phase) -> str``: an SVG/HTML picture of a view.
        phases: the phase strip, ``(phase key, label)`` pairs in turn order.
        hands: ``(view, game) -> str``: the visible hands as HTML card faces.
    """

    picture: Callable[[dict[str, Any], Any, str | None], str]
    phases: tuple[tuple[str, str], ...]
    hands: Callable[[dict[str, Any], Any], str]


def renderer_for(game: GameLike) -> Renderer:
    """Return how a game (a loaded game, its spec or its name) is drawn.

    Raises:
        UnknownGameError: if a name is not a registered game.
    """
    spec = spec_of(game)
    return Renderer(picture_html, phases_of(spec), hands_html)


__all__ = [
    "Renderer",
    "card_html",
    "hands_html",
    "phase_strip_html",
    "picture_html",
    "renderer_for",
    "trace_html",
]
