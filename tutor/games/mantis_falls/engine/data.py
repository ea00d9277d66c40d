"""The Mantis Falls state's data: every field declared once, copying, and saving.

:class:`MantisFallsData` holds the game's state (positions along the serpentine road:
0 is the Start, 1-4 the sunset row, 5-8 the night row, 9-12 the dark row and 13 the
End, ruling ``road_grid``) and the small helpers every rule module reads it with.
The rules live in the modules beside this one, as functions taking the state first;
engine/play.py puts them together into :class:`MantisFallsState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.causes import CauseLinks
from tutor.core.game import State
from tutor.core.rng import Rng
from tutor.core.types import Action, Outcome, TraceEntry
from tutor.games.mantis_falls.engine.basics import phone_distance
from tutor.games.mantis_falls.engine.frames import (
    CHANCE_FRAME,
    CardDone,
    Effects,
    Frame,
    Pick,
    frame_from_list,
)

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

# ======================================================================
# The one declaration of the state's fields
# ======================================================================
# How each field is copied by clone() and saved by to_dict()/from_dict():
LIST = "list"  # a list of plain values: copied with [:], saved as a list
NESTED = "nested"  # a list of lists (one per player): each inner list copied
SCALAR = "scalar"  # one plain value (a number, a name, a flag, the result): shared
SPECIAL = "special"  # saved by hand in to_dict (rng, tracing, stack, trace, logs)
RUNTIME = "runtime"  # not saved: the game, its cards, the cached legal actions, causes

MODULE_FIELDS: dict[str, tuple[str, ...]] = {
    "full_circle": ("characters", "character_shown"),
    "under_the_rose": ("agent_horizon", "agent_sky", "buried"),
}
"""The fields a module added.  A saved state of a game without that module may leave them
out (sessions saved before the module existed): the fresh state's values stand in."""


def fields_a_save_may_lack(modules: tuple[str, ...]) -> frozenset[str]:
    """The fields of the modules not in ``modules``: a saved state may leave them out."""
    return frozenset(f for m, names in MODULE_FIELDS.items() if m not in modules for f in names)


FIELDS: tuple[tuple[str, str, bool], ...] = (
    # (name, how, one entry per player)
    ("game", RUNTIME, False),
    ("cards", RUNTIME, False),
    ("_legal", RUNTIME, False),
    ("causes", RUNTIME, False),
    ("rng", SPECIAL, False),
    ("tracing", SPECIAL, False),
    ("stack", SPECIAL, False),
    ("trace", SPECIAL, False),
    ("event_log", SPECIAL, False),
    ("event_stats", SPECIAL, False),
    ("roles", LIST, True),
    ("max_wounds", LIST, True),
    ("characters", LIST, True),
    ("character_shown", LIST, True),
    ("pos", LIST, True),
    ("wounds", LIST, True),
    ("gasps", LIST, True),
    ("dead", LIST, True),
    ("revealed", LIST, True),
    ("road_at", LIST, False),
    ("face_up", LIST, False),
    ("removed_roads", LIST, False),
    ("action_pile", LIST, False),
    ("action_top", LIST, False),
    ("action_discard", LIST, False),
    ("event_pile", LIST, False),
    ("event_top", LIST, False),
    ("event_bottom", LIST, False),
    ("event_discard", LIST, False),
    ("event_top_known", LIST, False),
    ("ally_deck", LIST, False),
    ("conserved", LIST, False),
    ("night", LIST, False),
    ("dark", LIST, False),
    ("gasp_play", LIST, False),
    ("gasp_due", LIST, False),
    ("play_kept", LIST, True),
    ("hands", NESTED, True),
    ("conditions", NESTED, True),
    ("allies", NESTED, True),
    ("used_once", NESTED, True),
    ("plays", NESTED, True),
    ("agent_horizon", LIST, True),
    ("agent_sky", LIST, True),
    ("buried", NESTED, True),
    ("removed_role", SCALAR, False),
    ("turn_no", SCALAR, False),
    ("turn_player", SCALAR, False),
    ("first_player", SCALAR, False),
    ("event", SCALAR, False),
    ("event_prevented", SCALAR, False),
    ("opp_wounds", SCALAR, False),
    ("reveal_next", SCALAR, False),
    ("gasp_revealed", SCALAR, False),
    ("gasp_kept", SCALAR, False),
    ("in_gasp", SCALAR, False),
    ("boost", SCALAR, False),
    ("phase", SCALAR, False),
    ("steps", SCALAR, False),
    ("result", SCALAR, False),
)
"""Every field of :class:`MantisFallsData`, declared once.  to_dict/from_dict, the
invariants' per-player checks and the saved-session schema are derived from it or
checked against it (tests/games/mantis_falls/test_fields.py), and so are the class's
annotations and both branches of ``__init__`` (a copy for clone(), a fresh state)."""

_FIELDS_LIST = tuple(name for name, how, _ in FIELDS if how == LIST)
_FIELDS_NESTED = tuple(name for name, how, _ in FIELDS if how == NESTED)
_FIELDS_SCALAR = tuple(name for name, how, _ in FIELDS if how == SCALAR)
PER_PLAYER_FIELDS = tuple(name for name, _, per_player in FIELDS if per_player)
"""Fields with one entry per player (invariants.py checks their length)."""


# ======================================================================
def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


class MantisFallsData(State):
    """The data of a Mantis Falls game in progress (2 players, base game)."""

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
    characters: list[int]
    character_shown: list[bool]
    pos: list[int]
    wounds: list[int]
    gasps: list[int]
    dead: list[bool]
    hands: list[list[int]]
    conditions: list[list[int]]
    allies: list[list[int]]
    used_once: list[list[str]]
    plays: list[list[int]]
    # Under the Rose (topic 23): each player's agent (Horizon and Sky card, -1 when
    # paid off or without the module) and the action cards buried under their rose.
    agent_horizon: list[int]
    agent_sky: list[int]
    buried: list[list[int]]
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
    causes: CauseLinks | None

    def __init__(
        self,
        game: MantisFallsGame,
        rng: Rng,
        tracing: bool = True,
        copy_of: MantisFallsData | None = None,
    ) -> None:
        self.game = game
        self.cards = game.cards
        self.rng = rng
        self.tracing = tracing
        self.causes = None  # made by the first entry written (tutor/core/causes.py)
        if copy_of is not None:
            # clone(): every field written out, lists copied (fast, and no __dict__
            # is needed, so the class can also be compiled; see tutor/core/native.py).
            src = copy_of
            self.trace = src.trace[:]
            self.stack = src.stack[:]
            self._legal = src._legal
            self.roles = src.roles[:]
            self.max_wounds = src.max_wounds[:]
            self.characters = src.characters[:]
            self.character_shown = src.character_shown[:]
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
            self.agent_horizon = src.agent_horizon[:]
            self.agent_sky = src.agent_sky[:]
            self.buried = [x[:] for x in src.buried]
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
        # Each player's character card (a number into cards.character_cards) and whether
        # it is face up: always in the base game; with Full Circle only from maximum
        # wounds on (mf.21.3).
        self.characters = [game.urbanite] * n
        self.character_shown = [True] * n
        self.pos = [START] * n
        self.wounds = [0] * n
        self.gasps = [0] * n
        self.dead = [False] * n
        self.hands = [[] for _ in range(n)]
        self.conditions = [[] for _ in range(n)]
        self.allies = [[] for _ in range(n)]
        self.used_once = [[] for _ in range(n)]
        self.plays = [[] for _ in range(n)]
        self.agent_horizon = [-1] * n
        self.agent_sky = [-1] * n
        self.buried = [[] for _ in range(n)]
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
    def from_dict(cls, game: MantisFallsGame, data: dict[str, Any]) -> MantisFallsData:
        state = cls(game, Rng(int(data["rng"])), bool(data.get("tracing", True)))
        state.rng.state = int(data["rng"])
        may_lack = fields_a_save_may_lack(game.modules)
        for name in _FIELDS_LIST:
            if name in data or name not in may_lack:
                setattr(state, name, list(data[name]))
        for name in _FIELDS_NESTED:
            if name in data or name not in may_lack:
                setattr(state, name, [list(x) for x in data[name]])
        for name in _FIELDS_SCALAR:
            setattr(state, name, data[name])
        state.stack = [frame_from_list(_tuplify(f)) for f in data["stack"]]
        state.trace = [TraceEntry.from_dict(e) for e in data["trace"]]
        state.event_log = [str(x) for x in data.get("event_log", [])]
        state.event_stats = [(int(a), int(b)) for a, b in data.get("event_stats", [])]
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MantisFallsData):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def name(self, p: int) -> str:
        return self.game.player_names[p]

    def other(self, p: int) -> int:
        """The other active player (mf.7.2): with two players, simply the other one."""
        pair = self.game.turn_pairs[self.turn_player]
        return pair[1] if p == pair[0] else pair[0]

    @property
    def bystander(self) -> int:
        """This turn's bystander (mf.7.3), or -1 (two players)."""
        return self.game.bystanders[self.turn_player]

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
        sets: str = "",
        reads: str = "",
        alongside: str = "",
    ) -> None:
        """Write one trace entry (only while tracing), with its cause; ``sets`` names the
        standing fact it sets and ``reads`` the one it depended on (tutor/core/causes.py:
        ``pos/<player>``, ``event``, ``card/<action card>``, ``ally/<ally card>``);
        ``alongside`` names a group of entries one step makes side by side (each
        player's wound from one effect), which share the cause of the group's first."""
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
        causes = self.causes
        if causes is None:
            causes = self.causes = CauseLinks()
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
            causes.nested(len(self.trace), self.steps, len(self.stack), alongside),
            causes.standing(self.trace, reads) if reads else None,
            sets,
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
                e.rule,
                e.text,
                e.actor,
                e.kind,
                e.changes,
                vis,
                "",
                e.step,
                e.phase,
                "",
                e.cause,
                e.standing,
                e.sets,
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
        allies = self.allies[p]
        if not allies:
            return ()
        names = self.game.ally_names
        counts: dict[str, int] = {}
        for a in allies:
            name = names[a]
            counts[name] = counts.get(name, 0) + 1
        needed = self.game.ally_requirements
        return tuple(sorted(n for n, k in counts.items() if k >= needed[n]))

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

    def phone_distance(self, position: int) -> int:
        """Roads between ``position`` and the nearest phone (ruling ``phone_range``)."""
        with_phone = self.game.phone_roads
        road_at = self.road_at
        phones = [q for q in range(START, END + 1) if road_at[q] in with_phone]
        return phone_distance(position, phones, self._ruling("phone_range") == "grid")

    def _pos_name(self, position: int) -> str:
        road = self.road(position)
        if position in (START, END) or self.face_up[position]:
            return road.name
        return f"a face-down {road.region} road"

    def event_visible_to_all(self) -> bool:
        if self.event < 0:
            return True
        return self.cards.events[self.event].seen or self._ruling("all_events_seen") == "on"

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

    def _both(self) -> tuple[int, ...]:
        # (turn player, other active player): never the bystander (mf.7.2).
        return self.game.turn_pairs[self.turn_player]

    def _can_draw(self) -> bool:
        return bool(self.action_top or self.action_pile or self.action_discard or self.conserved)

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
