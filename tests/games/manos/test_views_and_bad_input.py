"""What each side sees, and bad input: illegal actions, broken card files, corrupt saves."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from games.manos.mn_helpers import do, position
from hypothesis import given
from hypothesis import strategies as st

import tutor
from tutor.core.errors import IllegalActionError, RulesetError, SessionFileError
from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.core.validation import load_state
from tutor.games.manos.engine.state import FAMILY, MANOS

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.rule("mn.2.4")
@pytest.mark.rule("mn.2.5")
def test_views_hide_the_other_hand_and_the_search_decks() -> None:
    state = position({"hands": {"family": ["Grit"], "manos": ["Dark Will"]}})
    family, manos, tutor_view = state.view(FAMILY), state.view(MANOS), state.view(None)
    assert family["players"][0]["hand"] == ["Grit"] and family["players"][1]["hand"] is None
    assert manos["players"][1]["hand"] == ["Dark Will"] and manos["players"][0]["hand"] is None
    assert all(loc["search_cards"] is None for loc in family["locations"])
    assert tutor_view["locations"][0]["search_cards"] is not None
    assert family["locations"][0]["search_deck"] == 3
    assert not any("draws Dark Will" in line for line in state.trace_for(FAMILY))
    assert any("Manos draws a card" in line for line in state.trace_for(FAMILY))


def test_determinize_keeps_the_view_and_deals_the_unseen_again() -> None:
    state = position({"hands": {"family": ["Grit"], "manos": ["Dark Will", "Cornered"]}})
    world = state.game.determinize(state, FAMILY, Rng(3))
    mine = {k: v for k, v in state.view(FAMILY).items() if k != "trace"}
    assert {k: v for k, v in world.view(FAMILY).items() if k != "trace"} == mine
    assert state.game.check_invariants(world) == []
    worlds = {tuple(state.game.determinize(state, FAMILY, Rng(s)).hands[MANOS]) for s in range(8)}
    assert len(worlds) > 1


def test_an_illegal_action_names_the_rule_and_changes_nothing() -> None:
    state = position({"hands": {"family": ["Grit"]}})
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        state.apply(Action(FAMILY, "relocate", (0, 3), "Relocate Michael to the Backroads"))
    assert err.value.rule == "mn.4.4" and "diagonal" in err.value.reason
    assert json.dumps(state.to_dict(), sort_keys=True) == before


@given(
    kind=st.sampled_from(["relocate", "search", "draw", "play", "challenge", "effort", "end"]),
    args=st.lists(st.integers(min_value=-3, max_value=40), max_size=3),
    player=st.integers(min_value=0, max_value=1),
)
def test_random_garbage_is_refused_or_legal_and_never_corrupts(
    kind: str, args: list[int], player: int
) -> None:
    state = position(seed=2, setup={"hands": {"family": ["Grit", "Comfort"]}})
    before = json.dumps(state.to_dict(), sort_keys=True)
    action = Action(player, kind, tuple(args), "x")
    verdict = state.check(action)
    if not verdict.ok:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert json.dumps(state.to_dict(), sort_keys=True) == before
        assert verdict.reason and verdict.rule


def test_a_broken_card_file_names_the_file_and_the_key(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    shutil.copytree(ROOT / "rulesets" / "manos", deck)
    text = (
        (deck / "cards.yaml")
        .read_text()
        .replace("rating: 4, stat: resist", "rating: 4, stat: luck", 1)
    )
    (deck / "cards.yaml").write_text(text)
    with pytest.raises(RulesetError) as err:
        tutor.load_game("manos", deck=str(deck))
    assert "cards.yaml" in str(err.value) and "challenge[0].stat" in str(err.value)
    ok = (ROOT / "rulesets" / "manos" / "cards.yaml").read_text()
    (deck / "cards.yaml").write_text(ok.replace("copies: 7", "copies: 6"))
    with pytest.raises(RulesetError) as err:
        tutor.load_game("manos", deck=str(deck))
    assert "no_progress" in str(err.value)


def test_a_corrupt_saved_state_is_refused_with_its_key_path() -> None:
    game = tutor.load_game("manos")
    state = position()
    data = json.loads(json.dumps(state.to_dict()))
    data["corruption"] = [0, 5, 0]
    with pytest.raises(SessionFileError) as err:
        load_state(game, data, "save.json", SessionFileError.at)
    assert "corruption" in str(err.value)
    data = json.loads(json.dumps(state.to_dict()))
    data["stack"] = [[9, 1]]
    with pytest.raises(SessionFileError) as err:
        load_state(game, data, "save.json", SessionFileError.at)
    assert "stack" in str(err.value)
    data = json.loads(json.dumps(state.to_dict()))
    data["hands"][0].append(data["decks"][0][0])  # a card in two places
    with pytest.raises(SessionFileError) as err:
        load_state(game, data, "save.json", SessionFileError.at)
    assert "created or lost" in str(err.value)
    good = load_state(
        game, json.loads(json.dumps(state.to_dict())), "save.json", SessionFileError.at
    )
    assert good == state
    do(good, "End the turn")
