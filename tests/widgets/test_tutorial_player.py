"""Headless tests of the tutorial player: what a learner sees and what each button does.

Each test drives the widget the way a person would (``button.click()``, changing the
"whose eyes" dropdown) and checks both the session (state, history, trace) and what
is on screen (the explanation's text and rule, the SVG picture, the buttons).
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from html import escape
from typing import Any

import pytest
from games.mantis_falls.mf_helpers import mf_state, skip_to_main_play

import tutor
from tutor.core import CHANCE, Rng, Session
from tutor.games.mantis_falls.present.cards import card_html
from tutor.games.mantis_falls.present.picture import mantis_falls_svg, road_cell
from tutor.render import trace_html
from tutor.widgets import TutorialPlayer, play

SVG = "{http://www.w3.org/2000/svg}"


def svg_tree(player: TutorialPlayer) -> ET.Element:
    return ET.fromstring(player.picture.value)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in (g.get("class") or "").split()]


def piece_road(root: ET.Element, player: int) -> int:
    """The road position a player's piece is drawn on."""
    (piece,) = [g for g in groups(root, "piece") if g.get("data-player") == str(player)]
    circle = piece.find(f"{SVG}circle")
    assert circle is not None
    cx, cy = float(circle.get("cx", 0)), float(circle.get("cy", 0))
    for q in range(14):
        x, y = road_cell(q)
        if x <= cx <= x + 118 and y <= cy <= y + 92:
            return q
    raise AssertionError("piece drawn outside every road")


def road_is_face_up(root: ET.Element, position: int) -> bool:
    (road,) = [g for g in groups(root, "road") if g.get("data-position") == str(position)]
    return "face-up" in (road.get("class") or "")


def rule_shown(player: TutorialPlayer) -> str:
    """The rule id cited by the explanation on screen."""
    root = ET.fromstring(player.explanation.value)
    spans = [s for s in root.iter("span") if s.get("class") == "tutor-rule"]
    assert len(spans) == 1, player.explanation.value
    return spans[0].get("data-rule", "")


def button(player: TutorialPlayer, label: str) -> Any:
    (found,) = [b for b in player.action_buttons if b.description == label]
    return found


# ------------------------------------------------------------------------------- stepping
def test_moving_then_stepping_shows_each_rule_in_turn_and_the_picture_follows() -> None:
    # Seed 1: Jill goes first and may stay on the Start or move one road (mf.8.2).
    player = play("mantis_falls", seed=1)
    session = player.session
    before = svg_tree(player)
    assert piece_road(before, 1) == 0 and not road_is_face_up(before, 2)
    assert [b.description for b in player.action_buttons] == [
        a.label for a in session.state.legal_actions()
    ]

    button(player, "Jill moves 1 road to Cannery Row").click()

    # Her move, then the chance steps the rules take by themselves (the ambush discard).
    assert session.history[0].label == "Jill moves 1 road to Cannery Row"
    assert all(a.player == CHANCE for a in session.history[1:])
    assert rule_shown(player) == "mf.8.2"
    assert "Jill moves from Depot Square to Cannery Row." in player.explanation.value
    after = svg_tree(player)
    # The piece is on the first sunset road; the road ahead is still face down: the
    # entry that turns it up (mf.10.3) is not revealed yet, so the picture waits for it.
    assert piece_road(after, 1) == 1 and not road_is_face_up(after, 2)

    explanations, pictures, rules = [player.explanation.value], {player.picture.value}, []
    for _ in range(6):
        cursor = session.cursor
        player.step_button.click()
        assert session.cursor == cursor + 1
        entry = session.last_entry
        assert entry is not None
        rules.append(rule_shown(player))
        assert rules[-1] == entry.rule
        assert escape(entry.text) in player.explanation.value
        explanations.append(player.explanation.value)
        pictures.add(player.picture.value)
        if entry.rule == "mf.10.3":
            assert road_is_face_up(svg_tree(player), 2)
        # The picture is the position this entry describes, no later one.
        assert len(session.shown_state.trace) == session.cursor
    # Landing on Cannery Row springs its ambush: a random discard, then a wound.
    assert rules == ["mf.10.1", "mf.10.3", "mf.10.6", "mf.10.6", "mf.10.6", "mf.8.3"]
    assert len(set(explanations)) == len(explanations)
    assert len(pictures) > 1
    assert session.state.wounds[1] == 1


def test_next_decision_reveals_everything_up_to_the_next_choice() -> None:
    player = play("mantis_falls", seed=7)
    button(player, "Jill stays on Depot Square").click()
    player.next_decision_button.click()
    session = player.session
    assert session.pending_entries == 0
    assert player.waiting_on() == "human"
    assert session.state.decision.phase == "main_play"
    assert player.action_buttons and all(not b.disabled for b in player.action_buttons)
    assert session.state.decision.prompt in player.prompt.value


def test_back_restores_the_position_and_forward_replays_the_decision() -> None:
    player = play("mantis_falls", seed=7)
    session = player.session
    start = session.state.clone()
    labels = [b.description for b in player.action_buttons]
    assert player.back_button.disabled

    button(player, "Jill moves 1 road to Bellweather Boulevard").click()
    moved = session.state.clone()
    assert len(session.history) >= 1 and not player.back_button.disabled

    player.back_button.click()
    assert session.state == start
    assert session.history == []
    assert [b.description for b in player.action_buttons] == labels
    assert piece_road(svg_tree(player), 1) == 0
    assert not player.forward_button.disabled

    player.forward_button.click()
    assert session.state == moved
    assert session.history[0].label == "Jill moves 1 road to Bellweather Boulevard"


def test_restart_with_a_seed_deals_that_seeds_game() -> None:
    player = play("mantis_falls", seed=7)
    button(player, "Jill stays on Depot Square").click()
    player.seed_input.value = 3
    player.restart_button.click()
    assert player.session.history == []
    assert player.session.state == tutor.load_game("mantis_falls").new_state(seed=3)
    assert rule_shown(player) == player.session.state.trace[-1].rule


# ------------------------------------------------------------------------------- hidden information
def test_whose_eyes_hides_the_other_hand_role_and_decision() -> None:
    player = play("mantis_falls", seed=7)
    view = player.session.state.view(None)
    jack, jill = view["players"]
    secret = set(jill["hand"]) - set(jack["hand"]) - set(view["conserved"])
    assert secret  # Jill holds cards Jack does not
    omniscient = player.picture.value
    assert all(escape(name) in omniscient for name in secret)
    assert "Brass Knuckles" in player.trace_view.value  # dealt to Jill at setup (mf.5.7)

    player.eyes.value = 0  # Jack's eyes
    jacks = player.picture.value
    assert all(escape(name) not in jacks for name in secret)
    assert all(escape(name) in jacks for name in jack["hand"])
    root = ET.fromstring(jacks)
    (jill_panel,) = [g for g in groups(root, "player") if g.get("data-player") == "1"]
    backs = [g for g in jill_panel.iter(f"{SVG}g") if g.get("class") == "card back"]
    assert len(backs) == jill["hand_count"]
    assert "role: hidden" in jacks
    # The setup line that deals Jill's cards reads as its public text for Jack.
    assert "Brass Knuckles" not in player.trace_view.value
    assert "Jill is dealt six more action cards (seven in hand)." in player.trace_view.value
    # Jill's decision cannot be taken through Jack's eyes: her options would show her hand.
    assert player.action_buttons == []
    assert "Jill" in player.prompt.value

    player.eyes.value = 1
    assert [b.description for b in player.action_buttons] == [
        a.label for a in player.session.state.legal_actions()
    ]


# ------------------------------------------------------------------------------- tempting actions
def test_moving_two_roads_without_conserved_energy_is_shown_disabled_with_its_rule() -> None:
    player = play("mantis_falls", seed=7)
    tempting = player.session.state.tempting_actions()
    assert [a.label for a, _ in tempting] == ["Jill moves 2 roads"]
    (shown,) = player.tempting_buttons
    assert shown.disabled and shown.description == "Jill moves 2 roads"
    verdict = tempting[0][1]
    assert not verdict.ok and verdict.rule == "mf.8.2"
    assert verdict.reason in shown.tooltip and "(mf.8.2)" in shown.tooltip
    assert escape(verdict.reason) in player.tempting_reasons.value


def test_a_card_of_another_suit_is_shown_disabled_once_an_action_play_has_a_suit() -> None:
    state = mf_state(
        setup={
            "turn_player": 0,
            "event_deck_top": ["Cold Rain"],
            "players": [{"hand": ["Bullet", "Bullet", "Medicine", "Steady Aim"]}, {}],
        }
    )
    skip_to_main_play(state)
    player = TutorialPlayer(Session(state))
    assert player.tempting_buttons == []
    player.action_buttons[
        [b.description for b in player.action_buttons].index(
            "Start an action play with Bullet (Hunter)"
        )
    ].click()
    player.next_decision_button.click()
    assert player.session.state.decision.rule == "mf.8.5"
    (medicine,) = player.tempting_buttons
    assert medicine.disabled
    assert medicine.description == "Add Medicine (Amber) to the action play"
    assert "single suit" in medicine.tooltip and "(mf.12.1)" in medicine.tooltip
    assert "Add Steady Aim (Hunter) to the action play" in [
        b.description for b in player.action_buttons
    ]


# ------------------------------------------------------------------------------- bots
def test_a_bot_seat_decides_by_itself_when_stepped_and_is_reproducible() -> None:
    def run() -> list[str]:
        player = play("mantis_falls", seed=7, seats=[0])  # Jack is human, Jill is a bot
        assert player.waiting_on() == "bot" and player.action_buttons == []
        assert "Jill (bot)" in player.explanation.value
        player.step_button.click()
        history = player.session.history
        assert len(history) >= 1 and history[0].player == 1
        player.next_decision_button.click()
        assert player.session.state.is_terminal() or player.waiting_on() == "human"
        return [a.label for a in player.session.history]

    first = run()
    assert first == run()


def test_back_with_a_bot_seat_returns_to_the_persons_decision() -> None:
    player = play("mantis_falls", seed=7, seats=[1])  # Jill (first player) is human, Jack is a bot
    session = player.session
    start = session.state.clone()
    button(player, "Jill stays on Depot Square").click()
    player.next_decision_button.click()
    assert session.state.decision.rule == "mf.8.4"  # Jill chooses her main play first
    main_play = session.state.clone()

    button(player, "Start an action play with Call in a Hit (Midnight)").click()
    player.next_decision_button.click()
    # Jack (the bot) made his own main play on the way to Jill's next decision.
    assert any(a.player == 0 for a in session.history)
    assert player.waiting_on() == "human" and session.state.decision.player == 1

    player.back_button.click()
    assert session.state == main_play
    assert not any(a.player == 0 for a in session.history)
    player.back_button.click()
    assert session.state == start


def test_next_turn_with_two_bots_stops_where_the_next_turn_begins() -> None:
    player = play("mantis_falls", seed=7, seats=[])  # nobody human: both seats are bots
    session = player.session
    for turn, name in ((2, "Jack"), (3, "Jill")):
        player.next_turn_button.click()
        assert session.state.turn_number == turn and session.pending_entries == 0
        assert rule_shown(player) == "mf.8.1"  # a turn begins (topic 8)
        assert f"Turn {turn}: {name}" in player.explanation.value
        current = [g.get("data-phase") for g in groups(svg_tree(player), "current")]
        assert current == ["initial_movement"]


def test_without_automatic_chance_the_learner_picks_the_ambush_discard() -> None:
    game = tutor.load_game("mantis_falls")
    player = TutorialPlayer(Session(game.new_state(seed=1), auto_chance=False))
    session = player.session
    button(player, "Jill moves 1 road to Cannery Row").click()
    while player.waiting_on() != "chance":
        player.step_button.click()
    # The ambush of 1 on Cannery Row discards one of Jill's cards at random (mf.10.6).
    assert session.state.decision.rule == "mf.10.6"
    assert [b.description for b in player.action_buttons] == [
        a.label for a in session.state.legal_actions()
    ]
    hand = sorted(session.state.view(None)["players"][1]["hand"])
    button(player, "Discard Misdirection (Lilac) at random").click()
    assert session.history[-1].label == "Discard Misdirection (Lilac) at random"
    hand.remove("Misdirection")
    assert session.state.view(None)["players"][1]["hand"] == hand
    assert rule_shown(player) == "mf.10.6"
    while player.waiting_on() != "chance":
        player.step_button.click()
    assert session.state.decision.rule == "mf.8.3"  # next: Jill draws the event
    assert player.action_buttons
    player.eyes.value = 0  # outcomes name hidden cards: not offered through Jack's eyes
    assert player.action_buttons == []


def test_bad_seats_are_refused() -> None:
    session = Session(tutor.load_game("mantis_falls").new_state(seed=1))
    with pytest.raises(ValueError, match="seat 2"):
        TutorialPlayer(session, seats=[2])


# ------------------------------------------------------------------------------- rendering
def _random_states() -> list[Any]:
    """States met along seeded random playouts, including Last Gasps and game ends."""
    game = tutor.load_game("mantis_falls")
    found = []
    for seed in range(12):
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        k = 0
        while not state.is_terminal():
            if k % 23 == 0 or state.view(None)["last_gasp"]:
                found.append(state.clone())
            legal = state.legal_actions()
            action = (
                state.sample_chance(rng)
                if state.decision.kind == "chance"
                else legal[rng.below(len(legal))]
            )
            state.apply(action)
            k += 1
        found.append(state)
    return found


def test_the_picture_is_well_formed_svg_for_random_states_through_every_eyes() -> None:
    states = _random_states()
    gasps = [s for s in states if s.view(None)["last_gasp"]]
    over = [s for s in states if s.is_terminal()]
    assert gasps and len(over) == 12
    for state in states:
        for viewer in (None, 0, 1):
            view = state.view(viewer)
            root = ET.fromstring(mantis_falls_svg(view, state.cards))
            assert root.tag == f"{SVG}svg"
            current = [g.get("data-phase") for g in groups(root, "current")]
            assert current == [view["phase"]]
    gasp_root = ET.fromstring(mantis_falls_svg(gasps[0].view(None), gasps[0].cards))
    (banner,) = groups(gasp_root, "last-gasp")
    gasper = gasps[0].view(None)["last_gasp"]["player"]
    assert gasps[0].name(gasper) in "".join(banner.itertext())
    end = over[0]
    end_root = ET.fromstring(mantis_falls_svg(end.view(0), end.cards))
    assert groups(end_root, "outcome")
    # When the game is over every role is revealed, even through one player's eyes.
    assert "role: hidden" not in mantis_falls_svg(end.view(0), end.cards)


def test_names_with_markup_characters_are_escaped() -> None:
    game = tutor.load_game("mantis_falls", names=["<Ann & Co>", 'Bo "B" O\'Neil'])
    state = game.new_state(seed=2)
    svg = mantis_falls_svg(state.view(None), state.cards)
    texts = "".join(ET.fromstring(svg).itertext())
    assert "<Ann & Co>" in texts and 'Bo "B" O\'Neil' in texts
    html = trace_html(state.trace, game.rulebook, None)
    ET.fromstring(f"<div>{html}</div>")  # well-formed even with markup in names


def test_each_trace_line_cites_its_rule_with_the_summary_on_hover() -> None:
    game = tutor.load_game("mantis_falls")
    state = game.new_state(seed=7)
    root = ET.fromstring(f"<div>{trace_html(state.trace, game.rulebook, 0)}</div>")
    items = list(root.iter("li"))
    readable = [e for e in state.trace if e.seen_by(0)]
    assert len(items) == len(readable)
    for li, entry in zip(items, readable, strict=True):
        (span,) = [s for s in li.iter("span") if s.get("class") == "tutor-rule"]
        assert span.get("data-rule") == entry.rule
        assert span.get("title") == game.rulebook[entry.rule].summary
        assert entry.seen_by(0) in "".join(li.itertext())


def test_card_faces_are_rendered_from_the_card_data() -> None:
    game = tutor.load_game("mantis_falls")
    heal = next(c for c in game.cards.actions if c.effects and c.effects[0]["do"] == "heal")
    amount = heal.effects[0]["amount"]
    root = ET.fromstring(card_html(heal))
    text = " ".join(root.itertext())
    assert heal.name in text and heal.suit.title() in text
    assert f"Heal {amount} wound" in text
    opposition = next(e for e in game.cards.events if e.kind == "opposition")
    assert f"Health {opposition.health}" in card_html(opposition)
    with pytest.raises(TypeError):
        card_html("Medicine")


def test_import_tutor_loads_neither_ipywidgets_nor_plotly() -> None:
    code = (
        "import sys, tutor, tutor.render; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'plotly')]; "
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_start_over_returns_to_the_scenario_position_not_a_new_deal() -> None:
    import tutor
    from tutor.widgets import TutorialPlayer

    session = tutor.load_teaching_scenario("mantis_falls", "prevention")
    start = session.state.to_dict()
    player = TutorialPlayer(session)
    player.next_decision_button.click()
    if session.needs_decision():
        player.action_buttons[0].click()
    player.step_button.click()
    assert player.session.state.to_dict() != start
    player.start_over_button.click()
    assert player.session.state.to_dict() == start


def test_step_is_greyed_while_a_person_must_decide() -> None:
    from tutor.widgets import play

    player = play("mantis_falls", seed=7)
    player.next_decision_button.click()
    assert player.waiting_on() == "human"
    # Step, Next decision and Next turn are all greyed out, the reason in the tooltip
    # and on the page (touch screens have no hover).
    reason = "Waiting for Jill to choose an action below"
    for stepping in (player.step_button, player.next_decision_button, player.next_turn_button):
        assert stepping.disabled and reason in stepping.tooltip
    assert reason in player.blocked.value
    player.action_buttons[0].click()
    if player.waiting_on() != "human":
        assert not player.next_decision_button.disabled and not player.next_turn_button.disabled
        assert player.blocked.value == ""
        assert player.next_turn_button.tooltip == "Play on to the next turn"


def test_the_decision_is_stated_once_and_the_phase_strip_drawn_once() -> None:
    from tutor.widgets import play

    player = play("mantis_falls", seed=7)
    player.next_decision_button.click()
    prompt = player.session.state.decision.prompt
    on_screen = [player.explanation.value, player.prompt.value, player.picture.value]
    assert sum(escape(prompt) in part for part in on_screen) == 1
    assert escape(prompt) in player.prompt.value
    assert "Decision for" not in player.explanation.value
    # One phase strip: the picture's (no separate strip widget above it).
    strips = [c for c in player.children if "tutor-phases" in getattr(c, "value", "")]
    assert strips == [] and player.picture.value.count('class="phase current"') == 1


def test_the_cards_show_what_they_do_without_hovering() -> None:
    from tutor.games.mantis_falls.present.cards import card_html as face
    from tutor.widgets import play

    player = play("mantis_falls", seed=7)
    player.next_decision_button.click()
    for _ in range(40):  # on to a turn whose event is drawn and face up
        if player.session.shown_state.view(None)["event"]:
            break
        if player.action_buttons:
            player.action_buttons[-1].click()
        else:
            player.step()
    state = player.session.shown_state
    view = state.view(None)
    assert view["event"] and "name" in view["event"]
    cards = player.hands_view.value
    # The event and every card in hand, as faces with their rendered text, not in a
    # collapsed section: the widget is a direct child of the player.
    assert player.hands_view in player.children
    event = next(e for e in state.cards.events if e.name == view["event"]["name"])
    assert face(event) in cards
    for name in view["players"][0]["hand"]:
        card = next(c for c in state.cards.actions if c.name == name)
        assert face(card) in cards


def test_trace_lines_wrap_between_words() -> None:
    from tutor.widgets import play

    player = play("mantis_falls", seed=7)
    player.next_decision_button.click()
    for part in (player.trace_view.value, player.explanation.value):
        assert "word-break:normal" in part and "overflow-wrap:break-word" in part
