"""The Placement phase: turns, the four general rules and every unit's exception."""

from __future__ import annotations

import pytest
from games.creepy_falls.cf_helpers import cites, labels, play, position, units

from tutor.core.types import Action

CASTLE, CEMETERY, FOREST, PUMPKINS, DOCK, KARLOFF = 3, 0, 1, 4, 6, 8
QUIET = [["wild_animal"], ["human_form"], ["dark_hunter"], ["acid_fog"], ["cloud_of_bats"]]


def placing(
    players: int,
    armies: list[dict[str, int]],
    forms: list[list[str]] | None = None,
    **setup: object,
) -> object:
    """A position at the first placement turn (first player: Red)."""
    return position(
        players,
        first=0,
        armies=armies,
        castle={"corpse": 2},
        swamp={"amulet": 1},
        forms=forms or QUIET[:players],
        **setup,
    )


def place(
    zone: int, g: int = 0, m: int = 0, f: int = 0, w: int = 0, h: int = 0, p: int = 0
) -> Action:
    return Action(p, "place", (zone, g, m, f, w, h))


@pytest.mark.rule("cf.5.1")
@pytest.mark.rule("cf.5.2")
@pytest.mark.rule("cf.5.3")
@pytest.mark.rule("cf.5.4")
@pytest.mark.rule("cf.5.5")
@pytest.mark.rule("cf.6.1")
def test_placement_turns_go_round_until_nobody_can_place() -> None:
    s = placing(3, [{"ghoul": 3, "mummy": 1}, {"ghoul": 1}, {"ghoul": 2}])
    assert s.decision.player == 0
    assert "Place 3 Ghouls and 1 Mummy in Hell Dock" in labels(s)  # any mix, one zone
    trace = play(s, "Place 2 Ghouls in Hell Dock")
    assert cites(trace, "cf.5.3", "Red places 2 Ghouls in Hell Dock (placed there 1st")
    assert s.decision.player == 1
    play(s, "Place 1 Ghoul in Hell Dock", "Place 1 Ghoul in Cemetery")
    # Red placed in Hell Dock already: only Mummies may go there now.
    assert not s.check(place(DOCK, g=1)).ok
    assert s.check(place(DOCK, g=1)).rule == "cf.5.5"
    play(s, "Place 1 Mummy in Cemetery")
    # Blue has nothing left: Green plays next, and must place (no pass is offered).
    assert s.decision.player == 2 and all(label.startswith("Place") for label in labels(s))
    play(s, "Place 1 Ghoul in Shadow Forest")
    trace = play(s, "Place 1 Ghoul in Bloody Gen Castle")
    assert cites(trace, "cf.5.2", "Nobody can place any more units")


@pytest.mark.rule("cf.5.6")
@pytest.mark.rule("cf.16.12")
@pytest.mark.rule("cf.7.12")
def test_nobody_places_on_the_van_helsing_die_without_hunters_bane() -> None:
    s = placing(
        2, units(2, ghoul=2), forms=[["wild_animal"], ["human_form"]], spells=[[], ["hunters_bane"]]
    )
    verdict = s.check(place(PUMPKINS, g=1))
    assert not verdict.ok and verdict.rule == "cf.5.6"
    play(s, "Place 2 Ghouls in Hell Dock")
    assert "Place 1 Ghoul in Pumpkins Field" in labels(s)  # Blue has Hunter's Bane
    trace = play(s, "Place 2 Ghouls in Pumpkins Field")
    assert cites(trace, "cf.7.12", "Pumpkins Field gives no advantages")


@pytest.mark.rule("cf.6.2")
@pytest.mark.rule("cf.6.5")
def test_frankensteins_monster_places_once_more_then_flips() -> None:
    s = placing(
        2,
        [{"ghoul": 2, "frankenstein": 2, "werewolf": 1}, {"ghoul": 6}],
        forms=[["wild_animal"], ["human_form"]],
    )
    play(s, "Place 1 Frankenstein's Monster in Cemetery", "Place 1 Ghoul in Hell Dock")
    offered = labels(s)
    assert "Place 1 Ghoul and 1 Frankenstein's Monster in Cemetery" in offered
    assert "Place 1 Werewolf in Cemetery" not in offered
    verdict = s.check(place(CEMETERY, w=1))
    assert verdict.rule == "cf.6.5" and verdict.detail == "beast_with_frankenstein"
    trace = play(s, "Place 1 Ghoul and 1 Frankenstein's Monster in Cemetery")
    assert cites(trace, "cf.6.2", "once more, using the Frankenstein's Monster there")
    assert s.frank_used[CEMETERY * 2 + 0] == 1 and s.order[CEMETERY] == [0]
    play(s, "Place 1 Ghoul in Vladovich Village")
    verdict = s.check(place(CEMETERY, g=1))
    assert not verdict.ok and verdict.detail == "frankenstein_used"


@pytest.mark.rule("cf.6.3")
@pytest.mark.rule("cf.6.4")
def test_mummies_join_a_zone_alone_and_flip_the_monster() -> None:
    s = placing(
        2,
        [{"ghoul": 2, "mummy": 2, "frankenstein": 1}, {"ghoul": 6}],
        forms=[["wild_animal"], ["human_form"]],
    )
    play(s, "Place 1 Ghoul in Cemetery", "Place 1 Ghoul in Hell Dock")
    assert [x for x in labels(s) if x.endswith("in Cemetery")] == [
        "Place 1 Mummy in Cemetery",
        "Place 2 Mummies in Cemetery",
    ]
    verdict = s.check(place(CEMETERY, g=1, m=1))
    assert verdict.rule == "cf.6.4"
    play(s, "Place 1 Mummy in Cemetery", "Place 1 Ghoul in Cemetery")
    assert s.order[CEMETERY] == [0, 1]  # adding Mummies kept Red first
    play(s, "Place 1 Frankenstein's Monster in Shadow Forest", "Place 1 Ghoul in Shadow Forest")
    trace = play(s, "Place 1 Mummy in Shadow Forest")
    assert cites(trace, "cf.6.3", "flips the Frankenstein's Monster there")
    assert s.frank_used[FOREST * 2 + 0] == 1


@pytest.mark.rule("cf.6.5")
@pytest.mark.rule("cf.6.6")
def test_werewolves_and_witches_go_alone_and_keep_mummies_away() -> None:
    s = placing(
        2,
        [{"ghoul": 2, "mummy": 1, "werewolf": 2, "witch": 1}, {"ghoul": 6}],
        forms=[["wild_animal"], ["human_form"]],
    )
    offered = labels(s)
    assert "Place 1 Werewolf in Cemetery" in offered and "Place 1 Witch in Cemetery" in offered
    assert "Place 2 Werewolves in Cemetery" not in offered
    assert "Place 1 Ghoul and 1 Werewolf in Cemetery" not in offered
    assert s.check(place(CEMETERY, g=1, w=1)).detail == "beast_alone"
    trace = play(s, "Place 1 Witch in Cemetery")
    assert cites(trace, "cf.6.5", "Red places 1 Witch in Cemetery")
    play(s, "Place 1 Ghoul in Hell Dock")
    assert s.check(place(CEMETERY, m=1)).rule == "cf.6.6"
    play(
        s,
        "Place 1 Ghoul in Shadow Forest",
        "Place 1 Ghoul in Hell Dock".replace("Hell Dock", "Cemetery"),
    )
    assert s.check(place(FOREST, w=1)).ok is False  # own Ghoul there already


@pytest.mark.rule("cf.16.11")
def test_pack_leader_places_beasts_like_ghouls() -> None:
    s = placing(
        2,
        [{"ghoul": 1, "mummy": 1, "werewolf": 2}, {"ghoul": 2}],
        forms=[["wild_animal"], ["human_form"]],
        spells=[["pack_leader"], []],
    )
    assert "Place 1 Ghoul and 2 Werewolves in Cemetery" in labels(s)
    trace = play(s, "Place 1 Ghoul and 1 Werewolf in Cemetery")
    assert cites(trace, "cf.16.11", "Red places 1 Ghoul and 1 Werewolf in Cemetery")
    play(s, "Place 1 Ghoul in Hell Dock")
    assert "Place 1 Mummy in Cemetery" in labels(s)


@pytest.mark.rule("cf.15.1")
def test_cloud_of_bats_passes_twice_never_in_a_row() -> None:
    s = placing(2, [{"ghoul": 3}, {"ghoul": 3}], forms=[["cloud_of_bats"], ["human_form"]])
    assert labels(s)[0] == "Pass this placement turn (Cloud of Bats)"
    trace = play(s, "Pass this placement turn (Cloud of Bats)")
    assert cites(trace, "cf.15.1", "(1 pass left, never twice in a row)")
    play(s, "Place 1 Ghoul in Hell Dock")
    assert "Pass this placement turn (Cloud of Bats)" not in labels(s)
    play(
        s,
        "Place 1 Ghoul in Cemetery",
        "Place 1 Ghoul in Shadow Forest",
        "Pass this placement turn (Cloud of Bats)",
        "Place 1 Ghoul in Vladovich Village",
    )
    # Blue has placed everything: Red plays on, with both passes used.
    assert s.decision.player == 0 and s.passes[0] == 2
    assert "Pass this placement turn (Cloud of Bats)" not in labels(s)


@pytest.mark.rule("cf.15.3")
def test_flying_fox_moves_a_placed_ghoul_as_if_it_were_a_mummy() -> None:
    s = placing(2, [{"ghoul": 2}, {"werewolf": 1}], forms=[["flying_fox"], ["human_form"]])
    play(s, "Place 2 Ghouls in Vladovich Village", "Place 1 Werewolf in Vladovich Village")
    assert s.decision.rule == "cf.15.3"
    offered = labels(s)
    assert "Leave your Ghouls where they are" in offered
    assert "Move a Ghoul from Vladovich Village to Pumpkins Field" not in offered  # the die
    trace = play(s, "Move a Ghoul from Vladovich Village to Hell Dock")
    assert cites(trace, "cf.15.3", "moves a Ghoul from Vladovich Village to Hell Dock")
    assert cites(trace, "cf.7.3", "Vladovich Village, is resolved. Size points: Red 1; Blue 2")
    assert cites(trace, "cf.7.3", "Hell Dock, is resolved. Size points: Red 1.")


@pytest.mark.rule("cf.15.7")
@pytest.mark.rule("cf.15.6")
def test_acid_fog_moves_the_die_before_the_swarm_of_rats() -> None:
    s = placing(
        4,
        [{"ghoul": 2}, {"ghoul": 1}, {"ghoul": 1}, {"ghoul": 1}],
        forms=[["swarm_of_rats"], ["acid_fog"], ["wild_animal"], ["human_form"]],
    )
    assert s.decision.player == 1 and s.decision.rule == "cf.15.7"
    assert "Leave the Van Helsing die on Pumpkins Field" in labels(s)
    trace = play(s, "Move the Van Helsing die to Hell Dock")
    assert cites(trace, "cf.15.7", "moves the Van Helsing die from Pumpkins Field to Hell Dock")
    assert s.decision.player == 0 and s.decision.rule == "cf.15.6"
    play(s, "Put a Rat marker on Cemetery", "Put a Rat marker on Hell Dock")
    assert "Put a Rat marker on Cemetery" not in labels(s)
    play(s, "Put a Rat marker on Karloff-113")
    assert s.rats[CEMETERY] == 1 and s.rat_owner == 0
    assert s.check(place(DOCK, g=1)).rule == "cf.5.6"
    assert "Place 1 Ghoul in Pumpkins Field" in labels(s)
    # Blue places in the Cemetery before Red, but Red's Rat marker wins the tie there.
    trace = play(
        s,
        "Place 1 Ghoul in Shadow Forest",
        "Place 1 Ghoul in Cemetery",
        "Place 1 Ghoul in Shadow Forest",
        "Place 1 Ghoul in Vladovich Village",
        "Place 1 Ghoul in Cemetery",
    )
    assert cites(
        trace,
        "cf.7.2",
        "Order of advantages in Cemetery: Red, Blue (the Rat marker "
        "puts Red first in ties; ties go to whoever placed first)",
    )
    assert cites(trace, "cf.7.2", "Order of advantages in Shadow Forest: Red, Green")


@pytest.mark.rule("cf.15.3")
def test_a_zone_the_flying_fox_emptied_is_open_again_next_round() -> None:
    s = placing(2, [{"ghoul": 1}, {"ghoul": 1}], forms=[["flying_fox"], ["human_form"]])
    play(
        s,
        "Place 1 Ghoul in Hell Dock",
        "Place 1 Ghoul in Vladovich Village",
        "Move a Ghoul from Hell Dock to Vladovich Village",
    )
    assert s.been[DOCK * 2 + 0] == 0  # the new round starts with every zone open
    assert s.order[DOCK] == []
