"""Each choice's odds at a decision: exact where a game has them, else estimated.

Toy Nim with six stones is the worked example: taking two leaves four, and a player who
then plays the known winning strategy (the game's ``perfect`` bot, which plays every
seat of the estimate's play-outs) can never lose from there; taking one or three hands
that strategy to the other player.  The estimate must find that, with intervals, within
its budget, the same way every time, and refuse what it cannot weigh.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tutor
from tutor.analysis.odds import (
    ESTIMATE,
    EXACT,
    WIN,
    ChoiceOdds,
    choice_odds,
    estimate_choice_odds,
    exact_odds,
    playout_bot,
)


def six_stones() -> object:
    return tutor.load_game("toy_nim", stones=6).new_state(seed=1)


def test_the_winning_take_wins_every_play_out_and_the_others_none() -> None:
    seen: list[tuple[int, int]] = []
    odds = estimate_choice_odds(
        six_stones(), rounds=20, seconds=None, progress=lambda d, n: seen.append((d, n))
    )
    assert (odds.measure, odds.method) == (WIN, ESTIMATE)
    assert playout_bot("toy_nim") == "perfect" and "perfect bot" in odds.note
    take = {c.label: c for c in odds.chances}
    assert list(take) == ["take 1 stone", "take 2 stones", "take 3 stones"]
    assert (take["take 2 stones"].p, take["take 2 stones"].trials) == (1.0, 20)
    assert take["take 1 stone"].p == take["take 3 stones"].p == 0.0
    # Twenty play-outs leave room for doubt: the 95% interval says how much.
    assert 0.8 < take["take 2 stones"].low < 1.0 == take["take 2 stones"].high
    assert seen == [(i, 20) for i in range(1, 21)]


def test_the_same_seed_gives_the_same_odds_and_the_budget_stops_early() -> None:
    again = [estimate_choice_odds(six_stones(), rounds=8, seconds=None, seed=3) for _ in "ab"]
    assert again[0] == again[1]
    quick = estimate_choice_odds(six_stones(), rounds=10_000, seconds=0.05, bot="random")
    assert 1 <= quick.chances[0].trials < 10_000
    assert f"Estimated: {quick.chances[0].trials} world" in quick.note


def test_only_the_choices_asked_for_are_weighed() -> None:
    odds = estimate_choice_odds(six_stones(), ["take 2 stones"], rounds=3, seconds=None)
    assert [c.label for c in odds.chances] == ["take 2 stones"]


def test_the_odds_round_trip_as_json_and_an_older_reveal_still_reads() -> None:
    odds = estimate_choice_odds(six_stones(), rounds=4, seconds=None)
    assert ChoiceOdds.from_dict(json.loads(json.dumps(odds.to_dict()))) == odds
    older = ChoiceOdds.from_dict({"Score": 0.25, "Steal from Ben": 0.5})
    assert older == exact_odds({"Score": 0.25, "Steal from Ben": 0.5})
    assert older.method == EXACT and older.of("Score").low == 0.25  # type: ignore[union-attr]


@given(st.dictionaries(st.text(max_size=5), st.one_of(st.text(max_size=3), st.none())))
def test_anything_else_is_refused_as_not_choice_odds(data: dict[str, object]) -> None:
    if data and all(v is None or not _is_float(v) for v in data.values()):
        with pytest.raises(ValueError, match="not choice odds"):
            ChoiceOdds.from_dict(data)


def _is_float(value: object) -> bool:
    try:
        float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return True


def test_what_cannot_be_weighed_is_refused_by_name() -> None:
    state = six_stones()
    with pytest.raises(ValueError, match="none of"):
        estimate_choice_odds(state, ["take 5 stones"], rounds=1)
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        estimate_choice_odds(state, rounds=0)
    over = tutor.load_game("toy_nim", stones=1).new_state(seed=1)
    over.apply(over.legal_actions()[0])
    with pytest.raises(ValueError, match="nobody decides"):
        estimate_choice_odds(over)
    assert choice_odds(over) is None


def test_a_game_that_cannot_deal_hidden_cards_again_gets_no_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutor.core.game import Game

    state = tutor.load_game("toy_high_hand").new_state(seed=2)
    while state.decision.kind != "choice":
        state.apply(state.legal_actions()[0])
    assert choice_odds(state, rounds=2, seconds=None) is not None
    monkeypatch.setattr(type(state.game), "determinize", Game.determinize)
    with pytest.raises(ValueError, match="no estimate without peeking"):
        estimate_choice_odds(state, rounds=2)
    assert choice_odds(state, rounds=2) is None
