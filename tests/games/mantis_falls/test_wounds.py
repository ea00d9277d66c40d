"""Scenario tests for wounds and the life tracker in Mantis Falls (topic 16).

Why this file exists: every other danger in the game ends up as wounds on the life
tracker, so the tracker's arithmetic has to be exact. Wounds add up across sources, they
stop at the character's maximum with the excess thrown away, reaching the maximum starts
a Last Gasp rather than killing, and the gasp marker starts at 0 and moves once per Last
Gasp. Each test sets up a position, plays it through the action API and checks the state
and the rule ids the trace cites.

Jack is player 0 and Jill player 1; both stand on Elm Street (position 1, green
stoplight 1) on the fixed road ``ROADS_NO_BROKEN`` (see ``tables.elm_state``).
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, rules_cited
from tables import JACK, JILL, elm_state, jill_hits_jack


def wound_entries(entries: list[Any], p: int) -> list[Any]:
    """Trace entries that changed player ``p``'s wounds upwards."""
    name = ("Jack", "Jill")[p]
    return [
        e
        for e in entries
        for (what, a, b) in e.changes
        if what == "wounds" and b > a and e.text.startswith(name)
    ]


@pytest.mark.rule("mf.16.1")
def test_a_new_game_starts_everyone_at_zero_wounds() -> None:
    s = mf_state(seed=5)
    assert s.wounds == [0, 0] and s.gasps == [0, 0]
    view = s.view(None)
    assert [p["wounds"] for p in view["players"]] == [0, 0]
    setup_done = next(e for e in s.trace if e.rule == "mf.5.11")
    assert "wounds and gasp markers are at 0" in setup_done.text


@pytest.mark.rule("mf.16.1")
def test_wounds_from_different_sources_add_up() -> None:
    # 3 wounds already; Jill's Baseball Bat adds 2, then the event Sprained Ankle adds 2.
    s = elm_state(
        {"wounds": 3, "hand": ["Sprint"]}, {"hand": ["Baseball Bat"]}, event="Sprained Ankle"
    )
    log = jill_hits_jack(s, "Baseball Bat")
    hits = wound_entries(log, JACK)
    assert [e.changes for e in hits] == [(("wounds", 3, 5),), (("wounds", 5, 7),)]
    # An action card's effect, then an event's effect (topic 11).
    assert hits[0].rule == "mf.12.2" and hits[1].rule.startswith("mf.11.")
    assert hits[0].text == "Jack receives 2 wounds (Baseball Bat): 5/8."
    assert hits[1].text == "Jack receives 2 wounds (Sprained Ankle): 7/8."
    assert s.wounds == [7, 0]
    assert s.turn_no == 2  # the turn ended normally: 7 wounds is below the maximum
    assert "mf.16.3" not in rules_cited(log)


@pytest.mark.rule("mf.16.2")
def test_wounds_never_go_above_the_maximum_and_the_excess_is_lost() -> None:
    s = elm_state({"wounds": 7, "hand": ["Medicine"]}, {"hand": ["Baseball Bat"]})
    assert s.max_wounds == [8, 8]  # the base Urbanite
    log = jill_hits_jack(s, "Baseball Bat")
    (hit,) = wound_entries(log, JACK)
    assert hit.rule == "mf.16.2"
    assert hit.changes == (("wounds", 7, 8),)
    assert hit.text == (
        "Jack receives 1 wound (Baseball Bat): 8/8. 1 more is ignored: "
        "nobody goes above maximum wounds."
    )
    assert s.wounds[JACK] == 8
    # The ignored wound is not stored: healing 2 in the Last Gasp leaves 6, not 7.
    do(s, "gasp_add", "Medicine")
    do(s, "gasp_finish")
    assert s.wounds[JACK] == 6


@pytest.mark.rule("mf.16.2")
def test_reaching_the_maximum_exactly_ignores_nothing() -> None:
    s = elm_state({"wounds": 6, "hand": ["Medicine"]}, {"hand": ["Baseball Bat"]})
    log = jill_hits_jack(s, "Baseball Bat")
    (hit,) = wound_entries(log, JACK)
    assert hit.rule == "mf.12.2" and "ignored" not in hit.text
    assert hit.changes == (("wounds", 6, 8),)
    assert "mf.16.2" not in rules_cited(log)


@pytest.mark.rule("mf.16.3")
def test_reaching_the_maximum_starts_a_last_gasp_not_death() -> None:
    s = elm_state({"wounds": 6, "hand": ["Medicine", "Coffee"]}, {"hand": ["Baseball Bat"]})
    log = jill_hits_jack(s, "Baseball Bat")
    assert s.wounds[JACK] == 8
    assert s.dead == [False, False] and not s.is_terminal()
    assert "not dead yet" in log[rules_cited(log).index("mf.16.3")].text
    d = s.decision
    assert (d.kind, d.player, d.rule, d.phase) == ("choice", JACK, "mf.17.3", "last_gasp")
    assert s.in_gasp == JACK
    assert s.view(JILL)["last_gasp"] == {"player": JACK, "cards": []}


@pytest.mark.rule("mf.16.4")
def test_gasp_marker_starts_at_zero_and_moves_one_space_per_last_gasp() -> None:
    s = elm_state({"wounds": 6, "hand": ["Medicine"]}, {"hand": ["Baseball Bat"]})
    assert s.gasps == [0, 0]
    jill_hits_jack(s, "Baseball Bat")
    log = do(s, "gasp_add", "Medicine")
    assert s.gasps[JACK] == 0  # not while the Last Gasp play is being made
    log += do(s, "gasp_finish")
    marker = log[rules_cited(log).index("mf.16.4")]
    assert marker.changes == (("gasps", 0, 1),)
    assert s.gasps == [1, 0]


@pytest.mark.rule("mf.16.4")
def test_gasp_marker_keeps_count_from_an_earlier_last_gasp() -> None:
    s = elm_state({"wounds": 6, "gasps": 1, "hand": ["Medicine"]}, {"hand": ["Baseball Bat"]})
    jill_hits_jack(s, "Baseball Bat")
    log = do(s, "gasp_add", "Medicine") + do(s, "gasp_finish")
    marker = log[rules_cited(log).index("mf.16.4")]
    assert marker.changes == (("gasps", 1, 2),) and "moves to 2" in marker.text
    assert s.gasps == [2, 0] and not s.dead[JACK]
