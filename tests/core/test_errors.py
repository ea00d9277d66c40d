"""Every mistake a user can make gets a clear, typed error and changes nothing.

DESIGN.md promises that illegal input never corrupts a state and that bad files never
end in a bare traceback.  This file makes the mistakes on purpose: illegal actions
(wrong player, wrong moment, a card not in hand, a second suit in an action play,
values that are not actions at all), broken data files (bad YAML, a wrong enum value,
a missing or unknown key, in a user's own deck or through ``TUTOR_RULESETS``),
unknown games and bad options.  Each must raise the documented error whose message
names the reason, the rule or the file and key path, and leave the state as it was.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from games.mantis_falls.mf_helpers import (
    card_id,
    do,
    mf_state,
    pending_frame_kind,
    skip_to_main_play,
)
from mutations import copy_files, edit_yaml

import tutor
from tutor.core.data import rulesets_dir
from tutor.core.errors import (
    IllegalActionError,
    InputFileError,
    OptionError,
    RulesetError,
    SaveError,
    ScenarioError,
    SessionFileError,
    TutorError,
    UnknownGameError,
)
from tutor.core.game import State
from tutor.core.types import CHANCE, Action
from tutor.games.mantis_falls.state import MantisFallsState

JACK, JILL = 0, 1


def snapshot(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def rejected(state: State, action: Any) -> IllegalActionError:
    """Apply an illegal action; return the error after checking nothing changed."""
    before = snapshot(state)
    verdict = state.check(action)
    assert not verdict.ok
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert snapshot(state) == before, "an illegal action changed the state"
    err = info.value
    assert (err.reason, err.rule, err.code) == (verdict.reason, verdict.rule, verdict.code)
    assert err.reason in str(err)
    if err.rule:
        assert f"[{err.rule}]" in str(err)
    return err


def main_play_state(hand: list[str]) -> MantisFallsState:
    """Jack's turn, at his main play choice, holding exactly ``hand``."""
    state = mf_state(
        setup={
            "turn_player": JACK,
            "players": [{"hand": hand}, {}],
            "event_deck_top": ["Cold Rain"],
        }
    )
    skip_to_main_play(state)
    assert state.decision.player == JACK and pending_frame_kind(state) == "mainplay"
    return state


# ---------------------------------------------------------------------------------------
# Illegal actions
# ---------------------------------------------------------------------------------------
@pytest.mark.rule("mf.8.4")
def test_acting_for_the_wrong_player() -> None:
    state = main_play_state(["Medicine", "Bullet"])
    err = rejected(state, Action(JILL, "nothing", ()))
    assert err.code == "wrong_player"
    assert err.rule == "mf.8.4"
    assert "Jack's decision" in err.reason


@pytest.mark.rule("mf.8.2")
def test_an_action_of_the_wrong_phase() -> None:
    state = mf_state(setup={"turn_player": JACK, "players": [{"hand": ["Medicine"]}, {}]})
    assert state.decision.rule == "mf.8.2"  # initial movement
    err = rejected(state, Action(JACK, "play", (card_id(state, "Medicine"),)))
    assert err.code == "wrong_phase"
    assert err.rule == "mf.8.2"
    assert "'play' is not a choice now" in err.reason


@pytest.mark.rule("mf.8.5")
def test_playing_a_card_that_is_not_in_hand() -> None:
    state = main_play_state(["Medicine", "Bullet"])
    gun = card_id(state, "Gun")
    assert gun not in state.hands[JACK]
    err = rejected(state, Action(JACK, "play", (gun,)))
    assert err.detail == "not_in_hand"
    assert err.rule == "mf.8.5"
    assert "Gun (Hunter) is not in Jack's hand" in err.reason


@pytest.mark.rule("mf.12.1")
def test_an_action_play_holds_one_suit() -> None:
    state = main_play_state(["Medicine", "Coffee", "Bullet"])
    do(state, "play", "Medicine")
    err = rejected(state, Action(JACK, "play", (card_id(state, "Bullet"),)))
    assert err.detail == "mixed_suits"
    assert err.rule == "mf.12.1"
    assert "single suit" in err.reason and "Amber" in err.reason
    # The same suit is still fine.
    do(state, "play", "Coffee")
    assert [state.card_name(c) for c in state.plays[JACK]] == ["Medicine", "Coffee"]


@pytest.mark.rule("mf.8.3")
def test_a_player_action_at_a_chance_step_and_an_impossible_outcome() -> None:
    state = mf_state(setup={"turn_player": JACK})
    skip_to_main_play(state)
    assert state.decision.kind == "chance" and state.decision.rule == "mf.8.3"  # event draw
    assert rejected(state, Action(JACK, "nothing", ())).code == "chance_step"
    err = rejected(state, Action(CHANCE, "draw_card", (card_id(state, "Medicine"),)))
    assert err.code == "impossible_outcome"
    assert rejected(state, Action(CHANCE, "draw_event", (999,))).code == "impossible_outcome"


@pytest.mark.rule("mf.20.3")
def test_nothing_is_legal_after_the_game_ends() -> None:
    state = mf_state(seed=4)
    tutor.core.random_playout(state, tutor.core.Rng(4))
    assert state.is_terminal()
    err = rejected(state, Action(JACK, "nothing", ()))
    assert err.code == "game_over" and err.rule == "mf.20.3"


def test_an_unknown_label_lists_the_legal_ones() -> None:
    state = main_play_state(["Medicine"])
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.action_by_label("Summon a taxi")
    assert "Summon a taxi" in str(info.value) and "Do nothing" in str(info.value)
    assert snapshot(state) == before


GARBAGE: list[Any] = [
    Action(JACK, "play", ("Medicine",)),
    Action(JACK, "play", (None,)),
    Action(JACK, "play", ([1, 2],)),
    Action(JACK, "play", ()),
    Action(JACK, "play", (10**9,)),
    Action(JACK, "play", (-3,)),
    Action(JACK, "move", ("far",)),
    Action(JACK, "teleport", (1, 2, 3)),
    Action(7, "nothing", ()),
    Action(-5, "nothing", ()),
    Action(CHANCE, "draw_card", (999,)),
    Action(CHANCE, "random_discard", ("x",)),
    None,
    42,
    "Do nothing",
    ("play", 3),
    object(),
]


def garbage_states() -> list[tuple[str, State]]:
    """States at every kind of step: movement, main play, a growing play, chance, the end."""
    moving = mf_state(setup={"turn_player": JACK, "players": [{"hand": ["Medicine"]}, {}]})
    choosing = main_play_state(["Medicine", "Coffee", "Bullet"])
    adding = main_play_state(["Medicine", "Coffee", "Bullet"])
    do(adding, "play", "Medicine")
    drawing = mf_state(setup={"turn_player": JACK})
    skip_to_main_play(drawing)
    while drawing.decision.kind != "chance":
        do(drawing, "nothing")
    over = mf_state(seed=4)
    tutor.core.random_playout(over, tutor.core.Rng(4))
    return [
        ("movement", moving),
        ("main play", choosing),
        ("action play", adding),
        ("chance", drawing),
        ("game over", over),
    ]


def garbage_id(value: Any) -> str:
    """A stable test id (``repr(object())`` holds a memory address)."""
    if isinstance(value, Action):
        return f"Action({value.player},{value.kind},{value.args})"
    return type(value).__name__ if type(value) is object else repr(value)


@pytest.mark.parametrize("value", GARBAGE, ids=garbage_id)
def test_check_never_raises_and_apply_rejects_garbage(value: Any) -> None:
    for where, state in garbage_states():
        verdict = state.check(value)
        assert verdict.ok is False, where
        assert isinstance(verdict.reason, str) and verdict.reason, where
        rejected(state, value)


# ---------------------------------------------------------------------------------------
# Broken data files
# ---------------------------------------------------------------------------------------
def copy_deck(tmp_path: Path) -> Path:
    """A private copy of the Mantis Falls data folder (cards, schema, rules)."""
    return copy_files(rulesets_dir() / "mantis_falls", tmp_path / "my_deck")


def load_error(**options: Any) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        tutor.load_game("mantis_falls", **options)
    err = info.value
    for part in (err.file, err.where, err.expected, err.found):  # the message names all four
        assert part and part in str(err)
    return err


def test_bad_yaml_syntax_names_line_and_column(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    actions = deck / "actions.yaml"
    lines = actions.read_text(encoding="utf-8").splitlines()
    broken = next(i for i, line in enumerate(lines) if line.strip() == "suit: amber")
    lines[broken] = "    suit: [amber"
    actions.write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = load_error(deck=str(deck))
    assert err.file == str(actions)
    assert err.where.startswith(f"line {broken + 2}, column")  # the parser notices one line later
    assert err.expected == "valid YAML"
    assert str(actions) in str(err) and err.where in str(err)


def test_a_wrong_enum_value_names_the_key_path(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    edit_yaml(deck / "actions.yaml", lambda d: d["cards"][3].update(suit="purple"))
    err = load_error(deck=str(deck))
    assert err.file.endswith("actions.yaml")
    assert err.where == "cards[3].suit"
    assert "amber" in err.expected and "midnight" in err.expected
    assert err.found == "'purple'"
    assert "cards[3].suit" in str(err) and "'purple'" in str(err)


def test_a_missing_required_key(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    edit_yaml(deck / "actions.yaml", lambda d: d["cards"][5].pop("name"))
    err = load_error(deck=str(deck))
    assert err.where == "cards[5]"
    assert "'name'" in err.expected
    assert err.found == "no 'name'"


def test_an_unknown_key(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    edit_yaml(deck / "actions.yaml", lambda d: d["cards"][2].update(colour="red"))
    err = load_error(deck=str(deck))
    assert err.where == "cards[2]"
    assert (
        err.expected
        == "only the keys affliction, condition, effects, flavor, id, name, on_reveal, suit, tags"
    )
    assert err.found == "the key 'colour'"


def test_a_wrong_type_deep_inside_an_effect(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    edit_yaml(deck / "actions.yaml", lambda d: d["cards"][0]["effects"][0].update(amount="two"))
    err = load_error(deck=str(deck))
    assert err.where == "cards[0].effects[0].amount"
    assert "whole number" in err.expected and err.found == "'two'"


def test_a_duplicate_card_id(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    edit_yaml(deck / "actions.yaml", lambda d: d["cards"][1].update(id=d["cards"][0]["id"]))
    err = load_error(deck=str(deck))
    assert (err.where, err.expected, err.found) == ("cards[1].id", "a unique id", "'medicine_1'")


def test_a_missing_card_file(tmp_path: Path) -> None:
    deck = copy_deck(tmp_path)
    (deck / "allies.yaml").unlink()
    err = load_error(deck=str(deck))
    assert err.file == str(deck / "allies.yaml") and err.found == "no such file"


def test_a_good_copy_of_the_deck_loads(tmp_path: Path) -> None:
    game = tutor.load_game("mantis_falls", deck=str(copy_deck(tmp_path)))
    assert len(game.cards.actions) == 60
    assert game.options["deck"].endswith("my_deck")


def rulesets_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the whole rulesets folder, made current through TUTOR_RULESETS."""
    folder = copy_files(rulesets_dir(), tmp_path / "rulesets")
    monkeypatch.setenv("TUTOR_RULESETS", str(folder))
    return folder


def test_a_broken_rules_index_via_tutor_rulesets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = rulesets_copy(tmp_path, monkeypatch)
    rules = folder / "mantis_falls" / "rules.yaml"
    edit_yaml(rules, lambda d: d["rules"][4].update(scope="everything"))
    err = load_error()
    assert err.file == str(rules)
    assert err.where == "rules[4].scope"
    assert "base" in err.expected and err.found == "'everything'"


def test_a_broken_rulings_file_via_tutor_rulesets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = rulesets_copy(tmp_path, monkeypatch)
    rulings = folder / "mantis_falls" / "rulings.yaml"
    edit_yaml(rulings, lambda d: d["rulings"][1].pop("default"))
    err = load_error()
    assert err.file == str(rulings)
    assert err.where == "rulings[1]"
    assert err.found == "no 'default'"


def test_rules_yaml_syntax_error_via_tutor_rulesets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = rulesets_copy(tmp_path, monkeypatch)
    rules = folder / "mantis_falls" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n  - id: [mf.99.1\n", "utf-8")
    err = load_error()
    assert err.file == str(rules)
    assert err.where.startswith("line ") and ", column " in err.where
    assert err.expected == "valid YAML"


# ---------------------------------------------------------------------------------------
# Unknown games and bad options
# ---------------------------------------------------------------------------------------
def test_an_unknown_game_lists_the_registered_games() -> None:
    with pytest.raises(UnknownGameError) as info:
        tutor.load_game("mantis_fall")
    message = str(info.value)
    assert "'mantis_fall'" in message
    for name in tutor.registered_games():
        assert name in message


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 3}, ["3-player game", "needs the Triad module", "modules=['triad']"]),
        ({"players": 2, "modules": ["triad"]}, ["Triad module is for 3-player games only"]),
        ({"players": 1}, ["played by 2 to 3 players, not 1"]),
        ({"players": "two"}, ["option players", "a whole number", "found 'two'"]),
        ({"names": "ab"}, ["option names", "a list", "found 'ab'"]),
        ({"rulings": "abc"}, ["option rulings", "a mapping", "found 'abc'"]),
        ({"deck": 7}, ["option deck", "text", "found 7"]),
        ({"modules": ["full_cirlce"]}, ["no module 'full_cirlce'", "full_circle"]),
        ({"rulings": {"no_such_ruling": "on"}}, ["unknown ruling 'no_such_ruling'", "phone_range"]),
        ({"rulings": {"phone_range": "diagonal"}}, ["no option 'diagonal'", "path", "grid"]),
        (
            {"rulings": {"ambush_short_hand": "wounds_capped_by_discards"}},
            ["recorded answer", "discard_all_full_wounds"],
        ),
        ({"names": ["Jack", "Jack"]}, ["option names", "all different"]),
        ({"names": ["Jack"]}, ["2 different names"]),
        ({"colour": "red"}, ["the key 'colour'", "rulings"]),
    ],
)
def test_bad_options_raise_option_error(options: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(OptionError) as info:
        tutor.load_game("mantis_falls", **options)
    for word in words:
        assert word in str(info.value)


def test_good_house_rules_are_accepted_and_recorded() -> None:
    game = tutor.load_game("mantis_falls", rulings={"phone_range": "grid"})
    assert game.rulings["phone_range"] == "grid"
    assert game.options["rulings"] == {"phone_range": "grid"}
    # A recorded answer may be named explicitly with its default option.
    game = tutor.load_game("mantis_falls", rulings={"ambush_short_hand": "discard_all_full_wounds"})
    assert game.rulings["ambush_short_hand"] == "discard_all_full_wounds"


@pytest.mark.parametrize(
    "error",
    [
        IllegalActionError("Move 1", "it is not your turn", "mf.6.1", "wrong_player", "seat"),
        InputFileError("deck.yaml", "cards[3].suit", "one of the suits", "'Purple'"),
        RulesetError("rules.yaml", "line 4, column 2", "a mapping", "a list"),
        SessionFileError("game.json", "the file is not a saved session"),
        SessionFileError.at("game.json", "state.wounds[1]", "a number", "'x'"),
        ScenarioError("setup.players[1].hand[2]", "no such card", "a card name", "'Nope'"),
        SaveError("/nowhere/game.json", "the folder does not exist"),
        OptionError("unknown option 'colour'"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_errors_cross_a_process_boundary_whole(error: TutorError) -> None:
    """A simulation's worker processes send errors back pickled: nothing may be lost."""
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert vars(copy) == vars(error)
