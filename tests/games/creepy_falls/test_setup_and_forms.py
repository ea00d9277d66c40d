"""Setup for 2 to 5 players and the Form Choice phase, as scenarios."""

from __future__ import annotations

import math

import pytest
from games.creepy_falls.cf_helpers import cites, labels, play, position, tokens, units

import tutor
from tutor.games.creepy_falls.engine.state import PUMPKINS


@pytest.mark.rule("cf.1.1")
@pytest.mark.rule("cf.1.2")
@pytest.mark.rule("cf.1.3")
@pytest.mark.rule("cf.7.1")
def test_the_box_units_sizes_tokens_and_numbered_zones() -> None:
    board = tutor.load_game("creepy_falls").board
    assert [(u.name, u.size, u.limit) for u in board.units] == [
        ("Ghoul", 1, 9),
        ("Mummy", 1, 3),
        ("Frankenstein's Monster", 2, 3),
        ("Werewolf", 2, 4),
        ("Witch", 0, 2),
    ]
    assert board.zone_names[0] == "Cemetery" and board.zone_names[4] == "Pumpkins Field"
    assert board.zone_names[8] == "Karloff-113" and [z.number for z in board.zones] == list(
        range(1, 10)
    )
    s = position(4, armies=units(4, ghoul=1))
    assert set(s.view(None)["players"][0]["tokens"]) == {
        "blood",
        "soul",
        "corpse",
        "amulet",
        "grimoire",
    }


@pytest.mark.rule("cf.2.1")
@pytest.mark.rule("cf.2.2")
@pytest.mark.rule("cf.2.3")
def test_a_random_first_player_then_each_chooses_a_starting_army_clockwise() -> None:
    s = tutor.load_game("creepy_falls", players=4).new_state(seed=3)
    outcomes = s.chance_outcomes()
    assert s.decision.rule == "cf.2.1" and [p for _, p in outcomes] == [0.25] * 4
    trace = play(s, "Green goes first")
    assert cites(trace, "cf.2.1", "Green is the first player")
    assert s.decision.player == 2 and s.decision.rule == "cf.2.3"
    trace = play(
        s,
        "Start with Horde of Ghouls (5 Ghouls, 1 Corpse, 1 Amulet)",
        "Start with The Monster's Maker (3 Ghouls, 1 Frankenstein's Monster, 1 Corpse)",
        "Start with The Tomb (4 Ghouls, 1 Mummy)",
        "Start with The Tomb (4 Ghouls, 1 Mummy)",  # armies may repeat
    )
    assert cites(trace, "cf.2.2", "Green receives 2 Blood and 1 Soul, and 1 Corpse, 1 Amulet")
    assert tokens(s, 2) == {"blood": 2, "soul": 1, "corpse": 1, "amulet": 1}
    assert tokens(s, 3) == {"blood": 2, "soul": 1, "corpse": 1}
    assert tokens(s, 0) == {"blood": 2, "soul": 1}
    assert s.view(None)["players"][3]["army"]["frankenstein"] == 1
    assert s.decision.kind == "chance"


@pytest.mark.rule("cf.2.4")
@pytest.mark.rule("cf.2.5")
def test_round_tokens_are_drawn_at_random_for_the_castle_and_the_swamp() -> None:
    s = position(4, armies=units(4, ghoul=2))
    outcomes = dict((a.args, p) for a, p in s.chance_outcomes())
    assert math.isclose(sum(outcomes.values()), 1.0)
    # Four of 5 Corpse, 3 Amulet, 2 Grimoire: two Corpses, an Amulet and a Grimoire.
    assert math.isclose(outcomes[(2, 1, 1)], math.comb(5, 2) * 3 * 2 / math.comb(10, 4))
    trace = play(s, "Castle: 2 Corpse, 1 Amulet, 1 Grimoire; Swamp: 3 Corpse, 2 Amulet, 1 Grimoire")
    assert cites(trace, "cf.2.4", "Bloody Gen Castle gets 2 Corpse, 1 Amulet, 1 Grimoire")
    assert cites(trace, "cf.2.5", "Pumpkins Field, showing round 1")
    assert s.castle == [2, 1, 1] and s.swamp == [3, 2, 1] and s.vh_zone == PUMPKINS


def test_the_first_seat_ruling_skips_the_draw() -> None:
    s = tutor.load_game(
        "creepy_falls", players=3, rulings={"first_player": "first_seat"}
    ).new_state()
    assert s.decision.kind == "choice" and s.decision.player == 0 and s.first == 0


@pytest.mark.rule("cf.10.1")
@pytest.mark.rule("cf.10.2")
def test_three_players_take_an_extra_ghoul_and_six_round_tokens() -> None:
    s = tutor.load_game(
        "creepy_falls", players=3, rulings={"first_player": "first_seat"}
    ).new_state()
    trace = play(s, *["Start with The Tomb (4 Ghouls, 1 Mummy)"] * 3)
    assert cites(trace, "cf.10.1", "Red takes 1 more Ghoul")
    assert s.view(None)["players"][1]["army"]["ghoul"] == 5
    outcomes = s.chance_outcomes()
    assert all(sum(a.args) == 3 for a, _ in outcomes)
    trace = play(s, "Castle: 1 Corpse, 1 Amulet, 1 Grimoire; Swamp: 2 Corpse, 1 Amulet, 0 Grimoire")
    assert cites(trace, "cf.10.2", "6 tokens")


@pytest.mark.rule("cf.9.1")
@pytest.mark.rule("cf.9.2")
def test_two_players_have_neutral_ghouls_and_choose_two_forms_each() -> None:
    s = tutor.load_game("creepy_falls", players=2).new_state(seed=1)
    assert cites(s.trace_for(None), "cf.9.1")
    assert s.neutral == [1, 1, 0, 1, 0, 1, 0, 1, 0]
    s = position(2, first=1, armies=units(2, ghoul=3), castle={"corpse": 4}, swamp={"corpse": 1})
    assert "Take the Swarm of Rats Form" not in labels(s)
    chooser = []
    for label in (
        "Take the Acid Fog Form",
        "Take the Wild Animal Form",
        "Take the Human Form",
        "Take the Dark Hunter Form",
    ):
        chooser.append(s.decision.player)
        trace = play(s, label)
        assert cites(trace, "cf.9.2")
    assert chooser == [1, 0, 1, 0]
    assert s.form_owner[6] == 1 and s.form_owner[3] == 1


@pytest.mark.rule("cf.4.1")
@pytest.mark.rule("cf.4.2")
def test_forms_are_chosen_clockwise_from_the_first_player_once_each() -> None:
    s = position(4, first=2, armies=units(4, ghoul=2), castle={"corpse": 4}, swamp={"amulet": 1})
    assert s.decision.player == 2 and len(labels(s)) == 7
    trace = play(s, "Take the Wild Animal Form")
    assert cites(trace, "cf.4.1", "Green takes the Wild Animal Form")
    assert s.decision.player == 3 and "Take the Wild Animal Form" not in labels(s)
    play(s, "Take the Human Form", "Take the Dark Hunter Form", "Take the Cloud of Bats Form")
    assert s.decision.prompt.endswith("placement turn: choose a zone and the units to place there")


@pytest.mark.rule("cf.16.5")
@pytest.mark.rule("cf.4.3")
def test_second_shape_takes_an_extra_form_while_any_is_left() -> None:
    s = position(
        5,
        first=0,
        armies=units(5, ghoul=1),
        castle={"corpse": 4},
        swamp={"amulet": 1},
        spells=[["second_shape"], ["second_shape"], ["second_shape"], [], []],
    )
    play(
        s,
        "Take the Wild Animal Form",
        "Take the Human Form",
        "Take the Dark Hunter Form",
        "Take the Cloud of Bats Form",
        "Take the Flying Fox Form",
    )
    assert s.decision.player == 0 and s.decision.rule == "cf.16.5"
    trace = play(s, "Take the Swarm of Rats Form", "Take the Acid Fog Form")
    assert cites(trace, "cf.16.5", "Blue takes the Acid Fog Form")
    assert cites(trace, "cf.4.3", "Green could take another Form (Spell), but none is left")
