"""Creepy Falls' engine put together: the state class, the run loop and its dispatch.

Where the flow waits for a person or for chance, ``wait`` says which decision (``W_*``)
and ``actor`` who; every other step runs at once in :meth:`CreepyFallsState._run`,
which dispatches on the phase (``PH_*``, engine/frames.py) and settles any unit due to
be destroyed first.  Both dispatches are written out below (compiled, each branch is a
direct C call); the rules are functions in the modules below this one, one module per
rule group of the rulebook, each taking the state first.
"""

from __future__ import annotations

from typing import Any

from tutor.core.rng import Rng
from tutor.core.types import Action, Decision, Outcome, Verdict
from tutor.games.creepy_falls.engine import (
    choices,
    destroying,
    end_of_round,
    form_choice,
    forms,
    game_end,
    karloff_113,
    placement,
    resolution,
    setup,
    store,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import (
    PH_ARMY,
    PH_BUY,
    PH_DIE,
    PH_END,
    PH_EXTRA,
    PH_FIRST,
    PH_FOG,
    PH_FORM,
    PH_FOX,
    PH_OVER,
    PH_PLACE,
    PH_RATS,
    PH_RESOLVE,
    PH_SELL,
    PH_TOKENS,
    PH_TOLL,
    W_ARMY,
    W_BUY,
    W_CHANCE,
    W_DESTROY,
    W_FOG,
    W_FORM,
    W_FOX,
    W_KARLOFF,
    W_NONE,
    W_PLACE,
    W_RAT,
    W_SELL,
    W_TAKE,
)


class CreepyFallsState(CreepyFallsData):
    """A Creepy Falls game in progress (2 to 5 players)."""

    def clone(self) -> CreepyFallsState:
        """A copy that moves on independently (State.clone).

        Returns:
            The copy, with its own copy of the random-number generator.
        """
        return CreepyFallsState(self.game, self.rng.copy(), self.tracing, copy_of=self)

    # ================================================================ the public API
    @property
    def decision(self) -> Decision:
        """What the game waits for now (State.decision).

        Returns:
            The decision, from engine/choices.py.
        """
        return choices.decision(self)

    @property
    def turn_number(self) -> int:
        """The round, 1 to 6 (State.turn_number).

        Returns:
            The round number.
        """
        return self.round_no

    def decision_kind(self) -> str:
        """``"choice"``, ``"chance"`` or ``"terminal"`` (State.decision_kind).

        Returns:
            The kind.
        """
        if self.phase == PH_OVER:
            return "terminal"
        return "chance" if self.wait == W_CHANCE else "choice"

    def is_terminal(self) -> bool:
        """Whether the game is over (State.is_terminal).

        Returns:
            True after the last round's scoring.
        """
        return self.phase == PH_OVER

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = choices.legal_options(self)
            self._legal = legal
        return legal

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of the chance step and their chances (State.chance_outcomes).

        Returns:
            Each outcome and its probability; empty unless chance decides.
        """
        return choices.chance_outcomes(self)

    def outcome(self) -> Outcome | None:
        """Who won (State.outcome).

        Returns:
            The outcome, or None while the game goes on.
        """
        return game_end.outcome(self)

    def returns(self) -> list[float]:
        """1 for each winner, -1 for the others (State.returns).

        Returns:
            One number per player; zeros while the game goes on.
        """
        return game_end.returns(self)

    def view(self, player: int | None) -> dict[str, Any]:
        """What a player may see of the state (State.view, tutor/games/creepy_falls/view.py).

        Args:
            player: The player, or None for the omniscient view.

        Returns:
            The view as plain data.
        """
        from tutor.games.creepy_falls.view import view

        return view(self, player)

    def _explain_illegal(self, action: Action) -> Verdict:
        from tutor.games.creepy_falls.explain import explain

        return explain(self, action)

    def tempting_actions(self) -> list[tuple[Action, Verdict]]:
        """Plausible but illegal actions now, with why (State.tempting_actions).

        Returns:
            Each tempting action and its verdict (tutor/games/creepy_falls/explain.py).
        """
        from tutor.games.creepy_falls.explain import tempting

        return tempting(self)

    # ================================================================ choices made
    def _apply(self, action: Action) -> None:
        self.steps += 1
        self._legal = None
        w = self.wait
        self.wait = W_NONE
        self._chosen(w, action)
        self._run()

    def _chosen(self, w: int, action: Action) -> None:
        """Carry out ``action`` chosen where the flow waited (``w``): explicit dispatch."""
        if w == W_CHANCE:
            self._chance_chosen(action)
        elif w == W_PLACE:
            placement.place_chosen(self, action)
        elif w == W_ARMY:
            setup.army_chosen(self, action)
        elif w == W_FORM:
            form_choice.form_chosen(self, action)
        elif w == W_FOG:
            forms.fog_chosen(self, action)
        elif w == W_RAT:
            forms.rat_chosen(self, action)
        elif w == W_FOX:
            forms.fox_chosen(self, action)
        elif w == W_TAKE:
            resolution.token_chosen(self, action)
        elif w == W_KARLOFF:
            karloff_113.karloff_chosen(self, action)
        elif w == W_DESTROY:
            destroying.destroy_chosen(self, action)
        elif w == W_BUY:
            store.buy_chosen(self, action)
        elif w == W_SELL:
            store.sell_chosen(self, action)

    def _chance_chosen(self, action: Action) -> None:
        if self.phase == PH_FIRST:
            setup.first_player_is(self, int(action.args[0]), "cf.2.1")
        elif self.phase == PH_TOKENS:
            setup.round_tokens_drawn(self, action)
        else:
            store.die_rolled(self, action)

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        # State._random_playout with the calls inlined; it makes the very same draws.
        for _ in range(max_steps):
            if self.phase == PH_OVER:
                return
            if self.wait == W_CHANCE:
                action = self.sample_chance(rng)
            else:
                legal = self._legal_actions()
                action = legal[rng.below(len(legal))]
            self._apply(action)
        raise RuntimeError(f"game did not end within {max_steps} steps")

    # ================================================================ the run loop
    def _run(self) -> None:
        """Carry out automatic steps until a player or chance must decide."""
        while self.wait == W_NONE and self.phase != PH_OVER:
            if self.dues:
                destroying.settle_due(self)
                continue
            ph = self.phase
            if ph == PH_FIRST:
                setup.first_player_step(self)
            elif ph == PH_ARMY:
                setup.army_step(self)
            elif ph == PH_TOKENS:
                setup.round_tokens_step(self)
            elif ph == PH_FORM:
                form_choice.form_step(self)
            elif ph == PH_EXTRA:
                form_choice.extra_form_step(self)
            elif ph == PH_FOG:
                forms.fog_step(self)
            elif ph == PH_RATS:
                forms.rats_step(self)
            elif ph == PH_PLACE:
                placement.placement_step(self)
            elif ph == PH_FOX:
                forms.fox_step(self)
            elif ph == PH_RESOLVE:
                resolution.resolve_step(self)
            elif ph == PH_BUY:
                store.buy_step(self)
            elif ph == PH_SELL:
                store.sell_step(self)
            elif ph == PH_DIE:
                store.die_step(self)
            elif ph == PH_TOLL:
                end_of_round.toll_step(self)
            elif ph == PH_END:
                end_of_round.new_round_step(self)
