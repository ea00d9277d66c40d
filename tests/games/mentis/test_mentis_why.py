"""Why did that happen, in Mentis: a capture's consequences traced back to the choice.

Blue's Spear on c3 captures the Noble on top of Red's stack on c6 (exactly three squares
away, me.5.1 and me.5.4); the Trenchman under it is then on top (me.5.3).  Each entry
the capture wrote goes back, link by link, to Blue's decision, which "what if not?"
then swaps for another.
"""

from __future__ import annotations

from games.mentis.mentis_helpers import capture, position

from tutor.analysis.why import DECISION, what_if_not, why
from tutor.core.session import Session


def capture_session() -> tuple[Session, int]:
    state = position({"c3": "blue spear", "c6": "red trenchman noble"})
    session = Session(state, auto_chance=False, auto_forced=False)
    start = len(state.trace)
    session.play(capture(session.state, "c3", "c6"))
    return session, start


def test_the_uncovered_trenchman_goes_back_to_blues_capture() -> None:
    session, start = capture_session()
    last = len(session.state.trace) - 1
    chain = why(session, last)
    assert "the Trenchman under it is now on top" in chain.links[0].text
    rules = [link.rule for link in chain.links]
    assert rules == ["me.5.3", "me.5.2", "me.5.4", "me.5.1", "me.2.1"]
    assert [link.index for link in chain.links[:-1]] == list(range(last, start - 1, -1))
    root = chain.root
    assert root.kind == DECISION and root.actor == 0 and root.index == 0
    assert root.text.startswith("Blue chose: ")
    assert "It goes back to a decision: Blue chose" in chain.paragraph()


def test_what_if_blue_had_not_captured() -> None:
    session, start = capture_session()
    root = why(session, len(session.state.trace) - 1).root
    result = what_if_not(session, root)
    assert result.alternative != result.taken
    assert result.first_difference == 0 and result.original[0] != result.branch[0]
    # The branch is a session of its own: the game itself is unchanged.
    assert len(session.history) == 1 and result.session.history[0] == result.alternative
