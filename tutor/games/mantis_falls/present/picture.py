"""An SVG picture of a Mantis Falls position, drawn from ``state.view(player)``.

The picture only uses what the view holds, so whatever a player may not see (the
other hand, hidden roles, face-down roads, an unseen event) cannot leak into it:
the tutor's omniscient view shows everything, a player's view shows card backs.
Card data is optional and only adds hover text (``<title>``) rendered from the
effect data by :mod:`tutor.games.mantis_falls.text`.

No widgets here: the string is plain SVG 1.1 that any notebook, browser or file
viewer can show, and every piece of text in it is XML-escaped.
"""

from __future__ import annotations

from typing import Any

from tutor.games.mantis_falls.present.cards import SUIT_COLORS
from tutor.render.svg import attrs as _attrs
from tutor.render.svg import circle as _circle
from tutor.render.svg import document, phase_strip
from tutor.render.svg import group as _group
from tutor.render.svg import rect as _rect
from tutor.render.svg import text as _text
from tutor.render.svg import wrap as _lines

PHASES: tuple[tuple[str, str], ...] = (
    ("setup", "Setup"),
    ("initial_movement", "I · Move"),
    ("event_draw", "II · Event"),
    ("main_play", "III · Main play"),
    ("action_processing", "IV · Actions"),
    ("event_processing", "V · Event"),
    ("draw", "VI · Draw"),
    ("last_gasp", "Last Gasp"),
    ("game_over", "Game over"),
)
"""The turn phases shown in the phase strip: (phase key of ``view['phase']``, label)."""

REGION_COLORS = {
    "start": "#7d8597",
    "sunset": "#e07a3f",
    "night": "#3d5a98",
    "dark": "#2b2d42",
    "end": "#7d8597",
}
PLAYER_COLORS = ("#1b7f79", "#c4553a", "#6a4c93")
STOPLIGHT_COLORS = ("#2e9e44", "#e0b400", "#d62828")

WIDTH = 1080
CELL_W, CELL_H, PITCH_X, PITCH_Y = 118, 92, 126, 100
GRID_X, GRID_Y = 10, 56
PANEL_X = GRID_X + 6 * PITCH_X + 8  # right-hand column: event, Conserved Energy, piles
CE_SLOTS = 4


# ---------------------------------------------------------------------------- card text
class _CardTips:
    """Hover text for cards looked up by name (empty when no card data was given)."""

    def __init__(self, cards: Any) -> None:
        self.cards = cards
        self._actions: dict[str, Any] = {}
        self._events: dict[str, Any] = {}
        self._roads: dict[str, Any] = {}
        self._allies: dict[str, Any] = {}
        if cards is not None:
            for attr, table in (
                ("actions", self._actions),
                ("events", self._events),
                ("roads", self._roads),
                ("allies", self._allies),
            ):
                for card in getattr(cards, attr):
                    table.setdefault(card.name, card)

    def action(self, name: str) -> str | None:
        card = self._actions.get(name)
        if card is None:
            return None
        from tutor.games.mantis_falls.text import action_card_text

        return action_card_text(card)

    def suit(self, name: str) -> str | None:
        card = self._actions.get(name)
        return card.suit if card is not None else None

    def event(self, name: str) -> str | None:
        card = self._events.get(name)
        if card is None:
            return None
        from tutor.games.mantis_falls.text import event_card_text

        return event_card_text(card)

    def road(self, name: str) -> str | None:
        card = self._roads.get(name)
        if card is None:
            return None
        from tutor.games.mantis_falls.text import road_card_text

        return road_card_text(card)

    def ally(self, name: str) -> str | None:
        card = self._allies.get(name)
        if card is None:
            return None
        from tutor.games.mantis_falls.text import ally_card_text

        return ally_card_text(card)


# ---------------------------------------------------------------------------- pieces
def road_cell(position: int) -> tuple[float, float]:
    """Top-left corner of a road position's card in the picture.

    Row order on screen, top to bottom: dark (9-12, left to right), night (5-8, right
    to left), sunset (1-4, left to right).  The Start sits left of the first sunset
    road and the End right of the last dark road.

    Raises:
        ValueError: if ``position`` is not between 0 and 13.
    """
    if not 0 <= position <= 13:
        raise ValueError(f"road position {position} is outside 0..13")
    if position == 0:
        row, col = 2, 0
    elif position == 13:
        row, col = 0, 5
    else:
        region, k = divmod(position - 1, 4)
        row = 2 - region
        col = 1 + (3 - k if region == 1 else k)
    return GRID_X + col * PITCH_X, GRID_Y + row * PITCH_Y


def _stoplight(x: float, y: float, numbers: list[int]) -> list[str]:
    out = []
    for i, (n, color) in enumerate(zip(numbers, STOPLIGHT_COLORS, strict=False)):
        cx = x + 9 + i * 17
        out.append(_circle(cx, y, 7.5, fill=color, stroke="#fff", stroke_width=1))
        out.append(
            _text(cx, y + 3.5, str(n), 10, text_anchor="middle", fill="#fff", font_weight="bold")
        )
    return out


def _road(road: dict[str, Any], tips: _CardTips) -> str:
    x, y = road_cell(int(road["position"]))
    region = str(road.get("region", "sunset"))
    color = REGION_COLORS.get(region, "#888")
    body: list[str] = []
    name = road.get("name")
    if not road.get("face_up"):
        body.append(_rect(x, y, CELL_W, CELL_H, rx=8, fill=color, stroke="#111", stroke_width=1))
        body.append(
            _rect(
                x + 7,
                y + 7,
                CELL_W - 14,
                CELL_H - 14,
                rx=5,
                fill="none",
                stroke="#fff",
                stroke_opacity=0.45,
                stroke_dasharray="4 3",
            )
        )
        body.append(
            _text(
                x + CELL_W / 2,
                y + 42,
                region.upper(),
                12,
                text_anchor="middle",
                fill="#fff",
                font_weight="bold",
                letter_spacing=2,
            )
        )
        body.append(
            _text(
                x + CELL_W / 2,
                y + 58,
                "face down",
                9,
                text_anchor="middle",
                fill="#fff",
                fill_opacity=0.8,
            )
        )
        if name:  # the omniscient view also knows what is underneath
            body.append(
                _text(
                    x + CELL_W / 2,
                    y + 76,
                    f"({name})",
                    8.5,
                    text_anchor="middle",
                    fill="#fff",
                    fill_opacity=0.6,
                    font_style="italic",
                )
            )
        tip = f"Face-down {region} road" + (f": {tips.road(name) or name}" if name else "")
        return _group(body, tip, class_="road face-down", data_position=road["position"])
    body.append(_rect(x, y, CELL_W, CELL_H, rx=8, fill="#fbfaf7", stroke=color, stroke_width=3))
    body.append(_rect(x, y, CELL_W, 6, rx=3, fill=color))
    label = {"start": "START", "end": "END"}.get(region, region)
    body.append(
        _text(x + CELL_W - 6, y + 20, label, 8, text_anchor="end", fill=color, font_weight="bold")
    )
    body += _stoplight(x + 2, y + 17, list(road.get("stoplight") or []))
    for i, line in enumerate(_lines(str(name or ""), 20, 2)):
        body.append(_text(x + 6, y + 40 + i * 12, line, 10.5, font_weight="bold"))
    marks_y = y + CELL_H - 10
    mx = x + CELL_W - 8
    if road.get("ambush"):
        body.append(
            _group(
                [
                    _circle(mx - 8, marks_y - 4, 9, fill="#fff", stroke="#b00020", stroke_width=2),
                    _text(
                        mx - 8,
                        marks_y,
                        str(road["ambush"]),
                        11,
                        text_anchor="middle",
                        fill="#b00020",
                        font_weight="bold",
                    ),
                ],
                f"Ambush {road['ambush']}",
                class_="ambush",
            )
        )
        mx -= 22
    if road.get("bus_stop"):
        body.append(
            _group(
                [
                    _rect(mx - 24, marks_y - 12, 24, 15, rx=3, fill="#1565c0"),
                    _text(
                        mx - 12,
                        marks_y - 1,
                        "BUS",
                        8.5,
                        text_anchor="middle",
                        fill="#fff",
                        font_weight="bold",
                    ),
                ],
                "Bus stop",
                class_="bus-stop",
            )
        )
        mx -= 28
    if road.get("phone"):
        body.append(
            _group(
                [
                    _rect(mx - 16, marks_y - 12, 16, 15, rx=3, fill="#333"),
                    _text(mx - 8, marks_y - 0.5, "☎", 11, text_anchor="middle", fill="#fff"),
                ],
                "Phone",
                class_="phone",
            )
        )
    if road.get("broken"):
        crack = _attrs(
            points=_crack(x, y), fill="none", stroke="#b00020", stroke_width=3, stroke_opacity=0.35
        )
        body.insert(2, f"<polyline {crack}/>")  # under the text, over the card face
        body.append(_text(x + 6, y + 66, "BROKEN ROAD", 9, fill="#b00020", font_weight="bold"))
    road_tip = tips.road(str(name)) if name else None
    return _group(
        body, road_tip or str(name or ""), class_="road face-up", data_position=road["position"]
    )


def _crack(x: float, y: float) -> str:
    pts = [(0.15, 0.05), (0.35, 0.35), (0.25, 0.5), (0.55, 0.7), (0.45, 0.85), (0.7, 0.98)]
    return " ".join(f"{x + CELL_W * a:.1f},{y + CELL_H * b:.1f}" for a, b in pts)


def _serpentine() -> str:
    pts = []
    for q in range(14):
        x, y = road_cell(q)
        pts.append(f"{x + CELL_W / 2:.1f},{y + CELL_H / 2:.1f}")
    line = _attrs(
        points=" ".join(pts),
        fill="none",
        stroke="#c9ced6",
        stroke_width=10,
        stroke_linejoin="round",
    )
    return f"<polyline {line}/>"


def _pieces(players: list[dict[str, Any]]) -> list[str]:
    out = []
    for p, pl in enumerate(players):
        x, y = road_cell(int(pl["position"]))
        cx, cy = x + 16 + p * 25, y + CELL_H - 16
        color = PLAYER_COLORS[p % len(PLAYER_COLORS)]
        body = [
            _circle(cx, cy, 11, fill=color, stroke="#fff", stroke_width=2),
            _text(
                cx,
                cy + 3.5,
                str(pl["name"])[:2],
                9.5,
                text_anchor="middle",
                fill="#fff",
                font_weight="bold",
            ),
        ]
        if pl.get("dead"):
            cross = f"M{cx - 8},{cy - 8} L{cx + 8},{cy + 8} M{cx + 8},{cy - 8} L{cx - 8},{cy + 8}"
            body.append(f"<path {_attrs(d=cross, stroke='#000', stroke_width=3)}/>")
        tip = f"{pl['name']} on {pl.get('road', '')}" + (" (dead)" if pl.get("dead") else "")
        out.append(_group(body, tip, class_="piece", data_player=p))
    return out


def _small_card(
    x: float,
    y: float,
    name: str | None,
    tips: _CardTips,
    w: float = 62,
    h: float = 40,
    back: str = "action",
) -> str:
    if name is None:
        body = [
            _rect(x, y, w, h, rx=4, fill="#3b3355", stroke="#111"),
            _rect(
                x + 4, y + 4, w - 8, h - 8, rx=3, fill="none", stroke="#b9a7e8", stroke_opacity=0.6
            ),
            _text(x + w / 2, y + h / 2 + 3, back, 8, text_anchor="middle", fill="#d9d0f5"),
        ]
        return _group(body, f"A face-down {back} card", class_="card back")
    suit = tips.suit(name)
    color = SUIT_COLORS.get(suit or "", "#9aa0a6")
    body = [
        _rect(x, y, w, h, rx=4, fill="#fff", stroke=color, stroke_width=2),
        _rect(x, y, 5, h, rx=2, fill=color),
    ]
    for i, line in enumerate(_lines(name, 11, 3)):
        body.append(_text(x + 8, y + 12 + i * 10, line, 8.5))
    return _group(body, tips.action(name) or name, class_="card", data_name=name)


def _chip(
    x: float, y: float, label: str, color: str, tip: str | None, cls: str
) -> tuple[str, float]:
    w = 12 + 5.6 * len(label)
    body = [
        _rect(x, y, w, 16, rx=8, fill=color, fill_opacity=0.15, stroke=color),
        _text(x + 6, y + 12, label, 9.5),
    ]
    return _group(body, tip or label, class_=cls), w


HIDDEN_MAX_BOXES = 9
"""Boxes drawn for a maximum hidden by a face-down character (Full Circle's largest)."""


def character_text(pl: dict[str, Any]) -> str:
    """Full Circle: the player's character as this view shows it (mf.21.2-21.3)."""
    name = pl.get("character")
    if not pl.get("character_face_down"):
        return f"character: {name}"
    return f"character: {name} (face down)" if name else "character: face down"


def _life_tracker(x: float, y: float, pl: dict[str, Any]) -> list[str]:
    hidden = pl["max_wounds"] is None  # a face-down character (Full Circle)
    wounds = int(pl["wounds"])
    most = HIDDEN_MAX_BOXES if hidden else int(pl["max_wounds"])
    shown_most = "?" if hidden else str(most)
    out = [_text(x, y + 11, "Wounds", 9.5, fill="#555")]
    bx = x + 46
    for i in range(most + 1):
        filled = 0 < i <= wounds
        out.append(
            _rect(
                bx + i * 17, y, 15, 15, rx=2, fill="#d62828" if filled else "#f3f3f3", stroke="#999"
            )
        )
        out.append(
            _text(
                bx + i * 17 + 7.5,
                y + 11,
                str(i),
                8.5,
                text_anchor="middle",
                fill="#fff" if filled else "#777",
            )
        )
    out.append(
        _circle(bx + wounds * 17 + 7.5, y + 7.5, 5, fill="none", stroke="#8b0000", stroke_width=2)
    )
    out.append(
        _text(bx + (most + 1) * 17 + 4, y + 11, f"{wounds}/{shown_most}", 10, font_weight="bold")
    )
    gy = y + 20
    gasps = int(pl["gasps"])
    out.append(_text(x, gy + 11, "Gasps", 9.5, fill="#555"))
    for i in range(4):
        out.append(_rect(bx + i * 17, gy, 15, 15, rx=2, fill="#f3f3f3", stroke="#999"))
        out.append(
            _text(bx + i * 17 + 7.5, gy + 11, str(i), 8.5, text_anchor="middle", fill="#777")
        )
    out.append(_circle(bx + gasps * 17 + 7.5, gy + 7.5, 6, fill="#111"))
    out.append(_text(bx + 4 * 17 + 4, gy + 11, f"{gasps}/3", 10, font_weight="bold"))
    return [
        _group(
            out,
            f"{pl['name']}: {wounds} of {shown_most} wounds, gasp marker on {gasps}",
            class_="life-tracker",
        )
    ]


def _player_panel(
    p: int, pl: dict[str, Any], view: dict[str, Any], x: float, y: float, w: float, tips: _CardTips
) -> tuple[str, float]:
    color = PLAYER_COLORS[p % len(PLAYER_COLORS)]
    out: list[str] = []
    turn = view.get("turn_player") == p
    role = pl.get("role")
    role_text = f"role: {role}" if role else "role: hidden"
    seat = "  · turn player" if turn else ""
    if view.get("bystander") == p:  # three players: this turn's bystander (mf.7.3)
        seat = "  · bystander"
    elif "active_players" in view and not turn and p in view["active_players"]:
        seat = "  · active"
    head = f"{pl['name']}{seat}{'  · DEAD' if pl.get('dead') else ''}"
    out.append(_circle(x + 12, y + 12, 9, fill=color))
    out.append(_text(x + 28, y + 17, head, 13, font_weight="bold"))
    out.append(
        _text(
            x + w - 8,
            y + 17,
            role_text,
            10.5,
            text_anchor="end",
            fill="#8b0000" if role == "assassin" else "#333",
        )
    )
    where = f"on {pl.get('road', '')} (road {pl['position']})"
    if "full_circle" in view.get("modules", ()):
        where += f" · {character_text(pl)}"
    out.append(_text(x + 28, y + 31, where, 9.5, fill="#555"))
    cy = y + 40
    out += _life_tracker(x + 8, cy, pl)
    cy += 44
    hand = pl.get("hand")
    count = int(pl.get("hand_count", 0))
    names: list[str | None] = list(hand) if hand is not None else [None] * count
    out.append(
        _text(
            x + 8,
            cy + 10,
            f"Hand ({count})" + ("" if hand is not None else " — hidden"),
            10,
            font_weight="bold",
        )
    )
    cy += 16
    per_row = max(1, int((w - 16) // 66))
    for i, name in enumerate(names):
        r, c = divmod(i, per_row)
        out.append(_small_card(x + 8 + c * 66, cy + r * 46, name, tips))
    cy += 46 * max(1, -(-len(names) // per_row)) + 4
    play = list(pl.get("action_play") or [])
    if play:
        out.append(
            _text(
                x + 8,
                cy + 10,
                f"Action play ({pl.get('action_play_revealed', 0)} revealed)",
                10,
                font_weight="bold",
            )
        )
        cy += 16
        for i, name in enumerate(play):
            r, c = divmod(i, per_row)
            shown = None if name == "(face down)" else name
            out.append(_small_card(x + 8 + c * 66, cy + r * 46, shown, tips))
        cy += 46 * max(1, -(-len(play) // per_row)) + 4
    cx = x + 8
    out.append(_text(cx, cy + 12, "Conditions:", 9.5, fill="#555"))
    cx += 62
    conditions = list(pl.get("conditions") or [])
    for name in conditions:
        chip, cw = _chip(cx, cy, name, "#6a1b9a", tips.action(name), "condition")
        out.append(chip)
        cx += cw + 4
    if not conditions:
        out.append(_text(cx, cy + 12, "none", 9.5, fill="#999"))
    cy += 20
    cx = x + 8
    out.append(_text(cx, cy + 12, "Allies:", 9.5, fill="#555"))
    cx += 62
    complete = list(pl.get("allies_complete") or [])
    for name in complete:
        chip, cw = _chip(cx, cy, name, "#1b5e20", tips.ally(name), "ally")
        out.append(chip)
        cx += cw + 4
    incomplete = pl.get("allies_incomplete")
    held = int(pl.get("ally_cards", 0))
    if incomplete:
        note = "incomplete: " + ", ".join(incomplete)
    elif incomplete is None and held:
        note = f"{held} ally card{'s' if held != 1 else ''} held (face down)"
    else:
        note = "" if complete else "none"
    if note:
        out.append(_text(cx, cy + 12, note, 9.5, fill="#777"))
    cy += 24
    if "agent" in pl:  # Under the Rose (topic 23)
        rows, cy = _agent_rows(pl["agent"], x + 8, cy, w - 16, tips)
        out += rows
    h = cy - y
    frame = _rect(
        x, y - 4, w, h + 4, rx=8, fill="none", stroke=color, stroke_width=3 if turn else 1.5
    )
    return _group([frame, *out], None, class_="player", data_player=p), h


def _agent_rows(
    agent: dict[str, Any], x: float, y: float, w: float, tips: _CardTips
) -> tuple[list[str], float]:
    """The player's agent under the rose, its weakness and the buried cards (face down
    for the other players: only how many)."""
    out: list[str] = []
    if agent.get("paid_off"):
        out.append(_text(x, y + 10, "Agent: paid off (agent and rose gone)", 9.5, fill="#777"))
        return [_group(out, None, class_="agent")], y + 18
    out.append(_circle(x + 5, y + 6, 5, fill="#b0172b"))  # the wooden rose
    out.append(
        _text(
            x + 14,
            y + 10,
            f"Agent: {agent['name']} · pay off {agent['pay_off'][0]}/{agent['pay_off'][1]}",
            10,
            font_weight="bold",
        )
    )
    meets = ", ".join(f"{nth}. {suit.title()}" for suit, nth in agent["meet"])
    out.append(
        _text(x + 14, y + 23, f"Weakness: {agent['weakness']} · meets on {meets}", 9, fill="#555")
    )
    y += 30
    buried = agent.get("buried")
    count = int(agent.get("buried_count", 0))
    out.append(
        _text(
            x,
            y + 10,
            f"Buried under the rose ({count})" + ("" if buried is not None else " — face down"),
            10,
            font_weight="bold",
        )
    )
    y += 16
    names: list[str | None] = list(buried) if buried is not None else [None] * count
    per_row = max(1, int(w // 66))
    for i, name in enumerate(names):
        r, c = divmod(i, per_row)
        out.append(_small_card(x + c * 66, y + r * 46, name, tips))
    y += 46 * (-(-len(names) // per_row)) + 4
    return [_group(out, None, class_="agent")], y


def _event(view: dict[str, Any], x: float, y: float, tips: _CardTips) -> list[str]:
    out = [_text(x, y + 10, "Event", 11, font_weight="bold")]
    ev = view.get("event")
    w, h = 150, 92
    cy = y + 16
    if ev is None:
        out.append(_rect(x, cy, w, h, rx=8, fill="none", stroke="#bbb", stroke_dasharray="5 4"))
        out.append(
            _text(
                x + w / 2,
                cy + h / 2 + 4,
                "no event this turn",
                10,
                text_anchor="middle",
                fill="#999",
            )
        )
        return [_group(out, None, class_="event empty")]
    seen = "seen" if ev.get("seen") else "unseen"
    if "name" not in ev:
        out.append(_rect(x, cy, w, h, rx=8, fill="#4a2c2a", stroke="#111"))
        out.append(
            _text(
                x + w / 2,
                cy + 40,
                "EVENT",
                13,
                text_anchor="middle",
                fill="#f1e3d3",
                font_weight="bold",
                letter_spacing=2,
            )
        )
        out.append(
            _text(
                x + w / 2, cy + 58, f"{seen}, face down", 9.5, text_anchor="middle", fill="#f1e3d3"
            )
        )
        return [_group(out, "The event is hidden from these eyes", class_="event back")]
    kind = str(ev.get("kind", ""))
    out.append(_rect(x, cy, w, h, rx=8, fill="#fff8f0", stroke="#8b4513", stroke_width=2))
    for i, line in enumerate(_lines(str(ev["name"]), 22, 2)):
        out.append(_text(x + 8, cy + 18 + i * 13, line, 11, font_weight="bold"))
    out.append(_text(x + 8, cy + 50, f"{seen} {kind}", 9.5, fill="#555"))
    if kind == "opposition":
        out.append(
            _text(
                x + 8,
                cy + 66,
                f"health {ev.get('health', 0)} · wounds dealt {ev.get('opposition_wounds', 0)}",
                9.5,
            )
        )
    if ev.get("prevented"):
        out.append(
            _text(
                x + w / 2,
                cy + 84,
                "PREVENTED",
                12,
                text_anchor="middle",
                fill="#b00020",
                font_weight="bold",
                letter_spacing=1,
            )
        )
    return [_group(out, tips.event(str(ev["name"])) or str(ev["name"]), class_="event")]


def _conserved(view: dict[str, Any], x: float, y: float, tips: _CardTips) -> list[str]:
    cards = list(view.get("conserved") or [])
    out = [_text(x, y + 10, f"Conserved Energy {len(cards)}/{CE_SLOTS}", 11, font_weight="bold")]
    for i in range(CE_SLOTS):
        sx, sy = x + (i % 2) * 70, y + 16 + (i // 2) * 46
        if i < len(cards):
            out.append(_small_card(sx, sy, cards[i], tips, w=64))
        else:
            out.append(
                _rect(sx, sy, 64, 40, rx=4, fill="none", stroke="#bbb", stroke_dasharray="4 3")
            )
    for extra, name in enumerate(cards[CE_SLOTS:]):
        out.append(_text(x, y + 118 + extra * 12, f"+ {name}", 9))
    return [_group(out, None, class_="conserved")]


def _piles(view: dict[str, Any], x: float, y: float) -> list[str]:
    piles = view.get("piles") or {}
    labels = (
        ("action_draw", "Action draw pile"),
        ("action_discard", "Action discards"),
        ("event_draw", "Event deck"),
        ("event_discard", "Event discards"),
        ("ally_deck", "Ally deck"),
        ("actions_by_the_night", "Actions by the Night"),
        ("actions_by_the_dark", "Actions by the Dark"),
    )
    out = []
    for i, (key, label) in enumerate(labels):
        if key in piles:
            out.append(_text(x, y + i * 13, f"{label}: {piles[key]}", 9.5, fill="#444"))
    if view.get("event_top"):
        out.append(
            _text(
                x, y + len(labels) * 13, f"Top event known: {view['event_top']}", 9.5, fill="#444"
            )
        )
    return [_group(out, None, class_="piles")]


def _banner(view: dict[str, Any], y: float, tips: _CardTips) -> tuple[list[str], float]:
    out: list[str] = []
    names = [str(pl["name"]) for pl in view.get("players") or []]
    gasp = view.get("last_gasp")
    if gasp:
        g = int(gasp["player"])
        who = names[g] if g < len(names) else f"player {g}"
        out.append(
            _rect(10, y, WIDTH - 20, 64, rx=8, fill="#fff1f0", stroke="#b00020", stroke_width=2)
        )
        out.append(_text(20, y + 18, f"LAST GASP — {who}", 13, fill="#b00020", font_weight="bold"))
        for i, name in enumerate(gasp.get("cards") or []):
            shown = None if name == "(face down)" else name
            out.append(_small_card(200 + i * 66, y + 12, shown, tips))
        out = [_group(out, None, class_="last-gasp")]
        y += 72
    outcome = view.get("outcome")
    if outcome:
        winners = [names[p] for p in outcome.get("winners") or [] if p < len(names)]
        if outcome.get("tie"):
            verdict = "Tie game"
        elif winners:
            verdict = " and ".join(winners) + (" win" if len(winners) > 1 else " wins")
        else:
            verdict = "Everybody loses"
        body = [
            _rect(10, y, WIDTH - 20, 30, rx=8, fill="#f0f7ff", stroke="#1565c0", stroke_width=2),
            _text(
                20,
                y + 20,
                f"GAME OVER — {verdict} ({outcome.get('why', '')})",
                13,
                fill="#0d47a1",
                font_weight="bold",
            ),
        ]
        out.append(_group(body, None, class_="outcome"))
        y += 38
    return out, y


def mantis_falls_svg(
    view: dict[str, Any], cards: Any = None, phase: str | None = None, *, prompt: bool = True
) -> str:
    """Draw a Mantis Falls view as an SVG document.

    Args:
        view: the dict returned by ``state.view(player)`` (omniscient or one player's).
        cards: optional ``CardData`` (``state.cards``); adds each card's text as hover text.
        phase: the phase to highlight in the strip (default: ``view["phase"]``).
        prompt: write the pending decision under the road ("Now: ..."); the tutorial
            player states it above its buttons instead, once.

    Returns:
        A standalone ``<svg>`` element as a string (well-formed XML).

    Raises:
        KeyError: if the view lacks ``players`` or ``roads``.
    """
    tips = _CardTips(cards)
    players = list(view["players"])
    roads = list(view["roads"])
    viewer = view.get("viewer")
    names = [str(pl["name"]) for pl in players]
    eyes = "the tutor (everything)" if viewer is None else f"{names[viewer]}'s eyes"
    body: list[str] = [phase_strip(PHASES, phase or str(view.get("phase", "")))]
    body.append(
        _text(
            WIDTH - 10,
            26,
            f"Turn {view.get('turn', 0)} · seen through {eyes}",
            11,
            text_anchor="end",
            fill="#444",
        )
    )
    body.append(_serpentine())
    body += [_road(r, tips) for r in roads]
    body += _pieces(players)
    body += _event(view, PANEL_X, GRID_Y - 14, tips)
    body += _conserved(view, PANEL_X + 160, GRID_Y - 14, tips)
    body += _piles(view, PANEL_X, GRID_Y + 206)
    y: float = GRID_Y + 3 * PITCH_Y + 6
    decision = view.get("decision") or {}
    if prompt and decision.get("prompt"):
        body.append(
            _text(
                10,
                y + 10,
                f"Now: {decision['prompt']}",
                11,
                font_weight="bold",
                fill="#333",
                class_="prompt",
            )
        )
        y += 20
    banner, y = _banner(view, y, tips)
    body += banner
    n = max(1, len(players))
    pw = (WIDTH - 20 - 10 * (n - 1)) / n
    tallest = 0.0
    for p, pl in enumerate(players):
        panel, h = _player_panel(p, pl, view, 10 + p * (pw + 10), y + 6, pw, tips)
        body.append(panel)
        tallest = max(tallest, h)
    height = int(y + tallest + 16)
    label = f"Mantis Falls, turn {view.get('turn', 0)}, seen through {eyes}"
    return document(WIDTH, height, label, "".join(body), "mantis-falls")


def picture(view: dict[str, Any], game: Any, phase: str | None = None) -> str:
    """The ``picture`` hook: :func:`mantis_falls_svg` with the game's card data as hover text.

    The table only: the pending decision is the tool's to state (the tutorial player
    writes it above its buttons), so it is not repeated in the picture.

    Raises:
        KeyError: if the view lacks ``players`` or ``roads``.
    """
    return mantis_falls_svg(view, game.cards, phase, prompt=False)
