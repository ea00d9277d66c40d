"""Sessions and what-if scenario files, as a learner and a workshop host use them.

A Session is how people move through a game: one trace entry at a time, with chance
steps and forced choices taken for them, undo/redo, branches for "what if I had
played X?", restart, and save/load to a JSON file.  Scenario files
(tests/scenarios/mantis_falls/*.yaml) put a position on the table and are loaded with
``tutor.load_scenario``.  These tests play the documented scenarios through sessions,
check state and trace after each choice, and check that corrupt session and scenario
files raise SessionFileError naming the problem while the open session stays as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_conformance import check_views

import tutor
from tutor.core.errors import IllegalActionError, SessionFileError
from tutor.core.rng import Rng
from tutor.core.session import Session
from tutor.core.types import CHANCE, Action

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "mantis_falls"
JACK, JILL = 0, 1


def new_session(seed: int = 3, **kwargs: Any) -> Session:
    return Session(tutor.load_game("mantis_falls").new_state(seed=seed), **kwargs)


def scenario(name: str) -> Session:
    return tutor.load_scenario(SCENARIOS / f"{name}.yaml")


def snapshot(session: Session) -> tuple[str, int, list[Action]]:
    """Everything a load attempt must leave alone: the state, the cursor, the history."""
    return (json.dumps(session.state.to_dict(), sort_keys=True), session.cursor, session.history)


def rules_after(session: Session, start: int) -> list[str]:
    return [e.rule for e in session.state.trace[start:]]


def play_randomly(session: Session, rng: Rng, decisions: int) -> None:
    """Make up to ``decisions`` random player choices through the session."""
    for _ in range(decisions):
        if session.state.is_terminal():
            return
        legal = session.state.legal_actions()
        session.play(legal[rng.below(len(legal))])


# ---------------------------------------------------------------------------------------
# Stepping
# ---------------------------------------------------------------------------------------
def test_step_reveals_one_entry_at_a_time() -> None:
    session = new_session()
    events: list[str] = []
    session.subscribe(lambda s, event: events.append(event))
    assert session.cursor == len(session.state.trace)  # setup is already on screen
    assert session.needs_decision()
    assert session.step() is None  # waiting for a person
    first = session.state.legal_actions()[0]
    produced = session.play(first)
    assert produced and session.cursor == len(session.state.trace) - len(produced)
    assert session.pending_entries == len(produced)
    revealed = []
    while (entry := session.step()) is not None:
        revealed.append(entry)
        assert session.last_entry is entry
        assert session.state.trace[session.cursor - 1] is entry
    assert revealed == produced
    assert session.pending_entries == 0 and session.needs_decision()
    assert events == ["play"] + ["step"] * len(produced)


def test_run_to_decision_reveals_everything_pending() -> None:
    session = new_session()
    produced = session.play(session.state.legal_actions()[-1])
    shown = session.run_to_decision()
    assert shown == produced
    assert session.shown == session.state.trace


def test_chance_and_forced_steps_advance_by_themselves() -> None:
    session = new_session(seed=8)
    rng = Rng(2)
    while not session.state.is_terminal():
        d = session.state.decision
        assert d.kind == "choice" and len(session.state.legal_actions()) > 1, d
        play_randomly(session, rng, 1)
    automatic = [a for a in session.history if a.player == CHANCE]
    assert automatic, "the game drew cards without any chance step in the history"
    played = [a for a in session.history if a.player != CHANCE]
    assert len(played) < len(session.history)


def test_without_auto_chance_the_learner_chooses_the_draw() -> None:
    session = new_session(seed=5, auto_chance=False)
    while session.state.decision.kind != "chance":
        session.play(session.state.legal_actions()[0])
    session.run_to_decision()
    assert session.state.decision.kind == "chance" and not session.needs_decision()
    assert session.step() is None  # it waits for someone to pick the outcome
    outcome = session.state.legal_actions()[-1]
    session.play(outcome.label)
    assert session.history[-1] == outcome


# ---------------------------------------------------------------------------------------
# Playing by label, undo/redo, branches, restart
# ---------------------------------------------------------------------------------------
@pytest.mark.rule("mf.17.3")
def test_play_by_label_and_bad_labels() -> None:
    session = scenario("last_gasp_medicine")
    before = snapshot(session)
    with pytest.raises(IllegalActionError) as info:
        session.play("Add Aspirin to the Last Gasp play")
    assert "Add Medicine (Amber) to the Last Gasp play" in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        session.play(Action(JILL, "gasp_finish", ()))
    assert info.value.code == "wrong_player" and info.value.rule == "mf.17.3"
    assert snapshot(session) == before
    start = len(session.state.trace)
    session.play("add medicine (amber) to the last gasp play")  # labels ignore case
    assert rules_after(session, start) == ["mf.17.3"]


@pytest.mark.rule("mf.17.5")
def test_undo_and_redo_restore_exact_states() -> None:
    session = scenario("last_gasp_medicine")
    at_gasp = session.state.clone()
    session.play("Add Medicine (Amber) to the Last Gasp play")
    one_card = session.state.clone()
    session.play("Finish the Last Gasp play (1 card)")
    after = session.state.clone()
    assert after.wounds[JACK] == 6 and after.gasps[JACK] == 1

    assert session.undo() and session.state == one_card
    assert session.undo() and session.state == at_gasp
    assert session.cursor == len(at_gasp.trace)
    assert session.redo() and session.state == one_card
    assert session.redo() and session.state == after
    assert not session.redo()
    # A new decision after an undo drops the redo line.
    session.undo()
    session.play("Add Coffee (Amber) to the Last Gasp play")
    assert not session.can_redo()


def test_undo_all_the_way_back_then_nothing_more() -> None:
    session = new_session(seed=6)
    start = session.state.clone()
    play_randomly(session, Rng(1), 5)
    while session.undo():
        pass
    assert session.state == start
    assert not session.can_undo() and session.history == []


@pytest.mark.rule("mf.18.1")
def test_branches_are_independent_what_ifs() -> None:
    survive = scenario("last_gasp_medicine")
    die = survive.branch()
    survive.play("Add Medicine (Amber) to the Last Gasp play")
    survive.play("Finish the Last Gasp play (1 card)")
    start = len(die.state.trace)
    die.play("Finish the Last Gasp play (0 cards)")

    assert survive.state.wounds[JACK] == 6 and not survive.state.is_terminal()
    assert die.state.is_terminal() and die.state.dead[JACK]
    outcome = die.state.outcome()
    assert outcome is not None and outcome.winners == (JILL,)
    cited = rules_after(die, start)
    assert "mf.16.4" in cited and "mf.18.1" in cited and "mf.20.5" in cited
    # The branch shares nothing: undoing in one leaves the other where it is.
    survive.undo()
    assert die.state.is_terminal()
    assert survive.state.decision.rule == "mf.17.3"


def test_branch_from_an_earlier_point_of_history() -> None:
    session = new_session(seed=9)
    play_randomly(session, Rng(4), 6)
    history = session.history
    # The index of the third player decision: branching there is like undoing after it.
    k = [i for i, a in enumerate(history) if a.player != CHANCE][2]
    branch = session.branch(at=k)
    assert branch.history == history[:k]
    assert branch.state.trace == session.state.trace[: len(branch.state.trace)]
    undone = session.branch()
    while len(undone.history) > k:
        undone.undo()
    assert branch.state == undone.state
    assert session.history == history  # branching never changes the original
    with pytest.raises(IndexError):
        session.branch(at=len(history) + 1)


def test_restart_returns_to_the_start_or_a_new_seed() -> None:
    session = scenario("gun_against_street_thug")
    handed_over = session.state.clone()
    scripted = session.history
    session.play("Gun: Fire the Gun (discard Bullet)")
    session.play("The opposition Street Thug")
    events: list[str] = []
    session.subscribe(lambda s, event: events.append(event))
    session.restart()
    # Back to where the scenario handed over: after its `play` list, before what followed.
    assert session.state == handed_over
    assert session.history == scripted
    session.restart(seed=5)
    game = tutor.load_game("mantis_falls")
    assert session.state == game.new_state(seed=5)
    assert session.history == [] and not session.can_undo()
    assert events == ["restart", "restart"]


def test_observers_hear_every_change_until_they_unsubscribe() -> None:
    session = new_session(seed=2)
    heard: list[tuple[Session, str]] = []

    def observer(s: Session, event: str) -> None:
        heard.append((s, event))

    session.subscribe(observer)
    session.play(session.state.legal_actions()[0])
    session.step()
    session.undo()
    session.redo()
    session.unsubscribe(observer)
    session.undo()
    assert [e for _, e in heard] == ["play", "step", "undo", "redo"]
    assert all(s is session for s, _ in heard)


# ---------------------------------------------------------------------------------------
# Save and load
# ---------------------------------------------------------------------------------------
def saved(tmp_path: Path, session: Session, name: str = "game.json") -> Path:
    path = tmp_path / name
    session.save(path)
    return path


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    session = scenario("both_players_at_maximum")
    session.play("Jill makes a Last Gasp first")
    session.step()
    loaded = Session.load(saved(tmp_path, session))
    assert loaded.state == session.state
    assert loaded.history == session.history
    assert loaded.cursor == session.cursor
    # Both go on identically, and the loaded one can still undo to the saved start.
    for s in (session, loaded):
        s.play("Add Smelling Salts (Amber) to the Last Gasp play")
    assert loaded.state == session.state
    while loaded.undo():
        pass
    assert loaded.state == session._initial


def test_a_loaded_session_continues_exactly_like_the_original(tmp_path: Path) -> None:
    """Automatic draws after a reload come out as they would have without the reload."""
    session = new_session(seed=1)
    play_randomly(session, Rng(7), 5)
    loaded = Session.load(saved(tmp_path, session))
    for s in (session, loaded):
        play_randomly(s, Rng(11), 12)
    assert loaded.history == session.history
    assert loaded.state == session.state


def corrupt(tmp_path: Path, change: Any) -> Path:
    """Save a real session, then damage the file with ``change(text) -> text``."""
    session = new_session(seed=4)
    play_randomly(session, Rng(3), 4)
    path = saved(tmp_path, session, "damaged.json")
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    return path


def edit(change: Any) -> Any:
    def apply(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1)

    return apply


def _illegal_action(data: dict[str, Any]) -> None:
    data["actions"][2] = {"player": 0, "kind": "teleport", "args": [13], "label": "Fly"}


# What each damage does to the file, and how the refusal names it: (change, the key path
# or position, words of what was expected, words of what was found).
CORRUPTIONS = {
    "not JSON": (lambda text: "{this is not json", "line 1, column 2", "valid JSON", "syntax"),
    "truncated": (lambda text: text[: len(text) // 2], "line ", "valid JSON", "syntax"),
    "wrong format": (
        edit(lambda d: d.update(format="chess-pgn")),
        "format",
        "'rules-tutor-session'",
        "'chess-pgn'",
    ),
    "wrong version": (edit(lambda d: d.update(version=99)), "version", "1", "99"),
    "missing initial": (edit(lambda d: d.pop("initial")), "top level", "keys", "no 'initial'"),
    "missing actions": (edit(lambda d: d.pop("actions")), "top level", "keys", "no 'actions'"),
    "illegal action": (edit(_illegal_action), "actions[2]", "legal", "'Fly'"),
    "malformed action": (
        edit(lambda d: d["actions"][1].pop("kind")),
        "actions[1]",
        "'kind'",
        "no 'kind'",
    ),
    "bad cursor": (edit(lambda d: d.update(cursor=10**6)), "cursor", "from 0 to", "1000000"),
    "a list": (lambda text: "[1, 2, 3]", "top level", "a mapping", "[1, 2, 3]"),
    "unknown game": (edit(lambda d: d.update(game="chess")), "game", "mantis_falls", "'chess'"),
}


@pytest.mark.parametrize("kind", sorted(CORRUPTIONS))
def test_corrupt_session_files_leave_the_open_session_alone(tmp_path: Path, kind: str) -> None:
    change, where, expected, found = CORRUPTIONS[kind]
    path = corrupt(tmp_path, change)
    open_session = scenario("last_gasp_medicine")
    before = snapshot(open_session)
    with pytest.raises(SessionFileError) as info:
        open_session = Session.load(path)
    err = info.value
    assert str(err).startswith(f"{path}: at {err.where}: expected ")
    assert err.where.startswith(where), err
    assert expected in err.expected, err
    assert found in err.found, err
    assert snapshot(open_session) == before


def test_a_missing_session_file(tmp_path: Path) -> None:
    with pytest.raises(SessionFileError) as info:
        Session.load(tmp_path / "nowhere.json")
    assert info.value.where == "file" and info.value.found == "no such file"


def test_saving_over_a_file_replaces_it_whole(tmp_path: Path) -> None:
    session = new_session(seed=1)
    path = saved(tmp_path, session)
    play_randomly(session, Rng(7), 3)
    session.save(path)
    assert Session.load(path).state == session.state
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left over


# ---------------------------------------------------------------------------------------
# Scenario files
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_scenario_file_loads_at_a_real_decision(path: Path) -> None:
    session = tutor.load_scenario(path)
    state = session.state
    assert state.game.check_invariants(state) == []
    assert session.needs_decision()
    assert session.pending_entries == 0
    assert all(e.rule in state.game.rulebook for e in state.trace)


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario_setup_lines_keep_hidden_information_hidden(path: Path) -> None:
    """What a scenario puts in a hand or a role is told only to that player."""
    session = tutor.load_scenario(path)
    state = session.state
    seen: dict[str, int] = {}
    check_views(state.game, state, seen)
    for p in (JACK, JILL):
        other = state.game.player_names[1 - p]
        lines = state.trace_for(p)
        assert not any(f"{other}'s role is" in line for line in lines)
        assert any(f"Scenario: {other} holds" in line for line in lines)  # only a count
    assert seen, "the scenario position offers no hidden information to vary"


@pytest.mark.rule("mf.17.1")
@pytest.mark.rule("mf.16.3")
def test_last_gasp_medicine_scenario_position() -> None:
    state = scenario("last_gasp_medicine").state
    assert state.wounds == [8, 0] and state.gasps == [0, 0]
    assert state.in_gasp == JACK and state.decision.rule == "mf.17.3"
    cited = [e.rule for e in state.trace]
    assert cited.index("mf.16.3") < cited.index("mf.17.1") < cited.index("mf.17.3")
    assert "Mob Enforcer" in next(e.text for e in state.trace if e.rule == "mf.16.2")


@pytest.mark.rule("mf.17.5")
@pytest.mark.rule("mf.16.4")
def test_medicine_in_the_last_gasp_saves_jack() -> None:
    session = scenario("last_gasp_medicine")
    start = len(session.state.trace)
    session.play("Add Medicine (Amber) to the Last Gasp play")
    session.play("Finish the Last Gasp play (1 card)")
    state = session.state
    assert state.wounds[JACK] == 6 and state.gasps[JACK] == 1 and not state.dead[JACK]
    cited = rules_after(session, start)
    assert cited[:6] == ["mf.17.3", "mf.17.3", "mf.17.3", "mf.12.2", "mf.16.4", "mf.17.5"]
    heal = state.trace[start + 3]
    assert "heals 2 wounds: 6/8" in heal.text


@pytest.mark.rule("mf.13.3")
@pytest.mark.rule("mf.11.5")
def test_the_gun_defeats_the_street_thug() -> None:
    session = scenario("gun_against_street_thug")
    hit = session.branch()
    start = len(session.state.trace)
    session.play("Gun: Fire the Gun (discard Bullet)")
    session.play("The opposition Street Thug")
    state = session.state
    assert state.wounds == [0, 0]
    assert "Bullet" not in [state.card_name(c) for c in state.hands[JACK][:2]]
    cited = rules_after(session, start)
    assert cited[0] == "mf.13.3"
    assert any(
        "2 wounds this turn against health 2: defeated" in e.text for e in state.trace[start:]
    )
    # Passing instead: the thug is not defeated and hits for Foster Lane's green 1.
    hit.play("Pass (use nothing now)")
    assert hit.state.wounds[JACK] == 1
    assert any("not defeated" in e.text for e in hit.state.trace[start:])


@pytest.mark.rule("mf.15.4")
@pytest.mark.rule("mf.10.8")
def test_expending_energy_to_cross_the_broken_road() -> None:
    session = scenario("broken_road_crossing")
    state = session.state
    assert len(state.conserved) == 4 and state.pos[JACK] == 6
    start = len(state.trace)
    session.play("Expend Conserved Energy to move two roads")
    moves = [a.label for a in session.state.legal_actions()]
    assert moves == ["Jack stays on Vine Street", "Jack moves 2 roads to a face-down night road"]
    session.play(moves[1])
    state = session.state
    assert state.pos[JACK] == 8 and state.conserved == []
    takes = state.legal_actions()
    assert len(takes) == 3 and all(a.kind == "take_night" for a in takes)
    session.play(takes[0])
    state = session.state
    assert takes[0].args[0] in state.hands[JACK] and len(state.night) == 2
    cited = rules_after(session, start)
    for rule in ("mf.15.3", "mf.15.4", "mf.10.8"):
        assert rule in cited
    assert cited.index("mf.15.3") < cited.index("mf.15.4") < cited.index("mf.10.8")


@pytest.mark.rule("mf.19.3")
def test_the_turn_player_orders_two_last_gasps() -> None:
    session = scenario("both_players_at_maximum")
    state = session.state
    assert state.wounds == [8, 8] and state.decision.rule == "mf.19.3"
    assert [a.label for a in state.legal_actions()] == [
        "Jack makes a Last Gasp first",
        "Jill makes a Last Gasp first",
    ]
    start = len(state.trace)
    session.play("Jill makes a Last Gasp first")
    assert rules_after(session, start)[:2] == ["mf.19.3", "mf.17.3"]
    assert session.state.in_gasp == JILL and session.state.gasp_due == [JACK]


# ---------------------------------------------------------------------------------------
# Bad scenario files
# ---------------------------------------------------------------------------------------
GOOD = (SCENARIOS / "last_gasp_medicine.yaml").read_text(encoding="utf-8")


def bad_scenario(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionFileError) as info:
        tutor.load_scenario(path)
    message = str(info.value)
    assert str(path) in message
    return message


def test_scenario_with_an_unknown_top_level_key(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("seed: 4", "sed: 4"))
    assert "at top level: expected only the keys" in message and "found the key 'sed'" in message


def test_scenario_with_an_unknown_setup_key(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("turn_player: 0", "first_player: 0"))
    assert "setup" in message and "first_player" in message


def test_scenario_with_a_card_that_does_not_exist(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("[Medicine, Bullet,", "[Medicine, Bazooka,"))
    assert "setup.players[0].hand[1]" in message and "Bazooka" in message


def test_scenario_with_an_unknown_player_key(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("wounds: 7", "hits: 7"))
    assert "setup.players[0]" in message and "hits" in message


def test_scenario_with_wounds_out_of_range(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("wounds: 7", "wounds: 12"))
    assert "setup.players[0].wounds" in message and "12" in message


def test_scenario_with_bad_yaml(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("seed: 4", "seed: [4"))
    assert ": at line " in message and "expected valid YAML" in message


def test_scenario_with_an_illegal_play(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("  - Do nothing\n", "  - Fly home\n", 1))
    assert "play[1] 'Fly home'" in message


def test_scenario_without_a_game_or_with_an_unknown_one(tmp_path: Path) -> None:
    message = bad_scenario(tmp_path, GOOD.replace("game: mantis_falls\n", ""))
    assert "expected keys 'game'" in message and "found no 'game'" in message
    message = bad_scenario(tmp_path, GOOD.replace("game: mantis_falls", "game: snakes"))
    assert "at game: expected one of" in message and "mantis_falls" in message
    assert "found 'snakes'" in message
