"""Creepy Falls simulation facts: extra row fields, summary metrics, outcome categories.

Reached through the spec's ``facts``, ``summary``, ``outcome_categories`` and
``state_summary`` hooks.  A row records each player's starting army, the Spells they
cast, how often they held each Form and their Power Points after every round; the
summary turns those into win rates (with 95% intervals) by starting army, by Spell and
by Form, and the mean Power Points by round for winners and the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tutor.analysis.simulation import GameFacts, rate_with_interval
from tutor.core.types import Outcome

Row = dict[str, Any]

ARMY_NAMES = ("Horde of Ghouls", "The Monster's Maker", "The Tomb")
FORM_NAMES = (
    "Flying Fox",
    "Swarm of Rats",
    "Cloud of Bats",
    "Human Form",
    "Dark Hunter",
    "Wild Animal",
    "Acid Fog",
)


def start(state: Any) -> dict[str, Any]:
    """Nothing needs noting before play."""
    return {}


def row(state: Any, notes: dict[str, Any]) -> Row:
    """Each player's army, Spells, Forms held and Power Points by round."""
    board = state.game.board
    out = state.outcome()
    extras = dict(out.extras) if out is not None else {}
    armies = [
        board.armies[i].name if i >= 0 else "" for i in extras.get("armies", state.army_choice)
    ]
    spells = [[board.spells[s].name for s in got] for got in extras.get("spells", [])]
    forms = extras.get("forms", [])
    return {
        "armies": armies,
        "spells": spells,
        "forms": [[int(x) for x in f] for f in forms],
        "pp_by_round": [list(h) for h in extras.get("pp_by_round", [])],
        "players": state.n,
    }


FACTS = GameFacts(start=start, row=row)


def _rates(counts: Mapping[str, list[int]]) -> dict[str, Any]:
    return {k: rate_with_interval(w, n) for k, (w, n) in sorted(counts.items())}


def summary(rows: Iterable[Row]) -> dict[str, Any]:
    """Win rates by starting army, Spell cast and Form held, and Power Points by round.

    Returns:
        ``win_rate_by_army``, ``win_rate_by_spell``, ``win_rate_by_form`` (each a rate
        with its 95% Wilson interval over player-games), ``pp_by_round`` (mean Power
        Points after each round of winners and of the others).
    """
    by_army: dict[str, list[int]] = {}
    by_spell: dict[str, list[int]] = {}
    by_form: dict[str, list[int]] = {}
    pp: dict[str, list[list[float]]] = {"winners": [], "others": []}
    for r in rows:
        if r["end"] in ("unfinished", "cut"):
            continue
        winners = set(r["winners"])
        for p, army in enumerate(r.get("armies", [])):
            won = int(p in winners)
            cell = by_army.setdefault(army, [0, 0])
            cell[0] += won
            cell[1] += 1
            for spell in r.get("spells", [[]] * (p + 1))[p]:
                cell = by_spell.setdefault(spell, [0, 0])
                cell[0] += won
                cell[1] += 1
            for f, held in enumerate(r.get("forms", [[0] * 7] * (p + 1))[p]):
                if held:
                    cell = by_form.setdefault(FORM_NAMES[f], [0, 0])
                    cell[0] += won
                    cell[1] += 1
            history = [h[p] for h in r.get("pp_by_round", [])]
            if history:
                pp["winners" if won else "others"].append(history)
    means = {
        side: [sum(h[i] for h in hs) / len(hs) for i in range(min(len(h) for h in hs))]
        if hs
        else []
        for side, hs in pp.items()
    }
    return {
        "win_rate_by_army": _rates(by_army),
        "win_rate_by_spell": _rates(by_spell),
        "win_rate_by_form": _rates(by_form),
        "pp_by_round": means,
    }


OUTCOMES = {
    "clear_win": "clear win (one vampire, 5 or more Power Points ahead)",
    "close_win": "close win (one vampire, less than 5 Power Points ahead)",
    "shared_win": "shared win (vampires tied for the most Power Points)",
}
"""Outcome categories of a finished game; each game falls in exactly one."""


def outcome_category(result: Outcome) -> str:
    """Return the key of :data:`OUTCOMES` that a finished game's outcome falls in."""
    if len(result.winners) > 1:
        return "shared_win"
    scores = sorted(result.scores, reverse=True)
    margin = scores[0] - scores[1] if len(scores) > 1 else scores[0]
    return "clear_win" if margin >= 5 else "close_win"


OUTCOME_CATEGORIES = (OUTCOMES, outcome_category)
"""The spec's ``outcome_categories`` hook."""

PHASE_WORDS = {
    "setup": "Setup",
    "new_round": "New round",
    "form_choice": "Form Choice",
    "placement": "Placement",
    "resolution": "Resolution",
    "store": "Store",
    "end_of_round": "End of round",
    "game_over": "Game over",
}


def state_summary(state: Any) -> str:
    """One line about a position: round, phase and who decides (decision-tree nodes)."""
    d = state.decision
    phase = PHASE_WORDS.get(d.phase, d.phase)
    if d.kind == "terminal":
        out = state.outcome()
        return f"Game over: {out.text if out else ''}"
    who = "chance" if d.kind == "chance" else state.name(d.player)
    return f"Round {state.round_no} · {phase} · {who}"
