"""What-if scenarios with three players: the ``setup`` keys take a third seat.

Why this file exists: scenario files are how positions are set up for teaching and
what-ifs; with three players ``setup.players`` takes up to three entries and
``turn_player`` 0-2, and a setup that does not fit the game is refused naming the key,
leaving nothing half-applied.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from trio import JACK, JUNE, TRIAD, trio_state

import tutor
from tutor.core.errors import ScenarioError


@pytest.mark.rule("mf.6.4")
def test_moving_the_first_turn_hands_the_setup_ally_to_the_new_last_player() -> None:
    game = tutor.load_game("mantis_falls", **TRIAD)
    s = game.new_state(seed=1)
    assert s.first_player == JACK and len(s.allies[JUNE]) == 1  # June goes last
    game.apply_setup(s, {"turn_player": JUNE})
    # June now goes first, so Jill (seat 1, before June) goes last and holds the ally.
    assert s.turn_player == JUNE and [len(a) for a in s.allies] == [0, 1, 0]
    assert any(e.rule == "mf.6.4" and e.text.startswith("Jill, who now goes last") for e in s.trace)


@settings(max_examples=10, deadline=None)
@given(seat=st.integers(min_value=2, max_value=9))
def test_a_turn_player_outside_the_table_is_refused(seat: int) -> None:
    game = tutor.load_game("mantis_falls", **(TRIAD if seat > 2 else {}))
    s = game.new_state(seed=1)
    before = s.to_dict()
    with pytest.raises(ScenarioError, match="turn_player"):
        game.apply_setup(s, {"turn_player": seat})
    assert s.to_dict() == before


def test_a_two_player_game_refuses_a_third_entry() -> None:
    game = tutor.load_game("mantis_falls")
    s = game.new_state(seed=1)
    before = s.to_dict()
    with pytest.raises(ScenarioError, match=r"setup.players.*3 entries for a 2-player game"):
        game.apply_setup(s, {"roads_face_up": True, "players": [{}, {}, {"wounds": 2}]})
    assert s.to_dict() == before
    assert trio_state(june={"wounds": 2}).wounds[JUNE] == 2
