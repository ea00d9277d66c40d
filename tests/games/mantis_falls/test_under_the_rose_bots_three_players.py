"""The heuristic bots with Under the Rose at three players (topics 22, 23, 24).

Why this file exists: with three players every agent is dealt, so every game carries all
three weaknesses (mf.23.5), and on the End a player may pay off only their own agent or
the other active player's, never the bystander's (mf.7.2, ruling
``rose_pay_off_three_players``).  The bots used to die on the road far more often than
without the module and almost never escaped.  Each test here puts Jack, Jill and June in
a three-player position, asks the bot for Jack's choice and checks it and the reason:

* a weakness that cuts healing makes Conserved Energy's one-wound heal worth nothing;
* a weakness that adds event wounds makes a one-wound event worth preventing;
* at the underground market, roses buy cards when the coming Last Gasp can be survived
  but no suit in hand would heal;
* meeting the agent redeems a heal when near maximum wounds, even below the debts;
* while the roses cannot pay the debts, a spare card of the meeting suit is played to
  bury rather than conserved;
* on the End, a witness keeps their own agent while the other active player's agent is
  unpaid and that player is not on the End yet: only the witness and its owner can
  ever pay it off, and paying their own would take that power away (mf.23.14).

On Jack's turn the active players are Jack and June (the player to his right) and Jill is
the bystander.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import is_window, mf_state, pending_pick
from tables import ROADS_NO_BROKEN

from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.mantis_falls.bots import HeuristicPlayer
from tutor.games.mantis_falls.state import END, MantisFallsState

JACK, JILL, JUNE = 0, 1, 2
RICH = ["Medicine", "Sprint", "Coffee", "Bullet"]  # an Amber triple and one more: 7


def trio_rose(
    jack: dict[str, Any],
    jill: dict[str, Any] | None = None,
    june: dict[str, Any] | None = None,
    **setup: Any,
) -> MantisFallsState:
    """Three players with Triad and Under the Rose, Jack to move, every road face up.

    Raises:
        ScenarioError: if a card name or a value is not valid.
    """
    players = []
    for entry in (jack, jill, june):
        players.append({"position": 2, "allies": [], **dict(entry or {})})
    return mf_state(
        setup={
            "road_order": list(ROADS_NO_BROKEN),
            "roads_face_up": True,
            "turn_player": JACK,
            "players": players,
            **setup,
        },
        seed=1,
        players=3,
        modules=["triad", "under_the_rose"],
    )


def choice(state: MantisFallsState) -> Action:
    return HeuristicPlayer()(state, state.legal_actions(), Rng(0))


def step_until(state: MantisFallsState, pick: str) -> None:
    """Play on (chance drawn, windows passed, main plays and bystander left empty) until
    ``pick`` is asked for."""
    rng = Rng(5)
    for _ in range(200):
        if pending_pick(state) == pick:
            return
        if state.decision.kind == "chance":
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        by_kind = {a.kind: a for a in legal}
        for kind in ("pass", "nothing", "finish", "gasp_finish"):
            if kind in by_kind:
                state.apply(by_kind[kind])
                break
        else:
            if pending_pick(state) == "expend":
                state.apply(next(a for a in legal if a.args == ("no",)))
            elif pending_pick(state) == "move":
                state.apply(next(a for a in legal if a.args[0] == 0))
            else:
                state.apply(legal[0])
    pytest.fail(f"the position never asked for {pick}")


# ---------------------------------------------------------------------------- weaknesses
@pytest.mark.rule("mf.23.5")
def test_a_bot_whose_agent_heals_less_moves_rather_than_expend_to_heal_one_wound() -> None:
    """Moss heals one less (mf.23.5): Conserved Energy's one-wound heal would heal none."""
    energy = ["Bullet", "Crowbar", "Recall", "Bribe"]

    def expend_choice(horizon: str) -> Any:
        state = trio_rose(
            {"agent": [horizon, "gardener"], "wounds": 6},
            {"agent": ["kit", "moonlighter"]},
            {"agent": ["vera" if horizon != "vera" else "moss", "undertaker"]},
            conserved=energy,
        )
        while pending_pick(state) != "expend":
            assert is_window(state), "the turn should start at a window, then expend"
            state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
        return choice(state).args[0]

    assert expend_choice("moss") == "move"
    assert expend_choice("vera") == "heal"  # 6 of 8 wounds: the heal is worth it


@pytest.mark.rule("mf.23.5")
def test_a_bot_whose_agent_adds_event_wounds_prevents_a_one_wound_event() -> None:
    """Vera adds a wound to every event wound (mf.23.5): Jack's own Pickpocketed (one
    wound) would deal him two, which is worth Hunch (a Lilac prevention card, which meets
    neither agent); with Moss it deals one, and the bot keeps its prevention card."""

    def main_play(horizon: str) -> Action:
        others = [h for h in ("kit", "moss", "vera") if h != horizon]
        state = trio_rose(
            {"agent": [horizon, "undertaker"], "hand": ["Hunch", "Medicine", "Bullet"]},
            {"agent": [others[0], "moonlighter"]},
            {"agent": [others[1], "gardener"]},
            event_deck_top=["Pickpocketed"],
            conserved=["Recall", "Bribe", "Hot Soup", "Grit Your Teeth"],
        )
        step_until_main_play(state)
        return choice(state)

    vera = main_play("vera")
    assert vera.kind == "play" and "Hunch" in vera.label
    moss = main_play("moss")
    assert "Hunch" not in moss.label


def step_until_main_play(state: MantisFallsState) -> None:
    """Pass windows, stay put, keep Conserved Energy and draw chance until Jack's main play."""
    rng = Rng(5)
    while not {"play", "conserve", "nothing"} <= {a.kind for a in state.legal_actions()}:
        if state.decision.kind == "chance":
            state.apply(state.sample_chance(rng))
        elif is_window(state):
            state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
        elif pending_pick(state) == "move":
            state.apply(next(a for a in state.legal_actions() if a.args[0] == 0))
        elif pending_pick(state) == "expend":
            state.apply(next(a for a in state.legal_actions() if a.args == ("no",)))
        else:
            pytest.fail(f"unexpected decision before the main play: {pending_pick(state)}")


# ---------------------------------------------------------------------------- roses
@pytest.mark.rule("mf.23.11")
def test_at_the_market_a_bot_with_no_healing_in_hand_buys_cards_below_its_debts() -> None:
    """Sprained Ankle takes Jack from 6 to 8 wounds: the market opens before his first
    Last Gasp.  Four roses are worth 4, below what he owes (his 5 and June's 8); with no
    healing in hand he still buys, since a dead player pays off nothing; with Medicine in
    hand he keeps the roses for the End."""

    def market(hand: list[str]) -> Action:
        state = trio_rose(
            {
                "agent": ["kit", "moonlighter"],
                "wounds": 6,
                "hand": hand,
                "buried": ["Baseball Bat", "Crowbar", "Recall", "Bribe"],
            },
            {"agent": ["moss", "gardener"]},
            {"agent": ["vera", "undertaker"]},
            event_deck_top=["Sprained Ankle"],
        )
        step_until(state, "rose_pay")
        assert state.wounds[JACK] == 8 and state.gasps[JACK] == 0
        return choice(state)

    assert market(["Sprint", "Bullet", "Gun", "Foresight"]).kind == "rose_pay"
    assert market(["Medicine", "Bullet", "Gun", "Foresight"]).kind == "rose_stop"


@pytest.mark.rule("mf.23.7")
def test_meeting_the_agent_near_maximum_wounds_a_bot_redeems_a_heal_below_its_debts() -> None:
    """Jack (6 of 8 wounds) meets Kit with Sprint, the first Amber card of his play: the
    Moonlighter's Stitch You Up (heal 2 for 3) leaves 1 buried, far below his debts, but
    two wounds from maximum the heal comes first.  With 3 wounds he buries."""

    def meeting(wounds: int) -> Action:
        state = trio_rose(
            {
                "agent": ["kit", "moonlighter"],
                "wounds": wounds,
                "hand": ["Sprint", "Bullet", "Gun"],
                "buried": ["Baseball Bat", "Crowbar", "Recall", "Bribe"],
            },
            {"agent": ["moss", "gardener"]},
            {"agent": ["vera", "undertaker"]},
            event_deck_top=["Broken Glass"],
        )
        step_until_main_play(state)
        state.apply(
            next(a for a in state.legal_actions() if a.kind == "play" and "Sprint" in a.label)
        )
        step_until(state, "rose_meet")
        return choice(state)

    healed = meeting(6)
    assert (healed.kind, healed.args[0]) == ("rose_redeem", 0)
    assert meeting(3).kind == "rose_bury"


@pytest.mark.rule("mf.23.6")
def test_a_bot_short_of_its_debts_plays_a_spare_meeting_card_instead_of_conserving() -> None:
    """On the road with room in Conserved Energy and roses worth less than the pay-off,
    Jack plays Sprint alone (Kit meets the first Amber card) to bury, rather than
    conserve it; once his roses pay his own agent and June's, he conserves."""

    def main_play(buried: list[str]) -> Action:
        state = trio_rose(
            {
                "agent": ["kit", "moonlighter"],
                "hand": ["Sprint", "Bullet", "Medicine"],
                "buried": buried,
            },
            {"agent": ["moss", "gardener"]},
            {"agent": ["vera", "undertaker"]},
            event_deck_top=["Broken Glass"],
        )
        step_until_main_play(state)
        assert len(state.view(JACK)["conserved"]) < 4 and state.pos[JACK] < END
        return choice(state)

    short = main_play(["Crowbar"])
    assert short.kind == "play" and "Sprint" in short.label
    amber, hunter = ["Medicine", "Doctor's Bag", "Hot Soup"], ["Gun", "Shotgun", "Switchblade"]
    rich = main_play([*amber, *hunter, "Crowbar"])  # 6 + 6 + 1: Kit's 5 and Vera's 8
    assert rich.kind == "conserve"


# ---------------------------------------------------------------------------- the end
@pytest.mark.rule("mf.23.13")
@pytest.mark.rule("mf.7.2")
def test_a_witness_on_the_end_keeps_their_agent_while_the_partners_is_unpaid_away() -> None:
    """Jack stands on the End with roses for his own agent.  On his turn he may pay off
    his own or June's (the other active player), never Jill's (the bystander's).  June's
    agent can only be paid off by June or by Jack, and paying his own would take that
    power away (mf.23.14): while June is still on the road Jack keeps his agent; once she
    stands on the End (where she can pay it herself) he pays his own."""

    def on_the_end(june_position: int) -> tuple[MantisFallsState, Action]:
        state = trio_rose(
            {"role": "witness", "position": END, "agent": ["kit", "moonlighter"], "buried": RICH},
            {"role": "witness", "position": END, "agent": ["moss", "gardener"]},
            {"role": "witness", "position": june_position, "agent": ["vera", "undertaker"]},
        )
        step_until(state, "rose_pay_off")
        return state, choice(state)

    state, waiting = on_the_end(8)
    assert all(a.args in ((), (JACK,), (JUNE,)) for a in state.legal_actions())
    assert waiting.kind == "rose_keep"
    _, paying = on_the_end(END)
    assert (paying.kind, paying.args[0]) == ("rose_pay_off", JACK)


@pytest.mark.rule("mf.23.12")
def test_a_three_player_assassin_pays_their_agent_unless_it_is_the_last() -> None:
    """Topic 24: the assassin looks like a witness and pays off their own agent while
    another is unpaid; when every other agent is paid off, theirs alone stops the escape
    and they keep it (the bystander's agent counts too)."""

    def assassin(jill_agent: Any) -> Action:
        state = trio_rose(
            {"role": "assassin", "position": END, "agent": ["kit", "moonlighter"], "buried": RICH},
            {"role": "witness", "position": END, "agent": jill_agent},
            {"role": "witness", "position": END, "agent": None},
        )
        step_until(state, "rose_pay_off")
        return choice(state)

    paying = assassin(["moss", "gardener"])
    assert (paying.kind, paying.args[0]) == ("rose_pay_off", JACK)
    assert assassin(None).kind == "rose_keep"
