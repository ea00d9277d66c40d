"""Deployment (rulebook "Deployment rules", me.3.x; the Wolf's me.8.2).

A player puts one to three tiles from their hand onto one square orthogonally next to
their Hill: an empty square or one of their own stacks, never more than three high,
never a square orthogonally next to an enemy tile.  The tiles go down one at a time,
each shown to the opponent as it goes (me.3.2), so a deploy is a short series of
choices: the first tile and its square, then up to two more tiles on the same square
or "stop".  The Wolf goes down alone, onto an empty square, and may be deployed next
to an enemy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tutor.core.types import Action
from tutor.games.mentis.engine.board import (
    DEPLOY_SQUARES,
    KIND_NAMES,
    KINDS,
    MAX_HEIGHT,
    NEIGHBOURS,
    NOBLE,
    SPEAR,
    TRENCHMAN,
    WOLF,
    square_name,
)

if TYPE_CHECKING:
    from tutor.games.mentis.engine.state import MentisState

MOST: Final = 3
"""The most tiles one deploy puts down."""

_ACTIONS: Final[dict[tuple[int, int, int, bool], Action]] = {}


def deploy_action(p: int, sq: int, kind: int, more: bool) -> Action:
    """``Deploy a Spear on c2`` (``more``: ``Also deploy ...``), built once."""
    key = (p, sq, kind, more)
    got = _ACTIONS.get(key)
    if got is None:
        verb = "Also deploy" if more else "Deploy"
        article = "the" if kind == WOLF else "a"
        label = f"{verb} {article} {KIND_NAMES[kind]} on {square_name(sq)}"
        got = _ACTIONS[key] = Action(p, "deploy", (sq, kind), label)
    return got


def stop_action(p: int) -> Action:
    """The action that ends a deploy of fewer than three tiles."""
    key = (p, -1, -1, True)
    got = _ACTIONS.get(key)
    if got is None:
        got = _ACTIONS[key] = Action(p, "end_deploy", (), "Stop deploying")
    return got


def enemy_next_to(s: MentisState, p: int, sq: int) -> bool:
    """Whether an enemy tile stands orthogonally next to ``sq``."""
    owner = s.owner
    return any(owner[n] == 1 - p for n in NEIGHBOURS[sq])


REGULAR: Final = 1
LONE_WOLF: Final = 2
"""Bits of :func:`square_allows`: a Spear, Trenchman or Noble may go there; the Wolf may."""


def square_allows(s: MentisState, p: int, sq: int) -> int:
    """What player ``p`` may deploy on ``sq`` (one of their deploy squares) now, as bits."""
    if s.owner[sq] == 1 - p:
        return 0
    stack = s.stacks[sq]
    if stack and stack[-1] == WOLF:
        return 0
    allowed = 0
    if len(stack) < MAX_HEIGHT and not enemy_next_to(s, p, sq):
        allowed |= REGULAR
    if not stack:
        allowed |= LONE_WOLF
    return allowed


def deploy_actions(s: MentisState, p: int) -> list[Action]:
    """Every legal first tile of a deploy for player ``p``, sorted."""
    hand = s.hands[p]
    out: list[Action] = []
    if not any(hand):
        return out
    for sq in DEPLOY_SQUARES[p]:
        allowed = square_allows(s, p, sq)
        if allowed & REGULAR:
            for kind in range(SPEAR, NOBLE + 1):
                if hand[kind]:
                    out.append(deploy_action(p, sq, kind, False))
        if allowed & LONE_WOLF and hand[WOLF]:
            out.append(deploy_action(p, sq, WOLF, False))
    return out


def can_deploy(s: MentisState, p: int) -> bool:
    """Whether player ``p`` has at least one legal deploy (what :func:`deploy_actions` lists)."""
    hand = s.hands[p]
    wanted = (REGULAR if hand[SPEAR] + hand[TRENCHMAN] + hand[NOBLE] else 0) | (
        LONE_WOLF if hand[WOLF] else 0
    )
    return wanted != 0 and any(square_allows(s, p, sq) & wanted for sq in DEPLOY_SQUARES[p])


def can_continue(s: MentisState, p: int) -> bool:
    """Whether the deploy under way may put down another tile."""
    sq = s.deploy_square
    hand = s.hands[p]
    return (
        s.deploy_count < MOST
        and len(s.stacks[sq]) < MAX_HEIGHT
        and s.stacks[sq][-1] != WOLF
        and (hand[SPEAR] + hand[TRENCHMAN] + hand[NOBLE]) > 0
    )


def more_actions(s: MentisState, p: int) -> list[Action]:
    """The choices while a deploy is under way: another tile on the same square, or stop."""
    sq = s.deploy_square
    hand = s.hands[p]
    out = [deploy_action(p, sq, kind, True) for kind in range(SPEAR, NOBLE + 1) if hand[kind]]
    out.append(stop_action(p))
    return out


def deploy_problem(s: MentisState, p: int, sq: int, kind: int) -> tuple[str, str]:
    """Why deploying a ``kind`` tile on ``sq`` is illegal for ``p``: ``(reason, rule)``."""
    if not 0 <= kind < KINDS or kind == 0:
        return "deploy a Spear (1), Trenchman (2), Noble (3) or Wolf (4)", "me.3.1"
    if not 0 <= sq < len(s.stacks):
        return "that is not a square of the board", "me.1.1"
    if not s.hands[p][kind]:
        return f"you have no {KIND_NAMES[kind]} in hand", "me.1.3"
    if s.deploy_square >= 0:
        if sq != s.deploy_square:
            where = square_name(s.deploy_square)
            return f"all tiles of one deploy go on the same square ({where})", "me.3.1"
        if kind == WOLF:
            return "the Wolf is never deployed as part of a stack", "me.8.2"
        return f"one deploy puts down at most {MOST} tiles, in a stack of at most 3", "me.3.3"
    if sq not in DEPLOY_SQUARES[p]:
        return f"{square_name(sq)} is not orthogonally next to your Hill", "me.3.1"
    if s.owner[sq] == 1 - p:
        return f"{square_name(sq)} holds an enemy tile", "me.3.3"
    stack = s.stacks[sq]
    if kind == WOLF and stack:
        return "the Wolf is never deployed as part of a stack", "me.8.2"
    if stack and stack[-1] == WOLF:
        return "no tile may be stacked with the Wolf", "me.8.4"
    if len(stack) >= MAX_HEIGHT:
        return f"the stack on {square_name(sq)} is already {MAX_HEIGHT} high", "me.3.3"
    if kind != WOLF and enemy_next_to(s, p, sq):
        return f"{square_name(sq)} is orthogonally next to an enemy tile", "me.3.4"
    return "", ""
