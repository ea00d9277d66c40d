"""Why did that happen, in Mantis: a Score traced back to the card turned over.

Ava announces a Score and the card turned is the colour of a card in her tank: the
match goes to her score pile (mt.4.1) and the turn passes (mt.3.4).  Each entry goes
back to the chance outcome that turned the card; through another player's eyes the same
chain shows the same public links.
"""

from __future__ import annotations

from games.mantis.mantis_helpers import card, table

from tutor.analysis.why import CHANCE_OUTCOME, what_if_not, why
from tutor.core.session import Session


def test_a_score_and_the_next_turn_go_back_to_the_card_turned() -> None:
    state = table(seed=1)
    colour = state.table.colour(state.tanks[0][0])
    turned = card(state, colour)
    session = Session(state, auto_chance=False, auto_forced=False)
    session.play(state.rules.back_action[state.table.back[turned]])
    session.play("Score")
    session.play(session.state.rules.face_action[turned])
    trace = session.state.trace
    chain = why(session, len(trace) - 1)
    assert [link.rule for link in chain.links] == ["mt.3.4", "mt.4.1", "mt.3.3", "mt.3.3"]
    assert chain.links[0].text.startswith("Turn 2: Ben's turn")
    assert f"{colour.capitalize()} matches" in chain.links[1].text
    root = chain.root
    assert root.kind == CHANCE_OUTCOME and root.index == 2
    assert root.text == f"Chance: {session.history[2].label}"
    # Everyone sees the card turned: Ben's chain is the tutor's, link for link.
    assert [link.text for link in why(session, len(trace) - 1, player=1).links] == [
        link.text for link in chain.links
    ]
    # What if the card turned had been another colour?
    result = what_if_not(session, root)
    assert result.first_difference == 0 and result.original[0] != result.branch[0]
