"""Shared helpers for the bad-file tests: mutate a good file's data or bytes at random.

tests/core/test_bad_scenarios.py and tests/core/test_bad_sessions.py hand the loaders
generated corrupt files built with these strategies: a good file's plain data with
one to three nodes replaced by a random JSON value, deleted, or joined by a new key
or item (:func:`mutated`), or its bytes cut short, flipped or with bytes inserted
(:func:`mangled`).  :class:`Tally` counts what the loaders made of them.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from tutor.core.errors import SessionFileError


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in a plain-data tree, the root included."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += paths(value, (*prefix, i))
    return out


def json_values(words: Sequence[str] = ()) -> st.SearchStrategy[Any]:
    """Random JSON-like values: other ints (huge, negative), text, flags, null, lists, maps.

    ``words`` are strings that mean something to the loader (card names, frame names)
    and so reach deeper than random text.
    """
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(min_value=-(2**70), max_value=2**70)
        | st.integers(min_value=-3, max_value=100)
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(max_size=12)
    )
    if words:
        leaves = leaves | st.sampled_from(list(words))
    return st.recursive(
        leaves,
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=8) | st.integers(0, 5), children, max_size=4)
        ),
        max_leaves=8,
    )


def replace_at(tree: Any, path: tuple[Any, ...], value: Any) -> Any:
    """Put ``value`` at ``path`` (the root when ``path`` is empty); return the tree."""
    if not path:
        return value
    node = tree
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return tree


def delete_at(tree: Any, path: tuple[Any, ...]) -> Any:
    """Remove the key or item at ``path`` (the root becomes ``{}``); return the tree."""
    if not path:
        return {}
    node = tree
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return tree


@st.composite
def mutated(
    draw: st.DrawFn,
    good: Any,
    values: st.SearchStrategy[Any],
    regions: Sequence[tuple[Any, ...]] = ((),),
    most: int = 3,
) -> Any:
    """A deep copy of ``good`` with one to ``most`` nodes replaced, deleted or added.

    Each change picks one of ``regions`` (key-path prefixes, so a large file's small
    but important parts are hit as often as its long lists), then a node under it.
    """
    data = copy.deepcopy(good)
    for _ in range(draw(st.integers(1, most))):
        region = draw(st.sampled_from(list(regions)))
        where = [p for p in paths(data) if p[: len(region)] == region] or [()]
        at = draw(st.sampled_from(where))
        how = draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "replace" or not at:
            data = replace_at(data, at, draw(values))
        elif how == "delete":
            data = delete_at(data, at)
        else:
            node = data
            for key in at[:-1]:
                node = node[key]
            if isinstance(node, dict):
                node[draw(st.text(min_size=1, max_size=8))] = draw(values)
            elif isinstance(node, list):
                node.append(draw(values))
    return data


@st.composite
def mangled(draw: st.DrawFn, raw: bytes) -> bytes:
    """``raw`` cut short, with a byte changed, or with a few bytes inserted."""
    how = draw(st.sampled_from(["truncate", "flip", "insert"]))
    at = draw(st.integers(0, len(raw) - 1))
    if how == "truncate":
        return raw[:at]
    if how == "flip":
        changed = bytearray(raw)
        changed[at] = draw(st.integers(0, 255))
        return bytes(changed)
    return raw[:at] + draw(st.binary(min_size=1, max_size=4)) + raw[at:]


def assert_named(err: SessionFileError, source: str) -> None:
    """The refusal starts with the file's name and says where in the file."""
    assert str(err).startswith(f"{source}: "), str(err)
    assert err.where, f"no key path or position in {err}"


TALLIES: list[Tally] = []
"""Every tally made; tests/conftest.py prints them at the end of the run."""


class Tally:
    """Counts generated files by what the loader made of them; reported at the end."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.counts: Counter[str] = Counter()
        TALLIES.append(self)

    def add(self, verdict: str) -> None:
        self.counts[verdict] += 1

    def line(self) -> str:
        total = sum(self.counts.values())
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        return f"{self.what}: {total} generated files tried: {parts or 'none'}"


__all__ = [
    "TALLIES",
    "Tally",
    "assert_named",
    "delete_at",
    "json_values",
    "mangled",
    "mutated",
    "paths",
    "replace_at",
]
