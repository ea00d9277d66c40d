"""Bulk simulation: play N games with bots, one result row per game, and sum them up.

``simulate`` plays games from the start or from any position (a State or a scenario
file) with named bots, reproducibly from one seed: game ``i`` always uses a seed
derived from ``(seed, i)``, so the rows are the same whether the games run in this
process, across processes, or on a Dask cluster.  Tracing is switched off for speed;
each row holds what every game's :class:`~tutor.core.types.Outcome` says (winners,
losers, ties, scores, the end reason, roles and sides when the game declares them),
what the loop saw (decisions, branching, the first player to decide) and the game's
own facts (its spec's ``facts`` hook).

``summarise`` turns rows into the metrics of a matchup for any game: win rates by
seat, role, side and bot with 95% Wilson intervals, ties, outcome categories, score
distributions, first-player advantage, game length and branching factor, plus the
game's own metrics (its ``summary`` hook).  No shared code here knows any game.
"""

from __future__ import annotations

import inspect
import math
import os
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.analysis.policies import RandomPolicy
from tutor.core.game import Chooser, Game, PlayStats, State, StepLimitReached, load_game
from tutor.core.rng import Rng
from tutor.core.types import Outcome

Row = dict[str, Any]

_MAX_STEPS = 50_000
_CHOICE_SALT = 0x5DEECE66D


# ======================================================================================
# Seeds
# ======================================================================================


def derive_seed(seed: int, index: int) -> int:
    """Return the seed of game ``index`` of a run seeded with ``seed`` (64-bit, stable)."""
    return Rng(Rng(seed).next_u64() + index).next_u64()


# ======================================================================================
# What a game adds to the rows (its spec's facts hook)
# ======================================================================================

FactsStart = Callable[[Any], dict[str, Any]]
FactsRow = Callable[[Any, dict[str, Any]], Row]
FactsWatch = Callable[[Any, dict[str, Any]], None]
FactsTotals = Callable[[Sequence[Outcome]], list[tuple[str, str, float]]]


@dataclass(frozen=True)
class GameFacts:
    """A game's own simulation facts (the object its spec's ``facts`` hook names).

    All functions may only read the state.

    Attributes:
        start: ``start(state) -> notes``: working notes read before play.
        row: ``row(state, notes) -> dict``: the game's extra row fields at the end.
        watch: ``watch(state, notes)``, called at every player decision and once at the
            end, to follow what the final state no longer shows (or ``None``).
        totals: ``totals(outcomes) -> [(key, label, count)]``: counts over finished
            games' outcomes for ``tutor simulate`` (or ``None``).
    """

    start: FactsStart
    row: FactsRow
    watch: FactsWatch | None = None
    totals: FactsTotals | None = None


# ======================================================================================
# Outcome categories: the game's own (outcome_categories hook), else winners and ties
# ======================================================================================


def outcome_categories(game: Game) -> dict[str, str]:
    """``{key: label}`` of the outcome categories of a game's finished games.

    A game declares its own with the ``outcome_categories`` hook; otherwise each
    player's sole win, a shared win, a tie and "no winner" are the categories.
    """
    hook = game.spec.hook("outcome_categories")
    if hook is not None:
        return dict(hook[0])
    names = {f"win_{p + 1}": f"player {p + 1} wins" for p in range(game.num_players)}
    return {**names, "shared_win": "shared win", "tie": "tie", "no_winner": "nobody wins"}


def outcome_category(game: Game, outcome: Outcome) -> str:
    """The key (of :func:`outcome_categories`) that a finished game's outcome falls in."""
    hook = game.spec.hook("outcome_categories")
    if hook is not None:
        return str(hook[1](outcome))
    if len(outcome.winners) == 1:
        return f"win_{outcome.winners[0] + 1}"
    if outcome.winners:
        return "shared_win"
    return "tie" if outcome.tied else "no_winner"


# ======================================================================================
# Playing one game
# ======================================================================================


class _Runner:
    """Everything a worker needs to play games of one run; built once per process."""

    def __init__(
        self,
        game_name: str,
        options: dict[str, Any],
        start: dict[str, Any] | None,
        policies: Sequence[Any],
        max_turns: int | None = None,
        replayable: bool = False,
        branching: bool = True,
    ) -> None:
        from tutor.analysis.policies import make_policy

        self.max_turns = max_turns
        self.replayable = replayable
        self.branching = branching

        self.game: Game = load_game(game_name, **options)
        self.game_name = game_name
        self.start: State | None = None
        if start is not None:
            state = self.game.state_from_dict(start)
            state.tracing = False
            state.trace = []
            self.start = state
        self.bots = [make_policy(game_name, p) for p in policies]
        self.names = [bot.name for bot in self.bots]
        if len(self.bots) != self.game.num_players:
            raise ValueError(
                f"{game_name} has {self.game.num_players} players but {len(self.bots)} bots "
                f"were given ({', '.join(self.names)})"
            )
        self.facts: GameFacts | None = self.game.spec.hook("facts")
        self.quiet_setup = "tracing" in inspect.signature(self.game.new_state).parameters

    def play(self, seed: int, index: int, record: list[str] | None = None) -> Row:
        game_seed = derive_seed(seed, index)
        if self.start is None and self.quiet_setup:
            state = self.game.new_state(seed=game_seed, tracing=False)  # type: ignore[call-arg,unused-ignore]
        elif self.start is None:
            state = self.game.new_state(seed=game_seed)
            state.tracing = False
        else:
            state = self.start.clone()
            state.rng = Rng(game_seed)
        rng = Rng(game_seed ^ _CHOICE_SALT)
        for bot in self.bots:
            bot.reset()
        start_info = self.facts.start(state) if self.facts else {}
        watch = self.facts.watch if self.facts else None
        max_turns = self.max_turns
        # The hot loop of bulk simulation is the state's own (State.play_out); a random
        # bot is passed as None, which play_out draws exactly as RandomPolicy does.
        bots: list[Any] = [None if type(b) is RandomPolicy else b for b in self.bots]
        if self.replayable:
            # A scenario's session draws chance from the state's own generator and takes
            # the players' choices as labels: play the same way, choices from ``rng``.
            bots = [_replay_chooser(b, rng, record) for b in self.bots]
            rng = state.rng
        observe = None if watch is None else (lambda s: watch(s, start_info))
        try:
            played = state.play_out(
                rng,
                _MAX_STEPS,
                bots,
                max_turns=max_turns,
                observe=observe,
                count_options=self.branching,
            )
        except StepLimitReached as exc:  # not over after _MAX_STEPS: the row says "unfinished"
            played = exc.stats or PlayStats(False, False, 0, 0, 0, None)
        finished, cut, first = played.finished, played.cut, played.first_player
        decisions, options = played.decisions or 0, played.options
        if watch is not None:
            watch(state, start_info)
        outcome = state.outcome()
        extras = dict(outcome.extras) if outcome is not None else {}
        roles = [str(r) for r in extras.get("roles") or ()]
        sides = [str(r) for r in extras.get("sides") or ()]
        winners = list(outcome.winners) if outcome is not None else []
        row: Row = {
            "game": self.game_name,
            "index": index,
            "seed": game_seed,
            "policies": list(self.names),
            "first_player": first,
            "roles": roles,
            "sides": sides,
            "winners": winners,
            "losers": list(outcome.losers) if outcome is not None else [],
            "tied": list(outcome.tied) if outcome is not None else [],
            "winner_roles": sorted({roles[p] for p in winners}) if roles else [],
            "scores": list(outcome.scores) if outcome is not None else [],
            "returns": list(state.returns()),
            "end": outcome.reason
            if outcome is not None and finished
            else ("cut" if cut else "unfinished"),
            "outcome": outcome_category(self.game, outcome)
            if outcome is not None and finished
            else None,
            "tie": outcome is not None and outcome.tie,
            "turns": outcome.turns if outcome is not None else state.turn_number,
            "steps": int(state.steps),
            "decisions": decisions,
            "branching": None if options is None else options / decisions if decisions else 0.0,
        }
        if self.facts:
            row.update(self.facts.row(state, start_info))
        return row


def _replay_chooser(bot: Any, rng: Rng, record: list[str] | None) -> Chooser:
    """``bot`` choosing with ``rng`` (not the generator ``play_out`` passes), noting labels."""

    def choose(state: State, legal: Sequence[Any], _chance_rng: Rng) -> Any:
        action = bot(state, legal, rng)
        if record is not None:
            record.append(action.label)
        return action

    return choose


_WORKER_CACHE: dict[Any, _Runner] = {}


def _run_chunk(task: tuple[Any, ...]) -> list[Row]:
    """Play a chunk of games (runs in worker processes; caches the runner per run)."""
    key, game_name, options, start, policies, max_turns, replayable, branching, seed, indices = task
    runner = _WORKER_CACHE.get(key)
    if runner is None:
        _WORKER_CACHE.clear()
        runner = _WORKER_CACHE[key] = _Runner(
            game_name, options, start, policies, max_turns, replayable, branching
        )
    return [runner.play(seed, i) for i in indices]


# ======================================================================================
# The public entry point
# ======================================================================================


def _start_dict(start: Any) -> dict[str, Any] | None:
    if start is None:
        return None
    if isinstance(start, (str, Path)):
        from tutor.core.scenario import load_scenario

        start = load_scenario(start).state
    if not isinstance(start, State) and hasattr(start, "state"):
        start = start.state  # a Session
    data = start.to_dict()
    data["trace"] = []
    data["tracing"] = False
    return data


def _scenario_game(start: Any) -> tuple[str, dict[str, Any]] | None:
    if isinstance(start, (str, Path)):
        from tutor.core.scenario import read_scenario

        data = read_scenario(start)
        return str(data["game"]), dict(data.get("options") or {})
    state = getattr(start, "state", start)
    game = getattr(state, "game", None)
    if game is not None:
        return game.name, dict(game.options)
    return None


def _policy_name(p: Any) -> str:
    return p if isinstance(p, str) else getattr(p, "name", type(p).__name__)


def _progress_bar(total: int, enabled: bool, desc: str) -> Any:
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


def simulate(
    game_name: str | None = None,
    games: int = 100,
    seed: int = 0,
    policies: Sequence[Any] = ("random", "random"),
    options: dict[str, Any] | None = None,
    start: Any = None,
    processes: int | None = None,
    executor: Any = None,
    progress: Any = True,
    chunk_size: int | None = None,
    max_turns: int | None = None,
    replayable: bool = False,
    branching: bool = True,
) -> list[Row]:
    """Play ``games`` games with bots and return one result row per game.

    Args:
        game_name: a registered game; may be omitted when ``start`` is a scenario file
            or a state (its game and options are used).
        games: how many games to play.
        seed: the run's seed; game ``i`` uses ``derive_seed(seed, i)``.
        policies: one bot per player, by registered name (``"random"``, ``"heuristic"``
            ...) or as :class:`~tutor.analysis.policies.Policy` objects (picklable).
        options: game options (house rules: ``{"rulings": {...}}``).
        start: ``None`` (a fresh game per seed), a State, a Session or a scenario path;
            every game starts from a copy of that position.
        processes: worker processes (default: all cores; 1 plays in this process).
        executor: a ``concurrent.futures``-style executor, or a ``dask.distributed``
            Client (detected by its ``gather`` method); overrides ``processes``.
        progress: show a tqdm bar (a widget in notebooks, text in a terminal), or
            update this bar-like object (anything with ``update(n)``; several runs
            may share one: it is not closed here).
        chunk_size: games per task sent to a worker (default: chosen from the size).
        max_turns: stop each game once this many turns after the start one are over
            (``0``: at the end of the current turn); such rows have ``end="cut"``.
        replayable: play every game so that a scenario can replay it: chance outcomes
            come from the state's own generator (as a Session draws them) and the bots'
            choices from a second one, so ``{game, options, seed: row["seed"], play:
            the labels the bots chose}`` is the same game (:func:`replay_game` gives
            the labels).  Other seeds than the default mode's, same speed class.
        branching: count the legal actions at every decision (the row's
            ``branching``, the mean).  ``False`` skips the count (``branching`` is
            ``None``; the games are the same): for runs that only compare results, in
            games whose full listing costs more than the play itself (Mentis).

    Returns:
        Rows sorted by game index.  Each row has ``game, index, seed, policies,
        first_player, roles, sides, winners, losers, tied, winner_roles, scores,
        returns, end, outcome, tie, turns, steps, decisions, branching`` (``end`` is
        the outcome's reason code for a finished game, ``cut`` when ``max_turns``
        stopped it and ``unfinished`` if it hit the step limit; ``outcome`` is the
        category key of :func:`outcome_category`, ``None`` when not finished), plus the
        fields the game's ``facts`` hook adds.

    Raises:
        ValueError: for a bad number of games or bots, or an unknown bot name.
        UnknownGameError: if the game is not registered.
        OptionError: for invalid game options.
        SessionFileError: if the scenario file cannot be loaded.
    """
    if games < 0:
        raise ValueError(f"games must be zero or more, got {games}")
    opts = dict(options or {})
    if game_name is None:
        found = _scenario_game(start) if start is not None else None
        if found is None:
            raise ValueError("simulate needs a game name (or a start position that names one)")
        game_name, scenario_opts = found
        opts = {**scenario_opts, **opts}
    start_data = _start_dict(start)
    # Validate everything in this process first, so errors surface here with a clear message.
    probe = _Runner(game_name, opts, start_data, policies, max_turns, replayable, branching)
    names = ",".join(probe.names)
    if games == 0:
        return []
    workers = processes if processes is not None else (os.cpu_count() or 1)
    use_pool = executor is not None or workers > 1
    if chunk_size is None:
        parts = max(1, (workers if use_pool else 1) * 8)
        chunk_size = max(1, min(500, math.ceil(games / parts)))
    indices = list(range(games))
    chunks = [indices[i : i + chunk_size] for i in range(0, games, chunk_size)]
    key = uuid.uuid4().hex  # workers build one runner per run and reuse it across chunks
    tasks = [
        (
            key,
            game_name,
            opts,
            start_data,
            list(policies),
            max_turns,
            replayable,
            branching,
            seed,
            c,
        )
        for c in chunks
    ]
    shared = hasattr(progress, "update")
    bar = progress if shared else _progress_bar(games, bool(progress), f"{game_name} {names}")
    rows: list[Row] = []
    try:
        if not use_pool:
            for i in indices:
                rows.append(probe.play(seed, i))
                if bar is not None:
                    bar.update(1)
        elif executor is not None and hasattr(executor, "gather"):
            rows = _run_dask(executor, tasks, bar)
        elif executor is not None:
            rows = _run_executor(executor, tasks, bar)
        else:
            with process_pool(min(workers, len(tasks))) as pool:
                rows = _run_executor(pool, tasks, bar)
    finally:
        if bar is not None and not shared:
            bar.close()
    rows.sort(key=lambda r: r["index"])
    return rows


def process_pool(workers: int) -> Any:
    """A process pool whose workers also know the games registered at run time.

    Raises:
        ValueError: if ``workers`` is below 1.
    """
    from concurrent.futures import ProcessPoolExecutor

    from tutor.core.spec import register_specs, runtime_specs

    return ProcessPoolExecutor(
        workers,
        mp_context=_mp_context(),
        initializer=register_specs,
        initargs=(runtime_specs(),),
    )


def _mp_context() -> Any:
    import multiprocessing
    import sys
    import threading

    # fork is fastest (workers inherit loaded card data); it is only safe while this
    # process has a single thread, so fall back to spawn otherwise (e.g. in Jupyter).
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _run_executor(executor: Any, tasks: list[tuple[Any, ...]], bar: Any) -> list[Row]:
    from concurrent.futures import as_completed

    futures = [executor.submit(_run_chunk, t) for t in tasks]
    rows: list[Row] = []
    for fut in as_completed(futures):
        got = fut.result()
        rows += got
        if bar is not None:
            bar.update(len(got))
    return rows


def _run_dask(client: Any, tasks: list[tuple[Any, ...]], bar: Any) -> list[Row]:
    futures = client.map(_run_chunk, tasks, pure=False)
    try:
        from dask.distributed import as_completed
    except ImportError:  # a Client-like object without dask installed: gather at once
        results = client.gather(futures)
        rows = [r for chunk in results for r in chunk]
        if bar is not None:
            bar.update(len(rows))
        return rows
    rows = []
    for fut in as_completed(futures):
        got = fut.result()
        rows += got
        if bar is not None:
            bar.update(len(got))
    return rows


def replay_game(
    game_name: str,
    seed: int,
    index: int,
    policies: Sequence[Any] = ("random", "random"),
    options: dict[str, Any] | None = None,
    max_turns: int | None = None,
) -> tuple[Row, list[str]]:
    """Play game ``index`` of a ``simulate(..., replayable=True)`` run again, noting choices.

    Returns:
        The game's row (equal to the run's row) and the labels of the actions the bots
        chose, in order (forced choices, which a Session takes by itself, left out):
        the ``play`` list of a scenario with ``seed=row["seed"]``.

    Raises:
        ValueError, UnknownGameError, OptionError: as :func:`simulate`.
    """
    runner = _Runner(game_name, dict(options or {}), None, policies, max_turns, True)
    labels: list[str] = []
    row = runner.play(seed, index, labels)
    return row, labels


def sweep(
    game_name: str,
    variants: dict[str, dict[str, Any]],
    games: int = 100,
    seed: int = 0,
    **kwargs: Any,
) -> list[Row]:
    """Run :func:`simulate` once per variant and tag each row with ``variant``.

    Args:
        game_name: the game.
        variants: ``{label: simulate keyword arguments}``, e.g. ``{"house": {"options":
            {"rulings": {...}}}, "bots": {"policies": ("heuristic", "random")}}``.
        games: games per variant.
        seed: the same seed for every variant (common random numbers).
        **kwargs: defaults for every variant (``processes``, ``executor`` ...).

    Raises:
        ValueError, UnknownGameError, OptionError: as :func:`simulate`.
    """
    rows: list[Row] = []
    for label, extra in variants.items():
        for row in simulate(game_name, games=games, seed=seed, **{**kwargs, **extra}):
            row["variant"] = label
            rows.append(row)
    return rows


def simulate_every_seat(
    game_name: str,
    games: int = 100,
    seed: int = 0,
    policies: Sequence[Any] = ("random", "random"),
    **kwargs: Any,
) -> list[Row]:
    """Play the bots in every seating, so that a bot's win rate is not its seat's.

    ``policies`` holds one bot per player; seating ``k`` shifts them ``k`` seats
    (``policies[k:] + policies[:k]``), so each bot takes every seat in turn.  Every
    seating plays the same deals (the same seed and game indices), so the seatings
    compare paired.  Each row is tagged ``seating`` (the shift).

    Args:
        game_name: the game.
        games: games in all, split evenly between the seatings (the first seatings
            play one more when the number of players does not divide it).
        seed: the seed of every seating.
        policies: one bot per player, as :func:`simulate` takes them.
        **kwargs: the other :func:`simulate` arguments (``options``, ``processes`` ...).

    Raises:
        ValueError: for a bad number of games or bots, or an unknown bot name.
        UnknownGameError, OptionError: as :func:`simulate`.
    """
    if games < 0:
        raise ValueError(f"games must be zero or more, got {games}")
    seats = list(policies)
    per, extra = divmod(games, max(1, len(seats)))
    rows: list[Row] = []
    for shift in range(len(seats)):
        seating = seats[shift:] + seats[:shift]
        count = per + (shift < extra)
        for row in simulate(game_name, games=count, seed=seed, policies=seating, **kwargs):
            row["seating"] = shift
            rows.append(row)
    return rows


# ======================================================================================
# Metrics
# ======================================================================================


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Raises:
        ValueError: if ``successes`` is not between 0 and ``trials``.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and trials, got {successes}/{trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate_with_interval(successes: int, trials: int) -> dict[str, Any]:
    """``{"count", "of", "rate", "low", "high"}``: a rate with its 95% Wilson interval."""
    low, high = wilson_interval(successes, trials)
    return {
        "count": successes,
        "of": trials,
        "rate": successes / trials if trials else 0.0,
        "low": low,
        "high": high,
    }


def paired_rate_change(both: int, new_only: int, old_only: int, neither: int) -> dict[str, Any]:
    """The change of a rate between two readings of the same paired trials, with its 95% interval.

    Each trial was played twice (the same seed under an old and a new reading), so the
    two rates are not independent; the interval is Newcombe's (1998, method 10) for a
    difference of paired proportions, built from the two Wilson intervals and the
    correlation of the pairs.

    Args:
        both: trials that succeeded under both readings.
        new_only: trials that succeeded only under the new reading.
        old_only: trials that succeeded only under the old reading.
        neither: trials that failed under both.

    Returns:
        ``{"base", "reading", "change", "low", "high", "of"}``: the old and new rates,
        their difference (new minus old) and its interval.

    Raises:
        ValueError: if a count is negative.
    """
    cells = (both, new_only, old_only, neither)
    if min(cells) < 0:
        raise ValueError(f"counts must be zero or more, got {cells}")
    n = sum(cells)
    if n == 0:
        return {"base": 0.0, "reading": 0.0, "change": 0.0, "low": -1.0, "high": 1.0, "of": 0}
    p_new, p_old = (both + new_only) / n, (both + old_only) / n
    l_new, u_new = wilson_interval(both + new_only, n)
    l_old, u_old = wilson_interval(both + old_only, n)
    cross = both * neither - new_only * old_only
    margins = (both + new_only) * (old_only + neither) * (both + old_only) * (new_only + neither)
    if margins == 0:
        phi = 0.0
    else:
        phi = (max(cross - n / 2, 0) if cross > 0 else cross) / math.sqrt(margins)
    change = p_new - p_old
    down_new, up_new = p_new - l_new, u_new - p_new
    down_old, up_old = p_old - l_old, u_old - p_old
    below = down_new**2 - 2 * phi * down_new * up_old + up_old**2
    above = up_new**2 - 2 * phi * up_new * down_old + down_old**2
    return {
        "base": p_old,
        "reading": p_new,
        "change": change,
        "low": max(-1.0, change - math.sqrt(max(below, 0.0))),
        "high": min(1.0, change + math.sqrt(max(above, 0.0))),
        "of": n,
    }


def _mean_sd(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0}
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0
    return {"mean": mean, "sd": math.sqrt(var), "min": min(values), "max": max(values)}


def _rates(wins: Mapping[str, int], games: Mapping[str, int]) -> dict[str, dict[str, Any]]:
    return {key: rate_with_interval(wins.get(key, 0), k) for key, k in games.items()}


def _count(table: dict[str, int], key: str, by: int = 1) -> None:
    table[key] = table.get(key, 0) + by


def summarise(rows: Iterable[Row], game_name: str | None = None) -> dict[str, Any]:
    """Sum up simulation rows into the metrics of a matchup, for any game.

    Args:
        rows: rows from :func:`simulate`.
        game_name: whose ``summary`` hook adds the game's own metrics (default: the
            game named by the rows, when :func:`simulate` recorded it).

    Returns:
        A JSON-ready dict: ``games``, ``unfinished``, ``policies``; win rates (each
        ``count, of, rate, low, high`` with a 95% Wilson interval) ``win_rate_by_seat``
        (``"seat 1"`` ...), ``win_rate_by_role`` and ``win_rate_by_side`` (when the
        game's outcomes declare ``roles`` / ``sides``), ``win_rate_by_bot`` (``"role
        (bot)"`` when roles exist, else the bot's name) and ``win_rate`` (by role when
        the game has roles, else by seat); ``tie_rate``; ``outcomes`` (count per outcome
        category) and ``reasons`` (count per end reason); ``first_player`` (win rates of
        the first player and of the player after them, and the difference);
        ``scores`` (per seat: mean, sd, min, max, and the distribution of values);
        ``length`` (turns and steps: mean, sd, min, max); ``branching_factor``; then
        whatever the game's ``summary`` hook adds.

    Raises:
        KeyError: if a row lacks the fields :func:`simulate` writes.
        UnknownGameError: if ``game_name`` is not registered.
    """
    rows = list(rows)
    n = len(rows)
    done = [r for r in rows if r["end"] not in ("unfinished", "cut")]
    seat_games: dict[str, int] = {}
    seat_wins: dict[str, int] = {}
    role_games: dict[str, int] = {}
    role_wins: dict[str, int] = {}
    side_games: dict[str, int] = {}
    side_wins: dict[str, int] = {}
    bot_games: dict[str, int] = {}
    bot_wins: dict[str, int] = {}
    outcomes: dict[str, int] = {}
    reasons: dict[str, int] = {}
    scores: dict[str, list[float]] = {}
    first_wins = second_wins = seated = 0
    decisions = options = 0
    for r in done:
        roles, sides, winners = r["roles"], r.get("sides") or [], r["winners"]
        players = len(r["policies"])
        for p in range(players):
            seat = f"seat {p + 1}"
            _count(seat_games, seat)
            _count(seat_wins, seat, p in winners)
            key = f"{roles[p]} ({r['policies'][p]})" if roles else r["policies"][p]
            _count(bot_games, key)
            _count(bot_wins, key, p in winners)
            if p < len(r.get("scores") or ()):
                scores.setdefault(seat, []).append(float(r["scores"][p]))
        for role in sorted(set(roles)):
            _count(role_games, role)
            _count(role_wins, role, role in r["winner_roles"])
        for side in sorted(set(sides)):
            _count(side_games, side)
            _count(side_wins, side, any(sides[p] == side for p in winners))
        if r.get("outcome") is not None:
            _count(outcomes, r["outcome"])
        _count(reasons, r["end"])
        fp = r.get("first_player")
        if fp is not None and players >= 2:
            seated += 1
            first_wins += fp in winners
            second_wins += (fp + 1) % players in winners
    for r in rows:
        if r["branching"] is not None:  # not counted in a run made with branching=False
            decisions += r["decisions"]
            options += r["branching"] * r["decisions"]
    first = rate_with_interval(first_wins, seated)
    second = rate_with_interval(second_wins, seated)
    by_seat = _rates(seat_wins, seat_games)
    by_role = _rates(role_wins, role_games)
    summary: dict[str, Any] = {
        "games": n,
        "unfinished": n - len(done),
        "policies": sorted({",".join(r["policies"]) for r in rows}),
        "win_rate": by_role if role_games else by_seat,
        "win_rate_by_seat": by_seat,
        "win_rate_by_role": by_role,
        "win_rate_by_side": _rates(side_wins, side_games),
        "win_rate_by_bot": _rates(bot_wins, bot_games),
        "tie_rate": rate_with_interval(sum(r["tie"] for r in done), len(done)),
        "outcomes": outcomes,
        "reasons": reasons,
        "first_player": {
            "first": first,
            "second": second,
            "advantage": first["rate"] - second["rate"],
        },
        "scores": {
            seat: {**_mean_sd(values), "values": _distribution(values)}
            for seat, values in scores.items()
        },
        "length": {
            "turns": _mean_sd([r["turns"] for r in done]),
            "steps": _mean_sd([r["steps"] for r in done]),
        },
        "branching_factor": options / decisions if decisions else 0.0,
    }
    name = game_name or next((r["game"] for r in rows if r.get("game")), None)
    if name is not None:
        from tutor.core.spec import spec_for

        extra = spec_for(name).hook("summary")
        if extra is not None:
            summary.update(extra(rows))
    return summary


def _distribution(values: Sequence[float]) -> dict[str, int]:
    """How often each value occurred, in increasing order of value (JSON keys)."""
    out: dict[str, int] = {}
    for v in sorted(values):
        key = str(int(v)) if float(v).is_integer() else str(v)
        out[key] = out.get(key, 0) + 1
    return out


__all__ = [
    "GameFacts",
    "derive_seed",
    "outcome_categories",
    "outcome_category",
    "paired_rate_change",
    "rate_with_interval",
    "replay_game",
    "simulate",
    "summarise",
    "sweep",
    "wilson_interval",
]
