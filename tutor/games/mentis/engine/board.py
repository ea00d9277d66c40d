"""The Mentis board and tiles: the 7x7 grid, both Hills, the deploy squares, the tile kinds.

Squares are numbered 0..48 (``row * 7 + column``); row 0 is Blue's home row ("a1" is
square 0, "g7" square 48).  Every table the rules consult many times a turn (the
orthogonal neighbours, the rays of squares in each direction, the Hill and deploy
squares) is built once here, so the rule modules only index lists.
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 7
SQUARES: Final = SIZE * SIZE
MAX_HEIGHT: Final = 3
BLUE: Final = 0
RED: Final = 1
PLAYER_NAMES: Final = ("Blue", "Red")

# Tile kinds.  The King's row of the movement table is fixed; which name goes with which
# of the other three rows is the ``tile_table`` ruling (see tiles.py).
KING: Final = 0
SPEAR: Final = 1
TRENCHMAN: Final = 2
NOBLE: Final = 3
WOLF: Final = 4
KINDS: Final = 5
KIND_NAMES: Final = ("King", "Spear", "Trenchman", "Noble", "Wolf")
KIND_PLURALS: Final = ("Kings", "Spears", "Trenchmen", "Nobles", "Wolves")
STARTING_HAND: Final = (0, 3, 3, 3, 0)
"""Tiles in each player's hand at the start (the King starts on the Hill)."""

ORTHOGONAL: Final = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL: Final = ((1, 1), (1, -1), (-1, 1), (-1, -1))
"""(column step, row step) of each direction; the Wolf also uses the diagonals."""


def square_name(sq: int) -> str:
    """``"d2"`` for square 10: the column letter and the row number from Blue's side."""
    return "abcdefg"[sq % SIZE] + str(sq // SIZE + 1)


def square_of(name: str) -> int:
    """The square number of a name such as ``"d2"``.

    Raises:
        ValueError: if the name is not a square of the 7x7 board.
    """
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in "abcdefg" or text[1] not in "1234567":
        raise ValueError(f"{name!r} is not a square of the board (a1 to g7)")
    return (int(text[1]) - 1) * SIZE + "abcdefg".index(text[0])


def _step(sq: int, dc: int, dr: int) -> int:
    """The square one step from ``sq`` in direction (dc, dr), or -1 off the board."""
    c, r = sq % SIZE + dc, sq // SIZE + dr
    if 0 <= c < SIZE and 0 <= r < SIZE:
        return r * SIZE + c
    return -1


def _ray(sq: int, dc: int, dr: int) -> list[int]:
    out: list[int] = []
    nxt = _step(sq, dc, dr)
    while nxt >= 0:
        out.append(nxt)
        nxt = _step(nxt, dc, dr)
    return out


NEIGHBOURS: Final[list[list[int]]] = [
    [n for n in (_step(sq, dc, dr) for dc, dr in ORTHOGONAL) if n >= 0] for sq in range(SQUARES)
]
"""The orthogonal neighbours of each square."""
NEIGHBOURS8: Final[list[list[int]]] = [
    [n for n in (_step(sq, dc, dr) for dc, dr in ORTHOGONAL + DIAGONAL) if n >= 0]
    for sq in range(SQUARES)
]
"""The eight neighbours of each square (the Wolf's moves and captures)."""
RAYS: Final[list[list[list[int]]]] = [
    [_ray(sq, dc, dr) for dc, dr in ORTHOGONAL] for sq in range(SQUARES)
]
"""For each square, the squares in each orthogonal direction, nearest first."""

HILLS: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (
    (2, 3, 4),
    (SQUARES - 5, SQUARES - 4, SQUARES - 3),
)
"""Each player's Hill: the middle three squares of their home row (ruling hill_squares)."""
KING_START: Final = (3, SQUARES - 4)
"""The middle square of each Hill, where the Kings start."""
ON_HILL: Final[list[int]] = [
    BLUE if sq in HILLS[BLUE] else RED if sq in HILLS[RED] else -1 for sq in range(SQUARES)
]
"""Whose Hill a square belongs to (-1: none)."""
DEPLOY_SQUARES: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (
    tuple(
        sorted({n for h in HILLS[BLUE] for n in NEIGHBOURS[h] if ON_HILL[n] < 0}),
    ),
    tuple(sorted({n for h in HILLS[RED] for n in NEIGHBOURS[h] if ON_HILL[n] < 0})),
)
"""The squares orthogonally next to each player's Hill (and not on it)."""


def between(a: int, b: int) -> list[int]:
    """The squares strictly between two squares on one row, column or diagonal.

    Raises:
        ValueError: if the squares are not on one straight line.
    """
    dc = b % SIZE - a % SIZE
    dr = b // SIZE - a // SIZE
    n = max(abs(dc), abs(dr))
    if n == 0 or (dc and dr and abs(dc) != abs(dr)):
        raise ValueError(f"{square_name(a)} and {square_name(b)} are not on one line")
    sc = (dc > 0) - (dc < 0)
    sr = (dr > 0) - (dr < 0)
    return [a + k * (sr * SIZE + sc) for k in range(1, n)]


def distance(a: int, b: int) -> int:
    """Squares between ``a`` and ``b`` counted along a row, column or diagonal (king steps)."""
    return max(abs(b % SIZE - a % SIZE), abs(b // SIZE - a // SIZE))
