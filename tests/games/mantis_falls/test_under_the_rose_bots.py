"""The heuristic bots on the End of the Road with Under the Rose (topics 23, 24).

Why this file exists: escape needs every agent paid off (mf.23.12), and paying off your
own agent takes away your power to pay off another's (mf.23.14).  Topic 24 says an
assassin should look like a witness and keep their first undeniable move for the moment
that matters.  These positions put a bot on the End with buried cards enough to pay and
check what it chooses: the assassin pays their own agent while another agent is still
unpaid, and keeps it when theirs is the last one standing between the players and an
escape; a witness who saw the other player keep an agent they could pay pays theirs
first.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import mf_state, pending_pick, skip_to_main_play

from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.mantis_falls.bots import HeuristicPlayer
from tutor.games.mantis_falls.state import END, MantisFallsState

RICH = ["Medicine", "Sprint", "Coffee", "Bullet"]  # an Amber triple and one more: 7


def on_the_end(me: dict[str, Any], other: dict[str, Any]) -> MantisFallsState:
    """Player 0 on the End with an agent, about to choose whether to pay off (mf.23.13)."""
    state = mf_state(
        setup={"players": [{"position": END, **me}, other], "turn_player": 0},
        seed=1,
        modules=["under_the_rose"],
    )
    skip_to_main_play(state)
    assert pending_pick(state) == "rose_pay_off"
    return state


def choice(bot: HeuristicPlayer, state: MantisFallsState) -> Action:
    return bot(state, state.legal_actions(), Rng(0))


@pytest.mark.rule("mf.23.13")
def test_an_assassin_pays_off_their_agent_while_the_witness_still_owes() -> None:
    state = on_the_end(
        {"role": "assassin", "agent": ["vera", "moonlighter"], "buried": RICH},
        {"role": "witness", "agent": ["kit", "undertaker"]},
    )
    picked = choice(HeuristicPlayer(), state)
    assert (picked.kind, picked.args[0]) == ("rose_pay_off", 0)


@pytest.mark.rule("mf.23.12")
def test_an_assassin_keeps_the_last_agent_that_stops_the_escape() -> None:
    state = on_the_end(
        {"role": "assassin", "agent": ["vera", "moonlighter"], "buried": RICH},
        {"role": "witness", "agent": None},
    )
    assert choice(HeuristicPlayer(), state).kind == "rose_keep"


@pytest.mark.rule("mf.23.14")
def test_a_witness_pays_off_first_the_agent_of_a_player_seen_keeping_it() -> None:
    me = {"role": "witness", "agent": ["kit", "gardener"], "buried": RICH}
    # Jill stands on the End too (else Jack would keep his agent until she gets there,
    # see test_under_the_rose_bots_three_players.py).
    other = {
        "role": "assassin",
        "position": END,
        "agent": ["vera", "undertaker"],
        "buried": ["Gun"],
    }
    trusting = choice(HeuristicPlayer(), on_the_end(me, other))
    assert (trusting.kind, trusting.args[0]) == ("rose_pay_off", 0)  # my own first
    wary = HeuristicPlayer()
    wary.witness.kept_agent.add(1)  # saw Jill keep her agent on the End with 4 buried
    picked = choice(wary, on_the_end(me, other))
    assert (picked.kind, picked.args[0]) == ("rose_pay_off", 1)


def test_a_witness_suspects_a_turn_player_who_keeps_a_payable_agent_on_the_end() -> None:
    state = mf_state(
        setup={
            "players": [
                {"role": "witness", "agent": None},  # Jack's is paid off: Jill keeps hers
                {
                    "role": "assassin",
                    "position": END,
                    "agent": ["vera", "undertaker"],  # pay-off 4: four cards can pay it
                    "buried": RICH,
                },
            ],
            "turn_player": 1,
        },
        seed=1,
        modules=["under_the_rose"],
    )
    bots = [HeuristicPlayer(), HeuristicPlayer()]
    rng = Rng(3)
    while state.decision.player != 0 or "conserve" not in {a.kind for a in state.legal_actions()}:
        if state.decision.kind == "chance":
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bots[state.decision.player](state, state.legal_actions(), rng))
        if state.agent_horizon[1] == -1 or state.is_terminal():
            pytest.fail("the position should keep Jill's agent until Jack's main play")
    before = bots[0].witness.suspicion
    state.apply(bots[0](state, state.legal_actions(), rng))
    assert bots[0].witness.kept_agent == {1} and bots[0].witness.suspicion == before + 1
