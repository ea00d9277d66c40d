"""The Creepy Falls engine: the state's fields, the phases of a round and their rules.

A game is six rounds of Form Choice, Placement, Resolution and Store, closed by the
Toll of Blood.  The state is plain integers and lists of integers (flat, indexed by
player, zone and unit or token type), so cloning is a few list copies and the module
compiles with mypyc.  Where the flow waits for a person or for chance, ``wait`` says
which decision (``W_*``) and ``actor`` who; every other step runs at once in
:meth:`CreepyFallsState._run`, which dispatches on the phase (``PH_*``) through an
explicit table.  Units that must be destroyed (an unpaid Werewolf, the Toll of Blood,
a Karloff-113 action) are queued as :class:`Due` records and settled first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.causes import CauseLinks
from tutor.core.game import State
from tutor.core.rng import Rng
from tutor.core.types import Action, Decision, Outcome, TraceEntry, Verdict

if TYPE_CHECKING:
    from tutor.games.creepy_falls.game import CreepyFallsGame

# Unit types, token types, zones and Forms by index (the order of board.yaml).
GHOUL, MUMMY, FRANK, WEREWOLF, WITCH = 0, 1, 2, 3, 4
NU = 5
BLOOD, SOUL, CORPSE, AMULET, GRIMOIRE = 0, 1, 2, 3, 4
NT = 5
NZ = 9
PUMPKINS, KARLOFF = 4, 8
FLYING_FOX, SWARM_OF_RATS, CLOUD_OF_BATS, HUMAN_FORM, DARK_HUNTER, WILD_ANIMAL, ACID_FOG = range(7)
NF = 7
NS = 12
ROUNDS = 6
NEUTRAL = -1
"""The neutral Ghouls' place in a zone's ranking (two-player games)."""
SELLABLE = (CORPSE, AMULET, GRIMOIRE)

# Phases of the flow.
PH_FIRST, PH_ARMY, PH_TOKENS, PH_FORM, PH_EXTRA, PH_FOG, PH_RATS = range(7)
PH_PLACE, PH_FOX, PH_RESOLVE, PH_BUY, PH_SELL, PH_DIE, PH_TOLL, PH_END, PH_OVER = range(7, 16)
PHASE_KEYS = (
    "setup",
    "setup",
    "new_round",
    "form_choice",
    "form_choice",
    "placement",
    "placement",
    "placement",
    "placement",
    "resolution",
    "store",
    "store",
    "store",
    "end_of_round",
    "end_of_round",
    "game_over",
)
PHASE_TITLES = {
    "setup": "Setup",
    "new_round": "New round",
    "form_choice": "1. Form Choice",
    "placement": "2. Placement",
    "resolution": "3. Resolution",
    "store": "4. Store",
    "end_of_round": "End of the round",
    "game_over": "Game over",
}

# What the flow waits for.
W_NONE, W_CHANCE, W_ARMY, W_FORM, W_FOG, W_RAT, W_PLACE, W_FOX = range(8)
W_TAKE, W_KARLOFF, W_DESTROY, W_BUY, W_SELL = range(8, 13)

# Karloff-113's four actions (the engine's order of the rulebook's list).
K_MUMMY, K_FRANK, K_PLAGUE, K_TOKENS = range(4)
KARLOFF_TEXT = (
    "destroy 1 Ghoul to get 1 Mummy",
    "destroy 2 Ghouls to get 1 Frankenstein's Monster",
    "destroy 1 Ghoul so that every other player destroys 1 unit",
    "destroy 1 Ghoul to get 2 tokens of Corpse, Amulet or Grimoire",
)
TOKEN_PAIRS = tuple((a, b) for a in SELLABLE for b in SELLABLE if a <= b)

_DECISION_RULES = {
    W_ARMY: "cf.2.3",
    W_FORM: "cf.4.1",
    W_FOG: "cf.15.7",
    W_RAT: "cf.15.6",
    W_PLACE: "cf.5.1",
    W_FOX: "cf.15.3",
    W_TAKE: "cf.7.6",
    W_KARLOFF: "cf.7.7",
    W_DESTROY: "cf.1.4",
    W_BUY: "cf.12.1",
    W_SELL: "cf.12.5",
}


class Due:
    """A unit a player must destroy, and the rule that demands it."""

    __slots__ = ("player", "rule")

    def __init__(self, player: int, rule: str) -> None:
        self.player = player
        self.rule = rule


def plural(k: int, one: str, many: str) -> str:
    """``"1 Ghoul"`` or ``"2 Ghouls"``."""
    return f"{k} {one if k == 1 else many}"


class CreepyFallsState(State):
    """A Creepy Falls game in progress (2 to 5 players)."""

    game: CreepyFallsGame
    rng: Rng
    trace: list[TraceEntry]
    tracing: bool
    steps: int
    n: int
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
    _legal: list[Action] | None
    causes: CauseLinks | None

    def __init__(self, game: CreepyFallsGame, rng: Rng, tracing: bool = True) -> None:
        n = game.num_players
        self.game = game
        self.rng = rng
        self.tracing = tracing
        self.causes = None  # made by the first entry written (tutor/core/causes.py)
        self.trace = []
        self.steps = 0
        self.n = n
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
        self._legal = None

    # ================================================================ copying, saving
    def clone(self) -> CreepyFallsState:
        s = CreepyFallsState(self.game, self.rng.copy(), self.tracing)
        s.trace = self.trace[:]
        s.steps = self.steps
        s.round_no = self.round_no
        s.first = self.first
        s.phase = self.phase
        s.wait = self.wait
        s.actor = self.actor
        s.cursor = self.cursor
        s.count = self.count
        s.reserve = self.reserve[:]
        s.placed = self.placed[:]
        s.frank_used = self.frank_used[:]
        s.been = self.been[:]
        s.order = [o[:] for o in self.order]
        s.neutral = self.neutral[:]
        s.vh_zone = self.vh_zone
        s.rats = self.rats[:]
        s.rat_owner = self.rat_owner
        s.form_owner = self.form_owner[:]
        s.form_log = self.form_log[:]
        s.spells = self.spells[:]
        s.army_choice = self.army_choice[:]
        s.tokens = self.tokens[:]
        s.castle = self.castle[:]
        s.swamp = self.swamp[:]
        s.passes = self.passes[:]
        s.passed_last = self.passed_last[:]
        s.res_zone = self.res_zone
        s.res_stage = self.res_stage
        s.res_rank = self.res_rank
        s.res_picks = self.res_picks
        s.ranking = self.ranking[:]
        s.present = self.present[:]
        s.karloff_taken = self.karloff_taken
        s.dues = [Due(d.player, d.rule) for d in self.dues]
        s.pp_history = [h[:] for h in self.pp_history]
        s.result = self.result[:]
        s._legal = self._legal
        return s

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "creepy_falls",
            "rng": self.rng.state,
            "tracing": self.tracing,
            "steps": self.steps,
            "round_no": self.round_no,
            "first": self.first,
            "phase": self.phase,
            "wait": self.wait,
            "actor": self.actor,
            "cursor": self.cursor,
            "count": self.count,
            "reserve": self.reserve[:],
            "placed": self.placed[:],
            "frank_used": self.frank_used[:],
            "been": self.been[:],
            "order": [o[:] for o in self.order],
            "neutral": self.neutral[:],
            "vh_zone": self.vh_zone,
            "rats": self.rats[:],
            "rat_owner": self.rat_owner,
            "form_owner": self.form_owner[:],
            "form_log": self.form_log[:],
            "spells": self.spells[:],
            "army_choice": self.army_choice[:],
            "tokens": self.tokens[:],
            "castle": self.castle[:],
            "swamp": self.swamp[:],
            "passes": self.passes[:],
            "passed_last": self.passed_last[:],
            "res_zone": self.res_zone,
            "res_stage": self.res_stage,
            "res_rank": self.res_rank,
            "res_picks": self.res_picks,
            "ranking": self.ranking[:],
            "present": self.present[:],
            "karloff_taken": self.karloff_taken,
            "dues": [[d.player, d.rule] for d in self.dues],
            "pp_history": [h[:] for h in self.pp_history],
            "result": self.result[:],
            "trace": [e.to_dict() for e in self.trace],
        }

    @classmethod
    def from_dict(cls, game: CreepyFallsGame, data: dict[str, Any]) -> CreepyFallsState:
        """Rebuild a state from :meth:`to_dict` output (checked by the game first).

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
        s.order = [[int(p) for p in o] for o in data["order"]]
        if len(s.order) != NZ:
            raise ValueError(f"order lists {len(s.order)} zones, not {NZ}")
        s.ranking = [int(p) for p in data["ranking"]]
        s.present = [int(p) for p in data["present"]]
        s.dues = [Due(int(p), str(r)) for p, r in data["dues"]]
        s.pp_history = [[int(x) for x in h] for h in data["pp_history"]]
        s.result = [int(x) for x in data["result"]]
        s.trace = [TraceEntry.from_dict(e) for e in data["trace"]]
        return s

    def list_sizes(self) -> dict[str, int]:
        """The fixed-length list fields and their lengths for this player count."""
        n = self.n
        return {
            "reserve": n * NU,
            "placed": NZ * n * NU,
            "frank_used": NZ * n,
            "been": NZ * n,
            "neutral": NZ,
            "rats": NZ,
            "form_owner": NF,
            "form_log": n * NF,
            "spells": n * NS,
            "army_choice": n,
            "tokens": n * NT,
            "castle": 3,
            "swamp": 3,
            "passes": n,
            "passed_last": n,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CreepyFallsState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ================================================================ small helpers
    def name(self, p: int) -> str:
        """A player's name."""
        names: tuple[str, ...] = self.game.player_names
        return names[p]

    def zone_name(self, z: int) -> str:
        """A zone's name."""
        names: tuple[str, ...] = self.game.board.zone_names
        return names[z]

    def has_spell(self, p: int, s: int) -> bool:
        """Whether player ``p`` has cast Spell ``s``."""
        return s >= 0 and self.spells[p * NS + s] == 1

    def spell_count(self, p: int) -> int:
        """How many Spells player ``p`` has cast."""
        return sum(self.spells[p * NS : p * NS + NS])

    def holds_form(self, p: int, f: int) -> bool:
        """Whether player ``p`` holds Form ``f`` this round."""
        return self.form_owner[f] == p

    def unit_size(self, p: int, t: int) -> int:
        """The size of one unit of type ``t`` of player ``p`` (Monstrous Growth counted)."""
        g = self.game
        if t in (WEREWOLF, WITCH) and self.has_spell(p, g.spell_growth):
            return int(g.growth_sizes[t])
        return int(g.sizes[t])

    def size_in(self, p: int, z: int) -> int:
        """Player ``p``'s size points in zone ``z``."""
        base = (z * self.n + p) * NU
        total = 0
        for t in range(NU):
            k = self.placed[base + t]
            if k:
                total += k * self.unit_size(p, t)
        return total

    def units_in(self, p: int, z: int) -> int:
        """How many units player ``p`` has in zone ``z``."""
        base = (z * self.n + p) * NU
        return sum(self.placed[base : base + NU])

    def owned(self, p: int, t: int) -> int:
        """Units of type ``t`` player ``p`` owns, on the board or not."""
        k = self.reserve[p * NU + t]
        n = self.n
        for z in range(NZ):
            k += self.placed[(z * n + p) * NU + t]
        return k

    def owned_total(self, p: int) -> int:
        """All units player ``p`` owns."""
        return sum(self.owned(p, t) for t in range(NU))

    def power_points(self, p: int) -> int:
        """Player ``p``'s Power Points now (Blood Over Souls counted)."""
        g = self.game
        vb, vs = 1, 2
        if self.has_spell(p, g.spell_swap):
            vb, vs = int(g.swap_values[0]), int(g.swap_values[1])
        return self.tokens[p * NT + BLOOD] * vb + self.tokens[p * NT + SOUL] * vs

    def _ruling(self, rid: str) -> str:
        rulings: dict[str, str] = self.game.rulings
        return rulings[rid]

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

    def _gain(self, p: int, k: int, amount: int) -> None:
        self.tokens[p * NT + k] += amount

    def tokens_text(self, amounts: Any) -> str:
        """``"2 Soul, 3 Blood"`` for a token tuple (index order)."""
        parts = [f"{a} {TOKEN_NAMES[k]}" for k, a in enumerate(amounts) if a]
        return ", ".join(parts) if parts else "nothing"

    # ================================================================ public API
    @property
    def decision(self) -> Decision:
        phase = PHASE_KEYS[self.phase]
        w = self.wait
        if self.phase == PH_OVER:
            return Decision("terminal", None, "The game is over.", "cf.3.3", phase)
        if w == W_CHANCE:
            return Decision("chance", None, self._chance_prompt(), self._chance_rule(), phase)
        if w == W_NONE:
            return Decision("resolving", None, "The rules are being carried out.", "", phase)
        return Decision("choice", self.actor, self._prompt(), self._decision_rule(), phase)

    def _decision_rule(self) -> str:
        if self.wait == W_DESTROY and self.dues:
            return self.dues[0].rule
        if self.wait == W_FORM and self.phase == PH_EXTRA:
            return "cf.16.5"
        if self.wait == W_PLACE and self.holds_form(self.actor, CLOUD_OF_BATS):
            return "cf.5.1"
        return _DECISION_RULES.get(self.wait, "cf.3.1")

    def _prompt(self) -> str:
        who = self.name(self.actor)
        w = self.wait
        if w == W_ARMY:
            return f"{who}: choose your starting army"
        if w == W_FORM:
            return f"{who}: choose a Form for this round"
        if w == W_FOG:
            return f"{who} (Acid Fog): move the Van Helsing die, or leave it"
        if w == W_RAT:
            return f"{who} (Swarm of Rats): put Rat marker {self.count + 1} of 3 on a zone"
        if w == W_PLACE:
            return f"{who}: your placement turn: choose a zone and the units to place there"
        if w == W_FOX:
            return f"{who} (Flying Fox): move one placed Ghoul as if it were a Mummy, or not"
        if w == W_TAKE:
            return f"{who}: choose a token in {self.zone_name(self.res_zone)}"
        if w == W_KARLOFF:
            return f"{who}: choose a Karloff-113 action"
        if w == W_DESTROY:
            return f"{who}: choose a unit of your army to destroy"
        if w == W_BUY:
            return f"{who}: buy units or cast Spells, then finish buying"
        if w == W_SELL:
            return f"{who}: sell tokens of one type for Blood, or sell nothing"
        return f"{who} decides"

    def _chance_prompt(self) -> str:
        if self.phase == PH_FIRST:
            return "Choose the first player at random"
        if self.phase == PH_TOKENS:
            return "Place the round tokens at random in the Castle and the Swamp"
        return f"{self.name(self.actor)} rolls the three-outcome die"

    def _chance_rule(self) -> str:
        if self.phase == PH_FIRST:
            return "cf.2.1"
        if self.phase == PH_TOKENS:
            return "cf.2.4"
        return "cf.16.3"

    @property
    def turn_number(self) -> int:
        return self.round_no

    def decision_kind(self) -> str:
        if self.phase == PH_OVER:
            return "terminal"
        return "chance" if self.wait == W_CHANCE else "choice"

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._build_legal()
            self._legal = legal
        return legal

    def _build_legal(self) -> list[Action]:
        w = self.wait
        if self.phase == PH_OVER:
            return []
        if w == W_CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        p = self.actor
        if w == W_PLACE:
            return self.placements(p)
        acts: list[Action]
        if w == W_ARMY:
            acts = self.game.army_actions[p][:]
        elif w == W_FORM:
            acts = [self.game.form_actions[p][f] for f in self.free_forms()]
        elif w == W_FOG:
            acts = self.game.fog_actions[p][:]
            keep = self.vh_zone
            acts[keep] = Action(
                p, "van_helsing", (keep,), f"Leave the Van Helsing die on {self.zone_name(keep)}"
            )
        elif w == W_RAT:
            acts = [self.game.rat_actions[p][z] for z in range(NZ) if not self.rats[z]]
        elif w == W_FOX:
            acts = self.fox_moves(p)
        elif w == W_TAKE:
            pool = self.pool()
            acts = [self.game.take_actions[p][i] for i in range(3) if pool[i] > 0]
        elif w == W_KARLOFF:
            acts = self.karloff_choices(p)
        elif w == W_DESTROY:
            acts = [self.game.destroy_actions[p][t] for t in range(NU) if self.owned(p, t) > 0]
        elif w == W_BUY:
            acts = self.purchases(p)
        elif w == W_SELL:
            acts = self.sales(p)
        else:
            acts = []
        # Every list above is built in sorted order (kind, then arguments), so no sort.
        return acts

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.wait != W_CHANCE:
            return []
        g = self.game
        if self.phase == PH_FIRST:
            return [(a, 1.0 / self.n) for a in g.first_actions]
        if self.phase == PH_TOKENS:
            outcomes: list[tuple[Action, float]] = g.token_outcomes
            return outcomes
        faces: list[Action] = g.die_actions
        return [(a, 1.0 / len(faces)) for a in faces]

    def _apply(self, action: Action) -> None:
        self.steps += 1
        self._legal = None
        w = self.wait
        self.wait = W_NONE
        if w == W_CHANCE:
            self._do_chance(action)
        elif w == W_PLACE:
            self._do_place(action)
        elif w == W_ARMY:
            self._do_army(action)
        elif w == W_FORM:
            self._do_form(action)
        elif w == W_FOG:
            self._do_fog(action)
        elif w == W_RAT:
            self._do_rat(action)
        elif w == W_FOX:
            self._do_fox(action)
        elif w == W_TAKE:
            self._do_take(action)
        elif w == W_KARLOFF:
            self._do_karloff(action)
        elif w == W_DESTROY:
            self._do_destroy(action)
        elif w == W_BUY:
            self._do_buy(action)
        elif w == W_SELL:
            self._do_sell(action)
        self._run()

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        # State._random_playout with the calls inlined; it makes the very same draws.
        for _ in range(max_steps):
            if self.phase == PH_OVER:
                return
            if self.wait == W_CHANCE:
                action = self.sample_chance(rng)
            else:
                legal = self._legal_actions()
                action = legal[rng.below(len(legal))]
            self._apply(action)
        raise RuntimeError(f"game did not end within {max_steps} steps")

    def _explain_illegal(self, action: Action) -> Verdict:
        from tutor.games.creepy_falls.explain import explain

        return explain(self, action)

    def outcome(self) -> Outcome | None:
        if self.phase != PH_OVER:
            return None
        n = self.n
        scores = self.result
        best = max(scores)
        winners = tuple(p for p in range(n) if scores[p] == best)
        losers = tuple(p for p in range(n) if scores[p] != best)
        shared = len(winners) > 1
        names = " and ".join(self.name(p) for p in winners)
        text = (
            f"{names} share the win with {best} Power Points."
            if shared
            else f"{names} wins with {best} Power Points."
        )
        return Outcome(
            winners=winners,
            losers=losers,
            tied=(),
            scores=tuple(float(x) for x in scores),
            reason="shared_win" if shared else "most_power_points",
            text=text,
            rule="cf.3.3",
            turns=ROUNDS,
            extras={
                "armies": self.army_choice[:],
                "spells": [[s for s in range(NS) if self.spells[p * NS + s]] for p in range(n)],
                "forms": [self.form_log[p * NF : p * NF + NF] for p in range(n)],
                "pp_by_round": [h[:] for h in self.pp_history],
                "first_player": self.first,
            },
        )

    def returns(self) -> list[float]:
        if self.phase != PH_OVER:
            return [0.0] * self.n
        best = max(self.result)
        return [1.0 if x == best else -1.0 for x in self.result]

    def view(self, player: int | None) -> dict[str, Any]:
        from tutor.games.creepy_falls.view import view

        return view(self, player)

    def tempting_actions(self) -> list[tuple[Action, Verdict]]:
        from tutor.games.creepy_falls.explain import tempting

        return tempting(self)

    # ================================================================ the run loop
    def _run(self) -> None:
        """Carry out automatic steps until a player or chance must decide."""
        while self.wait == W_NONE and self.phase != PH_OVER:
            if self.dues:
                self._settle_due()
                continue
            ph = self.phase
            if ph == PH_FIRST:
                self._step_first()
            elif ph == PH_ARMY:
                self._step_army()
            elif ph == PH_TOKENS:
                self._step_tokens()
            elif ph == PH_FORM:
                self._step_form()
            elif ph == PH_EXTRA:
                self._step_extra()
            elif ph == PH_FOG:
                self._step_fog()
            elif ph == PH_RATS:
                self._step_rats()
            elif ph == PH_PLACE:
                self._step_place()
            elif ph == PH_FOX:
                self._step_fox()
            elif ph == PH_RESOLVE:
                self._step_resolve()
            elif ph == PH_BUY:
                self._step_buy()
            elif ph == PH_SELL:
                self._step_sell()
            elif ph == PH_DIE:
                self._step_die()
            elif ph == PH_TOLL:
                self._step_toll()
            elif ph == PH_END:
                self._step_end()

    # ================================================================ setup
    def _step_first(self) -> None:
        if self._ruling("first_player") == "first_seat":
            self._set_first(0, "cf.2.1")
            return
        self.wait = W_CHANCE

    def _set_first(self, p: int, rule: str) -> None:
        self.first = p
        self.phase = PH_ARMY
        self.cursor = 0
        if self.tracing:
            kind = "chance" if self.steps else "auto"
            self._log(
                rule, f"{self.name(p)} is the first player and takes the Aid tile.", None, kind
            )

    def _step_army(self) -> None:
        if self.cursor >= self.n:
            self.phase = PH_TOKENS
            return
        self.actor = (self.first + self.cursor) % self.n
        self.wait = W_ARMY

    def _do_army(self, action: Action) -> None:
        p = action.player
        i = int(action.args[0])
        g = self.game
        army = g.board.armies[i]
        self.army_choice[p] = i
        for t in range(NU):
            self.reserve[p * NU + t] = army.units[t]
        self._gain(p, BLOOD, 2)
        self._gain(p, SOUL, 1)
        for k in range(NT):
            self._gain(p, k, army.tokens[k])
        extra = self.n == 3
        if extra:
            self.reserve[p * NU + GHOUL] += 1
        if self.tracing:
            self._log(
                "cf.2.3",
                f"{self.name(p)} chooses the starting army {army.name}: {self.army_text(p)}.",
                p,
                "action",
            )
            self._log(
                "cf.2.2",
                f"{self.name(p)} receives 2 Blood and 1 Soul"
                + (
                    f", and {self.tokens_text(army.tokens)} with the army."
                    if any(army.tokens)
                    else "."
                ),
            )
            if extra:
                self._log("cf.10.1", f"{self.name(p)} takes 1 more Ghoul (three-player game).")
        self.cursor += 1

    def army_text(self, p: int) -> str:
        """Player ``p``'s units off the board, e.g. ``"4 Ghouls, 1 Mummy"``."""
        units = self.game.board.units
        parts = [
            units[t].count(self.reserve[p * NU + t]) for t in range(NU) if self.reserve[p * NU + t]
        ]
        return ", ".join(parts) if parts else "no units"

    def _step_tokens(self) -> None:
        self.wait = W_CHANCE

    def _do_chance(self, action: Action) -> None:
        if self.phase == PH_FIRST:
            self._set_first(int(action.args[0]), "cf.2.1")
        elif self.phase == PH_TOKENS:
            self._place_round_tokens(action)
        else:
            k = int(action.args[0])
            self._gain(self.actor, k, 1)
            if self.tracing:
                self._log(
                    "cf.16.3",
                    f"{self.name(self.actor)} rolls the die "
                    f"({self.game.board.spells[self.game.spell_die].name}): "
                    f"{TOKEN_NAMES[k]}; takes 1 {TOKEN_NAMES[k]}.",
                    self.actor,
                    "chance",
                )
            self.cursor += 1

    def _place_round_tokens(self, action: Action) -> None:
        g = self.game
        pool, _ = g.round_pool
        castle = [int(x) for x in action.args]
        self.castle = castle
        self.swamp = [pool[i] - castle[i] for i in range(3)]
        if self.tracing:
            three = " (three-player game: 6 tokens)" if self.n == 3 else ""
            self._log(
                "cf.10.2" if self.n == 3 else "cf.2.4",
                f"Round {self.round_no} tokens drawn at random{three}: "
                f"Bloody Gen Castle gets {self.pool_text(self.castle)}; "
                f"Rotten Swamp gets {self.pool_text(self.swamp)}.",
                None,
                "chance",
            )
            if self.round_no == 1:
                self._log(
                    "cf.2.5",
                    f"The Van Helsing die stands on {self.zone_name(self.vh_zone)}, "
                    "showing round 1.",
                )
        self.phase = PH_FORM
        self.cursor = 0

    def pool_text(self, pool: list[int]) -> str:
        """``"2 Corpse, 1 Amulet"`` for a Castle or Swamp pool."""
        parts = [f"{pool[i]} {TOKEN_NAMES[SELLABLE[i]]}" for i in range(3) if pool[i]]
        return ", ".join(parts) if parts else "no tokens"

    # ================================================================ form choice
    def form_order(self) -> list[int]:
        """Who chooses a Form, in order: each player once (twice each with two players)."""
        n = self.n
        if n == 2:
            return [self.first, 1 - self.first, self.first, 1 - self.first]
        return [(self.first + i) % n for i in range(n)]

    def free_forms(self) -> list[int]:
        """Forms nobody has chosen this round (no Swarm of Rats with two players)."""
        return [
            f
            for f in range(NF)
            if self.form_owner[f] < 0 and not (self.n == 2 and f == SWARM_OF_RATS)
        ]

    def _step_form(self) -> None:
        order = self.form_order()
        if self.cursor >= len(order):
            self.phase = PH_EXTRA
            self.cursor = 0
            return
        self.actor = order[self.cursor]
        self.wait = W_FORM

    def _do_form(self, action: Action) -> None:
        p = action.player
        f = int(action.args[0])
        self.form_owner[f] = p
        self.form_log[p * NF + f] += 1
        if self.tracing:
            rule = "cf.16.5" if self.phase == PH_EXTRA else ("cf.9.2" if self.n == 2 else "cf.4.1")
            form = self.game.board.forms[f]
            self._log(
                rule,
                f"{self.name(p)} takes {form_title(form.name)} for this round.",
                p,
                "action",
                sets=f"form/{p}/{f}",
            )
        self.cursor += 1

    def _step_extra(self) -> None:
        spell = self.game.spell_extra_form
        while self.cursor < self.n:
            p = (self.first + self.cursor) % self.n
            if self.has_spell(p, spell):
                if self.free_forms():
                    self.actor = p
                    self.wait = W_FORM
                    return
                if self.tracing:
                    self._log(
                        "cf.4.3",
                        f"{self.name(p)} could take another Form (Spell), but none is left.",
                    )
            self.cursor += 1
        self.phase = PH_FOG

    def _step_fog(self) -> None:
        owner = self.form_owner[ACID_FOG]
        self.phase = PH_RATS
        self.count = 0
        if owner >= 0:
            self.actor = owner
            self.wait = W_FOG

    def _do_fog(self, action: Action) -> None:
        p = action.player
        z = int(action.args[0])
        before = self.vh_zone
        self.vh_zone = z
        if self.tracing:
            if z == before:
                self._log(
                    "cf.15.7",
                    f"{self.name(p)} (Acid Fog) leaves the Van Helsing die on {self.zone_name(z)}.",
                    p,
                    "action",
                )
            else:
                self._log(
                    "cf.15.7",
                    f"{self.name(p)} (Acid Fog) moves the Van Helsing die from "
                    f"{self.zone_name(before)} to {self.zone_name(z)}: nobody may place there.",
                    p,
                    "action",
                    (("van_helsing", before, z),),
                )

    def _step_rats(self) -> None:
        owner = self.form_owner[SWARM_OF_RATS]
        if owner >= 0 and self.count < int(self.game.rat_markers):
            self.actor = owner
            self.rat_owner = owner
            self.wait = W_RAT
            return
        self._start_placement()

    def _do_rat(self, action: Action) -> None:
        p = action.player
        z = int(action.args[0])
        self.rats[z] = 1
        self.count += 1
        if self.tracing:
            self._log(
                "cf.15.6",
                f"{self.name(p)} (Swarm of Rats) puts a Rat marker on {self.zone_name(z)}: "
                "ties there go to them.",
                p,
                "action",
            )

    # ================================================================ placement
    def _start_placement(self) -> None:
        self.phase = PH_PLACE
        self.cursor = 0  # how many placement turns have been offered in a row without placing
        self.actor = (self.first - 1) % self.n
        self.count = 1  # 1: the next turn is the first of the phase

    def _step_place(self) -> None:
        n = self.n
        p = self.actor
        start = self.count == 1
        self.count = 0
        for i in range(n):
            q = (self.first + i) % n if start else (p + 1 + i) % n
            if self._zone_modes(q, True):
                self.actor = q
                self.wait = W_PLACE
                return
        if self.tracing:
            self._log("cf.5.2", "Nobody can place any more units: the Placement phase ends.")
        self.phase = PH_FOX

    def may_pass(self, p: int) -> bool:
        """Whether player ``p`` may pass this placement turn (Cloud of Bats)."""
        return (
            self.holds_form(p, CLOUD_OF_BATS)
            and self.passes[p] < int(self.game.bats_passes)
            and not self.passed_last[p]
        )

    def zone_mode(self, p: int, z: int) -> int:
        """How player ``p`` may place in zone ``z`` now.

        0: not at all; 1: freely (a zone they have not placed in this round);
        2: again, with their unused Frankenstein's Monster there (any units but Werewolves
        and Witches); 3: Mummies only.
        """
        g = self.game
        if z == self.vh_zone and not self.has_spell(p, g.spell_bane):
            return 0
        i = z * self.n + p
        if not self.been[i]:
            return 1
        base = i * NU
        beasts = self.placed[base + WEREWOLF] + self.placed[base + WITCH]
        pack = self.has_spell(p, g.spell_pack)
        if self.placed[base + FRANK] and not self.frank_used[i]:
            return 2
        if beasts and not pack:
            return 0
        return 3

    def _zone_modes(self, p: int, any_only: bool) -> list[int]:
        """Modes of every zone where ``p`` has something to place (empty: no placement)."""
        r = self.reserve
        b = p * NU
        if not (r[b] or r[b + 1] or r[b + 2] or r[b + 3] or r[b + 4]):
            return []
        pack = self.has_spell(p, self.game.spell_pack)
        out: list[int] = []
        for z in range(NZ):
            mode = self.zone_mode(p, z)
            ok = False
            if mode == 1:
                ok = True
            elif mode == 2:
                ok = bool(r[b] or r[b + 1] or r[b + 2] or (pack and (r[b + 3] or r[b + 4])))
            elif mode == 3:
                ok = r[b + MUMMY] > 0
            if ok:
                if any_only:
                    return [z]
                out.append(z)
        return out

    def placements(self, p: int) -> list[Action]:
        """Every legal placement of player ``p`` now, sorted (a pass first when allowed)."""
        g = self.game
        r = self.reserve
        b = p * NU
        rg, rm, rf, rw, rh = r[b], r[b + 1], r[b + 2], r[b + 3], r[b + 4]
        pack = 1 if self.has_spell(p, g.spell_pack) else 0
        cache = g.zone_cache
        acts: list[Action] = []
        if self.may_pass(p):
            acts.append(g.pass_actions[p])
        for z in range(NZ):
            mode = self.zone_mode(p, z)
            if mode == 0:
                continue
            key = (p, z, mode, rg, rm, rf, rw, rh, pack)
            got = cache.get(key)
            if got is None:
                got = cache[key] = self._zone_placements(p, z, mode, key[3:8], pack == 1)
            acts += got
        return acts

    def _zone_placements(
        self, p: int, z: int, mode: int, counts: tuple[int, ...], pack: bool
    ) -> list[Action]:
        """The sorted placements in zone ``z`` in a ``mode`` with these units off the board."""
        g = self.game
        cache = g.place_cache
        rg, rm, rf, rw, rh = counts
        acts: list[Action] = []
        if mode == 3:
            for m in range(1, rm + 1):
                acts.append(g.place_action(cache, p, z, 0, m, 0, 0, 0))
            return acts
        for gh in range(rg + 1):
            for m in range(rm + 1):
                for f in range(rf + 1):
                    if pack:
                        for w in range(rw + 1):
                            for h in range(rh + 1):
                                if gh or m or f or w or h:
                                    acts.append(g.place_action(cache, p, z, gh, m, f, w, h))
                    else:
                        if gh or m or f:
                            acts.append(g.place_action(cache, p, z, gh, m, f, 0, 0))
                        if mode == 1 and gh == 0 and m == 0 and f == 0:
                            # A lone Werewolf or Witch (cf.6.5), in their sorted places.
                            if rh:
                                acts.append(g.place_action(cache, p, z, 0, 0, 0, 0, 1))
                            if rw:
                                acts.append(g.place_action(cache, p, z, 0, 0, 0, 1, 0))
        return acts

    def _do_place(self, action: Action) -> None:
        p = action.player
        if action.kind == "pass":
            self.passes[p] += 1
            self.passed_last[p] = 1
            if self.tracing:
                left = int(self.game.bats_passes) - self.passes[p]
                self._log(
                    "cf.15.1",
                    f"{self.name(p)} (Cloud of Bats) passes this placement turn "
                    f"({left} pass{'es' if left != 1 else ''} left, never twice in a row).",
                    p,
                    "action",
                )
            return
        self.passed_last[p] = 0
        z = int(action.args[0])
        counts = [int(x) for x in action.args[1:]]
        mode = self.zone_mode(p, z)
        i = z * self.n + p
        base = i * NU
        for t in range(NU):
            k = counts[t]
            if k:
                self.reserve[p * NU + t] -= k
                self.placed[base + t] += k
        if not self.been[i]:
            self.been[i] = 1
            self.order[z].append(p)
        what = self.units_text(counts)
        if self.tracing:
            if mode == 1:
                rule = "cf.6.5" if counts[WEREWOLF] or counts[WITCH] else "cf.5.3"
                if self.has_spell(p, self.game.spell_pack) and (counts[WEREWOLF] or counts[WITCH]):
                    rule = "cf.16.11"
                pos = len(self.order[z])
                self._log(
                    rule,
                    f"{self.name(p)} places {what} in {self.zone_name(z)} "
                    f"(placed there {ordinal(pos)} this round).",
                    p,
                    "action",
                    (("placed", z, counts),),
                    f"placed/{z}/{p}",
                )
            elif mode == 2 and any(counts[t] for t in (GHOUL, FRANK, WEREWOLF, WITCH)):
                self._log(
                    "cf.6.2",
                    f"{self.name(p)} places {what} in {self.zone_name(z)} once more, "
                    "using the Frankenstein's Monster there; the Monsters are flipped.",
                    p,
                    "action",
                    (("placed", z, counts),),
                    f"placed/{z}/{p}",
                )
            else:
                flip = (
                    " and flips the Frankenstein's Monster there"
                    if self.placed[base + FRANK] and not self.frank_used[i]
                    else ""
                )
                self._log(
                    "cf.6.3",
                    f"{self.name(p)} adds {what} to {self.zone_name(z)}{flip}; "
                    "their place in the order there does not change.",
                    p,
                    "action",
                    (("placed", z, counts),),
                    f"placed/{z}/{p}",
                )
        if mode != 1 and self.placed[base + FRANK]:
            self.frank_used[i] = 1

    def units_text(self, counts: Any) -> str:
        """``"2 Ghouls and 1 Mummy"`` for unit counts in type order."""
        units = self.game.board.units
        parts = [units[t].count(int(counts[t])) for t in range(NU) if counts[t]]
        if len(parts) <= 1:
            return parts[0] if parts else "nothing"
        return ", ".join(parts[:-1]) + " and " + parts[-1]

    # ---------------------------------------------------------------- Flying Fox
    def _step_fox(self) -> None:
        owner = self.form_owner[FLYING_FOX]
        self.phase = PH_RESOLVE
        self.res_zone = 0
        self.res_stage = 0
        if owner >= 0 and self.fox_moves(owner):
            self.actor = owner
            self.wait = W_FOX

    def fox_moves(self, p: int) -> list[Action]:
        """Flying Fox: every move of one placed Ghoul, and leaving them (empty: none placed)."""
        n = self.n
        g = self.game
        sources = [z for z in range(NZ) if self.placed[(z * n + p) * NU + GHOUL] > 0]
        if not sources:
            return []
        acts = [g.keep_actions[p]]
        pack = self.has_spell(p, g.spell_pack)
        for a in sources:
            for b in range(NZ):
                if b == a or (b == self.vh_zone and not self.has_spell(p, g.spell_bane)):
                    continue
                base = (b * n + p) * NU
                if (
                    self.been[b * n + p]
                    and not pack
                    and (self.placed[base + WEREWOLF] or self.placed[base + WITCH])
                ):
                    continue
                acts.append(g.fox_actions[p][a * NZ + b])
        return acts

    def _do_fox(self, action: Action) -> None:
        p = action.player
        if action.kind == "keep":
            if self.tracing:
                self._log(
                    "cf.15.3",
                    f"{self.name(p)} (Flying Fox) leaves their Ghouls where they are.",
                    p,
                    "action",
                )
            return
        a, b = int(action.args[0]), int(action.args[1])
        n = self.n
        self.placed[(a * n + p) * NU + GHOUL] -= 1
        self.placed[(b * n + p) * NU + GHOUL] += 1
        if self.units_in(p, a) == 0 and p in self.order[a]:
            self.order[a].remove(p)
        if not self.been[b * n + p]:
            self.been[b * n + p] = 1
            self.order[b].append(p)
        if self.tracing:
            self._log(
                "cf.15.3",
                f"{self.name(p)} (Flying Fox) moves a Ghoul from {self.zone_name(a)} "
                f"to {self.zone_name(b)}, as if it were a Mummy.",
                p,
                "action",
                (("ghoul", a, b),),
            )

    # ================================================================ resolution
    def _step_resolve(self) -> None:
        z = self.res_zone
        if z >= NZ:
            self._end_resolution()
            return
        st = self.res_stage
        if st == 0:
            self._begin_zone(z)
        elif st == 1:
            self._award(z)
        elif st == 2:
            self._specials(z)
            self.res_stage = 3
        else:
            self._return_units(z)
            self.res_zone = z + 1
            self.res_stage = 0

    def rank_zone(self, z: int) -> list[int]:
        """The zone's ranking: players with size points (and the neutral Ghouls), best first.

        Ties go to whoever placed first; the neutral Ghouls count as placed first, then the
        Swarm of Rats' owner in a zone with a Rat marker.
        """
        n = self.n
        keyed: list[tuple[int, int, int]] = []
        nz = self.neutral[z]
        if nz:
            keyed.append((-min(nz, 2), 0, NEUTRAL))
        order = self.order[z]
        for pos, p in enumerate(order):
            s = self.size_in(p, z)
            if s > 0:
                prio = 1 if (self.rats[z] and p == self.rat_owner) else 2 + pos
                keyed.append((-s, prio, p))
        for p in range(n):
            if p not in order and self.size_in(p, z) > 0:
                keyed.append((-self.size_in(p, z), 100 + p, p))
        keyed.sort()
        return [k[2] for k in keyed]

    def _begin_zone(self, z: int) -> None:
        n = self.n
        if not self.order[z] and not self.neutral[z]:
            # Nobody placed here (every unit on the board belongs to a placement order).
            self.ranking = []
            self.present = []
            self.res_stage = 3
            return
        self.ranking = self.rank_zone(z)
        self.present = [p for p in self.order[z] if self.units_in(p, z) > 0]
        for p in range(n):
            if p not in self.present and self.units_in(p, z) > 0:
                self.present.append(p)
        self.res_rank = 0
        self.res_picks = -1
        self.karloff_taken = 0
        self.res_stage = 1
        if not self.present and not self.neutral[z]:
            self.res_stage = 3
            return
        if self.tracing:
            zone = self.game.board.zones[z]
            sizes = "; ".join(f"{self.name(p)} {self.size_in(p, z)}" for p in self.present)
            if self.neutral[z]:
                nz = self.neutral[z]
                extra = " (a neutral Werewolf)" if nz >= 3 else ""
                sizes = f"neutral Ghouls {min(nz, 2)}{extra}" + ("; " + sizes if sizes else "")
            ranked = ", ".join(
                "the neutral Ghouls" if p == NEUTRAL else self.name(p) for p in self.ranking
            )
            self._log(
                "cf.7.3",
                f"Zone {zone.number}, {zone.name}, is resolved. Size points: {sizes}.",
                alongside="zones",  # zone after zone: none is resolved because of the last
            )
            if ranked:
                tie = self._tie_note(z)
                self._log("cf.7.2", f"Order of advantages in {zone.name}: {ranked}{tie}.")
            for p in self.present:
                if self.size_in(p, z) == 0:
                    self._log(
                        "cf.7.4",
                        f"{self.name(p)} has size 0 in {zone.name} and takes no advantage there.",
                    )
            if z == PUMPKINS:
                self._log("cf.7.12", "Pumpkins Field gives no advantages.")

    def _tie_note(self, z: int) -> str:
        sizes = [
            self.size_in(p, z) if p != NEUTRAL else min(self.neutral[z], 2) for p in self.ranking
        ]
        if len(set(sizes)) == len(sizes):
            return ""
        notes = []
        if NEUTRAL in self.ranking and sizes.count(sizes[self.ranking.index(NEUTRAL)]) > 1:
            notes.append("the neutral Ghouls count as placed first")
        if self.rats[z] and self.rat_owner in self.ranking:
            notes.append(f"the Rat marker puts {self.name(self.rat_owner)} first in ties")
        notes.append("ties go to whoever placed first")
        return " (" + "; ".join(notes) + ")"

    def advantages(self, z: int) -> Any:
        """The advantages zone ``z`` gives in this game (three-player changes applied)."""
        return self.game.advantages[z]

    def pool(self) -> list[int]:
        """The round tokens of the zone being resolved (Castle or Swamp)."""
        return self.castle if self.res_zone == self.game.castle_zone else self.swamp

    def _award(self, z: int) -> None:
        advs = self.advantages(z)
        while self.res_rank < len(self.ranking) and self.res_rank < len(advs):
            who = self.ranking[self.res_rank]
            adv = advs[self.res_rank]
            if self.res_picks < 0:
                if who == NEUTRAL:
                    if self.tracing:
                        self._log(
                            "cf.9.3",
                            f"The neutral Ghouls hold advantage {self.res_rank + 1} of "
                            f"{self.zone_name(z)}; nobody receives it.",
                        )
                    self.res_rank += 1
                    continue
                self._give_advantage(who, z, self.res_rank, adv)
                if adv.action:
                    self.res_picks = 0
                    self.actor = who
                    self.wait = W_KARLOFF
                    return
                self.res_picks = adv.choose
            if self.res_picks > 0:
                pool = self.pool()
                kinds = [i for i in range(3) if pool[i] > 0]
                if not kinds:
                    self.res_picks = 0
                elif len(kinds) == 1:
                    self._take_token(who, kinds[0], False)
                    continue
                else:
                    self.actor = who
                    self.wait = W_TAKE
                    return
            self.res_rank += 1
            self.res_picks = -1
        if self.tracing and self.res_rank < len(self.ranking):
            left = [self.name(p) for p in self.ranking[self.res_rank :] if p != NEUTRAL]
            if left:
                self._log(
                    "cf.7.13", f"{self.zone_name(z)} has no advantage left for {', '.join(left)}."
                )
        self.res_stage = 2

    def _give_advantage(self, p: int, z: int, rank: int, adv: Any) -> None:
        g = self.game
        gained = list(adv.tokens)
        notes: list[str] = []
        rules: list[str] = []
        facts: list[str] = []
        if rank == 0:
            for f in (HUMAN_FORM, DARK_HUNTER):
                bonus = g.form_bonus[f][z]
                if bonus is not None and self.holds_form(p, f):
                    for k in range(NT):
                        gained[k] += bonus[k]
                    notes.append(
                        f"{self.tokens_text(bonus)} more for {form_title(g.board.forms[f].name)}"
                    )
                    rules.append("cf.15.2" if f == HUMAN_FORM else "cf.15.4")
                    facts.append(f"form/{p}/{f}")
        for s, zone, ranks, tokens in g.zone_spells:
            if zone == z and rank < ranks and self.has_spell(p, s):
                for k in range(NT):
                    gained[k] += tokens[k]
                notes.append(f"{self.tokens_text(tokens)} more for {g.board.spells[s].name}")
                rules.append(SPELL_RULES[s])
                facts.append("")
        for k in range(NT):
            if gained[k]:
                self._gain(p, k, gained[k])
        if self.tracing:
            place = g.board.zones[z].name
            base = self.tokens_text(adv.tokens)
            parts = [] if base == "nothing" else [base]
            if adv.choose:
                parts.append(f"chooses {plural(adv.choose, 'token', 'tokens')} from the zone")
            if adv.action:
                parts.append("chooses a Karloff-113 action")
            rule = "cf.7.13"
            if adv.choose:
                rule = "cf.7.6"
            if self.n == 3 and z == g.swamp_zone:
                rule = "cf.10.4"
            self._log(
                rule,
                f"{self.name(p)} takes advantage {rank + 1} of {place}: "
                f"{' and '.join(parts) or 'nothing'}.",
                None,
                "auto",
                (("tokens", p, list(adv.tokens)),),
                reads=f"placed/{z}/{p}",
                alongside=f"advantages/{z}",  # in the order of advantages, side by side
            )
            for note, r, fact in zip(notes, rules, facts, strict=True):
                self._log(r, f"{self.name(p)} gets {note}.", reads=fact)

    def _do_take(self, action: Action) -> None:
        self._take_token(action.player, int(action.args[0]), True)

    def _take_token(self, p: int, i: int, chosen: bool) -> None:
        pool = self.pool()
        pool[i] -= 1
        k = SELLABLE[i]
        self._gain(p, k, 1)
        self.res_picks -= 1
        if self.tracing:
            token = TOKEN_NAMES[k]
            what = f"chooses {article(token)}" if chosen else f"takes the remaining {token}"
            rule = "cf.10.4" if self.n == 3 and self.res_zone == self.game.swamp_zone else "cf.7.6"
            self._log(
                rule,
                f"{self.name(p)} {what} token in {self.zone_name(self.res_zone)}.",
                p,
                "action" if chosen else "auto",
            )

    # ---------------------------------------------------------------- Karloff-113
    def karloff_choices(self, p: int) -> list[Action]:
        """The Karloff-113 actions player ``p`` may take: each free action, carried out
        when they can pay for it, or taken only to keep it from the others."""
        g = self.game
        acts: list[Action] = []
        ghouls = self.owned(p, GHOUL)
        for a in range(4):
            if self.karloff_taken & (1 << a):
                continue
            acts.append(g.karloff_actions[p][a][0])
            if (
                (a == K_MUMMY and ghouls >= 1 and self.owned(p, MUMMY) < g.limits[MUMMY])
                or (a == K_FRANK and ghouls >= 2 and self.owned(p, FRANK) < g.limits[FRANK])
                or (a == K_PLAGUE and ghouls >= 1)
            ):
                acts.append(g.karloff_actions[p][a][1])
            elif a == K_TOKENS and ghouls >= 1:
                acts += g.karloff_actions[p][a][1:]
        return acts

    def _do_karloff(self, action: Action) -> None:
        p = action.player
        a = int(action.args[0])
        carry = int(action.args[1])
        self.karloff_taken |= 1 << a
        self.res_rank += 1
        self.res_picks = -1
        tr = self.tracing
        if not carry:
            if tr:
                self._log(
                    "cf.7.7",
                    f'{self.name(p)} takes the Karloff-113 action "{KARLOFF_TEXT[a]}" '
                    "without carrying it out, so nobody else can take it.",
                    p,
                    "action",
                )
            return
        rule = ("cf.7.8", "cf.7.9", "cf.7.10", "cf.7.11")[a]
        if a == K_MUMMY:
            self._remove_unit(p, GHOUL)
            self.reserve[p * NU + MUMMY] += 1
            if tr:
                self._log(
                    rule,
                    f"{self.name(p)} destroys 1 Ghoul and gets 1 Mummy (Karloff-113).",
                    p,
                    "action",
                )
        elif a == K_FRANK:
            self._remove_unit(p, GHOUL)
            self._remove_unit(p, GHOUL)
            self.reserve[p * NU + FRANK] += 1
            if tr:
                self._log(
                    rule,
                    f"{self.name(p)} destroys 2 Ghouls and gets 1 Frankenstein's Monster "
                    "(Karloff-113).",
                    p,
                    "action",
                )
        elif a == K_PLAGUE:
            self._remove_unit(p, GHOUL)
            if tr:
                self._log(
                    rule,
                    f"{self.name(p)} destroys 1 Ghoul: every other player must destroy 1 unit "
                    "of their choice (Karloff-113).",
                    p,
                    "action",
                )
            for i in range(1, self.n):
                self.dues.append(Due((p + i) % self.n, "cf.7.10"))
        else:
            self._remove_unit(p, GHOUL)
            x, y = int(action.args[2]), int(action.args[3])
            self._gain(p, x, 1)
            self._gain(p, y, 1)
            if tr:
                self._log(
                    rule,
                    f"{self.name(p)} destroys 1 Ghoul and takes 1 {TOKEN_NAMES[x]} and "
                    f"1 {TOKEN_NAMES[y]} (Karloff-113).",
                    p,
                    "action",
                )

    # ---------------------------------------------------------------- Werewolves, Witches
    def _specials(self, z: int) -> None:
        n = self.n
        tr = self.tracing
        # The neutral Werewolf (three neutral Ghouls, two-player games).
        if self.neutral[z] >= 3:
            everyone = self._ruling("neutral_werewolf_souls") == "everyone"
            for p in self.present:
                if everyone or self.size_in(p, z) <= 2:
                    self._pay_souls(p, -1, 1, "cf.9.4", z)
        beasts: list[tuple[int, int]] = []
        owners = [p for p in self.ranking if p != NEUTRAL]
        owners += [p for p in self.present if p not in owners]
        for o in owners:
            base = (z * n + o) * NU
            beasts += [(o, 1)] * self.placed[base + WEREWOLF]
            beasts += [(o, 2)] * self.placed[base + WITCH]
        if self.neutral[z]:
            per_unit = self._ruling("neutral_ghoul_destroyed") == "per_unit"
            hunters = (
                [o for o, _ in beasts] if per_unit else list(dict.fromkeys(o for o, _ in beasts))
            )
            for o in hunters:
                if self.neutral[z] > 0:
                    self.neutral[z] -= 1
                    if tr:
                        self._log(
                            "cf.9.5",
                            f"{self.name(o)}'s Werewolf or Witch destroys a neutral Ghoul in "
                            f"{self.zone_name(z)} ({self.neutral[z]} left); "
                            "the neutral Ghouls pay no Souls.",
                        )
        if tr and len(beasts) > 1:
            who = ", ".join(self.name(o) for o in dict.fromkeys(o for o, _ in beasts))
            self._log(
                "cf.8.2",
                f"Several Werewolves and Witches in {self.zone_name(z)}: their owners collect "
                f"Souls in ranking order ({who}).",
            )
        for o, amount in beasts:
            for i in range(1, n):
                q = (o + i) % n
                if q in self.present:
                    self._pay_souls(q, o, amount, "cf.8.1", z)

    def _pay_souls(self, q: int, o: int, amount: int, rule: str, z: int) -> None:
        have = self.tokens[q * NT + SOUL]
        paid = min(have, amount)
        self.tokens[q * NT + SOUL] -= paid
        if o >= 0:
            self.tokens[o * NT + SOUL] += paid
        if self.tracing:
            to = f"to {self.name(o)}" if o >= 0 else "to the supply (the neutral Werewolf)"
            beast = "Witch" if amount == 2 else "Werewolf"
            if o >= 0:
                self._log(
                    rule,
                    f"{self.name(q)} gives {plural(paid, 'Soul', 'Souls')} {to} for "
                    f"{self.name(o)}'s {beast} in {self.zone_name(z)}.",
                    None,
                    "auto",
                    (("souls", q, -paid),),
                )
            else:
                self._log(
                    rule,
                    f"{self.name(q)} discards {plural(paid, 'Soul', 'Souls')} for the neutral "
                    f"Werewolf in {self.zone_name(z)}.",
                    None,
                    "auto",
                    (("souls", q, -paid),),
                )
        if paid < amount:
            if self.tracing:
                self._log("cf.8.3", f"{self.name(q)} cannot pay in full and must destroy a unit.")
            self.dues.append(Due(q, "cf.9.4" if o < 0 else "cf.8.3"))

    def _return_units(self, z: int) -> None:
        n = self.n
        had = bool(self.order[z])
        for p in range(n):
            self.frank_used[z * n + p] = 0
            self.been[z * n + p] = 0
            if not had:
                continue  # no units here: nobody's placement order holds this zone
            base = (z * n + p) * NU
            for t in range(NU):
                k = self.placed[base + t]
                if k:
                    self.reserve[p * NU + t] += k
                    self.placed[base + t] = 0
        self.order[z] = []
        if self.tracing and had:
            self._log("cf.7.5", f"Everyone takes back their units from {self.zone_name(z)}.")

    def _end_resolution(self) -> None:
        if self.tracing:
            left = [self.pool_text(self.castle), self.pool_text(self.swamp)]
            rats = " and the Rat markers are removed" if any(self.rats) else ""
            self._log(
                "cf.7.5",
                f"All zones are resolved: the tokens left (Castle: {left[0]}; "
                f"Swamp: {left[1]}) are discarded{rats}.",
            )
        self.castle = [0, 0, 0]
        self.swamp = [0, 0, 0]
        self.rats = [0] * NZ
        self.rat_owner = -1
        self.phase = PH_BUY
        self.cursor = 0

    # ================================================================ destroying units
    def _settle_due(self) -> None:
        d = self.dues[0]
        p = d.player
        kinds = [t for t in range(NU) if self.owned(p, t) > 0]
        if not kinds:
            self.dues.pop(0)
            if self.tracing:
                self._log("cf.1.4", f"{self.name(p)} has no unit left to destroy.")
            return
        if len(kinds) == 1:
            self.dues.pop(0)
            self._destroy(p, kinds[0], d.rule, False)
            return
        self.actor = p
        self.wait = W_DESTROY

    def _do_destroy(self, action: Action) -> None:
        d = self.dues.pop(0)
        self._destroy(action.player, int(action.args[0]), d.rule, True)

    def _destroy(self, p: int, t: int, rule: str, chosen: bool) -> None:
        where = self._remove_unit(p, t)
        if self.tracing:
            unit = self.game.board.units[t].name
            place = "" if where < 0 else f" from {self.zone_name(where)}"
            verb = "chooses to destroy" if chosen else "destroys"
            self._log(
                rule,
                f"{self.name(p)} {verb} {article(unit)}{place} ({DESTROY_REASONS[rule]}); "
                "it goes back to the box.",
                p,
                "action" if chosen else "auto",
                (("destroyed", p, t),),
            )

    def _remove_unit(self, p: int, t: int) -> int:
        """Take one unit of type ``t`` from player ``p``: off the board if there is one,
        else from the zone resolved last.  Returns the zone it left (-1: off the board)."""
        if self.reserve[p * NU + t] > 0:
            self.reserve[p * NU + t] -= 1
            return -1
        n = self.n
        for z in range(NZ - 1, -1, -1):
            i = (z * n + p) * NU + t
            if self.placed[i] > 0:
                self.placed[i] -= 1
                return z
        return -1

    # ================================================================ store
    def _step_buy(self) -> None:
        while self.cursor < self.n:
            p = (self.first + self.cursor) % self.n
            if len(self.purchases(p)) > 1:
                self.actor = p
                self.wait = W_BUY
                return
            self.cursor += 1
        self.phase = PH_SELL
        self.cursor = 0
        self.count = 0

    def spell_cost(self, p: int, s: int) -> int:
        """What Spell ``s`` costs player ``p`` in Grimoire (Arcane Thrift counted)."""
        g = self.game
        cost = int(g.board.spells[s].cost)
        if self.has_spell(p, g.spell_thrift):
            cost = max(0, cost - int(g.thrift_amount))
        return cost

    def may_cast(self, p: int, s: int) -> bool:
        """Whether ``p`` may cast Spell ``s`` now: not yet cast, level reached, affordable."""
        base = p * NS
        if self.spells[base + s]:
            return False
        g = self.game
        level: int = g.spell_levels[s]
        if level > 1:
            below: tuple[int, ...] = g.spells_of_level[level - 1]
            if not any(self.spells[base + o] for o in below):
                return False
        return self.tokens[p * NT + GRIMOIRE] >= self.spell_cost(p, s)

    def purchases(self, p: int) -> list[Action]:
        """What player ``p`` can buy now, and finishing (always last in sort order)."""
        g = self.game
        acts: list[Action] = []
        for t in range(NU):
            pay = g.pay[t]
            if pay < 0:
                continue
            if self.tokens[p * NT + pay] >= g.costs[t] and self.owned(p, t) < g.limits[t]:
                acts.append(g.buy_actions[p][t])
        acts.append(g.done_buying[p])
        for s in range(NS):
            if self.may_cast(p, s):
                acts.append(g.spell_actions[p][s])
        return acts

    def _do_buy(self, action: Action) -> None:
        p = action.player
        g = self.game
        kind = action.kind
        if kind == "done":
            self.cursor += 1
            if self.tracing:
                self._log("cf.12.1", f"{self.name(p)} finishes buying.", p, "action")
            return
        if kind == "buy":
            t = int(action.args[0])
            self.tokens[p * NT + g.pay[t]] -= g.costs[t]
            self.reserve[p * NU + t] += 1
            if self.tracing:
                self._log(
                    "cf.12.2",
                    f"{self.name(p)} buys {article(g.board.units[t].name)} for "
                    f"{g.costs[t]} {TOKEN_NAMES[g.pay[t]]}.",
                    p,
                    "action",
                )
            return
        s = int(action.args[0])
        cost = self.spell_cost(p, s)
        self.tokens[p * NT + GRIMOIRE] -= cost
        self.spells[p * NS + s] = 1
        if self.tracing:
            spell = g.board.spells[s]
            self._log(
                "cf.12.3",
                f"{self.name(p)} casts {spell.name} (level {spell.level}) for "
                f"{cost} Grimoire: {g.spell_texts[s]}",
                p,
                "action",
            )

    def _step_sell(self) -> None:
        while self.cursor < self.n:
            p = (self.first + self.cursor) % self.n
            limit = 2 if self.round_no == ROUNDS else 1
            if self.count < limit and any(self.tokens[p * NT + k] for k in SELLABLE):
                self.actor = p
                self.wait = W_SELL
                return
            self.cursor += 1
            self.count = 0
        self.phase = PH_DIE
        self.cursor = 0

    def sales(self, p: int) -> list[Action]:
        """Every sale player ``p`` can make now, and selling nothing."""
        g = self.game
        acts = [g.done_selling[p]]
        for i, k in enumerate(SELLABLE):
            have = min(5, self.tokens[p * NT + k])
            for c in range(1, have + 1):
                acts.append(g.sell_actions[p][i * 5 + c - 1])
        return acts

    def _do_sell(self, action: Action) -> None:
        p = action.player
        g = self.game
        if action.kind == "done":
            self.cursor += 1
            self.count = 0
            if self.tracing:
                self._log("cf.12.5", f"{self.name(p)} sells nothing more.", p, "action")
            return
        k, c = int(action.args[0]), int(action.args[1])
        factor = 2 if self.has_spell(p, g.spell_market) else 1
        self.tokens[p * NT + k] -= c
        blood = c * factor
        first_sale = self.count == 0
        self.count += 1
        bonus = 0
        if first_sale and self.holds_form(p, WILD_ANIMAL):
            bonus = int(g.sell_bonus[k]) * factor
        self._gain(p, BLOOD, blood + bonus)
        if self.tracing:
            rule = "cf.12.6" if self.round_no == ROUNDS else "cf.12.5"
            how = " (Blood Market: 2 Blood each)" if factor == 2 else ""
            self._log(
                rule,
                f"{self.name(p)} sells {c} {TOKEN_NAMES[k]} for {blood} Blood{how}.",
                p,
                "action",
            )
            if bonus:
                self._log(
                    "cf.15.5", f"{self.name(p)} gets {bonus} more Blood for the Wild Animal Form."
                )
            if factor == 2:
                self._log("cf.16.9", f"{self.name(p)}'s Blood Market doubles what the sale earns.")
        limit = 2 if self.round_no == ROUNDS else 1
        if self.count >= limit:
            self.cursor += 1
            self.count = 0

    def _step_die(self) -> None:
        spell = self.game.spell_die
        while self.cursor < self.n:
            p = (self.first + self.cursor) % self.n
            if self.has_spell(p, spell):
                self.actor = p
                self.wait = W_CHANCE
                return
            self.cursor += 1
        self.phase = PH_TOLL
        self.cursor = 0

    # ================================================================ end of a round
    def _step_toll(self) -> None:
        g = self.game
        for i in range(self.n):
            p = (self.first + i) % self.n
            if self.has_spell(p, g.spell_pact):
                if self.tracing:
                    self._log(
                        "cf.16.8",
                        f"{self.name(p)} pays no Toll of Blood (Blood Pact).",
                        alongside="toll",
                    )
                continue
            have = self.tokens[p * NT + BLOOD]
            if have >= 2:
                self.tokens[p * NT + BLOOD] -= 2
                if self.tracing:
                    self._log(
                        "cf.14.1",
                        f"{self.name(p)} pays the Toll of Blood: 2 Blood ({have - 2} left).",
                        None,
                        "auto",
                        (("blood", p, -2),),
                        alongside="toll",  # every player pays: not because the last one did
                    )
            else:
                self.tokens[p * NT + BLOOD] = 0
                if self.tracing:
                    self._log(
                        "cf.14.1",
                        f"{self.name(p)} has only {have} Blood for the Toll of Blood: "
                        "discards it and must destroy a unit.",
                        None,
                        "auto",
                        (("blood", p, -have),),
                        alongside="toll",
                    )
                self.dues.append(Due(p, "cf.14.1"))
        self.phase = PH_END

    def _step_end(self) -> None:
        n = self.n
        if self.round_no >= ROUNDS:
            self._finish()
            return
        self.pp_history.append([self.power_points(p) for p in range(n)])
        self.round_no += 1
        self.form_owner = [-1] * NF
        self.passes = [0] * n
        self.passed_last = [0] * n
        old = self.first
        self.first = (old + 1) % n
        tr = self.tracing
        if tr:
            self._log(
                "cf.14.2",
                f"Round {self.round_no} begins: the Forms go back to the middle and the "
                f"Van Helsing die on {self.zone_name(self.vh_zone)} turns to {self.round_no}.",
            )
            self._log("cf.14.3", f"{self.name(self.first)} is now the first player.")
        if n == 2 and self.round_no in (3, 5):
            for z in range(NZ):
                self.neutral[z] += 1
            if tr:
                self._log(
                    "cf.9.6",
                    f"End of round {self.round_no - 1}: one neutral Ghoul is put in each zone.",
                )
        self.phase = PH_TOKENS

    def _finish(self) -> None:
        g = self.game
        n = self.n
        tr = self.tracing
        for p in range(n):
            if self.has_spell(p, g.spell_harvest):
                k = int(g.harvest_souls) * self.spell_count(p)
                self._gain(p, SOUL, k)
                if tr:
                    self._log(
                        "cf.16.7",
                        f"{self.name(p)} gets {k} Souls from Soul Harvest "
                        f"({self.spell_count(p)} Spells cast).",
                    )
        self.result = [self.power_points(p) for p in range(n)]
        self.pp_history.append(self.result[:])
        if tr:
            self._log("cf.14.4", "Round 6 is over: the game ends.")
            for p in range(n):
                swap = self.has_spell(p, g.spell_swap)
                how = " (Blood Over Souls: Blood 2 each, Soul 1 each)" if swap else ""
                self._log(
                    "cf.16.10" if swap else "cf.3.2",
                    f"{self.name(p)}: {self.tokens[p * NT + BLOOD]} Blood and "
                    f"{self.tokens[p * NT + SOUL]} Souls make {self.result[p]} Power Points{how}.",
                    alongside="scores",  # each player's count follows from the game's end
                )
        self.phase = PH_OVER
        self.wait = W_NONE
        if tr:
            out = self.outcome()
            if out is not None:
                self._log("cf.3.3", out.text)


SCALARS = (
    "steps",
    "round_no",
    "first",
    "phase",
    "wait",
    "actor",
    "cursor",
    "count",
    "vh_zone",
    "rat_owner",
    "res_zone",
    "res_stage",
    "res_rank",
    "res_picks",
    "karloff_taken",
)
"""The whole-number fields of a saved state."""

TOKEN_NAMES = ("Blood", "Soul", "Corpse", "Amulet", "Grimoire")

SPELL_RULES = (
    "cf.16.1",
    "cf.16.2",
    "cf.16.3",
    "cf.16.4",
    "cf.16.5",
    "cf.16.6",
    "cf.16.7",
    "cf.16.8",
    "cf.16.9",
    "cf.16.10",
    "cf.16.11",
    "cf.16.12",
)
"""The rule of each Spell of the Spell Book, by index."""

DESTROY_REASONS = {
    "cf.8.3": "an unpaid Werewolf or Witch",
    "cf.9.4": "the neutral Werewolf",
    "cf.14.1": "the Toll of Blood",
    "cf.7.10": "the Karloff-113 action",
}


def ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ..."""
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def article(word: str) -> str:
    """``"a Ghoul"``, ``"an Amulet"``."""
    return f"{'an' if word[:1] in 'AEIOU' else 'a'} {word}"


def form_title(name: str) -> str:
    """``"the Flying Fox Form"``, ``"the Human Form"``."""
    return f"the {name}" if name.endswith("Form") else f"the {name} Form"
