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

import threading
from typing import TYPE_CHECKING, Final

from librt.strings import BytesWriter
from librt.vecs import vec
from mypy_extensions import i64, u8

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
    """The squares (-1: off the board) ``steps`` or fewer from ``sq``, in one order of
    offsets whatever the square (``straight``: on its row or column only)."""
    out: list[int] = []
    for dr in range(-steps, steps + 1):
        for dc in range(-steps, steps + 1):
            if abs(dr) + abs(dc) <= steps and (not straight or dr == 0 or dc == 0):
                r, c = sq // 7 + dr, sq % 7 + dc
                out.append(r * 7 + c if 0 <= r < 7 and 0 <= c < 7 else -1)
    return out


REGIONS: Final[dict[int, list[list[int]]]] = {
    STEP: [_within(sq, 1, True) for sq in range(SQUARES)],
    STRAIGHT_TWO: [_within(sq, 2, True) for sq in range(SQUARES)],
    PATH_THREE: [_within(sq, 3, False) for sq in range(SQUARES)],
}
"""By movement row, the squares a move from each square can touch (its result depends
on nothing else), by their offset from it (-1: off the board)."""


def _rim(steps: int, straight: bool) -> list[bool]:
    """Per offset of :func:`_within`: whether it is ``steps`` away (a move can only end
    there, never pass over it)."""
    out: list[bool] = []
    for dr in range(-steps, steps + 1):
        for dc in range(-steps, steps + 1):
            if abs(dr) + abs(dc) <= steps and (not straight or dr == 0 or dc == 0):
                out.append(abs(dr) + abs(dc) == steps)
    return out


RIMS: Final[dict[int, list[bool]]] = {
    STEP: _rim(1, True),
    STRAIGHT_TWO: _rim(2, True),
    PATH_THREE: _rim(3, False),
}
"""By movement row and offset (as :data:`REGIONS`): the squares a move can only end on."""
ENEMY: Final = 512
"""A square the mover's side may not enter, in a move-cache key (above every stack code)."""
SHIFT: Final = [0, 1 << 18, (1 << 18) | (1 << 12), (1 << 18) | (1 << 12) | (1 << 6)]
"""Added to a rank ``d`` times, by the path's length: the same move ``d`` squares on."""
CACHE_LIMIT: Final = 200_000
"""Moves remembered per game (by the squares they depend on) before the cache is cleared."""


SQUARE_NAMES: Final = [square_name(q) for q in range(SQUARES)]


def move_label(kind: int, origin: int, path: tuple[int, ...], takes: tuple[int, ...]) -> str:
    """``"Move the Noble c2→c3→d3, carrying 2 from c2, 1 from c3"``."""
    text = "Move the " + KIND_NAMES[kind] + " " + SQUARE_NAMES[origin]
    for q in path:
        text += "→" + SQUARE_NAMES[q]
    if max(takes) > 1:
        carrying = ""
        for i in range(len(takes)):
            carrying += f", {takes[i]} from {SQUARE_NAMES[origin if i == 0 else path[i - 1]]}"
        text += ", carrying" + carrying[1:]
    return text


# A square's stack as one small int (the search's currency): the kind of the tile at
# height i (bottom 0) plus one, in bits 3i..3i+2; 0 is an empty square.
BITS: Final = 3
LOW: Final[list[int]] = [(1 << (BITS * n)) - 1 for n in range(MAX_HEIGHT + 1)]
"""``code & LOW[n]``: the bottom ``n`` tiles of a stack's code."""
WALL: Final = ENEMY
"""The search's code of a square no tile of the mover's side may enter or cross (an
enemy tile, a Hill, a Wolf): its height counts as four, more than a square may hold."""
SAME_KINDS: Final = [0, 1, 1 | 1 << BITS]
"""The code of a stack of 0, 1 or 2 tiles of one kind (the King's), standing for any."""
FULL: Final = 1 << (BITS * (MAX_HEIGHT - 1))
"""The smallest code of a stack of three tiles."""
HILL_CELLS: Final = vec[i64]([WALL if ON_HILL[q] >= 0 else 0 for q in range(SQUARES)])
"""The search's board before the mover's stacks and the enemy tiles are put on it."""


def stack_code(stack: list[int]) -> int:
    """The code of a stack (bottom first)."""
    code = 0
    for i in range(len(stack)):
        code |= (stack[i] + 1) << (BITS * i)
    return code


OWNER_SHIFT: Final = 10
"""In a square's code (:func:`square_code`), the owner plus one from this bit on."""
STACK_BITS: Final = (1 << OWNER_SHIFT) - 1
"""``code & STACK_BITS``: the stack's code, without its owner."""
NEXT: Final = vec[i64]([(NEIGHBOURS[q] + [-1] * 4)[k] for q in range(SQUARES) for k in range(4)])
""":data:`NEIGHBOURS` flat for compiled reads: square ``q``'s at ``4 * q`` on, -1 after."""
HILL: Final = vec[i64](ON_HILL)
"""Whose Hill each square belongs to (-1: none), as :data:`ON_HILL`, for compiled reads."""


def square_code(stack: list[int], owner: int) -> int:
    """A square as one number (:attr:`MentisState.board`): the stack's code, and its
    owner plus one above :data:`OWNER_SHIFT`; 0 for an empty square."""
    if not stack:
        return 0
    return stack_code(stack) | ((owner + 1) << OWNER_SHIFT)


def _top(code: i64) -> i64:
    """The kind of the top tile of a stack, by its code (-1: empty)."""
    if code == 0:
        return -1
    return (code >> (BITS * (_height(code) - 1))) - 1


class _Best:
    """The best (smallest) rank noted for each key: an open-addressing table.

    The search meets a few hundred different results along up to a thousand paths; a
    result already in the table is found by reading the table (no number is made an
    object, as a dict look-up would need), and only a new or better one is written.
    Keys are positive (0 marks an empty slot).  One table serves every search of a
    thread in turn (:func:`_search_tables`): :meth:`clear` empties only the slots in use
    (``used``, in the order they were filled), so a search neither allocates a table
    nor wipes a large one.
    """

    def __init__(self, size: i64) -> None:
        self.mask: i64 = size - 1
        self.keys: vec[i64] = vec[i64]([0] * size)
        self.ranks: vec[i64] = vec[i64]([0] * size)
        self.used: vec[i64] = vec[i64]([0] * (size // 2 + 1))
        self.count: i64 = 0

    def clear(self) -> None:
        """Forget every key noted."""
        keys, used = self.keys, self.used
        i: i64
        for i in range(self.count):
            keys[used[i]] = 0
        self.count = 0

    def offer(self, key: i64, rank: i64) -> bool:
        """Note ``rank`` for ``key`` unless a smaller one is noted: False when one is."""
        keys = self.keys
        mask = self.mask
        folded: i64 = (key ^ (key >> 20) ^ (key >> 40)) & 0xFFFFF
        slot: i64 = ((folded * 0x9E3779B1) >> 16) & mask
        while True:
            there: i64 = keys[slot]
            if there == key:
                best: i64 = self.ranks[slot]
                if rank < best:
                    self.ranks[slot] = rank
                return rank <= best
            if there == 0:
                keys[slot] = key
                self.ranks[slot] = rank
                self.used[self.count] = slot
                self.count += 1
                if 2 * self.count > mask:
                    self._grow()
                return True
            slot = (slot + 1) & mask

    def _grow(self) -> None:
        """Twice the slots, every key moved over (the table stays at most half full)."""
        keys, ranks, used = self.keys, self.ranks, self.used
        count: i64 = self.count
        size: i64 = 2 * (self.mask + 1)
        self.mask = size - 1
        self.keys = vec[i64]([0] * size)
        self.ranks = vec[i64]([0] * size)
        self.used = vec[i64]([0] * (size // 2 + 1))
        self.count = 0
        i: i64
        for i in range(count):
            self.offer(keys[used[i]], ranks[used[i]])

    def sorted_moves(self) -> vec[i64]:
        """The ranks noted, sorted by the moves' arguments (:data:`ORDER`)."""
        ranks, used = self.ranks, self.used
        count: i64 = self.count
        out = vec[i64]([0] * count)
        i: i64
        for i in range(count):
            r: i64 = ranks[used[i]]
            out[i] = ((r & ORDER) << 2) | (r >> 24)
        _sort(out)
        for i in range(count):
            k: i64 = out[i]
            out[i] = ((k & 3) << 24) | (k >> 2)
        return out


_TABLES: Final = threading.local()
"""Each thread's pair of tables (:func:`_search_tables`): a search never runs while
another is under way in the same thread, but threads may search at the same time."""


def _search_tables() -> tuple[_Best, _Best]:
    """This thread's tables for the moves found and the points reached halfway."""
    tables: tuple[_Best, _Best] | None = getattr(_TABLES, "pair", None)
    if tables is None:
        tables = (_Best(256), _Best(256))
        _TABLES.pair = tables
    return tables


def _sort(v: vec[i64]) -> None:
    """Sort ``v`` in place (Shell sort: a few hundred numbers at most, no objects made)."""
    n: i64 = len(v)
    gap: i64 = 1
    while gap < n // 3:
        gap = 3 * gap + 1
    while gap > 0:
        i: i64 = gap
        while i < n:
            x: i64 = v[i]
            j: i64 = i
            while j >= gap and v[j - gap] > x:
                v[j] = v[j - gap]
                j -= gap
            v[j] = x
            i += 1
        gap //= 3


class _Walk:
    """The search for every move of one tile, on the board as stack codes.

    ``cells`` is the board as the move leaves it so far (changed in place and put back
    as the search backs up), ``base`` the board before the move; a square the mover's
    side may not enter holds a :data:`WALL`.  What the search has done so far travels
    down it in native ints, so no step builds a list: the path and the loads packed as
    in a rank (see :data:`ORDER`), and the change (:func:`_change`) left behind on the
    origin, the path's first square and its second.  ``found`` keeps each result (the
    changed squares and their new stacks, packed in one int by :func:`_result`) with
    the best move reaching it, as its rank; ``halfway`` does the same for the points a
    path of three squares reaches after two (see :meth:`walk`).
    """

    def __init__(self, cells: vec[i64], origin: int, pick_up: bool) -> None:
        self.base: vec[i64] = cells[:]
        self.cells: vec[i64] = cells
        self.origin: i64 = origin
        self.pick_up = pick_up
        self.found, self.halfway = _search_tables()
        self.found.clear()
        self.halfway.clear()

    def walk(
        self,
        q: i64,
        here: i64,
        group: i64,
        left: i64,
        n: i64,
        path_bits: i64,
        take_bits: i64,
        at_origin: i64,
        at_first: i64,
        at_second: i64,
    ) -> None:
        """Enter ``q`` (holding ``here``), the ``n``-th square of the path, carrying
        ``group``; end there, or go on while steps are ``left``.

        ``at_origin``, ``at_first`` and ``at_second`` are the changes left behind so
        far.  Two paths that reach the same second square carrying the same tiles,
        leaving the same board behind, go on alike; of those, only the one that ranks
        first is followed (its moves rank first whatever comes next).
        """
        path_bits |= (q + 1) << (24 - 6 * n)
        # The square entered is decided anew: a path back to the origin (second square)
        # or to its first square (third) replaces what it left there.
        if q == self.origin:
            at_origin = 0
        elif n == 3 and q == ((path_bits >> 18) & 63) - 1:
            at_first = 0
        if n == 2 and left > 0:
            point: i64 = q | (group << 6) | (here << 15) | (at_origin << 24) | (at_first << 39)
            if not self.halfway.offer(point, path_bits | take_bits):
                return  # a path ranking first was here (or will be) with the same load
        was: i64 = self.base[q]
        size0: i64 = _height(here)
        combined: i64 = here | (group << (BITS * size0))
        result = _result(at_origin, at_first, at_second, _change(q, combined, was))
        if result:  # else the board is as it was: not a move
            self.found.offer(result, (n << 24) | path_bits | take_bits)
        if left <= 0:
            return
        cells = self.cells
        size: i64 = size0 + _height(group)
        most: i64 = size if self.pick_up else size - size0
        slot: i64 = 0 if q == self.origin else 1 if n == 1 else 2
        g: i64 = 1
        while g <= most:
            stay: i64 = size - g
            rest: i64 = combined & ((1 << (BITS * stay)) - 1)
            cells[q] = rest
            behind = _change(q, rest, was)
            carried: i64 = combined >> (BITS * stay)
            takes: i64 = take_bits | (g << (4 - 2 * n))
            room: i64 = 1 << (BITS * (MAX_HEIGHT - g))  # a square below this code takes g more
            # What is left behind on q: the origin's change, the first square's or the second's.
            b0: i64 = behind if slot == 0 else at_origin
            b1: i64 = behind if slot == 1 else at_first
            b2: i64 = behind if slot == 2 else at_second
            k: i64 = 4 * q
            while k < 4 * q + 4:
                nxt: i64 = NEXT[k]
                if nxt < 0:
                    break
                there: i64 = cells[nxt]
                if there < room:
                    self.walk(nxt, there, carried, left - 1, n + 1, path_bits, takes, b0, b1, b2)
                k += 1
            g += 1
        cells[q] = here

    def straight(self, ray: list[int], group: i64, g: i64, up_to_two: bool) -> None:
        """The straight mover: one square (house rule), or two squares in one direction."""
        cells, base = self.cells, self.base
        origin = self.origin
        at_origin = _change(origin, cells[origin], base[origin])
        first: i64 = ray[0]
        path_bits: i64 = (first + 1) << 18
        take_bits: i64 = g << 4
        saved: i64 = cells[first]
        was: i64 = base[first]
        size0: i64 = _height(saved)
        combined: i64 = saved | (group << (BITS * size0))
        if up_to_two:
            result = _result(at_origin, _change(first, combined, was), 0, 0)
            self.found.offer(result, (1 << 24) | path_bits | take_bits)
        if len(ray) < 2:  # the edge of the board: only the one-square move (house rule)
            return
        second: i64 = ray[1]
        path_bits |= (second + 1) << 12
        there: i64 = cells[second]
        size: i64 = size0 + _height(group)
        most: i64 = size if self.pick_up else g
        g2: i64 = 1
        while g2 <= most:
            if there < 1 << (BITS * (MAX_HEIGHT - g2)):
                rest: i64 = combined & ((1 << (BITS * (size - g2))) - 1)
                carried: i64 = combined >> (BITS * (size - g2))
                end: i64 = there | (carried << (BITS * _height(there)))
                result = _result(
                    at_origin, _change(first, rest, was), _change(second, end, base[second]), 0
                )
                self.found.offer(result, (2 << 24) | path_bits | take_bits | (g2 << 2))
            g2 += 1


def _height(code: i64) -> i64:
    """The number of tiles in a stack, by its code (a :data:`WALL`: four, too many to enter)."""
    if code < 8:
        return 0 if code == 0 else 1
    if code < 64:
        return 2
    return 3 if code < WALL else MAX_HEIGHT + 1


def _change(q: i64, code: i64, was: i64) -> i64:
    """Square ``q`` holding ``code`` after the move, packed (0: as before the move, ``was``)."""
    if code == was:
        return 0
    return ((q + 1) << 9) | code


def _result(a: i64, b: i64, c: i64, d: i64) -> i64:
    """A move's result from the changes of the squares it touched (0: the board is as it
    was): the changes packed largest first, so that one result always has one key."""
    if a < b:
        a, b = b, a
    if c < d:
        c, d = d, c
    if a < c:
        a, c = c, a
    if b < d:
        b, d = d, b
    if b < c:
        b, c = c, b
    return a | (b << 15) | (c << 30) | (d << 45)


ORDER: Final = (1 << 24) - 1
"""A move's rank packs its path's length (bits 24 up), then each square of the path
plus one (6 bits each, zero-padded to three squares), then each load (2 bits each):
shorter paths rank first, and among moves of one tile ``rank & ORDER`` sorts like
their ``(path, takes)`` arguments."""


def move_of(origin: int, rank: int) -> Move:
    """The move arguments packed in ``rank`` (see :data:`ORDER`)."""
    n = rank >> 24
    q1, t1 = ((rank >> 18) & 63) - 1, (rank >> 4) & 3
    if n == 1:
        return (origin, (q1,), (t1,))
    q2, t2 = ((rank >> 12) & 63) - 1, (rank >> 2) & 3
    if n == 2:
        return (origin, (q1, q2), (t1, t2))
    return (origin, (q1, q2, ((rank >> 6) & 63) - 1), (t1, t2, rank & 3))


def move_ranks(s: MentisState, p: int, origin: int) -> list[int]:
    """Every move of the top tile on ``origin`` (player ``p``'s), as ranks sorted by arguments.

    A rank packs a move (see :data:`ORDER`); :func:`ranked_action` makes it an action, so
    a caller that needs one move (the random player) labels only that one, and reads it
    with :func:`rank_table` and :func:`rank_at` without this list.
    """
    first, found = rank_table(s, p, origin)
    shift = origin - first
    return [r + shift * SHIFT[r >> 24] for r in found]


def rank_table(s: MentisState, p: int, origin: int) -> tuple[int, vec[i64]]:
    """The moves of :func:`move_ranks` as found for a square ``first``: ``(first, ranks)``.

    The same moves from ``origin`` are ``ranks`` shifted by ``origin - first`` squares
    (:func:`rank_at`).  The ranks are machine integers in a ``vec`` (librt): the move
    cache keeps thousands of these, the garbage collector neither tracks nor walks one
    (a list or tuple of ints there made every collection visit each number), and the
    compiled build reads them without making objects.
    """
    stack = s.stacks[origin]
    kind = stack[-1]
    table = s.table
    rule = table.move_rule[kind]
    owner = s.owner
    if rule in (HILL_STEP, WOLF_STEP):
        steps: list[int] = []
        for n in NEIGHBOURS[origin] if rule == HILL_STEP else NEIGHBOURS8[origin]:
            if owner[n] < 0 and (ON_HILL[n] == p if rule == HILL_STEP else ON_HILL[n] < 0):
                steps.append(n)
        steps.sort()
        return origin, vec[i64]([ONE_STEP | (n + 1) << 18 for n in steps])
    return _ranks_by_key(s, p, origin, move_key(s, p, origin, rule))


def rank_at(ranks: vec[i64], first: int, origin: int, i: int) -> int:
    """The ``i``-th move of :func:`rank_table`'s ``(first, ranks)``, for the tile on ``origin``."""
    r: i64 = ranks[i]
    return r + (origin - first) * SHIFT[r >> 24]


def move_key(s: MentisState, p: int, origin: int, rule: int) -> bytes:
    """What the moves of player ``p``'s tile on ``origin`` (of movement row ``rule``) depend on.

    Only the squares a path can reach, by their offset from the origin: the own stacks
    by their tiles, and as walls (:data:`ENEMY`) the enemy tiles whatever they are (so
    the moves of both players share the cache), the Hills, the Wolves and the edge of
    the board.  So a tile with the same surroundings elsewhere has the same key: its
    moves are the same, shifted (:func:`_ranks_by_key`).  A full own stack (but the
    tile's own) is a wall too, and on a square a move can only end on (:data:`RIMS`) an
    own stack counts by its height alone.  Bytes: the row, then two bytes for each
    square that is not empty (its offset and the code's top two bits, the code's low
    eight bits).
    """
    board = s.board
    out = BytesWriter()
    out.append(rule)
    region = REGIONS[rule][origin]
    rim = RIMS[rule]
    mine: i64 = p + 1
    for i in range(len(region)):
        x = region[i]
        code: i64 = ENEMY
        if x >= 0 and HILL[x] < 0:
            c: i64 = board[x]
            if c == 0:
                continue
            if c >> OWNER_SHIFT == mine:
                code = c & STACK_BITS
                # A Wolf, or a full stack the tile does not start on, takes no tile more:
                # for the moves it is a wall like an enemy tile.
                if _top(code) == WOLF or (code >= FULL and x != origin):
                    code = ENEMY
                elif rim[i]:
                    # Where a move can only end, the tiles arriving go on top and which
                    # kinds lie below changes no move: only the height is kept.
                    code = SAME_KINDS[_height(code)]
        out.append(u8((i << 2) | (code >> 8)))
        out.append(u8(code & 255))
    return out.getvalue()


def _ranks_by_key(s: MentisState, p: int, origin: int, key: bytes) -> tuple[int, vec[i64]]:
    """The ranks of :func:`move_ranks` for a path-finding row, cached by :func:`move_key`.

    The search's board is made from the key, which holds all the moves depend on.  The
    cache keeps the ranks found for one origin, as :func:`rank_table` returns them; a
    tile elsewhere with the same key has the same moves shifted by the distance between
    the two squares.
    """
    cache = s.game.move_cache
    cached = cache.get(key)
    if cached is not None:
        return cached
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    stack = s.stacks[origin]
    table = s.table
    rule = table.move_rule[stack[-1]]
    region = REGIONS[rule][origin]
    cells = HILL_CELLS[:]
    for i in range(1, len(key), 2):
        q = region[key[i] >> 2]
        if q >= 0:
            code = ((key[i] & 3) << 8) | key[i + 1]
            cells[q] = WALL if code == ENEMY else code
    height = len(stack)
    walk = _Walk(cells, origin, s.game.pick_up)
    whole = walk.base[origin]
    for g in range(1, height + 1):
        rest = whole & LOW[height - g]
        cells[origin] = rest
        group = whole >> (BITS * (height - g))
        if rule in (STEP, PATH_THREE):
            left = 0 if rule == STEP else 2
            room = 1 << (BITS * (MAX_HEIGHT - g))
            behind = ((origin + 1) << 9) | rest
            for n in NEIGHBOURS[origin]:
                there = cells[n]
                if there < room:
                    walk.walk(n, there, group, left, 1, 0, g << 4, behind, 0, 0)
        elif rule == STRAIGHT_TWO:
            for d in range(4):
                ray = RAYS[origin][d]
                if ray and _height(cells[ray[0]]) + g <= MAX_HEIGHT:
                    walk.straight(ray, group, g, table.straight_up_to_two)
    got = (origin, walk.found.sorted_moves())
    cache[key] = got
    return got


def tile_moves(s: MentisState, p: int, origin: int) -> list[Action]:
    """Every move of the top tile on ``origin`` (player ``p``'s), as actions sorted by arguments.

    The lists are cached too (by :func:`move_key`, the origin and the player), so
    listing every action of a position again costs no label look-ups.
    """
    kind = s.stacks[origin][-1]
    rule = s.table.move_rule[kind]
    if rule in (HILL_STEP, WOLF_STEP):
        return [ranked_action(p, kind, origin, r) for r in move_ranks(s, p, origin)]
    key = move_key(s, p, origin, rule)
    cache = s.game.move_action_cache
    own_key = key + bytes((origin, p))
    got = cache.get(own_key)
    if got is None:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        first, found = _ranks_by_key(s, p, origin, key)
        shift = origin - first
        got = cache[own_key] = [
            ranked_action(p, kind, origin, r + shift * SHIFT[r >> 24]) for r in found
        ]
    return got


ONE_STEP: Final = 1 << 24 | 1 << 4
"""The rank of a one-square move carrying one tile, but for its square (bits 18-23)."""
_ACTIONS: Final[dict[int, Action]] = {}


def ranked_action(p: int, kind: int, origin: int, rank: int) -> Action:
    """The labelled action of a move given by its rank (built once per player, kind, move)."""
    key = (((p * KINDS + kind) * SQUARES + origin) << 28) | rank
    got = _ACTIONS.get(key)
    if got is None:
        move = move_of(origin, rank)
        _, path, takes = move
        got = _ACTIONS[key] = Action(p, "move", move, move_label(kind, origin, path, takes))
    return got


def _open(s: MentisState, p: int, q: int) -> bool:
    """Whether one more tile of player ``p`` may stand on ``q`` (not a Hill, an enemy
    tile, a Wolf or a full stack)."""
    if HILL[q] >= 0:
        return False
    c: i64 = s.board[q]
    if c == 0:
        return True
    code: i64 = c & STACK_BITS
    return c >> OWNER_SHIFT == p + 1 and code < FULL and _top(code) != WOLF


def has_move(s: MentisState, p: int, origin: int) -> bool:
    """Whether the top tile on ``origin`` (player ``p``'s) has at least one legal move.

    Cheap: the tile moving alone to the nearest square its row allows is always a move
    (it changes the board), and when that square cannot take one more tile no path
    through it can, so only those first squares are looked at.
    """
    board = s.board
    table = s.table
    rule = table.move_rule[_top(board[origin] & STACK_BITS)]
    if rule == HILL_STEP:
        return any(board[n] == 0 and HILL[n] == p for n in NEIGHBOURS[origin])
    if rule == WOLF_STEP:
        return any(board[n] == 0 and HILL[n] < 0 for n in NEIGHBOURS8[origin])
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


def _whole_stack_to_empty(
    stacks: list[list[int]], origin: int, path: tuple[int, ...], takes: tuple[int, ...]
) -> bool:
    """Whether a move carries the whole stack over empty squares to an empty square
    (the usual move), never back over its starting square."""
    height = len(stacks[origin])
    for i in range(len(path)):
        q = path[i]
        if takes[i] != height or q == origin or stacks[q]:
            return False
    return True


def _lift(stack: list[int], n: int) -> list[int]:
    """Take the top ``n`` items off ``stack`` (in place); return them, bottom first."""
    cut = len(stack) - n
    group = stack[cut:]
    while len(stack) > cut:
        stack.pop()
    return group


def apply_move(s: MentisState, p: int, move: Move) -> list[int]:
    """Carry out a move (known legal); return the squares it changed, in path order."""
    origin, path, takes = move
    stacks, known, owner = s.stacks, s.known, s.owner
    touched = [origin]
    for q in path:
        if q not in touched:
            touched.append(q)
    if _whole_stack_to_empty(stacks, origin, path, takes):
        # Nothing is dropped or taken along on the way: the stack's lists change squares.
        end = path[len(path) - 1]
        stacks[origin], stacks[end] = stacks[end], stacks[origin]
        known[origin], known[end] = known[end], known[origin]
        owner[origin], owner[end] = -1, p
        return touched
    group = _lift(stacks[origin], takes[0])
    group_bits = _lift(known[origin], takes[0])
    last = len(path) - 1
    for i in range(len(path)):
        stack, bits = stacks[path[i]], known[path[i]]
        for j in range(len(group)):
            stack.append(group[j])
            bits.append(group_bits[j])
        if i < last:
            group = _lift(stack, takes[i + 1])
            group_bits = _lift(bits, takes[i + 1])
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
    table = s.table
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
