"""Scenario tests for three-player turns: active players and the bystander (topics 7, 9).

Why this file exists: with three players, each turn has two active players (the turn
player and the player to their right) and a bystander.  Every card that speaks of "the
other player" or "each player" means the active players only; the bystander may only
discard or conserve after the main plays, draws last, never receives wounds or is
offered as a target, keeps their conditions and allies out of reach of every card,
cannot use any-time effects, and makes the choices some Triad cards hand them.  Each
test plays such a moment through the action API and checks the state and the rules the
trace cites.

Seats go clockwise: Jack 0, Jill 1, June 2 (see ``trio.py``).  On Jack's turn Jack and
June are active and Jill is the bystander.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import do, pending_pick, rules_cited, skip_to_main_play
from tables import JACK_SEVEN, JILL_SEVEN
from trio import JACK, JILL, JUNE, trio_state

from tutor.core.types import Action
from tutor.games.mantis_falls.state import MantisFallsState


def finish_turn(s: MantisFallsState) -> None:
    """Play the rest of the turn: nobody moves or plays, chance takes its first outcome.

    Raises:
        AssertionError: if the turn does not end.
    """
    turn = s.turn_no
    for _ in range(300):
        if s.turn_no != turn or s.is_terminal():
            return
        legal = s.legal_actions()
        kinds = {a.kind for a in legal}
        if s.decision.kind == "choice" and pending_pick(s) == "move":
            do(s, "move", 0)
        elif "nothing" in kinds:
            do(s, "nothing")
        elif "pass" in kinds:
            do(s, "pass")
        else:
            s.apply(legal[0])
    raise AssertionError("the turn did not end")


@pytest.mark.rule("mf.7.1")
def test_turns_pass_clockwise_to_the_next_seat() -> None:
    s = trio_state(turn_player=JILL, event="Scared Off")
    seen = []
    for _ in range(4):
        seen.append(s.turn_player)
        finish_turn(s)
    assert seen == [JILL, JUNE, JACK, JILL]
    turn_lines = [(e.rule, e.text) for e in s.trace if e.rule in ("mf.8.1", "mf.7.1")]
    assert turn_lines[:4] == [
        ("mf.8.1", "Turn 1: Jill's turn."),
        ("mf.7.1", "Turn 2: June's turn (turns pass clockwise, to the next seat)."),
        ("mf.7.1", "Turn 3: Jack's turn (turns pass clockwise, to the next seat)."),
        ("mf.7.1", "Turn 4: Jill's turn (turns pass clockwise, to the next seat)."),
    ]


@pytest.mark.rule("mf.7.2")
@pytest.mark.rule("mf.7.3")
def test_the_turn_player_and_the_player_to_their_right_face_the_turn() -> None:
    s = trio_state()
    view = s.view(JILL)
    assert view["active_players"] == [JACK, JUNE] and view["bystander"] == JILL
    cited = [(e.rule, e.text) for e in s.trace if e.rule in ("mf.7.2", "mf.7.3")]
    assert cited == [
        (
            "mf.7.2",
            'Jack and June are the active players this turn; "the other player" on any '
            "card means one of them.",
        ),
        (
            "mf.7.3",
            "Jill is the bystander: no action play, no event, no wounds, no conditions or "
            "allies, and no any-time effects this turn.",
        ),
    ]
    skip_to_main_play(s)
    # Main plays: Jack, then June (the other active player), then Jill as bystander.
    order = []
    for _ in range(3):
        order.append(s.decision.player)
        do(s, "nothing")
    assert order == [JACK, JUNE, JILL]


@pytest.mark.rule("mf.7.2")
def test_the_other_player_on_a_card_is_the_other_active_player() -> None:
    s = trio_state(
        {"hand": ["Call in a Hit"], "role": "witness"},
        {"hand": ["Medicine"], "role": "witness"},
        {"hand": ["Medicine"], "role": "assassin"},
        event="Scared Off",
    )
    skip_to_main_play(s)
    do(s, "play", "Call in a Hit")
    do(s, "finish")
    do(s, "nothing")  # June
    entries = do(s, "nothing")  # Jill, the bystander
    assert s.wounds == [0, 0, 6]
    hit = [e for e in entries if e.rule == "mf.12.2" and "Call in a Hit" in e.text]
    assert [e.text for e in hit] == ["June receives 6 wounds (Call in a Hit): 6/8."]


@pytest.mark.rule("mf.9.1")
def test_the_bystander_may_discard_two_or_conserve_one_but_never_play() -> None:
    s = trio_state(
        {"hand": ["Medicine"]},
        {"hand": ["Sprint", "Coffee", "Hot Soup"]},
        {"hand": ["Medicine"]},
        event="Scared Off",
    )
    skip_to_main_play(s)
    do(s, "nothing")
    do(s, "nothing")
    assert s.decision.player == JILL and s.decision.rule == "mf.9.1"
    assert {a.kind for a in s.legal_actions()} == {"conserve", "discard", "nothing"}
    sprint = s.hands[JILL][0]
    verdict = s.check(Action(JILL, "play", (sprint,), "Start an action play with Sprint"))
    assert not verdict.ok and verdict.rule == "mf.9.1" and "bystander" in verdict.reason
    first = do(s, "discard", "Sprint")
    second = do(s, "discard", "Coffee")
    assert rules_cited(first)[0] == "mf.9.1" and rules_cited(second)[0] == "mf.9.1"
    assert [s.card_name(c) for c in s.hands[JILL]][:1] == ["Hot Soup"]
    # The discards are face down: the others read only that cards were discarded.
    assert first[0].seen_by(JACK) == "Jill discards a card face down."


@pytest.mark.rule("mf.9.1")
def test_the_bystander_may_conserve_energy() -> None:
    s = trio_state({"hand": ["Medicine"]}, {"hand": ["Sprint"]}, {"hand": ["Medicine"]})
    skip_to_main_play(s)
    do(s, "nothing")
    do(s, "nothing")
    entries = do(s, "conserve", "Sprint")
    assert [s.card_name(c) for c in s.conserved] == ["Sprint"]
    assert rules_cited(entries)[:2] == ["mf.9.1", "mf.15.1"]


@pytest.mark.rule("mf.9.2")
def test_the_bystander_draws_after_both_active_players() -> None:
    s = trio_state(
        {"hand": ["Medicine", "Coffee", "Sprint", "Hot Soup", "Catch the Bus", "Slip Away"]},
        {"hand": ["Doctor's Bag", "Smelling Salts"]},
        {"hand": ["Medicine", "Sprint", "Barricade", "Brass Knuckles", "Crossroads", "Gun"]},
        event="Scared Off",
    )
    finish_turn(s)
    draws = [(e.actor, e.rule) for e in s.trace if e.rule in ("mf.8.11", "mf.9.2")]
    takers = [actor for actor, _ in draws if actor is not None]
    # Jack one card, June one card, then Jill (the bystander) five, citing mf.9.2.
    assert takers == [JACK, JUNE] + [JILL] * 5
    assert [rule for actor, rule in draws if actor == JILL] == ["mf.9.2"] * 5
    assert [len(h) for h in s.hands] == [7, 7, 7]


@pytest.mark.rule("mf.9.2")
def test_the_bystander_may_draw_from_conserved_energy() -> None:
    """Jack and June hold seven; Jill, the bystander, holds one card with Shoulder Check
    in Conserved Energy: she tops up as the active players would, from the pile or
    Conserved Energy (ruling bystander_draw_source)."""
    s = trio_state(
        {"hand": list(JACK_SEVEN)},
        {"hand": ["Lookout"]},
        {"hand": list(JILL_SEVEN)},
        event="Scared Off",
        conserved=["Shoulder Check"],
        draws=["Recall", "Storm Cellar", "Take Cover", "Bullet", "Crowbar", "Foresight"],
    )
    skip_to_main_play(s)
    while pending_pick(s) != "draw_source":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.kind in ("nothing", "pass")), legal[0]))
    assert s.decision.player == JILL and s.decision.rule == "mf.15.2"
    assert [a.label for a in s.legal_actions()] == [
        "Take Shoulder Check (Granite) from Conserved Energy",
        "Draw from the action draw pile",
    ]
    entries = do(s, "draw_conserved")
    assert (entries[0].rule, entries[0].text) == (
        "mf.15.2",
        "Jill draws Shoulder Check (Granite) from Conserved Energy instead of the draw pile.",
    )
    assert rules_cited(entries)[1:6] == ["mf.9.2"] * 5
    assert s.conserved == [] and len(s.hands[JILL]) == 7


@pytest.mark.rule("mf.7.3")
def test_the_bystander_receives_no_wounds_from_the_event() -> None:
    s = trio_state(event="Tainted Water")
    skip_to_main_play(s)
    for _ in range(3):
        do(s, "nothing")
    # Tainted Water wounds each player 1, then 1 more divided between the players.
    assert pending_pick(s) == "wound_split"
    assert [a.label for a in s.legal_actions()] == ["1 to Jack, 0 to June", "0 to Jack, 1 to June"]
    do(s, "split", 0)
    assert s.wounds == [2, 0, 1]


@pytest.mark.rule("mf.7.3")
def test_the_bystander_is_never_offered_as_a_target() -> None:
    s = trio_state({"hand": ["Gun for Hire"]}, {}, {}, event="Scared Off")
    skip_to_main_play(s)
    do(s, "play", "Gun for Hire")
    do(s, "finish")
    do(s, "nothing")
    do(s, "nothing")
    assert pending_pick(s) == "wound_target"
    assert [a.label for a in s.legal_actions()] == ["Jack (you)", "June"]


@pytest.mark.rule("mf.13.4")
def test_the_bystander_cannot_fire_a_gun() -> None:
    gun = {"hand": ["Bullet"], "conditions": ["Gun"]}
    s = trio_state({}, gun, {}, event="Scared Off")
    skip_to_main_play(s)
    assert s.bystander == JILL
    do(s, "nothing")
    do(s, "nothing")
    # Jill decides her bystander main play, but her Gun cannot fire.
    fire = Action(JILL, "anytime", ("cond", s.conditions[JILL][0], s.hands[JILL][0]), "Fire")
    verdict = s.check(fire)
    assert not verdict.ok and verdict.rule == "mf.13.4"
    assert verdict.reason == "Jill is the bystander this turn and cannot use any-time effects"
    do(s, "nothing")
    while s.turn_no == 1:  # the rest of the turn: no window ever asks Jill
        legal = s.legal_actions()
        if any(a.kind == "pass" for a in legal):
            assert s.decision.player != JILL
        s.apply(legal[0])
    # On her own turn she is active again and the Gun is hers to fire.
    assert s.turn_player == JILL and s.bystander == JUNE
    assert fire in s.anytime_options(JILL)


@pytest.mark.rule("mf.9.3")
def test_a_triad_card_hands_the_choice_to_the_bystander() -> None:
    s = trio_state(
        {"hand": ["Witness Protection"], "wounds": 3},
        {},
        {"wounds": 5},
        event="Scared Off",
    )
    skip_to_main_play(s)
    do(s, "play", "Witness Protection")
    do(s, "finish")
    do(s, "nothing")
    do(s, "nothing")
    assert pending_pick(s) == "bystander_choice"
    assert s.decision.player == JILL and s.decision.rule == "mf.9.3"
    assert [a.label for a in s.legal_actions()] == [
        "You heal two wounds",
        "The other active player heals two",
    ]
    entries = do(s, "choose", 1)
    assert s.wounds == [3, 0, 3]
    assert entries[0].rule == "mf.9.3"
    assert entries[0].text == (
        "Witness Protection: Jill (the bystander) chooses for Jack: The other active "
        "player heals two."
    )


@pytest.mark.rule("mf.9.3")
def test_a_triad_card_can_give_the_bystander_a_card() -> None:
    s = trio_state({"hand": ["Lookout"]}, {"hand": ["Sprint"]}, {}, event="Scared Off")
    skip_to_main_play(s)
    do(s, "play", "Lookout")
    do(s, "finish")
    do(s, "nothing")
    do(s, "nothing")
    gift = [e for e in s.trace if e.rule == "mf.9.3" and e.actor == JILL]
    assert [e.seen_by(JACK) for e in gift] == ["Jill draws an action card."]
    assert len(s.hands[JILL]) >= 2


@pytest.mark.rule("mf.7.2")
def test_under_the_house_rule_the_partner_sits_to_the_left() -> None:
    s = trio_state(rulings={"triad_partner": "left"})
    assert s.view(None)["active_players"] == [JACK, JILL] and s.bystander == JUNE


@pytest.mark.rule("mf.7.3")
@pytest.mark.parametrize(
    ("card", "offered", "done"),
    [
        (
            "Crowbar",
            "Discard June's condition Gun",
            ("mf.13.1", "June's condition Gun is removed and discarded."),
        ),
        (
            "Bribe",
            "Return June's face-down ally group 1",
            ("mf.14.5", "June's Officer Reyes (1 card) goes back to the ally deck."),
        ),
    ],
)
def test_the_bystanders_conditions_and_allies_are_out_of_reach(
    card: str, offered: str, done: tuple[str, str]
) -> None:
    """Jack's Crowbar removes a condition of either player and his Bribe returns the
    other player's ally: both reach June, the other active player, never Jill."""
    s = trio_state(
        {"hand": [card]},
        {"conditions": ["Bulletproof Vest"], "allies": ["Officer Reyes"]},
        {"conditions": ["Gun"], "allies": ["Officer Reyes"]},
        event="Scared Off",
        draws=["Medicine", "Sprint", "Coffee", "Hot Soup", "Lookout", "Recall", "Hunch"],
    )
    kept = ("conditions", "allies_incomplete", "ally_cards")
    jill_before = {k: s.view(None)["players"][JILL][k] for k in kept}
    skip_to_main_play(s)
    do(s, "play", card)
    do(s, "finish")
    do(s, "nothing")  # June
    do(s, "nothing")  # Jill, the bystander
    assert s.decision.player == JACK
    assert [a.label for a in s.legal_actions()] == [offered]
    entries = s.apply(s.legal_actions()[0])
    assert (entries[0].rule, entries[0].text) == done
    june = s.view(None)["players"][JUNE]
    assert (june["conditions"] if card == "Crowbar" else june["allies_incomplete"]) == []
    assert {k: s.view(None)["players"][JILL][k] for k in kept} == jill_before
