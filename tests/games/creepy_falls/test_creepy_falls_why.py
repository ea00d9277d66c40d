"""Why did that happen, in Creepy Falls: starting tokens traced back to the army chosen.

At the start each player chooses a starting army (cf.2.3) and receives the tokens that
come with it (cf.2.2).  The tokens' entry goes back to that choice; who takes the Aid
tile goes back to the chance outcome that picked the first player (cf.2.1).

Chains cross actions where a zone is resolved: in the rulebook's example Scilla takes
the first advantage of Bloody Gen Castle because of the units she placed there, moves
before, and the chain goes back to her choice to place them (cf.7.6).

What one step makes happen side by side (each player's Toll of Blood, each final count,
zone after zone resolved) shares one cause: none is "because" of the one before it.
"""

from __future__ import annotations

import pytest
from games.creepy_falls.test_book_example import NAMES, book_position

import tutor
from tutor.analysis.why import (
    CHANCE_OUTCOME,
    DECISION,
    DEPENDED,
    SETUP,
    seeded_session,
    what_if_not,
    why,
)
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


@pytest.mark.rule("cf.7.6")
def test_an_advantage_goes_back_to_the_placement_moves_before() -> None:
    session = Session(book_position())
    for label in (
        "Place 1 Ghoul in Bloody Gen Castle",  # Francesco
        "Place 1 Frankenstein's Monster in Bloody Gen Castle",  # Scilla
        "Place 3 Ghouls in Bloody Gen Castle",  # Giovanni
        "Place 1 Werewolf in Bloody Gen Castle",  # Federico
        "Place 1 Mummy in Bloody Gen Castle",  # Francesco
        "Place 1 Ghoul in Bloody Gen Castle",  # Scilla, with her Monster's second placement
        "Place 1 Ghoul in Cemetery",
        "Place 1 Mummy in Hell Dock",
        "Leave your Ghouls where they are",
        "Take a Grimoire token",
    ):
        session.play(session.state.action_by_label(label))
    trace = session.state.trace
    first = next(
        i for i, e in enumerate(trace) if e.text.startswith("Scilla takes advantage 1 of Bloody")
    )
    chain = why(session, first)
    placed = chain.links[1]
    assert placed.relation == DEPENDED and placed.rule == "cf.6.2"
    assert placed.text.startswith("Scilla places 1 Ghoul in Bloody Gen Castle once more")
    assert chain.root.kind == DECISION and chain.root.actor == NAMES.index("Scilla")
    assert "Place 1 Ghoul in Bloody Gen Castle" in chain.root.text
    assert session.action_behind(placed.index)[0] < session.action_behind(first)[0]
    # The resolution that set the award off goes back to the last action before it.
    ((at, side),) = chain.set_off
    assert at == 0 and side[-1].kind == DECISION
    assert "That depended on an earlier step: Scilla places 1 Ghoul" in chain.paragraph()


@pytest.mark.rule("cf.14.1")
@pytest.mark.rule("cf.3.2")
@pytest.mark.rule("cf.7.3")
def test_each_players_toll_and_score_follow_from_the_round_not_from_the_last_player() -> None:
    # Side by side, in one action: each player's toll, each player's final count, each
    # zone resolved in turn; none is explained by the one written before it.
    session = seeded_session(tutor.load_game("creepy_falls", players=4), 3)
    trace = session.state.trace
    for rule, first_text in (
        ("cf.14.1", "Toll of Blood"),
        ("cf.3.2", "Power Points"),
        ("cf.7.3", "is resolved"),
    ):
        by_action: dict[int, list[int]] = {}  # by history step
        for i, e in enumerate(trace):
            if e.rule == rule:
                behind = session.action_behind(i)
                assert behind is not None
                by_action.setdefault(behind[0], []).append(i)
        groups = [found for found in by_action.values() if len(found) > 1]
        assert groups, f"no action wrote two {rule} entries"
        for found in groups:
            causes = {trace[i].cause for i in found}
            assert len(causes) == 1, f"{rule} entries {found} name different causes"
            (cause,) = causes
            assert cause is not None and trace[cause].rule != rule
            assert first_text in trace[found[1]].text
            chain = why(session, found[1])
            assert chain.links[1].index == cause  # not the player before
