"""Toy High Hand: 2-6 players, hidden two-card hands, a shuffled deck, the highest total wins.

Each card dealt or drawn is an explicit chance step whose outcomes are the values left
in the deck, weighted by their copies (so the shuffle is the sequence of those
steps).  Hands are hidden: a player sees their own cards, the others' card counts,
the face-up discards and the size of the deck.  Four rounds: in turn order each
player keeps their hand or discards one card face up and draws.  At the showdown the
highest total wins; equal highest totals tie.
"""

from __future__ import annotations

from typing import Any

from toys import HIGH_HAND_SPEC
from toys._base import ToyState, toy_rulebook
from tutor.core.errors import SessionFileError
from tutor.core.game import Game
from tutor.core.rng import Rng
from tutor.core.types import CHANCE, Action, Decision, Outcome, Rejection, Verdict

VALUES = range(1, 9)
COPIES = 4
HAND = 2
ROUNDS = 4
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def a(value: int) -> str:
    """``"a 5"`` or ``"an 8"``."""
    return f"an {value}" if value == 8 else f"a {value}"


class HighHandGame(Game):
    """Toy High Hand for 2 to 6 players."""

    spec = HIGH_HAND_SPEC

    def __init__(self, players: int = 2, modules: Any = ()) -> None:
        super().__init__(toy_rulebook("toy_high_hand"), {"players": players}, players)

    def new_state(self, seed: int | None = None, tracing: bool = True) -> HighHandState:
        state = HighHandState(self, Rng(seed or 0), tracing)
        state.deck = [COPIES] * len(VALUES)
        state.hands = [[] for _ in range(self.num_players)]
        state.discards = []
        state.swaps = [0] * self.num_players
        state.phase = "deal"
        state.to_move = 0
        state.round = 1
        state.result = None
        state.note("hh.1.1", f"The deck of {COPIES * len(VALUES)} cards is shuffled.")
        return state

    def state_from_dict(self, data: dict[str, Any]) -> HighHandState:
        if data.get("game") != self.name:
            raise SessionFileError(
                "<state>", f"not a {self.name} state: game is {data.get('game')!r}"
            )
        state = HighHandState.from_dict(self, data)
        assert isinstance(state, HighHandState)
        return state

    def check_invariants(self, state: Any, before: Any = None) -> list[str]:
        problems = []
        count = list(state.deck)
        for card in [c for hand in state.hands for c in hand] + state.discards:
            count[card - 1] += 1
        if count != [COPIES] * len(VALUES):
            problems.append(f"cards were created or lost: {count}")
        if any(n < 0 for n in state.deck):
            problems.append("the deck holds a negative count")
        if state.phase in ("turn", "end") and any(len(h) != HAND for h in state.hands):
            problems.append("a hand does not hold two cards")
        if any(h != sorted(h) for h in state.hands):
            problems.append("a hand is not kept sorted")
        return problems

    def hidden_variants(self, state: Any, player: int) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        if state.phase == "end":
            return out  # the showdown shows every hand
        for q, hand in enumerate(state.hands):
            if q == player or not hand:
                continue
            card = hand[0]
            other = next((v for v in VALUES if v != card and state.deck[v - 1] > 0), None)
            if other is None:
                continue
            copy = state.clone()
            copy.hands[q] = sorted([other, *hand[1:]])
            copy.deck[card - 1] += 1
            copy.deck[other - 1] -= 1
            out.append((f"{NAMES[q]}'s hand", copy))
        return out

    def determinize(self, state: Any, player: int, rng: Rng) -> HighHandState:
        """Deal the cards ``player`` cannot see (the deck, the others' hands) again.

        Raises:
            ValueError: if ``player`` is not a seat of this game.
        """
        if not 0 <= player < self.num_players:
            raise ValueError(f"player {player} is not in this game")
        pool = [v for v in VALUES for _ in range(state.deck[v - 1])]
        for q, hand in enumerate(state.hands):
            if q != player:
                pool += hand
        pool.sort()
        rng.shuffle(pool)
        world = state.clone()
        world.trace = []
        world.tracing = False
        world.rng = Rng(rng.next_u64())
        for q, hand in enumerate(state.hands):
            if q != player:
                world.hands[q] = sorted(pool.pop() for _ in hand)
        world.deck = [pool.count(v) for v in VALUES]
        return world


class HighHandState(ToyState):
    """A Toy High Hand position."""

    FIELDS = ("deck", "hands", "discards", "swaps", "phase", "to_move", "round", "result")
    deck: list[int]
    hands: list[list[int]]
    discards: list[int]
    swaps: list[int]
    phase: str
    to_move: int
    round: int
    result: dict[str, Any] | None

    @property
    def decision(self) -> Decision:
        if self.phase == "end":
            return Decision("terminal", None, "The game is over.", "hh.3.1", "end")
        if self.phase == "deal":
            return Decision("chance", None, "Deal a card", "hh.1.1", "deal")
        if self.phase == "draw":
            return Decision("chance", None, "Draw a card", "hh.2.2", "draw")
        return Decision(
            "choice", self.to_move, f"{NAMES[self.to_move]}: keep or swap", "hh.2.1", "turn"
        )

    def decision_kind(self) -> str:
        return {"end": "terminal", "turn": "choice"}.get(self.phase, "chance")

    @property
    def turn_number(self) -> int:
        return self.round

    def _legal_actions(self) -> list[Action]:
        if self.phase == "turn":
            p = self.to_move
            legal = [Action(p, "keep", (), "keep your hand")]
            if sum(self.deck):
                legal += [
                    Action(p, "swap", (v,), f"swap your {v}") for v in sorted(set(self.hands[p]))
                ]
            return legal
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase not in ("deal", "draw"):
            return []
        total = sum(self.deck)
        return [
            (Action(CHANCE, self.phase, (v,), f"{self.phase} {a(v)}"), n / total)
            for v, n in zip(VALUES, self.deck, strict=True)
            if n
        ]

    def _explain_illegal(self, action: Action) -> Verdict:
        if self.phase == "end":
            return Verdict(False, "the game is over", "hh.3.1", Rejection.GAME_OVER)
        if self.phase != "turn":
            if action.player == CHANCE:
                return Verdict(
                    False, "no such card is left", "hh.2.2", Rejection.IMPOSSIBLE_OUTCOME
                )
            return Verdict(False, "a card is being dealt", "hh.1.1", Rejection.CHANCE_STEP)
        if action.player != self.to_move:
            return Verdict(
                False, f"it is {NAMES[self.to_move]}'s turn", "hh.2.1", Rejection.WRONG_PLAYER
            )
        if action.kind == "swap" and not sum(self.deck):
            return Verdict(False, "the deck is empty", "hh.2.2", Rejection.FORBIDDEN)
        if action.kind == "swap":
            return Verdict(False, "you hold no such card", "hh.2.1", Rejection.NOT_AVAILABLE)
        return Verdict(False, "keep or swap", "hh.2.1", Rejection.NOT_LEGAL)

    def _apply(self, action: Action) -> None:
        self.steps += 1
        n = self.game.num_players
        p = self.to_move
        if action.player == CHANCE:
            v = int(action.args[0])
            self.deck[v - 1] -= 1
            self.hands[p].append(v)
            self.hands[p].sort()
            rule = "hh.1.1" if self.phase == "deal" else "hh.2.2"
            verb = "is dealt" if self.phase == "deal" else "draws"
            self.note(
                rule,
                f"{NAMES[p]} {verb} {a(v)}.",
                None,
                "chance",
                frozenset({p}),
                f"{NAMES[p]} {verb} a card.",
            )
            if self.phase == "deal":
                dealt = sum(len(h) for h in self.hands)
                self.to_move = dealt % n
                if dealt == HAND * n:
                    self.phase = "turn"
                return
            self._next_turn()
            return
        if action.kind == "keep":
            self.note("hh.2.1", f"{NAMES[p]} keeps their hand.", p, "action")
            self._next_turn()
            return
        v = int(action.args[0])
        self.hands[p].remove(v)
        self.discards.append(v)
        self.swaps[p] += 1
        self.note("hh.2.1", f"{NAMES[p]} discards {a(v)}.", p, "action")
        self.phase = "draw"

    def _next_turn(self) -> None:
        self.phase = "turn"
        self.to_move = (self.to_move + 1) % self.game.num_players
        if self.to_move == 0:
            self.round += 1
            if self.round > ROUNDS:
                self.round = ROUNDS
                self._showdown()

    def _showdown(self) -> None:
        totals = [sum(h) for h in self.hands]
        best = max(totals)
        top = [p for p, t in enumerate(totals) if t == best]
        self.phase = "end"
        self.result = {"totals": totals, "top": top}
        shown = ", ".join(f"{NAMES[p]} {self.hands[p]}" for p in range(len(totals)))
        if len(top) == 1:
            self.note("hh.3.1", f"Hands shown: {shown}. {NAMES[top[0]]} wins with {best}.")
        else:
            who = " and ".join(NAMES[p] for p in top)
            self.note("hh.3.1", f"Hands shown: {shown}. {who} tie with {best}.")

    def view(self, player: int | None) -> dict[str, Any]:
        over = self.phase == "end"
        outcome = self.outcome()
        return {
            "game": self.game.name,
            "viewer": player,
            "round": self.round,
            "phase": self.phase,
            "to_move": self.to_move if self.phase == "turn" else None,
            "deck_size": sum(self.deck),
            "discards": list(self.discards),
            "players": [
                {
                    "name": NAMES[q],
                    "hand": list(h) if (player is None or q == player or over) else None,
                    "hand_size": len(h),
                    "swaps": self.swaps[q],
                }
                for q, h in enumerate(self.hands)
            ],
            "outcome": outcome.to_dict() if outcome else None,
            "trace": self.trace_for(player),
        }

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        totals, top = self.result["totals"], self.result["top"]
        n = len(totals)
        shared = len(top) > 1
        return Outcome(
            winners=() if shared else tuple(top),
            losers=tuple(p for p in range(n) if p not in top),
            tied=tuple(top) if shared else (),
            scores=tuple(float(t) for t in totals),
            reason="showdown",
            text="equal highest totals tie" if shared else f"{NAMES[top[0]]} has the highest total",
            rule="hh.3.1",
            turns=ROUNDS,
        )

    def returns(self) -> list[float]:
        if self.result is None:
            return [0.0] * self.game.num_players
        top = self.result["top"]
        win = 0.0 if len(top) > 1 else 1.0
        return [win if p in top else -1.0 for p in range(self.game.num_players)]


__all__ = ["HighHandGame", "HighHandState"]
