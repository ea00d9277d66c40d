"""Bulk simulation: play N games with bots, one result row per game, and sum them up.

``simulate`` plays games from the start or from any position (a State or a scenario
file) with named bots, reproducibly from one seed: game ``i`` always uses a seed
derived from ``(seed, i)``, so the rows are the same whether the games run in this
process, across processes, or on a Dask cluster.  Tracing is switched off for speed;
per-game facts are read from the state as the game goes (decisions seen, branching)
and at its end (the outcome, gasp markers, the engine's event log).

``summarise`` turns rows into the metrics of a matchup: win rates by role with 95%
Wilson intervals, tie/escape rates, first-player advantage, game length, branching
factor, event outcomes per event type and Last Gasp survival.
"""

from __future__ import annotations

import inspect
import math
import os
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tutor.analysis.policies import RandomPolicy
from tutor.core.game import Game, State, load_game
from tutor.core.rng import Rng

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
# Per-game facts that only some games have
# ======================================================================================


_CARD_INFO: dict[int, tuple[dict[str, Any], frozenset[int]]] = {}

REGIONS = ("start", "sunset", "night", "dark", "end")
"""Mantis Falls road regions in the order of the road (position 0, 1-4, 5-8, 9-12, 13)."""


def road_region(position: int) -> str:
    """The region of a Mantis Falls road position: 0 start, 1-4 sunset, 5-8 night, 9-12
    dark, 13 end (ruling ``road_grid``)."""
    return REGIONS[0 if position <= 0 else min(4, (position + 3) // 4)]


def _card_info(cards: Any) -> tuple[dict[str, Any], frozenset[int]]:
    """Events by id and the action cards tagged healing (cached per card data)."""
    got = _CARD_INFO.get(id(cards))
    if got is None:
        healing = frozenset(c.index for c in cards.actions if "healing" in c.tags)
        got = _CARD_INFO[id(cards)] = ({c.id: c for c in cards.events}, healing)
    return got


def _mantis_falls_start(state: Any) -> dict[str, Any]:
    n = len(state.wounds)
    return {
        "gasps": list(state.gasps),
        "below": [state.max_wounds[p] - state.wounds[p] for p in range(n)],
        "current": None,
        "last_gasps": [],
        "first_dead": next((p for p in range(n) if state.dead[p]), None),
        "healing": _card_info(state.cards)[1],
        "seen": list(state.wounds),
    }


def _mantis_falls_watch(state: Any, info: dict[str, Any]) -> None:
    """Called at every player decision and at the end: follow Last Gasps and deaths.

    A Last Gasp always starts with a decision (building the gasp play), so each one is
    seen as it starts: its player's distance to maximum wounds at the last decision
    where they were below maximum (before the blow that caused it) and the healing cards
    in their hand.  The gasp is over once the gasp marker has moved; the player survived
    it if they are not dead.
    """
    cur = info["current"]
    gasping = state.in_gasp
    wounds = state.wounds
    if cur is None and gasping < 0 and wounds == info["seen"]:
        return  # nothing new since the last decision (the usual case: keep it cheap)
    info["seen"] = wounds[:]
    if cur is not None and state.gasps[cur["player"]] != cur["marker"]:
        cur["survived"] = not state.dead[cur["player"]]
        del cur["marker"]
        info["last_gasps"].append(cur)
        info["current"] = cur = None
    if gasping >= 0 and cur is None:
        hand = state.hands[gasping]
        healing = info["healing"]
        info["current"] = {
            "player": gasping,
            "role": state.roles[gasping],
            "number": state.gasps[gasping] + 1,
            "wounds_to_max": info["below"][gasping],
            "healing_in_hand": sum(1 for c in hand if c in healing),
            "survived": None,
            "marker": state.gasps[gasping],
        }
    top = state.max_wounds
    below = info["below"]
    for p in range(len(wounds)):
        if wounds[p] < top[p]:
            below[p] = top[p] - wounds[p]
    if info["first_dead"] is None and True in state.dead:
        info["first_dead"] = state.dead.index(True)


def _mantis_falls_facts(state: Any, start: dict[str, Any]) -> Row:
    by_id, _ = _card_info(state.cards)
    cards = state.cards
    events = []
    stats = state.event_stats
    for k, entry in enumerate(state.event_log):
        eid, _, outcome = entry.partition(":")
        card = by_id[eid]
        where, dealt = stats[k] if k < len(stats) else (state.pos[state.turn_player], 0)
        events.append(
            {
                "event": card.name,
                "kind": card.kind,
                "outcome": outcome,
                "region": road_region(where),
                "wounds": dealt,
            }
        )
    if state.result is None and state.event >= 0:  # drawn, never processed
        card = cards.events[state.event]
        events.append(
            {
                "event": card.name,
                "kind": card.kind,
                "outcome": "unresolved",
                "region": road_region(state.pos[state.turn_player]),
                "wounds": 0,
            }
        )
    made = [g - g0 for g, g0 in zip(state.gasps, start["gasps"], strict=True)]
    survived = [m - (1 if dead and m else 0) for m, dead in zip(made, state.dead, strict=True)]
    gasps = list(start["last_gasps"])
    if start["current"] is not None:  # cut short in the middle of a Last Gasp
        cur = dict(start["current"])
        del cur["marker"]
        gasps.append(cur)
    first = start["first_dead"]
    roles = list(state.roles)
    return {
        "gasps": made,
        "gasps_survived": survived,
        "last_gasps": gasps,
        "first_dead": first,
        "first_dead_role": roles[first] if first is not None else None,
        "role_setup": "witness/assassin" if "assassin" in roles else "witness/witness",
        "wounds": list(state.wounds),
        "positions": list(state.pos),
        "events": events,
    }


FactsStart = Callable[[Any], dict[str, Any]]
FactsEnd = Callable[[Any, dict[str, Any]], Row]
FactsWatch = Callable[[Any, dict[str, Any]], None]

_FACTS: dict[str, tuple[FactsStart, FactsEnd, FactsWatch | None]] = {
    "mantis_falls": (_mantis_falls_start, _mantis_falls_facts, _mantis_falls_watch),
}


def register_facts(
    game_name: str, start: FactsStart, facts: FactsEnd, watch: FactsWatch | None = None
) -> None:
    """Register a game's extra row fields.

    ``start(state)`` is read before play and returns a dict of working notes;
    ``watch(state, notes)`` (optional) is called at every player decision and once at
    the end, to follow things the final state no longer shows; ``facts(state, notes)``
    returns the extra row fields at the end.  All three may only read the state.
    """
    _FACTS[game_name] = (start, facts, watch)


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
    ) -> None:
        from tutor.analysis.policies import make_policy

        self.max_turns = max_turns

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
        self.facts = _FACTS.get(game_name)
        self.quiet_setup = "tracing" in inspect.signature(self.game.new_state).parameters

    def play(self, seed: int, index: int) -> Row:
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
        first = getattr(state, "first_player", None)
        start_info = self.facts[0](state) if self.facts else {}
        watch = self.facts[2] if self.facts else None
        decisions = options = 0
        finished = cut = False
        last_turn = None
        if self.max_turns is not None:
            last_turn = state.turn_number + self.max_turns
        # The hot loop of bulk simulation: the decision kind is cheaper than the full
        # Decision (no prompt is built), the decider is the player of the legal actions,
        # and the random bot is inlined (it draws from ``rng`` exactly as RandomPolicy).
        bots = [None if type(b) is RandomPolicy else b for b in self.bots]
        kind_now = state.decision_kind
        sample, apply, legal_now = state.sample_chance, state._apply, state._legal_actions
        below = rng.below
        for _ in range(_MAX_STEPS):
            kind = kind_now()
            if kind == "terminal":
                finished = True
                break
            if last_turn is not None and state.turn_number > last_turn:
                cut = True
                break
            if kind == "chance":
                apply(sample(rng))
                continue
            legal = legal_now()
            if watch is not None:
                watch(state, start_info)
            decisions += 1
            n = len(legal)
            options += n
            if n == 1:
                action = legal[0]
            else:
                bot = bots[legal[0].player]
                action = legal[below(n)] if bot is None else bot(state, legal, rng)
            apply(action)
        if watch is not None:
            watch(state, start_info)
        outcome = state.outcome()
        extras = dict(outcome.extras) if outcome is not None else {}
        roles = list(extras.get("roles") or getattr(state, "roles", []) or [])
        winners = list(outcome.winners) if outcome is not None else []
        dead = list(extras.get("dead") or [])
        row: Row = {
            "index": index,
            "seed": game_seed,
            "policies": list(self.names),
            "first_player": first,
            "roles": roles,
            "winners": winners,
            "winner_roles": sorted({roles[p] for p in winners}) if roles else [],
            "returns": list(state.returns()),
            "end": outcome.reason
            if outcome is not None and finished
            else ("cut" if cut else "unfinished"),
            "tie": outcome is not None and outcome.tie,
            "turns": outcome.turns if outcome is not None else state.turn_number,
            "steps": int(state.steps),
            "decisions": decisions,
            "branching": options / decisions if decisions else 0.0,
            "dead": dead,
            "deaths": len(dead),
            "dead_roles": sorted(roles[p] for p in dead) if roles else [],
        }
        if self.facts:
            row.update(self.facts[1](state, start_info))
        return row


_WORKER_CACHE: dict[Any, _Runner] = {}


def _run_chunk(task: tuple[Any, ...]) -> list[Row]:
    """Play a chunk of games (runs in worker processes; caches the runner per run)."""
    key, game_name, options, start, policies, max_turns, seed, indices = task
    runner = _WORKER_CACHE.get(key)
    if runner is None:
        _WORKER_CACHE.clear()
        runner = _WORKER_CACHE[key] = _Runner(game_name, options, start, policies, max_turns)
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
    progress: bool = True,
    chunk_size: int | None = None,
    max_turns: int | None = None,
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
        progress: show a tqdm bar (a widget in notebooks, text in a terminal).
        chunk_size: games per task sent to a worker (default: chosen from the size).
        max_turns: stop each game once this many turns after the start one are over
            (``0``: at the end of the current turn); such rows have ``end="cut"``.

    Returns:
        Rows sorted by game index.  Each row has ``index, seed, policies,
        first_player, roles, winners, winner_roles, returns, end, tie, turns, steps,
        decisions, branching, dead, deaths, dead_roles`` (``end`` is ``escape`` /
        ``death`` for a finished game, ``cut`` when ``max_turns`` stopped it and
        ``unfinished`` if it hit the step limit) and, for Mantis Falls,
        ``gasps, gasps_survived, wounds, positions, events`` (each event with its
        ``event`` name, ``kind`` and ``outcome``: prevented / defeated / undefeated /
        incident / unresolved).

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
    probe = _Runner(game_name, opts, start_data, policies, max_turns)
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
    tasks = [(key, game_name, opts, start_data, list(policies), max_turns, seed, c) for c in chunks]
    bar = _progress_bar(games, progress, f"{game_name} {names}")
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
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(
                max_workers=min(workers, len(tasks)), mp_context=_mp_context()
            ) as pool:
                rows = _run_executor(pool, tasks, bar)
    finally:
        if bar is not None:
            bar.close()
    rows.sort(key=lambda r: r["index"])
    return rows


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


def _mean_sd(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0}
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0
    return {"mean": mean, "sd": math.sqrt(var), "min": min(values), "max": max(values)}


GAME_OUTCOMES = ("witness win", "assassin win", "tie", "witnesses lose", "escape", "unfinished")
"""Outcome categories of a Mantis Falls game row (see :func:`game_outcome`)."""


def game_outcome(row: Mapping[str, Any]) -> str:
    """The outcome category of one row (one of :data:`GAME_OUTCOMES`)."""
    if row["end"] in ("unfinished", "cut"):
        return "unfinished"
    if row["end"] == "escape":
        return "escape"
    if row["tie"]:
        return "tie"
    if "assassin" not in row["roles"]:
        return "witnesses lose"
    return "assassin win" if "assassin" in row["winner_roles"] else "witness win"


def summarise(rows: Iterable[Row]) -> dict[str, Any]:
    """Sum up simulation rows into the metrics of a matchup.

    Returns:
        A JSON-ready dict: ``games``, ``unfinished``, ``win_rate`` by role and
        ``win_rate_by_bot`` by ``role (bot)`` (each ``count, of, rate, low, high`` with
        a 95% Wilson interval), ``tie_rate``, ``escape_rate``, ``death_rate``,
        ``first_player`` (win rates of the first and second player and their
        difference), ``length`` (turns and steps: mean, sd, min, max),
        ``branching_factor`` (mean legal choices per decision), ``events`` (outcome
        counts ``by_kind`` and ``by_event``), ``last_gasp`` (survival rate) and
        ``gasps_per_game``.

    Raises:
        KeyError: if a row lacks the fields :func:`simulate` writes.
    """
    rows = list(rows)
    n = len(rows)
    done = [r for r in rows if r["end"] not in ("unfinished", "cut")]
    role_games: dict[str, int] = {}
    role_wins: dict[str, int] = {}
    bot_games: dict[str, int] = {}
    bot_wins: dict[str, int] = {}
    first_wins = second_wins = seated = 0
    decisions = options = 0
    for r in done:
        roles = r["roles"]
        for role in sorted(set(roles)):
            role_games[role] = role_games.get(role, 0) + 1
            if role in r["winner_roles"]:
                role_wins[role] = role_wins.get(role, 0) + 1
        for p, role in enumerate(roles):
            key = f"{role} ({r['policies'][p]})"
            bot_games[key] = bot_games.get(key, 0) + 1
            if p in r["winners"]:
                bot_wins[key] = bot_wins.get(key, 0) + 1
        fp = r.get("first_player")
        if fp is not None and len(r["policies"]) == 2:
            seated += 1
            first_wins += fp in r["winners"]
            second_wins += (1 - fp) in r["winners"]
    for r in rows:
        decisions += r["decisions"]
        options += r["branching"] * r["decisions"]
    by_kind: dict[str, dict[str, int]] = {}
    by_event: dict[str, dict[str, int]] = {}
    gasps = survived = 0
    for r in rows:
        for ev in r.get("events", ()):
            k = by_kind.setdefault(ev["kind"], {})
            k[ev["outcome"]] = k.get(ev["outcome"], 0) + 1
            e = by_event.setdefault(ev["event"], {})
            e[ev["outcome"]] = e.get(ev["outcome"], 0) + 1
        gasps += sum(r.get("gasps", ()))
        survived += sum(r.get("gasps_survived", ()))
    first = rate_with_interval(first_wins, seated)
    second = rate_with_interval(second_wins, seated)
    return {
        "games": n,
        "unfinished": n - len(done),
        "policies": sorted({",".join(r["policies"]) for r in rows}),
        "win_rate": {
            role: rate_with_interval(role_wins.get(role, 0), k) for role, k in role_games.items()
        },
        "win_rate_by_bot": {
            key: rate_with_interval(bot_wins.get(key, 0), k) for key, k in bot_games.items()
        },
        "tie_rate": rate_with_interval(sum(r["tie"] for r in done), len(done)),
        "escape_rate": rate_with_interval(sum(r["end"] == "escape" for r in done), len(done)),
        "death_rate": rate_with_interval(sum(r["end"] == "death" for r in done), len(done)),
        "first_player": {
            "first": first,
            "second": second,
            "advantage": first["rate"] - second["rate"],
        },
        "length": {
            "turns": _mean_sd([r["turns"] for r in done]),
            "steps": _mean_sd([r["steps"] for r in done]),
        },
        "branching_factor": options / decisions if decisions else 0.0,
        "events": {"by_kind": by_kind, "by_event": by_event},
        "last_gasp": rate_with_interval(survived, gasps),
        "gasps_per_game": gasps / n if n else 0.0,
    }


__all__ = [
    "GAME_OUTCOMES",
    "derive_seed",
    "game_outcome",
    "register_facts",
    "simulate",
    "summarise",
    "sweep",
    "wilson_interval",
]
