"""Mantis options and hidden information: limited lives, the Power Token, what a player sees.

Also the bad-input promises: a broken deck file, a corrupt saved state and a bad
scenario setup are refused with a message naming what is wrong and where.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from games.mantis.mantis_helpers import colours, play_turn, rules_cited, table
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.core.errors import OptionError, RulesetError, SessionFileError
from tutor.core.rng import Rng
from tutor.core.scenario import build_scenario
from tutor.core.validation import load_state
from tutor.games.mantis.deck import load_deck


# ------------------------------------------------------------------ limited lives
@pytest.mark.rule("mt.7.1")
def test_a_steal_that_empties_a_tank_costs_a_life() -> None:
    state = table({"tanks": [["red"], ["green"], ["blue"]]}, players=3, lives=2)
    lines = play_turn(state, "Steal from Ben", "green")
    assert state.tanks[1] == [] and state.lives == [2, 1, 2] and not state.out[1]
    assert "[mt.7.1] Ben's tank is empty: Ben loses a life (1 left)." in lines
    # Ben plays on with an empty tank: his Score cannot match, the card starts a new tank.
    play_turn(state, "Score", "pink")
    assert colours(state, state.tanks[1]) == ["pink"]


@pytest.mark.rule("mt.7.1")
def test_scoring_ones_own_last_cards_costs_a_life_only_under_the_any_way_ruling() -> None:
    setup = {"tanks": [["green"], ["red"]]}
    kept = table(setup, players=2, lives=2)
    play_turn(kept, "Score", "green")
    assert kept.lives == [2, 2]
    strict = table(setup, players=2, lives=2, rulings={"lives_lost": "any_way"})
    play_turn(strict, "Score", "green")
    assert strict.lives == [1, 2]


@pytest.mark.rule("mt.7.2")
def test_out_of_lives_a_player_leaves_and_the_last_one_in_wins() -> None:
    setup = {"tanks": [["red"], ["green"], ["blue"]], "lives": [1, 1, 1]}
    state = table(setup, players=3, lives=1)
    lines = play_turn(state, "Steal from Ben", "green")
    assert state.out == [False, True, False]
    assert "[mt.7.2] Ben has no lives left and is out of the game." in lines
    assert state.turn_player == 2  # Ben's turn is skipped
    assert state.decision.kind == "chance"  # the back of the top card is shown first
    state.apply(state.sample_chance(Rng(1)))
    assert [a.label for a in state.legal_actions()] == ["Score", "Steal from Ava"]
    verdict = state.check(state.rules.steal_action[2][1])
    assert not verdict.ok and verdict.rule == "mt.7.2"
    duel = table({"tanks": [["red"], ["green"]], "lives": [1, 1]}, players=2, lives=1)
    play_turn(duel, "Steal from Ben", "green")
    outcome = duel.outcome()
    assert outcome.winners == (0,) and outcome.reason == "last_standing"
    assert outcome.rule == "mt.7.2"


# ------------------------------------------------------------------ the Power Token
@pytest.mark.rule("mt.8.1")
def test_the_token_holder_takes_one_extra_turn() -> None:
    state = table({"tanks": [["red"], ["blue"]]}, players=2, power_token=True)
    assert state.holder == 1  # ruling power_token_start: the last seat
    play_turn(state, "Score", "yellow")  # Ava
    lines = play_turn(state, "Score", "pink")  # Ben, who holds the token
    assert "[mt.8.1] Ben holds the Power Token and takes an extra turn." in lines
    assert state.turn_player == 1 and state.extra
    lines = play_turn(state, "Score", "orange")  # the extra turn gives no other
    assert state.turn_player == 0 and not state.extra
    assert "mt.8.1" not in rules_cited(lines)


@pytest.mark.rule("mt.8.2")
def test_a_successful_steal_from_the_holder_takes_the_token() -> None:
    state = table({"tanks": [["red"], ["green", "blue"]]}, players=2, power_token=True)
    lines = play_turn(state, "Steal from Ben", "green")
    assert state.holder == 0
    assert "mt.8.2" in rules_cited(lines)
    assert "[mt.8.1] Ava holds the Power Token and takes an extra turn." in lines
    first = table({}, players=3, power_token=True, rulings={"power_token_start": "first_seat"})
    assert first.holder == 0


def test_the_options_are_checked() -> None:
    with pytest.raises(OptionError, match="lives"):
        tutor.load_game("mantis", lives=12)
    with pytest.raises(OptionError, match="failed_steal"):
        tutor.load_game("mantis", rulings={"failed_steal": "nowhere"})
    with pytest.raises(OptionError, match="no option .random_backs."):
        tutor.load_game("mantis", rulings={"deck_makeup": "random_backs"})


# ------------------------------------------------------------------ what players see
@pytest.mark.rule("mt.9.1")
def test_a_player_sees_every_tank_but_only_their_own_score_pile() -> None:
    setup = {"tanks": [["red"], ["blue"], ["green"]], "scored": [["pink"], ["orange"] * 2, []]}
    state = table(setup, players=3)
    view = state.view(0)
    assert [p["tank"] for p in view["players"]] == state.tanks
    assert view["players"][0]["score"] == state.scored[0]
    assert view["players"][1]["score"] is None and view["players"][1]["score_count"] == 2
    assert view["top_back"] is None  # the back is shown at the first chance step
    state.apply(state.sample_chance(Rng(2)))
    assert view["draw_pile"] == len(state.pile)
    assert len(state.view(1)["top_back"]) == 3
    assert state.view(None)["players"][1]["score"] == state.scored[1]
    # A copy that differs in Ben's scored cards looks the same to Ava and Cleo.
    for viewer in (0, 2):
        for _, other in state.game.hidden_variants(state, viewer):
            assert other.view(viewer) == state.view(viewer)


def test_determinize_keeps_the_view_and_deals_unknown_cards_again() -> None:
    state = table({"scored": [["pink"], ["orange"] * 3, ["red"]]}, players=3)
    state.apply(state.sample_chance(Rng(2)))
    world = state.game.determinize(state, 0, Rng(5))
    strip = lambda v: {k: x for k, x in v.items() if k != "trace"}  # noqa: E731
    assert strip(world.view(0)) == strip(state.view(0))
    assert world.scored[0] == state.scored[0]
    assert state.game.check_invariants(world) == []
    with pytest.raises(ValueError, match="player 7"):
        state.game.determinize(state, 7, Rng(1))


# ------------------------------------------------------------------ bad input
def test_a_broken_deck_file_is_named_with_its_key_path(tmp_path: Path) -> None:
    text = (
        Path(load_deck.__code__.co_filename).parents[3] / "rulesets/mantis/deck.yaml"
    ).read_text()
    (tmp_path / "deck.yaml").write_text(text.replace("faces: [red, orange, yellow]",
                                                     "faces: [red, orange, teal]", 1))  # fmt: skip
    with pytest.raises(RulesetError) as caught:
        load_deck(tmp_path)
    assert "backs[0].faces[2]" in str(caught.value) and "teal" in str(caught.value)
    (tmp_path / "deck.yaml").write_text("inferred: true\ncolours: 3\nbacks: []\n")
    with pytest.raises(RulesetError, match="colours"):
        load_deck(tmp_path)


def test_a_corrupt_saved_state_is_refused_naming_where() -> None:
    game = tutor.load_game("mantis")
    state = game.new_state(seed=2)
    good = json.loads(json.dumps(state.to_dict()))
    assert load_state(game, good, "s.json", SessionFileError.at) == state
    twice = json.loads(json.dumps(good))
    twice["tanks"][1][0] = twice["tanks"][0][0]  # one card in two tanks
    with pytest.raises(SessionFileError, match="in Ava's tank and in Ben's tank"):
        load_state(game, twice, "s.json", SessionFileError.at)
    typed = json.loads(json.dumps(good))
    typed["pile"][3] = "green"
    with pytest.raises(SessionFileError, match=r"pile\[3\]"):
        load_state(game, typed, "s.json", SessionFileError.at)


def test_a_bad_scenario_setup_names_the_key() -> None:
    with pytest.raises(SessionFileError, match=r"setup.tanks\[0\]\[0\]"):
        build_scenario({"game": "mantis", "setup": {"tanks": [["teal"], [], [], []]}})
    with pytest.raises(SessionFileError, match="no free green"):
        build_scenario({"game": "mantis", "setup": {"discard": ["green"] * 16}})


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**20),
    picks=st.lists(st.integers(min_value=-3, max_value=9), max_size=12),
)
def test_any_action_sequence_keeps_the_invariants_or_is_refused(seed: int, picks: list) -> None:
    game = tutor.load_game("mantis", players=3, lives=1, power_token=True)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for pick in picks * 8:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if state.decision_kind() == "chance":
            state.apply(state.sample_chance(rng))
        elif 0 <= pick < len(legal):
            state.apply(legal[pick])
        else:
            before = state.to_dict()
            from tutor.core.types import Action

            verdict = state.check(Action(state.turn_player, "steal", (pick,)))
            assert not verdict.ok and verdict.rule in game.rulebook
            assert state.to_dict() == before
        assert game.check_invariants(state) == []


def test_the_docs_scenario_example_plays_a_failed_steal() -> None:
    import re

    import yaml

    page = (Path(__file__).parents[3] / "docs" / "mantis.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", page, re.S)
    assert block is not None
    session = build_scenario(yaml.safe_load(block.group(1)))
    lines = session.state.trace_for(None)
    assert any(line.startswith("[mt.2.2] The scenario rearranges the table.") for line in lines)
    assert any(line.startswith("[mt.5.3] Ben has no green card") for line in lines)


def test_the_teaching_scenarios_load_and_teach_what_they_say() -> None:
    names = [s.name for s in tutor.teaching_scenarios("mantis")]
    assert names == ["failed_steal", "one_card_from_ten", "tank_tiebreak"]
    steal = tutor.load_teaching_scenario("mantis", "failed_steal").state
    assert any(line.startswith("[mt.5.3]") for line in steal.trace_for(None))
    ten = tutor.load_teaching_scenario("mantis", "one_card_from_ten").state
    # The session has shown the back already: Ava must announce.
    assert len(ten.scored[0]) == 8 and ten.decision.kind == "choice" and ten.top_back >= 0
    last = tutor.load_teaching_scenario("mantis", "tank_tiebreak").state
    last.apply(last.action_by_label("Score"))  # a yellow joins Ava's tank: two each
    last.apply(last.sample_chance())
    assert last.outcome().reason == "shared_win" and last.outcome().rule == "mt.6.4"
