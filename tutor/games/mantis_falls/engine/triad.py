"""Three-player games with the Triad module (topics 7, 9, 22): the bystander.

Each turn two players are active (the turn player and their partner, engine/data.py's
``_both``) and the third is the bystander.  The shared rule modules already reach only
active players through ``other``/``_both``; this module holds what the bystander may
do: the small main play after the active players' (discard up to two or conserve one,
never an action play), and the choices Triad cards hand to them (``bystander_choice``).
"""

from __future__ import annotations

from typing import Any

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import context
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import P_BYSTANDER_CHOICE, Ctx, Effects, Pick


def log_next_turn(s: MantisFallsData) -> None:
    """Say whose turn it is now: the next seat clockwise (mf.7.1)."""
    p = s.turn_player
    s._log(
        "mf.7.1",
        f"Turn {s.turn_no}: {s.name(p)}'s turn (turns pass clockwise, to the next seat).",
        p,
        changes=(("turn_player", None, p),),
    )


def log_seats(s: MantisFallsData) -> None:
    """Say who faces this turn and who stands by (mf.7.1-mf.7.3)."""
    p, by = s.turn_player, s.bystander
    s._log(
        "mf.7.2",
        f"{s.name(p)} and {s.name(s.other(p))} are the active players this turn; "
        f'"the other player" on any card means one of them.',
        p,
    )
    s._log(
        "mf.7.3",
        f"{s.name(by)} is the bystander: no action play, no event, no wounds, no "
        "conditions or allies, and no any-time effects this turn.",
        by,
    )


def is_bystander(s: MantisFallsData, p: int) -> bool:
    """Whether ``p`` is this turn's bystander (never, with two players)."""
    return p == s.bystander


def main_play_rule(s: MantisFallsData, p: int, rule: str) -> str:
    """The rule a main-play choice cites: the bystander's own (mf.9.1), else ``rule``."""
    return "mf.9.1" if p == s.bystander else rule


# ---- cards that name the bystander (mf.9.3) ----------------------------------
def bystander_choice_effect(
    s: MantisFallsData, ctx: Ctx, eff: dict[str, Any], ref: tuple[Any, ...]
) -> None:
    if s.bystander < 0 and s.tracing:
        s._log(
            "mf.9.3",
            f"{context.source_name(s, ctx)}: with two players there is no bystander, so "
            f"{s.name(ctx[0])} makes the choice.",
            ctx[0],
            visible_to=context.ctx_vis(s, ctx),
            public_text="",
        )
    s.stack.append(Pick(ctx, P_BYSTANDER_CHOICE, ref))


def chooser(s: MantisFallsData, ctx: Ctx) -> int:
    """Who decides a ``bystander_choice``: the bystander, or with two players the card's."""
    return s.bystander if s.bystander >= 0 else ctx[0]


def bystander_choice_options(s: MantisFallsData, ctx: Ctx, ref: tuple[Any, ...]) -> list[Action]:
    eff = s.game.resolve(ref)
    who = chooser(s, ctx)
    return [Action(who, "choose", (k,), opt["label"]) for k, opt in enumerate(eff["options"])]


def bystander_choice_chosen(
    s: MantisFallsData, ctx: Ctx, ref: tuple[Any, ...], action: Action
) -> None:
    k = action.args[0]
    if s.tracing:
        label = s.game.resolve(ref)["options"][k]["label"]
        who = chooser(s, ctx)
        s._log(
            "mf.9.3",
            f"{context.source_name(s, ctx)}: {s.name(who)}"
            f"{' (the bystander)' if who == s.bystander else ''} chooses for "
            f"{s.name(ctx[0])}: {label}.",
            who,
            "action",
            visible_to=context.ctx_vis(s, ctx),
            public_text="",
        )
    # The chosen effects are processed by the card's player, as every effect is (mf.12.2).
    s.stack.append(Effects(ctx, tuple(ref) + ("options", k, "effects"), 0))


# ---- setup with three players (mf.5.12, mf.5.13, mf.2.6) ----------------------
def log_midnight_deal(s: MantisFallsData) -> None:
    """Trace the Midnight deal of a three-player game (mf.5.12), Triad's cards (mf.22.2)."""
    s._log(
        "mf.22.1",
        "Three players: the Triad module is in play, as every three-player game needs.",
    )
    s._log(
        "mf.22.2",
        "Triad's role card joins the role cards and its action cards join the action deck.",
    )
    s._log(
        "mf.5.12",
        "The Pact (Triad) is shuffled with the two Call in a Hit cards and each of the "
        "three players is dealt one of them face down.",
    )
    for p in range(s.game.num_players):
        s._log(
            "mf.5.12",
            f"{s.name(p)} is dealt {s.card_label(s.hands[p][0])}.",
            p,
            visible_to=(p,),
            public_text=f"{s.name(p)} is dealt one of the three Midnight cards face down.",
        )


def log_roles(s: MantisFallsData) -> None:
    """Trace the role deal of a three-player game (mf.5.13, mf.2.6)."""
    s._log(
        "mf.5.13",
        "Three witness roles (one of them Triad's) and one assassin role are shuffled; "
        "each player gets one face down and the fourth is removed unseen.",
    )
    s._log(
        "mf.2.6",
        "With a third witness in the role deck, the game may have no assassin at all.",
    )
