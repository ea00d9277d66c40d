"""Why did that happen, in Mantis: a Score traced back to the card turned over.

Ava announces a Score and the card turned is the colour of a card in her tank: the
match goes to her score pile (mt.4.1) and the turn passes (mt.3.4).  The match depended
on the card of that colour dealt into her tank at the set-up, and was set off by the
chance outcome that turned the card; through another player's eyes the same chain shows
the same public links.  A later match goes back across turns to the missed Score that
put its colour in the tank.
"""

from __future__ import annotations

import pytest
from games.mantis.mantis_helpers import card, table

from tutor.analysis.why import CHANCE_OUTCOME, DEPENDED, SETUP, what_if_not, why
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
    # The match depended on the card of that colour dealt into Ava's tank at the set-up;
    # what set it off was the card turned.
    assert [link.rule for link in chain.links] == ["mt.3.4", "mt.4.1", "mt.2.2", ""]
    assert chain.links[0].text.startswith("Turn 2: Ben's turn")
    assert f"{colour.capitalize()} matches" in chain.links[1].text
    assert chain.links[2].relation == DEPENDED and colour in chain.links[2].text
    assert chain.root.kind == SETUP
    ((at, side),) = chain.set_off
    assert at == 1 and [link.rule for link in side] == ["mt.3.3", "mt.3.3"]
    root = chain.branch_point
    assert root is side[-1] and root.kind == CHANCE_OUTCOME and root.index == 2
    assert root.text == f"Chance: {session.history[2].label}"
    # Everyone sees the tanks and the card turned: Ben's chain is the tutor's.
    assert why(session, len(trace) - 1, player=1).lines() == chain.lines()
    # What if the card turned had been another colour?
    result = what_if_not(session, root)
    assert result.first_difference == 0 and result.original[0] != result.branch[0]


@pytest.mark.rule("mt.4.1")
def test_a_match_goes_back_to_the_missed_score_that_put_its_colour_in_the_tank() -> None:
    state = table(seed=1, players=2)
    held = {state.table.colour(c) for c in state.tanks[0]}
    colour = next(name for name in state.table.colour_names if name not in held)
    other = state.table.colour(state.tanks[1][0])
    session = Session(state, auto_chance=False, auto_forced=False)

    def turn(turned: int) -> None:
        rules = session.state.rules
        session.play(rules.back_action[session.state.table.back[turned]])
        session.play("Score")
        session.play(rules.face_action[turned])

    first = card(state, colour)
    turn(first)  # Ava misses: the card stays in her tank
    turn(card(session.state, other))  # Ben matches a card of his own
    turn(card(session.state, colour))  # Ava matches the card she missed with
    trace = session.state.trace
    match = len(trace) - 2  # the match, then the next turn
    assert trace[match].rule == "mt.4.1"
    chain = why(session, match)
    assert chain.links[1].relation == DEPENDED and chain.links[1].rule == "mt.4.2"
    assert chain.links[1].text.startswith(f"No {colour} card in Ava's tank")
    root = chain.root
    assert root.kind == CHANCE_OUTCOME and root.index == 2  # turn 1's card turned over
    assert session.action_behind(match)[0] == 8
    assert "That depended on an earlier step: No " + colour in chain.paragraph()
