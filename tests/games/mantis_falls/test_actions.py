"""Scenario tests for topic 12 of Mantis Falls: action cards, suits and play order.

Why this file exists: the action play is the heart of every turn, and its rules decide
what a learner may put on the table (one suit only), what a card does (every effect, in
order, "sometimes" effects only when their criteria hold) and when it does it (face down
until main play ends, then one card at a time, alternating from the turn player).  Each
test sets up a position on a fixed road, plays it, and checks the state and the rule ids
the trace cites.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, pending_pick, rules_cited, skip_to_main_play
from tables import JACK, JILL, foster_setup, in_hand, main_play, names, reveals

from tutor.core.errors import IllegalActionError
from tutor.core.types import Action
from tutor.games.mantis_falls.state import MantisFallsState
from tutor.games.mantis_falls.text import action_card_text


# ---------------------------------------------------------------- mf.12.1
@pytest.mark.rule("mf.12.1")
def test_an_action_play_holds_a_single_suit() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Brass Knuckles", "Shoulder Check", "Medicine"]},
            event_deck_top=["Street Thug"],
        )
    )
    skip_to_main_play(s)
    do(s, "play", "Brass Knuckles")  # Granite
    offered = [a for a in s.legal_actions() if a.kind == "play"]
    assert names(s, [a.args[0] for a in offered]) == ["Shoulder Check"]

    medicine = Action(JACK, "play", (in_hand(s, JACK, "Medicine"),))  # Amber
    verdict = s.check(medicine)
    assert not verdict.ok
    assert (verdict.detail, verdict.rule) == ("mixed_suits", "mf.12.1")
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        s.apply(medicine)
    assert (err.value.detail, err.value.rule) == ("mixed_suits", "mf.12.1")
    assert s.to_dict() == before

    entries = do(s, "play", "Shoulder Check") + do(s, "finish")
    assert names(s, s.plays[JACK]) == ["Brass Knuckles", "Shoulder Check"]
    assert names(s, s.hands[JACK]) == ["Medicine"]
    assert rules_cited(entries) == ["mf.12.5", "mf.12.7"]


# ---------------------------------------------------------------- mf.12.2
@pytest.mark.rule("mf.12.2")
def test_every_effect_happens_in_the_listed_order() -> None:
    # Sort Your Thoughts: first discard two cards of your choice, then draw three.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Sort Your Thoughts", "Medicine", "Sprint", "Coffee"]},
            action_deck_top=["Crowbar", "Subpoena", "Recall"],
            event_deck_top=["Street Thug"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Sort Your Thoughts")
    entries = main_play(s, JILL)
    assert (s.decision.player, s.decision.rule, pending_pick(s)) == (
        JACK,
        "mf.12.2",
        "discard_chosen",
    )
    assert len(s.hands[JACK]) == 3  # nothing drawn yet: the discard comes first
    entries += do(s, "discard_card", "Medicine")
    entries += do(s, "discard_card", "Sprint")
    assert sorted(names(s, s.hands[JACK])) == ["Coffee", "Crowbar", "Recall", "Subpoena"]
    steps = [
        ("discard" if "discards" in e.text else "draw")
        for e in entries
        if e.rule == "mf.12.2" and ("discards" in e.text or "draws" in e.text)
    ]
    assert steps == ["discard", "discard", "draw", "draw", "draw"]


@pytest.mark.rule("mf.12.2")
def test_the_player_who_played_the_card_processes_it() -> None:
    # On Jack's turn, Jill's Baseball Bat is hers to aim.
    s = mf_state(
        setup=foster_setup(jill={"hand": ["Baseball Bat"]}, event_deck_top=["Sprained Ankle"])
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    main_play(s, JILL, "Baseball Bat")
    assert s.decision.player == JILL and pending_pick(s) == "wound_target"
    entries = do(s, "wound_target", "player", JACK)
    hit = next(e for e in entries if ("wounds", 0, 2) in e.changes)
    assert (hit.rule, hit.actor) == ("mf.12.2", JILL)
    assert s.wounds[JACK] == 4  # Bat 2, then Sprained Ankle 2 at event processing


# ---------------------------------------------------------------- mf.12.3
@pytest.mark.rule("mf.12.3")
@pytest.mark.parametrize(("wounds", "healed"), [(5, True), (4, False)])
def test_a_sometimes_effect_happens_only_when_its_criteria_hold(wounds: int, healed: bool) -> None:
    # Hot Soup: draw a card; sometimes (at least 5 wounds) also heal one.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Hot Soup"], "wounds": wounds},
            action_deck_top=["Coffee"],
            event_deck_top=["Street Thug"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Hot Soup")
    entries = main_play(s, JILL)
    assert names(s, s.hands[JACK])[:1] == ["Coffee"]  # the first effect happens either way
    criteria = next(e for e in entries if e.rule == "mf.12.3")
    assert ("criteria met" in criteria.text) is healed
    heals = [e for e in entries if e.phase == "action_processing" and "heals" in e.text]
    assert len(heals) == (1 if healed else 0)
    # Street Thug (undefeated) then adds Foster Lane's green number (1).
    assert s.wounds[JACK] == wounds - (1 if healed else 0) + 1


# ---------------------------------------------------------------- mf.12.4
@pytest.mark.rule("mf.12.4")
def test_a_card_may_be_played_even_if_it_will_do_nothing() -> None:
    # Jack has no wounds, so Medicine can heal nothing; playing it is still legal.
    s = mf_state(setup=foster_setup(jack={"hand": ["Medicine"]}, event_deck_top=["Street Thug"]))
    skip_to_main_play(s)
    medicine = find_play(s, "Medicine")
    assert s.check(medicine).ok
    s.apply(medicine)
    do(s, "finish")
    entries = main_play(s, JILL)
    rules = rules_cited(entries)
    i = rules.index("mf.12.6")
    heal = entries[i + 1]
    assert heal.changes == (("wounds", 0, 0),) and "heals 0 wounds" in heal.text
    assert "mf.8.9" in rules  # processed and discarded like any other card
    assert in_discard(s, "Medicine")


def find_play(s: MantisFallsState, name: str) -> Action:
    return next(a for a in s.legal_actions() if a.kind == "play" and s.card_name(a.args[0]) == name)


def in_discard(s: MantisFallsState, name: str) -> bool:
    return name in names(s, s.action_discard)


# ---------------------------------------------------------------- mf.12.5
@pytest.mark.rule("mf.12.5")
@pytest.mark.parametrize(("order", "dealt"), [
    (("Shoulder Check", "Brass Knuckles"), 3),
    (("Brass Knuckles", "Shoulder Check"), 5),
])  # fmt: skip
def test_the_order_cards_are_laid_is_the_order_they_resolve(
    order: tuple[str, str], dealt: int
) -> None:
    # Shoulder Check hits 1, plus 2 more if it is card 2 or later of the play.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Brass Knuckles", "Shoulder Check"]}, event_deck_top=["Gang of Toughs"]
        )
    )
    skip_to_main_play(s)
    laid = main_play(s, JACK, *order)
    assert [e.rule for e in laid] == ["mf.8.5", "mf.12.5", "mf.12.7"]
    assert names(s, s.plays[JACK]) == list(order)
    entries = main_play(s, JILL)
    assert [card for _, card in reveals(entries)] == list(order)
    assert s.opp_wounds == dealt


# ---------------------------------------------------------------- mf.12.6
@pytest.mark.rule("mf.12.6")
def test_two_action_plays_alternate_starting_with_the_turn_player() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Brass Knuckles", "Shoulder Check"]},
            jill={"hand": ["Bullet", "Bullet", "Hunter's Stride"]},
            event_deck_top=["The Boss's Nephew"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Brass Knuckles", "Shoulder Check")
    entries = main_play(s, JILL, "Bullet", "Hunter's Stride", "Bullet")
    assert reveals(entries) == [
        (JACK, "Brass Knuckles"),
        (JILL, "Bullet"),
        (JACK, "Shoulder Check"),
        (JILL, "Hunter's Stride"),
        (JILL, "Bullet"),
    ]
    assert "turn player first" in next(e for e in entries if e.rule == "mf.12.6").text
    # 2 + 1 + (1 + 2 momentum) + 1 + 1 = 8 wounds: the Boss's Nephew (health 6) is defeated.
    assert s.opp_wounds == 8


@pytest.mark.rule("mf.12.6")
def test_a_lone_action_play_resolves_in_laid_order() -> None:
    s = mf_state(
        setup=foster_setup(
            jill={"hand": ["Bullet", "Hunter's Stride", "Baseball Bat"]},
            event_deck_top=["The Boss's Nephew"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    entries = main_play(s, JILL, "Hunter's Stride", "Bullet", "Baseball Bat")
    assert reveals(entries) == [(JILL, "Hunter's Stride"), (JILL, "Bullet"), (JILL, "Baseball Bat")]
    assert pending_pick(s) == "wound_target"  # the Bat is being processed: Jill aims it
    entries = do(s, "wound_target", "opposition")
    assert s.opp_wounds == 4
    assert "mf.8.9" in rules_cited(entries)


# ---------------------------------------------------------------- mf.12.7
@pytest.mark.rule("mf.12.7")
def test_plays_stay_face_down_until_both_main_plays_are_made() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Baseball Bat", "Switchblade"]},
            jill={"hand": ["Bullet"]},
            event_deck_top=["The Boss's Nephew"],
        )
    )
    skip_to_main_play(s)
    laid = main_play(s, JACK, "Baseball Bat", "Switchblade")
    assert laid[-1].rule == "mf.12.7"
    assert s.view(JILL)["players"][JACK]["action_play"] == ["(face down)", "(face down)"]
    assert s.view(JACK)["players"][JACK]["action_play"] == ["Baseball Bat", "Switchblade"]
    assert not any("Baseball Bat" in line for line in s.trace_for(JILL))
    assert s.revealed == [0, 0]

    main_play(s, JILL, "Bullet")
    # Only now is the first card turned over, and it is processed fully before the next.
    assert s.revealed == [1, 0] and pending_pick(s) == "wound_target"
    assert s.view(JACK)["players"][JILL]["action_play"] == ["(face down)"]
    assert s.view(JILL)["players"][JACK]["action_play"] == ["Baseball Bat", "(face down)"]
    entries = do(s, "wound_target", "opposition")
    # The Bat done, Jill's Bullet is turned and processed, then Jack's Switchblade.
    assert s.revealed == [2, 1] and pending_pick(s) == "wound_target"
    assert reveals(entries) == [(JILL, "Bullet"), (JACK, "Switchblade")]


# ---------------------------------------------------------------- mf.12.8
@pytest.mark.rule("mf.12.8")
def test_a_heading_is_a_summary_and_the_detailed_text_decides() -> None:
    # Barricade's heading "Keep Them Out" sounds like shelter from anything, but the
    # detailed text prevents only an opposition: against an incident it does not help.
    s = mf_state(
        setup=foster_setup(jack={"hand": ["Barricade"]}, event_deck_top=["Sprained Ankle"])
    )
    barricade = s.cards.actions[in_hand(s, JACK, "Barricade")]
    text = action_card_text(barricade)
    assert (
        "Keep Them Out: Sometimes (the event is an opposition): Prevent this turn's event." in text
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Barricade")
    entries = main_play(s, JILL)
    criteria = next(e for e in entries if e.rule == "mf.12.3")
    assert "not met" in criteria.text
    assert not s.event_prevented
    assert s.wounds[JACK] == 2
