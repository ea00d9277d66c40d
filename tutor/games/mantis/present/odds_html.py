"""The odds of the decision at hand as HTML, shown beside the choice in the tutorial player.

The spec's ``hands`` hook (the tutorial player's "Cards on the table" box) points here:
when the back of the top card is shown and the viewer is the deciding player (or the
tutor), it lists every choice with its exact chance of success and expected cards,
computed from that player's view (:func:`tutor.games.mantis.odds.decision_odds`).
Other players see nothing here: the odds would tell what the decider knows.
"""

from __future__ import annotations

from html import escape
from typing import Any

from tutor.games.mantis.odds import decision_odds


def odds_table(view: dict[str, Any], game: Any) -> str:
    """An HTML table of the decision's odds, or ``""`` when there is no decision to show."""
    if view.get("phase") != "announce" or view.get("viewer") not in (None, view["turn_player"]):
        return ""
    odds = decision_odds(view, game)
    name = escape(view["players"][view["turn_player"]]["name"])
    faces = ", ".join(f"{escape(c)} {p:.0%}" for c, p in odds.faces.items())
    rows = "".join(
        f"<tr><td>{escape(o.label)}</td><td>{o.matching}/{o.candidates}</td>"
        f"<td>{o.scored:.2f}</td><td>{o.gained:.2f}</td><td>{o.taken:.2f}</td></tr>"
        for o in odds.options
    )
    return (
        f"<div class='mantis-odds'><p>The odds {name} can work out: the face is {faces}.</p>"
        "<table><tr><th>choice</th><th>succeeds</th><th>expected scored</th>"
        f"<th>expected into tank</th><th>expected taken</th></tr>{rows}</table></div>"
    )


__all__ = ["odds_table"]
