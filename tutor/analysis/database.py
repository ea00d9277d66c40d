"""Opening a database for what people record: a learner's progress, a workshop room.

Why this exists: the quiz's progress store (:mod:`tutor.analysis.mastery`) and the live
workshop room (:mod:`tutor.workshop.store`) keep their records the same way: SQLite in
the user's data folder by default, any SQLAlchemy URL when configured (a database server
for a class), and a clear error naming the database when it cannot be used.  This module
is that shared part: turning what the user gave into a URL and an engine, and turning a
database failure into the caller's own error class (a :class:`~tutor.core.errors.
TutorError` built from ``(where, problem)``: a :class:`~tutor.core.errors.StoreError`).

SQLite files are opened in WAL mode with a busy timeout, so the many kernels of one
Voila server can read while one writes, and writers wait for each other instead of
failing.  :func:`write_transaction` takes SQLite's write lock at the start
(``BEGIN IMMEDIATE``), so a read-then-write transaction can never fail half-way.  A
database server (PostgreSQL ...) has no such lock: two kernels may both find no row and
both insert one, and the loser's unique constraint fails; :meth:`Database.write` runs
such a read-then-write again, from a fresh transaction, when that happens (or when the
server reports a serialization failure or a deadlock), so it sees the winner's row.

SQLAlchemy is imported only when a database is opened, never by ``import tutor``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.core.errors import StoreError
from tutor.core.userdata import UserDataError, user_path

BUSY_SECONDS = 30
"""How long a writer waits for another one to finish with a SQLite file."""
WRITE_ATTEMPTS = 5
"""How often :meth:`Database.write` runs a write that lost a race on a database server."""
RACE_STATES = frozenset({"23505", "40001", "40P01"})
"""SQLSTATEs of a lost race: unique violation, serialization failure, deadlock."""


@dataclass
class Database:
    """An opened database: its engine, how to name it, and whether it is SQLite.

    Attributes:
        engine: the SQLAlchemy engine.
        where: the file (SQLite) or the URL without its password, for messages.
        sqlite: True for a SQLite file.
        error: the error class failures are raised as.
    """

    engine: Any
    where: str
    sqlite: bool
    error: type[StoreError]

    def guard(self, work: Callable[[], Any]) -> Any:
        """Run ``work`` and turn a database failure into this store's error.

        Raises:
            StoreError: ``self.error(where, problem)`` for any SQLAlchemy or OS failure.
        """
        import sqlalchemy as sa

        try:
            return work()
        except sa.exc.SQLAlchemyError as exc:
            raise self.error(self.where, problem_of(exc)) from None
        except OSError as exc:
            raise self.error(self.where, exc.strerror or str(exc)) from None

    def write(self, work: Callable[[], Any]) -> Any:
        """Run ``work`` (a read-then-write in one :meth:`write_transaction`) like
        :meth:`guard`, running it again when it lost a race on a database server.

        On SQLite the write lock rules races out and ``work`` runs once.  Elsewhere a
        transaction that failed on a unique constraint, a serialization failure or a
        deadlock (another kernel wrote the same row first) is run again from the start,
        up to :data:`WRITE_ATTEMPTS` times; a constraint that fails for another reason
        fails at once.

        Raises:
            StoreError: ``self.error(where, problem)`` for any other failure, or a race
                still lost after the last attempt.
        """
        import sqlalchemy as sa

        if self.sqlite:
            return self.guard(work)
        for attempt in range(WRITE_ATTEMPTS):
            try:
                return self.guard_raw(work)
            except sa.exc.DBAPIError as exc:
                if attempt + 1 == WRITE_ATTEMPTS or not lost_race(exc):
                    raise self.error(self.where, problem_of(exc)) from None
                time.sleep(0.005 * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    def guard_raw(self, work: Callable[[], Any]) -> Any:
        """Run ``work``, turning OS failures into this store's error and letting
        SQLAlchemy's errors through (for :meth:`write` to judge).

        Raises:
            StoreError: ``self.error`` for an OS failure.
            sqlalchemy.exc.SQLAlchemyError: as ``work`` raised it.
        """
        try:
            return work()
        except OSError as exc:
            raise self.error(self.where, exc.strerror or str(exc)) from None

    @contextmanager
    def write_transaction(self) -> Iterator[Any]:
        """A connection in a transaction that holds the write lock from its start.

        SQLite: ``BEGIN IMMEDIATE`` (waits up to :data:`BUSY_SECONDS` for another
        writer), committed at the end, rolled back on any error.  Other databases: an
        ordinary transaction (their constraints do the rest).
        """
        if not self.sqlite:
            with self.engine.begin() as conn:
                yield conn
            return
        with self.engine.connect() as raw:
            conn = raw.execution_options(isolation_level="AUTOCOMMIT")
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.exec_driver_sql("ROLLBACK")
                raise
            conn.exec_driver_sql("COMMIT")

    def check_columns(self, table: Any) -> None:
        """Refuse a database whose ``table`` lacks columns this version writes.

        Raises:
            StoreError: ``self.error`` naming the table and the missing columns.
        """
        import sqlalchemy as sa

        found = {c["name"] for c in sa.inspect(self.engine).get_columns(table.name)}
        missing = sorted({c.name for c in table.columns} - found)
        if missing:
            raise self.error(
                self.where,
                f"its {table.name} table has another shape (missing {', '.join(missing)})",
            )

    def create(self, meta: Any) -> None:
        """Check a SQLite file is whole, then create the tables that are missing.

        Kernels starting together may race to create them; the losers look again.

        Raises:
            StoreError: ``self.error`` if the file is damaged or cannot be written.
        """
        import sqlalchemy as sa

        def work() -> None:
            if self.sqlite:
                with self.engine.connect() as conn:
                    found = conn.exec_driver_sql("PRAGMA quick_check").scalar()
                    if found != "ok":
                        raise self.error(self.where, f"the database is damaged ({found})")
            for attempt in range(WRITE_ATTEMPTS):
                try:
                    meta.create_all(self.engine)
                    break
                except sa.exc.DBAPIError as exc:
                    # Another kernel made the tables first: look again (they are there).
                    race = "already exists" in str(exc) or lost_race(exc)
                    if not race or attempt + 1 == WRITE_ATTEMPTS:
                        raise
                    time.sleep(0.005 * (attempt + 1))
            for table in meta.sorted_tables:
                self.check_columns(table)

        self.guard(work)

    def close(self) -> None:
        """Let go of the database's connections."""
        self.engine.dispose()


def shown_url(url: Any) -> str:
    """A URL for messages: the file for SQLite, the URL without its password otherwise."""
    if url.get_backend_name() == "sqlite" and url.database:
        return str(url.database)
    return str(url.render_as_string(hide_password=True))


def lost_race(exc: Exception) -> bool:
    """True when a database server refused a write because another one came first."""
    import sqlalchemy as sa

    original = getattr(exc, "orig", None)
    state = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    if state is not None:
        return str(state) in RACE_STATES
    return isinstance(exc, sa.exc.IntegrityError)  # a driver that names no SQLSTATE


def problem_of(exc: Exception) -> str:
    """The database's own complaint, in one line, without the SQL statement."""
    original = getattr(exc, "orig", None) or exc
    text = " ".join(str(original).split())
    if "file is not a database" in text:
        return "the file is not a SQLite database (damaged, or another kind of file)"
    if "unable to open database file" in text:
        return "the file cannot be opened (a missing folder, or no permission)"
    if "readonly database" in text:
        return "the database is read-only: nothing can be saved"
    if "database is locked" in text:
        return f"the database stayed locked by another writer for {BUSY_SECONDS} s"
    return text[:300]


def open_database(
    url: str | os.PathLike[str] | None,
    default: tuple[str, str],
    error: type[StoreError],
    wal: bool = False,
) -> Database:
    """Open a database from a SQLAlchemy URL, a SQLite file path, or the default file.

    Args:
        url: ``sqlite:///path.sqlite``, ``postgresql://...``, a path to a SQLite file,
            or ``None`` for the default file.
        default: ``(kind, file name)`` of the default file in the user's data folder
            (:func:`tutor.core.userdata.user_path`).
        error: the error class to raise, built from ``(where, problem)``.
        wal: open a SQLite file in WAL mode (readers never wait for the writer).

    Returns:
        The opened :class:`Database` (no table created yet: see :meth:`Database.create`).

    Raises:
        StoreError: ``error(where, problem)`` if SQLAlchemy is missing, the URL is not a
            database URL, a SQLite path is a folder, or the driver cannot be loaded.
    """
    try:
        import sqlalchemy as sa
    except ImportError:  # pragma: no cover - a dependency of the project
        raise error(str(url or default[1]), "SQLAlchemy is not installed") from None
    if url is None:
        try:
            text = f"sqlite:///{user_path(*default)}"
        except UserDataError as exc:
            raise error(default[1], str(exc)) from None
    elif isinstance(url, os.PathLike) or "://" not in str(url):
        text = f"sqlite:///{Path(url).expanduser()}"
    else:
        text = str(url)
    try:
        parsed = sa.engine.make_url(text)
    except sa.exc.ArgumentError as exc:
        raise error(str(url), f"not a database URL ({exc})") from None
    where = shown_url(parsed)
    sqlite = parsed.get_backend_name() == "sqlite"
    if sqlite and parsed.database and Path(parsed.database).is_dir():
        raise error(where, "this is a folder, not a database file")
    try:
        engine = sa.create_engine(parsed, connect_args={"timeout": BUSY_SECONDS} if sqlite else {})
    except sa.exc.ArgumentError as exc:
        raise error(where, f"cannot connect ({exc})") from None
    except ImportError as exc:
        driver = parsed.get_backend_name()
        raise error(where, f"cannot connect: no {driver} driver is installed ({exc})") from None
    if sqlite and wal:

        @sa.event.listens_for(engine, "connect")
        def _wal(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            finally:
                cursor.close()

    return Database(engine, where, sqlite, error)


__all__ = [
    "BUSY_SECONDS",
    "WRITE_ATTEMPTS",
    "Database",
    "lost_race",
    "open_database",
    "problem_of",
    "shown_url",
]
