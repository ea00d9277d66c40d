"""Bot matchups as a plain-text table: what a workshop's "results" cell prints.

Why this exists: a workshop host wants one cell that plays a few dozen games for each
pair of bots and shows the outcome side by side, the way ``tutor simulate --bots`` does
in a terminal, without loops or formatting code in the notebook.  :func:`compare_bots`
runs :func:`tutor.analysis.simulation.simulate` once per matchup (in this process by
default, so it behaves the same in Jupyter, Voila and a terminal) and
:func:`summary_table` lays the summaries out as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.analysis.simulation import simulate, summarise


def compare_bots(
    game_name: str,
    matchups: Mapping[str, Sequence[str]],
    games: int = 40,
    seed: int = 0,
    processes: int = 1,
    **kwargs: Any,
) -> dict[str, dict[str, Any]]:
    """Play ``games`` games for each matchup and return each one's summary.

    Every matchup uses the same ``seed``, so the games are dealt the same way and
    differ only in how the bots play (common random numbers).

    Args:
        game_name: a registered game.
        matchups: ``{label: (bot for player 0, bot for player 1, ...)}`` by registered
            bot name, e.g. ``{"random": ("random", "random")}``.
        games: games per matchup.
        seed: the seed of every matchup's run.
        processes: worker processes (default 1: play in this process).
        **kwargs: more :func:`~tutor.analysis.simulation.simulate` arguments
            (``options``, ``start``, ``max_turns`` ...).

    Returns:
        ``{label: summarise(rows)}`` in the order of ``matchups``.

    Raises:
        ValueError: for a bad number of games or bots, or an unknown bot name.
        UnknownGameError: if the game is not registered.
        OptionError: for invalid game options.
    """
    kwargs.setdefault("progress", False)
    return {
        label: summarise(
            simulate(
                game_name,
                games=games,
                seed=seed,
                policies=tuple(bots),
                processes=processes,
                **kwargs,
            )
        )
        for label, bots in matchups.items()
    }


def summaries_by(
    rows: Iterable[Mapping[str, Any]], field: str = "variant"
) -> dict[str, dict[str, Any]]:
    """Group rows by a field (``variant`` of a sweep, ``role_setup`` ...) and sum each up.

    Returns:
        ``{label: summarise(rows of that label)}`` in the order the labels first appear
        (list values such as ``policies`` are joined with commas), ready for
        :func:`summary_table` and :func:`tutor.charts.outcome_bar`.

    Raises:
        KeyError: if a row lacks ``field`` or the fields ``summarise`` reads.
    """
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        key = row[field]
        label = ",".join(map(str, key)) if isinstance(key, list | tuple) else str(key)
        groups.setdefault(label, []).append(row)
    return {label: summarise(group) for label, group in groups.items()}


def _share(rate: Mapping[str, Any] | None) -> str:
    if not rate or not rate["of"]:
        return "-"
    return f"{rate['count']}/{rate['of']} ({100 * rate['rate']:.0f}%)"


def summary_table(summaries: Mapping[str, Mapping[str, Any]]) -> str:
    """Lay out matchup summaries (from :func:`compare_bots`) as a text table.

    Columns: games played, the wins of each role (or seat, for a game without roles;
    out of the games where that role was dealt), ties, the game's own rates (those its
    summary hook names in ``extra_labels``) and the mean number of turns.

    Raises:
        KeyError: if a summary lacks the fields ``summarise`` writes.
    """
    who: list[str] = []
    extras: dict[str, str] = {}
    for s in summaries.values():
        who += [k for k in s["win_rate"] if k not in who]
        extras.update(s.get("extra_labels") or {})
    header = ("matchup", "games", *(f"{w} wins" for w in who), "ties", *extras.values(), "turns")
    rows = [header]
    for label, s in summaries.items():
        rows.append(
            (
                label,
                str(s["games"]),
                *(_share(s["win_rate"].get(w)) for w in who),
                _share(s["tie_rate"]),
                *(_share(s.get(key)) for key in extras),
                f"{s['length']['turns']['mean']:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = []
    for n, row in enumerate(rows):
        rest = zip(row[1:], widths[1:], strict=True)
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in rest]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


__all__ = ["compare_bots", "summaries_by", "summary_table"]
