"""Text, SVG and HTML renderings of game states and traces — plain strings, no widgets.

Widgets and notebooks ask :func:`renderer_for` how to draw a game; each game that has
a picture registers its drawing functions here, and unknown games fall back to a
readable text dump of the view, so the tutorial player works for any game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from tutor.render.html import card_html, phase_strip_html, trace_html
from tutor.render.svg import MANTIS_FALLS_PHASES, mantis_falls_svg


@dataclass(frozen=True)
class Renderer:
    """How to draw one game.

    Attributes:
        picture: ``(view, game, phase) -> str``: an SVG/HTML picture of a view.
        phases: the phase strip, ``(phase key, label)`` pairs in turn order.
        hands: ``(view, game) -> str``: the visible hands as HTML card faces.
    """

    picture: Callable[[dict[str, Any], Any, str | None], str]
    phases: tuple[tuple[str, str], ...]
    hands: Callable[[dict[str, Any], Any], str]


def _mf_picture(view: dict[str, Any], game: Any, phase: str | None) -> str:
    return mantis_falls_svg(view, getattr(game, "cards", None), phase)


def _mf_hands(view: dict[str, Any], game: Any) -> str:
    cards = getattr(game, "cards", None)
    if cards is None:
        return ""
    by_name: dict[str, Any] = {}
    for card in cards.actions:
        by_name.setdefault(card.name, card)
    rows = []
    for pl in view.get("players") or []:
        hand = pl.get("hand")
        if hand is None:
            rows.append(
                f"<div><b>{escape(str(pl['name']))}</b>: {int(pl.get('hand_count', 0))} "
                "cards, hidden from these eyes</div>"
            )
            continue
        faces = "".join(card_html(by_name[n]) for n in hand if n in by_name)
        rows.append(f"<div><b>{escape(str(pl['name']))}</b><div>{faces}</div></div>")
    return "".join(rows)


def _generic_picture(view: dict[str, Any], game: Any, phase: str | None) -> str:
    shown = {k: v for k, v in view.items() if k != "trace"}
    text = json.dumps(shown, indent=1, default=str)
    return f'<pre class="tutor-view" style="font-size:11px">{escape(text)}</pre>'


_RENDERERS: dict[str, Renderer] = {
    "mantis_falls": Renderer(_mf_picture, MANTIS_FALLS_PHASES, _mf_hands),
}
_GENERIC = Renderer(_generic_picture, (), lambda view, game: "")


def register_renderer(game_name: str, renderer: Renderer) -> None:
    """Register how a game is drawn (later games call this from their package)."""
    _RENDERERS[game_name] = renderer


def renderer_for(game_name: str) -> Renderer:
    """Return the renderer of a game (a text dump of the view for games without one)."""
    return _RENDERERS.get(game_name, _GENERIC)


__all__ = [
    "MANTIS_FALLS_PHASES",
    "Renderer",
    "card_html",
    "mantis_falls_svg",
    "phase_strip_html",
    "register_renderer",
    "renderer_for",
    "trace_html",
]
