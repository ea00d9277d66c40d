"""Exact challenge odds (checked against brute force) and the bots' choices."""

from __future__ import annotations

from itertools import combinations

import pytest
from games.manos.mn_helpers import do, position

from tutor.analysis.policies import policies_for
from tutor.core.rng import Rng
from tutor.games.manos.bots import ManosHeuristic
from tutor.games.manos.engine.state import FAMILY, MANOS
from tutor.games.manos.odds import challenge_odds, concede_or_fight, hand_distribution


def test_hand_distribution_is_hypergeometric() -> None:
    dist = hand_distribution({"a": 2, "b": 3}, 2)
    assert sorted((tuple(sorted(h.items())), round(p, 6)) for h, p in dist) == [
        ((("a", 1), ("b", 1)), 0.6),
        ((("a", 2),), 0.1),
        ((("b", 2),), 0.3),
    ]


@pytest.mark.rule("mn.6.4")
def test_family_side_odds_match_a_brute_force_count_over_manos_hands() -> None:
    state = position(
        {"turn": "manos", "hands": {"family": ["Determination", "Second Wind"], "manos": []}}
    )
    # Give Manos a hand of three cards the Family cannot see.
    for _ in range(3):
        card = state.decks[MANOS].pop(0)
        state.hands[MANOS].append(card)
    state.hands[MANOS].sort()
    odds = challenge_odds(state, FAMILY, "The Master's Gaze", "Michael")
    unseen = state.hands[MANOS] + state.decks[MANOS]
    gaze = next(c.index for c in state.game.cards.manos if c.name == "The Master's Gaze")
    unseen.remove(gaze)
    hits = {"safe": 0, "bold": 0}
    combos = list(combinations(range(len(unseen)), 2))
    for pick in combos:
        hand = [state.game.cards.manos[unseen[i]] for i in pick]
        rating = 4 + sum(c.rating_bonus for c in hand)
        negates = sum("help" in c.negate for c in hand)
        if rating <= 2 + 1 + 1:  # Determination + Second Wind as a boost + Resist 1
            hits["safe"] += 1
        if 2 + (0 if negates else 2) + 1 >= rating:
            hits["bold"] += 1
    assert odds["safe"] == pytest.approx(hits["safe"] / len(combos))
    assert odds["bold"] == pytest.approx(hits["bold"] / len(combos))
    tree = concede_or_fight(state, "The Master's Gaze", "Michael")
    assert tree["concede"]["token"] == 1.0 and tree["fight"]["token"] < 1.0


def test_manos_side_odds_depend_only_on_what_manos_sees() -> None:
    state = position({"turn": "manos", "hands": {"family": ["Grit"], "manos": ["Dark Will"]}})
    other = position(
        {"turn": "manos", "hands": {"family": ["Desperate Push"], "manos": ["Dark Will"]}}
    )
    a = challenge_odds(state, MANOS, "The Master's Gaze", "Debbie")
    b = challenge_odds(other, MANOS, "The Master's Gaze", "Debbie")
    assert a == b and 0 < a["best"] < 1


def test_the_heuristic_concedes_a_hopeless_challenge_and_fights_a_winnable_one() -> None:
    bot = ManosHeuristic()
    hopeless = position({"turn": "manos", "hands": {"family": ["Grit"]}})
    do(hopeless, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    choice = bot(hopeless, hopeless.legal_actions(), Rng(1))
    assert choice.kind == "concede"
    winnable = position({"turn": "manos", "hands": {"family": ["Desperate Push", "Grit"]}})
    do(winnable, "Challenge Michael with The Master's Gaze", "Let the challenge stand")
    choice = bot(winnable, winnable.legal_actions(), Rng(1))
    assert choice.kind == "effort" and winnable.cname(FAMILY, choice.args[0]) == "Desperate Push"


def test_every_bot_is_offered_and_plays_whole_games() -> None:
    bots = policies_for("manos")
    assert {"random", "heuristic", "montecarlo"} <= set(bots)
    from tutor.analysis.simulation import simulate

    rows = simulate(
        "manos", games=4, seed=2, policies=("heuristic", "heuristic"), processes=1, progress=False
    )
    assert len(rows) == 4 and all(r["winners"] for r in rows)
