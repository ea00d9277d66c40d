"""Mentis tactics helpers: the threat map and capture lines (with their blockers).

``tile_attacks(state, player)`` lists, for each of a player's tiles, the squares it
attacks and the lines a blocker shields.  ``threat_map(state, player)`` counts, for
every square, how many of ``player``'s tiles attack it now (exact range, one direction,
the Wolf all around; a line shielded by an immune enemy tile does not count, nor a
square whose enemy top tile is immune to the attacker).  ``capture_lines`` lists the
captures ``player`` could make and the lines a blocker shields, as square names for the
picture's overlays."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tutor.games.mentis.engine.board import NEIGHBOURS8, RAYS, SQUARES, WOLF, square_name
from tutor.games.mentis.engine.capture import blocker


def _attacks(state: Any, player: int, a: int) -> list[tuple[int, int]]:
    """(target square, blocking square or -1) of every square the tile on ``a`` reaches."""
    kind = state.stacks[a][-1]
    if kind == WOLF:
        return [(t, -1) for t in NEIGHBOURS8[a]]
    reach = state.game.table.attack_range[kind]
    out = []
    for d in range(4):
        ray = RAYS[a][d]
        if len(ray) >= reach:
            out.append((ray[reach - 1], blocker(state, kind, ray[: reach - 1], 1 - player)))
    return out


def _player_attacks(state: Any, player: int) -> Iterator[tuple[int, int, int, bool]]:
    """(attacker, target, blocker or -1, target immune) for every attack of ``player``."""
    immune = state.game.table.immune_to
    for a in range(SQUARES):
        if state.owner[a] == player:
            kind = state.stacks[a][-1]
            for t, block in _attacks(state, player, a):
                shielded = state.owner[t] == 1 - player and immune[state.stacks[t][-1]] == kind
                yield a, t, block, shielded


def threat_map(state: Any, player: int) -> dict[str, int]:
    """Square name -> how many of ``player``'s tiles attack it now (every square listed)."""
    counts = [0] * SQUARES
    for _, t, block, immune in _player_attacks(state, player):
        if block < 0 and not immune and state.owner[t] != player:
            counts[t] += 1
    return {square_name(q): counts[q] for q in range(SQUARES)}


def tile_attacks(state: Any, player: int) -> dict[str, dict[str, Any]]:
    """Each of ``player``'s tiles (by square) and the squares it attacks now.

    ``{"d5": {"tile": "Noble", "range": 1, "attacks": [...], "blocked": [...],
    "captures": [...]}}``: ``attacks`` are the squares at exactly its range (all eight
    neighbours for the Wolf) whose line is open, ``blocked`` the ``(blocker, square)``
    pairs where an immune enemy tile shields the square, ``captures`` the attacked
    squares holding an enemy tile it may take now (one not immune to it).
    """
    from tutor.games.mentis.engine.board import KIND_NAMES

    immune = state.game.table.immune_to
    out: dict[str, dict[str, Any]] = {}
    for a in range(SQUARES):
        if state.owner[a] != player:
            continue
        kind = state.stacks[a][-1]
        entry: dict[str, Any] = {
            "tile": KIND_NAMES[kind],
            "range": 1 if kind == WOLF else state.game.table.attack_range[kind],
            "attacks": [],
            "blocked": [],
            "captures": [],
        }
        for t, block in _attacks(state, player, a):
            if block >= 0:
                entry["blocked"].append((square_name(block), square_name(t)))
                continue
            entry["attacks"].append(square_name(t))
            if state.owner[t] == 1 - player and immune[state.stacks[t][-1]] != kind:
                entry["captures"].append(square_name(t))
        for key in ("attacks", "blocked", "captures"):
            entry[key].sort()
        out[square_name(a)] = entry
    return out


def capture_lines(state: Any, player: int) -> dict[str, list[tuple[str, ...]]]:
    """``captures``: (attacker, target) pairs ``player`` could take now; ``blocked``:
    (attacker, blocker, target) where an immune enemy tile shields an enemy target."""
    captures: list[tuple[str, ...]] = []
    blocked: list[tuple[str, ...]] = []
    for a, t, block, immune in _player_attacks(state, player):
        if state.owner[t] != 1 - player or immune:
            continue
        if block >= 0:
            blocked.append((square_name(a), square_name(block), square_name(t)))
        else:
            captures.append((square_name(a), square_name(t)))
    return {"captures": captures, "blocked": blocked}


def tile_moves_shown(state: Any, square: str) -> list[str]:
    """Where the tile on ``square`` can end a move now (square names, for highlighting)."""
    from tutor.games.mentis.engine.board import square_of

    actions = state.actions_from(square_of(square))  # the tile's captures, then its moves
    ends = {square_name(a.args[1][-1]) for a in actions if a.kind == "move"}
    return sorted(ends)
