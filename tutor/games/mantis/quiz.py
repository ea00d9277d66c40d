"""Mantis quiz items "score or steal?", from real positions of seeded games.

The generic quiz (:mod:`tutor.analysis.quiz`) already asks "what happens next?" of any
game.  This adds the question a Mantis player faces every turn: the back of the top
card is shown; which announcement is best?  The answer is the choice with the highest
expected gain on the exact odds the player can know (:mod:`tutor.games.mantis.odds`):
a scored card counts 1, a card gained into the tank half of one.  Only positions where
the best choice is clearly ahead (by ``MARGIN``) are asked, and the feedback gives every
choice's chance and expectation and cites the rule of the decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.analysis.quiz import Feedback
from tutor.core.rng import Rng
from tutor.games.mantis.odds import DecisionOdds, Option, player_odds

MARGIN = 0.25
"""How far (in expected cards) the best choice must be ahead of the next to be asked."""
GAIN_WEIGHT = 0.5
"""What a card gained into the tank is worth, in scored cards."""
RULE = "mt.3.2"


def value(option: Option) -> float:
    """An option's expected gain: scored cards plus half the cards gained into the tank."""
    return option.scored + GAIN_WEIGHT * option.gained


@dataclass(frozen=True)
class ScoreOrSteal:
    """One "score or steal?" question at a real position.

    Attributes:
        state: the position (the back is shown; the player must announce).
        odds: the exact odds of every choice, from the player's knowledge.
        options: the choices' labels, in the engine's order.
        answer: the index of the best choice.
        rule_text: the cited rule's citation and summary.
    """

    state: Any
    odds: DecisionOdds
    options: tuple[str, ...]
    answer: int
    rule_text: str

    @property
    def prompt(self) -> str:
        """The question as one paragraph."""
        name = self.state.name(self.state.turn_player)
        back = self.state.table.back_text(self.state.top_back, True)
        return (
            f"Turn {self.state.turn_number}: the top card shows {back} back. "
            f"{name} must announce. Score, or steal from whom?"
        )

    def check(self, choice: int) -> Feedback:
        """Judge a pick (an option index), explaining every choice's odds.

        Raises:
            IndexError: if ``choice`` is not an option index.
        """
        if not 0 <= choice < len(self.options):
            raise IndexError(f"option {choice} does not exist (0..{len(self.options) - 1})")
        lines = [
            f"{o.label}: succeeds {o.matching} times in {o.candidates}, "
            f"expected gain {value(o):.2f} cards"
            for o in self.odds.options
        ]
        best = self.options[self.answer]
        head = "Right." if choice == self.answer else f"The best choice here is {best}."
        return Feedback(choice == self.answer, head + " " + "; ".join(lines) + ".", RULE,
                        self.rule_text)  # fmt: skip


def score_or_steal_questions(game: Any, seed: int = 0, count: int = 5) -> list[ScoreOrSteal]:
    """Up to ``count`` questions from the seeded random game ``seed`` (then the next seeds).

    Raises:
        ValueError: if ``count`` is negative.
    """
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    found: list[ScoreOrSteal] = []
    for k in range(20):
        if len(found) >= count:
            break
        state = game.new_state(seed=seed + k, tracing=False)
        rng = Rng(seed + k)
        while not state.is_terminal() and len(found) < count:
            if state.decision_kind() != "choice":
                state.apply_legal(state.sample_chance(rng))
                continue
            odds = player_odds(state)
            values = sorted((value(o) for o in odds.options), reverse=True)
            if values[0] - values[1] >= MARGIN and state.turn_number % 3 == 0:
                best = max(range(len(odds.options)), key=lambda i: value(odds.options[i]))
                found.append(
                    ScoreOrSteal(
                        state.clone(),
                        odds,
                        tuple(o.label for o in odds.options),
                        best,
                        game.describe_rule(RULE),
                    )
                )
            legal = state.legal_actions()
            state.apply_legal(legal[rng.below(len(legal))])
    return found


__all__ = ["MARGIN", "ScoreOrSteal", "score_or_steal_questions", "value"]
