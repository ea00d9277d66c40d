"""Each choice's odds at a decision, for every game: exact where the game has them,
else estimated by seeded play-outs from what the deciding player can see.

Why this exists: the workshop room's reveal (and any notebook) asks "what are my
chances with each choice here?" for a position of any game.  A game whose ``odds``
hook module defines ``choice_odds(state)`` answers exactly (Mantis: the chance the
turned card matches); every other position gets :func:`estimate_choice_odds`:

* from the deciding player's seat only: each round draws one *world* consistent with
  that player's view (the game's ``determinize``; a copy when nothing is hidden), so the
  odds never use a card the player cannot see; an imperfect-information game without
  ``determinize`` gets no estimate rather than one that peeks;
* in each world every estimated choice is played, then the game is played out to the
  end by the game's bots in every seat, all choices with the same random numbers
  (common random numbers: choices are compared on equal terms);
* a choice's chance is the share of its finished play-outs the player wins (a shared
  win counts), with its 95% Wilson interval;
* bounded: at most ``rounds`` rounds, and no new round once ``seconds`` have passed; a
  progress callback hears after each round.  For a given seed and number of rounds the
  result is always the same (the time budget only decides how many rounds are played;
  the result says how many were).

Both kinds come back as one shape, :class:`ChoiceOdds`, plain JSON by
:meth:`ChoiceOdds.to_dict`.  Nothing here names a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.rng import Rng

EXACT = "exact"
ESTIMATE = "estimate"
WIN = "chance to win the game"
"""What an estimate's chances measure (from the deciding player's seat)."""
SUCCESS = "chance of success"
"""What a game's exact ``choice_odds`` measure unless its module says otherwise."""
ROUNDS = 200
"""The most rounds (sampled worlds) an estimate plays by default."""
SECONDS = 3.0
"""The default time budget of an estimate, in seconds (no new round after it)."""
MAX_STEPS = 20_000
"""The most actions one play-out may take before it is left out as unfinished."""

Progress = Callable[[int, int], None]
"""``progress(rounds done, rounds at most)``, called after every round."""


@dataclass(frozen=True)
class ChoiceChance:
    """One choice's chance, with its interval.

    Attributes:
        label: the choice's label.
        p: the chance (0 to 1).
        low: the 95% interval's lower end (``p`` itself for exact odds).
        high: its upper end.
        trials: play-outs behind an estimate (0 for exact odds).
    """

    label: str
    p: float
    low: float
    high: float
    trials: int = 0


@dataclass(frozen=True)
class ChoiceOdds:
    """The odds of a decision's choices, exact or estimated, in one shape.

    Attributes:
        measure: what the chances are chances of (:data:`WIN`, :data:`SUCCESS` or the
            game's own words).
        method: :data:`EXACT` or :data:`ESTIMATE`.
        note: how they were found, in one sentence for people.
        chances: one per choice given odds, in the decision's order.
    """

    measure: str
    method: str
    note: str
    chances: tuple[ChoiceChance, ...]

    def of(self, label: str) -> ChoiceChance | None:
        """The chance of the choice with this label (``None`` if it has none)."""
        return next((c for c in self.chances if c.label == label), None)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: ``{"measure", "method", "note", "choices": {label: {"p", "low",
        "high", "trials"}}}`` (what the workshop room stores with a reveal)."""
        return {
            "measure": self.measure,
            "method": self.method,
            "note": self.note,
            "choices": {
                c.label: {"p": c.p, "low": c.low, "high": c.high, "trials": c.trials}
                for c in self.chances
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChoiceOdds:
        """Read :meth:`to_dict`'s form back; a bare ``{label: probability}`` mapping (an
        older reveal, a game's exact hook) is read as exact chances of success.

        Raises:
            ValueError: if it is neither form (saying what was found).
        """
        try:
            if "choices" in data and isinstance(data["choices"], Mapping):
                chances = tuple(
                    ChoiceChance(
                        str(label),
                        float(c["p"]),
                        float(c.get("low", c["p"])),
                        float(c.get("high", c["p"])),
                        int(c.get("trials", 0)),
                    )
                    for label, c in data["choices"].items()
                )
                return cls(
                    str(data.get("measure", SUCCESS)),
                    str(data.get("method", EXACT)),
                    str(data.get("note", "")),
                    chances,
                )
            return exact_odds({str(k): float(v) for k, v in data.items()})
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise ValueError(f"not choice odds: {str(dict(data))[:120]} ({exc})") from None


def exact_odds(chances: Mapping[str, float], measure: str = SUCCESS, note: str = "") -> ChoiceOdds:
    """Exact chances ``{label: probability}`` in the shared shape."""
    return ChoiceOdds(
        measure,
        EXACT,
        note or "Exact, from what the deciding player can see.",
        tuple(ChoiceChance(label, float(p), float(p), float(p)) for label, p in chances.items()),
    )


def can_estimate(game_name: str) -> bool:
    """Whether :func:`estimate_choice_odds` can serve a game without peeking: perfect
    information, or worlds drawn by the game's ``determinize``."""
    from tutor.analysis.policies import can_sample_worlds
    from tutor.core.spec import spec_for

    return can_sample_worlds(spec_for(game_name))


def playout_bot(game_name: str) -> str:
    """The bot that plays every seat in an estimate's play-outs.

    The game's ``odds`` hook module may name one (``PLAYOUT_BOT``: a fast one where its
    best bots are slow); else the first of the game's own bots that is not the
    Monte-Carlo bot; else the random bot.

    Raises:
        UnknownGameError: if no game has that name.
    """
    from tutor.analysis.policies import policies_for
    from tutor.core.spec import spec_for

    named = getattr(spec_for(game_name).hook("odds"), "PLAYOUT_BOT", None)
    bots = policies_for(game_name)
    if named is not None and named in bots:
        return str(named)
    own = [n for n in bots if n not in ("random", "montecarlo")]
    return own[0] if own else "random"


def estimate_choice_odds(
    state: Any,
    labels: Sequence[str] | None = None,
    *,
    rounds: int = ROUNDS,
    seconds: float | None = SECONDS,
    seed: int = 0,
    bot: str | None = None,
    progress: Progress | None = None,
) -> ChoiceOdds:
    """Each choice's chance to win, by play-outs from worlds the deciding player could be in.

    Args:
        state: a position at a player's decision (not changed).
        labels: the choices to estimate (default: every legal choice).
        rounds: the most worlds to sample (each plays every estimated choice once).
        seconds: no new round starts after this many seconds (``None``: play every
            round; the result is then a function of the seed alone).
        seed: the estimate's seed.
        bot: the bot in every seat of the play-outs (default: :func:`playout_bot`).
        progress: called as ``progress(rounds done, rounds)`` after each round.

    Returns:
        The estimate: measure :data:`WIN`, one :class:`ChoiceChance` per estimated
        choice (the play-outs that finished, and the interval), and a note saying how
        many worlds were played with which bot.

    Raises:
        ValueError: if nobody decides here, ``labels`` names no legal choice, ``rounds``
            is below 1, or the game hides something it cannot sample without peeking.
    """
    from tutor.analysis.policies import each_choice, make_policy, sample_world
    from tutor.analysis.simulation import derive_seed, wilson_interval

    decision = state.decision
    if decision.kind != "choice" or decision.player is None:
        raise ValueError("there are no choices to weigh: nobody decides at this position")
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    name = state.game.name
    if not can_estimate(name):
        raise ValueError(
            f"{state.game.title} hides cards it cannot deal again from a player's view: "
            "no estimate without peeking"
        )
    me = int(decision.player)
    legal = state.legal_actions()
    keys = [(a.kind, str(a.label)) for a in legal]
    wanted = [str(a.label) for a in legal] if labels is None else [str(x) for x in labels]
    picked = [k for k in keys if k[1] in set(wanted)]
    if not picked:
        raise ValueError(f"none of {list(wanted)[:5]} is a choice at this position")
    bot_name = bot or playout_bot(name)
    seats = [make_policy(name, bot_name) for _ in range(state.game.num_players)]
    wins = [0] * len(picked)
    trials = [0] * len(picked)
    start = time.perf_counter()
    played = 0
    for r in range(rounds):
        if seconds is not None and played and time.perf_counter() - start >= seconds:
            break
        world = sample_world(state, me, Rng(derive_seed(seed, 2 * r)))
        play_seed = derive_seed(seed, 2 * r + 1)
        for i, sim in each_choice(world, picked):
            for policy in seats:
                policy.reset()
            try:
                done = sim.play_out(Rng(play_seed), MAX_STEPS, seats).finished
            except RuntimeError:  # the step limit: left out, like any unfinished game
                done = False
            if done:
                trials[i] += 1
                wins[i] += me in sim.outcome().winners
        played += 1
        if progress is not None:
            progress(played, rounds)
    chances = []
    for (_, label), won, n in zip(picked, wins, trials, strict=True):
        low, high = wilson_interval(won, n) if n else (0.0, 1.0)
        chances.append(ChoiceChance(label, won / n if n else 0.0, low, high, n))
    note = (
        f"Estimated: {played} world{'s' if played != 1 else ''} dealt from "
        f"{state.player_names()[me]}'s view, each choice played out by the {bot_name} "
        "bot in every seat."
    )
    return ChoiceOdds(WIN, ESTIMATE, note, tuple(chances))


def choice_odds(
    state: Any,
    labels: Sequence[str] | None = None,
    *,
    rounds: int = ROUNDS,
    seconds: float | None = SECONDS,
    seed: int = 0,
    progress: Progress | None = None,
) -> ChoiceOdds | None:
    """The odds of the decision at hand: the game's exact ones, else an estimate.

    The game's ``odds`` hook module may define ``choice_odds(state)`` returning a
    :class:`ChoiceOdds` or ``{label: probability}`` (exact chances of
    ``CHOICE_ODDS_MEASURE``, default :data:`SUCCESS`), raising ``ValueError`` where it
    has none for this decision; then :func:`estimate_choice_odds` answers.

    Args:
        state: a position at a player's decision (not changed).
        labels: the choices an estimate weighs (exact odds give every choice).
        rounds, seconds, seed, progress: as :func:`estimate_choice_odds`.

    Returns:
        The odds, or ``None`` when nobody decides here or the game can give none
        without peeking at hidden cards.
    """
    from tutor.core.spec import spec_for

    decision = state.decision
    if decision.kind != "choice" or decision.player is None:
        return None
    module = spec_for(state.game.name).hook("odds")
    exact = getattr(module, "choice_odds", None)
    if exact is not None:
        try:
            found = exact(state)
        except ValueError:  # none for this kind of decision: estimate instead
            found = None
        if isinstance(found, ChoiceOdds):
            return found
        if found is not None:
            measure = str(getattr(module, "CHOICE_ODDS_MEASURE", SUCCESS))
            return exact_odds({str(k): float(v) for k, v in found.items()}, measure)
    try:
        return estimate_choice_odds(
            state, labels, rounds=rounds, seconds=seconds, seed=seed, progress=progress
        )
    except ValueError:
        return None


__all__ = [
    "ESTIMATE",
    "EXACT",
    "ROUNDS",
    "SECONDS",
    "SUCCESS",
    "WIN",
    "ChoiceChance",
    "ChoiceOdds",
    "can_estimate",
    "choice_odds",
    "estimate_choice_odds",
    "exact_odds",
    "playout_bot",
]
