"""An SVG picture of a Manos position, drawn from ``state.view(player)`` only.

The five Locations on their grid squares (the ruling's pattern) with the characters
present, their corruption tokens, each Search Deck as a face-down stack with its size,
the Escape card by the Lair; beside them the Escape cards collected and the escalation,
the Police track, the challenge under way, and both hands (card backs for the hand the
viewer may not see).  Hover text on cards is rendered from the card data.
"""

from __future__ import annotations

from typing import Any

from tutor.games.manos.text import card_text
from tutor.render.svg import circle, document, group, phase_strip, rect, text

PHASES: tuple[tuple[str, str], ...] = (
    ("family_turn", "The Family turn"),
    ("manos_turn", "The Manos turn"),
    ("showdown", "Lair Showdown"),
    ("game_over", "Game over"),
)
"""The phases shown in the phase strip: (``view['phase']`` key, label)."""

CHAR_COLORS = ("#2a9d8f", "#e9c46a", "#f4a261")
CELL_W, CELL_H, GAP = 190, 120, 14
GRID_X, GRID_Y = 12, 50
WIDTH = 1000


def _tips(game: Any) -> dict[str, str]:
    if game is None:
        return {}
    cards = game.cards
    out = {}
    for deck in (cards.manos, cards.family, cards.search, cards.police, cards.showdown):
        for c in deck:
            out[c.name] = card_text(c)
    return out


def _location(view: dict[str, Any], i: int, x: float, y: float, game: Any) -> list[str]:
    loc = view["locations"][i]
    lair = loc["search_deck"] is None
    body = [
        rect(
            x,
            y,
            CELL_W,
            CELL_H,
            rx=10,
            fill="#3b1f2b" if lair else "#f3ead8",
            stroke="#5c3d2e",
            stroke_width=2,
            class_="location",
        ),
        text(
            x + 10, y + 20, loc["name"], 14, font_weight="bold", fill="#fff" if lair else "#3b2a1a"
        ),
    ]
    if loc["stat"]:
        body.append(text(x + 10, y + 36, f"Search: {loc['stat']} 3", 11, fill="#6b4f3a"))
    if not lair:
        n = loc["search_deck"]
        for k in range(min(n, 3)):
            body.append(
                rect(
                    x + CELL_W - 52 + 3 * k,
                    y + 10 + 3 * k,
                    36,
                    50,
                    rx=4,
                    fill="#6d597a",
                    stroke="#2b2d42",
                )
            )
        body.append(
            text(
                x + CELL_W - 34,
                y + 78,
                f"{n} left" if n else "depleted",
                10,
                text_anchor="middle",
                class_="search-deck",
            )
        )
        if loc["searched_this_turn"]:
            body.append(text(x + 10, y + 52, "searched this turn", 10, fill="#a0522d"))
    elif view["lair_escape"]:
        body.append(
            group(
                [
                    rect(x + CELL_W - 56, y + 10, 42, 58, rx=4, fill="#fff3b0", stroke="#b08900"),
                    text(x + CELL_W - 35, y + 44, "Escape", 10, text_anchor="middle"),
                ],
                tip="The last Escape card, taken by a Search in the Lair.",
            )
        )
    # Characters present.
    present = [c for c in view["characters"] if c["location"] == loc["name"] and not c["captured"]]
    for k, ch in enumerate(present):
        cx, cy = x + 28 + k * 46, y + CELL_H - 30
        idx = [c["name"] for c in view["characters"]].index(ch["name"])
        stats = ", ".join(f"{s} {v}" for s, v in ch["stats"].items())
        parts = [
            circle(cx, cy, 17, fill=CHAR_COLORS[idx], stroke="#222"),
            text(cx, cy + 5, ch["name"][:2], 13, text_anchor="middle", font_weight="bold"),
        ]
        for t in range(ch["corruption"]):
            parts.append(circle(cx + 14, cy - 14 + 9 * t, 5, fill="#8b0000", stroke="#fff"))
        body.append(
            group(
                parts,
                tip=f"{ch['name']}: {stats}; {ch['corruption']} corruption",
                class_="character",
            )
        )
    return body


def manos_svg(view: dict[str, Any], game: Any = None, phase: str | None = None) -> str:
    """The whole picture of a view as a standalone SVG document.

    Raises:
        KeyError: if the view lacks ``locations`` or ``characters``.
    """
    tips = _tips(game)
    layout = "cross" if game is None else game.rulings["location_pattern"]
    body = [phase_strip(PHASES, phase or view.get("phase", ""))]
    squares = (
        [loc.squares[layout] for loc in game.cards.locations]
        if game is not None
        else [(2, 1), (1, 1), (0, 1), (1, 0), (1, 2)]
    )
    for i, (gx, gy) in enumerate(squares):
        body += _location(view, i, GRID_X + gx * (CELL_W + GAP), GRID_Y + gy * (CELL_H + GAP), game)
    px = GRID_X + 3 * (CELL_W + GAP) + 8
    y = GRID_Y
    body.append(
        text(px, y + 12, f"Round {view['round']} · {view['turn']} to play", 13, font_weight="bold")
    )
    y += 30
    body.append(text(px, y, f"Escape cards: {view['escapes']} of 4", 12, class_="escapes"))
    for k in range(4):
        got = k < view["escapes"]
        body.append(
            rect(
                px + k * 30,
                y + 8,
                24,
                32,
                rx=3,
                fill="#fff3b0" if got else "#eee",
                stroke="#b08900" if got else "#bbb",
            )
        )
    y += 56
    body.append(text(px, y, f"Escalation: +{view['escalation']} to every rating", 11))
    y += 22
    captured = [c["name"] for c in view["characters"] if c["captured"]]
    body.append(
        text(
            px,
            y,
            "Captured: " + (", ".join(captured) or "nobody"),
            11,
            fill="#8b0000" if captured else "#444",
        )
    )
    y += 22
    police = view.get("police")
    if police:
        body.append(text(px, y, f"Police proximity: {police['proximity']} of 3", 11))
        for k in range(3):
            body.append(
                circle(
                    px + 150 + k * 16,
                    y - 4,
                    6,
                    fill="#1d3557" if k < police["proximity"] else "#ddd",
                )
            )
        y += 22
    showdown = view.get("showdown")
    if showdown:
        status = "under way" if showdown["under_way"] else f"{showdown['deck_size']} cards"
        body.append(text(px, y, f"Lair Showdown Deck: {status}", 11))
        y += 22
    ch = view.get("challenge")
    if ch:
        line = f"Challenge: {ch['card']} on {ch['target']}, {ch['stat']} rating {ch['rating']}"
        body.append(
            group(
                [
                    rect(px - 4, y - 14, 360, 44, rx=6, fill="#fde2e4", stroke="#c9184a"),
                    text(px, y + 2, line, 11, font_weight="bold"),
                ],
                tip=tips.get(ch["card"]),
                class_="challenge",
            )
        )
        effort = "none yet" if ch["effort"] is None else f"total {ch['effort']}"
        efforts = ", ".join(ch["efforts"]) or "no Effort card"
        body.append(text(px, y + 20, f"{efforts}; {ch['boosts']} boost(s); {effort}", 10))
        y += 52
    for played in view.get("played", []):
        body.append(
            group(
                [text(px, y, f"{played['by']} plays {played['card']}", 11, fill="#6a040f")],
                tip=tips.get(played["card"]),
            )
        )
        y += 18
    # Hands.
    y = max(y, GRID_Y + 3 * (CELL_H + GAP)) + 10
    for p, pl in enumerate(view["players"]):
        body.append(
            text(
                12,
                y,
                f"{pl['name']}: {pl['hand_size']} cards in hand, deck "
                f"{pl['deck_size']}, discard {len(pl['discard'])}",
                12,
                font_weight="bold",
            )
        )
        y += 10
        hand = pl["hand"]
        for k in range(pl["hand_size"]):
            x = 12 + k * 88
            if hand is None:
                body.append(
                    rect(
                        x,
                        y,
                        80,
                        40,
                        rx=4,
                        fill="#6d597a" if p else "#457b9d",
                        stroke="#222",
                        class_="card-back",
                    )
                )
            else:
                name = hand[k]
                body.append(
                    group(
                        [
                            rect(x, y, 80, 40, rx=4, fill="#fff", stroke="#555"),
                            text(x + 4, y + 16, name[:14], 9),
                            text(x + 4, y + 30, name[14:28], 9),
                        ],
                        tip=tips.get(name),
                        class_="card",
                    )
                )
        y += 54
    label = f"Manos: The Cards of Fate, round {view['round']}, seen through " + (
        "the tutor's eyes"
        if view.get("viewer") is None
        else f"{view['players'][view['viewer']]['name']}'s eyes"
    )
    return document(WIDTH, int(y + 4), label, "".join(body), "manos")


def picture(view: dict[str, Any], game: Any, phase: str | None = None) -> str:
    """The ``picture`` hook: :func:`manos_svg` with the game's card data as hover text.

    Raises:
        KeyError: if the view lacks ``locations`` or ``characters``.
    """
    return manos_svg(view, game, phase)


__all__ = ["PHASES", "manos_svg", "picture"]
