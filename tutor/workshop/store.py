"""Workshop rooms, their questions and the learners' answers, in one shared database.

Why this exists: a Voila server gives every visitor a kernel of their own, so the host's
page and thirty learners' pages are thirty-one processes.  They meet in a database: the
host writes the room's current question, each learner's kernel reads it and writes that
learner's answer, and the host's kernel counts the answers.  Because everything is in
the database, a learner who reloads the page (a new kernel) finds their answer again,
and a host whose kernel restarted reopens the room with its code and secret.

Who may do what:

- a room is found only by its code (:data:`CODE_LENGTH` letters and digits, no
  look-alike characters); there is no way to list rooms;
- only a holder of the host secret (returned once by :meth:`RoomStore.open_room`, kept
  as a SHA-256 hash) may push questions, reveal answers or save the game;
- a learner answers the room's current open question only, once: one row per learner
  per question (a unique constraint); answering again while the question is open
  changes that learner's answer, never adds a second one.

The database is SQLite in the user's data folder by default
(``<user folder>/workshop/rooms.sqlite``), or the URL in ``RULES_TUTOR_WORKSHOP_DB``, or
any SQLAlchemy URL given; SQLite runs in WAL mode and every write is one short
transaction holding the write lock (:mod:`tutor.analysis.database`); on a database
server (tested on PostgreSQL) a write that loses a race to another kernel (both found
no answer row and both inserted one) runs again and finds the winner's row.  A database that
cannot be used raises :class:`~tutor.core.errors.RoomStoreError` naming it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from tutor.analysis.database import open_database
from tutor.core.errors import RoomAccessError, RoomStoreError

DATABASE_ENV = "RULES_TUTOR_WORKSHOP_DB"
"""The environment variable naming the rooms' database (a URL or a SQLite file)."""
DEFAULT_FILE = "rooms.sqlite"
"""The default database's file name, in the user folder's ``workshop`` sub-folder."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room code characters: capitals and digits without the look-alikes I, O, 0 and 1."""
CODE_LENGTH = 6
LEARNER_MAX = 40
"""The longest learner name kept."""
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")


def normal_code(code: object) -> str:
    """A room code as typed, made canonical (upper case, spaces and dashes dropped).

    Raises:
        RoomAccessError: if it cannot be a room code (saying what one looks like).
    """
    text = re.sub(r"[\s-]", "", str(code)).upper()
    if not _CODE.fullmatch(text):
        shown = str(code)[:20]
        raise RoomAccessError(
            f"{shown!r} is not a room code: a room code is {CODE_LENGTH} letters and digits "
            "(the host shows it on the screen)"
        )
    return text


def normal_learner(name: object) -> str:
    """A learner's name as typed, made canonical (spaces collapsed, at most 40 characters).

    Raises:
        RoomAccessError: if the name is empty or holds control characters.
    """
    text = " ".join(str(name).split())[:LEARNER_MAX]
    if not text or any(not ch.isprintable() for ch in text):
        raise RoomAccessError("type a name (letters, digits, spaces) to answer in the room")
    return text


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def default_database() -> str | None:
    """The database the rooms use when none is given: ``RULES_TUTOR_WORKSHOP_DB`` if set.

    ``None`` means the default file in the user's data folder.
    """
    return os.environ.get(DATABASE_ENV) or None


@dataclass(frozen=True)
class Room:
    """A room as anyone with its code sees it.

    Attributes:
        code: the room code.
        game: the game the room plays (the first question's, until one is pushed).
        title: what the host called the room.
        question: the id of the current question (``None`` before the first).
        created_at: seconds since the epoch.
    """

    code: str
    game: str
    title: str
    question: int | None
    created_at: float


@dataclass(frozen=True)
class QuestionDraft:
    """A position made into a question, before it is put to the room.

    Attributes:
        game: the game's name.
        title: where the position comes from, for people.
        player: the name of the player who decides (whose eyes the picture shows).
        prompt: the decision's prompt as that player reads it.
        picture: HTML: the position through that player's eyes.
        choices: the labels of that player's legal choices, in the engine's order.
    """

    game: str
    title: str
    player: str
    prompt: str
    picture: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class Question(QuestionDraft):
    """One "what would you do here?" put to the room: a draft, numbered and kept.

    Attributes:
        id: the question's id in the database.
        room: the room's code.
        number: 1 for the room's first question, then 2, 3 ...
        status: ``"open"`` (answers accepted) or ``"revealed"``.
        reveal: what the engine says, once revealed (see
            :func:`tutor.workshop.positions.engine_says`).
    """

    id: int = 0
    room: str = ""
    number: int = 0
    status: str = "open"
    reveal: dict[str, Any] | None = None


@dataclass(frozen=True)
class Tally:
    """The answers to one question so far.

    Attributes:
        counts: how many learners picked each choice (in the question's order).
        answers: how many learners answered (the sum of ``counts``).
        last: the id of the newest answer row (0 when none): it changes whenever an
            answer arrives or changes, so a poller redraws only then.
    """

    counts: tuple[int, ...]
    answers: int
    last: int = 0


class RoomStore:
    """The rooms' database.

    Args:
        url: a SQLAlchemy URL, a SQLite file path, or ``None`` for
            :func:`default_database` (``RULES_TUTOR_WORKSHOP_DB``, else
            ``<user folder>/workshop/rooms.sqlite``).

    Raises:
        RoomStoreError: if the database cannot be opened, is not a database, is damaged,
            cannot be written, or holds tables of another shape (naming the database).
    """

    def __init__(self, url: str | os.PathLike[str] | None = None) -> None:
        import sqlalchemy as sa

        self._sa = sa
        given = url if url is not None else default_database()
        self._db = open_database(given, ("workshop", DEFAULT_FILE), RoomStoreError, wal=True)
        self.where = self._db.where
        meta = sa.MetaData()
        self.rooms = sa.Table(
            "workshop_rooms",
            meta,
            sa.Column("code", sa.String(16), primary_key=True),
            sa.Column("secret_hash", sa.String(64), nullable=False),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("title", sa.Text, nullable=False),
            sa.Column("question", sa.Integer, nullable=True),
            sa.Column("session", sa.Text, nullable=True),
            sa.Column("created_at", sa.Float, nullable=False),
        )
        self.questions = sa.Table(
            "workshop_questions",
            meta,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("room", sa.String(16), sa.ForeignKey("workshop_rooms.code"), nullable=False),
            sa.Column("number", sa.Integer, nullable=False),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("title", sa.Text, nullable=False),
            sa.Column("player", sa.Text, nullable=False),
            sa.Column("prompt", sa.Text, nullable=False),
            sa.Column("picture", sa.Text, nullable=False),
            sa.Column("choices", sa.Text, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("reveal", sa.Text, nullable=True),
            sa.Column("created_at", sa.Float, nullable=False),
            sa.UniqueConstraint("room", "number", name="uq_workshop_question_number"),
        )
        self.answers = sa.Table(
            "workshop_answers",
            meta,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column(
                "question", sa.Integer, sa.ForeignKey("workshop_questions.id"), nullable=False
            ),
            sa.Column("learner", sa.String(64), nullable=False),
            sa.Column("choice", sa.Integer, nullable=False),
            sa.Column("answered_at", sa.Float, nullable=False),
            sa.UniqueConstraint("question", "learner", name="uq_workshop_one_answer"),
        )
        self.learners = sa.Table(
            "workshop_learners",
            meta,
            sa.Column(
                "room", sa.String(16), sa.ForeignKey("workshop_rooms.code"), primary_key=True
            ),
            sa.Column("learner", sa.String(64), primary_key=True),
            sa.Column("joined_at", sa.Float, nullable=False),
        )
        self._db.create(meta)

    # ---- the host ---------------------------------------------------------------------
    def open_room(self, game: str, title: str = "") -> tuple[str, str]:
        """Open a new room.

        Args:
            game: the game the room starts with.
            title: what to call the room (shown to learners).

        Returns:
            ``(code, secret)``: the code learners type, and the host's secret (shown
            once, kept only as a hash).

        Raises:
            RoomStoreError: if the database cannot be written.
        """
        secret = secrets.token_urlsafe(18)
        sa = self._sa

        def write() -> str:
            with self._db.write_transaction() as conn:
                while True:
                    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                    taken = conn.execute(
                        sa.select(self.rooms.c.code).where(self.rooms.c.code == code)
                    ).first()
                    if taken is None:
                        break
                conn.execute(
                    self.rooms.insert().values(
                        code=code,
                        secret_hash=_digest(secret),
                        game=game,
                        title=title[:200],
                        question=None,
                        session=None,
                        created_at=time.time(),
                    )
                )
                return code

        code: str = self._db.write(write)
        return code, secret

    def _check_host(self, conn: Any, code: str, secret: str) -> Any:
        """The room's row, after checking the secret (inside a transaction)."""
        row = conn.execute(self._sa.select(self.rooms).where(self.rooms.c.code == code)).first()
        if row is None:
            raise RoomAccessError(f"there is no room {code} in {self.where}")
        given = str(secret)
        if not _SECRET.fullmatch(given) or not hmac.compare_digest(_digest(given), row.secret_hash):
            raise RoomAccessError(f"that is not the host secret of room {code}")
        return row

    def check_host(self, code: str, secret: str) -> Room:
        """The room, if ``secret`` is its host secret.

        Raises:
            RoomAccessError: if there is no such room or the secret is wrong.
            RoomStoreError: if the database cannot be read.
        """
        code = normal_code(code)

        def read() -> Room:
            with self._db.engine.connect() as conn:
                return self._room(self._check_host(conn, code, secret))

        room: Room = self._db.guard(read)
        return room

    def save_session(self, code: str, secret: str, session: dict[str, Any]) -> None:
        """Keep the host's game (a Session's saved form) so a restarted kernel goes on.

        Raises:
            RoomAccessError: if there is no such room or the secret is wrong.
            RoomStoreError: if the database cannot be written.
        """
        code = normal_code(code)
        text = json.dumps(session)

        def write() -> None:
            with self._db.write_transaction() as conn:
                self._check_host(conn, code, secret)
                conn.execute(
                    self.rooms.update()
                    .where(self.rooms.c.code == code)
                    .values(session=text, game=str(session.get("game", "")) or "")
                )

        self._db.write(write)

    def saved_session(self, code: str, secret: str) -> dict[str, Any] | None:
        """The host's game as last saved (``None`` before the first push).

        Raises:
            RoomAccessError: if there is no such room or the secret is wrong.
            RoomStoreError: if the database cannot be read.
        """
        code = normal_code(code)

        def read() -> dict[str, Any] | None:
            with self._db.engine.connect() as conn:
                row = self._check_host(conn, code, secret)
                return json.loads(row.session) if row.session else None

        found: dict[str, Any] | None = self._db.guard(read)
        return found

    def push_question(
        self,
        code: str,
        secret: str,
        draft: QuestionDraft,
    ) -> Question:
        """Put a new question to the room; it becomes the current one at once.

        Raises:
            RoomAccessError: if there is no such room, the secret is wrong, or the
                question offers no choice.
            RoomStoreError: if the database cannot be written.
        """
        code = normal_code(code)
        if not draft.choices:
            raise RoomAccessError("a question needs at least one choice to answer")
        sa = self._sa
        q = self.questions

        def write() -> int:
            with self._db.write_transaction() as conn:
                self._check_host(conn, code, secret)
                last = conn.execute(
                    sa.select(sa.func.max(q.c.number)).where(q.c.room == code)
                ).scalar()
                result = conn.execute(
                    q.insert().values(
                        room=code,
                        number=(last or 0) + 1,
                        game=draft.game,
                        title=draft.title,
                        player=draft.player,
                        prompt=draft.prompt,
                        picture=draft.picture,
                        choices=json.dumps(list(draft.choices)),
                        status="open",
                        reveal=None,
                        created_at=time.time(),
                    )
                )
                qid = int(result.inserted_primary_key[0])
                conn.execute(
                    self.rooms.update()
                    .where(self.rooms.c.code == code)
                    .values(question=qid, game=draft.game)
                )
                return qid

        qid: int = self._db.write(write)
        found = self.question(code, qid)
        assert found is not None  # just written
        return found

    def reveal(self, code: str, secret: str, question: int, says: dict[str, Any]) -> None:
        """Close a question and show the room what the engine says.

        Raises:
            RoomAccessError: if there is no such room, the secret is wrong, or the
                question is not one of this room's.
            RoomStoreError: if the database cannot be written.
        """
        code = normal_code(code)
        q = self.questions
        text = json.dumps(says)

        def write() -> None:
            with self._db.write_transaction() as conn:
                self._check_host(conn, code, secret)
                done = conn.execute(
                    q.update()
                    .where(q.c.id == question, q.c.room == code)
                    .values(status="revealed", reveal=text)
                )
                if done.rowcount != 1:
                    raise RoomAccessError(f"room {code} has no question {question}")

        self._db.write(write)

    # ---- anyone with the code ---------------------------------------------------------
    def room(self, code: str) -> Room:
        """The room with this code.

        Raises:
            RoomAccessError: if the code is malformed or no room has it.
            RoomStoreError: if the database cannot be read.
        """
        code = normal_code(code)

        def read() -> Room:
            with self._db.engine.connect() as conn:
                row = conn.execute(
                    self._sa.select(self.rooms).where(self.rooms.c.code == code)
                ).first()
            if row is None:
                raise RoomAccessError(
                    f"there is no room {code}: check the code the host shows on the screen"
                )
            return self._room(row)

        room: Room = self._db.guard(read)
        return room

    def question(self, code: str, question: int | None = None) -> Question | None:
        """A question of the room (by default its current one; ``None`` if there is none).

        Raises:
            RoomAccessError: if the code is malformed or no room has it.
            RoomStoreError: if the database cannot be read.
        """
        room = self.room(code)
        wanted = room.question if question is None else question
        if wanted is None:
            return None
        q = self.questions

        def read() -> Any:
            with self._db.engine.connect() as conn:
                return conn.execute(
                    self._sa.select(q).where(q.c.id == wanted, q.c.room == room.code)
                ).first()

        row = self._db.guard(read)
        if row is None:
            return None
        return Question(
            id=int(row.id),
            room=row.room,
            number=int(row.number),
            game=row.game,
            title=row.title,
            player=row.player,
            prompt=row.prompt,
            picture=row.picture,
            choices=tuple(json.loads(row.choices)),
            status=row.status,
            reveal=json.loads(row.reveal) if row.reveal else None,
        )

    def join(self, code: str, learner: str) -> str:
        """Record that a learner is in the room (again, after a reload: no change).

        Returns:
            The learner's name as kept.

        Raises:
            RoomAccessError: if there is no such room or the name is empty.
            RoomStoreError: if the database cannot be written.
        """
        code = normal_code(code)
        name = normal_learner(learner)
        sa = self._sa
        t = self.learners

        def write() -> None:
            with self._db.write_transaction() as conn:
                if (
                    conn.execute(
                        sa.select(self.rooms.c.code).where(self.rooms.c.code == code)
                    ).first()
                    is None
                ):
                    raise RoomAccessError(
                        f"there is no room {code}: check the code the host shows on the screen"
                    )
                seen = conn.execute(
                    sa.select(t.c.learner).where(t.c.room == code, t.c.learner == name)
                ).first()
                if seen is None:
                    conn.execute(t.insert().values(room=code, learner=name, joined_at=time.time()))

        self._db.write(write)
        return name

    def answer(self, code: str, question: int, learner: str, choice: int) -> None:
        """A learner's answer to the room's current question (replacing their earlier one).

        Raises:
            RoomAccessError: if there is no such room, the question is not the room's
                current open one, the choice is not one it offers, or the name is empty.
            RoomStoreError: if the database cannot be written.
        """
        code = normal_code(code)
        name = normal_learner(learner)
        sa = self._sa
        q, a = self.questions, self.answers

        def write() -> None:
            with self._db.write_transaction() as conn:
                room = conn.execute(
                    sa.select(self.rooms.c.question).where(self.rooms.c.code == code)
                ).first()
                if room is None:
                    raise RoomAccessError(f"there is no room {code}")
                asked = conn.execute(
                    sa.select(q.c.status, q.c.choices).where(q.c.id == question, q.c.room == code)
                ).first()
                if asked is None or room.question != question:
                    raise RoomAccessError(
                        f"question {question} is not the current question of room {code}"
                    )
                if asked.status != "open":
                    raise RoomAccessError("the host has revealed this question: answers are closed")
                offered = len(json.loads(asked.choices))
                if not (isinstance(choice, int) and 0 <= choice < offered):
                    raise RoomAccessError(f"choice {choice!r} is not one of the {offered} offered")
                changed = conn.execute(
                    a.update()
                    .where(a.c.question == question, a.c.learner == name)
                    .values(choice=choice, answered_at=time.time())
                )
                if changed.rowcount == 0:
                    conn.execute(
                        a.insert().values(
                            question=question, learner=name, choice=choice, answered_at=time.time()
                        )
                    )

        self._db.write(write)

    def answer_of(self, code: str, question: int, learner: str) -> int | None:
        """The choice a learner gave to a question of the room (``None``: not answered).

        Raises:
            RoomAccessError: if the code is malformed or the name empty.
            RoomStoreError: if the database cannot be read.
        """
        code = normal_code(code)
        name = normal_learner(learner)
        sa = self._sa
        q, a = self.questions, self.answers

        def read() -> int | None:
            with self._db.engine.connect() as conn:
                found = conn.execute(
                    sa.select(a.c.choice)
                    .join(q, q.c.id == a.c.question)
                    .where(q.c.room == code, a.c.question == question, a.c.learner == name)
                ).scalar()
                return None if found is None else int(found)

        choice: int | None = self._db.guard(read)
        return choice

    def tally(self, code: str, question: int, choices: int) -> Tally:
        """How many learners picked each of a question's ``choices`` so far.

        Raises:
            RoomAccessError: if the code is malformed.
            RoomStoreError: if the database cannot be read.
        """
        code = normal_code(code)
        sa = self._sa
        q, a = self.questions, self.answers

        def read() -> Tally:
            counts = [0] * choices
            last = 0
            with self._db.engine.connect() as conn:
                rows = conn.execute(
                    sa.select(a.c.choice, sa.func.count(), sa.func.max(a.c.answered_at))
                    .join(q, q.c.id == a.c.question)
                    .where(q.c.room == code, a.c.question == question)
                    .group_by(a.c.choice)
                ).all()
            newest = 0.0
            for choice, n, at in rows:
                if 0 <= choice < choices:
                    counts[choice] = int(n)
                newest = max(newest, float(at or 0.0))
            last = int(newest * 1_000_000)
            return Tally(tuple(counts), sum(counts), last)

        found: Tally = self._db.guard(read)
        return found

    def learner_count(self, code: str) -> int:
        """How many learners have joined the room.

        Raises:
            RoomAccessError: if the code is malformed.
            RoomStoreError: if the database cannot be read.
        """
        code = normal_code(code)
        sa = self._sa
        t = self.learners

        def read() -> int:
            with self._db.engine.connect() as conn:
                return int(
                    conn.execute(
                        sa.select(sa.func.count()).select_from(t).where(t.c.room == code)
                    ).scalar()
                    or 0
                )

        count: int = self._db.guard(read)
        return count

    def close(self) -> None:
        """Let go of the database's connections."""
        self._db.close()

    @staticmethod
    def _room(row: Any) -> Room:
        return Room(row.code, row.game, row.title, row.question, float(row.created_at))


__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "DATABASE_ENV",
    "Question",
    "QuestionDraft",
    "Room",
    "RoomStore",
    "Tally",
    "default_database",
    "normal_code",
    "normal_learner",
]
