"""Creepy Falls as terminal text: the board and players of a view, then the choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from tutor.games.creepy_falls.present.picture import TOKEN_LETTERS, units_line


def write_view(view: dict[str, Any], legal: Sequence[str], out: TextIO) -> None:
    """Write the position of ``view`` and the legal action labels to ``out`` (cli_text hook)."""
    names = [pl["name"] for pl in view["players"]]
    out.write(
        f"Round {view['round']} · {view['phase']} · first player {names[view['first_player']]}\n"
    )
    out.write(f"Van Helsing die on {view['van_helsing']}\n")
    for zone in view["zones"]:
        parts = [
            f"{names[e['player']]} {units_line(e['units'])} (size {e['size']})"
            for e in zone["units"]
        ]
        if zone["neutral"]:
            parts.insert(0, f"neutral Ghouls {zone['neutral']}")
        marks = (" [rat]" if zone["rat"] else "") + (
            " [Van Helsing]" if zone["van_helsing"] else ""
        )
        out.write(f"  {zone['number']}. {zone['name']}{marks}: {'; '.join(parts) or '-'}\n")
    for key in ("castle", "swamp"):
        got = ", ".join(f"{v} {k}" for k, v in view[key].items() if v) or "none"
        out.write(f"{key.title()} tokens: {got}\n")
    for info in view["players"]:
        tokens = ", ".join(
            f"{info['tokens'][k]} {label}" for k, label in TOKEN_LETTERS if info["tokens"][k]
        )
        out.write(
            f"{info['name']}: {info['power_points']} PP; tokens {tokens or 'none'}; "
            f"units off the board {units_line(info['army']) or 'none'}; "
            f"Forms {', '.join(info['forms']) or '-'}; Spells {', '.join(info['spells']) or '-'}\n"
        )
    if view.get("outcome"):
        out.write(f"Game over: {view['outcome']['text']} [{view['outcome']['rule']}]\n")
        return
    out.write(f"Decision: {view['prompt']}\n")
    if not legal:
        out.write("Legal actions: none shown (not this viewer's decision, or a chance step).\n")
        return
    out.write("Legal actions:\n")
    for i, label in enumerate(legal, 1):
        out.write(f"  {i}. {label}\n")
