"""Action plays (topics 8 III-IV, 12): the main play and the reveal of action plays."""

from __future__ import annotations

from tutor.core.types import Action
from tutor.games.mantis_falls.engine import conditions, context, triad, under_the_rose
from tutor.games.mantis_falls.engine.data import CE_SPACES, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    WINDOW_FRAME,
    MainPlay,
    RevealLoop,
)


# ---- main play (topic 8, III) --------------------------------------------
def main_play_choices(s: MantisFallsData, p: int) -> list[Action]:
    """The four main-play options, already sorted and one per card name (hot path)."""
    table = s.game.main_play_actions[p]
    rows = [table[c] for c in s._first_copies(s.hands[p])]
    if triad.is_bystander(s, p):  # no action play for the bystander (mf.9.1)
        return [r[1] for r in rows] + [r[2] for r in rows] + [s.game.do_nothing[p]]
    return (
        [r[1] for r in rows] + [r[2] for r in rows] + [s.game.do_nothing[p]] + [r[0] for r in rows]
    )


def mainplay_options(s: MantisFallsData, top: MainPlay) -> list[Action]:
    p, mode = top.player, top.mode
    hand = s.hands[p]
    acts: list[Action] = []
    if mode == "choose":
        return main_play_choices(s, p)
    # Built in canonical order: "discard" < "finish" < "play", cards by id, and one
    # choice per card name (the lowest copy in hand).
    game = s.game
    if mode == "play":
        suits = game.suits
        suit = suits[s.plays[p][0]]
        table = game.add_to_play[p]
        k = len(s.plays[p])
        acts.append(game.finish_play[p][k])
        acts += [table[c] for c in s._first_copies(c for c in hand if suits[c] == suit)]
    else:
        table = game.discard_more[p]
        acts = [table[c] for c in s._first_copies(hand)]
        acts.append(game.stop_discarding[p])
    return acts


def mainplay_chosen(s: MantisFallsData, top: MainPlay, action: Action) -> None:
    p, mode = top.player, top.mode
    kind = action.kind
    who = s.name(p)
    if kind == "play":
        c = action.args[0]
        s.hands[p].remove(c)
        s.plays[p].append(c)
        k = len(s.plays[p])
        if s.tracing:
            s._log(
                "mf.8.5" if k == 1 else "mf.12.5",
                f"{who} places {s.card_label(c)} face down as card {k} of an action play.",
                p,
                "action",
                (("plays", p, k),),
                visible_to=(p,),
                public_text=f"{who} places card {k} of an action play face down.",
            )
        s.stack[-1] = MainPlay(p, "play", k)
    elif kind == "conserve":
        c = action.args[0]
        s.hands[p].remove(c)
        s.stack.pop()
        if s.tracing:
            s._log(
                triad.main_play_rule(s, p, "mf.8.6"),
                f"{who} takes main-play option 2: conserve energy, placing "
                "one card from hand face up.",
                p,
                "action",
            )
        if len(s.conserved) < CE_SPACES:
            s.conserved.append(c)
            if s.tracing:
                s._log(
                    "mf.15.1",
                    f"{who} conserves energy: {s.card_label(c)} goes face up "
                    f"into Conserved Energy ({len(s.conserved)}/4).",
                    p,
                    "action",
                    (("conserved", len(s.conserved) - 1, len(s.conserved)),),
                )
        else:
            s.action_discard.append(c)
            if s.tracing:
                s._log(
                    "mf.15.5",
                    f"{who} conserves {s.card_label(c)}, but Conserved Energy "
                    "is full, so the card is discarded.",
                    p,
                    "action",
                )
    elif kind == "discard":
        c = action.args[0]
        s.hands[p].remove(c)
        s.action_discard.append(c)
        if s.tracing:
            s._log(
                triad.main_play_rule(s, p, "mf.8.7"),
                f"{who} discards {s.card_label(c)} face down.",
                p,
                "action",
                visible_to=(p,),
                public_text=f"{who} discards a card face down.",
            )
        if mode == "discard" or not s.hands[p]:
            s.stack.pop()
        else:
            s.stack[-1] = MainPlay(p, "discard", 1)
    elif kind == "nothing":
        s.stack.pop()
        if s.tracing:
            s._log(
                triad.main_play_rule(s, p, "mf.8.8"),
                f"{who} does nothing for the main play.",
                p,
                "action",
            )
    elif kind == "finish":
        s.stack.pop()
        if mode == "play" and s.tracing:
            k = len(s.plays[p])
            s._log(
                "mf.12.7",
                f"{who}'s action play is set: {k} card{'s' * (k > 1)} face down.",
                p,
                "action",
            )


# ---- main processing: reveal loop (topic 12) ----
def reveal_loop_step(s: MantisFallsData, top: RevealLoop) -> None:
    stage = top.stage
    revealed, plays = s.revealed, s.plays
    players = [p for p in s._both() if revealed[p] < len(plays[p])]
    if not players:
        s.stack.pop()
        done = [c for p in s._both() for c in s.plays[p]]
        for p in s._both():
            s.plays[p].clear()
            s.revealed[p] = 0
            s.play_kept[p] = 0
        s.action_discard.extend(done)
        if s.tracing and done:
            s._log(
                "mf.8.9",
                "All action plays are processed; "
                + (f"their {len(done)} cards go" if len(done) > 1 else "the one card left goes")
                + " face down to the discard pile.",
            )
        return
    if stage == "window":
        s.stack[-1] = RevealLoop("reveal")
        conditions.open_window(s, "before_reveal")
        if s.stack[-1].kind == WINDOW_FRAME:
            return
    s.stack[-1] = RevealLoop("window")
    p = s.reveal_next if s.reveal_next in players else players[0]
    c = s.plays[p][s.revealed[p]]
    s.revealed[p] += 1
    k = s.revealed[p] + s.play_kept[p] - 1
    s.reveal_next = s.other(p)
    if s.tracing:
        two = len([q for q in s._both() if s.plays[q]]) > 1
        why = " (plays alternate, the turn player first)" if two else ""
        s._log(
            "mf.12.6",
            f"{s.name(p)} reveals card {k + 1} of their action play: {s.card_label(c)}{why}.",
            p,
            changes=(("revealed", c, True),),
        )
    if s.game.under_the_rose:
        under_the_rose.start_card(s, p, c, k + 1, False)
    else:
        context.start_card(s, p, c, k + 1, False)
