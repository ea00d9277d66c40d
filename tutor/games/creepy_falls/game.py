"""The Creepy Falls game object: options, rulings, board data and everything built once.

``CreepyFallsGame`` is immutable once built.  It reads the board file and the rulings,
applies the player-count changes (the three-player advantages, the round tokens), and
builds once every labelled action the engine offers (speed: the hot loop never formats
a label twice).  ``new_state(seed)`` returns a state waiting for its first step.
"""

from __future__ import annotations

from math import comb
from pathlib import Path
from typing import Any, ClassVar

from tutor.core.errors import OptionError, SessionFileError
from tutor.core.game import Game
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook, cited_rule_ids
from tutor.core.types import CHANCE, Action
from tutor.core.validation import short
from tutor.games.creepy_falls import SPEC
from tutor.games.creepy_falls.data import TOKENS, BoardData, board_data
from tutor.games.creepy_falls.engine.state import (
    DARK_HUNTER,
    HUMAN_FORM,
    KARLOFF_TEXT,
    NF,
    NS,
    NT,
    NU,
    NZ,
    PHASE_TITLES,
    SELLABLE,
    TOKEN_NAMES,
    TOKEN_PAIRS,
    CreepyFallsState,
    article,
    form_title,
)
from tutor.games.creepy_falls.scenario import SETUP_SCHEMA

DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
"""The players' colours, used as their names unless ``names`` is given."""

DATA_MODEL_RULES = {
    "cf.1.1": "data.BoardData: the units of one colour, their sizes and limits",
    "cf.1.2": "data.TOKENS: the five token types kept per player in the state's tokens",
    "cf.1.3": "data.BoardData: nine zones numbered in resolution order",
    "cf.3.1": (
        "engine/play.CreepyFallsState._run: six rounds of Form Choice, Placement, "
        "Resolution and Store"
    ),
    "cf.4.2": "engine/form_choice.free_forms: a Form taken this round is not offered again",
    "cf.5.4": "engine/placement.placements: any mix and number of units in one placement",
    "cf.5.5": "engine/placement.zone_mode: a zone placed in is closed but for the exceptions",
    "cf.5.6": "engine/placement.zone_mode: the Van Helsing zone is closed",
    "cf.5.7": (
        "engine/data.CreepyFallsData.order: the order of first placement per zone, "
        "never changed by adding"
    ),
    "cf.6.1": "engine/placement.placements: Ghouls follow the general rules only",
    "cf.6.4": "engine/placement.zone_mode: mode 3 offers Mummies alone in a zone already placed in",
    "cf.6.6": "engine/placement.zone_mode: no Mummies where the player's Werewolf or Witch stands",
    "cf.7.1": "data.Unit.size and engine/data.CreepyFallsData.unit_size",
    "cf.10.3": "CreepyFallsGame.advantages drops the last of exactly three advantages",
    "cf.12.4": "engine/store.may_cast: a Spell is cast once per player; anyone may cast it",
    "cf.12.7": "engine/store.purchases: no more units than the pieces of one colour",
    "cf.16.2": "engine/store.spell_cost: Arcane Thrift lowers later Spells' cost",
    "cf.16.6": "engine/data.CreepyFallsData.unit_size: Monstrous Growth's sizes",
    "cf.16.12": "engine/placement.zone_mode: Hunter's Bane opens the Van Helsing zone",
}

_RULEBOOKS: dict[str, RuleBook] = {}


def _rulebook() -> RuleBook:
    from tutor.core.data import rulesets_dir

    key = str(rulesets_dir())
    if key not in _RULEBOOKS:
        _RULEBOOKS[key] = RuleBook("creepy_falls")
    return _RULEBOOKS[key]


class CreepyFallsGame(Game):
    """Creepy Falls for 2 to 5 players.

    Args:
        players: number of players (2-5).
        modules: none exist.
        rulings: house rules, ``{ruling_id: option}`` from ``rulings.yaml``.
        names: the players' display names.
        board: a folder with your own ``board.yaml`` in the same schema.

    Raises:
        OptionError: for an unsupported player count, a module, bad names or an
            unknown ruling option.
        RulesetError: if the board file is broken.
    """

    spec = SPEC
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer"},
            "modules": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            "rulings": {"type": "object"},
            "names": {
                "type": "array",
                "items": {"type": "string", "minLength": 1},
                "uniqueItems": True,
            },
            "board": {"type": "string", "minLength": 1},
        },
    }
    setup_schema: ClassVar[dict[str, Any] | None] = SETUP_SCHEMA

    def __init__(
        self,
        players: int = 4,
        modules: list[str] | tuple[str, ...] = (),
        rulings: dict[str, Any] | None = None,
        names: list[str] | tuple[str, ...] | None = None,
        board: str | None = None,
    ) -> None:
        if not 2 <= players <= 5:
            raise OptionError(f"Creepy Falls is played by 2 to 5 players, not {players}")
        if modules:
            raise OptionError(f"Creepy Falls has no modules, got {list(modules)}")
        chosen_names = tuple(names) if names else DEFAULT_NAMES[:players]
        if len(chosen_names) != players or len(set(chosen_names)) != players:
            raise OptionError(
                f"names must be {players} different names, got {short(list(chosen_names))}"
            )
        book = _rulebook()
        chosen = book.choose_rulings(rulings)
        options: dict[str, Any] = {"players": players}
        if rulings:
            options["rulings"] = {k: chosen[k] for k in rulings}
        if names:
            options["names"] = list(chosen_names)
        if board:
            options["board"] = str(board)
        super().__init__(book, options, players)
        self.rulings = chosen
        self.player_names = chosen_names
        self.board: BoardData = board_data(board)
        self._state_schema: dict[str, Any] | None = None
        self._build()

    # ------------------------------------------------------------------ built once
    def _build(self) -> None:
        b = self.board
        n = self.num_players
        units = b.units
        self.sizes = [u.size for u in units]
        self.limits = [u.limit for u in units]
        self.costs = [u.cost for u in units]
        all_corpse = self._ruling("unit_costs") == "all_corpse"
        self.pay = [(-1 if u.pay < 0 else (2 if all_corpse else u.pay)) for u in units]

        def spell(effect: str) -> int:
            found = b.spells_with(effect)
            return found[0] if found else -1

        self.spell_thrift = spell("cheaper_spells")
        self.spell_die = spell("roll_die")
        self.spell_extra_form = spell("extra_form")
        self.spell_growth = spell("bigger_beasts")
        self.spell_harvest = spell("souls_per_spell")
        self.spell_pact = spell("no_toll")
        self.spell_market = spell("double_sales")
        self.spell_swap = spell("swap_values")
        self.spell_pack = spell("beasts_as_ghouls")
        self.spell_bane = spell("ignore_van_helsing")
        sp = b.spells
        self.thrift_amount = int(sp[self.spell_thrift].params.get("amount", 1))
        growth = sp[self.spell_growth].params.get("sizes", {})
        self.growth_sizes = list(self.sizes)
        self.growth_sizes[3] = int(growth.get("werewolf", self.sizes[3]))
        self.growth_sizes[4] = int(growth.get("witch", self.sizes[4]))
        self.harvest_souls = int(sp[self.spell_harvest].params.get("souls", 2))
        swap = sp[self.spell_swap].params
        self.swap_values = (int(swap.get("blood", 2)), int(swap.get("soul", 1)))
        self.zone_spells = [
            (
                s.index,
                b.zone_index(s.params["zone"]),
                int(s.params.get("ranks", 1)),
                tuple(int(s.params.get("tokens", {}).get(t, 0)) for t in TOKENS),
            )
            for s in sp
            if s.effect == "zone_bonus"
        ]
        self.spell_levels = [s.level for s in sp]
        self.spells_of_level = {
            level: tuple(s.index for s in sp if s.level == level) for level in (1, 2, 3)
        }
        # Zones: the three-player change drops the last of exactly three advantages.
        self.advantages = [
            z.advantages[:2] if n == 3 and len(z.advantages) == 3 else z.advantages for z in b.zones
        ]
        self.castle_zone = b.zone_index("Bloody Gen Castle")
        self.swamp_zone = b.zone_index("Rotten Swamp")
        self.form_bonus: list[list[tuple[int, ...] | None]] = [[None] * NZ for _ in range(NF)]
        for f in (HUMAN_FORM, DARK_HUNTER):
            for zone, tokens in (b.forms[f].params.get("bonus") or {}).items():
                self.form_bonus[f][b.zone_index(zone)] = tuple(
                    int(tokens.get(t, 0)) for t in TOKENS
                )
        wild = b.forms[5].params.get("bonus") or {}
        self.sell_bonus = [int(wild.get(t, 0)) for t in TOKENS]
        self.rat_markers = int(b.forms[1].params.get("markers", 3))
        self.bats_passes = int(b.forms[2].params.get("passes", 2))
        self.round_pool = b.round_pool["three_players" if n == 3 else "normal"]
        from tutor.games.creepy_falls.text import spell_text

        self.spell_texts = [spell_text(b, s.index) for s in sp]
        self._build_actions()

    def _build_actions(self) -> None:
        b = self.board
        n = self.num_players
        zn = b.zone_names
        un = b.units
        self.first_actions = [
            Action(CHANCE, "first", (p,), f"{self.player_names[p]} goes first") for p in range(n)
        ]
        self.die_actions = [
            Action(CHANCE, "die", (k,), f"The die shows {TOKEN_NAMES[k]}") for k in b.die_faces
        ]
        self.die_actions.sort()
        pool, castle = self.round_pool
        total = sum(pool)
        outcomes = []
        for c in range(min(castle, pool[0]) + 1):
            for a in range(min(castle - c, pool[1]) + 1):
                g = castle - c - a
                if g < 0 or g > pool[2]:
                    continue
                prob = comb(pool[0], c) * comb(pool[1], a) * comb(pool[2], g) / comb(total, castle)
                rest = (pool[0] - c, pool[1] - a, pool[2] - g)
                label = (
                    f"Castle: {c} Corpse, {a} Amulet, {g} Grimoire; "
                    f"Swamp: {rest[0]} Corpse, {rest[1]} Amulet, {rest[2]} Grimoire"
                )
                outcomes.append((Action(CHANCE, "round_tokens", (c, a, g), label), prob))
        outcomes.sort()
        self.token_outcomes = outcomes
        self.army_actions = [
            [
                Action(p, "army", (a.index,), f"Start with {a.name} ({self._army_text(a)})")
                for a in b.armies
            ]
            for p in range(n)
        ]
        self.form_actions = [
            [Action(p, "form", (f.index,), f"Take {form_title(f.name)}") for f in b.forms]
            for p in range(n)
        ]
        self.fog_actions = [
            [
                Action(p, "van_helsing", (z,), f"Move the Van Helsing die to {zn[z]}")
                for z in range(NZ)
            ]
            for p in range(n)
        ]
        self.rat_actions = [
            [Action(p, "rat", (z,), f"Put a Rat marker on {zn[z]}") for z in range(NZ)]
            for p in range(n)
        ]
        self.pass_actions = [
            Action(p, "pass", (), "Pass this placement turn (Cloud of Bats)") for p in range(n)
        ]
        self.keep_actions = [
            Action(p, "keep", (), "Leave your Ghouls where they are") for p in range(n)
        ]
        self.fox_actions = [
            [
                Action(p, "move_ghoul", (a, z), f"Move a Ghoul from {zn[a]} to {zn[z]}")
                for a in range(NZ)
                for z in range(NZ)
            ]
            for p in range(n)
        ]
        self.take_actions = [
            [
                Action(p, "take", (i,), f"Take {article(TOKEN_NAMES[k])} token")
                for i, k in enumerate(SELLABLE)
            ]
            for p in range(n)
        ]
        self.karloff_actions: list[list[list[Action]]] = []
        for p in range(n):
            per: list[list[Action]] = []
            for a in range(4):
                opts = [
                    Action(
                        p,
                        "karloff",
                        (a, 0, -1, -1),
                        f"Take \u201c{KARLOFF_TEXT[a]}\u201d only to keep it from the others",
                    )
                ]
                if a == 3:
                    for x, y in TOKEN_PAIRS:
                        what = (
                            f"2 {TOKEN_NAMES[x]}"
                            if x == y
                            else f"1 {TOKEN_NAMES[x]} and 1 {TOKEN_NAMES[y]}"
                        )
                        opts.append(
                            Action(p, "karloff", (a, 1, x, y), f"Destroy 1 Ghoul to get {what}")
                        )
                else:
                    text = KARLOFF_TEXT[a]
                    opts.append(Action(p, "karloff", (a, 1, -1, -1), text[0].upper() + text[1:]))
                per.append(opts)
            self.karloff_actions.append(per)
        self.destroy_actions = [
            [Action(p, "destroy", (t,), f"Destroy {article(un[t].name)}") for t in range(NU)]
            for p in range(n)
        ]
        self.buy_actions = [
            [
                Action(
                    p,
                    "buy",
                    (t,),
                    f"Buy {article(un[t].name)} for {self.costs[t]} {TOKEN_NAMES[self.pay[t]]}"
                    if self.pay[t] >= 0
                    else f"{un[t].name}s cannot be bought",
                )
                for t in range(NU)
            ]
            for p in range(n)
        ]
        self.done_buying = [Action(p, "done", (), "Finish buying") for p in range(n)]
        self.spell_actions = [
            [Action(p, "spell", (s.index,), f"Cast {s.name} (level {s.level})") for s in b.spells]
            for p in range(n)
        ]
        self.done_selling = [Action(p, "done", (), "Sell nothing (more)") for p in range(n)]
        self.sell_actions = [
            [
                Action(p, "sell", (k, c), f"Sell {c} {TOKEN_NAMES[k]} for Blood")
                for k in SELLABLE
                for c in range(1, 6)
            ]
            for p in range(n)
        ]
        self.place_cache: dict[tuple[int, ...], Action] = {}
        self.zone_cache: dict[tuple[int, ...], list[Action]] = {}

    def _ruling(self, rid: str) -> str:
        """The option this game plays for ruling ``rid``."""
        return self.rulings[rid]

    def _army_text(self, army: Any) -> str:
        units = [self.board.units[t].count(k) for t, k in enumerate(army.units) if k]
        tokens = [f"{k} {TOKEN_NAMES[i]}" for i, k in enumerate(army.tokens) if k]
        return ", ".join(units + tokens)

    def place_action(
        self,
        cache: dict[tuple[int, ...], Action],
        p: int,
        z: int,
        g: int,
        m: int,
        f: int,
        w: int,
        h: int,
    ) -> Action:
        """The labelled placement action (built once, then cached)."""
        key = (p, z, g, m, f, w, h)
        act = cache.get(key)
        if act is None:
            units = self.board.units
            parts = [units[t].count(k) for t, k in enumerate((g, m, f, w, h)) if k]
            what = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
            act = Action(
                p, "place", (z, g, m, f, w, h), f"Place {what} in {self.board.zone_names[z]}"
            )
            cache[key] = act
        return act

    # ------------------------------------------------------------------ the API
    @staticmethod
    def implemented_rules() -> set[str]:
        """Rule ids the engine's code cites, plus those it follows by its data model."""
        return cited_rule_ids(Path(__file__).parent, SPEC.rule_prefix) | set(DATA_MODEL_RULES)

    def new_state(self, seed: int | None = None, tracing: bool = True) -> CreepyFallsState:
        """Set up a new game: starting tokens and armies, tokens on the board, the die.

        Args:
            seed: the RNG seed; the same seed gives the same game.
            tracing: keep the explanation trace (off for fast bulk simulation).
        """
        s = CreepyFallsState(self, Rng(0 if seed is None else seed), tracing)
        n = self.num_players
        if n == 2:
            for name in (
                "Cemetery",
                "Shadow Forest",
                "Bloody Gen Castle",
                "The Dark Library",
                "Rotten Swamp",
            ):
                s.neutral[self.board.zone_index(name)] = 1
            if tracing:
                s._log(
                    "cf.9.1",
                    "Two-player game: the white Ghouls belong to nobody; one stands in the "
                    "Cemetery (zone 1), the Shadow Forest (2), the Castle (4), the Library (6) "
                    "and the Swamp (8).",
                )
        s._run()
        return s

    def check_invariants(self, state: Any, before: Any = None) -> list[str]:
        """Token and unit counts stay within the rules (see view.py)."""
        from tutor.games.creepy_falls.view import invariants

        return invariants(state, before)

    @property
    def state_schema(self) -> dict[str, Any]:
        """The JSON Schema of a saved state for this player count."""
        if self._state_schema is None:
            from tutor.games.creepy_falls.view import state_schema

            self._state_schema = state_schema(self)
        return self._state_schema

    def state_from_dict(self, data: dict[str, Any]) -> CreepyFallsState:
        """Rebuild a state saved with ``to_dict``.

        Raises:
            SessionFileError: naming the key path inside the state, what was expected
                and what was found.
        """
        from tutor.core.validation import check_trace

        if not isinstance(data, dict) or data.get("game") != "creepy_falls":
            found = short(data.get("game")) if isinstance(data, dict) else short(data)
            raise SessionFileError.at("<state>", "game", "'creepy_falls'", found)
        check_trace(
            data.get("trace"),
            self.num_players,
            "<state>",
            SessionFileError.at,
            "trace",
            rule_ok=self.rulebook.__contains__,
            phases=PHASE_TITLES,
        )
        try:
            return CreepyFallsState.from_dict(self, data)
        except (KeyError, TypeError, ValueError) as exc:
            raise SessionFileError.at(
                "<state>", "top level", "a saved Creepy Falls state", f"a bad {short(exc)}"
            ) from None

    def _apply_setup(self, state: Any, setup: dict[str, Any]) -> None:
        """Apply scenario ``setup`` keys (see docs/creepy_falls.md).

        Raises:
            ScenarioError: naming the key that cannot be applied.
        """
        from tutor.games.creepy_falls.scenario import apply_setup

        apply_setup(state, setup)


__all__ = ["DEFAULT_NAMES", "NS", "NT", "CreepyFallsGame"]
