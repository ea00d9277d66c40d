"""The pending steps of Manos: typed frames kept on an explicit stack in the state.

Resolution that can be interrupted (a challenge waiting for the Family's Effort cards,
a Help card waiting to see whether Manos negates it, a draw waiting for chance, a hand
over the limit waiting for a discard) is a frame on ``ManosState.stack``, never
Python recursion waiting for input, so every intermediate point can be stepped,
cloned, saved and undone.  Each frame class declares its fields once; ``to_list`` /
:func:`frame_from_list` save and rebuild them, and the engine dispatches on ``kind``
through an explicit table.
"""

from __future__ import annotations

from typing import Any

# Frame kinds (the first item of a saved frame).
DRAW = 0
LIMIT = 1
CHALLENGE = 2
PLAY = 3
FLIP = 4
POLICE = 5
SHOWDOWN = 6

KIND_NAMES = ("draw", "limit", "challenge", "play", "flip", "police", "showdown")

# Challenge stages.
MANOS_WINDOW = 0
"""Manos may play Primal Darkness cards timed for challenges, then passes."""
FAMILY_RESPONSE = 1
"""The Family concedes, or commits Effort cards, boosts and Help cards, then accepts."""
RESOLVE = 2
"""The totals are compared (automatic)."""

# Play stages.
WINDOW = 0
"""The opponent may negate the card just played, or let it be."""
TAKE_EFFECT = 1
"""The card is carried out (or, negated, only discarded)."""

# Showdown stages.
SD_FLIP = 0
SD_FAMILY_DISCARD = 1
SD_MANOS_DISCARD = 2
SD_FAMILY_DRAW = 3
SD_MANOS_DRAW = 4
SD_PICK = 5
SD_AFTER_CHALLENGE = 6
SD_CARD = 7
"""The Showdown card's own instructions are carried out (tokens, a verdict, challenges)."""


class Frame:
    """A pending step; subclasses declare their fields and ``kind``."""

    kind: int = -1

    def to_list(self) -> list[Any]:
        """The frame as a JSON-ready list, its kind first."""
        raise NotImplementedError

    def copy(self) -> Frame:
        """An independent copy."""
        raise NotImplementedError


class DrawFrame(Frame):
    """``player`` (0 Family, 1 Manos) still draws ``count`` cards, citing ``rule``."""

    kind = DRAW

    def __init__(self, player: int, count: int, rule: str) -> None:
        self.player = player
        self.count = count
        self.rule = rule

    def to_list(self) -> list[Any]:
        return [DRAW, self.player, self.count, self.rule]

    def copy(self) -> Frame:
        return DrawFrame(self.player, self.count, self.rule)


class LimitFrame(Frame):
    """``player`` holds more than the hand limit and discards down to it."""

    kind = LIMIT

    def __init__(self, player: int) -> None:
        self.player = player

    def to_list(self) -> list[Any]:
        return [LIMIT, self.player]

    def copy(self) -> Frame:
        return LimitFrame(self.player)


class ChallengeFrame(Frame):
    """A challenge in progress.

    Attributes:
        card: the Challenge card (Manos Deck index), or -1 for a Search (or fixed) one.
        target: the character challenged.
        stat: the stat tested (index into STATS).
        rating: the printed rating (3 for a Search).
        location: the Location searched, or -1 when this is no Search.
        stage: MANOS_WINDOW, FAMILY_RESPONSE or RESOLVE.
        efforts: Effort cards committed (Family Deck indices).
        boosts: Help cards discarded for +1 each.
        effort_bonus: effort added by Help cards played during the challenge.
        rating_bonus: rating added by Primal Darkness cards played during it.
        conceded, cancelled, negated: how it ended early, if it did.
        showdown: a challenge of the Lair Showdown (no escalation; failure loses).
    """

    kind = CHALLENGE

    def __init__(
        self,
        card: int,
        target: int,
        stat: int,
        rating: int,
        location: int,
        showdown: bool = False,
    ) -> None:
        self.card = card
        self.target = target
        self.stat = stat
        self.rating = rating
        self.location = location
        self.stage = MANOS_WINDOW
        self.efforts: list[int] = []
        self.boosts: list[int] = []
        self.effort_bonus = 0
        self.rating_bonus = 0
        self.conceded = False
        self.cancelled = False
        self.negated = False
        self.showdown = showdown

    def to_list(self) -> list[Any]:
        return [
            CHALLENGE,
            self.card,
            self.target,
            self.stat,
            self.rating,
            self.location,
            self.stage,
            list(self.efforts),
            list(self.boosts),
            self.effort_bonus,
            self.rating_bonus,
            self.conceded,
            self.cancelled,
            self.negated,
            self.showdown,
        ]

    def copy(self) -> Frame:
        c = ChallengeFrame(
            self.card, self.target, self.stat, self.rating, self.location, self.showdown
        )
        c.stage = self.stage
        c.efforts = self.efforts[:]
        c.boosts = self.boosts[:]
        c.effort_bonus = self.effort_bonus
        c.rating_bonus = self.rating_bonus
        c.conceded = self.conceded
        c.cancelled = self.cancelled
        c.negated = self.negated
        return c


class PlayFrame(Frame):
    """A Help (player 0) or Primal Darkness (player 1) card just played.

    ``target`` is the character it is played on (-1: none); ``stage`` is WINDOW (the
    opponent may negate it) or TAKE_EFFECT.
    """

    kind = PLAY

    def __init__(self, player: int, card: int, target: int) -> None:
        self.player = player
        self.card = card
        self.target = target
        self.stage = WINDOW
        self.negated = False

    def to_list(self) -> list[Any]:
        return [PLAY, self.player, self.card, self.target, self.stage, self.negated]

    def copy(self) -> Frame:
        c = PlayFrame(self.player, self.card, self.target)
        c.stage = self.stage
        c.negated = self.negated
        return c


class FlipFrame(Frame):
    """``character`` overcame the Search challenge at ``location``: its top card turns."""

    kind = FLIP

    def __init__(self, character: int, location: int) -> None:
        self.character = character
        self.location = location

    def to_list(self) -> list[Any]:
        return [FLIP, self.character, self.location]

    def copy(self) -> Frame:
        return FlipFrame(self.character, self.location)


class PoliceFrame(Frame):
    """Three proximity tokens: the top Police Event card is turned and carried out."""

    kind = POLICE

    def to_list(self) -> list[Any]:
        return [POLICE]

    def copy(self) -> Frame:
        return PoliceFrame()


class ShowdownFrame(Frame):
    """The Showdown Round: the card turned, its stage, the challenges still to face.

    Attributes:
        stage: one of the ``SD_*`` stages.
        card: the Lair Showdown card turned (-1 before).
        challenges_left: Challenge cards Manos still plays from its hand.
        fixed_left: characters still to face the card's own challenge, in order.
        failures: showdown challenges the Family has failed so far.
    """

    kind = SHOWDOWN

    def __init__(self) -> None:
        self.stage = SD_FLIP
        self.card = -1
        self.challenges_left = 0
        self.fixed_left: list[int] = []
        self.failures = 0

    def to_list(self) -> list[Any]:
        return [
            SHOWDOWN,
            self.stage,
            self.card,
            self.challenges_left,
            list(self.fixed_left),
            self.failures,
        ]

    def copy(self) -> Frame:
        c = ShowdownFrame()
        c.stage = self.stage
        c.card = self.card
        c.challenges_left = self.challenges_left
        c.fixed_left = self.fixed_left[:]
        c.failures = self.failures
        return c


def _draw(items: list[Any]) -> Frame:
    return DrawFrame(int(items[1]), int(items[2]), str(items[3]))


def _limit(items: list[Any]) -> Frame:
    return LimitFrame(int(items[1]))


def _challenge(items: list[Any]) -> Frame:
    c = ChallengeFrame(
        int(items[1]), int(items[2]), int(items[3]), int(items[4]), int(items[5]), bool(items[14])
    )
    c.stage = int(items[6])
    c.efforts = [int(x) for x in items[7]]
    c.boosts = [int(x) for x in items[8]]
    c.effort_bonus = int(items[9])
    c.rating_bonus = int(items[10])
    c.conceded = bool(items[11])
    c.cancelled = bool(items[12])
    c.negated = bool(items[13])
    return c


def _play(items: list[Any]) -> Frame:
    p = PlayFrame(int(items[1]), int(items[2]), int(items[3]))
    p.stage = int(items[4])
    p.negated = bool(items[5])
    return p


def _flip(items: list[Any]) -> Frame:
    return FlipFrame(int(items[1]), int(items[2]))


def _police(items: list[Any]) -> Frame:
    return PoliceFrame()


def _showdown(items: list[Any]) -> Frame:
    s = ShowdownFrame()
    s.stage = int(items[1])
    s.card = int(items[2])
    s.challenges_left = int(items[3])
    s.fixed_left = [int(x) for x in items[4]]
    s.failures = int(items[5])
    return s


FRAME_LENGTHS = (4, 2, 15, 6, 3, 1, 6)
"""How many items each kind's saved list has (kind included), by kind."""
_BUILDERS = (_draw, _limit, _challenge, _play, _flip, _police, _showdown)


def frame_from_list(items: list[Any]) -> Frame:
    """Rebuild a frame from :meth:`Frame.to_list` output (already shape-checked).

    Raises:
        ValueError: if the kind is unknown or the list has the wrong length.
    """
    if not items or not isinstance(items[0], int) or not 0 <= items[0] < len(_BUILDERS):
        raise ValueError(f"unknown frame {items!r}")
    if len(items) != FRAME_LENGTHS[items[0]]:
        raise ValueError(f"a {KIND_NAMES[items[0]]} frame has {FRAME_LENGTHS[items[0]]} items")
    return _BUILDERS[items[0]](items)


__all__ = [
    "ChallengeFrame",
    "DrawFrame",
    "FlipFrame",
    "Frame",
    "LimitFrame",
    "PlayFrame",
    "PoliceFrame",
    "ShowdownFrame",
    "frame_from_list",
]
