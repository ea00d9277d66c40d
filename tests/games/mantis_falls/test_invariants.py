"""The Mantis Falls invariant hook catches what it claims to catch.

tests/test_conformance.py runs ``game.check_invariants`` after every step of many
random games and expects silence.  Silence only means something if the hook does
speak up: here each law is broken on purpose (a card duplicated or lost, a counter
past its limit, a draw phase that overfills a hand) and the hook must name it.  The
draw-phase law is also shown to allow big hands, since topic 19 has no hand limit.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import (
    find,
    is_window,
    mf_state,
    pending_frame_kind,
    pending_pick,
)

from tutor.core.rng import Rng
from tutor.games.mantis_falls.invariants import hidden_variants, invariants
from tutor.games.mantis_falls.state import MantisFallsState


def fresh() -> MantisFallsState:
    return mf_state(seed=11)


def broken(change: Any) -> list[str]:
    state = fresh()
    assert invariants(state) == []
    change(state)
    return invariants(state)


def test_a_fresh_game_obeys_every_law() -> None:
    state = fresh()
    assert invariants(state) == []
    assert len(state.cards.actions) == 60
    assert state.game.check_invariants(state) == []


@pytest.mark.rule("mf.1.1")
def test_duplicated_and_lost_action_cards_are_named() -> None:
    problems = broken(lambda s: s.hands[0].append(s.hands[1][0]))
    assert any("in 2 places" in p and "hands[0]" in p and "hands[1]" in p for p in problems)
    problems = broken(lambda s: s.action_pile.pop())
    assert any("in 0 places" in p for p in problems)
    problems = broken(lambda s: s.conserved.append(999))
    assert any("unknown action card #999" in p for p in problems)


@pytest.mark.rule("mf.1.1")
def test_event_and_ally_conservation() -> None:
    def draw_twice(s: MantisFallsState) -> None:
        s.event = s.event_pile[0]

    assert any("event card" in p and "current event" in p for p in broken(draw_twice))
    assert any("ally card" in p for p in broken(lambda s: s.ally_deck.append(s.ally_deck[0])))


@pytest.mark.rule("mf.15.1")
def test_conserved_energy_has_four_spaces() -> None:
    def overfill(s: MantisFallsState) -> None:
        s.conserved += [s.action_pile.pop() for _ in range(5)]

    assert any("Conserved Energy holds 5" in p for p in broken(overfill))


@pytest.mark.rule("mf.16.1")
def test_counters_stay_within_their_limits() -> None:
    def too_many_wounds(s: MantisFallsState) -> None:
        s.wounds[0] = 9

    def gasp_marker_past_three(s: MantisFallsState) -> None:
        s.gasps[1] = 4

    assert any("9 wounds" in p for p in broken(too_many_wounds))
    assert any("gasp marker is 4" in p for p in broken(gasp_marker_past_three))


@pytest.mark.rule("mf.16.3")
def test_maximum_wounds_without_a_pending_last_gasp_is_reported() -> None:
    def silent_max(s: MantisFallsState) -> None:
        s.wounds[0] = s.max_wounds[0]

    assert any("no Last Gasp pending" in p for p in broken(silent_max))


def test_roles_roads_and_game_end_are_checked() -> None:
    def two_assassins(s: MantisFallsState) -> None:
        s.roles = ["assassin", "assassin"]

    def road_ahead_hidden(s: MantisFallsState) -> None:
        s.face_up[s.pos[0] + 1] = False

    def dead_but_playing(s: MantisFallsState) -> None:
        s.dead[0] = True
        s.gasps[0] = 1

    assert any("roles" in p for p in broken(two_assassins))
    assert any("still face down" in p for p in broken(road_ahead_hidden))
    assert any("yet the game goes on" in p for p in broken(dead_but_playing))


def _walk_to_draw_chance(state: MantisFallsState, rng: Rng) -> None:
    """Play randomly until the draw phase waits for a card to be drawn."""
    while not (state.phase == "draw" and state.decision.kind == "chance"):
        assert not state.is_terminal(), "the game ended before a draw phase"
        if state.decision.kind == "chance":
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


@pytest.mark.rule("mf.8.11")
def test_a_draw_phase_that_overfills_a_hand_is_reported() -> None:
    state = mf_state(seed=2)
    _walk_to_draw_chance(state, Rng(5))
    before = state.clone()
    state.apply(state.sample_chance(Rng(1)))
    assert invariants(state, before) == []
    drawer = next(p for p in range(2) if len(state.hands[p]) > len(before.hands[p]))
    while len(state.hands[drawer]) <= state.hand_size(drawer):
        state.hands[drawer].append(state.action_pile.pop())
    assert any("draw phase gave player" in p for p in invariants(state, before))


@pytest.mark.rule("mf.19.2")
def test_a_hand_above_seven_is_kept_through_the_draw_phase() -> None:
    """Jack holds nine cards through a quiet turn: he draws nothing and discards nothing."""
    big_hand = ["Medicine", "Bullet", "Coffee", "Hunch", "Bribe", "Crowbar", "Sprint"]
    big_hand += ["Gun", "Recall"]
    setup = {
        "turn_player": 0,
        "players": [{"position": 1, "hand": big_hand}, {"position": 1}],
        "event_deck_top": ["Cold Rain"],
    }
    state = mf_state(setup=setup)
    rng = Rng(3)
    while state.turn_no == 1 and not state.is_terminal():
        before = state.clone()
        if state.decision.kind == "chance":
            state.apply(state.sample_chance(rng))
        elif pending_frame_kind(state) == "mainplay":
            state.apply(find(state, "nothing"))
        elif is_window(state):
            state.apply(find(state, "pass"))
        elif pending_pick(state) == "move":
            state.apply(find(state, "move", 0))
        else:
            state.apply(state.legal_actions()[0])
        assert invariants(state, before) == []
    assert len(state.hands[0]) == 9
    assert len(state.hands[1]) == 7
    assert state.wounds[0] == 1
    assert any(e.rule == "mf.19.2" and "Jack has 9 cards" in e.text for e in state.trace)


def test_hidden_variants_cover_every_kind_of_hidden_fact() -> None:
    """Over a few random games, every kind of variant the generator offers appears."""
    seen: set[str] = set()
    for seed in range(6):
        state = mf_state(seed=seed)
        rng = Rng(100 + seed)
        while not state.is_terminal():
            if state.decision.kind == "chance":
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            for p in range(2):
                seen.update(what.split(" at position")[0] for what, _ in hidden_variants(state, p))
    assert {
        "the other player's hand order",
        "the other player's hand content",
        "the other player's role and the removed role",
        "a face-down card of the other player's action play",
        "the identity of the face-down road",
        "which Midnight cards lie face down by the road",
        "the identity of the other player's unseen event",
    } <= seen


def test_no_variants_once_the_game_is_over() -> None:
    state = mf_state(seed=3)
    rng = Rng(8)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(
            state.sample_chance(rng)
            if state.decision.kind == "chance"
            else legal[rng.below(len(legal))]
        )
    assert hidden_variants(state, 0) == []
    assert state.view(0)["players"][1]["role"] == state.roles[1]
