"""The Mantis deck as flat integer tables: what the engine and the odds read on the hot path.

A card is an int.  Cards are numbered back by back (the backs in the order of their
colour indices), and within a back by face colour, so the cards of one back are a
contiguous run of ids: ``back_start[b] <= card < back_start[b + 1]``.  A colour is an
int (its index in the deck file); a set of colours is a bit mask.  This module has no
imports beyond the standard library so it compiles with the engine (mypyc).
"""

from __future__ import annotations


class DeckTable:
    """The deck's cards as integer tables, built once per deck file.

    Attributes:
        colour_names: the colour names, by colour index.
        colour_hex: each colour's display colour (``#rrggbb``).
        face: the face colour of each card.
        back: the back index of each card.
        back_colours: the colours (sorted indices) on each back.
        back_mask: the colours on each back as a bit mask.
        back_start: where each back's run of cards starts (one more entry: the deck size).
        size: how many cards the deck holds.
        inferred: the list of backs is an inference, not a published list.
    """

    __slots__ = (
        "back",
        "back_colours",
        "back_mask",
        "back_start",
        "colour_hex",
        "colour_names",
        "face",
        "inferred",
        "size",
    )

    def __init__(
        self,
        colour_names: list[str],
        colour_hex: list[str],
        backs: list[tuple[list[int], list[int]]],
        inferred: bool,
    ) -> None:
        """Build the tables.

        Args:
            colour_names: the colour names in index order.
            colour_hex: their display colours.
            backs: ``(back colours, face colours)`` pairs, colours as indices; one card is
                made per face colour listed.
            inferred: whether the list of backs is an inference.
        """
        self.colour_names = colour_names
        self.colour_hex = colour_hex
        self.inferred = inferred
        ordered = sorted((sorted(cols), sorted(faces)) for cols, faces in backs)
        self.face: list[int] = []
        self.back: list[int] = []
        self.back_colours: list[list[int]] = []
        self.back_mask: list[int] = []
        self.back_start: list[int] = []
        for b, (cols, faces) in enumerate(ordered):
            self.back_colours.append(cols)
            mask = 0
            for c in cols:
                mask |= 1 << c
            self.back_mask.append(mask)
            self.back_start.append(len(self.face))
            for f in faces:
                self.face.append(f)
                self.back.append(b)
        self.size = len(self.face)
        self.back_start.append(self.size)

    @property
    def colours(self) -> int:
        """How many colours the deck has."""
        return len(self.colour_names)

    def colour(self, card: int) -> str:
        """The face colour's name of ``card``."""
        return self.colour_names[self.face[card]]

    def back_text(self, back: int, article: bool = False) -> str:
        """The colours of a back, for people (``red, green and blue``; ``an orange, ...``)."""
        names = [self.colour_names[c] for c in self.back_colours[back]]
        words = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        if article:
            return ("an " if words[0] in "aeiou" else "a ") + words
        return words

    def card_text(self, card: int) -> str:
        """A card for people: its face and its back (``green (back red, green and blue)``)."""
        return f"{self.colour(card)} (back {self.back_text(self.back[card])})"


__all__ = ["DeckTable"]
