"""The Creepy Falls picture: the city board as SVG, drawn from one player's view.

The nine zones sit on a 3 x 3 grid in resolution order, each with its number and name,
the units of every player there (by owner colour and type, with their size), the
neutral Ghouls, a Rat marker and the Van Helsing die.  Beside it: the round track, the
Castle's and the Swamp's round tokens, and each player's tokens, units off the board,
Forms, Spells and Power Points.  A phase strip on top shows where the round is.  Built
from the view alone (the ``picture`` hook), so every player's picture shows exactly
what they may see.
"""

from __future__ import annotations

from typing import Any

from tutor.render.svg import circle, document, group, phase_strip, rect, text

PHASES: tuple[tuple[str, str], ...] = (
    ("setup", "Setup"),
    ("new_round", "New round"),
    ("form_choice", "1 · Forms"),
    ("placement", "2 · Placement"),
    ("resolution", "3 · Resolution"),
    ("store", "4 · Store"),
    ("end_of_round", "Toll of Blood"),
    ("game_over", "Game over"),
)
"""The phases shown in the phase strip: (phase key of ``view['phase']``, label)."""

COLOURS = ("#d62839", "#1d70b8", "#2a9d3f", "#e0a800", "#7b3fa0")
"""Owner colours by seat (red, blue, green, yellow, purple)."""
UNIT_LETTERS = (
    ("ghoul", "G"),
    ("mummy", "M"),
    ("frankenstein", "F"),
    ("werewolf", "W"),
    ("witch", "H"),
)
TOKEN_LETTERS = (
    ("blood", "Blood"),
    ("soul", "Soul"),
    ("corpse", "Corpse"),
    ("amulet", "Amulet"),
    ("grimoire", "Grimoire"),
)

ZONE_W, ZONE_H = 220, 150
BOARD_X, BOARD_Y = 10, 50


def units_line(units: dict[str, int]) -> str:
    """``"G2 M1 F1"``: a player's units in a zone by type letter."""
    return " ".join(f"{letter}{units[key]}" for key, letter in UNIT_LETTERS if units.get(key))


def ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ..."""
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def advantage_lines(advantages: Any) -> list[str]:
    """A zone's advantages as short text, two per line (``1st: 3 Corpse``)."""
    parts = []
    for i, adv in enumerate(advantages):
        got = [f"{a} {label}" for (_, label), a in zip(TOKEN_LETTERS, adv.tokens, strict=True) if a]
        if adv.choose:
            got.append(f"pick {adv.choose}")
        if adv.action:
            got.append("an action")
        parts.append(f"{ordinal(i + 1)}: {' + '.join(got)}")
    if not parts:
        return ["no advantages"]
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + len(part) + 3 <= 40:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def zone_box(
    zone: dict[str, Any],
    x: float,
    y: float,
    names: list[str],
    resolving: bool,
    advantages: Any = (),
) -> str:
    """One zone: frame, number and name, markers, each player's units there, its rewards."""
    body = [
        rect(
            x,
            y,
            ZONE_W - 8,
            ZONE_H - 8,
            rx=8,
            fill="#f7f3ea" if not resolving else "#fff4c2",
            stroke="#b08900" if resolving else "#8a7f6a",
            stroke_width=3 if resolving else 1,
        ),
        text(x + 10, y + 20, f"{zone['number']} · {zone['name']}", 13, font_weight="bold"),
    ]
    mark_x = x + ZONE_W - 30
    if zone["van_helsing"]:
        body.append(
            group(
                [
                    rect(mark_x - 6, y + 6, 22, 22, rx=4, fill="#333"),
                    text(mark_x + 5, y + 22, "VH", 10, fill="#fff", text_anchor="middle"),
                ],
                "The Van Helsing die: nobody may place here",
                class_="van-helsing",
            )
        )
        mark_x -= 28
    if zone["rat"]:
        body.append(
            group(
                [
                    circle(mark_x + 5, y + 17, 10, fill="#8d6e63"),
                    text(mark_x + 5, y + 21, "R", 10, fill="#fff", text_anchor="middle"),
                ],
                "A Rat marker: its owner wins ties here",
                class_="rat",
            )
        )
    row_y = y + 42
    if zone["neutral"]:
        n = zone["neutral"]
        label = f"neutral Ghouls × {n}" + (" (a neutral Werewolf)" if n >= 3 else "")
        body.append(
            group(
                [
                    circle(x + 16, row_y - 4, 7, fill="#fff", stroke="#555"),
                    text(x + 30, row_y, label, 11),
                ],
                class_="neutral",
            )
        )
        row_y += 18
    order = zone.get("order", [])
    for entry in zone["units"]:
        p = entry["player"]
        place = f" · placed {ordinal(order.index(p) + 1)}" if p in order else ""
        flipped = " (Monster flipped)" if entry.get("frankenstein_flipped") else ""
        body.append(
            group(
                [
                    circle(x + 16, row_y - 4, 7, fill=COLOURS[p % len(COLOURS)]),
                    text(
                        x + 30,
                        row_y,
                        f"{names[p]}: {units_line(entry['units'])} — size {entry['size']}"
                        f"{place}{flipped}",
                        11,
                    ),
                ],
                f"{names[p]} placed {place.strip(' ·') or ''} here",
                class_="units",
                data_player=p,
            )
        )
        row_y += 18
    lines = advantage_lines(advantages) if advantages is not None else []
    for i, line in enumerate(lines):
        body.append(
            text(
                x + 10,
                y + ZONE_H - 14 - 12 * (len(lines) - 1 - i),
                line,
                9,
                fill="#6b5d45",
                class_="rewards",
            )
        )
    return group(body, class_="zone", data_zone=zone["number"])


def player_panel(
    p: int, info: dict[str, Any], x: float, y: float, deciding: bool, first: bool
) -> str:
    """One player's tokens, units off the board, Forms, Spells and Power Points."""
    tokens = ", ".join(
        f"{info['tokens'][k]} {label}" for k, label in TOKEN_LETTERS if info["tokens"][k]
    )
    army = units_line(info["army"]) or "none"
    lines = [
        f"Tokens: {tokens or 'none'}",
        f"Units off the board: {army}",
        f"Forms: {', '.join(info['forms']) or '—'}",
        f"Spells: {', '.join(info['spells']) or '—'}",
    ]
    head = f"{info['name']}{' (first player)' if first else ''} — {info['power_points']} PP"
    body = [
        rect(
            x,
            y,
            330,
            92,
            rx=6,
            fill="#fff",
            stroke="#b08900" if deciding else "#c9ced6",
            stroke_width=3 if deciding else 1,
        ),
        circle(x + 14, y + 16, 7, fill=COLOURS[p % len(COLOURS)]),
        text(x + 28, y + 20, head, 12, font_weight="bold"),
    ]
    for i, line in enumerate(lines):
        body.append(text(x + 10, y + 38 + 15 * i, line[:58], 10.5))
    return group(body, class_="player", data_player=p)


def creepy_falls_svg(view: dict[str, Any], phase: str | None = None, game: Any = None) -> str:
    """The whole picture of a view as an SVG document.

    Raises:
        KeyError: if the view lacks ``zones`` or ``players``.
    """
    names = [pl["name"] for pl in view["players"]]
    resolving = view.get("resolving")
    body = [phase_strip(PHASES, phase or view["phase"])]
    for i, zone in enumerate(view["zones"]):
        x = BOARD_X + (i % 3) * ZONE_W
        y = BOARD_Y + (i // 3) * ZONE_H
        advantages = game.advantages[i] if game is not None else None
        body.append(zone_box(zone, x, y, names, resolving == zone["name"], advantages))
    side_x = BOARD_X + 3 * ZONE_W + 10
    # The round track.
    body.append(text(side_x, BOARD_Y + 14, "Round", 12, font_weight="bold"))
    for r in range(1, 7):
        on = r == view["round"]
        body.append(
            group(
                [
                    rect(
                        side_x + 50 + 30 * (r - 1),
                        BOARD_Y,
                        24,
                        22,
                        rx=4,
                        fill="#ffd166" if on else "#eef0f3",
                        stroke="#999",
                    ),
                    text(
                        side_x + 62 + 30 * (r - 1),
                        BOARD_Y + 16,
                        str(r),
                        12,
                        text_anchor="middle",
                        font_weight="bold" if on else None,
                    ),
                ],
                class_="round current" if on else "round",
            )
        )
    pools = []
    for key, label in (("castle", "Bloody Gen Castle"), ("swamp", "Rotten Swamp")):
        got = ", ".join(f"{v} {k.title()}" for k, v in view[key].items() if v) or "none"
        pools.append(f"{label} tokens: {got}")
    for i, line in enumerate(pools):
        body.append(text(side_x, BOARD_Y + 44 + 16 * i, line, 11))
    for p, info in enumerate(view["players"]):
        body.append(
            player_panel(
                p,
                info,
                side_x,
                BOARD_Y + 80 + 98 * p,
                view.get("deciding") == p,
                view["first_player"] == p,
            )
        )
    height = max(BOARD_Y + 3 * ZONE_H, BOARD_Y + 80 + 98 * len(names)) + 30
    note = "Zone rewards, Spell names and some bonuses are the project's illustrative data."
    if view.get("illustrative", True):
        body.append(text(BOARD_X, height - 10, note, 10, fill="#777"))
    return document(
        side_x + 340, height, "Creepy Falls: the city board", "".join(body), "creepy-falls"
    )


def picture(view: dict[str, Any], game: Any, phase: str | None = None) -> str:
    """The ``picture`` hook: the city board of ``view`` as SVG.

    Raises:
        KeyError: if the view lacks ``zones`` or ``players``.
    """
    return creepy_falls_svg(view, phase, game)
