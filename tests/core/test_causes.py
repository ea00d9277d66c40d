"""Causes in the trace: how engines link entries, and saved sessions old and new.

:class:`tutor.core.causes.CauseLinks` is what every engine asks at its logging point;
these tests pin its two readings (by stack depth, and in sequence) on small made-up
runs and its answer for a standing fact (the newest entry that set it, from any earlier
action), then check that a saved session carries each entry's cause and standing fact,
that one saved before either existed still loads (and its replayed trace has them),
and that a broken cause or standing link is refused naming the entry.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tutor
from tutor.analysis.why import seeded_session, why
from tutor.core.causes import CauseLinks
from tutor.core.errors import TutorError
from tutor.core.session import Session
from tutor.core.types import TraceEntry


def test_an_entry_is_caused_by_the_newest_one_at_its_depth_or_below() -> None:
    links = CauseLinks()
    # Action 1: a decision at depth 1 pushes a card (depth 2) whose effect pushes a
    # choice of target (depth 3); back at depth 2 the card's next effect, then the
    # turn goes on at depth 1.
    assert links.nested(10, 1, 1) is None  # the first entry: the action itself
    assert links.nested(11, 1, 2) == 10
    assert links.nested(12, 1, 3) == 11
    assert links.nested(13, 1, 2) == 11  # the finished depth-3 step explains nothing
    assert links.nested(14, 1, 1) == 10
    assert links.nested(15, 1, 4) == 14  # depths 2 and 3 were left: 14 is below
    # A new action starts afresh; set-up entries (step 0) name no cause.
    assert links.nested(16, 2, 3) is None
    assert links.nested(17, 0, 1) is None


def test_in_sequence_each_entry_follows_the_one_before() -> None:
    links = CauseLinks()
    assert [links.sequential(i, 5) for i in range(3)] == [None, 0, 1]
    assert links.sequential(3, 6) is None and links.sequential(4, 6) == 3


def test_entries_made_side_by_side_share_the_cause_of_the_first() -> None:
    links = CauseLinks()
    # Action 1: an event is processed (10, depth 1); it wounds Jack (11) and Jill (12)
    # side by side, and Jill's wound caps her at maximum (13, depth 2, set off by 12).
    assert links.nested(10, 1, 1) is None
    assert links.nested(11, 1, 2, alongside="wounds") == 10
    assert links.nested(12, 1, 2, alongside="wounds") == 10  # not "because Jack was"
    assert links.nested(13, 1, 3) == 12
    assert links.nested(14, 1, 2, alongside="wounds") == 10
    assert links.nested(15, 1, 2) == 14  # outside the group: order of resolution again
    # In sequence: each player's toll comes from what ended the round, not the last toll.
    assert links.sequential(20, 2) is None
    assert links.sequential(21, 2) == 20
    assert [links.sequential(i, 2, alongside="toll") for i in (22, 23, 24)] == [21, 21, 21]
    assert links.sequential(25, 2) == 24
    # A group lasts one action: the same name in the next action starts afresh.
    assert links.sequential(30, 3, alongside="toll") is None
    assert links.sequential(31, 3, alongside="toll") is None
    assert links.sequential(32, 3) == 31


@given(
    st.lists(
        st.tuples(st.integers(1, 3), st.integers(0, 6), st.sampled_from(["", "a", "b"])),
        max_size=40,
    )
)
def test_a_cause_with_groups_is_always_an_earlier_entry_of_the_same_action(
    writes: list[tuple[int, int, str]],
) -> None:
    links = CauseLinks()
    step_of: list[int] = []
    first_of: dict[tuple[int, str], int | None] = {}
    step = 1
    for index, (advance, depth, group) in enumerate(writes):
        step += advance - 1
        cause = links.nested(index, step, depth, alongside=group)
        step_of.append(step)
        assert cause is None or (0 <= cause < index and step_of[cause] == step)
        if group:
            assert first_of.setdefault((step, group), cause) == cause


@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 6)), max_size=40))
def test_a_cause_is_always_an_earlier_entry_of_the_same_action(
    writes: list[tuple[int, int]],
) -> None:
    links = CauseLinks()
    step_of: list[int] = []
    step = 1
    for index, (advance, depth) in enumerate(writes):
        step += advance - 1  # 1: same action, more: a later one
        cause = links.nested(index, step, depth)
        step_of.append(step)
        assert cause is None or (0 <= cause < index and step_of[cause] == step)


def test_a_standing_fact_names_the_newest_entry_that_set_it() -> None:
    links = CauseLinks()
    trace = [TraceEntry("r", "Jack moves.", sets="pos/0"), TraceEntry("r", "Jill moves.")]
    assert links.standing(trace, "pos/0") == 0
    assert links.standing(trace, "pos/1") is None  # never set by an entry: no setter
    trace.append(TraceEntry("r", "Jack moves again.", sets="pos/0"))
    assert links.standing(trace, "pos/0") == 2  # the trace grew: read on from there
    # Another trace (a state given a new one) is read afresh, not mixed with the old.
    assert links.standing(trace[:1], "pos/0") == 0


@given(st.lists(st.sampled_from(["", "pos/0", "pos/1", "event"]), max_size=30))
def test_a_standing_fact_is_always_the_last_entry_so_far_that_set_it(sets: list[str]) -> None:
    links = CauseLinks()
    trace: list[TraceEntry] = []
    for fact in sets:
        for asked in ("pos/0", "pos/1", "event"):
            expected = max((i for i, e in enumerate(trace) if e.sets == asked), default=None)
            assert links.standing(trace, asked) == expected
        trace.append(TraceEntry("r", "t", sets=fact))


def test_a_saved_session_keeps_causes_and_an_old_one_without_them_loads() -> None:
    session = seeded_session(tutor.load_game("mentis"), 3)
    saved = json.loads(json.dumps(session.to_dict()))
    again = Session.from_dict(saved, "<saved>")
    assert [e.cause for e in again.state.trace] == [e.cause for e in session.state.trace]
    assert any(e.cause is not None for e in again.state.trace)
    # A session saved before causes were recorded: no "cause" key anywhere (nor the
    # "standing" and "sets" of standing facts).
    for entry in saved["initial"]["trace"]:
        del entry["cause"]
        entry.pop("standing", None)
        entry.pop("sets", None)
    old = Session.from_dict(saved, "<old>")
    # Replayed: causes are back, and so are standing facts, except that the old saved
    # start sets none, so an entry that read one it set now names no setter.
    start = len(saved["initial"]["trace"])
    assert [e.cause for e in old.state.trace] == [e.cause for e in session.state.trace]
    for was, now in zip(session.state.trace[start:], old.state.trace[start:], strict=True):
        assert now.sets == was.sets
        read_in_start = was.standing is not None and was.standing < start
        assert now.standing == (None if read_in_start else was.standing)
    chain, before = why(old, -1), why(session, -1)
    assert chain.links[0] == before.links[0] and chain.root.kind in ("decision", "chance")


def test_standing_facts_round_trip_through_a_saved_state() -> None:
    game = tutor.load_game("mantis_falls")
    session = seeded_session(game, 1)
    saved = json.loads(json.dumps(session.state.to_dict()))
    loaded = game.state_from_dict(saved)
    assert [(e.standing, e.sets) for e in loaded.trace] == [
        (e.standing, e.sets) for e in session.state.trace
    ]
    assert any(e.standing is not None for e in loaded.trace)


@pytest.mark.parametrize("key", ["cause", "standing"])
@pytest.mark.parametrize("bad", [5, -1, "3", True])
def test_a_saved_trace_whose_cause_is_no_earlier_entry_is_refused(key: str, bad: object) -> None:
    session = Session(tutor.load_game("mantis").new_state(seed=2))
    saved = json.loads(json.dumps(session.to_dict()))
    saved["initial"]["trace"][3][key] = bad
    with pytest.raises(TutorError, match=rf"trace\[3\]\.{key}"):
        Session.from_dict(saved, "<bad>")


def test_a_saved_trace_whose_standing_fact_is_not_text_is_refused() -> None:
    session = Session(tutor.load_game("mantis").new_state(seed=2))
    saved = json.loads(json.dumps(session.to_dict()))
    saved["initial"]["trace"][2]["sets"] = 7
    with pytest.raises(TutorError, match=r"trace\[2\]\.sets.*the name of a standing fact"):
        Session.from_dict(saved, "<bad>")
