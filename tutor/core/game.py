"""The game-agnostic engine API: Game, State and the registry of games.

Shaped after OpenSpiel: a ``Game`` holds the immutable rules and data, a ``State`` is
plain data plus a seeded RNG that moves through decisions and explicit chance steps,
and ``view(player)`` is the observer that hides what a player may not see.  Each game
package subclasses these two classes; tools (sessions, bots, trees, widgets) only use
the methods defined here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from tutor.core.errors import IllegalActionError, OptionError
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook
from tutor.core.spec import GameSpec, game_specs, spec_for
from tutor.core.types import CHANCE, Action, Decision, Outcome, Rejection, TraceEntry, Verdict


def registered_games() -> list[str]:
    """Return the names of every known game, sorted (see :mod:`tutor.core.spec`)."""
    return list(game_specs())


def game_class(name: str) -> type[Game]:
    """Return the Game subclass of the game called ``name`` (imports its engine).

    Raises:
        UnknownGameError: if no game has that name.
    """
    cls: type[Game] = spec_for(name).game_class()
    return cls


def load_game(name: str, /, **options: Any) -> Game:
    """Load a game with options (players, modules, rulings, data files ...).

    The options are checked against the game's ``options_schema`` and its spec's
    player counts and module combinations before the game is built.

    Raises:
        UnknownGameError: if no game has that name.
        OptionError: if an option is unknown or invalid, naming it.
        RulesetError: if the game's data files are broken.
    """
    spec = spec_for(name)
    cls: type[Game] = spec.game_class()
    from tutor.core.validation import check_schema, check_tree

    check_tree(options, name, _option_error)
    check_schema(options, cls.options_schema, name, _option_error)
    players = options.get("players", spec.default_players or spec.players[0])
    spec.check_players_and_modules(players, options.get("modules") or ())
    return cls(**options)


def _option_error(game: str, where: str, expected: str, found: str) -> OptionError:
    if where == "top level":
        return OptionError(f"{game} options: expected {expected}, found {found}")
    return OptionError(f"{game} option {where}: expected {expected}, found {found}")


def path_options(cls: type[Game]) -> list[str]:
    """The game's options that name a file or folder (``"format": "path"`` in its schema).

    Such an option in a scenario file is read from the scenario's folder, and saved
    files name it in full, so they load from any working folder.
    """
    properties = cls.options_schema.get("properties", {})
    return [key for key, schema in properties.items() if schema.get("format") == "path"]


def options_with_full_paths(game: Game) -> dict[str, Any]:
    """A copy of ``game.options`` with each file or folder option as an absolute path."""
    options = dict(game.options)
    for key in path_options(type(game)):
        if key in options:
            options[key] = str(Path(options[key]).expanduser().resolve())
    return options


class Game(ABC):
    """The rules and data of one game with fixed options; immutable once built.

    Attributes:
        spec: the game's :class:`~tutor.core.spec.GameSpec` (name, title, players ...).
        options_schema: a JSON Schema for the mapping of options ``load_game`` passes
            to the constructor; options are checked against it first, so a wrong type
            is named (``option names: expected a list ...``) rather than failing deep
            inside.  The default allows only ``players`` and ``modules``.
        setup_schema: a JSON Schema for a scenario's ``setup`` mapping: the shape of
            the game's setup keys, checked before :meth:`apply_setup` (which then
            checks what a schema cannot: card names, counts, the position's sense).
            ``None``: ``apply_setup`` checks everything itself.
        state_schema: (a property, since it may depend on the game's data, e.g. how
            many cards its deck has) a JSON Schema for :meth:`State.to_dict` output:
            every field's type and range.  A saved session's states are checked
            against it before :meth:`state_from_dict`, then the game's invariants run
            on the rebuilt state (:func:`tutor.core.validation.load_state`).
            ``None``: ``state_from_dict`` checks everything itself.
    """

    spec: ClassVar[GameSpec]
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer"},
            "modules": {"type": "array", "items": {"type": "string"}},
        },
    }
    setup_schema: ClassVar[dict[str, Any] | None] = None

    def __init__(self, rulebook: RuleBook, options: dict[str, Any], num_players: int) -> None:
        self.rulebook = rulebook
        self.options = options
        self.num_players = num_players

    @property
    def name(self) -> str:
        """The game's id (from its spec)."""
        return self.spec.name

    @property
    def title(self) -> str:
        """The game's name for people (from its spec)."""
        return self.spec.title

    @abstractmethod
    def new_state(self, seed: int | None = None, tracing: bool = True) -> State:
        """Return the state after setup, ready for the first decision.

        Args:
            seed: the RNG seed; the same seed and options give the same game.
            tracing: keep the explanation trace; off for bulk simulation, where the
                game must play exactly as it does with the trace on.
        """

    @property
    def state_schema(self) -> dict[str, Any] | None:
        """A JSON Schema for this game's saved state (see the class docs); games override."""
        return None

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict` output.

        Saved files come through :func:`tutor.core.validation.load_state`, which
        checks :attr:`state_schema` first; this checks what a schema cannot.

        Raises:
            SessionFileError: if the data is not a valid state of this game; its
                ``where`` is the key path inside the state (``stack[2][1]``).
        """

    def apply_setup(self, state: State, setup: dict[str, Any]) -> None:
        """Apply a scenario's ``setup`` overrides to a fresh state.

        The shape is checked against :attr:`setup_schema` first; the game's
        :meth:`_apply_setup` then checks the meaning (names, counts) and applies it.

        Raises:
            ScenarioError: naming the setup key path that cannot be applied.
        """
        from tutor.core.errors import ScenarioError
        from tutor.core.validation import check_schema, check_tree

        check_tree(setup, "", ScenarioError.at, "setup")
        if self.setup_schema is not None:
            check_schema(setup, self.setup_schema, "", ScenarioError.at, "setup")
        self._apply_setup(state, setup)

    def _apply_setup(self, state: State, setup: dict[str, Any]) -> None:
        """Apply setup keys already checked against :attr:`setup_schema` (games override).

        Raises:
            ScenarioError: naming the setup key path that cannot be applied.
        """
        from tutor.core.errors import ScenarioError

        if setup:
            raise ScenarioError("setup", f"{self.name} has no scenario setup keys")

    def describe_rule(self, rule_id: str) -> str:
        """Return the rule's citation and summary for people."""
        return self.rulebook.describe(rule_id)

    @classmethod
    def implemented_rules(cls) -> set[str]:
        """Return the rule ids the game's engine code cites (for ``tutor rules --coverage``).

        The default reads every ``.py`` file in the folder of the module that defines
        the game class (its package) and collects the quoted rule ids with the spec's
        prefix (``"nim.2.1"``), the ids its trace entries and verdicts cite.  Games add
        the rules they follow without citing them (by their data model) in an override.
        """
        import inspect
        from pathlib import Path

        from tutor.core.rules import cited_rule_ids

        if getattr(cls, "spec", None) is None:  # the abstract base: no game, no citations
            return set()
        folder = Path(inspect.getfile(cls)).parent
        return cited_rule_ids(folder, cls.spec.rule_prefix)

    # ---- conformance hooks (tests/test_conformance.py runs them for every game) ---------
    def check_invariants(self, state: State, before: State | None = None) -> list[str]:
        """Return a sentence for every invariant ``state`` breaks (empty when all hold).

        Games override this with their conservation laws: every card in exactly one
        place, counters within their limits, and so on.  When ``before`` (the state one
        action earlier) is given, rules about that single step are checked too.
        """
        return []

    def hidden_variants(self, state: State, player: int) -> list[tuple[str, State]]:
        """Return ``(what changed, copy)`` pairs differing only in what ``player`` can't see.

        A game with hidden information returns copies of ``state`` whose hidden parts
        (another player's hand or role, face-down cards) were changed;
        ``copy.view(player)`` must then equal ``state.view(player)``.  The default
        (a game without hidden information) returns none.
        """
        return []

    def determinize(self, state: State, player: int, rng: Rng) -> State:
        """Return a copy of ``state`` whose hidden information is sampled again.

        Everything ``player`` cannot see (the others' hands and roles, face-down cards,
        the order of the decks) is dealt again with ``rng``, consistently with what
        ``player`` sees, so a bot can plan in worlds it cannot tell from the real one
        without peeking.  The copy must depend only on ``player``'s view and ``rng``:
        two states that differ only in hidden information give the same copy.

        Raises:
            NotImplementedError: in the base class: a game with hidden information must
                provide it (returning the state itself would let a bot cheat).
        """
        raise NotImplementedError(
            f"{self.name or type(self).__name__} has no determinize hook, so bots cannot "
            "sample its hidden information"
        )


Chooser = Callable[["State", Sequence[Action], Rng], Action]
"""A bot as bulk play calls it: ``(state, legal actions, rng) -> one of the legal actions``."""


class ListedOnDemand(Sequence[Action]):
    """A state's legal actions, listed the first time they are read.

    :meth:`State.play_out` without ``count_options`` passes this to bots, so a bot that
    never reads them (the random player, which draws in steps) costs no full listing.
    Valid only until the state changes.
    """

    __slots__ = ("_legal", "_state")

    def __init__(self, state: State) -> None:
        self._state = state
        self._legal: list[Action] | None = None

    def _listed(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return self._legal

    def __len__(self) -> int:
        return len(self._listed())

    def __getitem__(self, index: Any) -> Any:
        return self._listed()[index]


@dataclass(frozen=True)
class PlayStats:
    """What :meth:`State.play_out` saw on its way.

    Attributes:
        finished: the game reached its end.
        cut: play stopped because ``max_turns`` turns had passed (not finished).
        steps: actions applied by this play-out (chance outcomes included).
        decisions: player decisions met (forced ones included), or ``None`` when a
            random play-out without bots or observer ran, which counts nothing.
        options: legal actions summed over those decisions (``None`` likewise); the
            mean branching factor is ``options / decisions``.
        first_player: the player of the first decision met (``None`` if there was none
            or nothing was counted).
    """

    finished: bool
    cut: bool
    steps: int
    decisions: int | None
    options: int | None
    first_player: int | None


class StepLimitReached(RuntimeError):
    """A play-out made ``max_steps`` actions without the game ending.

    Attributes:
        stats: what :meth:`State.play_out` had counted by then (``None`` when a game's
            own fast loop gave up).
    """

    def __init__(self, message: str, stats: PlayStats | None = None) -> None:
        super().__init__(message)
        self.stats = stats


class State(ABC):
    """A point in a game: plain data, a seeded RNG and the trace of what happened.

    Subclasses implement the ``_``-prefixed hooks; the public methods here add the
    guarantees every game shares: ``apply`` checks first and leaves an illegal
    action's state untouched, ``check`` never raises, the trace can be switched off.
    """

    game: Game
    rng: Rng
    trace: list[TraceEntry]
    tracing: bool
    steps: int

    # ---- hooks for game packages -------------------------------------------------
    @property
    @abstractmethod
    def decision(self) -> Decision:
        """Who decides now and what kind of choice (or chance, or terminal)."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action now (choices, or chance outcomes), sorted."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action and advance through automatic steps."""

    @abstractmethod
    def _explain_illegal(self, action: Action) -> Verdict:
        """Say why an action that is not legal now is illegal."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance step: every outcome with its probability (empty otherwise)."""

    @abstractmethod
    def clone(self) -> State:
        """Return an independent copy (hand-written, never ``copy.deepcopy``)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict that :meth:`Game.state_from_dict` rebuilds exactly."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: the omniscient tutor's view)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Who won, lost or tied, how and why; ``None`` while the game goes on."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-player result: 1 win, 0 tie, -1 loss (zeros while not terminal)."""

    # ---- shared behaviour -------------------------------------------------------
    @property
    def turn_number(self) -> int:
        """The current turn's number (games override this with a cheap field)."""
        return int(self.view(None).get("turn", 0))

    def decision_kind(self) -> str:
        """``"choice"``, ``"chance"`` or ``"terminal"``; cheaper than building ``decision``."""
        return self.decision.kind

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.decision.kind == "terminal"

    def legal_actions(self) -> list[Action]:
        """Every legal action now, sorted (empty when terminal)."""
        return self._legal_actions()

    def random_action(self, rng: Rng) -> Action:
        """The random player's choice at a player decision.

        By default ``legal[rng.below(len(legal))]``: uniform over :meth:`legal_actions`.
        A game with many actions that are costly to list may override it to choose in
        steps (what to act with, then how: Mentis picks a tile, then one of its moves),
        listing only what the chosen step needs.  Every random play-out draws with it:
        :meth:`play_out`, :func:`random_playout`, the ``random`` bot and the golden
        traces.

        Raises:
            ValueError: if no action is legal (a default game at its end).
        """
        legal = self._legal_actions()
        return legal[rng.below(len(legal))]

    def forced_action(self) -> Action | None:
        """The only legal action when the player to decide has exactly one, else ``None``.

        By default read off :meth:`legal_actions`.  A game that chooses in steps may
        answer without listing every action (Mentis: one source with one action), so
        bots are spared forced choices without the cost of a full listing.
        """
        legal = self._legal_actions()
        return legal[0] if len(legal) == 1 else None

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        """Play to the end with random choices (the hook behind :meth:`play_out`).

        Every choice is ``random_action(rng)`` and every chance step
        ``sample_chance(rng)``.  A game may override this with a faster loop that makes
        exactly the same draws; the conformance suite checks that both agree.

        Raises:
            RuntimeError: if the game has not ended after ``max_steps`` actions.
        """
        for _ in range(max_steps):
            kind = self.decision_kind()
            if kind == "terminal":
                return
            if kind == "chance":
                self._apply(self.sample_chance(rng))
                continue
            self._apply(self.random_action(rng))
        raise StepLimitReached(f"game did not end within {max_steps} steps")

    # ---- the public fast path for bulk play (simulation, bots, trees, the CLI) ------
    def apply_legal(self, action: Action) -> None:
        """Apply an action taken from this very state's legal actions, unchecked.

        The fast path of bulk play: an action picked from :meth:`legal_actions` (or a
        chance outcome from :meth:`sample_chance` / :meth:`chance_outcomes`) of this
        state is known to be legal, so the check :meth:`apply` repeats is skipped and no
        trace slice is returned.  Anything else must go through :meth:`apply`: an action
        that is not legal here leaves the state undefined.

        Args:
            action: one of ``self.legal_actions()`` (or a chance outcome now).
        """
        self._apply(action)

    def play_out(
        self,
        rng: Rng,
        max_steps: int = 100_000,
        policies: Sequence[Chooser | None] | None = None,
        *,
        max_turns: int | None = None,
        observe: Callable[[State], None] | None = None,
        count_options: bool = True,
    ) -> PlayStats:
        """Play on from here (in place) until the game ends or ``max_turns`` have passed.

        Chance steps are drawn with ``sample_chance(rng)``.  Player choices:

        * ``policies=None``: the plain random play-out.  Every choice, forced ones
          included, is :meth:`random_action` (by default ``legal[rng.below(len(legal))]``),
          the draws of :func:`random_playout` and the golden traces.  Without
          ``max_turns`` and ``observe`` this runs the game's own fast loop (its
          ``_random_playout`` hook); without ``observe`` nothing is counted either
          (``decisions``, ``options`` and ``first_player`` are ``None``), so a game that
          chooses in steps never lists every legal action.
        * ``policies=[...]``: one entry per player: a :data:`Chooser` called as
          ``policy(state, legal, rng)``, or ``None`` for the random bot
          (:meth:`random_action`).  Like every bot, they are not asked about forced
          choices (a single legal action), and no draw is made for those.

        Args:
            rng: the generator for the choices and the chance outcomes.
            max_steps: safety bound on the number of actions.
            policies: ``None``, or one policy (or ``None``) per player.
            max_turns: stop (``cut``) once the turn number exceeds the turn number at
                the start plus ``max_turns``; ``None`` plays to the end.
            observe: called with the state at every player decision, before the
                choice is made (it may only read the state).
            count_options: count the legal actions of every decision (``options``, the
                branching factor).  ``False`` skips that count, so a game whose full
                listing is costly (Mentis) lists its actions only when a bot reads them:
                ``legal`` is then listed on demand, a forced choice is found with
                :meth:`forced_action`, ``options`` is ``None``, and the games are the
                same as with counting.

        Returns:
            A :class:`PlayStats` saying whether the game finished and what was met.

        Raises:
            StepLimitReached: if the game has neither ended nor been cut after
                ``max_steps`` actions (a ``RuntimeError``; a game's own fast loop may
                raise a plain ``RuntimeError``).
            ValueError: if ``policies`` does not hold one entry per player.
        """
        start_steps = self.steps
        if policies is None and observe is None:
            if max_turns is None:
                self._random_playout(rng, max_steps)
                return PlayStats(True, False, self.steps - start_steps, None, None, None)
            return self._random_turns(rng, max_steps, self.turn_number + max_turns)
        bots: Sequence[Chooser | None] | None = policies
        if bots is not None and len(bots) != self.game.num_players:
            raise ValueError(
                f"{self.game.num_players} players need {self.game.num_players} policies, "
                f"got {len(bots)}"
            )
        last_turn = None if max_turns is None else self.turn_number + max_turns
        kind_now, sample, apply = self.decision_kind, self.sample_chance, self._apply
        legal_now, choose_randomly = self._legal_actions, self.random_action
        decisions = options = 0
        first: int | None = None

        def counted(total: int) -> int | None:
            return total if count_options else None

        for _ in range(max_steps):
            kind = kind_now()
            if kind == "terminal":
                done = self.steps - start_steps
                return PlayStats(True, False, done, decisions, counted(options), first)
            if last_turn is not None and self.turn_number > last_turn:
                done = self.steps - start_steps
                return PlayStats(False, True, done, decisions, counted(options), first)
            if kind == "chance":
                apply(sample(rng))
                continue
            if observe is not None:
                observe(self)
            decisions += 1
            forced: Action | None = None
            legal: Sequence[Action]
            if count_options:
                legal = legal_now()
                player = legal[0].player
                options += len(legal)
                if len(legal) == 1:
                    forced = legal[0]
            else:
                legal = ListedOnDemand(self)
                who = self.decision.player
                if who is None:
                    raise RuntimeError(f"{kind!r} decision without a player to decide")
                player = who
                if bots is not None:
                    forced = self.forced_action()
            if first is None:
                first = player
            if bots is None:
                action = choose_randomly(rng)
            elif forced is not None:
                action = forced
            else:
                bot = bots[player]
                action = choose_randomly(rng) if bot is None else bot(self, legal, rng)
            apply(action)
        stats = PlayStats(
            False, False, self.steps - start_steps, decisions, counted(options), first
        )
        raise StepLimitReached(f"game did not end within {max_steps} steps", stats)

    def _random_turns(self, rng: Rng, max_steps: int, last_turn: int) -> PlayStats:
        """:meth:`play_out`'s random play until ``last_turn`` is over, counting nothing.

        Like :meth:`_random_playout`, a game may override it with a faster loop that
        makes exactly the same draws (Mentis does).

        Raises:
            StepLimitReached: if neither the end nor the cut came within ``max_steps``.
        """
        start_steps = self.steps
        for _ in range(max_steps):
            kind = self.decision_kind()
            if kind == "terminal":
                return PlayStats(True, False, self.steps - start_steps, None, None, None)
            if self.turn_number > last_turn:
                return PlayStats(False, True, self.steps - start_steps, None, None, None)
            self._apply(self.sample_chance(rng) if kind == "chance" else self.random_action(rng))
        stats = PlayStats(False, False, self.steps - start_steps, None, None, None)
        raise StepLimitReached(f"game did not end within {max_steps} steps", stats)

    def _equivalent(self, action: Action, legal: list[Action]) -> Action | None:
        """The legal action that does the same as ``action``, if any.

        Games where identical copies exist (two Bullet cards) offer one of them; they
        override this so naming the other copy is accepted as the same choice.

        Args:
            action: a well-formed action (see :meth:`malformed`) that is not itself legal.
            legal: the legal actions of the same form: the same player and kind, and
                arguments of the same count and types, so the hook never meets a value
                of a type its own actions do not have.
        """
        return None

    def malformed(self, action: object) -> str:
        """Why ``action`` is not a well-formed action of this game at all (empty if it is).

        Well-formed means: an :class:`Action` whose player is a player index of this
        game (or ``CHANCE``), whose kind and label are strings and whose args are a
        tuple of numbers, strings, ``None`` and such tuples.  This is checked before
        any of the game's own code looks at the action, so a compiled engine (which
        relies on these types) and its Python source refuse garbage the same way.
        """
        if not isinstance(action, Action):
            return f"a {type(action).__name__} is not an action"
        player, kind, args = action.player, action.kind, action.args
        if not isinstance(player, int) or isinstance(player, bool):
            return f"the player must be a player number, not a {type(player).__name__}"
        if player != CHANCE and not 0 <= player < self.game.num_players:
            return f"there is no player {player} in a {self.game.num_players}-player game"
        if not isinstance(kind, str):
            return f"the kind of action must be a word, not a {type(kind).__name__}"
        if not isinstance(action.label, str):
            return f"the label must be text, not a {type(action.label).__name__}"
        if not isinstance(args, tuple):
            return f"the arguments must be a tuple, not a {type(args).__name__}"
        bad = _bad_arg(args, 0)
        if bad is not None:
            return (
                "the arguments may hold only numbers, text, None and tuples of these, "
                f"not a {type(bad).__name__}"
            )
        return ""

    def _decision_rule(self) -> str | None:
        try:
            return self.decision.rule or None
        except Exception:  # a verdict about garbage must not fail on a broken state
            return None

    def _as_legal(self, action: Action) -> Action | None:
        """The engine's own copy of ``action`` if it is legal (or an equivalent), else None.

        Garbage is refused before the game's code sees it: a malformed action is never
        compared further, and the game's :meth:`_equivalent` is only asked about an
        action with the form of one of the legal actions.
        """
        if self.malformed(action):
            return None
        legal = self._legal_actions()
        try:
            return legal[legal.index(action)]
        except ValueError:
            pass
        same_form = [
            a
            for a in legal
            if a.player == action.player
            and a.kind == action.kind
            and _same_form(a.args, action.args)
        ]
        if not same_form:
            return None
        return self._equivalent(action, same_form)

    def check(self, action: Action) -> Verdict:
        """Say whether ``action`` is legal now, and if not why; never raises.

        A value that is not a well-formed action (:meth:`malformed`) gets a
        ``Rejection.MALFORMED`` verdict citing the rule of the decision at hand; any
        other illegal action is explained by the game.
        """
        try:
            problem = self.malformed(action)
            if problem:
                return Verdict(False, problem, self._decision_rule(), Rejection.MALFORMED)
            if self._as_legal(action) is not None:
                return Verdict(True)
            return self._explain_illegal(action)
        except Exception as exc:  # check must never raise, even on odd input
            return Verdict(
                False,
                f"cannot judge this action: {exc}",
                self._decision_rule(),
                Rejection.MALFORMED,
            )

    def apply(self, action: Action) -> list[TraceEntry]:
        """Apply a legal action; return the trace entries it produced.

        Raises:
            IllegalActionError: with the reason and rule; the state is not changed.
        """
        legal_action = self._as_legal(action)
        if legal_action is None:
            verdict = self.check(action)  # never raises, even for a value that is no Action
            raise IllegalActionError.from_verdict(action, verdict)
        # Use the engine's own copy so the stored label is always the canonical one.
        action = legal_action
        start = len(self.trace)
        self._apply(action)
        return self.trace[start:]

    def positions_during(self, action: Action) -> list[State] | None:
        """The position right after each trace entry that applying ``action`` writes.

        A single action can write many entries (a decision, then every automatic step
        up to the next one); a tutor revealing them one at a time must draw the
        position each entry describes, not the end result.  This applies ``action`` to
        a clone of this state, which is left untouched, and snapshots the clone each
        time an entry is appended to its trace.  An engine writes an entry after the
        change it describes, so snapshot ``k`` shows that change and none after it.

        A snapshot is a position caught while the rules resolve the action: its
        ``decision`` must answer (``Decision("resolving", ...)`` where nobody decides)
        so that it can be drawn.  Compiled code appends through the list's C API and
        would skip the recorder: an engine appends with ``append`` looked up on the
        trace object when the trace is not a plain list (see Mantis Falls' ``_log``).

        Returns:
            One state per entry written, in order (the last equals the state after the
            action), or ``None`` when the entries could not be observed.

        Raises:
            IllegalActionError: if ``action`` is not legal here.
        """
        replay = self.clone()
        start = len(replay.trace)
        recorder = _PositionRecorder(replay)
        replay.trace = recorder
        replay.apply(action)
        positions = recorder.positions
        if len(positions) != len(replay.trace) - start:
            return None
        return positions

    def action_by_label(self, label: str) -> Action:
        """Return the legal action whose label is ``label`` (case-insensitive).

        Raises:
            IllegalActionError: if no legal action has that label, listing the legal ones.
        """
        wanted = label.strip().lower()
        legal = self._legal_actions()
        for action in legal:
            if action.label.lower() == wanted:
                return action
        options = "; ".join(a.label for a in legal[:12])
        more = " ..." if len(legal) > 12 else ""
        raise IllegalActionError(
            Action(self.decision.player or 0, "unknown", (), label),
            f"no legal action is labelled {label!r}; legal now: {options}{more}",
            self.decision.rule,
            Rejection.UNKNOWN_LABEL,
        )

    def sample_chance(self, rng: Rng | None = None) -> Action:
        """Pick a chance outcome with its probability using ``rng`` (default: the state's).

        Raises:
            ValueError: if the state is not at a chance step.
        """
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise ValueError("sample_chance called when the next step is not chance")
        r = (rng or self.rng).random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def tempting_actions(self) -> list[tuple[Action, Verdict]]:
        """Plausible but illegal actions now, each with the verdict saying why.

        Tutorials show them disabled, so a learner sees what the rules forbid.  Games
        override this; the default offers none.
        """
        return []

    def player_names(self) -> list[str]:
        """The players' names for people, in seat order.

        Read from the omniscient view's ``players`` entries (their ``name``) when the
        game's view has them; otherwise ``Player 1``, ``Player 2`` ...
        """
        players = self.view(None).get("players")
        n = self.game.num_players
        names = [f"Player {p + 1}" for p in range(n)]
        if isinstance(players, list):
            for p, entry in enumerate(players[:n]):
                if isinstance(entry, dict) and entry.get("name") is not None:
                    names[p] = str(entry["name"])
        return names

    # ---- notebook display (the game's picture hook, else a dump of the view) -------
    def _repr_svg_(self) -> str | None:
        """The omniscient picture as SVG, when the game's picture is SVG (Jupyter)."""
        from tutor.render.picture import state_svg

        return state_svg(self)

    def _repr_html_(self) -> str:
        """The omniscient picture as HTML, or a readable dump of the view (Jupyter)."""
        from tutor.render.picture import state_html

        return state_html(self)

    def trace_for(self, player: int | None) -> list[str]:
        """The trace as ``player`` may read it (lines they may not see are left out).

        Each line cites the rule that player is shown (see :mod:`tutor.core.visibility`).
        """
        from tutor.core.visibility import shown_lines

        return shown_lines(self.trace, player)

    def decision_for(self, player: int | None) -> Decision:
        """The pending decision as ``player`` is shown it.

        The deciding player (and the tutor, ``None``) sees the real prompt and rule;
        when the game marks the decision private, everyone else sees its public form
        (see :func:`tutor.core.visibility.shown_decision`).
        """
        from tutor.core.visibility import shown_decision

        return shown_decision(self.decision, player)

    def choices_for(self, player: int | None) -> list[Action]:
        """The legal actions ``player`` may see: all of them for the deciding player and
        the tutor, none for anyone else (their labels can name hidden cards)."""
        from tutor.core.visibility import may_see_choices

        return self._legal_actions() if may_see_choices(self.decision, player) else []


_ARG_SCALARS = (int, float, str)
_ARG_DEPTH = 8
"""How deeply action arguments may nest (no game needs more than a tuple in a tuple)."""


def _bad_arg(value: object, depth: int) -> object | None:
    """The first value inside ``value`` that an action argument may not hold, or None."""
    if isinstance(value, tuple):
        if depth >= _ARG_DEPTH:
            return value
        for item in value:
            bad = _bad_arg(item, depth + 1)
            if bad is not None:
                return bad
        return None
    return None if value is None or isinstance(value, _ARG_SCALARS) else value


def _same_form(a: object, b: object) -> bool:
    """Whether two argument values have the same types, tuple by tuple (not the same values)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same_form(x, y) for x, y in zip(a, b, strict=True))
    return True


def random_playout(
    state: State,
    rng: Rng,
    max_steps: int = 100_000,
    choose: Callable[[State, Sequence[Action], Rng], Action] | None = None,
) -> State:
    """Play ``state`` to the end with uniformly random choices (in place).

    The random play-out of :meth:`State.play_out` (the game's fast loop); with
    ``choose``, every player decision, forced ones included, is ``choose``'s.

    Args:
        state: the state to advance; it is modified.
        rng: the generator for choices and chance outcomes.
        max_steps: safety bound on the number of actions.
        choose: optional policy ``(state, legal, rng) -> action`` for player choices.

    Raises:
        RuntimeError: if the game has not ended after ``max_steps`` actions.
    """
    if choose is None:
        state.play_out(rng, max_steps)
        return state
    for _ in range(max_steps):
        kind = state.decision_kind()
        if kind == "terminal":
            return state
        if kind == "chance":
            state.apply_legal(state.sample_chance(rng))
            continue
        state.apply_legal(choose(state, state.legal_actions(), rng))
    raise RuntimeError(f"game did not end within {max_steps} steps")


class _PositionRecorder(list[TraceEntry]):
    """A trace list that snapshots its state each time an entry is appended."""

    def __init__(self, state: State) -> None:
        super().__init__(state.trace)
        self.state = state
        self.positions: list[State] = []

    def append(self, entry: TraceEntry) -> None:
        super().append(entry)
        snapshot = self.state.clone()
        snapshot.trace = list(snapshot.trace)  # a plain list: the snapshot records nothing
        self.positions.append(snapshot)


RESOLVING_PROMPT = "The rules are being carried out."
"""The prompt of a position caught while the rules resolve an action."""


__all__ = [
    "CHANCE",
    "Game",
    "Chooser",
    "PlayStats",
    "State",
    "StepLimitReached",
    "game_class",
    "load_game",
    "random_playout",
    "registered_games",
]
