"""The Mantis table as SVG (the spec's ``picture`` hook), drawn from one player's view.

The draw pile shows the back of its top card once it is shown (three colour stripes),
or a plain back; beside it the discard pile and the announcement.  Each player's row
shows their tank (face-up cards in their face colours, each with a thin band of its
back's colours), their score pile (face down, with its count; the cards themselves
only for the viewer's own pile), the turn marker, lives and the Power Token.
"""

from __future__ import annotations

from typing import Any

from tutor.games.mantis.engine.state import PHASES
from tutor.render.svg import document, group, phase_strip, rect, text

WIDTH = 860
ROW = 78
TOP = 150
CARD_W, CARD_H = 30, 44


def _card(x: float, y: float, card: int, deck: Any, small: bool = False) -> str:
    """A face-up card: its face colour, and its back's three colours in a band below."""
    w, h = (CARD_W * 0.7, CARD_H * 0.7) if small else (CARD_W, CARD_H)
    face = deck.face[card]
    back = deck.back_colours[deck.back[card]]
    body = [rect(x, y, w, h, rx=4, fill=deck.colour_hex[face], stroke="#333", stroke_width=1)]
    band = w / 3
    for i, c in enumerate(back):
        body.append(rect(x + i * band, y + h - 7, band, 7, fill=deck.colour_hex[c]))
    return group(body, tip=deck.card_text(card), class_="card")


def _back(x: float, y: float, colours: list[str] | None, deck: Any) -> str:
    """The top card of the draw pile: its back's three stripes, or a plain back."""
    w, h = CARD_W * 1.6, CARD_H * 1.6
    body = [rect(x, y, w, h, rx=6, fill="#1d1d24", stroke="#111", stroke_width=2)]
    if colours:
        stripe = (h - 16) / 3
        for i, name in enumerate(colours):
            hexcol = deck.colour_hex[deck.colour_names.index(name)]
            body.append(rect(x + 6, y + 8 + i * stripe, w - 12, stripe - 3, rx=3, fill=hexcol))
        tip = "top card's back: " + ", ".join(colours)
    else:
        body.append(text(x + w / 2, y + h / 2 + 6, "?", 20, fill="#888", text_anchor="middle"))
        tip = "the top card's back is not shown yet"
    return group(body, tip=tip, class_="top-card")


def picture(view: dict[str, Any], game: Any, phase: str | None = None) -> str:
    """The table as ``view``'s player sees it, as an SVG document.

    Args:
        view: ``state.view(player)``.
        game: the loaded Mantis game (its deck gives colours).
        phase: the phase to highlight (default: the view's own).
    """
    deck = game.deck
    players = view["players"]
    height = TOP + ROW * len(players) + 10
    body = [phase_strip(PHASES, phase or view["phase"])]
    # The middle: draw pile, discard pile, announcement.
    body.append(_back(14, 44, view["top_back"], deck))
    body.append(text(14, 140, f"draw pile: {view['draw_pile']}", 11))
    discard = view["discard"]
    body.append(text(110, 58, f"discard pile: {len(discard)}", 11))
    for i, c in enumerate(discard[-12:]):
        body.append(_card(110 + i * 16, 66, c, deck, small=True))
    turn = players[view["turn_player"]]["name"]
    words = f"Turn {view['turn']}: {turn}"
    if view.get("extra_turn"):
        words += " (extra turn)"
    if view["announced"] == "score":
        words += " announced Score"
    elif view["announced"] == "steal":
        words += f" announced a Steal from {players[view['target']]['name']}"
    elif view["phase"] == "announce":
        words += " must announce Score or Steal"
    outcome = view.get("outcome")
    if outcome:
        words = outcome["text"]
    body.append(text(110, 118, words, 13, font_weight="bold"))
    if view["viewer"] is not None:
        body.append(text(110, 136, f"as {players[view['viewer']]['name']} sees it", 10,
                         fill="#666"))  # fmt: skip
    # One row per player.
    for q, entry in enumerate(players):
        y = TOP + q * ROW
        mine = q == view["turn_player"] and not outcome
        body.append(rect(6, y - 4, WIDTH - 12, ROW - 6, rx=8,
                         fill="#fff8e1" if mine else "#f6f7f9",
                         stroke="#e0b000" if mine else "#d6d9de"))  # fmt: skip
        label = ("▶ " if mine else "") + entry["name"]
        if entry["out"]:
            label += " (out)"
        body.append(text(16, y + 18, label, 13, font_weight="bold"))
        notes = []
        if entry.get("lives") is not None:
            notes.append("♥" * int(entry["lives"]) or "no lives")
        if view.get("holder") == q:
            notes.append("★ Power Token")
        if notes:
            body.append(text(16, y + 36, "  ".join(notes), 11, fill="#a33"))
        tank = sorted(entry["tank"], key=lambda c: (deck.face[c], c))
        body.append(text(130, y + 10, f"tank ({len(tank)})", 10, fill="#555"))
        # A big tank overlaps its cards so the row always ends before the score pile.
        room = WIDTH - 190 - 130 - CARD_W
        step = min(CARD_W + 3.0, room / max(1, len(tank) - 1))
        for i, c in enumerate(tank):
            body.append(_card(130 + i * step, y + 14, c, deck))
        sx = WIDTH - 170
        count = entry["score_count"]
        stack = [rect(sx + 4 * k, y + 14 - 2 * k, CARD_W, CARD_H, rx=4, fill="#1d1d24",
                      stroke="#555") for k in range(min(3, max(1, count)))]  # fmt: skip
        body.append(group(stack, tip=f"score pile: {count} cards, face down", class_="score"))
        body.append(text(sx + 50, y + 32, f"scored {count}", 14, font_weight="bold"))
        if entry["score"] is not None and entry["score"]:
            names = sorted({deck.colour(c) for c in entry["score"]})
            body.append(text(sx + 50, y + 50, ", ".join(names)[:28], 9, fill="#555"))
    title = "Mantis table" + (f" as seen by {players[view['viewer']]['name']}"
                              if view["viewer"] is not None else "")  # fmt: skip
    return document(WIDTH, height, title, "".join(body), "mantis-table")


__all__ = ["picture"]
