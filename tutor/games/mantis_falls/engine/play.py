"""Mantis Falls' engine put together: the state class, the run loop and the dispatch tables.

Resolution that can be interrupted (a Last Gasp in the middle of a card, a Last Gasp
caused by another Last Gasp, a choice inside an effect) is an explicit stack of
frames kept in the state (``self.stack``), never Python recursion waiting for input.
Each frame is a small typed object (engine/frames.py) whose ``kind`` number picks its
step in the run loop's dispatch, written out below.  Frames that need a person's
choice or a chance outcome stop the run loop; every other frame is an automatic step
whose trace entry is marked ``kind="auto"``.  The rules are functions in the modules
below this one, one module per rule group, each taking the state first.
"""

from __future__ import annotations

from typing import Any

from tutor.core.rng import Rng
from tutor.core.types import Action, Decision, Verdict
from tutor.games.mantis_falls.engine import (
    action_plays,
    allies,
    chance,
    choices,
    conditions,
    conserved_energy,
    drawing,
    effects,
    events,
    hints,
    illegal,
    last_gasps,
    roads,
    triad,
    turn,
    under_the_rose,
    views,
    wounds,
)
from tutor.games.mantis_falls.engine.basics import canonical_order
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    CHANCE_FRAME,
    P_BYSTANDER_CHOICE,
    P_CHOOSE_ONE,
    P_DARK_PICK,
    P_DISCARD_CHOSEN,
    P_DRAW_SOURCE,
    P_EXPEND,
    P_GASP_ORDER,
    P_HEAL_TARGET,
    P_MOVE,
    P_NIGHT_PICK,
    P_PEEK_KEEP,
    P_REMOVE_CONDITION,
    P_RETURN_ALLY,
    P_ROSE_MEET,
    P_ROSE_PAY,
    P_ROSE_PAY_OFF,
    P_ROSE_TRIM,
    P_TAKE_ALLY,
    P_TAKE_CONSERVED,
    P_WOUND_SPLIT,
    P_WOUND_TARGET,
    TURN_FRAMES,
    TURN_STEPS,
    WINDOW_FRAME,
    AmbushWound,
    CardDone,
    Chance,
    DrawCount,
    DrawPhase,
    Effects,
    EventProcess,
    Frame,
    Gasp,
    GaspPlay,
    GaspReturn,
    MainPlay,
    Pick,
    RevealLoop,
    RoseStep,
    Turn,
    Window,
)


class MantisFallsState(MantisFallsData):
    """A Mantis Falls game in progress (2 players, or 3 with the Triad module)."""

    def clone(self) -> MantisFallsState:
        return MantisFallsState(self.game, self.rng.copy(), self.tracing, copy_of=self)

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is not None:
            return legal
        if not self.stack:
            legal = []
        else:
            top = self.stack[-1]
            if isinstance(top, Chance):
                legal = [a for a, _ in chance.chance_outcomes(self)]
            elif isinstance(top, MainPlay):
                # These generators build the canonical order themselves (hot path); a
                # conformance test checks that canonical_order() would not change them.
                legal = action_plays.mainplay_options(self, top)
            elif isinstance(top, Pick):
                legal = pick_options(self, top)
                if top.pick != P_MOVE and top.pick != P_DRAW_SOURCE:  # these are in order
                    legal = canonical_order(legal)
            elif isinstance(top, Window):
                legal = canonical_order(conditions.window_options(self, top))
            elif isinstance(top, GaspReturn):
                legal = canonical_order(last_gasps.gasp_return_options(self, top))
            elif isinstance(top, GaspPlay):
                legal = canonical_order(last_gasps.gasp_play_options(self, top))
            else:  # an automatic step: nobody chooses
                legal = []
        self._legal = legal
        return legal

    def _apply(self, action: Action) -> None:
        self.steps += 1
        self._legal = None
        self._do(self.stack[-1], action)
        self._run()

    def _do(self, top: Frame, action: Action) -> None:
        """Carry out ``action`` at the waiting frame ``top`` (explicit dispatch by kind)."""
        if isinstance(top, Pick):
            self.stack.pop()
            pick_chosen(self, top, action)
        elif isinstance(top, MainPlay):
            action_plays.mainplay_chosen(self, top, action)
        elif isinstance(top, Chance):
            chance.chance_chosen(self, top, action)
        elif isinstance(top, Window):
            conditions.window_chosen(self, top, action)
        elif isinstance(top, GaspPlay):
            last_gasps.gasp_play_chosen(self, top, action)
        elif isinstance(top, GaspReturn):
            last_gasps.gasp_return_chosen(self, top, action)
        else:
            raise ValueError(f"no choice is waiting at {top!r}")

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        # The loop of State._random_playout with the calls between steps inlined (the
        # hot loop of the playout benchmark); it makes exactly the same draws.  Methods
        # are called directly, not through bound-method locals: compiled, a direct call
        # is a C call.
        stack = self.stack
        below = rng.below  # (the generator is plain Python: keep the bound method)
        game = self.game
        chance_draw = game.chance_draw
        for _ in range(max_steps):
            if not stack:
                return
            top = stack[-1]
            if isinstance(top, Chance):
                if top.what == "action_draw":
                    pile = self.action_pile
                    action = chance_draw[pile[below(len(pile))]]
                else:
                    action = chance.sample_chance(self, rng)
            else:
                legal = self._legal_actions()
                action = legal[below(len(legal))]
            self.steps += 1
            self._legal = None
            self._do(top, action)
            self._run()
        raise RuntimeError(f"game did not end within {max_steps} steps")

    def _run(self) -> None:
        """Carry out automatic steps until a choice or a chance step waits (or the end).

        The dispatch is written out by frame kind, commonest first.
        """
        stack = self.stack
        while stack:
            top = stack[-1]
            kind = top.kind
            if isinstance(top, Turn):
                depth = len(stack)
                step = top.step
                while True:  # the steps that push nothing follow each other at once
                    stack[-1] = TURN_FRAMES[_NEXT_STEP[step]]
                    turn.turn_step(self, step)
                    if len(stack) != depth:
                        break
                    step = _NEXT_STEP[step]
            elif isinstance(top, Effects):
                effects.effects_step(self, top)
            elif isinstance(top, CardDone):
                last_gasps.card_done_step(self, top)
            elif kind == WINDOW_FRAME:
                if conditions.window_open(self, top):  # type: ignore[arg-type]
                    return
            elif kind <= CHANCE_FRAME:
                return  # a choice or chance waits
            elif isinstance(top, RevealLoop):
                action_plays.reveal_loop_step(self, top)
            elif isinstance(top, DrawPhase):
                drawing.draw_phase_step(self, top)
            elif isinstance(top, DrawCount):
                drawing.draw_count_step(self, top)
            elif isinstance(top, EventProcess):
                events.event_process_step(self, top)
            elif isinstance(top, AmbushWound):
                wounds.ambush_wound_step(self, top)
            elif isinstance(top, Gasp):
                last_gasps.gasp_step(self, top)
            elif isinstance(top, RoseStep):
                if top.stage == "gasps":  # an ambush's Last Gasp waited for the market
                    stack.pop()
                    last_gasps.resolve_gasps(self)
                else:
                    under_the_rose.rose_step(self, top)
            else:
                raise ValueError(f"no step for the frame {top!r}")

    # ---- the public API, from the rule modules ------------------------------------
    @property
    def decision(self) -> Decision:
        return choices.decision(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance.chance_outcomes(self)

    def sample_chance(self, rng: Rng | None = None) -> Action:
        """Sample the chance step directly (same distribution as chance_outcomes)."""
        return chance.sample_chance(self, rng)

    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def _explain_illegal(self, action: Action) -> Verdict:
        return illegal.explain_illegal(self, action)

    def _equivalent(self, action: Action, legal: list[Action]) -> Action | None:
        return illegal.equivalent(self, action, legal)

    def tempting_actions(self) -> list[tuple[Action, Verdict]]:
        """Plausible but illegal actions now, each with the reason it is illegal.

        Tutorials show these disabled so learners see what the rules forbid.
        """
        return hints.tempting_actions(self)

    def anytime_options(self, p: int) -> list[Action]:
        """Any-time effects player ``p`` could use now, with what they would pay."""
        return conditions.anytime_options(self, p)


_NEXT_STEP = tuple((i + 1) % len(TURN_STEPS) for i in range(len(TURN_STEPS)))
"""The turn step after each turn step (the last leads back to the start)."""


# The dispatch of pick frames, written out by pick number (PICK_NAMES order): compiled,
# each branch is a direct C call.
def pick_options(s: MantisFallsData, top: Pick) -> list[Action]:
    """The choices of the waiting pick frame ``top`` (not yet in canonical order).

    Raises:
        ValueError: if ``top`` names no pick this engine knows.
    """
    pick, ctx, args = top.pick, top.ctx, top.args
    if pick == P_CHOOSE_ONE:
        return effects.choose_one_options(s, ctx, args)
    if pick == P_DARK_PICK:
        return roads.dark_pick_options(s, ctx, args)
    if pick == P_DISCARD_CHOSEN:
        return drawing.discard_chosen_options(s, ctx, args)
    if pick == P_DRAW_SOURCE:
        return conserved_energy.draw_source_options(s, ctx, args)
    if pick == P_EXPEND:
        return conserved_energy.expend_options(s, ctx, args)
    if pick == P_GASP_ORDER:
        return last_gasps.gasp_order_options(s, ctx, args)
    if pick == P_HEAL_TARGET:
        return wounds.heal_target_options(s, ctx, args)
    if pick == P_MOVE:
        return roads.move_options(s, ctx, args)
    if pick == P_NIGHT_PICK:
        return roads.night_pick_options(s, ctx, args)
    if pick == P_PEEK_KEEP:
        return events.peek_keep_options(s, ctx, args)
    if pick == P_REMOVE_CONDITION:
        return conditions.remove_condition_options(s, ctx, args)
    if pick == P_RETURN_ALLY:
        return allies.return_ally_options(s, ctx, args)
    if pick == P_TAKE_ALLY:
        return allies.take_ally_options(s, ctx, args)
    if pick == P_TAKE_CONSERVED:
        return conserved_energy.take_conserved_options(s, ctx, args)
    if pick == P_WOUND_SPLIT:
        return wounds.wound_split_options(s, ctx, args)
    if pick == P_WOUND_TARGET:
        return wounds.wound_target_options(s, ctx, args)
    if pick == P_BYSTANDER_CHOICE:
        return triad.bystander_choice_options(s, ctx, args)
    if pick == P_ROSE_MEET:
        return under_the_rose.meet_options(s, ctx, args)
    if pick == P_ROSE_PAY:
        return under_the_rose.pay_options(s, ctx, args)
    if pick == P_ROSE_PAY_OFF:
        return under_the_rose.pay_off_options(s, ctx, args)
    if pick == P_ROSE_TRIM:
        return under_the_rose.trim_options(s, ctx, args)
    raise ValueError(f"no pick numbered {pick}")


def pick_chosen(s: MantisFallsData, top: Pick, action: Action) -> None:
    """Carry out the choice ``action`` made at the pick frame ``top`` (already popped).

    Raises:
        ValueError: if ``top`` names no pick this engine knows.
    """
    pick, ctx, args = top.pick, top.ctx, top.args
    if pick == P_CHOOSE_ONE:
        effects.choose_one_chosen(s, ctx, args, action)
    elif pick == P_DARK_PICK:
        roads.dark_pick_chosen(s, ctx, args, action)
    elif pick == P_DISCARD_CHOSEN:
        drawing.discard_chosen_chosen(s, ctx, args, action)
    elif pick == P_DRAW_SOURCE:
        conserved_energy.draw_source_chosen(s, ctx, args, action)
    elif pick == P_EXPEND:
        conserved_energy.expend_chosen(s, ctx, args, action)
    elif pick == P_GASP_ORDER:
        last_gasps.gasp_order_chosen(s, ctx, args, action)
    elif pick == P_HEAL_TARGET:
        wounds.heal_target_chosen(s, ctx, args, action)
    elif pick == P_MOVE:
        roads.move_chosen(s, ctx, args, action)
    elif pick == P_NIGHT_PICK:
        roads.night_pick_chosen(s, ctx, args, action)
    elif pick == P_PEEK_KEEP:
        events.peek_keep_chosen(s, ctx, args, action)
    elif pick == P_REMOVE_CONDITION:
        conditions.remove_condition_chosen(s, ctx, args, action)
    elif pick == P_RETURN_ALLY:
        allies.return_ally_chosen(s, ctx, args, action)
    elif pick == P_TAKE_ALLY:
        allies.take_ally_chosen(s, ctx, args, action)
    elif pick == P_TAKE_CONSERVED:
        conserved_energy.take_conserved_chosen(s, ctx, args, action)
    elif pick == P_WOUND_SPLIT:
        wounds.wound_split_chosen(s, ctx, args, action)
    elif pick == P_WOUND_TARGET:
        wounds.wound_target_chosen(s, ctx, args, action)
    elif pick == P_BYSTANDER_CHOICE:
        triad.bystander_choice_chosen(s, ctx, args, action)
    elif pick == P_ROSE_MEET:
        under_the_rose.meet_chosen(s, ctx, args, action)
    elif pick == P_ROSE_PAY:
        under_the_rose.pay_chosen(s, ctx, args, action)
    elif pick == P_ROSE_PAY_OFF:
        under_the_rose.pay_off_chosen(s, ctx, args, action)
    elif pick == P_ROSE_TRIM:
        under_the_rose.trim_chosen(s, ctx, args, action)
    else:
        raise ValueError(f"no pick numbered {pick}")
