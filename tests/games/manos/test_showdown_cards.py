"""Each illustrative Lair Showdown card, carried out from its data (standard rules).

The rulebook leaves the Showdown cards' instructions to the cards: most call for
challenges the Family must come through, others settle the game their own way.  The
project's cards use a small vocabulary (``cards.yaml``): showdown hands, a token for
everyone, a verdict by head count, the card's own challenge for every free character,
challenges from Manos' hand, and failures the card forgives.
"""

from __future__ import annotations

import pytest
from games.manos.mn_helpers import chance, do, position, rules_cited, texts

from tutor.core.types import TraceEntry
from tutor.games.manos.engine.state import FAMILY, MANOS, ManosState
from tutor.games.manos.text import card_text


def showdown(card: str, characters: dict[str, dict[str, object]]) -> tuple[ManosState, str]:
    """Michael takes the last Escape card in the Lair and ``card`` turns up."""
    state = position(
        {
            "escapes": 3,
            "hands": {"family": ["Grit"], "manos": ["Dark Will"]},
            "characters": {"Michael": {"location": "Lair"}, **characters},
        },
        modules=["showdown"],
    )
    do(state, "Michael searches the Lair")
    entries = chance(state, f"Lair Showdown: {card}")
    return state, texts(entries)


def draw_showdown_hands(state: ManosState) -> None:
    for _ in range(2):
        do(state, "Keep the rest and draw the showdown hand")
        while state.decision.kind == "chance":
            state.apply(state.sample_chance())


def hand(state: ManosState, side: int, names: list[str]) -> None:
    """Set a side's hand by name (the showdown hands are random draws)."""
    deck = state.game.cards.family if side == FAMILY else state.game.cards.manos
    state.hands[side] = sorted(next(c.index for c in deck if c.name == n) for n in names)


def stand(state: ManosState) -> list[TraceEntry]:
    """The Family stands on its total (when it still holds cards it could add)."""
    accept = [a for a in state.legal_actions() if a.kind == "accept"]
    return state.apply(accept[0]) if accept else []


def card(state: ManosState, name: str) -> str:
    return card_text(next(c for c in state.game.cards.showdown if c.name == name))


@pytest.mark.rule("mn.16.8")
@pytest.mark.rule("mn.16.10")
def test_the_long_night_captures_the_corrupted_and_counts_who_is_left() -> None:
    state, _ = showdown(
        "The Long Night", {"Margaret": {"corruption": 1}, "Debbie": {"corruption": 1}}
    )
    assert card(state, "The Long Night") == (
        "Every free character takes 1 corruption token. Then the Family escapes if at "
        "least 2 characters are free; otherwise Manos wins."
    )
    assert state.captured == [False, True, True] and state.corruption == [1, 2, 2]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (MANOS,) and outcome.rule == "mn.16.10"
    assert "only 1 family member free, fewer than 2: Manos wins" in texts(state.trace)
    assert {"mn.16.8", "mn.6.5", "mn.16.10"} <= set(rules_cited(state.trace))


@pytest.mark.rule("mn.16.10")
def test_the_long_night_lets_a_healthy_family_escape() -> None:
    state, _ = showdown("The Long Night", {})
    assert state.corruption == [1, 1, 1] and not any(state.captured)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (FAMILY,) and outcome.rule == "mn.16.10"
    assert "3 family members are free, at least 2: the Family escapes" in texts(state.trace)


@pytest.mark.rule("mn.16.9")
@pytest.mark.rule("mn.16.11")
def test_torgo_blocks_the_way_forgives_one_failure_but_not_two() -> None:
    state, _ = showdown("Torgo Blocks the Way", {"Margaret": {"corruption": 2}})
    assert "Every free character faces this card's challenge: rating 4, Fight." in card(
        state, "Torgo Blocks the Way"
    )
    draw_showdown_hands(state)
    assert "every free character faces its own challenge, rating 4, Fight" in texts(state.trace)
    # Michael faces it first (Margaret is captured), then Debbie; Manos may add cards.
    assert state.decision.player == MANOS and "against Michael" in state.decision.prompt
    do(state, "Let the challenge stand")
    assert "against Michael (rating 4, Fight)" in state.decision.prompt
    entries = do(state, "Concede: Michael takes a corruption token")
    assert "has failed 1 of the 1 showdown challenges the card allows" in texts(entries)
    assert state.outcome() is None
    do(state, "Let the challenge stand")
    assert "against Debbie (rating 4, Fight)" in state.decision.prompt
    do(state, "Concede: Debbie takes a corruption token")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (MANOS,) and outcome.rule == "mn.16.11"


@pytest.mark.rule("mn.16.9")
def test_torgo_blocks_the_way_met_by_every_free_character_lets_the_family_escape() -> None:
    state, _ = showdown("Torgo Blocks the Way", {"Margaret": {"corruption": 2}})
    draw_showdown_hands(state)
    hand(state, FAMILY, ["Desperate Push", "Desperate Push"])
    hand(state, MANOS, ["Torgo Lurches"])
    for who in ("Michael", "Debbie"):  # Fight 1 or more: Desperate Push's 3 is enough
        do(state, "Let the challenge stand")
        entries = do(state, "Play Desperate Push (effort 3)") + stand(state)
        assert f"{who} overcomes the challenge" in texts(entries)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (FAMILY,) and outcome.rule == "mn.15.3"


@pytest.mark.rule("mn.16.11")
def test_last_rites_three_challenges_from_manos_hand_one_may_fail() -> None:
    state, _ = showdown("Last Rites", {})
    assert card(state, "Last Rites") == (
        "Draw a Showdown Hand. Manos makes 3 challenges with cards from its hand. The Family "
        "escapes if it fails no more than 1 of these challenges; otherwise Manos wins."
    )
    draw_showdown_hands(state)
    hand(state, FAMILY, ["Desperate Push", "Desperate Push"])
    hand(state, MANOS, ["Torgo Lurches", "Wives in the Night", "Riddle of the Hands"])
    do(state, "Challenge Debbie with Torgo Lurches", "Let the challenge stand")
    do(state, "Concede: Debbie takes a corruption token")
    assert state.outcome() is None
    for line in (
        "Challenge Michael with Wives in the Night",
        "Challenge Margaret with Riddle of the Hands",
    ):
        do(state, line, "Let the challenge stand", "Play Desperate Push (effort 3)")
        stand(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (FAMILY,)
    assert texts(state.trace).count("overcomes the challenge") == 2
