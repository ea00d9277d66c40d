"""Why did that happen, in Manos: a capture traced back to the Family's concession.

Michael already holds one corruption token.  Manos challenges him with The Master's Gaze
and lets it stand; the Family concedes: Michael takes his second token (mn.6.2) and is
captured (mn.6.5), then the challenge's cards are discarded (mn.10.1).  The chain of the
capture goes back through the token to the Family's decision, with each citation.
"""

from __future__ import annotations

from games.manos.mn_helpers import position

from tutor.analysis.why import DECISION, why
from tutor.core.session import Session

MANOS_HAND = ["Torgo Lurches", "The Master's Gaze", "Wives in the Night"]


def test_michaels_capture_goes_back_to_the_familys_concession() -> None:
    state = position(
        {
            "turn": "manos",
            "hands": {"family": ["Grit"], "manos": MANOS_HAND},
            "characters": {"Michael": {"corruption": 1}},
        }
    )
    session = Session(state, auto_chance=False, auto_forced=False)
    session.play("Challenge Michael with The Master's Gaze")
    session.play("Let the challenge stand")
    session.play("Concede: Michael takes a corruption token")
    trace = session.state.trace
    capture = next(i for i, e in enumerate(trace) if e.rule == "mn.6.5")
    chain = why(session, capture)
    assert [link.rule for link in chain.links] == ["mn.6.5", "mn.6.2", "mn.6.3"]
    assert "Michael takes a corruption token for conceding (2 of 2)" in chain.links[1].text
    assert chain.links[0].citation == "Challenges: Capture"
    root = chain.root
    assert root.kind == DECISION and root.index == 2
    assert root.text.startswith("Family chose: Concede: Michael takes a corruption token")
    # The discard after the challenge follows from the capture, the last thing before it.
    after = why(session, capture + 1)
    assert [link.rule for link in after.links] == ["mn.10.1", "mn.6.5", "mn.6.2", "mn.6.3"]
    assert after.paragraph().count("That happened because") == 2
