"""Mantis Falls' own simulation facts, summary metrics, outcome categories and node text.

The spec's ``facts``, ``summary``, ``outcome_categories`` and ``state_summary`` hooks
point here, so the shared simulation (:mod:`tutor.analysis.simulation`), the CLI and
the charts read Mantis Falls' words (witnesses, the assassin, escapes, Last Gasps,
roads and events) from the game's own package:

* row fields: deaths, Last Gasps made and survived (with the situation each started
  in), who died first, the role setup, wounds, positions, and every event drawn with
  its outcome, region and wounds dealt;
* summary metrics: escape and death rates, event outcomes by kind and by event, Last
  Gasp survival, gasps per game;
* outcome categories: escape, witness win, assassin win, tie, only-witness loss.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.analysis.simulation import GameFacts, rate_with_interval
from tutor.core.types import Outcome

Row = dict[str, Any]


# ======================================================================================
# Row fields (the spec's facts hook)
# ======================================================================================

_CARD_INFO: dict[int, tuple[dict[str, Any], frozenset[int]]] = {}

REGIONS = ("start", "sunset", "night", "dark", "end")
"""Mantis Falls road regions in the order of the road (position 0, 1-4, 5-8, 9-12, 13)."""


def road_region(position: int) -> str:
    """The region of a Mantis Falls road position: 0 start, 1-4 sunset, 5-8 night, 9-12
    dark, 13 end (ruling ``road_grid``)."""
    return REGIONS[0 if position <= 0 else min(4, (position + 3) // 4)]


def _card_info(cards: Any) -> tuple[dict[str, Any], frozenset[int]]:
    """Events by id and the action cards tagged healing (cached per card data)."""
    got = _CARD_INFO.get(id(cards))
    if got is None:
        healing = frozenset(c.index for c in cards.actions if "healing" in c.tags)
        got = _CARD_INFO[id(cards)] = ({c.id: c for c in cards.events}, healing)
    return got


def start(state: Any) -> dict[str, Any]:
    n = len(state.wounds)
    return {
        "gasps": list(state.gasps),
        "below": [state.max_wounds[p] - state.wounds[p] for p in range(n)],
        "current": None,
        "last_gasps": [],
        "first_dead": next((p for p in range(n) if state.dead[p]), None),
        "healing": _card_info(state.cards)[1],
        "seen": list(state.wounds),
    }


def watch(state: Any, info: dict[str, Any]) -> None:
    """Called at every player decision and at the end: follow Last Gasps and deaths.

    A Last Gasp always starts with a decision (building the gasp play), so each one is
    seen as it starts: its player's distance to maximum wounds at the last decision
    where they were below maximum (before the blow that caused it) and the healing cards
    in their hand.  The gasp is over once the gasp marker has moved; the player survived
    it if they are not dead.
    """
    cur = info["current"]
    gasping = state.in_gasp
    wounds = state.wounds
    if cur is None and gasping < 0 and wounds == info["seen"]:
        return  # nothing new since the last decision (the usual case: keep it cheap)
    info["seen"] = wounds[:]
    if cur is not None and state.gasps[cur["player"]] != cur["marker"]:
        cur["survived"] = not state.dead[cur["player"]]
        del cur["marker"]
        info["last_gasps"].append(cur)
        info["current"] = cur = None
    if gasping >= 0 and cur is None:
        hand = state.hands[gasping]
        healing = info["healing"]
        info["current"] = {
            "player": gasping,
            "role": state.roles[gasping],
            "number": state.gasps[gasping] + 1,
            "wounds_to_max": info["below"][gasping],
            "healing_in_hand": sum(1 for c in hand if c in healing),
            "survived": None,
            "marker": state.gasps[gasping],
        }
    top = state.max_wounds
    below = info["below"]
    for p in range(len(wounds)):
        if wounds[p] < top[p]:
            below[p] = top[p] - wounds[p]
    if info["first_dead"] is None and True in state.dead:
        info["first_dead"] = state.dead.index(True)


def row(state: Any, start: dict[str, Any]) -> Row:
    by_id, _ = _card_info(state.cards)
    cards = state.cards
    events = []
    stats = state.event_stats
    for k, entry in enumerate(state.event_log):
        eid, _, outcome = entry.partition(":")
        card = by_id[eid]
        where, dealt = stats[k] if k < len(stats) else (state.pos[state.turn_player], 0)
        events.append(
            {
                "event": card.name,
                "kind": card.kind,
                "outcome": outcome,
                "region": road_region(where),
                "wounds": dealt,
            }
        )
    if state.result is None and state.event >= 0:  # drawn, never processed
        card = cards.events[state.event]
        events.append(
            {
                "event": card.name,
                "kind": card.kind,
                "outcome": "unresolved",
                "region": road_region(state.pos[state.turn_player]),
                "wounds": 0,
            }
        )
    made = [g - g0 for g, g0 in zip(state.gasps, start["gasps"], strict=True)]
    survived = [m - (1 if dead and m else 0) for m, dead in zip(made, state.dead, strict=True)]
    gasps = list(start["last_gasps"])
    if start["current"] is not None:  # cut short in the middle of a Last Gasp
        cur = dict(start["current"])
        del cur["marker"]
        gasps.append(cur)
    first = start["first_dead"]
    roles = list(state.roles)
    dead = [p for p in range(len(roles)) if state.dead[p]]
    return {
        "first_player": state.first_player,
        "roles": roles,
        "dead": dead,
        "deaths": len(dead),
        "dead_roles": sorted(roles[p] for p in dead),
        "gasps": made,
        "gasps_survived": survived,
        "last_gasps": gasps,
        "first_dead": first,
        "first_dead_role": roles[first] if first is not None else None,
        "role_setup": "witness/assassin" if "assassin" in roles else "witness/witness",
        "wounds": list(state.wounds),
        "positions": list(state.pos),
        "events": events,
    }


def totals(outcomes: Sequence[Outcome]) -> list[tuple[str, str, float]]:
    """Deaths and Last Gasps over finished games, for ``tutor simulate``.

    Every Last Gasp moves the player's gasp marker, the fatal one included, so the
    markers add up to the Last Gasps taken.
    """
    deaths = sum(len(o.extras.get("dead") or []) for o in outcomes)
    gasps = sum(sum(o.extras.get("gasps") or []) for o in outcomes)
    return [("deaths", "deaths", deaths), ("last_gasps", "Last Gasps taken", gasps)]


FACTS = GameFacts(start=start, row=row, watch=watch, totals=totals)
"""The spec's ``facts`` hook."""


# ======================================================================================
# Summary metrics (the spec's summary hook)
# ======================================================================================


def summary(rows: Iterable[Row]) -> dict[str, Any]:
    """Mantis Falls' metrics over simulation rows.

    Returns:
        ``escape_rate`` and ``death_rate`` (over finished games), ``events`` (outcome
        counts ``by_kind`` and ``by_event``), ``last_gasp`` (survival rate),
        ``gasps_per_game``, ``outcome_rates`` (the escape rate, drawn beside the win
        rates by :func:`tutor.charts.outcomes.outcome_bar`) and ``extra_labels`` (how the
        CLI names the rates).
    """
    rows = list(rows)
    done = [r for r in rows if r["end"] not in ("unfinished", "cut")]
    by_kind: dict[str, dict[str, int]] = {}
    by_event: dict[str, dict[str, int]] = {}
    gasps = survived = 0
    for r in rows:
        for ev in r.get("events", ()):
            k = by_kind.setdefault(ev["kind"], {})
            k[ev["outcome"]] = k.get(ev["outcome"], 0) + 1
            e = by_event.setdefault(ev["event"], {})
            e[ev["outcome"]] = e.get(ev["outcome"], 0) + 1
        gasps += sum(r.get("gasps", ()))
        survived += sum(r.get("gasps_survived", ()))
    escape = rate_with_interval(sum(r["end"] == "escape" for r in done), len(done))
    return {
        "escape_rate": escape,
        "death_rate": rate_with_interval(sum(r["end"] == "death" for r in done), len(done)),
        "events": {"by_kind": by_kind, "by_event": by_event},
        "last_gasp": rate_with_interval(survived, gasps),
        "gasps_per_game": gasps / len(rows) if rows else 0.0,
        "outcome_rates": {"escape": escape},
        "extra_labels": {
            "escape_rate": "escape rate",
            "death_rate": "death rate",
            "last_gasp": "Last Gasps survived",
        },
    }


# ======================================================================================
# Outcome categories
# ======================================================================================

OUTCOMES = {
    "escape": "escape (the players escaped together)",
    "witness_win": "witness win (the assassin died)",
    "assassin_win": "assassin win (a witness died)",
    "tie": "tie (a witness and the assassin died)",
    "only_witness_loss": "only-witness loss (no assassin; a witness died)",
}
"""Outcome categories of a finished game; each game falls in exactly one."""


def outcome_category(result: Outcome) -> str:
    """Return the key of :data:`OUTCOMES` that a finished game's outcome falls in."""
    if result.reason == "escape":
        return "escape"
    if result.tie:
        return "tie"
    roles = result.extras.get("roles") or []
    if "assassin" not in roles:
        return "only_witness_loss"
    if any(roles[w] == "assassin" for w in result.winners):
        return "assassin_win"
    return "witness_win"


OUTCOME_CATEGORIES = (OUTCOMES, outcome_category)
"""The spec's ``outcome_categories`` hook."""

GAME_OUTCOMES = ("witness win", "assassin win", "tie", "witnesses lose", "escape", "unfinished")
"""Outcome names of a simulation row, as the charts show them (see :func:`game_outcome`)."""


def game_outcome(row: Mapping[str, Any]) -> str:
    """The outcome name of one simulation row (one of :data:`GAME_OUTCOMES`)."""
    if row["end"] in ("unfinished", "cut"):
        return "unfinished"
    if row["end"] == "escape":
        return "escape"
    if row["tie"]:
        return "tie"
    if "assassin" not in row["roles"]:
        return "witnesses lose"
    return "assassin win" if "assassin" in row["winner_roles"] else "witness win"


# ======================================================================================
# One line about a position (decision-tree nodes: the state_summary hook)
# ======================================================================================


def _phase_words(phase: str) -> str:
    from tutor.games.mantis_falls.present.picture import PHASES

    return dict(PHASES).get(phase, phase.replace("_", " "))


def state_summary(state: Any) -> str:
    """The position in words: turn and phase, each player's wounds, Last Gasps and road,
    the event and any Last Gasp in progress (decision-tree nodes: the state_summary hook).

    Roles are named: a tree is the tutor's omniscient tool, for the host and analysis.
    """
    d = state.decision
    parts = []
    for p in range(state.game.num_players):
        gasps = state.gasps[p]
        gasp_text = "no Last Gasps" if gasps == 0 else f"{gasps} Last Gasp" + "s" * (gasps != 1)
        alive = "dead" if state.dead[p] else f"on {state.road(state.pos[p]).name}"
        parts.append(
            f"{state.name(p)} ({state.roles[p]}): {state.wounds[p]} of {state.max_wounds[p]}"
            f" wounds, {gasp_text}, {alive}."
        )
    text = f"Turn {state.turn_no}, phase {_phase_words(d.phase)}. " + " ".join(parts)
    if state.event >= 0:
        card = state.cards.events[state.event]
        text += f" Event: {card.name}"
        if card.kind == "opposition":
            text += f" ({state.opp_wounds} of {card.health} wounds)"
        text += "."
    if state.in_gasp >= 0:
        text += f" {state.name(state.in_gasp)} is making a Last Gasp."
    return text


_SUIT = re.compile(r" \((?:[A-Z][a-z]+)\)")


def tree_label(state: Any, action: Any) -> str:
    """A decision-tree edge in the game's words, short enough to print on the edge.

    The tree_labels hook: a random discard names the card discarded, a Last Gasp play the
    card added, other choices their action label without the suit.
    """
    d = state.decision
    who = state.name(d.player) if d.player is not None and d.player >= 0 else ""
    kind = getattr(action, "kind", "")
    args = tuple(getattr(action, "args", ()) or ())
    if kind == "random_discard" and args:
        owner = next((p for p, hand in enumerate(state.hands) if args[0] in hand), None)
        loser = state.name(owner) if owner is not None else "the player"
        return f"{loser} discards {state.card_name(args[0])}"
    if kind == "gasp_add" and args:
        return f"{who} adds {state.card_name(args[0])}"
    if kind == "gasp_finish":
        count = re.search(r"\((\d+ cards?)\)", action.label or "")
        return f"{who} finishes" + (f": {count.group(1)}" if count else "")
    label = _SUIT.sub("", action.label or str(action))
    label = label.replace(" to the Last Gasp play", "").replace("the Last Gasp play", "the gasp")
    return f"{who}: {label}" if who and not label.startswith(who) else label


__all__ = [
    "FACTS",
    "GAME_OUTCOMES",
    "OUTCOMES",
    "OUTCOME_CATEGORIES",
    "REGIONS",
    "game_outcome",
    "outcome_category",
    "road_region",
    "row",
    "start",
    "state_summary",
    "summary",
    "tree_label",
    "totals",
    "watch",
]
