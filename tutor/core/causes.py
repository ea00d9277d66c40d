"""Which earlier trace entry made a new one happen: the ``cause`` an engine writes.

Every trace entry names its cause (:attr:`tutor.core.types.TraceEntry.cause`), so a
tutor can answer "why did that happen?" by walking back to the player's decision or
the chance outcome behind it (:mod:`tutor.analysis.why`).  Engines find the cause at
their one logging point with a :class:`CauseLinks` kept beside the trace:

* An engine that resolves with a stack of pending steps asks :meth:`CauseLinks.nested`
  with the stack's depth: an entry is caused by the latest entry written, while the
  same action resolves, by the step now running or one lower on the stack (the step
  that pushed it, or one of its ancestors); what a finished step wrote higher up
  explains nothing after it.  An entry with none such was made directly by the action
  (``None``).
* An engine that resolves an action as a flat sequence asks
  :meth:`CauseLinks.sequential`: each entry follows from the one before it, the first
  from the action itself.

Order of resolution stands in for cause only where one step follows from the one
before.  Where one step makes several things happen side by side (an event wounds
every player on the road, each player pays a toll, each player's score is counted),
the next of them does not follow from the one before it: the engine then names the
group (``alongside="toll"``), and every entry of the group written during the same
action shares the cause of its first entry (what set them all off), instead of being
chained to its neighbour ("Jill is wounded because Jack was").

Set-up entries (step 0) are their own explanation: they name no cause.  A ``cause``
never crosses actions: what one action wrote is explained by that action, and these
links are found again by replaying, so nothing of them is saved.

What an entry *depended on* can be older.  An event reads the stoplight of the road a
piece stood on; the piece got there by a move in an earlier turn.  Such a standing
fact is named by the engine (``"pos/0"``: player 0's position) and written on the
entry that set it (:attr:`~tutor.core.types.TraceEntry.sets`; one entry may set
several, separated by spaces); an entry that reads it asks
:meth:`CauseLinks.standing` for the newest entry that set it and records that as its
:attr:`~tutor.core.types.TraceEntry.standing`.  The answer comes from the trace itself
(indexed once, then kept up as it grows), so a state that was cloned or loaded from a
file finds the same entries, and nothing but the trace is saved.

Only engines that trace call this; with tracing off it costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.core.types import TraceEntry


class CauseLinks:
    """What the entries written so far during one action make of the next entry's cause.

    A state keeps one; a clone starts a new one (the next action starts afresh anyway,
    and the standing facts are read again from the trace when first asked).
    """

    __slots__ = ("groups", "indexed", "latest", "set_by", "step", "trace")

    def __init__(self) -> None:
        self.step = -1
        self.latest: list[int] = []
        """By stack depth: the newest entry written at that depth (-1: none yet)."""
        self.groups: dict[str, int | None] = {}
        """By group name: the cause the group's first entry of this action was given."""
        self.set_by: dict[str, int] = {}
        """By standing fact: the newest entry that set it, among the first ``indexed``."""
        self.indexed = 0
        self.trace: list[TraceEntry] | None = None
        """The trace ``set_by`` was read from (a state given a new trace is read again)."""

    def nested(self, index: int, step: int, depth: int, alongside: str = "") -> int | None:
        """The cause of entry ``index``, written at stack ``depth`` while action ``step``
        resolves; remembers the entry for those written after it.

        Args:
            index: the new entry's index in the trace.
            step: the action being resolved (0: the set-up).
            depth: the height of the engine's stack of pending steps.
            alongside: the name of a group of entries one step makes side by side
                (each player's wound from one event): every entry of the group in this
                action gets the cause its first entry got.  ``""``: no group.

        Returns:
            The cause the group's first entry got, for a later entry of a group;
            otherwise the index of the newest entry of the same action written at the
            same or a lower depth, or ``None`` when there is none (the action itself
            made it).
        """
        if step == 0:
            return None
        latest = self.latest
        if step != self.step:
            self.step = step
            latest.clear()
            self.groups.clear()
        n = len(latest)
        cause: int | None = None
        if alongside and alongside in self.groups:
            cause = self.groups[alongside]
        else:
            d = depth + 1 if depth < n else n
            while d > 0:
                d -= 1
                if latest[d] >= 0:
                    cause = latest[d]
                    break
            if alongside:
                self.groups[alongside] = cause
        if depth < n:
            del latest[depth:]
        elif depth > n:
            latest.extend([-1] * (depth - n))
        latest.append(index)
        return cause

    def sequential(self, index: int, step: int, alongside: str = "") -> int | None:
        """The cause of entry ``index`` in an engine that resolves an action in sequence.

        Args:
            index: the new entry's index in the trace.
            step: the action being resolved (0: the set-up).
            alongside: a group of side-by-side entries, as :meth:`nested` takes it.

        Returns:
            The cause of the group's first entry for a later entry of a group; else the
            entry written just before it for the same action, or ``None`` for the first
            (the action itself made it).
        """
        return self.nested(index, step, 0, alongside)  # one depth: the one before

    def standing(self, trace: list[TraceEntry], fact: str) -> int | None:
        """The newest entry of ``trace`` that set the standing fact ``fact``.

        Args:
            trace: the state's trace, the new entry not yet in it.
            fact: the engine's name for the fact (what the setting entry's ``sets`` says).

        Returns:
            Its index, or ``None`` when no entry of the trace set it (it stands as the
            set-up or a scenario left it, with no entry saying so).
        """
        set_by = self.set_by
        start = self.indexed
        if trace is not self.trace or start > len(trace):
            self.trace = trace
            set_by.clear()
            start = 0
        for i in range(start, len(trace)):
            sets = trace[i].sets
            if sets:
                for one in sets.split():  # an entry may set several facts at once
                    set_by[one] = i
        self.indexed = len(trace)
        return set_by.get(fact)


__all__ = ["CauseLinks"]
