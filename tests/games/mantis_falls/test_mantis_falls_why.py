"""Why did that happen, in Mantis Falls: a wound traced back, as each player sees it.

Jack stands on Foster Lane with Coffee and Medicine in hand and moves one road onto the
ambush of Cannery Row (mf.10.6); the random discard takes Coffee, then the wound
follows.  Each entry's chain of causes is checked link by link with its citations, then
the same chain through Jill's eyes (she never learns which card went), and "what if
not?" at the discard.

Chains cross turns where an entry read a standing fact: Jack moves onto Maple Avenue
in turn 1 and stays there in turn 3, when Fire Escape Collapse reads his yellow
stoplight and wounds him.  The wound goes back through the reading to the move two
turns before and Jack's choice to make it; what set the reading off (processing the
event) is kept beside it.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import find
from tables import JACK, JILL, start_state, stoplight_session

import tutor
from tutor.analysis.why import (
    CHANCE_OUTCOME,
    DECISION,
    DEPENDED,
    SET_OFF,
    seeded_session,
    what_if_not,
    why,
)
from tutor.core.session import Session

FOSTER = 3


def ambush_session() -> tuple[Session, int]:
    """Jack moves onto the ambush and discards Coffee at random; the first new entry."""
    state = start_state({"position": FOSTER, "hand": ["Coffee", "Medicine"]})
    session = Session(state, auto_chance=False, auto_forced=False)
    start = len(state.trace)
    session.play(find(session.state, "move", 1))
    session.play(find(session.state, "random_discard", "Coffee"))
    return session, start


def entry_index(session: Session, start: int, text: str) -> int:
    trace = session.state.trace
    return next(i for i in range(start, len(trace)) if text in trace[i].text)


def test_landing_on_an_ambush_goes_back_to_the_move_jack_chose() -> None:
    session, start = ambush_session()
    chain = why(session, entry_index(session, start, "lands on an ambush"))
    assert [link.rule for link in chain.links] == ["mf.10.6", "mf.10.3", "mf.8.2", "mf.8.2"]
    assert "moves from Foster Lane to Cannery Row" in chain.links[2].text
    root = chain.root
    assert root.kind == DECISION and root.actor == JACK and root.branchable
    assert root.text.startswith("Jack chose: Jack moves 1 road to Cannery Row")
    assert chain.links[0].citation == "Topic 10 · Roads: Ambushes"
    paragraph = chain.paragraph()
    assert paragraph.startswith("Jack lands on an ambush of 1")
    assert "(Topic 10 · Roads: Ambushes)" in paragraph
    assert "It goes back to a decision: Jack chose: Jack moves 1 road" in paragraph
    graph = chain.graph()
    assert graph.number_of_nodes() == 4 and graph.number_of_edges() == 3
    root_name = f"decision {root.index}"
    assert graph.in_degree(root_name) == 0 and graph.nodes[root_name]["kind"] == DECISION


def test_the_wound_goes_back_to_the_random_discard_which_jill_does_not_see() -> None:
    session, start = ambush_session()
    wound = entry_index(session, start, "receives 1 wound")
    chain = why(session, wound)
    assert [link.rule for link in chain.links] == ["mf.10.6", "mf.10.6"]
    assert chain.root.kind == CHANCE_OUTCOME and "Coffee" in chain.root.text
    # Jill reads the wound, but the discard was face down: no link names the card.
    seen = why(session, wound, player=JILL)
    assert seen.links[0].text == chain.links[0].text and not seen.links[0].hidden
    assert seen.root.hidden and seen.root.text.startswith("A chance outcome")
    assert not any("Coffee" in line for line in seen.lines())
    assert "Coffee" not in seen.paragraph()


def test_what_if_the_random_discard_had_taken_the_medicine() -> None:
    session, start = ambush_session()
    root = why(session, entry_index(session, start, "receives 1 wound")).root
    result = what_if_not(session, root, "Discard Medicine (Amber) at random")
    assert result.taken.label == "Discard Coffee (Amber) at random"
    assert result.first_difference == 0
    assert "Coffee" in result.original[0] and "Medicine" in result.branch[0]
    # The wound that follows is the same in both continuations.
    assert (
        result.original[1] == result.branch[1] == "[mf.10.6] Jack receives 1 wound (ambush): 1/8."
    )
    assert session.state.trace[-1] is not result.session.state.trace[-1]
    hand = result.session.state.hands[JACK]
    assert [result.session.state.card_name(c) for c in hand] == ["Coffee"]


# ------------------------------------------------------------ across turns
@pytest.mark.rule("mf.10.4")
@pytest.mark.rule("mf.11.1")
def test_a_wound_goes_back_through_the_stoplight_to_the_move_two_turns_before() -> None:
    session = stoplight_session()
    trace = session.state.trace
    wound = len(trace) - 1
    assert trace[wound].text == "Jack receives 1 wound (Fire Escape Collapse): 3/8."
    chain = why(session, wound)
    texts = [link.text for link in chain.links]
    assert texts[:3] == [
        "Jack receives 1 wound (Fire Escape Collapse): 3/8.",
        "Fire Escape Collapse reads the yellow stoplight number of Jack's road, Maple Avenue: 1.",
        "Jack moves from Elm Street to Maple Avenue.",
    ]
    assert [link.rule for link in chain.links] == ["mf.11.3", "mf.10.4", "mf.8.2", "mf.8.2"]
    assert [link.relation for link in chain.links] == ["", SET_OFF, DEPENDED, SET_OFF]
    root = chain.root
    assert root.kind == DECISION and root.actor == JACK
    assert root.text.startswith("Jack chose: Jack moves 1 road to Maple Avenue")
    # The move was turn 1's; the wound is turn 3's.
    moved = chain.links[2].index
    assert session.action_behind(moved)[0] == root.index
    assert session.action_behind(wound)[0] > root.index + 5
    assert trace[moved].sets == f"pos/{JACK}" and trace[chain.links[1].index].standing == moved
    # What set the reading off: processing the event, back to this turn's own start.
    ((at, side),) = chain.set_off
    assert at == 1 and side[0].rule == "mf.11.3" and "processes the incident" in side[0].text
    assert side[-1].kind == DECISION and "stays on Maple Avenue" in side[-1].text
    paragraph = chain.paragraph()
    assert paragraph.startswith(
        "Jack receives 1 wound (Fire Escape Collapse): 3/8 (Topic 11 · Events: "
    )
    assert (
        "That happened because: Fire Escape Collapse reads the yellow stoplight number of "
        "Jack's road, Maple Avenue: 1 (Topic 10 · Roads: Stoplight numbers). "
        "That depended on an earlier step: Jack moves from Elm Street to Maple Avenue "
        "(Topic 8 · Turn sequence: Initial movement). "
        "It goes back to a decision: Jack chose: Jack moves 1 road to Maple Avenue"
    ) in paragraph
    assert "The step that depended on it was set off by: Jack processes the incident" in paragraph
    graph = chain.graph()
    reading, move = f"entry {chain.links[1].index}", f"entry {moved}"
    assert graph.edges[move, reading]["relation"] == "set what it read"
    assert graph.edges[f"entry {side[0].index}", reading]["relation"] == "made happen"
    assert graph.in_degree(reading) == 2
    # Jill reads the same chain: a seen event on a face-up road hides nothing.
    assert why(session, wound, player=JILL).lines() == chain.lines()


def test_what_if_jack_had_stayed_on_elm_street_in_turn_one() -> None:
    session = stoplight_session()
    root = why(session, -1).root
    result = what_if_not(session, root, "Jack stays on Elm Street")
    assert result.original[0] == "[mf.8.2] Jack moves from Elm Street to Maple Avenue."
    assert result.branch[0] == "[mf.8.2] Jack stays on Elm Street."


def test_a_standing_link_survives_saving_and_loading_the_session() -> None:
    session = stoplight_session()
    again = Session.from_dict(session.to_dict(), "<saved>")
    assert why(again, -1).lines() == why(session, -1).lines()
    loaded = session.game.state_from_dict(session.state.to_dict())
    assert [e.standing for e in loaded.trace] == [e.standing for e in session.state.trace]


def test_a_seeded_game_has_chains_that_cross_turns() -> None:
    session = seeded_session(tutor.load_game("mantis_falls"), 1)
    crossing = [
        i
        for i, e in enumerate(session.state.trace)
        if e.standing is not None and session.action_behind(e.standing) != session.action_behind(i)
    ]
    assert crossing
    chain = why(session, crossing[0])
    assert any(link.relation == DEPENDED for link in chain.links)


# ------------------------------------------------------------ side by side
@pytest.mark.rule("mf.11.6")
def test_an_event_that_wounds_both_players_wounds_neither_because_of_the_other() -> None:
    # The Arsonist, undefeated, wounds each player, and once more while they share a
    # road: Jill's wound is the event's doing, not Jack's wound's.
    session = Session(start_state(event="Arsonist"))
    session.play(find(session.state, "move", 0))  # Jack stays on the Start
    session.play(find(session.state, "nothing"))
    session.play(find(session.state, "nothing"))
    trace = session.state.trace
    wounds = [i for i, e in enumerate(trace) if e.rule == "mf.11.6" and "receives" in e.text]
    assert [trace[i].text.split(" receives")[0] for i in wounds] == ["Jack", "Jill"] * 2
    outcome, shared = trace[wounds[0]].cause, trace[wounds[2]].cause
    assert trace[outcome].text == "Jack processes the undefeated outcome of Arsonist."
    assert "you share a road with the other player" in trace[shared].text
    assert [trace[i].cause for i in wounds] == [outcome, outcome, shared, shared]
    jill = why(session, wounds[1])
    assert [link.text for link in jill.links[:2]] == [
        "Jill receives 1 wound (Arsonist): 1/8.",
        "Jack processes the undefeated outcome of Arsonist.",
    ]
    assert not any("Jack receives" in line for line in jill.lines())
