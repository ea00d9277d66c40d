"""The Mantis Falls state: plain data, a stack of pending steps, and the rules that move it.

Resolution that can be interrupted (a Last Gasp in the middle of a card, a Last Gasp
caused by another Last Gasp, a choice inside an effect) is an explicit stack of
frames kept in the state (``self.stack``), never Python recursion waiting for input.
Each frame is a small typed object (:class:`Frame`: ``Pick``, ``Chance``, ``Effects``
...) whose ``kind`` number picks its step in the explicit dispatch of the run loop.
Frames that need a person's choice or a chance outcome stop the run loop; every other
frame is an automatic step whose trace entry is marked ``kind="auto"``.

Positions along the serpentine road: 0 is the Start, 1-4 the sunset row, 5-8 the
night row, 9-12 the dark row and 13 the End (ruling ``road_grid``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from tutor.core.game import RESOLVING_PROMPT, State
from tutor.core.rng import Rng
from tutor.core.types import CHANCE, Action, Decision, Outcome, Rejection, TraceEntry, Verdict
from tutor.core.visibility import decision_record
from tutor.games.mantis_falls import gasp_flow

if TYPE_CHECKING:
    from tutor.games.mantis_falls.game import MantisFallsGame

START, END = 0, 13
CE_SPACES = 4
HAND_SIZE = 7
MAX_GASPS = 3

# Names of the frames that wait for a player's choice, and of those that wait for chance.
DECISION_FRAMES = frozenset({"pick", "mainplay", "gasp_return", "gasp_play", "window"})
CHANCE_FRAMES = frozenset({"chance"})

PHASE_TITLES = {
    "setup": "Setup",
    "initial_movement": "I. Initial movement",
    "event_draw": "II. Event draw",
    "main_play": "III. Main play",
    "action_processing": "IV. Action reveal/processing",
    "event_processing": "V. Event processing",
    "draw": "VI. Draw",
    "last_gasp": "Last Gasp",
    "game_over": "Game over",
}

_UNSEEN_KIND_RULES = frozenset({"mf.11.3", "mf.11.6"})
"""Rules whose citation alone says whether the event is an incident or an opposition."""
_GASP_TOPICS = ("mf.16.", "mf.17.", "mf.18.")
"""Last Gasp lines (reaching maximum wounds ...) stay public even inside an unseen event."""

_FIELDS_LIST = (
    "roles",
    "max_wounds",
    "pos",
    "wounds",
    "gasps",
    "dead",
    "revealed",
    "road_at",
    "face_up",
    "removed_roads",
    "action_pile",
    "action_top",
    "action_discard",
    "event_pile",
    "event_top",
    "event_bottom",
    "event_discard",
    "event_top_known",
    "ally_deck",
    "conserved",
    "night",
    "dark",
    "gasp_play",
    "gasp_due",
    "play_kept",
)
_FIELDS_NESTED = ("hands", "conditions", "allies", "used_once", "plays")
_FIELDS_SCALAR = (
    "removed_role",
    "turn_no",
    "turn_player",
    "first_player",
    "event",
    "event_prevented",
    "opp_wounds",
    "reveal_next",
    "gasp_revealed",
    "gasp_kept",
    "in_gasp",
    "boost",
    "phase",
    "steps",
    "result",
)


# ======================================================================
# Frames: the pending steps on the stack
# ======================================================================
Ctx = tuple[int, str, int, int, bool]
"""An effect's context: (player acting, source kind, source card or -1, position of the card
in its play, whether it is part of a Last Gasp)."""

# Frame kinds (small ints, so the run loop compares integers).  Kinds 1..5 wait for a
# player's choice, 6 for chance; the others are automatic steps.
TURN_FRAME = 0
PICK_FRAME = 1
MAINPLAY_FRAME = 2
WINDOW_FRAME = 3
GASP_RETURN_FRAME = 4
GASP_PLAY_FRAME = 5
CHANCE_FRAME = 6
REVEAL_LOOP_FRAME = 7
CARD_DONE_FRAME = 8
EFFECTS_FRAME = 9
EVENT_PROCESS_FRAME = 10
DRAW_PHASE_FRAME = 11
DRAW_COUNT_FRAME = 12
AMBUSH_WOUND_FRAME = 13
GASP_FRAME = 14
FRAME_NAMES = (
    "turn",
    "pick",
    "mainplay",
    "window",
    "gasp_return",
    "gasp_play",
    "chance",
    "reveal_loop",
    "card_done",
    "effects",
    "event_process",
    "draw_phase",
    "draw_count",
    "ambush_wound",
    "gasp",
)
"""Each frame kind's name, as saved sessions write it (the first item of a saved frame)."""

# Turn sequence (topic 8), as data: the order of steps in a turn.
TURN_STEPS = (
    "start",
    "expend",
    "window_move",
    "move",
    "event_draw",
    "main_turn",
    "main_other",
    "reveal",
    "window_event",
    "event",
    "window_draw",
    "draw",
    "end",
)

# The small choices inside effects and phases (pick frames), by number.
PICK_NAMES = (
    "choose_one",
    "dark_pick",
    "discard_chosen",
    "draw_source",
    "expend",
    "gasp_order",
    "heal_target",
    "move",
    "night_pick",
    "peek_keep",
    "remove_condition",
    "return_ally",
    "take_ally",
    "take_conserved",
    "wound_split",
    "wound_target",
)
PICK_NUMBER = {name: i for i, name in enumerate(PICK_NAMES)}
P_CHOOSE_ONE = 0
P_DARK_PICK = 1
P_DISCARD_CHOSEN = 2
P_DRAW_SOURCE = 3
P_EXPEND = 4
P_GASP_ORDER = 5
P_HEAL_TARGET = 6
P_MOVE = 7
P_NIGHT_PICK = 8
P_PEEK_KEEP = 9
P_REMOVE_CONDITION = 10
P_RETURN_ALLY = 11
P_TAKE_ALLY = 12
P_TAKE_CONSERVED = 13
P_WOUND_SPLIT = 14
P_WOUND_TARGET = 15


class Frame:
    """One pending step.  Frames are never changed once on the stack (a clone shares
    them); a step that advances replaces the top frame with a new one."""

    kind: int

    def to_list(self) -> list[Any]:
        """The frame as a saved session writes it: its name, then its items."""
        raise NotImplementedError

    @property
    def name(self) -> str:
        """The frame kind's name (``"pick"``, ``"chance"`` ...)."""
        return FRAME_NAMES[self.kind]

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple(self.to_list()[1:])!r}"


class Turn(Frame):
    """The turn itself, at ``step`` (an index in :data:`TURN_STEPS`); always at the bottom."""

    def __init__(self, step: int) -> None:
        self.kind = TURN_FRAME
        self.step = step

    def to_list(self) -> list[Any]:
        return ["turn", TURN_STEPS[self.step]]


class Pick(Frame):
    """A small choice inside an effect or a phase (``pick``: an index in PICK_NAMES)."""

    def __init__(self, ctx: Ctx, pick: int, args: tuple[Any, ...]) -> None:
        self.kind = PICK_FRAME
        self.ctx = ctx
        self.pick = pick
        self.args = args

    def to_list(self) -> list[Any]:
        return ["pick", self.ctx, PICK_NAMES[self.pick], self.args]


class MainPlay(Frame):
    """A player's main play (mode ``choose``, ``play`` or ``discard``; ``cards`` so far)."""

    def __init__(self, player: int, mode: str, cards: int) -> None:
        self.kind = MAINPLAY_FRAME
        self.player = player
        self.mode = mode
        self.cards = cards

    def to_list(self) -> list[Any]:
        return ["mainplay", self.player, self.mode, self.cards]


class Window(Frame):
    """An any-time window opened at ``tag``; ``asked``: the players still to be asked."""

    def __init__(self, tag: str, asked: tuple[int, ...]) -> None:
        self.kind = WINDOW_FRAME
        self.tag = tag
        self.asked = asked

    def to_list(self) -> list[Any]:
        return ["window", self.tag, self.asked]


class GaspReturn(Frame):
    """A gasping player may take face-down cards of their action play back to hand."""

    def __init__(self, player: int) -> None:
        self.kind = GASP_RETURN_FRAME
        self.player = player

    def to_list(self) -> list[Any]:
        return ["gasp_return", self.player]


class GaspPlay(Frame):
    """A gasping player builds their Last Gasp play."""

    def __init__(self, player: int) -> None:
        self.kind = GASP_PLAY_FRAME
        self.player = player

    def to_list(self) -> list[Any]:
        return ["gasp_play", self.player]


class Chance(Frame):
    """A chance step: ``what`` is action_draw, event_draw, peek or discard; ``player``
    draws (or discards ``count`` cards); ``rule`` is cited."""

    def __init__(self, what: str, player: int, count: int, rule: str) -> None:
        self.kind = CHANCE_FRAME
        self.what = what
        self.player = player
        self.count = count
        self.rule = rule

    def to_list(self) -> list[Any]:
        what = self.what
        if what == "event_draw":
            return ["chance", what, (self.rule,)]
        if what == "discard":
            return ["chance", what, (self.player, self.count, self.rule)]
        return ["chance", what, (self.player, self.rule)]


class RevealLoop(Frame):
    """Action reveal and processing (topic 12): next a ``window`` or a ``reveal``."""

    def __init__(self, stage: str) -> None:
        self.kind = REVEAL_LOOP_FRAME
        self.stage = stage

    def to_list(self) -> list[Any]:
        return ["reveal_loop", self.stage]


class CardDone(Frame):
    """Under a card's effects: what happens once the whole card is processed."""

    def __init__(self, ctx: Ctx) -> None:
        self.kind = CARD_DONE_FRAME
        self.ctx = ctx

    def to_list(self) -> list[Any]:
        return ["card_done", self.ctx]


class Effects(Frame):
    """A list of card effects (``ref``: its path in the card data) from effect ``next``."""

    def __init__(self, ctx: Ctx, ref: tuple[Any, ...], next: int) -> None:
        self.kind = EFFECTS_FRAME
        self.ctx = ctx
        self.ref = ref
        self.next = next

    def to_list(self) -> list[Any]:
        return ["effects", self.ctx, self.ref, self.next]


class EventProcess(Frame):
    """Event processing (topic 11)."""

    def __init__(self) -> None:
        self.kind = EVENT_PROCESS_FRAME

    def to_list(self) -> list[Any]:
        return ["event_process"]


class DrawPhase(Frame):
    """The draw phase; ``next``: 0 for the turn player's draw, 1 for the other's."""

    def __init__(self, next: int) -> None:
        self.kind = DRAW_PHASE_FRAME
        self.next = next

    def to_list(self) -> list[Any]:
        return ["draw_phase", self.next]


class DrawCount(Frame):
    """``player`` still draws ``left`` cards, citing ``rule``."""

    def __init__(self, player: int, left: int, rule: str) -> None:
        self.kind = DRAW_COUNT_FRAME
        self.player = player
        self.left = left
        self.rule = rule

    def to_list(self) -> list[Any]:
        return ["draw_count", self.player, self.left, self.rule]


class AmbushWound(Frame):
    """After an ambush's discards: ``player`` receives ``wounds`` (mf.10.6)."""

    def __init__(self, player: int, wounds: int) -> None:
        self.kind = AMBUSH_WOUND_FRAME
        self.player = player
        self.wounds = wounds

    def to_list(self) -> list[Any]:
        return ["ambush_wound", self.player, self.wounds]


class Gasp(Frame):
    """``player``'s Last Gasp at ``stage`` (start, window, reveal, end)."""

    def __init__(self, player: int, stage: str) -> None:
        self.kind = GASP_FRAME
        self.player = player
        self.stage = stage

    def to_list(self) -> list[Any]:
        return ["gasp", self.player, self.stage]


def frame_from_list(items: Sequence[Any]) -> Frame:
    """Rebuild a frame from its saved list (:meth:`Frame.to_list`; lists may be tuples).

    The saved-session grammar (saved.py) checks a frame before it is rebuilt.

    Raises:
        ValueError: if ``items`` is not a frame this engine writes.
    """
    try:
        return _frame_from_list(items)
    except (IndexError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a Mantis Falls frame: {items!r} ({exc})") from None


def _ctx(x: Any) -> Ctx:
    p, src, idx, position, in_gasp = x
    return (int(p), str(src), int(idx), int(position), bool(in_gasp))


def _frame_from_list(f: Sequence[Any]) -> Frame:
    name = f[0]
    if name == "turn":
        return TURN_FRAMES[TURN_STEPS.index(f[1])]
    if name == "pick":
        return Pick(_ctx(f[1]), PICK_NUMBER[f[2]], tuple(f[3]))
    if name == "mainplay":
        return MainPlay(int(f[1]), str(f[2]), int(f[3]))
    if name == "window":
        return Window(str(f[1]), tuple(int(x) for x in f[2]))
    if name == "gasp_return":
        return GaspReturn(int(f[1]))
    if name == "gasp_play":
        return GaspPlay(int(f[1]))
    if name == "chance":
        what, args = str(f[1]), f[2]
        if what == "event_draw":
            return Chance(what, -1, 0, str(args[0]))
        if what == "discard":
            return Chance(what, int(args[0]), int(args[1]), str(args[2]))
        return Chance(what, int(args[0]), 0, str(args[1]))
    if name == "reveal_loop":
        return RevealLoop(str(f[1]))
    if name == "card_done":
        return CardDone(_ctx(f[1]))
    if name == "effects":
        return Effects(_ctx(f[1]), tuple(f[2]), int(f[3]))
    if name == "event_process":
        return EventProcess()
    if name == "draw_phase":
        return DrawPhase(int(f[1]))
    if name == "draw_count":
        return DrawCount(int(f[1]), int(f[2]), str(f[3]))
    if name == "ambush_wound":
        return AmbushWound(int(f[1]), int(f[2]))
    if name == "gasp":
        return Gasp(int(f[1]), str(f[2]))
    raise ValueError(f"unknown frame name {name!r}")


TURN_FRAMES = tuple(Turn(i) for i in range(len(TURN_STEPS)))
"""One turn frame per step (frames never change, so these are shared)."""


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


class MantisFallsState(State):
    """A Mantis Falls game in progress (2 players, base game)."""

    # Every field, declared here so that clone() and the compiled build (tutor/core/native.py)
    # know them all.  Lists are indexed by player where the name is plural of a per-player
    # thing (pos, wounds, hands ...); positions are 0..13 along the road.
    game: MantisFallsGame
    cards: Any
    rng: Rng
    trace: list[TraceEntry]
    tracing: bool
    steps: int
    stack: list[Frame]
    _legal: list[Action] | None
    roles: list[str]
    removed_role: str
    max_wounds: list[int]
    pos: list[int]
    wounds: list[int]
    gasps: list[int]
    dead: list[bool]
    hands: list[list[int]]
    conditions: list[list[int]]
    allies: list[list[int]]
    used_once: list[list[str]]
    plays: list[list[int]]
    revealed: list[int]
    play_kept: list[int]
    gasp_kept: int
    road_at: list[int]
    face_up: list[bool]
    removed_roads: list[int]
    action_pile: list[int]
    action_top: list[int]
    action_discard: list[int]
    event_pile: list[int]
    event_top: list[int]
    event_bottom: list[int]
    event_discard: list[int]
    event_top_known: list[int]
    ally_deck: list[int]
    conserved: list[int]
    night: list[int]
    dark: list[int]
    gasp_play: list[int]
    gasp_due: list[int]
    turn_no: int
    turn_player: int
    first_player: int
    event: int
    event_prevented: bool
    opp_wounds: int
    reveal_next: int
    gasp_revealed: int
    in_gasp: int
    boost: bool
    phase: str
    result: dict[str, Any] | None
    event_log: list[str]
    event_stats: list[tuple[int, int]]

    def __init__(
        self,
        game: MantisFallsGame,
        rng: Rng,
        tracing: bool = True,
        copy_of: MantisFallsState | None = None,
    ) -> None:
        self.game = game
        self.cards = game.cards
        self.rng = rng
        self.tracing = tracing
        if copy_of is not None:
            # clone(): every field written out, lists copied (fast, and no __dict__
            # is needed, so the class can also be compiled; see tutor/core/native.py).
            src = copy_of
            self.trace = src.trace[:]
            self.stack = src.stack[:]
            self._legal = src._legal
            self.roles = src.roles[:]
            self.max_wounds = src.max_wounds[:]
            self.pos = src.pos[:]
            self.wounds = src.wounds[:]
            self.gasps = src.gasps[:]
            self.dead = src.dead[:]
            self.revealed = src.revealed[:]
            self.road_at = src.road_at[:]
            self.face_up = src.face_up[:]
            self.removed_roads = src.removed_roads[:]
            self.action_pile = src.action_pile[:]
            self.action_top = src.action_top[:]
            self.action_discard = src.action_discard[:]
            self.event_pile = src.event_pile[:]
            self.event_top = src.event_top[:]
            self.event_bottom = src.event_bottom[:]
            self.event_discard = src.event_discard[:]
            self.event_top_known = src.event_top_known[:]
            self.ally_deck = src.ally_deck[:]
            self.conserved = src.conserved[:]
            self.night = src.night[:]
            self.dark = src.dark[:]
            self.gasp_play = src.gasp_play[:]
            self.gasp_due = src.gasp_due[:]
            self.play_kept = src.play_kept[:]
            self.hands = [x[:] for x in src.hands]
            self.conditions = [x[:] for x in src.conditions]
            self.allies = [x[:] for x in src.allies]
            self.used_once = [x[:] for x in src.used_once]
            self.plays = [x[:] for x in src.plays]
            self.removed_role = src.removed_role
            self.turn_no = src.turn_no
            self.turn_player = src.turn_player
            self.first_player = src.first_player
            self.event = src.event
            self.event_prevented = src.event_prevented
            self.opp_wounds = src.opp_wounds
            self.reveal_next = src.reveal_next
            self.gasp_revealed = src.gasp_revealed
            self.gasp_kept = src.gasp_kept
            self.in_gasp = src.in_gasp
            self.boost = src.boost
            self.phase = src.phase
            self.steps = src.steps
            self.result = src.result
            self.event_log = src.event_log[:]
            self.event_stats = src.event_stats[:]
            return
        self.trace = []
        self.steps = 0
        self.stack = []
        self._legal = None
        n = game.num_players
        self.roles = [""] * n
        self.removed_role = ""
        self.max_wounds = [8] * n
        self.pos = [START] * n
        self.wounds = [0] * n
        self.gasps = [0] * n
        self.dead = [False] * n
        self.hands = [[] for _ in range(n)]
        self.conditions = [[] for _ in range(n)]
        self.allies = [[] for _ in range(n)]
        self.used_once = [[] for _ in range(n)]
        self.plays = [[] for _ in range(n)]
        self.revealed = [0] * n
        # Cards of the current play (or Last Gasp play) already kept as conditions: they
        # left the play but still count for the position of the cards after them.
        self.play_kept = [0] * n
        self.gasp_kept = 0
        self.road_at = []
        self.face_up = []
        self.removed_roads = []
        self.action_pile = []
        self.action_top = []
        self.action_discard = []
        self.event_pile = []
        self.event_top = []
        self.event_bottom = []
        self.event_discard = []
        self.event_top_known = []
        self.ally_deck = []
        self.conserved = []
        self.night = []
        self.dark = []
        self.gasp_play = []
        self.gasp_due = []
        self.turn_no = 0
        self.turn_player = 0
        self.first_player = 0
        self.event = -1
        self.event_prevented = False
        self.opp_wounds = 0
        self.reveal_next = 0
        self.gasp_revealed = 0
        self.in_gasp = -1
        self.boost = False
        self.phase = "setup"
        self.result = None
        # One "event_id:outcome" entry per processed event (prevented / incident / defeated /
        # undefeated), so bulk simulation can count event outcomes with tracing off.
        self.event_log = []
        # Beside each event_log entry: (the turn player's position when the event was
        # processed, wounds its effects dealt to players), for the same simulations.
        self.event_stats = []

    # ======================================================================
    # Copying and serialising
    # ======================================================================
    def clone(self) -> MantisFallsState:
        return MantisFallsState(self.game, self.rng.copy(), self.tracing, copy_of=self)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": "mantis_falls",
            "rng": self.rng.state,
            "tracing": self.tracing,
        }
        # Lists are copied: the dict is a snapshot that later moves cannot change.
        for name in _FIELDS_LIST:
            data[name] = getattr(self, name)[:]
        for name in _FIELDS_NESTED:
            data[name] = [x[:] for x in getattr(self, name)]
        for name in _FIELDS_SCALAR:
            data[name] = getattr(self, name)
        data["stack"] = [f.to_list() for f in self.stack]
        data["trace"] = [e.to_dict() for e in self.trace]
        data["event_log"] = list(self.event_log)
        data["event_stats"] = [list(x) for x in self.event_stats]
        return data

    @classmethod
    def from_dict(cls, game: MantisFallsGame, data: dict[str, Any]) -> MantisFallsState:
        state = cls(game, Rng(int(data["rng"])), bool(data.get("tracing", True)))
        state.rng.state = int(data["rng"])
        for name in _FIELDS_LIST:
            setattr(state, name, list(data[name]))
        for name in _FIELDS_NESTED:
            setattr(state, name, [list(x) for x in data[name]])
        for name in _FIELDS_SCALAR:
            setattr(state, name, data[name])
        state.stack = [frame_from_list(_tuplify(f)) for f in data["stack"]]
        state.trace = [TraceEntry.from_dict(e) for e in data["trace"]]
        state.event_log = [str(x) for x in data.get("event_log", [])]
        state.event_stats = [(int(a), int(b)) for a, b in data.get("event_stats", [])]
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MantisFallsState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ======================================================================
    # Small helpers
    # ======================================================================
    def name(self, p: int) -> str:
        return self.game.player_names[p]

    def other(self, p: int) -> int:
        return 1 - p

    def road(self, position: int) -> Any:
        return self.cards.roads[self.road_at[position]]

    def card_name(self, c: int) -> str:
        return self.cards.actions[c].name

    def card_label(self, c: int) -> str:
        return self.cards.labels[c]

    def _log(
        self,
        rule: str,
        text: str,
        actor: int | None = None,
        kind: str = "auto",
        changes: tuple[tuple[str, Any, Any], ...] = (),
        visible_to: Any = None,
        public_text: str = "",
        public_rule: str = "",
    ) -> None:
        if self.event >= 0 and not self.event_visible_to_all():
            if rule in _UNSEEN_KIND_RULES:
                # An unseen event's effects cite its kind (mf.11.3 incident, mf.11.6
                # opposition): the others read the same sentence citing mf.11.8 instead.
                if visible_to is None:
                    visible_to, public_text = (self.turn_player,), text
                public_rule = public_rule or "mf.11.8"
            elif (
                visible_to is None
                and not changes
                and not rule.startswith(_GASP_TOPICS)
                and self._inside_unseen_event()
            ):
                # A remark an unseen event's effect makes without changing the game
                # ("has no ally to return") would name the effect: only the turn player
                # reads it; the others see what changes (mf.11.9).
                visible_to = (self.turn_player,)
        entry = TraceEntry(
            rule,
            text,
            actor,
            kind,
            changes,
            None if visible_to is None else frozenset(visible_to),
            public_text,
            self.steps,
            self.phase,
            public_rule,
        )
        if type(self.trace) is list:
            self.trace.append(entry)
        else:
            # A recording trace (State.positions_during): compiled code would append
            # through the list's C API and skip the recorder's own append.
            getattr(self.trace, "append")(entry)  # noqa: B009

    def _hide_since(self, start: int) -> None:
        """Make the entries from ``start`` on private to the turn player, with no public
        text: they carried out an effect whose criteria depend on the unseen event."""
        tp = self.turn_player
        for i in range(start, len(self.trace)):
            e = self.trace[i]
            vis = frozenset((tp,)) if e.visible_to is None else e.visible_to & {tp}
            self.trace[i] = TraceEntry(
                e.rule, e.text, e.actor, e.kind, e.changes, vis, "", e.step, e.phase, ""
            )

    def _ruling(self, rid: str) -> str:
        return self.game.rulings[rid]

    @property
    def broken_pos(self) -> int:
        road_at = self.road_at
        found = -1
        for road in self.game.broken_roads:  # one in the standard deck
            if road in road_at:
                i = road_at.index(road)
                found = i if found < 0 else min(found, i)
        return found

    def hand_size(self, p: int) -> int:
        conditions = self.conditions[p]
        if not conditions and not self.allies[p]:
            return HAND_SIZE
        # The largest hand size a lasting effect allows, never below seven (mf.19.2).
        game = self.game
        if game.hand_size_conditions.isdisjoint(conditions) and (
            not self.allies[p] or game.hand_size_allies.isdisjoint(self.allies[p])
        ):
            return HAND_SIZE
        size = HAND_SIZE
        for c in conditions:
            size = max(size, game.condition_passive[c].get("hand_size", HAND_SIZE))
        if self.allies[p]:
            for name in self._complete(p):
                size = max(size, game.ally_passive[name].get("hand_size", HAND_SIZE))
        return size

    def complete_allies(self, p: int) -> list[str]:
        """Names of the complete allies of player ``p`` (topic 14)."""
        return list(self._complete(p))

    def _complete(self, p: int) -> tuple[str, ...]:
        # Cached on the game by the ally cards held (speed: every any-time window asks).
        allies = self.allies[p]
        if not allies:
            return ()
        key = tuple(allies)
        got = self.game.complete_cache.get(key)
        if got is None:
            counts: dict[str, int] = {}
            req: dict[str, int] = {}
            for a in allies:
                card = self.cards.allies[a]
                counts[card.name] = counts.get(card.name, 0) + 1
                req[card.name] = card.requirement
            got = tuple(sorted(n for n, k in counts.items() if k >= req[n]))
            self.game.complete_cache[key] = got
        return got

    def _ally_block(self, name: str) -> dict[str, Any]:
        return self.game.ally_blocks.get(name, {})

    def _passive(self, p: int, key: str) -> int:
        conditions, allies = self.conditions[p], self.allies[p]
        if not conditions and not allies:
            return 0
        game = self.game
        total = 0
        for c in conditions:
            total += game.condition_passive[c].get(key, 0)
        if allies:
            for name in self._complete(p):
                total += game.ally_passive[name].get(key, 0)
        return total

    def _stoplight_player(self, ctx: Ctx) -> int:
        # Events read the turn player's road (mf.10.4); action cards their own player's.
        return self.turn_player if ctx[1] == "event" else ctx[0]

    def _amount(self, amount: Any, ctx: Ctx) -> int:
        if isinstance(amount, dict):
            q = self._stoplight_player(ctx)
            color = amount["stoplight"]
            n = int(self.road(self.pos[q]).stoplight(color))
            if self.tracing:
                self._log(
                    "mf.10.4",
                    f"{self._source_name(ctx)} reads the {color} stoplight "
                    f"number of {self.name(q)}'s road, {self._pos_name(self.pos[q])}: {n}.",
                    ctx[0],
                    visible_to=self._ctx_vis(ctx),
                    public_text="",
                )
            return n
        return int(amount)

    def phone_distance(self, position: int) -> int:
        """Roads between ``position`` and the nearest phone (ruling ``phone_range``)."""
        layout = tuple(self.road_at)
        cache = self.game.phones_cache
        phones = cache.get(layout)
        if phones is None:
            roads = self.cards.roads
            phones = [q for q in range(START, END + 1) if roads[layout[q]].phone]
            if len(cache) >= 4096:  # every game deals a new layout: keep the cache small
                cache.clear()
            cache[layout] = phones
        return phone_distance(position, phones, self._ruling("phone_range") == "grid")

    # ======================================================================
    # Public API
    # ======================================================================
    @property
    def decision(self) -> Decision:
        if not self.stack:
            return Decision("terminal", None, "The game is over.", "mf.20.3", "game_over")
        top = self.stack[-1]
        if top.kind > CHANCE_FRAME or top.kind == TURN_FRAME:
            # A position caught while the rules resolve an action (the tutor draws the
            # position at each entry it reveals): nobody decides here.
            return Decision("resolving", None, RESOLVING_PROMPT, "", self.phase)
        secret = self._inside_unseen_event()
        if isinstance(top, Chance):
            prompt, rule = _CHANCE_PROMPT[top.what], top.rule
            if secret:
                # A random discard an unseen event orders cites the event's kind (mf.11.3
                # or mf.11.6): the others are told only that the unseen event draws it.
                return Decision(
                    "chance",
                    None,
                    prompt,
                    rule,
                    self.phase,
                    frozenset((self.turn_player,)),
                    "A chance step inside the unseen event.",
                    "mf.11.8",
                )
            return Decision("chance", None, prompt, rule, self.phase)
        player, prompt, rule = self._decision_spec(top)
        phase = "last_gasp" if self.in_gasp >= 0 else self.phase
        if secret:
            # A choice the unseen event offers (how far to move, whom to wound ...) tells
            # what the card is; the turn player may keep it quiet (mf.11.8, mf.11.9).
            return Decision(
                "choice",
                player,
                prompt,
                rule,
                phase,
                frozenset((self.turn_player,)),
                f"{self.name(player)} makes a choice inside the unseen event.",
                "mf.11.8",
            )
        return Decision("choice", player, prompt, rule, phase)

    def _inside_unseen_event(self) -> bool:
        """True while an unseen event's effects are being carried out (a frame of it is
        on the stack), so its choices and chance steps are private to the turn player."""
        if self.event < 0 or self.event_visible_to_all():
            return False
        for frame in self.stack:
            if isinstance(frame, CardDone | Effects | Pick) and frame.ctx[1] == "event":
                return True
        return False

    @property
    def turn_number(self) -> int:
        return self.turn_no

    def decision_kind(self) -> str:
        if not self.stack:
            return "terminal"
        return "chance" if self.stack[-1].kind == CHANCE_FRAME else "choice"

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is not None:
            return legal
        if not self.stack:
            legal = []
        else:
            top = self.stack[-1]
            if isinstance(top, Chance):
                legal = [a for a, _ in self.chance_outcomes()]
            elif isinstance(top, MainPlay):
                # These generators build the canonical order themselves (hot path); a
                # conformance test checks that canonical_order() would not change them.
                legal = self._acts_mainplay(top)
            elif isinstance(top, Pick):
                legal = _PICK_ACTS[top.pick](self, top.ctx, top.args)
                if top.pick != P_MOVE and top.pick != P_DRAW_SOURCE:  # these are in order
                    legal = canonical_order(legal)
            elif isinstance(top, Window):
                legal = canonical_order(self._acts_window(top))
            elif isinstance(top, GaspReturn):
                legal = canonical_order(self._acts_gasp_return(top))
            elif isinstance(top, GaspPlay):
                legal = canonical_order(self._acts_gasp_play(top))
            else:  # an automatic step: nobody chooses
                legal = []
        self._legal = legal
        return legal

    def _apply(self, action: Action) -> None:
        self.steps += 1
        self._legal = None
        self._do(self.stack[-1], action)
        self._run()

    def _do(self, top: Frame, action: Action) -> None:
        """Carry out ``action`` at the waiting frame ``top`` (explicit dispatch by kind)."""
        if isinstance(top, Pick):
            self.stack.pop()
            _PICK_DO[top.pick](self, top.ctx, top.args, action)
        elif isinstance(top, MainPlay):
            self._do_mainplay(top, action)
        elif isinstance(top, Chance):
            self._do_chance(top, action)
        elif isinstance(top, Window):
            self._do_window(top, action)
        elif isinstance(top, GaspPlay):
            self._do_gasp_play(top, action)
        elif isinstance(top, GaspReturn):
            self._do_gasp_return(top, action)
        else:
            raise ValueError(f"no choice is waiting at {top!r}")

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        # The loop of State._random_playout with the calls between steps inlined (the
        # hot loop of the playout benchmark); it makes exactly the same draws.
        stack = self.stack
        legal_now = self._legal_actions
        run = self._run
        below = rng.below
        game = self.game
        chance_draw = game.chance_draw
        for _ in range(max_steps):
            if not stack:
                return
            top = stack[-1]
            if isinstance(top, Chance):
                if top.what == "action_draw":
                    pile = self.action_pile
                    action = chance_draw[pile[below(len(pile))]]
                else:
                    action = self.sample_chance(rng)
            else:
                legal = legal_now()
                action = legal[below(len(legal))]
            self.steps += 1
            self._legal = None
            self._do(top, action)
            run()
        raise RuntimeError(f"game did not end within {max_steps} steps")

    def outcome(self) -> Outcome | None:
        r = self.result
        if r is None:
            return None
        winners: list[int] = r["winners"]
        tie: bool = r["tie"]
        n = self.game.num_players
        return Outcome(
            winners=tuple(winners),
            losers=tuple(p for p in range(n) if not tie and p not in winners),
            tied=tuple(range(n)) if tie else (),
            scores=tuple(float(x) for x in r["returns"]),
            reason=r["end"],
            text=r["why"],
            rule=r["rule"],
            turns=r["turns"],
            extras={"roles": list(r["roles"]), "dead": list(r["dead"]), "gasps": list(r["gasps"])},
        )

    def returns(self) -> list[float]:
        if self.result is None:
            return [0.0] * self.game.num_players
        return [float(x) for x in self.result["returns"]]

    # ======================================================================
    # The run loop
    # ======================================================================
    def _run(self) -> None:
        """Carry out automatic steps until a choice or a chance step waits (or the end).

        The dispatch is written out by frame kind, commonest first.
        """
        stack = self.stack
        while stack:
            top = stack[-1]
            kind = top.kind
            if isinstance(top, Turn):
                depth = len(stack)
                step = top.step
                while True:  # the steps that push nothing follow each other at once
                    stack[-1] = TURN_FRAMES[_NEXT_STEP[step]]
                    self._turn_step(step)
                    if len(stack) != depth:
                        break
                    step = _NEXT_STEP[step]
            elif isinstance(top, Effects):
                self._f_effects(top)
            elif isinstance(top, CardDone):
                self._f_card_done(top)
            elif kind == WINDOW_FRAME:
                if self._window_open(top):  # type: ignore[arg-type]
                    return
            elif kind <= CHANCE_FRAME:
                return  # a choice or chance waits
            elif isinstance(top, RevealLoop):
                self._f_reveal_loop(top)
            elif isinstance(top, DrawPhase):
                self._f_draw_phase(top)
            elif isinstance(top, DrawCount):
                self._f_draw_count(top)
            elif isinstance(top, EventProcess):
                self._f_event_process(top)
            elif isinstance(top, AmbushWound):
                self._f_ambush_wound(top)
            elif isinstance(top, Gasp):
                self._f_gasp(top)
            else:
                raise ValueError(f"no step for the frame {top!r}")

    # ======================================================================
    # Turn sequence (topic 8): the steps of a turn, in TURN_STEPS order
    # ======================================================================
    def _turn_step(self, step: int) -> None:
        """Carry out turn step ``step`` (an index in :data:`TURN_STEPS`)."""
        if step == 0:
            self._turn_start()
        elif step == 1:
            self._turn_expend()
        elif step == 2:
            self._turn_window_move()
        elif step == 3:
            self._turn_move()
        elif step == 4:
            self._turn_event_draw()
        elif step == 5:
            self._turn_main_turn()
        elif step == 6:
            self._turn_main_other()
        elif step == 7:
            self._turn_reveal()
        elif step == 8:
            self._turn_window_event()
        elif step == 9:
            self._turn_event()
        elif step == 10:
            self._turn_window_draw()
        elif step == 11:
            self._turn_draw()
        # step 12, "end": stepping on to "start" begins the next turn

    def _turn_start(self) -> None:
        n = self.game.num_players
        if END in self.pos and all(self.pos[p] == END and not self.dead[p] for p in range(n)):
            if self.tracing:
                self._log(
                    "mf.20.1",
                    "A new turn begins with every player alive at the End of "
                    "the Road: the players escape.",
                )
            self._finish("escape")
            return
        self.turn_no += 1
        if self.turn_no > 1:
            self.turn_player = self.other(self.turn_player)
        p = self.turn_player
        self.phase = "initial_movement"
        self.event = -1
        self.event_prevented = False
        self.opp_wounds = 0
        self.boost = False
        for used in self.used_once:
            used.clear()
        if self.tracing:
            self._log(
                "mf.8.1",
                f"Turn {self.turn_no}: {self.name(p)}'s turn.",
                p,
                changes=(("turn_player", None, p),),
            )

    def _turn_expend(self) -> None:
        p = self.turn_player
        if len(self.conserved) >= CE_SPACES:
            self.stack.append(Pick((p, "turn", -1, 0, False), P_EXPEND, ()))

    def _turn_window_move(self) -> None:
        self._open_window("turn_start")

    def _turn_move(self) -> None:
        p = self.turn_player
        reach = 2 if self.boost else 1
        self.stack.append(Pick((p, "turn", -1, 0, False), P_MOVE, (p, reach, "initial")))

    def _turn_event_draw(self) -> None:
        self.phase = "event_draw"
        if self.tracing:
            self._log(
                "mf.8.3",
                f"II. Event draw: {self.name(self.turn_player)} takes the top "
                "event card and looks at it.",
                self.turn_player,
            )
        self._draw_event()

    def _turn_main_turn(self) -> None:
        self.phase = "main_play"
        if self.tracing:
            p = self.turn_player
            self._log(
                "mf.8.4",
                f"III. Main play: each player picks one of the four options; "
                f"{self.name(p)} (the turn player) chooses first, then "
                f"{self.name(self.other(p))}.",
                p,
            )
        self.stack.append(MainPlay(self.turn_player, "choose", 0))

    def _turn_main_other(self) -> None:
        self.stack.append(MainPlay(self.other(self.turn_player), "choose", 0))

    def _turn_reveal(self) -> None:
        self.phase = "action_processing"
        self.reveal_next = self.turn_player
        if any(self.plays):
            self.stack.append(RevealLoop("window"))

    def _turn_window_event(self) -> None:
        self._open_window("before_event")

    def _turn_event(self) -> None:
        self.phase = "event_processing"
        if self.tracing and self.event >= 0:
            self._log(
                "mf.8.10",
                f"V. Event processing: the actions are done, so "
                f"{self.name(self.turn_player)} resolves this turn's event.",
                self.turn_player,
            )
        self.stack.append(EventProcess())

    def _turn_window_draw(self) -> None:
        self._open_window("before_draw")

    def _turn_draw(self) -> None:
        self.phase = "draw"
        self.stack.append(DrawPhase(0))

    def _both(self) -> tuple[int, ...]:
        return _TURN_ORDER[self.turn_player]  # (turn player, other player)

    # ======================================================================
    # Decisions: what each decision frame asks and offers
    # ======================================================================
    def _decision_spec(self, top: Frame) -> tuple[int, str, str]:
        if isinstance(top, MainPlay):
            p, mode = top.player, top.mode
            if mode == "choose":
                return p, f"{self.name(p)}: choose a main play.", "mf.8.4"
            if mode == "play":
                return p, f"{self.name(p)}: add another card of the same suit, or finish.", "mf.8.5"
            return p, f"{self.name(p)}: discard another card, or stop.", "mf.8.7"
        if isinstance(top, GaspReturn):
            p = top.player
            return (
                p,
                (
                    f"{self.name(p)}: return face-down cards of your suspended action play "
                    "to your hand for the Last Gasp?"
                ),
                gasp_flow.LAST_GASP.rule("return_cards"),
            )
        if isinstance(top, GaspPlay):
            p = top.player
            prompt = f"{self.name(p)}: build your Last Gasp play (one suit)."
            return p, prompt, gasp_flow.LAST_GASP.rule("gasp_play")
        if isinstance(top, Window):
            p = top.asked[0]
            return p, f"{self.name(p)}: use an any-time effect, or pass.", "mf.13.3"
        if isinstance(top, Pick):
            return self._pick_spec(top)
        raise ValueError(f"{top!r} waits for no choice")

    # ---- main play (topic 8, III) --------------------------------------------
    def _main_play_choices(self, p: int) -> list[Action]:
        """The four main-play options, already sorted and one per card name (hot path)."""
        table = self.game.main_play_actions[p]
        rows = [table[c] for c in self._first_copies(self.hands[p])]
        return (
            [r[1] for r in rows]
            + [r[2] for r in rows]
            + [self.game.do_nothing[p]]
            + [r[0] for r in rows]
        )

    def _first_copies(self, cards: Any) -> list[int]:
        """The lowest copy of each card name among ``cards``, in card order.

        Copies of a card (two Bullets) give equal choices, so choices are offered for
        these only (the order and uniqueness canonical_order() would give).
        """
        labels = self.cards.labels
        first: dict[str, int] = {}
        for c in sorted(cards):
            first.setdefault(labels[c], c)
        return list(first.values())

    def _acts_mainplay(self, top: MainPlay) -> list[Action]:
        p, mode = top.player, top.mode
        hand = self.hands[p]
        acts: list[Action] = []
        if mode == "choose":
            return self._main_play_choices(p)
        # Built in canonical order: "discard" < "finish" < "play", cards by id, and one
        # choice per card name (the lowest copy in hand).
        game = self.game
        if mode == "play":
            suits = game.suits
            suit = suits[self.plays[p][0]]
            table = game.add_to_play[p]
            k = len(self.plays[p])
            key = ("finish_play", p, k)
            finish = game.action_cache.get(key)
            if finish is None:
                finish = game.action_cache[key] = Action(
                    p, "finish", (), f"Finish the action play ({k} card{'s' * (k > 1)})"
                )
            acts.append(finish)
            acts += [table[c] for c in self._first_copies(c for c in hand if suits[c] == suit)]
        else:
            table = game.discard_more[p]
            acts = [table[c] for c in self._first_copies(hand)]
            acts.append(game.stop_discarding[p])
        return acts

    def _do_mainplay(self, top: MainPlay, action: Action) -> None:
        p, mode = top.player, top.mode
        kind = action.kind
        who = self.name(p)
        if kind == "play":
            c = action.args[0]
            self.hands[p].remove(c)
            self.plays[p].append(c)
            k = len(self.plays[p])
            if self.tracing:
                self._log(
                    "mf.8.5" if k == 1 else "mf.12.5",
                    f"{who} places {self.card_label(c)} face down as card {k} of an action play.",
                    p,
                    "action",
                    (("plays", p, k),),
                    visible_to=(p,),
                    public_text=f"{who} places card {k} of an action play face down.",
                )
            self.stack[-1] = MainPlay(p, "play", k)
        elif kind == "conserve":
            c = action.args[0]
            self.hands[p].remove(c)
            self.stack.pop()
            if self.tracing:
                self._log(
                    "mf.8.6",
                    f"{who} takes main-play option 2: conserve energy, placing "
                    "one card from hand face up.",
                    p,
                    "action",
                )
            if len(self.conserved) < CE_SPACES:
                self.conserved.append(c)
                if self.tracing:
                    self._log(
                        "mf.15.1",
                        f"{who} conserves energy: {self.card_label(c)} goes face up "
                        f"into Conserved Energy ({len(self.conserved)}/4).",
                        p,
                        "action",
                        (("conserved", len(self.conserved) - 1, len(self.conserved)),),
                    )
            else:
                self.action_discard.append(c)
                if self.tracing:
                    self._log(
                        "mf.15.5",
                        f"{who} conserves {self.card_label(c)}, but Conserved Energy "
                        "is full, so the card is discarded.",
                        p,
                        "action",
                    )
        elif kind == "discard":
            c = action.args[0]
            self.hands[p].remove(c)
            self.action_discard.append(c)
            if self.tracing:
                self._log(
                    "mf.8.7",
                    f"{who} discards {self.card_label(c)} face down.",
                    p,
                    "action",
                    visible_to=(p,),
                    public_text=f"{who} discards a card face down.",
                )
            if mode == "discard" or not self.hands[p]:
                self.stack.pop()
            else:
                self.stack[-1] = MainPlay(p, "discard", 1)
        elif kind == "nothing":
            self.stack.pop()
            if self.tracing:
                self._log("mf.8.8", f"{who} does nothing for the main play.", p, "action")
        elif kind == "finish":
            self.stack.pop()
            if mode == "play" and self.tracing:
                k = len(self.plays[p])
                self._log(
                    "mf.12.7",
                    f"{who}'s action play is set: {k} card{'s' * (k > 1)} face down.",
                    p,
                    "action",
                )

    # ---- any-time windows (topic 13) -------------------------------------------
    def anytime_options(self, p: int) -> list[Action]:
        """Any-time effects player ``p`` could use now, with what they would pay."""
        if self.dead[p] or not self.stack or not (self.conditions[p] or self.allies[p]):
            return []
        acts: list[Action] = []
        for c in self.conditions[p]:
            block = (self.cards.actions[c].condition or {}).get("anytime")
            if block:
                acts += self._anytime_acts(p, "cond", c, self.card_name(c), block)
        if self.allies[p]:
            for name in self._complete(p):
                block = self._ally_block(name).get("anytime")
                if block:
                    first = min(a for a in self.allies[p] if self.cards.allies[a].name == name)
                    acts += self._anytime_acts(p, "ally", first, name, block)
        return acts

    def _anytime_acts(
        self, p: int, src: str, idx: int, name: str, block: dict[str, Any]
    ) -> list[Action]:
        cost = block["cost"]
        label = block.get("label", "use")
        if "discard_tag" in cost:
            tag = cost["discard_tag"]
            by_name: dict[str, int] = {}
            for c in self.hands[p]:
                card = self.cards.actions[c]
                if tag in card.tags and card.name not in by_name:
                    by_name[card.name] = c
            return [
                self._anytime_action(p, src, idx, c, name, label, f"discard {self.card_name(c)}")
                for c in by_name.values()
            ]
        if cost.get("discard_self"):
            give = "discard it" if src == "cond" else "return the ally to the deck"
            return [self._anytime_action(p, src, idx, -1, name, label, give)]
        if f"{src}:{idx}" in self.used_once[p]:
            return []
        return [self._anytime_action(p, src, idx, -1, name, label, "once per turn")]

    def _anytime_action(
        self, p: int, src: str, idx: int, pay: int, name: str, label: str, cost: str
    ) -> Action:
        # The label depends only on the key's cards, so the action is built once (speed).
        cache = self.game.action_cache
        key = ("anytime", p, src, idx, pay)
        action = cache.get(key)
        if action is None:
            text = f"{name}: {label} ({cost})"
            action = cache[key] = Action(p, "anytime", (src, idx, pay), text)
        return action

    def _may_use_anytime(self, p: int) -> bool:
        # A quick test before anytime_options: does p hold a condition or a complete
        # ally that has an any-time effect at all (whether it can be paid or not)?
        game = self.game
        conditions, allies = self.conditions[p], self.allies[p]
        if conditions and not game.anytime_conditions.isdisjoint(conditions):
            return True
        return (
            bool(allies)
            and not game.anytime_ally_cards.isdisjoint(allies)
            and not game.anytime_allies.isdisjoint(self._complete(p))
        )

    def _open_window(self, tag: str) -> None:
        """Push an any-time window for both players, the turn player asked first (mf.13.3).

        A window nobody could use closes at once without a trace entry, so it is not
        pushed at all then (speed).
        """
        if self._may_use_anytime(0) or self._may_use_anytime(1):
            self.stack.append(Window(tag, self._both()))

    def _window_open(self, top: Window) -> bool:
        tag, asked = top.tag, top.asked
        while asked:
            p = asked[0]
            if self._may_use_anytime(p):
                options = self.anytime_options(p)
                if options:
                    # The window stops here: keep its choices for _legal_actions (speed).
                    self._legal = canonical_order(options + [self.game.pass_action[p]])
                    break
            asked = asked[1:]
        if not asked:
            self.stack.pop()
            return False
        self.stack[-1] = Window(tag, asked)
        return True

    def _acts_window(self, top: Window) -> list[Action]:
        p = top.asked[0]
        # Usually already computed by _window_open when the window stopped.
        return self.anytime_options(p) + [self.game.pass_action[p]]

    def _do_window(self, top: Window, action: Action) -> None:
        tag, asked = top.tag, top.asked
        p = asked[0]
        if action.kind == "pass":
            self.stack[-1] = Window(tag, asked[1:])
            return
        src, idx, pay = action.args
        if src == "cond":
            block = self.cards.actions[idx].condition["anytime"]  # type: ignore[index]
            ref = ("action", idx, "condition", "anytime", "effects")
            name = self.card_name(idx)
        else:
            name = self.cards.allies[idx].name
            block = self._ally_block(name)["anytime"]
            ref = ("ally", idx, "effect", "anytime", "effects")
        cost = block["cost"]
        if pay >= 0:
            self.hands[p].remove(pay)
            self.action_discard.append(pay)
            paid = f" by discarding {self.card_name(pay)}"
        elif cost.get("discard_self"):
            if src == "cond":
                self.conditions[p].remove(idx)
                self.action_discard.append(idx)
                paid = " and discards it"
            else:
                self._return_ally_group(p, name)
                paid = " and returns the ally to the ally deck"
        else:
            self.used_once[p].append(f"{src}:{idx}")
            paid = " (once this turn)"
        if self.tracing:
            self._log(
                "mf.13.3", f"{self.name(p)} uses the any-time effect of {name}{paid}.", p, "action"
            )
        in_gasp = self.in_gasp == p
        ctx: Ctx = (p, "condition" if src == "cond" else "ally", idx, 0, in_gasp)
        self.stack.append(CardDone(ctx))
        self.stack.append(Effects(ctx, ref, 0))

    # ======================================================================
    # Picks: the small choices inside effects and phases
    # ======================================================================
    def _pick_spec(self, top: Pick) -> tuple[int, str, str]:
        ctx, what, args = top.ctx, PICK_NAMES[top.pick], top.args
        p = ctx[0]
        who = self.name(p)
        if what == "expend":
            return p, f"{who}: Conserved Energy is full. Expend it?", "mf.15.3"
        if what == "move":
            mover = args[0]
            if args[2] == "initial":
                return mover, f"{self.name(mover)}: initial movement.", "mf.8.2"
            return p, f"{who}: how far does {self.name(mover)} move?", "mf.12.2"
        if what == "draw_source":
            return (
                args[0],
                f"{self.name(args[0])}: draw from the pile or from Conserved Energy?",
                "mf.15.2",
            )
        if what == "discard_chosen":
            return args[0], f"{self.name(args[0])}: choose a card to discard.", "mf.12.2"
        if what == "night_pick":
            return p, f"{who}: choose one of the Actions by the Night.", "mf.10.8"
        if what == "dark_pick":
            return p, f"{who}: choose one of the Actions by the Dark.", "mf.10.10"
        if what == "gasp_order":
            return (
                p,
                f"{who}: several players must make a Last Gasp; choose who goes first.",
                gasp_flow.LAST_GASP.rule("order"),
            )
        prompts = {
            "wound_target": ("choose who receives the wounds.", "mf.12.2"),
            "heal_target": ("choose who is healed.", "mf.12.2"),
            "take_ally": ("choose an ally card to take.", "mf.14.2"),
            "return_ally": ("choose an ally to return to the ally deck.", "mf.14.5"),
            "remove_condition": ("choose a condition to discard.", "mf.13.1"),
            "take_conserved": ("choose a card to take from Conserved Energy.", "mf.15.2"),
            "peek_keep": ("keep the top event where it is, or put it on the bottom?", "mf.19.1"),
            "choose_one": ("choose one option.", "mf.12.2"),
            "wound_split": ("divide the wounds between the players.", "mf.11.9"),
        }
        text, rule = prompts[what]
        return p, f"{who}: {text}", rule

    # ---- expending Conserved Energy (topic 15) ----
    def _pick_acts_expend(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        p = ctx[0]
        acts = [Action(p, "expend", ("no",), "Keep Conserved Energy")]
        if self.pos[p] < END:
            acts.append(Action(p, "expend", ("move",), "Expend Conserved Energy to move two roads"))
        acts.append(Action(p, "expend", ("heal",), "Expend Conserved Energy to heal one wound"))
        return acts

    def _pick_do_expend(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        p = ctx[0]
        choice = action.args[0]
        if choice == "no":
            return
        spent = self.conserved[:]
        self.action_discard.extend(spent)
        self.conserved.clear()
        if self.tracing:
            names = ", ".join(self.card_name(c) for c in spent)
            self._log(
                "mf.15.3",
                f"{self.name(p)} expends Conserved Energy ({names} go to the "
                f"discard pile) to {'move two roads' if choice == 'move' else 'heal one wound'}.",
                p,
                "action",
            )
        if choice == "move":
            self.boost = True
        else:
            self._heal(p, 1, "mf.15.3")

    # ---- movement (topics 8, 10, 15) ----
    def _pick_acts_move(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        mover, reach, why = args
        chooser = mover if why == "initial" else ctx[0]
        at = self.pos[mover]
        room = END - at
        options: Any = range(min(reach, room) + 1)
        if why == "initial" and self.boost and self._ruling("expend_movement") == "exactly_two":
            options = (0, 2) if room >= 2 else range(min(1, room) + 1)
        acts = []
        cache = self.game.action_cache
        road_at, face_up = self.road_at, self.face_up
        for d in options:
            q = at + d
            # The label names the road reached, or only its region while it is face down.
            key = ("move", chooser, mover, d, road_at[q], q in (START, END) or face_up[q])
            action = cache.get(key)
            if action is None:
                if d == 0:
                    label = f"{self.name(mover)} stays on {self._pos_name(self.pos[mover])}"
                else:
                    label = (
                        f"{self.name(mover)} moves {d} road{'s' * (d > 1)} to "
                        f"{self._pos_name(self.pos[mover] + d)}"
                    )
                action = cache[key] = Action(chooser, "move", (d,), label)
            acts.append(action)
        return acts

    def _pick_do_move(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        mover, reach, why = args
        d = action.args[0]
        rule = (
            "mf.15.4"
            if (why == "initial" and self.boost)
            else ("mf.8.2" if why == "initial" else self._effect_rule(ctx))
        )
        if reach > d > 0 and d == END - self.pos[mover]:
            rule = "mf.10.12"  # the End of the Road cuts the move short
        self._move(mover, d, rule, ctx[0] if why != "initial" else mover)

    def _pos_name(self, position: int) -> str:
        road = self.road(position)
        if position in (START, END) or self.face_up[position]:
            return road.name
        return f"a face-down {road.region} road"

    def _move(self, p: int, d: int, rule: str, actor: int) -> None:
        start = self.pos[p]
        if d == 0:
            if self.tracing:
                why = " (the End of the Road: no further to go)" if start == END else ""
                self._log(
                    "mf.10.11" if start == END else rule,
                    f"{self.name(p)} stays on {self._pos_name(start)}{why}.",
                    actor,
                    "action",
                )
            return
        target = min(start + d, END)
        b = self.broken_pos
        crossed = b >= 0 and start < b < target
        bounced = target == b
        if bounced:
            target = b - 1
        landed = target != start and (
            not bounced or self._ruling("broken_road_bounce") == "is_a_landing"
        )
        self.pos[p] = target
        if self.tracing:
            # The road a piece stops on is turned up at once (mf.10.3), so it is named.
            self._log(
                rule,
                f"{self.name(p)} moves from {self._pos_name(start)} to "
                f"{self.road(b if bounced else target).name}.",
                actor,
                "action",
                (("pos", start, target),),
            )
            region = self.road(target).region
            if region != self.road(start).region and target != END:
                self._log(
                    "mf.10.1",
                    f"{self.name(p)} is now on the {region} roads: a region "
                    "has no rules of its own; it matters only where a card mentions it.",
                )
            if target - start < d and not bounced:
                self._log(
                    "mf.10.12",
                    f"Movement is impeded at the End of the Road: only "
                    f"{target - start} of {d} roads.",
                )
            if bounced:
                self._log(
                    "mf.10.7",
                    f"{self.road(b).name} is the Broken Road: nobody can stop "
                    f"there, so {self.name(p)} goes back to {self._pos_name(target)}.",
                    changes=(("pos", b, target),),
                )
            if crossed:
                self._log(
                    "mf.15.4" if rule == "mf.15.4" else "mf.10.2",
                    f"{self.name(p)} passes over the Broken Road.",
                )
        self._update_visibility()
        if landed and target == END and self.dark:
            self.stack.append(Pick((p, "road", -1, 0, False), P_DARK_PICK, ()))
        elif landed and target == END and self.tracing:
            self._log("mf.10.10", "No Actions by the Dark are left to take.")
        if landed and self.road(target).ambush:
            self._ambush(p, self.road(target).ambush)
        elif self.tracing and target > start + 1:
            for q in range(start + 1, target):
                if self.road(q).ambush:
                    self._log(
                        "mf.10.6",
                        f"{self.name(p)} passes through the ambush on "
                        f"{self._pos_name(q)} without stopping: no penalty.",
                    )
        if crossed:
            if self.night:
                self.stack.append(Pick((p, "road", -1, 0, False), P_NIGHT_PICK, ()))
            elif self.tracing:
                self._log("mf.10.8", "No Actions by the Night are left to take.")

    def _update_visibility(self) -> None:
        face_up = self.face_up
        for p, at in enumerate(self.pos):
            for q in (at, at + 1):
                if q > END or face_up[q]:
                    continue
                self.face_up[q] = True
                if self.tracing:
                    where = "ahead of" if q > self.pos[p] else "under"
                    self._log(
                        "mf.10.3",
                        f"The road {where} {self.name(p)} is turned face up: "
                        f"{_road_text(self.road(q))}.",
                        changes=(("face_up", q, True),),
                    )

    def _ambush(self, p: int, n: int) -> None:
        if self._passive(p, "ignore_ambush"):
            if self.tracing:
                self._log(
                    "mf.10.6",
                    f"{self.name(p)} lands on an ambush of {n}, but a lasting "
                    "effect makes them ignore ambushes.",
                )
            return
        if self.tracing:
            cards = "1 random action card" if n == 1 else f"{n} random action cards"
            self._log(
                "mf.10.6",
                f"{self.name(p)} lands on an ambush of {n}: discard {cards}, "
                f"then receive {n} wound{'s' * (n != 1)}.",
            )
        self.stack.append(AmbushWound(p, n))
        k = min(n, len(self.hands[p]))
        if k:
            self.stack.append(Chance("discard", p, k, "mf.10.6"))

    def _f_ambush_wound(self, top: AmbushWound) -> None:
        p, n = top.player, top.wounds
        self.stack.pop()
        self._wound(p, n, (p, "ambush", -1, 0, False), "mf.10.6")
        # mf.17.1: an ambush reached by a card's movement is part of that card; its
        # card_done frame starts any Last Gasp once the whole card is processed.
        if not any(isinstance(f, CardDone) for f in self.stack):
            self._resolve_gasps()

    def _pick_acts_night_pick(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        p = ctx[0]
        return [
            Action(
                p, "take_night", (c,), f"Take {self.card_label(c)} from the Actions by the Night"
            )
            for c in sorted(set(self.night))
        ]

    def _pick_do_night_pick(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        p, c = ctx[0], action.args[0]
        self.night.remove(c)
        self.hands[p].append(c)
        if self.tracing:
            self._log(
                "mf.10.8",
                f"{self.name(p)} crossed the Broken Road, looks at the Actions by "
                f"the Night and takes {self.card_label(c)}; the rest go back face down.",
                p,
                "action",
                visible_to=(p,),
                public_text=f"{self.name(p)} crossed the Broken Road and takes one of the "
                "Actions by the Night.",
            )

    def _pick_acts_dark_pick(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        p = ctx[0]
        return [
            Action(p, "take_dark", (c,), f"Take {self.card_label(c)} from the Actions by the Dark")
            for c in sorted(set(self.dark))
        ]

    def _pick_do_dark_pick(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        p, c = ctx[0], action.args[0]
        self.dark.remove(c)
        self.hands[p].append(c)
        if self.tracing:
            self._log(
                "mf.10.10",
                f"{self.name(p)} reached the End of the Road and takes "
                f"{self.card_label(c)} from the Actions by the Dark.",
                p,
                "action",
                visible_to=(p,),
                public_text=f"{self.name(p)} reached the End of the Road "
                "and takes one of the Actions by the Dark.",
            )

    # ---- drawing (topics 8 VI, 15, 19) ----
    def _f_draw_phase(self, top: DrawPhase) -> None:
        i = top.next
        order = _TURN_ORDER[self.turn_player]  # both players, the turn player first
        while i < 2:
            p = order[i]
            held, size = len(self.hands[p]), self.hand_size(p)
            if held < size and self._can_draw():
                if i != top.next:
                    self.stack[-1] = DrawPhase(i)
                self._draw_one(p, "mf.8.11")
                return
            i += 1
            if self.tracing and held >= size:
                self._log(
                    "mf.8.11" if held == size else "mf.19.2",
                    f"{self.name(p)} has {held} cards"
                    + (
                        " (more than seven is fine: there is no discard phase)."
                        if held > HAND_SIZE
                        else "."
                    ),
                )
        self.stack.pop()

    def _can_draw(self) -> bool:
        return bool(self.action_top or self.action_pile or self.action_discard or self.conserved)

    def _f_draw_count(self, top: DrawCount) -> None:
        p, remaining, rule = top.player, top.left, top.rule
        if remaining <= 0 or not self._can_draw():
            self.stack.pop()
            return
        self.stack[-1] = DrawCount(p, remaining - 1, rule)
        self._draw_one(p, rule)

    def _draw_one(self, p: int, rule: str) -> None:
        if self.conserved:
            self.stack.append(Pick((p, "draw", -1, 0, False), P_DRAW_SOURCE, (p, rule)))
        else:
            self._draw_from_pile(p, rule)

    def _draw_from_pile(self, p: int, rule: str) -> None:
        if self.action_top:
            self._give_card(p, self.action_top.pop(0), rule)
            return
        if not self.action_pile:
            if not self.action_discard:
                if self.tracing:
                    self._log(rule, "No action cards are left to draw.")
                return
            self.action_pile = sorted(self.action_discard)
            self.action_discard.clear()
            if self.tracing:
                self._log(
                    "mf.19.4",
                    "The action draw pile is empty: the discard pile is "
                    f"shuffled into a new draw pile ({len(self.action_pile)} cards).",
                )
        self.stack.append(Chance("action_draw", p, 0, rule))

    def _give_card(self, p: int, c: int, rule: str) -> None:
        self.hands[p].append(c)
        if self.tracing:
            self._log(
                rule,
                f"{self.name(p)} draws {self.card_label(c)}.",
                p,
                changes=(("hand_size", len(self.hands[p]) - 1, len(self.hands[p])),),
                visible_to=(p,),
                public_text=f"{self.name(p)} draws an action card.",
            )

    def _pick_acts_draw_source(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        # Canonical order: "draw_conserved" (one per card name, by id) < "draw_pile".
        p = args[0]
        acts = []
        cache = self.game.action_cache
        for c in self._first_copies(self.conserved):
            action = cache.get(("draw_conserved", p, c))
            if action is None:
                label = f"Take {self.card_label(c)} from Conserved Energy"
                action = cache["draw_conserved", p, c] = Action(p, "draw_conserved", (c,), label)
            acts.append(action)
        if self.action_top or self.action_pile or self.action_discard:
            action = cache.get(("draw_pile", p))
            if action is None:
                action = cache["draw_pile", p] = Action(
                    p, "draw_pile", (), "Draw from the action draw pile"
                )
            acts.append(action)
        return acts

    def _pick_do_draw_source(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        p, rule = args
        if action.kind == "draw_pile":
            self._draw_from_pile(p, rule)
            return
        c = action.args[0]
        self.conserved.remove(c)
        self.hands[p].append(c)
        if self.tracing:
            self._log(
                "mf.15.2",
                f"{self.name(p)} draws {self.card_label(c)} from Conserved Energy "
                "instead of the draw pile.",
                p,
                "action",
            )

    # ---- events: drawing (topic 8 II, 11) ----
    def _draw_event(self) -> None:
        if self.event_top:
            self._reveal_event(self.event_top.pop(0))
            self.event_top_known.clear()
            return
        if not self.event_pile:
            if self.event_bottom:
                self._reveal_event(self.event_bottom.pop(0))
                return
            if not self.event_discard:
                if self.tracing:
                    self._log("mf.8.3", "No event cards are left: this turn has no event.")
                return
            self.event_pile = sorted(self.event_discard)
            self.event_discard.clear()
            if self.tracing:
                self._log(
                    "mf.19.4",
                    "The event deck is empty: its discard pile is shuffled into a "
                    f"new deck ({len(self.event_pile)} cards).",
                )
        self.stack.append(Chance("event_draw", -1, 0, "mf.8.3"))

    def event_visible_to_all(self) -> bool:
        if self.event < 0:
            return True
        return self.cards.events[self.event].seen or self._ruling("all_events_seen") == "on"

    def _reveal_event(self, e: int) -> None:
        self.event = e
        if not self.tracing:
            return
        card = self.cards.events[e]
        p = self.turn_player
        desc = f"{card.name} ({'a seen' if card.seen else 'an unseen'} {card.kind}"
        desc += f", health {card.health})" if card.kind == "opposition" else ")"
        if self.event_visible_to_all():
            rule = "mf.11.7" if card.seen else "mf.11.10"
            self._log(
                rule,
                f"{self.name(p)} draws the event {desc} and shows it to everyone.",
                p,
                changes=(("event", None, card.id),),
            )
        else:
            self._log(
                "mf.11.8",
                f"{self.name(p)} draws the event {desc}. It is unseen: only "
                f"{self.name(p)} may look at it.",
                p,
                changes=(("event", None, card.id),),
                visible_to=(p,),
                public_text=f"{self.name(p)} draws an unseen event and keeps it hidden.",
            )

    # ---- main processing: reveal loop (topic 12) ----
    def _f_reveal_loop(self, top: RevealLoop) -> None:
        stage = top.stage
        revealed, plays = self.revealed, self.plays
        players = [p for p in self._both() if revealed[p] < len(plays[p])]
        if not players:
            self.stack.pop()
            done = [c for p in self._both() for c in self.plays[p]]
            for p in self._both():
                self.plays[p].clear()
                self.revealed[p] = 0
                self.play_kept[p] = 0
            self.action_discard.extend(done)
            if self.tracing and done:
                self._log(
                    "mf.8.9",
                    "All action plays are processed; "
                    + (f"their {len(done)} cards go" if len(done) > 1 else "the one card left goes")
                    + " face down to the discard pile.",
                )
            return
        if stage == "window":
            self.stack[-1] = RevealLoop("reveal")
            self._open_window("before_reveal")
            if self.stack[-1].kind == WINDOW_FRAME:
                return
        self.stack[-1] = RevealLoop("window")
        p = self.reveal_next if self.reveal_next in players else players[0]
        c = self.plays[p][self.revealed[p]]
        self.revealed[p] += 1
        k = self.revealed[p] + self.play_kept[p] - 1
        self.reveal_next = self.other(p)
        if self.tracing:
            two = len([q for q in self._both() if self.plays[q]]) > 1
            why = " (plays alternate, the turn player first)" if two else ""
            self._log(
                "mf.12.6",
                f"{self.name(p)} reveals card {k + 1} of their action play: "
                f"{self.card_label(c)}{why}.",
                p,
                changes=(("revealed", c, True),),
            )
        self._start_card(p, c, k + 1, False)

    def _start_card(self, p: int, c: int, position: int, in_gasp: bool) -> None:
        card = self.cards.actions[c]
        ctx: Ctx = (p, "action", c, position, in_gasp)
        self.stack.append(CardDone(ctx))
        if card.effects:
            self.stack.append(Effects(ctx, ("action", c, "effects"), 0))
        if card.on_reveal:
            self.stack.append(Effects(ctx, ("action", c, "on_reveal"), 0))

    def _f_card_done(self, top: CardDone) -> None:
        ctx = top.ctx
        self.stack.pop()
        if ctx[1] == "event":
            e = self.event
            if e >= 0:
                self.event_discard.append(e)
                self.event = -1
                if self.tracing:
                    self._log("mf.8.12", "The event is put face down in the event discard pile.")
        if self.tracing and self.gasp_due and self.in_gasp < 0:
            names = " and ".join(self.name(q) for q in self.gasp_due)
            self._log(
                gasp_flow.LAST_GASP.rule("finish_card"),
                f"The card that brought {names} to maximum wounds is now fully "
                "processed, so the Last Gasp can begin.",
            )
        self._resolve_gasps()

    # ---- event processing (topic 11) ----
    def _f_event_process(self, top: EventProcess) -> None:
        self.stack.pop()
        e = self.event
        if e < 0:
            return
        card = self.cards.events[e]
        p = self.turn_player
        vis = None if not self.tracing or self.event_visible_to_all() else (p,)
        ctx: Ctx = (p, "event", e, 0, False)
        self.event_stats.append((self.pos[p], 0))
        if self.tracing:
            self._log(
                "mf.11.1",
                f"{card.name} is read as the game stands now, after every "
                f"action: {self.name(p)} is on {self._pos_name(self.pos[p])}.",
                p,
                visible_to=vis,
                public_text="The unseen event is read as the game stands now, after every action.",
            )
        if self.event_prevented:
            self.event_log.append(f"{card.id}:prevented")
            if self.tracing:
                rule = "mf.11.3" if card.kind == "incident" else "mf.11.4"
                self._log(
                    rule,
                    f"{card.name} was prevented this turn: none of its effects happen.",
                    p,
                    visible_to=vis,
                    # mf.11.9: nothing need be said about a prevented unseen event, and
                    # saying "prevented" could tell which kind a Barricade stopped.
                    public_text=f"{self.name(p)} processes the unseen event.",
                    public_rule="mf.11.8",
                )
            self.stack.append(CardDone(ctx))
            return
        self.stack.append(CardDone(ctx))
        if card.kind == "incident":
            self.event_log.append(f"{card.id}:incident")
            if self.tracing:
                self._log(
                    "mf.11.3",
                    f"{self.name(p)} processes the incident {card.name}: its "
                    "effect and its bonus both happen.",
                    p,
                    visible_to=vis,
                    public_text=f"{self.name(p)} processes the unseen event.",
                    public_rule="mf.11.8",
                )
            if card.bonus:
                self.stack.append(Effects(ctx, ("event", e, "bonus"), 0))
            if card.effect:
                self.stack.append(Effects(ctx, ("event", e, "effect"), 0))
            return
        defeated = self.opp_wounds >= card.health
        if self.tracing:
            self._log(
                "mf.11.5",
                f"The opposition {card.name} took {self.opp_wounds} wound"
                f"{'s' * (self.opp_wounds != 1)} this turn against health {card.health}: "
                f"{'defeated' if defeated else 'not defeated'}.",
                p,
                visible_to=vis,
                public_text=f"{self.name(p)} processes the unseen event.",
                public_rule="mf.11.8",
            )
            self._log(
                "mf.11.6",
                f"{self.name(p)} processes the {'defeated' if defeated else 'undefeated'}"
                f" outcome of {card.name}.",
                p,
                visible_to=vis,
                public_text="",
            )
        part = "defeated" if defeated else "undefeated"
        self.event_log.append(f"{card.id}:{part}")
        if getattr(card, part):
            self.stack.append(Effects(ctx, ("event", e, part), 0))

    # ======================================================================
    # Effects (the effect vocabulary of docs/mantis_falls_cards.md)
    # ======================================================================
    def _f_effects(self, top: Effects) -> None:
        ctx, ref, i = top.ctx, top.ref, top.next
        effects = self.game.resolve(ref)
        if i + 1 >= len(effects):
            # The last effect (or none): the frame is done before the effect runs, so a
            # card with one effect costs one step of the run loop (speed).
            self.stack.pop()
            if i >= len(effects):
                return
        else:
            self.stack[-1] = Effects(ctx, ref, i + 1)
        eff = effects[i]
        preds = eff.get("if")
        secret = False
        if preds:
            ok = self._holds(ctx, preds)
            # Criteria about the kind of an unseen event are checked by the turn player,
            # who alone knows the card: the others learn neither the verdict nor what
            # the effect did (ruling unseen_event_view).
            secret = (
                "event_kind" in preds
                and ctx[1] != "event"
                and self.event >= 0
                and not self.event_visible_to_all()
            )
            if self.tracing:
                from tutor.games.mantis_falls.text import predicate_text

                witness = "truly_witness" in preds
                rule = "mf.19.5" if witness and not ok else "mf.12.3"
                verdict = "met" if ok else "not met, so this effect does not happen"
                text = (
                    f"{self._source_name(ctx)}: sometimes-effect "
                    f"({predicate_text(preds)}) — criteria {verdict}."
                )
                if secret:
                    tp = self.name(self.turn_player)
                    self._log(
                        rule,
                        text,
                        ctx[0],
                        visible_to=(self.turn_player,),
                        public_text=f"{self._source_name(ctx)}: a sometimes-effect depends on "
                        f"the unseen event; {tp} checks it in secret and carries it out "
                        "only if its criteria are met.",
                        public_rule="mf.11.8",
                    )
                else:
                    self._log(
                        rule,
                        text,
                        ctx[0],
                        visible_to=self._ctx_vis(ctx),
                        public_text="",
                    )
                if "near_phone" in preds or "at_bus_stop" in preds:
                    at = self.pos[ctx[0]]
                    d = self.phone_distance(at)
                    # Say only what the criteria ask: the exact distance could count a
                    # phone on a face-down road ahead, which nobody may know yet.
                    k = int(preds.get("near_phone", 0))
                    within = f" within {k} road{'s' * (k != 1)}" if k else ""
                    if d == 0:
                        phone = "has a phone"
                    elif d <= k:
                        phone = f"is{within} of a phone"
                    else:
                        phone = f"has no phone{within}"
                    bus = "has a bus stop" if self.road(at).bus_stop else "has no bus stop"
                    self._log(
                        "mf.10.5",
                        f"Phones and bus stops matter only when a card asks: "
                        f"{self.name(ctx[0])}'s road, {self._pos_name(at)}, {phone} and "
                        f"{bus}.",
                        ctx[0],
                        visible_to=self._ctx_vis(ctx),
                        public_text="",
                    )
            if not ok:
                return
        if secret and self.tracing:
            start = len(self.trace)
            CARD_EFFECTS[eff["do"]](self, ctx, eff, ref + (i,))
            self._hide_since(start)
            return
        CARD_EFFECTS[eff["do"]](self, ctx, eff, ref + (i,))

    def _source_name(self, ctx: Ctx) -> str:
        src, idx = ctx[1], ctx[2]
        if src == "action":
            return self.card_name(idx)
        if src == "event":
            return self.cards.events[idx].name
        if src == "condition":
            return f"{self.card_name(idx)} (any-time effect)"
        if src == "ally":
            return f"{self.cards.allies[idx].name} (any-time effect)"
        return "ambush"

    def _effect_rule(self, ctx: Ctx) -> str:
        # An event's wounds and heals come from an incident's effect/bonus (mf.11.3) or an
        # opposition's outcome (mf.11.6); everything else is a card effect (mf.12.2).
        if ctx[1] != "event":
            return "mf.12.2"
        return "mf.11.6" if self.cards.events[ctx[2]].kind == "opposition" else "mf.11.3"

    def _ctx_vis(self, ctx: Ctx) -> Any:
        if ctx[1] == "event" and not self.event_visible_to_all():
            return (ctx[0],)
        return None

    def _holds(self, ctx: Ctx, preds: dict[str, Any]) -> bool:
        p = ctx[0]
        o = self.other(p)
        for key, val in preds.items():
            if key == "truly_witness":
                ok = (self.roles[p] == "witness") == bool(val)
            elif key == "near_phone":
                ok = self.phone_distance(self.pos[p]) <= int(val)
            elif key == "at_bus_stop":
                ok = self.road(self.pos[p]).bus_stop == bool(val)
            elif key == "region":
                ok = self.road(self.pos[p]).region == val
            elif key == "event_kind":
                ok = self.event >= 0 and self.cards.events[self.event].kind == val
            elif key == "event_seen":
                ok = self.event >= 0 and self.cards.events[self.event].seen == bool(val)
            elif key == "wounds_at_least":
                ok = self.wounds[p] >= int(val)
            elif key == "other_wounds_at_least":
                ok = self.wounds[o] >= int(val)
            elif key == "same_road":
                ok = (self.pos[p] == self.pos[o]) == bool(val)
            elif key == "ahead_of_other":
                ok = (self.pos[p] > self.pos[o]) == bool(val)
            elif key == "behind_other":
                ok = (self.pos[p] < self.pos[o]) == bool(val)
            elif key == "play_position_at_least":
                ok = ctx[3] >= int(val)
            elif key == "in_last_gasp":
                ok = bool(ctx[4]) == bool(val)
            elif key == "hand_at_most":
                ok = len(self.hands[p]) <= int(val)
            elif key == "stoplight_at_least":
                road = self.road(self.pos[self._stoplight_player(ctx)])
                ok = road.stoplight(val["color"]) >= int(val["value"])
            elif key == "has_condition":
                ok = any(self.card_name(c) == val for c in self.conditions[p])
            elif key == "is_turn_player":
                ok = (p == self.turn_player) == bool(val)
            else:  # the schema forbids other keys
                ok = False
            if not ok:
                return False
        return True

    def _targets(self, ctx: Ctx, target: str) -> list[int]:
        p = ctx[0]
        if target == "self":
            return [p]
        if target == "other":
            return [self.other(p)]
        if target == "each_player":
            return list(self._both())
        return []

    def _target_actions(self, ctx: Ctx, kind: str, with_opposition: bool) -> list[Action]:
        p = ctx[0]
        acts = [
            Action(p, kind, ("player", q), f"{self.name(q)}" + (" (you)" if q == p else ""))
            for q in range(self.game.num_players)
        ]
        if with_opposition and self.event >= 0:
            if p == self.turn_player or self.event_visible_to_all():
                if self._opposition_open():
                    acts.append(
                        Action(
                            p,
                            kind,
                            ("opposition", -1),
                            f"The opposition {self.cards.events[self.event].name}",
                        )
                    )
            else:
                # An unseen event may or may not be an opposition: the other player can
                # aim at it without learning which (it does nothing to an incident).
                acts.append(Action(p, kind, ("opposition", -1), "The unseen event"))
        return acts

    def _opposition_open(self) -> bool:
        return self.event >= 0 and self.cards.events[self.event].kind == "opposition"

    # ---- wound / heal ----
    def _e_wound(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        amount = self._amount(eff["amount"], ctx)
        target = eff.get("target", "self")
        if target in ("choose_player", "choose_any"):
            self.stack.append(Pick(ctx, P_WOUND_TARGET, (amount, target == "choose_any")))
        elif target == "opposition":
            self._wound_opposition(amount, ctx)
        else:
            for q in self._targets(ctx, target):
                self._wound(q, amount, ctx, self._effect_rule(ctx))

    def _pick_acts_wound_target(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        return self._target_actions(ctx, "wound_target", bool(args[1]))

    def _pick_do_wound_target(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        who, q = action.args
        if who == "opposition":
            self._wound_opposition(args[0], ctx)
        else:
            self._wound(q, args[0], ctx, "mf.12.2")

    def _wound_opposition(self, amount: int, ctx: Ctx) -> None:
        if self.event < 0:
            if self.tracing:
                self._log(
                    "mf.11.5",
                    "There is no event this turn: the wounds meant for an opposition do nothing.",
                    ctx[0],
                )
            return
        card = self.cards.events[self.event]
        if card.kind != "opposition":
            if self.tracing:
                self._log(
                    "mf.11.2",
                    f"{self._source_name(ctx)} deals wounds to an opposition, but "
                    "this turn's event is an incident: it has no effect on it.",
                    ctx[0],
                    visible_to=self._ctx_vis_event(),
                    public_text=self._aim_text(ctx[0], amount),
                    public_rule="mf.11.8",
                )
            return
        if self._ruling("opposition_wounds_from") == "actions_only" and ctx[1] != "action":
            if self.tracing:
                self._log(
                    "mf.11.5",
                    "Under the house rule 'actions_only', only action cards wound "
                    "the opposition: these wounds do not count.",
                    ctx[0],
                    visible_to=self._ctx_vis_event(),
                    public_text=self._aim_text(ctx[0], amount),
                    public_rule="mf.11.8",
                )
            return
        # A lasting bonus adds to a real hit only (a blow of 0 stays 0).
        extra = (
            self._passive(ctx[0], "extra_opposition_wounds")
            if ctx[1] != "event" and amount > 0
            else 0
        )
        before = self.opp_wounds
        self.opp_wounds += amount + extra
        if self.tracing:
            more = f" (+{extra} from a lasting effect)" if extra else ""
            self._log(
                "mf.11.5",
                f"{self.name(ctx[0])} deals {amount} wound{'s' * (amount != 1)}"
                f"{more} to the opposition ({self.opp_wounds} of {card.health} this turn).",
                ctx[0],
                changes=(("opposition_wounds", before, self.opp_wounds),),
                visible_to=self._ctx_vis_event(),
                public_text=self._aim_text(ctx[0], amount),
                public_rule="mf.11.8",
            )

    def _aim_text(self, p: int, amount: int) -> str:
        """What the others read when wounds are dealt to an unseen event: the same
        sentence whether it is an opposition (hurt) or an incident (untouched)."""
        return f"{self.name(p)} aims {amount} wound{'s' * (amount != 1)} at the unseen event."

    def _ctx_vis_event(self) -> Any:
        return None if self.event_visible_to_all() else (self.turn_player,)

    def _wound(self, q: int, amount: int, ctx: Ctx, rule: str) -> None:
        if self.dead[q] or amount <= 0:
            return
        if ctx[1] == "event":
            cut = self._passive(q, "reduce_event_wounds")
            if cut:
                reduced = max(0, amount - cut)
                if self.tracing:
                    self._log(
                        "mf.13.1",
                        f"A lasting effect of {self.name(q)} reduces the event's "
                        f"{amount} wounds to {reduced}.",
                        q,
                    )
                amount = reduced
                if not amount:
                    return
        before = self.wounds[q]
        cap = self.max_wounds[q]
        after = min(cap, before + amount)
        self.wounds[q] = after
        if ctx[1] == "event" and self.event_stats:
            where, dealt = self.event_stats[-1]
            self.event_stats[-1] = (where, dealt + after - before)
        if ctx[4] and q != ctx[0]:
            rule = gasp_flow.LAST_GASP.rule("hurt_other")  # a Last Gasp card hurting another player
        if self.tracing:
            got = f"{after - before} wound{'s' * (after - before != 1)}"
            text = f"{self.name(q)} receives {got} ({self._source_name(ctx)}): {after}/{cap}."
            public = f"{self.name(q)} receives {got} (unseen event): {after}/{cap}."
            if before + amount > cap:
                over = before + amount - cap
                extra = (
                    f" {over} more {'is' if over == 1 else 'are'} ignored: nobody goes "
                    "above maximum wounds."
                )
                text += extra
                public += extra
            vis = self._ctx_vis(ctx)
            self._log(
                "mf.16.2" if before + amount > cap else rule,
                text,
                ctx[0],
                changes=(("wounds", before, after),),
                visible_to=vis,
                public_text=public if vis else "",
            )
        if after >= cap and before < cap and q != self.in_gasp and q not in self.gasp_due:
            self.gasp_due.append(q)
            if self.tracing:
                flow = gasp_flow.LAST_GASP
                self._log(
                    flow.rule("reach_max"),
                    f"{self.name(q)} is at maximum wounds: not dead yet — a Last "
                    "Gasp follows once the current card is fully processed.",
                    q,
                )
                if flow.after("inside_gasp", self.in_gasp >= 0) == "wait_gasp":
                    self._log(
                        flow.rule("wait_gasp"),
                        f"The wounds came from {self.name(self.in_gasp)}'s Last "
                        f"Gasp: {self.name(self.in_gasp)} finishes that whole Last Gasp "
                        f"before {self.name(q)} makes theirs.",
                        q,
                    )

    def _e_heal(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        amount = self._amount(eff["amount"], ctx)
        target = eff.get("target", "self")
        if target == "choose_player":
            self.stack.append(Pick(ctx, P_HEAL_TARGET, (amount,)))
            return
        for q in self._targets(ctx, target):
            self._heal(q, amount, self._effect_rule(ctx))

    def _pick_acts_heal_target(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        return self._target_actions(ctx, "heal_target", False)

    def _pick_do_heal_target(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        self._heal(action.args[1], args[0], "mf.12.2")

    def _heal(self, q: int, amount: int, rule: str) -> None:
        before = self.wounds[q]
        after = max(0, before - amount)
        self.wounds[q] = after
        if self.tracing:
            extra = (
                " (during a Last Gasp: healing now can save a life)" if q == self.in_gasp else ""
            )
            self._log(
                rule,
                f"{self.name(q)} heals {before - after} wound{'s' * (before - after != 1)}:"
                f" {after}/{self.max_wounds[q]}{extra}.",
                q,
                changes=(("wounds", before, after),),
            )

    # ---- movement effects ----
    def _e_move(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        mover = ctx[0] if eff.get("target", "self") == "self" else self.other(ctx[0])
        roads = int(eff["roads"])
        if eff.get("up_to", True) and self.pos[mover] < END:
            self.stack.append(Pick(ctx, P_MOVE, (mover, roads, "effect")))
        else:
            room = END - self.pos[mover]
            self._move(
                mover,
                min(roads, room),
                "mf.10.12" if 0 < room < roads else self._effect_rule(ctx),
                ctx[0],
            )

    # ---- prevention ----
    def _e_prevent_event(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        if self.event < 0:
            if self.tracing:
                self._log("mf.11.2", "There is no event this turn to prevent.", ctx[0])
            return
        self.event_prevented = True
        if self.tracing:
            kind = self.cards.events[self.event].kind
            self._log(
                "mf.11.2" if kind == "incident" else "mf.11.4",
                f"{self._source_name(ctx)} prevents this turn's event: when it is processed, "
                "none of its effects will happen.",
                ctx[0],
                changes=(("event_prevented", False, True),),
                visible_to=self._ctx_vis_event(),
                public_text=f"{self._source_name(ctx)} prevents this turn's unseen event.",
                public_rule="mf.11.8",
            )

    # ---- drawing and discarding ----
    def _e_draw(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        for q in reversed(self._targets(ctx, eff.get("target", "self"))):
            self.stack.append(DrawCount(q, int(eff["count"]), self._effect_rule(ctx)))

    def _e_discard_random(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        for q in reversed(self._targets(ctx, eff.get("target", "other"))):
            k = min(int(eff["count"]), len(self.hands[q]))
            if k:
                self.stack.append(Chance("discard", q, k, self._effect_rule(ctx)))

    def _e_discard_chosen(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        for q in reversed(self._targets(ctx, eff.get("target", "other"))):
            if self.hands[q]:
                self.stack.append(Pick(ctx, P_DISCARD_CHOSEN, (q, int(eff["count"]))))

    def _pick_acts_discard_chosen(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        q = args[0]
        return [
            Action(q, "discard_card", (c,), f"Discard {self.card_label(c)}")
            for c in sorted(set(self.hands[q]))
        ]

    def _pick_do_discard_chosen(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        q, count = args
        c = action.args[0]
        self.hands[q].remove(c)
        self.action_discard.append(c)
        if self.tracing:
            self._log(
                self._effect_rule(ctx),
                f"{self.name(q)} discards {self.card_label(c)} face down.",
                q,
                "action",
                visible_to=(q,),
                public_text=f"{self.name(q)} discards a card.",
            )
        if count > 1 and self.hands[q]:
            self.stack.append(Pick(ctx, P_DISCARD_CHOSEN, (q, count - 1)))

    # ---- allies (topic 14) ----
    def _e_take_ally(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        if not self.ally_deck:
            if self.tracing:
                self._log("mf.14.2", "The ally deck is empty: there is no ally to take.", ctx[0])
            return
        self.stack.append(Pick(ctx, P_TAKE_ALLY, (int(eff["count"]),)))

    def _pick_acts_take_ally(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        p = ctx[0]
        first: dict[str, int] = {}
        for a in sorted(self.ally_deck):
            first.setdefault(self.cards.allies[a].name, a)
        return [
            Action(
                p,
                "take_ally",
                (a,),
                f"Take {n} (ally, complete with {self.cards.allies[a].requirement})",
            )
            for n, a in first.items()
        ]

    def _pick_do_take_ally(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        p = ctx[0]
        a = action.args[0]
        self.ally_deck.remove(a)
        self._gain_ally(p, a, "mf.14.2", chosen=True)
        if args[0] > 1 and self.ally_deck:
            self.stack.append(Pick(ctx, P_TAKE_ALLY, (args[0] - 1,)))

    def _gain_ally(self, p: int, a: int, rule: str, chosen: bool) -> None:
        was = self.complete_allies(p)
        self.allies[p].append(a)
        if not self.tracing:
            return
        card = self.cards.allies[a]
        have = sum(1 for x in self.allies[p] if self.cards.allies[x].name == card.name)
        how = "looks through the ally deck and takes" if chosen else "draws"
        self._log(
            rule,
            f"{self.name(p)} {how} {card.name} ({have}/{card.requirement}).",
            p,
            "action" if chosen else "auto",
            visible_to=(p,),
            public_text=f"{self.name(p)} takes an ally card face down.",
        )
        if card.name in self.complete_allies(p) and card.name not in was:
            self._log(
                "mf.14.4",
                f"{card.name} is complete for {self.name(p)}: the cards turn face "
                "up and the ally's effect is active.",
                p,
            )
        elif card.name not in self.complete_allies(p):
            self._log(
                "mf.14.3",
                f"{card.name} is incomplete ({have}/{card.requirement}): kept face "
                "down, no effect yet.",
                p,
                visible_to=(p,),
                public_text="",
            )

    def _e_return_ally(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        q = self._targets(ctx, eff.get("target", "other"))[0]
        if not self.allies[q]:
            if self.tracing:
                self._log("mf.14.5", f"{self.name(q)} has no ally to return.", ctx[0])
            return
        self.stack.append(Pick(ctx, P_RETURN_ALLY, (q,)))

    def _ally_groups(self, q: int) -> list[str]:
        """Player ``q``'s ally names in the order their first card arrived (public order)."""
        names: list[str] = []
        for a in self.allies[q]:
            name = self.cards.allies[a].name
            if name not in names:
                names.append(name)
        return names

    def _pick_acts_return_ally(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        # Groups are named by arrival order, so neither the args nor the labels of a
        # face-down group tell the chooser which ally it is.
        q = args[0]
        complete = set(self.complete_allies(q))
        own = q == ctx[0]
        acts = []
        hidden = 0
        for k, n in enumerate(self._ally_groups(q)):
            if n in complete or own:
                shown = n
            else:
                hidden += 1
                shown = f"face-down ally group {hidden}"
            acts.append(Action(ctx[0], "return_ally", (k,), f"Return {self.name(q)}'s {shown}"))
        return acts

    def _pick_do_return_ally(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        q = args[0]
        self._return_ally_group(q, self._ally_groups(q)[action.args[0]])

    def _return_ally_group(self, q: int, name: str) -> None:
        group = [a for a in self.allies[q] if self.cards.allies[a].name == name]
        for a in group:
            self.allies[q].remove(a)
            self.ally_deck.append(a)
        self.ally_deck.sort()
        if self.tracing:
            self._log(
                "mf.14.5",
                f"{self.name(q)}'s {name} ({len(group)} card"
                f"{'s' * (len(group) > 1)}) goes back to the ally deck.",
                q,
            )

    # ---- conditions (topic 13) ----
    def _e_keep_as_condition(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        p, src, c = ctx[0], ctx[1], ctx[2]
        if src != "action":
            return
        if c in self.plays[p]:
            i = self.plays[p].index(c)
            del self.plays[p][i]
            if i < self.revealed[p]:
                self.revealed[p] -= 1
                self.play_kept[p] += 1
        elif c in self.gasp_play:
            i = self.gasp_play.index(c)
            del self.gasp_play[i]
            if i < self.gasp_revealed:
                self.gasp_revealed -= 1
                self.gasp_kept += 1
        else:
            return
        self.conditions[p].append(c)
        if self.tracing:
            self._log(
                "mf.13.1",
                f"{self.name(p)} keeps {self.card_name(c)} face up as a condition; "
                "its effect lasts until something removes it.",
                p,
                changes=(("conditions", None, self.card_name(c)),),
            )

    def _e_remove_condition(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        target = eff.get("target", "any")
        owners = (
            list(range(self.game.num_players)) if target == "any" else self._targets(ctx, target)
        )
        if any(self.conditions[q] for q in owners):
            self.stack.append(Pick(ctx, P_REMOVE_CONDITION, tuple(owners)))
        elif self.tracing:
            self._log("mf.13.1", "There is no condition to remove.", ctx[0])

    def _pick_acts_remove_condition(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        return [
            Action(
                ctx[0],
                "remove_condition",
                (q, c),
                f"Discard {self.name(q)}'s condition {self.card_name(c)}",
            )
            for q in args
            for c in sorted(set(self.conditions[q]))
        ]

    def _pick_do_remove_condition(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        q, c = action.args
        self.conditions[q].remove(c)
        self.action_discard.append(c)
        if self.tracing:
            self._log(
                "mf.13.1",
                f"{self.name(q)}'s condition {self.card_name(c)} is removed and discarded.",
                ctx[0],
                "action",
            )

    # ---- Conserved Energy effects ----
    def _e_take_conserved(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        if self.conserved:
            self.stack.append(Pick(ctx, P_TAKE_CONSERVED, (int(eff["count"]),)))
        elif self.tracing:
            self._log("mf.15.2", "Conserved Energy is empty: nothing to take.", ctx[0])

    def _pick_acts_take_conserved(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        return [
            Action(ctx[0], "take_conserved", (c,), f"Take {self.card_label(c)}")
            for c in sorted(set(self.conserved))
        ]

    def _pick_do_take_conserved(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        c = action.args[0]
        self.conserved.remove(c)
        self.hands[ctx[0]].append(c)
        if self.tracing:
            self._log(
                "mf.15.2",
                f"{self.name(ctx[0])} takes {self.card_label(c)} from Conserved "
                "Energy into their hand.",
                ctx[0],
                "action",
            )
        if args[0] > 1 and self.conserved:
            self.stack.append(Pick(ctx, P_TAKE_CONSERVED, (args[0] - 1,)))

    # ---- Foresight-type reveal triggers ----
    def _e_peek_event(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        p = ctx[0]
        self.stack.append(Pick(ctx, P_PEEK_KEEP, ()))
        if self.event_top:
            self._peeked(p, self.event_top[0])
        elif self.event_pile:
            self.stack.append(Chance("peek", p, 0, "mf.19.1"))
        else:
            self.stack.pop()
            if self.tracing:
                self._log("mf.19.1", "The event deck is empty: there is nothing to look at.", p)

    def _peeked(self, p: int, e: int) -> None:
        if p not in self.event_top_known:
            self.event_top_known.append(p)
        if self.tracing:
            self._log(
                "mf.19.1",
                f"{self.name(p)} looks at the top event card: {self.cards.events[e].name}.",
                p,
                visible_to=(p,),
                public_text=f"{self.name(p)} looks at the top event card.",
            )

    def _pick_acts_peek_keep(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        p = ctx[0]
        return [
            Action(p, "peek", ("keep",), "Leave it on top"),
            Action(p, "peek", ("bottom",), "Put it on the bottom of the event deck"),
        ]

    def _pick_do_peek_keep(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        p = ctx[0]
        if action.args[0] == "bottom":
            e = self.event_top.pop(0)
            self.event_bottom.append(e)
            self.event_top_known.clear()
        if self.tracing:
            where = "on the bottom of" if action.args[0] == "bottom" else "on top of"
            self._log(
                "mf.19.1",
                f"{self.name(p)} puts the event card {where} the event deck.",
                p,
                "action",
            )

    # ---- choices ----
    def _e_choose_one(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        self.stack.append(Pick(ctx, P_CHOOSE_ONE, ref))

    def _pick_acts_choose_one(self, ctx: Ctx, ref: tuple[Any, ...]) -> list[Action]:
        eff = self.game.resolve(ref)
        return [
            Action(ctx[0], "choose", (k,), opt["label"]) for k, opt in enumerate(eff["options"])
        ]

    def _pick_do_choose_one(self, ctx: Ctx, ref: tuple[Any, ...], action: Action) -> None:
        k = action.args[0]
        if self.tracing:
            label = self.game.resolve(ref)["options"][k]["label"]
            self._log(
                self._effect_rule(ctx),
                f"{self.name(ctx[0])} chooses: {label}.",
                ctx[0],
                "action",
                visible_to=self._ctx_vis(ctx),
                public_text="",
            )
        self.stack.append(Effects(ctx, tuple(ref) + ("options", k, "effects"), 0))

    def _e_wound_split(self, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]) -> None:
        amount = self._amount(eff["amount"], ctx)
        self.stack.append(Pick(ctx, P_WOUND_SPLIT, (amount,)))

    def _pick_acts_wound_split(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        p, amount = ctx[0], args[0]
        o = self.other(p)
        return [
            Action(p, "split", (k,), f"{amount - k} to {self.name(p)}, {k} to {self.name(o)}")
            for k in range(amount + 1)
        ]

    def _pick_do_wound_split(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        p = ctx[0]
        k = action.args[0]
        if self.tracing:
            self._log(
                "mf.11.9",
                f"{self.name(p)} divides {args[0]} wounds: {args[0] - k} to "
                f"themself, {k} to {self.name(self.other(p))}.",
                p,
                "action",
                visible_to=(p,),
                public_text="",
            )
        rule = self._effect_rule(ctx)
        for q, n in ((p, args[0] - k), (self.other(p), k)):
            self._wound(q, n, ctx, rule)

    # ======================================================================
    # Last Gasps (topics 16-18)
    # ======================================================================
    def _resolve_gasps(self) -> None:
        if self.in_gasp >= 0 or not self.stack:
            return  # mf.17.2: a Last Gasp in progress finishes first.
        due = self.gasp_due
        if due:
            if gasp_flow.LAST_GASP.after("several_due", len(due) > 1) == "order":
                ctx: Ctx = (self.turn_player, "gasp", -1, 0, False)
                self.stack.append(Pick(ctx, P_GASP_ORDER, tuple(due)))
            else:
                self.stack.append(Gasp(due.pop(0), "start"))
        elif any(self.dead):
            self._finish("death")

    def _pick_acts_gasp_order(self, ctx: Ctx, args: tuple[Any, ...]) -> list[Action]:
        return [
            Action(ctx[0], "gasp_first", (q,), f"{self.name(q)} makes a Last Gasp first")
            for q in args
        ]

    def _pick_do_gasp_order(self, ctx: Ctx, args: tuple[Any, ...], action: Action) -> None:
        q = action.args[0]
        self.gasp_due.remove(q)
        if self.tracing:
            self._log(
                gasp_flow.LAST_GASP.rule("order"),
                f"{self.name(ctx[0])}, the turn player, decides that {self.name(q)} "
                "makes a Last Gasp first.",
                ctx[0],
                "action",
            )
        self.stack.append(Gasp(q, "start"))

    def _f_gasp(self, top: Gasp) -> None:
        # Stages: start = begin (then face_down), window = the any-time window before the
        # next card or, once every card is done, before the marker; reveal = cards_left;
        # end = marker.  The table says where each test leads.
        p, stage = top.player, top.stage
        flow = gasp_flow.LAST_GASP
        if stage == "start":
            self.in_gasp = p
            self.gasp_play = []
            self.gasp_revealed = 0
            self.gasp_kept = 0
            if self.tracing:
                self._log(
                    flow.rule("begin"),
                    f"{self.name(p)} makes a Last Gasp play: everything else is suspended.",
                    p,
                )
            self.stack[-1] = Gasp(p, "window")
            self.stack.append(GaspPlay(p))
            face_down = self.revealed[p] < len(self.plays[p])
            if flow.after("face_down", face_down) == "return_cards":
                self.stack.append(GaspReturn(p))
            self._open_gasp_window("gasp_start")
        elif stage == "reveal":
            if flow.after("cards_left", self.gasp_revealed < len(self.gasp_play)) == "marker":
                self.stack[-1] = Gasp(p, "end")
                return
            self.stack[-1] = Gasp(p, "window")
            c = self.gasp_play[self.gasp_revealed]
            self.gasp_revealed += 1
            k = self.gasp_revealed + self.gasp_kept - 1
            if self.tracing:
                self._log(
                    flow.rule("process"),
                    f"{self.name(p)} reveals Last Gasp card {k + 1}: {self.card_label(c)}.",
                    p,
                )
            self._start_card(p, c, k + 1, True)
        elif stage == "window":
            self.stack[-1] = Gasp(p, "reveal")
            left = self.gasp_revealed < len(self.gasp_play)
            self._open_gasp_window("gasp_before_reveal" if left else "gasp_end")
        elif stage == "end":
            self.stack.pop()
            self._end_gasp(p)

    def _open_gasp_window(self, tag: str) -> None:
        """An any-time window inside a Last Gasp (mf.13.3, ruling last_gasp_anytime).

        Nothing is being processed at these moments: when the gasp begins (before cards
        are taken back or laid), before each card of the gasp play is revealed, and after
        its last card (or the empty play) before the gasp marker moves.
        """
        if self._ruling("last_gasp_anytime") == "every_moment":
            self._open_window(tag)

    def _acts_gasp_return(self, top: GaspReturn) -> list[Action]:
        p = top.player
        hidden = self.plays[p][self.revealed[p] :]
        acts = [
            Action(p, "return_to_hand", (c,), f"Return {self.card_label(c)} to your hand")
            for c in sorted(set(hidden))
        ]
        acts.append(Action(p, "keep_face_down", (), "Leave the rest in the suspended action play"))
        return acts

    def _do_gasp_return(self, top: GaspReturn, action: Action) -> None:
        p = top.player
        if action.kind == "keep_face_down":
            self.stack.pop()
            return
        c = action.args[0]
        self.plays[p].remove(c)
        self.hands[p].append(c)
        if self.tracing:
            self._log(
                gasp_flow.LAST_GASP.rule("return_cards"),
                f"{self.name(p)} returns {self.card_label(c)} from the suspended "
                "action play to their hand for the Last Gasp.",
                p,
                "action",
                visible_to=(p,),
                public_text=f"{self.name(p)} returns a face-down card from "
                "their action play to their hand.",
            )
        if self.revealed[p] >= len(self.plays[p]):
            self.stack.pop()

    def _acts_gasp_play(self, top: GaspPlay) -> list[Action]:
        p = top.player
        suit = self.cards.actions[self.gasp_play[0]].suit if self.gasp_play else None
        acts = [
            Action(p, "gasp_add", (c,), f"Add {self.card_label(c)} to the Last Gasp play")
            for c in sorted(set(self.hands[p]))
            if suit is None or self.cards.actions[c].suit == suit
        ]
        must = (
            not self.gasp_play
            and self.hands[p]
            and self._ruling("last_gasp_empty_play") == "must_play_if_able"
        )
        if not must:
            k = len(self.gasp_play)
            acts.append(
                Action(
                    p, "gasp_finish", (), f"Finish the Last Gasp play ({k} card{'s' * (k != 1)})"
                )
            )
        return acts

    def _do_gasp_play(self, top: GaspPlay, action: Action) -> None:
        p = top.player
        if action.kind == "gasp_finish":
            self.stack.pop()
            if self.tracing:
                k = len(self.gasp_play)
                self._log(
                    gasp_flow.LAST_GASP.rule("gasp_play"),
                    f"{self.name(p)}'s Last Gasp play has "
                    + (
                        "0 cards: there is nothing to reveal."
                        if k == 0
                        else "1 card; it is revealed and processed."
                        if k == 1
                        else f"{k} cards; they are revealed and processed in sequence."
                    ),
                    p,
                    "action",
                )
            return
        c = action.args[0]
        self.hands[p].remove(c)
        self.gasp_play.append(c)
        if self.tracing:
            self._log(
                gasp_flow.LAST_GASP.rule("gasp_play"),
                f"{self.name(p)} puts {self.card_label(c)} face down in the Last Gasp play.",
                p,
                "action",
                visible_to=(p,),
                public_text=f"{self.name(p)} puts a card face down in the Last Gasp play.",
            )

    def _end_gasp(self, p: int) -> None:
        leftover = self.gasp_play[:]
        self.gasp_play.clear()
        self.gasp_revealed = 0
        self.gasp_kept = 0
        self.action_discard.extend(leftover)
        before = self.gasps[p]
        self.gasps[p] += 1
        self.in_gasp = -1
        flow = gasp_flow.LAST_GASP
        if self.tracing:
            self._log(
                flow.rule("marker"),
                f"{self.name(p)}'s Last Gasp play is over: the gasp marker moves to "
                f"{self.gasps[p]}.",
                p,
                changes=(("gasps", before, self.gasps[p]),),
            )
        alive = self.wounds[p] < self.max_wounds[p] and self.gasps[p] < MAX_GASPS
        if flow.after("alive", alive) == "survive":
            if self.tracing:
                # After another player's death (mf.17.7) nothing resumes: the game ends.
                then = (
                    ", but a player is dead, so the game ends"
                    if any(self.dead)
                    else ": play resumes where it was suspended"
                )
                self._log(
                    flow.rule("survive"),
                    f"{self.name(p)} survives the Last Gasp ({self.wounds[p]}/"
                    f"{self.max_wounds[p]} wounds, gasp marker {self.gasps[p]}){then}.",
                    p,
                )
        else:
            self.dead[p] = True
            if self.tracing:
                why = (
                    f"the gasp marker reached {MAX_GASPS}"
                    if self.gasps[p] >= MAX_GASPS
                    else "they are still at maximum wounds"
                )
                self._log(
                    flow.rule("dead"),
                    f"{self.name(p)} is dead: {why}.",
                    p,
                    changes=(("dead", False, True),),
                )
                if flow.after("other_due", bool(self.gasp_due)) == "other_final":
                    self._log(
                        flow.rule("other_final"),
                        f"{self.name(self.gasp_due[0])} is also at maximum wounds "
                        "and makes a Last Gasp before the game ends.",
                    )
                else:
                    self._log(
                        flow.rule("game_ends"),
                        "No other player is at maximum wounds: the game ends now.",
                    )
        self._resolve_gasps()

    # ======================================================================
    # Chance steps
    # ======================================================================
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        top = self.stack[-1] if self.stack else None
        if not isinstance(top, Chance):
            return []
        what = top.what
        if what in ("action_draw",):
            pool = self.action_pile
            counts = _counts(pool)
            n = len(pool)
            table = self.game.chance_draw
            return [(table[c], k / n) for c, k in counts]
        if what in ("event_draw", "peek"):
            pool = self.event_pile
            counts = _counts(pool)
            n = len(pool)
            table = self.game.chance_event["draw_event" if what == "event_draw" else "top_event"]
            return [(table[e], k / n) for e, k in counts]
        if what == "discard":
            q = top.player
            counts = _counts(self.hands[q])
            n = len(self.hands[q])
            table = self.game.chance_discard
            return [(table[c], k / n) for c, k in counts]
        return []

    def sample_chance(self, rng: Rng | None = None) -> Action:
        """Sample the chance step directly (same distribution as chance_outcomes)."""
        top = self.stack[-1] if self.stack else None
        if not isinstance(top, Chance):
            raise ValueError("sample_chance called when the next step is not chance")
        what = top.what
        r = rng or self.rng
        if what == "action_draw":
            return self.game.chance_draw[self.action_pile[r.below(len(self.action_pile))]]
        if what == "discard":
            hand = self.hands[top.player]
            return self.game.chance_discard[hand[r.below(len(hand))]]
        e = self.event_pile[r.below(len(self.event_pile))]
        return self.game.chance_event["draw_event" if what == "event_draw" else "top_event"][e]

    def _do_chance(self, top: Chance, action: Action) -> None:
        what = top.what
        self.stack.pop()
        x = action.args[0]
        if what == "action_draw":
            p, rule = top.player, top.rule
            self.action_pile.remove(x)
            self._give_card(p, x, rule)
        elif what == "event_draw":
            self.event_pile.remove(x)
            self._reveal_event(x)
        elif what == "peek":
            self.event_pile.remove(x)
            self.event_top.insert(0, x)
            self._peeked(top.player, x)
        elif what == "discard":
            q, k, rule = top.player, top.count, top.rule
            self.hands[q].remove(x)
            self.action_discard.append(x)
            if self.tracing:
                # Face down (mf.19.4): only the owner knows which card left their hand.
                self._log(
                    rule,
                    f"{self.name(q)} discards {self.card_label(x)} at random, face down.",
                    q,
                    "chance",
                    visible_to=(q,),
                    public_text=f"{self.name(q)} discards a card at random, face down.",
                )
            if k > 1 and self.hands[q]:
                self.stack.append(Chance("discard", q, k - 1, rule))

    # ======================================================================
    # Game end (topic 20)
    # ======================================================================
    def _finish(self, how: str) -> None:
        self.stack.clear()
        self.phase = "game_over"
        self._legal = None
        n = self.game.num_players
        roles = self.roles
        witnesses = [p for p in range(n) if roles[p] == "witness"]
        assassins = [p for p in range(n) if roles[p] == "assassin"]
        dead = [p for p in range(n) if self.dead[p]]
        returns = [0] * n
        tie = False
        if how == "escape":
            rule = "mf.20.4" if not assassins else "mf.20.5"
            winners = witnesses
            why = "the players escaped together"
        elif not assassins:
            rule, winners, why = "mf.20.4", [], "a witness died, so the witnesses lose together"
        else:
            w_dead = any(p in dead for p in witnesses)
            a_dead = any(p in dead for p in assassins)
            if w_dead and a_dead:
                rule, winners, tie, why = (
                    "mf.20.6",
                    [],
                    True,
                    "a witness and the assassin both died",
                )
            elif w_dead:
                rule, winners, why = "mf.20.5", assassins, "a witness died and the assassin lives"
            else:
                rule, winners, why = "mf.20.5", witnesses, "the assassin died and the witness lives"
        for p in range(n):
            returns[p] = 0 if tie else (1 if p in winners else -1)
        self.result = {
            "end": how,
            "winners": winners,
            "tie": tie,
            "dead": dead,
            "roles": list(roles),
            "returns": returns,
            "turns": self.turn_no,
            "gasps": list(self.gasps),
            "why": why,
            "rule": rule,
        }
        if self.tracing and how == "death":
            gone = " and ".join(self.name(p) for p in dead)
            self._log(
                "mf.20.2",
                f"{gone} {'is' if len(dead) == 1 else 'are'} dead and every Last "
                "Gasp that had to be made is complete: the game ends in death.",
            )
            self._log(
                gasp_flow.LAST_GASP.rule("game_over"),
                f"A dead player cannot win ({gone}), though a tie is still possible.",
            )
        if self.tracing:
            self._log(
                "mf.20.3",
                "The game is over; roles are revealed: "
                + ", ".join(
                    f"{self.name(p)} was {'an' if roles[p] == 'assassin' else 'a'} {roles[p]}"
                    for p in range(n)
                )
                + ".",
            )
            self._log_objectives(winners, tie)
            names = " and ".join(self.name(p) for p in winners)
            verdict = (
                "It is a tie"
                if tie
                else (f"{names} win{'s' * (len(winners) == 1)}" if winners else "Everybody loses")
            )
            self._log(rule, f"{verdict} ({why}).")

    def _log_objectives(self, winners: list[int], tie: bool) -> None:
        """Explain, role by role, what each player was after (topic 2) and how it went."""
        self._log(
            "mf.2.1",
            "Each player's objective came from the role dealt at setup, kept secret until now.",
        )
        if "assassin" in self.roles:
            self._log("mf.2.2", "An assassin was playing, so the game was competitive.")
        else:
            self._log(
                "mf.2.2",
                "Only witnesses were playing, so the game was cooperative: the "
                "players win or lose together.",
            )
        for p in range(self.game.num_players):
            got = "a tie" if tie else ("achieved" if p in winners else "not achieved")
            if self.roles[p] == "witness":
                self._log(
                    "mf.2.3",
                    f"{self.name(p)}, a witness, needed every witness to live "
                    f"(all escaping alive, or an assassin dying): {got}.",
                    p,
                )
            else:
                self._log(
                    "mf.2.4",
                    f"{self.name(p)}, the assassin, needed a witness to die while "
                    f"staying alive: {got}.",
                    p,
                )
        if tie:
            self._log(
                "mf.2.5", "An assassin and a witness both died: nobody wins and nobody loses."
            )

    # ======================================================================
    # Views (hidden information)
    # ======================================================================
    def view(self, player: int | None) -> dict[str, Any]:
        omni = player is None
        outcome = self.outcome()
        over = outcome is not None
        n = self.game.num_players
        players = []
        for p in range(n):
            mine = omni or p == player
            hidden_play = self.plays[p][self.revealed[p] :]
            players.append(
                {
                    "name": self.name(p),
                    "position": self.pos[p],
                    "road": self._pos_name(self.pos[p]),
                    "wounds": self.wounds[p],
                    "max_wounds": self.max_wounds[p],
                    "gasps": self.gasps[p],
                    "dead": self.dead[p],
                    "role": self.roles[p] if (mine or over) else None,
                    "hand": sorted(self.card_name(c) for c in self.hands[p]) if mine else None,
                    "hand_count": len(self.hands[p]),
                    "conditions": [self.card_name(c) for c in self.conditions[p]],
                    "allies_complete": self.complete_allies(p),
                    "allies_incomplete": (
                        sorted(
                            self.cards.allies[a].name
                            for a in self.allies[p]
                            if self.cards.allies[a].name not in self.complete_allies(p)
                        )
                        if mine
                        else None
                    ),
                    "ally_cards": len(self.allies[p]),
                    "action_play": [self.card_name(c) for c in self.plays[p][: self.revealed[p]]]
                    + (
                        [self.card_name(c) for c in hidden_play]
                        if mine
                        else ["(face down)"] * len(hidden_play)
                    ),
                    "action_play_revealed": self.revealed[p],
                }
            )
        roads = []
        for q in range(END + 1):
            road = self.road(q)
            up = q in (START, END) or self.face_up[q]
            info: dict[str, Any] = {"position": q, "region": road.region, "face_up": up}
            if up or omni:
                info.update(
                    name=road.name,
                    stoplight=[road.green, road.yellow, road.red],
                    phone=road.phone,
                    bus_stop=road.bus_stop,
                    ambush=road.ambush,
                    broken=road.broken,
                )
            roads.append(info)
        event: dict[str, Any] | None = None
        if self.event >= 0:
            card = self.cards.events[self.event]
            visible = omni or self.event_visible_to_all() or player == self.turn_player
            if visible:
                event = {
                    "seen": card.seen,
                    "prevented": self.event_prevented,
                    "opposition_wounds": self.opp_wounds,
                    "name": card.name,
                    "kind": card.kind,
                    "health": card.health,
                    "id": card.id,
                }
            else:
                # Only the card back (ruling unseen_event_view): wounds dealt to it would
                # say it is an opposition, and "prevented" can follow from a card that
                # prevents only one kind (Barricade), so neither is shown.
                event = {"seen": card.seen}
        top_event = None
        if self.event_top and (omni or player in self.event_top_known):
            top_event = self.cards.events[self.event_top[0]].name
        gasp = None
        if self.in_gasp >= 0:
            g = self.in_gasp
            mine = omni or g == player
            gasp = {
                "player": g,
                "cards": [self.card_name(c) for c in self.gasp_play[: self.gasp_revealed]]
                + (
                    [self.card_name(c) for c in self.gasp_play[self.gasp_revealed :]]
                    if mine
                    else ["(face down)"] * (len(self.gasp_play) - self.gasp_revealed)
                ),
            }
        d = self.decision
        return {
            "game": "mantis_falls",
            "viewer": player,
            "turn": self.turn_no,
            "turn_player": self.turn_player,
            "phase": d.phase,
            "decision": decision_record(d, player),
            "players": players,
            "roads": roads,
            "event": event,
            "event_top": top_event,
            "conserved": [self.card_name(c) for c in self.conserved],
            "piles": {
                "action_draw": len(self.action_pile) + len(self.action_top),
                "action_discard": len(self.action_discard),
                "event_draw": len(self.event_pile) + len(self.event_top) + len(self.event_bottom),
                "event_discard": len(self.event_discard),
                "ally_deck": len(self.ally_deck),
                "actions_by_the_night": len(self.night),
                "actions_by_the_dark": len(self.dark),
            },
            "removed_role": self.removed_role if omni else None,  # ruling removed_role_stays_hidden
            "last_gasp": gasp,
            "gasp_due": list(self.gasp_due),
            "outcome": None if outcome is None else outcome.to_dict(),
            "trace": self.trace_for(player),
        }

    # ======================================================================
    # Why an action is illegal (typed reasons)
    # ======================================================================
    def _explain_illegal(self, action: Action) -> Verdict:
        d = self.decision
        if d.kind == "terminal":
            return Verdict(False, "the game is over", "mf.20.3", Rejection.GAME_OVER)
        if d.kind == "chance":
            if action.player != CHANCE:
                return Verdict(
                    False,
                    f"the next step is chance ({d.prompt}), not a player's choice",
                    d.rule,
                    Rejection.CHANCE_STEP,
                )
            return Verdict(
                False,
                "that outcome is not possible at this chance step",
                d.rule,
                Rejection.IMPOSSIBLE_OUTCOME,
            )
        if action.player != d.player:
            who = self.name(d.player) if d.player is not None else "nobody"
            return Verdict(
                False, f"it is {who}'s decision now ({d.prompt})", d.rule, Rejection.WRONG_PLAYER
            )
        top = self.stack[-1]
        p = action.player
        kinds = {a.kind for a in self._legal_actions()}
        if isinstance(top, GaspPlay) and action.kind == "gasp_finish" and action.kind not in kinds:
            return Verdict(
                False,
                "under the ruling last_gasp_empty_play = must_play_if_able, a "
                "player holding action cards must put at least one into the Last "
                "Gasp play",
                gasp_flow.LAST_GASP.rule("gasp_play"),
                Rejection.FORBIDDEN,
                "empty_gasp_play",
            )
        if action.kind not in kinds:
            return Verdict(
                False,
                f"'{action.kind}' is not a choice now; {d.prompt}",
                d.rule,
                Rejection.WRONG_PHASE,
            )
        arg = action.args[0] if action.args else None
        if isinstance(top, MainPlay):
            if arg is not None and arg not in self.hands[p]:
                return Verdict(
                    False,
                    f"{self._any_card(arg)} is not in {self.name(p)}'s hand",
                    "mf.8.5",
                    Rejection.NOT_AVAILABLE,
                    "not_in_hand",
                )
            if top.mode == "play" and action.kind == "play":
                suit = self.cards.actions[self.plays[p][0]].suit
                return Verdict(
                    False,
                    f"an action play holds a single suit: {self._any_card(arg)} "
                    f"is not {suit.title()}",
                    "mf.12.1",
                    Rejection.FORBIDDEN,
                    "mixed_suits",
                )
        if isinstance(top, GaspPlay) and action.kind == "gasp_add":
            rule = gasp_flow.LAST_GASP.rule("gasp_play")
            if arg not in self.hands[p]:
                return Verdict(
                    False,
                    f"{self._any_card(arg)} is not in your hand",
                    rule,
                    Rejection.NOT_AVAILABLE,
                    "not_in_hand",
                )
            return Verdict(
                False,
                "a Last Gasp play holds a single suit",
                rule,
                Rejection.FORBIDDEN,
                "mixed_suits",
            )
        if isinstance(top, Pick) and top.pick == P_MOVE:
            return Verdict(
                False,
                f"{self.name(top.args[0])} cannot move {arg} roads now "
                f"(at most {max(a.args[0] for a in self._legal_actions())}; two only "
                "after expending full Conserved Energy)",
                d.rule,
                Rejection.FORBIDDEN,
                "too_far",
            )
        if (
            isinstance(top, Pick)
            and top.pick == P_WOUND_TARGET
            and action.args[:1] == ("opposition",)
        ):
            return Verdict(
                False,
                "this turn's event is not an opposition, so it cannot be wounded",
                "mf.11.2",
                Rejection.FORBIDDEN,
                "not_an_opposition",
            )
        if isinstance(top, Window):
            return Verdict(
                False,
                "you cannot pay for that any-time effect now",
                "mf.13.3",
                Rejection.FORBIDDEN,
                "cannot_pay",
            )
        return Verdict(
            False, f"that is not one of the legal choices: {d.prompt}", d.rule, Rejection.NOT_LEGAL
        )

    def _equivalent(self, action: Action, legal: list[Action]) -> Action | None:
        """Accept another copy of a card (the second Bullet) as the offered copy."""
        if not action.args or action.kind not in _CARD_KINDS:
            return None
        c = action.args[0]
        if not isinstance(c, int) or not 0 <= c < len(self.cards.actions):
            return None
        label = self.cards.labels[c]
        for a in legal:
            if (
                a.kind == action.kind
                and a.player == action.player
                and a.args[1:] == action.args[1:]
                and isinstance(a.args[0], int)
                and self.cards.labels[a.args[0]] == label
                and self._holds_card(action.kind, action.player, c)
            ):
                return a
        return None

    def _holds_card(self, kind: str, p: int, c: int) -> bool:
        """Is card ``c`` where an action of ``kind`` by ``p`` would take it from?"""
        if kind in ("play", "conserve", "discard", "gasp_add", "discard_card"):
            return c in self.hands[p]
        if kind == "return_to_hand":
            return c in self.plays[p][self.revealed[p] :]
        if kind in ("draw_conserved", "take_conserved"):
            return c in self.conserved
        if kind == "take_night":
            return c in self.night
        if kind == "take_dark":
            return c in self.dark
        return False

    def _any_card(self, c: Any) -> str:
        if isinstance(c, int) and 0 <= c < len(self.cards.actions):
            return self.card_label(c)
        return repr(c)

    def tempting_actions(self) -> list[tuple[Action, Verdict]]:
        """Plausible but illegal actions now, each with the reason it is illegal.

        Tutorials show these disabled so learners see what the rules forbid.
        """
        d = self.decision
        if d.kind != "choice" or not self.stack:
            return []
        top = self.stack[-1]
        p = d.player
        assert p is not None
        out: list[Action] = []
        if isinstance(top, MainPlay) and top.mode == "play":
            suit = self.cards.actions[self.plays[p][0]].suit
            out = [
                Action(p, "play", (c,), f"Add {self.card_label(c)} to the action play")
                for c in sorted(set(self.hands[p]))
                if self.cards.actions[c].suit != suit
            ]
        elif isinstance(top, MainPlay) and top.mode == "discard":
            pass
        elif isinstance(top, GaspPlay) and self.gasp_play:
            suit = self.cards.actions[self.gasp_play[0]].suit
            out = [
                Action(p, "gasp_add", (c,), f"Add {self.card_label(c)} to the Last Gasp play")
                for c in sorted(set(self.hands[p]))
                if self.cards.actions[c].suit != suit
            ]
        elif isinstance(top, Pick) and top.pick == P_MOVE and top.args[2] == "initial":
            far = max(a.args[0] for a in self._legal_actions()) + 1
            if self.pos[p] + far <= END:
                out = [Action(p, "move", (far,), f"{self.name(p)} moves {far} roads")]
        return [(a, self.check(a)) for a in out]


# Dispatch tables, written out: pick frames by number (PICK_NAMES order), effects by the
# name card data gives them (``do:``), turn steps by index.
_State = MantisFallsState
_NEXT_STEP = tuple((i + 1) % len(TURN_STEPS) for i in range(len(TURN_STEPS)))
_TURN_ORDER = ((0, 1), (1, 0))
PickOptions = Callable[[MantisFallsState, Ctx, tuple[Any, ...]], list[Action]]
PickChoice = Callable[[MantisFallsState, Ctx, tuple[Any, ...], Action], None]
Effect = Callable[[MantisFallsState, Ctx, dict[str, Any], tuple[Any, ...]], None]
_PICK_ACTS: tuple[PickOptions, ...] = (
    _State._pick_acts_choose_one,
    _State._pick_acts_dark_pick,
    _State._pick_acts_discard_chosen,
    _State._pick_acts_draw_source,
    _State._pick_acts_expend,
    _State._pick_acts_gasp_order,
    _State._pick_acts_heal_target,
    _State._pick_acts_move,
    _State._pick_acts_night_pick,
    _State._pick_acts_peek_keep,
    _State._pick_acts_remove_condition,
    _State._pick_acts_return_ally,
    _State._pick_acts_take_ally,
    _State._pick_acts_take_conserved,
    _State._pick_acts_wound_split,
    _State._pick_acts_wound_target,
)
_PICK_DO: tuple[PickChoice, ...] = (
    _State._pick_do_choose_one,
    _State._pick_do_dark_pick,
    _State._pick_do_discard_chosen,
    _State._pick_do_draw_source,
    _State._pick_do_expend,
    _State._pick_do_gasp_order,
    _State._pick_do_heal_target,
    _State._pick_do_move,
    _State._pick_do_night_pick,
    _State._pick_do_peek_keep,
    _State._pick_do_remove_condition,
    _State._pick_do_return_ally,
    _State._pick_do_take_ally,
    _State._pick_do_take_conserved,
    _State._pick_do_wound_split,
    _State._pick_do_wound_target,
)
CARD_EFFECTS: dict[str, Effect] = {
    "wound": _State._e_wound,
    "heal": _State._e_heal,
    "move": _State._e_move,
    "prevent_event": _State._e_prevent_event,
    "draw": _State._e_draw,
    "discard_random": _State._e_discard_random,
    "discard_chosen": _State._e_discard_chosen,
    "take_ally": _State._e_take_ally,
    "return_ally": _State._e_return_ally,
    "keep_as_condition": _State._e_keep_as_condition,
    "remove_condition": _State._e_remove_condition,
    "take_conserved": _State._e_take_conserved,
    "peek_event": _State._e_peek_event,
    "choose_one": _State._e_choose_one,
    "wound_split": _State._e_wound_split,
}
"""The effect vocabulary of docs/mantis_falls_cards.md: each ``do:`` and what carries it out."""

_CARD_KINDS = frozenset(
    {
        "play",
        "conserve",
        "discard",
        "gasp_add",
        "discard_card",
        "return_to_hand",
        "draw_conserved",
        "take_conserved",
        "take_night",
        "take_dark",
    }
)


# Legal actions sort by (player, kind, args); attrgetter builds that key in C (speed).
_order = attrgetter("player", "kind", "args")


def canonical_order(legal: list[Action]) -> list[Action]:
    """Sort choices by (player, kind, args) and keep one of each (kind, label).

    Copies of a card (two Bullets) give equal choices, so only the lowest copy is
    offered.  Every list of legal actions is in this order.
    """
    if len(legal) > 1:
        legal.sort(key=_order)
        if len({(a.kind, a.label) for a in legal}) < len(legal):
            seen: set[tuple[str, str]] = set()
            unique = []
            for a in legal:
                key = (a.kind, a.label)
                if key not in seen:
                    seen.add(key)
                    unique.append(a)
            legal = unique
    return legal


def _counts(pool: list[int]) -> list[tuple[int, int]]:
    counts: dict[int, int] = {}
    for c in pool:
        counts[c] = counts.get(c, 0) + 1
    return sorted(counts.items())


def phone_distance(position: int, phones: list[int], grid: bool) -> int:
    """Roads from ``position`` to the nearest of the ``phones`` positions (99 if none).

    Along the path by default; with ``grid`` (ruling ``phone_range``) a road directly
    above or below in the 3x4 grid also counts as one road away.
    """
    best = 99
    for q in phones:
        d = abs(q - position)
        if grid and 1 <= q <= 12 and 1 <= position <= 12:
            rq, cq = _grid_cell(q)
            rp, cp = _grid_cell(position)
            d = min(d, abs(rq - rp) + abs(cq - cp))
        best = min(best, d)
    return best


def _grid_cell(position: int) -> tuple[int, int]:
    """Row (0 sunset .. 2 dark) and column of a road position 1..12 in the 3x4 grid."""
    row, k = divmod(position - 1, 4)
    return row, (3 - k if row == 1 else k)


def _road_text(road: Any) -> str:
    from tutor.games.mantis_falls.text import road_card_text

    return road_card_text(road)


_CHANCE_PROMPT = {
    "action_draw": "Draw an action card from the shuffled pile.",
    "event_draw": "Draw the top event card.",
    "discard": "Discard a random action card.",
    "peek": "Turn up the top event card.",
}
