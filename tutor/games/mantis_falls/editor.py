"""The Mantis Falls position editor of the what-if explorer (the game's ``editor`` hook).

ipywidgets controls for a position, written as the documented scenario ``setup``
keys (``docs/mantis_falls.md``): per player the road, wounds, gasp marker, role and
hand (and, with Full Circle, the character and whether it is face up); for the table
who goes first, the event on top of the event deck and the cards in Conserved Energy.
The explorer (:mod:`tutor.widgets.whatif`) builds it with
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
GASP_MARKS = 2
"""The highest gasp marker a scenario may start with (a third gasp is death, mf.17)."""


class CardList:
    """A list of cards edited one card at a time: each card with its own Remove button,
    and a card picker with an Add button under them.

    Replaces a multi-select, where a plain click replaced the whole selection with one
    card.  Adding a card never touches the others; removing one removes only it.  A
    card may be added more times than the deck has copies: the engine then refuses the
    position on Apply, naming the card, so no edit is silently dropped.

    Args:
        title: what the list holds ("Hand", "Conserved").
        choices: ``(label, card name)`` pairs offered by the picker, in order.
        labels: how each card name is shown in the list (default: the name).
    """

    def __init__(
        self,
        title: str,
        choices: list[tuple[str, str]],
        labels: dict[str, str] | None = None,
    ) -> None:
        self.title = title
        self.labels = labels or {}
        self.names: list[str] = []
        self.rows = w.VBox()
        self.picker = w.Dropdown(options=choices, layout=w.Layout(width="240px"))
        self.add_button = w.Button(
            description="Add",
            icon="plus",
            tooltip=f"Add the chosen card to {title}",
            layout=w.Layout(width="auto"),
        )
        self.add_button.on_click(lambda _: self.add(str(self.picker.value)))
        self.heading = w.HTML()
        self.remove_buttons: list[w.Button] = []
        self.widget = w.VBox(
            [self.heading, self.rows, w.HBox([self.picker, self.add_button])],
            layout=w.Layout(margin="4px 0"),
        )
        self.widget.add_class("tutor-card-list")
        self._redraw()

    @property
    def value(self) -> tuple[str, ...]:
        """The cards as option keys: the k-th card of a name is ``"Name#k"``."""
        seen: Counter[str] = Counter()
        keys = []
        for name in self.names:
            seen[name] += 1
            keys.append(f"{name}#{seen[name]}")
        return tuple(keys)

    @value.setter
    def value(self, keys: tuple[str, ...] | list[str]) -> None:
        self.names = [key.rsplit("#", 1)[0] for key in keys]
        self._redraw()

    def add(self, name: str) -> None:
        """Add one card called ``name`` (the others stay as they are)."""
        if name:
            self.names.append(name)
            self._redraw()

    def remove(self, index: int) -> None:
        """Remove the card at ``index`` in the list, and only it.

        Raises:
            IndexError: if there is no card at ``index``.
        """
        del self.names[index]
        self._redraw()

    def _remover(self, index: int) -> Any:
        return lambda _button: self.remove(index)

    def _redraw(self) -> None:
        count = len(self.names)
        self.heading.value = f"<b>{escape(self.title)}</b> ({count} card{'s' * (count != 1)})"
        self.remove_buttons = []
        rows = []
        for i, name in enumerate(self.names):
            button = w.Button(
                description="Remove",
                icon="times",
                tooltip=f"Remove this {name} from {self.title}",
                layout=w.Layout(width="auto"),
            )
            button.add_class("tutor-remove-card")
            button.on_click(self._remover(i))
            self.remove_buttons.append(button)
            label = w.HTML(
                f"<span class='tutor-card-name'>{escape(self.labels.get(name, name))}</span>",
                layout=w.Layout(width="240px"),
            )
            rows.append(w.HBox([label, button]))
        if not rows:
            rows.append(w.HTML("<i>no cards</i>"))
        self.rows.children = tuple(rows)


class MantisFallsEditor:
    """Controls for a Mantis Falls position, written as the documented setup keys.

    Per player: road position, wounds, gasp marker, role and hand (a :class:`CardList`:
    add or remove one card at a time, two Bullets are two rows).  For the table: who
    goes first, the event on top of the event deck and the cards in Conserved Energy.
    The sliders offer only what a scenario may start with (wounds below the character's
    maximum, a gasp marker of at most 2); other controls allow positions the rules
    refuse (the Broken Road, two assassins, a third Medicine): the engine's
    ``ScenarioError`` then explains why.

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
        labels: dict[str, str] = {}
        for card in sorted(cards.actions, key=lambda c: (c.name, c.index)):
            copies[card.name] += 1
            labels.setdefault(card.name, f"{card.name} ({card.suit.title()})")
            label = labels[card.name]
            if totals[card.name] > 1:
                label += f" · copy {copies[card.name]}"
            self.card_options.append((label, f"{card.name}#{copies[card.name]}"))
        # The picker offers each card once, saying how many copies the deck has.
        choices = [
            (labels[name] + (f" · {totals[name]} copies" if totals[name] > 1 else ""), name)
            for name in sorted(labels)
        ]
        roads = self.road_options(view)
        # Full Circle: a character from the deal, and whether it is face up (mf.21.2-21.3).
        self.characters: dict[str, int] = {}
        if getattr(game, "full_circle", False):
            for c in sorted(set(game.character_pool)):  # type: ignore[attr-defined]
                card = cards.character_cards[c]
                self.characters[f"{card.name} (maximum {card.max_wounds})"] = card.max_wounds
        self.players: list[dict[str, Any]] = []
        self.hands: list[CardList] = []
        # Under the Rose (topic 23): each player's agent and buried cards.
        rose = getattr(game, "rose", None)
        self.agents: list[w.Dropdown] = []
        self.buried: list[CardList] = []
        agent_options: list[tuple[str, Any]] = [("paid off", None)]
        if rose is not None:
            agent_options += [
                (rose.agent_name(h.index, s.index), (h.id, s.id))
                for h in rose.horizons
                for s in rose.skies
            ]
        boxes = []
        for p, pl in enumerate(view["players"]):
            controls: dict[str, w.Widget] = {
                "position": w.Dropdown(options=roads, description="Road"),
                # A scenario starts below the character's maximum wounds (reaching it
                # is a Last Gasp, mf.17): the slider offers exactly what Apply accepts.
                "wounds": w.IntSlider(min=0, max=self.most_wounds(pl), description="Wounds"),
                "gasps": w.IntSlider(min=0, max=GASP_MARKS, description="Gasp marker"),
                "role": w.Dropdown(options=["witness", "assassin"], description="Role"),
            }
            if self.characters:
                controls["character"] = w.Dropdown(
                    options=[(label, label.split(" (maximum")[0]) for label in self.characters],
                    description="Character",
                )
                controls["character_face_up"] = w.Checkbox(description="Character face up")
                controls["character"].observe(self._character_changed(p), names="value")
            hand = CardList(f"{self.names[p]}'s hand", choices, labels)
            self.players.append(controls)
            self.hands.append(hand)
            extra: list[w.Widget] = []
            if rose is not None:
                agent = w.Dropdown(options=agent_options, description="Agent")
                buried = CardList(f"Buried under {self.names[p]}'s rose", choices, labels)
                self.agents.append(agent)
                self.buried.append(buried)
                extra = [agent, buried.widget]
            boxes.append(
                w.VBox(
                    [
                        w.HTML(f"<b>{escape(self.names[p])}</b>"),
                        *controls.values(),
                        hand.widget,
                        *extra,
                    ],
                    layout=w.Layout(border="1px solid #ddd", padding="4px", margin="2px"),
                )
            )
            controls["hand"] = hand  # the same list, by the name the setup key has
        events = sorted({e.name for e in cards.events})
        self.turn_player = w.Dropdown(
            options=[(name, p) for p, name in enumerate(self.names)], description="Goes first"
        )
        self.event_top = w.Dropdown(
            options=[("(shuffled: a random draw)", SHUFFLED), *[(e, e) for e in events]],
            description="Event on top",
            style={"description_width": "initial"},
        )
        self.conserved = CardList("Conserved Energy", choices, labels)
        table = w.VBox(
            [w.HTML("<b>The table</b>"), self.turn_player, self.event_top, self.conserved.widget],
            layout=w.Layout(border="1px solid #ddd", padding="4px", margin="2px"),
        )
        self._conditions: list[list[str] | None] = [None] * len(self.names)
        self.widget = w.HBox([*boxes, table], layout=w.Layout(flex_flow="row wrap"))

    def _character_changed(self, p: int) -> Any:
        def changed(change: dict[str, Any]) -> None:
            most = {k.split(" (maximum")[0]: v for k, v in self.characters.items()}
            self.players[p]["wounds"].max = max(0, most[change["new"]] - 1)

        return changed

    @staticmethod
    def most_wounds(player: dict[str, Any]) -> int:
        """The most wounds a scenario may give a player: one below their maximum."""
        return max(0, int(player.get("max_wounds") or 8) - 1)

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
            if "character" in c and pl.get("character"):
                c["character"].value = pl["character"]
                c["character_face_up"].value = not pl.get("character_face_down", True)
            c["wounds"].max = self.most_wounds(pl)
            c["wounds"].value = int(pl["wounds"])
            c["gasps"].value = int(pl["gasps"])
            if pl.get("role") in ("witness", "assassin"):
                c["role"].value = pl["role"]
            self.hands[p].value = self.keys_for(list(pl.get("hand") or []))
            if self.agents and "agent" in pl:
                agent = pl["agent"]
                paid = agent.get("paid_off", True)
                self.agents[p].value = None if paid else (agent["horizon"], agent["sky"])
                self.buried[p].value = self.keys_for(list(agent.get("buried") or []))
            self._conditions[p] = list(pl.get("conditions") or []) if from_play else None
        self.turn_player.value = int(view.get("turn_player", 0))
        self.conserved.value = self.keys_for(list(view.get("conserved") or []))
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
            if "character" in c:
                entry["character"] = str(c["character"].value)
                entry["character_face_up"] = bool(c["character_face_up"].value)
            entry["hand"] = list(self.hands[p].names)
            if self.agents:
                agent = self.agents[p].value
                entry["agent"] = None if agent is None else list(agent)
                entry["buried"] = list(self.buried[p].names) if agent is not None else []
            if self._conditions[p] is not None:
                entry["conditions"] = list(self._conditions[p] or [])
            players[p] = entry
        out["players"] = players
        out["turn_player"] = int(self.turn_player.value)
        out["conserved"] = list(self.conserved.names)
        top = self.event_top.value
        before = list(out.get("event_deck_top") or [])
        if top == SHUFFLED:
            out.pop("event_deck_top", None)
        elif not before or before[0] != top:
            out["event_deck_top"] = [top]
        return out


__all__ = ["SHUFFLED", "MantisFallsEditor"]
