"""The tutorial player: a game picture, the last explanation and the choices, as a widget.

``TutorialPlayer`` is a thin view over a :class:`tutor.core.Session`.  It asks the
session to step, play, undo and redo, and asks the state for its legal actions,
tempting-but-illegal actions (with the engine's reasons) and views; it never decides
anything about the rules itself.  It redraws whenever the session notifies it, so a
notebook cell that drives the session directly also updates the widget.

Every part is a plain attribute holding an ipywidget (``player.picture.value``,
``player.explanation.value``, ``player.action_buttons`` ...), so tests drive it
headlessly with ``button.click()``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any

import ipywidgets as w

from tutor.core.errors import IllegalActionError
from tutor.core.game import State, load_game
from tutor.core.rng import Rng
from tutor.core.session import Session
from tutor.core.types import Action, Verdict
from tutor.core.visibility import last_shown, shown_entry
from tutor.render import renderer_for
from tutor.render.html import explanation_html, rule_citation, trace_html
from tutor.widgets.why import WhyPanel

BotPolicy = Callable[[State, Sequence[Action], Rng], Action]
OMNISCIENT = -1
"""The "whose eyes" value of the tutor's omniscient view."""
MAX_AUTOPLAY = 2000
"""Safety bound on steps taken by one click of "Next decision" or "Next turn"."""
TEXT_CSS = "white-space:normal;word-break:normal;overflow-wrap:break-word;line-height:1.4"
"""Words wrap between words, never inside one (JupyterLab's defaults can split them)."""


def _wrapping(html: str) -> str:
    """``html`` in a block whose lines wrap between words, never inside a word."""
    return f"<div style='{TEXT_CSS}'>{html}</div>"


def random_bot(state: State, legal: Sequence[Action], rng: Rng) -> Action:
    """The default bot: the game's random choice (``state.random_action``) from ``rng``."""
    return state.random_action(rng)


def _button(description: str, tooltip: str, icon: str = "", **kw: Any) -> w.Button:
    return w.Button(
        description=description,
        tooltip=tooltip,
        icon=icon,
        layout=w.Layout(width="auto"),
        **kw,
    )


class TutorialPlayer(w.VBox):
    """Step through a game with explanations, a picture and one button per legal action.

    Args:
        session: the session to show and drive (the widget subscribes to it).
        seats: the players a person plays (default: all of them); the others are bots.
        bot: the bots' policy ``(state, legal_actions, rng) -> action`` (default: random).
        seed: the seed shown in the restart box; it also seeds the bots' choices.
        eyes: whose view to show at first (``None``: the omniscient tutor).
        recent: how many recent trace entries the "Recent steps" list shows.

    Raises:
        ValueError: if a seat or ``eyes`` is not a player of the game.
    """

    def __init__(
        self,
        session: Session,
        seats: Iterable[int] | None = None,
        bot: BotPolicy | None = None,
        *,
        seed: int = 0,
        eyes: int | None = None,
        recent: int = 15,
    ) -> None:
        super().__init__()
        game = session.game
        n = int(game.num_players)
        self.session = session
        self.seats: frozenset[int] = frozenset(range(n) if seats is None else seats)
        for p in self.seats:
            if not 0 <= p < n:
                raise ValueError(f"seat {p} is not a player of {game.name} (players 0..{n - 1})")
        if eyes is not None and not 0 <= eyes < n:
            raise ValueError(f"eyes {eyes} is not a player of {game.name} (players 0..{n - 1})")
        self.bot: BotPolicy = bot or random_bot
        self.bot_rng = Rng(seed)
        self.recent = recent
        self.renderer = renderer_for(game)
        self.names: list[str] = session.state.player_names()
        self._batch = 0

        # What the learner sees.  The phase strip is part of the picture (the game's, or
        # the generic one), so it is shown once.
        self.picture = w.HTML()
        self.explanation = w.HTML()
        self.message = w.HTML()
        self.prompt = w.HTML()
        self.action_buttons: list[w.Button] = []
        self.tempting_buttons: list[w.Button] = []
        self.actions_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.tempting_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.tempting_reasons = w.HTML()
        self.trace_view = w.HTML()
        self.hands_view = w.HTML()
        # Why the stepping buttons are greyed out, in words (a tooltip alone is lost
        # on touch screens).
        self.blocked = w.HTML()
        self.blocked.add_class("tutor-blocked")
        self.hands_view.add_class("tutor-cards")
        self.trace_view.add_class("tutor-recent")

        # Controls.
        self.step_button = _button("Step", "Reveal the next thing that happens", "step-forward")
        # Stable CSS hooks on the page (the browser tests find the parts by these).
        self.picture.add_class("tutor-picture")
        self.explanation.add_class("tutor-explanation-box")
        self.step_button.add_class("tutor-step")
        self.back_button = _button("Back", "Undo the last decision", "undo")
        self.forward_button = _button("Forward", "Redo the decision you undid", "redo")
        self.next_decision_button = _button(
            "Next decision", "Reveal everything up to the next decision", "fast-forward"
        )
        self.next_turn_button = _button("Next turn", "Play on to the next turn", "forward")
        self.why_button = _button("Why?", "Why did this happen? Its chain of causes", "question")
        self.why_button.add_class("tutor-why")
        self.why_panel = WhyPanel(session)
        self.why_panel.layout.display = "none"
        self.seed_input = w.IntText(value=seed, description="Seed", layout=w.Layout(width="150px"))
        self.restart_button = _button("Restart", "Start a new game with this seed", "refresh")
        self.start_over_button = _button(
            "Start over", "Go back to the start of this game or scenario", "step-backward"
        )
        self.eyes = w.Dropdown(
            options=[("Omniscient (tutor)", OMNISCIENT)]
            + [(f"{name}'s eyes", p) for p, name in enumerate(self.names)],
            value=OMNISCIENT if eyes is None else eyes,
            description="Whose eyes",
            layout=w.Layout(width="260px"),
        )
        self.step_button.on_click(lambda _: self.step())
        self.back_button.on_click(lambda _: self.back())
        self.forward_button.on_click(lambda _: self.forward())
        self.next_decision_button.on_click(lambda _: self.next_decision())
        self.next_turn_button.on_click(lambda _: self.next_turn())
        self.why_button.on_click(lambda _: self.why())
        self.restart_button.on_click(lambda _: self.restart())
        self.start_over_button.on_click(lambda _: self.start_over())
        self.eyes.observe(lambda _: self.refresh(), names="value")

        controls = w.HBox(
            [
                self.step_button,
                self.back_button,
                self.forward_button,
                self.next_decision_button,
                self.next_turn_button,
                self.why_button,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        setup = w.HBox(
            [self.start_over_button, self.seed_input, self.restart_button, self.eyes],
            layout=w.Layout(flex_flow="row wrap"),
        )
        details = w.Accordion(children=[self.trace_view])
        details.set_title(0, "Recent steps")
        self.children = (
            self.picture,
            self.explanation,
            self.message,
            controls,
            self.why_panel,
            self.blocked,
            self.prompt,
            self.actions_box,
            self.tempting_box,
            self.tempting_reasons,
            self.hands_view,
            setup,
            details,
        )
        session.subscribe(self._on_session)
        self.refresh()

    # ------------------------------------------------------------------ reading
    @property
    def viewer(self) -> int | None:
        """Whose eyes the picture and the explanations use (``None``: omniscient)."""
        value = self.eyes.value
        return None if value == OMNISCIENT else int(value)

    def waiting_on(self) -> str | None:
        """Who the game waits for: ``"human"``, ``"bot"``, ``"chance"`` or ``None``.

        ``None`` means Step can go on by itself (entries to reveal, forced steps) or
        the game is over.
        """
        s = self.session
        if s.pending_entries:
            return None
        d = s.state.decision
        if d.kind == "chance" and not s.auto_chance:
            return "chance"
        if not s.needs_decision():
            return None
        return "human" if d.player in self.seats else "bot"

    def status(self) -> str:
        """One sentence saying what happens when the learner presses Step."""
        s = self.session
        d = s.state.decision
        if s.pending_entries:
            n = s.pending_entries
            return f"{n} more step{'s' if n != 1 else ''} to reveal: press Step."
        if d.kind == "terminal":
            return "The game is over."
        who = self.waiting_on()
        d = s.state.decision_for(self.viewer)  # a private prompt stays with its decider
        name = self.names[d.player] if d.player is not None else ""
        if who == "human":
            if self.viewer is not None and self.viewer != d.player:
                # These eyes get no buttons for it: the decision (as they are shown
                # it) is stated here, once; the prompt line says whose eyes can choose.
                return d.prompt
            # The decision itself is stated once, above its buttons (the prompt).
            return f"{name} decides now: choose one of the actions below."
        if who == "bot":
            return f"{name} (bot) decides next: press Step."
        if who == "chance":
            return f"Chance step: {d.prompt} Pick an outcome or press Step to draw one."
        return "Press Step to continue."

    # ------------------------------------------------------------------ drawing
    def _on_session(self, session: Session, event: str) -> None:
        if not self._batch:
            self.refresh()

    @contextmanager
    def _batched(self) -> Iterator[None]:
        """Several session calls, one redraw at the end."""
        self._batch += 1
        try:
            yield
        finally:
            self._batch -= 1
            if not self._batch:
                self.refresh()

    def _phase(self, view: dict[str, Any]) -> str:
        """The phase to highlight: the entry being explained's while entries are pending,
        else the position's own (``view["phase"]``)."""
        phase = str(view.get("phase", ""))
        entry = self.session.last_entry
        if not self.session.pending_entries or entry is None or not entry.phase:
            return phase
        return entry.phase

    def refresh(self) -> None:
        """Redraw everything from the session (called after every session change)."""
        s = self.session
        game = s.game
        viewer = self.viewer
        view = s.shown_state.view(viewer)
        phase = self._phase(view)
        self.picture.value = self.renderer.picture(view, game, phase)
        self.explanation.value = _wrapping(
            explanation_html(
                last_shown(s.shown, viewer),
                game.rulebook,
                viewer,
                self.names,
                waiting=self.status(),
            )
        )
        self.trace_view.value = _wrapping(
            trace_html(s.shown[-self.recent :], game.rulebook, viewer)
        )
        cards = self.renderer.hands(view, game)
        self.hands_view.value = (
            f"<div style='{TEXT_CSS}'><b>Cards on the table</b>{cards}</div>" if cards else ""
        )
        self._refresh_decision()
        self.back_button.disabled = not s.can_undo()
        self.forward_button.disabled = not s.can_redo()
        self.why_button.disabled = not s.cursor
        if self.why_panel.layout.display != "none":
            self.why()  # keep the open chain on the entry now shown
        self._refresh_stepping()

    def why(self) -> None:
        """Show why the entry on screen happened, as the chosen eyes may see it."""
        s = self.session
        if not s.cursor:
            self.why_panel.layout.display = "none"
            return
        # The newest entry these eyes are shown (a private one is not theirs to ask about).
        entry = s.cursor - 1
        while entry > 0 and shown_entry(s.state.trace[entry], self.viewer) is None:
            entry -= 1
        self.why_panel.session = s
        self.why_panel.explain(entry, self.viewer)
        self.why_panel.layout.display = "flex"

    def _refresh_stepping(self) -> None:
        """Grey out Step, Next decision and Next turn when they cannot go on, saying why."""
        s = self.session
        stepping = (self.step_button, self.next_decision_button, self.next_turn_button)
        tips = (
            "Reveal the next thing that happens",
            "Reveal everything up to the next decision",
            "Play on to the next turn",
        )
        reason = ""
        if s.state.is_terminal() and not s.pending_entries:
            reason = "The game is over: Start over or Restart to play again."
        elif self.waiting_on() in ("human", "chance"):
            # A person's (or a hand-picked chance) decision: nothing moves until it is made.
            d = s.state.decision_for(self.viewer)
            who = self.names[d.player] if d.player is not None else "the tutor"
            what = "a chance outcome" if self.waiting_on() == "chance" else "an action"
            reason = (
                f"Waiting for {who} to choose {what} below: Step, Next decision and "
                "Next turn go on after that choice."
            )
        for button, tip in zip(stepping, tips, strict=True):
            button.disabled = bool(reason)
            button.tooltip = reason or tip
        self.blocked.value = (
            f"<div class='tutor-blocked-reason' style='color:#8a5a00;{TEXT_CSS}'>"
            f"{escape(reason)}</div>"
            if reason
            else ""
        )

    def _refresh_decision(self) -> None:
        s = self.session
        state = s.state
        who = self.waiting_on()
        viewer = self.viewer
        d = state.decision_for(viewer)
        self.action_buttons = []
        self.tempting_buttons = []
        reasons: list[str] = []
        prompt = ""
        if who == "human" and viewer is not None and viewer != d.player:
            name = self.names[d.player] if d.player is not None else "another player"
            prompt = (
                f"It is {name}'s decision. Switch “whose eyes” to {name} or the tutor to "
                "see the choices."
            )
        elif who == "human":
            prompt = d.prompt
            citation, _ = rule_citation(s.game.rulebook, d.rule)
            if citation:
                prompt += f" ({citation})"
            for action in state.choices_for(viewer):
                button = _button(action.label, action.label, button_style="info")
                button.add_class("tutor-action")
                button.on_click(self._chooser(action))
                self.action_buttons.append(button)
            for action, verdict in self._tempting(state):
                tip = self._reason(verdict)
                self.tempting_buttons.append(
                    _button(action.label, tip, "ban", disabled=True, button_style="")
                )
                reasons.append(f"<li><b>{escape(action.label)}</b>: {escape(tip)}</li>")
        elif who == "chance" and viewer is None:
            prompt = f"Chance: {d.prompt}"
            for action in state.choices_for(viewer):
                button = _button(action.label, action.label, "random", button_style="warning")
                button.on_click(self._chooser(action))
                self.action_buttons.append(button)
        elif who in ("bot", "chance"):
            prompt = self.status()
        self.prompt.value = (
            f"<div class='tutor-prompt'><b>{escape(prompt)}</b></div>" if prompt else ""
        )
        self.actions_box.children = tuple(self.action_buttons)
        self.tempting_box.children = tuple(self.tempting_buttons)
        self.tempting_reasons.value = (
            f"<div style='font-size:12px;color:#8b0000;{TEXT_CSS}'>Not allowed now:"
            "<ul style='margin:0'>" + "".join(reasons) + "</ul></div>"
            if reasons
            else ""
        )

    @staticmethod
    def _tempting(state: State) -> list[tuple[Action, Verdict]]:
        return list(state.tempting_actions())

    def _reason(self, verdict: Verdict) -> str:
        citation, _ = rule_citation(self.session.game.rulebook, verdict.rule)
        reason = verdict.reason or "not allowed now"
        return f"{reason} — {citation} ({verdict.rule})" if citation else reason

    # ------------------------------------------------------------------ acting
    def _chooser(self, action: Action) -> Callable[[w.Button], None]:
        return lambda _button: self.choose(action)

    def choose(self, action: Action) -> None:
        """Play ``action`` for the deciding player and reveal its first trace entry."""
        with self._batched():
            try:
                self.session.play(action)
            except IllegalActionError as exc:
                self.message.value = f"<div style='color:#b00020'>{escape(str(exc))}</div>"
                return
            self.message.value = ""
            self.session.step()

    def _bot_play(self) -> None:
        state = self.session.state
        legal = state.legal_actions()
        if state.decision.kind == "chance":
            action = state.sample_chance()
        else:
            action = self.bot(state, legal, self.bot_rng)
        self.session.play(action)

    def _reveal_one(self) -> bool:
        """Reveal one entry, letting a bot (or chance) decide first when it is their turn."""
        s = self.session
        if s.step() is not None:
            return True
        if self.waiting_on() in ("bot", "chance"):
            self._bot_play()
            s.step()
            return True
        return False

    def _advance_one(self) -> bool:
        """Reveal up to and including the next entry the chosen eyes are shown.

        Entries these eyes see nothing of are passed in the same click: how many clicks
        a turn takes must not tell a player how many secret lines it wrote.
        """
        if not self._reveal_one():
            return False
        for _ in range(MAX_AUTOPLAY):
            entry = self.session.last_entry
            if entry is None or shown_entry(entry, self.viewer) is not None:
                break
            if not self._reveal_one():
                break
        return True

    def step(self) -> None:
        """Reveal the next trace entry (a bot makes its decision first if the game waits on it)."""
        with self._batched():
            self._advance_one()

    def next_decision(self) -> None:
        """Reveal everything up to the next decision a person makes (bots play on their own).

        With no human seat, stop at every decision instead (one bot move per click).
        """
        s = self.session
        with self._batched():
            s.run_to_decision()
            for _ in range(MAX_AUTOPLAY):
                if s.state.is_terminal() or self.waiting_on() not in ("bot", "chance"):
                    break
                self._bot_play()
                s.run_to_decision()
                if not self.seats:
                    break

    def next_turn(self) -> None:
        """Play on until the next turn starts, or a person must decide, or the game ends."""
        s = self.session
        with self._batched():
            start = s.shown_state.turn_number
            for _ in range(MAX_AUTOPLAY):
                if not self._advance_one():
                    break
                if s.shown_state.turn_number != start:
                    # Reveal the rest of what the same action did (the new turn's opening).
                    last = s.last_entry
                    while (
                        last is not None
                        and s.pending_entries
                        and s.state.trace[s.cursor].step == last.step
                    ):
                        s.step()
                    break

    def back(self) -> None:
        """Undo the last decision; with a bot seat, undo back to a person's decision."""
        s = self.session
        with self._batched():
            s.undo()
            while self.seats and s.can_undo() and self.waiting_on() == "bot":
                s.undo()

    def forward(self) -> None:
        """Redo the decision that was undone (and a bot's reply to it)."""
        s = self.session
        with self._batched():
            s.redo()
            while self.seats and s.can_redo() and self.waiting_on() == "bot":
                s.redo()

    def restart(self, seed: int | None = None) -> None:
        """Start a new game with ``seed`` (default: the seed box), reseeding the bots."""
        value = int(self.seed_input.value if seed is None else seed)
        self.seed_input.value = value
        self.bot_rng = Rng(value)
        with self._batched():
            self.message.value = ""
            self.session.restart(value)

    def start_over(self) -> None:
        """Go back to where this session began (a scenario's position, not a new deal)."""
        self.bot_rng = Rng(int(self.seed_input.value))
        with self._batched():
            self.message.value = ""
            self.session.restart()

    def load_state(self, state: State, note: str = "") -> None:
        """Show a copy of ``state`` (a decision-tree node, say) in a new session.

        The player keeps its seats, bots and "whose eyes"; Start over returns to this
        position and Back cannot go before it.  ``note`` is shown above the controls.

        Raises:
            ValueError: if ``state`` belongs to another game than the one shown.
        """
        if state.game.name != self.session.game.name:
            raise ValueError(f"this player shows {self.session.game.name}, not {state.game.name}")
        session = Session(state.clone())
        session.mark_start()
        with self._batched():
            self.session.unsubscribe(self._on_session)
            self.session = session
            session.subscribe(self._on_session)
            self.message.value = f"<div class='tutor-note'>{escape(note)}</div>" if note else ""

    def close(self) -> None:
        """Stop listening to the session and close the widget."""
        self.session.unsubscribe(self._on_session)
        super().close()


def play(
    game_name: str,
    seed: int = 7,
    seats: Iterable[int] | None = None,
    eyes: int | None = None,
    **options: Any,
) -> TutorialPlayer:
    """Load a game, start a seeded session and return a TutorialPlayer for it.

    Args:
        game_name: a registered game (``tutor.registered_games()``).
        seed: the game's seed (and the bots').
        seats: the players a person plays (default: all).
        eyes: whose view to show at first (``None``: the omniscient tutor).
        **options: game options passed to ``tutor.load_game``.

    Raises:
        UnknownGameError: if no game has that name.
        OptionError: if an option is invalid.
        ValueError: if a seat or ``eyes`` is not a player.
    """
    game = load_game(game_name, **options)
    session = Session(game.new_state(seed=seed))
    return TutorialPlayer(session, seats=seats, seed=seed, eyes=eyes)
