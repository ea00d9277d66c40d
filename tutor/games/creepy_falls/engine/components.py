"""The pieces of Creepy Falls by number, and the words that name them.

The rulebook's Contents (topic 1) as the engine counts them: the five unit types, the
five token types, the nine zones in resolution order, the seven Forms and the twelve
Spells, each by its index in board.yaml, so the state can be flat lists of whole
numbers.  The small word helpers beside them ("a Ghoul", "2 Souls", "the Human Form")
read no state.  Every engine module may import this one; it imports none of them.
"""

from __future__ import annotations

from typing import Any

# Unit types, token types, zones and Forms by index (the order of board.yaml).
GHOUL, MUMMY, FRANK, WEREWOLF, WITCH = 0, 1, 2, 3, 4
NU = 5
BLOOD, SOUL, CORPSE, AMULET, GRIMOIRE = 0, 1, 2, 3, 4
NT = 5
NZ = 9
PUMPKINS, KARLOFF = 4, 8
FLYING_FOX, SWARM_OF_RATS, CLOUD_OF_BATS, HUMAN_FORM, DARK_HUNTER, WILD_ANIMAL, ACID_FOG = range(7)
NF = 7
NS = 12
ROUNDS = 6
NEUTRAL = -1
"""The neutral Ghouls' place in a zone's ranking (two-player games)."""
SELLABLE = (CORPSE, AMULET, GRIMOIRE)
"""The tokens the Castle and the Swamp hold and the Store buys (their order in a pool)."""

TOKEN_NAMES = ("Blood", "Soul", "Corpse", "Amulet", "Grimoire")

SPELL_RULES = (
    "cf.16.1",
    "cf.16.2",
    "cf.16.3",
    "cf.16.4",
    "cf.16.5",
    "cf.16.6",
    "cf.16.7",
    "cf.16.8",
    "cf.16.9",
    "cf.16.10",
    "cf.16.11",
    "cf.16.12",
)
"""The rule of each Spell of the Spell Book, by index."""


def plural(k: int, one: str, many: str) -> str:
    """A count and its noun, e.g. ``"1 Ghoul"`` or ``"2 Ghouls"``.

    Args:
        k: The count.
        one: The noun for one.
        many: The noun for any other count.

    Returns:
        The text.
    """
    return f"{k} {one if k == 1 else many}"


def ordinal(k: int) -> str:
    """An ordinal in figures: ``1st``, ``2nd``, ``3rd``, ``4th`` ...

    Args:
        k: A positive number.

    Returns:
        The text.
    """
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def article(word: str) -> str:
    """A noun with its indefinite article: ``"a Ghoul"``, ``"an Amulet"``.

    Args:
        word: The noun.

    Returns:
        The text.
    """
    return f"{'an' if word[:1] in 'AEIOU' else 'a'} {word}"


def form_title(name: str) -> str:
    """A Form's name for the trace: ``"the Flying Fox Form"``, ``"the Human Form"``.

    Args:
        name: The Form's name in the board file.

    Returns:
        The text.
    """
    return f"the {name}" if name.endswith("Form") else f"the {name} Form"


def tokens_text(amounts: Any) -> str:
    """Token amounts in words, e.g. ``"2 Soul, 3 Blood"``.

    Args:
        amounts: An amount per token type, in index order.

    Returns:
        The text, or ``"nothing"``.
    """
    parts = [f"{a} {TOKEN_NAMES[k]}" for k, a in enumerate(amounts) if a]
    return ", ".join(parts) if parts else "nothing"


def pool_text(pool: list[int]) -> str:
    """A Castle or Swamp pool in words, e.g. ``"2 Corpse, 1 Amulet"``.

    Args:
        pool: An amount per sellable token type (``SELLABLE`` order).

    Returns:
        The text, or ``"no tokens"``.
    """
    parts = [f"{pool[i]} {TOKEN_NAMES[SELLABLE[i]]}" for i in range(3) if pool[i]]
    return ", ".join(parts) if parts else "no tokens"
