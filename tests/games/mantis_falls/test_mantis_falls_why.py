"""Why did that happen, in Mantis Falls: a wound traced back, as each player sees it.

Jack stands on Foster Lane with Coffee and Medicine in hand and moves one road onto the
ambush of Cannery Row (mf.10.6); the random discard takes Coffee, then the wound
follows.  Each entry's chain of causes is checked link by link with its citations, then
the same chain through Jill's eyes (she never learns which card went), and "what if
not?" at the discard.
"""

from __future__ import annotations

from games.mantis_falls.mf_helpers import find
from tables import JACK, JILL, start_state

from tutor.analysis.why import CHANCE_OUTCOME, DECISION, what_if_not, why
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
