"""What each Mentis player sees and remembers; sampled worlds; invariants; the saved shape.

A player sees every stack's height and top tile.  Under a top tile they know their own
tiles and those of the opponent they were shown and could follow (the knowledge bits
kept beside each tile by the engine).  The opponent's hand is hidden, but its make-up
follows from what is known: ``unseen`` lists, by kind, the opponent's tiles the viewer
cannot place (in hand, or forgotten under a top tile).  ``determinize`` deals exactly
those again, so a bot plans only with what its player knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.rng import Rng
from tutor.games.mentis.engine.board import (
    HILLS,
    KIND_NAMES,
    KINDS,
    KING,
    MAX_HEIGHT,
    ON_HILL,
    PLAYER_NAMES,
    SQUARES,
    WOLF,
    square_name,
)
from tutor.games.mentis.engine.movement import square_code
from tutor.games.mentis.engine.state import OVER, PHASES

if TYPE_CHECKING:
    from tutor.games.mentis.engine.state import MentisState
    from tutor.games.mentis.game import MentisGame


def _by_kind(counts: list[int]) -> dict[str, int]:
    return {KIND_NAMES[k]: counts[k] for k in range(KINDS) if counts[k]}


def unknown_slots(s: MentisState, player: int) -> list[tuple[int, int]]:
    """(square, index from the bottom) of every opponent tile on the board ``player`` does
    not know, in board order."""
    q = 1 - player
    bit = 1 << player
    out: list[tuple[int, int]] = []
    for sq in range(SQUARES):
        if s.owner[sq] == q:
            for i, b in enumerate(s.known[sq]):
                if not b & bit:
                    out.append((sq, i))
    return out


def unseen_counts(s: MentisState, player: int) -> list[int]:
    """By kind, the opponent's tiles ``player`` cannot place: their hand and forgotten tiles."""
    counts = list(s.hands[1 - player])
    for sq, i in unknown_slots(s, player):
        counts[s.stacks[sq][i]] += 1
    return counts


def view(s: MentisState, player: int | None) -> dict[str, Any]:
    """The position as ``player`` sees and remembers it (``None``: the whole truth)."""
    over = s.phase == OVER
    bit = 0 if player is None else 1 << player
    board: list[dict[str, Any]] = []
    remembered = [0, 0]
    for sq in range(SQUARES):
        stack = s.stacks[sq]
        if not stack:
            continue
        tiles: list[str | None] = []
        for i, k in enumerate(stack):
            knows = player is None or over or bool(s.known[sq][i] & bit)
            tiles.append(KIND_NAMES[k] if knows else None)
            if i < len(stack) - 1 and knows:
                remembered[s.owner[sq]] += 1
        board.append(
            {
                "square": square_name(sq),
                "owner": PLAYER_NAMES[s.owner[sq]],
                "height": len(stack),
                "top": KIND_NAMES[stack[-1]],
                "tiles": tiles,
            }
        )
    players = []
    for q in range(2):
        mine = player is None or player == q or over
        players.append(
            {
                "name": PLAYER_NAMES[q],
                "hand": _by_kind(s.hands[q]) if mine else None,
                "hand_size": sum(s.hands[q]),
                "lost": _by_kind(s.lost[q]),
                "unseen": {} if mine else _by_kind(unseen_counts(s, 1 - q)),
                "covered_remembered": remembered[q],
            }
        )
    outcome = s.outcome()
    d = s.decision
    return {
        "game": "mentis",
        "viewer": player,
        "turn": s.turn,
        "phase": s.phase,
        "to_move": None if over else PLAYER_NAMES[s.to_move],
        "prompt": d.prompt,
        "memory": s.game.memory,
        "board": board,
        "players": players,
        "draw_offered": s.phase == "draw_offer",
        "outcome": outcome.to_dict() if outcome else None,
        "trace": s.trace_for(player),
    }


def hidden_variants(s: MentisState, player: int) -> list[tuple[str, Any]]:
    """Copies of ``s`` that differ only in opponent tiles ``player`` does not know."""
    if s.phase == OVER:
        return []
    q = 1 - player
    slots = unknown_slots(s, player)
    out: list[tuple[str, Any]] = []
    for sq, i in slots:
        kind = s.stacks[sq][i]
        # A covered tile is never the Wolf (it never stacks): swap with another kind.
        other = next((k for k in range(1, WOLF) if k != kind and s.hands[q][k] > 0), -1)
        if other < 0:
            continue
        copy = s.clone()
        copy.stacks[sq][i] = other
        copy.hands[q][other] -= 1
        copy.hands[q][kind] += 1
        copy.board_changed()
        out.append((f"{PLAYER_NAMES[q]}'s covered tile at {square_name(sq)}", copy))
        break
    for a in range(len(slots)):
        for b in range(a + 1, len(slots)):
            (sa, ia), (sb, ib) = slots[a], slots[b]
            if s.stacks[sa][ia] != s.stacks[sb][ib]:
                copy = s.clone()
                copy.stacks[sa][ia], copy.stacks[sb][ib] = s.stacks[sb][ib], s.stacks[sa][ia]
                copy.board_changed()
                where = f"{square_name(sa)} and {square_name(sb)}"
                out.append((f"{PLAYER_NAMES[q]}'s covered tiles at {where}", copy))
                return out
    return out


def determinize(s: MentisState, player: int, rng: Rng) -> MentisState:
    """A copy of ``s`` in which the opponent's tiles ``player`` cannot place are dealt again.

    The forgotten slots (board order) and the hand are refilled from the same multiset of
    kinds, shuffled with ``rng``; everything ``player`` knows stays.  The copy has no
    trace and no tracing.  When some tile was forgotten the repetition history (which
    would tell what the forgotten tiles were) is restarted from this position.

    Raises:
        ValueError: if ``player`` is not 0 or 1.
    """
    if player not in (0, 1):
        raise ValueError(f"player {player} is not in this game")
    q = 1 - player
    slots = unknown_slots(s, player)
    counts = unseen_counts(s, player)
    # The Wolf never stacks, so an unplaced Wolf is in hand: only the others are dealt.
    pool = [k for k in range(1, WOLF) for _ in range(counts[k])]
    rng.shuffle(pool)
    world = s.clone()
    world.trace = []
    world.tracing = False
    world.rng = Rng(rng.next_u64())
    for sq, i in slots:
        world.stacks[sq][i] = pool.pop()
    world.board_changed()
    hand = [0] * KINDS
    hand[WOLF] = counts[WOLF]
    for k in pool:
        hand[k] += 1
    world.hands[q] = hand
    if slots:
        world.history = {world.position_key(): 1}
    return world


def invariants(game: MentisGame, s: MentisState) -> list[str]:
    """Every rule of the position the engine must keep, as sentences (empty: all hold)."""
    problems: list[str] = []
    if len(s.stacks) != SQUARES or len(s.known) != SQUARES or len(s.owner) != SQUARES:
        return [f"the board must have {SQUARES} squares"]
    counts = [[0] * KINDS, [0] * KINDS]
    kings = [0, 0]
    for sq in range(SQUARES):
        stack, bits, who = s.stacks[sq], s.known[sq], s.owner[sq]
        where = square_name(sq)
        if not stack:
            if who != -1:
                problems.append(f"{where} is empty but has an owner")
            continue
        if who not in (0, 1):
            problems.append(f"{where} holds tiles but no owner")
            continue
        if len(stack) > MAX_HEIGHT:
            problems.append(f"{where} holds {len(stack)} tiles (at most {MAX_HEIGHT})")
        if len(bits) != len(stack):
            problems.append(f"{where}: knowledge does not match the stack")
            continue
        if any(not 0 <= k < KINDS for k in stack):
            problems.append(f"{where} holds an unknown tile kind")
            continue
        for k in stack:
            counts[who][k] += 1
        if bits[-1] != 3:
            problems.append(f"the top tile on {where} is not seen by both players")
        if any(not b & (1 << who) for b in bits):
            problems.append(f"{PLAYER_NAMES[who]} has forgotten their own tile on {where}")
        if game.forget_covered and any(b != 1 << who for b in bits[:-1]):
            problems.append(f"a covered tile on {where} is remembered under memory 'tops'")
        if KING in stack:
            kings[who] += 1
            if len(stack) != 1 or sq not in HILLS[who]:
                problems.append(f"{PLAYER_NAMES[who]}'s King on {where} is off its Hill or stacked")
        elif ON_HILL[sq] >= 0:
            problems.append(f"a tile other than a King stands on the Hill square {where}")
        if WOLF in stack and len(stack) != 1:
            problems.append(f"the Wolf on {where} is part of a stack")
    stale = [
        square_name(sq)
        for sq in range(SQUARES)
        if s.board[sq] != square_code(s.stacks[sq], s.owner[sq])
    ]
    if stale:
        problems.append(f"the square codes disagree with the stacks on {', '.join(stale)}")
    for p in range(2):
        total = [counts[p][k] + s.hands[p][k] + s.lost[p][k] for k in range(KINDS)]
        if total != game.full_set:
            problems.append(f"{PLAYER_NAMES[p]}'s tiles were created or lost: {total}")
        if s.hands[p][KING]:
            problems.append(f"{PLAYER_NAMES[p]}'s King is in hand")
        if kings[p] + s.lost[p][KING] != 1:
            problems.append(f"{PLAYER_NAMES[p]} has {kings[p]} Kings on the board")
    if s.phase not in PHASES:
        problems.append(f"unknown phase {s.phase!r}")
    if (s.phase == OVER) != (s.result is not None):
        problems.append("a result must be recorded exactly when the game is over")
    if any(s.lost[p][KING] for p in range(2)) and s.phase != OVER:
        problems.append("a King was captured but the game goes on")
    if (s.phase == "deploying") != (s.deploy_square >= 0):
        problems.append("a deploy is under way exactly in the deploying phase")
    elif s.phase == "deploying" and s.owner[s.deploy_square] != s.to_move:
        problems.append("the square being deployed on is not the deploying player's")
    if s.to_move not in (0, 1):
        problems.append(f"to_move {s.to_move} is not a player")
    return problems


def state_schema() -> dict[str, Any]:
    """The JSON Schema of ``MentisState.to_dict`` output."""
    squares = {"type": "array", "minItems": SQUARES, "maxItems": SQUARES}
    per_player = {
        "type": "array",
        "minItems": 2,
        "maxItems": 2,
        "items": {
            "type": "array",
            "minItems": KINDS,
            "maxItems": KINDS,
            "items": {"type": "integer", "minimum": 0, "maximum": 3},
        },
    }
    return {
        "type": "object",
        "required": [
            "game",
            "rng",
            "steps",
            "stacks",
            "known",
            "owner",
            "hands",
            "lost",
            "to_move",
            "turn",
            "phase",
            "offered",
            "deploy_square",
            "deploy_count",
            "history",
            "result",
            "trace",
        ],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "mentis"},
            "rng": {"type": "integer", "minimum": 0},
            "tracing": {"type": "boolean"},
            "steps": {"type": "integer", "minimum": 0},
            "stacks": {
                **squares,
                "items": {
                    "type": "array",
                    "maxItems": MAX_HEIGHT,
                    "items": {"type": "integer", "minimum": 0, "maximum": KINDS - 1},
                },
            },
            "known": {
                **squares,
                "items": {
                    "type": "array",
                    "maxItems": MAX_HEIGHT,
                    "items": {"type": "integer", "minimum": 0, "maximum": 3},
                },
            },
            "owner": {**squares, "items": {"type": "integer", "minimum": -1, "maximum": 1}},
            "hands": per_player,
            "lost": per_player,
            "to_move": {"type": "integer", "minimum": 0, "maximum": 1},
            "turn": {"type": "integer", "minimum": 1},
            "phase": {"enum": list(PHASES)},
            "offered": {"type": "boolean"},
            "deploy_square": {"type": "integer", "minimum": -1, "maximum": SQUARES - 1},
            "deploy_count": {"type": "integer", "minimum": 0, "maximum": 3},
            "history": {
                "type": "object",
                "additionalProperties": {"type": "integer", "minimum": 1},
            },
            "result": {
                "anyOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "required": ["winner", "reason", "rule", "why"],
                        "properties": {
                            "winner": {"type": "integer", "minimum": -1, "maximum": 1},
                            "reason": {"type": "string"},
                            "rule": {"type": "string"},
                            "why": {"type": "string"},
                        },
                    },
                ]
            },
            "trace": {"type": "array"},
        },
    }


__all__ = [
    "determinize",
    "hidden_variants",
    "invariants",
    "state_schema",
    "unknown_slots",
    "unseen_counts",
    "view",
]
