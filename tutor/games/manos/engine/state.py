"""The Manos state: plain data, a stack of pending steps, and the rules that move it.

Player 0 is the Family (Michael, Margaret and Debbie), player 1 is Manos.  Decks are
kept as sorted lists of card indices (their order is never known to anyone), and every
draw or turned card is an explicit chance step whose outcomes are the kinds of card
left, weighted by their copies: that is exactly a shuffled deck, and it lets trees and
odds be computed.  The pending steps (frames.py) sit on ``self.stack``; ``_run``
carries out automatic steps until a person or chance must decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.causes import CauseLinks
from tutor.core.game import State, StepLimitReached
from tutor.core.rng import Rng
from tutor.core.types import CHANCE, Action, Decision, Outcome, Rejection, TraceEntry, Verdict
from tutor.games.manos.cards import HAND_LIMIT, LAIR, SHOWDOWN_HAND, STAT_NAMES, Card
from tutor.games.manos.engine.frames import (
    CHALLENGE,
    DRAW,
    FAMILY_RESPONSE,
    FLIP,
    LIMIT,
    MANOS_WINDOW,
    PLAY,
    POLICE,
    RESOLVE,
    SD_AFTER_CHALLENGE,
    SD_CARD,
    SD_FAMILY_DISCARD,
    SD_FAMILY_DRAW,
    SD_FLIP,
    SD_MANOS_DISCARD,
    SD_MANOS_DRAW,
    SD_PICK,
    SHOWDOWN,
    TAKE_EFFECT,
    ChallengeFrame,
    DrawFrame,
    FlipFrame,
    Frame,
    LimitFrame,
    PlayFrame,
    PoliceFrame,
    ShowdownFrame,
    frame_from_list,
)

if TYPE_CHECKING:
    from tutor.games.manos.game import ManosGame

FAMILY, MANOS = 0, 1
SIDES = ("Family", "Manos")
DECKS = ("family", "manos")
CHARACTERS = 3
ACTIONS = 2
SEARCH_RATING = 3
MAX_CORRUPTION = 2
MAX_PROXIMITY = 3

PHASE_TITLES = {
    "setup": "Set-up",
    "family_turn": "The Family turn",
    "manos_turn": "The Manos turn",
    "showdown": "The Lair Showdown",
    "game_over": "Game over",
}

# The fields of a saved state, declared once: lists of ints, lists of lists, scalars.
LIST_FIELDS = (
    "loc",
    "corruption",
    "captured",
    "relocated",
    "searched",
    "searched_here",
    "search_discard",
    "search_removed",
    "escape_cards",
    "police_deck",
    "police_discard",
    "showdown_deck",
    "showdown_discard",
)
NESTED_FIELDS = ("hands", "decks", "discards", "search_decks")
SCALAR_FIELDS = (
    "round_no",
    "side",
    "actions_left",
    "drew",
    "lair_escape",
    "lair_taken",
    "proximity",
    "showdown_on",
    "steps",
    "result",
)


def escalation(escapes: int) -> int:
    """The bonus every challenge rating gets from the Escape cards collected (mn.7.1)."""
    return 2 if escapes >= 3 else 1 if escapes == 2 else 0


class ManosState(State):
    """A game of Manos: The Cards of Fate in progress."""

    game: ManosGame
    rng: Rng
    trace: list[TraceEntry]
    tracing: bool
    steps: int
    stack: list[Frame]
    loc: list[int]
    corruption: list[int]
    captured: list[bool]
    relocated: list[bool]
    searched: list[bool]
    searched_here: list[int]
    search_discard: list[int]
    search_removed: list[int]
    escape_cards: list[int]
    police_deck: list[int]
    police_discard: list[int]
    showdown_deck: list[int]
    showdown_discard: list[int]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    search_decks: list[list[int]]
    round_no: int
    side: int
    actions_left: int
    drew: bool
    lair_escape: bool
    lair_taken: bool
    proximity: int
    showdown_on: bool
    result: dict[str, Any] | None
    causes: CauseLinks | None

    def __init__(self, game: ManosGame, rng: Rng, tracing: bool = True) -> None:
        self.game = game
        self.rng = rng
        self.tracing = tracing
        self.causes = None  # made by the first entry written (tutor/core/causes.py)
        self.trace = []
        self.steps = 0
        self.stack = []
        self.loc = [0] * CHARACTERS
        self.corruption = [0] * CHARACTERS
        self.captured = [False] * CHARACTERS
        self.relocated = [False] * CHARACTERS
        self.searched = [False] * CHARACTERS
        self.searched_here = []
        self.search_discard = []
        self.search_removed = []
        self.escape_cards = []
        self.police_deck = []
        self.police_discard = []
        self.showdown_deck = []
        self.showdown_discard = []
        self.hands = [[], []]
        self.decks = [[], []]
        self.discards = [[], []]
        self.search_decks = [[], [], [], []]
        self.round_no = 1
        self.side = FAMILY
        self.actions_left = ACTIONS
        self.drew = False
        self.lair_escape = True
        self.lair_taken = False
        self.proximity = 0
        self.showdown_on = False
        self.result = None

    # ------------------------------------------------------------------ copying
    def clone(self) -> ManosState:
        c = ManosState(self.game, self.rng.copy(), self.tracing)
        c.trace = self.trace[:]
        c.steps = self.steps
        c.stack = [f.copy() for f in self.stack]
        c.loc = self.loc[:]
        c.corruption = self.corruption[:]
        c.captured = self.captured[:]
        c.relocated = self.relocated[:]
        c.searched = self.searched[:]
        c.searched_here = self.searched_here[:]
        c.search_discard = self.search_discard[:]
        c.search_removed = self.search_removed[:]
        c.escape_cards = self.escape_cards[:]
        c.police_deck = self.police_deck[:]
        c.police_discard = self.police_discard[:]
        c.showdown_deck = self.showdown_deck[:]
        c.showdown_discard = self.showdown_discard[:]
        c.hands = [h[:] for h in self.hands]
        c.decks = [d[:] for d in self.decks]
        c.discards = [d[:] for d in self.discards]
        c.search_decks = [d[:] for d in self.search_decks]
        c.round_no = self.round_no
        c.side = self.side
        c.actions_left = self.actions_left
        c.drew = self.drew
        c.lair_escape = self.lair_escape
        c.lair_taken = self.lair_taken
        c.proximity = self.proximity
        c.showdown_on = self.showdown_on
        c.result = None if self.result is None else dict(self.result)
        return c

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": "manos"}
        for name in LIST_FIELDS:
            data[name] = list(getattr(self, name))
        for name in NESTED_FIELDS:
            data[name] = [list(x) for x in getattr(self, name)]
        for name in SCALAR_FIELDS:
            value = getattr(self, name)
            data[name] = dict(value) if isinstance(value, dict) else value
        data["stack"] = [f.to_list() for f in self.stack]
        data["rng"] = self.rng.state
        data["tracing"] = self.tracing
        data["trace"] = [e.to_dict() for e in self.trace]
        return data

    @classmethod
    def from_dict(cls, game: ManosGame, data: dict[str, Any]) -> ManosState:
        """Rebuild a state from :meth:`to_dict` output (checked by the game first).

        Raises:
            KeyError, TypeError, ValueError: if a field is missing or malformed.
        """
        s = cls(game, Rng(0), bool(data.get("tracing", True)))
        s.rng.state = int(data["rng"])
        for name in LIST_FIELDS:
            setattr(s, name, list(data[name]))
        for name in NESTED_FIELDS:
            setattr(s, name, [list(x) for x in data[name]])
        for name in SCALAR_FIELDS:
            value = data[name]
            setattr(s, name, dict(value) if isinstance(value, dict) else value)
        s.stack = [frame_from_list(list(f)) for f in data["stack"]]
        s.trace = [TraceEntry.from_dict(e) for e in data.get("trace", [])]
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ManosState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ helpers
    def card(self, player: int, index: int) -> Card:
        """The Family (player 0) or Manos (player 1) card ``index``."""
        return self.game.cards.family[index] if player == FAMILY else self.game.cards.manos[index]

    def cname(self, player: int, index: int) -> str:
        """A Family or Manos card's name."""
        return self.card(player, index).name

    def char(self, c: int) -> str:
        """A character's name."""
        return self.game.cards.characters[c].name

    def place(self, loc: int) -> str:
        """A Location's name with its article (``the Desert``)."""
        return "the " + self.game.cards.locations[loc].name

    @property
    def phase(self) -> str:
        """The turn's phase name (keys of PHASE_TITLES)."""
        if self.result is not None:
            return "game_over"
        if self.showdown_on:
            return "showdown"
        return "family_turn" if self.side == FAMILY else "manos_turn"

    def note(
        self,
        rule: str,
        text: str,
        actor: int | None = None,
        kind: str = "auto",
        visible_to: frozenset[int] | None = None,
        public_text: str = "",
        changes: tuple[tuple[str, Any, Any], ...] = (),
        sets: str = "",
        reads: str = "",
    ) -> None:
        """Append a trace entry citing ``rule`` (nothing when tracing is off).

        ``sets`` names the standing fact it sets and ``reads`` the one it depended on
        (tutor/core/causes.py): ``escapes`` the Escape cards collected,
        ``corruption/<character>`` a character's corruption tokens."""
        if not self.tracing:
            return
        causes = self.causes
        if causes is None:
            causes = self.causes = CauseLinks()
        entry = TraceEntry(
            rule,
            text,
            actor,
            kind,
            changes,
            visible_to,
            public_text,
            self.steps,
            self.phase,
            "",
            causes.nested(len(self.trace), self.steps, len(self.stack)),
            causes.standing(self.trace, reads) if reads else None,
            sets,
        )
        # Looked up on the object: a position recorder (core) may stand in for the list.
        self.trace.append(entry)

    def free(self) -> list[int]:
        """The characters not captured."""
        return [c for c in range(CHARACTERS) if not self.captured[c]]

    def alone(self, c: int) -> bool:
        """True when ``c`` is the only uncaptured character at their Location (mn.12.5)."""
        return not any(
            o != c and not self.captured[o] and self.loc[o] == self.loc[c]
            for o in range(CHARACTERS)
        )

    def escapes(self) -> int:
        """Escape cards the Family has collected."""
        return len(self.escape_cards)

    def hand_limit(self) -> int:
        """The hand limit now: eight, lifted for the showdown hands (ruling)."""
        return 99 if self.showdown_on else HAND_LIMIT

    def _ruling(self, rid: str) -> str:
        return self.game.rulings[rid]

    # ------------------------------------------------------------------ turns
    def begin_turn(self, side: int) -> None:
        """Start ``side``'s turn: reset its limits and draw one card (mn.4.1, mn.5.1)."""
        self.side = side
        self.actions_left = ACTIONS
        self.drew = False
        self.relocated = [False] * CHARACTERS
        self.searched = [False] * CHARACTERS
        self.searched_here = []
        if side == FAMILY:
            self.note("mn.3.1", f"Round {self.round_no}: the Family turn begins.")
            self.stack.append(DrawFrame(FAMILY, 1, "mn.4.1"))
        else:
            self.note("mn.3.1", "The Manos turn begins.")
            self.stack.append(DrawFrame(MANOS, 1, "mn.5.1"))

    def end_turn(self) -> None:
        """The side to play ends its turn; after Manos, a round is complete (mn.3.1)."""
        if self.side == MANOS:
            self.round_no += 1
            self.begin_turn(FAMILY)
        else:
            self.begin_turn(MANOS)

    # ------------------------------------------------------------------ decision
    @property
    def decision(self) -> Decision:
        if self.result is not None:
            return Decision("terminal", None, "The game is over.", self.result["rule"], "game_over")
        phase = self.phase
        if not self.stack:
            who = SIDES[self.side]
            rule = "mn.4.3" if self.side == FAMILY else "mn.5.2"
            left = self.actions_left
            prompt = f"{who}: take an action ({left} left), play a card or end the turn"
            return Decision("choice", self.side, prompt, rule, phase)
        top = self.stack[-1]
        k = top.kind
        if k == DRAW:
            assert isinstance(top, DrawFrame)
            return Decision("chance", None, f"{SIDES[top.player]} draws a card", top.rule, phase)
        if k == LIMIT:
            assert isinstance(top, LimitFrame)
            who = SIDES[top.player]
            return Decision(
                "choice", top.player, f"{who}: discard down to eight cards", "mn.4.2", phase
            )
        if k == CHALLENGE:
            assert isinstance(top, ChallengeFrame)
            if top.stage == MANOS_WINDOW:
                return Decision(
                    "choice",
                    MANOS,
                    f"Manos: play Primal Darkness cards on the challenge against "
                    f"{self.char(top.target)}, or let it stand",
                    "mn.9.2",
                    phase,
                )
            return Decision(
                "choice",
                FAMILY,
                f"Family: concede or meet the challenge against {self.char(top.target)} "
                f"(rating {self.rating_now(top)}, {STAT_NAMES[top.stat]})",
                "mn.6.3",
                phase,
            )
        if k == PLAY:
            assert isinstance(top, PlayFrame)
            other = 1 - top.player
            return Decision(
                "choice",
                other,
                f"{SIDES[other]}: negate {self.cname(top.player, top.card)} or let it be",
                "mn.12.6",
                phase,
            )
        if k == FLIP:
            assert isinstance(top, FlipFrame)
            return Decision(
                "chance",
                None,
                f"The top Search card at {self.place(top.location)} turns",
                "mn.4.7",
                phase,
            )
        if k == POLICE:
            return Decision("chance", None, "The top Police Event turns", "mn.14.4", phase)
        assert isinstance(top, ShowdownFrame)
        if top.stage == SD_FLIP:
            return Decision("chance", None, "The top Lair Showdown card turns", "mn.15.3", phase)
        if top.stage == SD_FAMILY_DISCARD:
            return Decision(
                "choice",
                FAMILY,
                "Family: discard cards before the showdown hand",
                "mn.15.4",
                phase,
            )
        if top.stage == SD_MANOS_DISCARD:
            return Decision(
                "choice",
                MANOS,
                "Manos: discard cards before the showdown hand",
                "mn.15.4",
                phase,
            )
        return Decision(
            "choice", MANOS, "Manos: play a Challenge card for the showdown", "mn.15.3", phase
        )

    def decision_kind(self) -> str:
        if self.result is not None:
            return "terminal"
        if not self.stack:
            return "choice"
        top = self.stack[-1]
        k = top.kind
        if k in (DRAW, FLIP, POLICE):
            return "chance"
        if k == SHOWDOWN and isinstance(top, ShowdownFrame) and top.stage == SD_FLIP:
            return "chance"
        return "choice"

    @property
    def turn_number(self) -> int:
        return self.round_no

    # ------------------------------------------------------------------ ratings
    def rating_now(self, ch: ChallengeFrame) -> int:
        """The challenge rating with its card's "vs." bonus, escalation and cards played."""
        rating = ch.rating + ch.rating_bonus
        if ch.card >= 0:
            rating += self.game.cards.manos[ch.card].vs.get(ch.target, 0)
        if not ch.showdown and not self.showdown_on:
            rating += escalation(self.escapes())
        return rating

    def effort_now(self, ch: ChallengeFrame) -> int:
        """The total effort rating so far: Effort cards, the stat, boosts, Help bonuses."""
        stats = self.game.cards.characters[ch.target].stats
        total = stats[ch.stat] + len(ch.boosts) + ch.effort_bonus
        keywords = self.game.cards.manos[ch.card].keywords if ch.card >= 0 else ()
        for e in ch.efforts:
            card = self.game.cards.family[e]
            total += card.effort
            for word in keywords:
                total += card.vs_keyword.get(word, 0)
        return total

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        if not self.stack:
            return self._turn_actions()
        top = self.stack[-1]
        k = top.kind
        if k in (DRAW, FLIP, POLICE):
            return [a for a, _ in self.chance_outcomes()]
        if k == LIMIT:
            assert isinstance(top, LimitFrame)
            return self._discard_actions(top.player)
        if k == CHALLENGE:
            assert isinstance(top, ChallengeFrame)
            return self._challenge_actions(top)
        if k == PLAY:
            assert isinstance(top, PlayFrame)
            return self._window_actions(top)
        assert isinstance(top, ShowdownFrame)
        if top.stage == SD_FLIP:
            return [a for a, _ in self.chance_outcomes()]
        if top.stage == SD_FAMILY_DISCARD or top.stage == SD_MANOS_DISCARD:
            p = FAMILY if top.stage == SD_FAMILY_DISCARD else MANOS
            acts = self._discard_actions(p)
            acts.append(self.act(p, "done", ()))
            acts.sort(key=_order)
            return acts
        return self._showdown_pick_actions()

    def act(self, p: int, kind: str, args: tuple[int, ...], ctx: int = -1) -> Action:
        """The action ``kind(args)`` of player ``p``, built once per game and reused.

        A label depends only on the arguments and ``ctx`` (the challenge target, the
        total effort, the card answered ...), so the game keeps each action (speed).
        """
        key = (p, kind, args, ctx)
        cache = self.game.action_cache
        found = cache.get(key)
        if found is None:
            found = cache[key] = Action(p, kind, args, LABELS[kind](self, p, args, ctx))
        return found

    def _discard_actions(self, p: int) -> list[Action]:
        return [self.act(p, "discard", (c,)) for c in sorted(set(self.hands[p]))]

    def _targets(self, card: Card) -> list[int]:
        """The characters a played card may be played on ([-1]: it needs none)."""
        if card.target == "":
            return [-1]
        out = []
        for c in self.free():
            if card.target == "alone" and not self.alone(c):
                continue
            if card.target == "corrupted" and self.corruption[c] == 0:
                continue
            out.append(c)
        return out

    def _play_actions(self, p: int, timing: str) -> list[Action]:
        out = []
        group = "help" if p == FAMILY else "darkness"
        for i in sorted(set(self.hands[p])):
            card = self.card(p, i)
            if card.group != group or card.timing != timing:
                continue
            for t in self._targets(card):
                out.append(self.act(p, "play", (i, t)))
        return out

    def _turn_actions(self) -> list[Action]:
        p = self.side
        acts: list[Action] = []
        cards = self.game.cards
        if self.actions_left > 0:
            if p == FAMILY:
                need = self.game.lair_needs
                for c in self.free():
                    here = self.loc[c]
                    if not self.relocated[c]:
                        for dest in self.game.adjacent[here]:
                            if dest == LAIR and self.escapes() < need and not self.lair_taken:
                                continue
                            acts.append(self.act(p, "relocate", (c, dest)))
                    if not self.searched[c] and here not in self.searched_here:
                        can = (
                            self.lair_escape and self.escapes() >= need
                            if here == LAIR
                            else bool(self.search_decks[here])
                        )
                        if can:
                            acts.append(self.act(p, "search", (c,), here))
                if not self.drew or self._ruling("family_draw") == "repeat":
                    acts.append(self.act(p, "draw", ()))
            else:
                free = self.free()
                for i in sorted(set(self.hands[MANOS])):
                    card = cards.manos[i]
                    if card.group != "challenge":
                        continue
                    for c in free:
                        if card.alone and not self.alone(c):
                            continue
                        acts.append(self.act(p, "challenge", (i, c)))
                acts.append(self.act(p, "draw", ()))
        acts += self._play_actions(p, "turn")
        acts.append(self.act(p, "end", ()))
        acts.sort(key=_order)
        return acts

    def _challenge_actions(self, ch: ChallengeFrame) -> list[Action]:
        if ch.stage == MANOS_WINDOW:
            acts = self._play_actions(MANOS, "challenge")
            acts.append(self.act(MANOS, "pass", ()))
            acts.sort(key=_order)
            return acts
        acts = []
        hand = sorted(set(self.hands[FAMILY]))
        fam = self.game.cards.family
        if not ch.efforts:
            acts.append(self.act(FAMILY, "concede", (), ch.target))
            if ch.card >= 0:
                for i in hand:
                    if "challenge" in fam[i].negate:
                        acts.append(self.act(FAMILY, "negate", (i,), NEGATE_CHALLENGE))
        else:
            acts.append(self.act(FAMILY, "accept", (), self.effort_now(ch)))
            for i in hand:
                if fam[i].group == "help":
                    acts.append(self.act(FAMILY, "boost", (i,)))
        if len(ch.efforts) < 2:
            for i in hand:
                if fam[i].group == "effort":
                    acts.append(self.act(FAMILY, "effort", (i,)))
        acts += self._play_actions(FAMILY, "challenge")
        acts.sort(key=_order)
        return acts

    def _negatable_group(self, frame: Frame) -> str:
        if isinstance(frame, PlayFrame):
            return self.card(frame.player, frame.card).group
        return "challenge"

    def _window_actions(self, top: PlayFrame) -> list[Action]:
        q = 1 - top.player
        group = self._negatable_group(top)
        acts = [self.act(q, "pass", (), top.card)]
        for i in sorted(set(self.hands[q])):
            card = self.card(q, i)
            if card.timing == "response" and group in card.negate:
                acts.append(self.act(q, "negate", (i,)))
        acts.sort(key=_order)
        return acts

    def _showdown_pick_actions(self) -> list[Action]:
        acts = []
        for i in sorted(set(self.hands[MANOS])):
            card = self.game.cards.manos[i]
            if card.group != "challenge":
                continue
            for c in self.free():
                acts.append(self.act(MANOS, "challenge", (i, c)))
        return acts

    # ------------------------------------------------------------------ chance
    def chance_deck(self) -> list[int]:
        """The sorted cards the chance step now draws from (empty when none is due)."""
        if self.result is not None or not self.stack:
            return []
        top = self.stack[-1]
        k = top.kind
        if k == DRAW:
            assert isinstance(top, DrawFrame)
            return self.decks[top.player]
        if k == FLIP:
            assert isinstance(top, FlipFrame)
            return self.search_decks[top.location]
        if k == POLICE:
            return self.police_deck
        if k == SHOWDOWN and isinstance(top, ShowdownFrame) and top.stage == SD_FLIP:
            return self.showdown_deck
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        deck = self.chance_deck()
        if not deck:
            return []
        top = self.stack[-1]
        kind = CHANCE_KINDS[top.kind]
        owner = top.player if isinstance(top, DrawFrame) else -1
        total = len(deck)
        out: list[tuple[Action, float]] = []
        i = 0
        while i < total:
            j = i
            while j < total and deck[j] == deck[i]:
                j += 1
            out.append((self.act(CHANCE, kind, (deck[i],), owner), (j - i) / total))
            i = j
        return out

    def _random_playout(self, rng: Rng, max_steps: int) -> None:
        """The generic random loop's exact draws, without building chance outcomes."""
        for _ in range(max_steps):
            if self.result is not None:
                return
            deck = self.chance_deck()
            if deck:
                r = rng.random()
                total = len(deck)
                acc = 0.0
                pick = deck[total - 1]
                i = 0
                while i < total:
                    j = i
                    while j < total and deck[j] == deck[i]:
                        j += 1
                    acc += (j - i) / total
                    if r < acc:
                        pick = deck[i]
                        break
                    i = j
                self.steps += 1
                self._chance_index(pick)
                self._run()
                continue
            legal = self._legal_actions()
            self._apply(legal[rng.below(len(legal))])
        raise StepLimitReached(f"game did not end within {max_steps} steps")

    # ------------------------------------------------------------------ illegal
    def _explain_illegal(self, action: Action) -> Verdict:
        if self.result is not None:
            return Verdict(False, "the game is over", self.result["rule"], Rejection.GAME_OVER)
        d = self.decision
        if d.kind == "chance":
            if action.player == CHANCE:
                return Verdict(
                    False, "that card cannot turn up here", d.rule, Rejection.IMPOSSIBLE_OUTCOME
                )
            return Verdict(False, "a card is being drawn or turned", d.rule, Rejection.CHANCE_STEP)
        if action.player != d.player:
            who = SIDES[d.player or 0]
            return Verdict(False, f"the {who} player decides now", d.rule, Rejection.WRONG_PLAYER)
        from tutor.games.manos.explain import explain

        reason, rule, code = explain(self, action)
        return Verdict(False, reason, rule or d.rule, code)

    def tempting_actions(self) -> list[tuple[Action, Verdict]]:
        """Plausible illegal Family moves with the reason each is refused (tutorials)."""
        from tutor.games.manos.explain import tempting

        return tempting(self)

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        self.steps += 1
        if action.player == CHANCE:
            self._chance_index(int(action.args[0]))
        else:
            HANDLERS[action.kind](self, action)
        self._run()

    def _chance_index(self, index: int) -> None:
        top = self.stack[-1]
        k = top.kind
        if k == DRAW:
            assert isinstance(top, DrawFrame)
            self._draw_one(top, index)
        elif k == FLIP:
            assert isinstance(top, FlipFrame)
            self.stack.pop()
            self._flip(top, index)
        elif k == POLICE:
            self.stack.pop()
            self._police_event(index)
        else:
            assert isinstance(top, ShowdownFrame)
            self._showdown_card(top, index)

    # ---- automatic steps
    def _run(self) -> None:
        while self.result is None and self.stack:
            top = self.stack[-1]
            k = top.kind
            if k == DRAW:
                assert isinstance(top, DrawFrame)
                if top.count <= 0:
                    self.stack.pop()
                    continue
                if not self.decks[top.player]:
                    self._refill(top.player)
                if not self.decks[top.player]:
                    self.note(
                        "mn.13.1",
                        f"The {SIDES[top.player]} Deck and its discard pile are empty: "
                        "nothing more is drawn.",
                    )
                    self.stack.pop()
                    continue
                return
            if k == CHALLENGE:
                assert isinstance(top, ChallengeFrame)
                if top.stage == RESOLVE:
                    self.stack.pop()
                    self._resolve_challenge(top)
                    continue
                return
            if k == PLAY:
                assert isinstance(top, PlayFrame)
                if top.stage == TAKE_EFFECT:
                    self.stack.pop()
                    self._take_effect(top)
                    continue
                return
            if k == FLIP:
                assert isinstance(top, FlipFrame)
                return
            if k == POLICE:
                if not self.police_deck:
                    self._refill_police()
                if not self.police_deck:
                    self.stack.pop()
                    continue
                return
            if k == SHOWDOWN:
                assert isinstance(top, ShowdownFrame)
                if self._showdown_step(top):
                    continue
                return
            return  # LIMIT waits for a discard

    def _refill(self, p: int) -> None:
        """The deck is empty: its discard pile is shuffled to form a new deck (mn.13.1)."""
        if self.discards[p]:
            self.decks[p] = sorted(self.discards[p])
            self.discards[p] = []
            self.note(
                "mn.13.1",
                f"The {SIDES[p]} Deck is empty: its discard pile is shuffled into a new deck "
                f"of {len(self.decks[p])} cards.",
            )

    def _refill_police(self) -> None:
        if self.police_discard:
            self.police_deck = sorted(self.police_discard)
            self.police_discard = []
            self.note("mn.13.1", "The Police Event Deck is empty: its discards form a new deck.")

    def _draw_one(self, frame: DrawFrame, index: int) -> None:
        p = frame.player
        self.decks[p].remove(index)
        self.hands[p].append(index)
        self.hands[p].sort()
        frame.count -= 1
        if frame.count <= 0:
            self.stack.pop()
        self.note(
            frame.rule,
            f"{SIDES[p]} draws {self.cname(p, index)}.",
            None,
            "chance",
            frozenset({p}),
            f"{SIDES[p]} draws a card.",
        )
        if not self.decks[p]:
            self._refill(p)
        if len(self.hands[p]) > self.hand_limit():
            self.note(
                "mn.4.2",
                f"{SIDES[p]} holds {len(self.hands[p])} cards, more than eight: "
                "discard down at once.",
            )
            self.stack.append(LimitFrame(p))

    def discard_card(self, p: int, index: int, reshuffle: bool) -> None:
        """Put a Family or Manos card on its discard pile; Reshuffle sends the pile back."""
        self.discards[p].append(index)
        self.discards[p].sort()
        if reshuffle:
            self.decks[p] = sorted(self.decks[p] + self.discards[p])
            self.discards[p] = []
            self.note(
                "mn.12.8",
                f"{self.cname(p, index)} has Reshuffle: the {SIDES[p]} discard pile is "
                f"shuffled back into the deck ({len(self.decks[p])} cards).",
            )

    # ---- corruption
    def corrupt(self, c: int, rule: str, why: str) -> None:
        """Give ``c`` a corruption token; the second one captures (mn.6.5)."""
        if self.captured[c]:
            return
        self.corruption[c] += 1
        self.note(
            rule,
            f"{self.char(c)} takes a corruption token {why} ({self.corruption[c]} of 2).",
            changes=((f"corruption[{c}]", self.corruption[c] - 1, self.corruption[c]),),
            sets=f"corruption/{c}",
            # A second token stands on the first, maybe turns before (mn.6.5).
            reads=f"corruption/{c}" if self.corruption[c] > 1 else "",
        )
        if self.corruption[c] >= MAX_CORRUPTION:
            self.captured[c] = True
            self.note(
                "mn.6.5",
                f"{self.char(c)} has a second corruption token and is captured: the card "
                "is placed near the Lair.",
                changes=((f"captured[{c}]", False, True),),
            )
            if not self.free():
                self._finish(
                    MANOS, "captured_all", "mn.11.2", "Manos captured all three family members."
                )

    def heal(self, c: int, rule: str, why: str) -> None:
        """Remove a corruption token from an uncaptured character (card effects)."""
        if self.captured[c] or self.corruption[c] == 0:
            self.note(rule, f"{self.char(c)} has no corruption token to remove.")
            return
        self.corruption[c] -= 1
        self.note(
            rule,
            f"{self.char(c)} loses a corruption token {why} ({self.corruption[c]} of 2).",
            changes=((f"corruption[{c}]", self.corruption[c] + 1, self.corruption[c]),),
        )

    def _finish(self, winner: int, reason: str, rule: str, text: str) -> None:
        # Cards still on the stack (played, face up) go to their discard piles.
        for p, card in self.in_play():
            self.discards[p].append(card)
            self.discards[p].sort()
        self.result = {"winner": winner, "reason": reason, "rule": rule, "text": text}
        self.stack = []
        self.note(rule, text)

    # ---- police
    def proximity_change(self, delta: int, why: str) -> None:
        """Add or remove proximity tokens (0 to 3); at three a Police Event turns (mn.14.4)."""
        if not self.game.police or delta == 0 or self.result is not None:
            return
        before = self.proximity
        after = min(MAX_PROXIMITY, max(0, before + delta))
        rule = "mn.14.3" if why == "No Progress" else "mn.14.2"
        self.proximity = after
        if after != before:
            self.note(
                rule,
                f"{why}: proximity {before} -> {after}.",
                changes=(("proximity", before, after),),
            )
        if (
            after == MAX_PROXIMITY
            and delta > 0
            and (before < MAX_PROXIMITY or self._ruling("police_tokens") == "keep")
        ):
            self.note("mn.14.4", "Three proximity tokens: the police arrive.")
            self.stack.append(PoliceFrame())

    def _police_event(self, index: int) -> None:
        card = self.game.cards.police[index]
        self.police_deck.remove(index)
        self.note("mn.14.4", f"Police Event: {card.name}.")
        self._card_effects(card, FAMILY, self._most_corrupted(), "mn.14.4", card.name)
        self.police_discard.append(index)
        self.police_discard.sort()
        if card.reshuffle:
            self.police_deck = sorted(self.police_deck + self.police_discard)
            self.police_discard = []
            self.note("mn.12.8", f"{card.name} has Reshuffle: the Police Events are shuffled.")
        if self._ruling("police_tokens") == "reset":
            before = self.proximity
            self.proximity = 0
            self.note(
                "mn.14.4",
                "The event is carried out and discarded; the proximity tokens go back.",
                changes=(("proximity", before, 0),),
            )
        if not self.police_deck:
            self._refill_police()

    def _most_corrupted(self) -> int:
        best = -1
        for c in self.free():
            if self.corruption[c] > 0 and (best < 0 or self.corruption[c] > self.corruption[best]):
                best = c
        return best

    # ---- card effects shared by played cards, Search cards and Police Events
    def _card_effects(self, card: Card, owner: int, target: int, rule: str, name: str) -> None:
        if card.heal and target >= 0:
            self.heal(target, rule, f"({name})")
        elif card.heal:
            self.note(rule, f"{name}: no character has a corruption token to remove.")
        if card.corrupt and target >= 0:
            self.corrupt(target, rule, f"({name})")
        if card.extra_action and self.side == owner and not self.showdown_on:
            self.actions_left += card.extra_action
            self.note(rule, f"{name}: {SIDES[owner]} gains an extra action this turn.")
        if card.draw and self.result is None:
            self.stack.append(DrawFrame(owner, card.draw, rule))

    # ---- search
    def _flip(self, frame: FlipFrame, index: int) -> None:
        card = self.game.cards.search[index]
        where = frame.location
        self.search_decks[where].remove(index)
        who = self.char(frame.character)
        if card.kind == "escape":
            self.escape_cards.append(index)
            self.note(
                "mn.4.7",
                f"{who} turns an Escape card at {self.place(where)}: the Family keeps it "
                f"({self.escapes()} collected).",
                changes=(("escapes", self.escapes() - 1, self.escapes()),),
                sets="escapes",
            )
            if self.escapes() in (2, 3):
                self.note(
                    "mn.7.1",
                    f"With {self.escapes()} Escape cards every challenge rating rises by "
                    f"{escalation(self.escapes())}.",
                )
        elif card.kind == "no_progress":
            self.search_discard.append(index)
            self.note("mn.4.7", f"{who} turns No Progress at {self.place(where)}; it is discarded.")
            self.proximity_change(1, "No Progress")
        else:
            self.note("mn.4.7", f"{who} turns {card.name} at {self.place(where)} and follows it.")
            self.search_discard.append(index)
            self._card_effects(card, FAMILY, frame.character, "mn.4.7", card.name)
        self.search_discard.sort()
        if not self.search_decks[where]:
            self.note("mn.13.2", f"The Search Deck at {self.place(where)} is depleted for good.")

    def search_lair(self, c: int) -> None:
        """Take the Escape card by the Lair (mn.11.1; with the Showdown, mn.15.2)."""
        self.lair_escape = False
        self.escape_cards.append(self.game.escape_index)
        self.note(
            "mn.11.1",
            f"{self.char(c)} takes the Escape card by the Lair ({self.escapes()} collected).",
            changes=(("escapes", self.escapes() - 1, self.escapes()),),
            sets="escapes",
        )
        if self.game.showdown:
            self.note(
                "mn.15.2",
                "The last Escape card is taken: the round ends at once and the Showdown "
                "Round begins.",
            )
            self.stack = [ShowdownFrame()]
            self.showdown_on = True
            self.note("mn.15.5", "From now on the Escape cards no longer raise challenge ratings.")
        else:
            self.lair_taken = True
            self.note(
                "mn.11.1",
                "One Relocate action by any free character now leaves the area for good.",
            )

    # ---- challenges
    def _resolve_challenge(self, ch: ChallengeFrame) -> None:
        fam = self.game.cards.family
        t = ch.target
        name = self.char(t)
        manos_card = self.game.cards.manos[ch.card] if ch.card >= 0 else None
        failed = False
        if ch.negated:
            self.note("mn.12.6", "The challenge was negated: it has no effect.")
        elif ch.cancelled:
            self.note("mn.16.7", "The challenge was cancelled: it has no effect.")
        elif self.captured[t]:
            self.note("mn.6.5", f"{name} is already captured: the challenge has no effect.")
        elif ch.conceded:
            failed = True
            self.corrupt(t, "mn.6.2", "for conceding")
        else:
            total, rating = self.effort_now(ch), self.rating_now(ch)
            parts = " + ".join(
                [f"{fam[e].name} {fam[e].effort}" for e in ch.efforts]
                + ([f"{len(ch.boosts)} boost"] if ch.boosts else [])
                + ([f"Help {ch.effort_bonus}"] if ch.effort_bonus else [])
                + [f"{STAT_NAMES[ch.stat]} {self.game.cards.characters[t].stats[ch.stat]}"]
            )
            if total >= rating:
                self.note(
                    "mn.6.4",
                    f"Total effort {total} ({parts}) against rating {rating}: {name} "
                    "overcomes the challenge.",
                )
            else:
                failed = True
                self.note(
                    "mn.6.4",
                    f"Total effort {total} ({parts}) against rating {rating}: {name} fails.",
                )
                self.corrupt(t, "mn.6.4", "for failing the challenge")
        # Where do the cards go (mn.10.1).
        for e in ch.efforts:
            self.discard_card(FAMILY, e, fam[e].reshuffle)
        for b in ch.boosts:
            self.discard_card(FAMILY, b, False)
        if manos_card is not None:
            self.discard_card(MANOS, ch.card, manos_card.reshuffle)
        if ch.efforts or ch.boosts or manos_card is not None:
            self.note("mn.10.1", "The challenge's cards go to their discard piles.")
        if self.result is not None:
            return
        if ch.showdown:
            top = self.stack[-1]
            assert isinstance(top, ShowdownFrame)
            if failed:
                top.failures += 1
                allowed = self.game.cards.showdown[top.card].may_fail
                if top.failures > allowed:
                    self._finish(
                        MANOS,
                        "showdown",
                        "mn.15.3" if allowed == 0 else "mn.16.11",
                        "The Family failed a showdown challenge: Manos wins."
                        if allowed == 0
                        else f"The Family failed {top.failures} showdown challenges, more "
                        f"than the {allowed} the card allows: Manos wins.",
                    )
                else:
                    self.note(
                        "mn.16.11",
                        f"The Family has failed {top.failures} of the {allowed} showdown "
                        "challenges the card allows.",
                    )
            return
        if ch.location == LAIR:
            if not (failed or ch.negated or ch.cancelled):
                self.search_lair(t)
            return
        if ch.location >= 0:
            if failed:
                self.note(
                    "mn.4.6",
                    f"The search of {self.place(ch.location)} is wasted; the Location does "
                    "not count as searched.",
                )
            elif not (ch.negated or ch.cancelled):
                self.searched_here.append(ch.location)
                self.stack.append(FlipFrame(t, ch.location))

    # ---- played cards
    def _take_effect(self, frame: PlayFrame) -> None:
        card = self.card(frame.player, frame.card)
        p = frame.player
        if frame.negated:
            self.note("mn.12.6", f"{card.name} is negated: it goes to the discard pile unused.")
            self.discard_card(p, frame.card, card.reshuffle)
            if card.reshuffle:
                self.note("mn.12.9", "Reshuffle works even though the card was negated.")
            return
        self.discard_card(p, frame.card, card.reshuffle)
        rule = "mn.16.1"
        below = self.stack[-1] if self.stack else None
        if card.negate:
            if below is not None and isinstance(below, PlayFrame):
                below.negated = True
                below.stage = TAKE_EFFECT
                self.note("mn.12.6", f"{card.name} negates {self.cname(below.player, below.card)}.")
            elif below is not None and isinstance(below, ChallengeFrame):
                below.negated = True
                below.stage = RESOLVE
                self.note("mn.12.6", f"{card.name} negates the Challenge card.")
            return
        ch = below if isinstance(below, ChallengeFrame) else None
        if card.effort and ch is not None:
            ch.effort_bonus += card.effort
            self.note("mn.16.2", f"{card.name}: +{card.effort} to the total effort rating.")
        if card.rating_bonus and ch is not None:
            ch.rating_bonus += card.rating_bonus
            self.note("mn.16.3", f"{card.name}: +{card.rating_bonus} to the challenge rating.")
        if card.cancel and ch is not None:
            ch.cancelled = True
            ch.stage = RESOLVE
            self.note("mn.16.7", f"{card.name}: the challenge is called off.")
        if card.heal or card.corrupt or card.extra_action or card.draw:
            self._card_effects(card, p, frame.target, rule, card.name)

    def play_card(self, p: int, index: int, target: int) -> None:
        """Play a Help or Primal Darkness card: it waits for the opponent's answer."""
        card = self.card(p, index)
        self.hands[p].remove(index)
        on = f" on {self.char(target)}" if target >= 0 else ""
        rule = "mn.9.2" if card.timing == "challenge" else "mn.12.6" if card.negate else "mn.9.1"
        if card.timing == "turn":
            rule = "mn.4.10" if p == FAMILY else "mn.5.5"
        self.note(rule, f"{SIDES[p]} plays {card.name}{on}.", p, "action")
        self.stack.append(PlayFrame(p, index, target))
        if p == FAMILY:
            self.proximity_change(card.badge, f"{card.name}'s badge")

    # ---- showdown
    def _showdown_card(self, frame: ShowdownFrame, index: int) -> None:
        card = self.game.cards.showdown[index]
        self.showdown_deck.remove(index)
        self.showdown_discard.append(index)
        frame.card = index
        frame.challenges_left = card.challenges
        self.note("mn.15.3", f"Lair Showdown: {card.name}.")
        frame.stage = SD_FAMILY_DISCARD if card.showdown_hand else SD_CARD
        if card.showdown_hand:
            self.note("mn.15.4", "Draw a Showdown Hand: first each player may discard.")

    def _showdown_step(self, frame: ShowdownFrame) -> bool:
        """One automatic step of the showdown; False when someone must decide."""
        if frame.stage == SD_FAMILY_DRAW:
            free = len(self.free())
            need = max(0, SHOWDOWN_HAND - len(self.hands[FAMILY])) + free
            self.note(
                "mn.15.4",
                f"The Family draws up to eight plus one for each of its {free} free "
                f"characters ({need} cards).",
            )
            frame.stage = SD_MANOS_DISCARD
            self.stack.append(DrawFrame(FAMILY, need, "mn.15.4"))
            return True
        if frame.stage == SD_MANOS_DRAW:
            taken = CHARACTERS - len(self.free())
            need = max(0, SHOWDOWN_HAND - len(self.hands[MANOS])) + taken
            self.note(
                "mn.15.4",
                f"Manos draws up to eight plus one for each of the {taken} captured "
                f"characters ({need} cards).",
            )
            frame.stage = SD_CARD
            self.stack.append(DrawFrame(MANOS, need, "mn.15.4"))
            return True
        if frame.stage == SD_CARD:
            return self._showdown_orders(frame)
        if frame.stage == SD_PICK or frame.stage == SD_AFTER_CHALLENGE:
            card = self.game.cards.showdown[frame.card]
            while frame.fixed_left:
                c = frame.fixed_left.pop(0)
                if self.captured[c]:
                    continue
                self.note(
                    "mn.16.9",
                    f"{self.char(c)} faces {card.name}: rating {card.fixed_rating}, "
                    f"{STAT_NAMES[card.fixed_stat]}.",
                )
                frame.stage = SD_AFTER_CHALLENGE
                self.stack.append(
                    ChallengeFrame(-1, c, card.fixed_stat, card.fixed_rating, -1, True)
                )
                return True
            if frame.challenges_left <= 0:
                self._finish(
                    FAMILY,
                    "showdown",
                    "mn.15.3",
                    "The Family came through the Lair Showdown and escapes the desert.",
                )
                return False
            if not any(self.game.cards.manos[i].group == "challenge" for i in self.hands[MANOS]):
                frame.challenges_left -= 1
                self.note("mn.15.3", "Manos holds no Challenge card: that challenge is not made.")
                return True
            frame.stage = SD_PICK
            return False
        return False

    def _showdown_orders(self, frame: ShowdownFrame) -> bool:
        """The Showdown card's own instructions, once the hands are drawn (mn.16.8-16.10)."""
        card = self.game.cards.showdown[frame.card]
        frame.stage = SD_PICK
        if card.corrupt_each:
            for c in self.free():
                for _ in range(card.corrupt_each):
                    self.corrupt(c, "mn.16.8", f"({card.name})")
            if self.result is not None:
                return False
        if card.escape_if_free:
            free = len(self.free())
            if free >= card.escape_if_free:
                self._finish(
                    FAMILY,
                    "showdown",
                    "mn.16.10",
                    f"{card.name}: {free} family members are free, at least "
                    f"{card.escape_if_free}: the Family escapes the desert.",
                )
            else:
                self._finish(
                    MANOS,
                    "showdown",
                    "mn.16.10",
                    f"{card.name}: only {free} family member{'s' * (free != 1)} free, fewer "
                    f"than {card.escape_if_free}: Manos wins.",
                )
            return False
        if card.fixed_rating:
            frame.fixed_left = self.free()
            self.note(
                "mn.16.9",
                f"{card.name}: every free character faces its own challenge, rating "
                f"{card.fixed_rating}, {STAT_NAMES[card.fixed_stat]}.",
            )
        if card.may_fail:
            self.note(
                "mn.16.11",
                f"{card.name}: the Family may fail {card.may_fail} of these challenges and "
                "still escape.",
            )
        return True

    # ------------------------------------------------------------------ outcome, view
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        w = int(self.result["winner"])
        return Outcome(
            winners=(w,),
            losers=(1 - w,),
            tied=(),
            scores=(1.0, -1.0) if w == FAMILY else (-1.0, 1.0),
            reason=str(self.result["reason"]),
            text=str(self.result["text"]),
            rule=str(self.result["rule"]),
            turns=self.round_no,
            extras={
                "escapes": self.escapes(),
                "captured": sum(self.captured),
                "corruption": sum(self.corruption),
                "rounds": self.round_no,
                "showdown": self.showdown_on,
            },
        )

    def returns(self) -> list[float]:
        out = self.outcome()
        return [0.0, 0.0] if out is None else list(out.scores)

    def in_play(self) -> list[tuple[int, int]]:
        """(player, card) of every Family or Manos card on the stack (played, face up)."""
        out = []
        for f in self.stack:
            if isinstance(f, PlayFrame):
                out.append((f.player, f.card))
            elif isinstance(f, ChallengeFrame):
                if f.card >= 0:
                    out.append((MANOS, f.card))
                out += [(FAMILY, e) for e in f.efforts] + [(FAMILY, b) for b in f.boosts]
        return out

    def view(self, player: int | None) -> dict[str, Any]:
        from tutor.games.manos.view import view

        return view(self, player)


# ---------------------------------------------------------------------------- handlers
def _relocate(s: ManosState, a: Action) -> None:
    c, dest = int(a.args[0]), int(a.args[1])
    before = s.loc[c]
    s.loc[c] = dest
    s.relocated[c] = True
    s.actions_left -= 1
    s.note(
        "mn.4.4",
        f"{s.char(c)} relocates from {s.place(before)} to {s.place(dest)}.",
        FAMILY,
        "action",
        changes=((f"loc[{c}]", before, dest),),
    )
    if s.lair_taken:
        s._finish(
            FAMILY,
            "escaped",
            "mn.11.1",
            f"With the fourth Escape card in hand, {s.char(c)} relocates out: the family "
            "leaves the area once and for all.",
        )


def _search(s: ManosState, a: Action) -> None:
    c = int(a.args[0])
    here = s.loc[c]
    s.searched[c] = True
    s.actions_left -= 1
    if here == LAIR:
        s.searched_here.append(here)
        s.note("mn.4.5", f"{s.char(c)} searches the Lair.", FAMILY, "action")
        if s.game.showdown or s._ruling("lair_search") == "no_challenge":
            s.search_lair(c)
            return
        s.stack.append(ChallengeFrame(-1, c, 0, SEARCH_RATING, LAIR))
        return
    stat = s.game.cards.locations[here].stat
    s.note(
        "mn.4.5",
        f"{s.char(c)} searches {s.place(here)}: first a challenge of rating {SEARCH_RATING} "
        f"on {STAT_NAMES[stat]}.",
        FAMILY,
        "action",
    )
    s.stack.append(ChallengeFrame(-1, c, stat, SEARCH_RATING, here))


def _draw(s: ManosState, a: Action) -> None:
    p = a.player
    s.actions_left -= 1
    if p == FAMILY:
        s.drew = True
    rule = "mn.4.9" if p == FAMILY else "mn.5.4"
    s.note(rule, f"{SIDES[p]} takes the Draw action: two cards.", p, "action")
    s.stack.append(DrawFrame(p, 2, rule))


def _end(s: ManosState, a: Action) -> None:
    rule = "mn.4.3" if a.player == FAMILY else "mn.5.2"
    s.note(rule, f"{SIDES[a.player]} ends the turn.", a.player, "action")
    s.end_turn()


def _play(s: ManosState, a: Action) -> None:
    s.play_card(a.player, int(a.args[0]), int(a.args[1]))


def _challenge(s: ManosState, a: Action) -> None:
    i, c = int(a.args[0]), int(a.args[1])
    card = s.game.cards.manos[i]
    s.hands[MANOS].remove(i)
    top = s.stack[-1] if s.stack else None
    showdown = isinstance(top, ShowdownFrame)
    if isinstance(top, ShowdownFrame):
        top.challenges_left -= 1
        top.stage = SD_AFTER_CHALLENGE
        rule = "mn.15.3"
    else:
        s.actions_left -= 1
        rule = "mn.5.3"
    words = f" ({', '.join(card.keywords)})" if card.keywords else ""
    s.note(
        rule,
        f"Manos plays {card.name}{words} on {s.char(c)}: rating {card.rating}, "
        f"{STAT_NAMES[card.stat]}.",
        MANOS,
        "action",
    )
    s.note(
        "mn.6.1",
        f"{card.name} shows a challenge rating of {card.rating} and tests {STAT_NAMES[card.stat]}.",
    )
    frame = ChallengeFrame(i, c, card.stat, card.rating, -1, showdown)
    if card.vs.get(c):
        s.note("mn.12.3", f"{card.name} is +{card.vs[c]} vs. {s.char(c)}.")
    if not showdown and escalation(s.escapes()):
        s.note(
            "mn.7.1",
            f"Escalation adds {escalation(s.escapes())} to the rating.",
            reads="escapes",
        )
    s.stack.append(frame)


def _pass(s: ManosState, a: Action) -> None:
    top = s.stack[-1]
    if isinstance(top, ChallengeFrame):
        top.stage = FAMILY_RESPONSE
        s.note("mn.9.2", "Manos lets the challenge stand.", MANOS, "action")
    else:
        assert isinstance(top, PlayFrame)
        top.stage = TAKE_EFFECT
        s.note(
            "mn.12.6",
            f"{SIDES[a.player]} lets {s.cname(top.player, top.card)} be.",
            a.player,
            "action",
        )


def _concede(s: ManosState, a: Action) -> None:
    top = s.stack[-1]
    assert isinstance(top, ChallengeFrame)
    top.conceded = True
    top.stage = RESOLVE
    s.note(
        "mn.6.2",
        f"The Family concedes the challenge against {s.char(top.target)}.",
        FAMILY,
        "action",
    )


def _effort(s: ManosState, a: Action) -> None:
    top = s.stack[-1]
    assert isinstance(top, ChallengeFrame)
    i = int(a.args[0])
    card = s.game.cards.family[i]
    s.hands[FAMILY].remove(i)
    top.efforts.append(i)
    s.note("mn.6.3", f"The Family plays {card.name} (effort {card.effort}).", FAMILY, "action")
    keywords = s.game.cards.manos[top.card].keywords if top.card >= 0 else ()
    for word in keywords:
        if card.vs_keyword.get(word):
            s.note("mn.12.1", f"{card.name} adds {card.vs_keyword[word]} against {word}.")
    s.proximity_change(card.badge, f"{card.name}'s badge")


def _boost(s: ManosState, a: Action) -> None:
    top = s.stack[-1]
    assert isinstance(top, ChallengeFrame)
    i = int(a.args[0])
    s.hands[FAMILY].remove(i)
    top.boosts.append(i)
    s.note(
        "mn.8.1",
        f"The Family discards {s.cname(FAMILY, i)} for +1, ignoring its text.",
        FAMILY,
        "action",
    )
    if s._ruling("boost_badge") == "counts":
        s.proximity_change(s.game.cards.family[i].badge, f"{s.cname(FAMILY, i)}'s badge")


def _accept(s: ManosState, a: Action) -> None:
    top = s.stack[-1]
    assert isinstance(top, ChallengeFrame)
    top.stage = RESOLVE
    s.note("mn.6.3", "The Family stands on its total effort.", FAMILY, "action")


def _negate(s: ManosState, a: Action) -> None:
    s.play_card(a.player, int(a.args[0]), -1)


def _discard(s: ManosState, a: Action) -> None:
    p, i = a.player, int(a.args[0])
    top = s.stack[-1]
    s.hands[p].remove(i)
    s.discard_card(p, i, False)
    if isinstance(top, LimitFrame):
        s.note("mn.4.2", f"{SIDES[p]} discards {s.cname(p, i)}.", p, "action")
        if len(s.hands[p]) <= s.hand_limit():
            s.stack.pop()
    else:
        s.note("mn.15.4", f"{SIDES[p]} discards {s.cname(p, i)} before the showdown.", p, "action")


def _done(s: ManosState, a: Action) -> None:
    top = s.stack[-1]
    assert isinstance(top, ShowdownFrame)
    s.note("mn.15.4", f"{SIDES[a.player]} keeps the rest of the hand.", a.player, "action")
    top.stage = SD_FAMILY_DRAW if top.stage == SD_FAMILY_DISCARD else SD_MANOS_DRAW


HANDLERS = {
    "relocate": _relocate,
    "search": _search,
    "draw": _draw,
    "end": _end,
    "play": _play,
    "challenge": _challenge,
    "pass": _pass,
    "concede": _concede,
    "effort": _effort,
    "boost": _boost,
    "accept": _accept,
    "negate": _negate,
    "discard": _discard,
    "done": _done,
}
"""The explicit dispatch table: an action's kind -> the rule that carries it out."""


def _order(a: Action) -> tuple[str, tuple[Any, ...]]:
    """The sort key of one player's actions: Action's own order (kind, then args), fast."""
    return (a.kind, a.args)


# ---------------------------------------------------------------------------- labels
NEGATE_CHALLENGE = 1
"""``ctx`` of a negate action aimed at the Challenge card itself."""
CHANCE_KINDS = {DRAW: "draw_card", FLIP: "flip", POLICE: "police", SHOWDOWN: "showdown"}


def _label_relocate(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Relocate {s.char(a[0])} to {s.place(a[1])}"


def _label_search(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"{s.char(a[0])} searches {s.place(ctx)}"


def _label_play(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    on = f" on {s.char(a[1])}" if a[1] >= 0 else ""
    return f"Play {s.cname(p, a[0])}{on}"


def _label_challenge(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Challenge {s.char(a[1])} with {s.cname(MANOS, a[0])}"


def _label_concede(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Concede: {s.char(ctx)} takes a corruption token"


def _label_negate(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    if ctx == NEGATE_CHALLENGE:
        return f"Negate the challenge with {s.cname(p, a[0])}"
    return f"Negate it with {s.cname(p, a[0])}"


def _label_accept(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Stand on a total effort of {ctx}"


def _label_boost(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Discard {s.cname(FAMILY, a[0])} for +1"


def _label_effort(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    card = s.game.cards.family[a[0]]
    return f"Play {card.name} (effort {card.effort})"


def _label_pass(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    if ctx < 0:
        return "Let the challenge stand"
    return f"Let {s.cname(1 - p, ctx)} be"


def _label_discard(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Discard {s.cname(p, a[0])}"


def _label_fixed(text: str) -> Any:
    def label(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
        return text

    return label


def _label_chance(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"{SIDES[ctx]} draws {s.cname(ctx, a[0])}"


def _label_flip(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Turn {s.game.cards.search[a[0]].name}"


def _label_police(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Police Event: {s.game.cards.police[a[0]].name}"


def _label_showdown(s: ManosState, p: int, a: tuple[int, ...], ctx: int) -> str:
    return f"Lair Showdown: {s.game.cards.showdown[a[0]].name}"


LABELS = {
    "relocate": _label_relocate,
    "search": _label_search,
    "draw": _label_fixed("Draw two cards"),
    "end": _label_fixed("End the turn"),
    "done": _label_fixed("Keep the rest and draw the showdown hand"),
    "play": _label_play,
    "challenge": _label_challenge,
    "concede": _label_concede,
    "negate": _label_negate,
    "accept": _label_accept,
    "boost": _label_boost,
    "effort": _label_effort,
    "pass": _label_pass,
    "discard": _label_discard,
    "draw_card": _label_chance,
    "flip": _label_flip,
    "police": _label_police,
    "showdown": _label_showdown,
}
"""How each kind of action is labelled for people (explicit table, no name lookups)."""


__all__ = ["FAMILY", "MANOS", "PHASE_TITLES", "SIDES", "ManosState", "escalation"]
