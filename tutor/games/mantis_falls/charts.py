"""Mantis Falls' own charts of simulation rows: events, Last Gasps, deaths, role setups.

The spec's ``charts`` hook (:data:`CHARTS`).  Each function takes the rows of
:func:`tutor.analysis.simulation.simulate` for Mantis Falls (with the fields of
:mod:`tutor.games.mantis_falls.facts`) and returns a ``go.Figure`` whose traces hold
the numbers, so tests check the data and notebooks show the picture.  The generic
charts every game has are in :mod:`tutor.charts.outcomes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import plotly.graph_objects as go

from tutor.analysis.simulation import rate_with_interval
from tutor.analysis.sweeps import variant_title
from tutor.charts.outcomes import add_rate_bars
from tutor.charts.template import OUTCOME_COLOURS, new_figure, second_axis
from tutor.games.mantis_falls.facts import GAME_OUTCOMES, game_outcome

EVENT_OUTCOMES = ("prevented", "defeated", "undefeated", "incident", "unresolved")

COLOURS = {
    **OUTCOME_COLOURS,
    "prevented": "#2a9d8f",
    "defeated": "#8ab17d",
    "undefeated": "#e76f51",
    "incident": "#f4a261",
    "unresolved": "#adb5bd",
    "survived": "#2a9d8f",
    "died": "#e76f51",
    "witness": "#457b9d",
    "assassin": "#9d0208",
    "escape": "#2a9d8f",
    "death": "#e76f51",
    "witness win": "#457b9d",
    "assassin win": "#9d0208",
    "witnesses lose": "#e76f51",
}
"""Mantis Falls' outcome colours, fixed so "prevented" is the same green everywhere."""


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
            fig.add_bar(name=outcome, x=types, y=ys, marker_color=COLOURS.get(outcome))
    return fig


def event_wounds(rows: Iterable[Mapping[str, Any]], by: str = "kind") -> dict[str, dict[int, int]]:
    """Per event type (``by="kind"``) or card (``"event"``): how many events dealt each
    number of wounds, ``{type: {wounds: count}}``.

    Raises:
        ValueError: if ``by`` is not ``"kind"`` or ``"event"``.
    """
    if by not in ("kind", "event"):
        raise ValueError(f"by must be 'kind' or 'event', got {by!r}")
    out: dict[str, dict[int, int]] = {}
    for row in rows:
        for ev in row.get("events", ()):
            slot = out.setdefault(ev[by], {})
            dealt = int(ev.get("wounds", 0))
            slot[dealt] = slot.get(dealt, 0) + 1
    return out


def event_wounds_figure(
    rows: Iterable[Mapping[str, Any]], by: str = "kind", title: str | None = None
) -> go.Figure:
    """Stacked bars: for each event type, how many events dealt 0, 1, 2 ... wounds.

    Returns:
        One bar trace per wound count (named ``"0 wounds"``, ``"1 wound"`` ...), x the
        event types, y the number of events.

    Raises:
        ValueError: if ``by`` is unknown.
    """
    counts = event_wounds(rows, by)
    types = sorted(counts)
    fig = new_figure(
        title or f"Wounds dealt by each {'event type' if by == 'kind' else 'event'}",
        barmode="stack",
        yaxis={"title": "events"},
    )
    for dealt in sorted({w for slot in counts.values() for w in slot}):
        name = f"{dealt} wound" + ("" if dealt == 1 else "s")
        fig.add_bar(name=name, x=types, y=[counts[t].get(dealt, 0) for t in types])
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
            marker_color=COLOURS[outcome],
        )
    return fig


# ======================================================================================
# Where events strike, Last Gasp situations, role setups and house rules
# ======================================================================================

REGION_ORDER = ("start", "sunset", "night", "dark", "end")


def event_region_counts(rows: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per road region: event outcome counts, number of events and wounds they dealt.

    Returns:
        ``{region: {"outcomes": {outcome: count}, "events": n, "wounds": total}}`` for
        the regions where events were processed (the turn player's road at the time).
    """
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        for ev in row.get("events", ()):
            slot = out.setdefault(ev["region"], {"outcomes": {}, "events": 0, "wounds": 0})
            slot["outcomes"][ev["outcome"]] = slot["outcomes"].get(ev["outcome"], 0) + 1
            slot["events"] += 1
            slot["wounds"] += int(ev.get("wounds", 0))
    return out


def event_outcomes_by_region(
    rows: Iterable[Mapping[str, Any]], title: str = "Event outcomes by road region"
) -> go.Figure:
    """Stacked bars of event outcomes per road region, and the mean wounds per event.

    Args:
        rows: simulation rows whose events carry ``region`` and ``wounds``.
        title: the figure title.

    Returns:
        One bar trace per outcome that occurred (x the regions in road order, y counts)
        and a ``mean wounds`` line on a second axis (wounds the events dealt to players,
        divided by the number of events processed there).

    Raises:
        KeyError: if an event lacks ``region`` (rows from before the field existed).
    """
    counts = event_region_counts(rows)
    regions = [r for r in REGION_ORDER if r in counts] + sorted(set(counts) - set(REGION_ORDER))
    fig = new_figure(
        title,
        barmode="stack",
        yaxis={"title": "events"},
        yaxis2=second_axis("mean wounds per event", rangemode="tozero"),
    )
    for outcome in EVENT_OUTCOMES:
        ys = [counts[r]["outcomes"].get(outcome, 0) for r in regions]
        if any(ys):
            fig.add_bar(name=outcome, x=regions, y=ys, marker_color=COLOURS.get(outcome))
    fig.add_scatter(
        name="mean wounds",
        x=regions,
        y=[counts[r]["wounds"] / counts[r]["events"] for r in regions],
        yaxis="y2",
        mode="lines+markers",
        line={"color": "#1d3557"},
        customdata=[[counts[r]["wounds"], counts[r]["events"]] for r in regions],
        hovertemplate="%{x}: %{y:.2f} wounds per event "
        "(%{customdata[0]} in %{customdata[1]} events)<extra></extra>",
    )
    return fig


def gasp_situations(rows: Iterable[Mapping[str, Any]]) -> dict[tuple[int, int], dict[str, int]]:
    """Last Gasps by situation: ``{(wounds_to_max, healing_in_hand): {survived, died}}``.

    ``wounds_to_max`` is how far the player was from maximum wounds before the blow
    that caused the gasp; ``healing_in_hand`` the healing cards they held as it began.
    Gasps cut short by the end of a simulation (``survived`` is ``None``) are left out.
    """
    out: dict[tuple[int, int], dict[str, int]] = {}
    for row in rows:
        for gasp in row.get("last_gasps", ()):
            if gasp["survived"] is None:
                continue
            key = (int(gasp["wounds_to_max"]), int(gasp["healing_in_hand"]))
            slot = out.setdefault(key, {"survived": 0, "died": 0})
            slot["survived" if gasp["survived"] else "died"] += 1
    return out


def last_gasp_by_situation(
    rows: Iterable[Mapping[str, Any]], title: str = "Last Gasp survival by situation"
) -> go.Figure:
    """Heat map of Last Gasp survival by wounds-to-max before it and healing in hand.

    Returns:
        One heatmap trace: x the healing cards in hand at the gasp's start, y the wounds
        the player was from maximum before the blow, z the survival rate (``None``
        where no gasp happened), text and customdata ``[survived, gasps]``.
    """
    table = gasp_situations(rows)
    xs = sorted({h for _, h in table})
    ys = sorted({w for w, _ in table})
    z, text, custom = [], [], []
    for w in ys:
        z_row, t_row, c_row = [], [], []
        for h in xs:
            slot = table.get((w, h))
            if slot is None:
                z_row.append(None)
                t_row.append("")
                c_row.append([0, 0])
                continue
            n = slot["survived"] + slot["died"]
            z_row.append(slot["survived"] / n)
            t_row.append(f"{slot['survived']}/{n}")
            c_row.append([slot["survived"], n])
        z.append(z_row)
        text.append(t_row)
        custom.append(c_row)
    fig = new_figure(
        title,
        xaxis={"title": "healing cards in hand as the gasp began", "type": "category"},
        yaxis={"title": "wounds from maximum before the blow", "type": "category"},
    )
    fig.add_heatmap(
        name="survival",
        x=xs,
        y=ys,
        z=z,
        text=text,
        texttemplate="%{text}",
        customdata=custom,
        zmin=0,
        zmax=1,
        colorscale=[[0, COLOURS["died"]], [1, COLOURS["survived"]]],
        colorbar={"title": "survived"},
        hovertemplate="%{y} from maximum, %{x} healing in hand: "
        "%{customdata[0]} of %{customdata[1]} survived<extra></extra>",
    )
    return fig


def _label(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def gasps_per_game(
    rows: Iterable[Mapping[str, Any]], by: str | None = None, title: str = "Last Gasps per game"
) -> go.Figure:
    """Bars of how many games had 0, 1, 2 ... Last Gasps (both players together).

    Args:
        rows: simulation rows with ``gasps``.
        by: a row field to split by (``"policies"``, ``"variant"``, ``"role_setup"``).
        title: the figure title.

    Returns:
        One bar trace per group (a single ``games`` trace without ``by``): x the number
        of Last Gasps in a game, y how many games had that many.

    Raises:
        KeyError: if a row lacks ``gasps`` or the ``by`` field.
    """
    groups: dict[str, dict[int, int]] = {}
    for row in rows:
        label = "games" if by is None else _label(row[by])
        k = sum(row["gasps"])
        slot = groups.setdefault(label, {})
        slot[k] = slot.get(k, 0) + 1
    top = max((k for g in groups.values() for k in g), default=0)
    xs = list(range(top + 1))
    fig = new_figure(
        title,
        barmode="group",
        xaxis={"title": "Last Gasps in the game", "dtick": 1},
        yaxis={"title": "games"},
    )
    for label in sorted(groups):
        fig.add_bar(name=label, x=xs, y=[groups[label].get(k, 0) for k in xs])
    return fig


def outcomes_by_role_setup(
    rows: Iterable[Mapping[str, Any]], title: str = "Game outcomes by role setup"
) -> go.Figure:
    """Stacked shares of game outcomes for each role setup (witness/assassin, witness/witness).

    Returns:
        One bar trace per outcome that occurred (``witness win``, ``assassin win``,
        ``tie``, ``witnesses lose``, ``escape``, ``unfinished``): x the role setups,
        y the share of that setup's games, customdata ``[games, of]``.

    Raises:
        KeyError: if a row lacks ``role_setup`` or the outcome fields.
    """
    counts: dict[str, dict[str, int]] = {}
    for row in rows:
        slot = counts.setdefault(row["role_setup"], {})
        outcome = game_outcome(row)
        slot[outcome] = slot.get(outcome, 0) + 1
    setups = sorted(counts, key=lambda s: (s != "witness/assassin", s))
    totals = {s: sum(counts[s].values()) for s in setups}
    fig = new_figure(title, barmode="stack", yaxis={"title": "share of games", "range": [0, 1]})
    for outcome in GAME_OUTCOMES:
        ks = [counts[s].get(outcome, 0) for s in setups]
        if any(ks):
            fig.add_bar(
                name=outcome,
                x=[f"{s} ({totals[s]} games)" for s in setups],
                y=[k / totals[s] for k, s in zip(ks, setups, strict=True)],
                customdata=[[k, totals[s]] for k, s in zip(ks, setups, strict=True)],
                marker_color=COLOURS.get(outcome),
                hovertemplate=f"{outcome}: " + "%{customdata[0]} of %{customdata[1]} "
                "(%{y:.0%})<extra></extra>",
            )
    return fig


def who_died_first(
    rows: Iterable[Mapping[str, Any]], by: str = "role_setup", title: str = "Who died first"
) -> go.Figure:
    """Stacked counts of the role of the first player to die, per group.

    Returns:
        One bar trace per first-death role (``witness``, ``assassin``) and ``nobody``
        (no death): x the groups (values of the ``by`` field), y games.

    Raises:
        KeyError: if a row lacks ``first_dead_role`` or the ``by`` field.
    """
    counts: dict[str, dict[str, int]] = {}
    for row in rows:
        slot = counts.setdefault(_label(row[by]), {})
        who = row["first_dead_role"] or "nobody"
        slot[who] = slot.get(who, 0) + 1
    groups = sorted(counts)
    fig = new_figure(title, barmode="stack", yaxis={"title": "games"})
    for who in ("witness", "assassin", "nobody"):
        ys = [counts[g].get(who, 0) for g in groups]
        if any(ys):
            name = "nobody died" if who == "nobody" else f"{who} died first"
            fig.add_bar(name=name, x=groups, y=ys, marker_color=COLOURS.get(who))
    return fig


def option_win_rates(rows: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Win rates of each role (and the tie rate) per variant, with Wilson intervals.

    The witness rate counts every finished game; the assassin and tie rates count the
    games that had an assassin.

    Returns:
        ``{variant: {"witness": rate, "assassin": rate, "tie": rate}}`` in the order
        the variants first appear; each rate has ``count, of, rate, low, high``.
    """
    tallies: dict[str, dict[str, int]] = {}
    for row in rows:
        if row["end"] in ("unfinished", "cut"):
            continue
        t = tallies.setdefault(
            str(row.get("variant", "all games")),
            dict.fromkeys(("games", "witness", "duels", "assassin", "tie"), 0),
        )
        t["games"] += 1
        t["witness"] += "witness" in row["winner_roles"]
        if "assassin" in row["roles"]:
            t["duels"] += 1
            t["assassin"] += "assassin" in row["winner_roles"]
            t["tie"] += bool(row["tie"])
    return {
        v: {
            "witness": rate_with_interval(t["witness"], t["games"]),
            "assassin": rate_with_interval(t["assassin"], t["duels"]),
            "tie": rate_with_interval(t["tie"], t["duels"]),
        }
        for v, t in tallies.items()
    }


def win_rate_by_option(
    rows: Iterable[Mapping[str, Any]],
    series: tuple[str, ...] = ("witness", "assassin", "tie"),
    title: str = "Win rate by house rule",
) -> go.Figure:
    """Grouped bars of win rates per variant (house-rule option) with 95% Wilson error bars.

    Args:
        rows: rows of :func:`tutor.analysis.sweeps.house_rule_sweep` (or any rows with
            a ``variant`` field; rows without one count as ``"all games"``).
        series: which rates to draw: ``"witness"``, ``"assassin"`` (wins) and ``"tie"``.
        title: the figure title.

    Returns:
        One bar trace per series (``"witness wins"``, ``"assassin wins"``, ``"tie"``):
        x the variants in words (:func:`~tutor.analysis.sweeps.variant_title`: the
        ruling, the option and its topic, not the ruling's id), y the rates,
        asymmetric error bars to the interval bounds, customdata ``[count, of]``.

    Raises:
        ValueError: for an unknown series name.
    """
    unknown = [s for s in series if s not in ("witness", "assassin", "tie")]
    if unknown:
        raise ValueError(f"unknown series {unknown[0]!r}; use witness, assassin or tie")
    rows = list(rows)
    rates = option_win_rates(rows)
    variants = list(rates)
    game = rows[0].get("game") if rows else None
    labels = [variant_title(game, v) for v in variants]
    fig = new_figure(title, barmode="group", yaxis={"title": "rate", "range": [0, 1]})
    for s in series:
        got = [rates[v][s] for v in variants]
        name = "tie" if s == "tie" else f"{s} wins"
        add_rate_bars(fig, name, labels, got, marker_color=COLOURS.get(s))
    return fig


CHARTS = {
    "event_outcomes": event_outcomes,
    "event_wounds": event_wounds_figure,
    "last_gasp_outcomes": last_gasp_outcomes,
    "event_outcomes_by_region": event_outcomes_by_region,
    "last_gasp_by_situation": last_gasp_by_situation,
    "gasps_per_game": gasps_per_game,
    "outcomes_by_role_setup": outcomes_by_role_setup,
    "who_died_first": who_died_first,
    "win_rate_by_option": win_rate_by_option,
}
"""The spec's ``charts`` hook: each takes simulation rows and returns a figure."""

__all__ = [
    "CHARTS",
    "COLOURS",
    "EVENT_OUTCOMES",
    "REGION_ORDER",
    "event_counts",
    "event_outcomes",
    "event_outcomes_by_region",
    "event_region_counts",
    "event_wounds",
    "event_wounds_figure",
    "gasp_counts",
    "gasp_situations",
    "gasps_per_game",
    "last_gasp_by_situation",
    "last_gasp_outcomes",
    "option_win_rates",
    "outcomes_by_role_setup",
    "who_died_first",
    "win_rate_by_option",
]
