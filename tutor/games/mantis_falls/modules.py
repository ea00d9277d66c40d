"""Which player counts and add-on modules Mantis Falls may be played with (topics 4, 22).

The spec names :func:`module_problem` as its ``module_check`` hook, so ``load_game``
refuses a bad combination before any card file is read.  It imports nothing heavy.
"""

from __future__ import annotations

TRIAD = "triad"
"""The module three-player games need (topic 22)."""
PLAYER_COUNT_RULE = "mf.4.2"
"""The rule the refusal cites: Triad with three players, never with two."""


def module_problem(players: int, modules: tuple[str, ...]) -> str:
    """Why ``players`` with ``modules`` is not a valid game (``""`` when it is).

    Triad is required with three players and left out with two (mf.4.2, mf.22.1); the
    other modules combine freely with either count (mf.4.1).
    """
    if players == 3 and TRIAD not in modules:
        return (
            f"a 3-player game of Mantis Falls needs the Triad module ({PLAYER_COUNT_RULE}, "
            "topic 22): load it with modules=['triad']"
        )
    if players == 2 and TRIAD in modules:
        return (
            f"the Triad module is for 3-player games only ({PLAYER_COUNT_RULE}, topic 22): "
            "leave it out of a 2-player game, or play with players=3"
        )
    return ""


def seat_tables(
    players: int, partner: str
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]:
    """Who is active, who is the bystander and who plays next, for each turn player.

    Seats are numbered clockwise, so turns pass from seat ``p`` to ``p + 1`` (mf.7.1).
    With three players the turn player's partner sits to their right (the seat that
    played before them, ruling ``triad_partner``: ``right``) or to their left
    (``left``); the remaining seat is the bystander (mf.7.2, mf.7.3).

    Args:
        players: 2 or 3.
        partner: the ``triad_partner`` reading, ``"right"`` or ``"left"``.

    Returns:
        ``(pairs, bystanders, next_player)``, each indexed by the turn player:
        ``pairs[p]`` is the active pair (turn player first), ``bystanders[p]`` the
        bystander (-1 with two players), ``next_player[p]`` the next turn player.
    """
    if players == 2:
        return ((0, 1), (1, 0)), (-1, -1), (1, 0)
    step = players - 1 if partner == "right" else 1
    pairs = tuple((p, (p + step) % players) for p in range(players))
    bystanders = tuple(next(q for q in range(players) if q not in pairs[p]) for p in range(players))
    return pairs, bystanders, tuple((p + 1) % players for p in range(players))
