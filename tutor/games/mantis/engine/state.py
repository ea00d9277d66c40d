"""The Mantis engine: the state, its turn steps and the rules that move cards.

A turn is three steps, each an explicit point of the State API:

1. chance (``stage BACK``): the top card of the draw pile shows its back (mt.3.1);
2. choice (``stage ANNOUNCE``): the player announces Score, or Steal from a target (mt.3.2);
3. chance (``stage REVEAL``): the card is turned (mt.3.3) and the Score or Steal is
   carried out at once (mt.4, mt.5), then the next turn starts (mt.3.4) or the game ends.

The draw pile is kept as the sorted list of the cards it holds: its order is unknown
to everyone, so each draw is a chance step over what it holds.  Cards are ints and the
cards of one back are a contiguous run of ids (:mod:`tutor.games.mantis.engine.table`), so the
face draw is a ``bisect`` away.  Every field is declared once, below; the module is
typed for mypyc (compiled with ``table`` as one group).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace
from typing import Any

from tutor.core.causes import CauseLinks
from tutor.core.game import RESOLVING_PROMPT, Game, State, StepLimitReached
from tutor.core.rng import Rng
from tutor.core.types import CHANCE, Action, Decision, Outcome, Rejection, TraceEntry, Verdict
from tutor.games.mantis.engine.notes import (
    BACK_SHOWN,
    CALL_MADE,
    CARD_TURNED,
    EXTRA_TURN,
    LIFE_LOST,
    PLAYER_OUT,
    SCORE_MATCHES,
    SCORE_MISSES,
    STEAL_FAILS,
    STEAL_FAILS_TO_TARGET,
    STEAL_MATCHES,
    STOLEN_CARDS_STAY,
    TOKEN_TAKEN,
    TURN_BEGINS,
    Note,
    entry_of,
    facts_of,
)
from tutor.games.mantis.engine.table import DeckTable

BACK = 0
ANNOUNCE = 1
REVEAL = 2
OVER = 3
RESOLVING = 4

SCORE = -1
"""``target`` when the player announced Score."""
NO_CALL = -2
"""``target`` before anything is announced."""

WIN_SCORE = 10
TANK_DEAL = 4

PHASES: list[tuple[str, str]] = [
    ("setup", "Setup"),
    ("back", "See the back"),
    ("announce", "Score or Steal"),
    ("reveal", "Turn the card"),
    ("over", "Game over"),
]
PHASE_OF_STAGE = ("back", "announce", "reveal", "over", "reveal")

Change = tuple[tuple[str, Any, Any], ...]


class Rules:
    """Everything the engine needs from the game's options, as plain typed values.

    Built once by the game (``MantisGame``); the state reads it on the hot path.
    """

    def __init__(
        self,
        players: int,
        names: list[str],
        table: DeckTable,
        failed_to_target: bool,
        shared_win: bool,
        lives: int,
        lives_any_way: bool,
        token: bool,
        token_start: int,
    ) -> None:
        self.players = players
        self.names = names
        self.table = table
        self.failed_to_target = failed_to_target
        self.shared_win = shared_win
        self.lives = lives
        self.lives_any_way = lives_any_way
        self.token = token
        self.token_start = token_start
        self.others: list[list[int]] = [
            [q for q in range(players) if q != p] for p in range(players)
        ]
        self.score_action: list[Action] = [Action(p, "score", (), "Score") for p in range(players)]
        self.steal_action: list[list[Action]] = [
            [Action(p, "steal", (q,), f"Steal from {names[q]}") for q in range(players)]
            for p in range(players)
        ]
        self.back_action: list[Action] = [
            Action(CHANCE, "back", (b,), f"The top card shows {table.back_text(b, True)} back")
            for b in range(len(table.back_colours))
        ]
        # Trace sentences that depend only on the table, built once (tracing speed).
        self.back_line: list[str] = [
            f"The top card of the draw pile shows {table.back_text(b, True)} back."
            for b in range(len(table.back_colours))
        ]
        self.call_line: list[list[str]] = [
            [
                f"{names[p]} announces Score."
                if q == p
                else f"{names[p]} announces a Steal from {names[q]}."
                for q in range(players)
            ]
            for p in range(players)
        ]
        self.turned_line: list[list[str]] = [
            [f"The card is turned in front of {names[q]}: it is {c}." for c in table.colour_names]
            for q in range(players)
        ]
        self.face_action: list[Action] = [
            Action(CHANCE, "face", (c,), f"The card turned is {table.card_text(c)}")
            for c in range(table.size)
        ]


class MantisState(State):
    """A Mantis game in progress (2 to 6 players)."""

    game: Game
    rules: Rules
    table: DeckTable
    rng: Rng
    entries: list[TraceEntry]
    notes: list[TraceEntry | Note]
    causes: CauseLinks | None
    tracing: bool
    steps: int
    pile: list[int]
    tanks: list[list[int]]
    scored: list[list[int]]
    discard: list[int]
    box: list[int]
    lives: list[int]
    out: list[bool]
    holder: int
    turn_player: int
    turn_no: int
    extra: bool
    stage: int
    top_back: int
    target: int
    winners: list[int]
    tied: list[int]
    end: str
    end_rule: str
    end_text: str
    tally: list[int]

    def __init__(self, game: Game, rules: Rules, rng: Rng, tracing: bool = True) -> None:
        self.game = game
        self.rules = rules
        self.table = rules.table
        self.rng = rng
        self.tracing = tracing
        # The trace: entries already written out, then notes not yet read (notes.py).
        self.entries = []
        self.notes = []
        self.causes = None  # made by the first entry written out (tutor/core/causes.py)
        self.steps = 0
        n = rules.players
        self.pile = []
        self.tanks = [[] for _ in range(n)]
        self.scored = [[] for _ in range(n)]
        self.discard = []
        self.box = []
        self.lives = [rules.lives] * n
        self.out = [False] * n
        self.holder = -1
        self.turn_player = 0
        self.turn_no = 0
        self.extra = False
        self.stage = BACK
        self.top_back = -1
        self.target = NO_CALL
        self.winners = []
        self.tied = []
        self.end = ""
        self.end_rule = ""
        self.end_text = ""
        # Per player: Scores announced, Scores that matched, Steals, Steals that matched.
        self.tally = [0] * (4 * n)

    # ------------------------------------------------------------------ copying
    def clone(self) -> MantisState:
        # A compiled (mypyc) class cannot be made with __new__ alone: build, then copy in.
        s = MantisState(self.game, self.rules, self.rng.copy(), self.tracing)
        s.entries = self.entries[:]
        s.notes = self.notes[:]
        s.steps = self.steps
        s.pile = self.pile[:]
        s.tanks = [t[:] for t in self.tanks]
        s.scored = [t[:] for t in self.scored]
        s.discard = self.discard[:]
        s.box = self.box[:]
        s.lives = self.lives[:]
        s.out = self.out[:]
        s.holder = self.holder
        s.turn_player = self.turn_player
        s.turn_no = self.turn_no
        s.extra = self.extra
        s.stage = self.stage
        s.top_back = self.top_back
        s.target = self.target
        s.winners = self.winners[:]
        s.tied = self.tied[:]
        s.end = self.end
        s.end_rule = self.end_rule
        s.end_text = self.end_text
        s.tally = self.tally[:]
        return s

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "mantis",
            "rng": self.rng.state,
            "tracing": self.tracing,
            "steps": self.steps,
            "pile": self.pile[:],
            "tanks": [t[:] for t in self.tanks],
            "scored": [t[:] for t in self.scored],
            "discard": self.discard[:],
            "box": self.box[:],
            "lives": self.lives[:],
            "out": self.out[:],
            "holder": self.holder,
            "turn_player": self.turn_player,
            "turn_no": self.turn_no,
            "extra": self.extra,
            "stage": self.stage,
            "top_back": self.top_back,
            "target": self.target,
            "winners": self.winners[:],
            "tied": self.tied[:],
            "end": self.end,
            "end_rule": self.end_rule,
            "end_text": self.end_text,
            "tally": self.tally[:],
            "trace": [e.to_dict() for e in self.trace],
        }

    def load(self, data: dict[str, Any]) -> None:
        """Set every field from :meth:`to_dict` output (already checked by the game)."""
        self.rng.state = int(data["rng"])
        self.tracing = bool(data["tracing"])
        self.steps = int(data["steps"])
        self.pile = [int(c) for c in data["pile"]]
        self.tanks = [[int(c) for c in t] for t in data["tanks"]]
        self.scored = [[int(c) for c in t] for t in data["scored"]]
        self.discard = [int(c) for c in data["discard"]]
        self.box = [int(c) for c in data["box"]]
        self.lives = [int(x) for x in data["lives"]]
        self.out = [bool(x) for x in data["out"]]
        self.holder = int(data["holder"])
        self.turn_player = int(data["turn_player"])
        self.turn_no = int(data["turn_no"])
        self.extra = bool(data["extra"])
        self.stage = int(data["stage"])
        self.top_back = int(data["top_back"])
        self.target = int(data["target"])
        self.winners = [int(x) for x in data["winners"]]
        self.tied = [int(x) for x in data["tied"]]
        self.end = str(data["end"])
        self.end_rule = str(data["end_rule"])
        self.end_text = str(data["end_text"])
        self.tally = [int(x) for x in data["tally"]]
        self.trace = [TraceEntry.from_dict(e) for e in data["trace"]]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MantisState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ small helpers
    def name(self, p: int) -> str:
        """The name of player ``p``."""
        return self.rules.names[p]

    def score_count(self, p: int) -> int:
        """How many cards are in player ``p``'s score pile."""
        return len(self.scored[p])

    def targets(self, p: int) -> list[int]:
        """The players ``p`` may steal from: every other player still in the game."""
        if self.rules.lives == 0:
            return self.rules.others[p]
        out = self.out
        return [q for q in self.rules.others[p] if not out[q]]

    @property
    def trace(self) -> list[TraceEntry]:
        """What happened, one entry per step; notes written since the last read become
        entries now (:mod:`tutor.games.mantis.engine.notes`)."""
        if self.notes:
            self._write_out()
        return self.entries

    @trace.setter
    def trace(self, entries: list[TraceEntry]) -> None:
        self.notes = []
        self.entries = entries

    def _write_out(self) -> None:
        entries = self.entries
        rules = self.rules
        for note in self.notes:
            if isinstance(note, TraceEntry):
                entries.append(self._caused(note, len(entries)))
            else:
                sets, reads = facts_of(rules, note)
                entries.append(self._caused(entry_of(rules, note), len(entries), sets, reads))
        self.notes = []

    def _caused(self, entry: TraceEntry, index: int, sets: str = "", reads: str = "") -> TraceEntry:
        """The entry with its cause (a turn's entries follow one from another), the
        standing facts it sets, and the entry that set the one it ``reads``."""
        causes = self.causes
        if causes is None:
            causes = self.causes = CauseLinks()
        cause = causes.sequential(index, entry.step)
        standing = causes.standing(self.entries, reads) if reads else None
        if standing is None and not sets:
            return entry if cause is None else replace(entry, cause=cause)
        return replace(entry, cause=cause, standing=standing, sets=sets)

    def _note(self, note: Note) -> None:
        """Write a compact note for the trace; it becomes an entry when the trace is read."""
        if type(self.entries) is list:
            self.notes.append(note)
        else:
            # A recording trace (State.positions_during) sees each entry as it is written.
            sets, reads = facts_of(self.rules, note)
            entry = self._caused(entry_of(self.rules, note), len(self.entries), sets, reads)
            getattr(self.entries, "append")(entry)  # noqa: B009

    def _tell(self, entry: TraceEntry) -> None:
        """Add an entry already written out (the setup, the end, a scenario's table)."""
        if type(self.entries) is list:
            self.notes.append(entry)
        else:
            # A recording trace (State.positions_during) sees each entry as it is written:
            # compiled code would append through the list's C API and skip the recorder.
            entry = self._caused(entry, len(self.entries))
            getattr(self.entries, "append")(entry)  # noqa: B009

    def _log(
        self,
        rule: str,
        text: str,
        actor: int,
        kind: str,
        phase: str,
        changes: Change = (),
    ) -> None:
        self._tell(
            TraceEntry(
                rule, text, None if actor < 0 else actor, kind, changes, None, "", self.steps,
                phase,
            )
        )  # fmt: skip

    # ------------------------------------------------------------------ the State API
    @property
    def decision(self) -> Decision:
        stage = self.stage
        if stage == ANNOUNCE:
            p = self.turn_player
            return Decision(
                "choice",
                p,
                f"{self.name(p)}: Score, or Steal from another player?",
                "mt.3.2",
                "announce",
            )
        if stage == BACK:
            return Decision("chance", None, "The top card shows its back.", "mt.3.1", "back")
        if stage == REVEAL:
            return Decision("chance", None, "The card is turned over.", "mt.3.3", "reveal")
        if stage == OVER:
            return Decision("terminal", None, "The game is over.", self.end_rule, "over")
        return Decision("resolving", None, RESOLVING_PROMPT, "", "reveal")

    @property
    def turn_number(self) -> int:
        return self.turn_no

    def decision_kind(self) -> str:
        stage = self.stage
        if stage == ANNOUNCE:
            return "choice"
        if stage == OVER:
            return "terminal"
        return "chance"

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def _legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage == ANNOUNCE:
            p = self.turn_player
            row = self.rules.steal_action[p]
            return [self.rules.score_action[p]] + [row[q] for q in self.targets(p)]
        if stage in (BACK, REVEAL):
            return [a for a, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        stage = self.stage
        pile = self.pile
        if stage == BACK:
            n = len(pile)
            back = self.table.back
            acts = self.rules.back_action
            out: list[tuple[Action, float]] = []
            i = 0
            while i < n:
                b = back[pile[i]]
                j = i + 1
                while j < n and back[pile[j]] == b:
                    j += 1
                out.append((acts[b], (j - i) / n))
                i = j
            return out
        if stage == REVEAL:
            lo, hi = self._back_run(self.top_back)
            k = hi - lo
            faces = self.rules.face_action
            return [(faces[pile[i]], 1.0 / k) for i in range(lo, hi)]
        return []

    def _back_run(self, b: int) -> tuple[int, int]:
        """Where the cards with back ``b`` lie in the sorted draw pile."""
        start = self.table.back_start
        pile = self.pile
        lo = bisect_left(pile, start[b])
        return lo, bisect_left(pile, start[b + 1], lo)

    def sample_chance(self, rng: Rng | None = None) -> Action:
        """Sample the chance step directly (the distribution of :meth:`chance_outcomes`).

        Raises:
            ValueError: if the next step is not a chance step.
        """
        r = self.rng if rng is None else rng
        if self.stage == BACK:
            pile = self.pile
            return self.rules.back_action[self.table.back[pile[r.below(len(pile))]]]
        if self.stage == REVEAL:
            return self.rules.face_action[self._draw_face(r)]
        raise ValueError("sample_chance called when the next step is not chance")

    def _draw_face(self, r: Rng) -> int:
        lo, hi = self._back_run(self.top_back)
        k = hi - lo
        return self.pile[lo + r.below(k) if k > 1 else lo]

    def _explain_illegal(self, action: Action) -> Verdict:
        stage = self.stage
        if stage == OVER:
            return Verdict(False, "the game is over", self.end_rule, Rejection.GAME_OVER)
        if stage != ANNOUNCE:
            rule = "mt.3.1" if stage == BACK else "mt.3.3"
            if action.player == CHANCE:
                what = "back" if stage == BACK else "card"
                return Verdict(
                    False,
                    f"no such {what} can come from the draw pile now",
                    rule,
                    Rejection.IMPOSSIBLE_OUTCOME,
                )
            return Verdict(False, "a card is being drawn, nobody chooses now", rule,
                           Rejection.CHANCE_STEP)  # fmt: skip
        p = self.turn_player
        if action.player != p:
            return Verdict(False, f"it is {self.name(p)}'s turn", "mt.3.2", Rejection.WRONG_PLAYER)
        if action.kind == "steal":
            args = action.args
            q = args[0] if len(args) == 1 else None
            if not isinstance(q, int) or isinstance(q, bool) or not 0 <= q < self.rules.players:
                return Verdict(
                    False, "a steal names one other player", "mt.3.2", Rejection.NOT_AVAILABLE
                )
            if q == p:
                return Verdict(
                    False, "you cannot steal from yourself", "mt.3.2", Rejection.FORBIDDEN
                )
            return Verdict(
                False, f"{self.name(q)} is out of the game", "mt.7.2", Rejection.NOT_AVAILABLE
            )
        if action.kind == "score":
            return Verdict(False, "Score takes no arguments", "mt.3.2", Rejection.NOT_LEGAL)
        return Verdict(
            False, "announce Score, or Steal and a target", "mt.3.2", Rejection.NOT_LEGAL
        )

    def _apply(self, action: Action) -> None:
        self.steps += 1
        stage = self.stage
        if stage == BACK:
            self._show_back(int(action.args[0]))
        elif stage == ANNOUNCE:
            self._announce(SCORE if action.kind == "score" else int(action.args[0]))
        else:
            self._turn_card(int(action.args[0]))

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        # The generic loop's draws, without building actions (the benchmark's hot loop).
        rules = self.rules
        if (
            not self.tracing
            and self.stage == BACK
            and rules.lives == 0
            and not rules.token
            and max_steps >= 3 * (len(self.pile) + 1)
        ):
            self._quick_playout(rng)
            return
        below = rng.below
        back = self.table.back
        for _ in range(max_steps):
            stage = self.stage
            if stage == BACK:
                pile = self.pile
                b = back[pile[below(len(pile))]]
                self.steps += 1
                self._show_back(b)
            elif stage == ANNOUNCE:
                p = self.turn_player
                targets = rules.others[p] if rules.lives == 0 else self.targets(p)
                i = below(len(targets) + 1)
                self.steps += 1
                self._announce(SCORE if i == 0 else targets[i - 1])
            elif stage == REVEAL:
                c = self._draw_face(rng)
                self.steps += 1
                self._turn_card(c)
            else:
                return
        raise StepLimitReached(f"game did not end within {max_steps} steps")

    def _quick_playout(self, rng: Rng) -> None:
        """The random play-out of the base rules with tracing off, turn by turn inline.

        Makes exactly the draws and changes of the step-by-step loop above (the
        conformance suite plays both and compares); the variants (lives, the Power
        Token) and traced games take that loop.  Each turn draws one card, so a game
        ends within ``len(pile) + 1`` turns.
        """
        below = rng.below
        table = self.table
        face = table.face
        back = table.back
        start = table.back_start
        rules = self.rules
        others = rules.others
        to_target = rules.failed_to_target
        n = rules.players
        pile = self.pile
        tanks = self.tanks
        scored = self.scored
        discard = self.discard
        tally = self.tally
        p = self.turn_player
        steps = self.steps
        turn_no = self.turn_no
        target = self.target
        while True:
            b = back[pile[below(len(pile))]]
            targets = others[p]
            i = below(len(targets) + 1)
            lo = bisect_left(pile, start[b])
            k = bisect_left(pile, start[b + 1], lo) - lo
            j = lo + below(k) if k > 1 else lo
            c = pile[j]
            del pile[j]
            steps += 3
            colour = face[c]
            if i == 0:
                target = SCORE
                tank = tanks[p]
                tally[4 * p] += 1
                kept = [x for x in tank if face[x] != colour]
                if len(kept) == len(tank):
                    tank.append(c)
                else:
                    tally[4 * p + 1] += 1
                    mine = scored[p]
                    mine.append(c)
                    mine.extend([x for x in tank if face[x] == colour])
                    tanks[p] = kept
                    if len(mine) >= WIN_SCORE:
                        self.steps, self.turn_no, self.turn_player = steps, turn_no, p
                        self.target = target
                        self._finish(
                            [p], [], "ten_scored", "mt.6.1",
                            f"{self.name(p)} has {len(mine)} cards in the score pile: 10 or "
                            "more wins at once.",
                        )  # fmt: skip
                        return
            else:
                q = targets[i - 1]
                target = q
                victim = tanks[q]
                tally[4 * p + 2] += 1
                kept = [x for x in victim if face[x] != colour]
                if len(kept) == len(victim):
                    if to_target:
                        victim.append(c)
                    else:
                        discard.append(c)
                else:
                    tally[4 * p + 3] += 1
                    mine = tanks[p]
                    mine.append(c)
                    mine.extend([x for x in victim if face[x] == colour])
                    tanks[q] = kept
            p = p + 1 if p + 1 < n else 0
            if not pile:
                self.steps, self.turn_no, self.turn_player = steps, turn_no, p
                self.target = target
                self.top_back = -1
                self._deck_out()
                return
            turn_no += 1

    def view(self, player: int | None) -> dict[str, Any]:
        from tutor.games.mantis.view import state_view

        return state_view(self, player)

    def outcome(self) -> Outcome | None:
        if self.stage != OVER:
            return None
        n = self.rules.players
        winners, tied = self.winners, self.tied
        return Outcome(
            winners=tuple(winners),
            losers=tuple(p for p in range(n) if p not in winners and p not in tied),
            tied=tuple(tied),
            scores=tuple(float(len(s)) for s in self.scored),
            reason=self.end,
            text=self.end_text,
            rule=self.end_rule,
            turns=self.turn_no,
            extras={
                "scored": [len(s) for s in self.scored],
                "tank": [len(t) for t in self.tanks],
                "out": [p for p in range(n) if self.out[p]],
                "discarded": len(self.discard),
                "holder": self.holder,
            },
        )

    def returns(self) -> list[float]:
        n = self.rules.players
        if self.stage != OVER:
            return [0.0] * n
        return [1.0 if p in self.winners else 0.0 if p in self.tied else -1.0 for p in range(n)]

    # ------------------------------------------------------------------ the turn
    def start_turn(self) -> None:
        """Begin the turn of ``turn_player``, or end the game if the draw pile is empty."""
        if not self.pile:
            self._deck_out()
            return
        self.turn_no += 1
        self.stage = BACK
        self.top_back = -1
        self.target = NO_CALL
        if self.tracing:
            extra = 1 if self.extra else 0
            self._note((TURN_BEGINS, self.steps, self.turn_player, self.turn_no, extra,
                        len(self.pile)))  # fmt: skip

    def _show_back(self, b: int) -> None:
        self.top_back = b
        self.stage = ANNOUNCE
        if self.tracing:
            self._note((BACK_SHOWN, self.steps, b))

    def _announce(self, target: int) -> None:
        self.target = target
        self.stage = REVEAL
        if self.tracing:
            p = self.turn_player
            self._note((CALL_MADE, self.steps, p, p if target == SCORE else target))

    def _turn_card(self, c: int) -> None:
        pile = self.pile
        del pile[bisect_left(pile, c)]
        self.stage = RESOLVING
        self.top_back = -1
        p = self.turn_player
        if self.tracing:
            where = p if self.target == SCORE else self.target
            self._note((CARD_TURNED, self.steps, where, self.table.face[c], len(pile)))
        if self.target == SCORE:
            self._score(p, c)
        else:
            self._steal(p, self.target, c)
        if self.stage == RESOLVING:
            self._next_turn()

    def _score(self, p: int, c: int) -> None:
        face = self.table.face
        colour = face[c]
        tank = self.tanks[p]
        kept = [x for x in tank if face[x] != colour]
        taken = len(tank) - len(kept)
        self.tally[4 * p] += 1
        if taken == 0:
            tank.append(c)
            if self.tracing:
                self._note((SCORE_MISSES, self.steps, p, colour, len(tank)))
            return
        self.tally[4 * p + 1] += 1
        pile = self.scored[p]
        pile.append(c)
        pile.extend(x for x in tank if face[x] == colour)
        self.tanks[p] = kept
        if self.tracing:
            self._note((SCORE_MATCHES, self.steps, p, colour, taken, len(pile), len(kept)))
        if len(pile) >= WIN_SCORE:
            self._finish(
                [p],
                [],
                "ten_scored",
                "mt.6.1",
                f"{self.name(p)} has {len(pile)} cards in the score pile: 10 or more wins at once.",
            )
            return
        if not kept and self.rules.lives and self.rules.lives_any_way:
            self._lose_life(p)

    def _steal(self, p: int, q: int, c: int) -> None:
        face = self.table.face
        colour = face[c]
        victim = self.tanks[q]
        kept = [x for x in victim if face[x] != colour]
        taken = len(victim) - len(kept)
        rules = self.rules
        self.tally[4 * p + 2] += 1
        if taken == 0:
            if rules.failed_to_target:
                victim.append(c)
            else:
                self.discard.append(c)
            if self.tracing:
                if rules.failed_to_target:
                    self._note((STEAL_FAILS_TO_TARGET, self.steps, p, q, colour, len(victim)))
                else:
                    self._note((STEAL_FAILS, self.steps, p, q, colour, len(self.discard)))
            return
        self.tally[4 * p + 3] += 1
        mine = self.tanks[p]
        before = len(mine)
        mine.append(c)
        mine.extend(x for x in victim if face[x] == colour)
        self.tanks[q] = kept
        if self.tracing:
            self._note((STEAL_MATCHES, self.steps, p, q, colour, taken, before, len(kept)))
            self._note((STOLEN_CARDS_STAY, self.steps, p))
        if rules.token and self.holder == q:
            self.holder = p
            if self.tracing:
                self._note((TOKEN_TAKEN, self.steps, p, q))
        if not kept and rules.lives:
            self._lose_life(q)

    def _lose_life(self, q: int) -> None:
        self.lives[q] -= 1
        left = self.lives[q]
        if self.tracing:
            self._note((LIFE_LOST, self.steps, q, left))
        if left > 0:
            return
        self.out[q] = True
        if self.holder == q:
            self.holder = -1
        if self.tracing:
            self._note((PLAYER_OUT, self.steps, q))
        still = [p for p in range(self.rules.players) if not self.out[p]]
        if len(still) == 1:
            self._finish(
                still,
                [],
                "last_standing",
                "mt.7.2",
                f"{self.name(still[0])} is the last player still in and wins.",
            )

    def _next_turn(self) -> None:
        p = self.turn_player
        rules = self.rules
        if rules.token and not self.extra and self.holder == p and not self.out[p]:
            self.extra = True
            if self.tracing:
                self._note((EXTRA_TURN, self.steps, p))
            self.start_turn()
            return
        self.extra = False
        n = rules.players
        q = (p + 1) % n
        while self.out[q]:
            q = (q + 1) % n
        self.turn_player = q
        self.start_turn()

    def _deck_out(self) -> None:
        n = self.rules.players
        alive = [p for p in range(n) if not self.out[p]]
        best = max(len(self.scored[p]) for p in alive)
        top = [p for p in alive if len(self.scored[p]) == best]
        if self.tracing:
            counts = ", ".join(f"{self.name(p)} {len(self.scored[p])}" for p in alive)
            self._log(
                "mt.6.2",
                f"The draw pile is empty: the score piles are counted ({counts}).",
                -1,
                "auto",
                "over",
            )
        if len(top) == 1:
            self._finish(
                top,
                [],
                "deck_out",
                "mt.6.2",
                f"{self.name(top[0])} has the most scored cards ({best}) and wins.",
            )
            return
        most = max(len(self.tanks[p]) for p in top)
        level = [p for p in top if len(self.tanks[p]) == most]
        who = " and ".join(self.name(p) for p in top)
        if len(level) == 1:
            self._finish(
                level,
                [],
                "tank_tiebreak",
                "mt.6.3",
                f"{who} tie on {best} scored cards; {self.name(level[0])} has the most cards "
                f"left in the tank ({most}) and wins.",
            )
            return
        names = " and ".join(self.name(p) for p in level)
        if self.rules.shared_win:
            self._finish(
                level,
                [],
                "shared_win",
                "mt.6.4",
                f"{names} tie on {best} scored cards and {most} tank cards: they share the win.",
            )
        else:
            self._finish(
                [],
                level,
                "tie",
                "mt.6.4",
                f"{names} tie on {best} scored cards and {most} tank cards: nobody wins "
                "(house rule).",
            )

    def _finish(self, winners: list[int], tied: list[int], end: str, rule: str, text: str) -> None:
        self.winners = winners
        self.tied = tied
        self.end = end
        self.end_rule = rule
        self.end_text = text
        self.stage = OVER
        self.top_back = -1
        if self.tracing:
            self._log(rule, text, -1, "auto", "over")


__all__ = [
    "ANNOUNCE",
    "BACK",
    "NO_CALL",
    "OVER",
    "PHASES",
    "RESOLVING",
    "REVEAL",
    "SCORE",
    "TANK_DEAL",
    "WIN_SCORE",
    "MantisState",
    "Rules",
]
