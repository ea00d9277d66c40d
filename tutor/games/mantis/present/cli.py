"""Mantis positions as terminal text (the spec's ``cli_text`` hook, used by ``tutor whatif``)."""

from __future__ import annotations

from typing import Any, TextIO


def write_view(view: dict[str, Any], legal: list[str], out: TextIO) -> None:
    """Write the table as ``view``'s player sees it, then the choices (if any)."""
    from tutor.games.mantis.deck import load_deck

    deck = load_deck()
    back = view["top_back"]
    out.write(f"Turn {view['turn']}, draw pile {view['draw_pile']} cards")
    out.write(f", top card's back: {', '.join(back)}\n" if back else "\n")
    out.write(f"Discard pile: {len(view['discard'])} cards\n")
    for q, entry in enumerate(view["players"]):
        marker = ">" if q == view["turn_player"] else " "
        tank = ", ".join(sorted(deck.colour(c) for c in entry["tank"])) or "empty"
        line = f"{marker} {entry['name']}: scored {entry['score_count']}; tank {tank}"
        if entry.get("lives") is not None:
            line += f"; lives {entry['lives']}"
        if entry["out"]:
            line += " (out)"
        if view.get("holder") == q:
            line += "; holds the Power Token"
        out.write(line + "\n")
    decision = view["decision"]
    if decision["kind"] == "terminal":
        outcome = view.get("outcome") or {}
        out.write(f"Game over: {outcome.get('text', '')} [{decision['rule']}]\n")
        return
    out.write(f"Decision: {decision['prompt']} [{decision['rule']}]\n")
    viewer = view["viewer"]
    if viewer is not None and decision["player"] != viewer:
        name = view["players"][viewer]["name"]
        out.write(f"Legal actions: hidden from {name} (not their decision).\n")
        return
    out.write("Legal actions:\n")
    for i, label in enumerate(legal, 1):
        out.write(f"  {i}. {label}\n")


__all__ = ["write_view"]
