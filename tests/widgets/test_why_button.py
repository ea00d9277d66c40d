"""Headless tests of the tutorial player's "Why?" button and its "What if not?".

A learner steps a seeded Mantis Falls game, presses "Why?" and reads the chain of the
entry on screen (its paragraph and its picture); choosing other eyes hides what those
eyes may not see; "What if not?" shows both continuations side by side, branching at a
chance outcome (the random discard) or at a decision (Jack's move two turns before a
wound, or his choice to stay that set the wound's event off).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from games.mantis_falls.mf_helpers import find
from games.mantis_falls.tables import JACK, JILL, start_state, stoplight_session

from tutor.core import Session
from tutor.widgets import TutorialPlayer

SVG = "{http://www.w3.org/2000/svg}"


def ambush_player() -> TutorialPlayer:
    """Jack moved onto Cannery Row's ambush and discarded Coffee; all entries shown."""
    state = start_state({"position": 3, "hand": ["Coffee", "Medicine"]})
    session = Session(state, auto_chance=False, auto_forced=False)
    player = TutorialPlayer(session)
    session.play(find(session.state, "move", 1))
    session.play(find(session.state, "random_discard", "Coffee"))
    while "receives 1 wound" not in (session.last_entry.text if session.last_entry else ""):
        player.step_button.click()
    return player


def test_why_shows_the_chain_of_the_entry_on_screen_and_its_picture() -> None:
    player = ambush_player()
    assert player.why_panel.layout.display == "none" and not player.why_button.disabled
    player.why_button.click()
    panel = player.why_panel
    assert panel.layout.display == "flex"
    assert panel.chain is not None and panel.chain.entry == player.session.cursor - 1
    html = panel.view.value
    assert "Jack receives 1 wound (ambush)" in html and "Topic 10 · Roads: Ambushes" in html
    assert "It goes back to a chance outcome: Discard Coffee (Amber) at random" in html
    svg = ET.fromstring(html[html.index("<svg") : html.index("</svg>") + 6])
    links = [g for g in svg.iter(f"{SVG}g") if "why-link" in (g.get("class") or "")]
    assert [g.get("data-kind") for g in links] == ["chance", "entry"]
    # Stepping on keeps the open chain on the entry now shown.
    player.step_button.click()
    assert panel.chain.entry == player.session.cursor - 1


def test_through_a_players_eyes_hidden_links_stay_hidden_and_nothing_branches() -> None:
    player = ambush_player()
    player.eyes.value = JILL
    player.why_button.click()
    html = player.why_panel.view.value
    assert "Jack receives 1 wound" in html and "Coffee" not in html
    assert player.why_panel.branch_box.layout.display == "none"
    # Jack may read his own discard, but the other outcomes are the cards in his hand
    # and beyond: the branch would be played from cards a player's eyes cannot know.
    player.eyes.value = JACK
    html = player.why_panel.view.value
    assert "Chance: Discard Coffee (Amber) at random" in html
    assert player.why_panel.branch_box.layout.display == "none"


def test_what_if_not_shows_both_continuations_side_by_side() -> None:
    player = ambush_player()
    player.why_button.click()
    panel = player.why_panel
    assert panel.branch_box.layout.display == "flex"
    assert [label for label, _ in panel.alternative.options] == [
        "Discard Medicine (Amber) at random"
    ]
    panel.what_if_button.click()
    assert panel.result is not None and panel.result.first_difference == 0
    table = panel.comparison.value
    assert "As played: Discard Coffee (Amber) at random" in table
    assert "What if instead: Discard Medicine (Amber) at random" in table
    assert "Jack discards Medicine (Amber) at random" in table
    assert len(player.session.history) == 2  # the game on screen did not move


def test_what_if_not_at_a_decision_and_at_each_decision_of_a_chain_across_turns() -> None:
    session = stoplight_session()
    session.cursor = len(session.state.trace)  # the wound on screen
    played = list(session.history)
    player = TutorialPlayer(session)
    player.why_button.click()
    panel = player.why_panel
    chain = panel.chain
    assert chain is not None and chain.entry == len(session.state.trace) - 1
    assert "Jack receives 1 wound (Fire Escape Collapse)" in panel.view.value
    # Two decisions to branch at: the move of turn 1 (what the reading depended on)
    # and the choice to stay in turn 3 (what set the event's reading off).
    assert panel.at.layout.display == "flex"
    assert [label.split(": ", 1)[0] for label, _ in panel.at.options] == [
        f"Decision (step {chain.root.index})",
        f"Decision (step {chain.set_off[0][1][-1].index})",
    ]
    assert panel.point == chain.root
    labels = [label for label, _ in panel.alternative.options]
    assert "Jack stays on Elm Street" in labels
    panel.alternative.value = labels.index("Jack stays on Elm Street")
    panel.what_if_button.click()
    result = panel.result
    assert result is not None and result.step == chain.root.index
    assert result.taken.label.startswith("Jack moves 1 road to Maple Avenue")
    assert result.alternative.label == "Jack stays on Elm Street"
    assert result.original[0] == "[mf.8.2] Jack moves from Elm Street to Maple Avenue."
    assert result.branch[0] == "[mf.8.2] Jack stays on Elm Street."
    assert "What if instead: Jack stays on Elm Street" in panel.comparison.value
    # The other decision: Jack's choice in turn 3, whose other choices are moves.
    panel.at.value = 1
    stay = chain.set_off[0][1][-1]
    assert panel.point == stay and "stays on Maple Avenue" in stay.text
    moves = [label for label, _ in panel.alternative.options]
    assert moves and not any("stays on Maple Avenue" in label for label in moves)
    panel.what_if_button.click()
    assert panel.result is not None and panel.result.step == stay.index
    assert panel.result.alternative.label == moves[0]
    assert panel.result.original[0] != panel.result.branch[0]
    assert player.session is session and session.history == played  # the game did not move
