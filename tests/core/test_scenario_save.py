"""Writing a game back out as a what-if scenario file, and reading it in again.

The what-if explorer saves what a learner played as a scenario (game, options, seed,
setup, play) so it can be reopened, shared or run with ``tutor whatif``.  These tests
play real positions through sessions, save them, load them with the ordinary
``load_scenario`` and check that the same game comes back — state and trace — and that
what cannot be written (a chance outcome picked by hand, unknown keys, an unwritable
path) is refused with an error naming the problem.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from games.mantis_falls.tables import SEVEN_WOUNDS_ROADS
from mutations import copy_files

import tutor
from tutor.core.data import rulesets_dir
from tutor.core.errors import ScenarioError, SessionFileError
from tutor.core.scenario import (
    build_scenario,
    save_scenario,
    scenario_from_session,
    scenario_to_yaml,
)
from tutor.core.session import Session

SEVEN_WOUNDS = {
    "game": "mantis_falls",
    "seed": 4,
    "setup": {
        "road_order": list(SEVEN_WOUNDS_ROADS),
        "turn_player": 0,
        "event_deck_top": ["Mob Enforcer"],
        "players": [
            {"position": 3, "wounds": 7, "role": "witness", "hand": ["Medicine", "Coffee"]},
            {"position": 2, "role": "assassin"},
        ],
    },
}


def state_json(session: Session) -> str:
    return json.dumps(session.state.to_dict(), sort_keys=True)


def test_a_played_scenario_saves_and_loads_back_to_the_same_game(tmp_path: Path) -> None:
    session = build_scenario(SEVEN_WOUNDS)
    # Jack (7/8, Medicine in hand) stays, then heals before the Mob Enforcer hits (mf.12.2).
    session.play("Jack stays on Foster Lane")
    session.play("Start an action play with Medicine (Amber)")
    session.play("Finish the action play (1 card)")
    session.play("Do nothing")  # Jill's main play
    trace = session.state.trace_for(None)
    assert "[mf.12.2] Jack heals 2 wounds: 5/8." in trace
    data = scenario_from_session(session, SEVEN_WOUNDS["setup"], 4, title="Heal first")
    assert data["play"] == [
        "Jack stays on Foster Lane",
        "Start an action play with Medicine (Amber)",
        "Finish the action play (1 card)",
        "Do nothing",
    ]
    assert (data["game"], data["seed"], data["title"]) == ("mantis_falls", 4, "Heal first")

    path = tmp_path / "heal_first.yaml"
    save_scenario(data, path)
    text = path.read_text(encoding="utf-8")
    assert list(yaml.safe_load(text)) == ["game", "title", "options", "seed", "setup", "play"]
    again = tutor.load_scenario(path)
    assert state_json(again) == state_json(session)
    assert again.state.trace_for(None) == session.state.trace_for(None)
    assert "[mf.12.2] Jack heals 2 wounds: 5/8." in again.state.trace_for(None)


def test_saving_keeps_the_options_and_an_unplayed_scenario_has_no_play_list() -> None:
    game = tutor.load_game("mantis_falls", names=["Ann", "Bo"])
    session = Session(game.new_state(seed=9))
    data = scenario_from_session(session, {}, 9)
    assert data == {"game": "mantis_falls", "options": game.options, "seed": 9, "setup": {}}
    assert build_scenario(yaml.safe_load(scenario_to_yaml(data))).state == session.state


def test_a_chance_outcome_picked_by_hand_cannot_become_a_play() -> None:
    game = tutor.load_game("mantis_falls")
    session = Session(game.new_state(seed=7), auto_chance=False)
    with pytest.raises(ScenarioError, match="play"):
        scenario_from_session(session, {}, 7)
    # Jill moves onto Cannery Row's ambush and the learner picks the discard.
    session = Session(game.new_state(seed=1))
    session.auto_chance = False
    session.play("Jill moves 1 road to Cannery Row")
    session.auto_chance = True
    session.play("Discard Misdirection (Lilac) at random")
    with pytest.raises(ScenarioError) as info:
        scenario_from_session(session, {}, 1)
    assert info.value.where == "play[1]" and "Discard Misdirection" in info.value.problem


def test_unknown_keys_and_unwritable_paths_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="unknown top-level keys"):
        scenario_to_yaml({"game": "mantis_falls", "seeds": 3})
    with pytest.raises(ScenarioError, match="game"):
        scenario_to_yaml({"seed": 3})
    target = tmp_path / "missing_folder" / "x.yaml"
    with pytest.raises(SessionFileError, match="cannot write"):
        save_scenario({"game": "mantis_falls"}, target)
    assert not target.parent.exists()


def test_a_failed_save_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "keep.yaml"
    save_scenario(SEVEN_WOUNDS, path)
    before = path.read_text(encoding="utf-8")
    with pytest.raises(ScenarioError):
        save_scenario({"game": "mantis_falls", "bogus": 1}, path)
    assert path.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.yaml"]


def test_a_scenario_finds_its_own_card_files_from_any_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scenario shared with its deck folder beside it loads from wherever it is run,
    and saving it (or the session) names the deck in full."""
    shared = tmp_path / "shared"
    copy_files(rulesets_dir() / "mantis_falls", shared / "my_deck")
    scenario = dict(SEVEN_WOUNDS, options={"deck": "my_deck"})
    (shared / "heal.yaml").write_text(scenario_to_yaml(scenario), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    session = tutor.load_scenario(shared / "heal.yaml")
    assert session.game.options["deck"] == str(shared / "my_deck")
    saved = scenario_from_session(session, SEVEN_WOUNDS["setup"], 4)
    assert saved["options"]["deck"] == str(shared / "my_deck")
    assert session.to_dict()["options"]["deck"] == str(shared / "my_deck")

    # Without a file (a mapping built in a notebook) a relative deck is the working folder's.
    with pytest.raises(SessionFileError, match="my_deck"):
        build_scenario(scenario)
