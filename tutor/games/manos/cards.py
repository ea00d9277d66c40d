"""Manos card, character and Location data, loaded from ``rulesets/manos``.

The data is the project's own illustrative design (nothing about the published cards
is public beyond the rulebook): ``cards.yaml`` holds the characters' stats and every
card of the Manos, Family, Search, Police Event and Lair Showdown decks, and
``locations.yaml`` the five Locations with their grid squares.  Each file comes in
through the kit's door (:func:`tutor.core.data.load_data_file`), is checked against
the project's ``schema.yaml``, and then against what a schema cannot say (unique
names, enough Escape and No Progress cards for the set-up).  Cards become frozen
records whose effect keys are plain typed fields, so the engine and the card text
read the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.core.data import load_data_file, rulesets_dir
from tutor.core.errors import RulesetError
from tutor.core.validation import short

STATS = ("resist", "think", "flee", "fight")
"""The four character stats, in the order the engine indexes them."""
STAT_NAMES = ("Resist", "Think", "Flee", "Fight")
FILES = {"cards.yaml": "cards_file", "locations.yaml": "locations_file"}
SCHEMA = "schema.yaml"

# The set-up's numbers (mn.2.2), read by the data checks and by the game's set-up.
SEARCH_PILE_NO_PROGRESS = 7
SEARCH_PILE_ESCAPES = 3
SEARCH_PILE_OTHERS = 2
SEARCH_DECK_SIZE = 3
LAIR_ESCAPES = 1
HAND_DEAL = 7
HAND_LIMIT = 8
SHOWDOWN_HAND = 8
LAIR = 4
"""The Lair's index among the Locations (the fifth, the one without a Search Deck)."""
START = 0
"""The Lodge Interior, where every character starts (mn.2.3)."""


@dataclass(frozen=True)
class Card:
    """One kind of card (``copies`` identical physical cards share it).

    Attributes:
        index: the card's number within its deck (the engine stores these).
        name: its name.
        group: ``challenge``, ``darkness``, ``effort``, ``help``, ``search``,
            ``police`` or ``showdown``.
        copies: how many physical cards of this kind the deck holds.
        rating: a Challenge card's challenge rating.
        stat: the stat a Challenge card tests (an index into :data:`STATS`), else -1.
        keywords: its keywords (bold-italic words other cards refer to).
        vs: extra challenge rating against a character (character index -> bonus).
        alone: a Challenge card that may only target a character who is alone.
        reshuffle: the card has the Reshuffle keyword.
        timing: when a Help or Primal Darkness card may be played: ``turn``,
            ``challenge`` or ``response`` (empty for other cards).
        target: what a played card is played on: ``""`` (nothing), ``character``,
            ``alone`` or ``corrupted``.
        effort: an Effort card's effort rating, or a played card's effort bonus.
        rating_bonus: a played card's bonus to the challenge rating.
        draw: cards its owner draws.
        heal: corruption tokens it removes.
        corrupt: corruption tokens it gives.
        extra_action: actions it adds to the turn.
        cancel: it ends the current challenge with no effect.
        negate: the card groups it can negate.
        badge: a Family card's police badge (proximity number).
        vs_keyword: an Effort card's extra effort against keywords.
        kind: a Search card's kind: ``escape``, ``no_progress`` or ``other``.
        showdown_hand: a Lair Showdown card that deals showdown hands.
        challenges: how many Challenge cards Manos plays for a Lair Showdown card.
        fixed_rating: a Lair Showdown card's own challenge: its rating (0: none),
            faced by every free character in turn.
        fixed_stat: the stat that challenge tests (index into :data:`STATS`), else -1.
        may_fail: how many of the showdown's challenges the Family may fail and
            still escape (0: it must overcome every one).
        corrupt_each: corruption tokens every free character takes when the card turns.
        escape_if_free: the card's verdict: the Family escapes when at least this many
            characters are free, else Manos wins (0: no such verdict).
    """

    index: int
    name: str
    group: str
    copies: int
    rating: int = 0
    stat: int = -1
    keywords: tuple[str, ...] = ()
    vs: dict[int, int] = field(default_factory=dict)
    alone: bool = False
    reshuffle: bool = False
    timing: str = ""
    target: str = ""
    effort: int = 0
    rating_bonus: int = 0
    draw: int = 0
    heal: int = 0
    corrupt: int = 0
    extra_action: int = 0
    cancel: bool = False
    negate: tuple[str, ...] = ()
    badge: int = 0
    vs_keyword: dict[str, int] = field(default_factory=dict)
    kind: str = ""
    showdown_hand: bool = False
    challenges: int = 0
    fixed_rating: int = 0
    fixed_stat: int = -1
    may_fail: int = 0
    corrupt_each: int = 0
    escape_if_free: int = 0

    @property
    def played(self) -> bool:
        """A Help or Primal Darkness card (played for its text)."""
        return self.group in ("help", "darkness")


@dataclass(frozen=True)
class Character:
    """A family member and their four stats (Resist, Think, Flee, Fight)."""

    index: int
    name: str
    stats: tuple[int, int, int, int]


@dataclass(frozen=True)
class Location:
    """A Location: its name, the stat its Search challenge tests (-1: none), its squares."""

    index: int
    name: str
    stat: int
    search: bool
    squares: dict[str, tuple[int, int]]


def _effect_fields(effect: dict[str, Any]) -> dict[str, Any]:
    return {
        "effort": int(effect.get("effort", 0)),
        "rating_bonus": int(effect.get("rating", 0)),
        "draw": int(effect.get("draw", 0)),
        "heal": int(effect.get("heal", 0)),
        "corrupt": int(effect.get("corrupt", 0)),
        "extra_action": int(effect.get("extra_action", 0)),
        "cancel": bool(effect.get("cancel", False)),
        "negate": tuple(effect.get("negate", ())),
    }


class CardData:
    """Every card, character and Location of one deck folder.

    Args:
        folder: a folder with ``cards.yaml`` and ``locations.yaml`` in the project's
            schema (default: ``rulesets/manos``).

    Raises:
        RulesetError: naming the file, the key path, what was expected and found.
    """

    def __init__(self, folder: Path | None = None) -> None:
        base = folder or rulesets_dir() / "manos"
        schema = rulesets_dir() / "manos" / SCHEMA
        self.folder = base
        path, raw = load_data_file(base, "cards.yaml", schema, "cards_file", "card file")
        self.file = str(path)
        lpath, lraw = load_data_file(
            base, "locations.yaml", schema, "locations_file", "Locations file"
        )
        self.characters = [
            Character(i, c["name"], (c["resist"], c["think"], c["flee"], c["fight"]))
            for i, c in enumerate(raw["characters"])
        ]
        names = [c.name for c in self.characters]
        self._check_unique(names, "characters")
        self.manos: list[Card] = []
        for c in raw["challenge"]:
            vs = {}
            for who, bonus in (c.get("vs") or {}).items():
                if who not in names:
                    at = f"challenge[{len(self.manos)}].vs"
                    raise RulesetError(self.file, at, f"a character ({', '.join(names)})", who)
                vs[names.index(who)] = int(bonus)
            self.manos.append(
                Card(
                    len(self.manos),
                    c["name"],
                    "challenge",
                    c["copies"],
                    rating=c["rating"],
                    stat=STATS.index(c["stat"]),
                    keywords=tuple(c.get("keywords", ())),
                    vs=vs,
                    alone=c.get("requires") == "alone",
                    reshuffle=bool(c.get("reshuffle", False)),
                )
            )
        for c in raw["darkness"]:
            self.manos.append(self._played(len(self.manos), c, "darkness"))
        self.family: list[Card] = []
        for c in raw["effort"]:
            self.family.append(
                Card(
                    len(self.family),
                    c["name"],
                    "effort",
                    c["copies"],
                    keywords=tuple(c.get("keywords", ())),
                    effort=c["effort"],
                    badge=c["badge"],
                    vs_keyword={str(k): int(v) for k, v in (c.get("vs_keyword") or {}).items()},
                    reshuffle=bool(c.get("reshuffle", False)),
                )
            )
        for c in raw["help"]:
            self.family.append(self._played(len(self.family), c, "help"))
        self.search = [
            Card(
                i,
                c["name"],
                "search",
                c["copies"],
                kind=c["kind"],
                **_effect_fields(c.get("effect") or {}),
            )
            for i, c in enumerate(raw["search"])
        ]
        self.police = [
            Card(
                i,
                c["name"],
                "police",
                c["copies"],
                reshuffle=bool(c.get("reshuffle", False)),
                **_effect_fields(c.get("effect") or {}),
            )
            for i, c in enumerate(raw["police"])
        ]
        self.showdown = [
            Card(
                i,
                c["name"],
                "showdown",
                c["copies"],
                showdown_hand=bool(c.get("showdown_hand", False)),
                challenges=int(c.get("challenges", 0)),
                fixed_rating=int((c.get("fixed") or {}).get("rating", 0)),
                fixed_stat=STATS.index(c["fixed"]["stat"]) if c.get("fixed") else -1,
                may_fail=int(c.get("may_fail", 0)),
                corrupt_each=int(c.get("corrupt_each", 0)),
                escape_if_free=int(c.get("escape_if_free", 0)),
            )
            for i, c in enumerate(raw["showdown"])
        ]
        for deck, what in (
            (self.manos, "Manos Deck"),
            (self.family, "Family Deck"),
            (self.search, "search"),
            (self.police, "police"),
            (self.showdown, "showdown"),
        ):
            self._check_unique([c.name for c in deck], what)
        self.locations = [
            Location(
                i,
                loc["name"],
                STATS.index(loc["stat"]) if loc["stat"] in STATS else -1,
                bool(loc["search"]),
                {"cross": tuple(loc["cross"]), "ring": tuple(loc["ring"])},  # type: ignore[dict-item]
            )
            for i, loc in enumerate(lraw["locations"])
        ]
        self.locations_file = str(lpath)
        self._check_setup()

    def _played(self, index: int, c: dict[str, Any], group: str) -> Card:
        return Card(
            index,
            c["name"],
            group,
            c["copies"],
            keywords=tuple(c.get("keywords", ())),
            reshuffle=bool(c.get("reshuffle", False)),
            timing=c["timing"],
            target=c.get("target", ""),
            badge=int(c.get("badge", 0)),
            **_effect_fields(c["effect"]),
        )

    def _check_unique(self, names: list[str], where: str) -> None:
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name in seen:
                raise RulesetError(self.file, f"{where}[{i}].name", "a unique name", short(name))
            seen.add(name)

    def _check_setup(self) -> None:
        """What the set-up needs: the Search card counts, the Lair last, Effort cards."""
        kinds = {"escape": 0, "no_progress": 0, "other": 0}
        for card in self.search:
            kinds[card.kind] += card.copies
        need = {
            "escape": SEARCH_PILE_ESCAPES + LAIR_ESCAPES,
            "no_progress": SEARCH_PILE_NO_PROGRESS,
            "other": SEARCH_PILE_OTHERS,
        }
        for kind, n in need.items():
            if kinds[kind] != n and not (kind == "other" and kinds[kind] >= n):
                raise RulesetError(
                    self.file,
                    "search",
                    f"{'at least ' if kind == 'other' else ''}{n} {kind} cards",
                    str(kinds[kind]),
                )
        if [loc.search for loc in self.locations] != [True, True, True, True, False]:
            raise RulesetError(
                self.locations_file,
                "locations",
                "four searchable Locations followed by the Lair (search: false)",
                short([loc.search for loc in self.locations]),
            )
        for group, deck in (("challenge", self.manos), ("effort", self.family)):
            if not any(c.group == group for c in deck):
                raise RulesetError(self.file, group, f"at least one {group} card", "none")

    def card(self, deck: str, index: int) -> Card:
        """The card ``index`` of a deck (``manos``, ``family``, ``search``, ``police``,
        ``showdown``).

        Raises:
            KeyError: for an unknown deck; IndexError for an index outside it.
        """
        cards: list[Card] = getattr(self, deck)
        return cards[index]


__all__ = [
    "FILES",
    "HAND_DEAL",
    "HAND_LIMIT",
    "LAIR",
    "STATS",
    "STAT_NAMES",
    "Card",
    "CardData",
    "Character",
    "Location",
]
