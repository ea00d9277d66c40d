"""The Mantis Falls position editor of the what-if explorer (the game's ``editor`` hook).

ipywidgets controls for a position, written as the documented scenario ``setup``
keys (``docs/mantis_falls.md``): per player the road, wounds, gasp marker, role and
hand; for the table who goes first, the event on top of the event deck and the cards
in Conserved Energy.  The explorer (:mod:`tutor.widgets.whatif`) builds it with
``editor(game, view)`` and never writes state fields: Apply hands the setup to
``game.apply_setup``, so the engine judges every edit.
"""

from __future__ import annotations

import copy
from collections import Counter
from html import escape
from typing import Any

import ipywidgets as w

from tutor.core.game import Game

SHUFFLED = ""
"""The "event on top" value meaning: no known top card, the draw is random."""


class MantisFallsEditor:
    """Controls for a Mantis Falls position, written as the documented setup keys.

    Per player: road position, wounds, gasp marker, role and hand (one option per copy
    of each action card, so two Bullets can be chosen).  For the table: who goes first,
    the event on top of the event deck and the cards in Conserved Energy.  The controls
    deliberately allow values the rules refuse (8 of 8 wounds, the Broken Road, two
    assassins): the engine's ``ScenarioError`` then explains why.

    Args:
        game: a loaded Mantis Falls game (its card data gives the choices).
        view: an omniscient view of a position of that game (roads, names, limits).
    """

    def __init__(self, game: Game, view: dict[str, Any]) -> None:
        cards = game.cards  # type: ignore[attr-defined]
        self.names = [str(p["name"]) for p in view["players"]]
        copies: Counter[str] = Counter()
        totals = Counter(c.name for c in cards.actions)
        self.card_options: list[tuple[str, str]] = []
        for card in sorted(cards.actions, key=lambda c: (c.name, c.index)):
            copies[card.name] += 1
            label = f"{card.name} ({card.suit.title()})"
            if totals[card.name] > 1:
                label += f" · copy {copies[card.name]}"
            self.card_options.append((label, f"{card.name}#{copies[card.name]}"))
        roads = self.road_options(view)
        self.players: list[dict[str, w.Widget]] = []
        boxes = []
        for p, pl in enumerate(view["players"]):
            controls: dict[str, w.Widget] = {
                "position": w.Dropdown(options=roads, description="Road"),
                "wounds": w.IntSlider(
                    min=0, max=int(pl.get("max_wounds", 8)), description="Wounds"
                ),
                "gasps": w.IntSlider(min=0, max=3, description="Gasp marker"),
                "role": w.Dropdown(options=["witness", "assassin"], description="Role"),
                "hand": w.SelectMultiple(
                    options=self.card_options,
                    rows=8,
                    description="Hand",
                    layout=w.Layout(width="330px"),
                ),
            }
            self.players.append(controls)
            boxes.append(
                w.VBox(
                    [w.HTML(f"<b>{escape(self.names[p])}</b>"), *controls.values()],
                    layout=w.Layout(border="1px solid #ddd", padding="4px", margin="2px"),
                )
            )
        events = sorted({e.name for e in cards.events})
        self.turn_player = w.Dropdown(
            options=[(name, p) for p, name in enumerate(self.names)], description="Goes first"
        )
        self.event_top = w.Dropdown(
            options=[("(shuffled: a random draw)", SHUFFLED), *[(e, e) for e in events]],
            description="Event on top",
            style={"description_width": "initial"},
        )
        self.conserved = w.SelectMultiple(
            options=self.card_options,
            rows=6,
            description="Conserved",
            layout=w.Layout(width="330px"),
        )
        table = w.VBox(
            [w.HTML("<b>The table</b>"), self.turn_player, self.event_top, self.conserved],
            layout=w.Layout(border="1px solid #ddd", padding="4px", margin="2px"),
        )
        self._conditions: list[list[str] | None] = [None] * len(self.names)
        self.widget = w.HBox([*boxes, table], layout=w.Layout(flex_flow="row wrap"))

    @staticmethod
    def road_options(view: dict[str, Any]) -> list[tuple[str, int]]:
        """``(label, position)`` for every place of the road, the Broken Road marked."""
        return [
            (
                f"{r['position']} · {r.get('name', '?')}"
                + (" (Broken Road)" if r.get("broken") else ""),
                int(r["position"]),
            )
            for r in view["roads"]
        ]

    # ---- cards <-> option keys
    def keys_for(self, names: list[str]) -> list[str]:
        """Option keys for card names: the k-th card of a name is copy k."""
        seen: Counter[str] = Counter()
        valid = {key for _, key in self.card_options}
        keys = []
        for name in names:
            seen[name] += 1
            key = f"{name}#{seen[name]}"
            if key in valid:
                keys.append(key)
        return keys

    @staticmethod
    def names_for(keys: tuple[str, ...] | list[str]) -> list[str]:
        """Card names for option keys (``"Bullet#2"`` is a Bullet)."""
        return [key.rsplit("#", 1)[0] for key in keys]

    def load(self, view: dict[str, Any], setup: dict[str, Any], *, from_play: bool = False) -> None:
        """Fill the controls from an omniscient view of a position.

        Args:
            view: ``state.view(None)`` of the position to show.
            setup: the scenario setup behind the position (its event on top is shown).
            from_play: True when the position was reached in play: its conditions are
                carried over too, and its known event on top (if any) is used.

        Roads, wounds, gasp markers, roles, hands, conditions, Conserved Energy, who
        plays next and a known event on top are carried over.  Ally cards are not (the
        setup keys describe them card by card, the view only by name), nor which roads
        were turned face up: the fresh game starts with the seed's allies and turns
        roads up as any new game does (the road under each piece is face up).
        """
        roads = self.road_options(view)  # a scenario may have its own road order
        for p, pl in enumerate(view["players"]):
            c = self.players[p]
            if list(c["position"].options) != roads:
                c["position"].options = roads
            c["position"].value = int(pl["position"])
            c["wounds"].value = int(pl["wounds"])
            c["gasps"].value = int(pl["gasps"])
            if pl.get("role") in ("witness", "assassin"):
                c["role"].value = pl["role"]
            c["hand"].value = tuple(self.keys_for(list(pl.get("hand") or [])))
            self._conditions[p] = list(pl.get("conditions") or []) if from_play else None
        self.turn_player.value = int(view.get("turn_player", 0))
        self.conserved.value = tuple(self.keys_for(list(view.get("conserved") or [])))
        tops = setup.get("event_deck_top") or []
        top = view.get("event_top") if from_play else (tops[0] if tops else None)
        names = {value for _, value in self.event_top.options}
        self.event_top.value = top if top in names else SHUFFLED

    def setup(self, base: dict[str, Any]) -> dict[str, Any]:
        """Return ``base`` with the controls written as Mantis Falls setup keys.

        Keys the editor has no control for (allies, conditions, the road order, the
        action deck's top) are kept from ``base``.
        """
        out = copy.deepcopy(base)
        players = list(out.get("players") or [])
        players += [None] * (len(self.players) - len(players))
        for p, c in enumerate(self.players):
            entry = dict(players[p] or {})
            entry["position"] = int(c["position"].value)
            entry["wounds"] = int(c["wounds"].value)
            entry["gasps"] = int(c["gasps"].value)
            entry["role"] = str(c["role"].value)
            entry["hand"] = self.names_for(list(c["hand"].value))
            if self._conditions[p] is not None:
                entry["conditions"] = list(self._conditions[p] or [])
            players[p] = entry
        out["players"] = players
        out["turn_player"] = int(self.turn_player.value)
        out["conserved"] = self.names_for(list(self.conserved.value))
        top = self.event_top.value
        before = list(out.get("event_deck_top") or [])
        if top == SHUFFLED:
            out.pop("event_deck_top", None)
        elif not before or before[0] != top:
            out["event_deck_top"] = [top]
        return out


__all__ = ["SHUFFLED", "MantisFallsEditor"]
