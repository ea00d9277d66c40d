"""Small pure functions the Mantis Falls engine shares.

The canonical order of choices (every list of legal actions is in it), counting the
cards of a pile, the distance to the nearest phone along the road or on its 3x4 grid,
and a road card's text.  They read no state, so every engine module may use them.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from tutor.core.types import Action

# Legal actions sort by (player, kind, args); attrgetter builds that key in C (speed).
_order = attrgetter("player", "kind", "args")


def canonical_order(legal: list[Action]) -> list[Action]:
    """Sort choices by (player, kind, args) and keep one of each (kind, label).

    Copies of a card (two Bullets) give equal choices, so only the lowest copy is
    offered.  Every list of legal actions is in this order.
    """
    if len(legal) > 1:
        legal.sort(key=_order)
        if len({(a.kind, a.label) for a in legal}) < len(legal):
            seen: set[tuple[str, str]] = set()
            unique = []
            for a in legal:
                key = (a.kind, a.label)
                if key not in seen:
                    seen.add(key)
                    unique.append(a)
            legal = unique
    return legal


def _counts(pool: list[int]) -> list[tuple[int, int]]:
    counts: dict[int, int] = {}
    for c in pool:
        counts[c] = counts.get(c, 0) + 1
    return sorted(counts.items())


def phone_distance(position: int, phones: list[int], grid: bool) -> int:
    """Roads from ``position`` to the nearest of the ``phones`` positions (99 if none).

    Along the path by default; with ``grid`` (ruling ``phone_range``) a road directly
    above or below in the 3x4 grid also counts as one road away.
    """
    best = 99
    for q in phones:
        d = abs(q - position)
        if grid and 1 <= q <= 12 and 1 <= position <= 12:
            rq, cq = _grid_cell(q)
            rp, cp = _grid_cell(position)
            d = min(d, abs(rq - rp) + abs(cq - cp))
        best = min(best, d)
    return best


def _grid_cell(position: int) -> tuple[int, int]:
    """Row (0 sunset .. 2 dark) and column of a road position 1..12 in the 3x4 grid."""
    row, k = divmod(position - 1, 4)
    return row, (3 - k if row == 1 else k)


def _road_text(road: Any) -> str:
    from tutor.games.mantis_falls.text import road_card_text

    return road_card_text(road)
