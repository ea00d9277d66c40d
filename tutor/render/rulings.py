"""The "which rulings matter?" chart as a static SVG picture, for pages without Plotly.

:func:`tutor.charts.rulings.ruling_impact_figure` draws a ruling-impact report as an
interactive Plotly figure in a notebook; a Markdown page (``docs/rulings_impact.md``)
cannot run Plotly, so the page generator writes this picture of the same report beside
it: one horizontal bar per reading, ranked as the table is (the most decisive on top),
the bar's length the share of paired games with another winner, a whisker to its 95%
interval, and the count in words at the bar's end.  A bar for one switched ruling and a
bar for a related pair switched together have different colours.  Nothing here knows a
game: the report names its readings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.render.svg import document, group, rect, text

_LABEL_MOST = 64
"""The most characters of a reading's name shown (a longer one ends in "…")."""
_CHAR_W = 6.7
"""The width of one character of the labels (11 px monospace)."""
_BAR_W = 300
_TEXT_W = 130
"""Room right of a full bar for its count."""
_ROW_H = 22
_TOP = 46
_COLOURS = {"ruling": "#457b9d", "pair": "#e76f51"}
_NAMES = {"ruling": "one ruling switched", "pair": "a related pair switched together"}


def ruling_impact_svg(report: Mapping[str, Any]) -> str:
    """The ranked bars of a :func:`tutor.analysis.rulings.ruling_impact` report.

    Args:
        report: the report (its ``rows`` ranked, each with ``reading``, ``kind`` and
            ``differs``: ``rate``, ``low``, ``high``, ``count``, ``of``).

    Returns:
        A standalone SVG document: one ``<g class="ruling-bar">`` per row, in rank
        order, carrying ``data-reading`` and ``data-rate`` (the share, 4 decimals).

    Raises:
        KeyError: if ``report`` is not shaped like a ruling-impact report.
    """
    rows = list(report["rows"])
    labels = [_label(str(row["reading"])) for row in rows]
    x0 = 16 + _CHAR_W * max((len(label) for label in labels), default=10)
    width = round(x0 + _BAR_W + _TEXT_W)
    body: list[str] = [
        text(
            10,
            18,
            f"{report['title']}: share of {report['games']} paired games with another winner",
            13,
            font_weight="bold",
        ),
    ]
    legend_x = 10.0
    for kind in ("ruling", "pair"):
        if any(row["kind"] == kind for row in rows):
            body.append(rect(legend_x, 28, 10, 10, fill=_COLOURS[kind]))
            body.append(text(legend_x + 14, 37, _NAMES[kind], 10, fill="#444"))
            legend_x += 30 + 5.6 * len(_NAMES[kind])
    bottom = _TOP + _ROW_H * max(len(rows), 1)
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):  # the scale: 0% to 100% of the games
        x = x0 + _BAR_W * tick
        body.append(
            f"<line x1='{x:.1f}' y1='{_TOP - 4}' x2='{x:.1f}' y2='{bottom}' "
            "stroke='#dde1e6' stroke-width='1'/>"
        )
        body.append(text(x, bottom + 14, f"{tick:.0%}", 10, fill="#666", text_anchor="middle"))
    if not rows:
        body.append(text(x0, _TOP + 14, "No ruling of this game can be switched.", 11))
    for i, row in enumerate(rows):
        d = row["differs"]
        y = _TOP + _ROW_H * i
        reading = str(row["reading"])
        label = labels[i]
        low, high = x0 + _BAR_W * d["low"], x0 + _BAR_W * d["high"]
        mid = y + _ROW_H / 2
        bar = [
            text(x0 - 8, mid + 4, label, 11, text_anchor="end", font_family="monospace"),
            rect(x0, y + 4, max(_BAR_W * d["rate"], 0.5), _ROW_H - 8, fill=_COLOURS[row["kind"]]),
            f"<path d='M{low:.1f},{mid} L{high:.1f},{mid} M{low:.1f},{mid - 4} "
            f"L{low:.1f},{mid + 4} M{high:.1f},{mid - 4} L{high:.1f},{mid + 4}' "
            "stroke='#222' stroke-width='1' fill='none'/>",
            text(
                high + 6,
                mid + 4,
                f"{100 * d['rate']:.1f}% ({d['count']} of {d['of']})",
                10,
                fill="#333",
            ),
        ]
        tip = (
            f"{reading}: another winner in {d['count']} of {d['of']} games "
            f"({100 * d['rate']:.1f}%, 95% interval {100 * d['low']:.1f}-{100 * d['high']:.1f}%)"
        )
        body.append(
            group(
                bar,
                tip=tip,
                class_="ruling-bar",
                data_reading=reading,
                data_rate=f"{d['rate']:.4f}",
            )
        )
    label = f"{report['title']}: which rulings change who wins"
    return document(width, bottom + 24, label, "".join(body), "ruling-impact")


def _label(reading: str) -> str:
    """A reading's name as its bar is labelled (cut to :data:`_LABEL_MOST` characters)."""
    return reading if len(reading) <= _LABEL_MOST else reading[: _LABEL_MOST - 1] + "…"


__all__ = ["ruling_impact_svg"]
