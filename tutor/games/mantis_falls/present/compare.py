"""The facts the what-if explorer compares for Mantis Falls, in the game's own words.

The ``compare_rows`` hook: ``rows(view_a, view_b)`` lists ``(what, value A, value B)``
for each player (road, wounds, gasp marker, cards in hand, the hand itself, role,
conditions, allies, alive or dead) and for the table (turn, whose turn, phase, the
event, Conserved Energy, the piles).  Values are short phrases ("3 of 8", "Cannery Row
(road 1)", "Jill"); what a view hides stays hidden (``"hidden"``), so comparing two
players' views never shows more than each view holds.
"""

from __future__ import annotations

from typing import Any

from tutor.games.mantis_falls.present.picture import PHASES

PHASE_LABELS = {
    "setup": "setup",
    "initial_movement": "I · initial movement",
    "event_draw": "II · event draw",
    "main_play": "III · main play",
    "action_processing": "IV · action processing",
    "event_processing": "V · event processing",
    "draw": "VI · draw",
    "last_gasp": "a Last Gasp",
    "game_over": "game over",
}
"""How each phase is named in the comparison (every key of :data:`PHASES`)."""

PILES = (
    ("action_draw", "Action draw pile"),
    ("action_discard", "Action discards"),
    ("event_draw", "Event deck"),
    ("event_discard", "Event discards"),
)


def _names(cards: list[str] | None) -> str:
    if cards is None:
        return "hidden"
    return ", ".join(sorted(cards)) or "none"


def _road(pl: dict[str, Any]) -> str:
    return f"{pl.get('road', '?')} (road {pl.get('position', '?')})"


def _event(view: dict[str, Any]) -> str:
    event = view.get("event")
    if event is None:
        return "none"
    if "name" not in event:
        return "face down"
    text = f"{event['name']} ({event.get('kind', '')})"
    return text + (", prevented" if event.get("prevented") else "")


def _player_rows(p: int, a: dict[str, Any], b: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    name = str(a.get("name", f"player {p + 1}"))

    def both(what: str, fn: Any) -> tuple[str, Any, Any]:
        return (f"{name} · {what}", fn(a), fn(b))

    return [
        both("road", _road),
        both("wounds", lambda pl: f"{pl.get('wounds', 0)} of {pl.get('max_wounds') or '?'}"),
        both("gasp marker", lambda pl: f"{pl.get('gasps', 0)} of 3"),
        both("alive", lambda pl: "dead" if pl.get("dead") else "alive"),
        both("role", lambda pl: pl.get("role") or "hidden"),
        both("cards in hand", lambda pl: int(pl.get("hand_count", 0))),
        both("hand", lambda pl: _names(pl.get("hand"))),
        both("conditions", lambda pl: _names(pl.get("conditions"))),
        both("complete allies", lambda pl: _names(pl.get("allies_complete"))),
    ]


def rows(view_a: dict[str, Any], view_b: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """The ``compare_rows`` hook: every fact compared, in Mantis Falls' words.

    Args:
        view_a: ``state.view(player)`` of the first position.
        view_b: the same player's view of the second position.

    Returns:
        ``(what, value in A, value in B)`` for each fact, players first, then the table
        (equal facts included; the tool adds the outcome).

    Raises:
        ValueError: if the views have different numbers of players.
    """
    pa, pb = list(view_a.get("players") or []), list(view_b.get("players") or [])
    if len(pa) != len(pb):
        raise ValueError(f"the views have {len(pa)} and {len(pb)} players")
    names = [str(pl.get("name", f"player {i + 1}")) for i, pl in enumerate(pa)]
    out: list[tuple[str, Any, Any]] = []
    for p, (a, b) in enumerate(zip(pa, pb, strict=True)):
        out += _player_rows(p, a, b)

    def whose(view: dict[str, Any]) -> str:
        tp = view.get("turn_player")
        return names[tp] if isinstance(tp, int) and 0 <= tp < len(names) else "nobody"

    def phase(view: dict[str, Any]) -> str:
        key = str(view.get("phase", ""))
        return PHASE_LABELS.get(key, dict(PHASES).get(key, key))

    out += [
        ("Turn", view_a.get("turn", 0), view_b.get("turn", 0)),
        ("Whose turn", whose(view_a), whose(view_b)),
        ("Phase", phase(view_a), phase(view_b)),
        ("Event this turn", _event(view_a), _event(view_b)),
        (
            "Conserved Energy",
            _names(view_a.get("conserved") or []),
            _names(view_b.get("conserved") or []),
        ),
    ]
    for key, label in PILES:
        out.append(
            (
                f"{label} (cards)",
                (view_a.get("piles") or {}).get(key),
                (view_b.get("piles") or {}).get(key),
            )
        )
    return out


__all__ = ["PHASE_LABELS", "rows"]
