"""Quiz questions "which of these may <player> do now?", from real positions and verdicts.

Why this exists: many of a game's open questions (``rulings.yaml``) change what a
player *may do*, not what the rules write afterwards: how far a piece moves, whether an
action may be taken twice, which tokens pay for a unit.  A "what happens next?"
question (:mod:`tutor.analysis.quiz`) never meets those readings, because the action
the other reading allows is simply illegal in the game the engine plays.  This second
kind of question asks about legality itself, at a real position of a seeded game:

* The correct option is a legal action of the deciding player there.
* The wrong options are actions that are illegal there, best first:

  1. actions a tempting wrong reading allows: the same position is loaded into the
     game read another way (a switchable ruling's other option, through
     ``to_dict`` / ``state_from_dict``) and its legal actions that this game forbids
     become options labelled ``"ruling=option"`` (:attr:`QuizOption.misconception`);
  2. the game's own ``State.tempting_actions()`` (plausible illegal moves, each with
     the engine's verdict);
  3. actions the same player took elsewhere in the game that are illegal here.

  Each carries the engine's own ``check(action)`` reason and rule, which the feedback
  quotes; the rule recorded for mastery is the rule a wrong pick breaks, or the rule of
  the legal action for a right one.
* Hidden information: the options are the deciding player's own kind of choices
  (labels they would see on their buttons, their own earlier choices and the tempting
  moves the tutorial shows them), the prompt is the decision as they are shown it
  (``State.decision_for``), and the picture is drawn from their view
  (:attr:`LegalityQuestion.viewer`); nothing reads another player's hidden cards.
* :meth:`LegalityQuestion.verify` re-checks every option on a clone at any time.

Everything uses only the game-agnostic ``State`` API and the rule book, so every game
gets these questions, and the same seed always gives the same ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar

from tutor.analysis.quiz import (
    Choose,
    Feedback,
    QuizOption,
    _alternative_game,
    _MultipleChoice,
    _must_decide,
    _Point,
    _topic,
    play_points,
)
from tutor.core.game import Game, State
from tutor.core.rng import Rng
from tutor.core.types import Action, Rejection, TraceEntry, Verdict

LEGALITY_LOADS = 1000
"""At most this many times a position is loaded under a wrong reading, per game, to find
misconceptions (positions times readings; a load costs about 1 to 10 ms).  The readings
that change what is legal can need a rare position (a Creepy Falls player holding six
Corpse at a purchase, the Manos Family after a draw): 300 loads missed some that the
seeded games had, 1,000 found as many as no limit did over seeds 1 to 4 of every game."""
MISSES = 12
"""A reading is no longer tried at a kind of decision after this many positions of that
kind where it allowed nothing more."""
PER_READING = 2
"""At most this many actions one wrong reading allows are kept per position."""
MAX_EARLIER = 200
"""At most this many earlier actions of a player are considered as wrong options."""
SCAN = 200
"""At most this many positions of one game are tried as questions."""
_UNHELPFUL = {Rejection.MALFORMED, Rejection.WRONG_PLAYER, Rejection.GAME_OVER}
"""Verdicts that teach nothing about the rules at this position."""


@dataclass(frozen=True)
class LegalityQuestion(_MultipleChoice):
    """A "which of these may <player> do now?" question at a real position.

    Attributes:
        state: the position (treat it as read-only).
        player: the deciding player, whose eyes the question uses.
        intro: who must decide what, as that player is shown it.
        options: the shuffled options; exactly one is a legal action.
        answer: the index of the legal option.
        rule: the rule of the legal action (what a right answer records).
        rule_text: ``rulebook.describe(rule)``.
        turn: the turn number at the position.
        step: how many actions the game had applied before the position.
        seed: the seed of the game the question comes from (``None`` when asked at a
            given position).
    """

    kind: ClassVar[str] = "legal"
    so_far: ClassVar[tuple[TraceEntry, ...]] = ()

    state: State
    player: int
    intro: str
    options: tuple[QuizOption, ...]
    answer: int
    rule: str
    rule_text: str
    turn: int
    step: int
    seed: int | None = None

    @property
    def viewer(self) -> int:
        """Whose view the question's picture is drawn from: the deciding player."""
        return self.player

    @property
    def key(self) -> str:
        """Where the question comes from, in words (what a progress store records)."""
        return f"{self._from}step {self.step} legal"

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules an answer can be recorded under: the legal action's, then the ones
        the wrong options break."""
        return tuple(dict.fromkeys([self.rule, *(o.rule for o in self.options)]))

    @property
    def who(self) -> str:
        """The deciding player's name."""
        return _name(self.state, self.player)

    @property
    def prompt(self) -> str:
        """The question as one paragraph of text."""
        return f"{self.intro} Which of these may {self.who} do now? (Only one is allowed.)"

    def check(self, choice: int) -> Feedback:
        """Judge the learner's pick (an option index) and explain with the engine's verdict.

        A wrong pick is explained by the engine's own reason and the rule it breaks
        (the feedback's ``rule``); a pick a tempting wrong reading allows also names
        that reading and the one this game plays.

        Raises:
            IndexError: if ``choice`` is not an option index.
        """
        picked = self._picked(choice)
        book = self.state.game.rulebook
        right = self.correct
        if picked.correct:
            others = "; ".join(
                f"“{o.text}”: {o.source}" for o in self.options if not o.correct and o.source
            )
            message = f"Right: {self.who} may “{right.text}” here. Not allowed: {others}."
            return Feedback(True, message, self.rule, self.rule_text)
        reading = ""
        if picked.misconception:
            ruling_id, _, option = picked.misconception.partition("=")
            ruling = book.rulings[ruling_id]
            playing = book.choose_rulings(self.state.game.options.get("rulings"))[ruling_id]
            reading = (
                f" That would be allowed if the rules were read as {picked.misconception} "
                f"(“{ruling.options[option].strip()}”), but the engine's reading of that open "
                f"question (ruling {ruling_id}) is {playing}."
            )
        message = (
            f"Not allowed: “{picked.text}”: {picked.source}.{reading} "
            f"What {self.who} may do: “{right.text}”."
        )
        return Feedback(
            False, message, picked.rule, book.describe(picked.rule), picked.misconception
        )

    def verify(self) -> bool:
        """Check every option again on clones of the position.

        True when the correct option is legal, every wrong one is refused with the
        reason and rule it shows, and every misconception is legal in the game read
        that way at the same position.
        """
        state = self.state.clone()
        for option in self.options:
            if option.action is None:
                return False
            verdict = state.check(option.action)
            if option.correct:
                if not verdict.ok:
                    return False
                continue
            if verdict.ok or verdict.reason != option.source:
                return False
            if _verdict_rule(state, verdict) != option.rule:
                return False
            if option.misconception:
                ruling, _, reading = option.misconception.partition("=")
                other = _load_as(state, ruling, reading)
                if other is None or not other.check(option.action).ok:
                    return False
        return True


def _name(state: State, player: int) -> str:
    names = state.player_names()
    return names[player] if 0 <= player < len(names) else f"Player {player + 1}"


def _verdict_rule(state: State, verdict: Verdict) -> str:
    """The rule a verdict cites, or the decision's rule when it cites none in the book."""
    rules = state.game.rulebook.rules
    if verdict.rule and verdict.rule in rules:
        return verdict.rule
    return state.decision.rule


def _load_as(
    state: State, ruling: str, reading: str, data: dict[str, Any] | None = None
) -> State | None:
    """The same position in the game read another way (``None`` if it cannot hold it).

    ``data`` is the position's ``to_dict()`` when the caller already has it.
    """
    if data is None:
        data = state.to_dict()
        data["trace"] = []  # only the position matters
    try:
        return _alternative_game(state.game, ruling, reading).state_from_dict(data)
    except (ValueError, KeyError, TypeError, IndexError):
        # The other reading builds the table differently: this position does not exist there.
        return None


def other_readings(game: Game) -> list[tuple[str, str]]:
    """Every ``(ruling, option)`` of a switchable ruling that this game does not play."""
    playing = game.rulebook.choose_rulings(game.options.get("rulings"))
    return [
        (ruling.id, option)
        for ruling in game.rulebook.rulings.values()
        if ruling.switchable
        for option in ruling.options
        if option != playing[ruling.id]
    ]


def misread_actions(
    state: State, readings: Sequence[tuple[str, str]] | None = None
) -> list[tuple[Action, Verdict, str]]:
    """Actions illegal here that a tempting wrong reading of the rules allows here.

    For every switchable ruling and each of its options this game does not play
    (or each of ``readings``, ``(ruling, option)`` pairs), the position is loaded into
    the game read that way.  When the same player decides there, its legal actions
    that this game refuses are misconceptions.

    Returns:
        ``(action, verdict here, "ruling=option")``, at most :data:`PER_READING` per
        reading, in the rule book's order of rulings.
    """
    d = state.decision
    if d.kind != "choice" or d.player is None:
        return []
    legal = set(state.legal_actions())
    data = state.to_dict()
    data["trace"] = []  # only the position matters
    found: list[tuple[Action, Verdict, str]] = []
    for ruling_id, option in other_readings(state.game) if readings is None else readings:
        other = _load_as(state, ruling_id, option, data)
        if other is None or other.decision.kind != "choice" or other.decision.player != d.player:
            continue
        kept = 0
        for action in other.legal_actions():
            if kept >= PER_READING:
                break
            if action in legal or action.player != d.player:
                continue
            verdict = state.check(action)
            if verdict.ok or verdict.code in _UNHELPFUL:
                continue
            found.append((action, verdict, f"{ruling_id}={option}"))
            kept += 1
    return found


def _tempting(state: State) -> list[tuple[Action, Verdict]]:
    """The game's tempting illegal actions for the deciding player, refused here."""
    player = state.decision.player
    return [
        (a, v)
        for a, v in state.tempting_actions()
        if a.player == player and not v.ok and v.code not in _UNHELPFUL
    ]


def _elsewhere(
    state: State, earlier: Sequence[Action], like: Action
) -> Iterator[tuple[Action, Verdict]]:
    """The deciding player's choices at other positions that are refused here.

    Those of the same kind as ``like`` come first (a deploy where a deploy is asked
    about); the verdicts are asked for lazily, only as many as a question needs.
    """
    legal = set(state.legal_actions())
    player = state.decision.player
    ranked = sorted(earlier, key=lambda a: a.kind != like.kind)  # stable: game order kept
    for action in ranked:
        if action in legal or action.player != player:
            continue
        verdict = state.check(action)
        if not verdict.ok and verdict.code not in _UNHELPFUL:
            yield action, verdict


def _round_robin(order: Sequence[int], decisions: Sequence[_Point]) -> list[int]:
    """``order`` re-ordered to take one position of each kind of decision in turn.

    The readings that change what is legal often matter at one kind of decision only (a
    purchase, a second draw, a boosted move), which may be rare in a game: trying every
    kind early finds them within a small budget.
    """
    groups: dict[str, list[int]] = {}
    for k in order:
        groups.setdefault(decisions[k].before.decision.rule, []).append(k)
    out: list[int] = []
    queues = list(groups.values())
    depth = 0
    while len(out) < len(order):
        for queue in queues:
            if depth < len(queue):
                out.append(queue[depth])
        depth += 1
    return out


def _offered(decisions: Sequence[_Point]) -> tuple[dict[int, list[tuple[int, Action]]], set[str]]:
    """Every action offered to each player, and the kinds of action whose labels vary.

    Returns:
        Per player, ``(step, action)`` for the legal actions of each of their
        decisions, in game order; and the kinds of action whose label changed with
        the position for the same arguments (a move labelled with the piece standing
        on its square): an illegal action of such a kind cannot be named truthfully
        at another position, so it is never offered there.
    """
    offered: dict[int, list[tuple[int, Action]]] = {}
    labels: dict[tuple[int, str, tuple[object, ...]], str] = {}
    unstable: set[str] = set()
    for point in decisions:
        for action in point.before.legal_actions():
            key = (action.player, action.kind, action.args)
            if labels.setdefault(key, action.label) != action.label:
                unstable.add(action.kind)
            offered.setdefault(action.player, []).append((point.step, action))
    return offered, unstable


def _earlier(offered: Sequence[tuple[int, Action]], step: int, unstable: set[str]) -> list[Action]:
    """The actions offered to a player before ``step``, the most recent first.

    Only earlier ones: a later position's choices could name a card not drawn yet.
    """
    out: list[Action] = []
    seen: set[Action] = set()
    for at, action in reversed(offered):
        if at >= step or action in seen or action.kind in unstable:
            continue
        seen.add(action)
        out.append(action)
        if len(out) >= MAX_EARLIER:
            break
    return out


def _closest(legal: Sequence[Action], lure: Action, fallback: Action, rng: Rng) -> Action:
    """The legal action most like ``lure`` (same kind, most leading arguments alike).

    A question whose legal option differs from a wrong one in one detail (one square
    further, another token) asks about exactly the rule between them.
    """

    def alike(a: Action) -> int:
        if a.kind != lure.kind:
            return -1
        n = 0
        for x, y in zip(a.args, lure.args, strict=False):
            if x != y:
                break
            n += 1
        return n

    best = max((alike(a) for a in legal), default=-1)
    if best < 0:
        return fallback
    top = [a for a in legal if alike(a) == best]
    return fallback if fallback in top else top[rng.below(len(top))]


def _action_rule(state: State, action: Action) -> str:
    """The rule of a legal action: the rule its own trace entry cites (or the decision's)."""
    rules = state.game.rulebook.rules
    for entry in state.clone().apply(action):
        if entry.kind == "action" and entry.rule in rules:
            return entry.rule
    return state.decision.rule


def _intro(state: State, player: int) -> str:
    """Who must decide what, as the deciding player is shown it."""
    return f"{_must_decide(_name(state, player), state.decision_for(player).prompt)}."


def _open_question(which: str) -> str:
    """The ruling id of a ``"ruling=option"`` reading."""
    return which.split("=")[0]


def _reading(which: str) -> str:
    """A ``"ruling=option"`` reading itself."""
    return which


def _build(
    state: State,
    played: Action,
    misread: Sequence[tuple[Action, Verdict, str]],
    tempting: Sequence[tuple[Action, Verdict]],
    elsewhere: Iterable[tuple[Action, Verdict]],
    rng: Rng,
    n_options: int,
    step: int,
    seed: int | None,
) -> LegalityQuestion | None:
    """The question at ``state``; ``None`` without at least two wrong options."""
    player = state.decision.player
    if player is None:
        return None
    legal = state.legal_actions()
    taken = {a.label for a in legal}  # a wrong option never looks like a legal one
    wrong: list[tuple[Action, Verdict, str]] = []
    offered: set[str] = set()
    # One action per open question first, then per reading, so several can be offered.
    for per in (_open_question, _reading):
        for action, verdict, which in misread:
            if len(wrong) >= n_options - 1 or per(which) in offered or action.label in taken:
                continue
            offered.add(per(which))
            taken.add(action.label)
            wrong.append((action, verdict, which))
    for action, verdict in chain(tempting, elsewhere):
        if len(wrong) >= n_options - 1:
            break
        if action.label not in taken:
            taken.add(action.label)
            wrong.append((action, verdict, ""))
    if len(wrong) < min(2, n_options - 1):
        return None
    answer = _closest(legal, wrong[0][0], played if played in legal else legal[0], rng)
    rule = _action_rule(state, answer)
    book = state.game.rulebook
    options = [QuizOption(answer.label, rule, True, "a legal action here", action=answer)]
    options += [
        QuizOption(a.label, _verdict_rule(state, v), False, v.reason, m, action=a)
        for a, v, m in wrong
    ]
    rng.shuffle(options)
    return LegalityQuestion(
        state=state,
        player=player,
        intro=_intro(state, player),
        options=tuple(options),
        answer=next(i for i, o in enumerate(options) if o.correct),
        rule=rule,
        rule_text=book.describe(rule),
        turn=state.turn_number,
        step=step,
        seed=seed,
    )


def make_legality_quiz(
    game: Game,
    seed: int = 0,
    count: int = 5,
    *,
    choose: Choose | None = None,
    options: int = 4,
    misconceptions: int | None = None,
    points: Sequence[_Point] | None = None,
) -> list[LegalityQuestion]:
    """Build ``count`` "which of these may <player> do now?" questions from a seeded game.

    First come up to ``misconceptions`` questions offering an action that a tempting
    wrong reading of an open question allows here, those about open questions not asked
    yet first.  The positions are tried one kind of decision after another; a reading is
    dropped at a kind of decision after :data:`MISSES` positions where it allowed
    nothing more, and at most :data:`LEGALITY_LOADS` loads are made in all.  Then come
    positions in a seeded order, those where the game offers tempting illegal actions
    first, one question per position, covering different rule topics where it can.

    Args:
        game: the game (with its options).
        seed: the seed of the game the questions come from; the same seed gives the
            same questions.
        count: how many questions at most (a game may give fewer).
        choose: the players' policy ``(state, legal, rng) -> action`` (default: random).
        options: options per question (the legal one included), at least 2.
        misconceptions: how many questions about a tempting wrong reading to look for
            (default: all ``count`` where the game has them).
        points: the seeded game's steps when the caller already played it
            (:func:`tutor.analysis.quiz.play_points` with the same ``seed`` and
            ``choose``).

    Returns:
        The questions, in the order their positions happen in the game.

    Raises:
        ValueError: if ``count`` is negative or ``options`` is below 2.
        RuntimeError: if the generating game does not end.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    if options < 2:
        raise ValueError(f"a question needs at least 2 options, not {options}")
    if points is None:
        points = play_points(game, seed, choose)[0]
    decisions = [
        p
        for p in points
        if p.before.decision.kind == "choice" and p.before.decision.player is not None
    ]
    offered, unstable = _offered(decisions)
    rng = Rng(seed + 15_485_863)
    order = list(range(len(decisions)))
    rng.shuffle(order)
    chosen: list[LegalityQuestion] = []
    used: set[int] = set()
    topics: set[str] = set()
    tempting: dict[int, list[tuple[Action, Verdict]]] = {}
    built: dict[int, LegalityQuestion | None] = {}

    def build(
        k: int, misread: Sequence[tuple[Action, Verdict, str]] = ()
    ) -> LegalityQuestion | None:
        point = decisions[k]
        if k not in tempting:
            tempting[k] = _tempting(point.before)
        mine = _earlier(offered.get(point.action.player, []), point.step, unstable)
        return _build(
            point.before,
            point.action,
            misread,
            tempting[k],
            _elsewhere(point.before, mine, point.action),
            rng,
            options,
            point.step,
            seed,
        )

    def take(q: LegalityQuestion, k: int) -> None:
        chosen.append(q)
        used.add(k)
        wrong = next(o for o in q.options if not o.correct)
        topics.add(_topic(game, wrong.rule))

    wanted = min(count if misconceptions is None else misconceptions, count)
    if wanted > 0 and any(r.switchable for r in game.rulebook.rulings.values()):
        again: list[tuple[int, LegalityQuestion]] = []
        rulings: set[str] = set()
        readings = other_readings(game)
        misses: Counter[tuple[str, str, str]] = Counter()
        loads = 0
        for k in _round_robin(order, decisions):
            if len(chosen) >= wanted or loads >= LEGALITY_LOADS:
                break
            # A reading that changed nothing at this kind of decision MISSES times running
            # is not tried there again: most readings matter at one kind of decision only.
            kind = decisions[k].before.decision.rule
            trying = [r for r in readings if misses[(kind, *r)] < MISSES]
            loads += len(trying)
            misread = misread_actions(decisions[k].before, trying)
            hit = {tuple(m.split("=", 1)) for _, _, m in misread}
            for r in trying:
                misses[(kind, *r)] = 0 if r in hit else misses[(kind, *r)] + 1
            q = build(k, misread) if misread else None
            if q is None or not any(o.misconception for o in q.options):
                continue
            asked = {o.misconception.split("=")[0] for o in q.options if o.misconception}
            if asked <= rulings:  # only open questions already asked: keep it for later
                again.append((k, q))
                continue
            rulings |= asked
            take(q, k)
        for k, q in again[: wanted - len(chosen)]:
            take(q, k)
    scanned = order[:SCAN]
    for k in scanned:
        tempting[k] = _tempting(decisions[k].before)
    # Positions where the game names tempting illegal moves first; else the seeded order.
    ranked = sorted(scanned, key=lambda k: not tempting[k])
    for fresh_only in (True, False):
        for k in ranked:
            if len(chosen) >= count:
                break
            if k in used:
                continue
            if k not in built:
                built[k] = build(k)
            q = built[k]
            if q is None:
                continue
            wrong = next(o for o in q.options if not o.correct)
            if fresh_only and _topic(game, wrong.rule) in topics:
                continue
            take(q, k)
    chosen.sort(key=lambda q: q.step)
    return chosen


def legality_question_at(
    state: State,
    *,
    seed: int = 0,
    options: int = 4,
    earlier: Sequence[Action] = (),
    lure: Action | None = None,
) -> LegalityQuestion:
    """Ask "which of these may <player> do now?" at a given position (a scenario).

    Args:
        state: the position, where a player decides (it is not changed).
        seed: seeds the option order.
        options: options per question, the legal one included.
        earlier: other actions of the deciding player that may serve as wrong options
            (their labels must still describe them at this position).
        lure: an illegal action to offer first (labelled with the wrong reading that
            allows it, if one does); the legal option is the one most like it.

    Raises:
        ValueError: if no player decides at ``state``, if ``lure`` is legal there or
            the engine cannot judge it, or not enough illegal options exist there.
    """
    d = state.decision
    if d.kind != "choice" or d.player is None:
        raise ValueError(f"no player decides at this position (the next step is {d.kind})")
    position = state.clone()
    legal = position.legal_actions()
    misread = misread_actions(position)
    if lure is not None:
        verdict = position.check(lure)
        if verdict.ok:
            raise ValueError(f"{lure.label!r} is legal here: a lure must be refused")
        if verdict.code in _UNHELPFUL:
            raise ValueError(f"{lure.label!r} is no choice of this decision: {verdict.reason}")
        first = [m for m in misread if m[0] == lure][:1] or [(lure, verdict, "")]
        misread = first + [m for m in misread if m[0] != lure]
    question = _build(
        position,
        legal[0],
        misread,
        _tempting(position),
        _elsewhere(position, earlier, legal[0]),
        Rng(seed + 15_485_863),
        options,
        position.steps,
        None,
    )
    if question is None:
        raise ValueError("not enough illegal actions with a reason to ask about this position")
    return question


__all__ = [
    "LegalityQuestion",
    "legality_question_at",
    "make_legality_quiz",
    "misread_actions",
]
