"""The Manos game object: options (the standard rules), rulings, card data and the set-up.

``ManosGame`` is immutable once built.  ``new_state(seed)`` performs the set-up of the
rulebook with the seeded RNG (mn.2.1-mn.2.5, and for the standard rules mn.14.1 and
mn.15.1) and returns a state waiting for the Family's first draw.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tutor.core.data import files_stamp, rulesets_dir
from tutor.core.errors import SessionFileError
from tutor.core.game import Game
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook, cited_rule_ids
from tutor.core.validation import short
from tutor.games.manos import SPEC
from tutor.games.manos.cards import (
    FILES,
    HAND_DEAL,
    SEARCH_DECK_SIZE,
    SEARCH_PILE_ESCAPES,
    SEARCH_PILE_NO_PROGRESS,
    SEARCH_PILE_OTHERS,
    START,
    CardData,
)
from tutor.games.manos.engine.state import FAMILY, MANOS, ManosState
from tutor.games.manos.scenario import SETUP_SCHEMA

MODULES = ("police", "showdown")
"""The two standard rules, each an optional module on top of the starter rules."""

# Rules the engine follows through its data model rather than a trace line.
DATA_MODEL_RULES = {
    "mn.1.1": "player 0 is the Family (three characters), player 1 is Manos (engine/state.py)",
    "mn.1.2": "cards.CardData: the Manos Deck holds Challenge and Primal Darkness cards",
    "mn.1.3": "cards.CardData: the Family Deck holds Effort and Help cards",
    "mn.1.4": "Search, Police Event and Lair Showdown cards are separate decks in the state",
    "mn.12.2": "a character is present where State.loc says; searches use that Location",
    "mn.12.4": "challenge and played-card actions name their target character",
    "mn.12.7": "boosts are kept on the challenge frame, never on the stack as a played card",
}

_CARD_CACHE: dict[tuple[str, str], tuple[tuple[Any, ...], CardData]] = {}
_RULEBOOKS: dict[str, RuleBook] = {}


def _rulebook() -> RuleBook:
    key = str(rulesets_dir())
    if key not in _RULEBOOKS:
        _RULEBOOKS[key] = RuleBook("manos")
    return _RULEBOOKS[key]


def _card_data(deck: str | Path | None) -> CardData:
    folder = Path(deck) if deck else None
    key = (str(rulesets_dir()), str(deck or ""))
    stamp = files_stamp(folder or rulesets_dir() / "manos", FILES)
    cached = _CARD_CACHE.get(key)
    if cached is None or cached[0] != stamp:
        _CARD_CACHE[key] = cached = (stamp, CardData(folder))
    return cached[1]


def module_problem(players: int, modules: tuple[str, ...]) -> str:
    """Every combination of the two standard rules is valid (the spec checks the rest)."""
    return ""


class ManosGame(Game):
    """Manos: The Cards of Fate: the Family (player 0) against Manos (player 1).

    Args:
        players: always 2.
        modules: the standard rules to add: ``police`` and/or ``showdown``.
        rulings: house rules, ``{ruling_id: option}`` from ``rulings.yaml``.
        deck: a folder with your own ``cards.yaml`` and ``locations.yaml``.

    Raises:
        OptionError: for an unknown ruling or option.
        RulesetError: if a data file is broken.
    """

    spec = SPEC
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer"},
            "modules": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            "rulings": {"type": "object"},
            "deck": {"type": "string", "minLength": 1},
        },
    }
    setup_schema: ClassVar[dict[str, Any] | None] = SETUP_SCHEMA

    def __init__(
        self,
        players: int = 2,
        modules: list[str] | tuple[str, ...] = (),
        rulings: dict[str, Any] | None = None,
        deck: str | None = None,
    ) -> None:
        book = _rulebook()
        chosen = book.choose_rulings(rulings)
        options: dict[str, Any] = {"players": players}
        if modules:
            options["modules"] = sorted(modules)
        if rulings:
            options["rulings"] = {k: chosen[k] for k in rulings}
        if deck:
            options["deck"] = str(deck)
        super().__init__(book, options, players)
        self.rulings = chosen
        self.police = "police" in modules
        self.showdown = "showdown" in modules
        self.cards = _card_data(deck)
        cards = self.cards
        layout = self._ruling("location_pattern")
        squares = [loc.squares[layout] for loc in cards.locations]
        self.adjacent: list[list[int]] = [
            [j for j, (x2, y2) in enumerate(squares) if abs(x1 - x2) + abs(y1 - y2) == 1]
            for (x1, y1) in squares
        ]
        self.lair_needs = 3 if self._ruling("lair_entry") == "three" else 4
        self.escape_index = next(c.index for c in cards.search if c.kind == "escape")
        self._state_schema: dict[str, Any] | None = None
        # Actions are built once and reused (their labels depend only on their key).
        self.action_cache: dict[tuple[Any, ...], Any] = {}

    def _apply_setup(self, state: Any, setup: dict[str, Any]) -> None:
        """Apply scenario ``setup`` keys (docs/manos.md; tutor/games/manos/scenario.py).

        Raises:
            ScenarioError: naming the key that cannot be applied.
        """
        from tutor.games.manos.scenario import apply_setup

        apply_setup(state, setup)

    def _ruling(self, rid: str) -> str:
        """The option this game plays for ruling ``rid``."""
        return self.rulings[rid]

    @staticmethod
    def implemented_rules() -> set[str]:
        """Rule ids the engine's code cites, plus those it follows by its data model."""
        return cited_rule_ids(Path(__file__).parent, SPEC.rule_prefix) | set(DATA_MODEL_RULES)

    # ------------------------------------------------------------------ set-up
    def new_state(self, seed: int | None = None, tracing: bool = True) -> ManosState:
        """Set up a game as the rulebook says and advance to the first chance step.

        Args:
            seed: the RNG seed; the same seed and options give the same game.
            tracing: keep the explanation trace (off for bulk simulation).
        """
        rng = Rng(0 if seed is None else seed)
        s = ManosState(self, rng, tracing)
        cards = self.cards
        names = ", ".join(loc.name for loc in cards.locations)
        s.note("mn.2.1", f"The five Locations are laid out face up: {names}.")
        # Search Decks (mn.2.2).
        escape = self.escape_index
        no_progress = next(c.index for c in cards.search if c.kind == "no_progress")
        others = sorted(c.index for c in cards.search if c.kind == "other" for _ in range(c.copies))
        pile = [no_progress] * SEARCH_PILE_NO_PROGRESS + [escape] * SEARCH_PILE_ESCAPES
        rng.shuffle(others)
        pile += others[:SEARCH_PILE_OTHERS]
        s.search_removed = sorted(others[SEARCH_PILE_OTHERS:])
        rng.shuffle(pile)
        for d in range(4):
            s.search_decks[d] = sorted(pile[d * SEARCH_DECK_SIZE : (d + 1) * SEARCH_DECK_SIZE])
        s.lair_escape = True
        s.note(
            "mn.2.2",
            "One Escape card is placed face up by the Lair. Seven No Progress, three Escape "
            "and two other Search cards drawn unseen are shuffled and dealt into four "
            "3-card Search Decks beside the other Locations; the rest are removed unseen.",
        )
        s.loc = [START] * 3
        s.note("mn.2.3", "Michael, Margaret and Debbie start at the Lodge Interior.")
        s.decks[MANOS] = sorted(c.index for c in cards.manos for _ in range(c.copies))
        s.decks[FAMILY] = sorted(c.index for c in cards.family for _ in range(c.copies))
        if self.police:
            s.police_deck = sorted(c.index for c in cards.police for _ in range(c.copies))
            s.note(
                "mn.14.1",
                "The Police card is set out with three proximity tokens beside it "
                "(none on it) and the Police Event Deck is shuffled.",
            )
        if self.showdown:
            s.showdown_deck = sorted(c.index for c in cards.showdown for _ in range(c.copies))
            s.note("mn.15.1", "The Lair Showdown Deck is shuffled and placed by the Lair.")
        # The hands are dealt through chance steps (mn.2.4, mn.2.5), then the Family starts.
        from tutor.games.manos.engine.frames import DrawFrame

        s.stack = [DrawFrame(FAMILY, HAND_DEAL, "mn.2.5"), DrawFrame(MANOS, HAND_DEAL, "mn.2.4")]
        s.note("mn.3.1", "The Family always goes first.")
        s.side = FAMILY
        s.stack.insert(0, DrawFrame(FAMILY, 1, "mn.4.1"))
        s.note("mn.3.1", f"Round {s.round_no}: the Family turn begins once the hands are dealt.")
        s._run()
        return s

    # ------------------------------------------------------------------ checks
    def check_invariants(self, state: Any, before: Any = None) -> list[str]:
        """Card conservation, token limits, hand limits (see view.py)."""
        from tutor.games.manos.view import invariants

        return invariants(state)

    def hidden_variants(self, state: Any, player: int) -> list[tuple[str, Any]]:
        """Copies of ``state`` that differ only in what ``player`` cannot see."""
        from tutor.games.manos.view import hidden_variants

        return hidden_variants(state, player)

    def determinize(self, state: Any, player: int, rng: Rng) -> ManosState:
        """A copy with everything ``player`` cannot see dealt again at random.

        Raises:
            ValueError: if ``player`` is not 0 (Family) or 1 (Manos).
        """
        from tutor.games.manos.view import determinize

        return determinize(state, player, rng)

    @property
    def state_schema(self) -> dict[str, Any]:
        """The JSON Schema of a saved Manos state (see view.py)."""
        if self._state_schema is None:
            from tutor.games.manos.view import state_schema

            self._state_schema = state_schema(self)
        return self._state_schema

    def state_from_dict(self, data: dict[str, Any]) -> ManosState:
        """Rebuild a state saved with ``to_dict``.

        Raises:
            SessionFileError: naming the key path, what was expected and what was found.
        """
        from tutor.core.validation import check_trace
        from tutor.games.manos.engine.frames import frame_from_list
        from tutor.games.manos.engine.state import PHASE_TITLES

        if not isinstance(data, dict) or data.get("game") != "manos":
            found = short(data.get("game")) if isinstance(data, dict) else short(data)
            raise SessionFileError.at("<state>", "game", "'manos'", found)
        for i, frame in enumerate(data.get("stack") or []):
            try:
                frame_from_list(list(frame))
            except (ValueError, TypeError, IndexError) as exc:
                raise SessionFileError.at(
                    "<state>", f"stack[{i}]", "a pending step of Manos", short(str(exc))
                ) from None
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
            return ManosState.from_dict(self, data)
        except (KeyError, TypeError, ValueError) as exc:
            raise SessionFileError.at(
                "<state>", "top level", "a saved Manos state", f"a bad {short(exc)}"
            ) from None


__all__ = ["MODULES", "ManosGame", "module_problem"]
