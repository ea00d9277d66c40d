"""A learner's mastery: every quiz answer kept per rule id, and what to ask next.

Why this exists: a quiz that forgets its learner asks the same easy things again.  This
module records each answer (game, rule id, right or wrong, which wrong reading it
matched) in a database and turns the answers into a mastery per rule, which the quiz
uses to pick its next question and the "my progress" chart shows by topic.

The store (:class:`MasteryStore`) is SQLite in the user's data folder by default
(``<user folder>/progress/mastery.sqlite``, see :mod:`tutor.core.userdata`); any
SQLAlchemy URL may be given instead (a database server for a class).  SQLAlchemy is
imported only when a store is opened, never by ``import tutor``.  Writers on one SQLite
file wait for each other (a busy timeout), so no answer is lost when two notebooks
record at once.  A file that is not a database, or cannot be written, raises
:class:`~tutor.core.errors.ProgressStoreError` naming it; :class:`MemoryProgress` keeps
answers for the session only, which the quiz uses instead (and says so).

The rule the quiz follows (:func:`priority`), a Leitner-style schedule:

* each rule's *box* is the number of right answers in a row at the end of its history,
  up to :data:`MASTERED` (3): a wrong answer sends it back to box 0;
* the next question is the one whose rule comes first in this order: rules answered
  wrongly last time, then rules never seen, then box 1, box 2 and mastered rules last;
  between equals, the rule answered longest ago first, then a question offering a
  tempting wrong reading of the rules (a misconception), then the game's own order;
* a rule's mastery is its box over :data:`MASTERED` (0 to 1).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.analysis.database import open_database
from tutor.core.errors import ProgressStoreError
from tutor.core.userdata import user_path

MASTERED = 3
"""Right answers in a row after which a rule counts as mastered."""
DEFAULT_FILE = "mastery.sqlite"
"""The default database's file name, in the user folder's ``progress`` sub-folder."""
DEFAULT_LEARNER = "me"


@dataclass(frozen=True)
class Answer:
    """One recorded quiz answer.

    Attributes:
        game: the game's name.
        rule: the rule id the question asked about.
        topic: the rule's topic (or section).
        correct: whether the answer was right.
        picked: the text of the option picked.
        misconception: ``"ruling=option"`` when the pick is what the rules do under
            that wrong reading, else ``""``.
        question: where the question came from (seed, step, entry).
        answered_at: seconds since the epoch.
    """

    game: str
    rule: str
    topic: str
    correct: bool
    picked: str = ""
    misconception: str = ""
    question: str = ""
    answered_at: float = 0.0


@dataclass(frozen=True)
class RuleMastery:
    """What the answers say about one rule.

    Attributes:
        rule: the rule id.
        topic: its topic.
        seen: how many times it was asked.
        right: how many answers were right.
        streak: right answers in a row at the end (0 when the last one was wrong).
        last_wrong: the last answer was wrong.
        last_at: when it was last answered (0 if never).
        misconceptions: how often each wrong reading was picked.
    """

    rule: str
    topic: str = ""
    seen: int = 0
    right: int = 0
    streak: int = 0
    last_wrong: bool = False
    last_at: float = 0.0
    misconceptions: Mapping[str, int] | None = None

    @property
    def box(self) -> int:
        """The Leitner box: right answers in a row, at most :data:`MASTERED`."""
        return min(self.streak, MASTERED)

    @property
    def mastery(self) -> float:
        """From 0 (never right lately) to 1 (mastered)."""
        return self.box / MASTERED

    @property
    def state(self) -> str:
        """``"review"`` (last answer wrong), ``"new"``, ``"learning"`` or ``"mastered"``."""
        if self.last_wrong:
            return "review"
        if not self.seen:
            return "new"
        return "mastered" if self.box >= MASTERED else "learning"


def summarise_answers(answers: Iterable[Answer]) -> dict[str, RuleMastery]:
    """Each rule's mastery from its answers (taken in the order they were given)."""
    table: dict[str, dict[str, Any]] = {}
    for a in sorted(answers, key=lambda a: a.answered_at):
        m = table.setdefault(a.rule, {"topic": a.topic, "seen": 0, "right": 0, "streak": 0})
        m["seen"] += 1
        m["right"] += a.correct
        m["streak"] = m["streak"] + 1 if a.correct else 0
        m["last_wrong"] = not a.correct
        m["last_at"] = a.answered_at
        if a.misconception:
            wrong = m.setdefault("misconceptions", {})
            wrong[a.misconception] = wrong.get(a.misconception, 0) + 1
    return {rule: RuleMastery(rule, **fields) for rule, fields in table.items()}


def priority(m: RuleMastery | None) -> tuple[int, float]:
    """The sort key of a rule for the next question (smaller comes sooner).

    Rules answered wrongly last time first, then rules never seen, then by box (right
    answers in a row), the longest unasked first.
    """
    if m is None or not m.seen:
        return (1, 0.0)
    if m.last_wrong:
        return (0, m.last_at)
    return (2 + m.box, m.last_at)


def next_by_mastery(
    rules: Sequence[str],
    mastery: Mapping[str, RuleMastery],
    skip: Iterable[int] = (),
    tempting: Iterable[int] = (),
) -> int | None:
    """The index of the question to ask next, given each question's rule.

    Args:
        rules: the rule id of each candidate question, in the game's order.
        mastery: what the answers so far say (:meth:`MasteryStore.mastery`).
        skip: indices already asked.
        tempting: candidates that offer a tempting wrong reading; among equals they
            come first.

    Returns:
        The first candidate by :func:`priority` (ties: tempting ones first, then the
        game's order), or ``None`` when every candidate was asked.
    """
    done = set(skip)
    lure = set(tempting)
    left = [i for i in range(len(rules)) if i not in done]
    if not left:
        return None
    return min(left, key=lambda i: (priority(mastery.get(rules[i])), i not in lure, i))


class MemoryProgress:
    """Answers kept in memory for this session only (the quiz's fallback).

    Args:
        learner: whose answers these are.
        reason: why answers are not saved (shown to the learner), or ``""``.
    """

    saved = False

    def __init__(self, learner: str = DEFAULT_LEARNER, reason: str = "") -> None:
        self.learner = learner
        self.reason = reason
        self._answers: list[Answer] = []

    @property
    def where(self) -> str:
        """Where answers go, in words."""
        return "this session only (not saved)"

    def record(self, answer: Answer) -> None:
        """Keep an answer."""
        self._answers.append(answer)

    def answers(self, game: str) -> list[Answer]:
        """Every answer recorded for ``game``, oldest first."""
        return [a for a in self._answers if a.game == game]

    def mastery(self, game: str) -> dict[str, RuleMastery]:
        """Each rule's mastery in ``game``."""
        return summarise_answers(self.answers(game))


def default_url() -> str:
    """The SQLite URL of the default database in the user's data folder.

    Raises:
        UserDataError: if the folder cannot be made.
    """
    return f"sqlite:///{user_path('progress', DEFAULT_FILE)}"


class MasteryStore:
    """Quiz answers in a database (SQLite in the user folder unless told otherwise).

    Args:
        url: a SQLAlchemy URL (``sqlite:///path.sqlite``, ``postgresql://...``), a path
            to a SQLite file, or ``None`` for the default file in the user's data folder
            (:func:`default_url`).
        learner: whose answers are recorded and read (several learners may share one
            database).

    Raises:
        ProgressStoreError: if the database cannot be opened, is not a database, is
            damaged, cannot be written, or holds a table of another shape; the message
            names the file (or the URL without its password) and the problem.
    """

    saved = True
    reason = ""

    def __init__(self, url: str | os.PathLike[str] | None = None, learner: str = DEFAULT_LEARNER):
        import sqlalchemy as sa

        self._sa = sa
        self.learner = learner
        self._db = open_database(url, ("progress", DEFAULT_FILE), ProgressStoreError)
        self.where = self._db.where
        self.engine = self._db.engine
        meta = sa.MetaData()
        self.table = sa.Table(
            "quiz_answers",
            meta,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("learner", sa.String(100), nullable=False),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("rule", sa.String(64), nullable=False),
            sa.Column("topic", sa.String(64), nullable=False),
            sa.Column("correct", sa.Boolean, nullable=False),
            sa.Column("picked", sa.Text, nullable=False),
            sa.Column("misconception", sa.String(128), nullable=False),
            sa.Column("question", sa.String(128), nullable=False),
            sa.Column("answered_at", sa.Float, nullable=False),
            sa.Index("ix_quiz_answers_learner_game", "learner", "game"),
        )
        self._lock = threading.Lock()
        self._db.create(meta)

    def _guard(self, work: Any) -> Any:
        """Run ``work`` and turn a database failure into a :class:`ProgressStoreError`."""
        return self._db.guard(work)

    def record(self, answer: Answer) -> None:
        """Save an answer (at once, in its own transaction).

        Raises:
            ProgressStoreError: if it cannot be written.
        """
        row = {
            "learner": self.learner,
            "game": answer.game,
            "rule": answer.rule,
            "topic": answer.topic,
            "correct": bool(answer.correct),
            "picked": answer.picked[:2000],
            "misconception": answer.misconception,
            "question": answer.question[:128],
            "answered_at": answer.answered_at or time.time(),
        }

        def write() -> None:
            with self._lock, self.engine.begin() as conn:
                conn.execute(self.table.insert().values(**row))

        self._guard(write)

    def answers(self, game: str) -> list[Answer]:
        """Every answer this learner gave in ``game``, oldest first.

        Raises:
            ProgressStoreError: if the database cannot be read.
        """
        t = self.table

        def read() -> list[Answer]:
            query = (
                self._sa.select(t)
                .where(t.c.learner == self.learner, t.c.game == game)
                .order_by(t.c.answered_at, t.c.id)
            )
            with self.engine.connect() as conn:
                return [
                    Answer(
                        r.game,
                        r.rule,
                        r.topic,
                        bool(r.correct),
                        r.picked,
                        r.misconception,
                        r.question,
                        float(r.answered_at),
                    )
                    for r in conn.execute(query)
                ]

        found: list[Answer] = self._guard(read)
        return found

    def mastery(self, game: str) -> dict[str, RuleMastery]:
        """Each rule's mastery in ``game``.

        Raises:
            ProgressStoreError: if the database cannot be read.
        """
        return summarise_answers(self.answers(game))

    def close(self) -> None:
        """Let go of the database's connections."""
        self.engine.dispose()


def open_progress(
    url: str | os.PathLike[str] | None = None, learner: str = DEFAULT_LEARNER
) -> MasteryStore | MemoryProgress:
    """The store to record quiz answers in, or a :class:`MemoryProgress` saying why not.

    Never raises for a broken database: the quiz must go on without it.

    Args:
        url: as :class:`MasteryStore` takes it (``None``: the user folder's file).
        learner: whose answers.
    """
    try:
        return MasteryStore(url, learner)
    except ProgressStoreError as exc:
        return MemoryProgress(learner, str(exc))


def topic_mastery(
    rulebook: Any, mastery: Mapping[str, RuleMastery], rules: Iterable[str] | None = None
) -> list[dict[str, Any]]:
    """How many of each topic's rules are mastered, being learnt, to review or new.

    Args:
        rulebook: the game's :class:`~tutor.core.rules.RuleBook`.
        mastery: each rule's mastery (:meth:`MasteryStore.mastery`).
        rules: the rules to count (default: every rule of the rule book).

    Returns:
        One row per topic in the rule book's order: ``topic``, ``title``, ``mastered``,
        ``learning``, ``review``, ``new`` (rule counts), ``answered``, ``right`` and
        ``mastery`` (the mean of the topic's rules' mastery, 0 to 1).
    """
    wanted = list(rulebook.rules) if rules is None else list(dict.fromkeys(rules))
    rows: dict[str, dict[str, Any]] = {}
    for rid in wanted:
        rule = rulebook.rules.get(rid)
        topic = str(rule.topic) if rule is not None else rid.rsplit(".", 1)[0]
        row = rows.setdefault(
            topic,
            {
                "topic": topic,
                "title": rulebook.topics.get(topic, ""),
                "mastered": 0,
                "learning": 0,
                "review": 0,
                "new": 0,
                "answered": 0,
                "right": 0,
                "_sum": 0.0,
                "_n": 0,
            },
        )
        m = mastery.get(rid) or RuleMastery(rid, topic)
        row[m.state] += 1
        row["answered"] += m.seen
        row["right"] += m.right
        row["_sum"] += m.mastery
        row["_n"] += 1
    out = []
    for row in rows.values():
        n, total = row.pop("_n"), row.pop("_sum")
        row["mastery"] = total / n if n else 0.0
        out.append(row)
    return out


__all__ = [
    "MASTERED",
    "Answer",
    "MasteryStore",
    "MemoryProgress",
    "RuleMastery",
    "default_url",
    "next_by_mastery",
    "open_progress",
    "priority",
    "summarise_answers",
    "topic_mastery",
]
