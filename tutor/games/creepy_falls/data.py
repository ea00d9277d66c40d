"""Creepy Falls board data, loaded from ``rulesets/creepy_falls/board.yaml``.

The board file (units, starting armies, the nine zones and their advantages, the round
tokens, the seven Forms and the twelve Spells) comes in through the kit's one door
(:func:`tutor.core.data.load_data_file`) and is checked against the project's
``schema.yaml``; :class:`BoardData` then checks what a schema cannot say (names that
refer to each other) and turns the file into small frozen records the engine reads by
index.  Much of it is the project's own illustrative data (see the file's header).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.core.data import files_stamp, load_data_file, rulesets_dir
from tutor.core.errors import RulesetError
from tutor.core.validation import short

BOARD_FILE = "board.yaml"
SCHEMA = "schema.yaml"

TOKENS = ("blood", "soul", "corpse", "amulet", "grimoire")
"""Token types, in the index order the engine keeps them."""
TOKEN_NAMES = ("Blood", "Soul", "Corpse", "Amulet", "Grimoire")
UNITS = ("ghoul", "mummy", "frankenstein", "werewolf", "witch")
"""Unit types, in the index order the engine keeps them."""
FORMS = (
    "flying_fox",
    "swarm_of_rats",
    "cloud_of_bats",
    "human_form",
    "dark_hunter",
    "wild_animal",
    "acid_fog",
)
"""Form keys, in the index order the engine keeps them."""
SPELL_EFFECTS = (
    "zone_bonus",
    "cheaper_spells",
    "roll_die",
    "extra_form",
    "bigger_beasts",
    "souls_per_spell",
    "no_toll",
    "double_sales",
    "swap_values",
    "beasts_as_ghouls",
    "ignore_van_helsing",
)


@dataclass(frozen=True)
class Unit:
    """One unit type: its names, size, pieces per colour and store price."""

    index: int
    key: str
    name: str
    plural: str
    size: int
    limit: int
    cost: int
    pay: int  # token index, -1: cannot be bought

    def count(self, k: int) -> str:
        """``"1 Ghoul"`` / ``"3 Ghouls"``."""
        return f"{k} {self.name if k == 1 else self.plural}"


@dataclass(frozen=True)
class Army:
    """A starting army: units by type index and tokens by token index."""

    index: int
    name: str
    units: tuple[int, ...]
    tokens: tuple[int, ...]


@dataclass(frozen=True)
class Advantage:
    """One advantage of a zone: tokens given, tokens to choose, or a Karloff-113 action."""

    tokens: tuple[int, ...]
    choose: int
    action: bool


@dataclass(frozen=True)
class Zone:
    """A zone of the City Board; ``number`` is its place in the resolution order."""

    index: int
    number: int
    name: str
    round_tokens: bool
    advantages: tuple[Advantage, ...]


@dataclass(frozen=True)
class Form:
    """A Form tile and the parameters of its effect."""

    index: int
    key: str
    name: str
    phase: str
    effect: str
    params: dict[str, Any]


@dataclass(frozen=True)
class Spell:
    """A Spell of the Spell Book and the parameters of its effect."""

    index: int
    key: str
    name: str
    level: int
    cost: int
    effect: str
    params: dict[str, Any]


def tokens_tuple(mapping: dict[str, Any] | None) -> tuple[int, ...]:
    """Token counts in index order from a ``{token: count}`` mapping."""
    mapping = mapping or {}
    return tuple(int(mapping.get(t, 0)) for t in TOKENS)


class BoardData:
    """The board file of a folder (default: the project's illustrative board).

    Raises:
        RulesetError: naming the file, the key path, what was expected and what was found.
    """

    def __init__(self, folder: Path | None = None) -> None:
        base = folder or rulesets_dir() / "creepy_falls"
        schema = rulesets_dir() / "creepy_falls" / SCHEMA
        path, raw = load_data_file(base, BOARD_FILE, schema, "board_file", "board file")
        self.file = str(path)
        self.illustrative = bool(raw.get("illustrative", True))
        keys = [u["key"] for u in raw["units"]]
        if keys != list(UNITS):
            raise RulesetError(self.file, "units", f"the units in order {list(UNITS)}", short(keys))
        self.units = tuple(
            Unit(
                i,
                u["key"],
                u["name"],
                u["plural"],
                u["size"],
                u["limit"],
                u["cost"],
                TOKENS.index(u["pay"]) if u["pay"] != "none" else -1,
            )
            for i, u in enumerate(raw["units"])
        )
        self.armies = tuple(
            Army(
                i,
                a["name"],
                tuple(int(a["units"].get(k, 0)) for k in UNITS),
                tokens_tuple(a["tokens"]),
            )
            for i, a in enumerate(raw["armies"])
        )
        for i, army in enumerate(self.armies):
            for u, k in zip(self.units, army.units, strict=True):
                if k + (1 if u.index == 0 else 0) > u.limit:
                    raise RulesetError(
                        self.file,
                        f"armies[{i}].units.{u.key}",
                        f"at most {u.limit - (u.index == 0)} (the pieces of one colour)",
                        str(k),
                    )
        self.zones = tuple(
            Zone(
                i,
                i + 1,
                z["name"],
                bool(z.get("round_tokens", False)),
                tuple(
                    Advantage(tokens_tuple(a), int(a.get("choose", 0)), bool(a.get("action")))
                    for a in z["advantages"]
                ),
            )
            for i, z in enumerate(raw["zones"])
        )
        self.zone_names = tuple(z.name for z in self.zones)
        names = set(self.zone_names)
        if len(names) != 9:
            raise RulesetError(self.file, "zones", "nine different zone names", "a repeated name")
        for need, number in (("Pumpkins Field", 5), ("Karloff-113", 9), ("Cemetery", 1)):
            if self.zone_names[number - 1] != need:
                raise RulesetError(
                    self.file,
                    f"zones[{number - 1}].name",
                    repr(need),
                    short(self.zone_names[number - 1]),
                )
        rt = raw["round_tokens"]
        self.round_pool = {
            key: (tuple(int(rt[key]["pool"][t]) for t in TOKENS[2:]), int(rt[key]["castle"]))
            for key in ("normal", "three_players")
        }
        for key, (pool, castle) in self.round_pool.items():
            if castle > sum(pool):
                raise RulesetError(
                    self.file, f"round_tokens.{key}.castle", f"at most {sum(pool)}", str(castle)
                )
        forms = []
        for i, f in enumerate(raw["forms"]):
            if f["key"] != FORMS[i]:
                raise RulesetError(self.file, f"forms[{i}].key", repr(FORMS[i]), short(f["key"]))
            params = {k: v for k, v in f.items() if k not in ("key", "name", "phase", "effect")}
            for zone in (params.get("bonus") or {}) if f["effect"] == "first_bonus" else ():
                if zone not in names:
                    raise RulesetError(self.file, f"forms[{i}].bonus.{zone}", "a zone name", zone)
            forms.append(Form(i, f["key"], f["name"], f["phase"], f["effect"], params))
        self.forms = tuple(forms)
        spells = []
        seen: set[str] = set()
        for i, s in enumerate(raw["spells"]):
            if s["key"] in seen:
                raise RulesetError(self.file, f"spells[{i}].key", "a unique key", s["key"])
            seen.add(s["key"])
            params = {
                k: v for k, v in s.items() if k not in ("key", "name", "level", "cost", "effect")
            }
            if "zone" in params and params["zone"] not in names:
                raise RulesetError(
                    self.file, f"spells[{i}].zone", "a zone name", short(params["zone"])
                )
            if s["effect"] == "zone_bonus" and "zone" not in params:
                raise RulesetError(self.file, f"spells[{i}]", "a zone for a zone bonus", "none")
            spells.append(Spell(i, s["key"], s["name"], s["level"], s["cost"], s["effect"], params))
        self.spells = tuple(spells)
        self.die_faces = tuple(TOKENS.index(t) for t in raw["die_faces"])

    def zone_index(self, name: str) -> int:
        """The index of the zone called ``name``.

        Raises:
            ValueError: if no zone has that name.
        """
        return self.zone_names.index(name)

    def spells_with(self, effect: str) -> tuple[int, ...]:
        """Indices of the Spells with a given effect."""
        return tuple(s.index for s in self.spells if s.effect == effect)


_CACHE: dict[tuple[str, str], tuple[tuple[Any, ...], BoardData]] = {}


def board_data(folder: str | Path | None = None) -> BoardData:
    """The board of ``folder`` (default: the project's), cached while its file is unchanged.

    Raises:
        RulesetError: if the board file is broken.
    """
    base = Path(folder) if folder else rulesets_dir() / "creepy_falls"
    key = (str(rulesets_dir()), str(folder or ""))
    stamp = files_stamp(base, (BOARD_FILE,))
    cached = _CACHE.get(key)
    if cached is None or cached[0] != stamp:
        _CACHE[key] = cached = (stamp, BoardData(Path(folder) if folder else None))
    return cached[1]
