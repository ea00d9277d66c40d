"""Scenario tests: what Jill learns about Jack's unseen event is the same whatever it is.

Why this file exists: an unseen event is known only to the turn player (mf.11.8), and a
tester found it told at the edges: a citation of mf.11.6 (an opposition's outcome) or
mf.11.3 (an incident's effect) under the other player's "unseen event" line, a wound
count on the face-down card in their view, the turn player's prompt while choosing
inside the event, and the verdict of Barricade's "only if it is an opposition".  Each
test plays the same turn twice, once with an unseen opposition and once with an unseen
incident, and checks that everything Jill is shown is identical: the rendered text and
HTML traces with their citations, the view's event record, the decision record and
the choices.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, skip_to_main_play
from tables import JACK, JILL, foster_setup, main_play

from tutor.core.session import Session
from tutor.core.visibility import last_shown
from tutor.render.html import explanation_html, trace_html
from tutor.render.text import trace_lines
from tutor.widgets.player import TutorialPlayer


def shown_to(state: Any, player: int) -> dict[str, Any]:
    """Everything the tools show ``player``: traces as rendered, view, decision, choices."""
    rulebook = state.game.rulebook
    decision = state.decision_for(player)
    view = state.view(player)
    return {
        "text trace": trace_lines(state.trace, player),
        "HTML trace": trace_html(state.trace, rulebook, player),
        "explanation": explanation_html(
            last_shown(state.trace, player), rulebook, player, waiting=decision.prompt
        ),
        "view": view,
        "decision": decision,
        "choices": state.choices_for(player),
    }


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return [key for key in a if a[key] != b[key]]


def turn_with_event(event: str, **jack: Any) -> Any:
    """Jack's turn on Foster Lane with ``event`` on top of the event deck, up to Jill's
    main play (Jill holds Barricade, Storm Cellar, Brass Knuckles and Crowbar)."""
    s = mf_state(
        setup=foster_setup(
            jack,
            {"hand": ["Barricade", "Storm Cellar", "Brass Knuckles", "Crowbar"]},
            event_deck_top=[event],
            action_deck_top=["Coffee"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    return s


@pytest.mark.rule("mf.11.8")
def test_wounds_aimed_at_an_unseen_event_leave_its_card_back_unmarked() -> None:
    # Jill swings Brass Knuckles at the unseen event, then Crowbar asks her which
    # condition to pry loose: the game stops with Jack's event still face down.
    hitman, wires = (
        turn_with_event(e, conditions=["Bulletproof Vest"]) for e in ("Hitman", "Crossed Wires")
    )
    for s in (hitman, wires):
        do(s, "play", "Brass Knuckles")
        do(s, "play", "Crowbar")
        do(s, "finish")
        assert s.decision.player == JILL and s.decision.rule == "mf.13.1"
    assert hitman.opp_wounds == 2 and wires.opp_wounds == 0  # only an opposition is hurt
    # Jack sees the wounds dealt to his Hitman; Jill sees the card back, nothing more.
    assert hitman.view(JACK)["event"]["opposition_wounds"] == 2
    assert hitman.view(JILL)["event"] == wires.view(JILL)["event"] == {"seen": False}
    assert differences(shown_to(hitman, JILL), shown_to(wires, JILL)) == []
    # The line Jill reads cites the unseen-event rule, whichever card it was.
    assert "[mf.11.8] Jill aims 2 wounds at the unseen event." in hitman.trace_for(JILL)
    assert "[mf.11.5] Jill deals 2 wounds to the opposition (2 of 3 this turn)." in (
        hitman.trace_for(JACK)
    )


@pytest.mark.rule("mf.11.8")
@pytest.mark.rule("mf.11.9")
def test_barricade_and_storm_cellar_are_checked_in_secret() -> None:
    # Barricade prevents only an opposition, Storm Cellar only an incident: whichever
    # stops Jack's event, Jill must not learn which, nor that the event was prevented.
    hitman, wires = (turn_with_event(e) for e in ("Hitman", "Crossed Wires"))
    for s in (hitman, wires):
        main_play(s, JILL, "Barricade", "Storm Cellar")
        assert s.wounds == [0, 0] and s.event == -1  # prevented either way
    assert differences(shown_to(hitman, JILL), shown_to(wires, JILL)) == []
    jill_reads = hitman.trace_for(JILL)
    assert (
        "[mf.11.8] Barricade: a sometimes-effect depends on the unseen event; Jack checks it "
        "in secret and carries it out only if its criteria are met." in jill_reads
    )
    assert "[mf.11.8] Jack processes the unseen event." in jill_reads
    assert not any("prevent" in line for line in jill_reads)
    # Jack, who holds the card, reads the verdicts and the rule behind each.
    jack_reads = hitman.trace_for(JACK)
    assert any(line.startswith("[mf.12.3] Barricade: sometimes-effect") for line in jack_reads)
    assert any(
        line.startswith("[mf.11.4] Barricade prevents this turn's event") for line in (jack_reads)
    )
    assert any(line.startswith("[mf.11.4] Hitman was prevented") for line in jack_reads)


@pytest.mark.rule("mf.11.9")
def test_a_choice_inside_an_unseen_event_keeps_its_prompt_to_the_turn_player() -> None:
    # Stray Bullets (incident) lets Jack split wounds; Loan Shark (an undefeated
    # opposition) makes him pay up or take wounds.  Jill sees only that Jack is choosing.
    bullets, shark = (turn_with_event(e) for e in ("Stray Bullets", "Loan Shark"))
    for s in (bullets, shark):
        main_play(s, JILL)
        assert s.decision.player == JACK and s.decision.phase == "event_processing"
    assert (bullets.decision.rule, shark.decision.rule) == ("mf.11.9", "mf.12.2")
    assert differences(shown_to(bullets, JILL), shown_to(shark, JILL)) == []
    assert shown_to(shark, JILL)["view"]["decision"] == {
        "kind": "choice",
        "player": JACK,
        "prompt": "Jack makes a choice inside the unseen event.",
        "rule": "mf.11.8",
    }
    assert shown_to(shark, JILL)["choices"] == []
    # Jack, who decides, reads his own prompt and its rule, and sees his options.
    assert shark.view(JACK)["decision"]["prompt"] == "Jack: choose one option."
    assert [a.label for a in shark.choices_for(JACK)] == ["Pay Up", "Refuse"]


@pytest.mark.rule("mf.11.8")
def test_the_tutorial_player_shows_jill_the_same_page_whichever_event_it_is() -> None:
    # The notebook player through Jill's eyes while Jack chooses inside his unseen event.
    pages = []
    for event in ("Stray Bullets", "Loan Shark"):
        s = turn_with_event(event)
        main_play(s, JILL)
        player = TutorialPlayer(Session(s), eyes=JILL)
        assert player.waiting_on() == "human"
        pages.append(
            {
                "picture": player.picture.value,
                "explanation": player.explanation.value,
                "recent steps": player.trace_view.value,
                "prompt": player.prompt.value,
                "buttons": [b.description for b in player.actions_box.children],
                "status": player.status(),
            }
        )
    assert differences(*pages) == []
    assert "decision. Switch" in pages[0]["prompt"] and pages[0]["buttons"] == []
    assert "mf.11.9" not in pages[0]["explanation"] + pages[0]["status"]
    assert "Jack makes a choice inside the unseen event." in pages[0]["status"]
