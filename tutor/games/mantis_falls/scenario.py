"""Scenario ``setup`` keys for Mantis Falls: put a position on the table for a what-if.

Applied after normal setup (same seed), before the first turn starts.  Each key is
documented in docs/mantis_falls.md; every problem raises ScenarioError naming the
key path (``setup.players[1].hand[2]``) and what is wrong.
"""

from __future__ import annotations

from typing import Any

from tutor.core.errors import ScenarioError
from tutor.games.mantis_falls.engine import roads
from tutor.games.mantis_falls.state import END, START, TURN_FRAMES, MantisFallsState

_NAMES = {"type": "array", "items": {"type": "string", "minLength": 1}}
_PLAYER_SETUP = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "properties": {
        "position": {
            "type": "integer",
            "minimum": START,
            "maximum": END,
            "expected": f"a road position from {START} (the Start) to {END} (the End)",
        },
        "wounds": {"type": "integer", "minimum": 0},
        "character": {
            "type": "string",
            "minLength": 1,
            "expected": "a character card's name or id (Full Circle only)",
        },
        "character_face_up": {"type": "boolean"},
        "gasps": {
            "type": "integer",
            "minimum": 0,
            "maximum": 2,
            "expected": "a whole number from 0 to 2 (a third gasp is death)",
        },
        "role": {"enum": ["witness", "assassin"]},
        "hand": _NAMES,
        "conditions": _NAMES,
        "allies": _NAMES,
        # Under the Rose (topic 23): the agent as [Horizon id, Sky id] (null: paid off)
        # and the cards buried under the player's rose.
        "agent": {
            "type": ["array", "null"],
            "items": {"type": "string", "minLength": 1},
            "minItems": 2,
            "maxItems": 2,
            "expected": "[Horizon card id, Sky card id], or null for an agent paid off",
        },
        "buried": _NAMES,
    },
}
SETUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "players": {
            "type": "array",
            "maxItems": 3,
            "items": _PLAYER_SETUP,
            "expected": "at most one entry per player (2, or 3 with Triad)",
        },
        "turn_player": {
            "type": "integer",
            "minimum": 0,
            "maximum": 2,
            "expected": "a player index: 0 or 1 (0, 1 or 2 with three players)",
        },
        "conserved": {
            **_NAMES,
            "maxItems": 4,
            "expected": "at most 4 cards: Conserved Energy has only four spaces",
        },
        "event_deck_top": _NAMES,
        "action_deck_top": _NAMES,
        "roads_face_up": {"type": "boolean"},
        "road_order": {
            **_NAMES,
            "minItems": 12,
            "maxItems": 12,
            "expected": "the 12 region roads, sunset row first",
        },
    },
}
"""The shape of a scenario's ``setup`` (docs/mantis_falls.md); apply_setup checks the rest."""
SETUP_KEYS = set(SETUP_SCHEMA["properties"])
PLAYER_KEYS = set(_PLAYER_SETUP["properties"])


def _int(value: int, where: str, low: int, high: int) -> int:
    if not low <= value <= high:
        raise ScenarioError(where, f"expected a whole number from {low} to {high}, found {value!r}")
    return value


def _action_places(s: MantisFallsState) -> list[list[int]]:
    return [
        s.action_top,
        s.action_pile,
        s.action_discard,
        s.night,
        s.dark,
        s.conserved,
        *s.hands,
        *s.conditions,
        *s.buried,
    ]


def _take_action(
    s: MantisFallsState, name: Any, where: str, protect: list[int], placed: set[int]
) -> int:
    """Remove an action card (by name or id) from wherever it lies.

    Cards this scenario already placed (``placed``) and the list being filled
    (``protect``) are never taken back.
    """
    wanted = str(name).lower()
    matches = [c.index for c in s.cards.actions if wanted in (c.name.lower(), c.id.lower())]
    if not matches:
        known = sorted({c.name for c in s.cards.actions})
        raise ScenarioError(where, f"no action card named {name!r}; cards: {', '.join(known)}")
    for place in _action_places(s):
        if place is protect:
            continue
        for c in matches:
            if c in place and c not in placed:
                place.remove(c)
                placed.add(c)
                return c
    raise ScenarioError(where, f"every copy of {name!r} is already placed by this scenario")


def _take_event(s: MantisFallsState, name: Any, where: str) -> int:
    wanted = str(name).lower()
    for place in (s.event_pile, s.event_discard, s.event_bottom):
        for e in place:
            card = s.cards.events[e]
            if wanted in (card.name.lower(), card.id.lower()):
                place.remove(e)
                return e
    known = sorted({e.name for e in s.cards.events})
    raise ScenarioError(
        where, f"no event named {name!r} left in the event deck; events: {', '.join(known)}"
    )


def _take_ally(s: MantisFallsState, name: Any, where: str, protect: list[int]) -> int:
    wanted = str(name).lower()
    for place in [s.ally_deck, *s.allies]:
        if place is protect:
            continue
        for a in place:
            card = s.cards.allies[a]
            if wanted in (card.name.lower(), card.id.lower()):
                place.remove(a)
                return a
    raise ScenarioError(where, f"no ally card named {name!r} is available")


def _set_character(s: MantisFallsState, p: int, entry: dict[str, Any], where: str) -> None:
    """Full Circle: give player ``p`` a character from the deal, face down or up.

    Raises:
        ScenarioError: without the module, or for a character not in the deal.
    """
    if not s.game.full_circle:
        raise ScenarioError(
            f"{where}.character", "characters are dealt only with the Full Circle module"
        )
    if "character" in entry:
        name = entry["character"]
        cards = s.cards.character_cards
        found = [
            c for c in sorted(set(s.game.character_pool)) if name in (cards[c].id, cards[c].name)
        ]
        if not found:
            known = ", ".join(sorted({cards[c].name for c in s.game.character_pool}))
            raise ScenarioError(f"{where}.character", f"{name!r} is not dealt ({known})")
        s.characters[p] = found[0]
        s.max_wounds[p] = cards[found[0]].max_wounds
    if "character_face_up" in entry:
        s.character_shown[p] = bool(entry["character_face_up"])


def _set_agent(
    s: MantisFallsState, p: int, entry: dict[str, Any], where: str, placed: set[int]
) -> None:
    """The ``agent`` and ``buried`` keys of Under the Rose (topic 23)."""
    rose = s.game.rose
    if rose is None:
        key = "agent" if "agent" in entry else "buried"
        raise ScenarioError(
            f"{where}.{key}", "the Under the Rose module: add modules: [under_the_rose]"
        )
    if "agent" in entry:
        agent = entry["agent"]
        if agent is None:
            s.agent_horizon[p] = s.agent_sky[p] = -1
            s.action_pile.extend(s.buried[p])  # no rose, nothing buried
            s.buried[p] = []
        else:
            for k, (cards, kind) in enumerate(((rose.horizons, "Horizon"), (rose.skies, "Sky"))):
                ids = [c.id for c in cards]
                if agent[k] not in ids:
                    raise ScenarioError(
                        f"{where}.agent[{k}]",
                        f"no {kind} card {agent[k]!r}; {kind} cards: {', '.join(ids)}",
                    )
                index = ids.index(agent[k])
                owner = s.agent_horizon if k == 0 else s.agent_sky
                if index in owner[:p]:
                    raise ScenarioError(f"{where}.agent[{k}]", f"{agent[k]!r} is already dealt")
                if index in owner[p + 1 :]:
                    q = owner.index(index)
                    owner[q] = owner[p]  # swap with the player who had it
                owner[p] = index
    if "buried" in entry:
        s.action_pile.extend(s.buried[p])
        s.buried[p] = []
        for i, name in enumerate(entry["buried"]):
            s.buried[p].append(_take_action(s, name, f"{where}.buried[{i}]", s.buried[p], placed))
    if s.agent_horizon[p] < 0 and s.buried[p]:
        raise ScenarioError(f"{where}.buried", "a player whose agent is paid off has no rose")


def _log_agents(s: MantisFallsState) -> None:
    """Replace the setup's agent lines (mf.23.2, mf.23.4) with the scenario's agents."""
    s.trace = [e for e in s.trace if e.rule not in ("mf.23.2", "mf.23.4")]
    rose = s.game.rose
    if not s.tracing or rose is None:
        return
    for p in range(s.game.num_players):
        who = s.name(p)
        if s.agent_horizon[p] < 0:
            s._log("mf.23.2", f"Scenario: {who}'s agent is already paid off.", p)
            continue
        name = rose.agent_name(s.agent_horizon[p], s.agent_sky[p])
        buried = ", ".join(s.card_label(c) for c in s.buried[p]) or "nothing"
        s._log("mf.23.2", f"Scenario: {who}'s agent is {name}.", p)
        s._log(
            "mf.23.4",
            f"Scenario: {who} has {buried} buried under their rose.",
            p,
            visible_to=(p,),
            public_text=f"Scenario: {who} has {len(s.buried[p])} cards buried under their rose.",
            public_rule="mf.23.3",
        )


def apply_setup(s: MantisFallsState, setup: dict[str, Any]) -> None:
    """Apply the scenario ``setup`` mapping to a freshly set-up state.

    Raises:
        ScenarioError: naming the key path and the problem.
    """
    notes: list[str] = []
    placed: set[int] = set()
    # Seats first, before anything changes: one entry and one turn per player at most.
    n = s.game.num_players
    if len(setup.get("players", [])) > n:
        raise ScenarioError(
            "setup.players", f"{len(setup['players'])} entries for a {n}-player game"
        )
    if setup.get("turn_player", 0) >= n:
        raise ScenarioError(
            "setup.turn_player", f"no player {setup['turn_player']} in a {n}-player game"
        )
    if "road_order" in setup:
        order = setup["road_order"]
        by_name = {r.name.lower(): r.index for r in s.cards.roads}
        by_name.update({r.id.lower(): r.index for r in s.cards.roads})
        layout = [s.road_at[START]]
        for i, name in enumerate(order):
            idx = by_name.get(str(name).lower())
            want = ("sunset", "night", "dark")[i // 4]
            if idx is None or s.cards.roads[idx].region != want:
                raise ScenarioError(
                    f"setup.road_order[{i}]", f"expected a {want} road, found {name!r}"
                )
            layout.append(idx)
        if len(set(layout)) != len(layout):
            raise ScenarioError("setup.road_order", "a road appears twice")
        layout.append(s.road_at[END])
        s.road_at = layout
        s.removed_roads = sorted(set(range(len(s.cards.roads))) - set(layout))
        notes.append("road order set")
    if setup.get("roads_face_up"):
        s.face_up = [True] * (END + 1)
        notes.append("every road face up")
    players = setup.get("players", [])
    for p, entry in enumerate(players):
        where = f"setup.players[{p}]"
        if entry is None:
            continue
        if "position" in entry:
            pos = entry["position"]
            if s.road(pos).broken:
                raise ScenarioError(f"{where}.position", "nobody can stand on the Broken Road")
            s.pos[p] = pos
            s.face_up[pos] = True  # mf.10.3: a road a piece has reached was already turned up
        if "character" in entry or "character_face_up" in entry:
            _set_character(s, p, entry, where)
        if "wounds" in entry:
            s.wounds[p] = _int(entry["wounds"], f"{where}.wounds", 0, s.max_wounds[p] - 1)
        if "gasps" in entry:
            s.gasps[p] = entry["gasps"]
        if "role" in entry:
            s.roles[p] = entry["role"]
        if "hand" in entry:
            names = entry["hand"]
            s.action_pile.extend(s.hands[p])
            s.hands[p] = []
            for i, name in enumerate(names):
                s.hands[p].append(_take_action(s, name, f"{where}.hand[{i}]", s.hands[p], placed))
            s.action_pile.sort()
        if "conditions" in entry:
            for i, name in enumerate(entry["conditions"]):
                c = _take_action(s, name, f"{where}.conditions[{i}]", s.conditions[p], placed)
                if s.cards.actions[c].condition is None:
                    raise ScenarioError(
                        f"{where}.conditions[{i}]",
                        f"{name!r} is not a card that can be kept as a condition",
                    )
                s.conditions[p].append(c)
        if "allies" in entry:
            s.ally_deck.extend(s.allies[p])
            s.allies[p] = []
            for i, name in enumerate(entry["allies"]):
                s.allies[p].append(_take_ally(s, name, f"{where}.allies[{i}]", s.allies[p]))
            s.ally_deck.sort()
        if "agent" in entry or "buried" in entry:
            _set_agent(s, p, entry, where, placed)
    if s.roles.count("assassin") > 1:
        raise ScenarioError("setup.players", "a game has at most one assassin")
    if s.roles.count("assassin") == 1 and s.removed_role == "assassin":
        s.removed_role = "witness"
    elif s.roles.count("assassin") == 0:
        s.removed_role = "assassin"
    if "conserved" in setup:
        names = setup["conserved"]
        s.action_pile.extend(s.conserved)
        s.conserved = []
        for i, name in enumerate(names):
            s.conserved.append(_take_action(s, name, f"setup.conserved[{i}]", s.conserved, placed))
    if "action_deck_top" in setup:
        for i, name in enumerate(setup["action_deck_top"]):
            s.action_top.append(
                _take_action(s, name, f"setup.action_deck_top[{i}]", s.action_top, placed)
            )
    if "event_deck_top" in setup:
        for i, name in enumerate(setup["event_deck_top"]):
            s.event_top.append(_take_event(s, name, f"setup.event_deck_top[{i}]"))
    reordered = False
    if "turn_player" in setup:
        first = setup["turn_player"]
        reordered = first != s.first_player
        old_last, new_last = (s.first_player - 1) % n, (first - 1) % n
        s.first_player = s.turn_player = first
        explicit = [bool(e and "allies" in e) for e in players]
        if reordered and not any(explicit):
            # The setup ally belongs to whoever goes last (mf.6.4): hand it over.
            s.allies[old_last], s.allies[new_last] = s.allies[new_last], s.allies[old_last]
    s.action_pile.sort()
    # Restart the first turn so it begins from the new position.
    s.trace = [
        e
        for e in s.trace
        if e.phase == "setup" and not (reordered and e.rule in ("mf.6.3", "mf.6.4", "mf.14.3"))
    ]
    if reordered and s.tracing:
        last = (s.first_player - 1) % n
        s._log("mf.6.3", f"The scenario sets {s.name(s.first_player)} to go first.")
        s._log("mf.6.4", f"{s.name(last)}, who now goes last, holds the setup ally card.", last)
    if any(players):
        # The random deal's private lines (hands, roles, allies) may no longer hold:
        # replace them with what each player now holds.
        stale = ("mf.5.7", "mf.6.1", "mf.14.3", "mf.14.4")
        s.trace = [e for e in s.trace if e.rule not in stale]
        if s.tracing:
            for p in range(n):
                who = s.name(p)
                hand = ", ".join(s.card_label(c) for c in s.hands[p]) or "no cards"
                s._log(
                    "mf.5.7",
                    f"Scenario: {who} holds {hand}.",
                    p,
                    visible_to=(p,),
                    public_text=f"Scenario: {who} holds {len(s.hands[p])} action cards.",
                )
                s._log(
                    "mf.6.1",
                    f"Scenario: {who}'s role is {s.roles[p]}.",
                    p,
                    visible_to=(p,),
                    public_text=f"Scenario: {who} has a hidden role.",
                )
                allies = ", ".join(sorted(s.cards.allies[a].name for a in s.allies[p]))
                if allies:
                    s._log(
                        "mf.14.3",
                        f"Scenario: {who}'s ally cards: {allies} (complete: "
                        f"{', '.join(s.complete_allies(p)) or 'none'}).",
                        p,
                        visible_to=(p,),
                        public_text=f"Scenario: {who} has {len(s.allies[p])} ally cards; "
                        f"complete: {', '.join(s.complete_allies(p)) or 'none'}.",
                    )
    if any(e and ("agent" in e or "buried" in e) for e in players):
        _log_agents(s)
    if "road_order" in setup:
        # The random layout's note about a removed Broken Road (mf.10.9) may no longer hold.
        s.trace = [e for e in s.trace if e.rule != "mf.10.9"]
    s.turn_no = 0
    s.phase = "setup"
    s.stack = [TURN_FRAMES[0]]
    s._legal = None
    roads.update_visibility(s)
    if s.tracing:
        s._log(
            "mf.5.11",
            "Scenario setup applied: "
            + (", ".join(notes) or "positions, hands and decks as the scenario describes")
            + ".",
        )
        if s.broken_pos < 0:
            s._log(
                "mf.10.9",
                "The Broken Road is not among the roads in play: nobody will reach the Actions "
                "by the Night this game.",
            )
    s._run()
