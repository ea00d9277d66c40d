"""A game's picture, phases, hands and card faces, asked from its spec (else generic).

Shared tools never draw a game themselves: they call these functions, which look up
the game's presentation hooks (:class:`tutor.core.spec.Hooks`: ``picture``,
``phases``, ``hands``, ``card_html``) and fall back to a readable dump of the view
when a game has none.  :func:`state_svg` and :func:`state_html` back
``State._repr_svg_`` / ``State._repr_html_``, so a state shows itself in a notebook.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from tutor.core.spec import GameSpec, spec_for
from tutor.render.html import phase_strip_html

GameLike = Any
"""A loaded :class:`~tutor.core.game.Game`, its :class:`GameSpec`, or its name."""


def spec_of(game: GameLike) -> GameSpec:
    """The spec of a game given as a loaded game, a spec or a name.

    Raises:
        UnknownGameError: if a name is not a registered game.
    """
    if isinstance(game, GameSpec):
        return game
    if isinstance(game, str):
        return spec_for(game)
    spec: GameSpec = game.spec
    return spec


def phases_of(game: GameLike) -> tuple[tuple[str, str], ...]:
    """The game's turn phases as ``(phase key, label)`` pairs (``()`` without a hook)."""
    phases = spec_of(game).hook("phases")
    return tuple((str(k), str(label)) for k, label in phases) if phases else ()


def view_html(view: dict[str, Any]) -> str:
    """The generic picture: every part of a view (but its trace) as readable text."""
    shown = {k: v for k, v in view.items() if k != "trace"}
    text = json.dumps(shown, indent=1, default=str)
    return f'<pre class="tutor-view" style="font-size:11px">{escape(text)}</pre>'


def picture_html(view: dict[str, Any], game: Any, phase: str | None = None) -> str:
    """The game's picture of a view (its ``picture`` hook), else :func:`view_html`.

    A game's picture shows the phase itself; the generic picture puts the game's
    phase strip (its ``phases`` hook, if any) above the dump, so every picture shows
    the phase once and the tools need no strip of their own.

    Args:
        view: ``state.view(player)``.
        game: the loaded game the view belongs to.
        phase: the phase to highlight (default: the view's own).

    Returns:
        An SVG or HTML string.
    """
    draw = spec_of(game).hook("picture")
    if draw is None:
        phases = phases_of(game)
        current = phase if phase is not None else str(view.get("phase", ""))
        return (phase_strip_html(phases, current) if phases else "") + view_html(view)
    picture: str = draw(view, game, phase)
    return picture


def hands_html(view: dict[str, Any], game: Any) -> str:
    """The cards a view shows as card faces (the game's ``hands`` hook), else ``""``."""
    draw = spec_of(game).hook("hands")
    if draw is None:
        return ""
    hands: str = draw(view, game)
    return hands


def card_html(game: GameLike, card: Any) -> str:
    """One card face (the game's ``card_html`` hook), else the card's text in a box.

    Raises:
        TypeError: if the game's hook does not know ``card``.
    """
    draw = spec_of(game).hook("card_html")
    if draw is None:
        return (
            '<div class="tutor-card" style="display:inline-block;margin:3px;padding:6px 8px;'
            f'border:1px solid #9aa0a6;border-radius:6px">{escape(str(card))}</div>'
        )
    face: str = draw(card)
    return face


def state_svg(state: Any, player: int | None = None) -> str | None:
    """A state's picture as SVG when the game's picture is SVG, else ``None``."""
    picture = picture_html(state.view(player), state.game)
    return picture if picture.lstrip().startswith("<svg") else None


def state_html(state: Any, player: int | None = None) -> str:
    """A state's picture as HTML (an SVG picture inline, or the generic dump)."""
    return picture_html(state.view(player), state.game)


__all__ = [
    "card_html",
    "hands_html",
    "phases_of",
    "picture_html",
    "spec_of",
    "state_html",
    "state_svg",
    "view_html",
]
