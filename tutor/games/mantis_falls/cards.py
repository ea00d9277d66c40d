"""Mantis Falls card, road and character data, loaded from ``rulesets/mantis_falls``.

A deck is a folder holding the five card files (:data:`FILES`): the project's
illustrative deck, or a user's own (``load_game("mantis_falls", deck=FOLDER)``).  Each
file comes in through the kit's one door (:func:`tutor.core.data.load_data_file`):
resolved inside the folder, read as UTF-8 YAML of plain values and checked against the
project's ``schema.yaml`` (a schema in the user's folder is never read).  Then
:meth:`CardData._check` checks what a schema cannot say (unique ids, enough roads and
Midnight cards for the setup, copies that really are copies, references that name
something real), so a deck that loads can be set up and played.

The cards become small frozen records indexed by integers (the engine keeps card
indices in its state, which makes cloning cheap).  Effects stay as the plain mappings
of the effect vocabulary; the engine interprets them and
:mod:`tutor.games.mantis_falls.text` renders them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.core.data import load_data_file, rulesets_dir
from tutor.core.errors import RulesetError
from tutor.core.validation import short
from tutor.games.mantis_falls.rose_cards import RoseData

SUITS = ("amber", "granite", "hunter", "lilac", "royal", "midnight")
REGIONS = ("start", "sunset", "night", "dark", "end")
FILES = {
    "actions.yaml": "actions_file",
    "events.yaml": "events_file",
    "allies.yaml": "allies_file",
    "roads.yaml": "roads_file",
    "characters.yaml": "characters_file",
}
"""The card files of a deck and the schema definition each is checked against."""

MODULE_FILES = {
    "triad": ("triad.yaml", "triad_file"),
    "full_circle": ("full_circle.yaml", "full_circle_file"),
    "under_the_rose": ("under_the_rose.yaml", "under_the_rose_file"),
}
"""Each module's card file and its schema definition (read only when the module is used)."""
MODULE_LISTS = {
    "triad": {"cards": "actions.yaml"},
    "full_circle": {
        "actions": "actions.yaml",
        "allies": "allies.yaml",
        "characters": "characters.yaml",
    },
    "under_the_rose": {},  # agents join no deck: they are kept apart (RoseData)
}
"""Which list of a module's file joins which base deck (after the base cards)."""
TRIAD_CARDS = 12
"""The Triad module's cards: role cards, reference cards and action cards together (mf.22.1)."""

SCHEMA = "schema.yaml"
"""The project's schema of the card files, in ``rulesets/mantis_falls/``."""

# The setup's numbers (topic 5), read by both the deck checks and MantisFallsGame.new_state,
# so a deck that passes the checks can always be set up.
ROAD_ROWS = ("sunset", "night", "dark")
"""The regions laid face down between the Start and the End, bottom row first (mf.5.3)."""
ROADS_PER_ROW = 4
"""Roads of each region laid in its row (mf.5.3)."""
ROADS_SET_ASIDE = 1
"""Roads of each region removed from the game unseen (mf.5.2)."""
ROADS_PER_REGION = ROADS_PER_ROW + ROADS_SET_ASIDE
"""The fewest roads of each row's region a deck must hold."""
HITS_DEALT = 2
"""Call in a Hit cards dealt, one to each of the two players (mf.5.5)."""
NIGHT_ACTIONS = 3
"""Midnight cards set aside as the Actions by the Night (mf.5.6)."""
DARK_ACTIONS = 2
"""Midnight cards set aside as the Actions by the Dark (mf.5.6)."""
HAND_DEAL = 6
"""Action cards dealt to each player besides the Call in a Hit (mf.5.7)."""
FIRST_CHARACTER = "urbanite"
"""The character both players play in the base game (mf.5.10)."""
URBANITE_CARDS = 3
"""Urbanite cards in the base box (topic 1 lists three characters); with Full Circle they
are shuffled in with the module's characters (ruling full_circle_urbanites)."""


def _listing(names: list[str], most: int = 8) -> str:
    """Up to ``most`` names for a message, saying how many more there are."""
    if not names:
        return "the deck has none"
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _rules_of(card: dict[str, Any]) -> tuple[Any, ...]:
    """What makes an action card play the way it does (not its id, name or flavour)."""
    return (
        sorted(card.get("tags") or ()),
        card.get("on_reveal") or [],
        card.get("effects") or [],
        card.get("condition"),
        bool(card.get("affliction")),
    )


@dataclass(frozen=True, slots=True)
class ActionCard:
    index: int
    id: str
    name: str
    suit: str
    tags: frozenset[str]
    on_reveal: tuple[dict[str, Any], ...]
    effects: tuple[dict[str, Any], ...]
    condition: dict[str, Any] | None
    raw: dict[str, Any] = field(repr=False, compare=False)
    affliction: bool = False  # kept like a condition, but nothing removes it (mf.13.2)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.suit.title()})"


@dataclass(frozen=True, slots=True)
class EventCard:
    index: int
    id: str
    name: str
    kind: str  # incident | opposition
    seen: bool
    effect: tuple[dict[str, Any], ...]
    bonus: tuple[dict[str, Any], ...]
    health: int
    undefeated: tuple[dict[str, Any], ...]
    defeated: tuple[dict[str, Any], ...]
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class AllyCard:
    index: int
    id: str
    name: str
    requirement: int
    effect: dict[str, Any]
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class RoadCard:
    index: int
    id: str
    name: str
    region: str
    green: int
    yellow: int
    red: int
    phone: bool
    bus_stop: bool
    ambush: int
    broken: bool

    def stoplight(self, color: str) -> int:
        return int(getattr(self, color))


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    max_wounds: int
    module: str = ""  # the module that adds it ("" for the base game's)


class CardData:
    """Every card of one Mantis Falls deck, validated and indexed.

    Args:
        folder: the folder holding the five card files; the project's illustrative
            deck by default.  The files are checked against the project's schema
            whatever the folder holds.
        modules: the add-on modules whose card files are read too (``MODULE_FILES``):
            a module's file comes from ``folder`` when it holds one, else from the
            project's deck.  A module's actions, allies and characters follow the base
            deck's (``MODULE_LISTS``), so the base cards keep their numbers; Under the
            Rose's agents join no deck and become :attr:`rose`.

    Raises:
        RulesetError: naming the file, key path, expected and found value.
    """

    def __init__(self, folder: Path | None = None, modules: tuple[str, ...] = ()) -> None:
        base = folder or rulesets_dir() / "mantis_falls"
        schema = rulesets_dir() / "mantis_falls" / SCHEMA
        self.files: dict[str, Path] = {}
        raw: dict[str, Any] = {}
        for name, definition in FILES.items():
            self.files[name], raw[name] = load_data_file(
                base, name, schema, definition, "card file"
            )
        self.modules = tuple(m for m in MODULE_FILES if m in modules)
        self.triad_roles: list[str] = []
        self.rose: RoseData | None = None
        """Under the Rose's agents and reference card, when the module is used."""
        self.references: list[dict[str, Any]] = []
        extra: dict[str, list[dict[str, Any]]] = {
            "actions.yaml": [],
            "allies.yaml": [],
            "characters.yaml": [],
        }
        self._module_place: dict[str, list[tuple[str, str, int]]] = {into: [] for into in extra}
        """By base file: where each module card added after its base cards comes from
        (module, list, position), so an error names the module's own file (_refuse)."""
        for module in self.modules:
            name, definition = MODULE_FILES[module]
            home = base if (base / name).is_file() else rulesets_dir() / "mantis_falls"
            self.files[name], data = load_data_file(home, name, schema, definition, "card file")
            for key, into in MODULE_LISTS[module].items():
                extra[into] += data[key]
                self._module_place[into] += [(module, key, j) for j in range(len(data[key]))]
            raw[name] = data
            if module == "triad":
                self._check_triad(data)
                self.triad_roles = [r["role"] for r in data["roles"]]
                self.references = list(data["references"])
            if module == "under_the_rose":
                self.rose = RoseData(self.files[name], data)
        self._base_count = {into: len(raw[into]["cards"]) for into in extra}
        for into, added in extra.items():
            if added:
                raw[into] = {**raw[into], "cards": raw[into]["cards"] + added}
        self.folder = base
        self.illustrative = bool(raw["actions.yaml"].get("illustrative", False))
        self.actions = [
            ActionCard(
                i,
                c["id"],
                c["name"],
                c["suit"],
                frozenset(c.get("tags") or ()),
                tuple(c.get("on_reveal") or ()),
                tuple(c.get("effects") or ()),
                c.get("condition"),
                c,
                bool(c.get("affliction")),
            )
            for i, c in enumerate(raw["actions.yaml"]["cards"])
        ]
        self.events = [
            EventCard(
                i,
                c["id"],
                c["name"],
                c["kind"],
                bool(c["seen"]),
                tuple(c.get("effect") or ()),
                tuple(c.get("bonus") or ()),
                int(c.get("health", 0)),
                tuple(c.get("undefeated") or ()),
                tuple(c.get("defeated") or ()),
                c,
            )
            for i, c in enumerate(raw["events.yaml"]["cards"])
        ]
        self.labels = [c.label for c in self.actions]
        self.allies = [
            AllyCard(i, c["id"], c["name"], int(c["requirement"]), c.get("effect") or {}, c)
            for i, c in enumerate(raw["allies.yaml"]["cards"])
        ]
        self.roads = [
            RoadCard(
                i,
                c["id"],
                c["name"],
                c["region"],
                int(c["stoplight"]["green"]),
                int(c["stoplight"]["yellow"]),
                int(c["stoplight"]["red"]),
                bool(c["phone"]),
                bool(c["bus_stop"]),
                int(c["ambush"]),
                bool(c["broken"]),
            )
            for i, c in enumerate(raw["roads.yaml"]["cards"])
        ]
        added = [""] * self._base_count["characters.yaml"] + [
            module for module, _, _ in self._module_place["characters.yaml"]
        ]
        self.character_cards = [
            Character(c["id"], c["name"], int(c["max_wounds"]), module)
            for c, module in zip(raw["characters.yaml"]["cards"], added, strict=True)
        ]
        """Every character card in file order (base first); states keep their numbers."""
        self.characters = {c.id: c for c in self.character_cards}
        self._check(raw)
        self.action_by_id = {c.id: c for c in self.actions}
        self.event_by_id = {c.id: c for c in self.events}
        self.ally_by_id = {c.id: c for c in self.allies}
        self.road_by_id = {c.id: c for c in self.roads}

    # ------------------------------------------------------------------ checks
    def _refuse(self, file: str, where: str, expected: str, found: str) -> RulesetError:
        # A module's card sits after the base cards: name its own file and list.
        if where.startswith("cards[") and file in self._base_count:
            i = int(where[6 : where.index("]")])
            first = self._base_count[file]
            if i >= first:
                module, key, j = self._module_place[file][i - first]
                rest = where[where.index("]") + 1 :]
                name = MODULE_FILES[module][0]
                return RulesetError(str(self.files[name]), f"{key}[{j}]{rest}", expected, found)
        return RulesetError(str(self.files[file]), where, expected, found)

    def _card_at(self, c: int, key: str = "") -> tuple[str, str]:
        """The place of action card ``c`` (``cards[3].suit``); _refuse names its file."""
        return "actions.yaml", f"cards[{c}]{key}"

    def _check_triad(self, raw: dict[str, Any]) -> None:
        """The Triad file: 12 cards in all (mf.22.1), a Pact to deal (mf.5.12)."""
        total = len(raw["roles"]) + len(raw["references"]) + len(raw["cards"])
        if total != TRIAD_CARDS:
            raise self._refuse(
                "triad.yaml",
                "top level",
                f"{TRIAD_CARDS} cards in all (roles + references + cards)",
                str(total),
            )
        pacts = [i for i, c in enumerate(raw["cards"]) if "pact" in (c.get("tags") or ())]
        if len(pacts) != 1 or raw["cards"][pacts[0]]["suit"] != "midnight":
            raise self._refuse(
                "triad.yaml",
                "cards",
                "exactly one Midnight card tagged pact (dealt with the Call in a Hit)",
                f"{len(pacts)} cards tagged pact",
            )

    def _check(self, raw: dict[str, Any]) -> None:
        """Checks a schema cannot express: what setup and play need from the data."""
        self._check_ids(raw)
        self._check_roads()
        self._check_actions()
        self._check_allies()
        self._check_references()
        if FIRST_CHARACTER not in self.characters:
            raise self._refuse(
                "characters.yaml", "cards", f"a card with id {FIRST_CHARACTER!r}", "none"
            )

    def _check_ids(self, raw: dict[str, Any]) -> None:
        seen_actions: set[str] = set()
        for c in self.actions:  # a module's cards join the action deck: ids stay unique
            if c.id in seen_actions:
                raise self._refuse(*self._card_at(c.index, ".id"), "a unique id", short(c.id))
            seen_actions.add(c.id)
        for fname in FILES:
            seen: set[str] = set()
            for i, card in enumerate(raw[fname]["cards"]):
                card_id = card["id"]
                if card_id in seen:
                    raise self._refuse(fname, f"cards[{i}].id", "a unique id", short(card_id))
                seen.add(card_id)

    def _check_roads(self) -> None:
        regions = [r.region for r in self.roads]
        for region in ("start", "end"):
            if regions.count(region) != 1:
                raise self._refuse(
                    "roads.yaml", "cards", f"exactly 1 {region} road", str(regions.count(region))
                )
        for region in ROAD_ROWS:
            if regions.count(region) < ROADS_PER_REGION:
                raise self._refuse(
                    "roads.yaml",
                    "cards",
                    f"at least {ROADS_PER_REGION} {region} roads ({ROADS_PER_ROW} laid in the "
                    f"row, {ROADS_SET_ASIDE} set aside unseen)",
                    str(regions.count(region)),
                )
        broken = 0
        for i, road in enumerate(self.roads):
            if road.broken and road.region != "night":
                raise self._refuse(
                    "roads.yaml",
                    f"cards[{i}].broken",
                    "a Broken Road only among night roads",
                    f"a broken {road.region} road",
                )
            broken += road.broken
            if broken > 1:  # the rules have one; two in a row could not be passed by
                raise self._refuse(
                    "roads.yaml",
                    f"cards[{i}].broken",
                    "at most one Broken Road (the rules have one)",
                    "a second one",
                )

    def _check_actions(self) -> None:
        hits = [c for c in self.actions if "call_in_a_hit" in c.tags]
        if len(hits) < HITS_DEALT:
            raise self._refuse(
                "actions.yaml",
                "cards",
                f"at least {HITS_DEALT} cards tagged call_in_a_hit (one for each player)",
                str(len(hits)),
            )
        for c in hits:
            if c.suit != "midnight":
                raise self._refuse(
                    *self._card_at(c.index, ".suit"),
                    "'midnight' (a Call in a Hit is a Midnight card)",
                    repr(c.suit),
                )
        midnight = [c for c in self.actions if c.suit == "midnight" and c not in hits]
        needed = NIGHT_ACTIONS + DARK_ACTIONS
        if len(midnight) < needed:
            raise self._refuse(
                "actions.yaml",
                "cards",
                f"at least {needed} Midnight cards besides Call in a Hit ({NIGHT_ACTIONS} "
                f"Actions by the Night, {DARK_ACTIONS} by the Dark)",
                str(len(midnight)),
            )
        others = len(self.actions) - len(hits) - len(midnight)
        if others < HITS_DEALT * HAND_DEAL:
            raise self._refuse(
                "actions.yaml",
                "cards",
                f"at least {HITS_DEALT * HAND_DEAL} cards of other suits ({HAND_DEAL} dealt "
                "to each player)",
                str(others),
            )
        first: dict[str, ActionCard] = {}
        for c in self.actions:
            keeps = any(e.get("do") == "keep_as_condition" for e in c.effects)
            if c.affliction and (
                not keeps
                or ((c.condition or {}).get("anytime") or {}).get("cost", {}).get("discard_self")
            ):
                raise self._refuse(
                    "actions.yaml",
                    f"cards[{c.index}].affliction",
                    "an affliction that keeps itself and has no cost discarding it "
                    "(nothing removes an affliction)",
                    "one that is never kept or that discards itself",
                )
            if keeps != (c.condition is not None):
                raise self._refuse(
                    *self._card_at(c.index, ".condition"),
                    "a condition block exactly when effects keep the card as a condition",
                    "a mismatch",
                )
            # The engine offers one choice per card name and suit: copies must be copies.
            twin = first.setdefault(c.label, c)
            if twin is not c and _rules_of(c.raw) != _rules_of(twin.raw):
                raise self._refuse(
                    *self._card_at(c.index),
                    f"the same tags, effects and condition as cards[{twin.index}] (cards "
                    f"named {short(c.label)} are copies of one card)",
                    "different ones",
                )

    def _check_allies(self) -> None:
        counts: dict[str, int] = {}
        first: dict[str, AllyCard] = {}
        for a in self.allies:
            counts[a.name] = counts.get(a.name, 0) + 1
            twin = first.setdefault(a.name, a)
            if (twin.requirement, twin.effect) != (a.requirement, a.effect):
                raise self._refuse(
                    "allies.yaml",
                    f"cards[{a.index}]",
                    f"the same requirement and effect as cards[{twin.index}] (ally cards "
                    f"named {short(a.name)} are copies of one ally)",
                    "different ones",
                )
        for a in self.allies:
            if counts[a.name] < a.requirement:
                raise self._refuse(
                    "allies.yaml",
                    f"cards[{a.index}].requirement",
                    f"at most {counts[a.name]} (copies of {short(a.name)})",
                    str(a.requirement),
                )

    def _check_references(self) -> None:
        """Names and tags an effect refers to must exist in the deck."""
        kept = sorted({c.name for c in self.actions if c.condition is not None})
        tags = sorted({t for c in self.actions for t in c.tags})
        for fname, where, effect in self._effects():
            held = (effect.get("if") or {}).get("has_condition")
            if held is not None and held not in kept:
                raise self._refuse(
                    fname,
                    f"{where}.if.has_condition",
                    f"the name of an action card kept as a condition ({_listing(kept)})",
                    short(held),
                )
        for fname, where, block in self._lasting_blocks():
            tag = ((block.get("anytime") or {}).get("cost") or {}).get("discard_tag")
            if tag is not None and tag not in tags:
                raise self._refuse(
                    fname,
                    f"{where}.anytime.cost.discard_tag",
                    f"a tag some action card has ({_listing(tags)})",
                    short(tag),
                )

    def _lasting_blocks(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        for c in self.actions:
            if c.condition:
                yield *self._card_at(c.index, ".condition"), c.condition
        for a in self.allies:
            yield "allies.yaml", f"cards[{a.index}].effect", a.effect

    def _effects(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        """Every effect of the deck (nested choices included) with its file and key path."""
        lists: list[tuple[str, str, Any]] = []
        for c in self.actions:
            for key in ("on_reveal", "effects"):
                lists.append((*self._card_at(c.index, f".{key}"), c.raw.get(key)))
        for e in self.events:
            for key in ("effect", "bonus", "undefeated", "defeated"):
                lists.append(("events.yaml", f"cards[{e.index}].{key}", e.raw.get(key)))
        for fname, where, block in self._lasting_blocks():
            effects = (block.get("anytime") or {}).get("effects")
            lists.append((fname, f"{where}.anytime.effects", effects))
        while lists:
            fname, where, effects = lists.pop()
            for i, effect in enumerate(effects or ()):
                yield fname, f"{where}[{i}]", effect
                for k, option in enumerate(effect.get("options") or ()):
                    lists.append((fname, f"{where}[{i}].options[{k}].effects", option["effects"]))

    def resolve(self, ref: tuple[Any, ...]) -> Any:
        """Follow a path such as ``("action", 12, "effects", 0, "options", 1, "effects")``.

        Raises:
            KeyError: if the path does not exist.
        """
        kind, index, *rest = ref
        node: Any = {"action": self.actions, "event": self.events, "ally": self.allies}[kind][
            index
        ].raw
        for key in rest:
            node = node[key]
        return node
