"""The Creepy Falls state's data: every field declared once, copying, saving, small reads.

:class:`CreepyFallsData` holds a game in progress as plain whole numbers and lists of
them (flat, indexed by player, zone and unit or token type; engine/components.py
numbers the pieces), so cloning is a few list copies and the module compiles with
mypyc.  The rules live in the modules beside this one, one per rule group, as functions
taking the state first; engine/play.py puts them together into ``CreepyFallsState``.
Here are only the reads every rule group shares: names, sizes, who owns what, Power
Points, and writing a trace entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.causes import CauseLinks
from tutor.core.game import State
from tutor.core.rng import Rng
from tutor.core.types import Action, TraceEntry
from tutor.games.creepy_falls.engine.components import (
    BLOOD,
    NF,
    NS,
    NT,
    NU,
    NZ,
    PUMPKINS,
    SOUL,
    WEREWOLF,
    WITCH,
)
from tutor.games.creepy_falls.engine.frames import PH_FIRST, PHASE_KEYS, W_NONE, Due

if TYPE_CHECKING:
    from tutor.games.creepy_falls.game import CreepyFallsGame

# ======================================================================
# The one declaration of the state's fields
# ======================================================================
# How each field is copied by clone() and saved by to_dict()/from_dict():
RUNTIME = "runtime"  # not saved: the game, the player count, cached legal actions, causes
SPECIAL = "special"  # saved by hand: the generator, tracing, the dues, the trace
SCALAR = "scalar"  # one whole number
SIZED = "sized"  # a list of whole numbers whose length the player count fixes
LIST = "list"  # a list of whole numbers of any length
NESTED = "nested"  # a list of lists of whole numbers (SIZED outer length when given)

FIELDS: tuple[tuple[str, str, int, int], ...] = (
    # (name, how, entries per player, entries besides): a sized list holds
    # per_player * players + besides numbers.
    ("game", RUNTIME, 0, 0),
    ("n", RUNTIME, 0, 0),
    ("_legal", RUNTIME, 0, 0),
    ("causes", RUNTIME, 0, 0),
    ("rng", SPECIAL, 0, 0),
    ("tracing", SPECIAL, 0, 0),
    ("steps", SCALAR, 0, 0),
    ("round_no", SCALAR, 0, 0),
    ("first", SCALAR, 0, 0),
    ("phase", SCALAR, 0, 0),
    ("wait", SCALAR, 0, 0),
    ("actor", SCALAR, 0, 0),
    ("cursor", SCALAR, 0, 0),
    ("count", SCALAR, 0, 0),
    ("reserve", SIZED, NU, 0),
    ("placed", SIZED, NZ * NU, 0),
    ("frank_used", SIZED, NZ, 0),
    ("been", SIZED, NZ, 0),
    ("order", NESTED, 0, NZ),
    ("neutral", SIZED, 0, NZ),
    ("vh_zone", SCALAR, 0, 0),
    ("rats", SIZED, 0, NZ),
    ("rat_owner", SCALAR, 0, 0),
    ("form_owner", SIZED, 0, NF),
    ("form_log", SIZED, NF, 0),
    ("spells", SIZED, NS, 0),
    ("army_choice", SIZED, 1, 0),
    ("tokens", SIZED, NT, 0),
    ("castle", SIZED, 0, 3),
    ("swamp", SIZED, 0, 3),
    ("passes", SIZED, 1, 0),
    ("passed_last", SIZED, 1, 0),
    ("res_zone", SCALAR, 0, 0),
    ("res_stage", SCALAR, 0, 0),
    ("res_rank", SCALAR, 0, 0),
    ("res_picks", SCALAR, 0, 0),
    ("ranking", LIST, 0, 0),
    ("present", LIST, 0, 0),
    ("karloff_taken", SCALAR, 0, 0),
    ("dues", SPECIAL, 0, 0),
    ("pp_history", NESTED, 0, 0),
    ("result", LIST, 0, 0),
    ("trace", SPECIAL, 0, 0),
)
"""Every field of :class:`CreepyFallsData`, declared once, in the order a save lists them.
to_dict/from_dict, :data:`SCALARS` and :meth:`CreepyFallsData.list_sizes` (the saved-state
schema, view.py) are derived from it, and the tests (tests/games/creepy_falls/
test_creepy_falls_fields.py) hold to it the class's annotations, both branches of
``__init__`` (a copy for clone(), a fresh state) and what clone() copies."""

SCALARS = tuple(name for name, how, _, _ in FIELDS if how == SCALAR)
"""The whole-number fields of a saved state."""
_SAVED = tuple((name, how) for name, how, _, _ in FIELDS if how != RUNTIME)
_SIZED = tuple((name, each, besides) for name, how, each, besides in FIELDS if how == SIZED)
# Restored after the scalars and the sized lists, in declared order.
_REST = tuple(
    (name, how, besides)
    for name, how, _, besides in FIELDS
    if how in (LIST, NESTED) or name in ("dues", "trace")
)


class CreepyFallsData(State):
    """The data of a Creepy Falls game in progress (2 to 5 players)."""

    # Every field, declared here so that clone() and the compiled build know them all.
    # Flat lists: ``reserve[p * NU + t]`` units of type t off the board, ``placed[(z * n
    # + p) * NU + t]`` on zone z, ``tokens[p * NT + k]``, ``spells[p * NS + s]``,
    # ``form_log[p * NF + f]``, ``been``/``frank_used[z * n + p]``.
    game: CreepyFallsGame
    n: int
    _legal: list[Action] | None
    causes: CauseLinks | None
    rng: Rng
    tracing: bool
    steps: int
    round_no: int
    first: int
    phase: int
    wait: int
    actor: int
    cursor: int
    count: int
    reserve: list[int]
    placed: list[int]
    frank_used: list[int]
    been: list[int]
    order: list[list[int]]
    neutral: list[int]
    vh_zone: int
    rats: list[int]
    rat_owner: int
    form_owner: list[int]
    form_log: list[int]
    spells: list[int]
    army_choice: list[int]
    tokens: list[int]
    castle: list[int]
    swamp: list[int]
    passes: list[int]
    passed_last: list[int]
    res_zone: int
    res_stage: int
    res_rank: int
    res_picks: int
    ranking: list[int]
    present: list[int]
    karloff_taken: int
    dues: list[Due]
    pp_history: list[list[int]]
    result: list[int]
    trace: list[TraceEntry]

    def __init__(
        self,
        game: CreepyFallsGame,
        rng: Rng,
        tracing: bool = True,
        copy_of: CreepyFallsData | None = None,
    ) -> None:
        n = game.num_players
        self.game = game
        self.n = n
        self.rng = rng
        self.tracing = tracing
        self.causes = None  # made by the first entry written (tutor/core/causes.py)
        if copy_of is not None:
            # clone(): every field written out, lists copied (fast, and no __dict__ is
            # needed, so the class compiles; see tutor/core/native.py).
            src = copy_of
            self._legal = src._legal
            self.trace = src.trace[:]
            self.steps = src.steps
            self.round_no = src.round_no
            self.first = src.first
            self.phase = src.phase
            self.wait = src.wait
            self.actor = src.actor
            self.cursor = src.cursor
            self.count = src.count
            self.reserve = src.reserve[:]
            self.placed = src.placed[:]
            self.frank_used = src.frank_used[:]
            self.been = src.been[:]
            self.order = [o[:] for o in src.order]
            self.neutral = src.neutral[:]
            self.vh_zone = src.vh_zone
            self.rats = src.rats[:]
            self.rat_owner = src.rat_owner
            self.form_owner = src.form_owner[:]
            self.form_log = src.form_log[:]
            self.spells = src.spells[:]
            self.army_choice = src.army_choice[:]
            self.tokens = src.tokens[:]
            self.castle = src.castle[:]
            self.swamp = src.swamp[:]
            self.passes = src.passes[:]
            self.passed_last = src.passed_last[:]
            self.res_zone = src.res_zone
            self.res_stage = src.res_stage
            self.res_rank = src.res_rank
            self.res_picks = src.res_picks
            self.ranking = src.ranking[:]
            self.present = src.present[:]
            self.karloff_taken = src.karloff_taken
            self.dues = [Due(d.player, d.rule) for d in src.dues]
            self.pp_history = [h[:] for h in src.pp_history]
            self.result = src.result[:]
            return
        self._legal = None
        self.trace = []
        self.steps = 0
        self.round_no = 1
        self.first = 0
        self.phase = PH_FIRST
        self.wait = W_NONE
        self.actor = -1
        self.cursor = 0
        self.count = 0
        self.reserve = [0] * (n * NU)
        self.placed = [0] * (NZ * n * NU)
        self.frank_used = [0] * (NZ * n)
        self.been = [0] * (NZ * n)
        self.order = [[] for _ in range(NZ)]
        self.neutral = [0] * NZ
        self.vh_zone = PUMPKINS
        self.rats = [0] * NZ
        self.rat_owner = -1
        self.form_owner = [-1] * NF
        self.form_log = [0] * (n * NF)
        self.spells = [0] * (n * NS)
        self.army_choice = [-1] * n
        self.tokens = [0] * (n * NT)
        self.castle = [0, 0, 0]
        self.swamp = [0, 0, 0]
        self.passes = [0] * n
        self.passed_last = [0] * n
        self.res_zone = 0
        self.res_stage = 0
        self.res_rank = 0
        self.res_picks = -1
        self.ranking = []
        self.present = []
        self.karloff_taken = 0
        self.dues = []
        self.pp_history = []
        self.result = []

    # ================================================================ saving
    def to_dict(self) -> dict[str, Any]:
        """The state as plain data (JSON-ready), every field of ``FIELDS``.

        Returns:
            A snapshot: lists are copied, so later moves do not change it.
        """
        # Lists are copied: the dict is a snapshot that later moves cannot change.
        data: dict[str, Any] = {"game": "creepy_falls"}
        for name, how in _SAVED:
            if how == SCALAR:
                data[name] = getattr(self, name)
            elif how == NESTED:
                data[name] = [x[:] for x in getattr(self, name)]
            elif how != SPECIAL:
                data[name] = getattr(self, name)[:]
            elif name == "rng":
                data[name] = self.rng.state
            elif name == "tracing":
                data[name] = self.tracing
            elif name == "dues":
                data[name] = [[d.player, d.rule] for d in self.dues]
            else:
                data[name] = [e.to_dict() for e in self.trace]
        return data

    @classmethod
    def from_dict(cls, game: CreepyFallsGame, data: dict[str, Any]) -> CreepyFallsData:
        """Rebuild a state from :meth:`to_dict` output (checked by the game first).

        Args:
            game: The game the state belongs to.
            data: The saved state.

        Returns:
            The state.

        Raises:
            KeyError, TypeError, ValueError: if a field is missing or of the wrong shape.
        """
        s = cls(game, Rng(0), bool(data["tracing"]))
        s.rng.state = int(data["rng"])
        for name in SCALARS:
            setattr(s, name, int(data[name]))
        for name, size in s.list_sizes().items():
            values = [int(v) for v in data[name]]
            if len(values) != size:
                raise ValueError(f"{name} holds {len(values)} numbers, not {size}")
            setattr(s, name, values)
        for name, how, besides in _REST:
            if how == LIST:
                setattr(s, name, [int(x) for x in data[name]])
            elif how == NESTED:
                rows = [[int(x) for x in row] for row in data[name]]
                if besides and len(rows) != besides:
                    raise ValueError(f"{name} lists {len(rows)} zones, not {besides}")
                setattr(s, name, rows)
            elif name == "dues":
                s.dues = [Due(int(p), str(r)) for p, r in data["dues"]]
            else:
                s.trace = [TraceEntry.from_dict(e) for e in data["trace"]]
        return s

    def list_sizes(self) -> dict[str, int]:
        """The fixed-length list fields and their lengths for this player count.

        Returns:
            Each field's name and length.
        """
        n = self.n
        return {name: each * n + besides for name, each, besides in _SIZED}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CreepyFallsData):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ================================================================ small reads
    def name(self, p: int) -> str:
        """A player's name.

        Args:
            p: The player.

        Returns:
            The name.
        """
        names: tuple[str, ...] = self.game.player_names
        return names[p]

    def zone_name(self, z: int) -> str:
        """A zone's name.

        Args:
            z: The zone.

        Returns:
            The name.
        """
        names: tuple[str, ...] = self.game.board.zone_names
        return names[z]

    def has_spell(self, p: int, s: int) -> bool:
        """Whether player ``p`` has cast Spell ``s``.

        Args:
            p: The player.
            s: The Spell (-1, a Spell this game does not have: never).

        Returns:
            True if they have cast it.
        """
        return s >= 0 and self.spells[p * NS + s] == 1

    def spell_count(self, p: int) -> int:
        """How many Spells player ``p`` has cast.

        Args:
            p: The player.

        Returns:
            The count.
        """
        return sum(self.spells[p * NS : p * NS + NS])

    def holds_form(self, p: int, f: int) -> bool:
        """Whether player ``p`` holds Form ``f`` this round.

        Args:
            p: The player.
            f: The Form.

        Returns:
            True if they hold it.
        """
        return self.form_owner[f] == p

    def unit_size(self, p: int, t: int) -> int:
        """The size of one unit of type ``t`` of player ``p`` (Monstrous Growth counted).

        Args:
            p: The player.
            t: The unit type.

        Returns:
            The size points of one such unit.
        """
        g = self.game
        if t in (WEREWOLF, WITCH) and self.has_spell(p, g.spell_growth):
            return int(g.growth_sizes[t])
        return int(g.sizes[t])

    def size_in(self, p: int, z: int) -> int:
        """Player ``p``'s size points in zone ``z``.

        Args:
            p: The player.
            z: The zone.

        Returns:
            The sum of their units' sizes there.
        """
        base = (z * self.n + p) * NU
        total = 0
        for t in range(NU):
            k = self.placed[base + t]
            if k:
                total += k * self.unit_size(p, t)
        return total

    def units_in(self, p: int, z: int) -> int:
        """How many units player ``p`` has in zone ``z``.

        Args:
            p: The player.
            z: The zone.

        Returns:
            The count.
        """
        base = (z * self.n + p) * NU
        return sum(self.placed[base : base + NU])

    def owned(self, p: int, t: int) -> int:
        """Units of type ``t`` player ``p`` owns, on the board or not.

        Args:
            p: The player.
            t: The unit type.

        Returns:
            The count.
        """
        k = self.reserve[p * NU + t]
        n = self.n
        for z in range(NZ):
            k += self.placed[(z * n + p) * NU + t]
        return k

    def owned_total(self, p: int) -> int:
        """All units player ``p`` owns.

        Args:
            p: The player.

        Returns:
            The count.
        """
        return sum(self.owned(p, t) for t in range(NU))

    def power_points(self, p: int) -> int:
        """Player ``p``'s Power Points now (Blood Over Souls counted).

        Args:
            p: The player.

        Returns:
            The Power Points.
        """
        g = self.game
        vb, vs = 1, 2
        if self.has_spell(p, g.spell_swap):
            vb, vs = int(g.swap_values[0]), int(g.swap_values[1])
        return self.tokens[p * NT + BLOOD] * vb + self.tokens[p * NT + SOUL] * vs

    def advantages(self, z: int) -> Any:
        """The advantages zone ``z`` gives in this game (three-player changes applied).

        Args:
            z: The zone.

        Returns:
            The zone's advantages, best first.
        """
        return self.game.advantages[z]

    def _ruling(self, rid: str) -> str:
        rulings: dict[str, str] = self.game.rulings
        return rulings[rid]

    def _gain(self, p: int, k: int, amount: int) -> None:
        self.tokens[p * NT + k] += amount

    def _log(
        self,
        rule: str,
        text: str,
        actor: int | None = None,
        kind: str = "auto",
        changes: tuple[tuple[str, Any, Any], ...] = (),
        sets: str = "",
        reads: str = "",
        alongside: str = "",
    ) -> None:
        """Write one trace entry with its cause; ``sets`` names the standing fact it sets
        and ``reads`` the one it depended on (tutor/core/causes.py: ``placed/<zone>/<player>``
        a player's units in a zone, ``form/<player>/<form>`` a Form held this round);
        ``alongside`` names a group of entries one step makes side by side (each
        player's toll, each zone resolved in turn), which share the first one's cause."""
        causes = self.causes
        if causes is None:
            causes = self.causes = CauseLinks()
        cause = causes.sequential(len(self.trace), self.steps, alongside)
        entry = TraceEntry(
            rule,
            text,
            actor,
            kind,
            changes,
            None,
            "",
            self.steps,
            PHASE_KEYS[self.phase],
            "",
            cause,
            causes.standing(self.trace, reads) if reads else None,
            sets,
        )
        if type(self.trace) is list:
            self.trace.append(entry)
        else:
            # A recording trace (State.positions_during): compiled code would append
            # through the list's C API and skip the recorder's own append.
            getattr(self.trace, "append")(entry)  # noqa: B009
