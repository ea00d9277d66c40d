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
    KINDS,
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
ENEMY = 512
"""An enemy tile's code in a move-cache key (above every stack code)."""
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


# A square's stack as one small int (the search's currency): the kind of the tile at
# height i (bottom 0) plus one, in bits 3i..3i+2; 0 is an empty square.
BITS = 3
LOW = [(1 << (BITS * n)) - 1 for n in range(MAX_HEIGHT + 1)]
"""``code & LOW[n]``: the bottom ``n`` tiles of a stack's code."""
HEIGHT: list[int] = [0 if c == 0 else 1 if c < 8 else 2 if c < 64 else 3 for c in range(512)]
"""The number of tiles in a stack, by its code."""


def stack_code(stack: list[int]) -> int:
    """The code of a stack (bottom first)."""
    code = 0
    for i in range(len(stack)):
        code |= (stack[i] + 1) << (BITS * i)
    return code


class _Walk:
    """The search for every move of one tile, on the board as stack codes.

    ``cells`` is the board as the move leaves it so far (changed in place and put back
    as the search backs up), ``base`` the board before the move, ``blocked`` the
    squares no tile of the mover's side may enter (enemy tiles, the Hills, the Wolf).
    ``found`` maps each result (the changed squares and their new stacks, packed in one
    int) to the best move reaching it, packed as its rank (see :data:`ORDER`).
    """

    def __init__(self, codes: list[int], blocked: list[bool], origin: int, pick_up: bool) -> None:
        self.base = codes
        self.cells = codes[:]
        self.blocked = blocked
        self.origin = origin
        self.pick_up = pick_up
        self.path: list[int] = []
        self.takes: list[int] = []
        self.path_bits = 0
        self.take_bits = 0
        self.found: dict[int, int] = {}

    def enter(self, q: int) -> None:
        """Add ``q`` to the path (and to the bits of its rank, see :data:`ORDER`)."""
        self.path_bits |= (q + 1) << (18 - 6 * len(self.path))
        self.path.append(q)

    def leave(self) -> None:
        """Take the last square off the path."""
        self.path.pop()
        self.path_bits &= ~(63 << (18 - 6 * len(self.path)))

    def carry(self, g: int) -> None:
        """The mover goes on carrying ``g`` tiles from the square it is on."""
        self.take_bits |= g << (4 - 2 * len(self.takes))
        self.takes.append(g)

    def uncarry(self) -> None:
        """Undo :meth:`carry`."""
        self.takes.pop()
        self.take_bits &= ~(3 << (4 - 2 * len(self.takes)))

    def can_enter(self, q: int, carried: int) -> bool:
        return not self.blocked[q] and HEIGHT[self.cells[q]] + carried <= MAX_HEIGHT

    def record(self, group: int) -> None:
        """The move along ``path`` ends here: note its result (unless the board is unchanged)."""
        path, cells, base = self.path, self.cells, self.base
        n = len(path)
        last = path[n - 1]
        final = cells[last] | (group << (BITS * HEIGHT[cells[last]]))
        squares = [self.origin]
        for i in range(n):
            q = path[i]
            if q not in squares:
                squares.append(q)
        squares.sort()
        result = 1  # a leading bit, so that a square 0 emptied still counts
        for q in squares:
            code = final if q == last else cells[q]
            if code != base[q]:
                result = (result << 15) | (q << 9) | code
        if result == 1:
            return  # the board is as it was: not a move
        rank = (n << 24) | self.path_bits | self.take_bits
        old = self.found.get(result, -1)
        if old < 0 or rank < old:
            self.found[result] = rank

    def walk(self, q: int, group: int, left: int) -> None:
        """Enter ``q`` carrying ``group``; end there, or go on while steps are ``left``."""
        cells = self.cells
        self.enter(q)
        self.record(group)
        if left > 0:
            saved = cells[q]
            size0 = HEIGHT[saved]
            combined = saved | (group << (BITS * size0))
            size = size0 + HEIGHT[group]
            most = size if self.pick_up else HEIGHT[group]
            for g in range(1, most + 1):
                stay = size - g
                cells[q] = combined & LOW[stay]
                carried = combined >> (BITS * stay)
                self.carry(g)
                for n in NEIGHBOURS[q]:
                    if self.can_enter(n, g):
                        self.walk(n, carried, left - 1)
                self.uncarry()
            cells[q] = saved
        self.leave()

    def straight(self, ray: list[int], group: int, g: int, up_to_two: bool) -> None:
        """The straight mover: one square (house rule), or two squares in one direction."""
        first = ray[0]
        cells = self.cells
        self.enter(first)
        if up_to_two:
            self.record(group)
        if len(ray) < 2:  # the edge of the board: only the one-square move (house rule)
            self.leave()
            return
        second = ray[1]
        saved = cells[first]
        size0 = HEIGHT[saved]
        combined = saved | (group << (BITS * size0))
        size = size0 + HEIGHT[group]
        most = size if self.pick_up else g
        self.enter(second)
        for g2 in range(1, most + 1):
            cells[first] = combined & LOW[size - g2]
            if self.can_enter(second, g2):
                self.carry(g2)
                self.record(combined >> (BITS * (size - g2)))
                self.uncarry()
        cells[first] = saved
        self.leave()
        self.leave()


ORDER = (1 << 24) - 1
"""A move's rank packs its path's length (bits 24 up), then each square of the path
plus one (6 bits each, zero-padded to three squares), then each load (2 bits each):
shorter paths rank first, and among moves of one tile ``rank & ORDER`` sorts like
their ``(path, takes)`` arguments."""


def _move_of(origin: int, rank: int) -> Move:
    """The move arguments packed in ``rank`` (see :data:`ORDER`)."""
    n = rank >> 24
    path = tuple(((rank >> (18 - 6 * i)) & 63) - 1 for i in range(n))
    takes = tuple((rank >> (4 - 2 * i)) & 3 for i in range(n))
    return (origin, path, takes)


def board_codes(s: MentisState) -> list[int]:
    """Every square's stack as its code (0: empty)."""
    owner, stacks = s.owner, s.stacks
    return [stack_code(stacks[q]) if owner[q] >= 0 else 0 for q in range(SQUARES)]


def walls(s: MentisState, p: int) -> list[bool]:
    """The squares no tile of player ``p`` may enter or cross: enemy tiles, Hills, Wolves."""
    owner, stacks = s.owner, s.stacks
    enemy = 1 - p
    return [
        ON_HILL[q] >= 0 or owner[q] == enemy or (owner[q] >= 0 and stacks[q][-1] == WOLF)
        for q in range(SQUARES)
    ]


def move_ranks(s: MentisState, p: int, origin: int) -> list[int]:
    """Every move of the top tile on ``origin`` (player ``p``'s), as ranks sorted by arguments.

    A rank packs a move (see :data:`ORDER`); :func:`ranked_action` makes it an action, so
    a caller that needs one move (the random player) labels only that one.
    """
    stack = s.stacks[origin]
    kind = stack[-1]
    table = s.game.table
    rule = table.move_rule[kind]
    owner = s.owner
    if rule in (HILL_STEP, WOLF_STEP):
        steps: list[int] = []
        for n in NEIGHBOURS[origin] if rule == HILL_STEP else NEIGHBOURS8[origin]:
            if owner[n] < 0 and (ON_HILL[n] == p if rule == HILL_STEP else ON_HILL[n] < 0):
                steps.append(n)
        steps.sort()
        return [ONE_STEP | (n + 1) << 18 for n in steps]
    return _ranks_by_key(s, p, origin, move_key(s, p, origin, rule))


def move_key(s: MentisState, p: int, origin: int, rule: int) -> tuple[int, ...]:
    """What the moves of player ``p``'s tile on ``origin`` (of movement row ``rule``) depend on.

    Only the squares a path can reach: the own stacks by their tiles, an enemy tile as a
    wall whatever it is (so the moves of both players share the cache).
    """
    owner, stacks = s.owner, s.stacks
    parts: list[int] = [origin, rule]
    for x in REGIONS[rule][origin]:
        o = owner[x]
        if o == p:
            parts.append((x << 10) | stack_code(stacks[x]))
        elif o >= 0:
            parts.append((x << 10) | ENEMY)
    return tuple(parts)


def _ranks_by_key(s: MentisState, p: int, origin: int, key: tuple[int, ...]) -> list[int]:
    """The ranks of :func:`move_ranks` for a path-finding row, cached by :func:`move_key`."""
    stack = s.stacks[origin]
    table = s.game.table
    rule = table.move_rule[stack[-1]]
    cache = s.game.move_cache
    cached = cache.get(key)
    if cached is not None:
        return cached
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    walk = _Walk(board_codes(s), walls(s, p), origin, s.game.pick_up)
    height = len(stack)
    whole = walk.base[origin]
    for g in range(1, height + 1):
        walk.cells[origin] = whole & LOW[height - g]
        group = whole >> (BITS * (height - g))
        walk.carry(g)
        if rule in (STEP, PATH_THREE):
            left = 0 if rule == STEP else 2
            for n in NEIGHBOURS[origin]:
                if walk.can_enter(n, g):
                    walk.walk(n, group, left)
        elif rule == STRAIGHT_TWO:
            for d in range(4):
                ray = RAYS[origin][d]
                if ray and walk.can_enter(ray[0], g):
                    walk.straight(ray, group, g, table.straight_up_to_two)
        walk.uncarry()
    ranks = sorted(walk.found.values(), key=_order)
    cache[key] = ranks
    return ranks


def tile_moves(s: MentisState, p: int, origin: int) -> list[Action]:
    """Every move of the top tile on ``origin`` (player ``p``'s), as actions sorted by arguments.

    The lists are cached too (by :func:`move_key` and the player), so listing every
    action of a position again costs no label look-ups.
    """
    kind = s.stacks[origin][-1]
    rule = s.game.table.move_rule[kind]
    if rule in (HILL_STEP, WOLF_STEP):
        return [ranked_action(p, kind, origin, r) for r in move_ranks(s, p, origin)]
    key = move_key(s, p, origin, rule)
    cache = s.game.move_action_cache
    own_key = (*key, -1 - p)
    got = cache.get(own_key)
    if got is None:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        ranks = _ranks_by_key(s, p, origin, key)
        got = cache[own_key] = [ranked_action(p, kind, origin, r) for r in ranks]
    return got


def _order(rank: int) -> int:
    """The sort key of a rank among one tile's moves."""
    return rank & ORDER


ONE_STEP = 1 << 24 | 1 << 4
"""The rank of a one-square move carrying one tile, but for its square (bits 18-23)."""
_ACTIONS: dict[int, Action] = {}


def ranked_action(p: int, kind: int, origin: int, rank: int) -> Action:
    """The labelled action of a move given by its rank (built once per player, kind, move)."""
    key = (((p * KINDS + kind) * SQUARES + origin) << 28) | rank
    got = _ACTIONS.get(key)
    if got is None:
        move = _move_of(origin, rank)
        _, path, takes = move
        got = _ACTIONS[key] = Action(p, "move", move, move_label(kind, origin, path, takes))
    return got


def _open(s: MentisState, p: int, q: int) -> bool:
    """Whether one more tile of player ``p`` may stand on ``q`` (not a Hill, an enemy
    tile, a Wolf or a full stack)."""
    o = s.owner[q]
    if ON_HILL[q] >= 0 or o == 1 - p:
        return False
    if o < 0:
        return True
    stack = s.stacks[q]
    return len(stack) < MAX_HEIGHT and stack[-1] != WOLF


def has_move(s: MentisState, p: int, origin: int) -> bool:
    """Whether the top tile on ``origin`` (player ``p``'s) has at least one legal move.

    Cheap: the tile moving alone to the nearest square its row allows is always a move
    (it changes the board), and when that square cannot take one more tile no path
    through it can, so only those first squares are looked at.
    """
    kind = s.stacks[origin][-1]
    table = s.game.table
    rule = table.move_rule[kind]
    owner = s.owner
    if rule == HILL_STEP:
        return any(owner[n] < 0 and ON_HILL[n] == p for n in NEIGHBOURS[origin])
    if rule == WOLF_STEP:
        return any(owner[n] < 0 and ON_HILL[n] < 0 for n in NEIGHBOURS8[origin])
    if rule == STRAIGHT_TWO:
        one = table.straight_up_to_two
        return any(
            ray and _open(s, p, ray[0]) and (one or (len(ray) > 1 and _open(s, p, ray[1])))
            for ray in RAYS[origin]
        )
    return any(_open(s, p, n) for n in NEIGHBOURS[origin])


def move_actions(s: MentisState, p: int) -> list[Action]:
    """Every legal move of player ``p``, sorted."""
    out: list[Action] = []
    owner = s.owner
    for origin in range(SQUARES):
        if owner[origin] == p:
            out += tile_moves(s, p, origin)
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
