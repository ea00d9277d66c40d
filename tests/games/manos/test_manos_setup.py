"""Set-up: Locations and adjacency, the Search Decks, the characters, the opening hands."""

from __future__ import annotations

from collections import Counter

import pytest
from games.manos.mn_helpers import position, rules_cited

import tutor
from tutor.core.rng import Rng
from tutor.games.manos.cards import LAIR, START
from tutor.games.manos.engine.state import FAMILY, MANOS


@pytest.mark.rule("mn.2.1")
def test_five_locations_with_orthogonal_neighbours_only() -> None:
    game = tutor.load_game("manos")
    names = [loc.name for loc in game.cards.locations]
    assert names == ["Lodge Interior", "Lodge Exterior", "Desert", "Backroads", "Lair"]
    adjacent = {names[i]: sorted(names[j] for j in game.adjacent[i]) for i in range(5)}
    # The cross (ruling location_pattern): everything touches the Lodge Exterior.
    assert adjacent["Lodge Exterior"] == ["Backroads", "Desert", "Lair", "Lodge Interior"]
    assert adjacent["Lodge Interior"] == ["Lodge Exterior"]  # Backroads is diagonal
    ring = tutor.load_game("manos", rulings={"location_pattern": "ring"})
    assert sorted(names[j] for j in ring.adjacent[LAIR]) == ["Desert", "Lodge Interior"]
    state = game.new_state(seed=4)
    assert "mn.2.1" in rules_cited(state.trace)


@pytest.mark.rule("mn.2.2")
@pytest.mark.rule("mn.1.4")
def test_search_decks_are_built_as_the_set_up_says() -> None:
    for seed in range(20):
        state = tutor.load_game("manos").new_state(seed=seed)
        cards = state.game.cards.search
        assert [len(d) for d in state.search_decks] == [3, 3, 3, 3]
        dealt = Counter(cards[c].kind for d in state.search_decks for c in d)
        assert dealt == {"no_progress": 7, "escape": 3, "other": 2}
        assert state.lair_escape and state.escapes() == 0
        removed = Counter(cards[c].kind for c in state.search_removed)
        assert removed == {"other": sum(c.copies for c in cards if c.kind == "other") - 2}
    assert "mn.2.2" in rules_cited(state.trace)


@pytest.mark.rule("mn.2.3")
@pytest.mark.rule("mn.1.1")
def test_characters_start_at_the_lodge_interior() -> None:
    state = tutor.load_game("manos").new_state(seed=2)
    assert state.loc == [START] * 3 and state.corruption == [0, 0, 0]
    assert [c.name for c in state.game.cards.characters] == ["Michael", "Margaret", "Debbie"]
    assert "mn.2.3" in rules_cited(state.trace)


@pytest.mark.rule("mn.2.4")
@pytest.mark.rule("mn.2.5")
@pytest.mark.rule("mn.1.2")
@pytest.mark.rule("mn.1.3")
def test_each_side_draws_seven_hidden_cards_manos_first() -> None:
    state = tutor.load_game("manos").new_state(seed=3)
    assert state.decision.rule == "mn.2.4"  # Manos draws first (step 4), then the Family
    rng = Rng(5)
    while state.decision.kind == "chance" and state.decision.rule == "mn.2.4":
        state.apply(state.sample_chance(rng))
    assert len(state.hands[MANOS]) == 7
    assert {state.card(MANOS, c).group for c in state.decks[MANOS]} == {"challenge", "darkness"}
    while state.decision.rule == "mn.2.5":
        state.apply(state.sample_chance(rng))
    assert len(state.hands[FAMILY]) == 7
    assert {state.card(FAMILY, c).group for c in state.decks[FAMILY]} == {"effort", "help"}
    draws = [e for e in state.trace if e.rule in ("mn.2.4", "mn.2.5")]
    assert all(e.visible_to is not None and e.public_text for e in draws)


@pytest.mark.rule("mn.3.1")
@pytest.mark.rule("mn.4.1")
def test_the_family_goes_first_and_draws_one() -> None:
    state = position()
    assert state.side == FAMILY and len(state.hands[FAMILY]) == 8
    assert state.decision.player == FAMILY and state.actions_left == 2
    assert "mn.4.1" in rules_cited(state.trace)
    assert any("Family turn begins" in e.text for e in state.trace if e.rule == "mn.3.1")
