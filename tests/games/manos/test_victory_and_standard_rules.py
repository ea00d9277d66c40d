"""Victory, the Police (standard rule) and the Lair Showdown (standard rule)."""

from __future__ import annotations

import pytest
from games.manos.mn_helpers import chance, do, position, rules_cited, texts

import tutor
from tutor.games.manos.engine.state import FAMILY, MANOS


def at_the_lair(**options: object):
    return position(
        {
            "escapes": 3,
            "hands": {"family": ["Grit"]},
            "characters": {"Michael": {"location": "Lair"}},
        },
        **options,
    )


@pytest.mark.rule("mn.11.1")
def test_the_family_takes_the_lair_escape_and_relocates_out() -> None:
    state = at_the_lair()
    entries = do(state, "Michael searches the Lair")
    assert state.escapes() == 4 and not state.lair_escape and "mn.11.1" in rules_cited(entries)
    assert not state.is_terminal()
    entries = do(state, "Relocate Margaret to the Lodge Exterior")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (FAMILY,) and outcome.reason == "escaped"


@pytest.mark.rule("mn.11.1")
def test_the_lair_search_challenge_house_rule() -> None:
    state = at_the_lair(rulings={"lair_search": "challenge"})
    do(state, "Michael searches the Lair", "Let the challenge stand")
    entries = do(state, "Play Grit (effort 1)", "Stand on a total effort of 2")  # +2 escalation
    assert "fails" in texts(entries) and state.lair_escape and state.corruption[0] == 1


@pytest.mark.rule("mn.14.1")
@pytest.mark.rule("mn.14.2")
def test_police_badges_move_proximity_between_0_and_3() -> None:
    state = position(
        {"hands": {"family": ["Cool Head", "Desert Map", "Keep Moving"]}, "proximity": 1},
        modules=["police"],
    )
    assert "mn.14.1" in rules_cited(state.trace)
    entries = do(state, "Play Desert Map")  # badge -1
    assert state.proximity == 0 and "mn.14.2" in rules_cited(entries)
    do(state, "Let Desert Map be")
    state.apply(state.sample_chance())
    state.apply(state.sample_chance())
    do(state, "Play Keep Moving")  # badge +1
    assert state.proximity == 1
    starter = position({"hands": {"family": ["Keep Moving"]}})
    do(starter, "Play Keep Moving")
    assert starter.proximity == 0  # no Police in the starter rules


@pytest.mark.rule("mn.14.3")
@pytest.mark.rule("mn.14.4")
def test_no_progress_brings_the_police_and_an_event_is_carried_out() -> None:
    state = position(
        {
            "hands": {"family": ["Grit"]},
            "characters": {"Debbie": {"corruption": 1}},
            "search_decks": {"Lodge Interior": ["No Progress"]},
            "proximity": 2,
        },
        modules=["police"],
    )
    do(state, "Debbie searches the Lodge Interior", "Let the challenge stand")
    do(state, "Play Grit (effort 1)")  # badge 0
    do(state, "Stand on a total effort of 4")
    entries = chance(state, "Turn No Progress")
    assert "mn.14.3" in rules_cited(entries) and state.decision.rule == "mn.14.4"
    entries = chance(state, "Police Event: Flashing Lights")
    assert state.corruption[2] == 0 and state.proximity == 0
    assert "mn.14.4" in rules_cited(entries)
    assert state.decision.player == FAMILY  # the Family's turn carries on


@pytest.mark.rule("mn.15.1")
@pytest.mark.rule("mn.15.2")
@pytest.mark.rule("mn.15.5")
@pytest.mark.rule("mn.15.3")
def test_the_showdown_replaces_the_relocate_out() -> None:
    state = at_the_lair(modules=["showdown"])
    assert "mn.15.1" in rules_cited(state.trace)
    entries = do(state, "Michael searches the Lair")
    assert "mn.15.2" in rules_cited(entries) and "mn.15.5" in rules_cited(entries)
    assert state.phase == "showdown" and state.decision.rule == "mn.15.3"
    entries = chance(state, "Lair Showdown: The Wives Quarrel")  # no challenges at all
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (FAMILY,) and outcome.reason == "showdown"


@pytest.mark.rule("mn.15.4")
@pytest.mark.rule("mn.15.3")
@pytest.mark.rule("mn.15.5")
def test_showdown_hands_then_every_challenge_must_be_overcome() -> None:
    state = position(
        {
            "escapes": 3,
            "hands": {"family": ["Grit", "Comfort"], "manos": ["Torgo Lurches", "Dark Will"]},
            "characters": {"Michael": {"location": "Lair"}, "Margaret": {"corruption": 2}},
        },
        modules=["showdown"],
    )
    do(state, "Michael searches the Lair")
    chance(state, "Lair Showdown: The Master Awakes")  # two challenges from Manos' hand
    assert state.decision.rule == "mn.15.4" and state.decision.player == FAMILY
    do(state, "Discard Comfort", "Keep the rest and draw the showdown hand")
    while state.decision.kind == "chance":
        state.apply(state.sample_chance())
    assert len(state.hands[FAMILY]) == 8 + 2  # two free characters
    do(state, "Keep the rest and draw the showdown hand")
    while state.decision.kind == "chance":
        state.apply(state.sample_chance())
    assert len(state.hands[MANOS]) == 8 + 1  # one captured character
    assert state.decision.rule == "mn.15.3"
    do(state, "Challenge Debbie with Torgo Lurches", "Let the challenge stand")
    assert "rating 3" in state.decision.prompt  # no escalation in the showdown
    do(state, "Concede: Debbie takes a corruption token")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (MANOS,) and outcome.rule == "mn.15.3"


@pytest.mark.rule("mn.11.2")
def test_every_rules_variant_plays_to_an_end() -> None:
    from tutor.core.rng import Rng

    for modules in ([], ["police"], ["showdown"], ["police", "showdown"]):
        game = tutor.load_game("manos", modules=modules)
        reasons = set()
        for seed in range(30):
            state = game.new_state(seed=seed, tracing=False)
            state.play_out(Rng(seed))
            outcome = state.outcome()
            assert outcome is not None
            reasons.add(outcome.reason)
        assert "captured_all" in reasons
