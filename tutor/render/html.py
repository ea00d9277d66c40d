"""HTML snippets for explanations: trace lists, rule citations, the phase strip.

Every explanation carries its rule citation; the rule's summary (the project's own
words from ``rules.yaml``) sits in the ``title`` attribute so hovering shows it, and a
``<details>`` element shows it on click.  Card faces are each game's own
(:func:`tutor.render.picture.card_html` asks the game's spec).  All text is
HTML-escaped.  No widgets here: these are plain strings.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from tutor.core.rules import RuleBook
from tutor.core.types import TraceEntry
from tutor.core.visibility import shown_entry

KIND_COLORS = {"action": "#1565c0", "chance": "#8e24aa", "auto": "#555", "info": "#777"}


def rule_citation(rulebook: RuleBook | None, rule_id: str | None) -> tuple[str, str]:
    """Return ``(citation, summary)`` for a rule id, e.g. ``("Topic 6 · ...: ...", "...")``.

    Unknown ids (or no rulebook) give the id itself and an explanatory summary.
    """
    if not rule_id:
        return "", ""
    rule = rulebook.rules.get(rule_id) if rulebook is not None else None
    if rule is None:
        return rule_id, f"{rule_id} is not in the rules index"
    return (rulebook.cite(rule_id) if rulebook else rule.citation()), rule.summary


def citation_html(rulebook: RuleBook | None, rule_id: str | None) -> str:
    """A ``<span>`` naming the rule, whose ``title`` (hover text) is the rule summary."""
    citation, summary = rule_citation(rulebook, rule_id)
    if not citation:
        return ""
    return (
        f'<span class="tutor-rule" data-rule="{escape(str(rule_id))}" '
        f'title="{escape(summary)}" style="color:#6a4c93;cursor:help;'
        f'border-bottom:1px dotted #6a4c93">{escape(citation)} '
        f"<small>({escape(str(rule_id))})</small></span>"
    )


def trace_html(
    entries: Iterable[TraceEntry], rulebook: RuleBook | None, player: int | None = None
) -> str:
    """Render trace entries as an ordered list, each line with its rule citation.

    Args:
        entries: the entries to show, oldest first.
        rulebook: the game's rule book (``game.rulebook``) for citations and summaries.
        player: whose eyes read the trace (``None``: the omniscient tutor).  Lines that
            player may not read are left out; some show the public text instead.

    Returns:
        An ``<ol class="tutor-trace">`` element (an empty list when nothing is visible).
    """
    items = []
    for entry in entries:
        shown = shown_entry(entry, player)
        if shown is None:
            continue
        color = KIND_COLORS.get(shown.kind, "#555")
        items.append(
            f'<li class="tutor-entry" data-kind="{escape(shown.kind)}" style="margin:2px 0">'
            f'<span style="color:{color}">{escape(shown.text)}</span> '
            f"{citation_html(rulebook, shown.rule)}</li>"
        )
    return (
        '<ol class="tutor-trace" style="margin:0;padding-left:1.6em;font-size:13px">'
        + "".join(items)
        + "</ol>"
    )


def explanation_html(
    entry: TraceEntry | None,
    rulebook: RuleBook | None,
    player: int | None = None,
    names: tuple[str, ...] | list[str] = (),
    waiting: str = "",
) -> str:
    """The last explanation, big, with its citation (hover) and the rule summary (click).

    Args:
        entry: the last revealed trace entry, or ``None`` before anything happened.
        rulebook: the game's rule book.
        player: whose eyes read it (``None``: the omniscient tutor).  An entry they
            may not see at all says so and cites nothing (its rule would tell).
        names: player names, to say whose eyes cannot see a hidden entry.
        waiting: a sentence to show after the entry (e.g. the pending decision).

    Returns:
        A ``<div class="tutor-explanation">`` element.
    """
    parts = ['<div class="tutor-explanation" style="font-size:15px;line-height:1.4">']
    if entry is None:
        parts.append("<div><i>Nothing has happened yet.</i></div>")
    else:
        shown = shown_entry(entry, player)
        if shown is None:
            who = names[player] if player is not None and player < len(names) else "this player"
            text, rule = f"Something happened that {who} cannot see.", ""
        else:
            text, rule = shown.text, shown.rule
        parts.append(f'<div class="tutor-entry-text"><b>{escape(text)}</b></div>')
        citation, summary = rule_citation(rulebook, rule)
        if citation:
            parts.append(f'<div style="margin-top:4px">{citation_html(rulebook, rule)}</div>')
            parts.append(
                '<details style="font-size:13px;color:#444"><summary style="cursor:pointer">'
                f"What the rule says</summary>{escape(summary)}</details>"
            )
    if waiting:
        parts.append(f'<div class="tutor-waiting" style="margin-top:6px">{escape(waiting)}</div>')
    parts.append("</div>")
    return "".join(parts)


def phase_strip_html(phases: Iterable[tuple[str, str]], current: str) -> str:
    """A row of phase labels with the current one highlighted."""
    cells = []
    for key, label in phases:
        on = key == current
        style = "display:inline-block;margin:0 3px;padding:2px 10px;border-radius:12px;" + (
            "background:#ffd166;border:2px solid #b08900;font-weight:bold"
            if on
            else "background:#eef0f3;border:1px solid #c9ced6;color:#667"
        )
        cls = "tutor-phase current" if on else "tutor-phase"
        cells.append(
            f'<span class="{cls}" data-phase="{escape(key)}" style="{style}">{escape(label)}</span>'
        )
    return f'<div class="tutor-phases">{"".join(cells)}</div>'
