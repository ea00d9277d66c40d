"""Decisions: who decides at the waiting frame, what they are asked, and which rule applies."""

from __future__ import annotations

from tutor.core.game import RESOLVING_PROMPT
from tutor.core.types import Decision
from tutor.games.mantis_falls import gasp_flow
from tutor.games.mantis_falls.engine import triad
from tutor.games.mantis_falls.engine.chance import _CHANCE_PROMPT
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    CHANCE_FRAME,
    PICK_NAMES,
    TURN_FRAME,
    Chance,
    Frame,
    GaspPlay,
    GaspReturn,
    MainPlay,
    Pick,
    Window,
)


def decision(s: MantisFallsData) -> Decision:
    if not s.stack:
        return Decision("terminal", None, "The game is over.", "mf.20.3", "game_over")
    top = s.stack[-1]
    if top.kind > CHANCE_FRAME or top.kind == TURN_FRAME:
        # A position caught while the rules resolve an action (the tutor draws the
        # position at each entry it reveals): nobody decides here.
        return Decision("resolving", None, RESOLVING_PROMPT, "", s.phase)
    secret = s._inside_unseen_event()
    if isinstance(top, Chance):
        prompt, rule = _CHANCE_PROMPT[top.what], top.rule
        if secret:
            # A random discard an unseen event orders cites the event's kind (mf.11.3
            # or mf.11.6): the others are told only that the unseen event draws it.
            return Decision(
                "chance",
                None,
                prompt,
                rule,
                s.phase,
                frozenset((s.turn_player,)),
                "A chance step inside the unseen event.",
                "mf.11.8",
            )
        return Decision("chance", None, prompt, rule, s.phase)
    player, prompt, rule = decision_spec(s, top)
    phase = "last_gasp" if s.in_gasp >= 0 else s.phase
    if secret:
        # A choice the unseen event offers (how far to move, whom to wound ...) tells
        # what the card is; the turn player may keep it quiet (mf.11.8, mf.11.9).
        return Decision(
            "choice",
            player,
            prompt,
            rule,
            phase,
            frozenset((s.turn_player,)),
            f"{s.name(player)} makes a choice inside the unseen event.",
            "mf.11.8",
        )
    return Decision("choice", player, prompt, rule, phase)


def decision_spec(s: MantisFallsData, top: Frame) -> tuple[int, str, str]:
    if isinstance(top, MainPlay):
        p, mode = top.player, top.mode
        if mode == "choose":
            if triad.is_bystander(s, p):
                return p, f"{s.name(p)} (bystander): discard, conserve or do nothing.", "mf.9.1"
            return p, f"{s.name(p)}: choose a main play.", "mf.8.4"
        if mode == "play":
            return p, f"{s.name(p)}: add another card of the same suit, or finish.", "mf.8.5"
        return p, f"{s.name(p)}: discard another card, or stop.", "mf.8.7"
    if isinstance(top, GaspReturn):
        p = top.player
        return (
            p,
            (
                f"{s.name(p)}: return face-down cards of your suspended action play "
                "to your hand for the Last Gasp?"
            ),
            gasp_flow.LAST_GASP.rule("return_cards"),
        )
    if isinstance(top, GaspPlay):
        p = top.player
        prompt = f"{s.name(p)}: build your Last Gasp play (one suit)."
        return p, prompt, gasp_flow.LAST_GASP.rule("gasp_play")
    if isinstance(top, Window):
        p = top.asked[0]
        return p, f"{s.name(p)}: use an any-time effect, or pass.", "mf.13.3"
    if isinstance(top, Pick):
        return pick_spec(s, top)
    raise ValueError(f"{top!r} waits for no choice")


def pick_spec(s: MantisFallsData, top: Pick) -> tuple[int, str, str]:
    ctx, what, args = top.ctx, PICK_NAMES[top.pick], top.args
    p = ctx[0]
    who = s.name(p)
    if what == "expend":
        return p, f"{who}: Conserved Energy is full. Expend it?", "mf.15.3"
    if what == "move":
        mover = args[0]
        if args[2] == "initial":
            return mover, f"{s.name(mover)}: initial movement.", "mf.8.2"
        return p, f"{who}: how far does {s.name(mover)} move?", "mf.12.2"
    if what == "draw_source":
        return (
            args[0],
            f"{s.name(args[0])}: draw from the pile or from Conserved Energy?",
            "mf.15.2",
        )
    if what == "discard_chosen":
        return args[0], f"{s.name(args[0])}: choose a card to discard.", "mf.12.2"
    if what == "night_pick":
        return p, f"{who}: choose one of the Actions by the Night.", "mf.10.8"
    if what == "dark_pick":
        return p, f"{who}: choose one of the Actions by the Dark.", "mf.10.10"
    if what == "bystander_choice":
        by = triad.chooser(s, ctx)
        return by, f"{s.name(by)}: {who}'s card asks you to choose.", "mf.9.3"
    if what == "gasp_order":
        return (
            p,
            f"{who}: several players must make a Last Gasp; choose who goes first.",
            gasp_flow.LAST_GASP.rule("order"),
        )
    prompts = {
        "wound_target": ("choose who receives the wounds.", "mf.12.2"),
        "heal_target": ("choose who is healed.", "mf.12.2"),
        "take_ally": ("choose an ally card to take.", "mf.14.2"),
        "return_ally": ("choose an ally to return to the ally deck.", "mf.14.5"),
        "remove_condition": ("choose a condition to discard.", "mf.13.1"),
        "take_conserved": ("choose a card to take from Conserved Energy.", "mf.15.2"),
        "peek_keep": ("keep the top event where it is, or put it on the bottom?", "mf.19.1"),
        "choose_one": ("choose one option.", "mf.12.2"),
        "wound_split": ("divide the wounds between the players.", "mf.11.9"),
        "rose_meet": ("you meet your agent: bury or redeem?", "mf.23.6"),
        "rose_pay": ("choose buried cards to pay with.", "mf.23.9"),
        "rose_pay_off": ("pay off an agent?", "mf.23.13"),
        "rose_trim": ("discard down to seven cards.", "mf.23.11"),
    }
    text, rule = prompts[what]
    return p, f"{who}: {text}", rule
