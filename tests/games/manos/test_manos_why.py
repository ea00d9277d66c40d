"""Why did that happen, in Manos: a capture traced back to the Family's concession.

Michael already holds one corruption token.  Manos challenges him with The Master's Gaze
and lets it stand; the Family concedes: Michael takes his second token (mn.6.2) and is
captured (mn.6.5), then the challenge's cards are discarded (mn.10.1).  The chain of the
capture goes back through the token to the Family's decision, with each citation.

When both tokens are taken in the game, the second stands on the first: the capture's
chain goes back through the second token to the first and the concession that gave it,
an action before; the second concession is what set the second token off.
"""

from __future__ import annotations

import pytest
from games.manos.mn_helpers import position

from tutor.analysis.why import DECISION, DEPENDED, why
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


@pytest.mark.rule("mn.6.5")
def test_a_capture_goes_back_to_the_first_token_an_action_before() -> None:
    # Michael starts clean: he concedes The Master's Gaze (his first token), then
    # Torgo Lurches (his second): the second token stood on the first.
    state = position({"turn": "manos", "hands": {"family": ["Grit"], "manos": MANOS_HAND}})
    session = Session(state, auto_chance=False, auto_forced=False)
    for card in ("The Master's Gaze", "Torgo Lurches"):
        session.play(f"Challenge Michael with {card}")
        session.play("Let the challenge stand")
        session.play("Concede: Michael takes a corruption token")
    trace = session.state.trace
    capture = next(i for i, e in enumerate(trace) if e.rule == "mn.6.5")
    chain = why(session, capture)
    assert [link.text for link in chain.links[:3]] == [
        "Michael has a second corruption token and is captured: the card is placed near the Lair.",
        "Michael takes a corruption token for conceding (2 of 2).",
        "Michael takes a corruption token for conceding (1 of 2).",
    ]
    assert chain.links[2].relation == DEPENDED
    root = chain.root
    assert root.kind == DECISION and root.index == 2  # the first concession, steps before
    assert session.action_behind(capture)[0] == 5
    # The second token itself was set off by the second concession.
    ((at, side),) = chain.set_off
    assert at == 1 and side[-1].kind == DECISION and side[-1].index == 5
    assert "That depended on an earlier step: Michael takes a corruption token" in (
        chain.paragraph()
    )
