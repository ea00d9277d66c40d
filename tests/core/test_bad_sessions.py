"""Bad saved sessions never escape as a traceback, and what loads is a sound game.

A learner's saved session (``Session.save``, JSON) may be cut short by a crash, edited
by hand, or damaged on disk.  ``Session.load`` takes each one through the validation
door: the envelope, the game's options, the saved state (its schema, its stack of
pending steps, its invariants, a probe of what the tools ask of it), every action as
it is replayed, and the cursor.  These tests hand it the testers' examples one by
one, then generated ones (hypothesis): every failure must be a ``SessionFileError``
naming the file, the key path, what was expected and what was found; every file that
loads must give a game whose invariants hold, whose views and legal actions work, and
that plays on.  Saving refuses a folder, a missing folder or a place it cannot write
with a ``SaveError``, leaving no temporary file and the old file whole.
"""

from __future__ import annotations

import copy
import errno
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mutations import Tally, mangled_bytes, mutated
from mutations import json_values as any_json
from mutations import replace as replace_at
from mutations import write as write_file

import tutor
from tutor.core.errors import SaveError, SessionFileError
from tutor.core.rng import Rng
from tutor.core.session import Session

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "mantis_falls"


# ---------------------------------------------------------------------------------------
# Real saved sessions to damage
# ---------------------------------------------------------------------------------------
def play_on(session: Session, rng: Rng, decisions: int) -> None:
    """Make up to ``decisions`` random player choices through the session."""
    for _ in range(decisions):
        if session.state.is_terminal():
            return
        legal = session.state.legal_actions()
        session.play(legal[rng.below(len(legal))])


def mid_game(seed: int, steps: int, decisions: int) -> Session:
    """A session whose initial state is ``steps`` random actions into a seeded game."""
    state = tutor.load_game("mantis_falls").new_state(seed=seed)
    rng = Rng(seed + 100)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(state.sample_chance(rng) if state.decision.kind == "chance" else
                    legal[rng.below(len(legal))])  # fmt: skip
    while state.decision.kind == "chance":
        state.apply(state.sample_chance(rng))
    session = Session(state)
    session.advance_automatic()
    play_on(session, Rng(seed), decisions)
    return session


def saved_dict(session: Session) -> dict[str, Any]:
    return json.loads(json.dumps(session.to_dict()))


def _good_sessions() -> list[dict[str, Any]]:
    fresh = Session(tutor.load_game("mantis_falls").new_state(seed=4))
    play_on(fresh, Rng(3), 5)
    gasp = tutor.load_scenario(SCENARIOS / "last_gasp_medicine.yaml")
    in_gasp = Session(gasp.state.clone())  # initial state in the middle of a Last Gasp
    in_gasp.play("Add Medicine (Amber) to the Last Gasp play")
    both = tutor.load_scenario(SCENARIOS / "both_players_at_maximum.yaml")
    both.play("Jill makes a Last Gasp first")
    return [
        saved_dict(fresh),
        saved_dict(mid_game(seed=11, steps=40, decisions=6)),
        saved_dict(mid_game(seed=23, steps=90, decisions=4)),
        saved_dict(in_gasp),
        saved_dict(Session(both.state.clone())),
    ]


GOOD = _good_sessions()
BASE = GOOD[1]  # a mid-game session: a pick waits on top of the stack; actions; a trace
TOP = len(BASE["initial"]["stack"]) - 1


def write(folder: Path, content: str | bytes, name: str = "game.json") -> Path:
    return write_file(folder, content, name)


def assert_named(err: SessionFileError, source: str) -> None:
    """The refusal starts with the file's name and says where in the file."""
    assert str(err).startswith(f"{source}: "), str(err)
    assert err.where, f"no key path or position in {err}"


def changed(change: Callable[[dict[str, Any]], Any], base: dict[str, Any] = BASE) -> str:
    data = copy.deepcopy(base)
    change(data)
    return json.dumps(data, indent=1)


def refused(path: Path) -> SessionFileError:
    """Load ``path``, expecting a refusal naming the file and where in it."""
    with pytest.raises(SessionFileError) as info:
        Session.load(path)
    err = info.value
    assert str(err).startswith(f"{path}: at {err.where}: expected "), str(err)
    return err


def set_at(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def drop(*path: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return change


def top_frame(data: dict[str, Any]) -> list[Any]:
    frame: list[Any] = data["initial"]["stack"][-1]
    return frame


def _stack_pick_player(data: dict[str, Any]) -> None:
    top_frame(data)[1][0] = 5  # the context of the waiting pick names player 5


def _card_in_two_places(data: dict[str, Any]) -> None:
    initial = data["initial"]
    initial["hands"][0].append(initial["hands"][1][0])


def _gasping_without_a_frame(data: dict[str, Any]) -> None:
    data["initial"]["in_gasp"] = 1


# ---------------------------------------------------------------------------------------
# The testers' examples, one by one
# ---------------------------------------------------------------------------------------
NAMED: dict[str, tuple[Callable[[dict[str, Any]], Any], str, str, str]] = {
    # change: (edit, key path, words of what was expected, words of what was found)
    "card index 999": (
        set_at("initial", "hands", 0, 0, value=999),
        "initial.hands[0][0]",
        "an action card number from 0 to 59",
        "999",
    ),
    "position 99": (
        set_at("initial", "pos", 1, value=99),
        "initial.pos[1]",
        "a position on the road from 0 to 13",
        "99",
    ),
    "negative wounds": (
        set_at("initial", "wounds", 1, value=-2),
        "initial.wounds[1]",
        "wounds from 0 to the maximum (8)",
        "-2",
    ),
    "wounds above the maximum": (
        set_at("initial", "wounds", 0, value=9),
        "initial.wounds[0]",
        "wounds from 0 to the maximum",
        "9",
    ),
    "an int for a bool (dead)": (
        set_at("initial", "dead", 0, value=0),
        "initial.dead[0]",
        "true or false",
        "0",
    ),
    "an int for a bool (face up)": (
        set_at("initial", "face_up", 3, value=1),
        "initial.face_up[3]",
        "true or false",
        "1",
    ),
    "a bool for an int": (
        set_at("initial", "turn_player", value=True),
        "initial.turn_player",
        "a whole number",
        "True",
    ),
    "a huge number": (
        set_at("initial", "rng", value=2**80),
        "initial.rng",
        "2**64-1",
        str(2**80),
    ),
    "an unknown frame": (
        set_at("initial", "stack", 1, value=["teleport", 3]),
        "initial.stack[1][0]",
        "a frame name (turn, pick",
        "teleport",
    ),
    "a frame naming player 5": (
        _stack_pick_player,
        f"initial.stack[{TOP}][1][0]",
        "a player number from 0 to 1",
        "5",
    ),
    "a frame that is too short": (
        set_at("initial", "stack", 1, value=["pick"]),
        "initial.stack[1]",
        "a pick frame",
        "['pick']",
    ),
    "a card in two places": (
        _card_in_two_places,
        "initial",
        "a consistent position",
        "2 places",
    ),
    "gasping without a Last Gasp frame": (
        _gasping_without_a_frame,
        "initial",
        "a consistent position",
        "no Last Gasp frame",
    ),
    "a missing state key": (
        drop("initial", "wounds"),
        "initial",
        "keys",
        "no 'wounds'",
    ),
    "an unknown state key": (
        set_at("initial", "shoe_size", value=44),
        "initial",
        "only the keys",
        "'shoe_size'",
    ),
    "a trace entry of an unknown kind": (
        set_at("initial", "trace", 2, "kind", value="magic"),
        "initial.trace[2].kind",
        "one of 'action'",
        "'magic'",
    ),
    "a trace entry citing no rule": (
        set_at("initial", "trace", 0, "rule", value="mf.99.9"),
        "initial.trace[0].rule",
        "a rule id",
        "'mf.99.9'",
    ),
    "missing actions": (drop("actions"), "top level", "keys", "no 'actions'"),
    "missing initial": (drop("initial"), "top level", "keys", "no 'initial'"),
    "missing format": (drop("format"), "format", "'rules-tutor-session'", "no 'format'"),
    "wrong format": (set_at("format", value="chess-pgn"), "format", "session", "'chess-pgn'"),
    "wrong version": (set_at("version", value=2), "version", "1", "2"),
    "version true": (set_at("version", value=True), "version", "1", "True"),
    "unknown game": (set_at("game", value="snakes"), "game", "mantis_falls", "'snakes'"),
    "game not text": (set_at("game", value=7), "game", "text", "7"),
    "options not a mapping": (set_at("options", value=[1]), "options", "a mapping", "[1]"),
    "an unknown option": (
        set_at("options", value={"speed": 3}),
        "options",
        "only the keys",
        "speed",
    ),
    "an option of the wrong type": (
        set_at("options", value={"names": 5}),
        "options.names",
        "a list",
        "5",
    ),
    "four players": (set_at("options", value={"players": 4}), "options", "options", "not 4"),
    "an unknown ruling": (
        set_at("options", value={"rulings": {"no_such_ruling": "x"}}),
        "options",
        "options",
        "no_such_ruling",
    ),
    "an action that is not a mapping": (
        set_at("actions", 3, value="Fly"),
        "actions[3]",
        "a mapping",
        "'Fly'",
    ),
    "an action's args not a list": (
        set_at("actions", 3, "args", value="x"),
        "actions[3].args",
        "a list",
        "'x'",
    ),
    "an action's args holding a mapping": (
        set_at("actions", 3, "args", value=[{"a": 1}]),
        "actions[3].args[0]",
        "a whole number, text",
        "{'a': 1}",
    ),
    "an action's player true": (
        set_at("actions", 3, "player", value=True),
        "actions[3].player",
        "a player number",
        "True",
    ),
    "an action's kind missing": (
        drop("actions", 3, "kind"),
        "actions[3]",
        "'kind'",
        "no 'kind'",
    ),
    "an action with an unknown key": (
        set_at("actions", 3, "why", value="because"),
        "actions[3]",
        "only the keys",
        "'why'",
    ),
    "an action's automatic flag of 1": (
        set_at("actions", 3, "automatic", value=1),
        "actions[3].automatic",
        "true or false",
        "1",
    ),
    "an illegal action": (
        set_at("actions", 2, value={"player": 0, "kind": "teleport", "args": [13], "label": "Fly"}),
        "actions[2]",
        "legal at that point",
        "'Fly'",
    ),
    "an action for a card nobody holds": (
        set_at("actions", 0, "args", value=[999]),
        "actions[0]",
        "legal at that point",
        "not",
    ),
    "cursor out of range": (set_at("cursor", value=10**6), "cursor", "from 0 to", "1000000"),
    "cursor negative": (set_at("cursor", value=-1), "cursor", "at least 0", "-1"),
    "cursor text": (set_at("cursor", value="3"), "cursor", "a whole number", "'3'"),
    "cursor true": (set_at("cursor", value=True), "cursor", "a whole number", "True"),
    "an unknown top-level key": (set_at("notes", value="hi"), "top level", "only", "'notes'"),
}


@pytest.mark.parametrize("case", sorted(NAMED))
def test_a_damaged_session_is_refused_naming_the_key(tmp_path: Path, case: str) -> None:
    change, where, expected, found = NAMED[case]
    err = refused(write(tmp_path, changed(change)))
    assert err.where == where, err
    assert expected in err.expected, err
    assert found in err.found, err
    assert len(err.found) <= 200, "a refusal quotes the offending value only"


def test_a_session_rebuilds_from_its_dict_in_memory() -> None:
    session = mid_game(seed=11, steps=40, decisions=6)
    again = Session.from_dict(session.to_dict(), "<memory>")
    assert again.state == session.state and again.history == session.history
    assert session.to_dict() == json.loads(json.dumps(session.to_dict()))


def test_the_base_session_loads_and_the_named_frame_is_a_pick() -> None:
    """The named cases above damage a real frame: check the base session is what they assume."""
    assert top_frame(BASE)[0] == "pick" and len(BASE["actions"]) > 3
    session = Session.from_dict(copy.deepcopy(BASE), "<base>")
    assert session.state.to_dict() == Session.from_dict(BASE, "<again>").state.to_dict()


def test_a_file_that_is_not_utf8_names_the_line_and_column(tmp_path: Path) -> None:
    text = changed(set_at("options", value={"names": ["Jack", "Jill"]}))
    raw = text.encode("utf-8").replace(b'"Jill"', b'"J\xe9ll"')
    err = refused(write(tmp_path, raw))
    assert err.where.startswith("line ") and ", column " in err.where
    assert err.expected == "UTF-8 text" and err.found == "the byte 0xe9"


def test_a_nul_byte_is_refused_with_its_position(tmp_path: Path) -> None:
    err = refused(write(tmp_path, '{"format": "rules-tutor-session",\n "version": 1\x00}'))
    assert err.where == "line 2, column 14"
    assert "U+0000" in err.found


@pytest.mark.parametrize("cut", [1, 10, 1000, -1])
def test_a_truncated_file_is_refused_as_json(tmp_path: Path, cut: int) -> None:
    text = json.dumps(BASE, indent=1)
    err = refused(write(tmp_path, text[:cut]))
    assert err.where.startswith("line ") and err.expected == "valid JSON"


def test_an_empty_file_and_a_folder_are_refused(tmp_path: Path) -> None:
    assert refused(write(tmp_path, "")).expected == "valid JSON"
    err = refused(tmp_path)
    assert err.where == "file" and err.found == "a folder"


def test_nan_is_refused(tmp_path: Path) -> None:
    err = refused(write(tmp_path, changed(set_at("cursor", value=float("nan")))))
    assert "finite" in err.expected


def test_a_replay_that_fails_inside_the_engine_names_the_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the engine raises while replaying is reported at that action, not raised."""
    path = write(tmp_path, json.dumps(BASE))
    real_do = Session._do
    calls = []

    def failing_do(self: Session, action: Any, automatic: bool) -> None:
        calls.append(action)
        if len(calls) == 3:
            raise ZeroDivisionError("division by zero deep in the engine")
        real_do(self, action, automatic)

    monkeypatch.setattr(Session, "_do", failing_do)
    err = refused(path)
    assert err.where == "actions[2]"
    assert "replay" in err.expected and "ZeroDivisionError" in err.found


def test_a_state_the_tools_cannot_use_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Behind the schema and the invariants, the door asks the state what tools ask."""
    from tutor.games.mantis_falls.game import MantisFallsGame

    monkeypatch.setattr(MantisFallsGame, "check_invariants", lambda self, s, before=None: [])
    # Nothing to draw from at a waiting draw: no outcome, which no tool could resolve.
    data = copy.deepcopy(BASE)
    data["initial"]["stack"].append(["chance", "discard", [0, 1, "mf.10.6"]])
    data["initial"]["action_discard"] += data["initial"]["hands"][0]
    data["initial"]["hands"][0] = []
    err = refused(write(tmp_path, json.dumps(data)))
    assert err.where == "initial" and err.expected == "a playable position"
    assert "no outcome" in err.found


# ---------------------------------------------------------------------------------------
# Saving
# ---------------------------------------------------------------------------------------
def a_session() -> Session:
    return Session.from_dict(copy.deepcopy(BASE), "<base>")


def leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


def test_save_to_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        a_session().save(tmp_path)
    assert str(tmp_path) in str(info.value) and "folder" in info.value.problem
    assert leftovers(tmp_path, set()) == []


def test_save_into_a_missing_folder_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "game.json"
    with pytest.raises(SaveError) as info:
        a_session().save(target)
    assert str(target) in str(info.value) and "does not exist" in info.value.problem
    assert leftovers(tmp_path, set()) == []


def test_save_below_a_file_is_refused(tmp_path: Path) -> None:
    blocker = write(tmp_path, "x", "notes.txt")
    with pytest.raises(SaveError) as info:
        a_session().save(blocker / "game.json")
    assert "not a folder" in info.value.problem


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="root may write into a read-only folder; the failure is simulated below instead",
)
def test_save_into_a_read_only_folder_keeps_the_old_file(tmp_path: Path) -> None:
    path = write(tmp_path, "old contents")
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(SaveError) as info:
            a_session().save(path)
    finally:
        tmp_path.chmod(0o700)
    assert "permission" in info.value.problem
    assert path.read_text(encoding="utf-8") == "old contents"
    assert leftovers(tmp_path, {"game.json"}) == []


@pytest.mark.parametrize(
    ("fail", "code", "words"),
    [
        ("fsync", errno.ENOSPC, "the disk is full"),
        ("replace", errno.EACCES, "permission denied"),
        ("replace", errno.EROFS, "read-only"),
        ("mkstemp", errno.EACCES, "permission denied"),
    ],
)
def test_a_failed_save_leaves_no_temporary_file_and_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail: str, code: int, words: str
) -> None:
    path = write(tmp_path, "old contents")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError(code, os.strerror(code))

    module = tempfile if fail == "mkstemp" else os
    monkeypatch.setattr(module, fail, broken)
    with pytest.raises(SaveError) as info:
        a_session().save(path)
    monkeypatch.undo()
    assert words in info.value.problem and str(path) in str(info.value)
    assert path.read_text(encoding="utf-8") == "old contents"
    assert leftovers(tmp_path, {"game.json"}) == []


def test_save_writes_everything_then_syncs_then_renames(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (order.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(
        os, "replace", lambda a, b: (order.append("replace"), real_replace(a, b))[1]
    )
    path = tmp_path / "game.json"
    session = a_session()
    session.save(path)
    monkeypatch.undo()
    assert order[:2] == ["fsync", "replace"]  # the file's data, then the rename (then the folder)
    assert Session.load(path).state == session.state
    assert leftovers(tmp_path, {"game.json"}) == []


def test_a_new_save_is_readable_like_any_file_and_a_resave_keeps_the_mode(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        path = tmp_path / "game.json"
        a_session().save(path)
        assert path.stat().st_mode & 0o777 == 0o644
        path.chmod(0o600)
        a_session().save(path)
        assert path.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(mask)


# ---------------------------------------------------------------------------------------
# Generated bad files (hypothesis)
# ---------------------------------------------------------------------------------------
WORDS = [
    "mantis_falls",
    "rules-tutor-session",
    "witness",
    "assassin",
    "pick",
    "mainplay",
    "window",
    "chance",
    "gasp",
    "turn",
    "effects",
    "card_done",
    "move",
    "initial",
    "effect",
    "action",
    "event",
    "choose",
    "play",
    "discard",
    "draw_event",
    "mf.8.2",
    "game_over",
    "last_gasp",
]
VALUES = any_json | st.integers(min_value=-3, max_value=100) | st.sampled_from(WORDS)
"""Any JSON value, small numbers near the real ones, and words the loader knows."""
TALLY = {
    "mutated": Tally("saved sessions with values replaced, deleted or added"),
    "nudged": Tally("saved sessions with plausible values changed (numbers, flags, cards)"),
    "mangled": Tally("saved sessions with bytes cut, flipped or inserted"),
}


def regions(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Where to damage: the envelope, each field of the saved state, the actions."""
    out: list[tuple[Any, ...]] = [(), ("options",), ("actions",), ("cursor",), ("initial",)]
    initial = data.get("initial")
    out += [("initial", key) for key in initial] if isinstance(initial, dict) else []
    out += [("initial", "stack"), ("initial", "stack")]  # the frames, more often
    return out


def _at(tree: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        tree = tree[key]
    return tree


@st.composite
def damaged(draw: st.DrawFn, good: dict[str, Any]) -> Any:
    """``good`` with one to three values replaced, deleted or added, each under a region
    drawn from :func:`regions` (so the short, important parts are hit as often as the
    long trace)."""
    data = copy.deepcopy(good)
    for _ in range(draw(st.integers(1, 3))):
        region = draw(st.sampled_from(regions(data) if isinstance(data, dict) else [()]))
        try:
            part = _at(data, region)
        except (KeyError, IndexError, TypeError):  # an earlier change removed it
            continue
        data = replace_at(data, region, draw(mutated(part, VALUES, most=1)))
    return data


@st.composite
def damaged_sessions(draw: st.DrawFn) -> Any:
    return draw(damaged(draw(st.sampled_from(GOOD))))


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(node, dict):
        return [x for k, v in node.items() for x in _leaves(v, (*path, k))]
    if isinstance(node, list):
        return [(path, node)] + [x for i, v in enumerate(node) for x in _leaves(v, (*path, i))]
    return [(path, node)]


@st.composite
def nudged_sessions(draw: st.DrawFn) -> Any:
    """A real session with one to three plausible changes: values a schema lets through.

    A number moves a little, a flag flips, a card moves from one list to another or is
    dropped or doubled, two items of a list swap, the cursor moves: the invariants and
    the replay have to catch what is wrong, or the game must play on soundly.
    """
    data = copy.deepcopy(draw(st.sampled_from(GOOD)))
    for _ in range(draw(st.integers(1, 3))):
        region = draw(st.sampled_from(regions(data)))
        spots = [(p, v) for p, v in _leaves(data) if p[: len(region)] == region and p]
        if not spots:
            continue
        path, value = draw(st.sampled_from(spots))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if isinstance(value, bool):
            parent[last] = not value
        elif isinstance(value, int):
            parent[last] = value + draw(st.sampled_from([-2, -1, 1, 2, 3]))
        elif isinstance(value, list) and value:
            how = draw(st.sampled_from(["drop", "double", "swap", "move"]))
            i = draw(st.integers(0, len(value) - 1))
            if how == "drop":
                del value[i]
            elif how == "double":
                value.insert(i, copy.deepcopy(value[i]))
            elif how == "swap":
                j = draw(st.integers(0, len(value) - 1))
                value[i], value[j] = value[j], value[i]
            else:
                others = [v for _, v in _leaves(data) if isinstance(v, list) and v is not value]
                if others:
                    draw(st.sampled_from(others)).append(value.pop(i))
    return data


def assert_sound(session: Session, folder: Path) -> None:
    """A loaded session holds the invariants, answers the tools and plays on soundly."""
    state = session.state
    game = state.game
    assert game.check_invariants(state) == []
    for player in [None, *range(game.num_players)]:
        state.view(player)
    state.legal_actions()
    assert 0 <= session.cursor <= len(state.trace)
    session.shown_state.view(None)
    # It saves and loads back to the same game.
    again = Session.load(_saved(session, folder))
    assert again.state == state and again.history == session.history
    # It plays on: thirty random steps, the invariants checked after each.
    rng = Rng(len(state.trace))
    for _ in range(30):
        if state.is_terminal():
            break
        before = state.clone()
        legal = state.legal_actions()
        assert legal, "a choice with no legal action"
        action = (
            state.sample_chance(rng)
            if state.decision.kind == "chance"
            else legal[rng.below(len(legal))]
        )
        state.apply(action)
        assert game.check_invariants(state, before) == []
        for player in range(game.num_players):
            state.view(player)


def _saved(session: Session, folder: Path) -> Path:
    path = folder / "resaved.json"
    session.save(path)
    return path


def _load_generated(content: str | bytes, tally: Tally) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = write(folder, content)
        try:
            session = Session.load(path)
        except SessionFileError as err:
            assert_named(err, str(path))
            tally.add("refused")
            return
        assert_sound(session, folder)
        tally.add("loaded soundly")


@given(damaged_sessions())
def test_generated_sessions_load_soundly_or_are_refused_by_name(data: Any) -> None:
    _load_generated(json.dumps(data), TALLY["mutated"])


@given(nudged_sessions())
def test_nudged_sessions_load_soundly_or_are_refused_by_name(data: Any) -> None:
    _load_generated(json.dumps(data), TALLY["nudged"])


@given(st.sampled_from(range(len(GOOD))).flatmap(
    lambda i: mangled_bytes(json.dumps(GOOD[i], indent=1).encode("utf-8"))))  # fmt: skip
def test_mangled_session_files_load_soundly_or_are_refused_by_name(raw: bytes) -> None:
    _load_generated(raw, TALLY["mangled"])


# ---------------------------------------------------------------------------------------
# Every registered game (the toys included) inherits the door
# ---------------------------------------------------------------------------------------
GAMES = tutor.registered_games()
_GOOD_BY_GAME: dict[str, dict[str, Any]] = {}


def good_session_of(name: str) -> dict[str, Any]:
    """A saved session of the game ``name``: a few random decisions from seed 2."""
    if name not in _GOOD_BY_GAME:
        session = Session(tutor.load_game(name).new_state(seed=2))
        session.advance_automatic()
        play_on(session, Rng(5), 6)
        _GOOD_BY_GAME[name] = saved_dict(session)
    return _GOOD_BY_GAME[name]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_saves_and_loads_its_sessions(tmp_path: Path, name: str) -> None:
    session = Session.from_dict(copy.deepcopy(good_session_of(name)), "<good>")
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.state.to_dict() == session.state.to_dict()
    assert loaded.history == session.history and loaded.cursor == session.cursor


@given(st.sampled_from(GAMES), st.data())
def test_any_games_damaged_session_is_refused_by_name_or_answers_the_tools(
    name: str, data: st.DataObject
) -> None:
    """Whatever a game declares, nothing but a SessionFileError escapes the door, and a
    state it lets through answers the decision, the legal actions and every view."""
    good = good_session_of(name)
    bad = data.draw(damaged(good))
    try:
        session = Session.from_dict(bad, "<generated>")
    except SessionFileError as err:
        assert_named(err, "<generated>")
        return
    state = session.state
    state.legal_actions()
    for player in [None, *range(state.game.num_players)]:
        state.view(player)
