"""Scenario tests for Last Gasps and death in Mantis Falls (topics 17 and 18).

Why this file exists: the Last Gasp is the one place where the engine must suspend
everything in the middle of a card, run a whole side play, and then either resume play
exactly where it stopped or end the game. Each test below puts one rulebook case on the
table (two players, every road face up, known event and draw cards), plays it through
the public action API, and checks both the resulting state and the rule ids that the
trace cites, so a learner stepping through the same position sees the same story.

Jack is player 0 and Jill player 1. Each position comes from ``tables.elm_state``: the
fixed road ``ROADS_NO_BROKEN`` (position 1 is Elm Street, a phone with green stoplight 1,
and position 3 Cannery Row, an ambush of 1; the game has no Broken Road), Jack a witness
and Jill the assassin on Elm Street, Loan Shark as the event unless told, and the known
action draws ``FILLER``.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import chance, do, find, pending_frame_kind, rules_cited
from tables import FILLER, JACK, JILL, elm_state, gasp, in_hand, sorted_names

from tutor.core.types import Action


def main_plays(state: Any, *plays: list[str]) -> list[Any]:
    """Both main plays, turn player first: a list of card names, or [] to do nothing.

    Raises:
        AssertionError: if a card cannot be played now.
    """
    entries: list[Any] = []
    entries += do(state, "move", 0)
    for cards in plays:
        if not cards:
            entries += do(state, "nothing")
            continue
        for name in cards:
            entries += do(state, "play", name)
        entries += do(state, "finish")
    return entries


def at(entries: list[Any], rule: str, text: str = "") -> int:
    """Index of the first entry citing ``rule`` (any rule if empty) whose text has ``text``.

    Raises:
        AssertionError: if there is no such entry.
    """
    for i, e in enumerate(entries):
        if rule in ("", e.rule) and text in e.text:
            return i
    raise AssertionError(f"no {rule} entry containing {text!r}: {rules_cited(entries)}")


def hand(state: Any, p: int) -> list[str]:
    """Player ``p``'s hand, as sorted card names."""
    return sorted_names(state, state.hands[p])


# ---------------------------------------------------------------- step 1: finish the card
@pytest.mark.rule("mf.17.1")
def test_card_that_caused_max_wounds_is_finished_before_the_gasp() -> None:
    # Guard Dog, undefeated: one wound to the turn player, then one random discard.
    s = elm_state(
        {"wounds": 7, "hand": ["Medicine", "Coffee"]}, {"hand": ["Sprint"]}, event="Guard Dog"
    )
    log = main_plays(s, [], [])
    assert s.wounds[JACK] == 8
    # Jack is at maximum, but the dog's second effect (a random discard) still comes first.
    assert s.decision.kind == "chance" and s.in_gasp == -1
    log += chance(s, "random_discard", "Coffee")
    assert hand(s, JACK) == ["Medicine"]
    assert s.decision.player == JACK and pending_frame_kind(s) == "gasp_play"
    assert s.event == -1  # the event card was finished and discarded before the gasp
    i_max = at(log, "mf.16.3")
    i_discard = at(log, "", "Jack discards Coffee")
    i_event_done = at(log, "mf.8.12")
    i_finished = at(log, "mf.17.1")
    i_gasp = at(log, "mf.17.3", "makes a Last Gasp")
    assert i_max < i_discard < i_event_done < i_finished < i_gasp


@pytest.mark.rule("mf.17.1")
def test_card_that_moves_onto_an_ambush_is_finished_before_the_gasp() -> None:
    # Dead of Night: move up to three roads, then draw one card. Landing on Cannery Row's
    # ambush brings Jack to maximum; the draw still happens before his Last Gasp.
    s = elm_state(
        {"position": 0, "wounds": 7, "hand": ["Dead of Night", "Medicine", "Coffee"]},
        {"hand": ["Sprint"]},
        draws=["Hot Soup", *FILLER],
    )
    main_plays(s, ["Dead of Night"], [])
    log = do(s, "move", 3)
    log += chance(s, "random_discard", "Coffee")
    assert s.wounds[JACK] == 8 and s.pos[JACK] == 3
    assert hand(s, JACK) == ["Hot Soup", "Medicine"]
    assert pending_frame_kind(s) == "gasp_play"
    assert (
        at(log, "mf.10.6", "receives 1 wound")
        < at(log, "mf.12.2", "draws Hot Soup")
        < at(log, "mf.17.1")
        < at(log, "mf.17.3", "makes a Last Gasp")
    )


# ---------------------------------------------------------------- step 2: the gasp play
@pytest.mark.rule("mf.17.3")
def test_gasp_play_is_one_suit_revealed_in_order_then_marker_moves() -> None:
    s = elm_state(
        {"wounds": 6, "hand": ["Medicine", "Smelling Salts", "Baseball Bat"]},
        {"hand": ["Tommy Gun"]},
    )
    main_plays(s, [], ["Tommy Gun"])
    log = do(s, "wound_target", "player", JACK)
    assert s.wounds[JACK] == 8 and pending_frame_kind(s) == "gasp_play"
    assert s.decision.phase == "last_gasp" and s.decision.rule == "mf.17.3"
    log += do(s, "gasp_add", "Medicine")
    # One suit only: the Hunter bat cannot join an Amber Last Gasp play.
    bat = in_hand(s, JACK, "Baseball Bat")
    verdict = s.check(Action(JACK, "gasp_add", (bat,)))
    assert not verdict.ok and verdict.detail == "mixed_suits" and verdict.rule == "mf.17.3"
    log += do(s, "gasp_add", "Smelling Salts")
    assert s.gasps[JACK] == 0  # the marker moves only after the play is processed
    log += do(s, "gasp_finish")
    # Medicine heals 2, then Smelling Salts heals 1 plus 1 more inside a Last Gasp.
    assert s.wounds[JACK] == 4
    assert s.gasps[JACK] == 1
    assert hand(s, JACK) == ["Baseball Bat"]
    i1 = at(log, "mf.17.3", "reveals Last Gasp card 1: Medicine")
    i2 = at(log, "mf.17.3", "reveals Last Gasp card 2: Smelling Salts")
    i_marker = at(log, "mf.16.4")
    assert i1 < at(log, "mf.12.2", "heals 2") < i2 < i_marker
    assert log[i_marker].changes == (("gasps", 0, 1),)


# ---------------------------------------------------------------- reclaiming face-down cards
@pytest.mark.rule("mf.17.4")
def test_face_down_cards_of_the_suspended_play_can_be_used_in_the_gasp() -> None:
    s = elm_state({"wounds": 4, "hand": ["Sprint", "Medicine", "Coffee"]}, {"hand": ["Tommy Gun"]})
    main_plays(s, ["Sprint", "Medicine", "Coffee"], ["Tommy Gun"])
    do(s, "move", 0)  # Jack's Sprint (card 1): he stays
    log = do(s, "wound_target", "player", JACK)  # Jill's Tommy Gun: 4 + 4 = 8
    assert s.wounds[JACK] == 8
    # Jack's Medicine and Coffee are still face down in his suspended action play.
    assert s.decision.player == JACK and s.decision.rule == "mf.17.4"
    offered = {a.label for a in s.legal_actions()}
    assert offered == {
        "Return Medicine (Amber) to your hand",
        "Return Coffee (Amber) to your hand",
        "Leave the rest in the suspended action play",
    }
    log += do(s, "return_to_hand", "Medicine")
    log += do(s, "keep_face_down")
    assert [s.card_name(c) for c in s.plays[JACK]] == ["Sprint", "Coffee"]
    assert hand(s, JACK) == ["Medicine"]
    log += gasp(s, "Medicine")
    assert s.wounds[JACK] == 6 and s.gasps[JACK] == 1
    # Play resumes: the reveal loop goes on with the card Jack left face down.
    assert (
        at(log, "mf.17.4", "returns Medicine")
        < at(log, "mf.17.5")
        < at(log, "mf.12.6", "reveals card 2 of their action play: Coffee")
    )
    assert not s.plays[JACK]  # the play is processed and discarded
    assert "Medicine" not in hand(s, JACK)


# ---------------------------------------------------------------- step 3: survival
@pytest.mark.rule("mf.17.5")
def test_healing_during_the_gasp_survives_and_the_turn_carries_on() -> None:
    s = elm_state(
        {"wounds": 6, "hand": ["Medicine", "Coffee"]},
        {"hand": ["Baseball Bat", "Bullet"]},
        event="Knife Fighter",
    )
    main_plays(s, [], ["Baseball Bat", "Bullet"])
    log = do(s, "wound_target", "player", JACK)
    assert s.wounds[JACK] == 8 and not s.dead[JACK]
    log += gasp(s, "Medicine")
    # Survived: 6/8 and gasp marker 1. Play resumes where it stopped and the rest of the
    # turn happens: Jill's second card (1 wound is short of the Knife Fighter's health 3),
    # the event (undefeated: 1 wound), the draw.
    i_survive = at(log, "mf.17.5")
    i_bullet = at(log, "mf.12.6", "reveals card 2 of their action play: Bullet")
    i_event = at(log, "", "Jack receives 1 wound (Knife Fighter)")
    i_draw = at(log, "mf.8.11", "Jack draws")
    assert at(log, "mf.16.4") < i_survive < i_bullet < i_event < i_draw
    assert s.wounds[JACK] == 7 and s.gasps[JACK] == 1 and not any(s.dead)
    assert len(s.hands[JACK]) == 7 and len(s.hands[JILL]) == 7
    assert s.turn_no == 2 and s.turn_player == JILL
    assert not s.is_terminal()


@pytest.mark.rule("mf.17.5")
@pytest.mark.rule("mf.18.1")
@pytest.mark.parametrize(("healed", "survives"), [(JACK, True), (JILL, False)])
def test_survival_depends_on_the_gasping_players_own_wounds(healed: int, survives: bool) -> None:
    # Doctor's Bag heals 3 wounds of a chosen player; only healing Jack himself saves him.
    s = elm_state({"wounds": 6, "hand": ["Doctor's Bag"]}, {"wounds": 5, "hand": ["Baseball Bat"]})
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    log = gasp(s, "Doctor's Bag")
    assert s.decision.rule == "mf.12.2" and s.decision.player == JACK  # whom to heal?
    log += do(s, "heal_target", "player", healed)
    assert s.gasps[JACK] == 1
    if survives:
        assert s.wounds == [5, 5] and not s.dead[JACK] and not s.is_terminal()
        assert "mf.17.5" in rules_cited(log)
    else:
        assert s.wounds == [8, 2] and s.dead[JACK] and s.is_terminal()
        assert "still at maximum wounds" in log[at(log, "mf.18.1")].text


@pytest.mark.rule("mf.17.5")
@pytest.mark.rule("mf.16.2")
def test_healing_during_the_gasp_saves_one_wound_from_maximum() -> None:
    # Topic 24: one wound from maximum, about to take four. Keep the heal for the gasp.
    s = elm_state(
        {"wounds": 7, "hand": ["Hot Soup", "Sprint"]},
        {"hand": ["Tommy Gun"]},
        draws=["Coffee", *FILLER],
    )
    main_plays(s, [], ["Tommy Gun"])
    log = do(s, "wound_target", "player", JACK)
    hit = log[at(log, "mf.16.2")]
    assert hit.changes == (("wounds", 7, 8),) and "3 more are ignored" in hit.text
    log += gasp(s, "Hot Soup")  # draws 1, then heals 1 because Jack has 5+ wounds
    assert s.wounds[JACK] == 7 and s.gasps[JACK] == 1 and not s.dead[JACK]
    assert "mf.17.5" in rules_cited(log)
    assert not s.is_terminal()


@pytest.mark.rule("mf.18.1")
@pytest.mark.rule("mf.16.2")
def test_healing_before_the_gasp_does_not_save_against_a_big_hit() -> None:
    # The same cards, but Hot Soup is played before the hit: 7 - 1 = 6, then 6 + 4 is
    # capped at 8 (no overkill), so Jack still reaches maximum and has no heal left.
    s = elm_state(
        {"wounds": 7, "hand": ["Hot Soup", "Sprint"]},
        {"hand": ["Tommy Gun"]},
        draws=["Coffee", *FILLER],
    )
    log = main_plays(s, ["Hot Soup"], ["Tommy Gun"])
    assert s.wounds[JACK] == 6
    log += do(s, "wound_target", "player", JACK)
    hit = log[at(log, "mf.16.2")]
    assert hit.changes == (("wounds", 6, 8),) and "2 more are ignored" in hit.text
    log += gasp(s, "Coffee")  # drawn by Hot Soup; heals nothing
    assert s.wounds[JACK] == 8 and s.dead[JACK]
    assert "still at maximum wounds" in log[at(log, "mf.18.1")].text
    assert s.is_terminal()


# ---------------------------------------------------------------- step 3: death
@pytest.mark.rule("mf.18.1")
@pytest.mark.rule("mf.17.6")
def test_still_at_maximum_after_the_gasp_is_death() -> None:
    s = elm_state({"wounds": 6, "hand": ["Coffee", "Sprint"]}, {"hand": ["Baseball Bat"]})
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    log = gasp(s, "Coffee")  # draws two cards, heals nothing
    assert s.wounds[JACK] == 8
    assert s.gasps[JACK] == 1  # the marker still moves for a fatal Last Gasp
    assert s.dead == [True, False]
    i_marker = at(log, "mf.16.4")
    i_dead = at(log, "mf.18.1", "Jack is dead: they are still at maximum wounds")
    assert i_marker < i_dead < at(log, "mf.17.6")


@pytest.mark.rule("mf.18.1")
def test_gasp_marker_reaching_three_is_death_even_when_healed() -> None:
    s = elm_state({"wounds": 6, "gasps": 2, "hand": ["Medicine"]}, {"hand": ["Baseball Bat"]})
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    log = gasp(s, "Medicine")
    assert s.wounds[JACK] == 6  # healed below maximum...
    assert s.gasps[JACK] == 3  # ...but this was the third Last Gasp
    assert s.dead[JACK]
    assert "the gasp marker reached 3" in log[at(log, "mf.18.1")].text
    assert "mf.17.5" not in rules_cited(log)
    assert s.is_terminal()


@pytest.mark.rule("mf.17.6")
@pytest.mark.rule("mf.18.2")
def test_death_ends_the_game_at_once_when_the_other_player_is_not_at_maximum() -> None:
    s = elm_state(
        {"wounds": 6, "hand": ["Coffee"]},
        {"wounds": 7, "hand": ["Baseball Bat", "Bullet"]},
        event="Sprained Ankle",
    )
    main_plays(s, [], ["Baseball Bat", "Bullet"])
    do(s, "wound_target", "player", JACK)
    log = gasp(s)
    # Jill is one short of maximum: no Last Gasp is owed, so the game ends right here.
    assert at(log, "mf.18.1") < at(log, "mf.17.6", "the game ends now") < at(log, "mf.20.2")
    assert "A dead player cannot win (Jack)" in log[at(log, "mf.18.2")].text
    assert s.is_terminal() and s.legal_actions() == []
    # The rest of the turn never happens: Jill's Bullet stays unrevealed, the event is not
    # processed and nobody draws.
    assert s.revealed[JILL] == 1 and s.plays[JILL] and s.wounds[JILL] == 7
    assert s.event >= 0 and s.cards.events[s.event].name == "Sprained Ankle"
    assert not any("Sprained Ankle" in e.text for e in log)
    assert "mf.8.11" not in rules_cited(log)
    out = s.outcome()
    assert out is not None
    assert out.reason == "death" and out.extras["dead"] == [JACK] and out.winners == (JILL,)
    assert out.text == "a witness died and the assassin lives"


@pytest.mark.rule("mf.17.7")
@pytest.mark.rule("mf.18.2")
def test_other_player_at_maximum_makes_a_final_gasp_then_the_game_ends() -> None:
    # Gang of Toughs, undefeated: each player takes wounds equal to the green stoplight (1).
    s = elm_state(
        {"wounds": 7, "hand": ["Coffee"]},
        {"wounds": 7, "hand": ["Medicine"]},
        event="Gang of Toughs",
    )
    main_plays(s, [], [])
    assert s.wounds == [8, 8]
    assert s.decision.rule == "mf.19.3"
    log = do(s, "gasp_first", JACK)
    log += gasp(s)  # Jack's empty Last Gasp: he dies at maximum
    assert s.dead[JACK] and not s.is_terminal()
    assert at(log, "mf.18.1") < at(log, "mf.17.7", "Jill is also at maximum wounds")
    # Jill gets her own Last Gasp and survives it...
    assert s.decision.player == JILL and pending_frame_kind(s) == "gasp_play"
    log += gasp(s, "Medicine")
    assert s.wounds[JILL] == 6 and not s.dead[JILL]
    assert "mf.17.5" in rules_cited(log[at(log, "mf.17.7") :])
    # ...but after it the game is over anyway.
    assert s.is_terminal()
    assert at(log, "mf.17.5") < at(log, "mf.20.2")
    out = s.outcome()
    assert out is not None and out.reason == "death" and out.extras["gasps"] == [1, 1]
    assert out.extras["dead"] == [JACK] and out.winners == (JILL,)


@pytest.mark.rule("mf.17.2")
def test_gasp_caused_inside_another_gasp_waits_until_that_gasp_is_over() -> None:
    s = elm_state(
        {"wounds": 6, "hand": ["Tommy Gun", "Guardian Angel"]},
        {"wounds": 4, "hand": ["Baseball Bat", "Medicine"]},
        event="Sprained Ankle",
    )
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    log = do(s, "gasp_add", "Tommy Gun") + do(s, "gasp_add", "Guardian Angel")
    log += do(s, "gasp_finish")
    # Jack's Tommy Gun, inside his Last Gasp, brings Jill to maximum...
    log += do(s, "wound_target", "player", JILL)
    # ...but Jill waits: Jack's Guardian Angel (heal 3, prevent the event) comes first, his
    # marker moves and he survives; only then does Jill's own Last Gasp begin.
    assert s.wounds == [5, 8] and s.gasps == [1, 0]
    assert s.in_gasp == JILL and s.decision.player == JILL and pending_frame_kind(s) == "gasp_play"
    i_jill_max = at(log, "mf.16.3", "Jill is at maximum")
    i_wait = at(log, "mf.17.2", "Jack finishes that whole Last Gasp before Jill")
    i_angel = at(log, "mf.17.3", "reveals Last Gasp card 2: Guardian Angel")
    i_jack_marker = at(log, "mf.16.4", "Jack's")
    i_jack_lives = at(log, "mf.17.5", "Jack survives")
    i_jill = at(log, "mf.17.3", "Jill makes a Last Gasp")
    assert i_jill_max < i_wait < i_angel < i_jack_marker < i_jack_lives < i_jill
    log += gasp(s, "Medicine")
    assert s.wounds == [5, 6] and s.gasps == [1, 1] and not any(s.dead)
    # Both survived; play resumes: the event was prevented by Guardian Angel.
    assert at(log, "mf.17.5", "Jill survives") < at(log, "", "Sprained Ankle was prevented")


@pytest.mark.rule("mf.19.3")
@pytest.mark.rule("mf.17.3")
def test_turn_player_chooses_who_gasps_first_when_both_reach_maximum() -> None:
    # Earthquake: each player takes wounds equal to the green stoplight (1), then each
    # draws a card. Both reach maximum from one event.
    s = elm_state(
        {"wounds": 7, "hand": ["Medicine"]}, {"wounds": 7, "hand": ["Medicine"]}, event="Earthquake"
    )
    main_plays(s, [], [])
    assert s.wounds == [8, 8] and sorted(s.gasp_due) == [JACK, JILL]
    assert s.decision.player == JACK and s.decision.rule == "mf.19.3"
    choice = find(s, "gasp_first", JILL)
    assert not s.check(Action(JILL, choice.kind, choice.args)).ok  # only the turn player
    log = s.apply(choice)
    assert (
        "the turn player, decides that Jill makes a Last Gasp first" in log[at(log, "mf.19.3")].text
    )
    assert s.decision.player == JILL
    log += gasp(s, "Medicine")
    assert s.decision.player == JACK and pending_frame_kind(s) == "gasp_play"
    log += gasp(s, "Medicine")
    assert (
        at(log, "mf.17.3", "Jill makes a Last Gasp")
        < at(log, "mf.17.5", "Jill survives")
        < at(log, "mf.17.3", "Jack makes a Last Gasp")
        < at(log, "mf.17.5", "Jack survives")
    )
    assert s.wounds == [6, 6] and s.gasps == [1, 1] and not any(s.dead)


@pytest.mark.rule("mf.17.8")
@pytest.mark.rule("mf.20.6")
def test_a_dying_witness_uses_the_gasp_to_wound_the_assassin_for_a_tie() -> None:
    # Jack (witness, on Elm Street by a phone) cannot heal, so he calls in a hit.
    s = elm_state({"wounds": 6, "hand": ["Call in a Hit"]}, {"wounds": 2, "hand": ["Baseball Bat"]})
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    log = gasp(s, "Call in a Hit")
    hit = log[at(log, "mf.17.8")]
    assert hit.changes == (("wounds", 2, 8),) and "Call in a Hit" in hit.text
    assert "mf.12.3" in rules_cited(log)  # the witness-only criteria are met
    assert s.dead[JACK] and s.decision.player == JILL
    assert "mf.17.7" in rules_cited(log)
    log += gasp(s)  # Jill has no cards left to save herself
    assert s.dead == [True, True]
    out = s.outcome()
    assert out is not None and out.tie and out.scores == (0.0, 0.0)
    assert s.returns() == [0.0, 0.0]
    assert "mf.20.6" in rules_cited(log)


# ---------------------------------------------------------------- ruling: empty gasp plays
@pytest.mark.rule("mf.17.3")
def test_empty_gasp_play_is_allowed_by_default() -> None:
    s = elm_state({"wounds": 6, "hand": ["Medicine"]}, {"hand": ["Baseball Bat"]})
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    finish = find(s, "gasp_finish")
    assert finish.label == "Finish the Last Gasp play (0 cards)"
    log = s.apply(finish)
    assert "Last Gasp play has 0 cards" in log[at(log, "mf.17.3")].text
    assert s.gasps[JACK] == 1 and s.dead[JACK] and hand(s, JACK) == ["Medicine"]


@pytest.mark.rule("mf.17.3")
def test_empty_gasp_play_is_refused_under_must_play_if_able() -> None:
    s = elm_state(
        {"wounds": 6, "hand": ["Medicine"]},
        {"hand": ["Baseball Bat"]},
        rulings={"last_gasp_empty_play": "must_play_if_able"},
    )
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    assert [a.kind for a in s.legal_actions()] == ["gasp_add"]
    verdict = s.check(Action(JACK, "gasp_finish", ()))
    assert not verdict.ok and verdict.detail == "empty_gasp_play" and verdict.rule == "mf.17.3"
    do(s, "gasp_add", "Medicine")
    log = do(s, "gasp_finish")
    assert s.wounds[JACK] == 6 and "mf.17.5" in rules_cited(log)


@pytest.mark.rule("mf.17.3")
def test_empty_hand_may_still_make_an_empty_gasp_under_must_play_if_able() -> None:
    s = elm_state(
        {"wounds": 6, "hand": []},
        {"hand": ["Baseball Bat"]},
        rulings={"last_gasp_empty_play": "must_play_if_able"},
    )
    main_plays(s, [], ["Baseball Bat"])
    do(s, "wound_target", "player", JACK)
    assert [a.kind for a in s.legal_actions()] == ["gasp_finish"]
    do(s, "gasp_finish")
    assert s.gasps[JACK] == 1 and s.dead[JACK]


# ---------------------------------------------------------------- ambush in initial movement
@pytest.mark.rule("mf.17.3")
@pytest.mark.rule("mf.17.5")
def test_gasp_from_an_ambush_in_initial_movement_comes_before_the_event_draw() -> None:
    s = elm_state(
        {"position": 2, "wounds": 7, "hand": ["Medicine", "Coffee"]},
        {"hand": ["Sprint"]},
        event="Sprained Ankle",
    )
    log = do(s, "move", 1)  # onto Cannery Row: an ambush of 1
    log += chance(s, "random_discard", "Coffee")
    assert s.wounds[JACK] == 8
    assert pending_frame_kind(s) == "gasp_play" and s.phase == "initial_movement" and s.event == -1
    log += gasp(s, "Medicine")
    assert s.wounds[JACK] == 6 and s.gasps[JACK] == 1
    assert (
        at(log, "mf.10.6", "receives 1 wound")
        < at(log, "mf.17.3", "makes a Last Gasp")
        < at(log, "mf.17.5")
        < at(log, "mf.11.7", "Sprained Ankle")
    )
    assert s.decision.rule == "mf.8.4"  # on to Jack's main play
