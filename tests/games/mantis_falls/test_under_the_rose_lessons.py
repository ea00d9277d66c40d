"""The Under the Rose teaching scenarios tell the stories notebook 09 says they tell.

``notebooks/mantis_falls/09_under_the_rose.ipynb`` loads the positions
``rose_meeting``, ``rose_market`` and ``rose_pay_off`` and makes claims about them in
prose; each test plays the same story through the Session API and checks the state and
the rules the trace cites.
"""

from __future__ import annotations

import pytest

import tutor


def labels(session: tutor.core.session.Session) -> list[str]:
    return [a.label for a in session.state.legal_actions()]


@pytest.mark.rule("mf.23.8")
@pytest.mark.rule("mf.23.10")
def test_redeeming_at_the_meeting_heals_before_the_card_that_triggered_it() -> None:
    session = tutor.load_teaching_scenario("mantis_falls", "rose_meeting")
    assert labels(session) == [
        "Bury 2 cards",
        "Redeem Stitch You Up (cost 3)",
        "Redeem Fresh Deck (cost 4)",
    ]
    redeem = session.branch()
    entries = redeem.play("Redeem Stitch You Up (cost 3)")
    entries += redeem.play("Pay with Coffee (Amber)")
    entries += redeem.play("Pay with Sprint (Amber)")
    heals = [e for e in entries if "heals 2" in e.text]
    assert [e.rule for e in heals] == ["mf.23.8", "mf.12.2"]  # the agent first, then Medicine
    bury = session.branch()
    bury.play("Bury 2 cards")
    assert len(bury.state.buried[0]) == 5


@pytest.mark.rule("mf.23.11")
def test_the_market_buys_four_cards_and_leaves_the_triple_out() -> None:
    session = tutor.load_teaching_scenario("mantis_falls", "rose_market")
    assert "Pay with Shotgun (Hunter)" in labels(session)
    session.play("Pay with Baseball Bat (Hunter)")
    session.play("Pay with Switchblade (Hunter)")
    entries = session.play("Pay with Crowbar (Granite)")
    assert len(session.state.hands[0]) == 10 and session.state.wounds[0] == 8
    assert session.state.decision.rule == "mf.23.11"  # discard down to seven
    assert [e.rule for e in entries].count("mf.23.11") == 5  # bought, then four draws


@pytest.mark.rule("mf.23.13")
def test_on_the_end_jack_may_pay_off_either_agent_but_not_both() -> None:
    session = tutor.load_teaching_scenario("mantis_falls", "rose_pay_off")
    session.play("Take Dead of Night (Midnight) from the Actions by the Dark")
    assert labels(session) == [
        "Pay off no agent now",
        "Pay off your own agent, Vera the Moonlighter (5)",
        "Pay off Jill's agent, Kit the Undertaker (8)",
    ]
    session.play("Pay off Jill's agent, Kit the Undertaker (8)")
    for card in ("Medicine (Amber)", "Sprint (Amber)", "Hot Soup (Amber)"):
        session.play(f"Pay with {card}")
    # 7 so far: the Switchblade is the only card left to offer, so the tutor pays it.
    entries = session.play("Pay with Baseball Bat (Hunter)")
    assert "pays 9 to pay off an agent" in next(e.text for e in entries if e.rule == "mf.23.9")
    assert session.state.agent_horizon[1] == -1 and session.state.agent_horizon[0] >= 0
    assert not session.state.is_terminal()  # Jack's own agent still blocks the escape
