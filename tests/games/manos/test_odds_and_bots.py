"""The unseen-hand distribution, the Manos-side odds' information and the bots' choices."""

from __future__ import annotations

from games.manos.mn_helpers import do, position

from tutor.analysis.policies import policies_for
from tutor.core.rng import Rng
from tutor.games.manos.bots import ManosHeuristic
from tutor.games.manos.engine.state import FAMILY, MANOS
from tutor.games.manos.odds import challenge_odds, hand_distribution


def test_hand_distribution_is_hypergeometric() -> None:
    dist = hand_distribution({"a": 2, "b": 3}, 2)
    assert sorted((tuple(sorted(h.items())), round(p, 6)) for h, p in dist) == [
        ((("a", 1), ("b", 1)), 0.6),
        ((("a", 2),), 0.1),
        ((("b", 2),), 0.3),
    ]


def test_manos_side_odds_depend_only_on_what_manos_sees() -> None:
    state = position({"turn": "manos", "hands": {"family": ["Grit"], "manos": ["Dark Will"]}})
    other = position(
        {"turn": "manos", "hands": {"family": ["Desperate Push"], "manos": ["Dark Will"]}}
    )
    a = challenge_odds(state, MANOS, "The Master's Gaze", "Debbie")
    b = challenge_odds(other, MANOS, "The Master's Gaze", "Debbie")
    assert a["exact"] == b["exact"] and 0 < a["exact"] < 1


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
