"""The workshop room's database: who may do what, and nothing lost.

A host opens a room and gets a code and a secret; learners answer the current question
by the code; the host reveals.  The tests play that through a SQLite file, open the file
again as a restarted kernel would, try every way in that should be refused (another
room, a wrong secret, a closed or old question, a choice not offered), and hand the
store broken databases, which must be named in the error.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.core.errors import RoomAccessError, RoomStoreError
from tutor.workshop.store import (
    CODE_ALPHABET,
    CODE_LENGTH,
    DATABASE_ENV,
    QuestionDraft,
    RoomStore,
    normal_code,
    normal_learner,
)

QUESTION = QuestionDraft(
    **{
        "game": "toy_nim",
        "title": "Toy Nim, a new game",
        "player": "Player 1",
        "prompt": "Take one to three stones",
        "picture": "<pre>stones: 7</pre>",
        "choices": ("Take 1", "Take 2", "Take 3"),
    }
)


@pytest.fixture
def store(tmp_path: Path) -> RoomStore:
    return RoomStore(tmp_path / "rooms.sqlite")


def test_a_poll_from_opening_to_reveal(store: RoomStore, tmp_path: Path) -> None:
    code, secret = store.open_room("toy_nim", "Tuesday club")
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    question = store.push_question(code, secret, QUESTION)
    assert (question.number, question.status, question.choices) == (1, "open", QUESTION.choices)

    for learner, choice in (("Ana", 0), ("Ben", 2), ("Cleo", 2)):
        store.join(code, learner)
        store.answer(code, question.id, learner, choice)
    store.answer(code, question.id, "Ana", 1)  # Ana changes her mind: still one answer

    tally = store.tally(code, question.id, 3)
    assert (tally.counts, tally.answers) == ((0, 1, 2), 3)
    assert store.learner_count(code) == 3
    store.reveal(code, secret, question.id, {"rule": {"id": "nim.2.1"}, "odds": None, "bots": []})
    with pytest.raises(RoomAccessError, match="revealed"):
        store.answer(code, question.id, "Dev", 0)

    restarted = RoomStore(f"sqlite:///{tmp_path / 'rooms.sqlite'}")  # another kernel
    seen = restarted.question(code)
    assert seen is not None and seen.status == "revealed"
    assert seen.reveal == {"rule": {"id": "nim.2.1"}, "odds": None, "bots": []}
    assert restarted.answer_of(code, question.id, "Ana") == 1
    assert restarted.tally(code, question.id, 3).counts == (0, 1, 2)
    assert restarted.room(code).title == "Tuesday club"


def test_the_host_game_is_kept_for_a_restarted_kernel(store: RoomStore) -> None:
    code, secret = store.open_room("toy_nim")
    assert store.saved_session(code, secret) is None
    store.save_session(code, secret, {"game": "toy_nim", "actions": [1, 2]})
    assert store.saved_session(code, secret) == {"game": "toy_nim", "actions": [1, 2]}


def test_a_new_question_replaces_the_old_one_and_old_answers_are_refused(
    store: RoomStore,
) -> None:
    code, secret = store.open_room("toy_nim")
    first = store.push_question(code, secret, QUESTION)
    second = store.push_question(code, secret, QUESTION)
    assert second.number == 2 and store.room(code).question == second.id
    with pytest.raises(RoomAccessError, match="not the current question"):
        store.answer(code, first.id, "Ana", 0)
    with pytest.raises(RoomAccessError, match="not one of the 3 offered"):
        store.answer(code, second.id, "Ana", 3)


def test_a_learner_cannot_reach_another_room(store: RoomStore) -> None:
    ours, our_secret = store.open_room("toy_nim")
    theirs, their_secret = store.open_room("toy_nim")
    their_question = store.push_question(theirs, their_secret, QUESTION)
    store.push_question(ours, our_secret, QUESTION)
    with pytest.raises(RoomAccessError, match="not the current question"):
        store.answer(ours, their_question.id, "Ana", 0)
    assert store.answer_of(ours, their_question.id, "Ana") is None
    assert store.tally(ours, their_question.id, 3).answers == 0
    assert store.question(ours, their_question.id) is None
    with pytest.raises(RoomAccessError, match="host secret"):
        store.push_question(theirs, our_secret, QUESTION)
    with pytest.raises(RoomAccessError, match="host secret"):
        store.reveal(theirs, our_secret, their_question.id, {})
    with pytest.raises(RoomAccessError, match="no question"):
        store.reveal(ours, our_secret, their_question.id, {})


def test_a_wrong_room_code_says_so(store: RoomStore) -> None:
    with pytest.raises(RoomAccessError, match="there is no room ABCDEF"):
        store.room("abc-def")
    with pytest.raises(RoomAccessError, match="is not a room code"):
        store.join("hello!", "Ana")


@given(st.text(max_size=12))
def test_anything_typed_is_a_well_formed_code_or_a_clear_refusal(typed: str) -> None:
    try:
        code = normal_code(typed)
    except RoomAccessError as exc:
        assert "is not a room code" in str(exc)
    else:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> tuple[RoomStore, str, str]:
    """A room whose secret the guesses below try to find."""
    store = RoomStore(tmp_path_factory.mktemp("secrets") / "rooms.sqlite")
    code, secret = store.open_room("toy_nim")
    return store, code, secret


@given(guess=st.text(max_size=80))
def test_no_guessed_secret_opens_a_room(guarded: tuple[RoomStore, str, str], guess: str) -> None:
    store, code, secret = guarded
    if guess == secret:
        return
    with pytest.raises(RoomAccessError) as refused:
        store.check_host(code, guess)
    assert secret not in str(refused.value)


@given(st.text(max_size=60))
def test_a_learner_name_is_kept_tidy_or_refused(typed: str) -> None:
    try:
        name = normal_learner(typed)
    except RoomAccessError as exc:
        assert "type a name" in str(exc)
    else:
        assert name and len(name) <= 40 and name == " ".join(name.split())


def test_a_file_that_is_not_a_database_is_named_and_kept(tmp_path: Path) -> None:
    notes = tmp_path / "notes.sqlite"
    notes.write_bytes(b"my lesson notes, not a database\n" * 40)
    with pytest.raises(RoomStoreError, match="notes.sqlite.*not a SQLite database"):
        RoomStore(notes)
    assert notes.read_bytes() == b"my lesson notes, not a database\n" * 40


def test_a_folder_a_bad_url_and_an_unreachable_server_are_named(tmp_path: Path) -> None:
    with pytest.raises(RoomStoreError, match="folder, not a database file"):
        RoomStore(tmp_path)
    with pytest.raises(RoomStoreError, match="nosuchscheme.*cannot connect"):
        RoomStore("nosuchscheme://")
    with pytest.raises(RoomStoreError, match="not a database URL"):
        RoomStore("://nothing")
    with pytest.raises(RoomStoreError, match="cannot be opened"):
        RoomStore(tmp_path / "missing-folder" / "rooms.sqlite")
    # A database server nobody listens on (port 9 on this machine): named, no password.
    with pytest.raises(RoomStoreError, match=r"\*\*\*@127.0.0.1:9|cannot connect") as exc:
        RoomStore("postgresql://host:hunter2@127.0.0.1:9/rooms")
    assert "hunter2" not in str(exc.value)


def test_tables_of_another_shape_are_refused(tmp_path: Path) -> None:
    file = tmp_path / "old.sqlite"
    with sqlite3.connect(file) as db:
        db.execute("CREATE TABLE workshop_answers (id INTEGER PRIMARY KEY, learner TEXT)")
    with pytest.raises(RoomStoreError, match="workshop_answers table has another shape"):
        RoomStore(file)


def test_the_environment_names_the_default_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATABASE_ENV, str(tmp_path / "class.sqlite"))
    store = RoomStore()
    assert store.where == str(tmp_path / "class.sqlite")
    monkeypatch.delenv(DATABASE_ENV)
    assert RoomStore().where.endswith("workshop/rooms.sqlite")  # the user folder (tests)
