"""The Under the Rose module's cards (topic 23), loaded from ``under_the_rose.yaml``.

The module is optional, so its cards live in a file of their own beside the deck's five
card files: three Horizon cards, three Sky cards (one of each makes an agent) and the
reference card whose payment values the engine uses.  The file comes in like every
module's (:data:`tutor.games.mantis_falls.cards.MODULE_FILES`): from the user's deck
folder when it holds one, else the project's illustrative cards (labelled as such in the
file), checked against the project's schema; :class:`~tutor.games.mantis_falls.cards.
CardData` then builds :class:`RoseData` from it.  Its agents join no deck, so they are
kept here.  Effects use the action cards' vocabulary, so the engine interprets them and
:mod:`tutor.games.mantis_falls.text` renders them like any card's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.core.errors import RulesetError


@dataclass(frozen=True, slots=True)
class HorizonCard:
    """Half of an agent: name, dots (opening burial), meeting requirements, weakness."""

    index: int
    id: str
    name: str
    dots: int
    meet: tuple[tuple[str, int], ...]
    weakness: dict[str, Any]
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class SkyCard:
    """The other half: nickname, cards per burial, effects to redeem, pay-off prices."""

    index: int
    id: str
    nickname: str
    bury: int
    redeem: tuple[dict[str, Any], ...]
    pay_own: int
    pay_other: int
    raw: dict[str, Any] = field(repr=False, compare=False)


def _effects(effects: list[dict[str, Any]], where: str) -> list[tuple[str, dict[str, Any]]]:
    """Every effect of a list, nested choices included, with its key path."""
    found: list[tuple[str, dict[str, Any]]] = []
    for i, effect in enumerate(effects):
        found.append((f"{where}[{i}]", effect))
        for k, option in enumerate(effect.get("options") or ()):
            found += _effects(option["effects"], f"{where}[{i}].options[{k}].effects")
    return found


class RoseData:
    """The Under the Rose cards of one deck, validated.

    Args:
        file: where the module's file was read (named by every error).
        raw: its content, already checked against the schema (``under_the_rose_file``).

    Raises:
        RulesetError: naming the file, key path, expected and found value.
    """

    def __init__(self, file: Path, raw: dict[str, Any]) -> None:
        self.file = file
        self.illustrative = bool(raw["illustrative"])
        self.horizons = [
            HorizonCard(
                i,
                c["id"],
                c["name"],
                int(c["dots"]),
                tuple((m["suit"], int(m["nth"])) for m in c["meet"]),
                c["weakness"],
                c,
            )
            for i, c in enumerate(raw["horizons"])
        ]
        self.skies = [
            SkyCard(
                i,
                c["id"],
                c["nickname"],
                int(c["bury"]),
                tuple(c["redeem"]),
                int(c["pay_off"]["own"]),
                int(c["pay_off"]["other"]),
                c,
            )
            for i, c in enumerate(raw["skies"])
        ]
        ref = raw["reference"]
        self.reference_name = str(ref["name"])
        self.single = int(ref["values"]["single"])
        self.pair = int(ref["values"]["pair"])
        self.triple = int(ref["values"]["triple"])
        self.market_limit = int(ref["market_limit"])
        self.hand_after_market = int(ref["hand_after_market"])
        for sky in self.skies:
            for k, option in enumerate(sky.redeem):
                where = f"skies[{sky.index}].redeem[{k}].effects"
                for path, effect in _effects(option["effects"], where):
                    if effect.get("do") == "keep_as_condition":
                        raise RulesetError(
                            str(self.file),
                            path,
                            "an effect an agent can carry out (only an action card can be "
                            "kept as a condition)",
                            "keep_as_condition",
                        )
        for key, cards in (("horizons", self.horizons), ("skies", self.skies)):
            ids = [c.id for c in cards]
            for i, card_id in enumerate(ids):
                if card_id in ids[:i]:
                    raise RulesetError(str(self.file), f"{key}[{i}].id", "a unique id", card_id)

    def check_players(self, players: int) -> None:
        """Refuse a file with too few Horizon or Sky cards to deal each player an agent.

        Raises:
            RulesetError: naming the file and the list that is too short.
        """
        for key, cards in (("horizons", self.horizons), ("skies", self.skies)):
            if len(cards) < players:
                raise RulesetError(
                    str(self.file),
                    key,
                    f"at least {players} cards (one for each player's agent)",
                    str(len(cards)),
                )

    def agent_name(self, horizon: int, sky: int) -> str:
        """The agent's full name, e.g. "Kit the Moonlighter"."""
        return f"{self.horizons[horizon].name} {self.skies[sky].nickname}"

    def value(self, suits: list[str]) -> int:
        """What buried cards of these suits are worth paid together, grouped at their best:
        three of a suit as a triple, two left of a suit as a pair, the rest one by one."""
        counts: dict[str, int] = {}
        for suit in suits:
            counts[suit] = counts.get(suit, 0) + 1
        total = 0
        for n in counts.values():
            total += self.triple * (n // 3)
            rest = n % 3
            total += self.pair if rest == 2 else self.single * rest
        return total
