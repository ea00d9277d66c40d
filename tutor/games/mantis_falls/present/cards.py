"""Mantis Falls card faces as HTML, rendered from the card data; the cards of a view.

Every face is built from :mod:`tutor.games.mantis_falls.text`, which renders the
effect data, so a card never says something the engine does not do.  The suit
palette lives here too: the SVG picture colours its small cards with it.  All text
is HTML-escaped.  No widgets here: these are plain strings.
"""

from __future__ import annotations

from html import escape
from typing import Any

SUIT_COLORS = {
    "amber": "#e0a526",
    "granite": "#7c8087",
    "hunter": "#2e7d32",
    "lilac": "#9c7cc9",
    "royal": "#3949ab",
    "midnight": "#1c1c1c",
}
"""The colour of each action-card suit."""


def card_kind(card: Any) -> str:
    """``"action"``, ``"event"``, ``"ally"``, ``"road"`` or ``"character"``.

    Raises:
        TypeError: if ``card`` is not a Mantis Falls card.
    """
    from tutor.games.mantis_falls.cards import (
        ActionCard,
        AllyCard,
        Character,
        EventCard,
        RoadCard,
    )

    for cls, kind in (
        (ActionCard, "action"),
        (EventCard, "event"),
        (AllyCard, "ally"),
        (RoadCard, "road"),
        (Character, "character"),
    ):
        if isinstance(card, cls):
            return kind
    raise TypeError(f"not a Mantis Falls card: {card!r}")


def card_text(card: Any) -> str:
    """The full text of any Mantis Falls card, rendered from its data.

    Raises:
        TypeError: if ``card`` is not an action, event, ally, road or character card.
    """
    from tutor.games.mantis_falls import text

    kind = card_kind(card)
    if kind == "action":
        return text.action_card_text(card)
    if kind == "event":
        return text.event_card_text(card)
    if kind == "ally":
        return text.ally_card_text(card)
    if kind == "character":
        return text.character_card_text(card)
    return text.road_card_text(card)


def card_html(card: Any) -> str:
    """The ``card_html`` hook: a Mantis Falls card as a small HTML card face.

    The first line of the rendered text is the card's title; the rest are its effects.

    Raises:
        TypeError: if ``card`` is not an action, event, ally, road or character card.
    """
    kind = card_kind(card)
    lines = card_text(card).split("\n")
    color = {"event": "#8b4513", "ally": "#1b5e20", "road": "#3d5a98", "character": "#5d4037"}.get(
        kind, "#9aa0a6"
    )
    if kind == "action":
        color = SUIT_COLORS.get(card.suit, color)
    body = "".join(f'<div style="margin-top:3px">{escape(line)}</div>' for line in lines[1:])
    return (
        f'<div class="tutor-card" data-kind="{kind}" data-id="{escape(card.id)}" '
        f'style="display:inline-block;vertical-align:top;width:190px;margin:3px;padding:6px 8px;'
        f"border:2px solid {color};border-left-width:8px;border-radius:6px;background:#fff;"
        f'font-size:12px;line-height:1.3">'
        f'<div style="font-weight:bold">{escape(lines[0])}</div>{body}</div>'
    )


def hands(view: dict[str, Any], game: Any) -> str:
    """The ``hands`` hook: each player's hand in a view as card faces (hidden ones counted).

    Args:
        view: ``state.view(player)``.
        game: the loaded Mantis Falls game (its card data gives the faces).

    Returns:
        One ``<div>`` per player, in seat order.
    """
    by_name: dict[str, Any] = {}
    for card in game.cards.actions:
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


def table_cards(view: dict[str, Any], game: Any) -> str:
    """The ``hands`` hook: this turn's event, face up, then each player's hand, as faces.

    What each card does is printed on its face (rendered from the card data), so it
    can be read without hovering.  A face-down event shows as a line saying so.

    Args:
        view: ``state.view(player)``.
        game: the loaded Mantis Falls game (its card data gives the faces).

    Returns:
        HTML: the event (when there is one), then one ``<div>`` per player.
    """
    event = view.get("event")
    top = ""
    if event is not None:
        card = next((e for e in game.cards.events if e.name == event.get("name")), None)
        if card is None:
            top = "<div><b>Event this turn</b>: face down, hidden from these eyes</div>"
        else:
            top = f"<div><b>Event this turn</b><div>{card_html(card)}</div></div>"
    return top + hands(view, game)


__all__ = ["SUIT_COLORS", "card_html", "card_kind", "card_text", "hands", "table_cards"]
