"""Scenario ``setup`` keys for Mentis: a position given by its stacks, hands and turn.

```yaml
setup:
  board:                 # square -> the owner and the tiles, bottom first
    d1: {owner: blue, tiles: [king]}
    c3: {owner: blue, tiles: [trenchman, spear]}
    d7: {owner: red, tiles: [king]}
  hands:                 # optional; default: the full set minus the tiles on the board
    blue: {spear: 1}
  to_move: red           # optional (default blue)
  turn: 12               # optional round number (default 1)
```

Tiles not on the board nor in hand count as captured.  The position must obey the
rules (Kings alone on their own Hill, stacks of at most three, no tile on a Hill).
Both players know every tile on the board, except that under ``memory="tops"`` a
covered tile is known only to its owner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.errors import ScenarioError
from tutor.games.mentis.engine.board import (
    KIND_NAMES,
    KINDS,
    MAX_HEIGHT,
    PLAYER_NAMES,
    SQUARES,
    square_name,
    square_of,
)

if TYPE_CHECKING:
    from tutor.games.mentis.engine.state import MentisState
    from tutor.games.mentis.game import MentisGame

_KIND_WORDS = {name.lower(): k for k, name in enumerate(KIND_NAMES)}
_PLAYERS = {name.lower(): p for p, name in enumerate(PLAYER_NAMES)}
_KIND_ENUM = sorted(_KIND_WORDS)

SETUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "board": {
            "type": "object",
            "propertyNames": {"pattern": "^[a-gA-G][1-7]$"},
            "additionalProperties": {
                "type": "object",
                "required": ["owner", "tiles"],
                "additionalProperties": False,
                "properties": {
                    "owner": {"enum": ["blue", "red"]},
                    "tiles": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": MAX_HEIGHT,
                        "items": {"enum": _KIND_ENUM},
                    },
                },
            },
        },
        "hands": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                colour: {
                    "type": "object",
                    "propertyNames": {"enum": _KIND_ENUM},
                    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 3},
                }
                for colour in ("blue", "red")
            },
        },
        "to_move": {"enum": ["blue", "red"]},
        "turn": {"type": "integer", "minimum": 1},
    },
}


def apply_setup(game: MentisGame, s: MentisState, setup: dict[str, Any]) -> None:
    """Replace the position of a fresh state by the scenario's (already schema-checked).

    Raises:
        ScenarioError: naming the setup key when the position breaks a rule.
    """
    if not setup:
        return
    if "board" in setup:
        s.stacks = [[] for _ in range(SQUARES)]
        s.known = [[] for _ in range(SQUARES)]
        s.owner = [-1] * SQUARES
        for name, entry in setup["board"].items():
            sq = square_of(name)
            s.stacks[sq] = [_KIND_WORDS[t] for t in entry["tiles"]]
            s.known[sq] = [3] * len(entry["tiles"])
            s.owner[sq] = _PLAYERS[entry["owner"]]
            s._settle(sq)  # under memory "tops" the covered enemy tiles are not remembered
    on_board = [[0] * KINDS, [0] * KINDS]
    for sq in range(SQUARES):
        for k in s.stacks[sq]:
            on_board[s.owner[sq]][k] += 1
    hands = setup.get("hands", {})
    for p, colour in enumerate(("blue", "red")):
        if colour in hands:
            hand = [0] * KINDS
            for word, n in hands[colour].items():
                hand[_KIND_WORDS[word]] = n
        else:
            hand = [game.full_set[k] - on_board[p][k] for k in range(KINDS)]
            hand[0] = 0
        lost = [game.full_set[k] - on_board[p][k] - hand[k] for k in range(KINDS)]
        over = [k for k in range(KINDS) if lost[k] < 0 or hand[k] < 0]
        if over:
            k = over[0]
            raise ScenarioError(
                f"setup.hands.{colour}" if colour in hands else "setup.board",
                f"{PLAYER_NAMES[p]} would have more than {game.full_set[k]} "
                f"{KIND_NAMES[k]} tile(s) in all",
            )
        s.hands[p], s.lost[p] = hand, lost
    if "to_move" in setup:
        s.to_move = _PLAYERS[setup["to_move"]]
    if "turn" in setup:
        s.turn = int(setup["turn"])
    s.board_changed()
    s.history = {s.position_key(): 1}
    problems = game.check_invariants(s)
    if problems:
        raise ScenarioError("setup.board", problems[0])
    if s.tracing:
        s.log(
            "me.1.1",
            "The scenario's position is set up on the board.",
            sets=" ".join(f"stack/{square_name(q)}" for q in range(SQUARES) if s.stacks[q]),
        )
        s.mark_position(s.position_key())
