"""Plain-text renderings of traces: ``[rule] text`` lines for notebooks and terminals.

Why this exists: a tutorial cell often wants to print just the part of a trace that
teaches something (the Last Gasp lines, the reveal order), as one player may read it,
without a loop or a filter in the notebook.  :func:`trace_text` does that selection.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.core.types import TraceEntry
from tutor.core.visibility import shown_entry


def _cites(rule: str, prefixes: Sequence[str]) -> bool:
    return any(rule == p or rule.startswith(p + ".") for p in prefixes)


def trace_lines(
    entries: Iterable[TraceEntry],
    player: int | None = None,
    only: Sequence[str] | str | None = None,
    skip: Sequence[str] | str | None = None,
) -> list[str]:
    """Return the entries as ``[rule] text`` lines, as ``player`` may read them.

    Args:
        entries: trace entries, oldest first (``session.play(...)``, ``state.trace`` ...).
        player: whose eyes read them (``None``: the omniscient tutor).  Lines that
            player may not read are left out; some read as their public text instead.
        only: keep only entries citing these rules or rule groups, as ``player`` is
            shown them: ``"mf.17"`` keeps ``mf.17.1`` ... ``mf.17.8``; ``"mf.12.6"``
            keeps that rule alone.
        skip: leave out entries citing these rules or rule groups.

    Returns:
        One line per kept entry.
    """
    keep = (only,) if isinstance(only, str) else tuple(only or ())
    drop = (skip,) if isinstance(skip, str) else tuple(skip or ())
    lines = []
    for entry in entries:
        shown = shown_entry(entry, player)
        if shown is None:
            continue
        # Filter on the rule this player is shown: filtering on the private rule would
        # keep or drop a line according to what they may not know.
        if keep and not _cites(shown.rule, keep):
            continue
        if drop and _cites(shown.rule, drop):
            continue
        lines.append(shown.line())
    return lines


def trace_text(
    entries: Iterable[TraceEntry],
    player: int | None = None,
    only: Sequence[str] | str | None = None,
    skip: Sequence[str] | str | None = None,
) -> str:
    """Return :func:`trace_lines` joined into one printable string.

    With nothing to show, the string says so rather than being empty, so a notebook
    cell never prints a blank output.
    """
    lines = trace_lines(entries, player, only, skip)
    return "\n".join(lines) if lines else "(nothing to show)"


__all__ = ["trace_lines", "trace_text"]
