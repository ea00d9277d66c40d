"""The Last Gasp procedure (topics 16-18) as data: its steps, its tests and their outcomes.

Why this file exists: the engine and the flowchart must never disagree.  The engine's
Last Gasp rules (``engine/wounds.py``: ``wound``; ``engine/last_gasps.py``:
``card_done_step``, ``resolve_gasps``, ``gasp_order_chosen``, ``gasp_step``, ``end_gasp``
and the gasp decisions) ask this table which rule each step cites and which step a test
leads to, and
:func:`tutor.games.mantis_falls.flowchart.last_gasp_flowchart` draws the very same table as the
flowchart of topic 17.  Change a rule id or rewire a test here and both change.

Steps are of five kinds: ``start`` (a player reaches maximum wounds), ``step`` (the
engine does something and writes a trace entry), ``choice`` (a player decides), ``test``
(a yes/no question the engine answers; it writes no trace entry) and ``end``.  A step's
``entry`` says which kind of trace entry the engine writes there (``"auto"`` or
``"action"``, empty for none), which lets :func:`tutor.games.mantis_falls.flowchart.gasp_path`
follow a game's trace through the chart.  Labels are the project's own words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

STEP_KINDS = ("start", "step", "choice", "test", "end")


@dataclass(frozen=True, slots=True)
class Step:
    """One box of the procedure.

    Attributes:
        id: a stable name (``"marker"``); the engine refers to steps by it.
        kind: ``start``, ``step``, ``choice``, ``test`` or ``end``.
        rule: the rule id the engine cites at this step (``rules.yaml``).
        label: a few words for the chart.
        entry: the kind of trace entry written here (``"auto"``, ``"action"`` or ``""``).
        repeats: one visit may write several entries (several cards added, say).
    """

    id: str
    kind: str
    rule: str
    label: str
    entry: str = ""
    repeats: bool = False


@dataclass(frozen=True, slots=True)
class Link:
    """An arrow between two steps.

    Attributes:
        source: the step it leaves.
        target: the step it enters.
        label: the condition under which it is taken, in words (may be empty).
        when: for an arrow out of a test, the answer it follows (True = yes).
    """

    source: str
    target: str
    label: str = ""
    when: bool | None = None


class Procedure:
    """A procedure as steps and links, checked for consistency when built.

    Args:
        name: a short name (``"last_gasp"``).
        title: a title for charts.
        steps: the steps, in reading order (the first must be the ``start`` step).
        links: the arrows between them.

    Raises:
        ValueError: for duplicate or unknown step ids, an unknown kind, or a test
            without exactly one "yes" and one "no" arrow.
    """

    def __init__(self, name: str, title: str, steps: Iterable[Step], links: Iterable[Link]):
        self.name = name
        self.title = title
        self.steps: dict[str, Step] = {}
        for step in steps:
            if step.id in self.steps:
                raise ValueError(f"{name}: step {step.id!r} is defined twice")
            if step.kind not in STEP_KINDS:
                raise ValueError(f"{name}: step {step.id!r} has unknown kind {step.kind!r}")
            self.steps[step.id] = step
        self.links: tuple[Link, ...] = tuple(links)
        if not self.steps or next(iter(self.steps.values())).kind != "start":
            raise ValueError(f"{name}: the first step must be the start step")
        self._after: dict[tuple[str, bool], str] = {}
        for link in self.links:
            for end in (link.source, link.target):
                if end not in self.steps:
                    raise ValueError(f"{name}: link {link.source} -> {link.target} names {end!r}")
            is_test = self.steps[link.source].kind == "test"
            if is_test != (link.when is not None):
                raise ValueError(
                    f"{name}: link {link.source} -> {link.target} must "
                    + ("say which answer it follows" if is_test else "not carry an answer")
                )
            if link.when is not None:
                key = (link.source, link.when)
                if key in self._after:
                    raise ValueError(f"{name}: test {link.source!r} has two {link.when} arrows")
                self._after[key] = link.target
        for step in self.steps.values():
            if step.kind == "test" and not all((step.id, w) in self._after for w in (True, False)):
                raise ValueError(f"{name}: test {step.id!r} needs one yes and one no arrow")

    @property
    def start(self) -> str:
        """The id of the start step."""
        return next(iter(self.steps))

    def rule(self, step_id: str) -> str:
        """The rule id cited at a step.

        Raises:
            KeyError: if there is no such step.
        """
        return self.steps[step_id].rule

    def after(self, test_id: str, answer: bool) -> str:
        """The step that a test leads to for ``answer`` (what the engine does next).

        Raises:
            KeyError: if ``test_id`` is not a test of this procedure.
        """
        return self._after[(test_id, bool(answer))]

    def with_step(self, step_id: str, **changes: object) -> Procedure:
        """A copy with one step changed (for what-ifs and tests).

        Raises:
            KeyError: if there is no such step.
            ValueError: if the result is inconsistent.
        """
        if step_id not in self.steps:
            raise KeyError(step_id)
        steps = [replace(s, **changes) if s.id == step_id else s for s in self.steps.values()]
        return Procedure(self.name, self.title, steps, self.links)

    def with_link(self, source: str, when: bool | None, target: str) -> Procedure:
        """A copy where the arrow out of ``source`` (for answer ``when``) goes to ``target``.

        Raises:
            KeyError: if there is no such arrow.
            ValueError: if the result is inconsistent.
        """
        found = False
        links = []
        for link in self.links:
            if link.source == source and link.when == when and not found:
                link = replace(link, target=target)
                found = True
            links.append(link)
        if not found:
            raise KeyError((source, when))
        return Procedure(self.name, self.title, self.steps.values(), links)

    def __repr__(self) -> str:
        return f"Procedure({self.name!r}, {len(self.steps)} steps, {len(self.links)} links)"


LAST_GASP = Procedure(
    "last_gasp",
    "Last Gasp (topics 16-18)",
    steps=[
        Step("reach_max", "start", "mf.16.3", "Reaches maximum wounds", "auto", repeats=True),
        Step("inside_gasp", "test", "mf.17.2", "Caused by another player's Last Gasp?"),
        Step("wait_gasp", "step", "mf.17.2", "Wait until that whole Last Gasp is over", "auto"),
        Step("card_left", "test", "mf.17.1", "Is a card still being processed?"),
        Step("finish_card", "step", "mf.17.1", "Finish that card first", "auto"),
        Step("several_due", "test", "mf.19.3", "Several players owe a Last Gasp?"),
        Step("order", "choice", "mf.19.3", "Turn player picks who goes first", "action"),
        Step("begin", "step", "mf.17.3", "Everything else is put on hold", "auto"),
        Step("face_down", "test", "mf.17.4", "Own action play on hold, cards face down?"),
        Step("return_cards", "choice", "mf.17.4", "Take any back into hand", "action", True),
        Step("gasp_play", "choice", "mf.17.3", "Lay a one-suit play face down", "action", True),
        Step("cards_left", "test", "mf.17.3", "A Last Gasp card still face down?"),
        Step("process", "step", "mf.17.3", "Reveal the next card, process it", "auto"),
        Step("hurt_other", "step", "mf.17.8", "It wounds another player", "auto", repeats=True),
        Step("marker", "step", "mf.16.4", "Gasp marker moves one space", "auto"),
        Step("alive", "test", "mf.18.1", "Below maximum and marker below 3?"),
        Step("survive", "step", "mf.17.5", "Survives", "auto"),
        Step("dead", "step", "mf.18.1", "Dead", "auto"),
        Step("next_due", "test", "mf.16.3", "Someone else owes a Last Gasp?"),
        Step("other_due", "test", "mf.17.7", "Another player at maximum wounds?"),
        Step("other_final", "step", "mf.17.7", "They still make their Last Gasp", "auto"),
        Step("game_ends", "step", "mf.17.6", "The game ends at once", "auto"),
        Step("anyone_dead", "test", "mf.18.2", "Is a player dead?"),
        Step("resume", "end", "mf.17.5", "Play resumes where it stopped"),
        Step("game_over", "end", "mf.18.2", "Game over", "auto"),
    ],
    links=[
        Link("reach_max", "inside_gasp"),
        Link("inside_gasp", "wait_gasp", "a Last Gasp is under way", True),
        Link("inside_gasp", "card_left", "no Last Gasp under way", False),
        Link("wait_gasp", "cards_left", "that Last Gasp carries on"),
        Link("card_left", "finish_card", "the card that did it is not finished", True),
        Link("card_left", "several_due", "nothing left to process (an ambush)", False),
        Link("finish_card", "several_due"),
        Link("several_due", "order", "two or more at maximum", True),
        Link("several_due", "begin", "just one", False),
        Link("order", "begin", "the chosen player"),
        Link("begin", "face_down"),
        Link("face_down", "return_cards", "some cards are still face down", True),
        Link("face_down", "gasp_play", "no face-down cards on hold", False),
        Link("return_cards", "gasp_play"),
        Link("gasp_play", "cards_left"),
        Link("cards_left", "process", "cards wait to be revealed", True),
        Link("cards_left", "marker", "every card is processed", False),
        Link("process", "hurt_other", "a card wounds another player"),
        Link("process", "cards_left", "card done"),
        Link("hurt_other", "reach_max", "they reach maximum"),
        Link("hurt_other", "cards_left", "card done"),
        Link("marker", "alive"),
        Link("alive", "survive", "wounds below maximum and marker below 3", True),
        Link("alive", "dead", "still at maximum, or marker at 3", False),
        Link("survive", "next_due"),
        Link("next_due", "several_due", "they go next", True),
        Link("next_due", "anyone_dead", "nobody else", False),
        Link("anyone_dead", "game_over", "a player died earlier", True),
        Link("anyone_dead", "resume", "everybody is alive", False),
        Link("dead", "other_due"),
        Link("other_due", "other_final", "they are at maximum too", True),
        Link("other_due", "game_ends", "nobody else at maximum", False),
        Link("other_final", "several_due"),
        Link("game_ends", "game_over"),
    ],
)
"""The Last Gasp procedure the Mantis Falls engine follows (and the flowchart shows)."""


__all__ = ["LAST_GASP", "STEP_KINDS", "Link", "Procedure", "Step"]
