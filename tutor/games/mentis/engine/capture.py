"""Capture (rulebook "Capture rules", me.5.x; the Wolf's me.8.5-me.8.6).

A lone tile or the top tile of a stack takes the top tile of an enemy stack that stands
exactly its range away in one orthogonal direction; the attacker stays where it is.  A
tile of the kind immune to the attacker cannot be taken by it, and blocks the line when
it is the top tile of an enemy stack between the two (ruling ``blockers``).  The Wolf
attacks the eight squares around it, blocks nothing and can be taken by anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tutor.core.types import Action
from tutor.games.mentis.engine.board import (
    KIND_NAMES,
    KINDS,
    NEIGHBOURS8,
    RAYS,
    SQUARES,
    WOLF,
    between,
    distance,
    square_name,
)

if TYPE_CHECKING:
    from tutor.games.mentis.engine.state import MentisState


def capture_label(s: MentisState, a: int, t: int) -> str:
    """``"Spear on c3 captures the Noble on c6"``."""
    return (
        f"{KIND_NAMES[s.stacks[a][-1]]} on {square_name(a)} captures the "
        f"{KIND_NAMES[s.stacks[t][-1]]} on {square_name(t)}"
    )


def blocker(s: MentisState, attacker: int, line: list[int], enemy: int) -> int:
    """The first square of ``line`` whose enemy top tile blocks ``attacker``'s kind (-1: none)."""
    immune = s.table.immune_to
    for b in line:
        if s.owner[b] == enemy and immune[s.stacks[b][-1]] == attacker:
            return b
    return -1


LINES: Final[list[list[list[list[int]]]]] = [
    [[ray[:reach] for ray in RAYS[a] if len(ray) >= reach] for a in range(SQUARES)]
    for reach in range(4)
]
"""``LINES[reach][a]``: from square ``a``, each line of exactly ``reach`` squares (the
target last, the squares between before it)."""


def _can_take(s: MentisState, kind: int, line: list[int], enemy: int) -> bool:
    """Whether a non-Wolf ``kind`` can capture on the last square of ``line`` (its range)."""
    t = line[len(line) - 1]
    if s.owner[t] != enemy or s.table.immune_to[s.stacks[t][-1]] == kind:
        return False
    return len(line) == 1 or blocker(s, kind, line[: len(line) - 1], enemy) < 0


def capture_targets(s: MentisState, p: int, a: int) -> list[int]:
    """The squares the tile on ``a`` (player ``p``'s top tile) can capture on now, sorted."""
    kind = s.stacks[a][-1]
    enemy = 1 - p
    out: list[int] = []
    if kind == WOLF:
        owner = s.owner
        for t in NEIGHBOURS8[a]:
            if owner[t] == enemy:
                out.append(t)
    else:
        for line in LINES[s.table.attack_range[kind]][a]:
            if _can_take(s, kind, line, enemy):
                out.append(line[len(line) - 1])
    out.sort()
    return out


def can_capture(s: MentisState, p: int, a: int) -> bool:
    """Whether the tile on ``a`` (player ``p``'s top tile) has a capture now."""
    kind = s.stacks[a][-1]
    enemy = 1 - p
    if kind == WOLF:
        owner = s.owner
        return any(owner[t] == enemy for t in NEIGHBOURS8[a])
    lines = LINES[s.table.attack_range[kind]][a]
    return any(_can_take(s, kind, line, enemy) for line in lines)


_ACTIONS: Final[dict[int, Action]] = {}


def tile_captures(s: MentisState, p: int, a: int) -> list[Action]:
    """Every legal capture by the tile on ``a`` (player ``p``'s top tile), sorted.

    Each action is built once per squares and kinds.
    """
    out: list[Action] = []
    stacks = s.stacks
    for t in capture_targets(s, p, a):
        key = (((p * SQUARES + a) * SQUARES + t) * KINDS + stacks[a][-1]) * KINDS + stacks[t][-1]
        got = _ACTIONS.get(key)
        if got is None:
            got = _ACTIONS[key] = Action(p, "capture", (a, t), capture_label(s, a, t))
        out.append(got)
    return out


def capture_actions(s: MentisState, p: int) -> list[Action]:
    """Every legal capture of player ``p``, sorted."""
    out: list[Action] = []
    owner = s.owner
    for a in range(SQUARES):
        if owner[a] == p:
            out += tile_captures(s, p, a)
    return out


def capture_problem(s: MentisState, p: int, a: object, t: object) -> tuple[str, str]:
    """Why capturing on ``t`` from ``a`` is illegal for ``p``: ``(reason, rule)``, or empties."""
    if not isinstance(a, int) or not isinstance(t, int):
        return "a capture names the attacker's square and the target's square", "me.5.1"
    if not (0 <= a < SQUARES and 0 <= t < SQUARES):
        return "that is not a square of the board", "me.1.1"
    if s.owner[a] != p:
        return f"you have no tile on {square_name(a)}", "me.5.1"
    if s.owner[t] != 1 - p:
        return f"there is no enemy tile on {square_name(t)}", "me.5.1"
    kind = s.stacks[a][-1]
    name = KIND_NAMES[kind]
    if kind == WOLF:
        if distance(a, t) != 1:
            return "the Wolf captures only on the eight squares around it", "me.8.5"
        return "", ""
    same_line = a % 7 == t % 7 or a // 7 == t // 7
    if not same_line:
        return "captures go in one orthogonal direction only", "me.5.1"
    reach = s.table.attack_range[kind]
    if distance(a, t) != reach:
        return f"the {name} captures exactly {reach} square(s) away, no more, no less", "me.5.4"
    target = s.stacks[t][-1]
    if s.table.immune_to[target] == kind:
        return f"the {KIND_NAMES[target]} cannot be captured by the {name}", "me.5.5"
    b = blocker(s, kind, between(a, t), 1 - p)
    if b >= 0:
        blocking = KIND_NAMES[s.stacks[b][-1]]
        return f"the {blocking} on {square_name(b)} blocks the {name}'s line", "me.5.6"
    return "", ""


def apply_capture_rules(s: MentisState, p: int, a: int, t: int, attacker: int, taken: int) -> None:
    """Write the trace of a capture already carried out (the tile is gone from ``t``).

    The capture, the range it was made at (and the Wolf's rule, when a Wolf takes part)
    and the taken tile leaving the game are made side by side by the player's choice
    (``alongside``): the capture and the tile leaving read the target's stack (the
    entry that put the taken tile on top there), the range entry the attacker's (the
    entry that put it where it stands).  An uncovered tile is the new top of the
    target's stack.
    """
    from tutor.games.mentis.engine.board import PLAYER_NAMES

    name, enemy = PLAYER_NAMES[p], PLAYER_NAMES[1 - p]
    reach = distance(a, t)
    target, attacker_at = f"stack/{square_name(t)}", f"stack/{square_name(a)}"
    s.log(
        "me.5.1",
        f"{name}'s {KIND_NAMES[attacker]} on {square_name(a)} captures {enemy}'s "
        f"{KIND_NAMES[taken]} on {square_name(t)}, {reach} square{'s' * (reach > 1)} away; "
        "the attacker stays where it is.",
        p,
        "action",
        ((square_name(t), None, len(s.stacks[t])),),
        reads=target,
        alongside="capture",
    )
    if attacker != WOLF:
        s.log(
            "me.5.4",
            f"The {KIND_NAMES[attacker]} captures at exactly range {reach}.",
            p,
            reads=attacker_at,
            alongside="capture",
        )
    else:
        s.log(
            "me.8.5",
            "The Wolf bites one square away, diagonals included.",
            p,
            reads=attacker_at,
            alongside="capture",
        )
    if WOLF in (attacker, taken):
        s.log(
            "me.8.6",
            "The Wolf captures, and is captured by, every kind of tile.",
            p,
            alongside="capture",
        )
    s.log(
        "me.5.2",
        f"The {KIND_NAMES[taken]} leaves the game.",
        p,
        reads=target,
        alongside="capture",
    )
    if s.stacks[t]:
        s.log(
            "me.5.3",
            f"Only the top tile is taken: the {KIND_NAMES[s.stacks[t][-1]]} under it is now on "
            f"top on {square_name(t)}.",
            p,
            "auto",
            ((square_name(t), "covered", KIND_NAMES[s.stacks[t][-1]]),),
            sets=target,
        )
