"""Errors the tutor raises, each saying what was wrong and where.

Every error a user can cause (an illegal move, a broken data file, a corrupt saved
session, a bad scenario) has its own type here so notebooks and the CLI can show a
clear message instead of a traceback.
"""

from __future__ import annotations

from typing import Any


class TutorError(Exception):
    """Base class for every error raised on purpose by Rules Tutor."""


class UnknownGameError(TutorError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class IllegalActionError(TutorError):
    """An action that is not legal in the current state.

    Attributes:
        action: the rejected action.
        reason: a sentence saying why it is illegal.
        rule: the rule id that forbids it, when one does.
        code: a short machine-readable reason code (e.g. ``"mixed_suits"``).
    """

    def __init__(self, action: Any, reason: str, rule: str | None = None, code: str = "") -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        self.code = code
        label = getattr(action, "label", "") or repr(action)
        cite = f" [{rule}]" if rule else ""
        super().__init__(f"illegal action {label!r}: {reason}{cite}")


class RulesetError(TutorError):
    """A data file (rules, cards, roads, rulings) that is missing, unreadable or invalid.

    Attributes:
        file: the file's path.
        where: the key path inside the file (``cards[3].suit``) or a line/column.
        expected: what the schema wanted.
        found: what the file had.
    """

    def __init__(self, file: str, where: str, expected: str, found: str) -> None:
        self.file = file
        self.where = where
        self.expected = expected
        self.found = found
        super().__init__(f"{file}: at {where}: expected {expected}, found {found}")


class OptionError(TutorError, ValueError):
    """An unknown or invalid game option, ruling or house rule."""


class SessionFileError(TutorError):
    """A saved session or scenario file that cannot be loaded.

    The session that was open before the load is left as it was.
    """

    def __init__(self, file: str, problem: str) -> None:
        self.file = file
        self.problem = problem
        super().__init__(f"{file}: {problem}")


class ScenarioError(TutorError):
    """A scenario whose ``setup`` or ``play`` cannot be applied, naming the key."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"scenario {where}: {problem}")
