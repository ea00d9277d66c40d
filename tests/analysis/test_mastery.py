"""A learner's mastery: answers kept per rule id, and the next question chosen by them.

A learner answers quiz questions; each answer is saved in a SQLite file (the user's
data folder by default) and read back as a mastery per rule.  The tests save and read
answers, let several processes write to one file at once, hand the store a broken file
(the quiz must go on without saving, and say why), and check that the next question is
the one the documented rule picks: wrong last time, then never seen, then least known.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tutor
from tutor.analysis.mastery import (
    MASTERED,
    Answer,
    MasteryStore,
    MemoryProgress,
    RuleMastery,
    next_by_mastery,
    open_progress,
    priority,
    summarise_answers,
    topic_mastery,
)
from tutor.analysis.quiz import QuizRound
from tutor.core.errors import ProgressStoreError


def answer(rule: str, correct: bool, at: float, game: str = "mantis_falls") -> Answer:
    return Answer(game, rule, rule.split(".")[1], correct, "picked", "", "seed 0", at)


def test_answers_are_saved_and_read_back_as_mastery(tmp_path: Path) -> None:
    file = tmp_path / "progress.sqlite"
    store = MasteryStore(file)
    store.record(answer("mf.17.3", False, 1.0))
    store.record(answer("mf.17.3", True, 2.0))
    store.record(answer("mf.17.3", True, 3.0))
    store.record(Answer("mantis_falls", "mf.11.8", "11", False, "shows it", "all_events_seen=on"))
    store.record(answer("nim.3.1", True, 4.0, game="toy_nim"))
    store.close()

    again = MasteryStore(str(file))  # a new store on the same file: nothing was lost
    got = again.mastery("mantis_falls")
    assert set(got) == {"mf.17.3", "mf.11.8"}
    gasp = got["mf.17.3"]
    assert (gasp.seen, gasp.right, gasp.streak, gasp.last_wrong) == (3, 2, 2, False)
    assert gasp.state == "learning" and gasp.mastery == pytest.approx(2 / MASTERED)
    assert got["mf.11.8"].state == "review"
    assert got["mf.11.8"].misconceptions == {"all_events_seen=on": 1}
    assert [a.rule for a in again.answers("toy_nim")] == ["nim.3.1"]
    assert again.answers("mantis_falls")[0] == answer("mf.17.3", False, 1.0)


def test_learners_sharing_a_database_see_only_their_own_answers(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    MasteryStore(url, learner="ada").record(answer("mf.17.3", True, 1.0))
    MasteryStore(url, learner="bo").record(answer("mf.17.3", False, 1.0))
    assert MasteryStore(url, learner="ada").mastery("mantis_falls")["mf.17.3"].right == 1
    assert MasteryStore(url, learner="bo").mastery("mantis_falls")["mf.17.3"].right == 0


def test_the_default_database_is_in_the_user_folder(user_folder: Path) -> None:
    store = MasteryStore()
    store.record(answer("mf.8.1", True, 1.0))
    assert Path(store.where) == user_folder / "progress" / "mastery.sqlite"
    assert Path(store.where).is_file()


def _write_answers(args: tuple[str, int, int]) -> None:
    file, writer, count = args
    store = MasteryStore(file, learner="class")
    for k in range(count):
        store.record(answer(f"mf.{writer + 1}.{k}", k % 2 == 0, writer * 1000 + k))


def test_concurrent_writers_to_one_sqlite_file_lose_no_answer(tmp_path: Path) -> None:
    file = str(tmp_path / "shared.sqlite")
    writers, each = 4, 30
    with multiprocessing.get_context("fork").Pool(writers) as pool:
        pool.map(_write_answers, [(file, w, each) for w in range(writers)])
    answers = MasteryStore(file, learner="class").answers("mantis_falls")
    assert len(answers) == writers * each
    assert len({(a.rule, a.answered_at) for a in answers}) == writers * each


def test_a_file_that_is_not_a_database_is_named_and_left_as_it_was(tmp_path: Path) -> None:
    file = tmp_path / "progress.sqlite"
    file.write_bytes(b"my notes, not a database\n" * 40)
    before = file.read_bytes()
    with pytest.raises(ProgressStoreError) as caught:
        MasteryStore(file)
    assert caught.value.where == str(file)
    assert "not a SQLite database" in str(caught.value)
    assert file.read_bytes() == before


def test_a_damaged_database_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "progress.sqlite"
    store = MasteryStore(file)
    for k in range(80):  # a few pages of answers
        store.record(answer(f"mf.8.{k}", True, float(k)))
    store.close()
    data = bytearray(file.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # scribble over a page of the table
    file.write_bytes(bytes(data))
    with pytest.raises(ProgressStoreError, match=str(file)):
        MasteryStore(file).answers("mantis_falls")


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("folder", "this is a folder"),
        ("missing/deeper/progress.sqlite", "cannot be opened"),
        ("nosuchdb://somewhere/x", "cannot connect"),
    ],
)
def test_unusable_places_are_named(tmp_path: Path, where: str, problem: str) -> None:
    (tmp_path / "folder").mkdir()
    url = where if "://" in where else str(tmp_path / where)
    with pytest.raises(ProgressStoreError, match=problem):
        MasteryStore(url)


def test_a_table_of_another_shape_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "other.sqlite"
    with sqlite3.connect(file) as conn:
        conn.execute("CREATE TABLE quiz_answers (id INTEGER PRIMARY KEY, note TEXT)")
    with pytest.raises(ProgressStoreError, match="another shape"):
        MasteryStore(file)


def test_the_quiz_goes_on_without_saving_when_the_database_is_broken(tmp_path: Path) -> None:
    file = tmp_path / "progress.sqlite"
    file.write_bytes(b"\x00garbage" * 100)
    progress = open_progress(file)
    assert isinstance(progress, MemoryProgress) and "not a SQLite database" in progress.reason
    quiz = QuizRound(tutor.load_game("toy_nim"), seed=1, count=2, progress=progress)
    q = quiz.next_question()
    assert q is not None
    quiz.answer(q.answer)
    assert "not a SQLite database" in quiz.notice
    assert [a.rule for a in quiz.progress.answers("toy_nim")] == [q.rule]


def test_a_store_that_fails_mid_quiz_falls_back_to_memory(tmp_path: Path) -> None:
    file = tmp_path / "progress.sqlite"
    store = MasteryStore(file)
    quiz = QuizRound(tutor.load_game("mantis_falls"), seed=2, count=2, progress=store)
    q = quiz.next_question()
    assert q is not None
    file.write_bytes(b"\x00overwritten by something else" * 200)
    store.close()
    feedback = quiz.answer(q.answer)
    assert feedback.correct and quiz.notice.startswith(str(file))
    assert isinstance(quiz.progress, MemoryProgress)
    assert quiz.progress.mastery("mantis_falls")[q.rule].right == 1
    assert quiz.next_question() is not None  # the quiz goes on


def test_the_next_question_is_the_rule_answered_wrongly_then_a_new_one_then_least_known() -> None:
    rules = ["r.1.1", "r.2.1", "r.3.1", "r.4.1", "r.5.1"]
    answers = [
        answer("r.1.1", True, 1.0),
        answer("r.1.1", True, 2.0),
        answer("r.1.1", True, 3.0),  # mastered
        answer("r.2.1", True, 4.0),  # box 1
        answer("r.3.1", False, 5.0),  # wrong last time
        answer("r.5.1", True, 0.5),  # box 1, asked longer ago than r.2.1
    ]
    mastery = summarise_answers(answers)
    order: list[int] = []
    while (i := next_by_mastery(rules, mastery, order)) is not None:
        order.append(i)
    assert [rules[i] for i in order] == ["r.3.1", "r.4.1", "r.5.1", "r.2.1", "r.1.1"]
    # Among equals a question offering a tempting wrong reading comes first.
    assert next_by_mastery(["a.1.1", "b.1.1"], {}, tempting=[1]) == 1


@given(
    st.lists(st.sampled_from(["a.1.1", "b.1.1", "c.2.1", "d.2.2"]), min_size=1, max_size=8),
    st.lists(st.tuples(st.sampled_from(["a.1.1", "b.1.1", "c.2.1"]), st.booleans()), max_size=12),
)
def test_the_chosen_question_comes_first_by_the_documented_rule(
    rules: list[str], history: list[tuple[str, bool]]
) -> None:
    mastery = summarise_answers(answer(rule, ok, float(k)) for k, (rule, ok) in enumerate(history))
    i = next_by_mastery(rules, mastery)
    assert i is not None
    assert all(priority(mastery.get(rules[i])) <= priority(mastery.get(r)) for r in rules)
    wrong_last = {rule for rule, m in mastery.items() if m.last_wrong}
    if wrong_last & set(rules):
        assert rules[i] in wrong_last


def test_a_quiz_round_asks_first_what_the_learner_got_wrong(tmp_path: Path) -> None:
    game = tutor.load_game("mantis_falls")
    store = MasteryStore(tmp_path / "p.sqlite")
    fresh = QuizRound(game, seed=1, count=3, progress=MemoryProgress())
    pool_rules = [q.rule for q in fresh.pool]
    missed = pool_rules[-1]  # the game's last candidate: asked last when nothing is known
    store.record(answer(missed, False, 1.0))
    quiz = QuizRound(game, seed=1, count=3, progress=store)
    first = quiz.next_question()
    assert first is not None and first.rule == missed


@pytest.mark.parametrize("name", ["mantis_falls", "toy_nim", "toy_high_hand"])
def test_the_same_quiz_records_every_game_by_rule_id(tmp_path: Path, name: str) -> None:
    game = tutor.load_game(name)
    store = MasteryStore(tmp_path / "p.sqlite")
    quiz = QuizRound(game, seed=2, count=2, progress=store)
    asked = []
    while (q := quiz.next_question()) is not None:
        asked.append(q.rule)
        quiz.answer(q.answer)
    assert asked and all(rule.startswith(game.spec.rule_prefix + ".") for rule in asked)
    assert [a.rule for a in store.answers(name)] == asked
    assert all(m.right == m.seen for m in store.mastery(name).values())
    rows = topic_mastery(game.rulebook, store.mastery(name), asked)
    assert sum(r["learning"] + r["mastered"] for r in rows) == len(set(asked))


def test_rule_mastery_states() -> None:
    assert RuleMastery("x").state == "new"
    assert RuleMastery("x", seen=3, right=3, streak=3).state == "mastered"
    assert RuleMastery("x", seen=2, right=1, streak=0, last_wrong=True).state == "review"
