"""The facts the what-if explorer compares for Manos, in the game's own words.

The ``compare_rows`` hook: ``rows(view_a, view_b)`` lists ``(what, value A, value B)``:
the round and whose turn, Escape cards, each character's place and corruption, each
hand (or its size where the view hides it), the Search Decks' sizes and the proximity
tokens.  What a view hides stays hidden.
"""

from __future__ import annotations

from typing import Any


def _character(ch: dict[str, Any]) -> str:
    if ch["captured"]:
        return "captured"
    return f"{ch['location']}, {ch['corruption']} corruption"


def _hand(pl: dict[str, Any]) -> str:
    if pl["hand"] is None:
        return f"{pl['hand_size']} cards (hidden)"
    return ", ".join(pl["hand"]) or "no cards"


def rows(a: dict[str, Any], b: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """``(what, value in A, value in B)`` for every fact the comparison lists."""
    out: list[tuple[str, Any, Any]] = [
        ("round", a["round"], b["round"]),
        ("turn", a["turn"], b["turn"]),
        ("Escape cards", a["escapes"], b["escapes"]),
    ]
    for ca, cb in zip(a["characters"], b["characters"], strict=True):
        out.append((ca["name"], _character(ca), _character(cb)))
    for pa, pb in zip(a["players"], b["players"], strict=True):
        out.append((f"{pa['name']} hand", _hand(pa), _hand(pb)))
    for la, lb in zip(a["locations"], b["locations"], strict=True):
        if la["search_deck"] is not None:
            out.append((f"{la['name']} Search Deck", la["search_deck"], lb["search_deck"]))
    if a.get("police") and b.get("police"):
        out.append(("proximity", a["police"]["proximity"], b["police"]["proximity"]))
    return out


__all__ = ["rows"]
