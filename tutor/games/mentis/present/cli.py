"""Mentis as terminal text: the board grid, the stacks as the viewer knows them, the hands.

``tutor whatif`` and ``tutor play`` write a position with this (the ``cli_text`` hook).
Each square shows its owner's letter (b Blue, r Red), the top tile's letter (K King,
S Spear, T Trenchman, N Noble, W Wolf) and the height when above one; Hill squares
show ``^^``.  Below the grid every stack is listed bottom first, ``?`` for a tile the
viewer does not know.
"""

from __future__ import annotations

from typing import Any, TextIO

LETTERS = {"King": "K", "Spear": "S", "Trenchman": "T", "Noble": "N", "Wolf": "W"}
HILL_SQUARES = {"c1", "d1", "e1", "c7", "d7", "e7"}


def _counts(counts: dict[str, int] | None) -> str:
    if counts is None:
        return "hidden"
    return ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "none"


def board_lines(view: dict[str, Any]) -> list[str]:
    """The 7x7 grid as text lines, Red's home row on top."""
    cells = {entry["square"]: entry for entry in view["board"]}
    lines = []
    for row in range(7, 0, -1):
        parts = []
        for col in "abcdefg":
            name = f"{col}{row}"
            entry = cells.get(name)
            if entry is None:
                parts.append(" ^^ " if name in HILL_SQUARES else "  . ")
                continue
            text = entry["owner"][0].lower() + LETTERS[entry["top"]]
            text += str(entry["height"]) if entry["height"] > 1 else " "
            parts.append(f" {text}")
        lines.append(f"{row} " + "".join(parts))
    lines.append("   " + "".join(f" {c}  " for c in "abcdefg"))
    return lines


def write_view(view: dict[str, Any], legal: list[str], out: TextIO) -> None:
    """The ``cli_text`` hook: a Mentis view and the legal actions as text.

    Args:
        view: ``state.view(player)``.
        legal: the labels of the legal actions the viewer may see (empty otherwise).
        out: where to write.
    """
    viewer = view.get("viewer")
    names = [p["name"] for p in view["players"]]
    seen_as = "everything (omniscient view)" if viewer is None else f"as {names[viewer]} knows it"
    out.write(f"Round {view['turn']}, {view['to_move'] or 'nobody'} to move. Showing {seen_as}.\n")
    for line in board_lines(view):
        out.write(line + "\n")
    stacks = [e for e in view["board"] if e["height"] > 1]
    if stacks:
        out.write("Stacks (bottom first, ? = not known to the viewer):\n")
        for e in stacks:
            tiles = ", ".join(t or "?" for t in e["tiles"])
            out.write(f"  {e['square']} {e['owner']}: {tiles}\n")
    for p in view["players"]:
        line = f"{p['name']}: hand {_counts(p['hand'])} ({p['hand_size']} tiles)"
        if p["hand"] is None and p.get("unseen"):
            line += f"; not yet placed by the viewer: {_counts(p['unseen'])}"
        line += f"; lost {_counts(p['lost'])}"
        out.write(line + "\n")
    outcome = view.get("outcome")
    if outcome:
        out.write(f"Game over: {outcome['text']} [{outcome['rule']}]\n")
        return
    out.write(f"Decision: {view['prompt']}\n")
    if viewer is not None and view["to_move"] != names[viewer]:
        out.write(f"Legal actions: hidden from {names[viewer]} (not their decision).\n")
        return
    out.write("Legal actions:\n")
    for i, label in enumerate(legal, 1):
        out.write(f"  {i:3d}. {label}\n")
