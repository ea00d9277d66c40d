"""Bots (policies) that play games for simulations, with names and one-line descriptions.

A policy is a callable ``choose(state, legal, rng) -> Action`` used at a player's
decision.  It may only use what the deciding player could know: ``state.view(player)``,
the legal actions, the game's public rules and card data (``state.game``), and its
own memory of earlier views.  It never reads the omniscient state (the other hand,
the hidden role, the shuffled decks), so a bot cannot cheat in a simulation.

Every game has ``"random"``; every game whose hidden information can be sampled
(``Game.determinize``; or that has none) has ``"montecarlo"``; a game adds its own bots
through its spec's ``bots`` hook (a mapping ``name -> factory``), and bots can be added
at run time with :func:`register_policy`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tutor.core.rng import Rng
from tutor.core.types import Action

# ======================================================================================
# The policy protocol and the random bot
# ======================================================================================


class Policy:
    """Base class of bots: a name, a one-line description and a ``__call__`` choice.

    Subclasses implement :meth:`__call__`.  Bots that remember earlier views (for example
    to grow suspicion) clear that memory in :meth:`reset`, which the simulator calls at
    the start of every game.
    """

    name = "policy"
    description = ""

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        """Choose one of ``legal`` for the deciding player.

        Raises:
            NotImplementedError: in the base class.
        """
        raise NotImplementedError

    def reset(self) -> None:
        """Forget anything remembered from a previous game."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {self.description}>"


class RandomPolicy(Policy):
    """The game's random player (``state.random_action``), the baseline every game has.

    Uniform among the legal actions unless the game chooses in steps (Mentis: a tile,
    then one of its moves); ``legal`` is the state's own legal actions, as bulk play
    passes them, so the draw is the one :meth:`State.play_out` makes for ``None``.
    """

    name = "random"
    description = "Picks uniformly at random among the legal actions."

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        return state.random_action(rng)


# ======================================================================================
# Monte-Carlo lookahead (any game with a determinize hook)
# ======================================================================================


class MonteCarloPolicy(Policy):
    """Try every choice in sampled worlds and keep the one with the best mean result.

    For each decision the bot samples ``rollouts`` worlds with
    ``state.game.determinize(state, me, rng)``: copies of the position in which
    everything it cannot see (the other hand and role, the decks, face-down cards) is
    dealt again consistently with its own view.  In every world it makes each legal
    choice in turn and plays on with random moves (the same random numbers for every
    choice, so choices are compared on equal terms) until the game ends or ``horizon``
    more turns are over; then it scores the result from its own seat: the game's
    ``returns()`` at the end, the game's heuristic evaluation at the cut (see
    :func:`tutor.analysis.trees.evaluate_state`).  It picks the highest mean.

    It never reads the real state's hidden parts: the worlds come from the game's
    determinize hook, which depends only on the bot's view and a seed, and choices are
    matched between worlds by their kind and label (what the player sees).

    The cost grows with ``rollouts`` x legal choices x the rollout length: with the
    defaults a decision takes a few milliseconds to a few tenths of a second, so keep
    Monte-Carlo matchups to dozens of games (or start them from a late position).

    Args:
        rollouts: sampled worlds per decision (each legal choice is played in each).
        seed: mixed into the per-decision generator, so two bots with different seeds
            sample different worlds.
        horizon: turns to play after the current one before scoring with the
            evaluation (``None``: play every rollout to the end of the game).
    """

    name = "montecarlo"
    description = (
        "Monte-Carlo lookahead: tries each choice in worlds sampled from its own view, "
        "plays on at random, keeps the best mean."
    )

    def __init__(self, rollouts: int = 4, seed: int = 0, horizon: int | None = 1) -> None:
        if rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, got {rollouts}")
        if horizon is not None and horizon < 0:
            raise ValueError(f"horizon must be zero or more (or None), got {horizon}")
        self.rollouts = rollouts
        self.seed = seed
        self.horizon = horizon
        self._evaluate: Callable[[Any, int], float] | None = None

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(state, legal, rng)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]

    def scores(self, state: Any, legal: Sequence[Action], rng: Rng) -> list[float]:
        """The mean rollout value of each legal action for the deciding player.

        Raises:
            NotImplementedError: if the game has no determinize hook.
        """
        me = legal[0].player
        local = Rng(rng.next_u64() ^ (self.seed * 0x9E3779B97F4A7C15))
        keys = [(a.kind, str(a.label)) for a in legal]
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        for _ in range(self.rollouts):
            world = self._world(state, me, local)
            play_seed = local.next_u64()
            for i, sim in each_choice(world, keys):
                totals[i] += self._play_out(sim, me, Rng(play_seed))
                counts[i] += 1
        return [t / k if k else float("-inf") for t, k in zip(totals, counts, strict=True)]

    @staticmethod
    def _world(state: Any, me: int, rng: Rng) -> Any:
        """A world to plan in (see :func:`sample_world`)."""
        return sample_world(state, me, rng)

    def _play_out(self, sim: Any, me: int, rng: Rng) -> float:
        # Random play on (forced choices drawn too), cut after the horizon in turns.
        played = sim.play_out(rng, 100_000, max_turns=self.horizon)
        if played.finished:
            return float(sim.returns()[me])
        if self._evaluate is None:
            from tutor.analysis.trees import evaluate_state  # networkx: only when needed

            self._evaluate = evaluate_state
        return float(self._evaluate(sim, me))


# ======================================================================================
# Registry: the shared bots and the game's own (its spec's bots hook)
# ======================================================================================

PolicyFactory = Callable[[], Policy]


def sample_world(state: Any, me: int, rng: Rng) -> Any:
    """A world ``me`` could be in: the game's determinize, or a copy when nothing is hidden.

    Tracing is off in the world.  A game declared perfect-information may still hide
    something under one of its options (a house rule about what players remember):
    when it provides ``determinize``, that is used, so whoever plans in the world never
    uses what ``me`` cannot know.
    """
    from tutor.core.game import Game

    if type(state.game).determinize is Game.determinize:
        world = state.clone()
        world.tracing = False
        world.trace = []
        return world
    return state.game.determinize(state, me, rng)


def each_choice(world: Any, keys: Sequence[tuple[str, str]]) -> Iterator[tuple[int, Any]]:
    """Each choice ``keys[i]`` (its kind and label, what the player sees) made in ``world``:
    ``(i, a copy of the world after it)``; a choice the world does not offer is skipped
    (it cannot be judged there)."""
    same = {(a.kind, str(a.label)): a for a in world.legal_actions()}
    for i, key in enumerate(keys):
        action = same.get(key)
        if action is not None:
            sim = world.clone()
            sim.apply_legal(action)
            yield i, sim


def can_sample_worlds(spec: Any) -> bool:
    """True when worlds can be drawn from a player's view (:func:`sample_world`):
    perfect information, or a determinize hook."""
    if spec.information == "perfect":
        return True
    from tutor.core.game import Game

    return spec.game_class().determinize is not Game.determinize


def policies_for(game_name: str) -> dict[str, PolicyFactory]:
    """Return the bots available for a game: ``{name: factory}``, ``"random"`` first.

    Raises:
        UnknownGameError: if the game is not registered.
    """
    from tutor.core.spec import spec_for

    spec = spec_for(game_name)
    out: dict[str, PolicyFactory] = {"random": RandomPolicy}
    own = spec.hook("bots")
    if own:
        out.update(own)
    if can_sample_worlds(spec):
        out.setdefault("montecarlo", MonteCarloPolicy)
    return out


def make_policy(game_name: str, spec: str | Policy) -> Policy:
    """Build a bot from its registered name (or pass a Policy through).

    Raises:
        UnknownGameError: if the game is not registered.
        ValueError: if the game has no bot of that name (the message lists them).
    """
    if isinstance(spec, Policy):
        return spec
    table = policies_for(game_name)
    if spec not in table:
        raise ValueError(
            f"no bot named {spec!r} for {game_name}; available: {', '.join(sorted(table))}"
        )
    return table[spec]()


def describe_policies(game_name: str) -> list[dict[str, str]]:
    """Return ``[{name, description}]`` for the game's bots (for the CLI and notebooks).

    Raises:
        UnknownGameError: if the game is not registered.
    """
    return [
        {"name": name, "description": factory().description}
        for name, factory in policies_for(game_name).items()
    ]


__all__ = [
    "MonteCarloPolicy",
    "Policy",
    "RandomPolicy",
    "can_sample_worlds",
    "describe_policies",
    "each_choice",
    "make_policy",
    "policies_for",
    "sample_world",
]
