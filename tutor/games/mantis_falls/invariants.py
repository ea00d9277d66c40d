"""Conservation laws and limits a Mantis Falls state must obey after every step.

The conformance tests (tests/test_conformance.py) play many random games and call
:func:`invariants` after every action: a card that is duplicated or lost, a wound
counter past its maximum or a draw phase that overfills a hand shows up at the very
step that caused it.  :func:`hidden_variants` builds copies of a state that differ
only in what one player may not see, so the tests can prove that player's view does
not depend on it.

Rule references in comments (topic.number) point at rulesets/mantis_falls/rules.yaml.
"""

from __future__ import annotations

from typing import Any

from tutor.games.mantis_falls.engine.data import PER_PLAYER_FIELDS
from tutor.games.mantis_falls.state import (
    CE_SPACES,
    CHANCE_FRAMES,
    DECISION_FRAMES,
    END,
    MAX_GASPS,
    PHASE_TITLES,
    START,
    Frame,
    MantisFallsState,
)

_REGION_OF_POSITION = ["start"] + ["sunset"] * 4 + ["night"] * 4 + ["dark"] * 4 + ["end"]


def _exactly_once(kind: str, total: int, places: list[tuple[str, list[int]]]) -> list[str]:
    """Every index 0..total-1 lies in exactly one of ``places``; nothing else does."""
    where: dict[int, list[str]] = {}
    for name, cards in places:
        for c in cards:
            where.setdefault(c, []).append(name)
    problems = []
    for c in range(total):
        found = where.get(c, [])
        if len(found) != 1:
            problems.append(f"{kind} card #{c} is in {len(found)} places: {found or 'none'}")
    for c in sorted(set(where) - set(range(total))):
        problems.append(f"unknown {kind} card #{c!r} in {where[c]}")
    return problems


def _action_places(s: MantisFallsState) -> list[tuple[str, list[int]]]:
    places = [
        ("action_pile", s.action_pile),
        ("action_top", s.action_top),
        ("action_discard", s.action_discard),
        ("conserved", s.conserved),
        ("night", s.night),
        ("dark", s.dark),
        ("gasp_play", s.gasp_play),
    ]
    for p in range(s.game.num_players):
        places += [
            (f"hands[{p}]", s.hands[p]),
            (f"plays[{p}]", s.plays[p]),
            (f"conditions[{p}]", s.conditions[p]),
            (f"buried[{p}]", s.buried[p]),  # Under the Rose (topic 23)
        ]
    return places


def _cards(s: MantisFallsState) -> list[str]:
    """Topic 1 and 19: cards move between places but are never created or lost."""
    n = s.game.num_players
    problems = _exactly_once("action", len(s.cards.actions), _action_places(s))
    current = [s.event] if s.event >= 0 else []
    problems += _exactly_once(
        "event",
        len(s.cards.events),
        [
            ("event_pile", s.event_pile),
            ("event_top", s.event_top),
            ("event_bottom", s.event_bottom),
            ("event_discard", s.event_discard),
            ("current event", current),
        ],
    )
    problems += _exactly_once(
        "ally",
        len(s.cards.allies),
        [("ally_deck", s.ally_deck)] + [(f"allies[{p}]", s.allies[p]) for p in range(n)],
    )
    if len(s.conserved) > CE_SPACES:  # 15.1: four spaces
        problems.append(f"Conserved Energy holds {len(s.conserved)} cards (at most {CE_SPACES})")
    if s.event_top_known and not s.event_top:
        problems.append("a player is said to know the top event, but no event is set on top")
    if any(p not in range(n) for p in s.event_top_known):
        problems.append(f"event_top_known names a non-player: {s.event_top_known}")
    return problems


def _roads(s: MantisFallsState) -> list[str]:
    """Topics 5 and 10: fourteen distinct roads in region order; the road ahead is visible."""
    problems = []
    roads = s.cards.roads
    if len(s.road_at) != END + 1 or len(set(s.road_at)) != END + 1:
        return [f"road_at must hold {END + 1} distinct roads, found {s.road_at}"]
    if set(s.road_at) & set(s.removed_roads):
        problems.append("a road is both on the table and removed")
    if set(s.road_at) | set(s.removed_roads) != set(range(len(roads))):
        problems.append("some road is neither on the table nor removed")
    for q, r in enumerate(s.road_at):
        if roads[r].region != _REGION_OF_POSITION[q]:
            problems.append(
                f"position {q} holds the {roads[r].region} road {roads[r].name}, "
                f"expected a {_REGION_OF_POSITION[q]} road"
            )
    if len(s.face_up) != END + 1 or not (s.face_up[START] and s.face_up[END]):
        problems.append("the Start and the End must be face up")
        return problems
    for p in range(s.game.num_players):
        pos = s.pos[p]
        if not START <= pos <= END:
            problems.append(f"player {p} is off the road at position {pos}")
            continue
        if roads[s.road_at[pos]].broken:  # 10.7: nobody stands on the Broken Road
            problems.append(f"player {p} stands on the Broken Road")
        for q in (pos, pos + 1):  # 10.3: own road and the one ahead are face up
            if q <= END and not s.face_up[q]:
                problems.append(f"road {q} next to player {p} (at {pos}) is still face down")
    return problems


def _character(s: MantisFallsState, p: int, at_max: bool) -> list[str]:
    """Topics 16 and 21: the character card sets the maximum; it is face up in the base
    game, and with Full Circle from the moment its player reaches that maximum."""
    cards = s.cards.character_cards
    if not 0 <= s.characters[p] < len(cards):
        return [f"player {p}'s character is card #{s.characters[p]}, not a character card"]
    card = cards[s.characters[p]]
    problems = []
    if s.max_wounds[p] != card.max_wounds:
        problems.append(
            f"player {p}'s maximum is {s.max_wounds[p]} but their {card.name} has {card.max_wounds}"
        )
    if not s.character_shown[p] and (at_max or not s.game.full_circle):
        why = "at maximum wounds (21.3)" if at_max else "without Full Circle (5.10)"
        problems.append(f"player {p}'s character is face down {why}")
    if s.game.full_circle and s.characters[p] not in s.game.character_pool:
        problems.append(f"player {p}'s {card.name} is not among the characters dealt (21.2)")
    return problems


def _players(s: MantisFallsState) -> list[str]:
    """Topics 5, 16-18: roles, wounds, gasp markers and death are consistent."""
    problems = []
    n = s.game.num_players
    deck = sorted(["assassin", "witness", "witness", *s.cards.triad_roles])
    if sorted([*s.roles, s.removed_role]) != deck:
        problems.append(
            f"roles {s.roles} + removed {s.removed_role!r} are not the role deck {deck}"
        )
    for p in range(n):
        if not 0 <= s.wounds[p] <= s.max_wounds[p]:
            problems.append(f"player {p} has {s.wounds[p]} wounds (0..{s.max_wounds[p]})")
        if not 0 <= s.gasps[p] <= MAX_GASPS:
            problems.append(f"player {p}'s gasp marker is {s.gasps[p]} (0..{MAX_GASPS})")
        if s.dead[p] and s.gasps[p] < 1:  # 18.1: only a Last Gasp kills
            problems.append(f"player {p} is dead without having made a Last Gasp")
        if not s.dead[p] and s.gasps[p] >= MAX_GASPS:  # the last gasp marker space kills
            problems.append(f"player {p} is alive with the gasp marker at {s.gasps[p]}")
        if not 0 <= s.revealed[p] <= len(s.plays[p]):
            problems.append(f"player {p} revealed {s.revealed[p]} of {len(s.plays[p])} cards")
        at_max = s.wounds[p] >= s.max_wounds[p]
        problems += _character(s, p, at_max)
        waiting = p in s.gasp_due or s.in_gasp == p
        if at_max and not s.dead[p] and s.result is None and not waiting:
            problems.append(f"player {p} is at maximum wounds with no Last Gasp pending (16.3)")
    if s.in_gasp not in (-1, *range(n)):
        problems.append(f"in_gasp is {s.in_gasp}")
    elif s.in_gasp >= 0 and s.dead[s.in_gasp]:  # 17.1: the living make a Last Gasp
        problems.append(f"player {s.in_gasp} is making a Last Gasp but is dead")
    if any(q in range(n) and s.dead[q] for q in s.gasp_due):
        problems.append(f"gasp_due {s.gasp_due} names a dead player")
    if s.in_gasp < 0 and (s.gasp_play or s.gasp_revealed):
        problems.append("a Last Gasp play lies on the table but nobody is gasping")
    if not 0 <= s.gasp_revealed <= len(s.gasp_play):
        problems.append(f"{s.gasp_revealed} of {len(s.gasp_play)} Last Gasp cards revealed")
    if len(set(s.gasp_due)) != len(s.gasp_due) or s.in_gasp in s.gasp_due:
        problems.append(f"gasp_due {s.gasp_due} repeats a player or the one gasping now")
    return problems


def _game_end(s: MantisFallsState) -> list[str]:
    """Topic 20: the result exists exactly when the game is over, and it is coherent."""
    problems = []
    over = not s.stack
    if over != (s.result is not None) or over != (s.phase == "game_over"):
        problems.append(
            f"stack empty={over}, result set={s.result is not None}, phase={s.phase!r} disagree"
        )
    if s.phase not in PHASE_TITLES:
        problems.append(f"unknown phase {s.phase!r}")
    if s.result is not None:
        returns = s.result["returns"]
        if any(r not in (-1, 0, 1) for r in returns):
            problems.append(f"returns {returns} outside -1/0/1")
        if s.result["tie"] != all(r == 0 for r in returns):
            problems.append(f"tie={s.result['tie']} but returns are {returns}")
        if any(s.dead[p] and returns[p] == 1 for p in range(len(returns))):
            problems.append("a dead player wins (20.3: the dead cannot win)")
    elif any(s.dead) and s.in_gasp < 0 and not s.gasp_due:
        problems.append("a player is dead, no Last Gasp is pending, yet the game goes on (18.1)")
    return problems


def _draw_step(s: MantisFallsState, before: MantisFallsState) -> list[str]:
    """Topic 8 VI and 19: the draw phase fills hands up to the hand size and no further.

    A hand that is already larger keeps its cards (there is no discard phase), so the
    only limit is on cards gained during the draw phase.
    """
    if before.phase != "draw":
        return []
    problems = []
    for p in range(s.game.num_players):
        size = s.hand_size(p)
        if len(s.hands[p]) > len(before.hands[p]) and len(s.hands[p]) > size:
            problems.append(
                f"the draw phase gave player {p} a hand of {len(s.hands[p])} (hand size {size})"
            )
        if s.phase != "draw" and len(s.hands[p]) < size and s._can_draw() and not s.dead[p]:
            problems.append(
                f"the draw phase ended with player {p} holding {len(s.hands[p])} of {size} "
                "cards although cards were left to draw"
            )
    return problems


_PER_PLAYER = PER_PLAYER_FIELDS  # declared once, with the fields (engine/data.py)
_INT_LISTS = (
    "max_wounds",
    "characters",
    "pos",
    "wounds",
    "gasps",
    "revealed",
    "play_kept",
    "road_at",
)
_INT_FIELDS = (
    "turn_no",
    "turn_player",
    "first_player",
    "event",
    "opp_wounds",
    "reveal_next",
    "gasp_revealed",
    "gasp_kept",
    "in_gasp",
    "steps",
)
_FLAG_FIELDS = ("event_prevented", "boost", "tracing")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _types(s: MantisFallsState) -> list[str]:
    """Every field has its type and per-player length, and names real players and cards.

    Checked first: the other invariants index cards and roads by these numbers.  A
    flag must be true/false (not 0/1), a counter a whole number (not true/false).
    """
    problems = []
    n = s.game.num_players
    for name in _PER_PLAYER:
        if len(getattr(s, name)) != n:
            problems.append(f"{name} has {len(getattr(s, name))} entries for {n} players")
    for name in _INT_LISTS:
        for i, x in enumerate(getattr(s, name)):
            if not _is_int(x):
                problems.append(f"{name}[{i}] is {x!r}, not a whole number")
    for name in _INT_FIELDS:
        if not _is_int(getattr(s, name)):
            problems.append(f"{name} is {getattr(s, name)!r}, not a whole number")
    for name in _FLAG_FIELDS:
        if not isinstance(getattr(s, name), bool):
            problems.append(f"{name} is {getattr(s, name)!r}, not true/false")
    for name in ("dead", "face_up", "character_shown"):
        for i, x in enumerate(getattr(s, name)):
            if not isinstance(x, bool):
                problems.append(f"{name}[{i}] is {x!r}, not true/false")
    if problems:
        return problems
    for name in ("turn_player", "first_player", "reveal_next"):
        if getattr(s, name) not in range(n):
            problems.append(f"{name} is {getattr(s, name)}, not a player")
    if not -1 <= s.event < len(s.cards.events):
        problems.append(f"the current event is card #{s.event}, not an event card or -1")
    roads = len(s.cards.roads)
    for r in [*s.road_at, *s.removed_roads]:
        if not _is_int(r) or not 0 <= r < roads:
            problems.append(f"road card #{r!r} does not exist (0..{roads - 1})")
            break
    for name, cards in _action_places(s):
        if any(not _is_int(c) for c in cards):
            problems.append(f"{name} holds {cards!r}: action cards are whole numbers")
    return problems


def _stack(s: MantisFallsState) -> list[str]:
    """Topic 8 and 17: the stack of pending steps is one the engine could have built.

    Each frame follows the engine's grammar (saved.py); the turn frame is at the bottom
    and nowhere else; the top waits for a choice or chance (a state at rest); a Last
    Gasp frame exists exactly while someone gasps, and its play frames belong to that
    player; a chance step has something to draw from.
    """
    from tutor.games.mantis_falls.saved import frame_problems

    if not all(isinstance(f, Frame) for f in s.stack):
        return [f"the stack holds something that is not a frame: {s.stack!r}"]
    stack = [f.to_list() for f in s.stack]  # the saved form, which the grammar reads
    problems = [
        f"stack{path}: expected {expected}, found {found}"
        for path, expected, found in frame_problems(s.game, stack)
    ]
    if problems or not stack:
        return problems
    if stack[0][0] != "turn":
        problems.append(f"the bottom of the stack is {stack[0][0]!r}, not the turn frame")
    if any(f[0] == "turn" for f in stack[1:]):
        problems.append("the stack holds more than one turn frame")
    top = stack[-1]
    if top[0] not in DECISION_FRAMES and top[0] not in CHANCE_FRAMES:
        problems.append(f"the top of the stack, {top[0]!r}, waits for neither a choice nor chance")
    gasps = [i for i, f in enumerate(stack) if f[0] == "gasp"]
    if len(gasps) > 1:
        problems.append(f"{len(gasps)} Last Gasp frames on the stack (one at a time, 17.2)")
    elif gasps and stack[gasps[0]][1] != s.in_gasp:
        problems.append(f"a Last Gasp frame for player {stack[gasps[0]][1]}, in_gasp={s.in_gasp}")
    elif s.in_gasp >= 0 and not gasps:
        problems.append(f"player {s.in_gasp} is gasping but no Last Gasp frame is on the stack")
    for i, f in enumerate(stack):
        if f[0] in ("gasp_play", "gasp_return") and (
            not gasps or i < gasps[0] or f[1] != s.in_gasp
        ):
            problems.append(f"stack[{i}] {f[0]} for player {f[1]} outside their Last Gasp")
        elif f[0] == "mainplay" and f[2] == "play" and not s.plays[f[1]]:
            problems.append(f"stack[{i}] adds to player {f[1]}'s action play, which is empty")
    for i, f in enumerate(stack):  # the pile a waiting chance step draws from is not empty
        if f[0] == "chance":
            what = f[1]
            pool = (
                s.action_pile
                if what == "action_draw"
                else (s.hands[f[2][0]] if what == "discard" else s.event_pile)
            )
            if not pool:
                problems.append(f"stack[{i}] is a chance step ({what}) with nothing to draw from")
    return problems


def invariants(s: MantisFallsState, before: MantisFallsState | None = None) -> list[str]:
    """Return a sentence for every invariant the state breaks (empty when all hold).

    Args:
        s: the state to check.
        before: the state one action earlier; enables the draw-phase check.
    """
    problems = _types(s)
    if problems:  # the other checks index cards and roads by these numbers
        return problems
    problems = _cards(s) + _roads(s) + _players(s) + _game_end(s) + _stack(s)
    if before is not None:
        problems += _draw_step(s, before)
        if s.steps != before.steps + 1:
            problems.append(f"steps went from {before.steps} to {s.steps} in one action")
    return problems


# ---------------------------------------------------------------------------------------
# Hidden-information variants
# ---------------------------------------------------------------------------------------
def _variant(s: MantisFallsState) -> MantisFallsState:
    v = s.clone()
    v._legal = None  # the cached legal actions belong to the original
    return v


def _swap_with_pile(v: MantisFallsState, place: list[int], i: int, want: Any = None) -> bool:
    """Exchange ``place[i]`` with a card of the action pile (of suit ``want`` if given)."""
    for j, c in enumerate(v.action_pile):
        card = v.cards.actions[c]
        if card.name != v.cards.actions[place[i]].name and (want is None or card.suit == want):
            place[i], v.action_pile[j] = c, place[i]
            v.action_pile.sort()
            return True
    return False


def hidden_variants(s: MantisFallsState, viewer: int) -> list[tuple[str, MantisFallsState]]:
    """Copies of ``s`` that differ only in what ``viewer`` may not see.

    Each copy still obeys :func:`invariants`.  Changed, one at a time: the other
    player's hand order and content, their face-down character (Full Circle), their
    role (swapped with the removed role), the face-down part of their action play, a
    card buried under their rose (Under the Rose), a face-down road (swapped with a
    removed road of the same region), the Actions by the Night and by the Dark, an unseen
    event the viewer has not looked at (of the other kind when one is left), and a top
    event only the other player has looked at.
    """
    out: list[tuple[str, MantisFallsState]] = []
    if s.result is not None:  # at the end every role is revealed (20.3)
        return out
    n = s.game.num_players
    for o in range(n):
        if o != viewer:
            out += _their_secrets(s, o, "the other player's" if n == 2 else f"{s.name(o)}'s")
    if n > 2:
        # Two others' roles swapped: the viewer cannot tell who holds which (mf.6.1).
        a, b = (q for q in range(n) if q != viewer)
        if s.roles[a] != s.roles[b]:
            v = _variant(s)
            v.roles[a], v.roles[b] = v.roles[b], v.roles[a]
            out.append(("which of the two others holds which role", v))
    out += _table_secrets(s, viewer)
    return out


def _their_secrets(s: MantisFallsState, o: int, whose: str) -> list[tuple[str, MantisFallsState]]:
    """Variants in what player ``o`` alone holds: hand, role, face-down plays."""
    out: list[tuple[str, MantisFallsState]] = []
    if len(set(s.hands[o])) > 1:
        v = _variant(s)
        v.hands[o].reverse()
        out.append(("the other player's hand order", v))
    if s.hands[o]:
        v = _variant(s)
        if _swap_with_pile(v, v.hands[o], 0):
            out.append(("the other player's hand content", v))
    if s.game.full_circle and not s.character_shown[o]:
        cards = s.cards.character_cards
        here = cards[s.characters[o]]
        for c in sorted(set(s.game.character_pool)):
            if cards[c].name != here.name and cards[c].max_wounds > s.wounds[o]:
                v = _variant(s)
                v.characters[o], v.max_wounds[o] = c, cards[c].max_wounds
                out.append(("the other player's face-down character", v))
                break
    if s.roles[o] != s.removed_role:
        v = _variant(s)
        v.roles[o], v.removed_role = v.removed_role, v.roles[o]
        out.append(("the other player's role and the removed role", v))
    if s.revealed[o] < len(s.plays[o]):
        v = _variant(s)
        suit = v.cards.actions[v.plays[o][0]].suit
        if _swap_with_pile(v, v.plays[o], len(v.plays[o]) - 1, suit):
            out.append(("a face-down card of the other player's action play", v))
    if s.in_gasp == o and s.gasp_revealed < len(s.gasp_play):
        v = _variant(s)
        suit = v.cards.actions[v.gasp_play[0]].suit
        if _swap_with_pile(v, v.gasp_play, len(v.gasp_play) - 1, suit):
            out.append(("a face-down card of the other player's Last Gasp play", v))
    if s.buried[o]:
        v = _variant(s)
        if _swap_with_pile(v, v.buried[o], 0):
            out.append(("a card buried under the other player's rose", v))
    return [(what.replace("the other player's", whose), v) for what, v in out]


def _table_secrets(s: MantisFallsState, viewer: int) -> list[tuple[str, MantisFallsState]]:
    """Variants in what lies face down for everyone: roads, Midnight cards, events."""
    out: list[tuple[str, MantisFallsState]] = []
    roads = s.cards.roads
    down = [q for q in range(START + 1, END) if not s.face_up[q]]
    for q in down:
        here = roads[s.road_at[q]]
        for r in s.removed_roads:
            if roads[r].region == here.region and roads[r].broken == here.broken:
                v = _variant(s)
                k = v.removed_roads.index(r)
                v.road_at[q], v.removed_roads[k] = r, v.road_at[q]
                v.removed_roads.sort()
                out.append((f"the identity of the face-down road at position {q}", v))
                break
        else:
            continue
        break
    if s.night and s.dark:
        v = _variant(s)
        v.night[0], v.dark[0] = v.dark[0], v.night[0]
        v.night.sort()
        v.dark.sort()
        if v.night != s.night:
            out.append(("which Midnight cards lie face down by the road", v))
    if s.event >= 0 and not s.event_visible_to_all() and viewer != s.turn_player:
        # Another unseen card, of the other kind when the pile has one (an incident for
        # an opposition and back): that is the difference most easily told by mistake.
        drawn = s.cards.events[s.event]
        others = [
            k
            for k, e in enumerate(s.event_pile)
            if s.cards.events[e].seen == drawn.seen and s.cards.events[e].name != drawn.name
        ]
        others.sort(key=lambda k: s.cards.events[s.event_pile[k]].kind == drawn.kind)
        if others:
            k = others[0]
            v = _variant(s)
            v.event, v.event_pile[k] = v.event_pile[k], v.event
            v.event_pile.sort()
            out.append(("the identity of the other player's unseen event", v))
    if s.event_top and viewer not in s.event_top_known and s.event_pile:
        v = _variant(s)
        k = next(
            (
                i
                for i, e in enumerate(v.event_pile)
                if v.cards.events[e].name != v.cards.events[v.event_top[0]].name
            ),
            None,
        )
        if k is not None:
            v.event_top[0], v.event_pile[k] = v.event_pile[k], v.event_top[0]
            v.event_pile.sort()
            out.append(("the top event card the viewer has not looked at", v))
    return out
