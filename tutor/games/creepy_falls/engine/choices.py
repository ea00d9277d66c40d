"""Who decides now, what they are asked, and what they may choose.

The decision (a player's choice, a chance step, the rules running on, or the end), its
prompt and the rule it cites, and the legal actions of each waiting point (``W_*``),
written out as one explicit dispatch that calls the rule group that owns the choice.
Every list is built in sorted order (kind, then arguments), so none is sorted here.
"""

from __future__ import annotations

from tutor.core.types import Action, Decision
from tutor.games.creepy_falls.engine import (
    destroying,
    form_choice,
    forms,
    karloff_113,
    placement,
    resolution,
    store,
)
from tutor.games.creepy_falls.engine.components import CLOUD_OF_BATS
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import (
    PH_EXTRA,
    PH_FIRST,
    PH_OVER,
    PH_TOKENS,
    PHASE_KEYS,
    W_ARMY,
    W_BUY,
    W_CHANCE,
    W_DESTROY,
    W_FOG,
    W_FORM,
    W_FOX,
    W_KARLOFF,
    W_NONE,
    W_PLACE,
    W_RAT,
    W_SELL,
    W_TAKE,
)

_DECISION_RULES = {
    W_ARMY: "cf.2.3",
    W_FORM: "cf.4.1",
    W_FOG: "cf.15.7",
    W_RAT: "cf.15.6",
    W_PLACE: "cf.5.1",
    W_FOX: "cf.15.3",
    W_TAKE: "cf.7.6",
    W_KARLOFF: "cf.7.7",
    W_DESTROY: "cf.1.4",
    W_BUY: "cf.12.1",
    W_SELL: "cf.12.5",
}
"""The rule each waiting point cites (but for the cases in :func:`decision_rule`)."""


def decision(s: CreepyFallsData) -> Decision:
    """The decision the game waits for now: a player's choice, chance, the rules, or the end.

    Args:
        s: The state.

    Returns:
        The decision's kind, who decides (None unless a player does), its prompt, the
        rule it cites and the phase.
    """
    phase = PHASE_KEYS[s.phase]
    w = s.wait
    if s.phase == PH_OVER:
        return Decision("terminal", None, "The game is over.", "cf.3.3", phase)
    if w == W_CHANCE:
        text, rule = chance_step(s)
        return Decision("chance", None, text, rule, phase)
    if w == W_NONE:
        return Decision("resolving", None, "The rules are being carried out.", "", phase)
    return Decision("choice", s.actor, prompt(s), decision_rule(s), phase)


def decision_rule(s: CreepyFallsData) -> str:
    """The rule a player's decision cites: the waiting point's, with three exceptions.

    A unit to destroy cites the rule that demands it, the Form taken with the Spell that
    grants another cites cf.16.5, and a Cloud of Bats holder's placement turn cf.5.1.

    Args:
        s: The state, waiting for a player.

    Returns:
        The rule id.
    """
    if s.wait == W_DESTROY and s.dues:
        return s.dues[0].rule
    if s.wait == W_FORM and s.phase == PH_EXTRA:
        return "cf.16.5"
    if s.wait == W_PLACE and s.holds_form(s.actor, CLOUD_OF_BATS):
        return "cf.5.1"
    return _DECISION_RULES.get(s.wait, "cf.3.1")


_PROMPTS = {
    W_ARMY: "{who}: choose your starting army",
    W_FORM: "{who}: choose a Form for this round",
    W_FOG: "{who} (Acid Fog): move the Van Helsing die, or leave it",
    W_RAT: "{who} (Swarm of Rats): put Rat marker {marker} of 3 on a zone",
    W_PLACE: "{who}: your placement turn: choose a zone and the units to place there",
    W_FOX: "{who} (Flying Fox): move one placed Ghoul as if it were a Mummy, or not",
    W_TAKE: "{who}: choose a token in {zone}",
    W_KARLOFF: "{who}: choose a Karloff-113 action",
    W_DESTROY: "{who}: choose a unit of your army to destroy",
    W_BUY: "{who}: buy units or cast Spells, then finish buying",
    W_SELL: "{who}: sell tokens of one type for Blood, or sell nothing",
}
"""What each waiting point asks its player."""


def prompt(s: CreepyFallsData) -> str:
    """What the waiting player is asked, e.g. ``"Red: choose a Form for this round"``.

    Args:
        s: The state, waiting for a player.

    Returns:
        The prompt text.
    """
    w = s.wait
    zone = s.zone_name(s.res_zone) if w == W_TAKE else ""
    text = _PROMPTS.get(w, "{who} decides")
    return text.format(who=s.name(s.actor), marker=s.count + 1, zone=zone)


def chance_step(s: CreepyFallsData) -> tuple[str, str]:
    """What the chance step does and its rule: the first player (cf.2.1), the round
    tokens (cf.2.4), or Fortune's Die (cf.16.3).

    Args:
        s: The state, waiting for chance.

    Returns:
        The prompt text and the rule id.
    """
    if s.phase == PH_FIRST:
        return "Choose the first player at random", "cf.2.1"
    if s.phase == PH_TOKENS:
        return "Place the round tokens at random in the Castle and the Swamp", "cf.2.4"
    return f"{s.name(s.actor)} rolls the three-outcome die", "cf.16.3"


def chance_outcomes(s: CreepyFallsData) -> list[tuple[Action, float]]:
    """The first player, the round tokens, or Fortune's Die, with their chances.

    Args:
        s: The state.

    Returns:
        Each outcome and its probability; empty unless the state waits for chance.
    """
    if s.wait != W_CHANCE:
        return []
    g = s.game
    if s.phase == PH_FIRST:
        return [(a, 1.0 / s.n) for a in g.first_actions]
    if s.phase == PH_TOKENS:
        outcomes: list[tuple[Action, float]] = g.token_outcomes
        return outcomes
    faces: list[Action] = g.die_actions
    return [(a, 1.0 / len(faces)) for a in faces]


def legal_options(s: CreepyFallsData) -> list[Action]:
    """The legal actions at the waiting point, by the rule group that owns it.

    Args:
        s: The state.

    Returns:
        The actions in sorted order (kind, then arguments); empty at the end.
    """
    w = s.wait
    if s.phase == PH_OVER:
        return []
    if w == W_CHANCE:
        return [a for a, _ in chance_outcomes(s)]
    p = s.actor
    if w == W_PLACE:
        return placement.placements(s, p)
    if w == W_ARMY:
        return s.game.army_actions[p][:]
    if w == W_FORM:
        return [s.game.form_actions[p][f] for f in form_choice.free_forms(s)]
    if w == W_FOG:
        return forms.fog_options(s, p)
    if w == W_RAT:
        return forms.rat_options(s, p)
    if w == W_FOX:
        return forms.fox_moves(s, p)
    if w == W_TAKE:
        return resolution.take_options(s, p)
    if w == W_KARLOFF:
        return karloff_113.karloff_options(s, p)
    if w == W_DESTROY:
        return destroying.destroy_options(s, p)
    if w == W_BUY:
        return store.purchases(s, p)
    if w == W_SELL:
        return store.sales(s, p)
    return []
