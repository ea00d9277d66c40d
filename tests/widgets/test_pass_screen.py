"""Pass the screen: one shared screen shows one seat's eyes at a time, a cover in between.

The tests play the workshop's "anyone may lie" position (Jack draws Stray Bullets, an
unseen event) the way a pair at one laptop would: click the cover, choose, let the
cover come up for the other seat.  Whenever the cover is up, no widget of the player
(shown or not) may hold anything of either seat's hand or the unseen card.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as w
import pytest

import tutor
from tutor.widgets.pass_screen import PassTheScreen

JACKS_HAND = ("Medicine", "Coffee")
JILLS_HAND = ("Sprint", "Bullet")
UNSEEN = "Stray Bullets"


def widgets_of(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_of(child)


def texts(player: PassTheScreen, shown_only: bool = False) -> str:
    """Every string a person could read from the player's widgets (displayed or not)."""
    roots = [player] if shown_only else [player, *player._parts]
    out = []
    for root in roots:
        for widget in widgets_of(root):
            if isinstance(widget, w.HTML):
                out.append(widget.value)
            elif isinstance(widget, w.Button):
                out += [widget.description, widget.tooltip or ""]
    return "\n".join(out)


def holds(text: str, card: str) -> bool:
    """Whether ``card`` is named in ``text`` as a whole name ("Bullet", not "Stray Bullets")."""
    return re.search(rf"\b{re.escape(card)}\b", text) is not None


def choose(player: PassTheScreen, label: str) -> None:
    (button,) = [b for b in player.action_buttons if b.description == label]
    button.click()


def play_until_cover(player: PassTheScreen) -> None:
    """Press Step until the cover comes up (the game waits on another seat)."""
    for _ in range(100):
        if player.holder is None:
            return
        assert player.waiting_on() != "human", "a person must decide but the screen stayed"
        player.step_button.click()
    raise AssertionError("the cover never came up")


@pytest.fixture
def player() -> PassTheScreen:
    return PassTheScreen(tutor.load_teaching_scenario("mantis_falls", "stray_bullets"))


def test_it_opens_covered_for_the_seat_that_decides_and_shows_nothing(
    player: PassTheScreen,
) -> None:
    assert player.holder is None and player.next_seat == 0
    assert player.children == (player.cover,)
    assert "Pass the screen to Jack" in player.cover_text.value
    assert "Jill, please look away" in player.cover_text.value
    seen = texts(player)
    for card in (*JACKS_HAND, *JILLS_HAND):
        assert not holds(seen, card), card
    assert player.action_buttons == []


def test_the_ready_click_shows_that_seats_eyes_only(player: PassTheScreen) -> None:
    player.ready_button.click()
    assert player.holder == 0 and player.viewer == 0
    assert player.cover not in player.children
    shown = texts(player, shown_only=True)
    assert all(card in shown for card in JACKS_HAND)
    assert not any(holds(player.picture.value, card) for card in JILLS_HAND)
    assert "Do nothing" in [b.description for b in player.action_buttons]
    # Nobody can switch to the omniscient tutor or to another seat by hand.
    assert player.eyes.disabled
    assert [value for _, value in player.eyes.options] == [0, 1]


def test_the_cover_comes_up_when_the_other_seat_must_decide(player: PassTheScreen) -> None:
    player.ready_button.click()
    choose(player, "Do nothing")
    play_until_cover(player)
    assert player.next_seat == 1
    assert "Pass the screen to Jill" in player.cover_text.value
    seen = texts(player)
    for card in JACKS_HAND:
        assert not holds(seen, card), f"{card} of Jack is still in the page"
    player.ready_button.click()
    assert player.viewer == 1
    shown = texts(player, shown_only=True)
    assert all(card in shown for card in JILLS_HAND)
    assert not any(holds(player.picture.value, card) for card in JACKS_HAND)


def test_the_unseen_event_stays_with_jack_when_the_screen_goes_back_to_jill(
    player: PassTheScreen,
) -> None:
    player.ready_button.click()
    choose(player, "Do nothing")
    play_until_cover(player)
    player.ready_button.click()  # Jill
    choose(player, "Do nothing")
    play_until_cover(player)
    assert player.next_seat == 0  # Jack decides inside the unseen event
    assert UNSEEN not in texts(player)
    player.ready_button.click()
    assert UNSEEN in texts(player, shown_only=True)
    choose(player, "0 to Jack, 2 to Jill")
    # Play on until Jill has the screen again; she never reads the card's name.
    for _ in range(20):
        play_until_cover(player)
        if player.next_seat == 1:
            break
        player.ready_button.click()
        player.action_buttons[0].click()
    assert player.next_seat == 1
    assert UNSEEN not in texts(player)
    player.ready_button.click()
    assert player.session.state.wounds[1] >= 2
    assert UNSEEN not in texts(player)


def test_undoing_into_the_other_seats_decision_covers_the_screen(player: PassTheScreen) -> None:
    player.ready_button.click()
    choose(player, "Do nothing")
    play_until_cover(player)
    player.ready_button.click()  # Jill has the screen and takes Jack's choice back
    player.back_button.click()
    assert player.holder is None and player.next_seat == 0
    assert not any(holds(texts(player), card) for card in JILLS_HAND)


def test_a_bot_seat_never_gets_the_screen() -> None:
    session = tutor.load_teaching_scenario("mantis_falls", "stray_bullets")
    player = PassTheScreen(session, seats=[0], seed=3)
    player.ready_button.click()
    for _ in range(60):
        if player.session.state.is_terminal():
            break
        assert player.holder == 0
        if player.action_buttons:
            player.action_buttons[0].click()
        else:
            player.step_button.click()
    assert player.next_seat == 0


def test_bad_seats_are_refused() -> None:
    session = tutor.load_teaching_scenario("mantis_falls", "stray_bullets")
    with pytest.raises(ValueError, match="at least one seat"):
        PassTheScreen(session, seats=[])
    with pytest.raises(ValueError, match="first seat 1"):
        PassTheScreen(session, seats=[0], first=1)
    with pytest.raises(ValueError, match="seat 5"):
        PassTheScreen(session, seats=[5])
