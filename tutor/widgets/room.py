"""The live workshop room's two pages: the host's screen and a learner's screen.

Why this exists: ``notebooks/workshop_host.ipynb`` and ``notebooks/workshop_room.ipynb``
hold no logic; they call :func:`host_room` and :func:`learner_room`, which read the
page's address (Voila hands it to the kernel as ``QUERY_STRING``) and return these
widgets.  The room itself (who may do what, where it is kept) is
:mod:`tutor.workshop.store`; the positions and the engine's answer are
:mod:`tutor.workshop.positions`.

- :class:`HostRoom`: opens a room (or reopens one with its code and secret), pushes a
  position of any game to the room, shows the answers arriving live as a bar chart
  (a Plotly ``FigureWidget`` updated by a poll of the database every
  :data:`HOST_POLL_SECONDS`), reveals what the engine says and plays on.
- :class:`LearnerRoom`: joins a room by its code and a name, shows the current
  position through the deciding player's eyes with that player's choices, records
  the answer, and shows the reveal.  A reload (a new kernel) finds the answer again.

Plotly is imported by the host's page only.  Tests drive both headlessly:
``open_button.click()``, ``push_button.click()``, ``choice_buttons[i].click()``,
``reveal_button.click()``, ``next_button.click()``, and ``refresh()`` in place of the timer.
"""

from __future__ import annotations

import asyncio
import os
import time
from html import escape
from typing import Any
from urllib.parse import parse_qs, quote

import ipywidgets as w

from tutor.analysis.odds import ChoiceChance, ChoiceOdds
from tutor.core.errors import RoomAccessError, RoomStoreError, TutorError
from tutor.core.session import Session
from tutor.core.spec import game_specs
from tutor.workshop.positions import (
    NEW_GAME,
    ODDS_SECONDS,
    choice_to_play,
    draft_question,
    engine_says,
    play_on,
    position_sources,
    source_title,
    start_session,
)
from tutor.workshop.store import Question, RoomStore, Tally

HOST_POLL_SECONDS = 0.3
"""How often the host's chart reads the answers."""
LEARNER_POLL_SECONDS = 0.7
"""How often a learner's page looks for a new question or a reveal."""
MAX_TABLE = 30
"""Up to this many choices the reveal's table lists every one; with more, only those
with odds or answers."""
MAX_BUTTONS = 12
"""Up to this many choices are buttons; more are a list to pick from."""
HOST_PAGE = "workshop_host.ipynb"
LEARNER_PAGE = "workshop_room.ipynb"


def page_query() -> dict[str, str]:
    """The page address's query parameters (Voila passes them as ``QUERY_STRING``)."""
    raw = os.environ.get("QUERY_STRING", "")
    return {key: values[-1] for key, values in parse_qs(raw).items() if values}


def page_address(page: str, **query: str) -> tuple[str, str]:
    """A link to another page of the room: ``(href, address to read out)``.

    The href is relative (it works behind any proxy); the address shown is absolute when
    Voila told the kernel its server's name, port and the page's path (``SERVER_NAME``,
    ``SERVER_PORT``, ``SCRIPT_NAME``), so the host can read it out to the room.
    """
    tail = "&".join(f"{key}={quote(value)}" for key, value in query.items())
    href = f"{page}?{tail}" if tail else page
    name, port = os.environ.get("SERVER_NAME"), os.environ.get("SERVER_PORT")
    script = os.environ.get("SCRIPT_NAME", "")
    if not name or "/" not in script:
        return href, href
    folder = script.rsplit("/", 1)[0]
    return href, f"http://{name}{':' + port if port else ''}{folder}/{href}"


def _open_store(url: Any) -> RoomStore:
    return url if isinstance(url, RoomStore) else RoomStore(url)


def _error_html(message: str) -> str:
    return (
        '<div class="tutor-room-error" style="color:#9d0208;font-weight:600;'
        f'padding:6px 0">{escape(message)}</div>'
    )


def _start_timer(owner: Any, seconds: float) -> asyncio.Task[None] | None:
    """Call ``owner.refresh()`` every ``seconds`` on the kernel's running event loop.

    Outside a kernel (no running loop: a test, a script) nothing is started and the
    caller refreshes by hand.
    """
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    if not loop.is_running():
        return None

    async def tick() -> None:
        while not owner.closed_room:
            try:
                owner.refresh()
            except Exception as exc:  # shown on the page; the next tick tries again
                owner.message.value = _error_html(f"the page could not read the room: {exc}")
            await asyncio.sleep(seconds)

    return loop.create_task(tick())


def _odds_of(says: dict[str, Any]) -> ChoiceOdds | None:
    """The reveal's odds in the shared shape (an older reveal's ``{label: p}`` too)."""
    found = says.get("odds")
    if not found:
        return None
    try:
        return ChoiceOdds.from_dict(found)
    except ValueError:  # a damaged reveal shows no odds rather than none of the rest
        return None


def chance_text(chance: ChoiceChance) -> str:
    """A choice's chance as the room reads it: ``33%``, or ``45% (27-65%, 22 games)``."""
    if not chance.trials:
        return f"{100 * chance.p:.0f}%"
    return (
        f"{100 * chance.p:.0f}% <small>({100 * chance.low:.0f}\u2013{100 * chance.high:.0f}%, "
        f"{chance.trials} game{'s' if chance.trials != 1 else ''})</small>"
    )


def reveal_html(question: Question, counts: tuple[int, ...] | None = None) -> str:
    """What the engine says about a question, as HTML (the host's and learners' reveal).

    Args:
        question: a revealed question (its ``reveal`` holds :func:`engine_says`'s result).
        counts: the room's answers per choice, shown beside the engine's odds.
    """
    says = question.reveal or {}
    rule = says.get("rule") or {}
    parts = ['<div class="tutor-room-reveal" style="margin:8px 0">', "<b>The engine says</b>"]
    if rule.get("citation"):
        parts.append(
            f'<div class="tutor-room-rule">Rule: <b>{escape(str(rule["citation"]))}</b> '
            f"<small>({escape(str(rule.get('id', '')))})</small><br>"
            f"<i>{escape(str(rule.get('summary', '')))}</i></div>"
        )
    odds = _odds_of(says)
    rows = []
    for i, label in enumerate(question.choices):
        n = counts[i] if counts is not None and i < len(counts) else 0
        chance = odds.of(label) if odds is not None else None
        if len(question.choices) > MAX_TABLE and chance is None and not n:
            continue  # a long list of choices: only those with odds or answers
        cells = [f"<td>{escape(label)}</td>"]
        if odds is not None:
            cells.append(f"<td>{'' if chance is None else chance_text(chance)}</td>")
        if counts is not None:
            cells.append(f"<td>{n}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    if (odds is not None or counts is not None) and rows:
        head = "<th>choice</th>" + (f"<th>{escape(odds.measure)}</th>" if odds else "")
        head += "<th>the room</th>" if counts is not None else ""
        parts.append(
            '<table class="tutor-room-odds" style="border-collapse:collapse;margin:4px 0">'
            f"<tr>{head}</tr>{''.join(rows)}</table>"
        )
    if odds is not None and odds.note:
        parts.append(f'<div class="tutor-room-odds-note"><small>{escape(odds.note)}</small></div>')
    bots = says.get("bots") or []
    if bots:
        items = "".join(
            f"<li><b>{escape(str(b['bot']))}</b> would choose "
            f'<span class="tutor-room-bot-choice">{escape(str(b["choice"]))}</span>'
            f"<br><small>{escape(str(b.get('description', '')))}</small></li>"
            for b in bots
        )
        parts.append(f'<ul class="tutor-room-bots">{items}</ul>')
    parts.append("</div>")
    return "".join(parts)


def question_html(question: Question) -> str:
    """The position and the prompt of a question, as every screen of the room shows it."""
    return (
        f'<div class="tutor-room-question" data-question="{question.id}">'
        f"<h3>Question {question.number}: {escape(question.title)}</h3>"
        f"{question.picture}"
        f'<p class="tutor-room-prompt" style="font-size:15px"><b>{escape(question.player)}</b>'
        f" decides: {escape(question.prompt)}<br><b>What would you do here?</b></p></div>"
    )


class _RoomPage(w.VBox):
    """What both pages share: the database opened at first use, a timer, closing."""

    _store_arg: Any = None
    _store: RoomStore | None = None
    _timer: asyncio.Task[None] | None = None
    closed_room = False
    poll_seconds = HOST_POLL_SECONDS

    @property
    def store(self) -> RoomStore:
        """The rooms' database (opened at the first use).

        Raises:
            RoomStoreError: if it cannot be opened.
        """
        if self._store is None:
            self._store = _open_store(self._store_arg)
        return self._store

    def refresh(self) -> None:
        """Read the room again (the timer calls this)."""

    def start_polling(self) -> None:
        """Refresh every ``poll_seconds`` while a kernel runs (no-op outside one)."""
        if self._timer is None:
            self._timer = _start_timer(self, self.poll_seconds)

    def close(self) -> None:
        """Stop polling and close the widget."""
        self.closed_room = True
        if self._timer is not None:
            self._timer.cancel()
        super().close()


class HostRoom(_RoomPage):
    """The host's screen: open a room, push positions, watch the answers, reveal.

    Args:
        store: the rooms' database: a :class:`~tutor.workshop.store.RoomStore`, a URL
            or SQLite path, or ``None`` for the default (``RULES_TUTOR_WORKSHOP_DB``,
            else the user's data folder).  Opened at the first action, not before.
        code: a room to reopen (with ``secret``); without a secret the page offers to
            type it ("Take the room back"), so it need not show in the address bar.
        secret: the room's host secret.
        game: the game picked at first.
        poll_seconds: how often the chart reads the answers (when a kernel runs).
        odds_seconds: the time budget of the reveal's estimated odds (``None``: every
            round, the same odds every time).
    """

    def __init__(
        self,
        store: Any = None,
        code: str | None = None,
        secret: str | None = None,
        game: str | None = None,
        poll_seconds: float = HOST_POLL_SECONDS,
        odds_seconds: float | None = ODDS_SECONDS,
    ) -> None:
        super().__init__()
        self.add_class("tutor-room-host")
        self.odds_seconds = odds_seconds
        self._store_arg = store
        self.code: str | None = None
        self.secret: str | None = None
        self.session: Session | None = None
        self.question: Question | None = None
        self.base_title = ""
        self.tally: Tally | None = None
        self.poll_seconds = poll_seconds
        self.last_update = 0.0
        self.updates = 0

        self.message = w.HTML()
        self.header = w.HTML()
        self.title_box = w.Text(description="Room title", placeholder="e.g. Tuesday club")
        self.open_button = w.Button(description="Open a new room", button_style="primary")
        self.open_button.add_class("tutor-room-open")
        self.open_button.on_click(lambda _: self.open_room())
        names = list(game_specs())
        first = game if game in names else names[0]
        self.game_picker = w.Dropdown(
            options=[(spec.title, name) for name, spec in game_specs().items()],
            value=first,
            description="Game",
        )
        self.source_picker = w.Dropdown(description="Position")
        self.seed_box = w.BoundedIntText(value=1, min=0, max=2**31 - 1, description="Seed")
        self.game_picker.observe(lambda _: self._fill_sources(), names="value")
        self._fill_sources()
        self.push_button = w.Button(description="Push to the room", button_style="primary")
        self.push_button.add_class("tutor-room-push")
        self.push_button.on_click(lambda _: self.push())
        self.reveal_button = w.Button(description="Reveal", disabled=True, button_style="info")
        self.reveal_button.add_class("tutor-room-reveal-button")
        self.reveal_button.on_click(lambda _: self.reveal())
        self.next_button = w.Button(description="Play on: next position", disabled=True)
        self.next_button.add_class("tutor-room-next")
        self.next_button.on_click(lambda _: self.next_position())
        self.count_label = w.HTML()
        self.chart = w.Box()
        self.figure: Any = None
        self._draw((), (), None, "")
        self.position = w.HTML()
        self.reveal_box = w.HTML()
        self.secret_toggle = w.ToggleButton(description="Show the host secret")
        self.secret_label = w.HTML()
        self.secret_toggle.observe(lambda _: self._show_secret(), names="value")
        self.controls = w.VBox(
            [
                w.HBox([self.game_picker, self.source_picker, self.seed_box]),
                w.HBox([self.push_button, self.reveal_button, self.next_button]),
                w.HBox([self.secret_toggle, self.secret_label]),
            ]
        )
        self.controls.layout.display = "none"
        self.live = w.VBox([self.count_label, self.chart, self.reveal_box, self.position])
        self.live.layout.display = "none"
        self.code_box = w.Text(value=code or "", description="Room code")
        self.secret_box = w.Password(description="Host secret")
        self.reopen_button = w.Button(description="Take the room back")
        self.reopen_button.add_class("tutor-room-reopen")
        self.reopen_button.on_click(
            lambda _: self.reopen(self.code_box.value, self.secret_box.value)
        )
        self.start = w.VBox(
            [
                w.HBox([self.title_box, self.open_button]),
                w.HTML("<small>or, as the host of an open room:</small>"),
                w.HBox([self.code_box, self.secret_box, self.reopen_button]),
            ]
        )
        self.children = (self.message, self.header, self.start, self.controls, self.live)
        if code and secret:
            self.reopen(code, secret)

    def _fail(self, exc: Exception) -> None:
        self.message.value = _error_html(str(exc))

    def _show_secret(self) -> None:
        """The host secret on screen only while the toggle is down (a projected screen)."""
        shown = self.secret_toggle.value and self.secret
        self.secret_label.value = (
            f'<code class="tutor-room-secret">{escape(self.secret or "")}</code>' if shown else ""
        )

    # ---- opening ----------------------------------------------------------------------
    def open_room(self) -> None:
        """Open a new room and show its code and links."""
        try:
            self.code, self.secret = self.store.open_room(
                self.game_picker.value, self.title_box.value.strip()
            )
        except (RoomStoreError, RoomAccessError) as exc:
            self._fail(exc)
            return
        self._show_room()

    def reopen(self, code: str, secret: str) -> None:
        """Take a room back after a reload or a kernel restart: its game and question.

        A wrong code or secret is shown as an error, and nothing else happens.
        """
        try:
            room = self.store.check_host(code, secret)
            saved = self.store.saved_session(room.code, secret)
            self.code, self.secret = room.code, secret
            if saved is not None:
                self.session = Session.from_dict(saved, f"room {room.code}")
                self.game_picker.value = room.game
            self.question = self.store.question(room.code)
            if self.question is not None:
                self.base_title = self.question.title.split(", after ")[0]
        except (TutorError, ValueError) as exc:
            self._fail(exc)
            return
        self._show_room()
        if self.question is not None:
            self._show_question()

    def _show_room(self) -> None:
        code = self.code or ""
        learners, shown = page_address(LEARNER_PAGE, room=code)
        host, _ = page_address(HOST_PAGE, room=code, secret=self.secret or "")
        link = "color:#1a5fb4;text-decoration:underline"
        self.message.value = ""
        self.header.value = (
            f'<div class="tutor-room-header" data-code="{code}">'
            f'<div style="font-size:28px">Room code: <b class="tutor-room-code">{code}</b></div>'
            f'<div>Learners open <a class="tutor-room-learner-link" href="{escape(learners)}" '
            f'target="_blank" style="{link}">{escape(shown)}</a> (or the room page, and type '
            "the code).</div>"
            f"<div><small>Keep this link to yourself: it lets you back in as the host after a "
            f'reload or a restart: <a class="tutor-room-host-link" href="{escape(host)}" '
            f'style="{link}">host link</a></small></div></div>'
        )
        self.start.layout.display = "none"
        self.controls.layout.display = ""
        self.live.layout.display = ""
        self.start_polling()

    def _fill_sources(self) -> None:
        try:
            self.source_picker.options = [
                (label, source) for label, source in position_sources(self.game_picker.value)
            ]
            self.source_picker.value = NEW_GAME
        except TutorError as exc:
            self._fail(exc)

    # ---- questions --------------------------------------------------------------------
    def push(self) -> None:
        """Start the chosen position (a new game or a teaching scenario) and push it."""
        if self.code is None:
            return
        game, source = self.game_picker.value, self.source_picker.value or NEW_GAME
        seed = int(self.seed_box.value)
        try:
            self.session = start_session(game, source, seed)
        except TutorError as exc:
            self._fail(exc)
            return
        self.base_title = source_title(game, source, seed)
        self._push_current(self.base_title)

    def push_session(self, session: Session, title: str) -> None:
        """Push a Session's current position (e.g. one built in a notebook)."""
        self.session = session
        self.base_title = title
        self._push_current(title)

    def _push_current(self, title: str) -> None:
        assert self.session is not None and self.code and self.secret
        draft = draft_question(self.session, title)
        if draft is None:
            outcome = self.session.state.outcome()
            said = f": {outcome.reason}" if outcome is not None else ""
            self.message.value = f"<b>The game is over{escape(said)}.</b> Push another position."
            self.next_button.disabled = True
            return
        try:
            self.question = self.store.push_question(self.code, self.secret, draft)
            self.store.save_session(self.code, self.secret, self.session.to_dict())
        except (RoomStoreError, RoomAccessError) as exc:
            self._fail(exc)
            return
        self.message.value = ""
        self._show_question()

    def _show_question(self) -> None:
        question = self.question
        assert question is not None
        self.position.value = question_html(question)
        self.tally = None
        revealed = question.status == "revealed"
        self.reveal_box.value = reveal_html(question) if revealed else ""
        self.reveal_button.disabled = revealed
        self.next_button.disabled = not revealed or self.session is None
        self.refresh()

    def refresh(self) -> None:
        """Read the answers; redraw the chart when they changed."""
        question, code = self.question, self.code
        if question is None or code is None:
            return
        try:
            tally = self.store.tally(code, question.id, len(question.choices))
            learners = self.store.learner_count(code)
        except (RoomStoreError, RoomAccessError) as exc:
            self._fail(exc)
            return
        self.count_label.value = (
            f'<div class="tutor-room-count" data-answers="{tally.answers}" '
            f'data-learners="{learners}" style="font-size:18px"><b>{tally.answers}</b> '
            f"answer{'s' if tally.answers != 1 else ''} · {learners} in the room</div>"
        )
        if tally == self.tally:
            return
        self.tally = tally
        engine = None
        if question.reveal and question.reveal.get("bots"):
            engine = str(question.reveal["bots"][0]["choice"])
        odds = _odds_of(question.reveal or {})
        title = f"Question {question.number}: what the room would do"
        self._draw(question.choices, tally.counts, engine, title, odds)
        self.last_update = time.time()
        self.updates += 1

    def _draw(
        self,
        choices: tuple[str, ...],
        counts: tuple[int, ...],
        engine: str | None,
        title: str,
        odds: ChoiceOdds | None = None,
    ) -> None:
        """Draw the answers on the one ``FigureWidget`` of the page, in place.

        Plotly sends an in-place change as a message, which a page still loading
        Plotly's script misses; the figure's whole state is therefore sent again too
        (what a page reads when it draws the chart), so a late page draws it right.
        Plotly is imported here: a learner's kernel starts faster without it.
        """
        from copy import deepcopy

        import plotly.graph_objects as go

        from tutor.charts.workshop import answer_bars, answers_layout, odds_points

        labels, values, colours = answer_bars(choices, counts, engine)
        if getattr(self, "figure", None) is None:
            from tutor.charts.workshop import answers_figure

            self.figure = go.FigureWidget(answers_figure(choices, counts, engine, title, odds))
            self.chart.children = (self.figure,)
            return
        figure = self.figure
        with figure.batch_update():
            bar = figure.data[0]
            bar.x, bar.y, bar.text = values, labels, values
            bar.marker.color = colours
            points = odds_points(labels, odds)
            marks = figure.data[1]
            marks.x, marks.y = points["x"], points["y"]
            marks.error_x = points["error_x"]
            marks.text, marks.name = points["text"], points["name"]
            layout = answers_layout(labels, values, title, odds)
            figure.layout.annotations = layout.pop("annotations")  # [] must clear the note
            figure.update_layout(**layout)
        figure._widget_data = deepcopy(figure._data)
        figure._widget_layout = deepcopy(figure._layout_obj._props)

    def reveal(self) -> None:
        """Close the question and show (to everyone) what the engine says."""
        if self.question is None or self.session is None or not self.code:
            return
        counts = self.tally.counts if self.tally else None

        def weighing(done: int, rounds: int) -> None:
            self.reveal_box.value = (
                '<div class="tutor-room-weighing">The engine is weighing the choices: '
                f"{done} of at most {rounds} worlds played…</div>"
            )

        try:
            says = engine_says(
                self.session, counts=counts, odds_seconds=self.odds_seconds, progress=weighing
            )
            self.store.reveal(self.code, self.secret or "", self.question.id, says)
            self.question = self.store.question(self.code, self.question.id)
        except (TutorError, ValueError) as exc:
            self._fail(exc)
            return
        assert self.question is not None
        self.tally = None
        self.refresh()
        counts = self.tally.counts if self.tally else None
        self.reveal_box.value = reveal_html(self.question, counts)
        self.reveal_button.disabled = True
        self.next_button.disabled = False

    def next_position(self) -> None:
        """Play on with the engine's choice (the first bot's) and push the next position."""
        question, session = self.question, self.session
        if question is None or session is None or question.reveal is None:
            return
        counts = self.tally.counts if self.tally else ()
        choice = choice_to_play(question.reveal, counts, question.choices)
        try:
            play_on(session, choice)
        except TutorError as exc:
            self._fail(exc)
            return
        self._push_current(f"{self.base_title or question.title}, after {choice}")


class LearnerRoom(_RoomPage):
    """A learner's screen: join a room, answer the question on screen, see the reveal.

    Args:
        store: the rooms' database (as :class:`HostRoom` takes it; opened at joining).
        code: the room code (from the page's address), or ``None`` to type it.
        learner: the learner's name (from the page's address), or ``None`` to type it.
        poll_seconds: how often the page looks for a new question (when a kernel runs).
    """

    def __init__(
        self,
        store: Any = None,
        code: str | None = None,
        learner: str | None = None,
        poll_seconds: float = LEARNER_POLL_SECONDS,
    ) -> None:
        super().__init__()
        self.add_class("tutor-room-learner")
        self._store_arg = store
        self.code: str | None = None
        self.learner: str | None = None
        self.question: Question | None = None
        self.answer: int | None = None
        self.poll_seconds = poll_seconds
        self.choice_buttons: list[w.Button] = []

        self.message = w.HTML()
        self.header = w.HTML()
        self.code_box = w.Text(value=code or "", description="Room code")
        self.code_box.add_class("tutor-room-code-box")
        self.name_box = w.Text(value=learner or "", description="Your name")
        self.name_box.add_class("tutor-room-name-box")
        self.join_button = w.Button(description="Join", button_style="primary")
        self.join_button.add_class("tutor-room-join")
        self.join_button.on_click(lambda _: self.join(self.code_box.value, self.name_box.value))
        self.form = w.VBox([self.code_box, self.name_box, self.join_button])
        self.position = w.HTML()
        self.choices_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.status = w.HTML()
        self.reveal_box = w.HTML()
        self.children = (
            self.message,
            self.header,
            self.form,
            self.position,
            self.choices_box,
            self.status,
            self.reveal_box,
        )
        if code and learner:
            self.join(code, learner)

    def join(self, code: str, learner: str) -> None:
        """Join the room ``code`` as ``learner``; a wrong code is shown as an error."""
        try:
            room = self.store.room(code)
            self.learner = self.store.join(room.code, learner)
        except (RoomStoreError, RoomAccessError) as exc:
            self.message.value = _error_html(str(exc))
            return
        self.code = room.code
        self.message.value = ""
        self.form.layout.display = "none"
        title = f" · {escape(room.title)}" if room.title else ""
        self.header.value = (
            f'<div class="tutor-room-joined" data-code="{room.code}">Room <b>{room.code}</b>'
            f"{title} · you are <b>{escape(self.learner)}</b></div>"
        )
        self.refresh()
        self.start_polling()

    def refresh(self) -> None:
        """Look for a new question or a reveal, and show it."""
        if self.code is None or self.learner is None:
            return
        try:
            question = self.store.question(self.code)
            if question is not None and (
                self.question is None
                or question.id != self.question.id
                or question.status != self.question.status
            ):
                self.answer = self.store.answer_of(self.code, question.id, self.learner)
                self._show(question)
        except (RoomStoreError, RoomAccessError) as exc:
            self.message.value = _error_html(str(exc))
            return
        if question is None:
            self.status.value = "<i>Waiting for the host to put a position on screen...</i>"

    def _show(self, question: Question) -> None:
        new = self.question is None or self.question.id != question.id
        self.question = question
        if new:
            self.position.value = question_html(question)
            self.reveal_box.value = ""
            self._make_choices(question)
        open_ = question.status == "open"
        for button in self.choice_buttons:
            button.disabled = not open_
        self._mark()
        if not open_ and self.code is not None:
            tally = self.store.tally(self.code, question.id, len(question.choices))
            self.reveal_box.value = reveal_html(question, tally.counts)

    def _make_choices(self, question: Question) -> None:
        if len(question.choices) <= MAX_BUTTONS:
            self.choice_buttons = []
            for i, label in enumerate(question.choices):
                button = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto"))
                button.add_class("tutor-room-choice")
                button.on_click(lambda _, i=i: self.choose(i))
                self.choice_buttons.append(button)
            self.choices_box.children = tuple(self.choice_buttons)
            return
        picker = w.Select(
            options=[(label, i) for i, label in enumerate(question.choices)],
            rows=10,
            layout=w.Layout(width="60%"),
        )
        send = w.Button(description="Answer", button_style="primary")
        send.add_class("tutor-room-choice")
        send.on_click(lambda _: self.choose(int(picker.value or 0)))
        self.choice_buttons = [send]
        self.choices_box.children = (picker, send)

    def _mark(self) -> None:
        question = self.question
        if question is None:
            return
        if self.answer is None:
            self.status.value = (
                '<div class="tutor-room-status">Pick one: your answer goes to the host.</div>'
                if question.status == "open"
                else '<div class="tutor-room-status">You did not answer this one.</div>'
            )
            return
        label = question.choices[self.answer]
        tail = (
            "You can change it until the host reveals."
            if question.status == "open"
            else "Answers are closed."
        )
        self.status.value = (
            f'<div class="tutor-room-status tutor-room-answered" data-answer="{self.answer}">'
            f"Your answer: <b>{escape(label)}</b>. {tail}</div>"
        )
        if len(self.choice_buttons) == len(question.choices):
            for i, button in enumerate(self.choice_buttons):
                button.button_style = "success" if i == self.answer else ""

    def choose(self, choice: int) -> None:
        """Answer the question on screen with the choice at index ``choice``."""
        if self.question is None or self.code is None or self.learner is None:
            return
        try:
            self.store.answer(self.code, self.question.id, self.learner, choice)
        except (RoomStoreError, RoomAccessError) as exc:
            self.message.value = _error_html(str(exc))
            self.refresh()
            return
        self.message.value = ""
        self.answer = choice
        self._mark()


def host_room(store: Any = None) -> HostRoom:
    """The host's page: a new room, or the room named by the address (``room``, ``secret``).

    Args:
        store: the rooms' database (default: ``RULES_TUTOR_WORKSHOP_DB``, else the
            user's data folder).
    """
    query = page_query()
    return HostRoom(
        store, code=query.get("room"), secret=query.get("secret"), game=query.get("game")
    )


def learner_room(store: Any = None) -> LearnerRoom:
    """A learner's page: the room and name from the address (``room``, ``learner``), or typed.

    Args:
        store: the rooms' database (default: ``RULES_TUTOR_WORKSHOP_DB``, else the
            user's data folder).
    """
    query = page_query()
    return LearnerRoom(store, code=query.get("room"), learner=query.get("learner"))


__all__ = [
    "HostRoom",
    "LearnerRoom",
    "host_room",
    "learner_room",
    "page_query",
    "question_html",
    "reveal_html",
]
