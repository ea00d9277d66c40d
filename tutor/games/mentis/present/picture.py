"""The Mentis board as SVG: stacks with their heights, the Hills, deploy squares, overlays.

``picture(view, game, phase)`` is the spec's ``picture`` hook (notebooks, the tutorial
player): it draws a view, what one player sees and remembers, or the whole truth.  Each
stack is a coloured tile (blue or red) showing its top tile and, for a stack, its height
and its tiles bottom first as the viewer knows them (``?`` for a tile they do not).  The
deploy squares of the player to move are outlined.  :func:`board_svg` takes overlays
too: squares to highlight (a chosen tile's moves), capture lines, blocked lines with
their blocker, and a threat map (how many enemy attacks reach each square).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.render.svg import circle, document, group, phase_strip, rect, text

PHASES: tuple[tuple[str, str], ...] = (
    ("turn", "Deploy, move or capture"),
    ("deploying", "Deploying"),
    ("draw_offer", "Draw offer"),
    ("over", "Game over"),
)
"""The phases shown in the phase strip: (``view['phase']``, label)."""

CELL = 60
LEFT, TOP = 34, 52
BOARD = 7 * CELL
COLOURS = {"Blue": ("#2f6fd6", "#dce8fb"), "Red": ("#cf3e3e", "#fbdede")}
LETTERS = {"King": "K", "Spear": "S", "Trenchman": "T", "Noble": "N", "Wolf": "W"}
HILLS = {"Blue": ("c1", "d1", "e1"), "Red": ("c7", "d7", "e7")}
DEPLOY = {"Blue": ("b1", "f1", "c2", "d2", "e2"), "Red": ("b7", "f7", "c6", "d6", "e6")}


def centre(square: str) -> tuple[float, float]:
    """The pixel centre of a square such as ``"d2"`` (Red's home row on top)."""
    col = "abcdefg".index(square[0])
    row = int(square[1]) - 1
    return LEFT + col * CELL + CELL / 2, TOP + (6 - row) * CELL + CELL / 2


def _grid() -> list[str]:
    out = []
    for row in range(7):
        for col in range(7):
            name = "abcdefg"[col] + str(row + 1)
            x, y = LEFT + col * CELL, TOP + (6 - row) * CELL
            hill = name in HILLS["Blue"] or name in HILLS["Red"]
            shade = "#eadcae" if hill else ("#f4f1ea" if (row + col) % 2 else "#fbfaf6")
            out.append(rect(x, y, CELL, CELL, fill=shade, stroke="#c8c2b4", stroke_width=1))
    for i in range(7):
        out.append(
            text(
                LEFT + i * CELL + CELL / 2,
                TOP + BOARD + 16,
                "abcdefg"[i],
                12,
                text_anchor="middle",
                fill="#666",
            )
        )
        out.append(
            text(
                LEFT - 14,
                TOP + (6 - i) * CELL + CELL / 2 + 4,
                str(i + 1),
                12,
                text_anchor="middle",
                fill="#666",
            )
        )
    for owner, squares in HILLS.items():
        cx, cy = centre(squares[0])
        out.append(text(cx - CELL / 2 + 3, cy - CELL / 2 + 11, f"{owner} Hill", 9, fill="#8a7440"))
    return out


def _stack(entry: Mapping[str, Any]) -> str:
    x, y = centre(entry["square"])
    edge, _ = COLOURS[entry["owner"]]
    h = int(entry["height"])
    body = []
    size = CELL - 16
    for layer in range(h - 1, 0, -1):  # the tiles under the top, drawn as offset edges
        body.append(
            rect(
                x - size / 2 + 3 * layer,
                y - size / 2 - 3 * layer,
                size,
                size,
                rx=6,
                fill="#fff",
                stroke=edge,
                stroke_width=1.5,
            )
        )
    body.append(
        rect(x - size / 2, y - size / 2, size, size, rx=6, fill=edge, stroke="#222", stroke_width=1)
    )
    body.append(
        text(
            x,
            y + 2,
            LETTERS[entry["top"]],
            20,
            text_anchor="middle",
            fill="#fff",
            font_weight="bold",
        )
    )
    tiles = [t or "?" for t in entry["tiles"]]
    if h > 1:
        body.append(circle(x + size / 2 - 2, y + size / 2 - 2, 9, fill="#fff", stroke=edge))
        body.append(
            text(
                x + size / 2 - 2,
                y + size / 2 + 2,
                str(h),
                11,
                text_anchor="middle",
                font_weight="bold",
                fill="#222",
            )
        )
        letters = "·".join(LETTERS.get(t, "?") for t in tiles)
        body.append(text(x - size / 2 + 3, y + size / 2 - 4, letters, 9, fill="#fff"))
    tip = f"{entry['owner']} on {entry['square']}: " + ", ".join(tiles) + " (bottom first)"
    return group(body, tip, class_="stack", data_square=entry["square"])


def _frame(square: str, inset: float, colour: str, width: float, dash: str | None = None) -> str:
    """An outline just inside a square (deploy squares, the chosen tile)."""
    x, y = centre(square)
    side = CELL - 2 * inset
    return rect(
        x - CELL / 2 + inset,
        y - CELL / 2 + inset,
        side,
        side,
        fill="none",
        stroke=colour,
        stroke_width=width,
        stroke_dasharray=dash,
    )


def _line(a: str, b: str, colour: str, dashed: bool = False) -> str:
    (x1, y1), (x2, y2) = centre(a), centre(b)
    dash = ' stroke-dasharray="6,4"' if dashed else ""
    return (
        f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
        f'stroke-width="4" stroke-linecap="round" opacity="0.75"{dash}/>'
    )


def board_svg(
    view: Mapping[str, Any],
    phase: str | None = None,
    *,
    highlight: Sequence[str] = (),
    selected: str | None = None,
    captures: Sequence[tuple[str, str]] = (),
    blocked: Sequence[tuple[str, str, str]] = (),
    threats: Mapping[str, int] | None = None,
    deploy: bool = True,
) -> str:
    """The board of a view as SVG, with optional overlays.

    Args:
        view: ``state.view(player)``.
        phase: the phase to highlight in the strip (default: the view's).
        highlight: squares to ring in green (where a chosen tile can go).
        selected: the square of the chosen tile (ringed in gold).
        captures: ``(attacker, target)`` squares of possible captures (red lines).
        blocked: ``(attacker, blocker, target)`` of lines a blocker shields (grey).
        threats: square -> how many enemy attacks reach it (a heat map).
        deploy: outline the deploy squares of the player to move.

    Returns:
        A standalone SVG document.
    """
    body = [phase_strip(PHASES, phase or str(view.get("phase", "")))]
    body += _grid()
    if threats:
        top = max(threats.values()) or 1
        for square, n in threats.items():
            if n:
                x, y = centre(square)
                body.append(
                    rect(
                        x - CELL / 2,
                        y - CELL / 2,
                        CELL,
                        CELL,
                        fill="#ff7b00",
                        opacity=round(0.15 + 0.45 * n / top, 2),
                    )
                )
                body.append(
                    text(
                        x + CELL / 2 - 4,
                        y - CELL / 2 + 11,
                        str(n),
                        10,
                        text_anchor="end",
                        fill="#8a3b00",
                    )
                )
    mover = view.get("to_move")
    if deploy and mover in DEPLOY and view.get("phase") == "turn":
        for square in DEPLOY[mover]:
            body.append(_frame(square, 3, COLOURS[mover][0], 2, "5,4"))
    for entry in view["board"]:
        body.append(_stack(entry))
    for a, b in captures:
        body.append(_line(a, b, "#d62828"))
    for a, blocker, b in blocked:
        body.append(_line(a, b, "#777", dashed=True))
        x, y = centre(blocker)
        body.append(text(x, y + 8, "✕", 30, text_anchor="middle", fill="#444"))
    for square in highlight:
        x, y = centre(square)
        body.append(circle(x, y, CELL / 2 - 4, fill="none", stroke="#2a9d3f", stroke_width=4))
    if selected:
        body.append(_frame(selected, 1, "#e0a800", 4))
    body += _panel(view)
    width = LEFT + BOARD + 250
    height = TOP + BOARD + 30
    viewer = view.get("viewer")
    names = [p["name"] for p in view["players"]]
    label = "Mentis board" + ("" if viewer is None else f" as {names[viewer]} knows it")
    return document(width, height, label, "".join(body), "tutor-mentis")


def _counts(counts: Mapping[str, int] | None) -> str:
    if counts is None:
        return "hidden"
    return ", ".join(f"{n} {k}" for k, n in counts.items()) or "none"


def _panel(view: Mapping[str, Any]) -> list[str]:
    x = LEFT + BOARD + 16
    y = TOP + 6
    out = []
    viewer = view.get("viewer")
    names = [p["name"] for p in view["players"]]
    who = "the whole truth" if viewer is None else f"what {names[viewer]} knows"
    out.append(text(x, y - 6, f"Round {view['turn']}", 13, font_weight="bold"))
    out.append(text(x, y + 10, f"Showing {who}", 11, fill="#555"))
    y += 34
    for p in view["players"]:
        edge, light = COLOURS[p["name"]]
        out.append(rect(x - 6, y - 14, 236, 84, rx=6, fill=light, stroke=edge))
        mark = " (to move)" if view.get("to_move") == p["name"] else ""
        out.append(text(x, y, f"{p['name']}{mark}", 13, font_weight="bold", fill=edge))
        out.append(text(x, y + 18, f"Hand ({p['hand_size']}): {_counts(p['hand'])}", 11))
        if p["hand"] is None and p.get("unseen"):
            out.append(text(x, y + 34, f"Unplaced: {_counts(p['unseen'])}", 10, fill="#444"))
        out.append(text(x, y + 52, f"Lost: {_counts(p['lost'])}", 11))
        y += 100
    outcome = view.get("outcome")
    if outcome:
        out.append(text(x, y, "Game over:", 12, font_weight="bold"))
        out.append(text(x, y + 16, str(outcome["text"])[:40], 11))
    return out


def picture(view: dict[str, Any], game: Any, phase: str | None = None) -> str:
    """The ``picture`` hook: :func:`board_svg` with the deploy squares marked.

    Raises:
        KeyError: if the view lacks ``board`` or ``players``.
    """
    return board_svg(view, phase)
