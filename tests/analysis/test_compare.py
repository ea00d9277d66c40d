"""Comparing two branches of a game: the what-if explorer's "Compare" table.

Why this file exists: the comparison is how a learner reads the answer to "heal now,
or keep the Medicine for the Last Gasp?", so its rows must be the real differences of
the two positions and nothing else.  The main test plays the topic 24 example on one
table twice — Jack at 7 of 8 wounds heals before a Mob Enforcer's hit of 5 in one
branch and during his Last Gasp in the other — and checks the diff: wounds, life,
cards in hand and the outcome differ; everything about Jill is the same.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.tables import seven_wounds_scenario

import tutor
from tutor.analysis.compare import compare_states, compare_views, outcome_summary, show
from tutor.core.scenario import build_scenario
from tutor.core.session import Session
from tutor.core.types import Outcome

SCENARIO = seven_wounds_scenario()


def play(session: Session, *labels: str) -> None:
    for label in labels:
        session.play(label)
    session.run_to_decision()


def heal_before_and_during() -> tuple[Session, Session]:
    heal_first = build_scenario(SCENARIO)
    keep_it = heal_first.branch()
    # 7 - 2 = 5, then the hit of 5 is capped at 8 (mf.16.2): no heal left for the gasp.
    play(
        heal_first,
        "Start an action play with Medicine (Amber)",
        "Finish the action play (1 card)",
        "Do nothing",
    )
    play(heal_first, "Finish the Last Gasp play (0 cards)")
    # 7 + 5 is capped at 8; the Medicine in the Last Gasp brings Jack back to 6 (mf.17.5).
    play(keep_it, "Do nothing", "Do nothing")
    play(
        keep_it, "Add Medicine (Amber) to the Last Gasp play", "Finish the Last Gasp play (1 card)"
    )
    return heal_first, keep_it


def test_healing_before_or_during_the_last_gasp_differs_in_life_and_outcome() -> None:
    heal_first, keep_it = heal_before_and_during()
    trace_a, trace_b = heal_first.state.trace_for(None), keep_it.state.trace_for(None)
    assert "[mf.18.1] Jack is dead: they are still at maximum wounds." in trace_a
    assert any(line.startswith("[mf.17.5] Jack survives the Last Gasp") for line in trace_b)

    diff = compare_states(heal_first.state, keep_it.state, ("heal first", "heal in the gasp"))
    rows = diff.as_dict()
    # Mantis Falls names the facts in its own words (its compare_rows hook).
    assert rows["Jack · wounds"] == ("8 of 8", "6 of 8")
    assert rows["Jack · alive"] == ("dead", "alive")
    assert rows["outcome"] == (
        "Jill wins (a witness died and the assassin lives)",
        "the game goes on",
    )
    assert rows["Jack · cards in hand"][0] != rows["Jack · cards in hand"][1]
    assert rows["Phase"][0] == "game over"
    # Both branches moved Jack's gasp marker to 1, and Jill's side is untouched.
    assert "Jack · gasp marker" in diff.same
    assert {"Jill · wounds", "Jill · road", "Jill · cards in hand"} <= set(diff.same)
    assert diff.get("Jack · wounds") is not None and diff.get("Jill · wounds") is None
    text = diff.to_text()
    assert text.splitlines()[0] == "heal first vs heal in the gasp:"
    assert "  Jack · alive: dead | alive" in text.splitlines()
    # No row is an engine name: no underscores, no bare player numbers.
    for d in diff.differences:
        assert "_" not in d.what and "_" not in show(d.a) + show(d.b), d


def test_a_branch_compared_with_itself_has_no_differences() -> None:
    session = build_scenario(SCENARIO)
    diff = compare_states(session.state, session.branch().state)
    assert not diff and diff.differences == ()
    assert diff.to_text() == "A and B agree on everything compared."
    assert "outcome" in diff.same


def test_through_one_players_eyes_hidden_facts_are_not_compared() -> None:
    heal_first, keep_it = heal_before_and_during()
    diff = compare_states(heal_first.state, keep_it.state, viewer=1)
    # Jill cannot see Jack's role while the game goes on in branch B, nor his hand.
    assert diff.as_dict()["Jack · role"] == ("witness", "hidden")
    assert "Jack · hand" in diff.same or diff.as_dict()["Jack · hand"][1] == "hidden"
    a, b = heal_first.state.view(1), keep_it.state.view(1)
    only = compare_views(a, b, player_keys=["wounds", "position"])
    assert {(d.player, d.key) for d in only.differences if d.player is not None} == {(0, "wounds")}
    assert only.as_dict()["Jack · wounds"] == (8, 6)
    assert "Jack · dead" not in only.as_dict()


def test_the_generic_diff_names_facts_in_words(toy_games: list[str]) -> None:
    # Toy High Hand has no compare_rows hook: the generic diff of its views.
    game = tutor.load_game("toy_high_hand")
    one = Session(game.new_state(seed=2))
    other = one.branch()
    one.run_to_decision()
    one.play(one.state.legal_actions()[0])
    one.run_to_decision()
    diff = compare_views(one.state.view(None), other.state.view(None))
    rows = diff.as_dict()
    assert rows["Ann · hand size"] == (2, 0) and rows["deck size"] == (28, 32)
    assert rows["Phase"] == ("turn", "deal")
    assert all("_" not in what for what in [*rows, *diff.same])


def test_views_of_different_games_or_player_counts_are_refused() -> None:
    view = tutor.load_game("mantis_falls").new_state(seed=1).view(None)
    with pytest.raises(ValueError, match="cannot compare"):
        compare_views(view, dict(view, game="other"))
    with pytest.raises(ValueError, match="players"):
        compare_views(view, dict(view, players=view["players"][:1]))


def test_outcome_sentences() -> None:
    names = ["Jack", "Jill"]
    assert outcome_summary(None, names) == "the game goes on"
    both = Outcome((0, 1), (), (), (1.0, 1.0), "escape", "escaped")
    assert outcome_summary(both, names) == "Jack and Jill win (escaped)"
    assert outcome_summary(both.to_dict(), names) == "Jack and Jill win (escaped)"
    assert outcome_summary(Outcome((), (), (0, 1), (0.0, 0.0), "death"), names) == "a tie"
    assert outcome_summary(Outcome((), (0, 1), (), (-1.0, -1.0), "death"), names) == (
        "everybody loses"
    )
