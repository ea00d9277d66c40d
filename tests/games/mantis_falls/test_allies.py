"""Scenario tests for topic 14 of Mantis Falls: allies.

Why this file exists: allies carry hidden information (an incomplete ally is face down
and known only to its owner) and a counting rule (an ally works only once its owner
holds as many copies as its completion number), and "returning" an ally moves every
copy at once.  These are easy to get wrong in an engine and in a view.  Each test sets
up a position on a fixed road, plays it, and checks the state, the players' views and
the rule ids the trace cites.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import (
    do,
    mf_state,
    pending_frame_kind,
    rules_cited,
    skip_to_main_play,
)
from tables import JACK, JILL, foster_setup, main_play

from tutor.games.mantis_falls.state import MantisFallsState

ALLY_NAMES = [
    "Big Sal",
    "Cabbie Lou",
    "Doc Halloran",
    "Madame Zora",
    "Ms. Cardello",
    "Newsboy Jimmy",
    "Officer Reyes",
]


def ally_names(s: MantisFallsState, cards: list[int]) -> list[str]:
    return sorted(s.cards.allies[a].name for a in cards)


# ---------------------------------------------------------------- mf.14.1 / 14.2
@pytest.mark.rule("mf.14.1")
@pytest.mark.rule("mf.14.2")
def test_an_action_lets_a_player_take_any_ally_from_the_deck() -> None:
    s = mf_state(
        setup=foster_setup(jack={"hand": ["Call a Friend"]}, event_deck_top=["Drunk Brawler"])
    )
    assert len(s.ally_deck) == 12  # nobody holds an ally
    skip_to_main_play(s)
    main_play(s, JACK, "Call a Friend")
    main_play(s, JILL)
    d = s.decision
    assert (d.player, d.rule) == (JACK, "mf.14.2")
    offered = sorted(s.cards.allies[a.args[0]].name for a in s.legal_actions())
    assert offered == ALLY_NAMES  # the whole deck, face up, one choice per ally
    entries = do(s, "take_ally", "Cabbie Lou")
    assert ally_names(s, s.allies[JACK]) == ["Cabbie Lou"]
    assert len(s.ally_deck) == 11
    took = entries[0]
    assert (took.rule, took.actor, took.kind) == ("mf.14.2", JACK, "action")
    assert "looks through the ally deck" in took.text
    assert "mf.14.4" in rules_cited(entries)  # Cabbie Lou needs only one card


@pytest.mark.rule("mf.14.1")
def test_a_defeated_opposition_can_give_an_ally() -> None:
    # Stool Pigeon (health 2): defeated, the turn player takes an ally.
    s = mf_state(
        setup=foster_setup(jack={"hand": ["Brass Knuckles"]}, event_deck_top=["Stool Pigeon"])
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Brass Knuckles")
    main_play(s, JILL)
    d = s.decision
    assert (d.player, d.rule, d.phase) == (JACK, "mf.14.2", "event_processing")
    entries = do(s, "take_ally", "Officer Reyes")
    assert ally_names(s, s.allies[JACK]) == ["Officer Reyes"]
    assert "mf.14.3" in rules_cited(entries)  # one of two: still incomplete


# ---------------------------------------------------------------- mf.14.3
@pytest.mark.rule("mf.14.3")
def test_an_incomplete_ally_is_face_down_and_does_nothing() -> None:
    # Big Sal (complete with 2) adds 1 to every wound its owner deals an opposition.
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Call a Friend", "Hired Muscle"]},
            event_deck_top=["Mob Enforcer"],
            action_deck_top=["Coffee"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Call a Friend", "Hired Muscle")
    main_play(s, JILL)
    entries = do(s, "take_ally", "Big Sal")
    incomplete = next(e for e in entries if e.rule == "mf.14.3")
    assert incomplete.visible_to == frozenset({JACK}) and incomplete.public_text == ""
    assert not any("Big Sal" in line for line in s.trace_for(JILL))
    mine, theirs = s.view(JACK)["players"][JACK], s.view(JILL)["players"][JACK]
    assert mine["allies_incomplete"] == ["Big Sal"] and mine["allies_complete"] == []
    assert theirs["allies_incomplete"] is None and theirs["allies_complete"] == []
    assert theirs["ally_cards"] == 1  # Jill sees a face-down card, not what it is
    assert s.complete_allies(JACK) == []
    # No effect: Hired Muscle deals its printed 2, and Mob Enforcer (health 4) survives.
    assert s.opp_wounds == 2
    assert "mf.14.4" not in rules_cited(entries)


# ---------------------------------------------------------------- mf.14.4
@pytest.mark.rule("mf.14.4")
def test_the_last_copy_completes_the_ally_and_its_effect_starts() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Call a Friend", "Hired Muscle"], "allies": ["Big Sal"]},
            event_deck_top=["Mob Enforcer"],
            action_deck_top=["Coffee"],
        )
    )
    assert s.view(JILL)["players"][JACK]["allies_complete"] == []
    skip_to_main_play(s)
    main_play(s, JACK, "Call a Friend", "Hired Muscle")
    main_play(s, JILL)
    entries = do(s, "take_ally", "Big Sal")
    complete = next(e for e in entries if e.rule == "mf.14.4")
    assert complete.visible_to is None and "Big Sal is complete" in complete.text
    assert s.complete_allies(JACK) == ["Big Sal"]
    assert s.view(JILL)["players"][JACK]["allies_complete"] == ["Big Sal"]  # face up now
    # The effect is active: Hired Muscle's 2 wounds become 3.
    dealt = next(
        e
        for e in entries
        if e.rule == "mf.11.5" and "opposition_wounds" in {c[0] for c in e.changes}
    )
    assert "+1 from a lasting effect" in dealt.text
    assert s.opp_wounds == 3


# ---------------------------------------------------------------- mf.14.5
@pytest.mark.rule("mf.14.5")
def test_returning_an_ally_sends_every_copy_back_to_the_deck() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Bribe"]},
            jill={"allies": ["Ms. Cardello", "Ms. Cardello", "Ms. Cardello", "Big Sal"]},
            event_deck_top=["Drunk Brawler"],
        )
    )
    assert s.complete_allies(JILL) == ["Ms. Cardello"]
    deck_before = len(s.ally_deck)
    skip_to_main_play(s)
    main_play(s, JACK, "Bribe")
    main_play(s, JILL)
    d = s.decision
    assert (d.player, d.rule) == (JACK, "mf.14.5")
    # Jack may name the face-up ally but not Jill's face-down one.
    assert sorted(a.label for a in s.legal_actions()) == [
        "Return Jill's Ms. Cardello",
        "Return Jill's face-down ally group 1",
    ]
    # The choice's arguments name no ally either: only the arrival order of the groups.
    assert all(isinstance(a.args[0], int) for a in s.legal_actions())
    entries = s.apply(s.action_by_label("Return Jill's Ms. Cardello"))
    assert ally_names(s, s.allies[JILL]) == ["Big Sal"]
    assert len(s.ally_deck) == deck_before + 3
    back = next(e for e in entries if e.rule == "mf.14.5")
    assert "(3 cards)" in back.text
    assert s.complete_allies(JILL) == []


@pytest.mark.rule("mf.14.5")
def test_an_ally_given_up_goes_back_into_the_ally_deck() -> None:
    # Doc Halloran: any time, give him up to heal two wounds. There is no ally discard pile.
    s = mf_state(
        setup=foster_setup(
            jack={"allies": ["Doc Halloran"], "wounds": 3}, event_deck_top=["Drunk Brawler"]
        )
    )
    assert pending_frame_kind(s) == "window" and s.decision.player == JACK
    entries = do(s, "anytime")
    assert s.wounds[JACK] == 1
    assert s.allies[JACK] == []
    assert "Doc Halloran" in ally_names(s, s.ally_deck) and len(s.ally_deck) == 12
    assert rules_cited(entries) == ["mf.14.5", "mf.13.3", "mf.12.2"]
