"""The flagship's own words, which a shared tool must not put into another game's output.

A shared tool that still holds Mantis Falls' knowledge shows it as Mantis Falls' words
(witness, gasp, escape, road, assassin) in another game's output.  A word is foreign to
a game only when that game's own rules index does not use it: Manos, for one, has
Escape cards of its own.  Both tool conformance suites ask :func:`foreign_words`.
"""

from __future__ import annotations

import re
from functools import cache

import tutor

FLAGSHIP = "mantis_falls"
"""The game whose own words the other games' output must not borrow."""
FOREIGN_WORDS = re.compile(r"\b(witness\w*|gasps?|escape\w*|roads?|assassin\w*)\b", re.I)
STEMS = ("witness", "gasp", "escape", "road", "assassin")


@cache
def own_stems(name: str) -> frozenset[str]:
    """The flagship stems a game's own rules index uses (its titles and summaries)."""
    book = tutor.load_game(name).rulebook
    text = " ".join(f"{r.title} {r.summary}" for r in book.rules.values())
    found = {m.group(0).lower() for m in FOREIGN_WORDS.finditer(text)}
    return frozenset(stem for stem in STEMS if any(w.startswith(stem) for w in found))


def foreign_words(name: str, text: str) -> list[str]:
    """The flagship's words in ``text`` (another game's output) that the game does not own."""
    if name == FLAGSHIP:
        return []
    allowed = own_stems(name) if name in tutor.registered_games() else frozenset()
    return sorted(
        {
            m.group(0)
            for m in FOREIGN_WORDS.finditer(text)
            if not m.group(0).lower().startswith(tuple(allowed))
        }
    )
