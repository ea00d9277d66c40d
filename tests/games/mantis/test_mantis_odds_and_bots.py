"""The exact odds of a Mantis decision, and the bots that play from them.

The odds are checked against a hand count of a table, against the view-based
computation, against hidden variants (they may not depend on what the player cannot
see) and against the engine's own chance outcomes when everything is known.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.mantis.mantis_helpers import card, table

import tutor
from tutor.analysis.policies import policies_for
from tutor.analysis.simulation import simulate, summarise
from tutor.core.rng import Rng
from tutor.games.mantis.odds import decision_odds, player_odds, tutor_odds


def shown(state, text: str) -> None:
    """Show the back of the draw pile's ``text`` card."""
    state.apply(state.rules.back_action[state.table.back[card(state, text)]])


def test_the_odds_count_the_cards_the_player_cannot_place() -> None:
    # The red-green-blue back: red is in Ben's tank, so only green and blue are possible.
    setup = {
        "tanks": [["green", "green", "yellow"], ["red:red,green,blue", "blue"]],
        "scored": [[], ["pink"]],
    }
    state = table(setup, players=2)
    shown(state, "green:red,green,blue")
    odds = player_odds(state)
    assert odds.back == ("red", "green", "blue")
    assert odds.faces == {"green": 0.5, "blue": 0.5}
    score, steal = odds.options
    assert (score.label, score.chance, score.scored) == ("Score", Fraction(1, 2), 1.5)
    assert score.gained == 0.5  # the blue card would join the tank
    assert (steal.label, steal.chance, steal.gained, steal.taken) == (
        "Steal from Ben",
        Fraction(1, 2),
        1.0,
        0.5,
    )
    assert odds.rows()[0]["chance"] == "1/2"


def test_view_and_state_odds_agree_and_ignore_hidden_cards() -> None:
    game = tutor.load_game("mantis", players=4)
    state = game.new_state(seed=11)
    rng = Rng(4)
    checked = 0
    while not state.is_terminal():
        if state.decision_kind() == "choice":
            p = state.turn_player
            mine = player_odds(state)
            assert decision_odds(state.view(p), game) == mine
            for _, variant in game.hidden_variants(state, p):
                assert player_odds(variant) == mine
            checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        else:
            state.apply(state.sample_chance(rng))
    assert checked > 10


def test_when_nothing_is_hidden_the_odds_are_the_engines_chance_outcomes() -> None:
    state = table({"tanks": [["red"], ["green"]]}, players=2)
    shown(state, "green:red,green,blue")
    truth = tutor_odds(state)
    state.apply(state.action_by_label("Score"))
    faces = {}
    for action, p in state.chance_outcomes():
        colour = state.table.colour(action.args[0])
        faces[colour] = faces.get(colour, 0) + p
    assert truth.faces == pytest.approx(faces)


def test_odds_need_a_decision() -> None:
    state = table({}, players=2)
    with pytest.raises(ValueError, match="shown back"):
        player_odds(state)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_bot_plays_and_the_informed_bots_beat_random(players: int) -> None:
    assert {"random", "always_score", "expected_value", "lookahead"} <= set(policies_for("mantis"))
    for bot in ("expected_value", "lookahead"):
        rows = simulate(
            "mantis",
            games=40,
            seed=players,
            policies=[bot] + ["random"] * (players - 1),
            options={"players": players},
            processes=1,
            progress=False,
        )
        rate = summarise(rows, "mantis")["win_rate_by_bot"]
        assert rate[bot]["rate"] > rate["random"]["rate"]


def test_bots_choose_from_the_players_knowledge_only() -> None:
    from tutor.games.mantis.bots import BOTS

    game = tutor.load_game("mantis", players=3)
    state = game.new_state(seed=5)
    rng = Rng(1)
    met = 0
    while not state.is_terminal() and met < 25:
        if state.decision_kind() == "choice":
            legal = state.legal_actions()
            for name, factory in BOTS.items():
                choice = factory()(state, legal, Rng(0))
                for _, variant in game.hidden_variants(state, state.turn_player):
                    assert factory()(variant, variant.legal_actions(), Rng(0)) == choice, name
            met += 1
            state.apply(legal[rng.below(len(legal))])
        else:
            state.apply(state.sample_chance(rng))
    assert met == 25


def test_score_or_steal_quiz_items_come_from_real_positions() -> None:
    from tutor.analysis.quiz import make_quiz
    from tutor.games.mantis.quiz import score_or_steal_questions, value

    game = tutor.load_game("mantis", players=4)
    questions = tutor.spec_for("mantis").hook("quiz")(game, seed=2, count=4)
    assert questions == score_or_steal_questions(game, seed=2, count=4)
    assert len(questions) == 4
    for q in questions:
        assert [a.label for a in q.state.legal_actions()] == list(q.options)
        assert q.odds == player_odds(q.state)
        best = q.odds.options[q.answer]
        assert all(value(best) >= value(o) + 0.25 for o in q.odds.options if o is not best)
        right = q.check(q.answer)
        assert right.correct and right.rule == "mt.3.2" and "succeeds" in right.message
        wrong = q.check((q.answer + 1) % len(q.options))
        assert not wrong.correct and q.options[q.answer] in wrong.message
        assert "must announce" in q.prompt
    # The generic "what happens next?" questions work on Mantis too, and verify.
    generic = make_quiz(game, seed=3, count=3)
    assert generic and all(q.verify() for q in generic)


def test_the_tutorial_shows_the_odds_beside_the_choice_to_the_decider_only() -> None:
    from tutor.render.picture import hands_html

    state = table({"tanks": [["green", "green"], ["blue"]]}, players=2)
    assert hands_html(state.view(0), state.game) == ""  # no back shown yet
    shown(state, "green:red,green,blue")
    html = hands_html(state.view(0), state.game)
    odds = player_odds(state)
    assert "Steal from Ben" in html and f"{odds.options[0].matching}/3" in html
    assert hands_html(state.view(None), state.game) == html
    assert hands_html(state.view(1), state.game) == ""
