"""Garbage thrown at every game: refused with a typed verdict, and the state never changes.

DESIGN.md promises that ``State.check`` never raises and that ``State.apply`` raises
``IllegalActionError`` (with a reason, a rule and a ``Rejection`` code) and leaves the
state untouched when an action is illegal.  A tester found the compiled Mantis Falls
engine raising ``TypeError`` instead, for an ``Action`` whose fields had the wrong types
(a string where a number belongs), because the compiled code relies on those types.

This file plays random games of every registered game and, at random moments, throws
actions no player should be able to make: random kinds (real ones too) with random
arguments of any JSON-like type, labels, real actions of the wrong player or from
another moment of the game, a legal action with one argument retyped, and values that
are not actions at all.  For each it checks the verdict, the error and the state.  The
last test runs one garbage corpus through the compiled engine and through its Python
source and compares every verdict.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

import pytest
from engine_builds import run_with_build
from games.mantis_falls.mf_helpers import mf_state, skip_to_main_play
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.core import native
from tutor.core.errors import IllegalActionError
from tutor.core.game import State
from tutor.core.rng import Rng
from tutor.core.types import CHANCE, Action, Rejection

GAMES = tutor.registered_games()
MAX_STEPS = 600
"""Steps of a random game before the property stops playing (the garbage is thrown early)."""

# ---------------------------------------------------------------------- strategies
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=60)
    | st.integers()  # huge ones too
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
)
json_ish = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(st.text(max_size=3), inner, max_size=2)
    ),
    max_leaves=6,
)
"""Any value a JSON file, a widget or a careless caller could hand over as an argument."""

garbage_specs = st.one_of(
    # A random kind (or a real one, picked when thrown) with random everything.
    st.tuples(
        st.just("random"),
        st.one_of(st.integers(min_value=-2, max_value=3), json_ish),
        st.one_of(st.none(), st.text(max_size=8), json_ish),
        st.one_of(st.lists(json_ish, max_size=3).map(tuple), json_ish),
        st.one_of(st.text(max_size=10), json_ish),
        st.integers(min_value=0, max_value=1000),
    ),
    # A legal action with another player's number.
    st.tuples(st.just("wrong_player"), st.integers(min_value=0, max_value=1000)),
    # An action that was legal at another moment of this game.
    st.tuples(st.just("past"), st.integers(min_value=0, max_value=10_000)),
    # A legal action with one argument replaced by a value of another type.
    st.tuples(st.just("retyped"), st.integers(min_value=0, max_value=1000), json_ish),
    # Not an action at all.
    st.tuples(st.just("raw"), json_ish),
)


def make_garbage(spec: tuple[Any, ...], state: State, seen: list[Action]) -> Any:
    """Turn a drawn spec into a concrete value to throw at ``state`` now.

    ``seen`` is every action that was legal earlier in the game (the pool for "past").
    """
    legal = state.legal_actions() if state.decision.kind == "choice" else []
    if state.decision.kind == "chance":
        legal = [a for a, _ in state.chance_outcomes()]
    kinds = sorted({a.kind for a in seen})
    what = spec[0]
    if what == "random":
        _, player, kind, args, label, pick = spec
        if kind is None and kinds:
            kind = kinds[pick % len(kinds)]
        return Action(player, kind, args, label)
    if what == "wrong_player" and legal:
        real = legal[spec[1] % len(legal)]
        n = state.game.num_players
        others = [q for q in (*range(n), CHANCE) if q != real.player]
        return Action(others[spec[1] % len(others)], real.kind, real.args, real.label)
    if what == "past" and seen:
        return seen[spec[1] % len(seen)]
    if what == "retyped" and legal:
        real = legal[spec[1] % len(legal)]
        if real.args:
            i = spec[1] % len(real.args)
            args = real.args[:i] + (spec[2],) + real.args[i + 1 :]
            return Action(real.player, real.kind, args, real.label)
        return Action(real.player, real.kind, (spec[2],), real.label)
    if what == "raw":
        return spec[1]
    return Action(0, "no such kind", ())


# ---------------------------------------------------------------------- the checks
def snapshot(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def same_form(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_form(x, y) for x, y in zip(a, b, strict=True))
    return True


def throw(state: State, value: Any) -> None:
    """Throw ``value`` at ``state`` and check everything the API promises about it."""
    before, trace_len = snapshot(state), len(state.trace)
    verdict = state.check(value)  # must not raise, whatever the value
    assert snapshot(state) == before, f"check({value!r}) changed the state"
    if verdict.ok:
        # Only a legal action, or the same choice named another way (another copy of a
        # card), is accepted; and it must do exactly what that legal action does.
        assert isinstance(value, Action), f"check accepted {value!r}"
        if state.decision.kind == "chance":
            legal = [a for a, _ in state.chance_outcomes()]
        else:
            legal = state.legal_actions()
        candidates = [
            a
            for a in legal
            if a == value
            or (a.player == value.player and a.kind == value.kind and same_form(a.args, value.args))
        ]
        assert candidates, f"check accepted {value!r}, which has the form of no legal action"
        applied = state.clone()
        applied.apply(value)
        outcomes = set()
        for a in candidates:
            other = state.clone()
            other.apply(a)
            outcomes.add(snapshot(other))
        assert snapshot(applied) in outcomes, f"{value!r} did not act as a legal action"
        return
    assert verdict.code in set(Rejection) - {Rejection.NONE}, verdict
    assert verdict.reason, verdict
    assert verdict.rule is not None and verdict.rule in state.game.rulebook, verdict
    with pytest.raises(IllegalActionError) as caught:
        state.apply(value)
    error = caught.value
    assert (error.code, error.reason, error.rule) == (verdict.code, verdict.reason, verdict.rule)
    assert snapshot(state) == before, f"the refused {value!r} changed the state"
    assert len(state.trace) == trace_len


@pytest.mark.parametrize("name", GAMES)
# Each example plays up to MAX_STEPS steps and throws up to 24 actions: a third of the
# profile's examples (33 per game in `make test`, 3,333 in `make soak`).
@settings(max_examples=max(1, settings.default.max_examples // 3))
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    garbage=st.lists(garbage_specs, min_size=1, max_size=24),
    every=st.integers(min_value=1, max_value=40),
)
def test_garbage_is_refused_at_any_moment_and_changes_nothing(
    name: str, seed: int, garbage: list[tuple[Any, ...]], every: int
) -> None:
    state = tutor.load_game(name).new_state(seed=seed)
    rng = Rng(seed + 1)
    seen: list[Action] = []
    thrown = 0
    for step in range(MAX_STEPS):
        if thrown >= len(garbage):
            break
        if step % every == 0 or state.is_terminal():
            throw(state, make_garbage(garbage[thrown], state, seen))
            thrown += 1
            continue
        if state.decision.kind == "chance":
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            seen.extend(legal)
            action = legal[rng.below(len(legal))]
        state.apply(action)


# ---------------------------------------------------------------------- compiled vs source
CORPUS = textwrap.dedent(
    """
    import json, sys
    import tutor
    from tutor.core.errors import IllegalActionError
    from tutor.core.native import engine_status
    from tutor.core.rng import Rng
    from tutor.core.types import Action

    ODD = ["x", None, 1.5, float("nan"), 10**30, -(10**30), -1, 7, [1], {"a": 1}, True,
           (1, "x"), ("cond", 0, -1), "", 0]

    def corpus(state, seen, rng):
        legal = state.legal_actions()
        if state.decision.kind == "chance":
            legal = [a for a, _ in state.chance_outcomes()]
        kinds = sorted({a.kind for a in seen}) + ["no such kind"]
        out = [None, "pass", 3, ODD[rng.below(len(ODD))]]
        for _ in range(12):
            kind = kinds[rng.below(len(kinds))]
            player = [0, 1, -1, 2, "0", None, 1.0, True, 10**30][rng.below(9)]
            args = tuple(ODD[rng.below(len(ODD))] for _ in range(rng.below(4)))
            out.append(Action(player, kind, args))
        for real in legal[:4]:
            out.append(Action(1 - real.player if real.player in (0, 1) else 0,
                              real.kind, real.args))
            for odd in ODD:
                out.append(Action(real.player, real.kind, (odd,) + real.args[1:]))
            out.append(Action(real.player, real.kind, list(real.args)))
        if seen:
            out += [seen[rng.below(len(seen))] for _ in range(4)]
        return out

    def verdicts(name, seed):
        state = tutor.load_game(name).new_state(seed=seed)
        rng = Rng(seed + 1)
        seen, rows = [], []
        for step in range(400):
            if step % 9 == 0 or state.is_terminal():
                for value in corpus(state, seen, rng):
                    v = state.check(value)
                    try:
                        state.clone().apply(value)
                        error = ["applied"]
                    except IllegalActionError as exc:
                        error = ["IllegalActionError", exc.code, exc.reason, exc.rule, exc.detail]
                    except Exception as exc:
                        error = [type(exc).__name__, str(exc)]
                    rows.append([step, repr(value), v.ok, v.code, v.reason, v.rule, v.detail,
                                 error])
                if state.is_terminal():
                    break
            if state.decision.kind == "chance":
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                seen.extend(legal)
                state.apply(legal[rng.below(len(legal))])
        return rows

    rows = {name: [verdicts(name, seed) for seed in range(int(sys.argv[1]))]
            for name in tutor.registered_games()}
    print(json.dumps({"status": engine_status(), "rows": rows}))
    """
)


def corpus_verdicts(pure: bool, games: int) -> dict[str, Any]:
    return run_with_build(CORPUS, str(games), pure=pure)


def test_the_compiled_engine_and_its_source_refuse_garbage_alike() -> None:
    for name in GAMES:
        tutor.load_game(name)  # imports each engine, so engine_status knows them all
    compiled_engines = [m for m, s in native.engine_status().items() if s == "compiled"]
    if not compiled_engines:
        pytest.skip(
            "no compiled engine build runs here (make install-test builds one), so there "
            f"is nothing to compare with the source: {native.engine_status()}"
        )
    compiled = corpus_verdicts(pure=False, games=3)
    source = corpus_verdicts(pure=True, games=3)
    for module in compiled_engines:
        assert compiled["status"][module] == "compiled"
        assert source["status"][module].startswith("source (")
    for name, games in compiled["rows"].items():
        for seed, rows in enumerate(games):
            assert rows, f"{name} seed {seed}: no garbage was thrown"
            for mine, theirs in zip(rows, source["rows"][name][seed], strict=True):
                assert mine == theirs, f"{name} seed {seed}: compiled {mine} != source {theirs}"
            errors = {row[-1][0] for row in rows}
            assert errors <= {"IllegalActionError", "applied"}, (name, seed, errors)
            assert "IllegalActionError" in errors


# ---------------------------------------------------------------------- the tester's cases
@pytest.mark.parametrize(
    ("player", "args", "code"),
    [
        (0, ("Medicine",), Rejection.NOT_AVAILABLE),  # a card name where a card id belongs
        (0, (10**30,), Rejection.NOT_AVAILABLE),  # a huge card id
        (0, (None,), Rejection.NOT_LEGAL),
        (0, (2.5,), Rejection.NOT_AVAILABLE),
        (0, ([3],), Rejection.MALFORMED),  # a list is no argument value
        (0, [3], Rejection.MALFORMED),  # args must be a tuple
        ("0", (3,), Rejection.MALFORMED),  # a player is a number
        (None, (3,), Rejection.MALFORMED),
        (True, (3,), Rejection.MALFORMED),
        (7, (3,), Rejection.MALFORMED),  # no player 7 in a two-player game
        (1, (3,), Rejection.WRONG_PLAYER),
    ],
)
def test_a_mistyped_play_at_jacks_main_play_is_refused_and_changes_nothing(
    player: Any, args: Any, code: Rejection
) -> None:
    # Jack (player 0) holds Medicine and Coffee and is about to choose his main play.
    setup = {"turn_player": 0, "event_deck_top": ["Drunk Brawler"]}
    state = mf_state(setup={**setup, "players": [{"hand": ["Medicine", "Coffee"]}, {}]})
    skip_to_main_play(state)
    assert state.decision.player == 0 and "play" in {a.kind for a in state.legal_actions()}
    before = snapshot(state)
    bad = Action(player, "play", args)
    verdict = state.check(bad)
    assert not verdict.ok and verdict.code == code and verdict.rule in state.game.rulebook
    with pytest.raises(IllegalActionError) as caught:
        state.apply(bad)
    assert (caught.value.code, caught.value.rule) == (code, verdict.rule)
    assert str(verdict.reason) in str(caught.value)
    assert snapshot(state) == before
