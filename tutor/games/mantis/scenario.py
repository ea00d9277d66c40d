"""Mantis scenario ``setup`` keys: put chosen cards in tanks, score piles and the draw pile.

A card is named by its face colour (``green``: the free green card with the last back
in deck order) or by its face and
back (``green:red,green,blue``).  Keys (docs/mantis.md): ``tanks`` and ``scored`` (a
list per player, in seat order), ``discard``, ``draw_pile`` (when given, the draw pile
holds exactly these cards and every card placed nowhere is set aside), ``turn_player``,
``lives`` and ``holder`` (the Power Token).  Cards not named keep their places, unless
a named card is needed: then it is taken from the draw pile first.
"""

from __future__ import annotations

from typing import Any

from tutor.core.errors import ScenarioError
from tutor.games.mantis.engine.table import DeckTable

_CARD = {"type": "string", "minLength": 1, "maxLength": 60}
_CARDS = {"type": "array", "items": _CARD, "maxItems": 105}
SETUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "tanks": {"type": "array", "items": _CARDS, "maxItems": 6},
        "scored": {"type": "array", "items": _CARDS, "maxItems": 6},
        "discard": _CARDS,
        "draw_pile": _CARDS,
        "turn_player": {"type": "integer", "minimum": 0, "maximum": 5},
        "lives": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}},
        "holder": {"type": "integer", "minimum": -1, "maximum": 5},
    },
}
"""The shape of a Mantis scenario's ``setup`` mapping."""


def parse_card(table: DeckTable, text: str, where: str) -> tuple[int, int]:
    """A card name as ``(face colour, back index or -1 for any back)``.

    Raises:
        ScenarioError: naming ``where`` when a colour or back is unknown.
    """
    face_name, _, back_text = text.strip().lower().partition(":")
    names = table.colour_names
    if face_name not in names:
        raise ScenarioError.at("", where, f"a colour ({', '.join(names)})", repr(face_name))
    face = names.index(face_name)
    if not back_text:
        return face, -1
    parts = sorted(p.strip() for p in back_text.split(","))
    for part in parts:
        if part not in names:
            raise ScenarioError.at(
                "", where, f"a back of colours from {', '.join(names)}", repr(part)
            )
    cols = sorted(names.index(p) for p in parts)
    if cols not in table.back_colours:
        raise ScenarioError.at("", where, "a back of the deck", repr(back_text))
    back = table.back_colours.index(cols)
    if face not in cols:
        raise ScenarioError.at("", where, "a face colour that is on the card's back", repr(text))
    return face, back


def _take_elsewhere(
    table: DeckTable,
    areas: dict[str, list[int]],
    wanted: dict[str, list[str]],
    face: int,
    back: int,
) -> int:
    """Take a matching card from a place the setup does not name (a tank or score pile)."""
    for area, cards in areas.items():
        if area in wanted or area == "draw_pile":
            continue
        for i in range(len(cards) - 1, -1, -1):
            c = cards[i]
            if table.face[c] == face and back in (-1, table.back[c]):
                del cards[i]
                return c
    return -1


def apply_setup(state: Any, setup: dict[str, Any]) -> None:
    """Apply the setup keys to a fresh state (see the module docs).

    Raises:
        ScenarioError: naming the key path that cannot be applied.
    """
    table: DeckTable = state.table
    n = state.rules.players
    for key in ("tanks", "scored", "lives"):
        if key in setup and len(setup[key]) != n:
            raise ScenarioError.at("", f"setup.{key}", f"a list for each of the {n} players",
                                   f"{len(setup[key])} lists")  # fmt: skip
    areas: dict[str, list[int]] = {"discard": state.discard, "draw_pile": state.pile}
    for p in range(n):
        areas[f"tanks[{p}]"] = state.tanks[p]
        areas[f"scored[{p}]"] = state.scored[p]
    wanted: dict[str, list[str]] = {}
    for key in ("discard", "draw_pile"):
        if key in setup:
            wanted[key] = list(setup[key])
    for key in ("tanks", "scored"):
        for p, cards in enumerate(setup.get(key, [])):
            wanted[f"{key}[{p}]"] = list(cards)
    free = sorted(state.pile + [c for area in wanted for c in areas[area] if area != "draw_pile"])
    free_set = set(free)
    new: dict[str, list[int]] = {}
    for area, names in wanted.items():
        got: list[int] = []
        for i, text in enumerate(names):
            face, back = parse_card(table, text, f"setup.{area}[{i}]")
            card = next(
                (
                    c
                    for c in (reversed(free) if back < 0 else free)
                    if c in free_set and table.face[c] == face and back in (-1, table.back[c])
                ),
                -1,
            )
            if card < 0:
                card = _take_elsewhere(table, areas, wanted, face, back)
            if card < 0:
                raise ScenarioError.at(
                    "", f"setup.{area}[{i}]", "a card that is still free", f"no free {text} left"
                )
            free_set.discard(card)
            got.append(card)
        new[area] = got
    left = [c for c in free if c in free_set]
    state.discard = new.get("discard", state.discard if "discard" not in wanted else [])
    for p in range(n):
        for key, lists in (("tanks", state.tanks), ("scored", state.scored)):
            if f"{key}[{p}]" in new:
                lists[p] = new[f"{key}[{p}]"]
    if "draw_pile" in new:
        state.pile = sorted(new["draw_pile"])
        state.box = sorted(state.box + left)
    else:
        state.pile = left
    if "turn_player" in setup:
        tp = setup["turn_player"]
        if not 0 <= tp < n:
            raise ScenarioError.at("", "setup.turn_player", f"a seat from 0 to {n - 1}", str(tp))
        state.turn_player = tp
    if "lives" in setup:
        if not state.rules.lives:
            raise ScenarioError.at("", "setup.lives", "the option lives", "a game without lives")
        state.lives = list(setup["lives"])
        state.out = [x == 0 for x in state.lives]
    if "holder" in setup:
        if not state.rules.token:
            raise ScenarioError.at(
                "", "setup.holder", "the option power_token", "a game without it"
            )
        if not -1 <= setup["holder"] < n:
            raise ScenarioError.at(
                "", "setup.holder", f"-1 or a seat below {n}", str(setup["holder"])
            )
        state.holder = setup["holder"]
    state.trace = [e for e in state.trace if e.rule != "mt.3.4"]
    if state.tracing:
        tanks = "; ".join(
            f"{state.name(p)}: {', '.join(table.colour(c) for c in state.tanks[p]) or 'empty'}"
            for p in range(n)
        )
        scored = ", ".join(f"{state.name(p)} {len(state.scored[p])}" for p in range(n))
        state._log(
            "mt.2.2",
            f"The scenario rearranges the table. Tanks: {tanks}. Scored: {scored}. "
            f"Draw pile: {len(state.pile)} cards; discard pile: {len(state.discard)}.",
            -1,
            "info",
            "setup",
        )
    state.turn_no = 0
    state.start_turn()


__all__ = ["SETUP_SCHEMA", "apply_setup", "parse_card"]
