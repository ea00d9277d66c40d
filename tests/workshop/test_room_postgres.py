"""The workshop room on a real PostgreSQL server, as a JupyterHub class would run it.

The store takes any SQLAlchemy URL; these tests prove the room's promises on a database
server and not only on SQLite: thirty learners answering at the same moment (and some
from two browser tabs at once) are each counted exactly once, a wrong room code or host
secret is refused and changes nothing, a learner's reload finds their answer, and two
stores (two kernels) share the room.  The quiz's mastery store takes the same kind of
URL: its answers are kept per learner on the server too.

The server is a throw-away one: the PostgreSQL binaries of the ``pgserver`` wheel (a test
extra), a data folder made fresh in the temporary folder, reached only through a Unix
socket in that folder (no TCP port, so parallel test runs never collide), stopped and
deleted at the end.  PostgreSQL refuses to run as root: when the tests run as root (a
container, CI), the server runs as the unprivileged ``nobody`` user instead, with the
data folder handed to it (``pgserver`` itself would add a system user and open up the
permissions of every parent folder; nothing here changes the machine's users).
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.analysis.mastery import Answer
from tutor.core.errors import RoomAccessError
from tutor.workshop.store import QuestionDraft, RoomStore

LEARNERS = 30
TWO_TABS = 5
"""Learners among the thirty who answer from two tabs (two kernels) at the same moment."""
CHOICES = ("Take 1", "Take 2", "Take 3")
QUESTION = QuestionDraft(
    game="toy_nim",
    title="Toy Nim, a new game",
    player="Player 1",
    prompt="Take one to three stones",
    picture="<pre>stones: 7</pre>",
    choices=CHOICES,
)
SERVER_OPTIONS = (
    "-c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=200 -c shared_buffers=16MB"
)


def _binaries() -> Path:
    """The PostgreSQL programs shipped inside the ``pgserver`` wheel (not imported: its
    package start-up looks for a per-user runtime folder)."""
    found = importlib.util.find_spec("pgserver")
    if found is None or not found.submodule_search_locations:
        pytest.skip(
            "pgserver is not installed: pip install -e '.[test]' (it has wheels for CPython "
            "up to 3.12 on x86-64 Linux and macOS only)"
        )
    return Path(next(iter(found.submodule_search_locations))) / "pginstall" / "bin"


def _runner() -> dict[str, Any]:
    """How to run the server's programs: as ourselves, or as ``nobody`` when we are root."""
    if os.geteuid() != 0:
        return {}
    try:
        entry = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root and there is no 'nobody' user to run PostgreSQL as")
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def _run(program: Path, args: list[str], as_user: dict[str, Any], log: Path) -> None:
    """Run one of the server's programs; on failure, fail with its output and the log."""
    done = subprocess.run(
        [str(program), *args], capture_output=True, text=True, timeout=60, **as_user
    )
    if done.returncode != 0:
        server_log = log.read_text(errors="replace") if log.exists() else ""
        raise AssertionError(
            f"{program.name} {' '.join(args)} failed ({done.returncode}):\n"
            f"{done.stdout}\n{done.stderr}\n{server_log}"
        )


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A running PostgreSQL server for this module; yields the folder of its socket."""
    binaries = _binaries()
    as_user = _runner()
    # /tmp where there is one: every user can reach it, and the socket's path stays short.
    folder = Path(
        tempfile.mkdtemp(prefix="rules-tutor-pg-", dir="/tmp" if Path("/tmp").is_dir() else None)
    )
    data, log = folder / "data", folder / "server.log"
    try:
        folder.chmod(0o755)
        data.mkdir(mode=0o700)
        if as_user:
            os.chown(folder, as_user["user"], as_user["group"])
            os.chown(data, as_user["user"], as_user["group"])
            probe = subprocess.run(
                [str(binaries / "initdb"), "--version"], capture_output=True, **as_user
            )
            if probe.returncode != 0:  # 'nobody' cannot reach the venv: use a copy it can
                copy = folder / "pginstall"
                shutil.copytree(binaries.parent, copy, symlinks=True)
                os.chmod(copy, 0o755)
                binaries = copy / "bin"
        _run(
            binaries / "initdb",
            ["-D", str(data), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"],
            as_user,
            log,
        )
        start = ["-D", str(data), "-l", str(log), "-w", "-t", "60"]
        _run(
            binaries / "pg_ctl",
            [*start, "-o", f"{SERVER_OPTIONS} -k {folder}", "start"],
            as_user,
            log,
        )
        try:
            yield str(folder)
        finally:
            _run(
                binaries / "pg_ctl",
                ["-D", str(data), "-m", "immediate", "-w", "stop"],
                as_user,
                log,
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def url(server: str, request: pytest.FixtureRequest) -> str:
    """A fresh, empty database on the server for one test, as a SQLAlchemy URL."""
    import sqlalchemy as sa

    name = "rooms_" + "".join(c if c.isalnum() else "_" for c in request.node.name)[:50].lower()
    admin = sa.create_engine(
        f"postgresql+psycopg://postgres@/postgres?host={server}", isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return f"postgresql+psycopg://postgres@/{name}?host={server}"


def _in_threads(work: Any, count: int) -> list[BaseException]:
    """Run ``work(i)`` in ``count`` threads started together; the failures they raised."""
    start = threading.Barrier(count)
    failures: list[BaseException] = []

    def run(i: int) -> None:
        try:
            start.wait()
            work(i)
        except BaseException as exc:  # reported by the caller
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return failures


def test_the_host_and_a_learner_share_a_room_from_two_kernels(url: str) -> None:
    host, learner = RoomStore(url), RoomStore(url)  # two kernels, one database
    assert host.where.startswith("postgresql+psycopg://postgres@/")
    code, secret = host.open_room("toy_nim", "Tuesday club")
    question = host.push_question(code, secret, QUESTION)
    host.save_session(code, secret, {"game": "toy_nim", "seed": 3})

    shown = learner.question(code)
    assert shown is not None and (shown.id, shown.choices) == (question.id, CHOICES)
    assert learner.join(code, "  Ana   Lima ") == "Ana Lima"
    learner.answer(code, question.id, "Ana Lima", 2)
    tally = host.tally(code, question.id, 3)
    assert (tally.counts, tally.answers) == ((0, 0, 1), 1)

    says = {"rule": {"id": "nim.2.1"}, "odds": None, "bots": []}
    host.reveal(code, secret, question.id, says)
    seen = learner.question(code, question.id)
    assert seen is not None and (seen.status, seen.reveal) == ("revealed", says)
    with pytest.raises(RoomAccessError, match="answers are closed"):
        learner.answer(code, question.id, "Ana Lima", 0)

    restarted = RoomStore(url)  # the host's kernel restarted
    assert restarted.check_host(code, secret).question == question.id
    assert restarted.saved_session(code, secret) == {"game": "toy_nim", "seed": 3}
    for store in (host, learner, restarted):
        store.close()


def test_a_wrong_room_code_or_secret_is_refused_and_changes_nothing(url: str) -> None:
    store = RoomStore(url)
    code, secret = store.open_room("toy_nim")
    question = store.push_question(code, secret, QUESTION)
    other = next(c for c in ("ABCDEF", "GHJKLM") if c != code)
    with pytest.raises(RoomAccessError, match=f"there is no room {other}"):
        store.join(other, "Ana")
    with pytest.raises(RoomAccessError, match="not a room code"):
        store.question("no-such-room!")
    with pytest.raises(RoomAccessError, match="not the host secret"):
        store.push_question(code, "x" * 24, QUESTION)
    with pytest.raises(RoomAccessError, match="not the host secret"):
        store.reveal(code, secret[:-1] + ("A" if secret[-1] != "A" else "B"), question.id, {})
    with pytest.raises(RoomAccessError, match="not the current question"):
        store.answer(code, question.id + 1, "Ana", 0)
    now = store.question(code)
    assert now is not None and (now.id, now.number, now.status) == (question.id, 1, "open")
    assert store.learner_count(code) == 0
    assert store.tally(code, question.id, 3).answers == 0
    store.close()


def test_a_learner_who_reloads_finds_their_answer_and_counts_once(url: str) -> None:
    host = RoomStore(url)
    code, secret = host.open_room("toy_nim")
    question = host.push_question(code, secret, QUESTION)
    first = RoomStore(url)
    first.join(code, "Ben")
    first.answer(code, question.id, "Ben", 1)
    first.close()

    reloaded = RoomStore(url)  # the page reloaded: a new kernel
    reloaded.join(code, "Ben")
    assert reloaded.answer_of(code, question.id, "Ben") == 1
    reloaded.answer(code, question.id, "Ben", 2)
    assert host.tally(code, question.id, 3).counts == (0, 0, 1)
    assert host.learner_count(code) == 1
    reloaded.close()
    host.close()


def test_thirty_concurrent_learners_are_each_counted_once(url: str) -> None:
    host = RoomStore(url)
    code, secret = host.open_room("toy_nim")
    question = host.push_question(code, secret, QUESTION)

    def learner(i: int) -> None:
        # Learners 0-4 answer from two tabs too: the same name, two kernels, one moment.
        name = f"learner {i % LEARNERS:02d}"
        store = RoomStore(url)
        try:
            store.join(code, name)
            store.answer(code, question.id, name, i % 3)
            if i < LEARNERS:
                store.answer(code, question.id, name, (i + 1) % 3)  # a change of mind
        finally:
            store.close()

    failures = _in_threads(learner, LEARNERS + TWO_TABS)
    assert not failures, failures

    tally = host.tally(code, question.id, 3)
    assert tally.answers == LEARNERS
    assert host.learner_count(code) == LEARNERS
    for i in range(TWO_TABS, LEARNERS):
        assert host.answer_of(code, question.id, f"learner {i:02d}") == (i + 1) % 3
    for i in range(TWO_TABS):  # one of the two tabs' answers, never both
        found = host.answer_of(code, question.id, f"learner {i:02d}")
        assert found in {(i + 1) % 3, (LEARNERS + i) % 3}
    import sqlalchemy as sa

    with sa.create_engine(url).connect() as conn:
        rows = conn.execute(
            sa.text(
                "SELECT COUNT(*), COUNT(DISTINCT learner) FROM workshop_answers WHERE question = :q"
            ),
            {"q": question.id},
        ).one()
    assert tuple(rows) == (LEARNERS, LEARNERS)
    host.close()


def test_kernels_starting_together_on_an_empty_database_all_open_it(url: str) -> None:
    stores: list[RoomStore] = []
    failures = _in_threads(lambda _: stores.append(RoomStore(url)), 8)
    assert not failures, failures
    code, secret = stores[0].open_room("toy_nim")
    assert stores[-1].room(code).code == code
    for store in stores:
        store.close()


def test_the_quizs_mastery_store_keeps_each_learners_answers_on_the_server(url: str) -> None:
    # The quiz takes any SQLAlchemy URL too (a class on JupyterHub keeps its learners'
    # progress on the same server): answers of concurrent learners are all kept, each
    # learner reads only their own, and a missed rule is marked for review.
    from tutor.analysis.mastery import MasteryStore
    from tutor.widgets import Quiz  # ipywidgets: only for this test

    quiz = Quiz("toy_nim", seed=1, count=2, progress=url, learner="Ana")
    assert quiz.progress_store.where.startswith("postgresql+psycopg://postgres@/")
    assert quiz.notice.value == ""  # saving: no "not being saved" notice
    question = quiz.question
    assert question is not None
    wrong = next(i for i, o in enumerate(question.options) if not o.correct)
    quiz.option_buttons[wrong].click()

    def answer(i: int) -> None:
        store = MasteryStore(url, learner=f"learner {i:02d}")
        store.record(Answer("toy_nim", question.rule, "3", i % 2 == 0, "picked"))
        store.close()

    failures = _in_threads(answer, LEARNERS)
    assert not failures, failures
    ana = MasteryStore(url, learner="Ana")
    assert [(a.rule, a.correct) for a in ana.answers("toy_nim")] == [(question.rule, False)]
    assert ana.mastery("toy_nim")[question.rule].state == "review"
    for i in (0, 1, LEARNERS - 1):
        mine = MasteryStore(url, learner=f"learner {i:02d}").answers("toy_nim")
        assert [a.correct for a in mine] == [i % 2 == 0]
    ana.close()
