"""Any game's position as a room's question, and what the engine says about it.

For every registered game (the toy games included), a host takes a new seeded game to
its first real decision and puts it to the room: the learners must see exactly what the
deciding player sees (their view, never the tutor's) and choose among exactly that
player's legal choices.  The reveal cites the rule that asks for the decision, names
legal choices for the bots, gives the odds where the game's odds module has them, and
playing on reaches the next decision.
"""

from __future__ import annotations

import pytest

from tutor.core.errors import SessionFileError
from tutor.core.scenario import save_scenario, scenario_from_session
from tutor.core.spec import game_specs
from tutor.core.userdata import user_path
from tutor.render.picture import picture_html
from tutor.workshop.positions import (
    NEW_GAME,
    ODDS_ALL,
    choice_to_play,
    draft_question,
    engine_says,
    play_on,
    position_sources,
    source_title,
    start_session,
)


@pytest.mark.parametrize("game", sorted(game_specs()))
def test_a_new_game_becomes_a_question_through_the_deciders_eyes(game: str) -> None:
    session = start_session(game, NEW_GAME, seed=3)
    draft = draft_question(session, source_title(game, NEW_GAME, 3))
    assert draft is not None
    state = session.state
    player = state.decision.player
    assert draft.player == state.player_names()[player]
    assert draft.prompt == state.decision_for(player).prompt
    assert draft.choices == tuple(str(a.label or a) for a in state.choices_for(player))
    assert picture_html(state.view(player), state.game) in draft.picture
    assert "seed 3" in draft.title

    says = engine_says(session, bots=2)
    assert says["rule"]["id"] == state.decision.rule
    assert says["rule"]["citation"]
    assert all(bot["choice"] in draft.choices for bot in says["bots"])

    choice = choice_to_play(says, (0,) * len(draft.choices), draft.choices)
    before = len(session.history)
    play_on(session, choice)
    assert len(session.history) > before
    assert str(session.decisions[-1].label or session.decisions[-1]) == choice


def test_hidden_cards_stay_hidden_from_the_room() -> None:
    # Mantis Falls: the deciding player's hand is on screen, the other player's is not.
    session = start_session("mantis_falls", "stray_bullets")
    draft = draft_question(session, "Stray bullets")
    assert draft is not None and draft.player == "Jack"
    assert "Medicine" in draft.picture and "Sprint" not in draft.picture


def test_the_odds_are_the_games_exact_ones_where_it_has_them_else_an_estimate() -> None:
    session = start_session("mantis", NEW_GAME, seed=1)
    draft = draft_question(session, "Mantis")
    assert draft is not None
    assert "expected scored" not in draft.picture  # the odds wait for the reveal
    odds = engine_says(session, bots=1)["odds"]
    assert odds is not None and odds["method"] == "exact"
    assert set(odds["choices"]) == set(draft.choices)
    assert all(0.0 <= c["p"] <= 1.0 and c["trials"] == 0 for c in odds["choices"].values())
    nim = engine_says(start_session("toy_nim"), bots=1, odds_seconds=None)["odds"]
    assert nim["method"] == "estimate" and nim["measure"] == "chance to win the game"
    assert set(nim["choices"]) == {"take 1 stone", "take 2 stones", "take 3 stones"}


def test_with_many_choices_the_rooms_picks_and_the_bots_get_odds() -> None:
    session = start_session("creepy_falls", NEW_GAME, seed=2)
    while len(session.state.legal_actions()) <= ODDS_ALL:
        state = session.state
        play_on(session, str(state.legal_actions()[0].label))
    labels = [str(a.label) for a in session.state.legal_actions()]
    counts = tuple(1 if i == 5 else 0 for i in range(len(labels)))
    says = engine_says(session, bots=1, counts=counts, odds_seconds=0.0)
    assert set(says["odds"]["choices"]) == {labels[5], says["bots"][0]["choice"]}


def test_the_class_favourite_is_played_on_when_the_game_has_no_bot_choice() -> None:
    choices = ("Take 1", "Take 2", "Take 3")
    assert choice_to_play({"bots": []}, (1, 4, 4), choices) == "Take 2"
    assert choice_to_play({"bots": [{"choice": "Take 3"}]}, (9, 0, 0), choices) == "Take 3"


def test_every_teaching_scenario_is_offered_as_a_position() -> None:
    sources = position_sources("mentis")
    assert sources[0][1] == NEW_GAME
    assert {name for _, name in sources[1:]} == {"hidden_stack", "king_hunt", "spear_and_shield"}
    assert source_title("mentis", "king_hunt", 0).startswith("Mentis: ")


def test_a_finished_game_asks_nothing() -> None:
    session = start_session("toy_nim", NEW_GAME, seed=0)
    while (draft := draft_question(session, "Nim")) is not None:
        play_on(session, draft.choices[0])
    assert session.state.is_terminal()
    with pytest.raises(ValueError, match="nobody decides"):
        engine_says(session)


def test_a_scenario_the_host_saved_is_offered_and_played() -> None:
    session = start_session("toy_nim", NEW_GAME, seed=0)
    draft = draft_question(session, "Nim")
    assert draft is not None
    play_on(session, draft.choices[-1])
    data = scenario_from_session(session, seed=0, title="Five stones left")
    target = user_path("scenarios", "class/five_stones.yaml")
    target.parent.mkdir(exist_ok=True)  # a folder of the host's own
    save_scenario(data, target)
    user_path("scenarios", "broken.yaml").write_text("game: [not, a, scenario\n")

    offered = dict(position_sources("toy_nim"))
    assert "Saved: Five stones left" in offered
    assert "Saved: Five stones left" not in dict(position_sources("mantis"))
    source = offered["Saved: Five stones left"]
    again = start_session("toy_nim", source)
    assert again.state.to_dict() == session.state.to_dict()
    with pytest.raises(SessionFileError, match="not 'mantis'"):
        start_session("mantis", source)
