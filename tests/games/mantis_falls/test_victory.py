"""Scenario tests for the end of a Mantis Falls game and who wins it (topic 20).

Why this file exists: the result of a game depends on hidden roles and on exactly when
the game stops. An escape is only checked when a new turn begins; a death ends the game
only once every Last Gasp that is owed has been made; then the roles are turned up and
the winners follow from them (witnesses only, witness against assassin, or a tie when
both sides lose a player). These tests play such endings through the action API and
check the outcome record, the returns used by simulations, what each player may see, and
the rule ids the final trace cites.

Jack is player 0 and Jill player 1 on the fixed road ``ROADS_NO_BROKEN`` of
``tables.elm_state`` (position 1 is Elm Street, a phone road with green stoplight 1; 12 is
Gallows Hill; 13 is the End of the Road).
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import do, rules_cited
from tables import FILLER, JACK, JILL, elm_state, gasp, jill_hits_jack, last

from tutor.core.types import Outcome
from tutor.games.mantis_falls.state import MantisFallsState

# Known action draws: the shared FILLER, but with Hunch, Recall, Bribe and Subpoena (which
# Jill holds here) replaced by cards nobody holds.
DRAWS = (
    *FILLER[:5],
    *("Deep Pockets", "Sort Your Thoughts", "Switchblade", "Pickpocket", "Sandbags"),
    *FILLER[10:],
)
# Seven cards each, so nobody needs to draw at the end of the turn.
JACK_HAND = ["Medicine", "Coffee", "Sprint", "Hot Soup", "Catch the Bus", "Slip Away", "Gun"]
JILL_HAND = ["Barricade", "Brass Knuckles", "Crossroads", "Hunch", "Bribe", "Recall", "Subpoena"]


def table(
    jack: dict[str, Any], jill: dict[str, Any], *, event: str = "Loan Shark"
) -> MantisFallsState:
    """Jack's turn in ``tables.elm_state``'s position, with this file's ``DRAWS``.

    Raises:
        ScenarioError: if a card name or a value in the entries is not valid.
    """
    return elm_state(jack, jill, event=event, draws=DRAWS)


def both_at_maximum() -> MantisFallsState:
    """Both at 7 wounds; Gang of Toughs, undefeated, wounds each of them to the maximum.

    Nobody moves or plays, so the event is processed at once; the state waits for Jack,
    the turn player, to choose who makes the first of the two owed Last Gasps.

    Raises:
        AssertionError: if a step is not legal.
    """
    s = table(
        {"wounds": 7, "hand": ["Coffee"]}, {"wounds": 7, "hand": ["Sprint"]}, event="Gang of Toughs"
    )
    do(s, "move", 0)
    do(s, "nothing")
    do(s, "nothing")
    return s


# ---------------------------------------------------------------- escape
@pytest.mark.rule("mf.20.1")
@pytest.mark.rule("mf.20.5")
def test_escape_when_a_new_turn_begins_with_both_alive_at_the_end() -> None:
    s = table(
        {"position": 12, "hand": JACK_HAND},
        {"position": 13, "hand": JILL_HAND},
        event="Drunk Brawler",
    )
    log = do(s, "move", 1)
    log += do(s, "take_dark", s.dark[0])
    assert s.pos == [13, 13]
    # Standing together on the End does not stop the turn: it is played to the end.
    assert not s.is_terminal() and s.outcome() is None and s.returns() == [0.0, 0.0]
    log += do(s, "nothing") + do(s, "nothing")
    # The event is processed (Drunk Brawler, undefeated: 1 wound), nobody needs to draw,
    # and the next turn begins with both players alive on the End: they escape.
    assert s.wounds == [1, 0]
    assert s.is_terminal() and s.turn_no == 1
    cited = rules_cited(log)
    assert cited.index("mf.11.6") < cited.index("mf.20.1") < cited.index("mf.20.3")
    assert "mf.8.1" not in cited  # no second turn starts
    out = s.outcome()
    assert out is not None
    assert out.reason == "escape" and out.winners == (JACK,) and not out.tie
    assert out.rule == "mf.20.5" and out.text == "the players escaped together"
    assert s.returns() == [1.0, -1.0]
    assert last(log, "mf.20.5").text == "Jack wins (the players escaped together)."


@pytest.mark.rule("mf.20.1")
@pytest.mark.rule("mf.20.4")
def test_witnesses_only_escape_and_both_win() -> None:
    s = table({"position": 13, "role": "witness"}, {"position": 13, "role": "witness"})
    # The scenario's first turn begins with both on the End: the escape is immediate.
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.reason == "escape" and out.turns == 0
    assert out.winners == (JACK, JILL) and out.rule == "mf.20.4"
    assert s.returns() == [1.0, 1.0]
    cited = rules_cited(s.trace)
    assert cited.index("mf.20.1") < cited.index("mf.20.3") < cited.index("mf.20.4")
    assert last(s.trace, "mf.20.4").text == "Jack and Jill win (the players escaped together)."


@pytest.mark.rule("mf.20.1")
def test_only_one_player_at_the_end_is_no_escape() -> None:
    s = table(
        {"position": 13, "hand": JACK_HAND},
        {"position": 12, "hand": JILL_HAND},
        event="Drunk Brawler",
    )
    assert not s.is_terminal()
    log = do(s, "move", 0) + do(s, "nothing") + do(s, "nothing")
    # Jack's turn ends and Jill's begins: she is still one road short, so play goes on.
    assert s.turn_no == 2 and s.turn_player == JILL
    assert "mf.20.1" not in rules_cited(log) and s.outcome() is None


# ---------------------------------------------------------------- death
@pytest.mark.rule("mf.20.2")
def test_death_ends_the_game_only_after_every_owed_gasp() -> None:
    # Gang of Toughs, undefeated: both players take 1 wound and reach maximum together.
    s = both_at_maximum()
    do(s, "gasp_first", JACK)
    log = gasp(s)
    assert s.dead == [True, False]
    # Jack is dead, but Jill still owes a Last Gasp: the game is not over yet.
    assert not s.is_terminal() and s.outcome() is None and s.returns() == [0.0, 0.0]
    assert "mf.20.2" not in rules_cited(log)
    log += gasp(s)
    assert s.dead == [True, True] and s.is_terminal()
    ends = last(log, "mf.20.2")
    assert ends.text == (
        "Jack and Jill are dead and every Last Gasp that had to be made is "
        "complete: the game ends in death."
    )
    cited = rules_cited(log)
    assert cited.index("mf.20.2") < cited.index("mf.18.2") < cited.index("mf.20.3")


@pytest.mark.rule("mf.20.4")
def test_witnesses_only_and_one_dies_both_lose() -> None:
    s = table(
        {"wounds": 6, "role": "witness", "hand": ["Coffee"]},
        {"role": "witness", "hand": ["Baseball Bat"]},
    )
    jill_hits_jack(s)
    log = gasp(s)
    out = s.outcome()
    assert out is not None and out.reason == "death" and out.extras["dead"] == [JACK]
    assert out.winners == () and not out.tie and out.rule == "mf.20.4"
    assert s.returns() == [-1.0, -1.0]  # the surviving witness loses too
    assert last(log, "mf.20.4").text == (
        "Everybody loses (a witness died, so the witnesses lose together)."
    )


@pytest.mark.rule("mf.20.5")
def test_assassin_wins_when_the_witness_dies_and_the_assassin_lives() -> None:
    s = table({"wounds": 6, "hand": ["Coffee"]}, {"hand": ["Baseball Bat"]})
    jill_hits_jack(s)
    log = gasp(s)
    out = s.outcome()
    assert out is not None and out.winners == (JILL,) and out.extras["dead"] == [JACK]
    assert out.text == "a witness died and the assassin lives"
    assert s.returns() == [-1.0, 1.0]
    assert last(log, "mf.20.5").text == "Jill wins (a witness died and the assassin lives)."


@pytest.mark.rule("mf.20.5")
@pytest.mark.rule("mf.20.3")
def test_witness_wins_when_the_assassin_dies() -> None:
    # Jack, truly a witness and next to a phone, calls in a hit on the assassin.
    s = table({"hand": ["Call in a Hit"]}, {"wounds": 2, "hand": ["Sprint"]})
    do(s, "move", 0)
    do(s, "play", "Call in a Hit")
    do(s, "finish")
    log = do(s, "nothing")
    assert s.wounds[JILL] == 8 and s.decision.player == JILL
    # Until the end, neither player may see the other's role.
    assert s.view(JACK)["players"][JILL]["role"] is None
    assert s.view(JILL)["players"][JACK]["role"] is None
    log += gasp(s)  # Jill has nothing that heals
    out = s.outcome()
    assert out is not None and out.extras["dead"] == [JILL] and out.winners == (JACK,)
    assert out.text == "the assassin died and the witness lives"
    assert s.returns() == [1.0, -1.0]
    reveal = last(log, "mf.20.3")
    assert (
        reveal.text == "The game is over; roles are revealed: Jack was a witness, Jill was an "
        "assassin."
    )
    assert s.view(JACK)["players"][JILL]["role"] == "assassin"
    assert s.view(JILL)["players"][JACK]["role"] == "witness"


@pytest.mark.rule("mf.20.6")
def test_assassin_and_witness_both_dead_is_a_tie() -> None:
    s = both_at_maximum()
    do(s, "gasp_first", JILL)
    log = gasp(s) + gasp(s)
    out = s.outcome()
    assert out is not None and out.tie and out.winners == ()
    assert sorted(out.extras["dead"]) == [JACK, JILL] and out.rule == "mf.20.6"
    assert s.returns() == [0.0, 0.0]
    assert last(log, "mf.20.6").text == "It is a tie (a witness and the assassin both died)."


# ---------------------------------------------------------------- the outcome record
@pytest.mark.rule("mf.20.3")
def test_outcome_record_lists_every_field() -> None:
    s = table({"wounds": 6, "gasps": 1, "hand": ["Coffee"]}, {"hand": ["Baseball Bat"]})
    assert s.outcome() is None and s.returns() == [0.0, 0.0]
    jill_hits_jack(s)
    gasp(s)
    out = s.outcome()
    assert out == Outcome(
        winners=(JILL,),
        losers=(JACK,),
        tied=(),
        scores=(-1.0, 1.0),
        reason="death",
        text="a witness died and the assassin lives",
        rule="mf.20.5",
        turns=1,
        extras={"roles": ["witness", "assassin"], "dead": [JACK], "gasps": [2, 0]},
    )
    assert not out.tie
    assert s.view(None)["outcome"] == out.to_dict()
    assert Outcome.from_dict(out.to_dict()) == out
    # The role card removed at setup stays hidden, also at the end.
    assert s.view(JACK)["removed_role"] is None
    assert s.legal_actions() == [] and s.decision.kind == "terminal"
