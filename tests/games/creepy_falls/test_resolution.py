"""The Resolution phase: ranking, advantages, Karloff-113, beasts, neutral Ghouls, 3 players."""

from __future__ import annotations

import pytest
from games.creepy_falls.cf_helpers import cites, labels, play, position, tokens

QUIET = [["wild_animal"], ["human_form"], ["dark_hunter"], ["cloud_of_bats"], ["flying_fox"]]
CEMETERY, DOCK = 0, 6


def placing(
    players: int,
    armies: list[dict[str, int]],
    forms: list[list[str]] | None = None,
    castle: dict[str, int] | None = None,
    swamp: dict[str, int] | None = None,
    **setup: object,
) -> object:
    """A position at the first placement turn (first player: Red)."""
    return position(
        players,
        first=0,
        armies=armies,
        castle=castle or {"corpse": 2},
        swamp=swamp or {"amulet": 1},
        forms=forms or QUIET[:players],
        **setup,
    )


@pytest.mark.rule("cf.7.7")
@pytest.mark.rule("cf.7.8")
@pytest.mark.rule("cf.7.10")
@pytest.mark.rule("cf.1.4")
@pytest.mark.rule("cf.7.5")
@pytest.mark.rule("cf.7.3")
def test_karloff_actions_are_picked_in_ranking_order() -> None:
    s = placing(
        4,
        [{"ghoul": 3}, {"ghoul": 2, "mummy": 1}, {"ghoul": 1}, {"ghoul": 1}],
        forms=[["wild_animal"], ["human_form"], ["dark_hunter"], ["acid_fog"]],
    )
    play(s, "Leave the Van Helsing die on Pumpkins Field")
    play(
        s,
        "Place 3 Ghouls in Karloff-113",
        "Place 2 Ghouls in Karloff-113",
        "Place 1 Ghoul in Karloff-113",
        "Place 1 Ghoul in Karloff-113",
        "Place 1 Mummy in Karloff-113",
    )
    assert s.decision.player == 0 and s.decision.rule == "cf.7.7"
    offered = labels(s)
    assert "Destroy 2 Ghouls to get 1 Frankenstein's Monster" in offered
    assert "Destroy 1 Ghoul to get 1 Corpse and 1 Grimoire" in offered
    trace = play(s, "Destroy 1 Ghoul so that every other player destroys 1 unit")
    assert cites(trace, "cf.7.10", "Red destroys 1 Ghoul: every other player must destroy 1 unit")
    assert s.decision.player == 1 and labels(s) == ["Destroy a Ghoul", "Destroy a Mummy"]
    trace = play(s, "Destroy a Mummy")
    assert cites(trace, "cf.7.10", "Blue chooses to destroy a Mummy from Karloff-113")
    assert cites(trace, "cf.7.10", "Green destroys a Ghoul from Karloff-113")
    # Blue ranks second (size 2 after losing the Mummy was counted before: 3 then).
    assert s.decision.player == 1 and "destroy 1 Ghoul so that" not in " ".join(labels(s))
    trace = play(s, "Destroy 1 Ghoul to get 1 Mummy")
    assert cites(trace, "cf.7.8", "Blue destroys 1 Ghoul and gets 1 Mummy")
    # Green has no Ghoul left: the actions can only be taken to deny them.
    assert all("only to keep it from the others" in x for x in labels(s))
    trace = play(
        s,
        "Take \u201cdestroy 2 Ghouls to get 1 Frankenstein's Monster\u201d only to "
        "keep it from the others",
    )
    assert cites(trace, "cf.7.7", "without carrying it out")
    assert labels(s) == [
        "Take \u201cdestroy 1 Ghoul to get 2 tokens of Corpse, Amulet or "
        "Grimoire\u201d only to keep it from the others"
    ]
    trace = play(s, labels(s)[0])
    assert cites(trace, "cf.7.5", "tokens left (Castle: 2 Corpse; Swamp: 1 Amulet) are discarded")
    assert s.castle == [0, 0, 0] and s.view(None)["players"][1]["owned"]["mummy"] == 1


@pytest.mark.rule("cf.7.9")
@pytest.mark.rule("cf.7.11")
def test_karloff_makes_a_monster_or_trades_a_ghoul_for_two_tokens() -> None:
    s = placing(2, [{"ghoul": 3}, {"ghoul": 1}], forms=[["wild_animal"], ["human_form"]])
    play(s, "Place 3 Ghouls in Karloff-113", "Place 1 Ghoul in Karloff-113")
    trace = play(s, "Destroy 2 Ghouls to get 1 Frankenstein's Monster")
    assert cites(trace, "cf.7.9", "Red destroys 2 Ghouls and gets 1 Frankenstein's Monster")
    trace = play(s, "Destroy 1 Ghoul to get 2 Grimoire")
    assert cites(trace, "cf.7.11", "Blue destroys 1 Ghoul and takes 1 Grimoire and 1 Grimoire")
    assert tokens(s, 1)["grimoire"] == 2
    assert s.view(None)["players"][0]["owned"] == {
        "ghoul": 1,
        "mummy": 0,
        "frankenstein": 1,
        "werewolf": 0,
        "witch": 0,
    }


@pytest.mark.rule("cf.8.1")
@pytest.mark.rule("cf.8.2")
@pytest.mark.rule("cf.8.3")
@pytest.mark.rule("cf.7.4")
@pytest.mark.rule("cf.7.13")
def test_werewolves_and_witches_take_souls_in_ranking_order() -> None:
    s = placing(
        4,
        [{"werewolf": 1}, {"witch": 1}, {"ghoul": 2}, {"ghoul": 1}],
        forms=[["wild_animal"], ["human_form"], ["dark_hunter"], ["cloud_of_bats"]],
        tokens=[{"soul": 1}, {"soul": 1}, {"soul": 0}, {"soul": 1}],
    )
    trace = play(
        s,
        "Place 1 Werewolf in Hell Dock",
        "Place 1 Witch in Hell Dock",
        "Place 2 Ghouls in Hell Dock",
        "Place 1 Ghoul in Cemetery",
    )
    assert cites(trace, "cf.7.4", "Blue has size 0 in Hell Dock and takes no advantage there")
    assert cites(trace, "cf.7.13", "Red takes advantage 1 of Hell Dock: 4 Blood")
    assert cites(trace, "cf.7.13", "Green takes advantage 2 of Hell Dock: 3 Blood")
    lines = [x for x in trace if x.startswith(("[cf.8.", "[cf.1.4]"))]
    assert lines == [
        "[cf.8.2] Several Werewolves and Witches in Hell Dock: their owners collect Souls in "
        "ranking order (Red, Blue).",
        "[cf.8.1] Blue gives 1 Soul to Red for Red's Werewolf in Hell Dock.",
        "[cf.8.1] Green gives 0 Souls to Red for Red's Werewolf in Hell Dock.",
        "[cf.8.3] Green cannot pay in full and must destroy a unit.",
        "[cf.8.1] Green gives 0 Souls to Blue for Blue's Witch in Hell Dock.",
        "[cf.8.3] Green cannot pay in full and must destroy a unit.",
        "[cf.8.1] Red gives 2 Souls to Blue for Blue's Witch in Hell Dock.",
        "[cf.8.3] Green destroys a Ghoul from Hell Dock (an unpaid Werewolf or Witch); it goes "
        "back to the box.",
        "[cf.8.3] Green destroys a Ghoul from Hell Dock (an unpaid Werewolf or Witch); it goes "
        "back to the box.",
    ]
    assert s.view(None)["players"][2]["owned"]["ghoul"] == 0
    assert tokens(s, 1)["soul"] == 2 and "soul" not in tokens(s, 0)


@pytest.mark.rule("cf.9.3")
@pytest.mark.rule("cf.9.4")
@pytest.mark.rule("cf.9.5")
def test_neutral_ghouls_take_advantages_and_three_are_a_werewolf() -> None:
    s = placing(
        2,
        [{"ghoul": 1, "frankenstein": 1}, {"werewolf": 1}],
        forms=[["wild_animal"], ["human_form"]],
        neutral={"Vladovich Village": 1, "Hell Dock": 3, "Cemetery": 0},
    )
    trace = play(
        s,
        "Place 1 Ghoul in Vladovich Village",
        "Place 1 Werewolf in Hell Dock",
        "Place 1 Frankenstein's Monster in Hell Dock",
    )
    assert cites(trace, "cf.9.3", "The neutral Ghouls hold advantage 1 of Vladovich Village")
    assert cites(trace, "cf.7.13", "Red takes advantage 2 of Vladovich Village: 1 Blood, 1 Soul")
    assert cites(
        trace,
        "cf.7.3",
        "Hell Dock, is resolved. Size points: neutral Ghouls 2 (a neutral Werewolf); Blue 2; Red 2",
    )
    assert cites(trace, "cf.9.4", "Blue discards 1 Soul for the neutral Werewolf in Hell Dock")
    assert cites(trace, "cf.9.4", "Red discards 1 Soul for the neutral Werewolf")
    assert cites(
        trace, "cf.9.5", "Blue's Werewolf or Witch destroys a neutral Ghoul in Hell Dock (2 left)"
    )
    assert cites(trace, "cf.8.1", "Red gives 1 Soul to Blue")  # Red had 2 Souls
    assert s.neutral[DOCK] == 2


def test_the_everyone_ruling_makes_the_neutral_werewolf_bite_big_armies_too() -> None:
    for ruling, bitten in (("beaten_only", False), ("everyone", True)):
        s = placing(
            2,
            [{"ghoul": 3}, {"ghoul": 1}],
            forms=[["wild_animal"], ["human_form"]],
            neutral={"Hell Dock": 3},
            rulings={"neutral_werewolf_souls": ruling},
        )
        trace = play(s, "Place 3 Ghouls in Hell Dock", "Place 1 Ghoul in Cemetery")
        assert cites(trace, "cf.9.4", "Red discards 1 Soul for the neutral Werewolf") is bitten


def test_the_per_unit_ruling_destroys_a_neutral_ghoul_per_beast() -> None:
    for ruling, left in (("per_player", 2), ("per_unit", 1)):
        s = placing(
            2,
            [{"werewolf": 2}, {"ghoul": 1}],
            forms=[["wild_animal"], ["human_form"]],
            neutral={"Hell Dock": 3},
            spells=[["pack_leader"], []],
            rulings={"neutral_ghoul_destroyed": ruling},
        )
        play(s, "Place 2 Werewolves in Hell Dock", "Place 1 Ghoul in Cemetery")
        assert s.neutral[DOCK] == left


@pytest.mark.rule("cf.9.6")
def test_two_players_get_a_neutral_ghoul_in_every_zone_after_rounds_two_and_four() -> None:
    s = position(2, round=2, armies=[{"ghoul": 1}, {"ghoul": 1}], phase="toll")
    assert s.round_no == 3
    assert cites(
        s.trace_for(None), "cf.9.6", "End of round 2: one neutral Ghoul is put in each zone"
    )
    assert [a - b for a, b in zip(s.neutral, [1, 1, 0, 1, 0, 1, 0, 1, 0], strict=True)] == [1] * 9


@pytest.mark.rule("cf.10.3")
@pytest.mark.rule("cf.10.4")
def test_three_players_drop_the_third_advantage_and_split_the_swamp() -> None:
    s = placing(
        3,
        [{"ghoul": 5}, {"ghoul": 3}, {"ghoul": 2}],
        swamp={"corpse": 1, "amulet": 1, "grimoire": 1},
    )
    play(
        s,
        "Place 3 Ghouls in Cemetery",
        "Place 2 Ghouls in Cemetery",
        "Place 1 Ghoul in Cemetery",
        "Place 2 Ghouls in Rotten Swamp",
        "Place 1 Ghoul in Rotten Swamp",
        "Place 1 Ghoul in Hell Dock",
    )
    trace = s.trace_for(None)
    assert cites(trace, "cf.7.13", "Cemetery has no advantage left for Green")
    assert s.decision.player == 0 and "Rotten Swamp" in s.decision.prompt
    trace = play(s, "Take a Grimoire token", "Take a Corpse token")
    assert cites(trace, "cf.10.4", "Blue takes the remaining Amulet token in Rotten Swamp")
    assert tokens(s, 0)["grimoire"] == 1 and tokens(s, 1)["amulet"] == 1


@pytest.mark.rule("cf.16.1")
@pytest.mark.rule("cf.16.4")
@pytest.mark.rule("cf.16.6")
@pytest.mark.rule("cf.15.2")
@pytest.mark.rule("cf.15.4")
def test_spells_and_forms_add_to_the_advantages() -> None:
    s = placing(
        4,
        [{"ghoul": 2}, {"ghoul": 2}, {"werewolf": 1}, {"ghoul": 2}],
        forms=[["human_form"], ["wild_animal"], ["dark_hunter"], ["cloud_of_bats"]],
        spells=[["grave_digger"], ["forest_charm"], ["monstrous_growth"], []],
    )
    trace = play(
        s,
        "Place 2 Ghouls in Cemetery",
        "Place 1 Ghoul in Cemetery",
        "Place 1 Werewolf in Hell Dock",
        "Place 2 Ghouls in Hell Dock",
        "Place 1 Ghoul in Shadow Forest",
    )
    assert cites(trace, "cf.15.2", "Red gets 2 Corpse more for the Human Form")
    assert cites(trace, "cf.16.1", "Red gets 1 Corpse more for Grave Digger")
    assert cites(trace, "cf.16.4", "Blue gets 1 Amulet more for Forest Charm")
    assert cites(trace, "cf.7.3", "Hell Dock, is resolved. Size points: Green 3; Yellow 2")
    assert cites(trace, "cf.15.4", "Green gets 1 Blood, 1 Soul more for the Dark Hunter Form")
    assert tokens(s, 0)["corpse"] == 6
    assert tokens(s, 1)["corpse"] == 2 and tokens(s, 1)["amulet"] == 3
