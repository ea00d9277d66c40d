"""Scenario tests for Mantis Falls topic 8 (the turn sequence) and the quick reference.

Why this file exists: the six phases of a turn are the skeleton every other rule hangs
on, and small slips here (the other player choosing a main play first, the event resolved
before the actions, a third discard, drawing in the wrong order) would make every game
subtly wrong.  The quick-reference card restates the turn, the Last Gasp and the end of
the game in a few lines; its tests check that the engine does what those lines say.
Each test sets up a position on a fixed road, plays it, and checks both the state and the
rule ids the trace cites.  The Jack and Jill reveal example of topic 12 lives here too.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, rules_cited, skip_to_main_play
from tables import JACK, JILL, ROADS_BROKEN_AT_6, main_play, reveals, sorted_names, start_state

from tutor.core.types import Action
from tutor.games.mantis_falls.state import END, MantisFallsState

# ROADS_BROKEN_AT_6 (6, Canal Bridge, is the Broken Road) with Gaslight Alley (7) and Vine
# Street (8) the other way round; no scenario here comes near either of them.
ROADS = (*ROADS_BROKEN_AT_6[:6], "Gaslight Alley", "Vine Street", *ROADS_BROKEN_AT_6[8:])
# Cards the players hold but never play in these scenarios (each name is one copy, so
# no scenario takes the same card twice).
SPARE = ["Medicine", "Crowbar", "Recall", "Bribe", "Gun", "Hunch"]
SPARE_JILL = ["Hot Soup", "Sprint", "Subpoena", "Pickpocket", "Switchblade", "Steady Aim"]
PHASES = [
    "initial_movement",
    "event_draw",
    "main_play",
    "action_processing",
    "event_processing",
    "draw",
]


def table(
    jack: dict[str, Any] | None = None,
    jill: dict[str, Any] | None = None,
    turn: int = JACK,
    **extra: Any,
) -> MantisFallsState:
    """A position on ``ROADS``: both on the Start, no allies, no known event, ``turn`` to play.

    Raises:
        ScenarioError: if a card name or a value in the setup is not valid.
    """
    return start_state(jack, jill, turn, roads=ROADS, event=None, **extra)


# ====================================================================== 8 Turn sequence
@pytest.mark.rule("mf.8.1")
def test_a_turn_runs_through_six_phases_in_order_then_the_other_player_goes() -> None:
    s = table(
        {"hand": ["Bullet", *SPARE]},
        {"hand": ["Coffee", *SPARE_JILL]},
        event_deck_top=["Drunk Brawler"],
        action_deck_top=["Storm Cellar"],
    )
    assert s.turn_no == 1 and s.turn_player == JACK
    start = len(s.trace)
    do(s, "move", 1)
    main_play(s, JACK, "Bullet")
    main_play(s, JILL)
    entries = s.trace[start:]
    phases: list[str] = []
    for e in entries:
        if e.phase not in phases:
            phases.append(e.phase)
    assert phases[:6] == PHASES
    # The next turn belongs to the other player.
    assert s.turn_no == 2 and s.turn_player == JILL
    assert entries[-1].rule == "mf.8.1" and entries[-1].text == "Turn 2: Jill's turn."
    assert s.decision.player == JILL and s.decision.rule == "mf.8.2"


@pytest.mark.rule("mf.8.2")
def test_initial_movement_is_stay_or_one_road_forward() -> None:
    s = table(event_deck_top=["Cold Rain"])
    assert s.decision.rule == "mf.8.2" and s.decision.player == JACK
    assert [a.args for a in s.legal_actions()] == [(0,), (1,)]
    too_far = s.check(Action(JACK, "move", (2,)))
    assert not too_far.ok and too_far.detail == "too_far"

    stay = s.clone()
    entries = do(stay, "move", 0)
    assert stay.pos[JACK] == 0 and "mf.8.2" in rules_cited(entries)

    entries = do(s, "move", 1)
    assert s.pos[JACK] == 1
    assert rules_cited(entries)[0] == "mf.8.2"
    assert "mf.10.3" in rules_cited(entries) and s.face_up[2]  # the road ahead turns up


@pytest.mark.rule("mf.8.3")
def test_the_turn_player_draws_the_event_and_only_a_seen_one_is_shown() -> None:
    # Without a known top card the draw is a chance step over the whole shuffled deck.
    s = table(turn=JILL)
    entries = do(s, "move", 0)
    assert rules_cited(entries)[-1] == "mf.8.3"
    assert s.decision.kind == "chance" and s.decision.rule == "mf.8.3"
    entries = do(s, "draw_event", "Street Thug")
    assert s.cards.events[s.event].name == "Street Thug"
    assert len(s.event_pile) == 49
    assert rules_cited(entries)[0] == "mf.11.7"
    assert s.view(JACK)["event"]["name"] == "Street Thug"  # seen: shown to both

    s = table(turn=JILL, event_deck_top=["Hitman"])
    entries = do(s, "move", 0)
    assert rules_cited(entries)[-3:-1] == ["mf.8.3", "mf.11.8"]
    assert s.view(JILL)["event"]["name"] == "Hitman"
    assert "name" not in s.view(JACK)["event"]  # unseen: only Jill looks at it


@pytest.mark.rule("mf.8.4")
def test_both_players_choose_one_of_four_main_plays_turn_player_first() -> None:
    s = table({"hand": ["Coffee"]}, {"hand": ["Bullet"]}, turn=JILL, event_deck_top=["Cold Rain"])
    entries = do(s, "move", 0)
    assert "mf.8.4" in rules_cited(entries)
    assert s.decision.player == JILL and s.decision.rule == "mf.8.4"
    assert {a.kind for a in s.legal_actions()} == {"play", "conserve", "discard", "nothing"}
    # Jack cannot go before the turn player.
    early = s.check(Action(JACK, "nothing", ()))
    assert not early.ok and early.code == "wrong_player"
    main_play(s, JILL)
    assert s.decision.player == JACK and s.decision.rule == "mf.8.4"
    assert {a.kind for a in s.legal_actions()} == {"play", "conserve", "discard", "nothing"}


@pytest.mark.rule("mf.8.5")
def test_an_action_play_is_one_suit_face_down_in_the_order_chosen() -> None:
    s = table(
        {"hand": ["Shoulder Check", "Brass Knuckles", "Medicine"]}, event_deck_top=["Mob Enforcer"]
    )
    do(s, "move", 0)
    entries = do(s, "play", "Shoulder Check")
    medicine = next(c for c in s.hands[JACK] if s.card_name(c) == "Medicine")
    mixed = s.check(Action(JACK, "play", (medicine,)))  # Amber after Granite
    assert not mixed.ok and mixed.detail == "mixed_suits"
    entries += do(s, "play", "Brass Knuckles") + do(s, "finish")
    assert [s.card_name(c) for c in s.plays[JACK]] == ["Shoulder Check", "Brass Knuckles"]
    assert sorted_names(s, s.hands[JACK]) == ["Medicine"]
    assert s.view(JILL)["players"][JACK]["action_play"] == ["(face down)"] * 2
    first = [e for e in entries if e.rule == "mf.8.5"]
    assert len(first) == 1 and first[0].visible_to == frozenset({JACK})
    # Revealed in the chosen order: Shoulder Check first, so no Momentum bonus for it.
    entries = main_play(s, JILL)
    assert reveals(entries) == [(JACK, "Shoulder Check"), (JACK, "Brass Knuckles")]
    assert s.opp_wounds == 1 + 2  # laid the other way round, Momentum would have made it 5


@pytest.mark.rule("mf.8.6")
def test_conserving_energy_puts_one_card_face_up_in_conserved_energy() -> None:
    s = table({"hand": ["Coffee", "Medicine"]}, event_deck_top=["Cold Rain"])
    do(s, "move", 0)
    entries = do(s, "conserve", "Coffee")
    assert sorted_names(s, s.hands[JACK]) == ["Medicine"]
    assert sorted_names(s, s.conserved) == ["Coffee"]
    assert s.view(JILL)["conserved"] == ["Coffee"]  # face up for everyone
    assert rules_cited(entries)[:2] == ["mf.8.6", "mf.15.1"]
    assert s.decision.player == JILL  # one card only, then it is Jill's main play


@pytest.mark.rule("mf.8.7")
def test_discard_at_most_two_cards_face_down() -> None:
    s = table(
        {"hand": ["Coffee", "Medicine", "Crowbar"]},
        {"hand": ["Bullet", "Gun"]},
        event_deck_top=["Cold Rain"],
    )
    do(s, "move", 0)
    before = len(s.action_discard)
    entries = do(s, "discard", "Coffee")
    assert s.decision.player == JACK and s.decision.rule == "mf.8.7"
    assert {a.kind for a in s.legal_actions()} == {"discard", "finish"}
    entries += do(s, "discard", "Crowbar")
    # Two is the limit: the main play passes to Jill at once.
    assert s.decision.player == JILL
    assert sorted_names(s, s.hands[JACK]) == ["Medicine"]
    assert sorted_names(s, s.action_discard[before:]) == ["Coffee", "Crowbar"]
    assert rules_cited(entries).count("mf.8.7") == 2
    assert all(e.visible_to == frozenset({JACK}) for e in entries if e.rule == "mf.8.7")
    assert s.trace_for(JILL)[-2:] == ["[mf.8.7] Jack discards a card face down."] * 2

    # Stopping after one card is also allowed.
    entries = do(s, "discard", "Gun") + do(s, "finish")
    assert sorted_names(s, s.hands[JILL]) == ["Bullet"]
    assert rules_cited(entries).count("mf.8.7") == 1


@pytest.mark.rule("mf.8.8")
def test_doing_nothing_leaves_the_hand_as_it_was() -> None:
    s = table({"hand": ["Coffee", "Medicine"]}, event_deck_top=["Cold Rain"])
    do(s, "move", 0)
    entries = do(s, "nothing")
    assert sorted_names(s, s.hands[JACK]) == ["Coffee", "Medicine"]
    assert s.plays[JACK] == [] and s.conserved == []
    assert rules_cited(entries) == ["mf.8.8"]
    assert s.decision.player == JILL


@pytest.mark.rule("mf.8.9")
@pytest.mark.rule("mf.12.6")
def test_jack_and_jill_reveal_alternately_two_cards_against_three() -> None:
    # Topic 12's example: on Jack's turn he lays two cards, Jill three.
    s = table(
        {"hand": ["Brass Knuckles", "Shoulder Check"]},
        {"hand": ["Bullet", "Bullet", "Bullet"]},
        event_deck_top=["Mob Enforcer"],
        action_deck_top=["Coffee"],
    )
    do(s, "move", 0)
    main_play(s, JACK, "Brass Knuckles", "Shoulder Check")
    discard_before = len(s.action_discard)
    start = len(s.trace)
    main_play(s, JILL, "Bullet", "Bullet", "Bullet")
    entries = s.trace[start:]
    # 1st Jack, 2nd Jill, 3rd Jack, 4th Jill, and Jill's third card comes 5th.
    assert reveals(entries) == [
        (JACK, "Brass Knuckles"),
        (JILL, "Bullet"),
        (JACK, "Shoulder Check"),
        (JILL, "Bullet"),
        (JILL, "Bullet"),
    ]
    # Each card is processed in full before the next one is revealed.
    rules = rules_cited(entries)
    marks = [i for i, r in enumerate(rules) if r == "mf.12.6"]
    for a, b in zip(marks, marks[1:], strict=False):
        assert "mf.11.5" in rules[a:b]
    # Then all five go face down to the discard pile, before the event.
    i_done = rules.index("mf.8.9")
    assert marks[-1] < i_done < rules.index("mf.8.10")
    assert "5 cards" in entries[i_done].text
    assert s.plays == [[], []]
    assert sorted_names(s, s.action_discard[discard_before : discard_before + 5]) == [
        "Brass Knuckles",
        "Bullet",
        "Bullet",
        "Bullet",
        "Shoulder Check",
    ]
    assert s.view(JILL)["piles"]["action_discard"] == len(s.action_discard)


@pytest.mark.rule("mf.8.10")
def test_the_event_is_processed_by_the_turn_player_after_all_actions() -> None:
    # Jill's Drunk Brawler (health 2) is beaten by Jack's two bullets, revealed before it
    # is processed, so it does nothing to her.
    s = table(
        {"hand": ["Bullet", "Bullet"]},
        {"hand": ["Medicine"]},
        turn=JILL,
        event_deck_top=["Drunk Brawler"],
    )
    do(s, "move", 0)
    assert s.cards.events[s.event].name == "Drunk Brawler"
    main_play(s, JILL)
    start = len(s.trace)
    main_play(s, JACK, "Bullet", "Bullet")
    entries = s.trace[start:]
    rules = rules_cited(entries)
    i_event = rules.index("mf.8.10")
    assert max(i for i, r in enumerate(rules) if r == "mf.12.6") < i_event
    assert entries[i_event].actor == JILL
    assert any(
        e.rule == "mf.11.5" and "defeated" in e.text and "not" not in e.text
        for e in entries[i_event:]
    )
    assert s.wounds == [0, 0]
    assert s.event == -1 and s.cards.events[s.event_discard[-1]].name == "Drunk Brawler"


@pytest.mark.rule("mf.8.11")
def test_both_refill_to_seven_turn_player_first_from_pile_or_conserved_energy() -> None:
    s = table(
        {"hand": ["Coffee", *SPARE]},
        {"hand": ["Bullet", "Bullet", *SPARE_JILL[:5]]},
        turn=JILL,
        conserved=["Misdirection"],
        event_deck_top=["Cold Rain"],
        action_deck_top=["Storm Cellar", "Foresight", "Crossroads"],
    )
    do(s, "move", 0)
    main_play(s, JILL, "Bullet", "Bullet")  # Jill is left with five cards
    do(s, "discard", "Coffee")
    do(s, "finish")  # Jack is left with six
    # Jill draws first: her first card may come from Conserved Energy.
    assert s.decision.player == JILL and s.decision.rule == "mf.15.2"
    assert {a.kind for a in s.legal_actions()} == {"draw_pile", "draw_conserved"}
    start = len(s.trace)
    do(s, "draw_conserved", "Misdirection")
    entries = s.trace[start:]
    assert len(s.hands[JILL]) == len(s.hands[JACK]) == 7
    assert "Misdirection" in sorted_names(s, s.hands[JILL])
    assert "Storm Cellar" in sorted_names(s, s.hands[JILL])  # then from the pile
    assert "Foresight" in sorted_names(s, s.hands[JACK])
    draws = [e.actor for e in entries if e.rule in ("mf.8.11", "mf.15.2") and "draws" in e.text]
    assert draws == [JILL, JILL, JACK]
    assert s.turn_player == JACK and s.turn_no == 2


@pytest.mark.rule("mf.8.12")
def test_used_and_discarded_cards_go_face_down_onto_their_piles() -> None:
    s = table(
        {"hand": ["Bullet", "Coffee"]},
        {"hand": ["Medicine", "Hunch"]},
        event_deck_top=["Street Thug"],
        action_deck_top=["Crowbar", "Recall"],
    )
    do(s, "move", 0)
    main_play(s, JACK, "Bullet")
    start = len(s.trace)
    do(s, "discard", "Hunch")
    do(s, "finish")
    entries = s.trace[start:]
    assert "mf.8.12" in rules_cited(entries)
    assert s.cards.events[s.event_discard[-1]].name == "Street Thug"
    assert {"Bullet", "Hunch"} <= set(sorted_names(s, s.action_discard))
    # The piles are face down: a player's view gives their sizes, never their cards.
    view = s.view(JACK)
    assert view["piles"]["event_discard"] == len(s.event_discard)
    assert view["piles"]["action_discard"] == len(s.action_discard)
    assert "Hunch" not in str({k: v for k, v in view.items() if k != "trace"})


# ====================================================================== Quick reference
@pytest.mark.rule("mf.qr.1")
def test_quick_reference_turn_with_an_unseen_event_and_conserved_energy() -> None:
    s = table(
        {"hand": ["Brass Knuckles", *SPARE]},
        {"hand": ["Coffee", *SPARE_JILL]},
        conserved=["Bullet", "Take Cover", "Foresight", "Crossroads"],
        event_deck_top=["Hitman"],
        action_deck_top=["Storm Cellar"],
    )
    # I. Move: with Conserved Energy full, Jack may expend it to move two roads at once.
    log = do(s, "expend", "move") + do(s, "move", 2)
    assert s.pos[JACK] == 2 and s.conserved == []
    # II. The unseen event: Jack looks at it, Jill does not.
    assert s.view(JACK)["event"]["name"] == "Hitman"
    assert "name" not in s.view(JILL)["event"]
    # III. Each player picks one main play; IV. the plays are revealed and processed.
    log += main_play(s, JACK, "Brass Knuckles")
    log += do(s, "conserve", "Coffee")
    # V. The event is processed (2 wounds against health 3: not defeated; yellow 1 on
    # Maple Avenue) and discarded, still unseen by Jill.
    assert s.wounds[JACK] == 1
    assert not any("Hitman" in line for line in s.trace_for(JILL))
    # VI. Refill to seven, from the deck and/or Conserved Energy.
    log += do(s, "draw_conserved", "Coffee")
    assert sorted_names(s, s.hands[JACK]).count("Coffee") == 1 and len(s.hands[JACK]) == 7
    assert "Storm Cellar" in sorted_names(s, s.hands[JILL]) and len(s.hands[JILL]) == 7
    rules = rules_cited(log)
    order = [
        "mf.15.3",
        "mf.15.4",
        "mf.8.3",
        "mf.11.8",
        "mf.8.4",
        "mf.12.6",
        "mf.8.9",
        "mf.8.10",
        "mf.8.12",
        "mf.15.2",
        "mf.8.11",
    ]
    assert [rules.index(r) for r in order] == sorted(rules.index(r) for r in order)


@pytest.mark.rule("mf.qr.2")
def test_quick_reference_last_gasp_play_then_gasp_marker_then_survival() -> None:
    s = table(
        {"wounds": 7, "hand": ["Medicine", "Bullet"]},
        event_deck_top=["Sprained Ankle"],
        action_deck_top=["Coffee", "Crowbar", "Recall", "Bribe", "Hunch", "Gun"],
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    log = main_play(s, JILL)
    # The ankle takes Jack to 8 of 8: he is not dead but makes a Last Gasp play.
    assert s.wounds[JACK] == 8 and not s.dead[JACK]
    assert s.decision.rule == "mf.17.3" and s.decision.player == JACK
    log += do(s, "gasp_add", "Medicine")
    # One suit only: the Hunter Bullet cannot join an Amber play.
    assert [a.kind for a in s.legal_actions()] == ["gasp_finish"]
    log += do(s, "gasp_finish")
    assert s.wounds[JACK] == 6 and s.gasps[JACK] == 1 and not s.dead[JACK]
    rules = rules_cited(log)
    assert (
        rules.index("mf.16.3")
        < rules.index("mf.17.3")
        < rules.index("mf.16.4")
        < rules.index("mf.17.5")
    )
    assert s.turn_no == 2  # survived: the turn went on to the draw and the next turn


@pytest.mark.rule("mf.qr.3")
def test_quick_reference_game_end_by_escape_or_by_death() -> None:
    # Escape: Jill waits on the End; Jack reaches it, and the game ends only when the
    # next turn begins with both of them there.
    s = table(
        {
            "position": 12,
            "role": "witness",
            "hand": ["Coffee", "Medicine", "Crowbar", "Hunch", "Recall", "Gun"],
        },
        {"position": END, "role": "assassin"},
        event_deck_top=["Cold Rain"],
    )
    do(s, "move", 1)
    do(s, "take_dark", s.dark[0])
    assert not s.is_terminal()
    skip_to_main_play(s)
    main_play(s, JACK)
    entries = main_play(s, JILL)
    assert s.is_terminal() and s.outcome().reason == "escape"
    assert s.outcome().winners == (JACK,)  # no witness died
    assert "mf.20.1" in rules_cited(entries)

    # Death: the witness dies; the assassin, alive, wins.
    s = table(
        {"wounds": 7, "gasps": 2, "role": "witness"},
        {"role": "assassin"},
        event_deck_top=["Sprained Ankle"],
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    main_play(s, JILL)
    entries = do(s, "gasp_finish")
    assert s.outcome().reason == "death" and s.outcome().winners == (JILL,)
    assert "mf.20.2" in rules_cited(entries) and "mf.20.5" in rules_cited(entries)
