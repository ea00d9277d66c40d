"""Manos card faces as HTML, rendered from the card data (the ``card_html``/``hands`` hooks)."""

from __future__ import annotations

from html import escape
from typing import Any

from tutor.games.manos.text import card_text

GROUP_COLORS = {
    "challenge": "#9d0208",
    "darkness": "#3c096c",
    "effort": "#1d3557",
    "help": "#2a9d8f",
    "search": "#6d597a",
    "police": "#14213d",
    "showdown": "#370617",
}
GROUP_NAMES = {
    "challenge": "Challenge",
    "darkness": "Primal Darkness",
    "effort": "Effort",
    "help": "Help",
    "search": "Search",
    "police": "Police Event",
    "showdown": "Lair Showdown",
}


def card_html(card: Any) -> str:
    """One card face: its kind, name and text rendered from its data.

    Raises:
        AttributeError: if ``card`` is not a Manos card record.
    """
    color = GROUP_COLORS.get(card.group, "#555")
    corner = ""
    if card.group == "challenge":
        corner = str(card.rating)
    elif card.group == "effort":
        corner = str(card.effort)
    elif card.group == "help":
        corner = "+1"
    return (
        f"<div class='manos-card' style='display:inline-block;width:150px;min-height:110px;"
        f"border:2px solid {color};border-radius:8px;margin:3px;padding:4px;font-size:11px;"
        f"vertical-align:top'><div style='color:{color};font-weight:bold'>"
        f"{escape(GROUP_NAMES.get(card.group, card.group))}"
        f"<span style='float:right'>{escape(corner)}</span></div>"
        f"<div style='font-weight:bold'>{escape(card.name)}</div>"
        f"<div>{escape(card_text(card))}</div></div>"
    )


def table_cards(view: dict[str, Any], game: Any) -> str:
    """The ``hands`` hook: the hands the view shows, as card faces (hidden ones counted).

    Args:
        view: ``state.view(player)``.
        game: the loaded Manos game (its card data gives the faces).
    """
    out = []
    for p, pl in enumerate(view["players"]):
        deck = game.cards.family if p == 0 else game.cards.manos
        by_name = {c.name: c for c in deck}
        out.append(f"<div><b>{escape(pl['name'])}</b>: ")
        if pl["hand"] is None:
            out.append(f"{pl['hand_size']} cards, hidden")
        else:
            out.append("".join(card_html(by_name[n]) for n in pl["hand"]) or "no cards")
        out.append("</div>")
    return "".join(out)


__all__ = ["card_html", "table_cards"]
