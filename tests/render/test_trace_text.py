"""Tests of the plain-text trace lines notebooks print (``tutor.render.text``).

Why this file exists: the tutorial notebooks print only the part of a trace that teaches
something, as one player may read it. The selection must keep exactly the rules asked
for, never show a player a line hidden from them, and say so when nothing is left.
"""

from __future__ import annotations

from tutor.core.types import TraceEntry
from tutor.render.text import trace_lines, trace_text

ENTRIES = [
    TraceEntry("mf.1.1", "setup line"),
    TraceEntry("mf.17.3", "Jack makes a Last Gasp play"),
    TraceEntry("mf.17.30", "a rule that only starts like mf.17.3"),
    TraceEntry("mf.12.2", "Jack heals 2 wounds"),
    TraceEntry(
        "mf.11.8",
        "Jack draws the event Sniper",
        visible_to=frozenset({0}),
        public_text="Jack draws an unseen event",
    ),
    TraceEntry("mf.5.7", "Jill is dealt Medicine", visible_to=frozenset({1})),
]


def test_lines_read_rule_then_text() -> None:
    assert trace_lines(ENTRIES[:2]) == [
        "[mf.1.1] setup line",
        "[mf.17.3] Jack makes a Last Gasp play",
    ]


def test_only_keeps_a_rule_group_or_one_rule_by_whole_id_parts() -> None:
    assert trace_lines(ENTRIES, only="mf.17") == [
        "[mf.17.3] Jack makes a Last Gasp play",
        "[mf.17.30] a rule that only starts like mf.17.3",
    ]
    assert trace_lines(ENTRIES, only="mf.17.3") == ["[mf.17.3] Jack makes a Last Gasp play"]
    assert trace_lines(ENTRIES, only=["mf.12", "mf.1.1"]) == [
        "[mf.1.1] setup line",
        "[mf.12.2] Jack heals 2 wounds",
    ]


def test_skip_leaves_rules_out() -> None:
    lines = trace_lines(ENTRIES, skip=["mf.17", "mf.1"])
    assert lines == [
        "[mf.12.2] Jack heals 2 wounds",
        "[mf.11.8] Jack draws the event Sniper",
        "[mf.5.7] Jill is dealt Medicine",
    ]


def test_a_player_reads_public_text_or_nothing_for_hidden_lines() -> None:
    jack = trace_lines(ENTRIES, player=0, only=["mf.11", "mf.5"])
    jill = trace_lines(ENTRIES, player=1, only=["mf.11", "mf.5"])
    assert jack == ["[mf.11.8] Jack draws the event Sniper"]
    assert jill == ["[mf.11.8] Jack draws an unseen event", "[mf.5.7] Jill is dealt Medicine"]


def test_text_joins_lines_and_says_when_nothing_is_left() -> None:
    assert trace_text(ENTRIES, only="mf.12") == "[mf.12.2] Jack heals 2 wounds"
    assert trace_text(ENTRIES, player=0, only="mf.5") == "(nothing to show)"
    assert trace_text([]) == "(nothing to show)"
