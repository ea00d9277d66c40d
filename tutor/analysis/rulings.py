"""Which rulings matter? Paired games under each reading of every switchable ruling.

Why this exists: a rulebook leaves questions open, and the project's rulings file
records an answer for each, with the alternatives a group might play instead.  A host
asks "does that ambiguity change who wins, or never matter?".  :func:`ruling_impact`
answers for any registered game through its rule book alone:

* every *reading* is played with the same seeds (game ``i`` of every reading is dealt
  from the same seed, :func:`~tutor.analysis.simulation.derive_seed`): each switchable
  ruling's non-default options (``engine_option: true``, more than one option), and
  every pair of switchable rulings the file calls ``related`` with both alternatives on
  at once;
* per reading: how often the paired games end with different winners (a rate with its
  95% Wilson interval), the change of each seat's, side's and role's win rate with a
  95% interval for paired proportions (:func:`~tutor.analysis.simulation.
  paired_rate_change`), for a pair how often it changes the result in a way neither
  ruling alone does, and the first game whose result differs, as two scenarios (one per
  reading: game, options with the ruling, seed and the ``play`` labels the bots chose)
  that :func:`tutor.core.scenario.build_scenario` replays step by step;
* readings ranked by how often they change who wins.

The games are played by :func:`~tutor.analysis.simulation.sweep` (readings labelled as
:func:`~tutor.analysis.sweeps.house_rule_sweep` labels its variants) with
``replayable=True`` (the bulk fast path, chance drawn as a scenario's session draws it),
so the scenario of a divergent game is that very game.  Nothing here names a game.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.analysis.simulation import (
    Row,
    _progress_bar,
    outcome_categories,
    paired_rate_change,
    process_pool,
    rate_with_interval,
    replay_game,
    sweep,
)
from tutor.analysis.sweeps import DEFAULT_LABEL, variant_label
from tutor.core.errors import OptionError
from tutor.core.game import load_game

DEFAULT_READING = DEFAULT_LABEL
"""The label of the games played with every ruling at its default."""


@dataclass(frozen=True)
class Reading:
    """One way to play the open questions: some rulings switched from their default.

    Attributes:
        label: ``"ruling=option"``, or ``"a=x + b=y"`` for a related pair.
        rulings: ``{ruling id: option}`` switched on (empty for the default rules).
        kind: ``"default"``, ``"ruling"`` or ``"pair"``.
    """

    label: str
    rulings: Mapping[str, str] = field(default_factory=dict)
    kind: str = "ruling"


def readings(game_name: str, only: Sequence[str] | None = None) -> tuple[list[Reading], list[Any]]:
    """The readings a ruling-impact run plays, and the related pairs it cannot play.

    Args:
        game_name: a registered game.
        only: ruling ids to look at (default: every switchable ruling); a pair is
            played when both of its rulings are among them.

    Returns:
        ``(readings, not_played)``: the default rules first, then one reading per
        non-default option of each switchable ruling, then one per combination of
        non-default options of each related pair; ``not_played`` lists ``{"pair",
        "why"}`` for related pairs with a ruling the engine does not switch.

    Raises:
        UnknownGameError: if the game is not registered.
        OptionError: if ``only`` names a ruling that is not a switchable one, saying
            which are.
    """
    book = load_game(game_name).rulebook
    switchable = [r for r in book.rulings.values() if r.switchable]
    names = [r.id for r in switchable]
    chosen = list(names) if only is None else list(only)
    for rid in chosen:
        if rid not in names:
            raise OptionError(
                f"{rid!r} is not a switchable ruling of {game_name}; "
                f"switchable: {', '.join(names) or 'none'}"
            )
    alternatives = {r.id: [o for o in r.options if o != r.default] for r in switchable}
    out = [Reading(DEFAULT_READING, {}, "default")]
    for rid in (n for n in names if n in chosen):
        out += [Reading(variant_label(rid, o), {rid: o}) for o in alternatives[rid]]
    not_played: list[dict[str, Any]] = []
    for a, b in book.related_pairs():
        fixed = [r for r in (a, b) if r not in alternatives]
        if fixed:
            if only is None:
                why = f"{fixed[0]} is a recorded answer: the engine plays only its default"
                not_played.append({"pair": [a, b], "why": why})
            continue
        if a not in chosen or b not in chosen:
            continue
        for x, y in itertools.product(alternatives[a], alternatives[b]):
            label = f"{variant_label(a, x)} + {variant_label(b, y)}"
            out.append(Reading(label, {a: x, b: y}, "pair"))
    return out, not_played


def _result(row: Row) -> tuple[Any, ...]:
    """Who won a game (or that it did not finish): what a ruling may change."""
    if row["end"] in ("unfinished", "cut"):
        return ("unfinished",)
    return (tuple(row["winners"]), bool(row["tie"]))


def _groups(row: Row) -> dict[str, bool]:
    """``{"seat 1": won, "side x": won, "role y": won}`` for one finished game."""
    winners = set(row["winners"]) if _result(row) != ("unfinished",) else set()
    won = {f"seat {p + 1}": p in winners for p in range(len(row["policies"]))}
    for p, side in enumerate(row.get("sides") or ()):
        key = f"side {side}"
        won[key] = won.get(key, False) or p in winners
    for p, role in enumerate(row.get("roles") or ()):
        key = f"role {role}"
        won[key] = won.get(key, False) or p in winners
    return won


def _changes(base: Sequence[Row], other: Sequence[Row]) -> dict[str, dict[str, Any]]:
    """Each group's win rate under both readings and the paired change, with its interval."""
    tables: dict[str, list[int]] = {}  # key -> [both, other only, base only, neither]
    for a, b in zip(base, other, strict=True):
        ga, gb = _groups(a), _groups(b)
        for key in ga.keys() & gb.keys():
            cell = tables.setdefault(key, [0, 0, 0, 0])
            cell[(0 if gb[key] else 2) + (0 if ga[key] else 1)] += 1
    out = {}
    for key in sorted(tables):
        both, other_only, base_only, neither = tables[key]
        out[key] = paired_rate_change(both, other_only, base_only, neither)
    return out


def _describe(game: Any, row: Row) -> str:
    """A finished game's result in the game's own outcome words."""
    if row["end"] in ("unfinished", "cut"):
        return "not finished"
    labels = outcome_categories(game)
    return str(labels.get(row.get("outcome") or "", row.get("outcome") or row["end"]))


def _scenario(
    game: Any,
    seed: int,
    index: int,
    policies: Sequence[Any],
    options: Mapping[str, Any],
    switched: Mapping[str, str],
) -> dict[str, Any]:
    """The scenario mapping that replays game ``index`` with the rulings ``switched``.

    The compared rulings are always named, at their default too, so each scenario says
    which reading it plays.
    """
    rulings = {**options.get("rulings", {}), **switched}
    opts = {**options, "rulings": rulings}
    row, plays = replay_game(game.name, seed, index, policies, opts)
    read = ", ".join(f"{rid} = {opt}" for rid, opt in rulings.items()) or "the default rules"
    return {
        "game": game.name,
        "title": f"{game.title}: game {index} of seed {seed}, {read}",
        "description": (
            f"Played by {', '.join(map(str, row['policies']))} under {read}: "
            f"{_describe(game, row)}. The same seed under the other reading ends "
            "differently (tutor.analysis.rulings)."
        ),
        "options": opts,
        "seed": int(row["seed"]),
        "play": plays,
    }


def ruling_impact(
    game_name: str,
    games: int = 2000,
    seed: int = 0,
    policies: Sequence[Any] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    rulings: Sequence[str] | None = None,
    processes: int | None = None,
    progress: bool = True,
    scenarios: bool = True,
) -> dict[str, Any]:
    """Play the same seeded games under every reading and rank the readings by impact.

    Args:
        game_name: a registered game.
        games: paired games per reading (the default rules are played once).
        seed: the run's seed: game ``i`` of every reading uses ``derive_seed(seed, i)``.
        policies: one bot per player (names or Policy objects, as ``simulate`` takes;
            default: the random bot in every seat).
        options: other game options (``players`` ...) every reading shares; rulings
            given here are the base the readings switch from.
        rulings: look only at these ruling ids (default: every switchable ruling).
        processes: worker processes (default: all cores; 1 plays in this process).
        progress: show a tqdm bar over all the games.
        scenarios: build the scenarios of each reading's first divergent game.

    Returns:
        A JSON-ready report: ``game``, ``title``, ``games``, ``seed``, ``policies``,
        ``options``, ``rows`` (ranked: most often changes who wins first; each with
        ``rank, reading, kind, rulings, questions, games, differs`` (count, of, rate,
        low, high), ``changes`` (per ``seat N`` / ``side S`` / ``role R``: ``base``,
        ``reading``, ``change``, ``low``, ``high``), ``largest`` (the group with the
        largest change), ``interacts`` (pairs: how often the pair changes the result
        unlike its rulings alone; ``None`` for single rulings) and ``first_divergent``
        (``None``, or ``index``, ``seed``, ``default`` and ``reading``, each with its
        ``result`` in words and, with ``scenarios``, its ``scenario`` mapping)),
        ``never`` (readings that never changed
        who wins), ``not_played`` (related pairs the engine cannot switch) and
        ``seconds``.

    Raises:
        UnknownGameError: if the game is not registered.
        OptionError: for an unknown or fixed ruling, or invalid options.
        ValueError: for a bad number of games or bots, or an unknown bot name.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    start = time.perf_counter()
    base = dict(options or {})
    game = load_game(game_name, **base)
    bots = list(policies) if policies is not None else ["random"] * game.num_players
    plays, not_played = readings(game_name, rulings)
    bar = _progress_bar(games * len(plays), progress, f"{game_name} rulings")
    results: dict[str, list[Row]] = {}
    workers = processes or os.cpu_count() or 1
    # One pool for every reading: the workers are started once.
    pool = process_pool(workers) if workers > 1 else None
    try:
        for reading in plays:
            opts = dict(base)
            if reading.rulings:
                opts["rulings"] = {**base.get("rulings", {}), **reading.rulings}
            # One reading at a time, so the bar moves between them.
            results[reading.label] = sweep(
                game_name,
                {reading.label: {"options": opts}},
                games=games,
                seed=seed,
                policies=bots,
                processes=1 if pool is None else workers,
                executor=pool,
                progress=False,
                replayable=True,
                branching=False,  # only results are compared: no full listings
            )
            if bar is not None:
                bar.update(games)
    finally:
        if bar is not None:
            bar.close()
        if pool is not None:
            pool.shutdown()
    outcomes = {label: [_result(r) for r in rows] for label, rows in results.items()}
    default = outcomes[DEFAULT_READING]
    table = []
    for reading in plays[1:]:
        mine = outcomes[reading.label]
        differs = [i for i in range(games) if mine[i] != default[i]]
        changes = _changes(results[DEFAULT_READING], results[reading.label])
        largest = max(changes, key=lambda k: (abs(changes[k]["change"]), k), default=None)
        entry: dict[str, Any] = {
            "reading": reading.label,
            "kind": reading.kind,
            "rulings": dict(reading.rulings),
            "questions": [game.rulebook.rulings[rid].question for rid in reading.rulings],
            "games": games,
            "differs": rate_with_interval(len(differs), games),
            "changes": changes,
            "largest": largest,
            "interacts": None,
            "first_divergent": None,
        }
        if reading.kind == "pair":
            singles = [outcomes[variant_label(rid, o)] for rid, o in reading.rulings.items()]
            odd = sum(
                (mine[i] != default[i]) != any(s[i] != default[i] for s in singles)
                for i in range(games)
            )
            entry["interacts"] = rate_with_interval(odd, games)
        if differs:
            i = differs[0]
            first: dict[str, Any] = {"index": i, "seed": results[reading.label][i]["seed"]}
            for name, which in (("default", plays[0]), ("reading", reading)):
                row = results[which.label][i]
                first[name] = {"result": _describe(game, row)}
                if scenarios:
                    switched = {
                        rid: which.rulings.get(rid, game.rulebook.rulings[rid].default)
                        for rid in reading.rulings
                    }
                    first[name]["scenario"] = _scenario(game, seed, i, bots, base, switched)
            entry["first_divergent"] = first
        table.append(entry)
    table.sort(
        key=lambda e: (
            -e["differs"]["rate"],
            -(abs(e["changes"][e["largest"]]["change"]) if e["largest"] else 0.0),
            e["reading"],
        )
    )
    for rank, entry in enumerate(table, 1):
        entry["rank"] = rank
    return {
        "game": game_name,
        "title": game.title,
        "games": games,
        "seed": seed,
        "policies": [p if isinstance(p, str) else getattr(p, "name", "?") for p in bots],
        "options": base,
        "rows": table,
        "never": [e["reading"] for e in table if e["differs"]["count"] == 0],
        "not_played": not_played,
        "seconds": round(time.perf_counter() - start, 3),
    }


def where_they_part(first: Mapping[str, Any], lines: int = 6) -> dict[str, Any]:
    """Replay a first divergent game under both readings and show where the traces part.

    Args:
        first: a report row's ``first_divergent`` (built with scenarios).
        lines: how many trace lines of each reading to show from the first difference.

    Returns:
        ``{"entry": k, "same": the last line both games share (or ""), "default":
        [lines], "reading": [lines]}``: ``k`` is the index of the first trace entry that
        differs; lines are the rule id and the sentence, as the tutor shows them.

    Raises:
        KeyError: if ``first`` has no scenarios (the report was built without them).
        SessionFileError: if a scenario no longer replays (the game changed since).
    """
    from tutor.core.scenario import build_scenario

    traces = []
    for which in ("default", "reading"):
        session = build_scenario(first[which]["scenario"], f"<{which} reading>")
        session.run_to_decision()
        traces.append([f"[{e.rule}] {e.text}" for e in session.state.trace])
    a, b = traces
    k = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return {
        "entry": k,
        "same": a[k - 1] if k else "",
        "default": a[k : k + lines],
        "reading": b[k : k + lines],
    }


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def table_rows(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ranked table as plain rows of text (what the text table and the docs show).

    Returns:
        One dict per reading: ``rank``, ``reading``, ``changes who wins`` (rate and
        interval), ``largest change`` (group, points and interval), ``interacts``
        (pairs only) and ``first divergent game``.
    """
    out = []
    for e in report["rows"]:
        d = e["differs"]
        largest = "none"
        if e["largest"] is not None:
            c = e["changes"][e["largest"]]
            largest = (
                f"{e['largest']} {100 * c['change']:+.1f} pts "
                f"({100 * c['low']:+.1f} to {100 * c['high']:+.1f})"
            )
        inter = e["interacts"]
        first = e["first_divergent"]
        out.append(
            {
                "rank": str(e["rank"]),
                "reading": e["reading"],
                "changes who wins": f"{_pct(d['rate'])} ({_pct(d['low'])}-{_pct(d['high'])})",
                "largest change": largest,
                "interacts": "-" if inter is None else _pct(inter["rate"]),
                "first divergent game": "-" if first is None else str(first["index"]),
            }
        )
    return out


def text_table(report: Mapping[str, Any], markdown: bool = False) -> str:
    """The ranked table as readable text (or a Markdown table), with a header line.

    Args:
        report: what :func:`ruling_impact` returned.
        markdown: write a Markdown table (the docs page) instead of aligned columns.
    """
    rows = table_rows(report)
    head = (
        f"{report['title']}: {report['games']} paired games per reading, bots "
        f"{', '.join(report['policies'])}, seed {report['seed']}"
    )
    lines = [head, ""]
    columns = list(rows[0]) if rows else []
    if not rows:
        lines.append("No ruling of this game can be switched: nothing to compare.")
    elif markdown:
        lines.append("| " + " | ".join(columns) + " |")
        lines.append("|" + "|".join(" --- " for _ in columns) + "|")
        for r in rows:
            cells = [f"`{r[c]}`" if c == "reading" else r[c] for c in columns]
            lines.append("| " + " | ".join(cells) + " |")
    else:
        width = {c: max(len(c), *(len(r[c]) for r in rows)) for c in columns}
        lines.append("  ".join(c.ljust(width[c]) for c in columns).rstrip())
        for r in rows:
            lines.append("  ".join(r[c].ljust(width[c]) for c in columns).rstrip())
    changed = [e for e in report["rows"] if e["differs"]["count"]]
    if rows:
        lines += [
            "",
            f"{len(changed)} of {len(rows)} readings changed who wins in at least one game; "
            f"{len(report['never'])} never did"
            + (f" ({', '.join(report['never'])})." if report["never"] else "."),
        ]
    if report["not_played"] and markdown:
        lines.append("")
    for skipped in report["not_played"]:
        bullet = "- " if markdown else ""
        pair = " + ".join(skipped["pair"])
        lines.append(f"{bullet}Related but not played: {pair} ({skipped['why']}).")
    return "\n".join(lines) + "\n"


PAGE_COMMAND = "python -m tutor.analysis.rulings --page docs/rulings_impact.md"
"""The command that writes the docs page (``make rulings-page`` runs it)."""

PAGE_INTRO = """# Which rulings matter?

Every rulebook leaves questions open. Each game's `rulings.yaml` records the project's
answer and the alternatives a group might play instead; those the engine can switch
(`engine_option: true`) are house rules. This page shows, for every game, how often
switching each of them changes **who wins**: the same seeded games are played under the
default rules and under each reading (game *i* of every reading is dealt from the same
seed), and so are the pairs of rulings the file calls `related:` with both alternatives
on at once.

Columns: **changes who wins** is the share of paired games whose winners differ, with
its 95% Wilson interval; **largest change** is the seat, side or role whose win rate
moves most, in percentage points, with a 95% interval for paired proportions
(Newcombe's method); **interacts** (pairs only) is how often the pair changes the result
where neither ruling alone does, or leaves it where one alone changes it; **first
divergent game** is the index of the first game that ends differently. That game is
saved as two scenarios (one per reading) you can step through:

```bash
tutor rulings mantis_falls --games 2000 --save-scenarios rulings
```

writes them into your user folder (`scenarios/rulings/`); in Python,
`tutor.analysis.rulings.ruling_impact(game)` returns the report (each row's
`first_divergent` holds both scenario mappings, for `tutor.core.scenario.build_scenario`)
and `tutor.charts.rulings.ruling_impact_figure(report)` draws it (the interactive chart;
each game's picture below is the same chart drawn as SVG by
`tutor.render.rulings.ruling_impact_svg`).

This page is generated (`make rulings-page`) from the run named under each heading;
`tests/analysis/test_rulings_page.py` checks that it still lists every game, ruling and
related pair, so it cannot go stale.
"""


def chart_path(charts: str, game: str) -> str:
    """Where the page's chart of ``game`` is, relative to the page (``charts/game.svg``)."""
    return f"{charts}/{game}.svg"


def markdown_page(
    reports: Sequence[Mapping[str, Any]], command: str = PAGE_COMMAND, charts: str | None = None
) -> str:
    """The docs page: an introduction, then each game's ranked table as Markdown.

    Args:
        reports: one :func:`ruling_impact` report per game.
        command: the command that wrote the page, quoted in it.
        charts: the folder, relative to the page, holding each game's chart
            (:func:`tutor.render.rulings.ruling_impact_svg`, written by the caller as
            :func:`chart_path` says), shown under its table; ``None``: no charts.
    """
    parts = [PAGE_INTRO, f"<!-- generated by: {command} -->\n"]
    for report in reports:
        parts.append(f"## {report['title']} (`{report['game']}`)\n")
        parts.append(text_table(report, markdown=True))
        if charts is not None and report["rows"]:
            parts.append(
                f"![{report['title']}: the share of paired games each reading gives another "
                f"winner, with its 95% interval]({chart_path(charts, report['game'])})\n"
            )
        top = next((e for e in report["rows"] if e["first_divergent"]), None)
        if top is not None:
            first = top["first_divergent"]
            parts.append(
                f"\nThe most decisive reading, `{top['reading']}`, first changes the result "
                f"in game {first['index']}: {first['default']['result']} under the default "
                f"rules, {first['reading']['result']} under the reading.\n"
            )
    return "\n".join(parts)


def _main(argv: Sequence[str] | None = None) -> int:
    """``python -m tutor.analysis.rulings --page FILE``: write the docs page."""
    import argparse
    from pathlib import Path

    from tutor.core.game import registered_games
    from tutor.render.rulings import ruling_impact_svg

    parser = argparse.ArgumentParser(description="Write the ruling-impact docs page.")
    parser.add_argument("--page", required=True, help="the Markdown file to write")
    parser.add_argument("--games", type=int, default=2000, help="paired games per reading")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed")
    parser.add_argument("--processes", type=int, default=None, help="worker processes")
    args = parser.parse_args(argv)
    reports = [
        ruling_impact(name, args.games, args.seed, processes=args.processes, scenarios=False)
        for name in registered_games()
    ]
    command = f"{PAGE_COMMAND.split(' --page')[0]} --page {args.page}"
    command += f" --games {args.games} --seed {args.seed}"
    page = Path(args.page)
    charts = page.with_suffix("")  # docs/rulings_impact.md -> docs/rulings_impact/
    charts.mkdir(parents=True, exist_ok=True)
    for report in reports:
        if report["rows"]:
            chart = page.parent / chart_path(charts.name, report["game"])
            chart.write_text(ruling_impact_svg(report) + "\n", encoding="utf-8")
    page.write_text(markdown_page(reports, command, charts.name), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())


__all__ = [
    "DEFAULT_READING",
    "PAGE_COMMAND",
    "Reading",
    "chart_path",
    "markdown_page",
    "readings",
    "ruling_impact",
    "table_rows",
    "text_table",
    "where_they_part",
]
