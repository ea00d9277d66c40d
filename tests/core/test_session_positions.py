"""The position a session shows is the one its revealed entries describe, never later.

One action can write many trace entries (a decision, then every automatic step up to
the next one); a learner reveals them one at a time.  ``Session.shown_state`` must be
the position right after the last revealed entry: drawn from a later position, the
picture would give away what the words have not said yet.
"""

from __future__ import annotations

import re
from typing import Any

import tutor
from tutor.core import Rng, Session
from tutor.core.native import engine_status


def played_session(name: str, seed: int, **options: Any) -> Session:
    """A session played to the end with seeded random choices, nothing revealed."""
    session = Session(tutor.load_game(name, **options).new_state(seed=seed))
    session.cursor = len(session.state.trace)
    rng = Rng(seed)
    while True:
        session.advance_automatic()
        if session.state.is_terminal():
            return session
        legal = session.state.legal_actions()
        session.cursor = len(session.state.trace)
        session.play(legal[rng.below(len(legal))])


def test_positions_during_an_action_follow_its_entries() -> None:
    session = played_session("mantis_falls", 4)
    history = session._history
    for j, (before, action, _) in enumerate(history):
        positions = before.positions_during(action)
        after = history[j + 1][0] if j + 1 < len(history) else session.state
        assert positions is not None
        assert len(positions) == len(after.trace) - len(before.trace)
        if positions:  # the last one has written every entry (steps may follow silently)
            assert positions[-1].trace == after.trace
        # Each position has written exactly the entries before it, in the same words.
        for k, position in enumerate(positions):
            assert len(position.trace) == len(before.trace) + k + 1
            assert position.trace[-1] == after.trace[len(before.trace) + k]


def test_the_shown_position_has_written_no_entry_that_is_not_revealed() -> None:
    session = played_session("mantis_falls", 9)
    # A compiled engine appends its entries out of Python's sight: no positions inside
    # an action, so the picture may lag (never run ahead).  The source shows each one.
    exact = not engine_status().get("tutor.games.mantis_falls.state", "").startswith("compiled")
    dealt = len(session._history[0][0].trace)  # the setup entries come with the deal
    for cursor in range(dealt, len(session.state.trace) + 1):
        session.cursor = cursor
        shown = session.shown_state
        assert len(shown.trace) <= cursor, f"the picture runs ahead at entry {cursor}"
        if exact:
            assert len(shown.trace) == cursor, f"the picture lags at entry {cursor}"
        for eyes in (None, 0, 1):
            shown.view(eyes)  # it can be drawn through every pair of eyes


def test_a_card_is_not_in_conserved_energy_before_the_entry_that_puts_it_there() -> None:
    found = 0
    for seed in range(30):
        session = played_session("mantis_falls", seed)
        for i, entry in enumerate(session.state.trace):
            filled = re.search(r"into Conserved Energy \((\d)/4\)", entry.text)
            if filled is None:
                continue
            session.cursor = i  # revealed up to the entry before it
            assert len(session.shown_state.view(None)["conserved"]) < int(filled[1])
            found += 1
    assert found, "no seed put a card into Conserved Energy"


def test_toy_nim_shows_the_last_stone_taken_before_the_game_is_over(
    toy_games: list[str],
) -> None:
    game = tutor.load_game("toy_nim")
    session = Session(game.new_state(seed=0))
    while session.state.pile > 3:
        session.play(session.state.legal_actions()[0])
        session.run_to_decision()
    last = [a for a in session.state.legal_actions() if int(a.args[0]) == session.state.pile]
    entries = session.play(last[0])
    assert len(entries) == 2  # "takes k; 0 left", then "took the last stone and wins"
    session.step()
    assert session.pending_entries == 1
    shown = session.shown_state
    assert shown.pile == 0 and shown.outcome() is None  # the words have not said who won
    assert shown is not session.state
    session.step()
    assert session.shown_state is session.state and session.shown_state.outcome() is not None


def test_positions_survive_undo_and_a_branch() -> None:
    game = tutor.load_game("mantis_falls")
    session = Session(game.new_state(seed=1))
    session.run_to_decision()
    session.play(session.state.legal_actions()[-1])
    session.step()
    first = session.shown_state.to_dict()
    branch = session.branch()
    session.undo()
    session.play(session.state.legal_actions()[-1])
    session.step()
    assert session.shown_state.to_dict() == first
    # The branch kept its own history: undoing it restores the same position.
    branch.undo()
    assert branch.state.to_dict() == session.position_at(session.cursor - 1).to_dict()
