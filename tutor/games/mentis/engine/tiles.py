"""The movement summary table as the engine reads it: how each tile kind moves and attacks.

The rulebook's table has four rows (the King's, "1 square, range 3", "2 in a straight
line, range 2" and "1-3 in any path, range 1") but the copy we have lost the names of
the three non-King rows and the immunity column.  The ``tile_table`` ruling says which
name goes with which row and the ``immunity`` ruling which kind is immune to which;
:func:`tile_table` turns the chosen options into a :class:`TileTable`.
"""

from __future__ import annotations

from typing import Final

from tutor.games.mentis.engine.board import KINDS, NOBLE, SPEAR, TRENCHMAN, WOLF

# Movement rules (the rows of the movement table, plus the Wolf's).
HILL_STEP: Final = 0
STEP: Final = 1
STRAIGHT_TWO: Final = 2
PATH_THREE: Final = 3
WOLF_STEP: Final = 4
ROW_RANGE: Final = (1, 3, 2, 1, 1)
"""Range of attack of each movement row (the Wolf's at the end)."""
ROW_RULES: Final = ("me.6.1", "me.6.2", "me.6.3", "me.6.4", "me.8.3")
"""The rule describing each movement row."""

TABLE_OPTIONS: Final[dict[str, tuple[int, int, int]]] = {
    "spear_trenchman_noble": (SPEAR, TRENCHMAN, NOBLE),
    "spear_noble_trenchman": (SPEAR, NOBLE, TRENCHMAN),
    "trenchman_spear_noble": (TRENCHMAN, SPEAR, NOBLE),
    "trenchman_noble_spear": (TRENCHMAN, NOBLE, SPEAR),
    "noble_spear_trenchman": (NOBLE, SPEAR, TRENCHMAN),
    "noble_trenchman_spear": (NOBLE, TRENCHMAN, SPEAR),
}
"""``tile_table`` option -> the kinds on the rows STEP, STRAIGHT_TWO and PATH_THREE."""

IMMUNITY_OPTIONS: Final[dict[str, dict[int, int]]] = {
    "trenchmen_resist_spears": {TRENCHMAN: SPEAR, SPEAR: NOBLE, NOBLE: TRENCHMAN},
    "spears_resist_trenchmen": {SPEAR: TRENCHMAN, TRENCHMAN: NOBLE, NOBLE: SPEAR},
}
"""``immunity`` option -> {kind: the kind it is immune to (and blocks)}."""


class TileTable:
    """Per tile kind: its movement row, its range of attack and the kind it is immune to.

    Attributes:
        move_rule: per kind, one of HILL_STEP, STEP, STRAIGHT_TWO, PATH_THREE, WOLF_STEP.
        attack_range: per kind, the exact distance of its captures.
        immune_to: per kind, the attacking kind it cannot be captured by and blocks
            (-1: none, the King's and the Wolf's).
        straight_up_to_two: True when the straight mover may also stop after one square
            (the ``straight_move`` house rule).
    """

    def __init__(self, rows: tuple[int, int, int], immunity: dict[int, int], up_to_two: bool):
        self.move_rule: list[int] = [HILL_STEP] * KINDS
        self.move_rule[rows[0]] = STEP
        self.move_rule[rows[1]] = STRAIGHT_TWO
        self.move_rule[rows[2]] = PATH_THREE
        self.move_rule[WOLF] = WOLF_STEP
        self.attack_range: list[int] = [ROW_RANGE[rule] for rule in self.move_rule]
        self.immune_to: list[int] = [immunity.get(kind, -1) for kind in range(KINDS)]
        self.straight_up_to_two = up_to_two

    def rule_of(self, kind: int) -> str:
        """The rule id of a kind's row of the movement table."""
        return ROW_RULES[self.move_rule[kind]]


def tile_table(table: str, immunity: str, straight: str) -> TileTable:
    """The table for the chosen options of the three rulings.

    Raises:
        KeyError: for an option the rulings do not offer (the rule book refuses those first).
    """
    return TileTable(TABLE_OPTIONS[table], IMMUNITY_OPTIONS[immunity], straight == "one_or_two")
