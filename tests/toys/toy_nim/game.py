"""Toy Nim: two players take one to three stones from one pile; the last stone decides.

Deterministic and with perfect information: no chance step, nothing hidden.  The
``last_stone`` ruling (a switchable house rule) turns it into misere play.
"""

from __future__ import annotations

from typing import Any, ClassVar

from toys import NIM_SPEC
from toys._base import ToyState, toy_rulebook
from tutor.core.errors import OptionError, SessionFileError
from tutor.core.game import Game
from tutor.core.rng import Rng
from tutor.core.types import Action, Decision, Outcome, Rejection, Verdict

NAMES = ("North", "South")


class NimGame(Game):
    """Toy Nim with a pile of ``stones`` (default 40).

    Raises:
        OptionError: for a pile smaller than 1 or an unknown ruling option.
    """

    spec = NIM_SPEC
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer"},
            "stones": {"type": "integer"},
            "rulings": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    }

    def __init__(self, players: int = 2, stones: int = 40, rulings: dict[str, Any] | None = None):
        if stones < 1:
            raise OptionError(f"stones must be at least 1, got {stones}")
        book = toy_rulebook("toy_nim")
        options: dict[str, Any] = {"players": players}
        if stones != 40:
            options["stones"] = stones
        if rulings:
            options["rulings"] = dict(rulings)
        super().__init__(book, options, players)
        self.stones = stones
        self.last_stone_wins = book.choose_rulings(rulings)["last_stone"] == "wins"

    def new_state(self, seed: int | None = None, tracing: bool = True) -> NimState:
        state = NimState(self, Rng(seed or 0), tracing)
        state.pile = self.stones
        state.taken = [0, 0]
        state.to_move = 0
        state.turn = 1
        state.result = None
        state.note("nim.1.1", f"{self.stones} stones make the pile; {NAMES[0]} moves first.")
        return state

    def state_from_dict(self, data: dict[str, Any]) -> NimState:
        if data.get("game") != self.name:
            raise SessionFileError(
                "<state>", f"not a {self.name} state: game is {data.get('game')!r}"
            )
        state = NimState.from_dict(self, data)
        assert isinstance(state, NimState)
        return state

    def check_invariants(self, state: Any, before: Any = None) -> list[str]:
        problems = []
        if state.pile < 0:
            problems.append(f"the pile holds {state.pile} stones")
        if state.pile + sum(state.taken) != self.stones:
            problems.append("stones were created or lost")
        if before is not None and not 0 <= before.pile - state.pile <= 3:
            problems.append(f"{before.pile - state.pile} stones were taken in one step")
        return problems


class NimState(ToyState):
    """A Toy Nim position: the pile, the stones each player took, who moves."""

    FIELDS = ("pile", "taken", "to_move", "turn", "result")
    pile: int
    taken: list[int]
    to_move: int
    turn: int
    result: dict[str, Any] | None

    @property
    def decision(self) -> Decision:
        if self.result is not None:
            return Decision("terminal", None, "The game is over.", "nim.3.1", "end")
        return Decision(
            "choice", self.to_move, f"{NAMES[self.to_move]}: take stones", "nim.2.1", "take"
        )

    def decision_kind(self) -> str:
        return "terminal" if self.result is not None else "choice"

    @property
    def turn_number(self) -> int:
        return self.turn

    def _legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        p = self.to_move
        return [
            Action(p, "take", (k,), f"take {k} stone{'s' if k > 1 else ''}")
            for k in range(1, min(3, self.pile) + 1)
        ]

    def _explain_illegal(self, action: Action) -> Verdict:
        if self.result is not None:
            return Verdict(False, "the game is over", "nim.3.1", Rejection.GAME_OVER)
        if action.player != self.to_move:
            return Verdict(
                False, f"it is {NAMES[self.to_move]}'s turn", "nim.2.1", Rejection.WRONG_PLAYER
            )
        if action.kind != "take":
            return Verdict(
                False, "the only move is to take stones", "nim.2.1", Rejection.WRONG_PHASE
            )
        return Verdict(
            False, "take one to three stones the pile holds", "nim.2.1", Rejection.FORBIDDEN
        )

    def _apply(self, action: Action) -> None:
        p, k = action.player, int(action.args[0])
        self.pile -= k
        self.taken[p] += k
        self.steps += 1
        self.note("nim.2.1", f"{NAMES[p]} takes {k}; {self.pile} left.", p, "action")
        if self.pile == 0:
            wins = self.game.last_stone_wins  # type: ignore[attr-defined]
            winner = p if wins else 1 - p
            self.result = {"winner": winner, "turns": self.turn}
            verb = "wins" if wins else "loses"
            self.note("nim.3.1", f"{NAMES[p]} took the last stone and {verb}.")
            return
        self.to_move = 1 - p
        if self.to_move == 0:
            self.turn += 1

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    def view(self, player: int | None) -> dict[str, Any]:
        outcome = self.outcome()
        return {
            "game": self.game.name,
            "viewer": player,
            "turn": self.turn,
            "pile": self.pile,
            "players": [{"name": NAMES[p], "taken": self.taken[p]} for p in range(2)],
            "to_move": None if self.result else self.to_move,
            "outcome": outcome.to_dict() if outcome else None,
            "trace": self.trace_for(player),
        }

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        w = self.result["winner"]
        return Outcome(
            winners=(w,),
            losers=(1 - w,),
            tied=(),
            scores=tuple(1.0 if p == w else -1.0 for p in range(2)),
            reason="last_stone",
            text=f"{NAMES[w]} wins.",
            rule="nim.3.1",
            turns=self.result["turns"],
        )

    def returns(self) -> list[float]:
        if self.result is None:
            return [0.0, 0.0]
        return [1.0 if p == self.result["winner"] else -1.0 for p in range(2)]


__all__ = ["NimGame", "NimState"]
