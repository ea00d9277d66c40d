"""Movement (rulebook "Movement rules", me.4.x, and the table's rows me.6.x; the Wolf's me.8.3).

Only the top tile of a stack moves, orthogonally, by its row of the movement table.  It
carries any number of the tiles under it.  On every square it leaves or passes it may
drop tiles from the bottom of what it carries, and (ruling ``pick_up``) take along own
tiles it passed over, which then lie under it.  It never enters or crosses a Hill (the
King moves only on its own), an enemy tile or the Wolf, and never makes a square hold
more than three tiles, during or after the move.  A move that leaves the board as it
was is no move (the table's note about returning to the starting square).

A move is ``(origin, path, takes)``: the squares entered in order, and how many tiles
the mover carries as it leaves the origin and each square of the path but the last.
Moves with the same result are offered once, by the shortest path (the smallest
arguments among those); any other path to the same result is accepted as that move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.core.types import Action
from tutor.games.mentis.engine.board import (
    KIND_NAMES,
    MAX_HEIGHT,
    NEIGHBOURS,
    NEIGHBOURS8,
    ON_HILL,
    RAYS,
    SQUARES,
    WOLF,
    square_name,
)
from tutor.games.mentis.engine.tiles import HILL_STEP, PATH_THREE, STEP, STRAIGHT_TWO, WOLF_STEP

if TYPE_CHECKING:
    from tutor.games.mentis.engine.state import MentisState

Move = tuple[int, tuple[int, ...], tuple[int, ...]]


def _within(sq: int, steps: int, straight: bool) -> list[int]:
    return [
        x
        for x in range(SQUARES)
        if abs(x % 7 - sq % 7) + abs(x // 7 - sq // 7) <= steps
        and (not straight or x % 7 == sq % 7 or x // 7 == sq // 7)
    ]


REGIONS: dict[int, list[list[int]]] = {
    STEP: [_within(sq, 1, True) for sq in range(SQUARES)],
    STRAIGHT_TWO: [_within(sq, 2, True) for sq in range(SQUARES)],
    PATH_THREE: [_within(sq, 3, False) for sq in range(SQUARES)],
}
"""By movement row, the squares a move from each square can touch (its result depends
on nothing else)."""
CACHE_LIMIT = 200_000
"""Moves remembered per game (by the squares they depend on) before the cache is cleared."""


def move_label(kind: int, origin: int, path: tuple[int, ...], takes: tuple[int, ...]) -> str:
    """``"Move the Noble c2→c3→d3, carrying 2 from c2, 1 from c3"``."""
    squares = [origin, *path]
    text = f"Move the {KIND_NAMES[kind]} " + "→".join(square_name(q) for q in squares)
    if any(t > 1 for t in takes):
        parts = [f"{t} from {square_name(q)}" for t, q in zip(takes, squares, strict=False)]
        text += ", carrying " + ", ".join(parts)
    return text


class _Walk:
    """The search for every move of one tile: the squares changed so far and the results.

    Square contents are tuples (bottom first); ``cells`` holds the squares the move has
    changed so far and ``trail`` the same changes as one tuple, the search's memo key.
    """

    def __init__(self, s: MentisState, p: int, origin: int, pick_up: bool) -> None:
        self.stacks = s.stacks
        self.owner = s.owner
        self.p = p
        self.origin = origin
        self.pick_up = pick_up
        self.cells: dict[int, tuple[int, ...]] = {}
        self.trail: tuple[object, ...] = ()
        self.found: dict[tuple[tuple[int, tuple[int, ...]], ...], Move] = {}
        self.seen: set[tuple[object, ...]] = set()

    def content(self, q: int) -> tuple[int, ...]:
        got = self.cells.get(q)
        return tuple(self.stacks[q]) if got is None else got

    def can_enter(self, q: int, carried: int) -> bool:
        if self.owner[q] == 1 - self.p or ON_HILL[q] >= 0:
            return False
        got = self.cells.get(q)
        if got is None:
            here = self.stacks[q]
            return not (here and here[-1] == WOLF) and len(here) + carried <= MAX_HEIGHT
        return not (got and got[-1] == WOLF) and len(got) + carried <= MAX_HEIGHT

    def record(self, path: list[int], takes: list[int], group: tuple[int, ...]) -> None:
        last = path[-1]
        stacks = self.stacks
        items: list[tuple[int, tuple[int, ...]]] = []
        for q, c in self.cells.items():
            if q != last and list(c) != stacks[q]:
                items.append((q, c))
        final = self.content(last) + group
        if list(final) != stacks[last]:
            items.append((last, final))
        if not items:
            return  # the board is as it was: not a move
        items.sort()
        changed = tuple(items)
        args: Move = (self.origin, tuple(path), tuple(takes))
        old = self.found.get(changed)
        if old is None or (len(path), args) < (len(old[1]), old):
            self.found[changed] = args

    def set_cell(self, q: int, content: tuple[int, ...]) -> None:
        self.cells[q] = content
        self.trail = (*self.trail, q, content)

    def walk(
        self, q: int, group: tuple[int, ...], path: list[int], takes: list[int], left: int
    ) -> None:
        """Enter ``q`` carrying ``group``; end there, or go on while steps are ``left``.

        A square reached again with the same load, steps left and board is not searched
        again (another path got there first, with the same results).
        """
        key = (q, left, group, self.trail)
        if key in self.seen:
            return
        self.seen.add(key)
        path.append(q)
        self.record(path, takes, group)
        if left > 0:
            combined = self.content(q) + group
            size = len(combined)
            most = size if self.pick_up else len(group)
            saved = self.cells.get(q)
            trail = self.trail
            for g in range(1, most + 1):
                self.set_cell(q, combined[: size - g])
                carried = combined[size - g :]
                takes.append(g)
                for n in NEIGHBOURS[q]:
                    if self.can_enter(n, g):
                        self.walk(n, carried, path, takes, left - 1)
                takes.pop()
                self.trail = trail
            if saved is None:
                del self.cells[q]
            else:
                self.cells[q] = saved
        path.pop()

    def straight(self, ray: list[int], group: tuple[int, ...], g: int, up_to_two: bool) -> None:
        """The straight mover: one square (house rule), or two squares in one direction."""
        first, second = ray[0], ray[1]
        if up_to_two:
            self.record([first], [g], group)
        combined = self.content(first) + group
        size = len(combined)
        most = size if self.pick_up else g
        saved = self.cells.get(first)
        for g2 in range(1, most + 1):
            self.cells[first] = combined[: size - g2]
            if self.can_enter(second, g2):
                self.record([first, second], [g, g2], combined[size - g2 :])
        if saved is None:
            del self.cells[first]
        else:
            self.cells[first] = saved


def tile_moves(s: MentisState, p: int, origin: int) -> list[Move]:
    """Every move of the top tile on ``origin`` (player ``p``'s), as sorted arguments."""
    stack = s.stacks[origin]
    kind = stack[-1]
    table = s.game.table
    rule = table.move_rule[kind]
    owner = s.owner
    out: list[Move] = []
    if rule == HILL_STEP:
        for n in NEIGHBOURS[origin]:
            if ON_HILL[n] == p and owner[n] < 0:
                out.append((origin, (n,), (1,)))
        out.sort()
        return out
    if rule == WOLF_STEP:
        for n in NEIGHBOURS8[origin]:
            if owner[n] < 0 and ON_HILL[n] < 0:
                out.append((origin, (n,), (1,)))
        out.sort()
        return out
    # The moves depend only on the squares a path can reach: look them up by those.
    parts: list[int] = [p, origin, rule]
    for x in REGIONS[rule][origin]:
        o = owner[x]
        if o >= 0:
            parts.append(x)
            parts.append(o)
            parts.extend(s.stacks[x])
            parts.append(-1)
    key = tuple(parts)
    cache = s.game.move_cache
    cached = cache.get(key)
    if cached is not None:
        return cached
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    walk = _Walk(s, p, origin, s.game.pick_up)
    height = len(stack)
    for g in range(1, height + 1):
        walk.cells.clear()
        walk.trail = ()
        walk.set_cell(origin, tuple(stack[: height - g]))
        group = tuple(stack[height - g :])
        if rule in (STEP, PATH_THREE):
            left = 0 if rule == STEP else 2
            for n in NEIGHBOURS[origin]:
                if walk.can_enter(n, g):
                    walk.walk(n, group, [], [g], left)
        elif rule == STRAIGHT_TWO:
            for d in range(4):
                ray = RAYS[origin][d]
                if len(ray) >= 2 and walk.can_enter(ray[0], g):
                    walk.straight(ray, group, g, table.straight_up_to_two)
    out = sorted(walk.found.values())
    cache[key] = out
    return out


_ACTIONS: dict[tuple[int, int, Move], Action] = {}


def move_action(p: int, kind: int, move: Move) -> Action:
    """The labelled action of a move (built once per player, kind and move)."""
    key = (p, kind, move)
    got = _ACTIONS.get(key)
    if got is None:
        origin, path, takes = move
        got = _ACTIONS[key] = Action(p, "move", move, move_label(kind, origin, path, takes))
    return got


def move_actions(s: MentisState, p: int) -> list[Action]:
    """Every legal move of player ``p``, sorted."""
    out: list[Action] = []
    owner, stacks = s.owner, s.stacks
    for origin in range(SQUARES):
        if owner[origin] == p:
            kind = stacks[origin][-1]
            for move in tile_moves(s, p, origin):
                out.append(move_action(p, kind, move))
    return out


def apply_move(s: MentisState, p: int, move: Move) -> list[int]:
    """Carry out a move (known legal); return the squares it changed, in path order."""
    origin, path, takes = move
    stacks, known, owner = s.stacks, s.known, s.owner
    stack, bits = stacks[origin], known[origin]
    cut = len(stack) - takes[0]
    group, group_bits = stack[cut:], bits[cut:]
    stacks[origin], known[origin] = stack[:cut], bits[:cut]
    touched = [origin]
    last = len(path) - 1
    for i in range(len(path)):
        q = path[i]
        combined = stacks[q] + group
        combined_bits = known[q] + group_bits
        if i < last:
            cut = len(combined) - takes[i + 1]
            group, group_bits = combined[cut:], combined_bits[cut:]
            stacks[q], known[q] = combined[:cut], combined_bits[:cut]
        else:
            stacks[q], known[q] = combined, combined_bits
        if q not in touched:
            touched.append(q)
    for q in touched:
        owner[q] = p if stacks[q] else -1
    return touched


def move_problem(s: MentisState, p: int, args: tuple[object, ...]) -> tuple[str, str]:
    """Why the move ``args`` is illegal for ``p``: ``(reason, rule)``, or two empty strings."""
    if len(args) != 3:
        return "a move names its square, its path and what it carries", "me.4.4"
    origin, path, takes = args
    ok_path = isinstance(path, tuple) and all(isinstance(q, int) for q in path)
    ok_takes = isinstance(takes, tuple) and all(isinstance(t, int) for t in takes)
    if not isinstance(origin, int) or not ok_path or not ok_takes or not path:
        return "a move names its square, its path and what it carries", "me.4.4"
    assert isinstance(path, tuple) and isinstance(takes, tuple)
    if not 0 <= origin < SQUARES or any(not 0 <= q < SQUARES for q in path):
        return "that is not a square of the board", "me.1.1"
    if s.owner[origin] != p:
        return f"you have no tile on {square_name(origin)}", "me.4.4"
    kind = s.stacks[origin][-1]
    table = s.game.table
    rule = table.move_rule[kind]
    row = table.rule_of(kind)
    name = KIND_NAMES[kind]
    squares = [origin, *path]
    eight = rule == WOLF_STEP
    for a, b in zip(squares, squares[1:], strict=False):
        if b not in (NEIGHBOURS8[a] if eight else NEIGHBOURS[a]):
            return "tiles move one square at a time, orthogonally", "me.4.1"
    if rule == HILL_STEP:
        if len(path) != 1 or ON_HILL[path[0]] != p:
            return "the King moves one square and only on its own Hill", row
    elif rule in (STEP, WOLF_STEP) and len(path) != 1:
        return f"the {name} moves exactly one square", row
    elif rule == STRAIGHT_TWO:
        line = len(path) == 2 and path[1] in RAYS[origin][_direction(origin, path[0])][1:2]
        if not (line or (table.straight_up_to_two and len(path) == 1)):
            return f"the {name} moves two squares in a straight line", row
    elif rule == PATH_THREE and len(path) > 3:
        return f"the {name} moves one to three squares", row
    if len(takes) != len(path):
        return "say how many tiles are carried from each square left", "me.4.4"
    for q in path:
        if ON_HILL[q] >= 0 and rule != HILL_STEP:
            return "no tile but the King moves on or across a Hill", "me.4.2"
        if s.owner[q] == 1 - p:
            return f"{square_name(q)} holds an enemy tile", "me.4.3"
        if s.stacks[q] and (s.stacks[q][-1] == WOLF or kind == WOLF):
            return "the Wolf never forms part of a stack", "me.8.4"
    if takes[0] < 1 or takes[0] > len(s.stacks[origin]):
        return f"the stack on {square_name(origin)} has {len(s.stacks[origin])} tile(s)", "me.4.4"
    if not s.game.pick_up and any(b > a for a, b in zip(takes, takes[1:], strict=False)):
        return "tiles are only dropped on the way, never picked up (house rule)", "me.4.6"
    if any(t < 1 for t in takes):
        return "the moving tile itself always goes on", "me.4.4"
    key = result_key(s, (origin, path, takes))
    if key is None:
        return f"no square may hold more than {MAX_HEIGHT} tiles during or after a move", "me.4.5"
    if not key:
        return "a move must change the board (it may not just come back)", "me.6.4"
    return "", ""


def result_key(s: MentisState, move: Move) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
    """The squares a well-formed move changes, with their new contents, sorted.

    Returns ``None`` when a square would hold more than three tiles on the way or at
    the end, or the mover would carry more tiles than there are; an empty tuple when
    the board would be as it was.
    """
    origin, path, takes = move
    cells: dict[int, list[int]] = {}
    stack = s.stacks[origin]
    if not 1 <= takes[0] <= len(stack):
        return None
    cut = len(stack) - takes[0]
    group = stack[cut:]
    cells[origin] = stack[:cut]
    for i in range(len(path)):
        q = path[i]
        here = cells.get(q)
        combined = (s.stacks[q] if here is None else here) + group
        if len(combined) > MAX_HEIGHT:
            return None
        if i < len(path) - 1:
            g = takes[i + 1]
            if not 1 <= g <= len(combined):
                return None
            cut = len(combined) - g
            group = combined[cut:]
            cells[q] = combined[:cut]
        else:
            cells[q] = combined
    return tuple(sorted((q, tuple(c)) for q, c in cells.items() if c != s.stacks[q]))


def _direction(origin: int, nxt: int) -> int:
    for d in range(4):
        ray = RAYS[origin][d]
        if ray and ray[0] == nxt:
            return d
    return 0
