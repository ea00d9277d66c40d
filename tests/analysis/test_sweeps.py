"""Tests for house-rule sweeps: which rulings switch, and games really played under them.

Why this file exists: "does the grid reading of phone range help the witness?" is only
answered if the sweep lists the rulings the engine can actually switch, plays every
variant on the same seeds, and each variant's games really follow its ruling.  The
checks read rulings.yaml through the rule book and compare variants game by game.
"""

from __future__ import annotations

import pytest

import tutor
from tutor.analysis.simulation import simulate
from tutor.analysis.sweeps import (
    DEFAULT_LABEL,
    house_rule_options,
    house_rule_sweep,
    house_rule_variants,
)
from tutor.core.errors import UnknownGameError


def test_switchable_rulings_are_those_the_engine_implements_with_a_choice() -> None:
    book = tutor.load_game("mantis_falls").rulebook
    listed = {r["id"]: r for r in house_rule_options("mantis_falls")}
    for rid, ruling in book.rulings.items():
        switchable = ruling.engine_option and len(ruling.options) > 1
        assert (rid in listed) == switchable, rid
    phone = listed["phone_range"]
    assert phone["default"] == "path" and phone["options"] == ["path", "grid"]
    assert "road_grid" not in listed  # read by the engine, but only one option exists
    for ruling in listed.values():
        assert ruling["options"][0] == ruling["default"] and ruling["question"]
        tutor.load_game("mantis_falls", rulings={ruling["id"]: ruling["options"][-1]})


def test_variants_are_the_default_rules_and_one_per_other_option() -> None:
    variants = house_rule_variants("mantis_falls", ["phone_range", "last_gasp_empty_play"])
    assert variants == {
        DEFAULT_LABEL: {"options": {}},
        "phone_range=grid": {"options": {"rulings": {"phone_range": "grid"}}},
        "last_gasp_empty_play=must_play_if_able": {
            "options": {"rulings": {"last_gasp_empty_play": "must_play_if_able"}}
        },
    }
    every = house_rule_variants("mantis_falls")
    assert len(every) == 1 + sum(len(r["options"]) - 1 for r in house_rule_options("mantis_falls"))
    with pytest.raises(ValueError, match="not a switchable ruling"):
        house_rule_variants("mantis_falls", ["road_grid"])
    with pytest.raises(UnknownGameError):
        house_rule_options("chess")


def test_a_sweep_plays_the_same_seeds_under_each_rule() -> None:
    """A Last Gasp play that may not be empty (must_play_if_able) changes some games."""
    rows = house_rule_sweep(
        "mantis_falls", ["last_gasp_empty_play"], games=30, seed=2, processes=1, progress=False
    )
    default = [r for r in rows if r["variant"] == DEFAULT_LABEL]
    house = [r for r in rows if r["variant"] == "last_gasp_empty_play=must_play_if_able"]
    assert len(default) == len(house) == 30
    assert all(r["ruling"] is None and r["option"] is None for r in default)
    assert all(
        (r["ruling"], r["option"]) == ("last_gasp_empty_play", "must_play_if_able") for r in house
    )
    assert [r["seed"] for r in default] == [r["seed"] for r in house]
    plain = simulate("mantis_falls", games=30, seed=2, processes=1, progress=False)
    assert [r["steps"] for r in default] == [r["steps"] for r in plain]
    switched = simulate(
        "mantis_falls",
        games=30,
        seed=2,
        processes=1,
        progress=False,
        options={"rulings": {"last_gasp_empty_play": "must_play_if_able"}},
    )
    assert [r["steps"] for r in house] == [r["steps"] for r in switched]
    assert [r["steps"] for r in house] != [r["steps"] for r in default]


def test_options_given_to_the_sweep_apply_to_every_variant() -> None:
    rows = house_rule_sweep(
        "mantis_falls",
        ["phone_range"],
        games=2,
        seed=1,
        processes=1,
        progress=False,
        options={"names": ["Ann", "Bob"], "rulings": {"all_events_seen": "on"}},
    )
    again = simulate(
        "mantis_falls",
        games=2,
        seed=1,
        processes=1,
        progress=False,
        options={
            "names": ["Ann", "Bob"],
            "rulings": {"all_events_seen": "on", "phone_range": "grid"},
        },
    )
    house = [r for r in rows if r["variant"] == "phone_range=grid"]
    assert [r["steps"] for r in house] == [r["steps"] for r in again]
