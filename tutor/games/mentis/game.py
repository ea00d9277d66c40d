"""The Mentis game object: options (the Wolf module, memory, house rules), setup, saving.

``MentisGame`` is immutable once built: it reads the rule book, turns the chosen
rulings into the tile table the engine consults, and builds the few actions that never
change.  ``new_state`` places both Kings on the middle of their Hills and puts the other
tiles in hand (me.1.1-me.1.4).  Scenario ``setup`` keys are documented in docs/mentis.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tutor.core.data import rulesets_dir
from tutor.core.errors import OptionError, SessionFileError
from tutor.core.game import Game
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook, cited_rule_ids
from tutor.core.types import Action
from tutor.core.validation import short
from tutor.games.mentis import SPEC
from tutor.games.mentis.engine.board import KING, KING_START, STARTING_HAND, WOLF, square_name
from tutor.games.mentis.engine.state import PHASES, MentisState
from tutor.games.mentis.engine.tiles import tile_table
from tutor.games.mentis.scenario import SETUP_SCHEMA

if TYPE_CHECKING:
    from librt.vecs import vec
    from mypy_extensions import i64

MEMORIES = ("perfect", "tops")
OFFERS_FROM = 30
"""The round from which a draw may be offered (ruling draw_offer)."""
MOVE_CAPS = {"off": 0, "after_30_rounds": 30, "after_100_rounds": 100}

# Rules the engine follows through its data model rather than a line of the trace.
DATA_MODEL_RULES = {
    "me.1.2": "board.STARTING_HAND, KING_START: a King on the Hill, three of each kind in hand",
    "me.2.2": "State.stacks: a square holds one player's tiles, bottom first, at most three",
    "me.2.3": "view.py shows the top tile and the height; what is under it only as remembered",
    "me.8.6": "tiles.TileTable: the Wolf is immune to nothing and blocks nothing",
}
_RULEBOOKS: dict[str, RuleBook] = {}


def _rulebook() -> RuleBook:
    key = str(rulesets_dir())
    if key not in _RULEBOOKS:
        _RULEBOOKS[key] = RuleBook("mentis")
    return _RULEBOOKS[key]


def full_set(wolf: bool) -> list[int]:
    """Each player's tiles by kind: one King, three of each other kind, a Wolf with the module."""
    counts = list(STARTING_HAND)
    counts[KING] = 1
    counts[WOLF] = 1 if wolf else 0
    return counts


class MentisGame(Game):
    """Mentis for two players.

    Args:
        players: must be 2.
        modules: ``["wolf"]`` adds the Wolf expansion tile to each hand.
        rulings: house rules, ``{ruling_id: option}`` from rulesets/mentis/rulings.yaml.
        memory: ``"perfect"`` (default: a player remembers every tile they were shown) or
            ``"tops"`` (a player forgets the opponent's tiles once they are covered).

    Raises:
        OptionError: for another player count, an unknown module, ruling or memory.
    """

    spec = SPEC
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer"},
            "modules": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            "rulings": {"type": "object"},
            "memory": {"enum": list(MEMORIES)},
        },
    }
    setup_schema: ClassVar[dict[str, Any] | None] = SETUP_SCHEMA

    def __init__(
        self,
        players: int = 2,
        modules: list[str] | tuple[str, ...] = (),
        rulings: dict[str, Any] | None = None,
        memory: str = "perfect",
    ) -> None:
        if players != 2:
            raise OptionError(f"Mentis is played by 2 players, not {players}")
        unknown = [m for m in modules if m != "wolf"]
        if unknown:
            raise OptionError(f"Mentis has no module {unknown[0]!r} (modules: wolf)")
        if memory not in MEMORIES:
            raise OptionError(f"memory must be one of {', '.join(MEMORIES)}, not {short(memory)}")
        book = _rulebook()
        chosen = book.choose_rulings(rulings)
        options: dict[str, Any] = {"players": players}
        if modules:
            options["modules"] = list(modules)
        if rulings:
            options["rulings"] = {k: chosen[k] for k in rulings}
        if memory != "perfect":
            options["memory"] = memory
        super().__init__(book, options, players)
        self.rulings = chosen
        self.wolf = "wolf" in modules
        self.memory = memory
        self.forget_covered = memory == "tops"
        self.table = tile_table(
            self._ruling("tile_table"), self._ruling("immunity"), self._ruling("straight_move")
        )
        self.pick_up = self._ruling("pick_up") == "carry_and_pick_up"
        self.move_cap = MOVE_CAPS[self._ruling("move_cap")]
        self.offers_from = 1 if self._ruling("draw_offer") == "any_time" else OFFERS_FROM
        self.full_set = full_set(self.wolf)
        # A tile's moves (as ranks, with the square they were found for) by the contents
        # of the squares it can reach, by their offsets (movement.rank_table).
        self.move_cache: dict[bytes, tuple[int, vec[i64]]] = {}
        # The same as actions of one player (movement.tile_moves: the flat listing).
        self.move_action_cache: dict[bytes, list[Action]] = {}
        self.offer = [Action(p, "offer_draw", (), "Offer a draw") for p in range(2)]
        self.accept = [Action(p, "accept_draw", (), "Accept the draw") for p in range(2)]
        self.decline = [Action(p, "decline_draw", (), "Decline the draw") for p in range(2)]

    def _ruling(self, rid: str) -> str:
        """The option chosen for ruling ``rid`` (a house rule, else its default)."""
        return self.rulings[rid]

    @staticmethod
    def implemented_rules() -> set[str]:
        """Rule ids the package's code cites, plus those it follows by its data model."""
        return cited_rule_ids(Path(__file__).parent, SPEC.rule_prefix) | set(DATA_MODEL_RULES)

    # ---- setup ---------------------------------------------------------------------
    def new_state(self, seed: int | None = None, tracing: bool = True) -> MentisState:
        """Place the Kings, fill the hands, Blue to move (me.1.1-me.1.4).

        Args:
            seed: the RNG seed (Mentis has no chance: it only seeds what bots draw).
            tracing: keep the explanation trace.
        """
        s = MentisState(self, Rng(0 if seed is None else seed), tracing)
        for p in range(2):
            s.stacks[KING_START[p]] = [KING]
            s.known[KING_START[p]] = [3]
            s.owner[KING_START[p]] = p
            s.hands[p] = list(self.full_set)
            s.hands[p][KING] = 0
        s.board_changed()
        s.history[s.position_key()] = 1
        if tracing:
            s.log(
                "me.1.1",
                "The 7x7 board is laid out; each player's Hill is the middle three squares of "
                "their home row (Blue: c1-e1, Red: c7-e7).",
            )
            s.log(
                "me.1.2",
                "Each player has a King, 3 Spears, 3 Trenchmen and 3 Nobles"
                + (", and the Wolf (expansion)." if self.wolf else "."),
            )
            if self.wolf:
                s.log("me.8.1", "The Wolf expansion is in play: each hand also holds a Wolf.")
            s.log(
                "me.1.3",
                "Both Kings start on the middle square of their Hill (d1 and d7); every other "
                "tile starts in its owner's hand, hidden from the opponent.",
                sets=" ".join(f"stack/{square_name(q)}" for q in KING_START),
            )
            s.log("me.1.4", "Blue takes the first turn.")
            s.mark_position(s.position_key())  # the start counts for repetition (me.7.2)
        return s

    # ---- invariants and hidden information (view.py) -----------------------------
    def check_invariants(self, state: Any, before: Any = None) -> list[str]:
        """Tile conservation, stack limits, the Hills, knowledge bits (see view.py)."""
        from tutor.games.mentis.view import invariants

        return invariants(self, state)

    def hidden_variants(self, state: Any, player: int) -> list[tuple[str, Any]]:
        """Copies differing only in the opponent's tiles ``player`` does not know."""
        from tutor.games.mentis.view import hidden_variants

        return hidden_variants(state, player)

    def determinize(self, state: Any, player: int, rng: Rng) -> MentisState:
        """A copy with the opponent's unknown tiles (hand, forgotten ones) dealt again.

        Raises:
            ValueError: if ``player`` is not 0 or 1.
        """
        from tutor.games.mentis.view import determinize

        return determinize(state, player, rng)

    # ---- saving ---------------------------------------------------------------------
    @property
    def state_schema(self) -> dict[str, Any]:
        """The JSON Schema of a saved Mentis state."""
        from tutor.games.mentis.view import state_schema

        return state_schema()

    def state_from_dict(self, data: dict[str, Any]) -> MentisState:
        """Rebuild a saved state; the invariants run after it (``check_state``).

        Raises:
            SessionFileError: naming the key path that is wrong.
        """
        from tutor.core.validation import check_trace

        if not isinstance(data, dict) or data.get("game") != "mentis":
            found = short(data.get("game")) if isinstance(data, dict) else short(data)
            raise SessionFileError.at("<state>", "game", "'mentis'", found)
        check_trace(
            data.get("trace"),
            2,
            "<state>",
            SessionFileError.at,
            "trace",
            rule_ok=self.rulebook.__contains__,
            phases=PHASES,
        )
        try:
            return MentisState.from_dict(self, data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SessionFileError.at(
                "<state>", "top level", "a saved Mentis state", f"a bad {short(exc)}"
            ) from None

    # ---- scenarios --------------------------------------------------------------------
    def _apply_setup(self, state: Any, setup: dict[str, Any]) -> None:
        """Apply scenario ``setup`` keys (board, hands, to_move, turn); see docs/mentis.md.

        Raises:
            ScenarioError: naming the key that cannot be applied.
        """
        from tutor.games.mentis.scenario import apply_setup

        apply_setup(self, state, setup)


__all__ = ["MEMORIES", "MentisGame", "full_set"]
