"""The Mantis game object: options, rulings, the deck and the setup (mt.1, mt.2).

``MantisGame`` is immutable once built.  ``new_state(seed)`` shuffles (the draw pile is
the set of cards it holds, drawn from at random), deals four cards face up into each
tank one at a time in seat order, and starts the first player's turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tutor.core.data import rulesets_dir
from tutor.core.errors import OptionError, SessionFileError
from tutor.core.game import Game
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook
from tutor.core.types import TraceEntry
from tutor.core.validation import short
from tutor.games.mantis import SPEC
from tutor.games.mantis.deck import load_deck
from tutor.games.mantis.engine.notes import TANK_DEALT
from tutor.games.mantis.engine.state import PHASES, TANK_DEAL, MantisState, Rules
from tutor.games.mantis.scenario import SETUP_SCHEMA

DEFAULT_NAMES = ("Ava", "Ben", "Cleo", "Dev", "Eli", "Fin")
MAX_LIVES = 9
_RULEBOOKS: dict[str, RuleBook] = {}


def _rulebook() -> RuleBook:
    key = str(rulesets_dir())
    if key not in _RULEBOOKS:
        _RULEBOOKS[key] = RuleBook("mantis")
    return _RULEBOOKS[key]


class MantisGame(Game):
    """Mantis for 2 to 6 players.

    Args:
        players: how many play (2 to 6).
        rulings: house rules, ``{ruling_id: option}`` from ``rulings.yaml``.
        names: the players' names, in seat order.
        lives: the limited-lives variant: each player's lives (0: not played).
        power_token: play with the Power Token promo (not part of the base rules).

    Raises:
        OptionError: for a bad player count, names, lives or ruling.
        RulesetError: if the deck file is broken.
    """

    spec = SPEC
    setup_schema: ClassVar[dict[str, Any] | None] = SETUP_SCHEMA
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer"},
            "modules": {"type": "array", "maxItems": 0},
            "rulings": {"type": "object"},
            "names": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 24},
                "uniqueItems": True,
            },
            "lives": {"type": "integer", "minimum": 0, "maximum": MAX_LIVES},
            "power_token": {"type": "boolean"},
        },
    }

    def __init__(
        self,
        players: int = 4,
        modules: list[str] | tuple[str, ...] = (),
        rulings: dict[str, Any] | None = None,
        names: list[str] | tuple[str, ...] | None = None,
        lives: int = 0,
        power_token: bool = False,
    ) -> None:
        low, high = SPEC.players
        if not low <= players <= high:
            raise OptionError(f"Mantis is played by {low} to {high} players, not {players}")
        if modules:
            raise OptionError(f"Mantis has no modules (got {list(modules)})")
        chosen_names = tuple(names) if names else DEFAULT_NAMES[:players]
        if len(chosen_names) != players or len(set(chosen_names)) != players:
            raise OptionError(
                f"names must be {players} different names, got {short(list(chosen_names))}"
            )
        if not 0 <= lives <= MAX_LIVES:
            raise OptionError(f"lives must be from 0 (not played) to {MAX_LIVES}, got {lives}")
        book = _rulebook()
        chosen = book.choose_rulings(rulings)
        options: dict[str, Any] = {"players": players}
        if rulings:
            options["rulings"] = {k: chosen[k] for k in rulings}
        if names:
            options["names"] = list(chosen_names)
        if lives:
            options["lives"] = lives
        if power_token:
            options["power_token"] = True
        super().__init__(book, options, players)
        self.rulings = chosen
        self.player_names = chosen_names
        self.deck = load_deck()
        self.lives = lives
        self.power_token = power_token
        self.engine_rules = Rules(
            players,
            list(chosen_names),
            self.deck,
            self._ruling("failed_steal") == "target_tank",
            self._ruling("shared_win") == "shared",
            lives,
            self._ruling("lives_lost") == "any_way",
            power_token,
            players - 1 if self._ruling("power_token_start") == "last_seat" else 0,
        )
        self._state_schema: dict[str, Any] | None = None
        self._opening = self._opening_entries()

    def _ruling(self, rid: str) -> str:
        return self.rulings[rid]

    # ------------------------------------------------------------------ setup
    def _opening_entries(self) -> tuple[list[TraceEntry], list[TraceEntry]]:
        """The setup's trace entries before and after the tanks are dealt (mt.1, mt.2).

        They are the same in every game with these options, so they are written once
        here (entries are immutable); each tank's deal is a note of the state's own.
        """
        rules = self.engine_rules
        table = self.deck
        names = self.player_names

        def line(rule: str, text: str, kind: str, actor: int | None = None) -> TraceEntry:
            return TraceEntry(rule, text, actor, kind, (), None, "", 0, "setup")

        opening = [
            line(
                "mt.1.1",
                f"The deck: {table.size} cards in {table.colours} colours, each card a "
                "three-colour back and a face of one of them.",
                "info",
            ),
            line("mt.1.2", f"{len(names)} players, in seat order: {', '.join(names)}.", "info"),
            line("mt.2.1", "The deck is shuffled face down: it is the draw pile.", "auto"),
        ]
        after_deal = [
            line("mt.2.3", "Every score pile starts empty, face down.", "auto"),
            line(
                "mt.9.1",
                "Tanks lie face up for everyone to see; each player knows their own scored "
                "cards but only the size of the other score piles.",
                "info",
            ),
        ]
        if rules.lives:
            after_deal.append(
                line(
                    "mt.7.1",
                    f"Limited lives: everyone has {rules.lives} "
                    f"li{'ves' if rules.lives > 1 else 'fe'}.",
                    "auto",
                )  # fmt: skip
            )
        if rules.token:
            holder = rules.token_start
            after_deal.append(
                line(
                    "mt.8.1",
                    "The Power Token (a promo, not part of the base rules) starts with "
                    f"{names[holder]}.",
                    "auto",
                    holder,
                )
            )
        after_deal.append(
            line("mt.2.4", f"{names[0]} goes first; turns pass clockwise in seat order.", "auto", 0)
        )
        return opening, after_deal

    def new_state(self, seed: int | None = None, tracing: bool = True) -> MantisState:
        """Shuffle, deal four cards into each tank and start the first turn (mt.2).

        Args:
            seed: the RNG seed; the same seed and options give the same game.
            tracing: keep the explanation trace (off for fast bulk simulation).
        """
        rules = self.engine_rules
        rng = Rng(0 if seed is None else seed)
        s = MantisState(self, rules, rng, tracing)
        table = self.deck
        pile = list(range(table.size))
        n = self.num_players
        tanks = s.tanks
        for _ in range(TANK_DEAL):
            for p in range(n):
                tanks[p].append(pile.pop(rng.below(len(pile))))
        s.pile = pile
        if rules.token:
            s.holder = rules.token_start
        if tracing:
            opening, after_deal = self._opening
            for entry in opening:
                s._tell(entry)
            for p in range(n):
                s._note((TANK_DEALT, 0, p, *tanks[p]))
            for entry in after_deal:
                s._tell(entry)
        s.start_turn()
        return s

    # ------------------------------------------------------------------ hooks
    def check_invariants(self, state: Any, before: Any = None) -> list[str]:
        """Card conservation, the turn's steps, scores, lives and the token (view.py)."""
        from tutor.games.mantis.view import invariants

        return invariants(state, before)

    def hidden_variants(self, state: Any, player: int) -> list[tuple[str, Any]]:
        """Copies of ``state`` differing only in cards ``player`` cannot see."""
        from tutor.games.mantis.view import hidden_variants

        return list(hidden_variants(state, player))

    def determinize(self, state: Any, player: int, rng: Rng) -> MantisState:
        """A copy of ``state`` with the cards ``player`` cannot see dealt again.

        Raises:
            ValueError: if ``player`` is not a player of the game.
        """
        from tutor.games.mantis.view import determinize

        return determinize(state, player, rng)

    @property
    def state_schema(self) -> dict[str, Any]:
        """The JSON Schema of a saved Mantis state for this deck and player count."""
        if self._state_schema is None:
            from tutor.games.mantis.saved import state_schema

            self._state_schema = state_schema(self)
        return self._state_schema

    def state_from_dict(self, data: dict[str, Any]) -> MantisState:
        """Rebuild a state saved with ``to_dict`` (checked against :attr:`state_schema`).

        Raises:
            SessionFileError: naming the key path inside the state, what was expected
                and what was found.
        """
        from tutor.core.validation import check_schema, check_trace

        if not isinstance(data, dict) or data.get("game") != "mantis":
            found = short(data.get("game")) if isinstance(data, dict) else short(data)
            raise SessionFileError.at("<state>", "game", "'mantis'", found)
        check_schema(data, self.state_schema, "<state>", SessionFileError.at, remember=False)
        check_trace(
            data["trace"],
            self.num_players,
            "<state>",
            SessionFileError.at,
            "trace",
            rule_ok=self.rulebook.__contains__,
            phases=[key for key, _ in PHASES],
        )
        state = MantisState(self, self.engine_rules, Rng(0), True)
        state.load(data)
        return state

    def _apply_setup(self, state: Any, setup: dict[str, Any]) -> None:
        """Apply scenario ``setup`` keys (see docs/mantis.md).

        Raises:
            ScenarioError: naming the key that cannot be applied.
        """
        from tutor.games.mantis.scenario import apply_setup

        if setup:
            apply_setup(state, setup)

    @staticmethod
    def implemented_rules() -> set[str]:
        """Rule ids the package's code cites."""
        from tutor.core.rules import cited_rule_ids

        return cited_rule_ids(Path(__file__).parent, SPEC.rule_prefix)


__all__ = ["DEFAULT_NAMES", "MantisGame"]
