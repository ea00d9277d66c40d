"""HTML for the comparison of two branches (the what-if explorer's "Compare" table).

The comparison itself is computed by :mod:`tutor.analysis.compare` from the two states'
views; this module only lays its rows out as an escaped HTML table, so notebooks and
widgets show the same thing.
"""

from __future__ import annotations

from html import escape
from typing import Any


def comparison_html(comparison: Any) -> str:
    """Render a :class:`tutor.analysis.compare.Comparison` as a small HTML table.

    Each row is one fact that differs (the first column names it, then the value in
    each branch); a final line counts the facts found equal.
    """
    from tutor.analysis.compare import show

    a, b = comparison.labels
    if not comparison.differences:
        body = (
            f"<tr><td colspan='3'><i>{escape(a)} and {escape(b)} agree on everything "
            "compared.</i></td></tr>"
        )
    else:
        body = "".join(
            f"<tr class='tutor-diff' data-key='{escape(d.key)}'>"
            f"<td>{escape(d.what)}</td><td>{escape(show(d.a))}</td><td>{escape(show(d.b))}</td>"
            "</tr>"
            for d in comparison.differences
        )
    same = len(comparison.same)
    return (
        "<table class='tutor-comparison' "
        "style='border-collapse:collapse;font-size:13px;line-height:1.4'>"
        f"<thead><tr><th style='text-align:left'>What differs</th><th>{escape(a)}</th>"
        f"<th>{escape(b)}</th></tr></thead><tbody>{body}</tbody></table>"
        f"<div style='font-size:12px;color:#666'>{same} other fact{'s' * (same != 1)} "
        "compared are the same.</div>"
    )


__all__ = ["comparison_html"]
