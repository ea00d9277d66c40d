"""Three-player views and pictures: what each of the three may see, and who stands by.

Why this file exists: with three players each view must hide the two other players'
hands, roles and face-down plays (private talk happens outside the program, so the
views are what keeps secrets), and every tool must show the bystander as such: the
picture of the table, the terminal text, the bots that read the views.
"""

from __future__ import annotations

import io

import pytest
from trio import JACK, JILL, JUNE, TRIAD

import tutor
from tutor.core.rng import Rng
from tutor.games.mantis_falls.bots import HeuristicPlayer
from tutor.games.mantis_falls.present.cli import write_view
from tutor.games.mantis_falls.present.picture import picture


@pytest.fixture(scope="module")
def state():  # type: ignore[no-untyped-def]
    """A fresh three-player game; Jack goes first (seed 1), so Jill is the bystander."""
    s = tutor.load_game("mantis_falls", **TRIAD).new_state(seed=1)
    assert s.turn_player == JACK and s.bystander == JILL
    return s


@pytest.mark.rule("mf.7.3")
def test_each_player_sees_their_own_hand_and_role_only(state) -> None:  # type: ignore[no-untyped-def]
    for viewer in (JACK, JILL, JUNE):
        view = state.view(viewer)
        for p, pl in enumerate(view["players"]):
            if p == viewer:
                assert pl["hand"] is not None and pl["role"] == state.roles[p]
            else:
                assert pl["hand"] is None and pl["role"] is None
                assert pl["hand_count"] == len(state.hands[p])
        assert view["removed_role"] is None
        assert view["bystander"] == JILL and view["active_players"] == [JACK, JUNE]
        # Nobody's private deal line names another player's cards.
        mine = {state.card_label(c) for c in state.hands[viewer]}
        theirs = {
            state.card_label(c) for p in {JACK, JILL, JUNE} - {viewer} for c in state.hands[p]
        }
        for line in view["trace"]:
            assert not [label for label in theirs - mine if label in line], line


def test_the_picture_and_the_terminal_show_the_bystander(state) -> None:  # type: ignore[no-untyped-def]
    svg = picture(state.view(JUNE), state.game)
    assert "Jill  · bystander" in svg and "Jack  · turn player" in svg and "June  · active" in svg
    out = io.StringIO()
    write_view(state.view(JUNE), [], out)
    assert "Active players: Jack and June; bystander: Jill." in out.getvalue()


def test_the_bots_call_the_other_active_player_the_other_player(state) -> None:  # type: ignore[no-untyped-def]
    from tutor.games.mantis_falls.bots import _Look

    assert _Look(state, JACK).other == JUNE
    assert _Look(state, JUNE).other == JACK
    assert _Look(state, JILL).other == JACK  # the bystander watches the turn player
    # A bot of each seat plays a whole game to the end.
    game = tutor.load_game("mantis_falls", **TRIAD)
    s = game.new_state(seed=2)
    bots = [HeuristicPlayer() for _ in range(3)]
    rng = Rng(2)
    for _ in range(5000):
        if s.is_terminal():
            break
        if s.decision.kind == "chance":
            s.apply(s.sample_chance(rng))
        else:
            s.apply(bots[s.decision.player](s, s.legal_actions(), rng))
    assert s.is_terminal()
