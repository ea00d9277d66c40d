"""Causes in the trace: how engines link entries, and saved sessions old and new.

:class:`tutor.core.causes.CauseLinks` is what every engine asks at its logging point;
these tests pin its two readings (by stack depth, and in sequence) on small made-up
runs, then check that a saved session carries each entry's cause, that one saved before
causes existed still loads (and its replayed trace has them), and that a broken cause
is refused naming the entry.
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


def test_a_saved_session_keeps_causes_and_an_old_one_without_them_loads() -> None:
    session = seeded_session(tutor.load_game("mentis"), 3)
    saved = json.loads(json.dumps(session.to_dict()))
    again = Session.from_dict(saved, "<saved>")
    assert [e.cause for e in again.state.trace] == [e.cause for e in session.state.trace]
    assert any(e.cause is not None for e in again.state.trace)
    # A session saved before causes were recorded: no "cause" key anywhere.
    for entry in saved["initial"]["trace"]:
        del entry["cause"]
    old = Session.from_dict(saved, "<old>")
    assert why(old, -1).lines() == why(session, -1).lines()  # replayed: causes are back


@pytest.mark.parametrize("bad", [5, -1, "3", True])
def test_a_saved_trace_whose_cause_is_no_earlier_entry_is_refused(bad: object) -> None:
    session = Session(tutor.load_game("mantis").new_state(seed=2))
    saved = json.loads(json.dumps(session.to_dict()))
    saved["initial"]["trace"][3]["cause"] = bad
    with pytest.raises(TutorError, match=r"trace\[3\]\.cause"):
        Session.from_dict(saved, "<bad>")
