"""What each Manos player may see, the invariants, hidden variants and determinized worlds.

Hidden: each player's hand (from the other player), the order of every deck (from
everyone: decks are unordered in the state), and the contents of the Search Decks
(from both players; only their sizes show).  The two Search cards removed unseen at
set-up stay unknown.  Everything played or discarded is face up.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tutor.core.rng import Rng
from tutor.core.visibility import decision_record
from tutor.games.manos.cards import STAT_NAMES
from tutor.games.manos.engine.frames import ChallengeFrame, LimitFrame, PlayFrame
from tutor.games.manos.engine.state import (
    CHARACTERS,
    FAMILY,
    MANOS,
    SIDES,
    ManosState,
    escalation,
)

if TYPE_CHECKING:
    from tutor.games.manos.game import ManosGame


def _names(state: ManosState, p: int, cards: list[int]) -> list[str]:
    return [state.cname(p, c) for c in cards]


def challenge_view(state: ManosState) -> dict[str, Any] | None:
    """The challenge under way (public: every card in it is face up), or None."""
    for f in reversed(state.stack):
        if isinstance(f, ChallengeFrame):
            fam = state.game.cards.family
            return {
                "card": state.cname(MANOS, f.card) if f.card >= 0 else "Search",
                "target": state.char(f.target),
                "stat": STAT_NAMES[f.stat],
                "rating": state.rating_now(f),
                "efforts": [fam[e].name for e in f.efforts],
                "boosts": len(f.boosts),
                "effort": state.effort_now(f) if f.efforts else None,
                "location": state.place(f.location) if f.location >= 0 else None,
            }
    return None


def view(state: ManosState, player: int | None) -> dict[str, Any]:
    """What ``player`` may see (``None``: the tutor sees everything)."""
    cards = state.game.cards
    over = state.result is not None
    outcome = state.outcome()
    players = []
    for p in (FAMILY, MANOS):
        sees = player is None or player == p
        players.append(
            {
                "name": SIDES[p],
                "hand": _names(state, p, state.hands[p]) if sees else None,
                "hand_size": len(state.hands[p]),
                "deck_size": len(state.decks[p]),
                "deck": _names(state, p, state.decks[p]) if player is None else None,
                "discard": _names(state, p, state.discards[p]),
            }
        )
    played = [
        {"by": SIDES[f.player], "card": state.cname(f.player, f.card)}
        for f in state.stack
        if isinstance(f, PlayFrame)
    ]
    search = cards.search
    return {
        "game": "manos",
        "viewer": player,
        "round": state.round_no,
        "turn": SIDES[state.side],
        "phase": state.phase,
        "actions_left": state.actions_left,
        "decision": decision_record(state.decision, player),
        "characters": [
            {
                "name": ch.name,
                "stats": dict(zip(STAT_NAMES, ch.stats, strict=True)),
                "location": state.place(state.loc[c])[4:],
                "corruption": state.corruption[c],
                "captured": state.captured[c],
                "relocated": state.relocated[c],
                "searched": state.searched[c],
            }
            for c, ch in enumerate(cards.characters)
        ],
        "locations": [
            {
                "name": loc.name,
                "stat": STAT_NAMES[loc.stat] if loc.stat >= 0 else None,
                "search_deck": len(state.search_decks[loc.index]) if loc.search else None,
                "search_cards": (
                    [search[i].name for i in state.search_decks[loc.index]]
                    if loc.search and player is None
                    else None
                ),
                "searched_this_turn": loc.index in state.searched_here,
                "adjacent": [cards.locations[j].name for j in state.game.adjacent[loc.index]],
            }
            for loc in cards.locations
        ],
        "escapes": state.escapes(),
        "escalation": 0 if state.showdown_on else escalation(state.escapes()),
        "lair_escape": state.lair_escape,
        "search_discard": [search[i].name for i in state.search_discard],
        "search_removed": len(state.search_removed),
        "players": players,
        "challenge": challenge_view(state),
        "played": played,
        "police": (
            {
                "proximity": state.proximity,
                "deck_size": len(state.police_deck),
                "discard": [cards.police[i].name for i in state.police_discard],
            }
            if state.game.police
            else None
        ),
        "showdown": (
            {
                "deck_size": len(state.showdown_deck),
                "turned": [cards.showdown[i].name for i in state.showdown_discard],
                "under_way": state.showdown_on,
            }
            if state.game.showdown
            else None
        ),
        "outcome": outcome.to_dict() if outcome else None,
        "game_over": over,
        "trace": state.trace_for(player),
    }


# ------------------------------------------------------------------------ invariants
def invariants(state: ManosState) -> list[str]:
    """Every conservation law and limit of a position, as sentences (empty: all hold)."""
    problems: list[str] = []
    cards = state.game.cards
    played = state.in_play()
    for p, deck in ((FAMILY, cards.family), (MANOS, cards.manos)):
        count: Counter[int] = Counter(state.hands[p] + state.decks[p] + state.discards[p])
        count.update(c for q, c in played if q == p)
        want = {c.index: c.copies for c in deck}
        if dict(count) != {k: v for k, v in want.items() if v}:
            problems.append(f"{SIDES[p]} cards were created or lost: {dict(count)}")
        for zone in (state.hands[p], state.decks[p], state.discards[p]):
            if zone != sorted(zone):
                problems.append(f"a {SIDES[p]} card zone is not kept sorted")
    seen: Counter[int] = Counter(state.search_discard + state.search_removed + state.escape_cards)
    for d in state.search_decks:
        seen.update(d)
        if len(d) > 3:
            problems.append("a Search Deck holds more than three cards")
    if state.lair_escape:
        seen[state.game.escape_index] += 1
    if dict(seen) != {c.index: c.copies for c in cards.search}:
        problems.append(f"Search cards were created or lost: {dict(seen)}")
    if state.game.police:
        police = Counter(state.police_deck + state.police_discard)
        if dict(police) != {c.index: c.copies for c in cards.police}:
            problems.append(f"Police Event cards were created or lost: {dict(police)}")
    if not 0 <= state.proximity <= 3:
        problems.append(f"proximity {state.proximity} is outside 0..3")
    for c in range(CHARACTERS):
        if not 0 <= state.corruption[c] <= 2:
            problems.append(f"character {c} has {state.corruption[c]} corruption tokens")
        if state.captured[c] != (state.corruption[c] >= 2):
            problems.append(f"character {c}: captured does not match two corruption tokens")
        if not 0 <= state.loc[c] < 5:
            problems.append(f"character {c} is off the map")
    if state.escapes() > 4:
        problems.append("more than four Escape cards collected")
    limited = any(isinstance(f, LimitFrame) for f in state.stack)
    for p in (FAMILY, MANOS):
        if len(state.hands[p]) > state.hand_limit() and not limited and state.result is None:
            pending = any(f.kind == 0 for f in state.stack)  # the deal is still under way
            if not pending:
                problems.append(f"{SIDES[p]} holds more than eight cards")
    if state.actions_left < 0:
        problems.append("a negative number of actions is left")
    if state.result is not None and state.stack:
        problems.append("a finished game still has pending steps")
    return problems


# ------------------------------------------------------------------------ hidden info
def hidden_variants(state: ManosState, player: int) -> list[tuple[str, ManosState]]:
    """Copies differing only in what ``player`` cannot see: the other hand, Search Decks."""
    out: list[tuple[str, ManosState]] = []
    if state.result is not None:
        return out
    q = 1 - player
    hand, deck = state.hands[q], state.decks[q]
    if hand:
        other = next((c for c in deck if c != hand[0]), None)
        if other is not None:
            v = state.clone()
            v.hands[q].remove(hand[0])
            v.hands[q].append(other)
            v.hands[q].sort()
            v.decks[q].remove(other)
            v.decks[q].append(hand[0])
            v.decks[q].sort()
            out.append((f"the {SIDES[q]} hand", v))
    decks = state.search_decks
    for i in range(4):
        if not decks[i]:
            continue
        a = decks[i][0]
        for j in range(i + 1, 4):
            b = next((x for x in decks[j] if x != a), None)
            if b is not None:
                v = state.clone()
                v.search_decks[i].remove(a)
                v.search_decks[i].append(b)
                v.search_decks[i].sort()
                v.search_decks[j].remove(b)
                v.search_decks[j].append(a)
                v.search_decks[j].sort()
                out.append(("the Search Decks' contents", v))
                return out
    return out


def determinize(state: ManosState, player: int, rng: Rng) -> ManosState:
    """Deal again, at random, everything ``player`` cannot see, consistently with their view.

    Raises:
        ValueError: if ``player`` is not 0 or 1.
    """
    if player not in (FAMILY, MANOS):
        raise ValueError(f"player {player} is not in this game (0 Family, 1 Manos)")
    world = state.clone()
    world.trace = []
    world.tracing = False
    world.rng = Rng(rng.next_u64())
    q = 1 - player
    pool = sorted(state.hands[q] + state.decks[q])
    rng.shuffle(pool)
    n = len(state.hands[q])
    world.hands[q] = sorted(pool[:n])
    world.decks[q] = sorted(pool[n:])
    # The Search Decks: the Escape and No Progress cards left in them are known by count;
    # which "other" cards are in them (rather than removed unseen) is not.
    cards = state.game.cards.search
    in_decks = [c for d in state.search_decks for c in d]
    fixed = sorted(c for c in in_decks if cards[c].kind != "other")
    others = sorted([c for c in in_decks if cards[c].kind == "other"] + state.search_removed)
    k = sum(1 for c in in_decks if cards[c].kind == "other")
    rng.shuffle(others)
    mix = fixed + others[:k]
    world.search_removed = sorted(others[k:])
    rng.shuffle(mix)
    start = 0
    for d in range(4):
        size = len(state.search_decks[d])
        world.search_decks[d] = sorted(mix[start : start + size])
        start += size
    return world


# ------------------------------------------------------------------------ saved states
def state_schema(game: ManosGame) -> dict[str, Any]:
    """A JSON Schema for :meth:`ManosState.to_dict` output of ``game``."""
    fam = len(game.cards.family) - 1
    man = len(game.cards.manos) - 1
    idx = {"type": "integer", "minimum": 0, "maximum": 64}

    def ints(maximum: int, low: int = 0) -> dict[str, Any]:
        return {"type": "array", "items": {"type": "integer", "minimum": low, "maximum": maximum}}

    pair_hands = {
        "type": "array",
        "minItems": 2,
        "maxItems": 2,
        "prefixItems": [ints(fam), ints(man)],
    }
    chars = {"type": "array", "minItems": 3, "maxItems": 3}
    return {
        "type": "object",
        "required": ["game", "stack", "rng", "hands", "decks", "discards", "search_decks"],
        "properties": {
            "game": {"const": "manos"},
            "loc": {**chars, "items": {"type": "integer", "minimum": 0, "maximum": 4}},
            "corruption": {**chars, "items": {"type": "integer", "minimum": 0, "maximum": 2}},
            "captured": {**chars, "items": {"type": "boolean"}},
            "relocated": {**chars, "items": {"type": "boolean"}},
            "searched": {**chars, "items": {"type": "boolean"}},
            "hands": pair_hands,
            "decks": pair_hands,
            "discards": pair_hands,
            "search_decks": {"type": "array", "minItems": 4, "maxItems": 4, "items": ints(64)},
            "search_discard": ints(64),
            "search_removed": ints(64),
            "escape_cards": ints(64),
            "searched_here": ints(4),
            "police_deck": ints(64),
            "police_discard": ints(64),
            "showdown_deck": ints(64),
            "showdown_discard": ints(64),
            "round_no": {**idx, "minimum": 1, "maximum": 100000},
            "side": {"enum": [0, 1]},
            "actions_left": {"type": "integer", "minimum": 0, "maximum": 20},
            "drew": {"type": "boolean"},
            "lair_escape": {"type": "boolean"},
            "lair_taken": {"type": "boolean"},
            "proximity": {"type": "integer", "minimum": 0, "maximum": 3},
            "showdown_on": {"type": "boolean"},
            "steps": {"type": "integer", "minimum": 0},
            "result": {"type": ["object", "null"]},
            "stack": {"type": "array", "items": {"type": "array"}},
            "rng": {"type": "integer", "minimum": 0},
            "tracing": {"type": "boolean"},
            "trace": {"type": "array"},
        },
    }


__all__ = ["challenge_view", "determinize", "hidden_variants", "invariants", "state_schema", "view"]
