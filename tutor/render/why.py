"""A "why?" chain and a "what if not?" comparison drawn for people: SVG and HTML.

The chain of causes of a trace entry (:class:`tutor.analysis.why.WhyChain`) is a path:
the picture is that small graph, drawn as one box per link from the root at the top
(the decision, chance outcome or set-up) down to the entry asked about, each box
naming its rule, with an arrow from each cause to what it made happen (dashed, and
marked "earlier", where the entry below depended on a fact the box above set).  The
comparison of :func:`tutor.analysis.why.what_if_not` is two columns side by side, the
first row where they differ marked.  Nothing here knows a game.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from tutor.render.svg import document, group, rect, text, wrap

if TYPE_CHECKING:
    from tutor.analysis.why import WhatIfNot, WhyChain

_WIDTH = 460
_BOX_W = 420
_LINE_H = 14
_GAP = 22
_FILL = {"entry": "#f3f0fa", "decision": "#e3f1e3", "chance": "#fdf2dc", "setup": "#eeeeee"}
_WORDS = {"entry": "", "decision": "decision", "chance": "chance", "setup": "set-up"}


def why_svg(chain: WhyChain) -> str:
    """The chain as a small graph picture: root at the top, the entry asked about last.

    Returns:
        A standalone SVG document.
    """
    boxes: list[str] = []
    y = 8.0
    x = (_WIDTH - _BOX_W) / 2
    links = list(reversed(chain.links))
    for i, link in enumerate(links):
        lines = wrap(link.text, 64, 3)
        head = " · ".join(p for p in (_WORDS[link.kind], link.rule) if p)
        height = _LINE_H * (len(lines) + (1 if head else 0)) + 10
        body = [rect(x, y, _BOX_W, height, rx=6, fill=_FILL[link.kind], stroke="#6a4c93")]
        ty = y + 15
        if head:
            body.append(text(x + 8, ty, head, 10, fill="#6a4c93", font_weight="bold"))
            ty += _LINE_H
        for line in lines:
            body.append(text(x + 8, ty, line, 11))
            ty += _LINE_H
        css = "why-link why-asked" if i == len(links) - 1 else "why-link"
        boxes.append(group(body, tip=link.citation or None, class_=css, data_kind=link.kind))
        y += height
        if i < len(links) - 1:
            mid = _WIDTH / 2
            earlier = link.earlier
            dash = " stroke-dasharray='4 3'" if earlier else ""
            boxes.append(
                f"<path d='M{mid},{y + 2} L{mid},{y + _GAP - 4} M{mid - 5},{y + _GAP - 10} "
                f"L{mid},{y + _GAP - 4} L{mid + 5},{y + _GAP - 10}' stroke='#6a4c93' "
                f"fill='none' stroke-width='1.5'{dash}/>"
            )
            if earlier:
                boxes.append(text(mid + 10, y + _GAP / 2 + 4, "earlier", 10, fill="#6a4c93"))
            y += _GAP
    return document(_WIDTH, y + 8, "Why it happened: the chain of causes", "".join(boxes), "why")


def why_html(chain: WhyChain) -> str:
    """The chain's paragraph above its picture, as one HTML block."""
    return (
        "<div class='tutor-why'><p style='margin:4px 0'><b>Why?</b> "
        f"{escape(chain.paragraph())}</p>{why_svg(chain)}</div>"
    )


def what_if_html(result: WhatIfNot) -> str:
    """The two continuations side by side, the first row where they differ marked."""
    rows = []
    for i, (taken, other) in enumerate(result.rows()):
        mark = " style='background:#fff3c4'" if i == result.first_difference else ""
        rows.append(f"<tr{mark}><td>{escape(taken)}</td><td>{escape(other)}</td></tr>")
    return (
        "<table class='tutor-what-if-not' style='font-size:12px;border-collapse:collapse'>"
        f"<tr><th>As played: {escape(result.taken.label)}</th>"
        f"<th>What if instead: {escape(result.alternative.label)}</th></tr>"
        + "".join(rows)
        + "</table>"
    )


__all__ = ["what_if_html", "why_html", "why_svg"]
