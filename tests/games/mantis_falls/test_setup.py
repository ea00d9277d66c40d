"""Scenario tests for Mantis Falls topics 1, 2, 5 and 6: components, objectives, setup and
getting started.

Why this file exists: every later rule assumes the table was laid out correctly (roads in
the right rows with three removed unseen, the Midnight cards split between the hands, the
Actions by the Night and the Actions by the Dark, hands of seven, secret roles, a random
first player and an ally for the last one), and the end of every game is judged against
the objectives of topic 2.  Component counts (topic 1) are facts about the card data, so
those tests read the data; everything else sets up a game or a position, acts, and checks
both the state and the rules the trace cites.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, rules_cited, skip_to_main_play
from tables import JACK, JILL

from tutor.games.mantis_falls.engine.basics import _grid_cell
from tutor.games.mantis_falls.state import CE_SPACES, END, START, MantisFallsState

SEEDS = range(1, 31)
# At 7 of 8 wounds with both earlier Last Gasps used: the next wound brings a fatal gasp.
DOOMED = {"wounds": 7, "gasps": 2}


def midnight_names(state: MantisFallsState, cards: list[int]) -> list[str]:
    return sorted(state.card_name(c) for c in cards if state.cards.actions[c].suit == "midnight")


def quiet_players(jack: dict[str, Any], jill: dict[str, Any]) -> list[dict[str, Any]]:
    """Player entries without allies, so no any-time window interrupts the turn."""
    return [{"allies": [], **jack}, {"allies": [], **jill}]


def escaped(seed: int) -> MantisFallsState:
    """Seed ``seed``'s game with witness Jack and assassin Jill both already on the End.

    The game ends as soon as the first turn begins: the pair has escaped.
    """
    players = quiet_players(
        {"role": "witness", "position": END}, {"role": "assassin", "position": END}
    )
    return mf_state(seed=seed, setup={"players": players})


def at_the_event(
    seed: int,
    jack: dict[str, Any],
    jill: dict[str, Any],
    turn_player: int,
    event: str = "Sprained Ankle",
    **extra: Any,
) -> MantisFallsState:
    """Seed ``seed``'s game, no allies, ``event`` on top, played on to the event.

    The turn player stays put, then both players do nothing, so the event is processed next.

    Raises:
        ScenarioError: if a card name or a value in the entries is not valid.
    """
    setup = {
        "players": quiet_players(jack, jill),
        "turn_player": turn_player,
        "event_deck_top": [event],
        **extra,
    }
    s = mf_state(seed=seed, setup=setup)
    skip_to_main_play(s)
    do(s, "nothing")
    do(s, "nothing")
    return s


# ====================================================================== 1 Components
@pytest.mark.rule("mf.1.1")
def test_base_box_holds_the_card_counts_of_the_component_list(mf_game: Any) -> None:
    cards = mf_game.cards
    assert len(cards.actions) == 60
    midnight = [c.name for c in cards.actions if c.suit == "midnight"]
    assert len(midnight) == 7
    assert midnight.count("Call in a Hit") == 2
    assert len(cards.events) == 50
    assert len(cards.allies) == 12
    # The three base characters are all Urbanites: one character kind in the data.
    assert [c.name for c in cards.characters.values()] == ["Urbanite"]
    # The three role cards (two witnesses, one assassin) are what every game deals from.
    for seed in (1, 2, 3):
        s = mf_state(seed=seed)
        assert sorted([*s.roles, s.removed_role]) == ["assassin", "witness", "witness"]
        # Every one of the 60 action cards is somewhere on the table after setup.
        places = [*s.hands, s.action_pile, s.action_top, s.action_discard, s.night, s.dark]
        assert sorted(c for place in places for c in place) == list(range(60))


@pytest.mark.rule("mf.1.2")
def test_fifteen_region_roads_five_per_region_plus_start_and_end(mf_game: Any) -> None:
    regions = [r.region for r in mf_game.cards.roads]
    assert len(regions) == 17
    for region in ("sunset", "night", "dark"):
        assert regions.count(region) == 5
    assert regions.count("start") == regions.count("end") == 1


@pytest.mark.rule("mf.1.3")
def test_each_player_has_a_piece_and_a_life_tracker_and_the_mat_has_four_ce_spaces() -> None:
    s = mf_state(seed=4)
    view = s.view(JACK)
    assert len(view["players"]) == 2
    for p in (JACK, JILL):
        tracker = view["players"][p]
        # The piece (position), the red wound marker and the black gasp marker.
        assert (tracker["position"], tracker["wounds"], tracker["gasps"]) == (START, 0, 0)
        assert tracker["max_wounds"] == 8
    # The playmat: the road, the decks, and four Conserved Energy spaces.
    assert len(view["roads"]) == END + 1
    assert CE_SPACES == 4
    assert view["conserved"] == []
    assert set(view["piles"]) >= {"action_draw", "event_draw", "ally_deck"}


# ====================================================================== 2 Objectives
@pytest.mark.rule("mf.2.1")
def test_roles_stay_secret_until_the_game_ends_then_set_each_objective() -> None:
    s = mf_state(
        seed=5, setup={"players": quiet_players({"role": "witness"}, {"role": "assassin"})}
    )
    assert s.view(JACK)["players"][JILL]["role"] is None
    assert s.view(JILL)["players"][JACK]["role"] is None
    assert s.view(JILL)["players"][JILL]["role"] == "assassin"

    # Both pieces on the End when a turn begins: the game ends and roles come out.
    s = escaped(5)
    assert s.is_terminal()
    assert s.view(JACK)["players"][JILL]["role"] == "assassin"
    rules = rules_cited(s.trace)
    assert "mf.2.1" in rules
    assert rules.index("mf.20.3") < rules.index("mf.2.1")


@pytest.mark.rule("mf.2.2")
def test_a_game_of_witnesses_only_is_won_or_lost_together() -> None:
    # Jack, at 7 of 8 wounds with two gasps used, sprains an ankle and dies.
    s = at_the_event(6, {"role": "witness", **DOOMED}, {"role": "witness"}, JACK)
    entries = do(s, "gasp_finish")
    assert s.is_terminal() and s.dead == [True, False]
    assert s.returns() == [-1.0, -1.0]  # Jill survives but loses with Jack
    assert "mf.2.2" in rules_cited(entries)
    assert any("cooperative" in e.text for e in entries if e.rule == "mf.2.2")

    # The same death with an assassin at the table is competitive: results differ.
    s = at_the_event(6, {"role": "witness", **DOOMED}, {"role": "assassin"}, JACK)
    entries = do(s, "gasp_finish")
    assert s.returns() == [-1.0, 1.0]
    assert any("competitive" in e.text for e in entries if e.rule == "mf.2.2")


@pytest.mark.rule("mf.2.3")
def test_a_witness_succeeds_by_escaping_or_by_the_assassins_death() -> None:
    # Escape: both alive on the End as a turn begins.
    s = escaped(7)
    assert s.outcome().reason == "escape"
    assert s.returns() == [1.0, -1.0]
    lines = [e.text for e in s.trace if e.rule == "mf.2.3"]
    assert lines and "Jack" in lines[0] and lines[0].endswith("achieved.")

    # Death of the assassin: Jill, the assassin, dies on her own turn.
    s = at_the_event(7, {"role": "witness"}, {"role": "assassin", **DOOMED}, JILL)
    entries = do(s, "gasp_finish")
    assert s.outcome().winners == (JACK,)
    assert "mf.2.3" in rules_cited(entries)


@pytest.mark.rule("mf.2.4")
def test_the_assassin_succeeds_only_when_a_witness_dies_and_they_live() -> None:
    s = at_the_event(8, {"role": "witness", **DOOMED}, {"role": "assassin"}, JACK)
    entries = do(s, "gasp_finish")
    assert s.outcome().winners == (JILL,)
    assert [e.text for e in entries if e.rule == "mf.2.4"] == [
        "Jill, the assassin, needed a witness to die while staying alive: achieved."
    ]

    # An escape is not a success for the assassin.
    s = escaped(8)
    assert s.returns()[JILL] == -1.0
    assert any(e.text.endswith("not achieved.") for e in s.trace if e.rule == "mf.2.4")


@pytest.mark.rule("mf.2.5")
def test_assassin_and_witness_both_dead_is_a_tie_for_everyone() -> None:
    # The Arsonist, undefeated, deals each player a wound (and one more while they share a
    # road, as both do on the Start).
    s = at_the_event(
        9,
        {"role": "witness", **DOOMED},
        {"role": "assassin", **DOOMED},
        JACK,
        "Arsonist",
    )
    do(s, "gasp_first", JACK)  # the turn player decides who gasps first
    do(s, "gasp_finish")
    entries = do(s, "gasp_finish")
    assert s.is_terminal() and s.dead == [True, True]
    assert s.returns() == [0.0, 0.0] and s.outcome().tie
    assert "mf.2.5" in rules_cited(entries)


# ====================================================================== 5 Setup
@pytest.mark.rule("mf.5.1")
def test_start_and_end_fixed_around_a_serpentine_three_by_four_grid() -> None:
    for seed in SEEDS:
        s = mf_state(seed=seed)
        assert len(s.road_at) == 14
        assert s.road(START).region == "start" and s.road(END).region == "end"
        assert "mf.5.1" in rules_cited(s.trace)
    # The path snakes: each road is next to the one before it in the grid, rows bottom-up.
    cells = [_grid_cell(q) for q in range(1, 13)]
    assert sorted(cells) == [(r, c) for r in range(3) for c in range(4)]
    for (r1, c1), (r2, c2) in zip(cells, cells[1:], strict=False):
        assert abs(r1 - r2) + abs(c1 - c2) == 1
    assert [cells[0], cells[3], cells[4], cells[7], cells[8]] == [
        (0, 0),
        (0, 3),
        (1, 3),
        (1, 0),
        (2, 0),
    ]


@pytest.mark.rule("mf.5.2")
def test_one_road_of_each_region_is_removed_unseen() -> None:
    removed_sets = set()
    for seed in SEEDS:
        s = mf_state(seed=seed)
        assert len(s.removed_roads) == 3
        assert sorted(s.cards.roads[r].region for r in s.removed_roads) == [
            "dark",
            "night",
            "sunset",
        ]
        assert not set(s.removed_roads) & set(s.road_at)
        removed_sets.add(tuple(s.removed_roads))
        # Nobody sees them: the players' view lists only the fourteen roads in play.
        names = {road.get("name") for road in s.view(JACK)["roads"]}
        assert not names & {s.cards.roads[r].name for r in s.removed_roads}
        assert "mf.5.2" in rules_cited(s.trace)
    assert len(removed_sets) > 5  # shuffled, not a fixed choice


@pytest.mark.rule("mf.5.3")
def test_remaining_roads_lie_face_down_sunset_bottom_night_middle_dark_top() -> None:
    s = mf_state(seed=10)
    regions = [s.road(q).region for q in range(1, 13)]
    assert regions == ["sunset"] * 4 + ["night"] * 4 + ["dark"] * 4
    assert [_grid_cell(q)[0] for q in (1, 5, 9)] == [0, 1, 2]  # bottom, middle, top rows
    # Face down except the first sunset road (mf.6.2): the players see only the region.
    view = s.view(JILL)["roads"]
    for q in range(2, 13):
        assert not s.face_up[q]
        assert view[q]["face_up"] is False and "name" not in view[q]
        assert view[q]["region"] == regions[q - 1]
    assert "mf.5.3" in rules_cited(s.trace)


@pytest.mark.rule("mf.5.4")
def test_all_seven_midnight_cards_are_set_apart_from_the_draw_pile() -> None:
    for seed in SEEDS:
        s = mf_state(seed=seed)
        assert midnight_names(s, s.action_pile) == []
        held = midnight_names(s, [*s.hands[JACK], *s.hands[JILL], *s.night, *s.dark])
        assert len(held) == 7
        assert "mf.5.4" in rules_cited(s.trace)


@pytest.mark.rule("mf.5.5")
def test_each_player_is_given_one_call_in_a_hit_face_down() -> None:
    s = mf_state(seed=11)
    for p in (JACK, JILL):
        assert [s.card_name(c) for c in s.hands[p]].count("Call in a Hit") == 1
        assert s.view(1 - p)["players"][p]["hand"] is None  # face down to the other
    assert "mf.5.5" in rules_cited(s.trace)


@pytest.mark.rule("mf.5.6")
def test_three_midnight_cards_by_the_night_and_two_by_the_end() -> None:
    night_sets = set()
    for seed in SEEDS:
        s = mf_state(seed=seed)
        assert len(s.night) == 3 and len(s.dark) == 2
        five = midnight_names(s, s.night + s.dark)
        assert five == ["Dead of Night", "Guardian Angel", "Safe House", "The Fixer", "Tommy Gun"]
        night_sets.add(tuple(midnight_names(s, s.night)))
        piles = s.view(JACK)["piles"]
        assert (piles["actions_by_the_night"], piles["actions_by_the_dark"]) == (3, 2)
        assert "mf.5.6" in rules_cited(s.trace)
    assert len(night_sets) > 3  # shuffled before they are split


@pytest.mark.rule("mf.5.7")
def test_hands_of_seven_and_the_rest_form_the_draw_pile() -> None:
    s = mf_state(seed=12)
    for p in (JACK, JILL):
        assert len(s.hands[p]) == 7
        assert midnight_names(s, s.hands[p]) == ["Call in a Hit"]
    assert len(s.action_pile) == 60 - 7 - 2 * 6
    dealt = [e for e in s.trace if e.rule == "mf.5.7"]
    assert [e.visible_to for e in dealt] == [frozenset({JACK}), frozenset({JILL})]
    # Jill reads only that Jack was dealt six cards, never which ones.
    jack_cards = {s.card_label(c) for c in s.hands[JACK][1:]}
    seen_by_jill = [line for line in s.trace_for(JILL) if line.startswith("[mf.5.7] Jack")]
    assert seen_by_jill == ["[mf.5.7] Jack is dealt six more action cards (seven in hand)."]
    assert all(label in dealt[0].text for label in jack_cards)


@pytest.mark.rule("mf.5.8")
def test_ally_and_event_decks_are_shuffled_face_down() -> None:
    s = mf_state(seed=13)
    assert len(s.ally_deck) == 12 - 1  # one went to the last player (mf.6.4)
    assert s.view(JACK)["piles"]["ally_deck"] == 11
    assert len(s.event_pile) == 50
    assert s.view(JACK)["event_top"] is None  # nobody knows the top event
    assert "mf.5.8" in rules_cited(s.trace)
    s = mf_state(seed=13, setup={"players": quiet_players({}, {})})
    skip_to_main_play(s)
    # The first event comes off a shuffled deck: every event equally likely.
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 50
    assert {round(p, 6) for _, p in outcomes} == {round(1 / 50, 6)}


@pytest.mark.rule("mf.5.9")
def test_two_players_get_one_role_each_from_two_witnesses_and_an_assassin() -> None:
    removed = set()
    for seed in SEEDS:
        s = mf_state(seed=seed)
        assert sorted([*s.roles, s.removed_role]) == ["assassin", "witness", "witness"]
        removed.add(s.removed_role)
        for p in (JACK, JILL):
            assert s.view(p)["removed_role"] is None  # removed without anyone looking
            assert s.view(p)["players"][1 - p]["role"] is None
        assert "mf.5.9" in rules_cited(s.trace)
    assert removed == {"witness", "assassin"}  # sometimes an all-witness game


@pytest.mark.rule("mf.5.10")
def test_every_player_is_an_urbanite_with_eight_maximum_wounds() -> None:
    s = mf_state(seed=14)
    assert s.max_wounds == [8, 8]
    assert [pl["max_wounds"] for pl in s.view(JACK)["players"]] == [8, 8]
    entries = [e for e in s.trace if e.rule == "mf.5.10"]
    assert entries and "Urbanite" in entries[0].text


@pytest.mark.rule("mf.5.11")
def test_pieces_start_on_the_start_with_both_markers_on_zero() -> None:
    s = mf_state(seed=15)
    assert s.pos == [START, START]
    assert s.wounds == [0, 0] and s.gasps == [0, 0]
    assert s.road(START).name == "Depot Square"
    assert "mf.5.11" in rules_cited(s.trace)


# ====================================================================== 6 Getting started
@pytest.mark.rule("mf.6.1")
def test_each_player_looks_at_their_own_role_only() -> None:
    s = mf_state(seed=16)
    for p in (JACK, JILL):
        view = s.view(p)
        assert view["players"][p]["role"] == s.roles[p]
        assert view["players"][1 - p]["role"] is None
    looks = [e for e in s.trace if e.rule == "mf.6.1"]
    assert [e.visible_to for e in looks] == [frozenset({JACK}), frozenset({JILL})]
    assert f"[mf.6.1] Jack looks at their role: {s.roles[JACK]}." in s.trace_for(JACK)
    assert "[mf.6.1] Jack looks at their role and keeps it hidden." in s.trace_for(JILL)


@pytest.mark.rule("mf.6.2")
def test_the_first_sunset_road_is_turned_face_up() -> None:
    s = mf_state(seed=17)
    assert s.face_up[1] and not s.face_up[2]
    assert s.view(JACK)["roads"][1]["name"] == s.road(1).name
    entries = [e for e in s.trace if e.rule == "mf.6.2"]
    assert len(entries) == 1 and s.road(1).name in entries[0].text


@pytest.mark.rule("mf.6.3")
def test_the_first_player_is_random_but_fixed_by_the_seed() -> None:
    firsts = {seed: mf_state(seed=seed).first_player for seed in SEEDS}
    assert set(firsts.values()) == {JACK, JILL}
    for seed in (1, 2, 3):
        assert mf_state(seed=seed).first_player == firsts[seed]  # same seed, same choice
    s = mf_state(seed=18)
    assert s.turn_player == s.first_player and s.turn_no == 1
    entries = [e for e in s.trace if e.rule == "mf.6.3"]
    assert entries[0].text == f"{s.name(s.first_player)} is chosen at random to go first."


@pytest.mark.rule("mf.6.4")
def test_the_last_player_draws_one_random_ally() -> None:
    drawn = set()
    for seed in SEEDS:
        s = mf_state(seed=seed)
        last = 1 - s.first_player
        assert len(s.allies[last]) == 1 and s.allies[s.first_player] == []
        assert len(s.ally_deck) == 11
        drawn.add(s.cards.allies[s.allies[last][0]].name)
        # Drawn, not chosen: no ally choice was ever offered.
        assert s.decision.rule != "mf.14.2"
        entries = [e for e in s.trace if e.rule == "mf.6.4"]
        assert entries and all(e.actor == last for e in entries)
    assert len(drawn) > 2
