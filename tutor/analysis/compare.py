"""Compare two positions of the same game: the small diff a what-if explorer shows.

"Play this card now or keep it for later?" is answered by playing both branches and
looking at where each one ends up.  This module reads the two states' views (the
same public API every game has) and lists what differs: each player's scalar facts
(position, score, counters, how many cards in hand ...), the turn and
phase, list-valued table areas and the outcome.  It knows no rules of any game, so the
same comparison works for every game, and the widget only renders its rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.core.game import State
from tutor.core.types import Outcome

PLAYER_SKIP = frozenset({"name"})
"""Player keys never compared (the name labels the row instead)."""
TOP_KEYS = ("turn", "turn_player", "phase")
"""Scalar top-level view keys compared, in this order, when a view has them."""
TOP_LABELS = {"turn": "Turn", "turn_player": "Whose turn", "phase": "Phase"}
"""How the generic top-level facts are named for people."""


def readable(key: str) -> str:
    """A view key as words for people: ``"hand_count"`` becomes ``"hand count"``."""
    return key.replace("_", " ").strip()


def _phase_label(game: Any, key: Any) -> Any:
    """A phase key as the game's phase strip names it (the key itself when unknown)."""
    from tutor.core.errors import UnknownGameError
    from tutor.core.spec import spec_for

    try:
        phases = spec_for(str(game)).hook("phases") or ()
    except UnknownGameError:
        return key
    return dict((str(k), str(label)) for k, label in phases).get(str(key), key)


TOP_SKIP = frozenset({"game", "viewer", "trace", "decision", "players", "outcome"})
"""Top-level keys that are either labels, too big to diff, or handled on their own."""


@dataclass(frozen=True)
class Difference:
    """One fact that differs between the two positions.

    Attributes:
        what: a readable name, e.g. ``"Jack · wounds"``, ``"Whose turn"`` or ``"outcome"``.
        a: the value in the first position.
        b: the value in the second position.
        key: the view key it comes from (``"wounds"``), for programs.
        player: the player index for a per-player fact, else ``None``.
    """

    what: str
    a: Any
    b: Any
    key: str
    player: int | None = None


@dataclass(frozen=True)
class Comparison:
    """The differences between two positions, and what was found to be the same.

    Attributes:
        labels: the names of the two positions (e.g. ``("heal first", "heal later")``).
        differences: every differing fact, players first, then the table, then the outcome.
        same: the readable names of the facts that were compared and found equal.
    """

    labels: tuple[str, str]
    differences: tuple[Difference, ...]
    same: tuple[str, ...] = field(default=())

    def __bool__(self) -> bool:
        return bool(self.differences)

    def get(self, what: str) -> Difference | None:
        """Return the difference named ``what`` (e.g. ``"Jack · wounds"``), or ``None``."""
        return next((d for d in self.differences if d.what == what), None)

    def as_dict(self) -> dict[str, tuple[Any, Any]]:
        """``{what: (a, b)}`` for every difference."""
        return {d.what: (d.a, d.b) for d in self.differences}

    def to_text(self) -> str:
        """A few readable lines: one per difference, or a sentence saying they agree."""
        a, b = self.labels
        if not self.differences:
            return f"{a} and {b} agree on everything compared."
        lines = [f"{a} vs {b}:"]
        for d in self.differences:
            lines.append(f"  {d.what}: {show(d.a)} | {show(d.b)}")
        return "\n".join(lines)


def show(value: Any) -> str:
    """Format a compared value for people (lists joined, ``None`` as a dash)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(show(v) for v in value) or "none"
    return str(value)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _comparable(value: Any) -> tuple[bool, Any]:
    """``(ok, value)``: scalars as they are, lists of scalars sorted, named dicts by name.

    Anything else (nested lists, dicts without a name, e.g. a hidden card) is not
    compared: ``ok`` is False.
    """
    if _scalar(value):
        return True, value
    if isinstance(value, list | tuple) and all(_scalar(v) for v in value):
        return True, sorted(value, key=lambda v: (str(type(v)), v))
    if isinstance(value, dict) and "name" in value:
        return True, value["name"]
    return False, None


def outcome_summary(outcome: Outcome | Mapping[str, Any] | None, names: list[str]) -> str:
    """One sentence for an outcome (or a view's ``"outcome"`` mapping): who won and why."""
    if outcome is None:
        return "the game goes on"
    if not isinstance(outcome, Outcome):
        outcome = Outcome.from_dict(outcome)

    def named(players: tuple[int, ...]) -> list[str]:
        return [names[p] if 0 <= p < len(names) else f"player {p}" for p in players]

    if outcome.tie:
        who = "a tie"
    elif outcome.winners:
        won = named(outcome.winners)
        who = " and ".join(won) + (" wins" if len(won) == 1 else " win")
    else:
        who = "everybody loses"
    return f"{who} ({outcome.text})" if outcome.text else who


def compare_views(
    a: dict[str, Any],
    b: dict[str, Any],
    labels: tuple[str, str] = ("A", "B"),
    *,
    outcome_a: dict[str, Any] | None = None,
    outcome_b: dict[str, Any] | None = None,
    player_keys: Iterable[str] | None = None,
) -> Comparison:
    """Compare two views of the same game (``state.view(player)`` dicts).

    Args:
        a: the first view.
        b: the second view.
        labels: names for the two positions.
        outcome_a: the first state's ``outcome()`` (default: the view's ``"outcome"``).
        outcome_b: the second state's ``outcome()``.
        player_keys: compare only these per-player keys (default: every scalar key but
            the name; a hidden value compares as ``None``).

    Returns:
        The comparison; players are matched by position in ``view["players"]``.

    Raises:
        ValueError: if the views come from different games or have different numbers of
            players.
    """
    if a.get("game") != b.get("game"):
        raise ValueError(f"cannot compare a {a.get('game')!r} view with a {b.get('game')!r} one")
    pa, pb = list(a.get("players") or []), list(b.get("players") or [])
    if len(pa) != len(pb):
        raise ValueError(f"the views have {len(pa)} and {len(pb)} players")
    names = [str(p.get("name", f"player {i}")) for i, p in enumerate(pa)]
    diffs: list[Difference] = []
    same: list[str] = []

    def note(what: str, va: Any, vb: Any, key: str, player: int | None = None) -> None:
        if va == vb:
            same.append(what)
        else:
            diffs.append(Difference(what, va, vb, key, player))

    wanted = list(player_keys) if player_keys is not None else None
    for i, (one, two) in enumerate(zip(pa, pb, strict=True)):
        keys = (
            wanted
            if wanted is not None
            else [
                k for k in one if k not in PLAYER_SKIP and _scalar(one[k]) and _scalar(two.get(k))
            ]
        )
        for key in keys:
            ok_a, va = _comparable(one.get(key))
            ok_b, vb = _comparable(two.get(key))
            if ok_a and ok_b:
                note(f"{names[i]} · {readable(key)}", va, vb, key, i)

    def top(key: str, view: dict[str, Any]) -> Any:
        value = view.get(key)
        if key == "turn_player" and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        if key == "phase":
            return _phase_label(view.get("game"), value)
        return value

    for key in TOP_KEYS:
        if key in a or key in b:
            note(TOP_LABELS[key], top(key, a), top(key, b), key)
    for key in a:
        if key in TOP_SKIP or key in TOP_KEYS:
            continue
        ok_a, va = _comparable(a.get(key))
        ok_b, vb = _comparable(b.get(key))
        if ok_a and ok_b:
            note(readable(key), va, vb, key)
    oa = outcome_a if outcome_a is not None else a.get("outcome")
    ob = outcome_b if outcome_b is not None else b.get("outcome")
    note("outcome", outcome_summary(oa, names), outcome_summary(ob, names), "outcome")
    return Comparison(labels, tuple(diffs), tuple(same))


def compare_states(
    a: State,
    b: State,
    labels: tuple[str, str] = ("A", "B"),
    viewer: int | None = None,
    player_keys: Iterable[str] | None = None,
) -> Comparison:
    """Compare two states of the same game as ``viewer`` sees them (default: omniscient).

    A game whose spec has a ``compare_rows`` hook chooses the facts itself, in its own
    words (``player_keys`` is then not used); other games get :func:`compare_views`.

    Raises:
        ValueError: if the states belong to different games.
    """
    if a.game.name != b.game.name:
        raise ValueError(f"cannot compare a {a.game.name!r} state with a {b.game.name!r} one")
    view_a, view_b = a.view(viewer), b.view(viewer)
    rows = a.game.spec.hook("compare_rows")
    if rows is None:
        return compare_views(
            view_a,
            view_b,
            labels,
            outcome_a=a.outcome(),
            outcome_b=b.outcome(),
            player_keys=player_keys,
        )
    diffs: list[Difference] = []
    same: list[str] = []
    for what, va, vb in rows(view_a, view_b):
        if va == vb:
            same.append(str(what))
        else:
            diffs.append(Difference(str(what), va, vb, str(what)))
    names = a.player_names()
    oa, ob = outcome_summary(a.outcome(), names), outcome_summary(b.outcome(), names)
    if oa == ob:
        same.append("outcome")
    else:
        diffs.append(Difference("outcome", oa, ob, "outcome"))
    return Comparison(labels, tuple(diffs), tuple(same))


__all__ = [
    "Comparison",
    "Difference",
    "compare_states",
    "compare_views",
    "outcome_summary",
    "readable",
    "show",
]
