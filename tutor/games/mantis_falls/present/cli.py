"""Mantis Falls as terminal text: the position, the event, the decision and the choices.

``tutor whatif`` writes a scenario's position with this (the game's ``cli_text``
hook): each player's road, wounds, gasp marker, hand (or how many cards, hidden),
conditions and allies; the event; Conserved Energy; the decision and the legal
actions, or why they are hidden from the chosen player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO


def _most(p: dict[str, Any]) -> str:
    """A player's maximum wounds, or ``?`` while a face-down character hides it."""
    return "?" if p.get("max_wounds") is None else str(p["max_wounds"])


def _character(p: dict[str, Any]) -> str:
    """Full Circle: the character as the view shows it ("" in a base-game view)."""
    if not p["character_face_down"]:
        return f", character {p['character']}"
    return f", character {p['character'] or 'hidden'} (face down)"


def _fmt_list(items: Sequence[str] | None, hidden: str = "hidden") -> str:
    if items is None:
        return f"({hidden})"
    return ", ".join(items) if items else "-"


def write_view(view: dict[str, Any], legal: list[str], out: TextIO) -> None:
    """The ``cli_text`` hook: a readable summary of a Mantis Falls view and the legal actions.

    Args:
        view: ``state.view(player)`` (without its trace).
        legal: the labels of the legal actions the viewer may see (empty otherwise).
        out: where to write.
    """
    players = view.get("players", [])
    names = [p.get("name", str(i)) for i, p in enumerate(players)]
    viewer = view.get("viewer")
    seen_as = "everything (omniscient view)" if viewer is None else f"as {names[viewer]} sees it"
    turn_player = names[view["turn_player"]] if players else "?"
    phase = str(view.get("phase", "")).replace("_", " ")
    out.write(
        f"Turn {view.get('turn')}: {turn_player}'s turn, phase: {phase}. Showing {seen_as}.\n"
    )
    if "bystander" in view:  # three players (mf.7.2, mf.7.3)
        active = " and ".join(names[q] for q in view["active_players"])
        out.write(f"Active players: {active}; bystander: {names[view['bystander']]}.\n")
    out.write("Players:\n")
    fc = "full_circle" in view.get("modules", ())  # Full Circle shows characters
    for p in players:
        role = p.get("role") or "role hidden"
        dead = ", DEAD" if p.get("dead") else ""
        hand = p.get("hand")
        hand_text = _fmt_list(hand) if hand is not None else f"{p.get('hand_count')} cards (hidden)"
        allies = p.get("allies_complete") or []
        character = _character(p) if fc else ""
        out.write(
            f"  {p['name']} ({role}{dead}): position {p['position']} ({p['road']}), "
            f"wounds {p['wounds']}/{_most(p)}, gasp marker {p['gasps']}{character}\n"
            f"    hand: {hand_text}\n"
            f"    conditions: {_fmt_list(p.get('conditions'))}; allies: {_fmt_list(allies)}\n"
        )
        if p.get("action_play"):
            out.write(f"    action play: {_fmt_list(p['action_play'])}\n")
        agent = p.get("agent")
        if agent is not None:  # Under the Rose (topic 23)
            out.write(f"    {_agent_line(agent)}\n")
    event = view.get("event")
    if event is None:
        out.write("Event: none this turn.\n")
    elif "name" in event:
        kind = "seen" if event.get("seen") else "unseen"
        health = f", health {event['health']}" if event.get("health") else ""
        prevented = ", prevented" if event.get("prevented") else ""
        out.write(
            f"Event: {event['name']} ({kind} {event.get('kind')}{health}{prevented}); "
            f"wounds dealt to it: {event.get('opposition_wounds', 0)}.\n"
        )
    else:
        out.write("Event: an unseen event, face down.\n")
    if view.get("conserved") is not None:
        out.write(f"Conserved Energy: {_fmt_list(view.get('conserved'))}\n")
    decision = view.get("decision", {})
    if decision.get("kind") == "terminal":
        outcome = view.get("outcome") or {}
        out.write(
            f"Game over: {outcome.get('why', '')} [{outcome.get('rule', decision['rule'])}]\n"
        )
        return
    out.write(f"Decision: {decision.get('prompt')} [{decision.get('rule')}]\n")
    if viewer is not None and decision.get("player") != viewer:
        out.write(f"Legal actions: hidden from {names[viewer]} (not their decision).\n")
        return
    out.write("Legal actions:\n")
    for i, label in enumerate(legal, 1):
        out.write(f"  {i}. {label}\n")


def _agent_line(agent: dict[str, Any]) -> str:
    """One line on a player's agent under the rose and what is buried there."""
    if agent.get("paid_off"):
        return "agent: paid off"
    buried = agent.get("buried")
    count = agent.get("buried_count", 0)
    under = _fmt_list(buried) if buried is not None else f"{count} cards (face down)"
    return (
        f"agent: {agent['name']} (weakness: {agent['weakness']}; pay off "
        f"{agent['pay_off'][0]}/{agent['pay_off'][1]}); buried under the rose: {under}"
    )


__all__ = ["write_view"]
