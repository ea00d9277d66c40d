"""The Mantis trace is written as compact notes and read as entries: nothing a reader sees
may depend on when it is read.

A traced game writes a note per step (engine/notes.py) and the state turns the notes into
trace entries the first time ``state.trace`` is read.  These tests play turns and check
whole entries (sentence, actor, kind, the changes, the step and the phase), then check
that reading the trace early, late, after a clone, through ``positions_during`` or after
a save gives the same entries.
"""

from __future__ import annotations

import json

from games.mantis.mantis_helpers import play_turn, table
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor.core import Rng
from tutor.core.types import TraceEntry

GREEN_BACK = "green:red,green,blue"


def entries(state) -> list[dict]:
    return [e.to_dict() for e in state.trace]


def test_a_score_and_a_steal_write_the_whole_entries() -> None:
    # Ava scores green with two greens in her tank; Ben then steals Ava's last blue.
    state = table(
        {
            "tanks": [["green", "green", "red", "blue"], ["green"]],
            "draw_pile": [GREEN_BACK, "blue:red,green,blue", "yellow"],
        },
        players=2,
    )
    start = len(state.trace)
    play_turn(state, "Score", GREEN_BACK)
    play_turn(state, "Steal from Ava", "blue:red,green,blue")
    written = state.trace[start:]
    assert all(isinstance(e, TraceEntry) for e in written)
    assert [(e.rule, e.actor, e.kind, e.phase, e.step) for e in written] == [
        ("mt.3.1", None, "chance", "back", 1),
        ("mt.3.2", 0, "action", "announce", 2),
        ("mt.3.3", None, "chance", "reveal", 3),
        ("mt.4.1", 0, "auto", "reveal", 3),
        ("mt.3.4", 1, "auto", "back", 3),
        ("mt.3.1", None, "chance", "back", 4),
        ("mt.3.2", 1, "action", "announce", 5),
        ("mt.3.3", None, "chance", "reveal", 6),
        ("mt.5.1", 1, "auto", "reveal", 6),
        ("mt.5.2", 1, "info", "reveal", 6),
        ("mt.3.4", 0, "auto", "back", 6),
    ]
    score, steal = written[3], written[8]
    assert score.changes == (("Ava's score pile", 0, 3), ("Ava's tank", 4, 2))
    assert steal.text == (
        "Ava has blue: Ben takes the blue card and Ava's 1 blue card into Ben's tank."
    )
    assert steal.changes == (("Ben's tank", 1, 3), ("Ava's tank", 2, 1))
    assert written[2].changes == (("draw pile", 3, 2),)
    assert written[4].text == "Turn 2: Ben's turn; 2 cards in the draw pile."


def test_a_failed_steal_writes_where_the_card_went_under_each_reading() -> None:
    for ruling, rule, change in (
        ("discard", "mt.5.3", ("discard pile", 0, 1)),
        ("target_tank", "mt.5.4", ("Ben's tank", 1, 2)),
    ):
        state = table(
            {"tanks": [["red"], ["red"]], "draw_pile": [GREEN_BACK, "yellow"]},
            players=2,
            rulings={"failed_steal": ruling},
        )
        play_turn(state, "Steal from Ben", GREEN_BACK)
        failed = state.trace[-2]
        assert (failed.rule, failed.actor, failed.changes) == (rule, 0, (change,))


def walk(state, seed: int, read_at: set[int], clones: list) -> None:
    """Play ``state`` out at random, reading the trace at the steps in ``read_at`` and
    cloning it (notes unread) at every tenth step."""
    rng = Rng(seed)
    step = 0
    while not state.is_terminal():
        if state.decision_kind() == "chance":
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply_legal(action)
        step += 1
        if step in read_at:
            assert len(state.trace) > 0
        if step % 10 == 0:
            clones.append(state.clone())


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    variant=st.sampled_from([{}, {"lives": 2}, {"power_token": True, "lives": 1}]),
    read_at=st.sets(st.integers(1, 250), max_size=12),
)
def test_reading_the_trace_early_or_late_gives_the_same_entries(
    seed: int, players: int, variant: dict, read_at: set[int]
) -> None:
    game = tutor.load_game("mantis", players=players, **variant)
    late, early = game.new_state(seed=seed), game.new_state(seed=seed)
    late_clones: list = []
    early_clones: list = []
    walk(late, seed, set(), late_clones)
    walk(early, seed, read_at, early_clones)
    assert entries(late) == entries(early)
    # A clone taken with notes unread reads what the original had written by then.
    for clone, other in zip(late_clones, early_clones, strict=True):
        so_far = [e for e in entries(late) if e["step"] <= clone.steps]
        assert entries(clone) == so_far == entries(other)


def test_positions_during_and_a_save_see_the_same_entries_as_a_plain_read() -> None:
    game = tutor.load_game("mantis", players=3, power_token=True)
    state = game.new_state(seed=11)
    rng = Rng(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = state.sample_chance(rng) if state.decision_kind() == "chance" else legal[0]
        positions = state.positions_during(action)
        written = state.apply(action)
        assert positions is not None and len(positions) == len(written)
        assert [p.trace[-1] for p in positions] == written
    saved = json.loads(json.dumps(state.to_dict()))
    assert entries(game.state_from_dict(saved)) == entries(state)


def test_setting_the_trace_drops_unread_notes() -> None:
    state = tutor.load_game("mantis").new_state(seed=2)
    state.apply_legal(state.sample_chance(Rng(1)))
    state.trace = []
    assert state.trace == []
    state.apply_legal(state.legal_actions()[0])
    assert [e.rule for e in state.trace] == ["mt.3.2"]
