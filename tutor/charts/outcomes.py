"""Charts of simulation results for any game: who wins, outcome categories, scores, length.

Each function takes the rows of :func:`tutor.analysis.simulation.simulate` (or its
``summarise`` output) and returns a ``go.Figure`` whose traces hold the numbers, so
tests check the data and notebooks show the picture.  They read only what every game's
``Outcome`` gives (winners, ties, scores, reasons, roles and sides when declared); a
game's own charts come from its spec's ``charts`` hook (:func:`game_charts`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from tutor.analysis.simulation import rate_with_interval
from tutor.analysis.sweeps import variant_title
from tutor.charts.template import OUTCOME_COLOURS, TEMPLATE, new_figure


def _summaries(summary: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """One summary, or ``{label: summary}`` for several matchups/variants."""
    if "win_rate" in summary:
        label = ", ".join(summary.get("policies") or ["all games"])
        return {label: summary}
    return dict(summary)


def _label(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def outcome_bar(summary: Mapping[str, Any], title: str = "Game outcomes") -> go.Figure:
    """Win rate by role (or seat), the tie rate and the game's own end rates, with 95%
    Wilson error bars.

    Args:
        summary: a :func:`~tutor.analysis.simulation.summarise` result, or a mapping
            ``{label: summary}`` (bot pairings, house rules) drawn as grouped bars.
        title: the figure title.

    Returns:
        One bar trace per summary; x holds the categories (``"<role or seat> wins"``
        for each, ``"tie"``, then each of the summary's ``outcome_rates`` that the
        game's summary hook adds), y the rates.

    Raises:
        KeyError: if a summary lacks ``win_rate`` or ``tie_rate``.
    """
    fig = new_figure(title, barmode="group", yaxis={"title": "rate", "range": [0, 1]})
    for label, s in _summaries(summary).items():
        cats, rates = [], []
        for who in sorted(s["win_rate"]):
            cats.append(f"{who} wins")
            rates.append(s["win_rate"][who])
        cats.append("tie")
        rates.append(s["tie_rate"])
        for name, rate in (s.get("outcome_rates") or {}).items():
            cats.append(name)
            rates.append(rate)
        add_rate_bars(fig, label, cats, rates)
    return fig


def add_rate_bars(
    fig: go.Figure, name: str, x: list[str], rates: list[Mapping[str, Any]], **style: Any
) -> None:
    """Bars of rates with their Wilson intervals as asymmetric error bars."""
    fig.add_bar(
        name=name,
        x=x,
        y=[r["rate"] for r in rates],
        error_y={
            "type": "data",
            "symmetric": False,
            "array": [r["high"] - r["rate"] for r in rates],
            "arrayminus": [r["rate"] - r["low"] for r in rates],
        },
        customdata=[[r["count"], r["of"]] for r in rates],
        hovertemplate="%{x}: %{y:.1%} (%{customdata[0]} of %{customdata[1]})<extra>"
        + name
        + "</extra>",
        **style,
    )


def outcome_counts(
    rows: Iterable[Mapping[str, Any]], by: str | None = None
) -> dict[str, dict[str, int]]:
    """Games per outcome category (the row's ``outcome``; ``unfinished`` when none), per group.

    Returns:
        ``{group: {category: games}}`` (one group ``"games"`` when ``by`` is None).
    """
    out: dict[str, dict[str, int]] = {}
    for row in rows:
        group = "games" if by is None else _label(row[by])
        slot = out.setdefault(group, {})
        key = row.get("outcome") or "unfinished"
        slot[key] = slot.get(key, 0) + 1
    return out


def outcome_categories_bar(
    rows: Iterable[Mapping[str, Any]],
    by: str | None = None,
    labels: Mapping[str, str] | None = None,
    title: str = "Outcomes",
) -> go.Figure:
    """Stacked bars of the share of games in each outcome category, per group.

    Args:
        rows: simulation rows.
        by: the row field to group by (``"variant"``, ``"policies"``), or None.
        labels: ``{category: label}`` for the legend (e.g. the game's
            :func:`~tutor.analysis.simulation.outcome_categories`).
        title: the figure title.

    Returns:
        One bar trace per category that occurred: x the groups, y the shares, customdata
        the counts.
    """
    counts = outcome_counts(rows, by)
    groups = sorted(counts)
    cats = sorted({c for slot in counts.values() for c in slot})
    fig = new_figure(title, barmode="stack", yaxis={"title": "share of games", "range": [0, 1]})
    for cat in cats:
        totals = [sum(counts[g].values()) for g in groups]
        got = [counts[g].get(cat, 0) for g in groups]
        fig.add_bar(
            name=(labels or {}).get(cat, cat),
            x=groups,
            y=[k / t if t else 0.0 for k, t in zip(got, totals, strict=True)],
            customdata=got,
            marker_color=OUTCOME_COLOURS.get(cat),
        )
    return fig


def win_rate_by_seat(summary: Mapping[str, Any], title: str = "Win rate by seat") -> go.Figure:
    """Bars of each seat's win rate with 95% Wilson error bars (first-player advantage).

    Args:
        summary: a ``summarise`` result, or ``{label: summary}`` drawn as grouped bars.
        title: the figure title.

    Returns:
        One bar trace per summary: x the seats (``"seat 1"`` ...), y the win rates.

    Raises:
        KeyError: if a summary lacks ``win_rate_by_seat``.
    """
    fig = new_figure(title, barmode="group", yaxis={"title": "win rate", "range": [0, 1]})
    for label, s in _summaries(summary).items():
        seats = sorted(s["win_rate_by_seat"], key=lambda k: int(k.split()[-1]))
        add_rate_bars(fig, label, seats, [s["win_rate_by_seat"][k] for k in seats])
    return fig


def win_rate_by_bot(summary: Mapping[str, Any], title: str = "Win rate by bot") -> go.Figure:
    """Bars of the win rate of each bot (by role when the game has roles), with intervals.

    Raises:
        KeyError: if a summary lacks ``win_rate_by_bot``.
    """
    fig = new_figure(title, barmode="group", yaxis={"title": "win rate", "range": [0, 1]})
    for label, s in _summaries(summary).items():
        bots = sorted(s["win_rate_by_bot"])
        add_rate_bars(fig, label, bots, [s["win_rate_by_bot"][k] for k in bots])
    return fig


def score_hist(rows: Iterable[Mapping[str, Any]], title: str = "Final scores") -> go.Figure:
    """Histogram of final scores, one trace per seat (the Outcome's ``scores``).

    Returns:
        One histogram trace per seat, x holding that seat's score in each finished game;
        several seats are drawn one above the other (:func:`faceted_histograms`).
    """
    seats: dict[int, list[float]] = {}
    for row in rows:
        if row["end"] in ("unfinished", "cut"):
            continue
        for p, value in enumerate(row.get("scores") or ()):
            seats.setdefault(p, []).append(float(value))
    groups = {f"seat {p + 1}": seats[p] for p in sorted(seats)}
    return faceted_histograms(title, groups, "score", bins=None)


def win_rates_by_variant(
    rows: Iterable[Mapping[str, Any]],
) -> dict[str, dict[str, dict[str, Any]]]:
    """Win rates of each role (or seat, for a game without roles) and the tie rate per
    variant, with Wilson intervals, over finished games.

    Returns:
        ``{variant: {"<role or seat> wins": rate, ..., "tie": rate}}`` in the order the
        variants first appear; each rate has ``count, of, rate, low, high``.
    """
    games: dict[str, int] = {}
    wins: dict[str, dict[str, int]] = {}
    for row in rows:
        if row["end"] in ("unfinished", "cut"):
            continue
        v = str(row.get("variant", "all games"))
        games[v] = games.get(v, 0) + 1
        slot = wins.setdefault(v, {})
        roles = row.get("roles") or [f"seat {p + 1}" for p in range(len(row["policies"]))]
        for who in sorted(set(roles)):
            key = f"{who} wins"
            won = any(roles[p] == who for p in row["winners"])
            slot[key] = slot.get(key, 0) + won
        slot["tie"] = slot.get("tie", 0) + bool(row["tie"])
    return {
        v: {k: rate_with_interval(n, games[v]) for k, n in sorted(slot.items())}
        for v, slot in wins.items()
    }


def win_rate_by_variant(
    rows: Iterable[Mapping[str, Any]], title: str = "Win rate by variant"
) -> go.Figure:
    """Grouped bars of win rates per variant (house rule, bot pairing) with 95% Wilson
    error bars.

    Returns:
        One bar trace per series (``"<role or seat> wins"``, ``"tie"``): x the
        variants in words (:func:`~tutor.analysis.sweeps.variant_title`), y the rates,
        customdata ``[count, of]``.
    """
    rows = list(rows)
    rates = win_rates_by_variant(rows)
    variants = list(rates)
    game = rows[0].get("game") if rows else None
    labels = [variant_title(game, v) for v in variants]
    series = sorted({k for r in rates.values() for k in r})
    fig = new_figure(title, barmode="group", yaxis={"title": "rate", "range": [0, 1]})
    for s in series:
        got = [rates[v].get(s, rate_with_interval(0, 0)) for v in variants]
        add_rate_bars(fig, s, labels, got, marker_color=OUTCOME_COLOURS.get(s))
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
        One histogram trace per group, x holding each game's number of turns; several
        groups are drawn one above the other (:func:`faceted_histograms`).

    Raises:
        KeyError: if a row lacks ``turns`` or the ``by`` field.
    """
    groups: dict[str, list[int]] = {}
    for row in rows:
        key = row[by]
        label = ",".join(key) if isinstance(key, list) else str(key)
        groups.setdefault(label, []).append(int(row["turns"]))
    return faceted_histograms(title, {k: groups[k] for k in sorted(groups)}, "turns", bins=1)


def faceted_histograms(
    title: str,
    groups: Mapping[str, Sequence[float]],
    x_title: str,
    bins: float | None = None,
) -> go.Figure:
    """Histograms of several groups, one panel each, stacked over a shared x axis.

    Overlaid semi-transparent histograms of three or more groups mix their colours and
    cannot be read; one panel per group (each titled with its group) can.

    Args:
        title: the figure title.
        groups: ``{group name: values}`` in the order to draw them.
        x_title: the x axis title (under the bottom panel).
        bins: the bin width (``None``: Plotly chooses).

    Returns:
        One histogram trace per group, named after it, in its own panel (``xaxis``,
        ``xaxis2`` ...); a single group gives a plain one-panel histogram.
    """
    names = list(groups)
    xbins = {"size": bins} if bins is not None else None
    if len(names) <= 1:
        fig = new_figure(title, xaxis={"title": x_title}, yaxis={"title": "games"})
        for name in names:
            fig.add_histogram(name=name, x=list(groups[name]), xbins=xbins)
        return fig
    fig = make_subplots(
        rows=len(names),
        cols=1,
        shared_xaxes=True,
        vertical_spacing=min(0.08, 0.3 / len(names)),
        subplot_titles=names,
    )
    fig.update_layout(
        template=TEMPLATE,
        title={"text": title},
        showlegend=False,
        bargap=0.08,
        height=140 + 150 * len(names),
        margin={"t": 70},
    )
    for i, name in enumerate(names, start=1):
        fig.add_histogram(
            name=name,
            x=list(groups[name]),
            xbins=xbins,
            marker_color=OUTCOME_COLOURS.get(name, TEMPLATE.layout.colorway[(i - 1) % 6]),
            row=i,
            col=1,
        )
        fig.update_yaxes(title_text="games", row=i, col=1)
    fig.update_xaxes(title_text=x_title, row=len(names), col=1)
    fig.update_annotations(xanchor="left", x=0, font={"size": 13})
    return fig


GENERIC_CHARTS: dict[str, Callable[..., go.Figure]] = {
    "outcome_bar": outcome_bar,
    "win_rate_by_seat": win_rate_by_seat,
    "win_rate_by_bot": win_rate_by_bot,
}
"""Charts drawn from a ``summarise`` result (every game)."""

ROW_CHARTS: dict[str, Callable[..., go.Figure]] = {
    "outcome_categories_bar": outcome_categories_bar,
    "score_hist": score_hist,
    "game_length_hist": game_length_hist,
    "win_rate_by_variant": win_rate_by_variant,
}
"""Charts drawn from simulation rows (every game)."""


def game_charts(game_name: str) -> dict[str, Callable[..., go.Figure]]:
    """A game's own charts (its spec's ``charts`` hook): ``{name: rows -> Figure}``.

    Raises:
        UnknownGameError: if the game is not registered.
    """
    from tutor.core.spec import spec_for

    return dict(spec_for(game_name).hook("charts") or {})


__all__ = [
    "GENERIC_CHARTS",
    "ROW_CHARTS",
    "add_rate_bars",
    "faceted_histograms",
    "game_charts",
    "game_length_hist",
    "outcome_bar",
    "outcome_categories_bar",
    "outcome_counts",
    "score_hist",
    "win_rate_by_bot",
    "win_rate_by_seat",
    "win_rate_by_variant",
    "win_rates_by_variant",
]
