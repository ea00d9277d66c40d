"""Manos' choice odds in the workshop room: exact inside a challenge, from each side's view.

The rulebook's challenge (Michael, Manos' Master's Gaze): the Family decides whether to
concede or meet it.  Conceding gives the token for certain; each other choice's chance is
the exact best-play chance from there, and the best of them is the chance of the whole
challenge.  On Manos' side, the chance the challenge corrupts Michael does not depend on
which cards the Family holds (Manos cannot see them); outside a challenge, the shared
estimate answers.
"""

from __future__ import annotations

import pytest
from games.manos.mn_helpers import do, position

from tutor.analysis.odds import choice_odds
from tutor.games.manos.engine.state import MANOS
from tutor.games.manos.odds import challenge_odds
from tutor.games.manos.odds import choice_odds as exact_choice_odds


@pytest.mark.rule("mn.6.3")
def test_the_family_sees_conceding_lose_and_the_best_fight_as_the_challenges_odds() -> None:
    state = position({"turn": "manos", "hands": {"family": ["Desperate Push", "Grit"]}})
    do(state, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    whole = challenge_odds(state, 0, "The Master's Gaze", "Michael")["chance"]
    odds = choice_odds(state)
    assert odds is not None and odds.method == "exact"
    assert odds.measure == "chance Michael comes through"
    chances = {c.label: c.p for c in odds.chances}
    assert set(chances) == {str(a.label) for a in state.legal_actions()}
    assert chances["Concede: Michael takes a corruption token"] == 0.0
    assert max(chances.values()) == pytest.approx(whole) and whole > 0
    assert state.trace[-1].text.startswith("Manos lets")  # weighing played nothing
    # The room's trace is untouched and the same question gives the same odds.
    assert choice_odds(state) == odds


def test_manos_odds_do_not_depend_on_the_familys_hidden_hand() -> None:
    odds = []
    for hand in (["Grit"], ["Desperate Push"]):
        hands = {"family": hand, "manos": ["The Master's Gaze", "Dark Will"]}
        state = position({"turn": "manos", "hands": hands})
        do(state, "Challenge Michael with The Master's Gaze")
        assert state.decision.player == MANOS
        found = exact_choice_odds(state)
        assert found.measure == "chance the challenge corrupts Michael"
        odds.append(found)
    assert odds[0] == odds[1]
    assert 0.0 < max(c.p for c in odds[0].chances) < 1.0


def test_outside_a_challenge_the_shared_estimate_answers() -> None:
    state = position({"turn": "manos", "hands": {"family": ["Grit"]}})
    with pytest.raises(ValueError, match="no challenge is under way"):
        exact_choice_odds(state)
    odds = choice_odds(state, rounds=1, seconds=None)
    assert odds is not None and odds.method == "estimate"
