"""Why did that happen, in Creepy Falls: starting tokens traced back to the army chosen.

At the start each player chooses a starting army (cf.2.3) and receives the tokens that
come with it (cf.2.2).  The tokens' entry goes back to that choice; who takes the Aid
tile goes back to the chance outcome that picked the first player (cf.2.1).
"""

from __future__ import annotations

import tutor
from tutor.analysis.why import CHANCE_OUTCOME, DECISION, SETUP, what_if_not, why
from tutor.core.session import Session


def test_starting_tokens_go_back_to_the_army_chosen() -> None:
    state = tutor.load_game("creepy_falls", players=2).new_state(seed=4)
    session = Session(state, auto_chance=False, auto_forced=False)
    session.play(state.chance_outcomes()[0][0])
    first = session.state.legal_actions()[0]
    session.play(first)
    trace = session.state.trace
    tokens = next(i for i, e in enumerate(trace) if e.rule == "cf.2.2")
    chain = why(session, tokens)
    assert [link.rule for link in chain.links] == ["cf.2.2", "cf.2.3", "cf.2.3"]
    assert "receives" in chain.links[0].text
    assert chain.root.kind == DECISION and first.label in chain.root.text
    # Written before any choice, the two-player set-up goes back to the set-up itself.
    assert why(session, 0).root.kind == SETUP and trace[0].step == 0
    opening = why(session, next(i for i, e in enumerate(trace) if e.rule == "cf.2.1"))
    assert opening.root.kind == CHANCE_OUTCOME and opening.root.index == 0
    assert (
        "It goes back to a chance outcome: " + opening.root.text.removeprefix("Chance: ")
        in opening.paragraph()
    )
    # What if the other player had gone first?
    result = what_if_not(session, opening.root)
    assert result.first_difference == 0 and result.original[0] != result.branch[0]
    assert result.branch[0].startswith("[cf.2.1]")
