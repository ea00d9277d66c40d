"""Exact odds of every Mantis decision, from what the deciding player can know.

When the top card shows its back, the card's face is one of the back's three colours.
Which faces are still possible depends on where the cards with that back are: a card
in a tank or the discard pile is known (face up), a card in the player's own score
pile is known to them; everything else (the draw pile and the other score piles) is
unknown, and each unknown card with that back is equally likely to be the top card.
So for each choice the chance of success is (matching candidates) / (candidates), and
the expected cards moved follow exactly.  :func:`decision_odds` computes this from a
view, :func:`player_odds` from the state reading only what the player sees (the fast
path bots use; a test checks the two agree), :func:`tutor_odds` from the real draw pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tutor.games.mantis.engine.table import DeckTable


@dataclass(frozen=True)
class Option:
    """One announcement and what it can do.

    Attributes:
        label: the action's label (``Score``, ``Steal from Ben``).
        target: the player stolen from, or ``None`` for Score.
        matching: how many candidate cards would succeed.
        candidates: how many cards the top card can be.
        scored: the expected cards added to the player's score pile.
        gained: the expected cards added to the player's own tank.
        taken: the expected cards the target loses.
    """

    label: str
    target: int | None
    matching: int
    candidates: int
    scored: float
    gained: float
    taken: float

    @property
    def chance(self) -> Fraction:
        """The exact probability of success."""
        return Fraction(self.matching, self.candidates) if self.candidates else Fraction(0)

    @property
    def p(self) -> float:
        """The probability of success as a float."""
        return self.matching / self.candidates if self.candidates else 0.0


@dataclass(frozen=True)
class DecisionOdds:
    """The odds of one decision: the back, the possible faces and every option.

    Attributes:
        player: who decides.
        back: the colours on the back shown.
        faces: ``{colour: probability}`` of the face, over the candidate cards.
        options: Score first, then each Steal in seat order.
    """

    player: int
    back: tuple[str, ...]
    faces: dict[str, float]
    options: tuple[Option, ...] = field(default_factory=tuple)

    def best(self, key: str = "scored") -> Option:
        """The option with the highest expected value of ``key``."""
        return max(self.options, key=lambda o: getattr(o, key))

    def text(self) -> str:
        """The options as a text table, one line per choice."""
        head = f"{'choice':18} {'chance':>7} {'p':>6} {'scored':>7} {'to tank':>8} {'taken':>6}"
        lines = [head]
        for o in self.options:
            lines.append(
                f"{o.label:18} {f'{o.matching}/{o.candidates}':>7} {o.p:6.3f} {o.scored:7.3f} "
                f"{o.gained:8.3f} {o.taken:6.3f}"
            )
        return "\n".join(lines)

    def rows(self) -> list[dict[str, Any]]:
        """The options as table rows (for a notebook or the tutorial)."""
        return [
            {
                "choice": o.label,
                "chance": f"{o.matching}/{o.candidates}",
                "p": round(o.p, 4),
                "expected scored": round(o.scored, 3),
                "expected into tank": round(o.gained, 3),
                "expected taken": round(o.taken, 3),
            }
            for o in self.options
        ]


def _odds(
    table: DeckTable,
    player: int,
    names: list[str],
    back: int,
    candidates: list[int],
    tanks: list[list[int]],
    targets: list[int],
    failed_to_target: bool,
) -> DecisionOdds:
    ncol = table.colours
    face = table.face
    count = [0] * ncol
    for c in candidates:
        count[face[c]] += 1
    k = len(candidates)
    in_tank = [[0] * ncol for _ in tanks]
    for q in [player, *targets]:
        row = in_tank[q]
        for c in tanks[q]:
            row[face[c]] += 1
    mine = in_tank[player]
    scored = gained = 0.0
    ways = 0
    for f in range(ncol):
        if count[f] and mine[f]:
            ways += count[f]
            scored += count[f] * (1 + mine[f])
        elif count[f]:
            gained += count[f]
    options = [
        Option("Score", None, ways, k, scored / k if k else 0.0, gained / k if k else 0.0, 0.0)
    ]
    for q in targets:
        theirs = in_tank[q]
        ways = 0
        gained = taken = 0.0
        for f in range(ncol):
            if count[f] and theirs[f]:
                ways += count[f]
                gained += count[f] * (1 + theirs[f])
                taken += count[f] * theirs[f]
            elif count[f] and failed_to_target:
                taken -= count[f]  # the target's tank grows by the turned card
        options.append(
            Option(
                f"Steal from {names[q]}",
                q,
                ways,
                k,
                0.0,
                gained / k if k else 0.0,
                taken / k if k else 0.0,
            )  # fmt: skip
        )
    faces = {table.colour_names[f]: count[f] / k for f in range(ncol) if count[f] and k}
    colours = tuple(table.colour_names[c] for c in table.back_colours[back])
    return DecisionOdds(player, colours, faces, tuple(options))


def player_odds(state: Any, player: int | None = None) -> DecisionOdds:
    """The odds of the decision at hand as the deciding player can know them.

    Reads only what that player sees: the back shown, every tank, the discard pile and
    their own score pile; the draw pile and the other score piles are unknown cards.

    Raises:
        ValueError: if nobody is deciding Score or Steal now.
    """
    p = state.turn_player if player is None else player
    b = state.top_back
    if b < 0 or state.decision_kind() != "choice":
        raise ValueError("the odds need a shown back and a Score-or-Steal decision")
    table = state.table
    start, end = table.back_start[b], table.back_start[b + 1]
    known = set(state.discard)
    known.update(state.scored[p])
    for tank in state.tanks:
        known.update(tank)
    candidates = [c for c in range(start, end) if c not in known]
    return _odds(
        table, p, state.rules.names, b, candidates, state.tanks, state.targets(p),
        state.rules.failed_to_target,
    )  # fmt: skip


def tutor_odds(state: Any) -> DecisionOdds:
    """The true odds of the decision at hand, from the real draw pile (the tutor's view).

    Raises:
        ValueError: if nobody is deciding Score or Steal now.
    """
    p = state.turn_player
    b = state.top_back
    if b < 0 or state.decision_kind() != "choice":
        raise ValueError("the odds need a shown back and a Score-or-Steal decision")
    table = state.table
    candidates = [c for c in state.pile if table.back[c] == b]
    return _odds(
        table, p, state.rules.names, b, candidates, state.tanks, state.targets(p),
        state.rules.failed_to_target,
    )  # fmt: skip


def decision_odds(view: dict[str, Any], game: Any) -> DecisionOdds:
    """The odds of the decision shown in a player's ``view`` (``state.view(p)``).

    Raises:
        ValueError: if the view shows no back, or its viewer is not the deciding player.
    """
    from tutor.games.mantis.view import unknown_cards

    b = view["top_back_id"]
    p = view["turn_player"]
    if b is None or view["phase"] != "announce":
        raise ValueError("the odds need a shown back and a Score-or-Steal decision")
    if view["viewer"] not in (None, p):
        raise ValueError("only the deciding player's view has these odds")
    table: DeckTable = game.deck
    seen = view if view["viewer"] == p else {**view, "viewer": p}
    pool = set(unknown_cards(seen, table.size))
    candidates = [c for c in range(table.back_start[b], table.back_start[b + 1]) if c in pool]
    players = view["players"]
    tanks = [list(entry["tank"]) for entry in players]
    targets = [q for q, e in enumerate(players) if q != p and not e["out"]]
    names = [str(e["name"]) for e in players]
    return _odds(table, p, names, b, candidates, tanks, targets,
                 game.engine_rules.failed_to_target)  # fmt: skip


def choice_odds(state: Any) -> dict[str, float]:
    """Each choice's chance of success, as the deciding player can know it.

    The shared tools (the workshop room's reveal) read this: ``{label: probability}``.

    Raises:
        ValueError: if nobody is deciding Score or Steal now.
    """
    return {o.label: o.p for o in player_odds(state).options}


__all__ = ["DecisionOdds", "Option", "choice_odds", "decision_odds", "player_odds", "tutor_odds"]
