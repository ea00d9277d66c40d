"""The turn sequence (topic 8): each step of a turn, in TURN_STEPS order."""

from __future__ import annotations

from tutor.games.mantis_falls.engine import conditions, events, game_end, triad, under_the_rose
from tutor.games.mantis_falls.engine.data import CE_SPACES, END, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_EXPEND,
    P_MOVE,
    DrawPhase,
    EventProcess,
    MainPlay,
    Pick,
    RevealLoop,
)


def turn_step(s: MantisFallsData, step: int) -> None:
    """Carry out turn step ``step`` (an index in :data:`TURN_STEPS`)."""
    if step == 0:
        turn_start(s)
    elif step == 1:
        turn_expend(s)
    elif step == 2:
        turn_window_move(s)
    elif step == 3:
        turn_move(s)
    elif step == 4:
        turn_pay_off(s)
    elif step == 5:
        turn_event_draw(s)
    elif step == 6:
        turn_main_turn(s)
    elif step == 7:
        turn_main_other(s)
    elif step == 8:
        turn_reveal(s)
    elif step == 9:
        turn_window_event(s)
    elif step == 10:
        turn_event(s)
    elif step == 11:
        turn_window_draw(s)
    elif step == 12:
        turn_draw(s)


def turn_start(s: MantisFallsData) -> None:
    n = s.game.num_players
    if (
        END in s.pos
        and all(s.pos[p] == END and not s.dead[p] for p in range(n))
        and not (s.game.under_the_rose and under_the_rose.agents_hold_escape(s))
    ):
        if s.tracing:
            s._log(
                "mf.20.1",
                "A new turn begins with every player alive at the End of "
                "the Road: the players escape.",
            )
        game_end.finish(s, "escape")
        return
    s.turn_no += 1
    if s.turn_no > 1:
        s.turn_player = s.game.next_player[s.turn_player]
    p = s.turn_player
    s.phase = "initial_movement"
    s.event = -1
    s.event_prevented = False
    s.opp_wounds = 0
    s.boost = False
    for used in s.used_once:
        used.clear()
    if s.tracing:
        if s.bystander >= 0 and s.turn_no > 1:
            triad.log_next_turn(s)
        else:
            s._log(
                "mf.8.1",
                f"Turn {s.turn_no}: {s.name(p)}'s turn.",
                p,
                changes=(("turn_player", None, p),),
            )
        if s.bystander >= 0:
            triad.log_seats(s)


def turn_expend(s: MantisFallsData) -> None:
    p = s.turn_player
    if len(s.conserved) >= CE_SPACES:
        s.stack.append(Pick((p, "turn", -1, 0, False), P_EXPEND, ()))


def turn_window_move(s: MantisFallsData) -> None:
    conditions.open_window(s, "turn_start")


def turn_move(s: MantisFallsData) -> None:
    p = s.turn_player
    reach = 2 if s.boost else 1
    s.stack.append(Pick((p, "turn", -1, 0, False), P_MOVE, (p, reach, "initial")))


def turn_pay_off(s: MantisFallsData) -> None:
    # Under the Rose: right after the initial movement, paying off an agent (mf.23.13).
    if s.game.under_the_rose:
        under_the_rose.offer_pay_off(s)


def turn_event_draw(s: MantisFallsData) -> None:
    s.phase = "event_draw"
    if s.tracing:
        s._log(
            "mf.8.3",
            f"II. Event draw: {s.name(s.turn_player)} takes the top event card and looks at it.",
            s.turn_player,
        )
    events.draw_event(s)


def turn_main_turn(s: MantisFallsData) -> None:
    s.phase = "main_play"
    if s.tracing:
        p = s.turn_player
        s._log(
            "mf.8.4",
            f"III. Main play: each player picks one of the four options; "
            f"{s.name(p)} (the turn player) chooses first, then "
            f"{s.name(s.other(p))}"
            + (
                f"; then {s.name(s.bystander)}, the bystander, may discard or conserve."
                if s.bystander >= 0
                else "."
            ),
            p,
        )
    s.stack.append(MainPlay(s.turn_player, "choose", 0))


def turn_main_other(s: MantisFallsData) -> None:
    if s.bystander >= 0:
        # The bystander's small main play comes after both active players' (mf.9.1).
        s.stack.append(MainPlay(s.bystander, "choose", 0))
    s.stack.append(MainPlay(s.other(s.turn_player), "choose", 0))


def turn_reveal(s: MantisFallsData) -> None:
    s.phase = "action_processing"
    s.reveal_next = s.turn_player
    if any(s.plays):
        s.stack.append(RevealLoop("window"))


def turn_window_event(s: MantisFallsData) -> None:
    conditions.open_window(s, "before_event")


def turn_event(s: MantisFallsData) -> None:
    s.phase = "event_processing"
    if s.tracing and s.event >= 0:
        s._log(
            "mf.8.10",
            f"V. Event processing: the actions are done, so "
            f"{s.name(s.turn_player)} resolves this turn's event.",
            s.turn_player,
        )
    s.stack.append(EventProcess())


def turn_window_draw(s: MantisFallsData) -> None:
    conditions.open_window(s, "before_draw")


def turn_draw(s: MantisFallsData) -> None:
    s.phase = "draw"
    s.stack.append(DrawPhase(0))
