"""The Family turn: its draw, two actions, Relocate, Search, Draw, Help cards, limits."""

from __future__ import annotations

import pytest
from games.manos.mn_helpers import chance, do, labels, position, rules_cited, texts

from tutor.core.errors import IllegalActionError
from tutor.core.types import Action, Rejection
from tutor.games.manos.engine.state import FAMILY, MANOS

HAND = ["Grit", "Determination", "Determination", "Comfort", "Keep Moving"]


@pytest.mark.rule("mn.4.3")
def test_two_actions_and_no_character_repeats_an_action() -> None:
    state = position({"hands": {"family": HAND}})
    do(state, "Relocate Michael to the Lodge Exterior")
    assert state.actions_left == 1
    assert "Relocate Michael to the Desert" not in labels(state)  # Michael moved already
    do(state, "Relocate Margaret to the Lodge Exterior")  # Relocate picked twice
    assert state.actions_left == 0
    assert not [x for x in labels(state) if x.startswith(("Relocate", "Draw two"))]
    verdict = state.check(Action(FAMILY, "relocate", (2, 1), "Relocate Debbie"))
    assert not verdict.ok and verdict.rule == "mn.4.3" and verdict.code == Rejection.FORBIDDEN
    entries = do(state, "End the turn")
    assert state.side == MANOS and "mn.4.3" in rules_cited(entries)


@pytest.mark.rule("mn.4.4")
def test_relocate_only_to_adjacent_locations_and_not_into_the_lair_early() -> None:
    state = position({"characters": {"Michael": {"location": "Lodge Exterior"}}})
    moves = sorted(x for x in labels(state) if x.startswith("Relocate Michael"))
    assert moves == [
        "Relocate Michael to the Backroads",
        "Relocate Michael to the Desert",
        "Relocate Michael to the Lodge Interior",
    ]
    diagonal = Action(FAMILY, "relocate", (1, 3), "Relocate Margaret to the Backroads")
    verdict = state.check(diagonal)
    assert not verdict.ok and "diagonal" in verdict.reason and verdict.rule == "mn.4.4"
    lair = state.check(Action(FAMILY, "relocate", (0, 4), "Relocate Michael to the Lair"))
    assert not lair.ok and "Escape" in lair.reason
    ready = position({"escapes": 3, "characters": {"Michael": {"location": "Lodge Exterior"}}})
    entries = do(ready, "Relocate Michael to the Lair")
    assert ready.loc[0] == 4 and "mn.4.4" in rules_cited(entries)


@pytest.mark.rule("mn.4.5")
@pytest.mark.rule("mn.4.7")
@pytest.mark.rule("mn.12.2")
def test_search_is_a_rating_3_challenge_on_the_locations_stat_then_a_card_turns() -> None:
    state = position(
        {
            "hands": {"family": HAND},
            "characters": {"Margaret": {"location": "Desert"}},
            "search_decks": {"Desert": ["Escape", "No Progress", "Car Keys"]},
        }
    )
    entries = do(state, "Margaret searches the Desert")
    assert "rating 3 on Flee" in texts(entries)
    do(state, "Let the challenge stand", "Play Grit (effort 1)", "Stand on a total effort of 4")
    assert state.decision.kind == "chance" and state.decision.rule == "mn.4.7"
    entries = chance(state, "Turn Escape")
    assert state.escapes() == 1 and len(state.search_decks[2]) == 2
    assert "the Family keeps it" in texts(entries) and "mn.4.7" in rules_cited(entries)


@pytest.mark.rule("mn.4.7")
def test_no_progress_is_discarded_and_other_cards_are_followed() -> None:
    state = position({"hands": {"family": HAND}, "search_decks": {"Lodge Interior": ["Car Keys"]}})
    do(state, "Debbie searches the Lodge Interior", "Let the challenge stand")
    do(state, "Play Grit (effort 1)", "Stand on a total effort of 4")  # Resist 3 + 1
    entries = chance(state, "Turn Car Keys")
    assert "follows it" in texts(entries)
    assert state.decision.rule == "mn.4.7" and state.decision.kind == "chance"  # Car Keys: draw 2
    before = len(state.hands[FAMILY])
    state.apply(state.sample_chance())
    state.apply(state.sample_chance())
    assert len(state.hands[FAMILY]) == before + 2
    assert [state.game.cards.search[c].name for c in state.search_discard] == ["Car Keys"]


@pytest.mark.rule("mn.4.6")
def test_a_failed_search_costs_a_token_and_leaves_the_location_unsearched() -> None:
    state = position(
        {"hands": {"family": HAND}, "characters": {"Michael": {"location": "Lodge Interior"}}}
    )
    do(state, "Michael searches the Lodge Interior", "Let the challenge stand")
    entries = do(state, "Play Grit (effort 1)", "Stand on a total effort of 2")  # Resist 1 + 1 < 3
    assert state.corruption[0] == 1
    assert "mn.4.6" in rules_cited(entries) and 0 not in state.searched_here
    # Margaret may still search the Lodge Interior this turn; Michael may not search again.
    assert "Margaret searches the Lodge Interior" in labels(state)
    assert "Michael searches the Lodge Interior" not in labels(state)


@pytest.mark.rule("mn.4.8")
def test_each_location_is_searched_at_most_once_a_turn() -> None:
    state = position({"hands": {"family": HAND}})
    do(state, "Debbie searches the Lodge Interior", "Let the challenge stand")
    do(state, "Play Grit (effort 1)", "Stand on a total effort of 4")
    state.apply(state.sample_chance())
    assert "Michael searches the Lodge Interior" not in labels(state)
    verdict = state.check(Action(FAMILY, "search", (0,), "Michael searches"))
    assert not verdict.ok and verdict.rule == "mn.4.8"


@pytest.mark.rule("mn.4.9")
@pytest.mark.rule("mn.4.2")
def test_draw_two_and_discard_down_to_eight_at_once() -> None:
    state = position({"hands": {"family": HAND + ["Grit", "Grit", "Grit"]}})
    assert len(state.hands[FAMILY]) == 8
    entries = do(state, "Draw two cards")
    assert "mn.4.9" in rules_cited(entries)
    state.apply(state.sample_chance())
    assert state.decision.rule == "mn.4.2" and state.decision.player == FAMILY
    with pytest.raises(IllegalActionError):
        state.apply(Action(FAMILY, "end", (), "End the turn"))
    do(state, "Discard Keep Moving")
    assert len(state.hands[FAMILY]) == 8 and state.decision.kind == "chance"
    state.apply(state.sample_chance())
    do(state, "Discard Grit")
    assert len(state.hands[FAMILY]) == 8 and state.decision.rule == "mn.4.3"
    assert "Draw two cards" not in labels(state)  # ruling family_draw: once a turn


@pytest.mark.rule("mn.4.10")
@pytest.mark.rule("mn.9.1")
def test_help_cards_any_number_on_the_family_turn_only() -> None:
    state = position({"hands": {"family": HAND}, "characters": {"Michael": {"corruption": 1}}})
    entries = do(state, "Play Comfort on Michael", "Let Comfort be")
    assert state.corruption[0] == 0 and "mn.4.10" in rules_cited(entries)
    do(state, "Play Keep Moving", "Let Keep Moving be")
    assert state.actions_left == 3  # played cards are not actions
    assert state.discards[FAMILY] == sorted(
        state.game.cards.family.index(c)
        for c in state.game.cards.family
        if c.name in ("Comfort", "Keep Moving")
    )
    do(state, "End the turn")
    state.apply(state.sample_chance())
    assert not [x for x in labels(state) if x.startswith("Play")] or all(
        state.card(MANOS, a.args[0]).group == "darkness"
        for a in state.legal_actions()
        if a.kind == "play"
    )


@pytest.mark.rule("mn.4.4")
def test_tempting_moves_are_shown_with_the_rule_that_forbids_them() -> None:
    state = position({"characters": {"Margaret": {"location": "Lodge Exterior"}}})
    tempting = {a.label: v for a, v in state.tempting_actions()}
    assert tempting["Relocate Michael to the Backroads"].rule == "mn.4.4"
    assert "diagonal" in tempting["Relocate Michael to the Backroads"].reason
    assert "Escape" in tempting["Relocate Margaret to the Lair"].reason
    assert all(not v.ok for v in tempting.values())
