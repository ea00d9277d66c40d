"""Mantis scenarios, one per rule: the deck, the setup, a turn, Score, Steal and the end.

Each test sets up a table (tanks, score piles, the draw pile), plays a turn by hand
(the back shown, the announcement, the card turned) and checks the position and the
trace lines, with the rules they cite.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from games.mantis.mantis_helpers import card, colours, play_turn, rules_cited, table

import tutor
from tutor.core.errors import IllegalActionError, OptionError
from tutor.core.types import Action, Rejection
from tutor.games.mantis.engine.state import ANNOUNCE, BACK, OVER, REVEAL

BLUE_BACK = "blue:red,green,blue"
GREEN_BACK = "green:red,green,blue"


# ------------------------------------------------------------------ components and setup
@pytest.mark.rule("mt.1.1")
def test_the_deck_is_every_three_colour_back_with_each_face_once(mantis_game) -> None:
    deck = mantis_game.deck
    assert deck.size == 105 and deck.colours == 7
    assert Counter(deck.face) == {c: 15 for c in range(7)}
    backs = Counter(tuple(deck.back_colours[deck.back[c]]) for c in range(deck.size))
    assert len(backs) == 35 and set(backs.values()) == {3}
    for c in range(deck.size):
        assert deck.face[c] in deck.back_colours[deck.back[c]]
    assert "[mt.1.1]" in mantis_game.new_state(seed=0).trace_for(None)[0]


@pytest.mark.rule("mt.1.2")
@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(OptionError, match="2 to 6 players"):
        tutor.load_game("mantis", players=players)
    for n in range(2, 7):
        state = tutor.load_game("mantis", players=n).new_state(seed=n)
        assert len(state.tanks) == n
        assert f"[mt.1.2] {n} players" in "\n".join(state.trace_for(None))


@pytest.mark.rule("mt.2.1")
@pytest.mark.rule("mt.2.2")
@pytest.mark.rule("mt.2.3")
@pytest.mark.rule("mt.2.4")
def test_setup_deals_four_face_up_cards_per_tank_and_empty_score_piles() -> None:
    state = tutor.load_game("mantis", players=5).new_state(seed=3)
    assert [len(t) for t in state.tanks] == [4] * 5
    assert state.scored == [[]] * 5
    assert len(state.pile) == 105 - 20 and state.pile == sorted(state.pile)
    assert state.turn_player == 0 and state.stage == BACK
    rules = rules_cited(state.trace_for(None))
    assert rules[:3] == ["mt.1.1", "mt.1.2", "mt.2.1"]
    assert rules.count("mt.2.2") == 5 and "mt.2.3" in rules and "mt.2.4" in rules
    # Every player sees every tank face up.
    view = state.view(2)
    assert [p["tank"] for p in view["players"]] == state.tanks


# ------------------------------------------------------------------ a turn
@pytest.mark.rule("mt.3.1")
def test_the_back_of_the_top_card_is_a_chance_step_weighted_by_the_cards_left() -> None:
    state = table({"draw_pile": [GREEN_BACK, BLUE_BACK, "red:red,orange,yellow"]})
    assert state.decision.kind == "chance" and state.decision.rule == "mt.3.1"
    odds = {a.label: p for a, p in state.chance_outcomes()}
    assert odds == {
        "The top card shows a red, orange and yellow back": pytest.approx(1 / 3),
        "The top card shows a red, green and blue back": pytest.approx(2 / 3),
    }
    state.apply(state.rules.back_action[state.table.back[card(state, GREEN_BACK)]])
    assert state.view(1)["top_back"] == ["red", "green", "blue"]
    assert state.trace_for(1)[-1] == (
        "[mt.3.1] The top card of the draw pile shows a red, green and blue back."
    )


@pytest.mark.rule("mt.3.2")
def test_the_player_announces_score_or_a_steal_from_another_player() -> None:
    state = table({"draw_pile": [GREEN_BACK]}, players=3)
    state.apply(state.legal_actions()[0])
    assert state.stage == ANNOUNCE and state.decision.player == 0
    assert [a.label for a in state.legal_actions()] == [
        "Score",
        "Steal from Ben",
        "Steal from Cleo",
    ]
    before = state.to_dict()
    verdict = state.check(Action(0, "steal", (0,)))
    assert not verdict.ok and verdict.code == Rejection.FORBIDDEN and verdict.rule == "mt.3.2"
    with pytest.raises(IllegalActionError):
        state.apply(Action(1, "score", ()))
    assert state.to_dict() == before
    state.apply(state.action_by_label("Steal from Cleo"))
    assert state.trace_for(None)[-1] == "[mt.3.2] Ava announces a Steal from Cleo."


@pytest.mark.rule("mt.3.3")
def test_the_face_is_one_of_the_back_colours_left_in_the_draw_pile() -> None:
    state = table({"draw_pile": [GREEN_BACK, BLUE_BACK, "yellow"]})
    green = card(state, GREEN_BACK)
    state.apply(state.rules.back_action[state.table.back[green]])
    state.apply(state.action_by_label("Score"))
    assert state.stage == REVEAL and state.decision.rule == "mt.3.3"
    faces = {a.label: p for a, p in state.chance_outcomes()}
    assert faces == {
        "The card turned is green (back red, green and blue)": 0.5,
        "The card turned is blue (back red, green and blue)": 0.5,
    }
    assert math.isclose(sum(faces.values()), 1.0)
    state.apply(state.rules.face_action[green])
    assert len(state.pile) == 2 and green not in state.pile
    assert "[mt.3.3] The card is turned in front of Ava: it is green." in state.trace_for(None)


@pytest.mark.rule("mt.3.4")
def test_the_turn_passes_clockwise() -> None:
    state = table({"tanks": [["red"], ["red"], ["red"]]}, players=3)
    for expected in (1, 2, 0):
        lines = play_turn(state, "Score", "green")
        assert state.turn_player == expected
        assert lines[-1].startswith(f"[mt.3.4] Turn {state.turn_no}: {state.name(expected)}'s")


# ------------------------------------------------------------------ Score
@pytest.mark.rule("mt.4.1")
def test_a_score_takes_the_card_and_every_tank_card_of_its_colour() -> None:
    state = table({"tanks": [["green", "green", "red", "blue"], ["green"]]}, players=2)
    lines = play_turn(state, "Score", GREEN_BACK)
    assert colours(state, state.scored[0]) == ["green"] * 3
    assert colours(state, state.tanks[0]) == ["blue", "red"]
    assert colours(state, state.tanks[1]) == ["green"]  # the other tank is untouched
    assert lines[3] == (
        "[mt.4.1] Green matches: the green card and 2 green cards from Ava's tank go face "
        "down onto Ava's score pile (3 cards)."
    )


@pytest.mark.rule("mt.4.2")
def test_a_score_without_a_match_leaves_the_card_in_the_tank() -> None:
    state = table({"tanks": [["red", "blue"], ["green"]]}, players=2)
    lines = play_turn(state, "Score", GREEN_BACK)
    assert state.scored[0] == []
    assert colours(state, state.tanks[0]) == ["blue", "green", "red"]
    assert rules_cited(lines)[3] == "mt.4.2"


# ------------------------------------------------------------------ Steal
@pytest.mark.rule("mt.5.1")
def test_a_steal_takes_the_card_and_the_targets_cards_of_its_colour() -> None:
    state = table({"tanks": [["red"], ["green", "green", "blue"], ["green"]]}, players=3)
    lines = play_turn(state, "Steal from Ben", GREEN_BACK)
    assert colours(state, state.tanks[0]) == ["green", "green", "green", "red"]
    assert colours(state, state.tanks[1]) == ["blue"]
    assert colours(state, state.tanks[2]) == ["green"]
    assert lines[3] == (
        "[mt.5.1] Ben has green: Ava takes the green card and Ben's 2 green cards into Ava's tank."
    )


@pytest.mark.rule("mt.5.2")
def test_stolen_cards_score_only_on_a_later_score() -> None:
    state = table({"tanks": [["red"], ["green", "blue"]]}, players=2)
    lines = play_turn(state, "Steal from Ben", GREEN_BACK)
    assert state.scored[0] == [] and "mt.5.2" in rules_cited(lines)
    play_turn(state, "Score", "orange")  # Ben's turn: no orange in his tank
    play_turn(state, "Score", "green")  # Ava scores the stolen greens with a third
    assert colours(state, state.scored[0]) == ["green"] * 3


@pytest.mark.rule("mt.5.3")
def test_a_failed_steal_discards_the_card() -> None:
    state = table({"tanks": [["red"], ["blue"]]}, players=2)
    lines = play_turn(state, "Steal from Ben", GREEN_BACK)
    assert colours(state, state.discard) == ["green"]
    assert colours(state, state.tanks[1]) == ["blue"] and colours(state, state.tanks[0]) == ["red"]
    assert lines[3] == (
        "[mt.5.3] Ben has no green card: the Steal fails and the card is discarded face up."
    )


@pytest.mark.rule("mt.5.4")
def test_a_failed_steal_under_the_other_editions_ruling_feeds_the_target() -> None:
    setup = {"tanks": [["red"], ["blue"]]}
    state = table(setup, players=2, rulings={"failed_steal": "target_tank"})
    lines = play_turn(state, "Steal from Ben", GREEN_BACK)
    assert state.discard == []
    assert colours(state, state.tanks[1]) == ["blue", "green"]
    assert rules_cited(lines)[3] == "mt.5.4"


# ------------------------------------------------------------------ winning
@pytest.mark.rule("mt.6.1")
def test_ten_scored_cards_win_at_once() -> None:
    scored = ["red"] * 8
    state = table({"tanks": [["green"], ["red"]], "scored": [scored, []]}, players=2)
    lines = play_turn(state, "Score", GREEN_BACK)
    assert state.stage == OVER and state.is_terminal()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason == "ten_scored" and outcome.rule == "mt.6.1"
    assert lines[-1] == "[mt.6.1] Ava has 10 cards in the score pile: 10 or more wins at once."


@pytest.mark.rule("mt.6.2")
def test_when_the_draw_pile_runs_out_the_most_scored_cards_win() -> None:
    setup = {"tanks": [["red"], ["blue"]], "scored": [["red"], ["blue", "blue"]],
             "draw_pile": ["yellow"]}  # fmt: skip
    state = table(setup, players=2)
    lines = play_turn(state, "Score", "yellow")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.winners == (1,) and outcome.reason == "deck_out"
    assert rules_cited(lines)[-2:] == ["mt.6.2", "mt.6.2"]
    assert lines[-1] == "[mt.6.2] Ben has the most scored cards (2) and wins."


@pytest.mark.rule("mt.6.3")
def test_a_tie_on_score_is_broken_by_the_bigger_tank() -> None:
    setup = {"tanks": [["red", "red"], ["blue"]], "scored": [["red"], ["blue"]],
             "draw_pile": ["yellow"]}  # fmt: skip
    state = table(setup, players=2)
    play_turn(state, "Score", "yellow")  # Ava's tank grows to three
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason == "tank_tiebreak"
    assert outcome.rule == "mt.6.3"


@pytest.mark.rule("mt.6.4")
@pytest.mark.parametrize(
    ("ruling", "winners", "tied"), [("shared", (0, 1), ()), ("nobody", (), (0, 1))]
)
def test_a_tie_that_remains_is_shared_or_nobodys(ruling: str, winners: tuple, tied: tuple) -> None:
    setup = {
        "tanks": [["red", "red"], ["blue", "blue"], ["pink"]],
        "scored": [["red"], ["blue"], []],
        "draw_pile": ["yellow"],
    }
    state = table(setup, players=3, rulings={"shared_win": ruling})
    play_turn(state, "Steal from Cleo", "yellow")  # fails: the card is discarded
    outcome = state.outcome()
    assert outcome.winners == winners and outcome.tied == tied and outcome.losers == (2,)
    assert outcome.rule == "mt.6.4"
    assert state.returns() == ([1.0, 1.0, -1.0] if winners else [0.0, 0.0, -1.0])


def test_the_game_over_refuses_every_action() -> None:
    state = table({"tanks": [["green"], ["red"]], "scored": [["red"] * 9, []]}, players=2)
    play_turn(state, "Score", GREEN_BACK)
    verdict = state.check(Action(1, "score", ()))
    assert verdict.code == Rejection.GAME_OVER and verdict.rule == "mt.6.1"
