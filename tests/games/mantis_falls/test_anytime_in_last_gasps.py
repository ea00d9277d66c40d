"""Scenario tests: any-time effects during a Last Gasp (topics 13 and 17).

Why this file exists: topic 13 bars any-time effects only while a card is being
processed or has just been revealed, and a Last Gasp (topic 17) is a side play of
face-down cards revealed one after another.  So the moments around those cards are
open: when the gasp begins, before each of its cards, and after the last one before the
gasp marker moves.  A tester found that the engine offered only the gaps *between* two
gasp cards, so a one-card or empty gasp play could never be saved by an any-time heal,
while adding a useless second card bought the chance.  Ruling ``last_gasp_anytime``
records the reading (default ``every_moment``; house rule ``suspended``).

Every position comes from ``tables.elm_state``: Jack (player 0, a witness, the turn
player) and Jill (player 1, the assassin) on Elm Street of ``ROADS_NO_BROKEN``, Loan
Shark as the event, known action draws.  Jack starts at 6 of 8 wounds and Jill's
Baseball Bat (2 wounds) puts him at maximum.  Doc Halloran is an ally whose any-time
effect ("House Call": return him to the ally deck) heals his owner two wounds.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import (
    do,
    is_window,
    pending_frame_kind,
    rules_cited,
    window_moment,
)
from tables import FILLER, JACK, JILL, elm_state, sorted_names

from tutor.core.types import Action, Rejection

DOC = "Doc Halloran"


def window_tag(state: Any) -> str:
    """The tag of the any-time window play waits at ("gasp_end" ...), or "" if none."""
    return window_moment(state)


def pass_windows(state: Any, log: list[Any], tags: list[str], moments: int = 99) -> None:
    """Pass at the next ``moments`` any-time windows, noting each tag and who was asked.

    One moment is one window: every player asked there passes (passing writes nothing,
    so the moment is over when play reaches another window or anything is traced).
    """
    for _ in range(moments):
        if not is_window(state):
            return
        tag, mark = window_tag(state), len(state.trace)
        while is_window(state) and window_tag(state) == tag and len(state.trace) == mark:
            d = state.decision
            assert d.rule == "mf.13.3"
            tags.append(f"{tag}:{state.name(d.player)}")
            log += do(state, "pass")


def bat_to_maximum(state: Any) -> list[Any]:
    """Jack stays and does nothing; Jill's Baseball Bat puts him at 8/8 (his gasp begins).

    Jack passes at the turn's any-time windows before the hit (he keeps his effects).
    """
    log: list[Any] = []
    pass_windows(state, log, [])
    log += do(state, "move", 0) + do(state, "nothing")
    log += do(state, "play", "Baseball Bat") + do(state, "finish")
    pass_windows(state, log, [])
    log += do(state, "wound_target", "player", JACK)
    assert state.wounds[JACK] == 8 and state.in_gasp == JACK
    return log


def at(entries: list[Any], rule: str, text: str = "") -> int:
    """Index of the first entry citing ``rule`` whose text contains ``text``."""
    for i, e in enumerate(entries):
        if e.rule == rule and text in e.text:
            return i
    raise AssertionError(f"no {rule} entry containing {text!r}: {rules_cited(entries)}")


# ---------------------------------------------------------------- saved after the last card
@pytest.mark.rule("mf.13.3")
@pytest.mark.rule("mf.17.5")
def test_an_any_time_heal_after_the_only_card_of_a_gasp_saves_the_player() -> None:
    # Jack's only card is Coffee (it draws, it does not heal). Once it is processed, and
    # before his gasp marker moves, he calls on Doc Halloran: 8 - 2 = 6, and he lives.
    s = elm_state({"wounds": 6, "hand": ["Coffee"], "allies": [DOC]}, {"hand": ["Baseball Bat"]})
    log = bat_to_maximum(s)
    tags: list[str] = []
    pass_windows(s, log, tags, 1)  # when the gasp begins
    log += do(s, "gasp_add", "Coffee") + do(s, "gasp_finish")
    pass_windows(s, log, tags, 1)  # before Coffee is revealed
    assert tags == ["gasp_start:Jack", "gasp_before_reveal:Jack"]
    # Coffee has been revealed and processed; the gasp is not yet evaluated.
    assert window_tag(s) == "gasp_end" and s.decision.player == JACK
    assert s.gasps[JACK] == 0 and s.wounds[JACK] == 8
    use = do(s, "anytime")
    assert s.wounds[JACK] == 6 and s.gasps[JACK] == 1 and not s.dead[JACK]
    assert s.complete_allies(JACK) == []  # Doc Halloran went back to the ally deck
    log += use
    i_coffee = at(log, "mf.17.3", "reveals Last Gasp card 1: Coffee")
    i_doc = at(log, "mf.13.3", "uses the any-time effect of Doc Halloran")
    i_heal = at(log, "mf.12.2", "heals 2 wounds: 6/8")
    i_marker = at(log, "mf.16.4")
    i_survive = at(log, "mf.17.5")
    assert i_coffee < i_doc < i_heal < i_marker < i_survive
    assert not s.is_terminal()


@pytest.mark.rule("mf.13.3")
@pytest.mark.rule("mf.17.3")
@pytest.mark.rule("mf.17.5")
def test_an_any_time_heal_after_an_empty_gasp_play_saves_the_player() -> None:
    # Jack lays no card at all (ruling last_gasp_empty_play: allowed). The moment after
    # the empty play is laid is still before the marker moves, and Doc Halloran saves him.
    s = elm_state({"wounds": 6, "hand": [], "allies": [DOC]}, {"hand": ["Baseball Bat"]})
    log = bat_to_maximum(s)
    tags: list[str] = []
    pass_windows(s, log, tags)
    log += do(s, "gasp_finish")
    assert tags == ["gasp_start:Jack"]  # no card to reveal, so no "before the card" window
    assert window_tag(s) == "gasp_end"
    log += do(s, "anytime")
    assert s.wounds[JACK] == 6 and s.gasps[JACK] == 1 and not s.dead[JACK]
    assert (
        at(log, "mf.17.3", "Last Gasp play has 0 cards")
        < at(log, "mf.13.3", "Doc Halloran")
        < at(log, "mf.16.4")
        < at(log, "mf.17.5")
    )


@pytest.mark.rule("mf.18.1")
def test_without_using_the_heal_the_empty_gasp_is_death() -> None:
    # The same position, but Jack passes at every window: he is still at maximum.
    s = elm_state({"wounds": 6, "hand": [], "allies": [DOC]}, {"hand": ["Baseball Bat"]})
    log = bat_to_maximum(s)
    tags: list[str] = []
    pass_windows(s, log, tags)
    log += do(s, "gasp_finish")
    pass_windows(s, log, tags)
    assert tags == ["gasp_start:Jack", "gasp_end:Jack"]
    assert s.dead[JACK] and s.is_terminal() and s.wounds[JACK] == 8
    assert "still at maximum wounds" in log[at(log, "mf.18.1")].text


# ---------------------------------------------------------------- every moment topic 13 allows
@pytest.mark.rule("mf.13.3")
@pytest.mark.rule("mf.19.1")
def test_windows_open_before_each_gasp_card_and_after_the_last_but_never_inside_a_card() -> None:
    # Two cards: Doctor's Bag (heal 3, whom?) then Coffee (draw 2). Jack passes throughout.
    s = elm_state(
        {"wounds": 6, "hand": ["Doctor's Bag", "Coffee"], "allies": [DOC]},
        {"hand": ["Baseball Bat"]},
    )
    log = bat_to_maximum(s)
    tags: list[str] = []
    pass_windows(s, log, tags)
    log += do(s, "gasp_add", "Doctor's Bag") + do(s, "gasp_add", "Coffee")
    log += do(s, "gasp_finish")
    pass_windows(s, log, tags, 1)
    # Doctor's Bag is being processed: it asks whom to heal, and no window is open.
    assert not is_window(s) and s.decision.rule == "mf.12.2"
    house_call = Action(JACK, "anytime", s.anytime_options(JACK)[0].args)
    verdict = s.check(house_call)
    assert not verdict.ok and verdict.code == Rejection.WRONG_PHASE
    log += do(s, "heal_target", "player", JACK)
    pass_windows(s, log, tags, 2)
    assert tags == [
        "gasp_start:Jack",  # the gasp begins: nothing is being processed
        "gasp_before_reveal:Jack",  # before card 1
        "gasp_before_reveal:Jack",  # after card 1, before card 2
        "gasp_end:Jack",  # after card 2, before the gasp marker moves
    ]
    assert s.wounds[JACK] == 5 and s.gasps[JACK] == 1 and not s.dead[JACK]
    assert s.complete_allies(JACK) == [DOC]  # never used, so still his
    assert at(log, "mf.17.3", "card 2: Coffee") < at(log, "mf.16.4") < at(log, "mf.17.5")


@pytest.mark.rule("mf.13.3")
def test_both_players_are_asked_in_a_gasp_window_turn_player_first() -> None:
    # Jill keeps a Gun with a Bullet. After Jack's gasp card, Jack (the turn player) heals
    # with Doc Halloran; then Jill, asked next, fires the Gun at him: back to maximum.
    s = elm_state(
        {"wounds": 6, "hand": ["Coffee"], "allies": [DOC]},
        {"hand": ["Baseball Bat", "Bullet"], "conditions": ["Gun"]},
        draws=["Sprint", "Sprint", *FILLER],
    )
    log = bat_to_maximum(s)
    tags: list[str] = []
    pass_windows(s, log, tags, 1)
    log += do(s, "gasp_add", "Coffee") + do(s, "gasp_finish")
    pass_windows(s, log, tags, 1)
    assert tags == [
        "gasp_start:Jack",
        "gasp_start:Jill",
        "gasp_before_reveal:Jack",
        "gasp_before_reveal:Jill",
    ]
    assert window_tag(s) == "gasp_end" and s.decision.player == JACK
    log += do(s, "anytime")  # House Call: 6/8
    assert s.wounds[JACK] == 6 and window_tag(s) == "gasp_end" and s.decision.player == JILL
    log += do(s, "anytime")  # Fire the Gun, discarding the Bullet
    log += do(s, "wound_target", "player", JACK)
    pass_windows(s, log, tags)
    assert s.wounds[JACK] == 8 and s.dead[JACK] and s.is_terminal()
    assert sorted_names(s, s.hands[JILL]) == []
    shots = [e for e in log if e.rule == "mf.13.3" and e.kind == "action"]
    assert [e.actor for e in shots] == [JACK, JILL]
    assert at(log, "mf.13.3", "Gun") < at(log, "mf.16.4") < at(log, "mf.18.1")


@pytest.mark.rule("mf.13.3")
@pytest.mark.rule("mf.17.3")
def test_a_call_made_when_the_gasp_begins_can_draw_a_card_for_the_gasp_play() -> None:
    # Society Connections: once a turn, any time, draw a card. Used before the play is
    # laid, it draws the Medicine that then goes into the gasp play and saves Jack.
    s = elm_state(
        {"wounds": 6, "hand": ["Sprint"], "conditions": ["Society Connections"]},
        {"hand": ["Baseball Bat"]},
        draws=["Medicine", *FILLER],
    )
    log = bat_to_maximum(s)
    assert window_tag(s) == "gasp_start" and s.decision.player == JACK
    log += do(s, "anytime")
    assert sorted_names(s, s.hands[JACK]) == ["Medicine", "Sprint"]
    assert pending_frame_kind(s) == "gasp_play"  # the call is done; now the play is laid
    log += do(s, "gasp_add", "Medicine") + do(s, "gasp_finish")
    assert not is_window(s)  # the call was once per turn: nothing left to offer
    assert s.wounds[JACK] == 6 and s.gasps[JACK] == 1 and not s.dead[JACK]
    assert (
        at(log, "mf.17.3", "makes a Last Gasp")
        < at(log, "mf.13.3", "Society Connections")
        < at(log, "mf.12.2", "draws Medicine")
        < at(log, "mf.17.3", "reveals Last Gasp card 1: Medicine")
        < at(log, "mf.17.5")
    )


# ---------------------------------------------------------------- the house rule
@pytest.mark.rule("mf.13.3")
@pytest.mark.rule("mf.18.1")
def test_under_the_suspended_house_rule_no_any_time_effect_is_offered_in_a_gasp() -> None:
    s = elm_state(
        {"wounds": 6, "hand": ["Coffee"], "allies": [DOC]},
        {"hand": ["Baseball Bat"]},
        rulings={"last_gasp_anytime": "suspended"},
    )
    log = bat_to_maximum(s)
    assert not is_window(s) and pending_frame_kind(s) == "gasp_play"
    log += do(s, "gasp_add", "Coffee") + do(s, "gasp_finish")
    assert "mf.13.3" not in rules_cited(log)
    assert s.dead[JACK] and s.wounds[JACK] == 8 and s.is_terminal()
    assert s.complete_allies(JACK) == [DOC]
