"""Mentis rules as text for people, rendered from the tile table the engine runs.

``tile_table_rows(game)`` gives the movement summary table with the names, ranges and
immunities the chosen rulings produce, so what a notebook or the docs show is what the
engine does.  ``explain_action(state, action)`` says in one line what an action does or
why it is illegal (the verdict's reason and rule).
"""

from __future__ import annotations

from typing import Any

from tutor.games.mentis.engine.board import KIND_NAMES, KING, WOLF
from tutor.games.mentis.engine.tiles import (
    HILL_STEP,
    PATH_THREE,
    STEP,
    STRAIGHT_TWO,
    WOLF_STEP,
)

MOVES = {
    HILL_STEP: "1 square, only on its own Hill",
    STEP: "1 square",
    STRAIGHT_TWO: "2 squares in one straight direction",
    PATH_THREE: "1 to 3 squares along any path (not back to the start unless it dropped or "
    "collected tiles)",
    WOLF_STEP: "1 square, diagonals too (expansion)",
}


def tile_table_rows(game: Any) -> list[dict[str, Any]]:
    """One row per tile kind in play: name, movement, range, immune to (and blocks).

    Raises:
        AttributeError: if ``game`` is not a loaded Mentis game.
    """
    table = game.table
    kinds = [KING, *(k for k in (1, 2, 3)), *([WOLF] if game.wolf else [])]
    rows = []
    for kind in sorted(kinds, key=lambda k: (table.move_rule[k], k)):
        immune = table.immune_to[kind]
        rows.append(
            {
                "tile": KIND_NAMES[kind],
                "moves": MOVES[table.move_rule[kind]],
                "range": table.attack_range[kind] if kind != WOLF else "1, diagonals too",
                "immune to and blocks": KIND_NAMES[immune] if immune >= 0 else "nothing",
                "rule": table.rule_of(kind) if kind != WOLF else "me.8.3",
            }
        )
    return rows


def tile_table_text(game: Any) -> str:
    """The movement summary table as aligned text lines."""
    rows = tile_table_rows(game)
    lines = []
    for row in rows:
        lines.append(
            f"{row['tile']:10} moves {row['moves']}; captures at range {row['range']}; "
            f"immune to {row['immune to and blocks']} [{row['rule']}]"
        )
    return "\n".join(lines)


def explain_action(state: Any, action: Any) -> str:
    """``"legal: <label>"`` or ``"illegal: <reason> [<rule>]"`` for an action."""
    verdict = state.check(action)
    if verdict.ok:
        return f"legal: {action.label or action}"
    return f"illegal: {verdict.reason} [{verdict.rule}]"
