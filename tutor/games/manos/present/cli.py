"""Manos as terminal text: the board, the hands, the challenge and the choices (``cli_text``)."""

from __future__ import annotations

from typing import Any, TextIO


def write_view(view: dict[str, Any], legal: list[str], out: TextIO) -> None:
    """Write a readable summary of a Manos view and the legal actions.

    Args:
        view: ``state.view(player)`` (without its trace).
        legal: the labels of the legal actions the viewer may see (empty otherwise).
        out: where to write.
    """
    viewer = view.get("viewer")
    eyes = "everything (the tutor)" if viewer is None else f"as {view['players'][viewer]['name']}"
    out.write(
        f"Round {view['round']}: the {view['turn']} turn ({view['actions_left']} actions "
        f"left). Showing {eyes}.\n"
    )
    out.write(
        f"Escape cards: {view['escapes']} of 4 (escalation +{view['escalation']}); "
        f"the Escape card by the Lair: {'there' if view['lair_escape'] else 'taken'}.\n"
    )
    for ch in view["characters"]:
        where = "captured" if ch["captured"] else f"at the {ch['location']}"
        stats = ", ".join(f"{k} {v}" for k, v in ch["stats"].items())
        out.write(f"  {ch['name']} ({stats}): {where}, corruption {ch['corruption']}\n")
    for loc in view["locations"]:
        if loc["search_deck"] is not None:
            cards = f" {loc['search_cards']}" if loc["search_cards"] is not None else ""
            out.write(f"  {loc['name']}: Search Deck {loc['search_deck']}{cards}\n")
    for pl in view["players"]:
        hand = ", ".join(pl["hand"]) if pl["hand"] is not None else "hidden"
        out.write(f"  {pl['name']}: hand ({pl['hand_size']}): {hand}; deck {pl['deck_size']}\n")
    if view.get("police"):
        out.write(f"Police proximity: {view['police']['proximity']} of 3\n")
    ch = view.get("challenge")
    if ch:
        out.write(
            f"Challenge: {ch['card']} on {ch['target']}, {ch['stat']} rating {ch['rating']}; "
            f"Effort cards: {', '.join(ch['efforts']) or 'none'}\n"
        )
    decision = view.get("decision") or {}
    out.write(f"Now: {decision.get('prompt', '')}\n")
    if legal:
        out.write("Legal actions:\n" + "".join(f"  - {label}\n" for label in legal))
    elif decision.get("kind") == "choice":
        out.write("(the other side decides; its choices are hidden)\n")


__all__ = ["write_view"]
