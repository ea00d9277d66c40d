"""The Mantis Falls game object: options, rulings, card data and setup (topics 5-6).

``MantisFallsGame`` is immutable once built; ``new_state(seed)`` performs the setup of
topics 5 and 6 with the seeded RNG and returns a state waiting for the first
decision.  ``apply_setup`` applies the documented scenario keys (docs/mantis_falls.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tutor.core.data import files_stamp, rulesets_dir
from tutor.core.errors import OptionError, SessionFileError
from tutor.core.game import Game
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook, cited_rule_ids
from tutor.core.types import CHANCE, Action
from tutor.core.validation import short
from tutor.games.mantis_falls import SPEC
from tutor.games.mantis_falls.cards import (
    FILES,
    FIRST_CHARACTER,
    MODULE_FILES,
    ROAD_ROWS,
    URBANITE_CARDS,
    CardData,
)
from tutor.games.mantis_falls.modules import seat_tables
from tutor.games.mantis_falls.rose_cards import RoseData
from tutor.games.mantis_falls.scenario import SETUP_SCHEMA
from tutor.games.mantis_falls.state import END, MantisFallsState

DEFAULT_NAMES = ("Jack", "Jill")
THREE_NAMES = ("Jack", "Jill", "June")
"""The default names of a three-player game's players (seats in clockwise order)."""


# Rules the engine follows through its data model rather than a step that writes a trace
# line; each says where.  `tutor rules mantis_falls --coverage` counts them as implemented.
DATA_MODEL_RULES = {
    "mf.4.1": "modules.module_problem refuses only Triad's player count (mf.4.2); CardData "
    "and the setup add every chosen module's cards in one game, in the spec's module order",
    "mf.1.1": "cards.CardData checks the deck: two Call in a Hit and five more Midnight cards",
    "mf.1.2": "cards.CardData checks the roads: one start, one end, region roads for each row",
    "mf.1.3": "each player's piece, wound marker and gasp marker are State.pos/wounds/gasps",
    "mf.12.4": "legality of an action play never depends on whether its effects will do anything",
    "mf.12.8": "effects are data; an effect's heading (label) is display text the engine ignores",
    "mf.14.1": "allies are gained only by take_ally effects of actions/events and the setup draw",
    "mf.21.1": "cards.CardData puts Full Circle's actions, allies and characters after the "
    "base cards of each deck (MODULE_FILES), so the setup deals and shuffles them with them",
    "mf.16.1": "wounds are a running total in State.wounds, changed only by wound and heal",
    "mf.22.3": "Triad's rules are the three-player entries (mf.2.6, 5.12-5.13, 7, 9, 13.4, 20.7-8)",
    "mf.qr.1": "restates topic 8 (turn sequence), implemented by mf.8.1-mf.8.12",
    "mf.qr.2": "restates topic 17 (Last Gasps), implemented by mf.17.1-mf.17.7",
    "mf.qr.3": "restates topics 18 and 20 (game end and victory), implemented there",
}


def _walk(roots: list[tuple[tuple[Any, ...], Any]]) -> dict[tuple[Any, ...], Any]:
    """Every list and mapping under ``roots`` by its path (``("action", 12, "effects")``)."""
    table: dict[tuple[Any, ...], Any] = {}
    todo = roots[:]
    while todo:
        path, node = todo.pop()
        table[path] = node
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, dict | list):
                todo.append(((*path, key), value))
    return table


def _card_paths(cards: Any) -> dict[tuple[Any, ...], Any]:
    """Every list and mapping in the card data by its path (``("action", 12, "effects")``)."""
    return _walk(
        [
            ((kind, card.index), card.raw)
            for kind, deck in (
                ("action", cards.actions),
                ("event", cards.events),
                ("ally", cards.allies),
            )
            for card in deck
        ]
    )


def _rose_paths(rose: RoseData) -> dict[tuple[Any, ...], Any]:
    """Every list and mapping of the Sky cards by path (``("agent", 1, "redeem", 0, ...)``)."""
    return _walk([(("agent", sky.index), sky.raw) for sky in rose.skies])


# Both caches are keyed by the rulesets folder too, so a TUTOR_RULESETS set after the
# first load is honoured (and a broken file there is reported, not masked by the cache).
# A deck is kept with the stamp of its files: a card file edited since is read again.
_CARD_CACHE: dict[tuple[str, str, tuple[str, ...]], tuple[tuple[Any, ...], CardData]] = {}
_RULEBOOKS: dict[str, RuleBook] = {}


def _rulebook() -> RuleBook:
    key = str(rulesets_dir())
    if key not in _RULEBOOKS:
        _RULEBOOKS[key] = RuleBook("mantis_falls")
    return _RULEBOOKS[key]


def _card_data(deck: str | Path | None, modules: tuple[str, ...] = ()) -> CardData:
    folder = Path(deck) if deck else None
    with_files = tuple(m for m in MODULE_FILES if m in modules)
    key = (str(rulesets_dir()), str(deck or ""), with_files)
    names = [*FILES, *(MODULE_FILES[m][0] for m in with_files)]
    stamp = files_stamp(folder or rulesets_dir() / "mantis_falls", names)
    if folder and with_files:  # a module file the folder lacks comes from the project
        stamp += files_stamp(rulesets_dir() / "mantis_falls", names[len(FILES) :])
    cached = _CARD_CACHE.get(key)
    if cached is None or cached[0] != stamp:
        _CARD_CACHE[key] = cached = (stamp, CardData(folder, with_files))
    return cached[1]


class MantisFallsGame(Game):
    """Mantis Falls: two players, or three with the Triad module; Full Circle, Under the Rose.

    Args:
        players: number of players, 2 or 3 (3 needs the Triad module, topic 22).
        modules: add-on modules (``"triad"``, ``"full_circle"``, ``"under_the_rose"``; see
            ``SPEC.modules``).
        rulings: house rules, ``{ruling_id: option}`` from ``rulings.yaml``.
        names: the players' display names.
        deck: a folder with your own card files in the same schema.

    Raises:
        OptionError: for unsupported players/modules or an unknown ruling option.
        RulesetError: if a data file is broken.
    """

    spec = SPEC
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer"},
            "modules": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            # Each ruling's options come from rulings.yaml: RuleBook.choose_rulings checks
            # keys and values, naming the ruling and the options it offers.
            "rulings": {"type": "object"},
            "names": {
                "type": "array",
                "items": {"type": "string", "minLength": 1},
                "uniqueItems": True,
            },
            "deck": {"type": "string", "minLength": 1, "format": "path"},
        },
    }
    setup_schema: ClassVar[dict[str, Any] | None] = SETUP_SCHEMA

    def __init__(
        self,
        players: int = 2,
        modules: list[str] | tuple[str, ...] = (),
        rulings: dict[str, Any] | None = None,
        names: list[str] | tuple[str, ...] | None = None,
        deck: str | None = None,
    ) -> None:
        SPEC.check_players_and_modules(players, tuple(modules))
        # Modules in the spec's order, so the same set always deals the same deck.
        modules = tuple(m for m in SPEC.modules if m in modules)
        names = tuple(names) if names else (DEFAULT_NAMES if players == 2 else THREE_NAMES)
        if len(names) != players or len(set(names)) != players:
            raise OptionError(f"names must be {players} different names, got {short(list(names))}")
        book = _rulebook()
        chosen = book.choose_rulings(rulings)
        options: dict[str, Any] = {"players": players}
        if modules:
            options["modules"] = list(modules)
        if rulings:
            options["rulings"] = {k: chosen[k] for k in rulings}
        if names not in (DEFAULT_NAMES, THREE_NAMES):
            options["names"] = list(names)
        if deck:
            options["deck"] = str(deck)
        super().__init__(book, options, players)
        self.rulings = chosen
        self.player_names = names
        self.modules = modules
        self.full_circle = "full_circle" in modules
        self.cards = _card_data(deck, modules)
        # Every node of the card data by its path, so resolve() only reads (frames name
        # effect lists by path).
        self._resolved = _card_paths(self.cards)
        # Under the Rose (topic 23): its cards, its tables, and its effects by path.
        self.under_the_rose = "under_the_rose" in modules
        self.rose: RoseData | None = self.cards.rose
        if self.rose is not None:
            self.rose.check_players(players)
            self._resolved.update(_rose_paths(self.rose))
        self._state_schema: dict[str, Any] | None = None
        # The main-play choices depend only on the card: build them once (speed).
        # Seats (topic 7): each turn player's active pair, bystander and successor.
        self.turn_pairs, self.bystanders, self.next_player = seat_tables(
            players, self._ruling("triad_partner")
        )
        self.main_play_actions = [
            [
                (
                    Action(p, "play", (c.index,), f"Start an action play with {c.label}"),
                    Action(p, "conserve", (c.index,), f"Conserve energy with {c.label}"),
                    Action(p, "discard", (c.index,), f"Discard {c.label}"),
                )
                for c in self.cards.actions
            ]
            for p in range(players)
        ]
        self.do_nothing = [Action(p, "nothing", (), "Do nothing") for p in range(players)]
        # More choices and per-card data built once for the engine's hot path (speed):
        # adding to an action play, discarding a second card, chance outcomes.
        actions, events = self.cards.actions, self.cards.events
        self.add_to_play = [
            [Action(p, "play", (c.index,), f"Add {c.label} to the action play") for c in actions]
            for p in range(players)
        ]
        self.discard_more = [
            [Action(p, "discard", (c.index,), f"Also discard {c.label}") for c in actions]
            for p in range(players)
        ]
        self.stop_discarding = [Action(p, "finish", (), "Stop discarding") for p in range(players)]
        self.chance_draw = [
            Action(CHANCE, "draw_card", (c.index,), f"Draw {c.label}") for c in actions
        ]
        self.chance_discard = [
            Action(CHANCE, "random_discard", (c.index,), f"Discard {c.label} at random")
            for c in actions
        ]
        self.chance_bury = [
            Action(CHANCE, "bury_card", (c.index,), f"Bury {c.label}") for c in actions
        ]
        self.chance_event = {
            kind: [Action(CHANCE, kind, (e.index,), f"Event: {e.name}") for e in events]
            for kind in ("draw_event", "top_event")
        }
        self.suits = [c.suit for c in actions]
        self.broken_roads = [r.index for r in self.cards.roads if r.broken]
        self.pass_action = [Action(p, "pass", (), "Pass (use nothing now)") for p in range(players)]
        # An ally's effect block by name (the first card of that name, as the rules read it).
        self.ally_blocks: dict[str, dict[str, Any]] = {}
        for ally in self.cards.allies:
            self.ally_blocks.setdefault(ally.name, ally.effect)
        # Which conditions and allies have an any-time effect at all (any-time windows
        # with nothing to offer are skipped).
        self.anytime_conditions = frozenset(
            c.index for c in actions if (c.condition or {}).get("anytime")
        )
        self.anytime_allies = frozenset(
            name for name, block in self.ally_blocks.items() if block.get("anytime")
        )
        self.anytime_ally_cards = frozenset(
            a.index for a in self.cards.allies if a.name in self.anytime_allies
        )
        # The card pools of the setup (topic 5), in card order; new_state copies them.
        roads = self.cards.roads
        # The Midnight cards dealt one to each player: both Call in a Hit (mf.5.5), and
        # with three players The Pact too (mf.5.12).
        hits = [c.index for c in actions if "call_in_a_hit" in c.tags or "pact" in c.tags]
        self.setup_pools: dict[str, Any] = {
            "start": next(r.index for r in roads if r.region == "start"),
            "end": next(r.index for r in roads if r.region == "end"),
            **{region: [r.index for r in roads if r.region == region] for region in ROAD_ROWS},
            "hits": hits,
            "midnight": [c.index for c in actions if c.suit == "midnight" and c.index not in hits],
            "rest": [c.index for c in actions if c.suit != "midnight"],
            "allies": sorted(a.index for a in self.cards.allies),
            "events": sorted(e.index for e in events),
        }
        # Full Circle (topic 21): the character cards dealt face down (the base box's
        # Urbanites too, unless ruling full_circle_urbanites leaves them out), and the
        # afflictions, which no effect can remove (mf.13.2).
        characters = self.cards.character_cards
        urbanite = next(i for i, c in enumerate(characters) if c.id == FIRST_CHARACTER)
        self.urbanite = urbanite
        self.character_pool: list[int] = []
        if self.full_circle:
            if self._ruling("full_circle_urbanites") == "shuffled_in":
                self.character_pool += [urbanite] * URBANITE_CARDS
            self.character_pool += [i for i, c in enumerate(characters) if c.module]
            if len(self.character_pool) < players:
                raise OptionError(
                    f"Full Circle needs a character card for each of the {players} players; "
                    f"the deck has {len(self.character_pool)}"
                )
        self.afflictions = frozenset(c.index for c in actions if c.affliction)
        # Lasting effects' passive numbers by card and by ally name (speed).
        self.condition_passive: list[dict[str, int]] = [
            {k: int(v) for k, v in ((c.condition or {}).get("passive") or {}).items()}
            for c in actions
        ]
        self.ally_passive: dict[str, dict[str, int]] = {
            name: {k: int(v) for k, v in (block.get("passive") or {}).items()}
            for name, block in self.ally_blocks.items()
        }
        # Action cards (as conditions) and ally cards whose lasting effect sets a hand size.
        self.hand_size_conditions = frozenset(
            c.index for c in actions if "hand_size" in self.condition_passive[c.index]
        )
        self.hand_size_allies = frozenset(
            a.index for a in self.cards.allies if "hand_size" in self.ally_passive[a.name]
        )
        # What ally cards and roads say, by card number (completing allies, phones).
        self.ally_names = [a.name for a in self.cards.allies]
        self.ally_requirements = {a.name: a.requirement for a in self.cards.allies}
        self.phone_roads = frozenset(r.index for r in roads if r.phone)
        # Labelled choices that depend on a little of the state, all built here, so that
        # states only ever read the game: finishing an action play of k cards, drawing
        # from Conserved Energy or the pile, paying for an any-time effect, and moving d
        # roads onto a road that is shown or still face down.
        labels = self.cards.labels
        self.finish_play = [
            [
                Action(p, "finish", (), f"Finish the action play ({k} card{'s' * (k > 1)})")
                for k in range(len(actions) + 1)
            ]
            for p in range(players)
        ]
        self.draw_conserved = [
            [
                Action(
                    p, "draw_conserved", (c.index,), f"Take {labels[c.index]} from Conserved Energy"
                )
                for c in actions
            ]
            for p in range(players)
        ]
        self.draw_pile = [
            Action(p, "draw_pile", (), "Draw from the action draw pile") for p in range(players)
        ]
        self.anytime_actions = self._anytime_actions(players)
        self.move_actions = self._move_actions(players)

    def _ruling(self, rid: str) -> str:
        return str(self.rulings[rid])

    def _anytime_actions(self, players: int) -> dict[tuple[int, str, int, int], Action]:
        """Each way to use an any-time effect: (player, source, card, card paid or -1)."""
        actions = self.cards.actions
        table: dict[tuple[int, str, int, int], Action] = {}
        sources: list[tuple[str, int, str, dict[str, Any]]] = [
            ("cond", c, actions[c].name, (actions[c].condition or {})["anytime"])
            for c in sorted(self.anytime_conditions)
        ]
        sources += [
            (
                "ally",
                a,
                self.cards.allies[a].name,
                self.ally_blocks[self.cards.allies[a].name]["anytime"],
            )
            for a in sorted(self.anytime_ally_cards)
        ]
        for src, idx, name, block in sources:
            cost, label = block["cost"], block.get("label", "use")
            if "discard_tag" in cost:
                pays = [
                    (c.index, f"discard {c.name}") for c in actions if cost["discard_tag"] in c.tags
                ]
            elif cost.get("discard_self"):
                pays = [(-1, "discard it" if src == "cond" else "return the ally to the deck")]
            else:
                pays = [(-1, "once per turn")]
            for p in range(players):
                for pay, paid in pays:
                    text = f"{name}: {label} ({paid})"
                    table[p, src, idx, pay] = Action(p, "anytime", (src, idx, pay), text)
        return table

    def _move_actions(self, players: int) -> dict[tuple[int, int, int, int, bool], Action]:
        """Moving ``d`` roads: (chooser, mover, d, road reached, road shown) -> choice."""
        reach = 2  # initial movement after expending Conserved Energy
        for node in self._resolved.values():
            if isinstance(node, dict) and node.get("do") == "move":
                reach = max(reach, int(node.get("roads", 0)))
        reach = min(reach, END)
        table: dict[tuple[int, int, int, int, bool], Action] = {}
        for road in self.cards.roads:
            for shown in (False, True):
                where = road.name if shown else f"a face-down {road.region} road"
                for mover in range(players):
                    who = self.player_names[mover]
                    for d in range(reach + 1):
                        if d == 0:
                            label = f"{who} stays on {where}"
                        else:
                            label = f"{who} moves {d} road{'s' * (d > 1)} to {where}"
                        for chooser in range(players):
                            key = (chooser, mover, d, road.index, shown)
                            table[key] = Action(chooser, "move", (d,), label)
        return table

    def _ruling(self, rid: str) -> str:
        """The option this game plays for ruling ``rid`` (as the state's ``_ruling``)."""
        return self.rulings[rid]

    def resolve(self, ref: tuple[Any, ...]) -> Any:
        """Return the effect list (or effect) a frame's reference points to.

        Raises:
            KeyError: if the path does not exist in the card data.
        """
        got = self._resolved.get(ref)
        if got is None:
            return self.cards.resolve(ref)  # a plain value (never a frame's reference)
        return got

    @staticmethod
    def implemented_rules() -> set[str]:
        """Rule ids the engine's code cites, plus those it follows by its data model."""
        return cited_rule_ids(Path(__file__).parent, SPEC.rule_prefix) | set(DATA_MODEL_RULES)

    def check_invariants(self, state: Any, before: Any = None) -> list[str]:
        """Card conservation, counter limits and draw-phase limits (see invariants.py)."""
        from tutor.games.mantis_falls.invariants import invariants

        return invariants(state, before)

    def hidden_variants(self, state: Any, player: int) -> list[tuple[str, Any]]:
        """Copies of ``state`` differing only in what ``player`` may not see."""
        from tutor.games.mantis_falls.invariants import hidden_variants

        return list(hidden_variants(state, player))

    def determinize(self, state: Any, player: int, rng: Rng) -> MantisFallsState:
        """A copy of ``state`` with everything ``player`` cannot see dealt again at random.

        Raises:
            ValueError: if ``player`` is not a player of the game.
        """
        from tutor.games.mantis_falls.determinize import determinize

        return determinize(state, player, rng)

    # ------------------------------------------------------------------ setup
    def new_state(self, seed: int | None = None, tracing: bool = True) -> MantisFallsState:
        """Set up a new game (topics 5-6) and advance to the first decision.

        Args:
            seed: the RNG seed; the same seed gives the same game.
            tracing: keep the explanation trace (off for fast bulk simulation).
        """
        from tutor.games.mantis_falls.engine import setup

        return setup.new_state(self, seed, tracing)

    @property
    def state_schema(self) -> dict[str, Any]:
        """The JSON Schema of a saved state for this game's card data (see saved.py)."""
        schema = self._state_schema
        if schema is None:
            from tutor.games.mantis_falls.saved import state_schema

            schema = self._state_schema = state_schema(self)
        return schema

    def state_from_dict(self, data: dict[str, Any]) -> MantisFallsState:
        """Rebuild a state saved with ``to_dict``.

        Saved files reach this through ``tutor.core.validation.load_state``, which has
        checked :attr:`state_schema`; this checks the stack's frames against the
        engine's grammar and the trace's rule ids, then rebuilds.  The invariants run
        after it (``check_state``).

        Raises:
            SessionFileError: naming the key path inside the state (``stack[2][1]``),
                what was expected and what was found.
        """
        from tutor.core.validation import check_trace
        from tutor.games.mantis_falls.saved import frame_problems
        from tutor.games.mantis_falls.state import PHASE_TITLES

        if not isinstance(data, dict) or data.get("game") != "mantis_falls":
            found = short(data.get("game")) if isinstance(data, dict) else short(data)
            raise SessionFileError.at("<state>", "game", "'mantis_falls'", found)
        problems = frame_problems(self, data.get("stack"))
        if problems:
            path, expected, found = problems[0]
            raise SessionFileError.at("<state>", f"stack{path}", expected, found)
        book = self.rulebook
        check_trace(
            data.get("trace"),
            self.num_players,
            "<state>",
            SessionFileError.at,
            "trace",
            rule_ok=book.__contains__,
            phases=PHASE_TITLES,
        )
        try:
            return MantisFallsState.from_dict(self, data)
        except (KeyError, TypeError, ValueError) as exc:
            raise SessionFileError.at(
                "<state>", "top level", "a saved Mantis Falls state", f"a bad {short(exc)}"
            ) from None

    # --------------------------------------------------------------- scenarios
    def _apply_setup(self, state: Any, setup: dict[str, Any]) -> None:
        """Apply scenario ``setup`` keys; see docs/mantis_falls.md for each key.

        Raises:
            ScenarioError: naming the key that cannot be applied.
        """
        from tutor.games.mantis_falls.scenario import apply_setup

        if setup:
            apply_setup(state, setup)
