"""Card timing, negate, reshuffle, keywords, versus, alone and the illustrative effects."""

from __future__ import annotations

import pytest
from games.manos.mn_helpers import do, labels, position, rules_cited, texts

from tutor.games.manos.engine.state import FAMILY, MANOS


def manos_turn(family: list[str], manos: list[str], **setup: object):
    return position({"turn": "manos", "hands": {"family": family, "manos": manos}, **setup})


@pytest.mark.rule("mn.9.2")
@pytest.mark.rule("mn.16.3")
@pytest.mark.rule("mn.16.2")
@pytest.mark.rule("mn.16.1")
def test_both_sides_play_cards_during_a_challenge() -> None:
    state = manos_turn(["Determination", "Second Wind"], ["The Master's Gaze", "Dark Will"])
    do(state, "Challenge Debbie with The Master's Gaze")
    entries = do(state, "Play Dark Will", "Let Dark Will be")
    do(state, "Let the challenge stand")
    assert "mn.16.3" in rules_cited(entries) and "rating 5" in state.decision.prompt
    do(state, "Play Determination (effort 2)")
    entries = do(state, "Play Second Wind", "Let Second Wind be")  # Help, on Manos' turn
    assert "mn.16.2" in rules_cited(entries)
    entries = do(state, "Stand on a total effort of 7")  # 2 + 2 + Resist 3
    assert "overcomes" in texts(entries)


@pytest.mark.rule("mn.12.6")
@pytest.mark.rule("mn.12.9")
def test_a_negated_card_has_no_effect_but_reshuffle_still_happens() -> None:
    state = manos_turn(["Grit"], ["Eternal Night", "No Escape Here"])
    do(state, "Play Eternal Night")
    assert state.decision.player == FAMILY and state.decision.rule == "mn.12.6"
    do(state, "Let Eternal Night be")
    state.apply(state.sample_chance())
    state.apply(state.sample_chance())
    assert len(state.hands[MANOS]) == 3  # No Escape Here + the two drawn
    # Now the Family plays Desert Map on its turn, and Manos negates it.
    fam = position({"hands": {"family": ["Desert Map", "Grit"], "manos": ["No Escape Here"]}})
    do(fam, "Play Desert Map")
    entries = do(fam, "Negate it with No Escape Here", "Let No Escape Here be")
    assert "mn.12.6" in rules_cited(entries) and "mn.12.9" in rules_cited(entries)
    assert len(fam.hands[FAMILY]) == 1  # no cards drawn
    assert fam.discards[FAMILY] == []  # Reshuffle: the pile went back into the deck
    assert "Desert Map" not in [fam.cname(MANOS, c) for c in fam.discards[MANOS]]


@pytest.mark.rule("mn.12.6")
def test_a_negate_can_be_negated_in_turn() -> None:
    state = manos_turn(["Snap Out of It"], ["The Master's Gaze", "No Escape Here"])
    do(state, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    do(state, "Negate the challenge with Snap Out of It")
    do(state, "Negate it with No Escape Here", "Let No Escape Here be")
    # Snap Out of It was negated: the challenge stands; with no Effort card, concede.
    assert labels(state) == ["Concede: Michael takes a corruption token"]
    fresh = manos_turn(["Snap Out of It"], ["The Master's Gaze"])
    do(fresh, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    entries = do(fresh, "Negate the challenge with Snap Out of It", "Let Snap Out of It be")
    assert "negated" in texts(entries) and fresh.corruption[0] == 0


@pytest.mark.rule("mn.12.8")
def test_reshuffle_sends_the_discard_pile_back_into_the_deck() -> None:
    state = manos_turn(["Grit"], ["Hypnotic Stare", "Torgo Lurches"])
    do(state, "Challenge Michael with Torgo Lurches", "Let the challenge stand")
    do(state, "Concede: Michael takes a corruption token")
    assert len(state.discards[MANOS]) == 1
    do(state, "Challenge Margaret with Hypnotic Stare", "Let the challenge stand")
    entries = do(state, "Concede: Margaret takes a corruption token")
    assert "mn.12.8" in rules_cited(entries) and state.discards[MANOS] == []


@pytest.mark.rule("mn.12.1")
@pytest.mark.rule("mn.12.3")
def test_keyword_and_versus_bonuses() -> None:
    state = manos_turn(["Tire Iron"], ["Torgo's Grip"])
    entries = do(state, "Challenge Debbie with Torgo's Grip")
    assert "mn.12.3" in rules_cited(entries)
    do(state, "Let the challenge stand")
    assert "rating 5" in state.decision.prompt  # 4, +1 vs. Debbie
    entries = do(state, "Play Tire Iron (effort 2)")
    assert "adds 1 against Torgo" in texts(entries) and "mn.12.1" in rules_cited(entries)
    entries = do(state, "Stand on a total effort of 4")  # 2 + 1 (Torgo) + Fight 1
    assert "fails" in texts(entries)


@pytest.mark.rule("mn.12.5")
@pytest.mark.rule("mn.12.4")
def test_alone_cards_target_only_a_character_who_is_alone() -> None:
    state = manos_turn(
        ["Grit"],
        ["Lost and Alone", "Whispered Curse"],
        characters={"Margaret": {"location": "Lodge Exterior"}},
    )
    assert "Challenge Margaret with Lost and Alone" in labels(state)
    assert "Challenge Michael with Lost and Alone" not in labels(state)
    entries = do(state, "Play Whispered Curse on Margaret", "Let Whispered Curse be")
    assert state.corruption[1] == 1 and "mn.5.5" in rules_cited(entries)


@pytest.mark.rule("mn.5.5")
@pytest.mark.rule("mn.16.7")
def test_primal_darkness_on_manos_turn_and_a_challenge_called_off() -> None:
    state = manos_turn(["Bolt the Door", "Grit"], ["The Master's Gaze", "Eternal Night"])
    entries = do(state, "Play Eternal Night", "Let Eternal Night be")
    assert "mn.5.5" in rules_cited(entries)
    state.apply(state.sample_chance())
    state.apply(state.sample_chance())
    do(state, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    entries = do(state, "Play Bolt the Door", "Let Bolt the Door be")
    assert "mn.16.7" in rules_cited(entries) and state.corruption[0] == 0


@pytest.mark.rule("mn.13.1")
def test_an_empty_deck_takes_its_discard_pile_as_a_new_deck() -> None:
    state = manos_turn(["Grit"], ["Torgo Lurches"])
    deck = state.decks[MANOS]
    state.discards[MANOS] = sorted(deck[1:])
    state.decks[MANOS] = deck[:1]
    do(state, "Draw two cards")
    entries = state.apply(state.sample_chance())
    assert "mn.13.1" in rules_cited(entries)
    assert state.discards[MANOS] == [] and len(state.decks[MANOS]) > 10


@pytest.mark.rule("mn.13.2")
def test_a_depleted_search_deck_stays_depleted() -> None:
    state = position(
        {
            "hands": {"family": ["Grit"]},
            "characters": {"Debbie": {"location": "Lodge Interior"}},
            "search_decks": {"Lodge Interior": ["No Progress"]},
        }
    )
    do(state, "Debbie searches the Lodge Interior", "Let the challenge stand")
    do(state, "Play Grit (effort 1)", "Stand on a total effort of 4")
    entries = state.apply(state.sample_chance())
    assert "mn.13.2" in rules_cited(entries) and state.search_decks[0] == []
    do(state, "End the turn")
    assert not [x for x in labels(state) if "searches the Lodge Interior" in x]
