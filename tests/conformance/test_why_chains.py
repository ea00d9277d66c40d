"""The "why?" chains of every registered game: every entry's causes end at a root.

For a seeded game of every registered game (the toy games too), every trace entry's
``cause`` names an earlier entry written while the same action resolved, so the chain
:func:`tutor.analysis.why.why` walks has no cycle and ends at the decision or chance
outcome behind it, or at the set-up for entries written before the first action.
Through each player's eyes, no link shows what that player may not read.
"""

from __future__ import annotations

import pytest

import tutor
from tutor.analysis.why import (
    CHANCE_OUTCOME,
    DECISION,
    ENTRY,
    SETUP,
    WhyError,
    seeded_session,
    why,
)
from tutor.core.types import CHANCE, may_read
from tutor.core.visibility import shown_entry

GAMES = tutor.registered_games()


@pytest.mark.parametrize("name", GAMES)
def test_every_entry_has_a_chain_to_a_decision_chance_or_the_setup(name: str) -> None:
    session = seeded_session(tutor.load_game(name), 1)
    trace = session.state.trace
    assert len(trace) > 5
    roots = set()
    for i, entry in enumerate(trace):
        if entry.cause is not None:
            assert 0 <= entry.cause < i, f"entry {i} names a cause that is not earlier"
            # Causes never cross actions: the cause was written by the same action.
            assert session.action_behind(entry.cause) == session.action_behind(i)
        chain = why(session, i)
        indices = [link.index for link in chain.links[:-1]]
        assert indices[0] == i and indices == sorted(indices, reverse=True)
        assert len(set(indices)) == len(indices)  # no cycle
        assert all(link.kind == ENTRY for link in chain.links[:-1])
        root = chain.root
        behind = session.action_behind(indices[-1])
        if behind is None:
            assert root.kind == SETUP
        else:
            step, _, action, _ = behind
            assert root.index == step
            assert root.kind == (CHANCE_OUTCOME if action.player == CHANCE else DECISION)
            assert action.label in root.text  # the tutor reads the choice itself
        # Every entry link cites the rule its entry cites, with the rule book's citation.
        for link in chain.links[:-1]:
            assert link.rule == trace[link.index].rule
            assert link.citation == session.game.rulebook.cite(link.rule)
        roots.add(root.kind)
    assert roots & {DECISION, CHANCE_OUTCOME}, "no entry goes back to an action"


@pytest.mark.parametrize("name", GAMES)
def test_a_players_chain_shows_only_what_that_player_may_see(name: str) -> None:
    session = seeded_session(tutor.load_game(name), 2)
    trace = session.state.trace
    for player in range(session.game.num_players):
        for i in range(0, len(trace), 3):
            if shown_entry(trace[i], player) is None:
                with pytest.raises(WhyError, match="not shown to player"):
                    why(session, i, player)
                continue
            for link in why(session, i, player).links:
                if link.kind != ENTRY:
                    continue
                entry = trace[link.index]
                shown = shown_entry(entry, player)
                assert shown is not None, "an entry the player is shown nothing of is a link"
                assert (link.text, link.rule) == (shown.text, shown.rule)
                assert link.hidden == (not may_read(entry.visible_to, player))
