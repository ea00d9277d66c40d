"""Scenario ``setup`` keys for Manos (what-if files, tests and notebooks).

The set-up runs as usual first, including the deal of the opening hands and the
Family's first draw (the chance steps are taken with the state's own RNG); then the
keys below rearrange the position, always by moving real cards between places so
every card is still somewhere exactly once (docs/manos.md lists the keys):

* ``turn``: ``family`` (default) or ``manos``: whose turn it is, with two actions left
  and the turn's draw already made.
* ``hands``: ``{family: [card names], manos: [card names]}``: the hand, exactly.
* ``characters``: ``{Michael: {location: Desert, corruption: 1}}``.
* ``escapes``: how many Escape cards the Family has already turned (0 to 3).
* ``search_decks``: ``{Desert: [card names]}``: a Search Deck's cards, exactly.
* ``proximity``: proximity tokens on the Police card (0 to 3).
"""

from __future__ import annotations

from typing import Any

from tutor.core.errors import ScenarioError
from tutor.games.manos.engine.state import ACTIONS, CHARACTERS, FAMILY, MANOS, ManosState

NAMES_LIST = {"type": "array", "items": {"type": "string", "minLength": 1}, "maxItems": 40}
SETUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "turn": {"enum": ["family", "manos"]},
        "hands": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"family": NAMES_LIST, "manos": NAMES_LIST},
        },
        "characters": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "location": {"type": "string"},
                    "corruption": {"type": "integer", "minimum": 0, "maximum": 2},
                },
            },
        },
        "escapes": {"type": "integer", "minimum": 0, "maximum": 3},
        "search_decks": {
            "type": "object",
            "additionalProperties": {**NAMES_LIST, "maxItems": 3},
        },
        "proximity": {"type": "integer", "minimum": 0, "maximum": 3},
    },
}


def deal(state: ManosState) -> None:
    """Take the set-up's chance steps with the state's RNG up to the first choice."""
    while state.decision_kind() == "chance":
        state.apply_legal(state.sample_chance())


def apply_setup(state: ManosState, setup: dict[str, Any]) -> None:
    """Apply checked ``setup`` keys to a fresh state (see the module docs).

    Raises:
        ScenarioError: naming the key that cannot be applied and why.
    """
    deal(state)
    cards = state.game.cards
    if setup.get("turn") == "manos":
        state.side = MANOS
        state.actions_left = ACTIONS
        state.stack = []
    for side, names in (setup.get("hands") or {}).items():
        p = FAMILY if side == "family" else MANOS
        deck = cards.family if p == FAMILY else cards.manos
        by_name = {c.name: c.index for c in deck}
        state.decks[p] = sorted(state.decks[p] + state.hands[p])
        state.hands[p] = []
        for i, name in enumerate(names):
            index = by_name.get(name)
            if index is None:
                raise ScenarioError(
                    f"setup.hands.{side}[{i}]", f"no {side} card is called {name!r}"
                )
            if index not in state.decks[p]:
                raise ScenarioError(
                    f"setup.hands.{side}[{i}]", f"no copy of {name!r} is left in the deck"
                )
            state.decks[p].remove(index)
            state.hands[p].append(index)
        state.hands[p].sort()
        if len(state.hands[p]) > 8:
            raise ScenarioError(f"setup.hands.{side}", "a hand holds at most eight cards")
    names = [c.name for c in cards.characters]
    places = [loc.name for loc in cards.locations]
    for who, spec in (setup.get("characters") or {}).items():
        if who not in names:
            raise ScenarioError(f"setup.characters.{who}", f"no character is called {who!r}")
        c = names.index(who)
        if "location" in spec:
            if spec["location"] not in places:
                raise ScenarioError(
                    f"setup.characters.{who}.location",
                    f"no Location is called {spec['location']!r} ({', '.join(places)})",
                )
            state.loc[c] = places.index(spec["location"])
        if "corruption" in spec:
            state.corruption[c] = int(spec["corruption"])
            state.captured[c] = state.corruption[c] >= 2
    if all(state.captured[c] for c in range(CHARACTERS)):
        raise ScenarioError("setup.characters", "at least one character must be free")
    escape = state.game.escape_index
    for k in range(int(setup.get("escapes", 0))):
        deck = next((d for d in state.search_decks if escape in d), None)
        if deck is None:
            raise ScenarioError("setup.escapes", f"only {k} Escape cards are in the Search Decks")
        deck.remove(escape)
        state.escape_cards.append(escape)
    search_by_name = {c.name: c.index for c in cards.search}
    for place, wanted in (setup.get("search_decks") or {}).items():
        if place not in places or not cards.locations[places.index(place)].search:
            raise ScenarioError(f"setup.search_decks.{place}", "not a Location with a Search Deck")
        d = places.index(place)
        pool = state.search_removed
        pool += state.search_decks[d]
        state.search_decks[d] = []
        for i, name in enumerate(wanted):
            index = search_by_name.get(name)
            source = next(
                (z for z in [pool, *state.search_decks] if index is not None and index in z), None
            )
            if index is None or source is None:
                raise ScenarioError(
                    f"setup.search_decks.{place}[{i}]", f"no unseen Search card {name!r} is left"
                )
            source.remove(index)
            state.search_decks[d].append(index)
        state.search_decks[d].sort()
        state.search_removed = sorted(pool)
    if "proximity" in setup:
        state.proximity = int(setup["proximity"])
    problems = state.game.check_invariants(state)
    if problems:
        raise ScenarioError("setup", problems[0])


__all__ = ["SETUP_SCHEMA", "apply_setup", "deal"]
