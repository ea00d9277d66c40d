"""Mantis Falls card, road and character data, loaded from ``rulesets/mantis_falls``.

The files are validated against ``schema.yaml`` and turned into small frozen
records indexed by integers (the engine keeps card indices in its state, which makes
cloning cheap).  Effects stay as the plain mappings of the effect vocabulary; the
engine interprets them and :mod:`tutor.games.mantis_falls.text` renders them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.core.data import load_validated, rulesets_dir
from tutor.core.errors import RulesetError

SUITS = ("amber", "granite", "hunter", "lilac", "royal", "midnight")
REGIONS = ("start", "sunset", "night", "dark", "end")
FILES = {
    "actions.yaml": "actions_file",
    "events.yaml": "events_file",
    "allies.yaml": "allies_file",
    "roads.yaml": "roads_file",
    "characters.yaml": "characters_file",
}


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


class CardData:
    """Every card of one Mantis Falls deck, validated and indexed.

    Args:
        folder: the folder holding the five data files and ``schema.yaml``; the
            project's illustrative deck by default.

    Raises:
        RulesetError: naming the file, key path, expected and found value.
    """

    def __init__(self, folder: Path | None = None) -> None:
        base = folder or rulesets_dir() / "mantis_falls"
        schema = rulesets_dir() / "mantis_falls" / "schema.yaml"
        if folder is not None and (folder / "schema.yaml").exists():
            schema = folder / "schema.yaml"
        raw = {name: load_validated(base / name, schema, d) for name, d in FILES.items()}
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
        self.characters = {
            c["id"]: Character(c["id"], c["name"], int(c["max_wounds"]))
            for c in raw["characters.yaml"]["cards"]
        }
        self._check(base)
        self.action_by_id = {c.id: c for c in self.actions}
        self.event_by_id = {c.id: c for c in self.events}
        self.ally_by_id = {c.id: c for c in self.allies}
        self.road_by_id = {c.id: c for c in self.roads}

    def _check(self, base: Path) -> None:
        """Cross-file checks a schema cannot express."""
        for fname, cards in (
            ("actions.yaml", self.actions),
            ("events.yaml", self.events),
            ("allies.yaml", self.allies),
            ("roads.yaml", self.roads),
        ):
            seen: set[str] = set()
            for i, c in enumerate(cards):
                if c.id in seen:
                    raise RulesetError(
                        str(base / fname), f"cards[{i}].id", "a unique id", repr(c.id)
                    )
                seen.add(c.id)
        regions = [r.region for r in self.roads]
        for region, want in (("start", 1), ("end", 1)):
            if regions.count(region) != want:
                raise RulesetError(
                    str(base / "roads.yaml"),
                    "cards",
                    f"exactly {want} {region} road",
                    f"{regions.count(region)}",
                )
        for region in ("sunset", "night", "dark"):
            if regions.count(region) < 4:
                raise RulesetError(
                    str(base / "roads.yaml"),
                    "cards",
                    f"at least 4 {region} roads",
                    f"{regions.count(region)}",
                )
        if sum(r.broken for r in self.roads if r.region != "night"):
            raise RulesetError(
                str(base / "roads.yaml"),
                "cards",
                "a Broken Road only among night roads",
                "a broken road in another region",
            )
        hits = [c for c in self.actions if "call_in_a_hit" in c.tags]
        if len(hits) < 2:
            raise RulesetError(
                str(base / "actions.yaml"),
                "cards",
                "two cards tagged call_in_a_hit",
                str(len(hits)),
            )
        midnight = [c for c in self.actions if c.suit == "midnight" and c not in hits]
        if len(midnight) < 5:
            raise RulesetError(
                str(base / "actions.yaml"),
                "cards",
                "five Midnight cards besides Call in a Hit",
                str(len(midnight)),
            )
        for i, c in enumerate(self.actions):
            keeps = any(e.get("do") == "keep_as_condition" for e in c.effects)
            if keeps != (c.condition is not None):
                raise RulesetError(
                    str(base / "actions.yaml"),
                    f"cards[{i}].condition",
                    "a condition block exactly when effects keep the card as a condition",
                    "a mismatch",
                )
        counts: dict[str, int] = {}
        for a in self.allies:
            counts[a.name] = counts.get(a.name, 0) + 1
        for i, a in enumerate(self.allies):
            if counts[a.name] < a.requirement:
                raise RulesetError(
                    str(base / "allies.yaml"),
                    f"cards[{i}].requirement",
                    f"at most {counts[a.name]} (copies of {a.name})",
                    str(a.requirement),
                )
        if "urbanite" not in self.characters:
            raise RulesetError(str(base / "characters.yaml"), "cards", "an 'urbanite'", "none")

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
