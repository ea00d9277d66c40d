"""Why did that happen: an entry's chain of causes, and "what if not?" at its root.

Every trace entry names the earlier entry that set it off (its ``cause``, written by
the engine: :mod:`tutor.core.causes`), or none when the action being resolved made it
directly; and an entry that read a standing fact (the road a piece stood on, a card in
play) names the entry that set that fact, in whatever earlier action (its
``standing``).  :func:`why` walks those links back from any entry of a
:class:`~tutor.core.session.Session` to the player's decision or the chance outcome
behind it (or the set-up), each link with its rule citation.  Where an entry has both,
the chain follows what it depended on ("the event read the stoplight because the piece
stood on that road because the player chose to move") and keeps what set it off as a
side chain.  The chain comes as lines, as a short paragraph and as a small networkx
graph that shows both.

Through a player's eyes (``player``), every link is what
:mod:`tutor.core.visibility` lets that player see: an entry they may not read shows its
public text, one they are shown nothing of is left out (the chain goes on through what
set it off, never through what it read: that could tell what a hidden card looks at),
and another player's hidden choice or an unseen chance outcome shows its public
prompt, not its label.

:func:`what_if_not` branches at a link that is a decision or a chance outcome, takes
another choice or outcome there, replays the later actions while they stay legal, and
returns both continuations up to a little past the first entry where they differ.

Nothing here names a game: citations come from the game's rule book.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from tutor.core.errors import TutorError
from tutor.core.types import CHANCE, Action, TraceEntry, may_read
from tutor.core.visibility import shown_decision, shown_entry

if TYPE_CHECKING:
    import networkx as nx

    from tutor.core.game import State
    from tutor.core.session import Session

ENTRY = "entry"
DECISION = "decision"
CHANCE_OUTCOME = "chance"
SETUP = "setup"
LINK_KINDS = (ENTRY, DECISION, CHANCE_OUTCOME, SETUP)
"""What a link is: a trace entry, a player's decision, a chance outcome, the set-up."""

SET_OFF = "set off"
DEPENDED = "depended on"
RELATIONS = (SET_OFF, DEPENDED)
"""How a link explains the one before it: it set it off (the trigger, in the same
action), or it set the standing fact the one before depended on (any earlier action)."""


CHANCE_PREFIX = "Chance: "
"""How a chance outcome's link starts when the viewer may read the outcome."""


class WhyError(TutorError):
    """A question :func:`why` or :func:`what_if_not` cannot answer (a bad entry number,
    a link that is no decision, an alternative that is not legal there)."""


@dataclass(frozen=True, slots=True)
class Link:
    """One link of a chain: something that happened, and the rule behind it.

    Attributes:
        kind: one of :data:`LINK_KINDS`.
        text: the sentence the viewer reads.
        rule: the rule id cited to the viewer ("" when there is none to show).
        citation: the rule's citation from the rule book ("" without a rule).
        index: the trace index of an entry; the history step of a decision or chance
            outcome (what :func:`what_if_not` branches at); -1 for the set-up.
        actor: the player who did it, or ``None`` (the game, chance).
        hidden: True when the viewer is shown only the public form.
        relation: how it explains the link before it in its chain, one of
            :data:`RELATIONS` ("" for the entry asked about).
    """

    kind: str
    text: str
    rule: str
    citation: str
    index: int
    actor: int | None = None
    hidden: bool = False
    relation: str = ""

    @property
    def branchable(self) -> bool:
        """True for a decision or chance outcome: "what if not?" can branch here."""
        return self.kind in (DECISION, CHANCE_OUTCOME)

    @property
    def earlier(self) -> bool:
        """True when the link before it depended on a fact this one set (maybe long before)."""
        return self.relation == DEPENDED

    def line(self) -> str:
        """The link as one line: ``[rule] text (citation)``."""
        cited = f" ({self.citation})" if self.citation and self.citation != self.rule else ""
        head = f"[{self.rule}] " if self.rule else ""
        return f"{head}{self.text}{cited}"


@dataclass(frozen=True, slots=True)
class WhyChain:
    """The chain of causes of one trace entry, from the entry back to its root.

    Attributes:
        entry: the trace index asked about.
        player: whose eyes (``None``: the omniscient tutor).
        links: the entry first, then each cause, the root (a decision, a chance
            outcome or the set-up) last.  Where an entry depended on a standing fact,
            the next link is the entry that set it.
        set_off: for each link that depended on a standing fact and was also set off
            by something else, ``(its position in links, the chain of what set it
            off)``, that chain walked the same way to its own root.
    """

    entry: int
    player: int | None
    links: tuple[Link, ...]
    set_off: tuple[tuple[int, tuple[Link, ...]], ...] = ()

    @property
    def root(self) -> Link:
        """The decision, chance outcome or set-up the chain ends at."""
        return self.links[-1]

    @property
    def branch_point(self) -> Link | None:
        """Where "what if not?" branches by default: the root when it is a decision or
        chance outcome, else (a chain back to the set-up) the first such root of what
        set a link off; ``None`` when there is none."""
        points = self.branch_points
        return points[0] if points else None

    @property
    def branch_points(self) -> tuple[Link, ...]:
        """Every link "what if not?" can branch at: the chain's root, then the root of
        each side chain (what set off a link that depended on an earlier step), each
        decision or chance outcome once, in that order."""
        found: dict[tuple[str, int], Link] = {}
        for root in [self.root] + [side[-1] for _, side in self.set_off]:
            if root.branchable:
                found.setdefault((root.kind, root.index), root)
        return tuple(found.values())

    def lines(self) -> list[str]:
        """One line per link, the entry first, each cause indented under what it made;
        what set off a link that depended on an earlier one follows it, indented more."""
        side = dict(self.set_off)
        out: list[str] = []
        for i, link in enumerate(self.links):
            head = "" if not i else _because(link)
            out.append(("  " * min(i, 1)) + head + link.line())
            for j, other in enumerate(side.get(i, ())):
                word = "set off by " if not j else _because(other)
                out.append("      " + word + other.line())
        return out

    def paragraph(self) -> str:
        """The chain as a short readable paragraph, each link with its citation."""
        parts = [f"{_sentence(self.links[0])}"]
        for link in self.links[1:-1]:
            if link.earlier:
                parts.append(f"That depended on an earlier step: {_sentence(link)}")
            else:
                parts.append(f"That happened because: {_sentence(link)}")
        if len(self.links) > 1:
            parts.append(f"It goes back to {_root_words(self.root)}")
        for _, side in self.set_off:
            if len(side) == 1:
                parts.append(f"The step that depended on it was set off by {_root_words(side[0])}")
            else:
                parts.append(
                    f"The step that depended on it was set off by: {_sentence(side[0])} "
                    f"That goes back to {_root_words(side[-1])}"
                )
        return " ".join(parts)

    def graph(self) -> nx.DiGraph:
        """The chain as a small directed graph: an edge from each cause to what it made.

        Nodes are ``"entry 12"``, ``"decision 4"``, ``"chance 5"`` or ``"set-up"``,
        each with ``kind``, ``text``, ``rule``, ``citation``, ``hidden`` and ``order``
        (0 for the entry asked about).
        """
        import networkx as nx

        graph = nx.DiGraph(entry=self.entry, player=self.player)
        names = [_node_name(link) for link in self.links]
        order = 0
        for chain, chain_names in [(self.links, names)] + [
            (side, [_node_name(link) for link in side]) for _, side in self.set_off
        ]:
            for name, link in zip(chain_names, chain, strict=True):
                if name not in graph:
                    graph.add_node(
                        name,
                        kind=link.kind,
                        text=link.text,
                        rule=link.rule,
                        citation=link.citation,
                        hidden=link.hidden,
                        order=order,
                    )
                    order += 1
            for effect, cause, link in zip(chain_names, chain_names[1:], chain[1:], strict=False):
                graph.add_edge(cause, effect, relation=_EDGE[link.relation or SET_OFF])
        for at, side in self.set_off:
            graph.add_edge(_node_name(side[0]), names[at], relation=_EDGE[SET_OFF])
        return graph


_EDGE = {SET_OFF: "made happen", DEPENDED: "set what it read"}
"""A graph edge's ``relation``: a trigger "made happen" its effect; a standing fact's
setter "set what it read"."""


def _root_words(root: Link) -> str:
    if root.kind == DECISION:
        return f"a decision: {_sentence(root)}"
    if root.kind == CHANCE_OUTCOME:
        return f"a chance outcome: {_sentence(root).removeprefix(CHANCE_PREFIX)}"
    return f"the set-up: {_sentence(root)}"


def _node_name(link: Link) -> str:
    if link.kind == SETUP:
        return "set-up"
    return f"{link.kind} {link.index}"


def _sentence(link: Link) -> str:
    text = link.text.rstrip()
    if text.endswith("."):
        text = text[:-1]
    cite = link.citation or link.rule
    return f"{text} ({cite})." if cite else f"{text}."


def _cite(state: State, rule: str) -> str:
    if not rule:
        return ""
    book = state.game.rulebook
    return book.cite(rule) if rule in book else rule


def _entry_link(
    state: State, trace: list[TraceEntry], index: int, player: int | None, via: str = ""
) -> Link | None:
    """The entry as ``player`` is shown it, or ``None`` when they are shown nothing."""
    entry = trace[index]
    shown = shown_entry(entry, player)
    if shown is None:
        return None
    hidden = not may_read(entry.visible_to, player)
    return Link(
        ENTRY, shown.text, shown.rule, _cite(state, shown.rule), index, entry.actor, hidden, via
    )


def _action_link(session: Session, trace: list[TraceEntry], step: int, player: int | None) -> Link:
    """The decision or chance outcome applied at history ``step``, as ``player`` sees it."""
    before, action, _ = session.step_at(step)
    decision = before.decision
    shown = shown_decision(decision, player)
    rule = shown.rule
    first = len(before.trace)
    # The label is what the engine wrote down for this action: the viewer may read it
    # when it is their own choice, or when they may read the first entry it wrote.
    readable = player is None or (action.player == player and action.player != CHANCE)
    if not readable and first < len(trace):
        readable = may_read(trace[first].visible_to, player)
    if action.player == CHANCE:
        kind = CHANCE_OUTCOME
        text = f"{CHANCE_PREFIX}{action.label}" if readable else f"A chance outcome: {shown.prompt}"
        actor = None
    else:
        kind = DECISION
        name = _player_name(before, action.player)
        if readable:
            text = f"{name} chose: {action.label} (asked: {shown.prompt})"
        else:
            text = f"{name} decided: {shown.prompt}"
        actor = action.player
    return Link(kind, text, rule, _cite(before, rule), step, actor, not readable, SET_OFF)


def _player_name(state: State, player: int) -> str:
    names = _NAMES.get(state.game)
    if names is None:  # asked once per game: the view it reads them from is not cheap
        names = _NAMES[state.game] = state.player_names()
    return names[player] if 0 <= player < len(names) else f"Player {player + 1}"


_NAMES: WeakKeyDictionary[Any, list[str]] = WeakKeyDictionary()
"""The players' names by game (they never change during a game)."""


def why(session: Session, entry: int | TraceEntry, player: int | None = None) -> WhyChain:
    """Walk the causes of a trace entry back to a decision, a chance outcome or the set-up.

    Args:
        session: the session whose trace holds the entry (its history names the
            decisions and chance outcomes).
        entry: the entry's index in ``session.state.trace`` (negative counts from the
            end), or the entry itself.
        player: whose eyes (``None``: the omniscient tutor); links that player may not
            see show their public form.

    Returns:
        The chain, the entry first and its root last; where a link depended on a
        standing fact, the next link is the entry that set it (maybe actions before),
        and what set the link off is in ``set_off``.

    Raises:
        WhyError: if the entry is not in the trace or not shown to ``player`` at all,
            or the trace's causes are broken (a cause or a standing fact's setter that
            is not an earlier entry).
    """
    trace = session.state.trace
    index = _entry_index(trace, entry)
    state = session.state
    asked = _entry_link(state, trace, index, player)
    if asked is None:
        raise WhyError(f"entry {index} is not shown to player {player}")
    links = [asked]
    set_off: list[tuple[int, tuple[Link, ...]]] = []
    _walk(session, index, player, links, set_off)
    return WhyChain(index, player, tuple(links), tuple(set_off))


def _walk(
    session: Session,
    at: int,
    player: int | None,
    links: list[Link],
    set_off: list[tuple[int, tuple[Link, ...]]] | None,
) -> None:
    """Append the causes of entry ``at`` to ``links``, its root last.

    An entry the viewer may read that depended on a standing fact leads on to the
    entry that set it; its trigger becomes a side chain in ``set_off`` (walked the same
    way, without side chains of its own) when ``set_off`` is given.

    Raises:
        WhyError: if a cause or standing link is not an earlier entry.
    """
    state = session.state
    trace = state.trace
    carried = ""  # the relation of a hop into an entry the viewer is shown nothing of
    while True:
        entry = trace[at]
        cause = entry.cause
        standing = entry.standing
        via = SET_OFF
        if standing is not None and may_read(entry.visible_to, player):
            _check_earlier(at, standing, "standing fact's setter")
            if set_off is not None:
                side: list[Link] = []
                if cause is None:
                    side.append(_root(session, trace, at, player))
                else:
                    _check_earlier(at, cause, "cause")
                    first = _entry_link(state, trace, cause, player, SET_OFF)
                    if first is not None:
                        side.append(first)
                    _walk(session, cause, player, side, None)
                set_off.append((len(links) - 1, tuple(side)))
            cause, via = standing, DEPENDED
        if cause is None:
            break
        _check_earlier(at, cause, "cause")
        at = cause
        link = _entry_link(state, trace, at, player, carried or via)
        if link is not None:  # an entry this player is shown nothing of is no link
            links.append(link)
            carried = ""
        elif via == DEPENDED:
            carried = DEPENDED  # the next link shown still stands for what was read
    links.append(_root(session, trace, at, player))


def _because(link: Link) -> str:
    """The words that put ``link`` under the link it explains in :meth:`WhyChain.lines`."""
    return "because earlier " if link.earlier else "because "


def _check_earlier(at: int, cause: int, what: str) -> None:
    if not 0 <= cause < at:
        raise WhyError(f"entry {at} names entry {cause} as its {what}: not an earlier entry")


def _root(session: Session, trace: list[TraceEntry], at: int, player: int | None) -> Link:
    """The decision, chance outcome or set-up behind entry ``at``."""
    behind = session.action_behind(at)
    if behind is None:
        return Link(SETUP, "The game was set up this way.", "", "", -1, relation=SET_OFF)
    return _action_link(session, trace, behind[0], player)


def _entry_index(trace: list[TraceEntry], entry: int | TraceEntry) -> int:
    if isinstance(entry, TraceEntry):
        for i in range(len(trace) - 1, -1, -1):
            if trace[i] is entry:
                return i
        raise WhyError("that entry is not in this session's trace")
    if isinstance(entry, bool) or not isinstance(entry, int):
        raise WhyError(f"an entry is a whole number, got {entry!r}")
    n = len(trace)
    if not -n <= entry < n:
        if n == 0:
            raise WhyError("the trace is empty: there is no entry to explain")
        raise WhyError(f"entry {entry} is outside the trace (entries 0 to {n - 1})")
    return entry % n


# ---------------------------------------------------------------------- what if not?
@dataclass(frozen=True, slots=True)
class WhatIfNot:
    """Two continuations from one decision or chance outcome, side by side.

    Attributes:
        step: the history step branched at.
        taken: the action taken in the game.
        alternative: the other choice or outcome tried instead.
        original: the entries the game wrote from that step on (as the viewer reads them).
        branch: the entries written with the alternative, the later actions replayed
            while they stayed legal.
        first_difference: the position in both lists where they first differ (the
            length of the shorter one when one is a prefix of the other).
        session: the branched session, to step on from.
    """

    step: int
    taken: Action
    alternative: Action
    original: tuple[str, ...]
    branch: tuple[str, ...]
    first_difference: int
    session: Session

    def rows(self) -> list[tuple[str, str]]:
        """The two continuations as pairs of lines, the shorter padded with ``""``."""
        n = max(len(self.original), len(self.branch))
        pad = ("",) * n
        return list(zip((self.original + pad)[:n], (self.branch + pad)[:n], strict=True))


def alternatives(session: Session, link: Link) -> list[Action]:
    """The other choices (or chance outcomes) that could have been taken at ``link``.

    Raises:
        WhyError: if the link is not a decision or a chance outcome of this session.
    """
    before, taken = _branch_point(session, link)
    if taken.player == CHANCE:
        options = [a for a, p in before.chance_outcomes() if p > 0]
    else:
        options = before.legal_actions()
    return [a for a in options if a != taken]


def _branch_point(session: Session, link: Link) -> tuple[State, Action]:
    if not link.branchable:
        raise WhyError(
            f"'what if not?' branches at a decision or chance outcome, not a {link.kind}"
        )
    if not 0 <= link.index < len(session.history):
        raise WhyError(f"step {link.index} is not in this session's history")
    before, taken, _ = session.step_at(link.index)
    return before, taken


def what_if_not(
    session: Session,
    link: Link,
    alternative: Action | str | None = None,
    *,
    player: int | None = None,
    context: int = 4,
    max_actions: int = 200,
) -> WhatIfNot:
    """Branch at a decision or chance outcome and take another choice or outcome there.

    The later actions of the game are replayed on the branch in order while each is
    still legal there (chance outcomes included), so both continuations can be read
    side by side; each is cut ``context`` entries after the first entry where the two
    differ.

    The branch is played from the real position, hidden cards included: ``player``
    only filters the lines shown, so a tool showing a player the result should offer
    it for the tutor's eyes only (the tutorial player does).

    Args:
        session: the session the link came from (it is not changed).
        link: a decision or chance-outcome link of a :func:`why` chain.
        alternative: the action to take instead (an Action or its label); ``None``
            takes the first other choice (the likeliest other outcome at chance).
        player: whose eyes read the entries (``None``: the omniscient tutor).
        context: entries kept after the first difference.
        max_actions: the most later actions replayed on the branch.

    Returns:
        Both continuations and where they first differ.

    Raises:
        WhyError: if the link is no decision or chance outcome, there is no other
            choice there, or ``alternative`` is not one of them.
    """
    from tutor.core.visibility import shown_lines

    before, taken = _branch_point(session, link)
    others = alternatives(session, link)
    if not others:
        raise WhyError("there was no other choice or outcome at that point")
    if alternative is None:
        if taken.player == CHANCE:
            odds = dict(before.chance_outcomes())
            alternative = max(others, key=lambda a: odds.get(a, 0.0))
        else:
            alternative = others[0]
    elif isinstance(alternative, str):
        wanted = alternative.strip().lower()
        found = [a for a in others if a.label.lower() == wanted]
        if not found:
            labels = "; ".join(a.label for a in others[:8])
            raise WhyError(f"{alternative!r} is not another choice there; choices: {labels}")
        alternative = found[0]
    elif alternative not in others:
        raise WhyError(f"{alternative} is not another choice or outcome at that point")
    start = len(before.trace)
    branch = session.branch(at=link.index)
    autos = branch.auto_chance, branch.auto_forced
    branch.auto_chance = branch.auto_forced = False  # replay exactly, draw nothing new
    branch.play(alternative)
    for action in session.history[link.index + 1 :][:max_actions]:
        state = branch.state
        if state.is_terminal() or not state.check(action).ok:
            break
        branch.play(action)
    branch.auto_chance, branch.auto_forced = autos
    branch.cursor = len(branch.state.trace)
    original = shown_lines(session.state.trace[start:], player)
    other = shown_lines(branch.state.trace[start:], player)
    first = 0
    while first < len(original) and first < len(other) and original[first] == other[first]:
        first += 1
    end = first + 1 + max(context, 0)
    return WhatIfNot(
        link.index,
        taken,
        alternative,
        tuple(original[:end]),
        tuple(other[:end]),
        first,
        branch,
    )


def seeded_session(game: Any, seed: int) -> Session:
    """A finished random game as a session: seed ``seed``, the ``tutor play`` game.

    Chance and choices are drawn as ``tutor play GAME --seed S`` draws them (the core
    random play-out with the policy generator of :func:`tutor.cli.play_random`), but
    every action goes through the session, so :func:`why` can name it.

    Raises:
        TutorError: if the game does not end within the CLI's step limit.
    """
    from tutor.cli import MAX_STEPS, new_state, policy_rng
    from tutor.core.session import Session

    session = Session(new_state(game, seed, tracing=True), auto_chance=False, auto_forced=False)
    rng = policy_rng(seed)
    for _ in range(MAX_STEPS):
        state = session.state
        kind = state.decision_kind()
        if kind == "terminal":
            session.cursor = len(state.trace)
            return session
        action = state.sample_chance(rng) if kind == "chance" else state.random_action(rng)
        session.play(action)
    raise TutorError(f"the game did not end within {MAX_STEPS} actions")


__all__ = [
    "DEPENDED",
    "LINK_KINDS",
    "RELATIONS",
    "SET_OFF",
    "Link",
    "WhatIfNot",
    "WhyChain",
    "WhyError",
    "alternatives",
    "seeded_session",
    "what_if_not",
    "why",
]
