"""Bad input never corrupts a Creepy Falls game: illegal moves, broken files, saved states.

Illegal actions get a verdict naming the rule; a broken board file is refused naming the
file and the key path; a bad scenario key or a corrupt saved state is refused naming
where it is wrong.  Hypothesis throws arbitrary actions at positions along random games:
each is either legal or refused, and a refused one leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from games.creepy_falls.cf_helpers import position
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.core.errors import (
    IllegalActionError,
    OptionError,
    RulesetError,
    ScenarioError,
    SessionFileError,
)
from tutor.core.rng import Rng
from tutor.core.types import Action, Rejection
from tutor.core.validation import load_state

BOARD = Path(__file__).resolve().parents[3] / "rulesets" / "creepy_falls" / "board.yaml"


def test_an_illegal_placement_is_refused_and_changes_nothing() -> None:
    s = position(
        2,
        first=0,
        armies=[{"ghoul": 2}, {"ghoul": 2}],
        castle={"corpse": 1},
        forms=[["wild_animal"], ["human_form"]],
    )
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action(0, "place", (4, 1, 0, 0, 0, 0), "Place 1 Ghoul in Pumpkins Field"))
    assert err.value.rule == "cf.5.6" and "Van Helsing" in err.value.reason
    verdict = s.check(Action(1, "place", (0, 1, 0, 0, 0, 0)))
    assert verdict.code == Rejection.WRONG_PLAYER
    verdict = s.check(Action(0, "place", (0, 3, 0, 0, 0, 0)))
    assert verdict.detail == "not_enough_units" and verdict.rule == "cf.5.4"
    verdict = s.check(Action(0, "buy", (0,)))
    assert verdict.code == Rejection.WRONG_PHASE
    assert s.to_dict() == before


def test_bad_options_are_named() -> None:
    with pytest.raises(OptionError, match="2 to 5 players"):
        tutor.load_game("creepy_falls", players=6)
    with pytest.raises(OptionError, match="neutral_werewolf_souls"):
        tutor.load_game("creepy_falls", rulings={"neutral_werewolf_souls": "sometimes"})
    with pytest.raises(OptionError, match="recorded answer"):
        tutor.load_game("creepy_falls", rulings={"form_pictures": "swapped"})


def test_a_broken_board_file_is_refused_naming_the_key(tmp_path: Path) -> None:
    data = yaml.safe_load(BOARD.read_text(encoding="utf-8"))
    data["zones"][3]["advantages"][0]["blood"] = "lots"
    (tmp_path / "board.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        tutor.load_game("creepy_falls", board=str(tmp_path))
    assert "zones[3].advantages[0].blood" in str(err.value)
    data = yaml.safe_load(BOARD.read_text(encoding="utf-8"))
    data["spells"][0]["zone"] = "Atlantis"
    (tmp_path / "board.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"spells\[0\]\.zone"):
        tutor.load_game("creepy_falls", board=str(tmp_path))


def test_a_copied_board_file_plays(tmp_path: Path) -> None:
    shutil.copy(BOARD, tmp_path / "board.yaml")
    state = tutor.load_game("creepy_falls", board=str(tmp_path)).new_state(seed=4)
    state.play_out(Rng(4))
    assert state.is_terminal()


def test_bad_scenario_keys_are_named() -> None:
    with pytest.raises(ScenarioError, match="setup.armies"):
        position(3, armies=[{"ghoul": 1}, {"ghoul": 1}])
    with pytest.raises(ScenarioError, match="setup.van_helsing"):
        position(2, van_helsing="Atlantis")
    with pytest.raises(ScenarioError, match="setup.spells"):
        position(2, spells=[["no_such_spell"], []])
    with pytest.raises(ScenarioError, match="setup.forms"):
        position(2, armies=[{"ghoul": 1}] * 2, castle={}, forms=[["acid_fog"], ["acid_fog"]])


def test_a_corrupt_saved_state_is_refused_naming_the_field() -> None:
    game = tutor.load_game("creepy_falls", players=3)
    state = game.new_state(seed=2)
    state.play_out(Rng(1), max_turns=2)
    data = json.loads(json.dumps(state.to_dict()))
    assert load_state(game, data, "save.json", SessionFileError.at) == state
    broken = dict(data, tokens=data["tokens"][:-1])
    with pytest.raises(SessionFileError, match="state.tokens"):
        load_state(game, broken, "save.json", SessionFileError.at)
    negative = dict(data, reserve=[-1] + data["reserve"][1:])
    with pytest.raises(SessionFileError, match="negative"):
        load_state(game, negative, "save.json", SessionFileError.at)


ARGS = st.tuples() | st.tuples(st.integers(-2, 12)) | st.tuples(*[st.integers(-1, 9)] * 6)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 50),
    steps=st.integers(0, 120),
    player=st.integers(0, 3),
    kind=st.sampled_from(
        [
            "place",
            "pass",
            "form",
            "buy",
            "spell",
            "sell",
            "take",
            "karloff",
            "destroy",
            "army",
            "done",
            "rat",
            "van_helsing",
            "keep",
        ]
    ),
    args=ARGS,
)
def test_any_action_is_either_legal_or_refused_leaving_the_state_alone(
    seed: int, steps: int, player: int, kind: str, args: tuple[int, ...]
) -> None:
    game = tutor.load_game("creepy_falls", players=4)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    action = Action(player, kind, args, "probe")
    verdict = state.check(action)
    before = state.to_dict()
    if verdict.ok:
        state.apply(action)
        assert game.check_invariants(state) == []
    else:
        assert verdict.rule in game.rulebook and verdict.reason
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.to_dict() == before
