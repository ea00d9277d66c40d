"""The Mentis bots, the threat map, the picture and the terminal text.

Why this file exists: bots must play legal, sensible moves from their player's view
only; the picture and text are what learners look at, drawn from the view.
"""

from __future__ import annotations

import io

from games.mentis.mentis_helpers import position

import tutor
from tutor.core.rng import Rng
from tutor.games.mentis.analysis import capture_lines, threat_map
from tutor.games.mentis.bots import GreedyBot, SearchBot, evaluate
from tutor.games.mentis.present.cli import write_view
from tutor.games.mentis.present.picture import board_svg, picture


def test_bots_take_the_king_when_they_can() -> None:
    for bot in (GreedyBot(), SearchBot()):
        state = position({"d6": "blue noble", "a3": "blue spear", "a6": "red noble"})
        action = bot(state, state.legal_actions(), Rng(1))
        assert action.kind == "capture" and action.label.endswith("King on d7"), bot.name


def test_the_search_bot_sees_a_capture_coming_and_avoids_it() -> None:
    # Red's Spear on c7? No: Red's Spear on a6 could take a Blue Noble stepping to a3.
    state = position({"b3": "blue noble", "a6": "red spear"})
    bot = SearchBot()
    action, scored = bot.choose(state, state.legal_actions(), Rng(2))
    assert not action.label.endswith("→a3")
    values = dict((a.label, v) for a, v in scored)
    assert values["Move the Noble b3→a3"] < values[action.label]


def test_the_search_bot_decides_the_same_in_worlds_its_player_cannot_tell_apart() -> None:
    state = position({"c5": "red noble spear", "c3": "blue spear"}, memory="tops")
    game = state.game
    chosen = SearchBot()(state, state.legal_actions(), Rng(4))
    for _, variant in game.hidden_variants(state, 0):
        assert SearchBot()(variant, variant.legal_actions(), Rng(4)) == chosen


def test_evaluate_stays_within_its_bounds_and_favours_material() -> None:
    ahead = position({"c3": "blue spear"}, hands={"blue": {}, "red": {}})
    assert -1.0 <= evaluate(ahead, 0) <= 1.0
    assert evaluate(ahead, 0) > evaluate(ahead, 1)


def test_threat_map_counts_attacks_and_shows_blocked_lines() -> None:
    state = position(
        {"c3": "blue spear", "c4": "red trenchman", "c6": "red noble", "e3": "blue noble"}
    )
    lines = capture_lines(state, 0)
    assert ("c3", "c4", "c6") in lines["blocked"]
    assert ("e3", "e4") not in lines["captures"]
    threats = threat_map(state, 0)
    assert threats["e4"] == 1 and threats["c6"] == 0


def test_the_picture_draws_every_stack_from_the_viewers_knowledge() -> None:
    state = position({"c3": "blue spear noble", "c5": "red trenchman"}, memory="tops")
    svg = picture(state.view(1), state.game)
    assert svg.startswith("<svg") and "c3" in svg and "Blue on c3: ?, Noble" in svg
    full = board_svg(state.view(None), highlight=["c4"], captures=[("c3", "c5")])
    assert "Blue on c3: Spear, Noble" in full and "#d62828" in full


def test_the_terminal_text_shows_the_grid_and_hides_the_others_choices() -> None:
    state = tutor.load_game("mentis").new_state(seed=0)
    out = io.StringIO()
    write_view(state.view(1), [], out)
    text = out.getvalue()
    assert " bK " in text and " rK " in text
    assert "hidden from Red" in text


def test_the_tile_table_shown_to_people_is_the_one_the_engine_runs() -> None:
    from tutor.games.mentis.text import explain_action, tile_table_rows

    game = tutor.load_game("mentis", rulings={"tile_table": "noble_trenchman_spear"})
    rows = {row["tile"]: row for row in tile_table_rows(game)}
    assert rows["Noble"]["range"] == 3 and rows["Spear"]["range"] == 1
    state = position(
        {"c3": "blue noble", "c6": "red trenchman"}, rulings={"tile_table": "noble_trenchman_spear"}
    )
    from games.mentis.mentis_helpers import capture

    assert explain_action(state, capture(state, "c3", "c6")).startswith("legal")
    plain = position({"c3": "blue noble", "c6": "red trenchman"})
    assert explain_action(plain, capture(plain, "c3", "c6")) == (
        "illegal: the Noble captures exactly 1 square(s) away, no more, no less [me.5.4]"
    )


def test_the_quiz_asks_what_a_mentis_rule_does_next() -> None:
    from tutor.analysis.quiz import make_quiz

    game = tutor.load_game("mentis")
    questions = make_quiz(game, seed=3, count=4)
    assert questions, "a seeded game gives quiz questions"
    for question in questions:
        assert question.verify()
        assert question.correct.rule.startswith("me.")


def test_each_tiles_attacks_and_shielded_lines_are_listed() -> None:
    from tutor.games.mentis.analysis import tile_attacks

    state = position(
        {"c3": "blue spear", "e4": "blue trenchman", "c4": "red trenchman", "c6": "red noble"}
    )
    blue = tile_attacks(state, 0)
    # The Spear reaches f3 (three to the right); c6 is behind the immune Trenchman.
    assert blue["c3"] == {
        "tile": "Spear",
        "range": 3,
        "attacks": ["f3"],
        "blocked": [("c4", "c6")],
        "captures": [],
    }
    assert blue["e4"]["captures"] == ["c4"] and "e6" in blue["e4"]["attacks"]
    assert blue["d1"]["tile"] == "King" and blue["d1"]["attacks"] == ["c1", "d2", "e1"]
    # Red's Trenchman on c4 threatens the blue Trenchman on e4 in return.
    assert tile_attacks(state, 1)["c4"]["captures"] == ["e4"]


def test_the_search_bots_strength_is_set_by_its_depth() -> None:
    state = tutor.load_teaching_scenario("mentis", "spear_and_shield").state
    legal = state.legal_actions()
    shallow, deep = SearchBot(depth=1), SearchBot(depth=2, captures=1)
    first = shallow(state, legal, Rng(1))
    second = deep(state, legal, Rng(1))
    assert deep.nodes > 10 * shallow.nodes  # every reply is searched, not just captures
    # Both remove the shield: the Trenchman on e4 takes the Trenchman on c4.
    assert first.label == second.label == "Trenchman on e4 captures the Trenchman on c4"


def test_win_and_draw_rates_between_bots_come_by_bot_and_by_first_player() -> None:
    from tutor.analysis.simulation import simulate, summarise

    rows = simulate("mentis", games=3, seed=1, policies=("greedy", "random"), processes=1)
    rows += simulate("mentis", games=3, seed=2, policies=("random", "greedy"), processes=1)
    summary = summarise(rows, "mentis")
    for rate in (
        summary["win_rate_by_bot"]["greedy"],
        summary["win_rate_by_bot"]["random"],
        summary["tie_rate"],
        summary["first_player"]["first"],
        summary["first_player"]["second"],
        summary["king_capture_rate"],
    ):
        assert rate["of"] == 6 and 0.0 <= rate["low"] <= rate["rate"] <= rate["high"] <= 1.0
    assert summary["win_rate_by_bot"]["greedy"]["count"] >= 5  # greedy beats random
