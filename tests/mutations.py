"""Generators of broken input for the hypothesis properties of the kit's file doors.

Why this module exists: scenario files (tests/core/test_bad_scenarios.py) and card files
(tests/games/mantis_falls/test_card_files.py) are both checked by mutating a good file:
replacing a value somewhere in its tree, deleting or duplicating an item, or mangling
its bytes.  The generators live here once; each test file keeps its own good input and
its own idea of "sound".

This is a plain module, not a test file: test files import it with
``from mutations import ...`` (``tests/`` is on ``sys.path``, as for ``conftest``).
"""

from __future__ import annotations

import copy
import shutil
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st


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


def nodes(tree: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """Every value in a plain-data tree (leaves and subtrees) with its key path, root left out."""
    out = []
    for path in paths(tree)[1:]:
        node = tree
        for key in path:
            node = node[key]
        out.append((path, node))
    return out


def slot(path: tuple[Any, ...]) -> Any:
    """The kind of place a key path names: its last key, or ``[]`` after the list's key.

    ``cards[3].effects[0]`` and ``cards[9].effects[2]`` are the same slot (an item of an
    ``effects`` list), so a value taken from one fits the other.
    """
    if path and isinstance(path[-1], str):
        return path[-1]
    keys = [k for k in path if isinstance(k, str)]
    return (keys[-1] if keys else "", "[]")


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["Medicine", "Jack", "witness", "assassin", "grid", "Elm Street"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=8) | st.integers(0, 5), children, max_size=4)
    ),
    max_leaves=8,
)
"""Any plain value YAML or JSON can hold, odd numbers and text included."""


def replace(tree: Any, path: tuple[Any, ...], value: Any) -> Any:
    """Put ``value`` at ``path`` (the root when empty); return the tree."""
    if not path:
        return value
    node = tree
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return tree


def delete(tree: Any, path: tuple[Any, ...]) -> Any:
    """Remove the value at ``path`` (the root becomes an empty mapping); return the tree."""
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
    values: st.SearchStrategy[Any] = json_values,
    most: int = 3,
    changes: tuple[str, ...] = ("replace", "delete", "add"),
    values_at: Callable[[tuple[Any, ...]], st.SearchStrategy[Any]] | None = None,
    root: bool = True,
) -> Any:
    """A copy of ``good`` with one to ``most`` values changed.

    Args:
        good: the good tree (not changed).
        values: what a replaced or added value is drawn from.
        most: the most changes made.
        changes: the kinds of change drawn from: ``replace`` a value, ``delete`` it,
            ``duplicate`` a list item in place, ``add`` a key or an item.
        values_at: what a value replacing the one at a key path is drawn from, when the
            path matters (default: ``values``).
        root: whether the whole tree may be replaced too.
    """
    data = copy.deepcopy(good)
    for _ in range(draw(st.integers(1, most))):
        where = draw(st.sampled_from(paths(data)[0 if root else 1 :] or [()]))
        how = draw(st.sampled_from(changes))
        if how == "replace" or not where:
            strategy = values_at(where) if values_at is not None else values
            data = replace(data, where, copy.deepcopy(draw(strategy)))
            continue
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        if how == "delete":
            data = delete(data, where)
        elif how == "duplicate":  # a list item twice; a key is replaced instead
            if isinstance(parent, list):
                parent.insert(where[-1], copy.deepcopy(parent[where[-1]]))
            else:
                strategy = values_at(where) if values_at is not None else values
                parent[where[-1]] = copy.deepcopy(draw(strategy))
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = copy.deepcopy(draw(values))
        else:
            parent.append(copy.deepcopy(draw(values)))
    return data


@st.composite
def mangled_bytes(draw: st.DrawFn, raw: bytes) -> bytes:
    """``raw`` cut short, with a byte changed, or with a few bytes inserted."""
    data = bytearray(raw)
    how = draw(st.sampled_from(["truncate", "flip", "insert"]))
    at = draw(st.integers(0, max(0, len(data) - 1)))
    if how == "truncate":
        return bytes(data[:at])
    if how == "flip" and data:
        data[at] = draw(st.integers(0, 255))
        return bytes(data)
    return bytes(data[:at]) + draw(st.binary(min_size=1, max_size=4)) + bytes(data[at:])


def write(folder: Path, text: str | bytes, name: str) -> Path:
    """Write ``text`` (or bytes) as ``folder/name``; return the path."""
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def copy_files(source: Path, folder: Path, names: list[str] | None = None) -> Path:
    """Copy ``names`` (default: the whole folder) from ``source`` into a new ``folder``."""
    if names is None:
        shutil.copytree(source, folder)
        return folder
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(source / name, folder / name)
    return folder


def edit_yaml(path: Path, change: Callable[[Any], None]) -> None:
    """Load a YAML file, let ``change`` edit the data in place, write it back."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


TALLIES: list[Tally] = []
"""Every tally made; tests/conftest.py prints them at the end of the run."""


class Tally:
    """Counts generated files by what a loader made of them (reported at the end of the run).

    A property calls ``tally.add("refused")`` or ``tally.add("loaded soundly")`` for each
    generated file, so a run says how many were tried and how each way they went.
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self.counts: Counter[str] = Counter()
        TALLIES.append(self)

    def add(self, verdict: str) -> None:
        self.counts[verdict] += 1

    def line(self) -> str:
        return tally_line(self.what, self.counts)


def tally_line(what: str, counts: Mapping[str, int]) -> str:
    """One line of the end-of-run report: how many files were tried and how each went."""
    total = sum(counts.values())
    parts = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    return f"{what}: {total} generated files tried: {parts or 'none'}"


__all__ = [
    "TALLIES",
    "Tally",
    "tally_line",
    "copy_files",
    "delete",
    "edit_yaml",
    "json_values",
    "mangled_bytes",
    "mutated",
    "nodes",
    "paths",
    "replace",
    "slot",
    "write",
]
