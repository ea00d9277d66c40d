"""Scenario tests for who wins a three-player game (topic 20, the 3-player box).

Why this file exists: with three players the victory conditions change.  Without an
assassin all three win on an escape and lose together otherwise; with an assassin, the
assassin wins when at least one witness dies and the assassin lives, and the witnesses
win on an escape or when the assassin dies while both witnesses live; an assassin and a
witness dying together is still a tie.  Each test plays such an ending through the
action API and checks the outcome record and the rule the verdict cites.

Seats: Jack 0, Jill 1, June 2 (``trio.py``); on Jack's turn Jill is the bystander.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import do, pending_frame_kind, skip_to_main_play
from tables import last
from trio import JACK, JILL, JUNE, trio_state

from tutor.games.mantis_falls.state import MantisFallsState

DOOMED = {"wounds": 7, "gasps": 2, "hand": []}
"""One wound from the maximum with two Last Gasps spent: the next Last Gasp kills."""


def empty_gasps(s: MantisFallsState) -> None:
    """Every owed Last Gasp is made with no cards (choosing the turn player first).

    Raises:
        AssertionError: if a step is not legal.
    """
    while not s.is_terminal():
        kinds = {a.kind for a in s.legal_actions()}
        if "gasp_finish" in kinds:
            do(s, "gasp_finish")
        elif pending_frame_kind(s) == "gasp_return" or kinds & {"split", "gasp_first"}:
            s.apply(s.legal_actions()[0])
        else:
            return


def jack_calls_a_hit_on_june(jack_role: str, june_role: str, **june: object) -> MantisFallsState:
    """Jack, a witness near a phone, plays Call in a Hit: its 6 wounds go to June."""
    s = trio_state(
        {"hand": ["Call in a Hit"], "role": jack_role},
        {"hand": ["Medicine"], "role": "witness"},
        {"hand": [], "role": june_role, **june},
        event="Scared Off",
    )
    skip_to_main_play(s)
    do(s, "play", "Call in a Hit")
    do(s, "finish")
    do(s, "nothing")  # June
    do(s, "nothing")  # Jill, the bystander
    empty_gasps(s)
    return s


def tainted_water_on_doomed_jack(june: dict[str, object]) -> MantisFallsState:
    """Jack (a witness) is doomed; nobody plays; Tainted Water wounds Jack and June.

    Raises:
        AssertionError: if a step is not legal.
    """
    s = trio_state(
        {"hand": [], "role": "witness", **DOOMED},
        {"hand": ["Medicine"], "role": "witness"},
        june,
        event="Tainted Water",
    )
    skip_to_main_play(s)
    for _ in range(3):
        do(s, "nothing")
    empty_gasps(s)
    return s


@pytest.mark.rule("mf.20.8")
def test_the_witnesses_win_when_the_assassin_dies_and_both_witnesses_live() -> None:
    s = jack_calls_a_hit_on_june("witness", "assassin", wounds=2, gasps=2)
    out = s.outcome()
    assert out is not None and out.reason == "death" and out.rule == "mf.20.8"
    assert out.winners == (JACK, JILL) and out.losers == (JUNE,)
    verdict = last(s.trace, "mf.20.8")
    assert verdict.text == ("Jack and Jill win (the assassin died and the witnesses both live).")


@pytest.mark.rule("mf.20.8")
def test_the_assassin_wins_when_one_witness_dies_and_the_assassin_lives() -> None:
    s = trio_state(
        {"hand": [], "role": "witness", **DOOMED},
        {"hand": ["Medicine"], "role": "witness"},
        {"hand": ["Gun for Hire"], "role": "assassin"},
        event="Scared Off",
    )
    skip_to_main_play(s)
    do(s, "nothing")  # Jack
    do(s, "play", "Gun for Hire")
    do(s, "finish")
    do(s, "nothing")  # Jill, the bystander
    do(s, "wound_target", "player", JACK)
    empty_gasps(s)
    out = s.outcome()
    assert out is not None and out.rule == "mf.20.8" and out.winners == (JUNE,)
    assert out.losers == (JACK, JILL)  # Jill lives, but a witness died
    assert last(s.trace, "mf.20.8").text == "June wins (a witness died and the assassin lives)."


@pytest.mark.rule("mf.20.7")
def test_three_witnesses_lose_together_when_one_dies() -> None:
    s = tainted_water_on_doomed_jack({"hand": [], "role": "witness"})
    out = s.outcome()
    assert out is not None and out.rule == "mf.20.7" and out.winners == ()
    assert out.losers == (JACK, JILL, JUNE)
    assert s.removed_role == "assassin"


@pytest.mark.rule("mf.20.7")
@pytest.mark.rule("mf.20.8")
def test_everyone_alive_at_the_end_escapes() -> None:
    for june_role, rule, winners in (
        ("witness", "mf.20.7", (JACK, JILL, JUNE)),
        ("assassin", "mf.20.8", (JACK, JILL)),
    ):
        s = trio_state(
            {"position": 13, "role": "witness"},
            {"position": 13, "role": "witness"},
            {"position": 13, "role": june_role},
            event="Scared Off",
        )
        while not s.is_terminal():
            s.apply(s.legal_actions()[0])
        out = s.outcome()
        assert out is not None and out.reason == "escape"
        assert out.rule == rule and out.winners == winners
        assert last(s.trace, "mf.20.1").text.startswith("A new turn begins with every player")


@pytest.mark.rule("mf.20.6")
def test_an_assassin_and_a_witness_dying_together_is_a_tie_for_all_three() -> None:
    s = tainted_water_on_doomed_jack({"hand": [], "role": "assassin", **DOOMED})
    out = s.outcome()
    assert out is not None and out.rule == "mf.20.6"
    assert out.tied == (JACK, JILL, JUNE) and out.winners == ()
    assert s.dead == [True, False, True]


@pytest.mark.rule("mf.20.1")
def test_the_active_pair_on_the_end_does_not_escape_without_the_bystander() -> None:
    """Jack and June stand on the End; Jill is a road short.  Jack's turn begins with his
    pair on the End, but escape needs every player there (ruling escape_three_players),
    so the turn is played."""
    s = trio_state(
        {"position": 13, "role": "witness"},
        {"position": 11, "role": "witness"},
        {"position": 13, "role": "witness"},
        event="Scared Off",
        turn_player=JUNE,
    )
    while s.turn_player == JUNE:  # June's turn: nobody moves or plays
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.kind in ("nothing", "pass")), legal[0]))
    assert not s.is_terminal()
    assert s.turn_player == JACK and s.view(None)["active_players"] == [JACK, JUNE]
    assert [s.pos[p] for p in (JACK, JILL, JUNE)] == [13, 11, 13]
    assert "mf.20.1" not in [e.rule for e in s.trace]
