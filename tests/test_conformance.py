"""Game-agnostic conformance suite: every registered game must pass it unchanged.

It plays seeded random games through the public State API and checks, after every
single action, what DESIGN.md promises for all games: play terminates; the game's own
invariants hold (``Game.check_invariants``: card conservation, counter limits ...);
legal actions are sorted, unique and pass ``check``; chance outcomes are a probability
distribution; every trace entry cites a rule of the game's rulebook.  It also checks
determinism (same seed, same trace), that tracing never changes the play, that
``clone`` and the JSON round trip are exact and independent, and that nothing shown to
player ``p`` (view, rendered text and HTML trace with their citations, decision record,
choices) depends on information ``p`` may not see (``Game.hidden_variants``, also
played on in step with the real game until the difference legitimately comes to light).

Every registered game (the toy games of tests/toys included) is played at every
player count, module set and option set its spec declares (``GameSpec.configurations``);
a new game is picked up automatically.  ``make test`` plays a few dozen games per
configuration; ``make soak`` (``-m slow``) plays many more, under every switchable
house rule too.
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from configurations import config_id

import tutor
from tutor.core.game import Game, State, StepLimitReached, random_playout
from tutor.core.rng import Rng
from tutor.core.spec import spec_for
from tutor.core.types import CHANCE, Action

GAMES = tutor.registered_games()


CONFIGS = [
    pytest.param(name, options, id=config_id(name, options))
    for name in GAMES
    for options in spec_for(name).configurations()
]
"""Every (game, load_game options) the games declare: player counts, modules, options."""
SOAK = bool(os.environ.get("SOAK"))
# Seeds per check: a game's first configuration (its default) plays the most; every other
# configuration (more players, modules, options) plays fewer in `make test`, so the suite
# stays within its time as games add configurations; `make soak` (SOAK=1) plays more.
FAST_SEEDS = range(30)
FAST_SEEDS_OTHER = range(30) if SOAK else range(8)
HOUSE_RULE_SEEDS = range(4) if SOAK else range(2)
HOUSE_RULE_SEEDS_OTHER = range(4) if SOAK else range(1)
VIEW_SEEDS = range(12) if SOAK else range(4)
VIEW_SEEDS_OTHER = range(12) if SOAK else range(1)


def seeded_configs(first: range, other: range) -> list[Any]:
    """``(name, options, seed)`` params: ``first`` seeds for each game's default
    configuration, ``other`` seeds for each of its other configurations."""
    return [
        pytest.param(name, options, seed, id=f"{config_id(name, options)}-{seed}")
        for name in GAMES
        for i, options in enumerate(spec_for(name).configurations())
        for seed in (first if i == 0 else other)
    ]


def is_default_configuration(name: str, options: dict[str, Any]) -> bool:
    """Whether ``options`` is the first configuration ``name``'s spec declares."""
    return options == spec_for(name).configurations()[0]


SLOW_SEEDS = range(30, 1030)
MAX_STEPS = 5_000
"""No game in the catalogue needs anywhere near this many actions to end."""


def policy_seed(seed: int) -> int:
    """The seed of the random policy that plays game ``seed`` (distinct from the game's)."""
    return 7919 * seed + 17


def choose(state: State, rng: Rng) -> Action:
    """A uniformly random player choice, or a chance outcome drawn with its probability."""
    if state.decision.kind == "chance":
        return state.sample_chance(rng)
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


def walk(state: State, rng: Rng, max_steps: int = MAX_STEPS) -> Iterator[Action]:
    """Play ``state`` to the end with :func:`choose`, yielding each action after applying it.

    Raises:
        AssertionError: if the game has not ended after ``max_steps`` actions.
    """
    for _ in range(max_steps):
        if state.is_terminal():
            return
        action = choose(state, rng)
        state.apply(action)
        yield action
    raise AssertionError(f"the game did not end within {max_steps} actions")


def context(state: State, note: str) -> str:
    """A failure message with the last trace lines, so a broken step can be read."""
    tail = "\n    ".join(str(e) for e in state.trace[-8:])
    return f"{note}\n  at step {state.steps}, decision {state.decision}\n  last trace:\n    {tail}"


def check_decision(game: Game, state: State) -> list[str]:
    """The generic per-step rules of the State API, as a list of problems."""
    problems: list[str] = []
    decision = state.decision
    legal = state.legal_actions()
    if decision.kind not in ("choice", "chance", "terminal"):
        return [f"unknown decision kind {decision.kind!r}"]
    if decision.rule not in game.rulebook:
        problems.append(f"the decision cites {decision.rule!r}, which is not in the rulebook")
    if decision.kind == "terminal":
        if legal:
            problems.append("a terminal state offers legal actions")
        if state.outcome() is None:
            problems.append("a terminal state has no outcome")
        if len(state.returns()) != game.num_players:
            problems.append(f"returns() has {len(state.returns())} entries")
        return problems
    if not legal:
        problems.append(f"a {decision.kind} step offers no legal action")
    if legal != sorted(legal):
        problems.append("legal actions are not sorted")
    if len(set(legal)) != len(legal):
        problems.append("legal actions repeat an action")
    for action in legal:
        verdict = state.check(action)
        if not verdict.ok:
            problems.append(f"legal action {action} fails check(): {verdict.reason}")
    if decision.kind == "chance":
        outcomes = state.chance_outcomes()
        total = math.fsum(p for _, p in outcomes)
        if not math.isclose(total, 1.0, abs_tol=1e-9):
            problems.append(f"chance outcome probabilities sum to {total}")
        if any(p <= 0 for _, p in outcomes):
            problems.append("a chance outcome has a probability of zero or less")
        if [a for a, _ in outcomes] != legal:
            problems.append("chance outcomes and legal actions differ")
        if any(a.player != CHANCE for a in legal):
            problems.append("a chance outcome is not owned by CHANCE")
    else:
        if decision.player not in range(game.num_players):
            problems.append(f"the deciding player {decision.player} is not a player")
        if any(a.player != decision.player for a in legal):
            problems.append("a legal action belongs to someone other than the deciding player")
        if any(not a.label for a in legal):
            problems.append("a legal action has no label")
        if state.chance_outcomes():
            problems.append("chance outcomes are offered at a player's decision")
    return problems


def unknown_rules(game: Game, entries: Any) -> list[str]:
    return [
        f"trace cites unknown rule {e.rule!r}: {e.text}"
        for e in entries
        if e.rule not in game.rulebook
    ]


def checked_playout(game: Game, seed: int) -> State:
    """Play one seeded game with every per-step check; return the final state."""
    state = game.new_state(seed=seed)
    problems = unknown_rules(game, state.trace) + game.check_invariants(state)
    assert not problems, context(state, f"after setup: {problems}")
    rng = Rng(policy_seed(seed))
    for _ in range(MAX_STEPS):
        problems = check_decision(game, state)
        assert not problems, context(state, f"seed {seed}: {problems}")
        if state.is_terminal():
            return state
        before = state.clone()
        start = len(state.trace)
        action = choose(state, rng)
        produced = state.apply(action)
        problems = game.check_invariants(state, before)
        if produced != state.trace[start:]:
            problems.append("apply() did not return the trace entries it wrote")
        problems += unknown_rules(game, produced)
        assert not problems, context(state, f"seed {seed}, after {action}: {problems}")
    raise AssertionError(context(state, f"seed {seed}: no end within {MAX_STEPS} actions"))


def house_rule_variants(name: str) -> list[dict[str, str]]:
    """Every switchable house rule of a game, one ruling at a time (the defaults first)."""
    book = tutor.load_game(name).rulebook
    variants: list[dict[str, str]] = [{}]
    for rid, ruling in sorted(book.rulings.items()):
        if ruling.engine_option:
            variants += [{rid: opt} for opt in ruling.options if opt != ruling.default]
    return variants


def fingerprint(state: State) -> str:
    """The whole state as canonical JSON (a deep snapshot that later changes cannot touch)."""
    return json.dumps(state.to_dict(), sort_keys=True)


def without_trace(state: State) -> dict[str, Any]:
    data = json.loads(json.dumps(state.to_dict()))
    data.pop("trace", None)
    data.pop("tracing", None)
    return data


# ---------------------------------------------------------------------------------------
# Random playouts with every per-step check
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options", "seed"), seeded_configs(FAST_SEEDS, FAST_SEEDS_OTHER))
def test_random_playout_keeps_every_invariant(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tutor.load_game(name, **options)
    final = checked_playout(game, seed)
    assert final.is_terminal()
    assert final.outcome() is not None


def with_rulings(options: dict[str, Any], rulings: dict[str, str]) -> dict[str, Any]:
    """``options`` with the house rules ``rulings`` switched on as well."""
    return {**options, "rulings": {**options.get("rulings", {}), **rulings}}


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_random_playouts_under_each_house_rule(name: str, options: dict[str, Any]) -> None:
    for rulings in house_rule_variants(name)[1:]:
        game = tutor.load_game(name, **with_rulings(options, rulings))
        seeds = (
            HOUSE_RULE_SEEDS if is_default_configuration(name, options) else HOUSE_RULE_SEEDS_OTHER
        )
        for seed in seeds:  # every reading is played; `make soak` plays 100 each
            checked_playout(game, seed)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SOAK"), reason="soak test: run with `make soak`")
@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_many_random_playouts(name: str, options: dict[str, Any]) -> None:
    for rulings in house_rule_variants(name):
        game = tutor.load_game(name, **with_rulings(options, rulings))
        seeds = SLOW_SEEDS if not rulings else range(100)
        for seed in seeds:
            checked_playout(game, seed)


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_invariant_hook_accepts_a_fresh_state(name: str, options: dict[str, Any]) -> None:
    game = tutor.load_game(name, **options)
    state = game.new_state(seed=0)
    assert game.check_invariants(state) == []
    assert unknown_rules(game, state.trace) == []


# ---------------------------------------------------------------------------------------
# Determinism and tracing
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), CONFIGS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_same_seed_gives_the_same_game(name: str, options: dict[str, Any], seed: int) -> None:
    game = tutor.load_game(name, **options)
    runs = []
    for _ in range(2):
        state = game.new_state(seed=seed)
        actions = list(walk(state, Rng(policy_seed(seed))))
        runs.append((actions, [str(e) for e in state.trace], fingerprint(state)))
    assert runs[0][0] == runs[1][0]
    assert runs[0][1] == runs[1][1]
    assert runs[0][2] == runs[1][2]


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_different_seeds_give_different_games(name: str, options: dict[str, Any]) -> None:
    game = tutor.load_game(name, **options)
    traces = set()
    for seed in range(5):
        state = game.new_state(seed=seed)
        random_playout(state, Rng(policy_seed(seed)))
        traces.add(tuple(str(e) for e in state.trace))
    assert len(traces) == 5


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_a_games_own_random_playout_loop_makes_the_generic_loops_draws(
    name: str, options: dict[str, Any]
) -> None:
    # random_playout() runs State._random_playout, which a game may speed up; it must
    # make exactly the choices and chance draws of the generic loop.
    game = tutor.load_game(name, **options)
    for seed in range(8):
        for tracing in (False, True):
            own = game.new_state(seed=seed, tracing=tracing)
            random_playout(own, Rng(policy_seed(seed)))
            generic = game.new_state(seed=seed, tracing=tracing)
            State._random_playout(generic, Rng(policy_seed(seed)), MAX_STEPS)
            assert own.is_terminal()
            assert fingerprint(own) == fingerprint(generic), f"seed {seed}"


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_play_out_counting_loop_makes_the_fast_loops_draws(
    name: str, options: dict[str, Any]
) -> None:
    # State.play_out runs the game's fast loop unless asked to watch or count; the
    # instrumented loop (here forced by ``observe``) must play the very same game and
    # count what it met.
    game = tutor.load_game(name, **options)
    for seed in range(6):
        fast = game.new_state(seed=seed, tracing=False)
        quick = fast.play_out(Rng(policy_seed(seed)), MAX_STEPS)
        watched = game.new_state(seed=seed, tracing=False)
        seen: list[int] = []
        stats = watched.play_out(
            Rng(policy_seed(seed)), MAX_STEPS, observe=lambda s, seen=seen: seen.append(s.steps)
        )
        assert fingerprint(fast) == fingerprint(watched), f"seed {seed}"
        assert quick.finished and stats.finished and not stats.cut
        assert quick.steps == stats.steps == watched.steps > 0
        assert quick.decisions is None  # the fast loop counts nothing
        assert stats.decisions == len(seen) > 0
        assert stats.options is not None and stats.options >= stats.decisions
        assert stats.first_player is not None and 0 <= stats.first_player < game.num_players


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_play_out_with_a_turn_limit_alone_plays_the_counting_loops_game(
    name: str, options: dict[str, Any]
) -> None:
    # With only max_turns, play_out draws the same random choices without counting.
    game = tutor.load_game(name, **options)
    for seed in range(3):
        lean = game.new_state(seed=seed, tracing=False)
        quick = lean.play_out(Rng(policy_seed(seed)), MAX_STEPS, max_turns=3)
        counted = game.new_state(seed=seed, tracing=False)
        stats = counted.play_out(
            Rng(policy_seed(seed)), MAX_STEPS, max_turns=3, observe=lambda s: None
        )
        assert fingerprint(lean) == fingerprint(counted), f"seed {seed}"
        assert (quick.finished, quick.cut, quick.steps) == (
            stats.finished,
            stats.cut,
            stats.steps,
        )
        assert quick.decisions is None and stats.decisions is not None


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_play_out_with_bots_asks_them_only_about_real_choices(
    name: str, options: dict[str, Any]
) -> None:
    game = tutor.load_game(name, **options)
    asked: list[int] = []

    def first_choice(state: State, legal: Any, rng: Rng) -> Action:
        assert len(legal) > 1 and state.legal_actions() == list(legal)
        asked.append(legal[0].player)
        return legal[0]

    bots = [first_choice] + [None] * (game.num_players - 1)
    state = game.new_state(seed=3, tracing=False)
    stats = state.play_out(Rng(5), MAX_STEPS, bots)
    assert stats.finished and state.is_terminal()
    assert set(asked) <= {0}
    assert stats.decisions is not None and stats.decisions >= len(asked)
    with pytest.raises(ValueError, match="policies"):
        game.new_state(seed=3).play_out(Rng(5), MAX_STEPS, [None] * (game.num_players + 1))


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_play_out_without_counting_options_plays_the_same_game(
    name: str, options: dict[str, Any]
) -> None:
    # count_options=False lists the legal actions only when a bot reads them and finds
    # forced choices with forced_action(); the game, its draws and the decisions met
    # must be those of the counting loop, for random seats and for a bot that reads.
    game = tutor.load_game(name, **options)
    read: list[list[Action]] = [[], []]

    def last_choice(run: int) -> Any:
        def choose(state: State, legal: Any, rng: Rng) -> Action:
            assert len(legal) > 1 and list(legal) == state.legal_actions()
            read[run].append(legal[-1])
            return legal[-1]

        return choose

    finals = []
    for run, count in enumerate((True, False)):
        bots = [last_choice(run)] + [None] * (game.num_players - 1)
        state = game.new_state(seed=4, tracing=False)
        stats = state.play_out(Rng(8), MAX_STEPS, bots, count_options=count)
        assert stats.finished and (stats.options is None) == (not count)
        finals.append((state.to_dict(), stats.steps, stats.decisions, stats.first_player))
    assert finals[0] == finals[1]
    assert read[0] == read[1]


@pytest.mark.parametrize(("name", "options", "seed"), seeded_configs(range(3), range(1)))
def test_forced_action_is_the_only_legal_action(
    name: str, options: dict[str, Any], seed: int
) -> None:
    # A game may answer forced_action() without listing every action; it must agree
    # with the listing at every decision of a random game.
    game = tutor.load_game(name, **options)
    state = game.new_state(seed=seed, tracing=False)
    rng = Rng(policy_seed(seed))
    for _ in range(MAX_STEPS):
        kind = state.decision_kind()
        if kind == "terminal":
            break
        if kind == "chance":
            state.apply_legal(state.sample_chance(rng))
            continue
        forced = state.forced_action()
        legal = state.legal_actions()
        assert forced == (legal[0] if len(legal) == 1 else None), state.turn_number
        state.apply_legal(state.random_action(rng))


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_play_out_stops_after_max_turns_or_at_the_step_limit(
    name: str, options: dict[str, Any]
) -> None:
    game = tutor.load_game(name, **options)
    state = game.new_state(seed=2, tracing=False)
    start_turn = state.turn_number
    stats = state.play_out(Rng(9), MAX_STEPS, max_turns=0)
    if stats.cut:
        assert not stats.finished and not state.is_terminal()
        assert state.turn_number == start_turn + 1
    else:  # a game that ends within its first turn
        assert stats.finished and state.is_terminal()
    short = game.new_state(seed=2, tracing=False)
    with pytest.raises(StepLimitReached) as limit:
        short.play_out(Rng(9), 1, [None] * game.num_players)
    assert limit.value.stats is not None and limit.value.stats.steps == 1 == short.steps


@pytest.mark.parametrize(("name", "options"), CONFIGS)
@pytest.mark.parametrize("seed", range(10))
def test_tracing_off_plays_exactly_the_same_game(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tutor.load_game(name, **options)
    traced = game.new_state(seed=seed, tracing=True)
    silent = game.new_state(seed=seed, tracing=False)
    assert traced.tracing and not silent.tracing
    traced_actions = list(walk(traced, Rng(policy_seed(seed))))
    silent_actions = list(walk(silent, Rng(policy_seed(seed))))
    assert traced_actions == silent_actions
    assert silent.trace == []
    assert len(traced.trace) > len(traced_actions)
    assert traced.outcome() == silent.outcome()
    assert traced.returns() == silent.returns()
    assert without_trace(traced) == without_trace(silent)


# ---------------------------------------------------------------------------------------
# clone() and the JSON round trip
# ---------------------------------------------------------------------------------------
def sample_points(game: Game, seed: int, every: int, at_most: int | None = None) -> Iterator[State]:
    """States along a seeded random game: the start, every ``every`` actions, the end.

    With ``at_most``, a long game is sampled more sparsely (the same game is played
    once first to learn its length), so about ``at_most`` points lie between the ends.
    """
    if at_most is not None:
        quick = game.new_state(seed=seed, tracing=False)  # the same game, untraced
        length = sum(1 for _ in walk(quick, Rng(policy_seed(seed))))
        every = max(every, -(-length // at_most))
    state = game.new_state(seed=seed)
    yield state
    for i, _ in enumerate(walk(state, Rng(policy_seed(seed))), 1):
        if i % every == 0 or state.is_terminal():
            yield state


CLONE_PLAY = 120
"""Steps a clone plays on in the test below (a 200-move Mentis game would otherwise be
replayed to its end from each of its forty sample points)."""
CLONE_POINTS = 16
"""The clone and JSON round-trip tests sample at most about this many points of a game."""


@pytest.mark.parametrize(("name", "options"), CONFIGS)
@pytest.mark.parametrize("seed", range(3))
def test_clone_is_equal_and_independent(name: str, options: dict[str, Any], seed: int) -> None:
    game = tutor.load_game(name, **options)
    checked = 0
    for state in sample_points(game, seed, every=9, at_most=CLONE_POINTS):
        copy = state.clone()
        assert copy == state
        assert fingerprint(copy) == fingerprint(state)
        original = fingerprint(state)
        # Play the copy on with its own choices (to the end, or CLONE_PLAY steps: later
        # sample points cover the rest of a long game): the original must not move.
        for _ in zip(range(CLONE_PLAY), walk(copy, Rng(seed + 1)), strict=False):
            pass
        assert fingerprint(state) == original, "playing a clone changed the original"
        # And the other way round: a fresh clone survives a step of the original.
        if not state.is_terminal():
            frozen = state.clone()
            snapshot = fingerprint(frozen)
            probe = state.clone()
            probe.apply(choose(probe, Rng(seed)))
            assert fingerprint(frozen) == snapshot
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("name", "options"), CONFIGS)
@pytest.mark.parametrize("seed", range(3))
def test_json_round_trip_is_exact_and_plays_on_identically(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tutor.load_game(name, **options)
    checked = 0
    for state in sample_points(game, seed, every=11, at_most=CLONE_POINTS):
        text = json.dumps(state.to_dict())
        loaded = game.state_from_dict(json.loads(text))
        assert loaded == state
        assert json.dumps(loaded.to_dict()) == text
        assert loaded.decision == state.decision
        assert loaded.legal_actions() == state.legal_actions()
        assert [a.label for a in loaded.legal_actions()] == [a.label for a in state.legal_actions()]
        # Both continue with the same choices (and the saved RNG) to the same end.
        a, b = state.clone(), loaded
        actions_a = list(walk(a, Rng(seed + 5)))
        actions_b = list(walk(b, Rng(seed + 5)))
        assert actions_a == actions_b
        assert a == b
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_to_dict_is_a_snapshot(name: str, options: dict[str, Any]) -> None:
    """A saved dict does not follow the state as play goes on (nor the other way round)."""
    game = tutor.load_game(name, **options)
    state = game.new_state(seed=2)
    rng = Rng(3)
    for _ in range(12):
        saved = state.to_dict()
        frozen = json.dumps(saved, sort_keys=True)
        state.apply(choose(state, rng))
        assert json.dumps(saved, sort_keys=True) == frozen
        before = fingerprint(state)
        for value in state.to_dict().values():
            if isinstance(value, list):
                if value and isinstance(value[0], list):
                    value[0].append("junk")
                value.append("junk")
        assert fingerprint(state) == before


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_state_rng_is_saved_with_the_state(name: str, options: dict[str, Any]) -> None:
    """Chance steps sampled with the state's own RNG continue identically after a reload."""
    game = tutor.load_game(name, **options)
    state = game.new_state(seed=3)
    moves = Rng(4)
    for _ in range(20):
        if state.is_terminal():
            break
        if state.decision.kind == "chance":
            state.apply(state.sample_chance())
        else:
            state.apply(choose(state, moves))
    loaded = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    for s in (state, loaded):
        chooser = Rng(9)
        while not s.is_terminal():
            s.apply(s.sample_chance() if s.decision.kind == "chance" else choose(s, chooser))
    assert loaded == state


# ---------------------------------------------------------------------------------------
# Hidden information
# ---------------------------------------------------------------------------------------
def hidden_text_leaks(state: State, view: dict[str, Any], player: int) -> list[str]:
    """Private trace texts that ``player`` may not read but that they are shown.

    Checks ``trace_for(player)`` and, when the view carries the trace, the view's copy.
    Lines are counted, not just looked up: the same sentence can be public once and
    private another time (Take Cover preventing a seen event, then an unseen one), so a
    private line only counts as leaked when the player is shown it more often than the
    entries they may read carry it.
    """
    allowed: Counter[str] = Counter()
    for entry in state.trace:
        if entry.visible_to is None or player in entry.visible_to:
            allowed[f"[{entry.rule}] {entry.text}"] += 1
        elif entry.public_text:
            allowed[f"[{entry.public_rule or entry.rule}] {entry.public_text}"] += 1
    leaks: list[str] = []
    for shown in (state.trace_for(player), view.get("trace", [])):
        extra = Counter(shown) - allowed
        for entry in state.trace:
            hidden = entry.visible_to is not None and player not in entry.visible_to
            if hidden and entry.text != entry.public_text:
                line = f"[{entry.rule}] {entry.text}"
                if extra[line] > 0 and line not in leaks:
                    leaks.append(line)
    return leaks


def shown_to(game: Game, state: State, player: int, since: int) -> dict[str, Any]:
    """Everything the tools show ``player`` at ``state``, as the tools render it.

    The view without its trace, the text trace and the HTML trace from entry ``since``
    on (each line with the rule cited to that player: earlier entries are shared),
    the explanation of the last entry they are shown with the pending decision under it
    (as the tutorial player shows it), the decision record, and the labels of the choices they
    may see (none unless they decide).  Two states that differ only in what ``player``
    may not see must give equal records: any difference is a leak.
    """
    from tutor.core.visibility import last_shown
    from tutor.render.html import explanation_html, trace_html
    from tutor.render.text import trace_text

    decision = state.decision_for(player)
    last = last_shown(state.trace, player)
    tail = state.trace[since:]
    return {
        "view": public_view(state, player),
        "text trace": trace_text(tail, player),
        "HTML trace": trace_html(tail, game.rulebook, player),
        "explanation": explanation_html(last, game.rulebook, player, waiting=decision.prompt),
        "decision": decision,
        "choices": [a.label for a in state.choices_for(player)],
    }


def leaks_between(game: Game, state: State, variant: State, player: int, since: int) -> list[str]:
    """The parts of what ``player`` is shown that differ between two states."""
    base = shown_to(game, state, player, since)
    other = shown_to(game, variant, player, since)
    return [key for key in base if base[key] != other[key]]


def public_view(state: State, player: int) -> dict[str, Any]:
    """``view(player)`` without its copy of the trace: the position as they see it."""
    view = state.view(player)
    view.pop("trace", None)
    return view


Shadow = tuple[str, int, State, int, int]
"""A hidden variant played on: (what differs, viewer, state, actions played, trace start)."""


def first_told_difference(state: State, shadow: State, player: int, since: int) -> str | None:
    """Compare what ``player`` is shown of the two traces from entry ``since`` on.

    Returns ``None`` when they agree, ``"cited as ..."`` when the first difference is the
    same sentence under another rule (always a leak), ``"came to light"`` when it is
    an entry that shows ``player`` a change of the game (a card turned face up, a road
    revealed: the hidden difference legitimately became known, so later entries may
    differ too), or the two differing lines when the first difference is commentary
    (no change shown): something the trace told that the game did not show.
    """
    from tutor.core.visibility import shown_entries

    mine = shown_entries(state.trace[since:], player)
    theirs = shown_entries(shadow.trace[since:], player)
    for k in range(max(len(mine), len(theirs))):
        a = mine[k] if k < len(mine) else None
        b = theirs[k] if k < len(theirs) else None
        if (
            a is not None
            and b is not None
            and (a.line(), a.kind, a.actor)
            == (
                b.line(),
                b.kind,
                b.actor,
            )
        ):
            continue
        if a is not None and b is not None and a.text == b.text and a.rule != b.rule:
            # The same sentence cited by different rules: the citation alone tells.
            return f"cited as {a.rule} / as {b.rule}: {a.text}"
        if (a is not None and a.changes) or (b is not None and b.changes):
            return "came to light"
        return f"{a.line() if a else '(nothing)'} / {b.line() if b else '(nothing)'}"
    return None


def step_shadows(game: Game, state: State, action: Action, shadows: list[Shadow]) -> list[Shadow]:
    """Play ``action`` (just applied to ``state``) in each shadow; return those still alive.

    A shadow is a hidden variant of an earlier point, played on with the same actions.
    It retires when the action is not legal in it (the hidden difference changed what
    could be done) or when the difference comes to light, as it may: the position its
    viewer sees parts from the real one, or the trace shows them a change that differs
    (a card revealed, an event's effects).  Until then the viewer must be shown the same
    trace lines and citations, text and HTML, the same decision record and the same
    choices in both: a difference is something the tools told that the game did not show.
    """
    alive = []
    for what, p, shadow, age, since in shadows:
        if age >= SHADOW_STEPS or not shadow.check(action).ok:
            continue
        shadow.apply(action)
        told = first_told_difference(state, shadow, p, since)
        assert told is None or not told.startswith("cited as"), context(
            state, f"player {p}'s trace cites a different rule when only {what} changed: {told}"
        )
        if told == "came to light" or public_view(shadow, p) != public_view(state, p):
            continue
        assert told is None, context(
            state,
            f"player {p}'s trace differs when only {what} changed {age + 1} actions "
            f"earlier: {told}",
        )
        leaks = leaks_between(game, state, shadow, p, since)
        assert not leaks, context(
            state,
            f"player {p} is shown a different {', '.join(leaks)} when only {what} "
            f"changed {age + 1} actions earlier",
        )
        alive.append((what, p, shadow, age + 1, since))
    return alive


SHADOW_EVERY = 10
"""Hidden variants are followed as shadows from every SHADOW_EVERY-th point of a game."""
SHADOW_STEPS = 40 if SOAK else 24
"""A shadow is followed for at most this many actions (``make soak``: 40)."""


def check_views(game: Game, state: State, seen: dict[str, int]) -> None:
    """Every hidden-information promise at one state, for every player.

    ``seen`` counts the kinds of hidden variants met so far; the first variant of each
    kind is also checked to really differ from the state (a cheap sanity check).
    """
    for p in range(game.num_players):
        base = state.view(p)
        assert base["viewer"] == p
        leaks = hidden_text_leaks(state, base, p)
        assert not leaks, context(state, f"view({p}) shows private text: {leaks}")
        if not state.is_terminal():
            for q, other in enumerate(base.get("players", [])):
                if q != p:
                    assert other.get("role") is None, context(state, f"view({p}) shows a role")
        legal_labels = None
        if state.decision.player == p:
            legal_labels = [a.label for a in state.legal_actions()]
        elif state.choices_for(p):
            raise AssertionError(context(state, f"player {p} is shown another's choices"))
        for what, variant in game.hidden_variants(state, p):
            kind = what.split(" at position")[0]
            if kind not in seen:
                assert variant != state, f"variant '{what}' changes nothing"
            seen[kind] = seen.get(kind, 0) + 1
            assert game.check_invariants(variant) == [], f"variant '{what}' is not a valid state"
            assert variant.view(p) == base, context(
                state, f"view({p}) changes when only {what} changes"
            )
            if legal_labels is not None:
                assert [a.label for a in variant.legal_actions()] == legal_labels, context(
                    state, f"player {p}'s choices reveal {what}"
                )
            assert variant.trace == state.trace, f"variant '{what}' rewrote the trace"
            leaks = leaks_between(game, state, variant, p, len(state.trace) - 1)
            assert not leaks, context(
                state,
                f"player {p} is shown a different {', '.join(leaks)} when only {what} changes",
            )


@pytest.mark.parametrize(("name", "options", "seed"), seeded_configs(VIEW_SEEDS, VIEW_SEEDS_OTHER))
def test_views_never_depend_on_what_the_viewer_cannot_see(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = tutor.load_game(name, **options)
    seen: dict[str, int] = {}
    state = game.new_state(seed=seed)
    check_views(game, state, seen)
    shadows: list[Shadow] = []
    followed = 0
    for i, action in enumerate(walk(state, Rng(policy_seed(seed))), 1):
        check_views(game, state, seen)
        shadows = step_shadows(game, state, action, shadows)
        followed = max([followed] + [shadow[3] for shadow in shadows])
        if i % SHADOW_EVERY == 0 and not state.is_terminal():
            start = len(state.trace)
            for p in range(game.num_players):
                shadows += [(what, p, v, 0, start) for what, v in game.hidden_variants(state, p)]
    if not seen:
        pytest.skip(f"{name} declares no hidden information (Game.hidden_variants)")
    assert followed >= 3, "no hidden variant could be played on for even three actions"
    # The game is over: hidden roles and the like may now be shown to everyone.
    outcome = state.outcome()
    assert outcome is not None and state.view(0)["outcome"] == outcome.to_dict()


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_views_are_plain_json(name: str, options: dict[str, Any]) -> None:
    game = tutor.load_game(name, **options)
    state = game.new_state(seed=5)
    for _ in walk(state, Rng(6)):
        for viewer in [None, *range(game.num_players)]:
            view = state.view(viewer)
            assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize(("name", "options"), CONFIGS)
@pytest.mark.parametrize("seed", range(3))
def test_determinize_depends_only_on_the_view(
    name: str, options: dict[str, Any], seed: int
) -> None:
    """A game with hidden information samples worlds a bot cannot tell from the real one.

    The sampled world keeps the player's own view (trace aside: the world has none),
    is a valid state, and is the same for two states that differ only in what the
    player cannot see, so a bot planning in it cannot cheat.
    """
    spec = spec_for(name)
    game = tutor.load_game(name, **options)
    if spec.information == "perfect":
        assert game.hidden_variants(game.new_state(seed=seed), 0) == []
        pytest.skip(f"{name} has perfect information: nothing to determinize")
    checked = 0
    for state in sample_points(game, seed, every=3):
        if state.is_terminal():
            continue
        for p in range(game.num_players):
            world = game.determinize(state, p, Rng(seed + p))
            assert game.check_invariants(world) == [], context(state, f"world of {p} invalid")
            mine = {k: v for k, v in state.view(p).items() if k != "trace"}
            assert {k: v for k, v in world.view(p).items() if k != "trace"} == mine
            for what, variant in game.hidden_variants(state, p):
                again = game.determinize(variant, p, Rng(seed + p))
                assert again.to_dict() == world.to_dict(), context(
                    state, f"player {p}'s sampled world depends on {what}"
                )
                checked += 1
    assert checked > 0
