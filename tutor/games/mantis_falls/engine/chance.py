"""Chance steps: the outcomes of a shuffled draw or a random discard, and carrying one out."""

from __future__ import annotations

from tutor.core.rng import Rng
from tutor.core.types import Action
from tutor.games.mantis_falls.engine import drawing, events, under_the_rose
from tutor.games.mantis_falls.engine.basics import _counts
from tutor.games.mantis_falls.engine.data import MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    Chance,
)


def chance_outcomes(s: MantisFallsData) -> list[tuple[Action, float]]:
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, Chance):
        return []
    what = top.what
    if what in ("action_draw", "bury"):
        pool = s.action_pile
        counts = _counts(pool)
        n = len(pool)
        table = s.game.chance_draw if what == "action_draw" else s.game.chance_bury
        return [(table[c], k / n) for c, k in counts]
    if what in ("event_draw", "peek"):
        pool = s.event_pile
        counts = _counts(pool)
        n = len(pool)
        table = s.game.chance_event["draw_event" if what == "event_draw" else "top_event"]
        return [(table[e], k / n) for e, k in counts]
    if what == "discard":
        q = top.player
        counts = _counts(s.hands[q])
        n = len(s.hands[q])
        table = s.game.chance_discard
        return [(table[c], k / n) for c, k in counts]
    return []


def sample_chance(s: MantisFallsData, rng: Rng | None = None) -> Action:
    """Sample the chance step directly (same distribution as chance_outcomes)."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, Chance):
        raise ValueError("sample_chance called when the next step is not chance")
    what = top.what
    r = rng or s.rng
    if what == "action_draw":
        return s.game.chance_draw[s.action_pile[r.below(len(s.action_pile))]]
    if what == "bury":
        return s.game.chance_bury[s.action_pile[r.below(len(s.action_pile))]]
    if what == "discard":
        hand = s.hands[top.player]
        return s.game.chance_discard[hand[r.below(len(hand))]]
    e = s.event_pile[r.below(len(s.event_pile))]
    return s.game.chance_event["draw_event" if what == "event_draw" else "top_event"][e]


def chance_chosen(s: MantisFallsData, top: Chance, action: Action) -> None:
    what = top.what
    s.stack.pop()
    x = action.args[0]
    if what == "action_draw":
        p, rule = top.player, top.rule
        s.action_pile.remove(x)
        drawing.give_card(s, p, x, rule)
    elif what == "event_draw":
        s.event_pile.remove(x)
        events.reveal_event(s, x)
    elif what == "peek":
        s.event_pile.remove(x)
        s.event_top.insert(0, x)
        events.peeked(s, top.player, x)
    elif what == "bury":
        under_the_rose.bury_drawn(s, top, x)
    elif what == "discard":
        q, k, rule = top.player, top.count, top.rule
        s.hands[q].remove(x)
        s.action_discard.append(x)
        if s.tracing:
            # Face down (mf.19.4): only the owner knows which card left their hand.
            s._log(
                rule,
                f"{s.name(q)} discards {s.card_label(x)} at random, face down.",
                q,
                "chance",
                visible_to=(q,),
                public_text=f"{s.name(q)} discards a card at random, face down.",
            )
        if k > 1 and s.hands[q]:
            s.stack.append(Chance("discard", q, k - 1, rule))


_CHANCE_PROMPT = {
    "action_draw": "Draw an action card from the shuffled pile.",
    "event_draw": "Draw the top event card.",
    "discard": "Discard a random action card.",
    "peek": "Turn up the top event card.",
    "bury": "Bury an action card from the shuffled pile.",
}
