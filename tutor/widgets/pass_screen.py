"""Pass the screen: one shared screen, several players, nobody sees another seat's secrets.

Why this exists: in a workshop a pair shares one laptop, and a game with hidden
information (hands, roles, unseen events) cannot be played through the omniscient
tutor's eyes or by switching "whose eyes" back and forth: whoever switches sees the
other player's cards.  :class:`PassTheScreen` is a :class:`~tutor.widgets.player.TutorialPlayer`
that shows one seat's eyes at a time.  When the game waits on another seat's decision,
the whole player is replaced by a neutral cover ("Pass the screen to Jill - click when
ready") that shows nothing of any seat's position; only a click on the cover shows the
next seat's eyes.  While the cover is up, the player's picture, explanation, steps,
hands and choices are emptied, so nothing of the previous seat's view stays in the page.

It is game-generic: it reads only the session's decision and the player's seats; what
each seat may see is the game's own ``view`` (:mod:`tutor.core.visibility`).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import ipywidgets as w

from tutor.core.session import Session
from tutor.widgets.player import BotPolicy, TutorialPlayer

_SEAT_PARTS = (
    "phase_strip",
    "picture",
    "explanation",
    "message",
    "prompt",
    "tempting_reasons",
    "trace_view",
    "hands_view",
)
"""The player's parts that show a seat's position (emptied while the cover is up)."""
_SEAT_BOXES = ("actions_box", "tempting_box")
"""The player's boxes of choice buttons (their labels name cards in hand)."""


class PassTheScreen(TutorialPlayer):
    """A tutorial player for one shared screen: one seat's eyes at a time, a cover between.

    Args:
        session: the session to show and drive.
        seats: the players people play (default: all); the others are bots and never
            get the screen.
        bot: the bots' policy (see :class:`~tutor.widgets.player.TutorialPlayer`).
        seed: the seed shown in the restart box; it also seeds the bots.
        first: the seat the screen goes to first when nobody must decide yet (default:
            the seat that decides now, else the lowest seat).
        recent: how many recent trace entries the "Recent steps" list shows.

    Attributes:
        holder: the seat whose eyes are on screen, or ``None`` while the cover is up.
        next_seat: the seat the cover asks to pass the screen to.
        cover: the cover widget (``.tutor-pass-cover``); ``ready_button`` uncovers.

    Raises:
        ValueError: if there is no person's seat, or a seat or ``first`` is not a player.
    """

    def __init__(
        self,
        session: Session,
        seats: Iterable[int] | None = None,
        bot: BotPolicy | None = None,
        *,
        seed: int = 0,
        first: int | None = None,
        recent: int = 15,
    ) -> None:
        n = int(session.game.num_players)
        chosen = sorted(range(n) if seats is None else set(seats))
        if not chosen:
            raise ValueError("pass the screen needs at least one seat played by a person")
        if first is not None and first not in chosen:
            raise ValueError(f"first seat {first} is not one of the people's seats {chosen}")
        decider = session.state.decision.player
        start = first if first is not None else (decider if decider in chosen else chosen[0])
        super().__init__(session, chosen, bot, seed=seed, eyes=start, recent=recent)
        self.holder: int | None = None
        self.next_seat: int = start
        # Only the cover changes whose eyes are shown; the omniscient view is not offered.
        self.eyes.options = [(f"{self.names[p]}'s eyes", p) for p in chosen]
        self.eyes.value = start
        self.eyes.disabled = True
        self.eyes.description = "Screen"
        self._parts = tuple(self.children)
        self.add_class("tutor-pass-screen")  # a stable hook on the page (browser tests)
        self.cover_text = w.HTML()
        self.ready_button = w.Button(
            button_style="primary", icon="eye", layout=w.Layout(width="auto")
        )
        self.ready_button.add_class("tutor-pass-ready")
        self.ready_button.on_click(lambda _: self.take_screen())
        self.cover = w.VBox(
            [self.cover_text, self.ready_button],
            layout=w.Layout(
                min_height="320px",
                padding="40px",
                border="2px dashed #adb5bd",
                align_items="center",
                justify_content="center",
            ),
        )
        self.cover.add_class("tutor-pass-cover")
        self.holder_banner = w.HTML()
        self.holder_banner.add_class("tutor-pass-holder")
        self._show_cover(start)

    # ------------------------------------------------------------------ who looks
    def seat_to_look(self) -> int | None:
        """The seat that must have the screen now: the person who decides, if any.

        ``None`` when the screen can stay where it is (entries to reveal, a bot or
        chance to move, the game over).
        """
        if self.waiting_on() != "human":
            return None
        player = self.session.state.decision.player
        return player if player in self.seats else None

    def take_screen(self) -> None:
        """The seat the cover names has the screen: show that seat's eyes."""
        seat = self.next_seat
        self.holder = seat
        self.holder_banner.value = (
            f"<div style='background:#e9ecef;padding:4px 10px;border-radius:4px'>"
            f"<b>{escape(self.names[seat])}'s screen</b>: only {escape(self.names[seat])} "
            "looks. When another player must decide, the screen covers itself.</div>"
        )
        self.children = (self.holder_banner, *self._parts)
        if self.eyes.value != seat:
            self.eyes.value = seat  # the dropdown's observer redraws
        else:
            self.refresh()

    def _show_cover(self, seat: int) -> None:
        self.holder = None
        self.next_seat = seat
        name = escape(self.names[seat])
        others = [escape(self.names[p]) for p in sorted(self.seats) if p != seat]
        away = f"{' and '.join(others)}, please look away. " if others else ""
        self.cover_text.value = (
            "<div style='text-align:center;font-size:18px;line-height:1.6'>"
            f"<b>Pass the screen to {name}.</b><br>{away}"
            f"{name}: click the button when you are ready.</div>"
        )
        self.ready_button.description = f"I am {self.names[seat]}: show my screen"
        self.children = (self.cover,)
        self._blank()

    def _blank(self) -> None:
        """Empty every part that shows a seat's position (nothing stays in the page)."""
        for name in _SEAT_PARTS:
            part = getattr(self, name, None)
            if isinstance(part, w.HTML):
                part.value = ""
        for name in _SEAT_BOXES:
            box = getattr(self, name, None)
            if isinstance(box, w.Box):
                box.children = ()
        self.action_buttons = []
        self.tempting_buttons = []

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw for the seat holding the screen, or put the cover up for the next seat."""
        if not hasattr(self, "cover"):  # still inside TutorialPlayer.__init__
            super().refresh()
            return
        seat = self.seat_to_look()
        moved = self.holder is not None or seat != self.next_seat
        if seat is not None and seat != self.holder and moved:
            self._show_cover(seat)
        if self.holder is None:
            self._blank()
            return
        super().refresh()

    def close(self) -> None:
        """Stop listening to the session and close the widget (also a half-built one)."""
        if hasattr(self, "session"):
            super().close()
        else:  # refused in __init__ before the player was built
            w.VBox.close(self)


__all__ = ["PassTheScreen"]
