"""Session: a State wrapped for people — step, undo/redo, branch, save and load.

A learner moves through a game one trace entry at a time; chance steps and forced
decisions (only one legal action) advance by themselves.  Every applied action is
kept with a snapshot of the state before it (clones are cheap), which gives undo,
redo and branching for free.  Widgets subscribe as observers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tutor.core.errors import IllegalActionError, SessionFileError, TutorError, UnknownGameError
from tutor.core.game import (
    State,
    game_class,
    load_game,
    options_with_full_paths,
    registered_games,
)
from tutor.core.savefile import write_text_atomic
from tutor.core.types import Action, TraceEntry
from tutor.core.validation import (
    check_schema,
    check_state,
    check_tree,
    load_state,
    parse_json,
    read_text,
    short,
)

SESSION_FORMAT = "rules-tutor-session"
SESSION_VERSION = 1

SESSION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "game", "initial", "actions"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": SESSION_FORMAT},
        "version": {"const": SESSION_VERSION},
        "game": {"type": "string", "minLength": 1},
        "options": {"type": ["object", "null"]},
        "initial": {"type": "object"},
        "actions": {"type": "array", "items": {"type": "object"}},
        "cursor": {"type": "integer", "minimum": 0},
    },
}
"""The envelope every game's saved session shares.  The game checks the rest: its
``options`` (``Game.options_schema``), the ``initial`` state (``Game.state_schema``,
``state_from_dict``, its invariants) and each action as it is replayed."""

Observer = Callable[["Session", str], None]
POSITION_CACHE = 16
"""How many actions' per-entry positions a session keeps (the latest ones)."""


def _drawable(state: State) -> bool:
    """True when a game can show ``state`` (its omniscient ``view`` works there).

    A position caught in the middle of resolving an action is not one every engine
    can describe (no decision is pending yet); such a position is skipped.
    """
    try:
        state.view(None)
    except Exception:  # any failure means: not drawable; the caller shows an earlier one
        return False
    return True


def _plain(value: Any) -> Any:
    """``value`` with every tuple made a list (JSON has only lists), copied."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _said(what: object, limit: int = 160) -> str:
    """A project error's sentence on one line, cut to ``limit`` characters."""
    text = " ".join(str(what).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Session:
    """A game in progress, shown to a person one step at a time.

    Args:
        state: the state to start from (it is not copied; the session owns it).
        auto_chance: resolve chance steps by themselves using the state's RNG.
        auto_forced: take decisions that have a single legal action by themselves.
    """

    def __init__(self, state: State, *, auto_chance: bool = True, auto_forced: bool = True) -> None:
        self.state = state
        self.auto_chance = auto_chance
        self.auto_forced = auto_forced
        self.cursor = len(state.trace)
        self._initial = state.clone()
        self._history: list[tuple[State, Action, bool]] = []  # (before, action, automatic)
        self._redo: list[tuple[Action, bool, State]] = []  # (action, automatic, after)
        self._observers: list[Observer] = []
        self._start: tuple[State, int, int] | None = None
        # Positions inside an action's run of entries, by the state before it (the
        # states kept in the history are never changed, so they are safe keys).
        self._positions: dict[int, tuple[State, list[State]]] = {}

    # ---- observers ------------------------------------------------------------
    def subscribe(self, observer: Observer) -> None:
        """Call ``observer(session, event)`` after every change (step, play, undo ...)."""
        self._observers.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop calling ``observer``."""
        if observer in self._observers:
            self._observers.remove(observer)

    def _notify(self, event: str) -> None:
        for observer in list(self._observers):
            observer(self, event)

    # ---- reading --------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The session's Game."""
        return self.state.game

    @property
    def shown(self) -> list[TraceEntry]:
        """The trace entries revealed so far."""
        return self.state.trace[: self.cursor]

    @property
    def last_entry(self) -> TraceEntry | None:
        """The most recently revealed trace entry."""
        return self.state.trace[self.cursor - 1] if self.cursor else None

    @property
    def shown_state(self) -> State:
        """The position the revealed entries describe: right after the last one.

        ``state`` can be several entries ahead of what has been revealed (one action
        writes every automatic step up to the next decision); a picture drawn from this
        position matches the explanation on screen, entry by entry.  Treat it as
        read-only.
        """
        if not self.pending_entries:
            return self.state
        return self.position_at(self.cursor)

    def position_at(self, cursor: int) -> State:
        """The position right after the first ``cursor`` trace entries were written.

        Inside an action's run of entries the positions come from
        :meth:`State.positions_during` (computed once per action and kept).  Where the
        game cannot draw a position in the middle of resolving (its ``view`` fails
        there), or cannot report positions at all, the latest earlier position it can
        draw is used: the picture may lag behind the words, never run ahead of them.
        Treat the result as read-only.

        Raises:
            IndexError: if ``cursor`` is outside the trace.
        """
        if not 0 <= cursor <= len(self.state.trace):
            raise IndexError(f"cursor {cursor} outside a trace of {len(self.state.trace)}")
        history = self._history
        for j, (before, action, _) in enumerate(history):
            start = len(before.trace)
            if cursor <= start:
                return before
            after = history[j + 1][0] if j + 1 < len(history) else self.state
            if cursor < len(after.trace):
                positions = self._positions_during(before, action, len(after.trace) - start)
                return positions[cursor - start - 1]
        return self.state

    def _positions_during(self, before: State, action: Action, entries: int) -> list[State]:
        """One drawable position per entry ``action`` wrote from ``before`` (cached)."""
        cached = self._positions.get(id(before))
        if cached is not None and cached[0] is before:
            return cached[1]
        recorded = before.positions_during(action)
        if recorded is None or len(recorded) != entries:
            recorded = [before] * entries
        positions: list[State] = []
        last = before
        for position in recorded:
            if position is not before and _drawable(position):
                last = position
            positions.append(last)
        if len(self._positions) >= POSITION_CACHE:
            del self._positions[next(iter(self._positions))]
        self._positions[id(before)] = (before, positions)
        return positions

    @property
    def pending_entries(self) -> int:
        """How many entries already happened but are not yet revealed."""
        return len(self.state.trace) - self.cursor

    def needs_decision(self) -> bool:
        """True when the game waits for a person's choice (all entries revealed)."""
        d = self.state.decision
        if d.kind != "choice" or self.pending_entries:
            return False
        return not (self.auto_forced and len(self.state.legal_actions()) == 1)

    @property
    def history(self) -> list[Action]:
        """Every action applied since the session started, in order."""
        return [a for _, a, _ in self._history]

    def action_behind(self, index: int) -> tuple[int, State, Action, bool] | None:
        """The action whose resolution wrote trace entry ``index``.

        Returns:
            ``(history step, state before it, action, taken automatically)``, or
            ``None`` for an entry written before the session's first action (the set-up,
            or the position it was handed).

        Raises:
            IndexError: if ``index`` is outside the trace.
        """
        if not 0 <= index < len(self.state.trace):
            raise IndexError(f"entry {index} outside a trace of {len(self.state.trace)}")
        history = self._history
        lo, hi = 0, len(history)  # the last step whose state before it has <= index entries
        while lo < hi:
            mid = (lo + hi) // 2
            if len(history[mid][0].trace) <= index:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0:
            return None
        before, action, automatic = history[lo - 1]
        return lo - 1, before, action, automatic

    def step_at(self, step: int) -> tuple[State, Action, bool]:
        """History step ``step``: ``(state before it, action, taken automatically)``.

        Treat the state as read-only.

        Raises:
            IndexError: if ``step`` is outside the history.
        """
        if not 0 <= step < len(self._history):
            raise IndexError(f"step {step} outside a history of {len(self._history)}")
        return self._history[step]

    @property
    def decisions(self) -> list[Action]:
        """The actions someone chose (not chance steps or forced moves taken automatically).

        Replaying these labels from the same start, with automatic steps in between,
        leads to the same game: this is the ``play`` list of a scenario file.
        """
        return [a for _, a, auto in self._history if not auto]

    # ---- moving ---------------------------------------------------------------
    def _auto_action(self) -> Action | None:
        d = self.state.decision
        if d.kind == "chance" and self.auto_chance:
            return self.state.sample_chance()
        if d.kind == "choice" and self.auto_forced:
            legal = self.state.legal_actions()
            if len(legal) == 1:
                return legal[0]
        return None

    def _do(self, action: Action, automatic: bool) -> None:
        before = self.state.clone()
        self.state.apply(action)
        self._history.append((before, action, automatic))

    def advance_automatic(self) -> int:
        """Apply chance steps and forced decisions until a real choice or the end.

        Returns:
            How many actions were applied.
        """
        n = 0
        while (action := self._auto_action()) is not None:
            self._do(action, True)
            n += 1
        return n

    def step(self) -> TraceEntry | None:
        """Reveal the next trace entry, advancing automatic steps when needed.

        Returns:
            The revealed entry, or ``None`` when a decision is needed or the game is over.
        """
        if not self.pending_entries:
            while not self.pending_entries and (action := self._auto_action()) is not None:
                self._do(action, True)
                self._redo.clear()
        if not self.pending_entries:
            return None
        self.cursor += 1
        self._notify("step")
        return self.state.trace[self.cursor - 1]

    def run_to_decision(self) -> list[TraceEntry]:
        """Reveal everything up to the next decision (or the end); return what was revealed."""
        start = self.cursor
        self.advance_automatic()
        self.cursor = len(self.state.trace)
        self._notify("step")
        return self.state.trace[start:]

    def next_turn(self) -> list[TraceEntry]:
        """Reveal until the turn number changes or a decision is needed."""
        start = self.cursor
        turn = self.state.turn_number
        while True:
            entry = self.step()
            if entry is None or self.state.turn_number != turn:
                break
        return self.state.trace[start : self.cursor]

    def play(self, action: Action | str) -> list[TraceEntry]:
        """Apply a player's decision (an Action or its label), then automatic steps.

        Entries produced are not revealed yet: call :meth:`step` or
        :meth:`run_to_decision`.  Unrevealed earlier entries are revealed first.

        Returns:
            The trace entries the action and the automatic steps after it produced.

        Raises:
            IllegalActionError: with reason and rule; nothing changes.
        """
        if isinstance(action, str):
            action = self.state.action_by_label(action)
        verdict = self.state.check(action)
        if not verdict.ok:
            raise IllegalActionError.from_verdict(action, verdict)
        self.cursor = len(self.state.trace)
        start = self.cursor
        self._do(action, False)
        self._redo.clear()
        self.advance_automatic()
        self._notify("play")
        return self.state.trace[start:]

    # ---- undo / redo / branch ----------------------------------------------------
    def can_undo(self) -> bool:
        """True when there is a player decision to take back."""
        return any(not auto for _, _, auto in self._history)

    def undo(self) -> bool:
        """Take back the last player decision (and the automatic steps after it).

        Returns:
            False when there was nothing to undo.
        """
        if not self.can_undo():
            return False
        undone: list[tuple[Action, bool, State]] = []
        while self._history:
            before, action, auto = self._history.pop()
            # Keep the exact state after the action: redo restores it, RNG included
            # (an automatic chance step drew from the state's RNG before it was applied).
            undone.append((action, auto, self.state))
            # A copy: the kept state may also be in a branch's history, and the live
            # state changes in place with the next action.
            self.state = before.clone()
            if not auto:
                break
        self._redo.extend(undone)
        self.cursor = len(self.state.trace)
        self._notify("undo")
        return True

    def can_redo(self) -> bool:
        """True when an undone decision can be replayed."""
        return bool(self._redo)

    def redo(self) -> bool:
        """Bring back the last undone decision and the automatic steps that followed it.

        The states saved by :meth:`undo` are restored as they were (RNG included), so a
        redo leads to exactly the game that was undone.

        Returns:
            False when there was nothing to redo.
        """
        if not self._redo:
            return False
        while self._redo:
            action, auto, after = self._redo.pop()
            self._history.append((self.state, action, auto))
            self.state = after
            if self._redo and not self._redo[-1][1]:
                break
        self.cursor = len(self.state.trace)
        self._notify("redo")
        return True

    def branch(self, at: int | None = None) -> Session:
        """Return a new session from the current state, or from before history step ``at``.

        The new session shares no mutable data with this one.

        Raises:
            IndexError: if ``at`` is outside the history.
        """
        if at is None:
            state = self.state.clone()
            history = list(self._history)
        else:
            if not 0 <= at <= len(self._history):
                raise IndexError(f"branch point {at} outside history of {len(self._history)}")
            state = (self._history[at][0] if at < len(self._history) else self.state).clone()
            history = self._history[:at]
        other = Session(state, auto_chance=self.auto_chance, auto_forced=self.auto_forced)
        other._initial = self._initial
        other._history = history
        return other

    def mark_start(self) -> None:
        """Remember the current position as where :meth:`restart` returns to.

        Scenarios call this after their scripted plays, so starting over goes back to
        the position the learner was handed, not to the deal before it.
        """
        self._start = (self.state.clone(), len(self._history), self.cursor)

    def restart(self, seed: int | None = None) -> None:
        """Start again from the marked start (or the initial state), or a new seeded game."""
        start = self._start
        if seed is None and start is not None:
            state, kept, cursor = start
            self.state = state.clone()
            del self._history[kept:]
            self._redo.clear()
            self.cursor = cursor
            self._notify("restart")
            return
        self._start = None
        self.state = self.game.new_state(seed) if seed is not None else self._initial.clone()
        self._initial = self.state.clone()
        self._history.clear()
        self._redo.clear()
        self.cursor = len(self.state.trace)
        self._notify("restart")

    # ---- save / load -----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Return the saved form as plain JSON data: initial state, actions, cursor.

        Tuples inside the state (a game's stack frames) become lists, so the mapping is
        exactly what :meth:`load` reads back from the file, and
        ``Session.from_dict(session.to_dict())`` works in memory too.
        """
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": self.game.name,
            "options": _plain(options_with_full_paths(self.game)),
            "initial": _plain(self._initial.to_dict()),
            "actions": [dict(a.to_dict(), automatic=auto) for _, a, auto in self._history],
            "cursor": self.cursor,
        }

    def save(self, path: str | Path) -> None:
        """Write the session as JSON, atomically: a failed save keeps the old file whole.

        The text goes to a temporary file in the same folder, is flushed and synced to
        disk, then renamed over ``path`` (see :mod:`tutor.core.savefile`).

        Raises:
            SaveError: if ``path`` is a folder, its folder is missing, or it cannot be
                written (permission, read-only, full disk), naming the path and why;
                no temporary file is left behind.
        """
        write_text_atomic(path, json.dumps(self.to_dict(), indent=1))

    @classmethod
    def from_dict(cls, data: Any, source: str = "<session>") -> Session:
        """Rebuild a session by replaying its actions from the saved initial state.

        Everything comes through the validation door (:mod:`tutor.core.validation`):
        the envelope (format, version, game, options, initial, actions, cursor), the
        options against the game's own ``options_schema``, the initial state through
        :func:`~tutor.core.validation.load_state` (the game's ``state_schema``, its
        ``state_from_dict``, its invariants, a probe of what tools ask of a state),
        each action, its replay, the final state's invariants and the cursor.

        Raises:
            SessionFileError: naming ``source``, the key path (``initial.wounds[1]``,
                ``actions[3].args``), what was expected and what was found.  Nothing
                else escapes; a session that was open before is not touched.
        """
        error = SessionFileError.at
        check_tree(data, source, error)
        if not isinstance(data, dict):
            raise error(source, "top level", "a mapping (a saved session)", short(data))
        if data.get("format") != SESSION_FORMAT:
            found = short(data["format"]) if "format" in data else "no 'format'"
            raise error(source, "format", f"{SESSION_FORMAT!r} (a Rules Tutor session)", found)
        if data.get("version") != SESSION_VERSION or isinstance(data.get("version"), bool):
            found = short(data["version"]) if "version" in data else "no 'version'"
            raise error(source, "version", f"{SESSION_VERSION} (the version this kit reads)", found)
        check_schema(data, SESSION_SCHEMA, source, error, remember=False)
        name = data["game"]
        try:
            game_cls = game_class(name)
        except UnknownGameError:
            raise error(
                source, "game", f"one of {', '.join(registered_games())}", short(name)
            ) from None
        options = data.get("options") or {}
        check_schema(options, game_cls.options_schema, source, error, "options")
        try:
            game = load_game(name, **options)
        except TutorError as exc:
            raise error(source, "options", "options this game accepts", _said(exc)) from None
        state = load_state(game, data["initial"], source, error, "initial")
        session = cls(state)
        session._replay(data["actions"], source)
        state = session.state
        check_state(game, state, source, error, "actions")
        cursor = data.get("cursor", len(state.trace))
        if not 0 <= cursor <= len(state.trace):
            raise error(
                source,
                "cursor",
                f"a number from 0 to {len(state.trace)} (the trace)",
                short(cursor),
            )
        session.cursor = cursor
        return session

    def _replay(self, actions: list[Any], source: str) -> None:
        """Apply saved actions in order, each checked; any failure names ``actions[i]``."""
        error = SessionFileError.at
        for i, raw in enumerate(actions):
            where = f"actions[{i}]"
            action = Action.from_dict(raw, source, where)
            automatic = bool(raw.get("automatic", False))
            try:
                if automatic and self.state.decision.kind == "chance":
                    # The live session drew this outcome from the state's RNG: draw again,
                    # so the RNG (and every later automatic draw) matches the saved game.
                    self.state.sample_chance()
                self._do(action, automatic)
            except IllegalActionError as exc:
                label = action.label or f"{action.kind}{list(action.args)}"
                raise error(
                    source,
                    where,
                    "an action that is legal at that point of the game",
                    f"{short(label)}, which is not: {_said(exc.reason)}",
                ) from None
            except TutorError as exc:
                raise error(source, where, "an action the game can replay", _said(exc)) from None
            except Exception as exc:  # the engine failed on it: the file is what is wrong
                raise error(
                    source, where, "an action the game can replay", f"one that fails ({short(exc)})"
                ) from None

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Load a saved session file.

        Raises:
            SessionFileError: naming the file and, where it can, the line and column or
                the key path, what was expected and what was found: a missing or
                unreadable file, text that is not UTF-8 or holds a control character,
                JSON that does not parse, or content that fails :meth:`from_dict`.
        """
        source = str(path)
        text = read_text(path, SessionFileError.at, "session file")
        data = parse_json(text, source, SessionFileError.at)
        return cls.from_dict(data, source)
