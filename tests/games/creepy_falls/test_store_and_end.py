"""The Store phase, the Toll of Blood, the new round, the end and the winners."""

from __future__ import annotations

import pytest
from games.creepy_falls.cf_helpers import cites, labels, play, position, tokens


def store(players: int = 2, **setup: object) -> object:
    """A position at the Store phase of round 1 (or of ``round``), first player Red."""
    setup.setdefault("armies", [{"ghoul": 1}] * players)
    setup.setdefault("first", 0)
    return position(players, phase="store", **setup)


@pytest.mark.rule("cf.12.1")
@pytest.mark.rule("cf.12.2")
@pytest.mark.rule("cf.12.7")
def test_buying_units_in_order_from_the_first_player() -> None:
    s = store(
        3,
        first=1,
        tokens=[{"corpse": 3}, {"corpse": 10, "amulet": 6}, {}],
        armies=[{"ghoul": 8}, {"ghoul": 1}, {"ghoul": 1}],
    )
    assert s.decision.player == 1 and s.decision.rule == "cf.12.1"
    offered = labels(s)
    assert offered == [
        "Buy a Ghoul for 3 Corpse",
        "Buy a Frankenstein's Monster for 7 Corpse",
        "Buy a Werewolf for 6 Amulet",
        "Finish buying",
    ]
    trace = play(s, "Buy a Frankenstein's Monster for 7 Corpse", "Buy a Ghoul for 3 Corpse")
    assert cites(trace, "cf.12.2", "Blue buys a Frankenstein's Monster for 7 Corpse")
    assert "Buy a Ghoul for 3 Corpse" not in labels(s)  # no Corpse left
    play(s, "Finish buying")
    # Green has nothing to spend; Red owns 8 Ghouls and buys the ninth, the last piece.
    assert s.decision.player == 0
    play(s, "Buy a Ghoul for 3 Corpse")
    assert s.view(None)["players"][0]["owned"]["ghoul"] == 9
    assert s.decision.rule != "cf.12.1"  # nothing more to buy: Red's buying ended


def test_the_all_corpse_ruling_prices_every_unit_in_corpses() -> None:
    s = store(2, tokens=[{"corpse": 7}, {}], rulings={"unit_costs": "all_corpse"})
    assert "Buy a Witch for 7 Corpse" in labels(s)


@pytest.mark.rule("cf.12.3")
@pytest.mark.rule("cf.12.4")
@pytest.mark.rule("cf.16.2")
def test_spells_need_the_level_below_and_are_cast_once() -> None:
    s = store(2, tokens=[{"grimoire": 20}, {"grimoire": 5}])
    spells = [x for x in labels(s) if x.startswith("Cast")]
    assert spells == [
        f"Cast {n} (level 1)"
        for n in ("Grave Digger", "Arcane Thrift", "Fortune's Die", "Forest Charm")
    ]
    trace = play(s, "Cast Arcane Thrift (level 1)")
    assert cites(
        trace,
        "cf.12.3",
        "Red casts Arcane Thrift (level 1) for 5 Grimoire: Every Spell "
        "you cast later costs 1 Grimoire less.",
    )
    assert "Cast Second Shape (level 2)" in labels(
        s
    ) and "Cast Pack Leader (level 3)" not in labels(s)
    trace = play(s, "Cast Second Shape (level 2)")
    assert cites(trace, "cf.12.3", "for 3 Grimoire")
    assert "Cast Pack Leader (level 3)" in labels(s)  # in the same Store phase
    assert "Cast Arcane Thrift (level 1)" not in labels(s)
    play(s, "Finish buying")
    assert "Cast Arcane Thrift (level 1)" in labels(s)  # Blue may cast it too
    assert tokens(s, 0)["grimoire"] == 12


@pytest.mark.rule("cf.12.5")
@pytest.mark.rule("cf.15.5")
@pytest.mark.rule("cf.16.9")
def test_selling_one_kind_for_blood_with_the_wild_animal_bonus() -> None:
    s = store(
        2,
        tokens=[{"corpse": 7, "blood": 0}, {"amulet": 2, "blood": 0}],
        castle={},
        forms=[["wild_animal"], ["human_form"]],
    )
    play(s, "Finish buying")
    assert s.decision.rule == "cf.12.5" and s.decision.player == 0
    assert [x for x in labels(s) if "Corpse" in x][-1] == "Sell 5 Corpse for Blood"
    trace = play(s, "Sell 3 Corpse for Blood")
    assert cites(trace, "cf.12.5", "Red sells 3 Corpse for 3 Blood")
    assert cites(trace, "cf.15.5", "Red gets 4 more Blood for the Wild Animal Form")
    assert s.decision.player == 1  # Blue sells next (Red's one sale is made)
    play(s, "Sell 2 Amulet for Blood")
    assert tokens(s, 0) == {"blood": 7 - 2, "soul": 1, "corpse": 4}  # after the Toll of Blood
    assert tokens(s, 1) == {"soul": 1}  # 2 Blood sold, then paid as the Toll


@pytest.mark.rule("cf.16.9")
@pytest.mark.rule("cf.12.6")
def test_round_six_sells_twice_and_blood_market_doubles() -> None:
    s = store(
        2,
        round=6,
        tokens=[{"corpse": 3, "amulet": 6, "blood": 0}, {}],
        spells=[["blood_market"], []],
        castle={},
        forms=[["wild_animal"], ["human_form"]],
    )
    play(s, "Finish buying")
    trace = play(s, "Sell 5 Amulet for Blood")
    assert cites(trace, "cf.12.6", "Red sells 5 Amulet for 10 Blood (Blood Market: 2 Blood each)")
    assert cites(trace, "cf.15.5", "Red gets 10 more Blood for the Wild Animal Form")
    assert cites(trace, "cf.16.9", "Blood Market doubles")
    assert s.decision.player == 0  # a second sale in round 6
    trace = play(s, "Sell 1 Amulet for Blood")
    assert not cites(trace, "cf.15.5")  # the bonus counts for the first sale only
    assert tokens(s, 0)["blood"] == 10 + 10 + 2 - 2


@pytest.mark.rule("cf.16.3")
def test_fortunes_die_is_rolled_after_the_store() -> None:
    s = store(2, spells=[["fortune_die"], []])
    assert s.decision.kind == "chance" and s.decision.rule == "cf.16.3"
    assert [p for _, p in s.chance_outcomes()] == [1 / 3] * 3
    trace = play(s, "The die shows Grimoire")
    assert cites(trace, "cf.16.3", "Red rolls the die (Fortune's Die): Grimoire")
    assert tokens(s, 0)["grimoire"] == 1


@pytest.mark.rule("cf.14.1")
@pytest.mark.rule("cf.16.8")
@pytest.mark.rule("cf.14.2")
@pytest.mark.rule("cf.14.3")
@pytest.mark.rule("cf.3.1")
def test_the_toll_of_blood_then_a_new_round() -> None:
    s = position(
        3,
        first=0,
        phase="toll",
        armies=[{"ghoul": 1}, {"ghoul": 1, "mummy": 1}, {}],
        tokens=[{"blood": 5}, {"blood": 1}, {"blood": 0}],
        spells=[[], [], ["blood_pact"]],
        van_helsing="Hell Dock",
    )
    trace = s.trace_for(None)
    assert cites(trace, "cf.14.1", "Red pays the Toll of Blood: 2 Blood (3 left)")
    assert cites(
        trace,
        "cf.14.1",
        "Blue has only 1 Blood for the Toll of Blood: discards it and must destroy a unit",
    )
    assert cites(trace, "cf.16.8", "Green pays no Toll of Blood (Blood Pact)")
    assert s.decision.player == 1 and labels(s) == ["Destroy a Ghoul", "Destroy a Mummy"]
    trace = play(s, "Destroy a Mummy")
    assert cites(trace, "cf.14.1", "Blue chooses to destroy a Mummy (the Toll of Blood)")
    assert cites(trace, "cf.14.2", "Round 2 begins")
    assert cites(trace, "cf.14.2", "the Van Helsing die on Hell Dock turns to 2")
    assert cites(trace, "cf.14.3", "Blue is now the first player")
    assert s.round_no == 2 and s.first == 1 and s.decision.kind == "chance"
    assert tokens(s, 1) == {"soul": 1}


@pytest.mark.rule("cf.14.4")
@pytest.mark.rule("cf.3.2")
@pytest.mark.rule("cf.3.3")
@pytest.mark.rule("cf.16.7")
@pytest.mark.rule("cf.16.10")
def test_power_points_after_round_six_and_a_shared_win() -> None:
    s = position(
        4,
        round=6,
        phase="toll",
        armies=[{"ghoul": 1}] * 4,
        tokens=[
            {"blood": 4, "soul": 3},
            {"blood": 10, "soul": 0},
            {"blood": 2, "soul": 0},
            {"blood": 5, "soul": 1},
        ],
        spells=[[], [], ["soul_harvest", "grave_digger"], ["blood_over_souls"]],
    )
    trace = s.trace_for(None)
    assert cites(trace, "cf.14.4", "Round 6 is over")
    assert cites(trace, "cf.16.7", "Green gets 4 Souls from Soul Harvest (2 Spells cast)")
    assert cites(trace, "cf.3.2", "Red: 2 Blood and 3 Souls make 8 Power Points")
    assert cites(trace, "cf.16.10", "Yellow: 3 Blood and 1 Souls make 7 Power Points")
    out = s.outcome()
    assert out is not None and out.winners == (0, 1, 2) and out.losers == (3,)
    assert out.reason == "shared_win" and out.rule == "cf.3.3"
    assert s.returns() == [1.0, 1.0, 1.0, -1.0] and s.is_terminal()
