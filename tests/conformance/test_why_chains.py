"""The "why?" chains of every registered game: every entry's causes end at a root.

For a seeded game of every registered game (the toy games too), every trace entry's
``cause`` names an earlier entry written while the same action resolved, and its
``standing`` (when it read a standing fact) an earlier entry of any action that set
that very fact, so the chain :func:`tutor.analysis.why.why` walks has no cycle and
ends at the decision or chance outcome behind its last entry, or at the set-up for
entries written before the first action; what set off a link that depended on an
earlier one ends at a root the same way.  Through each player's eyes, no link shows
what that player may not read.
"""

from __future__ import annotations

import pytest

import tutor
from tutor.analysis.why import (
    CHANCE_OUTCOME,
    DECISION,
    ENTRY,
    SETUP,
    Link,
    WhyError,
    seeded_session,
    why,
)
from tutor.core.session import Session
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
        if entry.standing is not None:
            # A standing fact may be older, but its setter came first and set that fact.
            assert 0 <= entry.standing < i, f"entry {i} names a setter that is not earlier"
            assert trace[entry.standing].sets, f"entry {i}'s setter sets no fact"
        chain = why(session, i)
        assert chain.links[0].index == i
        for links in [chain.links] + [side for _, side in chain.set_off]:
            ends_at_a_root(session, links)
        for at, side in chain.set_off:
            assert trace[chain.links[at].index].standing is not None
            assert side[0].index < chain.links[at].index or side[0].kind != ENTRY
        roots.add(chain.root.kind)
        # The lines say "because earlier" exactly where a link depended on an earlier
        # step, in the main chain and in what set a link off alike.
        heads = [line.strip() for line in chain.lines()]
        links = [
            x for k, link in enumerate(chain.links) for x in (link, *dict(chain.set_off).get(k, ()))
        ]
        for k, (line, link) in enumerate(zip(heads[1:], links[1:], strict=True), 1):
            if not line.startswith("set off by "):
                assert line.startswith("because earlier ") == link.earlier, (i, k, line)
    assert roots & {DECISION, CHANCE_OUTCOME}, "no entry goes back to an action"


def ends_at_a_root(session: Session, links: tuple[Link, ...]) -> None:
    """The entries of a chain go back in the trace, and its last link is the action
    (or set-up) behind the last of them, each link citing its entry's rule."""
    trace = session.state.trace
    indices = [link.index for link in links[:-1]]
    assert indices == sorted(indices, reverse=True)
    assert len(set(indices)) == len(indices)  # no cycle
    assert all(link.kind == ENTRY for link in links[:-1])
    root = links[-1]
    behind = session.action_behind(indices[-1]) if indices else None
    if not indices:  # a side chain that is only the action that set it off
        assert root.kind in (DECISION, CHANCE_OUTCOME, SETUP)
    elif behind is None:
        assert root.kind == SETUP
    else:
        step, _, action, _ = behind
        assert root.index == step
        assert root.kind == (CHANCE_OUTCOME if action.player == CHANCE else DECISION)
        assert action.label in root.text  # the tutor reads the choice itself
    # Every entry link cites the rule its entry cites, with the rule book's citation.
    for link in links[:-1]:
        assert link.rule == trace[link.index].rule
        assert link.citation == session.game.rulebook.cite(link.rule)


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
            chain = why(session, i, player)
            for link in chain.links + tuple(x for _, side in chain.set_off for x in side):
                if link.kind != ENTRY:
                    continue
                entry = trace[link.index]
                shown = shown_entry(entry, player)
                assert shown is not None, "an entry the player is shown nothing of is a link"
                assert (link.text, link.rule) == (shown.text, shown.rule)
                assert link.hidden == (not may_read(entry.visible_to, player))
