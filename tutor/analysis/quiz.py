"""Quiz questions "what happens next?", built from real states and the engine's own trace.

Why this exists: a learner who can predict the rules' next step has understood them.
The generator plays a seeded game (random choices by default), and at each step keeps
the position just before the action, the action, and the trace entries the engine
wrote when it applied it.  A question stops part-way through those entries, right
before an automatic consequence (an entry of kind ``"auto"``: an event resolving, a
wound being capped, a Last Gasp being judged ...), and asks which sentence comes next.

* The correct option is the engine's actual next entry: the action is applied again on
  a clone of the saved position when the question is built, and :meth:`QuizQuestion.
  verify` repeats that check at any time.
* The wrong options are other real outcomes: entries the engine wrote after the other
  legal actions (or chance outcomes) at the same point, and entries of the same rule,
  topic or phase met elsewhere in this game or in a few other seeded games.  Any
  sentence that actually happens after the action is never used as a wrong option.
* Misconceptions: where a rule has a tempting wrong reading that the engine can play
  (a switchable ruling's other options, ``rulings.yaml``), the same position is played
  again under that reading; a sentence it writes instead of the answer becomes a wrong
  option labelled with the reading (``QuizOption.misconception``), and the feedback says
  which wrong reading a pick of it matches.
* The feedback cites the rule of the correct entry through ``rulebook.describe``.
* :class:`QuizRound` asks questions from a pool one at a time, both kinds mixed (these
  and :mod:`tutor.analysis.quiz_legal`'s "which of these may <player> do now?", which
  reach the readings that change what is legal), the next one chosen by
  the learner's mastery (:mod:`tutor.analysis.mastery`: rules answered wrongly or not
  yet seen come back sooner), and records every answer per rule id.

Everything here uses only the game-agnostic ``State`` API, so every game gets a quiz,
and the same seed always gives the same questions.  Widgets only render the result.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tutor.core.game import Game, State, load_game
from tutor.core.rng import Rng
from tutor.core.types import Action, TraceEntry

Choose = Callable[[State, Sequence[Action], Rng], Action]
MAX_STEPS = 20_000
"""Safety bound on the actions of one generating game."""
MAX_SIBLINGS = 12
"""At most this many other actions are tried at a question's position."""
MISREADING_CHECKS = 40
"""At most this many positions are replayed under wrong readings to find a misconception."""
_NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class QuizOption:
    """One answer of a multiple-choice question.

    Attributes:
        text: the trace sentence offered as "what happens next".
        rule: the rule id the sentence cites.
        correct: True for the engine's actual next entry.
        source: where this sentence really comes from, for the feedback.
        misconception: ``"ruling=option"`` when the sentence is what the rules do
            under that wrong reading of an open question, else ``""``.
        action: the action offered, in a "which of these may ... do now?" question
            (:mod:`tutor.analysis.quiz_legal`), else ``None``.
    """

    text: str
    rule: str
    correct: bool
    source: str
    misconception: str = ""
    action: Action | None = None


@dataclass(frozen=True)
class Feedback:
    """The answer to a learner's pick.

    Attributes:
        correct: whether the pick was the engine's actual next entry.
        message: what to tell the learner (what really happens, and where the pick came from).
        rule: the rule id behind the correct answer.
        rule_text: ``rulebook.describe(rule)``: the citation and the project's summary.
        misconception: ``"ruling=option"``: the wrong reading the pick matches, or ``""``.
    """

    correct: bool
    message: str
    rule: str
    rule_text: str
    misconception: str = ""


class _MultipleChoice:
    """What both kinds of question share: shuffled options, one of them right."""

    options: tuple[QuizOption, ...]
    answer: int
    seed: int | None

    @property
    def correct(self) -> QuizOption:
        """The correct option."""
        return self.options[self.answer]

    @property
    def _from(self) -> str:
        """``"seed N "`` when the question comes from a seeded game, else ``""``."""
        return f"seed {self.seed} " if self.seed is not None else ""

    def _picked(self, choice: int) -> QuizOption:
        """The option the learner picked.

        Raises:
            IndexError: if ``choice`` is not an option index.
        """
        if not 0 <= choice < len(self.options):
            raise IndexError(f"option {choice} does not exist (0..{len(self.options) - 1})")
        return self.options[choice]


@dataclass(frozen=True)
class QuizQuestion(_MultipleChoice):
    """A "what happens next?" question at a real position.

    Attributes:
        state: the position just before ``action`` (treat it as read-only).
        action: the choice made or the chance outcome drawn there.
        intro: who decides what (or which chance outcome comes up).
        so_far: the entries the action already produced before the asked one.
        options: the shuffled options; exactly one is correct.
        answer: the index of the correct option.
        rule: the correct entry's rule id.
        rule_text: ``rulebook.describe(rule)``.
        turn: the turn number at the position.
        step: how many actions the game had applied before ``action``.
        index: the position of the correct entry among those ``action`` produces.
        seed: the seed of the game the question comes from (``None`` when asked at a
            given position).
    """

    kind: ClassVar[str] = "next"
    viewer: ClassVar[int | None] = None
    """Whose view the question's picture is drawn from: the tutor's (all is known)."""

    state: State
    action: Action
    intro: str
    so_far: tuple[TraceEntry, ...]
    options: tuple[QuizOption, ...]
    answer: int
    rule: str
    rule_text: str
    turn: int
    step: int
    index: int
    seed: int | None = None

    @property
    def key(self) -> str:
        """Where the question comes from, in words (what a progress store records)."""
        return f"{self._from}step {self.step} entry {self.index}"

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules an answer can be recorded under: the asked rule only."""
        return (self.rule,)

    @property
    def prompt(self) -> str:
        """The question as one paragraph of text."""
        return f"{self.intro} What happens next?"

    def check(self, choice: int) -> Feedback:
        """Judge the learner's pick (an option index) and explain, citing the rule.

        Raises:
            IndexError: if ``choice`` is not an option index.
        """
        picked = self._picked(choice)
        right = self.correct
        if picked.correct:
            message = f"Right: {right.text}"
        else:
            reading = (
                f" It matches the tempting wrong reading {picked.misconception} (ruling "
                f"{picked.misconception.split('=')[0]}), not the rules this game plays."
                if picked.misconception
                else ""
            )
            message = (
                f"Not this time. “{picked.text}” is {picked.source}.{reading} "
                f"What actually happens next: {right.text}"
            )
        return Feedback(picked.correct, message, self.rule, self.rule_text, picked.misconception)

    def verify(self) -> bool:
        """Apply the action again on a clone: is the correct option the engine's next entry?"""
        produced = self.state.clone().apply(self.action)
        if self.index >= len(produced):
            return False
        entry = produced[self.index]
        return (entry.text, entry.rule) == (self.correct.text, self.correct.rule)


@dataclass
class _Point:
    """One step of a generating game: the position, the action and what it produced."""

    step: int
    before: State
    action: Action
    entries: list[TraceEntry]
    most_likely: bool


@dataclass(frozen=True)
class _Pooled:
    entry: TraceEntry
    source: str


def _random_choice(state: State, legal: Sequence[Action], rng: Rng) -> Action:
    return legal[rng.below(len(legal))]


def _most_likely(state: State, drawn: Action) -> tuple[Action, bool]:
    """The most likely chance outcome (the drawn one when it is among the likeliest).

    Returns ``(outcome, unique)``: ``unique`` is True when one outcome is likelier than
    every other.
    """
    outcomes = state.chance_outcomes()
    best = max(p for _, p in outcomes)
    top = [a for a, p in outcomes if p >= best - 1e-12]
    if drawn in top:
        return drawn, len(top) == 1
    return top[0], len(top) == 1


def play_points(
    game: Game, seed: int, choose: Choose | None = None
) -> tuple[list[_Point], list[TraceEntry]]:
    """Play one seeded game, keeping every step's position, action and produced entries.

    Player choices come from ``choose`` (default: uniformly random with ``Rng(seed)``);
    at a chance step the question uses the most likely outcome, while the game goes on
    with the outcome drawn from the same generator.

    Returns:
        The steps, and the game's whole trace.

    Raises:
        RuntimeError: if the game does not end within ``MAX_STEPS`` actions.
    """
    pick = choose or _random_choice
    rng = Rng(seed)
    state = game.new_state(seed=seed)
    points: list[_Point] = []
    for step in range(MAX_STEPS):
        kind = state.decision_kind()
        if kind == "terminal":
            return points, list(state.trace)
        before = state.clone()
        if kind == "chance":
            drawn = state.sample_chance(rng)
            asked, unique = _most_likely(state, drawn)
        else:
            drawn = pick(state, state.legal_actions(), rng)
            asked, unique = drawn, False
        produced = state.apply(drawn)
        if asked != drawn:
            produced = before.clone().apply(asked)
        points.append(_Point(step, before, asked, list(produced), unique))
    raise RuntimeError(f"the quiz game (seed {seed}) did not end within {MAX_STEPS} steps")


def _names(state: State) -> list[str]:
    players = state.view(None).get("players") or []
    return [str(p.get("name", f"Player {i}")) for i, p in enumerate(players)]


def _intro(point: _Point) -> str:
    d = point.before.decision
    if d.kind == "chance":
        which = "the most likely outcome" if point.most_likely else "this outcome"
        return f"Chance step: {d.prompt} Suppose {which} comes up: “{point.action.label}”."
    names = _names(point.before)
    who = names[d.player] if d.player is not None and d.player < len(names) else "A player"
    return f"{_must_decide(who, d.prompt)} and chooses “{point.action.label}”."


def _must_decide(who: str, prompt: str) -> str:
    """``"<who> must decide (<prompt>)"``, the prompt without its own "<who>: " and stop."""
    prompt = prompt.rstrip(".")
    if prompt.startswith(f"{who}: "):
        prompt = prompt[len(who) + 2 :]
    return f"{who} must decide ({prompt})"


def _first_index(point: _Point) -> int:
    """Entries before this index only report the action itself (or the drawn outcome)."""
    if point.before.decision.kind == "chance":
        return 1
    i = 0
    while i < len(point.entries) and point.entries[i].kind == "action":
        i += 1
    return i


def _topic(game: Game, rule: str) -> str:
    found = game.rulebook.rules.get(rule)
    return str(found.topic) if found is not None else rule.rsplit(".", 1)[0]


def make_quiz(
    game: Game,
    seed: int = 0,
    count: int = 5,
    *,
    choose: Choose | None = None,
    pool_games: int = 2,
    options: int = 4,
    misconceptions: int = 1,
    played: tuple[list[_Point], list[TraceEntry]] | None = None,
) -> list[QuizQuestion]:
    """Build ``count`` "what happens next?" questions from a seeded game.

    Questions favour rarely seen rules (a Last Gasp judged, an opposition defeated)
    over everyday ones, cover different rule topics, and follow the game's order.
    First come up to ``misconceptions`` questions where a tempting wrong reading of an
    open question (a switchable ruling about the asked rule) would write another
    sentence: that sentence is one of their wrong options, labelled with the reading.

    Args:
        game: the game (with its options).
        seed: the seed of the game the questions come from; the same seed gives the
            same quiz.
        count: how many questions at most (a short game may give fewer).
        choose: the players' policy ``(state, legal, rng) -> action`` (default: random).
        pool_games: how many other seeded games lend real sentences as wrong options.
        options: options per question (the correct one included), at least 2.
        misconceptions: how many questions about a tempting wrong reading to look for
            first (at most :data:`MISREADING_CHECKS` positions are tried).
        played: :func:`play_points` of the same ``game``, ``seed`` and ``choose`` when
            the caller already has it.

    Returns:
        The questions, in the order they happen in the game.

    Raises:
        ValueError: if ``count`` is negative or ``options`` is below 2.
        RuntimeError: if a generating game does not end.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    if options < 2:
        raise ValueError(f"a question needs at least 2 options, not {options}")
    points, trace = played if played is not None else play_points(game, seed, choose)
    pool: list[_Pooled] = []
    for point in points:
        for entry in point.entries:
            if entry.kind == "auto":
                pool.append(_Pooled(entry, f"what happened on turn {point.before.turn_number}"))
    pool += _other_games(game, seed, pool_games, choose)
    counts = Counter(e.rule for e in trace)

    candidates: list[tuple[float, int, int]] = []  # (score, point, entry index)
    for p, point in enumerate(points):
        for j in range(_first_index(point), len(point.entries)):
            entry = point.entries[j]
            if entry.kind != "auto":
                continue
            score = 1.0 / counts.get(entry.rule, 1) + (0.25 if entry.changes else 0.0)
            candidates.append((score, p, j))
    rng = Rng(seed + 104_729)
    rng.shuffle(candidates)  # ties fall in a seeded order
    candidates.sort(key=lambda c: -c[0])

    chosen: list[QuizQuestion] = []
    used_points: set[int] = set()
    used_topics: set[str] = set()
    disputed = {
        r for ruling in game.rulebook.rulings.values() if ruling.switchable for r in ruling.rules
    }
    tries = [c for c in candidates if points[c[1]].entries[c[2]].rule in disputed]
    found = 0
    for _, p, j in tries[:MISREADING_CHECKS]:
        if found >= min(misconceptions, count):
            break
        topic = _topic(game, points[p].entries[j].rule)
        if p in used_points or topic in used_topics or not misreadings(game, points[p], j):
            continue
        question = _build(game, points[p], j, pool, rng, options, seed)
        if question is None or not any(o.misconception for o in question.options):
            continue
        chosen.append(question)
        used_points.add(p)
        used_topics.add(topic)
        found += 1
    for _, p, j in candidates:
        if len(chosen) >= count:
            break
        point = points[p]
        entry = point.entries[j]
        topic = _topic(game, entry.rule)
        if p in used_points or topic in used_topics:
            continue
        question = _build(game, point, j, pool, rng, options, seed)
        if question is None:
            continue
        chosen.append(question)
        used_points.add(p)
        used_topics.add(topic)
    chosen.sort(key=lambda q: (q.step, q.index))
    return chosen


def _other_games(game: Game, seed: int, n: int, choose: Choose | None) -> list[_Pooled]:
    """Automatic entries of ``n`` other seeded games, to lend real wrong options."""
    pool: list[_Pooled] = []
    for k in range(1, n + 1):
        other = seed + 7919 * k
        _, trace = play_points(game, other, choose)
        source = f"what happened in another game (seed {other})"
        pool.extend(_Pooled(e, source) for e in trace if e.kind == "auto")
    return pool


def question_at(
    state: State,
    action: Action,
    index: int | None = None,
    *,
    seed: int = 0,
    pool_games: int = 2,
    options: int = 4,
) -> QuizQuestion:
    """Ask "what happens next?" at a given position (a scenario, a notebook's example).

    Args:
        state: the position (it is not changed).
        action: the legal action (or chance outcome) taken there.
        index: which of the entries the action produces is asked (default: the first
            automatic one); it must be an automatic entry.
        seed: seeds the option order and the other games lending wrong options.
        pool_games: how many seeded games lend real sentences as wrong options.
        options: options per question, the correct one included.

    Raises:
        IllegalActionError: if ``action`` is not legal at ``state``.
        ValueError: if the asked entry is not automatic, or not enough real wrong
            options exist.
    """
    produced = state.clone().apply(action)
    point = _Point(state.steps, state.clone(), action, list(produced), False)
    if index is None:
        autos = [j for j in range(_first_index(point), len(produced)) if produced[j].kind == "auto"]
        if not autos:
            raise ValueError(f"{action.label!r} produces no automatic consequence to ask about")
        index = autos[0]
    if not 0 <= index < len(produced) or produced[index].kind != "auto":
        raise ValueError(f"entry {index} of {action.label!r} is not an automatic consequence")
    pool = _other_games(state.game, seed, pool_games, None)
    question = _build(state.game, point, index, pool, Rng(seed + 104_729), options)
    if question is None:
        raise ValueError("not enough real wrong options for this question")
    return question


def _siblings(point: _Point) -> list[tuple[Action, list[TraceEntry]]]:
    """The other actions (or chance outcomes) at the point, each applied on a clone."""
    state = point.before
    if state.decision_kind() == "chance":
        others = [a for a, _ in state.chance_outcomes() if a != point.action]
    else:
        others = [a for a in state.legal_actions() if a != point.action]
    out = []
    for action in others[:MAX_SIBLINGS]:
        out.append((action, state.clone().apply(action)))
    return out


def _wording(text: str) -> str:
    """A sentence with its numbers blanked: two options alike but for numbers match."""
    return _NUMBER.sub("#", text)


def _alternative_game(game: Game, ruling: str, option: str) -> Game:
    """The same game with one ruling read another way (cached: games are immutable)."""
    rulings = {**(game.options.get("rulings") or {}), ruling: option}
    options = {**game.options, "rulings": rulings}
    key = (game.name, repr(sorted(options.items())))
    if key not in _ALTERNATIVES:
        _ALTERNATIVES[key] = load_game(game.name, **options)
    return _ALTERNATIVES[key]


_ALTERNATIVES: dict[tuple[str, str], Game] = {}

if TYPE_CHECKING:
    from typing import TypeAlias

    from tutor.analysis.quiz_legal import LegalityQuestion

    Question: TypeAlias = "QuizQuestion | LegalityQuestion"
    """A question of either kind (both have the same reading and answering interface)."""


def misreadings(game: Game, point: _Point, j: int) -> list[tuple[TraceEntry, str, str]]:
    """What the rules would write instead of entry ``j`` under a tempting wrong reading.

    For every switchable ruling about the asked rule's topic, and each of its options
    this game does not play, the position is rebuilt in the game read that way and the
    same action applied.  A different automatic sentence there is a misconception.

    Returns:
        ``(entry, "ruling=option", source)`` for each wrong reading that changes the
        asked sentence (an action the other reading forbids gives none).
    """
    produced = point.entries
    answer = produced[j]
    topic = _topic(game, answer.rule)
    playing = game.rulebook.choose_rulings(game.options.get("rulings"))
    data: dict[str, Any] | None = None
    found: list[tuple[TraceEntry, str, str]] = []
    for ruling in game.rulebook.rulings.values():
        if not ruling.switchable or topic not in {_topic(game, r) for r in ruling.rules}:
            continue
        for option, meaning in ruling.options.items():
            if option == playing[ruling.id]:
                continue
            other = _alternative_game(game, ruling.id, option)
            if data is None:
                data = point.before.to_dict()
                data["trace"] = []  # what the action writes is all that is compared
            state = other.state_from_dict(data)
            if not state.check(point.action).ok:
                continue
            entries = state.apply(point.action)
            if j >= len(entries) or entries[j].kind != "auto" or entries[j].text == answer.text:
                continue
            source = (
                f"what happens under another reading of “{ruling.question}”: {meaning.rstrip('.')}"
            )
            found.append((entries[j], f"{ruling.id}={option}", source))
    return found


def _build(
    game: Game,
    point: _Point,
    j: int,
    pool: list[_Pooled],
    rng: Rng,
    n_options: int,
    seed: int | None = None,
) -> QuizQuestion | None:
    """The question asking for ``point.entries[j]``; ``None`` without enough wrong options."""
    # Recompute on a clone: the correct answer is what the engine does now.
    produced = point.before.clone().apply(point.action)
    if j >= len(produced):
        return None
    answer = produced[j]
    happens = {e.text for e in produced}
    topic = _topic(game, answer.rule)
    tiers: list[list[tuple[str, str, str]]] = [[], [], [], [], [], []]
    for action, entries in _siblings(point):
        for e in entries:
            if e.kind != "auto" or e.text in happens:
                continue
            where = f"what happens after “{action.label}” instead"
            if e.rule == answer.rule:
                tiers[0].append((e.text, e.rule, where))
            elif _topic(game, e.rule) == topic:
                tiers[2].append((e.text, e.rule, where))
    for item in pool:
        e = item.entry
        if e.text in happens:
            continue
        if e.rule == answer.rule:
            tiers[1].append((e.text, e.rule, item.source))
        elif _topic(game, e.rule) == topic:
            tiers[3].append((e.text, e.rule, item.source))
        elif e.phase and e.phase == answer.phase:
            tiers[4].append((e.text, e.rule, item.source))
    wrong: list[tuple[str, str, str, str]] = []
    # Options that differ only in a number ("41 cards" / "42 cards") ask the learner to
    # count, not to know a rule: keep one option per wording.
    seen: set[str] = {_wording(answer.text)}
    # A tempting wrong reading of the rules is the best wrong option there is.
    misread = [(e.text, e.rule, source, which) for e, which, source in misreadings(game, point, j)]
    for text, rule, source, which in misread:
        if len(wrong) < n_options - 1 and text not in happens and _wording(text) not in seen:
            seen.add(_wording(text))
            wrong.append((text, rule, source, which))
    for tier in tiers:
        rng.shuffle(tier)
        for text, rule, source in tier:
            if len(wrong) >= n_options - 1:
                break
            if _wording(text) not in seen:
                seen.add(_wording(text))
                wrong.append((text, rule, source, ""))
    if len(wrong) < min(2, n_options - 1):
        return None
    options = [QuizOption(answer.text, answer.rule, True, "what the engine does")]
    options += [QuizOption(t, r, False, s, m) for t, r, s, m in wrong]
    rng.shuffle(options)
    index = next(i for i, o in enumerate(options) if o.correct)
    return QuizQuestion(
        state=point.before,
        action=point.action,
        intro=_intro(point),
        so_far=tuple(produced[:j]),
        options=tuple(options),
        answer=index,
        rule=answer.rule,
        rule_text=game.rulebook.describe(answer.rule),
        turn=point.before.turn_number,
        step=point.step,
        index=j,
        seed=seed,
    )


class QuizRound:
    """A quiz that asks its questions one at a time, the next one chosen by mastery.

    The candidates come from seeded games, both kinds mixed: "what happens next?"
    (:func:`make_quiz`) and "which of these may <player> do now?"
    (:func:`tutor.analysis.quiz_legal.make_legality_quiz`), alternating in the pool.
    Each next question is the candidate whose rule the learner most needs
    (:func:`tutor.analysis.mastery.next_by_mastery`: answered wrongly last time first,
    then never seen, then by right answers in a row), and every answer is recorded per
    rule id in ``progress``.  When
    the progress store fails, the round goes on recording in memory only and says why
    in :attr:`notice`.

    Args:
        game: the game (with its options).
        seed: the seed of the first game the candidates come from.
        count: how many questions the round asks.
        progress: where answers go: a :class:`~tutor.analysis.mastery.MasteryStore`, a
            :class:`~tutor.analysis.mastery.MemoryProgress`, or ``None`` for a
            memory-only round.
        candidates: how many candidate questions to draw (default: two per question, at
            least three more than ``count``), half of them of each kind where the game
            gives them, from the game of ``seed`` and, when it gives too few, the next
            seeds' games.

    Raises:
        ValueError: if ``count`` is negative.
    """

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        count: int = 5,
        progress: Any = None,
        candidates: int | None = None,
    ) -> None:
        from tutor.analysis.mastery import MemoryProgress

        if count < 0:
            raise ValueError(f"count must be 0 or more, not {count}")
        self.game = game
        self.seed = seed
        self.count = count
        self.progress = progress if progress is not None else MemoryProgress()
        wanted = candidates if candidates is not None else max(count + 3, 2 * count)
        self.pool: list[Question] = []
        for extra in range(3):
            if len(self.pool) >= wanted or not count:
                break
            self.pool += _mixed(game, seed + extra, wanted - len(self.pool))
        self.asked: list[int] = []
        """Indices into :attr:`pool`, in the order the questions were asked."""
        self.answers: dict[int, int] = {}
        """The option picked, by the question's position in :attr:`asked`."""

    @property
    def notice(self) -> str:
        """Why answers are not saved (empty when they are)."""
        return str(getattr(self.progress, "reason", "") or "")

    @property
    def questions(self) -> list[Question]:
        """The questions asked so far, in order."""
        return [self.pool[i] for i in self.asked]

    def mastery(self) -> dict[str, Any]:
        """Each rule's mastery in this game, from the progress store."""
        return dict(self._use(lambda p: p.mastery(self.game.name)))

    def next_question(self) -> Question | None:
        """Pick the next question by mastery and ask it (``None`` when the round is over)."""
        from tutor.analysis.mastery import next_by_mastery, priority

        if len(self.asked) >= self.count:
            return None
        tempting = [k for k, q in enumerate(self.pool) if any(o.misconception for o in q.options)]
        mastery = self.mastery()

        def needed(q: Question) -> str:
            # A question counts as about the rule among those its answers are recorded
            # under ("may do": the legal action's and each wrong option's) that the
            # learner most needs.
            return min(q.rules, key=lambda r: priority(mastery.get(r)))

        i = next_by_mastery([needed(q) for q in self.pool], mastery, self.asked, tempting)
        if i is None:
            return None
        self.asked.append(i)
        return self.pool[i]

    def answer(self, choice: int) -> Feedback:
        """Judge the pick for the latest question and record it per rule id.

        The rule recorded is the feedback's: the asked rule of a "what happens next?"
        question; for "which of these may ... do now?", the rule of the legal action
        when it was picked, else the rule the picked action breaks.

        Raises:
            IndexError: if no question was asked or ``choice`` is not an option index.
            ValueError: if the latest question was already answered.
        """
        from tutor.analysis.mastery import Answer

        if not self.asked:
            raise IndexError("no question has been asked yet")
        position = len(self.asked) - 1
        if position in self.answers:
            raise ValueError("this question was already answered")
        q = self.pool[self.asked[position]]
        result = q.check(choice)
        self.answers[position] = choice
        rule = self.game.rulebook.rules.get(result.rule)
        answer = Answer(
            game=self.game.name,
            rule=result.rule,
            topic=str(rule.topic) if rule is not None else "",
            correct=result.correct,
            picked=q.options[choice].text,
            misconception=result.misconception,
            question=q.key,
            answered_at=time.time(),
        )
        self._use(lambda p: p.record(answer), answer)
        return result

    def _use(self, work: Callable[[Any], Any], answer: Any = None) -> Any:
        """Use the progress store; if it fails, go on in memory and keep the reason."""
        from tutor.analysis.mastery import MemoryProgress
        from tutor.core.errors import ProgressStoreError

        try:
            return work(self.progress)
        except ProgressStoreError as exc:
            self.progress = MemoryProgress(getattr(self.progress, "learner", "me"), str(exc))
            return work(self.progress)


def _mixed(game: Game, seed: int, wanted: int) -> list[Question]:
    """Up to ``wanted`` questions of both kinds from the game of ``seed``, alternating.

    Half (rounded up) are "what happens next?" where the game gives them; "which of
    these may ... do now?" questions make up the rest.
    """
    from tutor.analysis.quiz_legal import make_legality_quiz

    played = play_points(game, seed)
    nexts: list[Question] = list(make_quiz(game, seed, wanted - wanted // 2, played=played))
    legal: list[Question] = list(
        make_legality_quiz(game, seed, wanted - len(nexts), points=played[0])
    )
    mixed: list[Question] = []
    for k in range(max(len(nexts), len(legal))):
        mixed += nexts[k : k + 1] + legal[k : k + 1]
    return mixed


def quiz_summary(questions: Sequence[Question]) -> list[dict[str, Any]]:
    """A JSON-ready list describing each question (kind, prompt, options, answer, rule)."""
    return [
        {
            "kind": q.kind,
            "turn": q.turn,
            "prompt": q.prompt,
            "so_far": [e.text for e in q.so_far],
            "options": [o.text for o in q.options],
            "answer": q.answer,
            "rule": q.rule,
        }
        for q in questions
    ]


__all__ = [
    "Feedback",
    "QuizOption",
    "QuizQuestion",
    "QuizRound",
    "make_quiz",
    "misreadings",
    "play_points",
    "question_at",
    "quiz_summary",
]
