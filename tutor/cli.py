"""The ``tutor`` command: play, simulate, list rules and run what-if files in a terminal.

It exists so the engine can be used without Jupyter: a learner can watch a seeded game
with every step citing its rule, a host can simulate hundreds of games and read the
counts, a contributor can check which rules are implemented and tested, and anyone can
run a scenario file.  Every error the user can cause (an unknown game, a broken scenario
file, a bad option) is printed as one line and exits with status 2, never as a traceback.

Subcommands::

    tutor games
    tutor play GAME [--seed S] [--players P] [--modules M1,M2] [--policy random] [--trace]
               [--player N]
                    [--options YAML]
    tutor simulate GAME [--games N] [--seed S] [--json] [--options YAML] [--modules M1,M2]
                        [--bots B1,B2 [--every-seat] [--processes P]]
    tutor rulings GAME [--games N] [--seed S] [--bots B1,B2] [--rulings R1,R2]
                       [--players P] [--modules M1,M2] [--options YAML]
                       [--processes P] [--save-scenarios FOLDER] [--json]
    tutor tree FILE|GAME [--seed S] [--depth D] [--player N] [--max-nodes M] [--json]
                         [--players P] [--modules M1,M2] [--options YAML]
    tutor rules GAME [--coverage] [--json]
    tutor whatif FILE [--json] [--player N]
    tutor whatif FILE --simulate N [--bots B1,B2] [--seed S] [--processes P] [--json]
    tutor why FILE|--seed S [--game GAME [--players P] [--modules M1,M2] [--options YAML]]
              --entry N [--player N] [--json]

A game's options (``--players``, ``--modules``, ``--options``) are taken wherever a
command starts a game itself; a scenario file or a saved session names its own, so they
are refused beside one.
"""

from __future__ import annotations

import argparse
import functools
import inspect
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from tutor.core.errors import OptionError, TutorError
from tutor.core.game import Game, State, game_class, load_game
from tutor.core.rng import Rng
from tutor.core.spec import game_specs, spec_for
from tutor.core.types import Outcome

EXIT_OK = 0
EXIT_ERROR = 2

POLICIES = ("random",)
"""Names accepted by ``--policy``."""

MAX_STEPS = 100_000
"""Safety bound on the number of actions in one game."""

PROGRESS_MIN_GAMES = 200
"""``simulate`` shows a progress bar (on a terminal) from this many games on."""

_POLICY_SALT = 0x5DEECE66D
"""Mixed into the seed for the policy's generator so it does not mirror the game's RNG."""


# ---------------------------------------------------------------------------- playing
@functools.cache
def _takes_tracing(cls: type[Game]) -> bool:
    """Whether a game class's ``new_state`` takes ``tracing`` (asked once per class)."""
    return "tracing" in inspect.signature(cls.new_state).parameters


def new_state(game: Game, seed: int, tracing: bool = True) -> State:
    """Return a fresh state of ``game``, with the trace switched on or off.

    Games whose ``new_state`` takes a ``tracing`` argument skip writing the setup trace
    when it is off; for others tracing is switched off after setup.
    """
    if _takes_tracing(type(game)):
        return game.new_state(seed=seed, tracing=tracing)  # type: ignore[call-arg, unused-ignore]
    state = game.new_state(seed=seed)
    state.tracing = tracing
    return state


def policy_rng(seed: int) -> Rng:
    """The generator of the random players and chance in game ``seed`` of ``tutor play``."""
    return Rng(seed ^ _POLICY_SALT)


def play_random(state: State, seed: int, max_steps: int = MAX_STEPS) -> State:
    """Play ``state`` to the end: players choose uniformly among their legal actions.

    This is the random play-out (:meth:`State.play_out`, the game's own fast loop):
    player choices and chance outcomes during play are drawn from one
    :class:`~tutor.core.rng.Rng` seeded from ``seed`` (the state's own generator dealt
    the setup), so the same game seed and policy seed always give the same game, with
    tracing on or off.

    Args:
        state: the state to advance; it is modified in place.
        seed: the seed of the policy's generator.
        max_steps: safety bound on the number of actions.

    Returns:
        The same state, now terminal.

    Raises:
        TutorError: if the game has not ended after ``max_steps`` actions.
    """
    try:
        state.play_out(policy_rng(seed), max_steps)
    except RuntimeError:  # the step limit (StepLimitReached, or a game's own loop)
        raise TutorError(f"the game did not end within {max_steps} actions") from None
    return state


def outcome_sentence(state: State) -> str:
    """Return one readable sentence for a finished game: who won and why.

    A game's outcome text is either a reason (``"Red captured the King"``), shown after
    who won, or a whole sentence ending in a full stop that already says who won
    (``"Ava has the most scored cards (6) and wins."``), shown alone.
    """
    result = state.outcome()
    if result is None:
        return "the game goes on"
    if result.text.endswith("."):
        return result.text[:-1]
    names = state.player_names()
    roles = result.extras.get("roles") or []
    winners = result.winners
    if result.tie:
        head = "a tie"
    elif winners:
        who = " and ".join(f"{names[w]} ({roles[w]})" if roles else names[w] for w in winners)
        head = f"{who} win{'s' if len(winners) == 1 else ''}"
    else:
        head = "everybody loses"
    return f"{head} ({result.text})" if result.text else head


def game_options(text: str | None) -> dict[str, Any]:
    """Parse ``--options``: a game's options as a YAML mapping (``{}`` when not given).

    The text goes through the kit's door for YAML (syntax errors with their column,
    plain values only); ``load_game`` then checks the options against the game.

    Raises:
        OptionError: naming what is wrong with the text.
    """
    if not text:
        return {}
    from tutor.core.validation import parse_yaml, short

    def error(file: str, where: str, expected: str, found: str) -> OptionError:
        return OptionError(f"{file}: at {where}: expected {expected}, found {found}")

    data = parse_yaml(text, "--options", error)
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise error(
            "--options", "top level", "a mapping of option names, e.g. '{players: 2}'", short(data)
        )
    return data


def command_options(args: argparse.Namespace) -> dict[str, Any]:
    """A command's game options: ``--options``, then ``--modules`` and ``--players`` on top.

    Raises:
        OptionError: if ``--options`` is not a YAML mapping.
    """
    options = game_options(args.options)
    if getattr(args, "modules", None):
        options["modules"] = [m.strip() for m in args.modules.split(",") if m.strip()]
    if getattr(args, "players", None):
        options["players"] = args.players
    return options


def _no_options_beside_a_file(args: argparse.Namespace, what: str) -> None:
    """Refuse game options given beside a file that names its own (``tree``, ``why``).

    Raises:
        OptionError: if ``--players``, ``--modules`` or ``--options`` was given.
    """
    given = [
        flag
        for flag, value in (
            ("--players", args.players),
            ("--modules", args.modules),
            ("--options", args.options),
        )
        if value
    ]
    if given:
        raise OptionError(
            f"{', '.join(given)} set the options of a game the command starts; {what} "
            "names its own (a scenario's 'options' key)"
        )


def _check_player(game: Game, player: int | None) -> None:
    if player is not None and not 0 <= player < game.num_players:
        raise OptionError(
            f"--player must be a player index from 0 to {game.num_players - 1}, got {player}"
        )


# ---------------------------------------------------------------------------- commands
def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """List the registered games."""
    for name, spec in game_specs().items():
        low, high = spec.players
        players = f"{low}" if low == high else f"{low}-{high}"
        out.write(f"{name}\t{spec.title}\t{players} players\n")
    return EXIT_OK


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    """Play one seeded game and print its trace or a summary.

    Raises:
        TutorError: for an unknown game, a bad ``--player`` or a game that never ends.
    """
    game = load_game(args.game, **command_options(args))
    _check_player(game, args.player)
    state = play_random(new_state(game, args.seed, tracing=True), args.seed)
    result = state.outcome()
    turns = result.turns if result is not None else state.turn_number
    rule = result.rule if result is not None else state.decision.rule
    if args.trace:
        for line in state.trace_for(args.player):
            out.write(line + "\n")
        out.write(f"[{rule}] Result after {turns} turns: {outcome_sentence(state)}.\n")
        return EXIT_OK
    title = game.title or game.name
    out.write(
        f"{title}, seed {args.seed}, {args.policy} policy: {turns} turns, {state.steps} actions.\n"
    )
    out.write(f"Outcome: {outcome_sentence(state)} [{rule}].\n")
    out.write("Run again with --trace to see every step and the rule behind it.\n")
    return EXIT_OK


def simulate(game: Game, games: int, seed: int, progress: bool = False) -> dict[str, Any]:
    """Play ``games`` random games (seeds ``seed`` .. ``seed + games - 1``), tracing off.

    Args:
        game: the loaded game.
        games: how many games to play (at least 1).
        seed: the seed of the first game; game ``i`` uses ``seed + i``.
        progress: show a tqdm progress bar on stderr.

    Returns:
        A JSON-ready summary: ``outcomes`` (games per outcome category: the game's own,
        else each player's win, shared wins, ties), ``labels`` (each category's
        words), ``reasons`` (games per end reason), the game's own totals (its facts
        hook: each count and its ``<key>_per_game``; ``totals`` lists their labels),
        turns and speed.

    Raises:
        OptionError: if ``games`` is less than 1.
        TutorError: if a game never ends.
    """
    from tutor.analysis.simulation import outcome_categories, outcome_category

    if games < 1:
        raise OptionError(f"--games must be at least 1, got {games}")
    seeds = range(seed, seed + games)
    if progress:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]  # lazy: terminals only

        seeds = tqdm(seeds, desc="simulating", unit="game", file=sys.stderr)
    labels = outcome_categories(game)
    counts = dict.fromkeys(labels, 0)
    reasons: dict[str, int] = {}
    results: list[Outcome] = []
    turns: list[int] = []
    start = time.perf_counter()
    for s in seeds:
        state = play_random(new_state(game, s, tracing=False), s)
        result = state.outcome()
        if result is None:
            raise TutorError(f"game {s} did not end")
        key = outcome_category(game, result)
        counts[key] = counts.get(key, 0) + 1
        reasons[result.reason] = reasons.get(result.reason, 0) + 1
        results.append(result)
        turns.append(result.turns)
    elapsed = time.perf_counter() - start
    report: dict[str, Any] = {
        "game": game.name,
        "policy": "random",
        "games": games,
        "first_seed": seed,
        "outcomes": counts,
        "labels": labels,
        "reasons": reasons,
        "totals": {},
    }
    facts = game.spec.hook("facts")
    if facts is not None and facts.totals is not None:
        for key, label, value in facts.totals(results):
            report[key] = value
            report[f"{key}_per_game"] = round(value / games, 4)
            report["totals"][key] = label
    report["turns"] = {
        "mean": round(sum(turns) / games, 2),
        "min": min(turns),
        "max": max(turns),
    }
    report["seconds"] = round(elapsed, 3)
    report["games_per_second"] = round(games / elapsed, 1) if elapsed > 0 else None
    return report


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Simulate random games and print the counts (table or JSON).

    Raises:
        TutorError: for an unknown game or a bad ``--games``.
    """
    if args.bots:
        return cmd_simulate_bots(args, out)
    if args.every_seat:
        raise OptionError("--every-seat seats bots: name them with --bots B1,B2")
    game = load_game(args.game, **command_options(args))
    progress = args.games >= PROGRESS_MIN_GAMES and sys.stderr.isatty()
    report = simulate(game, args.games, args.seed, progress=progress)
    if args.json:
        out.write(json.dumps(report, indent=2) + "\n")
        return EXIT_OK
    n = report["games"]
    last = report["first_seed"] + n - 1
    out.write(f"{game.title or game.name}: {n} random games, seeds {report['first_seed']}-{last}\n")
    labels: dict[str, str] = report["labels"]
    totals: dict[str, str] = report["totals"]
    width = max(len(label) for label in [*labels.values(), *totals.values(), "outcome"])
    out.write(f"{'outcome':<{width}}  {'games':>6}  {'share':>6}\n")
    for key, label in labels.items():
        k = report["outcomes"][key]
        out.write(f"{label:<{width}}  {k:>6}  {100 * k / n:>5.1f}%\n")
    for key, label in totals.items():
        out.write(f"{label:<{width}}  {report[key]:>6}  ({report[key + '_per_game']} per game)\n")
    t = report["turns"]
    out.write(f"{'turns':<{width}}  mean {t['mean']}, min {t['min']}, max {t['max']}\n")
    out.write(f"{'speed':<{width}}  {report['games_per_second']} games/s\n")
    return EXIT_OK


def cmd_simulate_bots(args: argparse.Namespace, out: TextIO) -> int:
    """``simulate --bots``: play bot matchups with tutor.analysis and print the metrics.

    Raises:
        TutorError: for an unknown game, a bad ``--games`` or an unknown bot name.
    """
    from tutor.analysis.simulation import simulate as simulate_bots
    from tutor.analysis.simulation import simulate_every_seat, summarise

    if args.games < 1:
        raise OptionError(f"--games must be at least 1, got {args.games}")
    bots = bot_names(args.game, args.bots)
    progress = args.games >= PROGRESS_MIN_GAMES and sys.stderr.isatty()
    options = command_options(args)
    if "players" not in options and len(bots) in spec_for(args.game).player_counts:
        options["players"] = len(bots)  # one bot per player: the bots say how many play
    run_bots = simulate_every_seat if args.every_seat else simulate_bots
    start = time.perf_counter()
    try:
        rows = run_bots(
            args.game,
            games=args.games,
            seed=args.seed,
            policies=tuple(bots),
            options=options,
            processes=args.processes,
            progress=progress,
        )
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    elapsed = time.perf_counter() - start
    summary = summarise(rows, args.game)
    report = {
        "game": args.game,
        "bots": bots,
        "every_seat": bool(args.every_seat),
        "games": args.games,
        "seed": args.seed,
        "summary": summary,
        "seconds": round(elapsed, 3),
    }
    if args.json:
        out.write(json.dumps(report, indent=2) + "\n")
        return EXIT_OK
    seating = ", each bot in every seat" if args.every_seat else ""
    out.write(
        f"{args.game}: {args.games} games, bots {', '.join(bots)}{seating}, seed {args.seed}\n"
    )
    if args.every_seat:
        for who, r in sorted(summary["win_rate_by_bot"].items()):
            out.write(f"  bot {who} wins {_rate_text(r)}\n")
    for who, r in sorted(summary["win_rate"].items()):
        out.write(
            f"  {who} wins {r['count']}/{r['of']} = {100 * r['rate']:.1f}% "
            f"(95% CI {100 * r['low']:.1f}-{100 * r['high']:.1f}%)\n"
        )
    r = summary["tie_rate"]
    out.write(f"  tie rate: {_rate_text(r)}\n")
    fp = summary["first_player"]
    out.write(f"  first player wins {_rate_text(fp['first'])}\n")
    out.write(f"  second player wins {_rate_text(fp['second'])}\n")
    out.write(f"  first-player advantage: {100 * fp['advantage']:+.1f} points\n")
    for key, label in (summary.get("extra_labels") or {}).items():
        out.write(f"  {label}: {_rate_text(summary[key])}\n")
    out.write(
        f"  turns: mean {summary['length']['turns']['mean']:.1f}; branching factor "
        f"{summary['branching_factor']:.1f}; {elapsed:.1f} s\n"
    )
    return EXIT_OK


def _rate_text(r: dict[str, Any]) -> str:
    """``"3/20 = 15.0% (95% CI 5.2-36.0%)"``: a rate with its Wilson interval."""
    return (
        f"{r['count']}/{r['of']} = {100 * r['rate']:.1f}% "
        f"(95% CI {100 * r['low']:.1f}-{100 * r['high']:.1f}%)"
    )


def bot_names(game: str, text: str) -> list[str]:
    """Parse ``--bots B1,B2``: bot names the game offers.

    Raises:
        OptionError: naming an unknown bot and listing the game's bots.
        UnknownGameError: if the game is not registered.
    """
    from tutor.analysis.policies import policies_for

    bots = [b.strip() for b in text.split(",") if b.strip()]
    known = policies_for(game)
    unknown = [b for b in bots if b not in known]
    if unknown or not bots:
        what = f"unknown bot {unknown[0]!r}" if unknown else f"no bot named in {text!r}"
        raise OptionError(f"{what}; available: {', '.join(sorted(known))}")
    return bots


def cmd_rulings(args: argparse.Namespace, out: TextIO) -> int:
    """Which rulings matter: paired games under every reading, ranked (table or JSON).

    Raises:
        TutorError: for an unknown game, a bad ``--games``, an unknown bot or ruling, or
            a scenario folder that cannot be written.
    """
    from tutor.analysis.rulings import ruling_impact, text_table

    if args.games < 1:
        raise OptionError(f"--games must be at least 1, got {args.games}")
    bots = bot_names(args.game, args.bots) if args.bots else None
    # The folder is made first, so a bad one is named before the games are played.
    folder = scenario_folder(args.save_scenarios) if args.save_scenarios else None
    only = [r.strip() for r in args.rulings.split(",") if r.strip()] if args.rulings else None
    try:
        report = ruling_impact(
            args.game,
            games=args.games,
            seed=args.seed,
            policies=bots,
            options=command_options(args),
            rulings=only,
            processes=args.processes,
            progress=args.games * 2 >= PROGRESS_MIN_GAMES and sys.stderr.isatty(),
        )
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    saved = save_divergent_scenarios(report, folder) if folder is not None else []
    if args.json:
        out.write(json.dumps({**report, "saved": saved}, indent=2) + "\n")
        return EXIT_OK
    out.write(text_table(report))
    out.write(f"({report['seconds']:.1f} s)\n")
    for path in saved:
        out.write(f"saved {path}\n")
    return EXIT_OK


def scenario_folder(folder: str) -> Path:
    """Make the folder ``--save-scenarios`` names (a relative one inside the user folder).

    Raises:
        SessionFileError: if the folder cannot be made.
        UserDataError: if the user folder cannot be made.
    """
    from tutor.core.errors import SessionFileError
    from tutor.core.userdata import user_path

    base = user_path("scenarios", folder)
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        problem = f"cannot make the folder: {exc.strerror or exc}"
        raise SessionFileError(str(base), problem) from None
    return base


def save_divergent_scenarios(report: dict[str, Any], base: Path) -> list[str]:
    """Save each reading's first divergent game as two scenario files (one per reading).

    Returns:
        The paths written into ``base`` (see :func:`scenario_folder`).

    Raises:
        SessionFileError: if a file cannot be written.
    """
    from tutor.core.scenario import save_scenario

    written = []
    for entry in report["rows"]:
        first = entry["first_divergent"]
        if first is None:
            continue
        stem = entry["reading"].replace(" + ", "+").replace("=", "-")
        for which in ("default", "reading"):
            path = base / f"{report['game']}-game{first['index']}-{stem}-{which}.yaml"
            save_scenario(first[which]["scenario"], path)
            written.append(str(path))
    return written


def cmd_tree(args: argparse.Namespace, out: TextIO) -> int:
    """Build the decision tree of a position and print its size, value and first choices.

    The position is a scenario file's, or the opening position of a registered game
    named instead of a file (dealt with ``--seed``, with the game options of
    ``--players``, ``--modules`` and ``--options``).

    Raises:
        TutorError: for a broken scenario file, game options beside one, a bad
            ``--player`` or a tree that is too large (``TreeTooLarge`` says how to make
            it smaller).
    """
    from tutor.analysis.trees import decision_tree, tree_stats
    from tutor.core.scenario import load_scenario

    if args.depth < 0:
        raise OptionError(f"--depth must be zero or more, got {args.depth}")
    if args.file in game_specs() and not os.path.exists(args.file):
        game = load_game(args.file, **command_options(args))
        state = game.new_state(seed=args.seed)
        where = f"{game.title} (seed {args.seed})"
    else:
        _no_options_beside_a_file(args, "a scenario file")
        state = load_scenario(args.file).state
        where = str(args.file)
    _check_player(state.game, args.player)
    start = time.perf_counter()
    graph = decision_tree(state, depth=args.depth, player=args.player, max_nodes=args.max_nodes)
    report = {"scenario": str(args.file), "game": state.game.name, **tree_stats(graph)}
    report["root"] = graph.nodes[0]["summary"]
    report["choices"] = [
        {
            "label": data["label"],
            "probability": data["probability"],
            "value": graph.nodes[child]["value"],
            "best": data["best"],
        }
        for _, child, data in graph.out_edges(0, data=True)
    ]
    report["seconds"] = round(time.perf_counter() - start, 3)
    if args.json:
        out.write(json.dumps(report, indent=2) + "\n")
        return EXIT_OK
    out.write(
        f"Decision tree of {where} to depth {args.depth}: {report['nodes']} nodes, "
        f"{report['edges']} edges; root value {report['root_value']:+.3f} for player "
        f"{report['player']}.\n"
    )
    out.write(f"  {report['root']}\n")
    for c in report["choices"]:
        odds = f" (p={c['probability']:.3f})" if c["probability"] is not None else ""
        mark = "  <- best" if c["best"] else ""
        out.write(f"  {c['label']}{odds}: {c['value']:+.3f}{mark}\n")
    return EXIT_OK


def rules_report(name: str, coverage: bool) -> dict[str, Any]:
    """Return the rules index of a game, with implemented/tested status when asked.

    Raises:
        UnknownGameError: if no game has that name.
        RulesetError: if the rules files are broken.
    """
    game = load_game(name)
    book = game.rulebook
    summaries = {rid: rule.summary for rid, rule in book.rules.items()}
    if not coverage:
        rows = [
            {
                "id": r.id,
                "topic": r.topic,
                "topic_title": book.topics.get(r.topic, ""),
                "title": r.title,
                "scope": r.scope,
                "summary": r.summary,
            }
            for r in book.rules.values()
        ]
        return {"game": name, "rules": rows}
    report = book.coverage(game_class(name).implemented_rules())
    for row in report["rules"]:
        row["topic_title"] = book.topics.get(row["topic"], "")
        row["summary"] = summaries[row["id"]]
    report["implemented"] = sum(row["implemented"] for row in report["rules"])
    report["tested"] = sum(row["tested"] for row in report["rules"])
    return report


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    """List a game's rules index, optionally with coverage.

    Raises:
        TutorError: for an unknown game or broken rules files.
    """
    if args.sync_tests:
        return _sync_tests(args.game, out)
    report = rules_report(args.game, args.coverage)
    if args.json:
        out.write(json.dumps(report, indent=2) + "\n")
        return EXIT_OK
    topic = None
    by_topic = spec_for(args.game).citation == "topic"
    for row in report["rules"]:
        if row["topic"] != topic:
            topic = row["topic"]
            head = f"Topic {topic} · {row['topic_title']}" if by_topic else row["topic_title"]
            out.write(f"\n{head or topic}\n")
        scope = "" if row["scope"] == "base" else f" ({row['scope']})"
        if args.coverage:
            impl = "implemented" if row["implemented"] else "-----------"
            tested = "tested" if row["tested"] else "------"
            out.write(f"  {row['id']:<9} {impl} {tested}  {row['title']}{scope}\n")
        else:
            out.write(f"  {row['id']:<9} {row['title']}{scope}: {row['summary']}\n")
    if args.coverage:
        out.write(
            f"\n{report['implemented']} of {len(report['rules'])} rules implemented, "
            f"{report['tested']} tested. Coverage: {report['coverage_percent']}% of the "
            f"{report['in_scope']} base-game rules are both implemented and tested "
            f"({report['covered']}).\n"
        )
    return EXIT_OK


def _sync_tests(name: str, out: TextIO) -> int:
    """Rewrite rules.yaml's tested_by from the ``@pytest.mark.rule`` markers in tests/.

    The rules index rewritten is the one the game reads (its rule book's folder, which
    for a game outside ``rulesets/`` is its own).

    Raises:
        TutorError: if the game is unknown or the repository's tests/ folder is missing.
    """
    from tutor.core.data import rulesets_dir
    from tutor.core.rules import sync_tested_by, tests_by_rule

    rules_file = load_game(name).rulebook.folder / "rules.yaml"  # unknown game: fails here
    root = rulesets_dir().parent
    tests = root / "tests"
    if not tests.is_dir():
        raise TutorError(f"no tests/ folder next to {rulesets_dir()}: run this from a checkout")
    changed = sync_tested_by(rules_file, tests_by_rule(tests, root))
    out.write(f"{rules_file.name}: tested_by updated for {changed} rules\n")
    return EXIT_OK


def write_view(state: State, view: dict[str, Any], legal: list[str], out: TextIO) -> None:
    """Write a position as terminal text: the game's ``cli_text`` hook, else a generic dump.

    Args:
        state: the position (its game's spec chooses the writer).
        view: ``state.view(player)`` without its trace.
        legal: the labels of the legal actions the viewer may see (empty otherwise).
        out: where to write.
    """
    hook = state.game.spec.hook("cli_text")
    if hook is not None:
        hook(view, legal, out)
        return
    write_generic_view(state, view, legal, out)


def write_generic_view(state: State, view: dict[str, Any], legal: list[str], out: TextIO) -> None:
    """Write any game's view as indented text, then the decision and the legal actions.

    The view is written key by key as the game gives it (YAML-like, no game words
    added); the decision comes from the state (``Decision``), so it reads the same for
    every game.
    """
    import yaml

    names = state.player_names()
    viewer = view.get("viewer")
    seen_as = (
        "everything (omniscient view)"
        if viewer is None or not 0 <= viewer < len(names)
        else f"as {names[viewer]} sees it"
    )
    out.write(f"{state.game.title}, turn {state.turn_number}. Showing {seen_as}.\n")
    shown = {k: v for k, v in view.items() if k not in ("trace", "decision")}
    plain = json.loads(json.dumps(shown, default=str))
    text = yaml.safe_dump(plain, sort_keys=False, default_flow_style=False, allow_unicode=True)
    for line in text.rstrip("\n").splitlines():
        out.write(f"  {line}\n")
    decision = state.decision
    if decision.kind == "terminal":
        out.write(f"Game over: {outcome_sentence(state)} [{decision.rule}]\n")
        return
    out.write(f"Decision: {decision.prompt} [{decision.rule}]\n")
    if viewer is not None and decision.player != viewer:
        who = names[viewer] if 0 <= viewer < len(names) else f"player {viewer}"
        out.write(f"Legal actions: hidden from {who} (not their decision).\n")
        return
    out.write("Legal actions:\n")
    for i, label in enumerate(legal, 1):
        out.write(f"  {i}. {label}\n")


def whatif_odds(
    file: str,
    games: int,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    processes: int | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games on from a scenario's position and return the outcome odds.

    Every game starts from a copy of the scenario's state (the omniscient position:
    the hands, roles and decks as the scenario dealt them); only chance and the bots'
    choices differ from game to game.

    Args:
        file: the scenario YAML file.
        games: how many games (at least 1).
        bots: one bot name per player (default: ``random`` for every player).
        seed: the run's seed (game ``i`` uses ``derive_seed(seed, i)``).
        processes: worker processes (default: all cores).
        progress: show a progress bar.

    Returns:
        A JSON-ready dict: ``scenario, games, bots, seed``, ``players`` (each player's
        name, role and win rate with a 95% Wilson interval), the ``tie`` rate, ``ends``
        (the rate of each way the games ended), ``unfinished``, ``outcomes`` (games per
        category) and
        ``summary`` (:func:`tutor.analysis.simulation.summarise`).

    Raises:
        OptionError: for a bad number of games, wrong number of bots or unknown bot.
        TutorError: if the scenario file cannot be loaded.
    """
    from tutor.analysis.policies import policies_for
    from tutor.analysis.simulation import outcome_categories, summarise
    from tutor.analysis.simulation import rate_with_interval as rate
    from tutor.analysis.simulation import simulate as run_games
    from tutor.core.scenario import load_scenario

    if games < 1:
        raise OptionError(f"--simulate needs at least 1 game, got {games}")
    state = load_scenario(file).state
    game = state.game
    names = state.player_names()
    chosen = list(bots) if bots else ["random"] * game.num_players
    known = policies_for(game.name)
    unknown = [b for b in chosen if b not in known]
    if unknown:
        raise OptionError(f"unknown bot {unknown[0]!r}; available: {', '.join(sorted(known))}")
    try:
        rows = run_games(
            game.name,
            games=games,
            seed=seed,
            policies=tuple(chosen),
            options=dict(game.options),
            start=state,
            processes=processes,
            progress=progress,
        )
    except ValueError as exc:
        raise OptionError(str(exc)) from None

    done = [r for r in rows if r["end"] not in ("unfinished", "cut")]
    roles = list(getattr(state, "roles", []) or [None] * game.num_players)
    outcomes = dict.fromkeys([*outcome_categories(game), "unfinished"], 0)
    for r in rows:
        outcomes[r["outcome"] or "unfinished"] += 1
    reasons = sorted({r["end"] for r in done})
    return {
        "scenario": str(file),
        "game": game.name,
        "games": games,
        "bots": chosen,
        "seed": seed,
        "players": [
            {
                "player": p,
                "name": names[p],
                "role": roles[p],
                "wins": rate(sum(p in r["winners"] for r in done), len(done)),
            }
            for p in range(game.num_players)
        ],
        "tie": rate(sum(r["tie"] for r in done), len(done)),
        "ends": {e: rate(sum(r["end"] == e for r in done), len(done)) for e in reasons},
        "unfinished": len(rows) - len(done),
        "outcomes": outcomes,
        "summary": summarise(rows, game.name),
    }


def cmd_whatif_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``whatif FILE --simulate N``: outcome odds from the scenario's position.

    Raises:
        TutorError: for a broken scenario file, a bad number of games or an unknown bot.
    """
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else None
    progress = args.simulate >= PROGRESS_MIN_GAMES and sys.stderr.isatty()
    start = time.perf_counter()
    report = whatif_odds(args.file, args.simulate, bots, args.seed, args.processes, progress)
    report["seconds"] = round(time.perf_counter() - start, 3)
    if args.json:
        out.write(json.dumps(report, indent=2) + "\n")
        return EXIT_OK
    out.write(
        f"Scenario {args.file}: {report['games']} games from this position, bots "
        f"{', '.join(report['bots'])}, seed {report['seed']}\n"
    )

    def pct(r: dict[str, Any]) -> str:
        return (
            f"{100 * r['rate']:.1f}% ({r['count']}/{r['of']}; 95% CI "
            f"{100 * r['low']:.1f}-{100 * r['high']:.1f}%)"
        )

    for p in report["players"]:
        role = f" ({p['role']})" if p["role"] else ""
        out.write(f"  {p['name']}{role} wins: {pct(p['wins'])}\n")
    out.write(f"  tie: {pct(report['tie'])}\n")
    for key, r in report["ends"].items():
        out.write(f"  {key}: {pct(r)}\n")
    if report["unfinished"]:
        out.write(f"  unfinished: {report['unfinished']} games\n")
    return EXIT_OK


def cmd_whatif(args: argparse.Namespace, out: TextIO) -> int:
    """Run a scenario file and print the view, legal actions and trace.

    With ``--simulate N``, play N games on from the position and print the odds.

    Raises:
        TutorError: for a missing or broken scenario file, or a bad ``--player``.
    """
    from tutor.core.scenario import load_scenario

    if args.simulate is not None:
        return cmd_whatif_simulate(args, out)
    session = load_scenario(args.file)
    state = session.state
    _check_player(state.game, args.player)
    view = state.view(args.player)
    view.pop("trace", None)
    trace = state.trace_for(args.player)
    legal = [a.label for a in state.choices_for(args.player)]
    if args.json:
        payload = {"scenario": str(args.file), "view": view, "trace": trace, "legal_actions": legal}
        out.write(json.dumps(payload, indent=2) + "\n")
        return EXIT_OK
    out.write(f"Scenario {args.file}\n")
    write_view(state, view, legal, out)
    out.write("Trace:\n")
    for line in trace:
        out.write(f"  {line}\n")
    return EXIT_OK


def cmd_why(args: argparse.Namespace, out: TextIO) -> int:
    """Print why one trace entry happened: one line per link back to its root.

    The game is a saved session file (``.json``), a scenario file, or with ``--seed``
    the seeded random game ``tutor play GAME --seed S`` prints (``--game``, with the
    game options of ``--players``, ``--modules`` and ``--options``).

    Raises:
        TutorError: for a missing or broken file, game options beside one, a bad
            ``--player``, or an entry number outside the trace.
    """
    from tutor.analysis.why import Link, seeded_session, why

    if (args.file is None) == (args.seed is None):
        raise OptionError("give either a FILE or --seed S (with --game GAME)")
    if args.file is not None:
        _no_options_beside_a_file(args, "a saved session or scenario file")
        if str(args.file).lower().endswith(".json"):
            from tutor.core.session import Session

            session = Session.load(args.file)
        else:
            from tutor.core.scenario import load_scenario

            session = load_scenario(args.file)
    else:
        if not args.game:
            raise OptionError("--seed needs --game GAME (one of: " + ", ".join(game_specs()) + ")")
        game = load_game(args.game, **command_options(args))
        session = seeded_session(game, args.seed)
    _check_player(session.state.game, args.player)
    chain = why(session, args.entry, args.player)
    if args.json:

        def said(links: tuple[Link, ...]) -> list[dict[str, object]]:
            return [
                {
                    "kind": link.kind,
                    "text": link.text,
                    "rule": link.rule,
                    "citation": link.citation,
                    "index": link.index,
                    "hidden": link.hidden,
                    "relation": link.relation,
                }
                for link in links
            ]

        payload = {
            "entry": chain.entry,
            "links": said(chain.links),
            "set_off": [{"at": at, "links": said(side)} for at, side in chain.set_off],
            "paragraph": chain.paragraph(),
        }
        out.write(json.dumps(payload, indent=2) + "\n")
        return EXIT_OK
    for line in chain.lines():
        out.write(line + "\n")
    return EXIT_OK


# ---------------------------------------------------------------------------- parser
class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, then exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _at_least_one(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value}")
    return value


MODULES_HELP = "add-on modules, comma-separated (see the game's docs), e.g. triad"
OPTIONS_HELP = (
    'the game\'s load options as a YAML mapping, e.g. "{rulings: {RULING: OPTION}}" '
    "(each game's docs list its options)"
)


def _add_game_option_args(p: argparse.ArgumentParser, when: str = "") -> None:
    """Add ``--players``, ``--modules`` and ``--options`` (read by :func:`command_options`).

    Args:
        p: the subcommand's parser.
        when: what the help says first, for options that apply only sometimes.
    """
    p.add_argument(
        "--players",
        type=_at_least_one,
        default=None,
        metavar="P",
        help=f"{when}how many players (default: the game's usual number; see 'tutor games')",
    )
    p.add_argument("--modules", default=None, metavar="M1,M2", help=when + MODULES_HELP)
    p.add_argument("--options", default=None, metavar="YAML", help=when + OPTIONS_HELP)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``tutor`` command."""
    parser = _OneLineParser(
        prog="tutor",
        description="Rules Tutor: play, simulate and explain tabletop games rule by rule.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_OneLineParser
    )

    p = sub.add_parser("games", help="list the registered games")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", help="play one seeded game and print it step by step")
    p.add_argument("game", help="the game's name, e.g. mantis_falls")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    p.add_argument(
        "--players",
        type=_at_least_one,
        default=None,
        metavar="P",
        help="how many players (default: the game's usual number; see 'tutor games')",
    )
    p.add_argument("--modules", default=None, metavar="M1,M2", help=MODULES_HELP)
    p.add_argument("--policy", choices=POLICIES, default="random", help="how players choose")
    p.add_argument("--trace", action="store_true", help="print every step with its rule id")
    p.add_argument("--options", default=None, metavar="YAML", help=OPTIONS_HELP)
    p.add_argument(
        "--player",
        type=int,
        default=None,
        metavar="N",
        help="with --trace: show only what player N may see (0 is the first player)",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many random games and count the outcomes")
    p.add_argument("game", help="the game's name (see `tutor games`)")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--options", default=None, metavar="YAML", help=OPTIONS_HELP)
    p.add_argument(
        "--players",
        type=_at_least_one,
        default=None,
        metavar="N",
        help="how many players (default: the game's default, or one per --bots entry)",
    )
    p.add_argument("--modules", default=None, metavar="M1,M2", help=MODULES_HELP)
    p.add_argument(
        "--bots",
        default=None,
        metavar="B1,B2",
        help="one bot per player, e.g. heuristic,heuristic or random,heuristic; reports "
        "win rates with confidence intervals (tutor.analysis)",
    )
    p.add_argument(
        "--processes",
        type=_at_least_one,
        default=None,
        metavar="P",
        help="with --bots: worker processes (default: all cores; 1: no workers)",
    )
    p.add_argument(
        "--every-seat",
        action="store_true",
        help="with --bots: each bot takes every seat in turn, on the same deals, so a "
        "bot's win rate is not its seat's (the games are split between the seatings)",
    )
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("rulings", help="which rulings change who wins: paired games, ranked")
    p.add_argument("game", help="the game's name (see `tutor games`)")
    p.add_argument(
        "--games", type=int, default=2000, help="paired games per reading (default 2000)"
    )
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument(
        "--bots", default=None, metavar="B1,B2", help="one bot per player (default: random)"
    )
    p.add_argument(
        "--rulings",
        default=None,
        metavar="R1,R2",
        help="only these switchable rulings (default: all, and their related pairs)",
    )
    _add_game_option_args(p)
    p.add_argument(
        "--processes",
        type=_at_least_one,
        default=None,
        metavar="P",
        help="worker processes (default: all cores; 1: no workers)",
    )
    p.add_argument(
        "--save-scenarios",
        default=None,
        metavar="FOLDER",
        help="save each first divergent game as two scenario files (a relative folder "
        "goes inside your user data folder)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=cmd_rulings)

    p = sub.add_parser("tree", help="size and value of a position's decision tree")
    p.add_argument("file", help="a scenario YAML file, or a game's name (its opening position)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed when FILE is a game")
    p.add_argument("--depth", type=int, default=3, help="steps to expand (default 3)")
    p.add_argument("--player", type=int, default=None, metavar="N", help="whose value")
    p.add_argument("--max-nodes", type=int, default=20_000, help="size cap (default 20000)")
    p.add_argument("--json", action="store_true", help="print as JSON")
    _add_game_option_args(p, "when FILE is a game: ")
    p.set_defaults(func=cmd_tree)

    p = sub.add_parser("rules", help="list a game's rules index")
    p.add_argument("game", help="the game's name, e.g. mantis_falls")
    p.add_argument("--coverage", action="store_true", help="show implemented/tested status")
    p.add_argument("--json", action="store_true", help="print as JSON")
    p.add_argument(
        "--sync-tests",
        action="store_true",
        help="rewrite rules.yaml tested_by from the tests' @pytest.mark.rule markers",
    )
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("whatif", help="run a what-if scenario file and print state and trace")
    p.add_argument("file", help="a scenario YAML file")
    p.add_argument("--json", action="store_true", help="print view, trace and legal actions")
    p.add_argument(
        "--player", type=int, default=None, metavar="N", help="show only what player N may see"
    )
    p.add_argument(
        "--simulate",
        type=int,
        default=None,
        metavar="N",
        help="play N games on from the scenario's position and print the outcome odds",
    )
    p.add_argument(
        "--bots",
        default=None,
        metavar="B1,B2",
        help="with --simulate: one bot per player (default: random for everyone)",
    )
    p.add_argument("--seed", type=int, default=0, help="with --simulate: the run's seed")
    p.add_argument(
        "--processes",
        type=_at_least_one,
        default=None,
        metavar="P",
        help="with --simulate: worker processes (default: all cores; 1: no workers)",
    )
    p.set_defaults(func=cmd_whatif)

    p = sub.add_parser("why", help="why one trace entry happened: its chain of causes")
    p.add_argument("file", nargs="?", help="a saved session (.json) or a scenario file")
    p.add_argument("--seed", type=int, help="explain the seeded game 'tutor play' prints")
    p.add_argument("--game", help="with --seed: the game (see 'tutor games')")
    _add_game_option_args(p, "with --seed: ")
    p.add_argument(
        "--entry",
        type=int,
        required=True,
        metavar="N",
        help="the trace entry (0 is the first; -1 the last)",
    )
    p.add_argument("--player", type=int, help="see through this player's eyes (0-based)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_why)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tutor`` command.

    Args:
        argv: the arguments (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 2 for a usage error or any TutorError (the
        message is printed on stderr as one line).
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error argparse has already printed
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    try:
        return int(args.func(args, sys.stdout))
    except TutorError as exc:
        message = " ".join(str(exc).split())
        sys.stderr.write(f"tutor {args.command}: error: {message}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("tutor: interrupted\n")
        return 130
    except BrokenPipeError:  # e.g. `tutor play ... --trace | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
