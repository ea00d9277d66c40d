"""Mantis Falls' own bots: the topic 24 heuristics and what a player can read from cards.

Reached through the spec's ``bots`` hook (:data:`BOTS`), so the shared simulation and
CLI offer them as ``heuristic``, ``heuristic_witness`` and ``heuristic_assassin``.
Like every bot they only use what the deciding player may know: ``state.view(player)``,
the legal actions, the public card data and their own memory of earlier views.  Each
rule of thumb is written down in the docstring of the method that applies it.

The depth-cut evaluation :func:`evaluate` (wounds and gasp markers as danger) is the
spec's ``evaluate`` hook, used by decision trees and the Monte-Carlo bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.analysis.policies import Policy
from tutor.core.rng import Rng
from tutor.core.types import Action

# ======================================================================================
# Mantis Falls: what a player can read about cards from the public card data
# ======================================================================================

_PLAYER_TARGETS = ("choose_any", "choose_player", "other")
GUESSED_MAX = 8
"""What a bot assumes for a maximum it cannot see (a face-down Full Circle character)."""


class _Look:
    """What the deciding player knows now, read from ``state.view(player)`` only."""

    def __init__(self, state: Any, me: int) -> None:
        view = state.view(me)
        self.view = view
        self.me = me
        self.cards = state.game.cards
        self.rulings = state.game.rulings
        players = view["players"]
        self.n = len(players)
        # "The other player" is the other active player (mf.7.2); a bystander watches the
        # turn player.  With two players the view names no active pair.
        active = view.get("active_players")
        if active and me in active:
            self.other = active[1] if active[0] == me else active[0]
        elif active:
            self.other = view["turn_player"]
        else:
            self.other = (me + 1) % self.n
        mine, theirs = players[me], players[self.other]
        self.mine, self.theirs = mine, theirs
        self.role = mine["role"]
        # A maximum hidden by a face-down character (Full Circle) is guessed as the middle
        # one; the bot never peeks at it.
        self.wounds, self.max_wounds = mine["wounds"], mine["max_wounds"] or GUESSED_MAX
        self.gasps = mine["gasps"]
        self.pos = mine["position"]
        self.other_pos = theirs["position"]
        self.other_wounds = theirs["wounds"]
        self.other_max = theirs["max_wounds"] or GUESSED_MAX
        self.turn_player = view["turn_player"]
        self.phase = view["phase"]
        gasp = view.get("last_gasp")
        self.in_gasp = bool(gasp) and gasp["player"] == me
        self.other_in_gasp = bool(gasp) and gasp["player"] == self.other
        self.roads = view["roads"]
        event = view.get("event")
        self.event = event if event and "name" in event else None
        self.event_hidden = bool(event) and "name" not in event
        self.my_conditions = set(mine["conditions"])
        self.hand_count = mine["hand_count"]
        self.my_play = [c for c in mine["action_play"] if c != "(face down)"]
        self._profiles: dict[tuple[int, bool, int], dict[str, float]] = {}
        # Under the Rose: the module's cards (public data) and my agent's weakness (its
        # Horizon card lies face up for everyone, mf.23.2).
        self.rose = state.game.rose
        self.weakness = self.weakness_of(me)

    def weakness_of(self, p: int) -> dict[str, Any] | None:
        """Player ``p``'s agent's weakness (mf.23.5), or ``None`` once it is paid off.

        Agents lie face up (mf.23.2), so every player may read every weakness.
        """
        agent = self.view["players"][p].get("agent") or {}
        if self.rose is None or agent.get("paid_off", True):
            return None
        horizon = next(h for h in self.rose.horizons if h.id == agent["horizon"])
        return dict(horizon.weakness)

    def weakness_amount(self, kind: str, p: int | None = None) -> int:
        """How much a weakness of this kind changes for ``p`` (default: me): 0 if none."""
        weak = self.weakness if p is None or p == self.me else self.weakness_of(p)
        return int(weak.get("amount", 0)) if weak and weak["kind"] == kind else 0

    def no_effect(self, c: int) -> bool:
        """My weakness makes this card's suit do nothing for me (mf.23.5)."""
        weak = self.weakness
        return bool(weak) and weak["kind"] == "no_effect_suit" and weak["suit"] == self.card(c).suit

    def rose_effects(self, k: int) -> list[dict[str, Any]]:
        """The effects of option ``k`` my agent sells (public card data)."""
        sky = self.mine["agent"]["sky"]
        card = next(c for c in self.rose.skies if c.id == sky)
        return list(card.redeem[k]["effects"])

    # ---- roads --------------------------------------------------------------------
    def road(self, position: int) -> dict[str, Any]:
        return self.roads[position]

    def phone_distance(self, position: int) -> int:
        """Roads to the nearest phone among the roads this player can see face up."""
        from tutor.games.mantis_falls.state import phone_distance

        phones = [info["position"] for info in self.roads if info.get("phone")]
        return phone_distance(position, phones, self.rulings.get("phone_range") == "grid")

    def stoplight(self, color: str, position: int | None = None) -> int:
        info = self.road(self.pos if position is None else position)
        if "stoplight" not in info:
            return 2  # an unseen road: assume a middling number
        return int(info["stoplight"][("green", "yellow", "red").index(color)])

    # ---- effect arithmetic ----------------------------------------------------------
    def amount(self, value: Any, position: int | None = None) -> int:
        if isinstance(value, dict):
            return self.stoplight(value["stoplight"], position)
        return int(value)

    def holds(self, preds: dict[str, Any] | None, in_gasp: bool, play_pos: int) -> bool:
        """Would a sometimes-effect's criteria be met, as far as this player can tell?"""
        if not preds:
            return True
        for key, val in preds.items():
            if key == "truly_witness":
                ok = (self.role == "witness") == bool(val)
            elif key == "near_phone":
                ok = self.phone_distance(self.pos) <= int(val)
            elif key == "in_last_gasp":
                ok = in_gasp == bool(val)
            elif key == "wounds_at_least":
                ok = self.wounds >= int(val)
            elif key == "other_wounds_at_least":
                ok = self.other_wounds >= int(val)
            elif key == "same_road":
                ok = (self.pos == self.other_pos) == bool(val)
            elif key == "ahead_of_other":
                ok = (self.pos > self.other_pos) == bool(val)
            elif key == "behind_other":
                ok = (self.pos < self.other_pos) == bool(val)
            elif key == "play_position_at_least":
                ok = play_pos >= int(val)
            elif key == "has_condition":
                ok = val in self.my_conditions
            elif key == "region":
                ok = self.road(self.pos).get("region") == val
            elif key == "at_bus_stop":
                ok = bool(self.road(self.pos).get("bus_stop")) == bool(val)
            elif key == "is_turn_player":
                ok = (self.turn_player == self.me) == bool(val)
            elif key == "event_kind":
                ok = self.event is not None and self.event["kind"] == val
            elif key == "event_seen":
                ok = self.event is not None and bool(self.event["seen"]) == bool(val)
            elif key == "hand_at_most":
                ok = self.hand_count <= int(val)
            elif key == "stoplight_at_least":
                ok = self.stoplight(val["color"]) >= int(val["value"])
            else:  # criteria the player cannot judge: assume they fail
                ok = False
            if not ok:
                return False
        return True

    def profile(
        self, effects: Sequence[dict[str, Any]], in_gasp: bool = False, play_pos: int = 1
    ) -> dict[str, float]:
        """Sum what a list of effects would do, seen from the deciding player."""
        out = dict.fromkeys(
            ("heal", "opp", "player", "other", "self_wound", "prevent", "move", "draw"), 0.0
        )
        for eff in effects:
            if not self.holds(eff.get("if"), in_gasp, play_pos):
                continue
            do = eff["do"]
            target = eff.get("target", "self")
            if do == "wound":
                amount = self.amount(eff["amount"])
                if target in ("opposition", "choose_any"):
                    out["opp"] += amount
                if target in _PLAYER_TARGETS:
                    out["player"] += amount
                if target in ("other", "each_player"):
                    out["other"] += amount
                if target in ("self", "each_player"):
                    out["self_wound"] += amount
            elif do == "wound_split":
                out["player"] += self.amount(eff["amount"])
            elif do == "heal" and target in ("self", "choose_player"):
                # Each healing I receive may be cut by my agent's weakness (mf.23.5).
                cut = self.weakness_amount("heal_less")
                out["heal"] += max(0, self.amount(eff["amount"]) - cut)
            elif do == "prevent_event":
                out["prevent"] += 1
            elif do == "move" and target == "self":
                out["move"] += int(eff["roads"])
            elif do == "draw" and target in ("self", "each_player"):
                out["draw"] += int(eff["count"])
            elif do == "choose_one":
                best = max(
                    (self.profile(o["effects"], in_gasp, play_pos) for o in eff["options"]),
                    key=lambda p: p["heal"] + p["move"] + p["draw"] - p["self_wound"],
                )
                for k, v in best.items():
                    out[k] += v
        return out

    def card(self, c: int) -> Any:
        return self.cards.actions[c]

    def card_profile(self, c: int, in_gasp: bool = False, play_pos: int = 1) -> dict[str, float]:
        key = (c, in_gasp, play_pos)
        got = self._profiles.get(key)
        if got is None:
            card = self.card(c)
            effects = () if self.no_effect(c) else tuple(card.on_reveal) + tuple(card.effects)
            got = self._profiles[key] = self.profile(effects, in_gasp, play_pos)
        return got

    def is_hit(self, c: int) -> bool:
        return "call_in_a_hit" in self.card(c).tags

    def is_healing(self, c: int) -> bool:
        return "healing" in self.card(c).tags

    def event_card(self, name: str | None) -> Any:
        if not name:
            return None
        for card in self.cards.events:
            if card.name == name:
                return card
        return None

    def event_danger(
        self, name: str | None, turn_player: int | None = None, victim: int | None = None
    ) -> float:
        """Wounds the named event would deal to ``victim`` (default: me) if not stopped."""
        card = self.event_card(name)
        if card is None:
            return 0.0
        tp = self.turn_player if turn_player is None else turn_player
        me = self.me if victim is None else victim
        parts = card.effect + card.bonus if card.kind == "incident" else card.undefeated
        danger = 0.0
        for eff in parts:
            if eff["do"] not in ("wound", "wound_split"):
                continue
            target = eff.get("target", "self")
            mine = (target in ("self", "each_player") and tp == me) or (
                target in ("other", "each_player") and tp != me
            )
            if eff["do"] == "wound_split" and tp == me:
                mine = True
            if mine:
                amount = self.amount(eff["amount"], self.pos if tp == self.me else None)
                # An agent's weakness may add wounds to every event wound (mf.23.5).
                if amount > 0:
                    amount += self.weakness_amount("event_wounds", me)
                danger += amount
        return danger


# ======================================================================================
# Mantis Falls heuristics (topic 24)
# ======================================================================================


class MantisFallsHeuristic(Policy):
    """Shared rules of thumb of the heuristic witness and assassin (topic 24).

    * Healing cards are precious: never discard or conserve them, do not spend them in
      a main play, and play them in a Last Gasp, where healing saves a life.
    * Call in a Hit is precious to a witness: never discard or conserve it.
    * Keep the hand moving: conserve (or discard) a card with no plan rather than
      hoarding it, but only cards that are not healing or Call in a Hit.
    * Fight a visible opposition with the suit that deals it the most wounds when that
      can defeat it; block a dangerous event with a prevention card otherwise.
    * Move as far as allowed; avoid a known ambush only when its wounds would be dangerous.
    * In a Last Gasp that can be survived, play the suit that heals most; in one that
      cannot (third gasp or no healing), attack the other player instead.
    * Under the Rose, count the agents' weaknesses (mf.23.5, read from the face-up
      Horizon cards): my Royal cards may do nothing for me, my heals may be one less,
      events may deal a player one more wound.

    Subclasses decide when to attack a player (:meth:`attack_player`).
    """

    role_mode = "witness"

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget the previous game's memory (suspicion and last main-play snapshot)."""
        self.suspicion = 0
        self._memo: dict[str, Any] | None = None
        self.kept_agent: set[int] = set()
        """Players seen keeping an agent on the End that their roses could pay off."""

    # ---- dispatch -----------------------------------------------------------------
    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        return self.decide(_Look(state, state.decision.player), legal, rng)

    def decide(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Choose among ``legal`` given what the deciding player knows (``look``)."""
        kinds = {a.kind for a in legal}
        if {"play", "conserve", "nothing"} <= kinds:
            self._observe(look)
            return self.main_play(look, legal, rng)
        kind = legal[0].kind
        handler = getattr(self, "on_" + kind, None)
        if handler is None:
            if "finish" in kinds:
                handler = self.on_finish
            elif "gasp_finish" in kinds or "gasp_add" in kinds:
                handler = self.on_gasp_add
            elif "pass" in kinds or "anytime" in kinds:
                handler = self.on_window
        if handler is None:
            return legal[rng.below(len(legal))]
        return handler(look, legal, rng)

    # ---- judgement ------------------------------------------------------------------
    def value(self, look: _Look, c: int) -> float:
        """How much a card is worth keeping (higher = keep)."""
        if look.is_healing(c):
            return 10.0
        if look.is_hit(c):
            return 9.0 if look.role == "witness" else 0.5
        prof = look.card_profile(c)
        score = 1.0 + prof["prevent"] * 3 + prof["opp"] * 0.8 + prof["move"] * 0.4
        score += prof["player"] * (1.2 if self.role_mode == "assassin" else 0.6)
        if look.card(c).suit == "midnight":
            score += 4
        return score

    def protected(self, look: _Look, c: int) -> bool:
        """Healing always, and Call in a Hit for a witness, are never given away."""
        return look.is_healing(c) or (look.is_hit(c) and look.role == "witness")

    def hand_heal(self, look: _Look) -> float:
        """The most one suit in my hand would heal me in a Last Gasp (weakness counted)."""
        by_suit: dict[str, float] = {}
        for name in look.mine.get("hand") or []:
            c = self._card_by_name(look, name)
            if c is not None:
                suit = look.card(c).suit
                by_suit[suit] = by_suit.get(suit, 0.0) + look.card_profile(c, in_gasp=True)["heal"]
        return max(by_suit.values(), default=0.0)

    def desperate(self, look: _Look) -> bool:
        """A player with high wounds or in a Last Gasp has little left to lose."""
        return look.in_gasp or look.wounds >= look.max_wounds - 2

    def can_hit(self, look: _Look) -> bool:
        """Call in a Hit works now: truly a witness and within one road of a phone."""
        return look.role == "witness" and look.phone_distance(look.pos) <= 1

    def attack_player(self, look: _Look) -> bool:
        """Whether to aim player-wounding effects at the other player now."""
        raise NotImplementedError

    # ---- memory: suspicion from unexplained wounds and agents kept -------------------
    def _observe_pay_off(self, look: _Look) -> None:
        """Under the Rose: suspect a turn player who stands on the End with their agent
        after their initial movement, holding buried cards enough (each worth at least
        1) for their own pay-off price, and keeps it: no escape until it is paid off
        (mf.23.12), so a witness would have paid, unless the other active player owes
        an agent and is not on the End yet (a witness keeps theirs then, to keep the
        power to pay it off: :meth:`_partner_still_owes`)."""
        q = look.turn_player
        if q == look.me or q in self.kept_agent or look.rose is None:
            return
        them = look.view["players"][q]
        agent = them.get("agent") or {}
        end = len(look.roads) - 1
        kept = them["position"] == end and not agent.get("paid_off", True) and not them["dead"]
        # A witness keeps their agent for a reason while their partner (the other active
        # player this turn) owes an agent and is not on the End yet (on_rose_keep).
        active = look.view.get("active_players") or [q, look.me]
        partner = look.view["players"][active[1] if active[0] == q else active[0]]
        owes = not (partner.get("agent") or {}).get("paid_off", True)
        waits = owes and partner["position"] < end and not partner["dead"]
        if kept and agent["buried_count"] >= agent["pay_off"][0] and not waits:
            self.kept_agent.add(q)
            self.suspicion += 1

    def _observe(self, look: _Look) -> None:
        """Grow suspicion when wounds rose since the last main play and nothing seen explains it.

        Explained wounds: my own event (as turn player I see it), the other's seen event
        when it hits me, an ambush on the road I moved onto.  Unseen events of the other
        player get the benefit of the doubt.
        """
        memo = self._memo
        turn = look.view["turn"]
        if memo is not None and turn < memo["turn"]:
            self.reset()
            memo = None
        self._observe_pay_off(look)
        if memo is not None and turn > memo["turn"]:
            rise = look.wounds - memo["wounds"]
            explained = 0.0
            if memo["turn_player"] == look.me or memo["event_hidden"]:
                explained = 99.0
            elif memo["event"]:
                explained += look.event_danger(memo["event"], memo["turn_player"])
            if look.pos != memo["pos"]:
                explained += look.road(look.pos).get("ambush", 0) or 0
            if rise > explained:
                self.suspicion += 1
        self._memo = {
            "turn": turn,
            "wounds": look.wounds,
            "pos": look.pos,
            "turn_player": look.turn_player,
            "event": look.event["name"] if look.event else None,
            "event_hidden": look.event_hidden,
        }

    # ---- main play (topic 8, III) ---------------------------------------------------
    def suit_plans(self, look: _Look, legal: Sequence[Action]) -> dict[str, list[int]]:
        by_suit: dict[str, list[int]] = {}
        for a in legal:
            if a.kind == "play":
                c = a.args[0]
                by_suit.setdefault(look.card(c).suit, []).append(c)
        return by_suit

    def main_play(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Choose the main play: attack, fight the opposition, block, or cycle a card.

        In order: (1) attack the other player with Call in a Hit / a weapon suit when
        :meth:`attack_player` says so; (2) defeat a visible opposition if one suit can;
        (3) prevent a dangerous event; (4) conserve a card with no plan (never healing or
        a witness's Call in a Hit); (5) discard such a card when Conserved Energy is full;
        (6) do nothing.
        """
        plays = {a.args[0]: a for a in legal if a.kind == "play"}
        suits = self.suit_plans(look, legal)
        # (1) attack
        if self.attack_player(look):
            if self.can_hit(look):
                for c, a in plays.items():
                    if look.is_hit(c):
                        return a
            best = self._best_card(look, plays, "player", exclude_protected=True)
            if best is not None and look.card_profile(best)["player"] >= 2:
                return plays[best]
        # (2) fight a visible opposition
        ev = look.event
        if ev and ev["kind"] == "opposition" and not ev["prevented"]:
            need = ev["health"] - ev["opposition_wounds"]
            best_suit, best_dmg = None, 0.0
            for suit, cs in suits.items():
                dmg = sum(
                    look.card_profile(c, play_pos=i + 1)["opp"]
                    for i, c in enumerate(x for x in cs if not self.protected(look, x))
                )
                if dmg > best_dmg:
                    best_suit, best_dmg = suit, dmg
            if best_suit is not None and best_dmg >= need:
                first = self._first_fighter(look, suits[best_suit])
                if first is not None:
                    return plays[first]
        # (3) prevent a dangerous event that is mine (or hits me)
        if ev and not ev["prevented"] and look.event_danger(ev["name"]) >= 2:
            for c, a in plays.items():
                if look.card_profile(c)["prevent"] and not self.protected(look, c):
                    return a
        # (3b) Under the Rose: meet the agent to bury while the debts cannot be paid
        meet = self._meeting_card(look, plays)
        if meet is not None:
            return plays[meet]
        # (4)/(5) cycle a card with no plan
        junk = sorted(
            (c for c in plays if not self.protected(look, c) and not look.is_hit(c)),
            key=lambda c: (self.value(look, c), c),
        )
        if junk:
            conserve = next(a for a in legal if a.kind == "conserve" and a.args[0] == junk[0])
            if len(look.view["conserved"]) < 4:
                return conserve
            if self.value(look, junk[0]) < 3:
                return next(a for a in legal if a.kind == "discard" and a.args[0] == junk[0])
        return next(a for a in legal if a.kind == "nothing")

    def _meeting_card(self, look: _Look, plays: dict[int, Action]) -> int | None:
        """Under the Rose: a card that meets my agent as the first of its suit, when what
        is buried cannot yet pay off the agents a witness must pay off (never a
        protected card, nor one that would wound a player).

        Burying takes cards from the action deck, not from the hand, so a spare card of
        the meeting suit is better played alone (it meets the agent and is processed)
        than conserved, all along the road: the roses it brings pay off the agent on
        the End, buy cards at the underground market and redeem heals.
        """
        agent = look.mine.get("agent") or {}
        if agent.get("paid_off", True):
            return None
        if _rose_value(look, agent.get("buried") or []) >= _owed(look):
            return None
        firsts = {suit for suit, nth in agent["meet"] if nth == 1}
        for c in sorted(plays):
            harmless = look.card_profile(c)["player"] == 0 and not look.is_hit(c)
            if look.card(c).suit in firsts and not self.protected(look, c) and harmless:
                return c
        return None

    def _best_card(
        self, look: _Look, plays: dict[int, Action], key: str, exclude_protected: bool
    ) -> int | None:
        best, score = None, 0.0
        for c in plays:
            if exclude_protected and self.protected(look, c):
                continue
            v = look.card_profile(c)[key]
            if v > score:
                best, score = c, v
        return best

    def _first_fighter(self, look: _Look, cards: list[int]) -> int | None:
        """Lead with the card that does most on its own (combo cards go later)."""
        fighters = [c for c in cards if not self.protected(look, c)]
        fighters = [c for c in fighters if look.card_profile(c)["opp"] > 0] or fighters
        if not fighters:
            return None
        return max(fighters, key=lambda c: (look.card_profile(c, play_pos=1)["opp"], -c))

    def on_play(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Add same-suit cards that serve the play's purpose (set by its first card)."""
        mine = look.mine["action_play"]
        first = self._card_by_name(look, mine[0]) if mine else None
        purpose = self._purpose(look, first) if first is not None else "none"
        k = len(mine)
        for a in legal:
            if a.kind != "play":
                continue
            c = a.args[0]
            if self.protected(look, c) and not (purpose == "attack" and look.is_hit(c)):
                continue
            prof = look.card_profile(c, play_pos=k + 1)
            if purpose == "fight" and prof["opp"] > 0:
                return a
            if purpose == "attack" and prof["player"] > 0:
                return a
        return next(a for a in legal if a.kind == "finish")

    def _purpose(self, look: _Look, c: int) -> str:
        prof = look.card_profile(c)
        if look.is_hit(c) or (prof["player"] > 0 and self.attack_player(look)):
            return "attack"
        if prof["opp"] > 0:
            return "fight"
        return "single"

    @staticmethod
    def _card_by_name(look: _Look, name: str) -> int | None:
        for card in look.cards.actions:
            if card.name == name:
                return card.index
        return None

    def on_finish(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Discard mode: also discard a second card with no plan; otherwise stop."""
        if any(a.kind == "play" for a in legal):
            return self.on_play(look, legal, rng)
        for a in legal:
            c = a.args[0] if a.kind == "discard" else None
            if c is not None and not self.protected(look, c) and self.value(look, c) < 3:
                return a
        return next(a for a in legal if a.kind == "finish")

    def on_discard(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        return self.on_finish(look, legal, rng)

    # ---- Last Gasps (topics 16-17) ------------------------------------------------------
    def on_return_to_hand(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Take healing (or attack cards, when doomed) back from the suspended play."""
        for a in legal:
            if a.kind == "return_to_hand" and look.is_healing(a.args[0]):
                return a
        return next(a for a in legal if a.kind == "keep_face_down")

    on_keep_face_down = on_return_to_hand

    def on_gasp_add(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Build the Last Gasp play: heal if that can save me, otherwise attack.

        A gasp with the marker already at 2 is fatal whatever is played, and so is one
        without any healing in hand: then the player takes the other down with them
        (a dying witness may salvage a tie against an assassin; topic 17, 24).
        """
        adds = [a for a in legal if a.kind == "gasp_add"]
        finish = next((a for a in legal if a.kind == "gasp_finish"), None)
        gasp_cards = (look.view.get("last_gasp") or {}).get("cards", [])
        k = len(gasp_cards)
        heal_by_suit: dict[str, float] = {}
        hit_by_suit: dict[str, float] = {}
        for a in adds:
            c = a.args[0]
            prof = look.card_profile(c, in_gasp=True, play_pos=k + 1)
            suit = look.card(c).suit
            heal_by_suit[suit] = heal_by_suit.get(suit, 0.0) + prof["heal"]
            hit = prof["player"] + (6 if look.is_hit(c) and self.can_hit(look) else 0)
            hit_by_suit[suit] = hit_by_suit.get(suit, 0.0) + hit
        survivable = look.gasps + 1 < 3 and any(v > 0 for v in heal_by_suit.values())
        if k == 0:
            if survivable:
                suit = max(heal_by_suit, key=lambda s: (heal_by_suit[s], s))
                pick = [a for a in adds if look.card(a.args[0]).suit == suit]
                return max(pick, key=lambda a: look.card_profile(a.args[0], in_gasp=True)["heal"])
            if hit_by_suit and max(hit_by_suit.values()) > 0:
                suit = max(hit_by_suit, key=lambda s: (hit_by_suit[s], s))
                pick = [a for a in adds if look.card(a.args[0]).suit == suit]
                return max(
                    pick,
                    key=lambda a: (
                        look.card_profile(a.args[0], in_gasp=True)["player"]
                        + 6 * look.is_hit(a.args[0])
                    ),
                )
            return finish or adds[0]
        # Later cards: a healing gasp adds more healing; a doomed gasp adds more attacks.
        healing = any(
            c is not None and look.card_profile(c, in_gasp=True)["heal"] > 0
            for c in (self._card_by_name(look, n) for n in gasp_cards)
        )
        for a in adds:
            prof = look.card_profile(a.args[0], in_gasp=True, play_pos=k + 1)
            if healing and prof["heal"] > 0:
                return a
            if not healing and (prof["player"] > 0 or look.is_hit(a.args[0])):
                return a
        return finish or adds[0]

    on_gasp_finish = on_gasp_add

    # ---- small picks inside effects and phases ------------------------------------------
    def on_expend(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Expend full Conserved Energy: heal when wounds are high, else move two roads.

        An agent whose weakness cuts each healing by one (mf.23.5) makes the one-wound
        heal worth nothing: then move instead.
        """
        by = {a.args[0]: a for a in legal}
        heals = look.weakness_amount("heal_less") < 1 and "heal" in by
        if heals and look.wounds >= look.max_wounds - 3 and look.wounds > 0:
            return by["heal"]
        if "move" in by:
            return by["move"]
        return by["heal"] if look.wounds and heals else by["no"]

    def on_move(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Go as far as allowed; sidestep a known ambush only when its wounds would bring
        the mover near maximum (waiting forever in front of one never escapes)."""
        options = sorted(legal, key=lambda a: -a.args[0])
        mover_pos = look.pos
        if legal[0].label.startswith(look.theirs["name"] + " "):
            mover_pos = look.other_pos
        for a in options:
            target = min(mover_pos + a.args[0], len(look.roads) - 1)
            ambush = int(look.road(target).get("ambush") or 0)
            if not ambush or look.wounds + ambush < look.max_wounds - 2:
                return a
        return options[0]

    def on_draw_pile(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Take a healing card (or a witness's Call in a Hit) from Conserved Energy, if any."""
        for a in legal:
            if a.kind == "draw_conserved" and self.protected(look, a.args[0]):
                return a
        for a in legal:
            if a.kind == "draw_pile":
                return a
        return max(legal, key=lambda a: self.value(look, a.args[0]))

    on_draw_conserved = on_draw_pile

    def on_discard_card(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """When forced to discard, give up the card worth least."""
        return min(legal, key=lambda a: (self.value(look, a.args[0]), a.args[0]))

    def _take_best(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        return max(legal, key=lambda a: (self.value(look, a.args[0]), -a.args[0]))

    on_take_night = on_take_dark = on_take_conserved = _take_best

    def on_gasp_first(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """As turn player, let the other player make their Last Gasp first and watch."""
        for a in legal:
            if a.args[0] != look.me:
                return a
        return legal[0]

    def on_wound_target(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Wound the other player when attacking, else the opposition, else the healthier player."""
        by = {a.args: a for a in legal}
        other = by.get(("player", look.other))
        if self.attack_player(look) and other is not None:
            return other
        if ("opposition", -1) in by:
            return by[("opposition", -1)]
        mine = by.get(("player", look.me))
        if other is None or mine is None:
            return legal[0]
        mine_left = look.max_wounds - look.wounds
        other_left = look.other_max - look.other_wounds
        return other if other_left > mine_left + 2 else mine

    def on_heal_target(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Heal myself unless I am unhurt (then the other player, which looks friendly)."""
        by = {a.args[1]: a for a in legal}
        if look.wounds == 0 and look.other in by:
            return by[look.other]
        return by.get(look.me, legal[0])

    def on_remove_condition(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Discard the other player's condition rather than my own."""
        for a in legal:
            if a.args[0] != look.me:
                return a
        return min(legal, key=lambda a: (self.value(look, a.args[1]), a.args[1]))

    def on_peek(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Send the top event to the bottom when it would deal two or more wounds to me.

        The next turn's player draws it; a witness also spares the other player, while
        an assassin gladly leaves a dangerous event for the witness.
        """
        by = {a.args[0]: a for a in legal}
        name = look.view.get("event_top")
        drawer = look.other if look.turn_player == look.me else look.me
        danger = look.event_danger(name, drawer)
        if self.role_mode == "witness":
            danger = max(danger, look.event_danger(name, drawer, look.other))
        return by["bottom"] if danger >= 2 else by["keep"]

    def on_choose(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Pick the option that heals/moves/draws most and wounds me least."""
        return legal[0] if len(legal) == 1 else self._choose_option(look, legal)

    def _choose_option(self, look: _Look, legal: Sequence[Action]) -> Action:
        # The options' effects are public card data; find them by their labels.
        labels = {a.label: a for a in legal}
        scores: dict[str, float] = {}
        for source in list(look.cards.actions) + list(look.cards.events):
            for eff in _all_effects(source):
                if eff.get("do") != "choose_one":
                    continue
                for opt in eff["options"]:
                    if opt["label"] in labels and opt["label"] not in scores:
                        prof = look.profile(opt["effects"], look.in_gasp)
                        lethal = look.wounds + prof["self_wound"] >= look.max_wounds
                        discards = sum(
                            int(e.get("count", 0))
                            for e in opt["effects"]
                            if e["do"] in ("discard_chosen", "discard_random")
                        )
                        scores[opt["label"]] = (
                            prof["heal"] * 3
                            + prof["move"]
                            + prof["draw"]
                            - prof["self_wound"] * 1.5
                            - discards
                            - (20 if lethal else 0)
                        )
        return max(legal, key=lambda a: (scores.get(a.label, 0.0), -a.args[0]))

    def on_split(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Divide wounds: all to the other player when attacking, else keep both lowest."""
        if self.attack_player(look):
            return max(legal, key=lambda a: a.args[0])
        total = max(a.args[0] for a in legal)

        def worst(a: Action) -> tuple[int, int]:
            k = a.args[0]
            return (max(look.wounds + total - k, look.other_wounds + k), k)

        return min(legal, key=worst)

    # ---- Under the Rose (topic 23) ---------------------------------------------------
    def on_rose_bury(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Meeting the agent: redeem a heal when hurt (or a blow when attacking) if the
        payment still leaves enough buried to pay off the agents (or on the last gasp
        left); otherwise bury, which builds up the payment for the End of the Road.

        Two wounds from maximum a heal that heals me (after my agent's weakness) is
        redeemed even below the debts: a dead player pays off no agent (topic 24:
        healing is what keeps a player alive), and later meetings bury again."""
        agent = look.mine.get("agent") or {}
        worth = _rose_value(look, agent.get("buried") or [])
        keep = _owed(look)
        best: Action | None = None
        for a in legal:
            if a.kind != "rose_redeem":
                continue
            label, cost = agent["redeem"][a.args[0]]
            effects = look.rose_effects(a.args[0])
            saving = look.profile(effects)["heal"] > 0 and look.wounds >= look.max_wounds - 2
            if worth - cost < keep and look.gasps < 2 and not saving:
                continue
            heals = any(e.get("do") == "heal" for e in effects)
            hits = any(e.get("do") == "wound" for e in effects)
            if (heals and look.wounds >= look.max_wounds - 3) or (
                hits and self.attack_player(look)
            ):
                best = a
        return best or next(a for a in legal if a.kind == "rose_bury")

    def on_rose_pay(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Paying with buried cards: cards of the suit most represented first (pairs and
        triples are worth more per card).

        At the underground market (mf.23.11, reached at maximum wounds, just before a
        Last Gasp): buy as many cards as it sells when the gasp can still be survived
        but no suit in hand would heal me (topic 24: healing in the Last Gasp is what
        saves a life, and a dead player pays off no agent); buy on the last gasp left
        (the cards may still take the other player down); otherwise buy only with what
        stays buried above my debts."""
        agent = look.mine.get("agent") or {}
        buried = list(agent.get("buried") or [])
        pays = [a for a in legal if a.kind == "rose_pay"]
        stop = next((a for a in legal if a.kind == "rose_stop"), None)
        if stop is not None:
            keep = _owed(look)
            spent = list(agent.get("paying") or [])
            left = buried[:]
            for name in spent:
                if name in left:
                    left.remove(name)
            survivable = look.gasps + 1 < 3
            needs_heal = survivable and self.hand_heal(look) < 1
            if not pays or (_rose_value(look, left) <= keep and not needs_heal and survivable):
                return stop
        suits = [s for s in (_suit_of(look, n) for n in buried) if s]
        return max(pays, key=lambda a: (suits.count(look.card(a.args[0]).suit), -a.args[0]))

    on_rose_stop = on_rose_pay

    def on_rose_keep(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """On the End with an agent (escape needs every agent paid off, mf.23.12).

        A witness first pays off the agent of a player seen keeping theirs (paying off
        my own agent first would take away my power to pay theirs, mf.23.14); keeps
        their own while :meth:`_partner_still_owes`; else pays off their own, else the
        other player's.  An assassin plays the witness (topic 24)
        and pays off their own agent too, unless every other agent is already paid
        off: then theirs is all that stops the escape, a witness win, and keeping it
        is the moment to give up the disguise."""
        keep = next(a for a in legal if a.kind == "rose_keep")
        mine = [a for a in legal if a.kind == "rose_pay_off" and a.args[0] == look.me]
        theirs = [a for a in legal if a.kind == "rose_pay_off" and a.args[0] != look.me]
        if self.role_mode == "assassin":
            others = [p for i, p in enumerate(look.view["players"]) if i != look.me]
            last = all((p.get("agent") or {}).get("paid_off", True) for p in others)
            return keep if last or not mine else mine[0]
        suspects = [a for a in theirs if a.args[0] in self.kept_agent]
        if suspects:
            return suspects[0]
        if mine and self._partner_still_owes(look):
            return keep
        return (mine or theirs or [keep])[0]

    @staticmethod
    def _partner_still_owes(look: _Look) -> bool:
        """Whether the other active player's agent is unpaid while they are not on the End.

        Only its owner and I can ever pay that agent off (with three players, the player
        to its owner's left, on my turn, mf.7.2), and paying off my own agent would take
        that power away (mf.23.14).  Until they reach the End, where they can pay it
        themselves or show that they will not, I keep my own agent and with it the
        power to pay theirs.
        """
        partner = look.theirs
        agent = partner.get("agent") or {}
        end = len(look.roads) - 1
        return not agent.get("paid_off", True) and partner["position"] < end and not partner["dead"]

    def on_rose_discard(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Down to seven after the market: give up the card worth least."""
        return min(legal, key=lambda a: (self.value(look, a.args[0]), a.args[0]))

    def on_window(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        """Use an any-time effect only when it clearly helps; otherwise pass.

        Heal in my own Last Gasp or when one wound from maximum; prevent a dangerous
        visible event before it is processed; shoot the other player when attacking.
        """
        passing = next(a for a in legal if a.kind == "pass")
        for a in legal:
            if a.kind != "anytime":
                continue
            prof = look.profile(_anytime_effects(look, a), look.in_gasp)
            if prof["heal"] and (look.in_gasp or look.wounds >= look.max_wounds - 1):
                return a
            ev = look.event
            if (
                prof["prevent"]
                and ev
                and not ev["prevented"]
                and look.phase != "event_processing"
                and look.event_danger(ev["name"]) >= 3
            ):
                return a
            if prof["player"] and self.attack_player(look):
                return a
        return passing

    on_pass = on_anytime = on_window


def _all_effects(card: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in ("on_reveal", "effects", "effect", "bonus", "undefeated", "defeated"):
        out += list(getattr(card, name, ()) or ())
    return out


def _anytime_effects(look: _Look, action: Action) -> list[dict[str, Any]]:
    src, idx, _pay = action.args
    if src == "cond":
        block = (look.cards.actions[idx].condition or {}).get("anytime") or {}
    else:
        block = (look.cards.allies[idx].effect or {}).get("anytime") or {}
    return list(block.get("effects") or ())


class HeuristicWitness(MantisFallsHeuristic):
    """Topic 24 for a witness: protect Call in a Hit, use it on a suspect near a phone.

    * Attack the other player (Call in a Hit first, when within one road of a phone)
      when they are suspected: wounds rose without a visible cause at least once.
    * A desperate witness (two wounds from maximum, or in a Last Gasp) attacks
      whether suspicious or not: with nothing left to lose, taking a possible
      assassin down turns a loss into a tie.
    """

    name = "heuristic_witness"
    description = "Witness per topic 24: holds healing and Call in a Hit, hits suspects by phones."
    role_mode = "witness"

    def attack_player(self, look: _Look) -> bool:
        if look.role != "witness":
            return False
        return self.suspicion >= 1 or self.desperate(look)


class HeuristicAssassin(MantisFallsHeuristic):
    """Topic 24 for an assassin: look like a witness, strike away from phones.

    * Strike (wound the other player) when the witness is more than one road from a
      phone, so Call in a Hit cannot answer; or when the witness is within reach of
      death (two wounds from maximum or in a Last Gasp).
    * Otherwise act like a helpful witness (fight oppositions, hold healing).
    * Never play Call in a Hit: its criteria fail for an assassin and that shows the
      role to everyone (mf.19.5); discard it face down when cycling cards.
    """

    name = "heuristic_assassin"
    description = "Assassin per topic 24: plays like a witness, strikes when phones are far."
    role_mode = "assassin"

    def attack_player(self, look: _Look) -> bool:
        if look.in_gasp:
            return True
        witness_far = look.phone_distance(look.other_pos) > 1
        near_death = look.other_wounds >= look.other_max - 2 or look.other_in_gasp
        return witness_far or near_death

    def protected(self, look: _Look, c: int) -> bool:
        return look.is_healing(c)

    def main_play(self, look: _Look, legal: Sequence[Action], rng: Rng) -> Action:
        legal = [a for a in legal if not (a.kind == "play" and look.is_hit(a.args[0]))]
        return super().main_play(look, legal, rng)


class HeuristicPlayer(Policy):
    """Reads its own role from its view and plays the matching heuristic."""

    name = "heuristic"
    description = "Plays the topic 24 witness or assassin heuristic, whichever its role is."

    def __init__(self) -> None:
        self.witness = HeuristicWitness()
        self.assassin = HeuristicAssassin()

    def reset(self) -> None:
        self.witness.reset()
        self.assassin.reset()

    def __call__(self, state: Any, legal: Sequence[Action], rng: Rng) -> Action:
        look = _Look(state, state.decision.player)
        bot = self.assassin if look.role == "assassin" else self.witness
        return bot.decide(look, legal, rng)


def _suit_of(look: _Look, name: str) -> str:
    card = next((c for c in look.cards.actions if c.name == name), None)
    return card.suit if card is not None else ""


def _owed(look: _Look) -> int:
    """What a witness must still pay from their roses: their own agent, and the other
    player's agent too while it is not paid off (it may never be, by an assassin)."""
    agent = look.mine.get("agent") or {}
    if agent.get("paid_off", True):
        return 0
    own, other = agent["pay_off"]
    theirs = look.theirs.get("agent") or {}
    return own + (0 if theirs.get("paid_off", True) else other)


def _rose_value(look: _Look, names: list[str]) -> int:
    """What buried cards (by name) are worth paid together (mf.23.9)."""
    rose = look.rose
    return rose.value([_suit_of(look, n) for n in names]) if rose is not None else 0


def evaluate(state: Any, player: int) -> float:
    """Wounds and gasps as a danger score: ahead when the opponents are nearer death.

    Danger of a player = (wounds / maximum + gasp markers / 3) / 2.  Against a player of
    the other side the value is their danger minus mine; between two witnesses (one
    team) it is minus the larger danger.  Always within [-1, 1].
    """
    n = state.game.num_players
    danger = [(state.wounds[p] / state.max_wounds[p] + state.gasps[p] / 3) / 2 for p in range(n)]
    mine = state.roles[player]
    rivals = [p for p in range(n) if state.roles[p] != mine]
    if not rivals:
        return -max(danger)
    return max(danger[p] for p in rivals) - danger[player]


BOTS = {
    "heuristic": HeuristicPlayer,
    "heuristic_witness": HeuristicWitness,
    "heuristic_assassin": HeuristicAssassin,
}
"""Mantis Falls' bots by name (the spec's ``bots`` hook); ``random`` and ``montecarlo``
are shared by every game."""

__all__ = [
    "BOTS",
    "HeuristicAssassin",
    "HeuristicPlayer",
    "HeuristicWitness",
    "MantisFallsHeuristic",
    "evaluate",
]
