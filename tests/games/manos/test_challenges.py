"""The Manos turn and challenges: concede, Effort cards, boosts, escalation, capture."""

from __future__ import annotations

import pytest
from games.manos.mn_helpers import do, labels, position, rules_cited, texts

from tutor.core.types import Action
from tutor.games.manos.engine.state import FAMILY, MANOS

MANOS_HAND = ["The Master's Gaze", "Torgo Lurches", "Dark Will", "Eternal Night"]


def manos_turn(family: list[str], manos: list[str] = MANOS_HAND, **setup: object):
    return position({"turn": "manos", "hands": {"family": family, "manos": manos}, **setup})


@pytest.mark.rule("mn.6.1")
@pytest.mark.rule("mn.6.3")
@pytest.mark.rule("mn.6.4")
@pytest.mark.rule("mn.8.1")
def test_the_rulebooks_example_michael_overcomes_a_rating_4_resist_challenge() -> None:
    # A rating-4 Resist challenge on Michael; one Effort card of 2, one Help card
    # discarded for +1, Michael's Resist of 1: a total of 4, just enough.
    state = manos_turn(["Determination", "Comfort", "Grit"])
    assert state.game.cards.characters[0].stats[0] == 1  # Michael's Resist (rulebook)
    entries = do(state, "Challenge Michael with The Master's Gaze")
    assert "rating 4, Resist" in texts(entries) and "mn.6.1" in rules_cited(entries)
    do(state, "Let the challenge stand", "Play Determination (effort 2)")
    do(state, "Discard Comfort for +1", "Stand on a total effort of 4")
    result = [e for e in state.trace if e.rule == "mn.6.4"][-1]
    assert result.text == (
        "Total effort 4 (Determination 2 + 1 boost + Resist 1) against rating 4: Michael "
        "overcomes the challenge."
    )
    assert state.corruption[0] == 0 and state.actions_left == 1


@pytest.mark.rule("mn.5.1")
@pytest.mark.rule("mn.5.2")
@pytest.mark.rule("mn.5.3")
def test_manos_draws_one_then_may_challenge_the_same_character_twice() -> None:
    state = position({"hands": {"manos": MANOS_HAND}})
    do(state, "End the turn")
    assert state.decision.rule == "mn.5.1" and state.decision.kind == "chance"
    state.apply(state.sample_chance())
    assert len(state.hands[MANOS]) == 5 and state.actions_left == 2
    do(state, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    do(state, "Concede: Michael takes a corruption token")
    entries = do(state, "Challenge Michael with Torgo Lurches")
    assert "mn.5.3" in rules_cited(entries) and state.actions_left == 0


@pytest.mark.rule("mn.5.4")
@pytest.mark.rule("mn.5.2")
def test_manos_may_draw_twice() -> None:
    state = manos_turn(["Grit"])
    entries = do(state, "Draw two cards")
    assert "mn.5.4" in rules_cited(entries)
    state.apply(state.sample_chance())
    state.apply(state.sample_chance())
    assert "Draw two cards" in labels(state)  # Manos may repeat an action


@pytest.mark.rule("mn.6.2")
@pytest.mark.rule("mn.6.5")
@pytest.mark.rule("mn.11.2")
def test_conceding_gives_a_token_and_the_second_captures_then_all_three_lose() -> None:
    state = manos_turn(
        ["Grit"],
        characters={"Michael": {"corruption": 1}, "Margaret": {"corruption": 2}},
    )
    do(state, "Challenge Debbie with Torgo Lurches", "Let the challenge stand")
    entries = do(state, "Concede: Debbie takes a corruption token")
    assert state.corruption[2] == 1 and "mn.6.2" in rules_cited(entries)
    do(state, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    entries = do(state, "Concede: Michael takes a corruption token")
    assert state.captured[0] and "mn.6.5" in rules_cited(entries)
    assert "Challenge Michael with Dark Will" not in labels(state)
    # Debbie is the last one free; capture her too.
    do(state, "End the turn")
    state.apply(state.sample_chance())  # the Family's draw
    do(state, "End the turn")
    state.apply(state.sample_chance())  # Manos' draw
    legal = state.legal_actions()
    challenge = next(a for a in legal if a.kind == "challenge" and a.args[1] == 2)
    state.apply(challenge)
    do(state, "Let the challenge stand")
    entries = do(state, "Concede: Debbie takes a corruption token")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (MANOS,) and outcome.rule == "mn.11.2"


@pytest.mark.rule("mn.6.3")
def test_at_most_two_effort_cards_and_none_means_concede() -> None:
    state = manos_turn(["Grit", "Grit", "Determination", "Second Wind"])
    do(state, "Challenge Margaret with Torgo Lurches", "Let the challenge stand")
    assert "Stand on a total effort of 1" not in labels(state)  # nothing committed yet
    do(state, "Play Grit (effort 1)", "Play Determination (effort 2)")
    assert not [x for x in labels(state) if x.startswith("Play Grit")]
    verdict = state.check(Action(FAMILY, "effort", (0,), "Play Grit"))
    assert not verdict.ok and "two Effort" in verdict.reason
    entries = do(state, "Stand on a total effort of 6")  # Grit 1 + Determination 2 + Fight 3
    assert "Margaret overcomes" in texts(entries)


@pytest.mark.rule("mn.7.1")
@pytest.mark.rule("mn.6.4")
def test_escalation_adds_one_with_two_escapes_and_two_with_three() -> None:
    for escapes, rating in ((1, 4), (2, 5), (3, 6)):
        state = manos_turn(["Determination"], escapes=escapes)
        entries = do(state, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
        assert f"rating {rating}" in state.decision.prompt
        if escapes > 1:
            assert "mn.7.1" in rules_cited(entries)
        entries = do(state, "Play Determination (effort 2)", "Stand on a total effort of 3")
        assert "fails" in texts(entries) and state.corruption[0] == 1


@pytest.mark.rule("mn.10.1")
@pytest.mark.rule("mn.12.7")
def test_every_card_of_a_challenge_goes_to_its_discard_pile() -> None:
    state = manos_turn(["Determination", "Comfort", "Grit"])
    do(state, "Challenge Debbie with The Master's Gaze", "Let the challenge stand")
    do(state, "Play Determination (effort 2)", "Discard Comfort for +1")
    entries = do(state, "Stand on a total effort of 6")
    assert "mn.10.1" in rules_cited(entries)
    fam = state.game.cards.family
    assert sorted(fam[c].name for c in state.discards[FAMILY]) == ["Comfort", "Determination"]
    assert [state.cname(MANOS, c) for c in state.discards[MANOS]] == ["The Master's Gaze"]
    # A boost is not a play: Manos was never offered a chance to negate it.
    assert not [e for e in state.trace if "negate Comfort" in e.text]


@pytest.mark.rule("mn.8.1")
def test_the_rulebook_example_as_a_what_if_file() -> None:
    from pathlib import Path

    from tutor.core.scenario import load_scenario

    root = Path(__file__).resolve().parents[3]
    session = load_scenario(root / "tests/scenarios/manos/rulebook_challenge_example.yaml")
    lines = session.state.trace_for(None)
    assert (
        "[mn.6.4] Total effort 4 (Determination 2 + 1 boost + Resist 1) against rating 4: "
        "Michael overcomes the challenge." in lines
    )
