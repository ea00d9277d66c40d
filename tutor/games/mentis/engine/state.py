"""The Mentis state: the board of stacks, the hands, what each player knows, whose turn.

Fields are declared once in the class body and copied by hand in ``clone``.  Each
square holds a stack (tile kinds, bottom first) of one player's tiles, its owner, and
beside each tile a bit mask of the players who know what it is (bit 0 Blue, bit 1 Red):
the top tile is seen by both; a tile under it is known to its owner and, under the
default memory, to the opponent too, who was shown it (deploy reveal, or seen on top
before it was covered) and can follow it as stacks move.  With ``memory="tops"`` a
player forgets the opponent's tiles as soon as they are covered.  ``board`` holds each
square's stack and owner once more as one number (:func:`movement.square_code`), which
the move search and the keys read quickly; the rules keep it as they change a square,
and :meth:`MentisState.board_changed` recomputes it after any other edit.

One action a turn (me.2.1): deploy (deploy.py), move (movement.py) or capture
(capture.py); offering a draw asks the opponent first (me.7.3), and a declined offer
leaves the turn to the offerer.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import TYPE_CHECKING, Any, Final

from librt.strings import BytesWriter
from librt.vecs import vec
from mypy_extensions import i64, u8

from tutor.core.causes import CauseLinks
from tutor.core.game import PlayStats, State, StepLimitReached
from tutor.core.rng import Rng
from tutor.core.types import Action, Decision, Outcome, Rejection, TraceEntry, Verdict
from tutor.games.mentis.actions import ActionList
from tutor.games.mentis.engine.board import (
    KIND_NAMES,
    KINDS,
    KING,
    PLAYER_NAMES,
    SQUARES,
    WOLF,
    square_name,
)
from tutor.games.mentis.engine.capture import (
    apply_capture_rules,
    can_capture,
    capture_actions,
    capture_problem,
    tile_captures,
)
from tutor.games.mentis.engine.deploy import (
    can_continue,
    can_deploy,
    deploy_actions,
    deploy_problem,
    more_actions,
)
from tutor.games.mentis.engine.movement import (
    OWNER_SHIFT,
    STACK_BITS,
    apply_move,
    has_move,
    move_actions,
    move_of,
    move_problem,
    rank_at,
    rank_table,
    ranked_action,
    result_key,
    square_code,
    tile_moves,
)

if TYPE_CHECKING:
    from tutor.games.mentis.engine.tiles import TileTable
    from tutor.games.mentis.game import MentisGame

TURN: Final = "turn"
DEPLOYING: Final = "deploying"
ANSWER: Final = "draw_offer"
OVER: Final = "over"
DEPLOY_SOURCE: Final = SQUARES
"""The source of deploy actions (:meth:`MentisState.sources`): the hand, not a square."""
DRAW_SOURCE: Final = SQUARES + 1
"""The source of draw offers and answers (:meth:`MentisState.sources`)."""
PHASES: Final = (TURN, DEPLOYING, ANSWER, OVER)
BOTH: Final = 3
"""The knowledge bits of a tile both players know."""
SQUARE_MARK: Final = 8
"""Above every tile kind: in a position key, a number from here on names a square."""
RAW_KEY: Final = 255
"""The first byte of a history key kept as the text a saved game gave (no position's)."""


def position_fact(key: bytes) -> str:
    """The standing fact of a position reached (:meth:`MentisState.position_key`).

    ``"position/<16 hex digits>"``: a 64-bit BLAKE2b digest of the exact key, so that
    the entry ending a turn names the whole position in a short word; the repetition
    draw (me.7.2) reads it back.  Written once per turn while tracing.
    """
    return "position/" + blake2b(key, digest_size=8).hexdigest()


def plural(n: int, kind: int) -> str:
    """``"1 Spear"``, ``"2 Spears"``."""
    from tutor.games.mentis.engine.board import KIND_PLURALS

    return f"{n} {KIND_NAMES[kind] if n == 1 else KIND_PLURALS[kind]}"


def key_text(key: bytes) -> str:
    """A history key (:meth:`MentisState.position_key`) as saved games write it.

    ``"0 3:0:0 45:1:0 ... 0333000333"``: who moves, ``square:owner:tiles`` (bottom
    first) of each occupied square, then the counts of both hands.
    """
    if key[0] == RAW_KEY:
        return key[1:].decode("utf-8", "surrogatepass")
    parts = [str(key[0])]
    i = 2 * KINDS + 1
    while i < len(key):
        q, o = divmod(key[i] - SQUARE_MARK, 2)
        i += 1
        tiles = ""
        while i < len(key) and key[i] < SQUARE_MARK:
            tiles += str(key[i])
            i += 1
        parts.append(f"{q}:{o}:{tiles}")
    parts.append("".join(str(key[i]) for i in range(1, 2 * KINDS + 1)))
    return " ".join(parts)


def text_key(text: str) -> bytes:
    """The history key a saved game's text (:func:`key_text`) stands for.

    Text in another form (no position of this engine writes it) is kept as it is, so
    that the saved game is written back unchanged.
    """
    words = text.split(" ")
    try:
        out = [int(words[0]), *(int(c) for c in words[-1])]
        for word in words[1:-1]:
            q, o, tiles = word.split(":")
            out += [SQUARE_MARK + 2 * int(q) + int(o), *(int(c) for c in tiles)]
        key = bytes(out)
        if len(words) > 1 and key[0] != RAW_KEY and key_text(key) == text:
            return key
    except (ValueError, OverflowError, IndexError):
        pass
    return bytes([RAW_KEY]) + text.encode("utf-8", "surrogatepass")


class MentisState(State):
    """A Mentis game in progress."""

    game: MentisGame
    table: TileTable
    rng: Rng
    trace: list[TraceEntry]
    tracing: bool
    steps: int
    stacks: list[list[int]]
    known: list[list[int]]
    owner: list[int]
    board: vec[i64]
    hands: list[list[int]]
    lost: list[list[int]]
    to_move: int
    turn: int
    phase: str
    offered: bool
    deploy_square: int
    deploy_count: int
    history: dict[bytes, int]
    result: dict[str, Any] | None
    _legal: list[Action] | None
    _sources: list[int] | None
    causes: CauseLinks | None

    def __init__(
        self, game: MentisGame, rng: Rng, tracing: bool = True, copy_of: MentisState | None = None
    ) -> None:
        self.game = game
        self.table = game.table  # the game's, read often: kept where compiled code reaches it
        self.rng = rng
        self.tracing = tracing
        self.causes = None  # made by the first entry written (tutor/core/causes.py)
        if copy_of is not None:
            src = copy_of
            self.trace = src.trace[:]
            self.steps = src.steps
            self.stacks = [x[:] for x in src.stacks]
            self.known = [x[:] for x in src.known]
            self.owner = src.owner[:]
            self.board = src.board[:]
            self.hands = [x[:] for x in src.hands]
            self.lost = [x[:] for x in src.lost]
            self.to_move = src.to_move
            self.turn = src.turn
            self.phase = src.phase
            self.offered = src.offered
            self.deploy_square = src.deploy_square
            self.deploy_count = src.deploy_count
            self.history = dict(src.history)
            self.result = src.result
            self._legal = src._legal
            self._sources = src._sources
            return
        self.trace = []
        self.steps = 0
        self.stacks = [[] for _ in range(SQUARES)]
        self.known = [[] for _ in range(SQUARES)]
        self.owner = [-1] * SQUARES
        self.board = vec[i64]([0] * SQUARES)
        self.hands = [[0] * KINDS, [0] * KINDS]
        self.lost = [[0] * KINDS, [0] * KINDS]
        self.to_move = 0
        self.turn = 1
        self.phase = TURN
        self.offered = False
        self.deploy_square = -1
        self.deploy_count = 0
        self.history = {}
        self.result = None
        self._legal = None
        self._sources = None

    # ---- copying and saving ---------------------------------------------------------
    def clone(self) -> MentisState:
        return MentisState(self.game, self.rng.copy(), self.tracing, copy_of=self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "mentis",
            "rng": self.rng.state,
            "tracing": self.tracing,
            "steps": self.steps,
            "stacks": [x[:] for x in self.stacks],
            "known": [x[:] for x in self.known],
            "owner": self.owner[:],
            "hands": [x[:] for x in self.hands],
            "lost": [x[:] for x in self.lost],
            "to_move": self.to_move,
            "turn": self.turn,
            "phase": self.phase,
            "offered": self.offered,
            "deploy_square": self.deploy_square,
            "deploy_count": self.deploy_count,
            "history": {key_text(k): n for k, n in self.history.items()},
            "result": None if self.result is None else dict(self.result),
            "trace": [e.to_dict() for e in self.trace],
        }

    @classmethod
    def from_dict(cls, game: MentisGame, data: dict[str, Any]) -> MentisState:
        """Rebuild a state from :meth:`to_dict` output (already checked by the game).

        Raises:
            KeyError: if a field is missing.
            ValueError: if a field has the wrong type.
        """
        state = cls(game, Rng(0), bool(data.get("tracing", True)))
        state.rng.state = int(data["rng"])
        state.steps = int(data["steps"])
        state.stacks = [[int(k) for k in x] for x in data["stacks"]]
        state.known = [[int(k) for k in x] for x in data["known"]]
        state.owner = [int(x) for x in data["owner"]]
        state.hands = [[int(k) for k in x] for x in data["hands"]]
        state.lost = [[int(k) for k in x] for x in data["lost"]]
        state.to_move = int(data["to_move"])
        state.turn = int(data["turn"])
        state.phase = str(data["phase"])
        state.offered = bool(data["offered"])
        state.deploy_square = int(data["deploy_square"])
        state.deploy_count = int(data["deploy_count"])
        state.history = {text_key(str(k)): int(v) for k, v in data["history"].items()}
        state.result = None if data["result"] is None else dict(data["result"])
        state.trace = [TraceEntry.from_dict(e) for e in data["trace"]]
        state.board_changed()
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MentisState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ---- tracing ---------------------------------------------------------------------
    def log(
        self,
        rule: str,
        text: str,
        actor: int | None = None,
        kind: str = "auto",
        changes: tuple[tuple[str, Any, Any], ...] = (),
        sets: str = "",
        reads: str = "",
        alongside: str = "",
        direct: bool = False,
    ) -> None:
        """Append a trace entry (callers skip this when tracing is off).

        Its cause is the entry written before it for the same action
        (:meth:`CauseLinks.sequential`, which ``alongside`` names a group for), or none
        when ``direct``: the action as a whole made it (a rule counted at the end of a
        turn), not the entry before.  ``sets`` names the standing facts the entry sets
        and ``reads`` the one it depended on (tutor/core/causes.py; docs/mentis.md
        lists them): ``stack/<square>`` the stack on a square, as its top tile shows
        it; ``deploy`` the deploy under way; ``offer`` a draw offer standing;
        ``position/<digest>`` a position reached (:func:`position_fact`).
        """
        causes = self.causes
        if causes is None:
            causes = self.causes = CauseLinks()
        trace = self.trace
        cause = causes.sequential(len(trace), self.steps, alongside)
        if direct:
            cause = None
        standing = causes.standing(trace, reads) if reads else None
        entry = TraceEntry(
            rule,
            text,
            actor,
            kind,
            changes,
            step=self.steps,
            phase=self.phase,
            cause=cause,
            standing=standing,
            sets=sets,
        )
        if type(self.trace) is list:
            self.trace.append(entry)
        else:  # a recording trace (State.positions_during): use its own append
            getattr(self.trace, "append")(entry)  # noqa: B009

    def heights(self, squares: list[int]) -> tuple[tuple[str, Any, Any], ...]:
        """Trace ``changes`` naming the new height of each square (public information)."""
        return tuple((square_name(q), None, len(self.stacks[q])) for q in squares)

    # ---- the decision ------------------------------------------------------------------
    @property
    def decision(self) -> Decision:
        if self.phase == OVER:
            rule = str(self.result["rule"]) if self.result else "me.7.1"
            return Decision("terminal", None, "The game is over.", rule, OVER)
        p = self.to_move
        if self.phase == ANSWER:
            other = PLAYER_NAMES[1 - p]
            return Decision(
                "choice",
                p,
                f"{PLAYER_NAMES[p]}: accept or decline {other}'s draw offer",
                "me.7.3",
                ANSWER,
            )
        if self.phase == DEPLOYING:
            where = square_name(self.deploy_square)
            return Decision(
                "choice",
                p,
                f"{PLAYER_NAMES[p]}: deploy another tile on {where}, or stop",
                "me.3.1",
                DEPLOYING,
            )
        return Decision("choice", p, f"{PLAYER_NAMES[p]}: deploy, move or capture", "me.2.1", TURN)

    def decision_kind(self) -> str:
        return "terminal" if self.phase == OVER else "choice"

    @property
    def turn_number(self) -> int:
        return self.turn

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is not None:
            return legal
        legal = ActionList(self.compute_legal())
        self._legal = legal
        return legal

    def compute_legal(self) -> list[Action]:
        """The legal actions now, in sorted order (not cached)."""
        if self.phase == OVER:
            return []
        p = self.to_move
        if self.phase == ANSWER:
            return [self.game.accept[p], self.game.decline[p]]
        if self.phase == DEPLOYING:
            return more_actions(self, p)
        out = capture_actions(self, p)
        out += deploy_actions(self, p)
        out += move_actions(self, p)
        if not self.offered and self.turn >= self.game.offers_from:
            out.append(self.game.offer[p])
        return out

    # ---- the legal actions in steps: what acts, then how ---------------------------------
    def sources(self) -> list[int]:
        """What the player to act can act with now, each with at least one legal action.

        The squares (ascending) of their tiles whose top tile can move or capture, then
        :data:`DEPLOY_SOURCE` when a deploy (or the next tile of one under way) is
        possible, then :data:`DRAW_SOURCE` when a draw may be offered or must be
        answered.  :meth:`actions_from` lists a source's actions; together they are
        exactly :meth:`legal_actions` (the python-chess style "moves from this square").
        Empty when the game is over.
        """
        got = self._sources
        if got is None:
            got = self._sources = self._compute_sources()
        return got

    def _compute_sources(self) -> list[int]:
        if self.phase == OVER:
            return []
        p = self.to_move
        if self.phase == ANSWER:
            return [DRAW_SOURCE]
        if self.phase == DEPLOYING:
            return [DEPLOY_SOURCE]
        out: list[int] = []
        board = self.board
        mine: i64 = p + 1
        for q in range(SQUARES):
            if board[q] >> OWNER_SHIFT == mine and (
                has_move(self, p, q) or can_capture(self, p, q)
            ):
                out.append(q)
        if can_deploy(self, p):
            out.append(DEPLOY_SOURCE)
        if not self.offered and self.turn >= self.game.offers_from:
            out.append(DRAW_SOURCE)
        return out

    def actions_from(self, source: int) -> list[Action]:
        """The legal actions of one source of :meth:`sources`, in :meth:`legal_actions` order.

        A square: the captures, then the moves, of the top tile there (empty when it is
        not the acting player's or has none); :data:`DEPLOY_SOURCE`: the deploy actions
        (or the next tile of a deploy under way, and stopping); :data:`DRAW_SOURCE`:
        offering a draw, or accepting and declining one.

        Raises:
            ValueError: if ``source`` is neither a square nor one of the two sources.
        """
        if not 0 <= source <= DRAW_SOURCE:
            raise ValueError(
                f"{source!r} is not a source of actions: a square 0-{SQUARES - 1}, "
                f"{DEPLOY_SOURCE} (deploy) or {DRAW_SOURCE} (draw)"
            )
        if self.phase == OVER:
            return []
        p = self.to_move
        if self.phase == ANSWER:
            return [self.game.accept[p], self.game.decline[p]] if source == DRAW_SOURCE else []
        if self.phase == DEPLOYING:
            return more_actions(self, p) if source == DEPLOY_SOURCE else []
        if source == DEPLOY_SOURCE:
            return deploy_actions(self, p)
        if source == DRAW_SOURCE:
            if not self.offered and self.turn >= self.game.offers_from:
                return [self.game.offer[p]]
            return []
        if self.owner[source] != p:
            return []
        return tile_captures(self, p, source) + tile_moves(self, p, source)

    def random_action(self, rng: Rng) -> Action:
        """The random player's choice, made in steps: what to act with, then how.

        One draw picks uniformly among :meth:`sources` (a tile that can move or capture,
        deploying), a second uniformly among that source's actions; so only the chosen
        tile's moves are listed.  Every random play-out draws this way.  The random
        player answers a draw offer but makes none while it has a tile or a deploy to
        play: as one source among about eight, the offer would end nearly every random
        game by agreement soon after it is allowed.

        Raises:
            ValueError: if no action is legal (the game is over).
        """
        chosen, origin, rank = self._random_pick(rng)
        if chosen is not None:
            return chosen
        return ranked_action(self.to_move, self.stacks[origin][-1], origin, rank)

    def _random_pick(self, rng: Rng) -> tuple[Action | None, int, int]:
        """:meth:`random_action`'s draws: ``(action, -1, 0)``, or ``(None, square, rank)``
        for a move of the tile on ``square`` (:func:`rank_at`), not yet made an action.

        Raises:
            ValueError: if no action is legal (the game is over).
        """
        sources = self.sources()
        count = len(sources)
        if not count:
            raise ValueError("no legal action: the game is over")
        if count > 1 and sources[count - 1] == DRAW_SOURCE:
            count -= 1
        below = rng.below
        source = sources[below(count)]
        if source >= SQUARES or self.phase != TURN:
            actions = self.actions_from(source)
            return actions[below(len(actions))], -1, 0
        # A tile: its captures, then its moves (as actions_from lists them).
        p = self.to_move
        captures = tile_captures(self, p, source)
        first, ranks = rank_table(self, p, source)
        i = below(len(captures) + len(ranks))
        if i < len(captures):
            return captures[i], -1, 0
        return None, source, rank_at(ranks, first, source, i - len(captures))

    def _random_step(self, rng: Rng) -> None:
        """Play :meth:`random_action`'s choice; a move is played without making it an
        action (its label is never read), as :meth:`_apply` would play it."""
        chosen, origin, rank = self._random_pick(rng)
        if chosen is not None:
            self._apply(chosen)
            return
        p = self.to_move
        self._start_step()
        self._move(p, move_of(origin, rank))
        self._end_turn(p)

    def forced_action(self) -> Action | None:
        """The only legal action, when there is one source with one action (else ``None``).

        Found from :meth:`sources`, without listing every tile's moves.
        """
        sources = self.sources()
        if len(sources) != 1:
            return None
        actions = self.actions_from(sources[0])
        return actions[0] if len(actions) == 1 else None

    # ---- explaining ----------------------------------------------------------------------
    def _explain_illegal(self, action: Action) -> Verdict:
        if self.phase == OVER:
            return Verdict(False, "the game is over", "me.7.1", Rejection.GAME_OVER)
        p = self.to_move
        if action.player != p:
            return Verdict(
                False,
                f"it is {PLAYER_NAMES[p]}'s turn to decide",
                self.decision.rule,
                Rejection.WRONG_PLAYER,
            )
        kind, args = action.kind, action.args
        if self.phase == ANSWER:
            return Verdict(
                False,
                f"{PLAYER_NAMES[p]} must first accept or decline the draw offer",
                "me.7.3",
                Rejection.WRONG_PHASE,
            )
        if self.phase == DEPLOYING and kind not in ("deploy", "end_deploy"):
            return Verdict(
                False,
                "finish the deploy first: another tile on the same square, or stop",
                "me.3.1",
                Rejection.WRONG_PHASE,
            )
        if kind == "end_deploy":
            return Verdict(False, "no deploy is under way", "me.3.1", Rejection.WRONG_PHASE)
        if kind in ("accept_draw", "decline_draw"):
            return Verdict(False, "no draw has been offered", "me.7.3", Rejection.WRONG_PHASE)
        if kind == "offer_draw":
            if self.turn < self.game.offers_from:
                why = f"a draw may be offered from round {self.game.offers_from} on"
                return Verdict(False, why, "me.7.3", Rejection.FORBIDDEN)
            return Verdict(
                False, "you already offered a draw this turn", "me.7.3", Rejection.FORBIDDEN
            )
        reason, rule = "", ""
        if kind == "deploy" and len(args) == 2:
            sq, tile = args
            if isinstance(sq, int) and isinstance(tile, int):
                reason, rule = deploy_problem(self, p, sq, tile)
        elif kind == "move":
            reason, rule = move_problem(self, p, args)
        elif kind == "capture" and len(args) == 2:
            reason, rule = capture_problem(self, p, args[0], args[1])
        else:
            return Verdict(
                False,
                "on your turn you deploy, move or capture (or offer a draw)",
                "me.2.1",
                Rejection.NOT_LEGAL,
            )
        if not reason:
            reason, rule = "that is not one of the legal actions now", "me.2.1"
        code = Rejection.NOT_AVAILABLE if "you have" in reason else Rejection.FORBIDDEN
        return Verdict(False, reason, rule, code)

    def _equivalent(self, action: Action, legal: list[Action]) -> Action | None:
        """A move by another path with the same result is the legal move that is offered."""
        if action.kind != "move" or move_problem(self, action.player, action.args)[0]:
            return None
        key = result_key(self, action.args)
        for other in legal:
            if other.args[0] == action.args[0] and result_key(self, other.args) == key:
                return other
        return None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    # ---- applying --------------------------------------------------------------------------
    def _start_step(self) -> None:
        """What every action does first: count the step, forget the cached listings."""
        self.steps += 1
        self._legal = None
        self._sources = None

    def _apply(self, action: Action) -> None:
        self._start_step()
        p = action.player
        kind = action.kind
        tracing = self.tracing
        if kind == "offer_draw":
            self.phase = ANSWER
            self.offered = True
            self.to_move = 1 - p
            if tracing:
                self.log("me.7.3", f"{PLAYER_NAMES[p]} offers a draw.", p, "action", sets="offer")
            return
        if kind == "accept_draw":
            if tracing:
                self.log(
                    "me.7.3", f"{PLAYER_NAMES[p]} accepts the draw.", p, "action", reads="offer"
                )
            self._finish(-1, "agreement", "me.7.3", "both players agreed to a draw")
            return
        if kind == "decline_draw":
            self.phase = TURN
            self.to_move = 1 - p
            if tracing:
                self.log(
                    "me.7.3",
                    f"{PLAYER_NAMES[p]} declines the draw; {PLAYER_NAMES[1 - p]} takes their turn.",
                    p,
                    "action",
                    reads="offer",
                )
            return
        if kind == "deploy":
            if self._deploy(p, int(action.args[0]), int(action.args[1])):
                return
        elif kind == "end_deploy":
            if tracing:
                n = self.deploy_count
                self.log(
                    "me.3.1",
                    f"{PLAYER_NAMES[p]} stops after {n} tile{'s' * (n > 1)}.",
                    p,
                    "action",
                    reads="deploy",
                )
        elif kind == "move":
            self._move(p, action.args)
        else:
            if self._capture(p, int(action.args[0]), int(action.args[1])):
                return
        self._end_turn(p)

    def _deploy(self, p: int, sq: int, kind: int) -> bool:
        """Put one tile down; True while the deploy may go on (the turn is not over)."""
        stack, bits, hand = self.stacks[sq], self.known[sq], self.hands[p]
        hand[kind] -= 1
        stack.append(kind)
        bits.append(BOTH)
        self.owner[sq] = p
        self._square_changed(sq)
        first = self.deploy_square < 0
        self.deploy_square = sq
        self.deploy_count += 1
        if self.tracing:
            name = PLAYER_NAMES[p]
            where = square_name(sq)
            height = self.heights([sq])
            # The deploy puts this tile on top of the stack there.  A second tile reads
            # nothing: what it covers is hidden from then on under memory="tops".
            sets = f"stack/{where} deploy"
            if first:
                self.log(
                    "me.3.1",
                    f"{name} deploys a {KIND_NAMES[kind]} on {where} "
                    f"(the stack there is {len(stack)} high).",
                    p,
                    "action",
                    height,
                    sets,
                )
                if len(stack) > 1:
                    self.log("me.3.3", f"It goes on top of {name}'s own stack on {where}.", p)
                if kind == WOLF:
                    self.log(
                        "me.8.2",
                        f"The Wolf stands alone on {where}; unlike the other tiles it may be "
                        "deployed next to enemy tiles.",
                        p,
                    )
            else:
                self.log(
                    "me.3.2",
                    f"{name} deploys another tile on {where} and shows it to "
                    f"{PLAYER_NAMES[1 - p]} as it goes down: a {KIND_NAMES[kind]} "
                    f"(the stack is {len(stack)} high).",
                    p,
                    "action",
                    height,
                    sets,
                )
        if can_continue(self, p):
            self.phase = DEPLOYING
            return True
        return False

    def _move(self, p: int, args: tuple[Any, ...]) -> None:
        origin, path, takes = int(args[0]), args[1], args[2]
        kind = self.stacks[origin][-1]
        height0 = len(self.stacks[origin])
        touched = apply_move(self, p, (origin, path, takes))
        for q in touched:
            self._square_changed(q)
        if not self.tracing:
            return
        name = PLAYER_NAMES[p]
        squares = [origin, *path]
        route = "→".join(square_name(q) for q in squares)
        rule = self.table.rule_of(kind)
        carried = takes[0] - 1
        text = f"{name} moves the {KIND_NAMES[kind]} {route}"
        if carried:
            text += f", carrying {carried} tile{'s' * (carried > 1)} under it"
        # The move reads the stack it lifts (its top tile is what moves) and puts that
        # tile on top where it ends.
        self.log(
            rule,
            text + ".",
            p,
            "action",
            self.heights(touched),
            f"stack/{square_name(squares[-1])}",
            f"stack/{square_name(origin)}",
        )
        if carried:
            self.log("me.4.4", "Only the top tile moves; the tiles under it ride along.", p)
        drops: list[str] = []
        left: list[str] = []  # the squares whose new top tile stayed behind there
        if height0 > takes[0]:
            drops.append(f"{height0 - takes[0]} left on {square_name(origin)}")
            left.append(f"stack/{square_name(origin)}")
        for i in range(len(takes) - 1):
            if takes[i + 1] < takes[i]:
                drops.append(f"{takes[i] - takes[i + 1]} on {square_name(path[i])}")
                left.append(f"stack/{square_name(path[i])}")
        if drops:
            self.log(
                "me.4.6",
                "Tiles stay behind from the bottom: " + ", ".join(drops) + ".",
                p,
                sets=" ".join(left),
            )
        lifted = [path[i] for i in range(len(takes) - 1) if takes[i + 1] > takes[i]]
        if lifted:
            picked = [square_name(q) for q in lifted]
            self.log(
                "me.4.6",
                f"It passes over its own tiles on {', '.join(picked)} and takes some along "
                "beneath it (ruling pick_up).",
                p,
                # Where tiles stay under those taken along, one of them is now on top.
                sets=" ".join(f"stack/{square_name(q)}" for q in lifted if self.stacks[q]),
            )
        tall = [square_name(q) for q in path if len(self.stacks[q]) == 3]
        if tall:
            self.log(
                "me.4.5", f"{', '.join(tall)} now holds three tiles, the most a square may.", p
            )

    def _capture(self, p: int, a: int, t: int) -> bool:
        """Capture the top tile on ``t`` from ``a``; True when that ends the game."""
        taken = self.stacks[t][-1]
        attacker = self.stacks[a][-1]
        self.stacks[t].pop()
        self.known[t].pop()
        enemy = 1 - p
        self.lost[enemy][taken] += 1
        if not self.stacks[t]:
            self.owner[t] = -1
        self._square_changed(t)
        if self.tracing:
            apply_capture_rules(self, p, a, t, attacker, taken)
        if taken == KING:
            self._finish(p, "king_captured", "me.7.1", f"{PLAYER_NAMES[p]} captured the King")
            return True
        return False

    def board_changed(self) -> None:
        """After the stacks or owners were changed other than by the rules (a scenario,
        a saved game, a guessed position): recompute what follows from them (each
        square's :attr:`board` code, the cached listings)."""
        stacks, owner, board = self.stacks, self.owner, self.board
        for q in range(SQUARES):
            board[q] = square_code(stacks[q], owner[q])
        self._legal = None
        self._sources = None

    def _square_changed(self, sq: int) -> None:
        """After the rules changed the stack on ``sq``: its code, and what each player
        knows of it (:meth:`_settle`)."""
        self.board[sq] = square_code(self.stacks[sq], self.owner[sq])
        self._settle(sq)

    def _settle(self, sq: int) -> None:
        """The top tile of a stack is seen by both; covered tiles may be forgotten."""
        bits = self.known[sq]
        if not bits:
            return
        bits[-1] = BOTH
        if self.game.forget_covered:
            mine = 1 << self.owner[sq]
            for i in range(len(bits) - 1):
                bits[i] = mine

    def position_key(self) -> bytes:
        """The physical position (who moves, both hands, the stacks) as an exact key.

        One byte each: who moves, the counts of both hands, then each occupied square
        in order as :data:`SQUARE_MARK` ``+ 2 * square + owner`` followed by its tiles'
        kinds (bottom first, all below the mark).  Bytes (not a tuple of numbers) so
        that making, hashing and keeping a key a turn makes one small object the
        garbage collector never visits.  Saved games write it as text (:func:`key_text`).
        """
        out = BytesWriter()
        out.append(self.to_move)
        for hand in self.hands:
            for n in hand:
                out.append(n)
        board = self.board
        mark: i64 = SQUARE_MARK - 1  # the owner is stored plus one
        for q in range(SQUARES):
            c: i64 = board[q]
            if c:
                out.append(u8(mark + (c >> OWNER_SHIFT)))
                code: i64 = c & STACK_BITS
                while code:  # the tiles' kinds plus one, bottom first (movement.stack_code)
                    out.append(u8((code & 7) - 1))
                    code >>= 3
            mark += 2
        return out.getvalue()

    def _end_turn(self, p: int) -> None:
        self.offered = False
        self.phase = TURN
        self.deploy_square = -1
        self.deploy_count = 0
        self.to_move = 1 - p
        if p == 1:
            self.turn += 1
        key = self.position_key()
        seen = self.history.get(key, 0) + 1
        self.history[key] = seen
        if seen >= 3:
            if self.tracing:
                self.log(
                    "me.7.2",
                    "The same position has now been reached three times.",
                    reads=position_fact(key),  # the turn that reached it the time before
                    direct=True,  # counted after the whole turn, not after its last entry
                )
            self._finish(-1, "repetition", "me.7.2", "the same position occurred three times")
            return
        if self.tracing:
            self.mark_position(key)
        cap = self.game.move_cap
        if cap and self.turn > cap:
            if self.tracing:
                self.log(
                    "me.7.4",
                    f"{cap} rounds have been played without a win (house rule).",
                    direct=True,
                )
            self._finish(-1, "move_cap", "me.7.4", f"no King was captured in {cap} rounds")
            return
        sources = self.sources()
        if not sources or sources == [DRAW_SOURCE]:
            if self.tracing:
                self.log(
                    "me.2.1",
                    f"{PLAYER_NAMES[1 - p]} can neither deploy, move nor capture "
                    "(ruling no_action: the game is drawn).",
                    direct=True,
                )
            self._finish(-1, "no_action", "me.2.1", f"{PLAYER_NAMES[1 - p]} had no action")

    def mark_position(self, key: bytes) -> None:
        """Mark the newest entry (the last of a turn, or of the set-up) as the one that
        left the position ``key`` on the board (tracing only; :func:`position_fact`)."""
        trace = self.trace
        if not trace:
            return
        last = trace[-1]
        fact = position_fact(key)
        # dataclasses.replace would do, at twice the cost, once a turn: every field of
        # the entry is copied but what it sets (the Mentis why tests check none is lost).
        trace[-1] = TraceEntry(
            last.rule,
            last.text,
            last.actor,
            last.kind,
            last.changes,
            last.visible_to,
            last.public_text,
            last.step,
            last.phase,
            last.public_rule,
            last.cause,
            last.standing,
            f"{last.sets} {fact}" if last.sets else fact,
        )
        causes = self.causes
        if causes is not None and causes.indexed >= len(trace):
            causes.indexed = len(trace) - 1  # read the marked entry again

    def _finish(self, winner: int, reason: str, rule: str, why: str) -> None:
        self.phase = OVER
        self._legal = None
        self._sources = None
        self.result = {"winner": winner, "reason": reason, "rule": rule, "why": why}
        if self.tracing:
            if winner >= 0:
                self.log(rule, f"{PLAYER_NAMES[winner]} wins: {why}.")
            else:
                self.log(rule, f"The game is drawn: {why}.")

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        for _ in range(max_steps):
            if self.phase == OVER:
                return
            self._random_step(rng)
        raise RuntimeError(f"game did not end within {max_steps} steps")

    def _random_turns(self, rng: Rng, max_steps: int, last_turn: int) -> PlayStats:
        # State._random_turns compiled, with the steps of _random_playout.
        start = self.steps
        for _ in range(max_steps):
            if self.phase == OVER:
                return PlayStats(True, False, self.steps - start, None, None, None)
            if self.turn > last_turn:
                return PlayStats(False, True, self.steps - start, None, None, None)
            self._random_step(rng)
        stats = PlayStats(False, False, self.steps - start, None, None, None)
        raise StepLimitReached(f"game did not end within {max_steps} steps", stats)

    # ---- results ---------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        winner = int(r["winner"])
        if winner >= 0:
            scores = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
            return Outcome(
                (winner,),
                (1 - winner,),
                (),
                scores,
                str(r["reason"]),
                str(r["why"]),
                str(r["rule"]),
                self.turn,
                {"tiles_lost": [sum(x) for x in self.lost]},
            )
        return Outcome(
            (),
            (),
            (0, 1),
            (0.0, 0.0),
            str(r["reason"]),
            str(r["why"]),
            str(r["rule"]),
            self.turn,
            {"tiles_lost": [sum(x) for x in self.lost]},
        )

    def returns(self) -> list[float]:
        r = self.result
        if r is None or int(r["winner"]) < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if int(r["winner"]) == 0 else [-1.0, 1.0]

    def view(self, player: int | None) -> dict[str, Any]:
        from tutor.games.mentis.view import view

        return view(self, player)
