"""Teaching hints: plausible but illegal actions, shown disabled so learners see what the
rules forbid.
"""

from __future__ import annotations

from tutor.core.types import Action, Verdict
from tutor.games.mantis_falls.engine import choices
from tutor.games.mantis_falls.engine.data import END, MantisFallsData
from tutor.games.mantis_falls.engine.frames import (
    P_MOVE,
    GaspPlay,
    MainPlay,
    Pick,
)


def tempting_actions(s: MantisFallsData) -> list[tuple[Action, Verdict]]:
    """Plausible but illegal actions now, each with the reason it is illegal.

    Tutorials show these disabled so learners see what the rules forbid.
    """
    d = choices.decision(s)
    if d.kind != "choice" or not s.stack:
        return []
    top = s.stack[-1]
    p = d.player
    assert p is not None
    out: list[Action] = []
    if isinstance(top, MainPlay) and top.mode == "play":
        suit = s.cards.actions[s.plays[p][0]].suit
        out = [
            Action(p, "play", (c,), f"Add {s.card_label(c)} to the action play")
            for c in sorted(set(s.hands[p]))
            if s.cards.actions[c].suit != suit
        ]
    elif isinstance(top, MainPlay) and top.mode == "discard":
        pass
    elif isinstance(top, GaspPlay) and s.gasp_play:
        suit = s.cards.actions[s.gasp_play[0]].suit
        out = [
            Action(p, "gasp_add", (c,), f"Add {s.card_label(c)} to the Last Gasp play")
            for c in sorted(set(s.hands[p]))
            if s.cards.actions[c].suit != suit
        ]
    elif isinstance(top, Pick) and top.pick == P_MOVE and top.args[2] == "initial":
        far = max(a.args[0] for a in s._legal_actions()) + 1
        if s.pos[p] + far <= END:
            out = [Action(p, "move", (far,), f"{s.name(p)} moves {far} roads")]
    return [(a, s.check(a)) for a in out]
