"""Errors the tutor raises, each saying what was wrong and where.

Every error a user can cause (an illegal move, a broken data file, a corrupt saved
session, a bad scenario) has its own type here so notebooks and the CLI can show a
clear message instead of a traceback.
"""

from __future__ import annotations

from typing import Any


def _rebuild(cls: type[TutorError], args: tuple[Any, ...], fields: dict[str, Any]) -> TutorError:
    """Recreate a pickled error without calling its ``__init__`` (see ``__reduce__``)."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


class TutorError(Exception):
    """Base class for every error raised on purpose by Rules Tutor.

    Errors pickle with all their fields (an error raised in a worker process of a
    simulation reaches the notebook whole), whatever their constructor takes.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


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
        code: the shared reason code (a ``tutor.core.types.Rejection``).
        detail: the game's own finer reason code (e.g. ``"mixed_suits"``), or empty.
    """

    def __init__(
        self, action: Any, reason: str, rule: str | None = None, code: str = "", detail: str = ""
    ) -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        self.code = code
        self.detail = detail
        label = getattr(action, "label", "")
        label = label if isinstance(label, str) and label else repr(action)
        cite = f" [{rule}]" if rule else ""
        super().__init__(f"illegal action {label!r}: {reason}{cite}")

    @classmethod
    def from_verdict(cls, action: Any, verdict: Any) -> IllegalActionError:
        """The error for an action ``State.check`` refused with ``verdict``."""
        return cls(action, verdict.reason, verdict.rule, verdict.code, verdict.detail)


class InputFileError(TutorError):
    """A file a user handed the kit (cards, rulings, scenario, session) that cannot be used.

    Attributes:
        file: the file's path (or a stand-in such as ``<scenario>`` for data in memory).
        where: the key path inside the file (``cards[3].suit``) or a line and column.
        expected: what was expected there.
        found: what the file had (the offending value, shortened; never more of the file).
    """

    def __init__(self, file: str, where: str, expected: str, found: str) -> None:
        self.file = file
        self.where = where
        self.expected = expected
        self.found = found
        super().__init__(f"{file}: at {where}: expected {expected}, found {found}")

    @classmethod
    def at(cls, file: str, where: str, expected: str, found: str) -> InputFileError:
        """Build the error from its four parts (every subclass supports this form)."""
        return cls(file, where, expected, found)


class RulesetError(InputFileError):
    """A data file (rules, cards, roads, rulings) that is missing, unreadable or invalid."""


class OptionError(TutorError, ValueError):
    """An unknown or invalid game option, ruling or house rule."""


class SessionFileError(InputFileError):
    """A saved session or scenario file that cannot be loaded.

    Built either from a problem sentence, ``SessionFileError(file, problem)``, or from
    the four parts, ``SessionFileError.at(file, where, expected, found)``.  The session
    that was open before the load is left as it was.

    Attributes:
        problem: the sentence after the file name.
    """

    def __init__(
        self, file: str, problem: str, where: str = "", expected: str = "", found: str = ""
    ) -> None:
        TutorError.__init__(self, f"{file}: {problem}")
        self.file = file
        self.problem = problem
        self.where = where
        self.expected = expected
        self.found = found

    @classmethod
    def at(cls, file: str, where: str, expected: str, found: str) -> SessionFileError:
        """Build the error from its four parts."""
        return cls(file, f"at {where}: expected {expected}, found {found}", where, expected, found)


class SaveError(TutorError):
    """A file the kit was asked to write (a saved session) that cannot be written.

    Raised for a target that is a folder, a folder that does not exist, a place the
    user may not write to, or a disk that is full.  Nothing is left behind: the old
    file, if there was one, is as it was, and no temporary file remains.

    Attributes:
        file: the path that was to be written.
        problem: what is wrong with it, in words.
    """

    def __init__(self, file: str, problem: str) -> None:
        self.file = file
        self.problem = problem
        super().__init__(f"{file}: cannot save: {problem}")


class ScenarioError(TutorError):
    """A scenario whose ``setup`` or ``play`` cannot be applied, naming the key.

    Attributes:
        where: the key path (``setup.players[1].hand[2]``).
        problem: what is wrong there.
        expected: what was expected, when the check can say it in those terms.
        found: the offending value, when there is one.
    """

    def __init__(self, where: str, problem: str, expected: str = "", found: str = "") -> None:
        self.where = where
        self.problem = problem
        self.expected = expected
        self.found = found
        super().__init__(f"scenario {where}: {problem}")

    @classmethod
    def at(cls, file: str, where: str, expected: str, found: str) -> ScenarioError:
        """Build the error from the validation layer's four parts (``file`` is unused)."""
        return cls(where, f"expected {expected}, found {found}", expected, found)


class StoreError(TutorError):
    """A database for what people record that cannot be opened, read or written.

    Raised for a file that is not a database (or a damaged one), a folder or file that
    may not be written, a URL SQLAlchemy cannot use or reach, or a database whose tables
    have another shape.

    Attributes:
        where: the database (a file path, or the URL without its password).
        problem: what is wrong with it, in words.
    """

    what = "database"

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: cannot use the {self.what}: {problem}")


class ProgressStoreError(StoreError):
    """A learner's progress database that cannot be used (see :class:`StoreError`).

    The quiz goes on without recording when it meets one, and says so.
    """

    what = "progress database"


class RoomStoreError(StoreError):
    """A workshop room's database that cannot be used (see :class:`StoreError`)."""

    what = "workshop room database"


class RoomAccessError(TutorError):
    """A workshop room that cannot be reached as asked: no room with that code, a
    wrong host secret, a question that is not the room's current one, or a choice the
    question does not offer.  The message says which, never the secret.
    """
