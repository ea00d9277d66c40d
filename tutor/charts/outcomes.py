"""Charts of simulation results: who wins, how events resolve, Last Gasps, game length.

Each function takes the rows of :func:`tutor.analysis.simulate.simulate` (or its
``summarise`` output) and returns a ``go.Figure`` whose traces hold the numbers, so
tests check the data and notebooks show the picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import plotly.graph_objects as go

from tutor.charts.template import OUTCOME_COLOURS, new_figure

EVENT_OUTCOMES = ("prevented", "defeated", "undefeated", "incident", "unresolved")


def _summaries(summary: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """One summary, or ``{label: summary}`` for several matchups/variants."""
    if "win_rate" in summary:
        label = ", ".join(summary.get("policies") or ["all games"])
        return {label: summary}
    return dict(summary)


def outcome_bar(summary: Mapping[str, Any], title: str = "Game outcomes") -> go.Figure:
    """Win rate by role, tie rate and escape rate, with 95% Wilson error bars.

    Args:
        summary: a :func:`~tutor.analysis.simulate.summarise` result, or a mapping
            ``{label: summary}`` (bot pairings, house rules) drawn as grouped bars.
        title: the figure title.

    Returns:
        One bar trace per summary; x holds the categories (``"witness wins"``,
        ``"assassin wins"``, ``"tie"``, ``"escape"``), y the rates.

    Raises:
        KeyError: if a summary lacks ``win_rate``, ``tie_rate`` or ``escape_rate``.
    """
    fig = new_figure(title, barmode="group", yaxis={"title": "rate", "range": [0, 1]})
    for label, s in _summaries(summary).items():
        cats, rates = [], []
        for role in sorted(s["win_rate"]):
            cats.append(f"{role} wins")
            rates.append(s["win_rate"][role])
        cats += ["tie", "escape"]
        rates += [s["tie_rate"], s["escape_rate"]]
        fig.add_bar(
            name=label,
            x=cats,
            y=[r["rate"] for r in rates],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [r["high"] - r["rate"] for r in rates],
                "arrayminus": [r["rate"] - r["low"] for r in rates],
            },
            customdata=[[r["count"], r["of"]] for r in rates],
            hovertemplate="%{x}: %{y:.1%} (%{customdata[0]} of %{customdata[1]})<extra>"
            + label
            + "</extra>",
        )
    return fig


def event_counts(rows: Iterable[Mapping[str, Any]], by: str = "kind") -> dict[str, dict[str, int]]:
    """Count event outcomes per event kind (``by="kind"``) or per event name (``"event"``).

    Raises:
        ValueError: if ``by`` is not ``"kind"`` or ``"event"``.
    """
    if by not in ("kind", "event"):
        raise ValueError(f"by must be 'kind' or 'event', got {by!r}")
    counts: dict[str, dict[str, int]] = {}
    for row in rows:
        for ev in row.get("events", ()):
            slot = counts.setdefault(ev[by], {})
            slot[ev["outcome"]] = slot.get(ev["outcome"], 0) + 1
    return counts


def event_outcomes(
    rows: Iterable[Mapping[str, Any]], by: str = "kind", title: str | None = None
) -> go.Figure:
    """Stacked bars: how often each event type was prevented, defeated or undefeated.

    Args:
        rows: simulation rows with ``events``.
        by: ``"kind"`` (incident / opposition) or ``"event"`` (each event card name).
        title: the figure title.

    Returns:
        One bar trace per outcome that occurred (``prevented``, ``defeated``,
        ``undefeated``, ``incident``, ``unresolved``), x the event types, y the counts.

    Raises:
        ValueError: if ``by`` is unknown.
    """
    counts = event_counts(rows, by)
    types = sorted(counts)
    fig = new_figure(
        title or f"Event outcomes by {'event type' if by == 'kind' else 'event'}",
        barmode="stack",
        yaxis={"title": "events"},
    )
    for outcome in EVENT_OUTCOMES:
        ys = [counts[t].get(outcome, 0) for t in types]
        if any(ys):
            fig.add_bar(name=outcome, x=types, y=ys, marker_color=OUTCOME_COLOURS.get(outcome))
    return fig


def gasp_counts(rows: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, int]]:
    """Survived/died counts of Last Gasps by their number (1st, 2nd, 3rd of a player).

    A player's gasps before the last one were survived; the last one was fatal if the
    player died.
    """
    out: dict[int, dict[str, int]] = {}
    for row in rows:
        dead = set(row.get("dead", ()))
        for p, made in enumerate(row.get("gasps", ())):
            for k in range(1, made + 1):
                died = k == made and p in dead
                slot = out.setdefault(k, {"survived": 0, "died": 0})
                slot["died" if died else "survived"] += 1
    return out


def last_gasp_outcomes(
    rows: Iterable[Mapping[str, Any]], title: str = "Last Gasp outcomes"
) -> go.Figure:
    """Stacked bars of Last Gasps survived and died, by the gasp's number for the player.

    Returns:
        Two bar traces, ``survived`` and ``died``; x is ``"gasp 1"``, ``"gasp 2"`` ...

    Raises:
        KeyError: never for rows from :func:`simulate`; rows without ``gasps`` count none.
    """
    counts = gasp_counts(rows)
    numbers = sorted(counts)
    xs = [f"gasp {k}" for k in numbers]
    fig = new_figure(title, barmode="stack", yaxis={"title": "Last Gasps"})
    for outcome in ("survived", "died"):
        fig.add_bar(
            name=outcome,
            x=xs,
            y=[counts[k][outcome] for k in numbers],
            marker_color=OUTCOME_COLOURS[outcome],
        )
    return fig


def game_length_hist(
    rows: Iterable[Mapping[str, Any]], by: str = "end", title: str = "Game length"
) -> go.Figure:
    """Histogram of game length in turns, one trace per group (how the game ended).

    Args:
        rows: simulation rows.
        by: the row field to split by (``"end"``, ``"variant"``, ``"policies"``).
        title: the figure title.

    Returns:
        One histogram trace per group, x holding each game's number of turns.

    Raises:
        KeyError: if a row lacks ``turns`` or the ``by`` field.
    """
    groups: dict[str, list[int]] = {}
    for row in rows:
        key = row[by]
        label = ",".join(key) if isinstance(key, list) else str(key)
        groups.setdefault(label, []).append(int(row["turns"]))
    fig = new_figure(title, barmode="overlay", xaxis={"title": "turns"}, yaxis={"title": "games"})
    for label in sorted(groups):
        fig.add_histogram(
            name=label,
            x=groups[label],
            xbins={"size": 1},
            opacity=0.75 if len(groups) > 1 else 1.0,
            marker_color=OUTCOME_COLOURS.get(label),
        )
    return fig


__all__ = [
    "event_counts",
    "event_outcomes",
    "game_length_hist",
    "gasp_counts",
    "last_gasp_outcomes",
    "outcome_bar",
]
