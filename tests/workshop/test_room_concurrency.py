"""Thirty learners answering at once are all counted, each exactly once.

Every learner's page is a kernel of its own with its own connection to the room's
SQLite file.  Thirty threads, each with its own store (its own engine and connections,
as thirty kernels have), join the room and answer the same question at the same moment,
then change their minds: the host's tally must count thirty answers, one per learner,
showing each learner's last choice.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from tutor.workshop.store import QuestionDraft, RoomStore

LEARNERS = 30
CHOICES = ("Take 1", "Take 2", "Take 3")


def test_thirty_concurrent_learners_are_each_counted_once(tmp_path: Path) -> None:
    file = tmp_path / "rooms.sqlite"
    host = RoomStore(file)
    code, secret = host.open_room("toy_nim")
    question = host.push_question(
        code,
        secret,
        QuestionDraft(
            game="toy_nim",
            title="Toy Nim",
            player="Player 1",
            prompt="Take stones",
            picture="<pre>7</pre>",
            choices=CHOICES,
        ),
    )
    start = threading.Barrier(LEARNERS)
    failures: list[BaseException] = []

    def learner(i: int) -> None:
        try:
            store = RoomStore(file)  # a kernel of its own
            name = f"learner {i:02d}"
            store.join(code, name)
            start.wait()
            store.answer(code, question.id, name, i % 3)
            store.answer(code, question.id, name, (i + 1) % 3)  # a change of mind
            store.close()
        except BaseException as exc:  # reported by the main thread
            failures.append(exc)

    threads = [threading.Thread(target=learner, args=(i,)) for i in range(LEARNERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)

    assert not failures, failures
    tally = host.tally(code, question.id, len(CHOICES))
    assert tally.answers == LEARNERS
    expected = [sum(1 for i in range(LEARNERS) if (i + 1) % 3 == c) for c in range(3)]
    assert list(tally.counts) == expected
    assert host.learner_count(code) == LEARNERS
    with sqlite3.connect(file) as db:
        rows = db.execute(
            "SELECT COUNT(*), COUNT(DISTINCT learner) FROM workshop_answers WHERE question = ?",
            (question.id,),
        ).fetchone()
    assert rows == (LEARNERS, LEARNERS)
    for i in range(LEARNERS):
        assert host.answer_of(code, question.id, f"learner {i:02d}") == (i + 1) % 3
