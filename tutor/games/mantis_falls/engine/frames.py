"""The pending steps of a Mantis Falls game: small typed frames on the state's stack.

Each frame kind has a class with typed fields and a small-int ``kind`` the run loop
dispatches on (engine/play.py); ``to_list``/``frame_from_list`` give the saved form
(saved.py checks it), the same lists sessions saved before the frames were typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
ROSE_FRAME = 15
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
    "rose",
)
"""Each frame kind's name, as saved sessions write it (the first item of a saved frame)."""

# Turn sequence (topic 8), as data: the order of steps in a turn.
TURN_STEPS = (
    "start",
    "expend",
    "window_move",
    "move",
    "pay_off",
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
    "bystander_choice",  # a Triad card's choice for the bystander (mf.9.3)
    "rose_meet",
    "rose_pay",
    "rose_pay_off",
    "rose_trim",
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
P_BYSTANDER_CHOICE = 16
P_ROSE_MEET = 17
P_ROSE_PAY = 18
P_ROSE_PAY_OFF = 19
P_ROSE_TRIM = 20


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
    """A chance step: ``what`` is action_draw, event_draw, peek, discard or bury;
    ``player`` draws (or discards or buries ``count`` cards); ``rule`` is cited."""

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
        if what in ("discard", "bury"):
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


class RoseStep(Frame):
    """An automatic step of Under the Rose (topic 23): ``player``'s hand is brought down
    to the size the underground market leaves (stage ``trim``)."""

    def __init__(self, player: int, stage: str) -> None:
        self.kind = ROSE_FRAME
        self.player = player
        self.stage = stage

    def to_list(self) -> list[Any]:
        return ["rose", self.player, self.stage]


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
        if what in ("discard", "bury"):
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
    if name == "rose":
        return RoseStep(int(f[1]), str(f[2]))
    raise ValueError(f"unknown frame name {name!r}")


TURN_FRAMES = tuple(Turn(i) for i in range(len(TURN_STEPS)))
"""One turn frame per step (frames never change, so these are shared)."""
