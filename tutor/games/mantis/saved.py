"""The JSON Schema of a saved Mantis state, so a broken session file is named precisely.

``tutor.core.validation.load_state`` checks a saved state against this schema before
the game rebuilds it, then runs the game's invariants (card conservation and the rest).
"""

from __future__ import annotations

from typing import Any

from tutor.games.mantis.engine.state import RESOLVING


def state_schema(game: Any) -> dict[str, Any]:
    """The schema of a saved state of ``game`` (its player count and deck size)."""
    n = game.num_players
    size = game.deck.size
    card = {"type": "integer", "minimum": 0, "maximum": size - 1}
    cards = {"type": "array", "items": card, "maxItems": size, "uniqueItems": True}
    per_player = {"type": "array", "items": cards, "minItems": n, "maxItems": n}
    player = {"type": "integer", "minimum": 0, "maximum": n - 1}
    players = {"type": "array", "items": player, "maxItems": n, "uniqueItems": True}
    text = {"type": "string", "maxLength": 400}
    fields: dict[str, Any] = {
        "game": {"const": "mantis"},
        "rng": {"type": "integer", "minimum": 0, "maximum": (1 << 64) - 1},
        "tracing": {"type": "boolean"},
        "steps": {"type": "integer", "minimum": 0},
        "pile": cards,
        "tanks": per_player,
        "scored": per_player,
        "discard": cards,
        "box": cards,
        "lives": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": 9},
            "minItems": n,
            "maxItems": n,
        },
        "out": {"type": "array", "items": {"type": "boolean"}, "minItems": n, "maxItems": n},
        "holder": {"type": "integer", "minimum": -1, "maximum": n - 1},
        "turn_player": player,
        "turn_no": {"type": "integer", "minimum": 0},
        "extra": {"type": "boolean"},
        "stage": {"type": "integer", "minimum": 0, "maximum": RESOLVING - 1},
        "top_back": {"type": "integer", "minimum": -1, "maximum": len(game.deck.back_colours) - 1},
        "target": {"type": "integer", "minimum": -2, "maximum": n - 1},
        "winners": players,
        "tied": players,
        "end": {
            "enum": [
                "",
                "ten_scored",
                "deck_out",
                "tank_tiebreak",
                "shared_win",
                "tie",
                "last_standing",
            ]
        },  # fmt: skip
        "end_rule": {"type": "string", "pattern": "^(mt\\.[0-9]+\\.[0-9]+)?$"},
        "end_text": text,
        "tally": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0},
            "minItems": 4 * n,
            "maxItems": 4 * n,
        },
        "trace": {"type": "array"},
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": sorted(fields),
        "properties": fields,
    }


__all__ = ["state_schema"]
