"""How each add-on module changes who wins: the same seeds with and without it.

Why this exists: a game with modules (Mantis Falls' Full Circle and Under the Rose) asks
the workshop question "does this module help the witnesses or the assassin, and does it
end the game another way?".  :func:`module_impact` answers for any registered game
through its spec alone: the spec says which player counts and module sets are valid, so
the *baseline* of a player count is its smallest valid module set (Mantis Falls: none
with two players, Triad with three) and the *toggles* are the modules that can be added
to it.  Every configuration (the baseline, each chosen module alone, all of them
together) plays games ``0..n-1`` from the same seeds
(:func:`~tutor.analysis.simulation.derive_seed`) with the same bots, so the games are
paired: game ``i`` of a configuration is compared with game ``i`` of the baseline.

A module changes the deal (more cards in the decks, an opening burial), so a paired game
with another winner may differ from its first card on: the count says how often adding
the module changes the result of a seed, the win-rate changes say in whose favour.

:func:`tutor.charts.modules.module_impact_figure` draws the report and
:class:`tutor.widgets.modules.ModuleToggles` puts checkboxes on it.  Nothing here names
a game.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from typing import Any

from tutor.analysis.rulings import _changes, _result
from tutor.analysis.simulation import (
    Row,
    _progress_bar,
    rate_with_interval,
    simulate,
    summarise,
)
from tutor.core.errors import OptionError
from tutor.core.spec import spec_for

ProgressHook = Callable[[int, int], None]
"""``hook(done, total)``: told the games played so far after each game."""


def _valid_sets(game_name: str, players: int) -> list[tuple[str, ...]]:
    """Every valid module set at ``players`` in the spec's module order, smallest first."""
    spec = spec_for(game_name)
    return [
        combo
        for k in range(len(spec.modules) + 1)
        for combo in itertools.combinations(spec.modules, k)
        if not spec.module_problem(players, combo)
    ]


def baseline_modules(game_name: str, players: int) -> tuple[str, ...]:
    """The smallest valid module set at ``players`` (what every toggle is added to).

    Raises:
        UnknownGameError: if the game is not registered.
        OptionError: if no module set is valid at that player count.
    """
    valid = _valid_sets(game_name, players)
    if not valid:
        raise OptionError(spec_for(game_name).module_problem(players, ()))
    return valid[0]


def module_toggles(game_name: str) -> dict[int, tuple[str, ...]]:
    """Per player count, the modules that can be switched on and off over its baseline.

    A module is a toggle at a player count when the baseline with it added is valid
    (Mantis Falls: Full Circle and Under the Rose, at two and at three players; Triad is
    fixed by the player count, so it is never a toggle).

    Returns:
        ``{players: (module, ...)}`` for every player count of the game (an empty tuple
        where nothing can be toggled).

    Raises:
        UnknownGameError: if the game is not registered.
    """
    spec = spec_for(game_name)
    out: dict[int, tuple[str, ...]] = {}
    for players in spec.player_counts:
        valid = set(_valid_sets(game_name, players))
        if not valid:
            continue
        base = baseline_modules(game_name, players)
        out[players] = tuple(
            m
            for m in spec.modules
            if m not in base and tuple(x for x in spec.modules if x in (*base, m)) in valid
        )
    return out


def module_label(modules: Sequence[str], baseline: Sequence[str] = ()) -> str:
    """A configuration's label: the modules added to the baseline, joined by ``+``.

    ``()`` over ``()`` is ``"no modules"``; the baseline alone is ``"baseline (triad)"``.
    """
    added = [m for m in modules if m not in baseline]
    if added:
        return " + ".join(added)
    return f"baseline ({' + '.join(baseline)})" if baseline else "no modules"


def _configurations(
    game_name: str, players: int, chosen: Sequence[str]
) -> list[tuple[str, tuple[str, ...]]]:
    """``(label, modules)`` of the baseline, each chosen module alone, then all together."""
    spec = spec_for(game_name)
    base = baseline_modules(game_name, players)

    def ordered(extra: Sequence[str]) -> tuple[str, ...]:
        return tuple(m for m in spec.modules if m in base or m in extra)

    sets = [base] + [ordered([m]) for m in chosen]
    if len(chosen) > 1:
        sets.append(ordered(chosen))
    return [(module_label(s, base), s) for s in sets]


class _Bar:
    """The games counter shared by every configuration's simulation (tqdm-like)."""

    def __init__(self, total: int, progress: bool | ProgressHook, desc: str) -> None:
        self.total = total
        self.done = 0
        self.hook = progress if callable(progress) else None
        self.tqdm = _progress_bar(total, progress is True, desc)

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.tqdm is not None:
            self.tqdm.update(n)
        if self.hook is not None:
            self.hook(self.done, self.total)

    def close(self) -> None:
        if self.tqdm is not None:
            self.tqdm.close()


def _wins(summary: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Win rates by role and by side (``"role witness"``), else by seat."""
    found = {f"role {k}": v for k, v in summary["win_rate_by_role"].items()}
    found.update({f"side {k}": v for k, v in summary["win_rate_by_side"].items()})
    return found or dict(summary["win_rate_by_seat"])


def module_impact(
    game_name: str,
    players: int | None = None,
    modules: Sequence[str] | None = None,
    games: int = 100,
    seed: int = 0,
    policies: Sequence[Any] | str | None = None,
    *,
    processes: int | None = 1,
    progress: bool | ProgressHook = True,
) -> dict[str, Any]:
    """Play the same seeded games with and without each module, and compare them.

    Args:
        game_name: a registered game.
        players: the player count (default: the spec's).
        modules: the toggles to look at (default: every toggle at that count, see
            :func:`module_toggles`).
        games: paired games per configuration.
        seed: the run's seed: game ``i`` of every configuration uses
            ``derive_seed(seed, i)``.
        policies: one bot per player (names or Policy objects), or one bot name for
            every seat (default: the random bot).
        processes: worker processes for each configuration (1: this process).
        progress: ``True`` for a tqdm bar over all the games, ``False`` for none, or a
            callable ``hook(done, total)`` (a widget's progress bar).

    Returns:
        A JSON-ready report: ``game``, ``title``, ``players``, ``games``, ``seed``,
        ``policies``, ``baseline`` (its modules), ``modules`` (the toggles compared),
        ``groups`` (the win-rate keys: ``"role R"`` / ``"side S"``, else ``"seat N"``),
        ``outcomes`` (the game's own outcome-rate keys, e.g. ``"escape"``), ``rows``
        (one per configuration, the baseline first: ``label``, ``modules``, ``added``,
        ``games``, ``unfinished``, ``wins`` and ``outcome_rates`` (each ``count, of,
        rate, low, high``, a 95% Wilson interval), ``differs`` (paired games whose
        winners differ from the baseline's, with its interval; ``None`` for the
        baseline) and ``changes`` (per group: ``base``, ``reading``, ``change``,
        ``low``, ``high``, a 95% interval for paired proportions)) and ``seconds``.

    Raises:
        UnknownGameError: if the game is not registered.
        OptionError: for an invalid player count, or a module that is not a toggle at
            that count (the message lists the toggles).
        ValueError: for a bad number of games or bots, or an unknown bot name.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    spec = spec_for(game_name)
    count: int = players if players is not None else (spec.default_players or spec.players[0])
    problem = spec.module_problem(count, ()) if count not in spec.player_counts else ""
    if problem:
        raise OptionError(problem)
    toggles = module_toggles(game_name).get(count, ())
    chosen = list(toggles) if modules is None else list(modules)
    for m in chosen:
        if m not in toggles:
            raise OptionError(
                f"{m!r} is not a module {spec.title} can switch on and off with {count} "
                f"players; these can: {', '.join(toggles) or 'none'}"
            )
    chosen = [m for m in spec.modules if m in chosen]  # the spec's order, no repeats
    bots = [policies] * count if isinstance(policies, str) else list(policies or ["random"] * count)
    start = time.perf_counter()
    plays = _configurations(game_name, count, chosen)
    bar = _Bar(games * len(plays), progress, f"{game_name} modules")
    results: dict[str, list[Row]] = {}
    try:
        for label, mods in plays:
            options: dict[str, Any] = {"players": count}
            if mods:
                options["modules"] = list(mods)
            results[label] = simulate(
                game_name,
                games=games,
                seed=seed,
                policies=bots,
                options=options,
                processes=processes,
                progress=bar,
            )
    finally:
        bar.close()
    base_label, base = plays[0]
    base_rows = results[base_label]
    table = []
    for label, mods in plays:
        rows = results[label]
        summary = summarise(rows, game_name)
        differs = None
        if label != base_label:
            changed = sum(_result(a) != _result(b) for a, b in zip(base_rows, rows, strict=True))
            differs = rate_with_interval(changed, games)
        table.append(
            {
                "label": label,
                "modules": list(mods),
                "added": [m for m in mods if m not in base],
                "games": games,
                "unfinished": summary["unfinished"],
                "wins": _wins(summary),
                "outcome_rates": dict(summary.get("outcome_rates") or {}),
                "differs": differs,
                "changes": {} if differs is None else _changes(base_rows, rows),
            }
        )
    groups = sorted({g for row in table for g in row["wins"]})
    outcomes = sorted({k for row in table for k in row["outcome_rates"]})
    return {
        "game": game_name,
        "title": spec.title,
        "players": count,
        "games": games,
        "seed": seed,
        "policies": [p if isinstance(p, str) else getattr(p, "name", "?") for p in bots],
        "baseline": list(base),
        "modules": chosen,
        "groups": groups,
        "outcomes": outcomes,
        "rows": table,
        "seconds": round(time.perf_counter() - start, 3),
    }


def _pct(rate: dict[str, Any]) -> str:
    return f"{100 * rate['rate']:.0f}% ({100 * rate['low']:.0f}-{100 * rate['high']:.0f})"


def text_table(report: dict[str, Any]) -> str:
    """The report as aligned text: one line per configuration, rates with intervals.

    Args:
        report: what :func:`module_impact` returned.

    Raises:
        KeyError: if ``report`` is not shaped like a module-impact report.
    """
    columns = ["configuration", *report["groups"], *report["outcomes"], "another winner"]
    lines = []
    for row in report["rows"]:
        cells = [row["label"]]
        cells += [_pct(row["wins"][g]) if g in row["wins"] else "-" for g in report["groups"]]
        rates = row["outcome_rates"]
        cells += [_pct(rates[k]) if k in rates else "-" for k in report["outcomes"]]
        d = row["differs"]
        cells.append("-" if d is None else f"{d['count']} of {d['of']} ({_pct(d)})")
        lines.append(cells)
    width = [max(len(c), *(len(line[i]) for line in lines)) for i, c in enumerate(columns)]
    head = (
        f"{report['title']}, {report['players']} players: {report['games']} paired games per "
        f"configuration, bots {', '.join(report['policies'])}, seed {report['seed']}"
    )
    out = [head, "", "  ".join(c.ljust(w) for c, w in zip(columns, width, strict=True)).rstrip()]
    for cells in lines:
        out.append("  ".join(c.ljust(w) for c, w in zip(cells, width, strict=True)).rstrip())
    return "\n".join(out) + "\n"


__all__ = [
    "baseline_modules",
    "module_impact",
    "module_label",
    "module_toggles",
    "text_table",
]
