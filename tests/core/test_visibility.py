"""Unit tests for tutor.core.visibility: the one place that decides what a player is shown.

Why this file exists: every renderer, view and widget asks these functions, so a
private entry's rule or a private decision's prompt can only leak if they are wrong.
The records here are game-free: a card drawn face down by player 0 in a two-player game.
"""

from __future__ import annotations

from tutor.core.types import Decision, TraceEntry
from tutor.core.visibility import (
    NEUTRAL_PROMPT,
    decision_record,
    may_see_choices,
    shown_decision,
    shown_entries,
    shown_entry,
    shown_lines,
)

DRAW = TraceEntry(
    "x.4.2",
    "Ann draws the Dragon, a monster card.",
    actor=0,
    changes=(("card", None, "dragon"),),
    visible_to=frozenset({0}),
    public_text="Ann draws a card face down.",
    public_rule="x.4.1",
)
QUIET = TraceEntry("x.4.3", "Ann looks at the Dragon.", actor=0, visible_to=frozenset({0}))
PUBLIC = TraceEntry("x.2.1", "Bob moves two spaces.", actor=1, changes=(("pos", 0, 2),))


def test_the_drawer_reads_the_card_and_its_rule() -> None:
    shown = shown_entry(DRAW, 0)
    assert shown is not None
    assert shown.line() == "[x.4.2] Ann draws the Dragon, a monster card."
    assert shown.changes == DRAW.changes and shown.private


def test_the_other_player_reads_the_public_sentence_under_the_public_rule() -> None:
    shown = shown_entry(DRAW, 1)
    assert shown is not None
    assert shown.line() == "[x.4.1] Ann draws a card face down."
    assert shown.changes == () and not shown.private  # the changes would name the card


def test_an_entry_without_public_text_is_not_shown_to_the_others() -> None:
    assert shown_entry(QUIET, 1) is None
    assert shown_lines([DRAW, QUIET, PUBLIC], 1) == [
        "[x.4.1] Ann draws a card face down.",
        "[x.2.1] Bob moves two spaces.",
    ]
    assert [e.rule for e in shown_entries([DRAW, QUIET, PUBLIC], None)] == [
        "x.4.2",
        "x.4.3",
        "x.2.1",
    ]


def test_the_lines_of_a_whole_game_are_the_shown_entries_for_every_eyes() -> None:
    # shown_lines (what every view holds) takes a shortcut past the records; it must
    # make the same choice as shown_entry for every entry of real games.
    import tutor
    from tutor.core.rng import Rng

    for name in tutor.registered_games():
        game = tutor.load_game(name)
        state = game.new_state(seed=4)
        rng = Rng(5)
        while not state.is_terminal() and state.steps < 400:
            if state.decision.kind == "chance":
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
        for viewer in [None, *range(game.num_players)]:
            lines = shown_lines(state.trace, viewer)
            assert lines == [e.line() for e in shown_entries(state.trace, viewer)], name
            assert len(lines) <= len(state.trace)


def test_a_private_decision_shows_its_public_form_to_the_others() -> None:
    fight = Decision(
        "choice",
        0,
        "Ann: fight the Dragon or flee?",
        "x.4.5",
        "encounter",
        frozenset({0}),
        "Ann decides about the face-down card.",
        "x.4.1",
    )
    assert shown_decision(fight, 0) == fight
    assert shown_decision(fight, None) == fight
    assert decision_record(fight, 1) == {
        "kind": "choice",
        "player": 0,
        "prompt": "Ann decides about the face-down card.",
        "rule": "x.4.1",
    }
    bare = Decision("choice", 0, "Ann: fight?", "x.4.5", "encounter", frozenset({0}))
    assert shown_decision(bare, 1).prompt == NEUTRAL_PROMPT
    assert shown_decision(bare, 1).rule == "x.4.5"


def test_only_the_decider_and_the_tutor_see_the_choices() -> None:
    turn = Decision("choice", 0, "Ann: play a card.", "x.3.1", "play")
    draw = Decision("chance", None, "Draw a card.", "x.4.1", "draw")
    assert may_see_choices(turn, 0) and may_see_choices(turn, None)
    assert not may_see_choices(turn, 1)
    assert not may_see_choices(draw, 0) and may_see_choices(draw, None)
