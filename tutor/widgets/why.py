"""The "Why?" panel of the tutorial player: the chain of causes and "what if not?".

Pressing "Why?" in the tutorial player shows, for the entry on screen, the chain of
causes :func:`tutor.analysis.why.why` finds (a paragraph and its small graph picture)
as the player whose eyes are chosen may see it.  When the chain ends at a decision or
a chance outcome, the tutor's (omniscient) eyes get "What if not?": it branches there
with another choice or outcome (picked in the list) and shows both continuations side
by side, up to a little past where they first differ.  A chain that crosses actions
has more than one such link (the earlier decision that set what an entry read, and
the one that set the entry off): the *At* list picks which.  A player's eyes do not: the
other choices at a chance step and the branch itself are played from the real hidden
cards, which that player may not know.  Nothing here decides anything about rules.

Every part is a plain attribute holding an ipywidget, so tests click it headlessly.
"""

from __future__ import annotations

import ipywidgets as w

from tutor.analysis.why import (
    DECISION,
    Link,
    WhatIfNot,
    WhyChain,
    WhyError,
    alternatives,
    what_if_not,
    why,
)
from tutor.core.session import Session
from tutor.core.types import Action
from tutor.render.why import what_if_html, why_html


class WhyPanel(w.VBox):
    """The chain of causes of one entry of a session, and a "what if not?" at its root.

    Args:
        session: the session whose entries are explained (not changed by the panel).
    """

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.chain: WhyChain | None = None
        self.result: WhatIfNot | None = None
        self._options: list[Action] = []
        self._points: list[Link] = []
        self.view = w.HTML()
        self.view.add_class("tutor-why-view")
        self.at = w.Dropdown(description="At", layout=w.Layout(width="360px"))
        self.at.observe(lambda _: self._list_alternatives(), names="value")
        self.alternative = w.Dropdown(description="Instead", layout=w.Layout(width="360px"))
        self.what_if_button = w.Button(
            description="What if not?",
            tooltip="Branch at this decision or chance outcome and take another",
            icon="code-fork",
            layout=w.Layout(width="auto"),
        )
        self.what_if_button.add_class("tutor-what-if-not")
        self.what_if_button.on_click(lambda _: self.what_if())
        self.comparison = w.HTML()
        self.branch_box = w.HBox([self.at, self.alternative, self.what_if_button])
        self.children = (self.view, self.branch_box, self.comparison)
        self.branch_box.layout.display = "none"

    def explain(self, entry: int, player: int | None) -> WhyChain | None:
        """Show the chain of ``entry`` through ``player``'s eyes (``None``: the tutor).

        Returns:
            The chain shown, or ``None`` when there is no such entry (the panel says so).
        """
        self.result = None
        self.comparison.value = ""
        try:
            chain = why(self.session, entry, player)
        except WhyError as exc:
            self.chain = None
            self.view.value = f"<p>{exc}</p>"
            self.branch_box.layout.display = "none"
            return None
        self.chain = chain
        self.view.value = why_html(chain)
        # Another choice replays the real game, hidden cards and all: what it would show
        # a player could give away what they cannot know, so only the tutor branches.
        tutor_eyes = player is None
        points = [
            p for p in (chain.branch_points if tutor_eyes else ()) if alternatives(self.session, p)
        ]
        self._points = points
        self.at.options = [(_point_label(p), i) for i, p in enumerate(points)]
        self.at.layout.display = "flex" if len(points) > 1 else "none"
        self.at.value = 0 if points else None
        self._list_alternatives()
        return chain

    @property
    def point(self) -> Link | None:
        """The decision or chance outcome "What if not?" branches at (chosen in *At*)."""
        if self.at.value is None or not self._points:
            return None
        return self._points[int(self.at.value)]

    def _list_alternatives(self) -> None:
        """List the other choices or outcomes at the branch point chosen in *At*."""
        point = self.point
        options = alternatives(self.session, point) if point is not None else []
        self.alternative.options = [(a.label, i) for i, a in enumerate(options)]
        self.alternative.value = 0 if options else None
        self._options = list(options)
        self.branch_box.layout.display = "flex" if options else "none"

    def what_if(self) -> WhatIfNot | None:
        """Branch at the decision or chance outcome chosen in *At* (the chain's root
        unless told otherwise) with the alternative chosen in the list.

        Returns:
            Both continuations (also shown side by side), or ``None`` without a choice.
        """
        chain = self.chain
        point = self.point
        if chain is None or point is None or not self._options or self.alternative.value is None:
            return None
        other = self._options[int(self.alternative.value)]
        try:
            result = what_if_not(self.session, point, other, player=chain.player)
        except WhyError as exc:
            self.comparison.value = f"<p>{exc}</p>"
            return None
        self.result = result
        self.comparison.value = what_if_html(result)
        return result


def _point_label(link: Link) -> str:
    """A branch point as the *At* list names it: what it was, shortened."""
    text = link.text if len(link.text) <= 70 else link.text[:69] + "…"
    return f"{'Decision' if link.kind == DECISION else 'Chance'} (step {link.index}): {text}"


__all__ = ["WhyPanel"]
