"""What one player may see of the trace and of the pending decision: one place decides.

A trace entry or a decision may be private (``visible_to``): the unseen card a player
drew, a choice that card offers.  Everyone else reads a public form instead: a
``public_text`` and ``public_rule`` for an entry, a ``public_prompt`` and
``public_rule`` for a decision.  The game says what is private when it writes the
record; this module is the only code that turns a record into what a given player is
shown, so the text renderer, the HTML renderer, the views, the widgets and the command
line cannot disagree (and none of them can cite the private rule by mistake).

``player=None`` is the omniscient tutor, who is shown everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.types import Action, Decision, TraceEntry, may_read

NEUTRAL_PROMPT = "Another player is deciding."
"""The public prompt of a private decision whose game gave none."""


@dataclass(frozen=True, slots=True)
class ShownEntry:
    """A trace entry as one player is shown it.

    Attributes:
        text: the sentence that player reads.
        rule: the rule id cited to that player (its citation comes from this id).
        actor: who did it, or ``None`` for the game itself.
        kind: ``"action"``, ``"auto"``, ``"chance"`` or ``"info"``.
        changes: the state changes, only when the player may read the full entry.
        step: how many actions had been applied when it was written.
        phase: the turn phase it belongs to.
        private: True when the player reads the full text of a private entry.
    """

    text: str
    rule: str
    actor: int | None
    kind: str
    changes: tuple[tuple[str, Any, Any], ...]
    step: int
    phase: str
    private: bool

    def line(self) -> str:
        """The entry as one ``[rule] text`` line."""
        return f"[{self.rule}] {self.text}"


def shown_entry(entry: TraceEntry, player: int | None) -> ShownEntry | None:
    """Return what ``player`` is shown of ``entry``, or ``None`` when they see nothing.

    A player allowed to read the entry sees its text and rule; anyone else sees its
    public text cited with its public rule, or nothing when there is no public text.

    Raises:
        AttributeError: if ``entry`` is not a trace entry.
    """
    if may_read(entry.visible_to, player):
        return ShownEntry(
            entry.text,
            entry.rule,
            entry.actor,
            entry.kind,
            entry.changes,
            entry.step,
            entry.phase,
            entry.visible_to is not None,
        )
    if not entry.public_text:
        return None
    return ShownEntry(
        entry.public_text,
        entry.public_rule or entry.rule,
        entry.actor,
        entry.kind,
        (),
        entry.step,
        entry.phase,
        False,
    )


def last_shown(entries: Sequence[TraceEntry], player: int | None) -> TraceEntry | None:
    """Return the newest of ``entries`` that ``player`` is shown anything of, or ``None``.

    An explanation names this entry.  Entries a player sees nothing of are passed over
    rather than announced: how many of them there are can itself tell a secret (an
    unseen event that reads a stoplight writes one more private line than one that does
    not).
    """
    for entry in reversed(entries):
        if shown_entry(entry, player) is not None:
            return entry
    return None


def shown_entries(entries: Iterable[TraceEntry], player: int | None) -> list[ShownEntry]:
    """Return :func:`shown_entry` of every entry, leaving out those ``player`` cannot see.

    Raises:
        AttributeError: if an item is not a trace entry.
    """
    out = []
    for entry in entries:
        shown = shown_entry(entry, player)
        if shown is not None:
            out.append(shown)
    return out


def shown_lines(entries: Iterable[TraceEntry], player: int | None) -> list[str]:
    """Return the entries ``player`` may see as ``[rule] text`` lines.

    The same choice as :func:`shown_entry` makes, without building the records: every
    ``State.view`` holds the whole trace this way, so a view of a long game costs a
    pass over its trace and nothing more.

    Raises:
        AttributeError: if an item is not a trace entry.
    """
    lines = []
    for entry in entries:
        if may_read(entry.visible_to, player):
            lines.append(f"[{entry.rule}] {entry.text}")
        elif entry.public_text:
            lines.append(f"[{entry.public_rule or entry.rule}] {entry.public_text}")
    return lines


def shown_decision(decision: Decision, player: int | None) -> Decision:
    """Return the decision record as ``player`` is shown it.

    Who decides, the kind of step and the phase are public.  The prompt and the rule
    of a private decision are shown only to the deciding player, the players it names
    and the tutor; everyone else reads its public prompt and rule.

    Raises:
        AttributeError: if ``decision`` is not a decision record.
    """
    if player == decision.player or may_read(decision.visible_to, player):
        return decision
    return Decision(
        decision.kind,
        decision.player,
        decision.public_prompt or NEUTRAL_PROMPT,
        decision.public_rule or decision.rule,
        decision.phase,
    )


def decision_record(decision: Decision, player: int | None) -> dict[str, Any]:
    """The decision as ``player`` is shown it, as the JSON-ready record views carry.

    Raises:
        AttributeError: if ``decision`` is not a decision record.
    """
    shown = shown_decision(decision, player)
    return {"kind": shown.kind, "player": shown.player, "prompt": shown.prompt, "rule": shown.rule}


def may_see_choices(decision: Decision, player: int | None) -> bool:
    """True when ``player`` may see the legal actions (their labels) of ``decision``.

    Only the deciding player and the tutor see the choices: the labels of another
    player's options (or of a chance step's outcomes) can name what that player holds.

    Raises:
        AttributeError: if ``decision`` is not a decision record.
    """
    if player is None:
        return True
    return decision.kind == "choice" and decision.player == player


def shown_choices(decision: Decision, legal: Iterable[Action], player: int | None) -> list[Action]:
    """Return the legal actions ``player`` may see: all of them, or none.

    Raises:
        AttributeError: if ``decision`` is not a decision record.
    """
    return list(legal) if may_see_choices(decision, player) else []


__all__ = [
    "NEUTRAL_PROMPT",
    "ShownEntry",
    "decision_record",
    "last_shown",
    "may_see_choices",
    "shown_choices",
    "shown_decision",
    "shown_entries",
    "shown_entry",
    "shown_lines",
]
