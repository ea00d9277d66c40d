"""The small exact value types every game shares: Action, Decision, Verdict, TraceEntry,
Outcome and the Rejection codes.

They are plain frozen records so they hash, sort, compare and serialise to JSON the
same way for every game; the game packages only decide what goes inside them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

CHANCE = -1
"""The ``player`` of a chance action: the draw of a card, a shuffle, a random discard."""


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


_ACTION_KEYS = ("player", "kind", "args", "label", "automatic")


def _plain_arg(value: Any, depth: int = 0) -> bool:
    """An action argument: a whole number, text, true/false, or a short list of them."""
    if isinstance(value, bool | int | str):
        return True
    if isinstance(value, list) and depth < 4 and len(value) <= 64:
        return all(_plain_arg(v, depth + 1) for v in value)
    return False


@dataclass(frozen=True, order=True, slots=True)
class Action:
    """One move a player (or chance) can make.

    Attributes:
        player: the player index, or ``CHANCE`` (-1) for a chance outcome.
        kind: what sort of move (``"move"``, ``"play"``, ``"conserve"`` ...).
        args: hashable arguments (card ids, numbers); compared and sorted.
        label: the readable sentence shown to people; not part of equality.
    """

    player: int
    kind: str
    args: tuple[Any, ...] = ()
    label: str = field(default="", compare=False, hash=False)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "player": self.player,
            "kind": self.kind,
            "args": _to_json(self.args),
            "label": self.label,
        }

    @classmethod
    def from_dict(cls, data: Any, file: str = "<action>", where: str = "action") -> Action:
        """Rebuild an action from :meth:`to_dict` output, refusing anything else.

        ``player`` is a whole number (``-1`` for chance), ``kind`` non-empty text,
        ``args`` a list of whole numbers, text, true/false or such lists, ``label``
        text; a saved session may add ``automatic`` (true/false).  Other keys are refused.

        Args:
            data: the mapping read from a file.
            file: the file's name for messages.
            where: the key path of ``data`` in the file (``actions[3]``).

        Raises:
            SessionFileError: naming the file, the key path (``actions[3].args``), what
                was expected and what was found.
        """
        from tutor.core.errors import SessionFileError
        from tutor.core.validation import short

        def bad(key: str, expected: str, found: str) -> SessionFileError:
            return SessionFileError.at(file, f"{where}.{key}" if key else where, expected, found)

        if not isinstance(data, dict):
            raise bad("", "a mapping with player, kind, args and label", short(data))
        missing = [k for k in ("player", "kind", "args") if k not in data]
        if missing:
            raise bad("", "keys 'player', 'kind', 'args'", f"no {', '.join(map(repr, missing))}")
        extra = sorted((str(k) for k in data if k not in _ACTION_KEYS), key=str)
        if extra:
            raise bad(
                "",
                f"only the keys {', '.join(_ACTION_KEYS)}",
                f"the key{'s' * (len(extra) > 1)} {', '.join(map(repr, extra))}",
            )
        player, kind, args = data["player"], data["kind"], data["args"]
        if isinstance(player, bool) or not isinstance(player, int) or player < CHANCE:
            raise bad("player", "a player number (-1 for chance)", short(player))
        if not isinstance(kind, str) or not kind:
            raise bad("kind", "non-empty text", short(kind))
        if not isinstance(args, list):
            raise bad("args", "a list", short(args))
        for i, arg in enumerate(args):
            if not _plain_arg(arg):
                raise bad(f"args[{i}]", "a whole number, text, true/false or a list", short(arg))
        label = data.get("label", "")
        if not isinstance(label, str):
            raise bad("label", "text", short(label))
        if not isinstance(data.get("automatic", False), bool):
            raise bad("automatic", "true or false", short(data["automatic"]))
        return cls(player, kind, _from_json(args), label)

    def __str__(self) -> str:
        return self.label or f"{self.kind}{self.args}"


def may_read(visible_to: frozenset[int] | None, player: int | None) -> bool:
    """True when ``player`` may read something restricted to ``visible_to``.

    ``None`` as the player is the omniscient tutor, who reads everything; ``None`` as
    ``visible_to`` means the thing is public.
    """
    return player is None or visible_to is None or player in visible_to


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must act now and what kind of choice it is.

    Attributes:
        kind: ``"choice"`` (a player decides), ``"chance"`` (a random outcome) or
            ``"terminal"`` (the game is over); a position caught in the middle of
            resolving an action, which a tutor shows entry by entry
            (:meth:`tutor.core.game.State.positions_during`), may say ``"resolving"``.
        player: the deciding player for a choice, otherwise ``None``.
        prompt: a short sentence for people ("Choose your main play").
        rule: the rule id that asks for this decision.
        phase: the phase of the turn (game-defined name).
        visible_to: the players, besides the deciding one, who may read ``prompt`` and
            ``rule``; ``None`` means everyone.  A decision taken inside hidden
            information (a choice an unseen card offers) names only those who know it.
        public_prompt: what everyone else reads instead (empty: a neutral sentence).
        public_rule: the rule cited to everyone else (empty: the same rule).

    What one player may see of a decision is decided by
    :func:`tutor.core.visibility.shown_decision`, never by reading these fields directly.
    """

    kind: str
    player: int | None
    prompt: str
    rule: str
    phase: str
    visible_to: frozenset[int] | None = None
    public_prompt: str = ""
    public_rule: str = ""

    @property
    def is_chance(self) -> bool:
        """True when the next step is a chance outcome."""
        return self.kind == "chance"

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.kind == "terminal"


class Rejection(StrEnum):
    """Why an action was refused, in terms every game shares (``Verdict.code``).

    A game adds its own finer reason in ``Verdict.detail`` (``"mixed_suits"``).
    """

    NONE = ""
    """The action is legal."""
    GAME_OVER = "game_over"
    """The game has ended; nothing more can be done."""
    CHANCE_STEP = "chance_step"
    """The next step is chance, not a player's choice."""
    IMPOSSIBLE_OUTCOME = "impossible_outcome"
    """A chance outcome that cannot happen at this chance step."""
    WRONG_PLAYER = "wrong_player"
    """Someone else decides now."""
    WRONG_PHASE = "wrong_phase"
    """That kind of action is not a choice at this point of the turn."""
    NOT_AVAILABLE = "not_available"
    """The card, piece or target named is not the player's to use (not in hand ...)."""
    FORBIDDEN = "forbidden"
    """A rule forbids this particular choice now (mixed suits, too far, cannot pay ...)."""
    NOT_LEGAL = "not_legal"
    """Not one of the legal choices, for no more specific reason."""
    UNKNOWN_LABEL = "unknown_label"
    """No legal action has the label given."""
    MALFORMED = "malformed"
    """Not a well-formed action at all (wrong types, not an Action)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of ``State.check``: is an action legal, and if not, why.

    Attributes:
        ok: True when the action is legal now.
        reason: why not (empty when ok), a sentence for people.
        rule: the rule id behind the verdict.
        code: the shared reason code (:class:`Rejection`).
        detail: the game's own finer reason code (``"mixed_suits"``), or empty.
    """

    ok: bool
    reason: str = ""
    rule: str | None = None
    code: Rejection = Rejection.NONE
    detail: str = ""

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, in the same shape for every game.

    Attributes:
        winners: the players who won (several for a shared win).
        losers: the players who lost.
        tied: the players who tied (neither won nor lost).
        scores: per player: the game's score, or the result (1 win, 0 tie, -1 loss)
            when the game keeps no score.
        reason: a short code for how the game ended (``"escape"``, ``"deck_out"`` ...).
        text: one sentence for people saying why.
        rule: the rule id that decided the result.
        turns: how many turns were played.
        extras: the game's own JSON-ready facts about the end (roles, deaths ...).
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    tied: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    text: str = ""
    rule: str = ""
    turns: int = 0
    extras: Mapping[str, Any] = field(default_factory=dict)

    @property
    def tie(self) -> bool:
        """True when nobody won and somebody tied."""
        return not self.winners and bool(self.tied)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "tied": list(self.tied),
            "scores": list(self.scores),
            "reason": self.reason,
            "text": self.text,
            "rule": self.rule,
            "turns": self.turns,
            "extras": dict(self.extras),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Rebuild an outcome from :meth:`to_dict` output.

        Raises:
            KeyError: if a required key is missing.
        """
        return cls(
            winners=tuple(data["winners"]),
            losers=tuple(data["losers"]),
            tied=tuple(data["tied"]),
            scores=tuple(float(x) for x in data["scores"]),
            reason=str(data["reason"]),
            text=str(data.get("text", "")),
            rule=str(data.get("rule", "")),
            turns=int(data.get("turns", 0)),
            extras=dict(data.get("extras") or {}),
        )


@dataclass(frozen=True, slots=True)
class TraceEntry:
    """One thing that happened, and the rule that made it happen.

    Attributes:
        rule: a rule id from the game's ``rules.yaml`` (e.g. ``"mf.17.3"``).
        text: the full sentence, as seen by those allowed to see it.
        actor: the player who did it, or ``None`` for the game itself.
        kind: ``"action"`` (a player's decision), ``"auto"`` (a forced step the rules
            take by themselves), ``"chance"`` (a random outcome) or ``"info"``.
        changes: ``(what, before, after)`` triples describing the state change.
        visible_to: the players who may read ``text``; ``None`` means everyone.
        public_text: what everyone else reads instead (empty: they see nothing).
        public_rule: the rule cited to everyone else, when citing ``rule`` would itself
            give away hidden information (empty: the same rule).
        step: how many actions had been applied to the state when it was written.
        phase: the turn phase it belongs to.
        cause: the index, in the same trace, of the earlier entry that made this one
            happen; ``None`` when the action applied at ``step`` (a player's decision
            or a chance outcome) made it happen directly, or the set-up at step 0.
            :mod:`tutor.analysis.why` walks these links back to that root.
        standing: the index of the earlier entry, written by this action or any
            earlier one, that set the standing fact this entry read (the road a piece
            stood on, a card in play); ``None`` when it read none the engine tracks.
            Where :attr:`cause` is what set this entry off, ``standing`` is what it
            depended on (:mod:`tutor.core.causes`).
        sets: the standing facts this entry set, as the engine names them (``"pos/0"``;
            several separated by spaces), so a later entry reading one of them names
            this one as its ``standing``; empty when it set none.
    """

    rule: str
    text: str
    actor: int | None = None
    kind: str = "auto"
    changes: tuple[tuple[str, Any, Any], ...] = ()
    visible_to: frozenset[int] | None = None
    public_text: str = ""
    step: int = 0
    phase: str = ""
    public_rule: str = ""
    cause: int | None = None
    standing: int | None = None
    sets: str = ""

    def seen_by(self, player: int | None) -> str:
        """Return the text a given player reads (``None`` = the omniscient tutor).

        Renderers use :func:`tutor.core.visibility.shown_entry`, which pairs this text
        with the rule that player is shown.
        """
        if may_read(self.visible_to, player):
            return self.text
        return self.public_text

    def rule_for(self, player: int | None) -> str:
        """Return the rule id a given player is shown for this entry."""
        if may_read(self.visible_to, player):
            return self.rule
        return self.public_rule or self.rule

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (``standing`` and ``sets`` only when the entry has them)."""
        data: dict[str, Any] = {
            "rule": self.rule,
            "text": self.text,
            "actor": self.actor,
            "kind": self.kind,
            "changes": [[w, _to_json(b), _to_json(a)] for w, b, a in self.changes],
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
            "public_text": self.public_text,
            "step": self.step,
            "phase": self.phase,
            "public_rule": self.public_rule,
            "cause": self.cause,
        }
        if self.standing is not None:
            data["standing"] = self.standing
        if self.sets:
            data["sets"] = self.sets
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TraceEntry:
        """Rebuild an entry from :meth:`to_dict` output.

        Entries saved before causes were recorded have no ``cause``: it reads as
        ``None`` (made directly by their step's action); likewise a missing
        ``standing`` (none) and ``sets`` (empty).

        Raises:
            KeyError: if ``rule`` or ``text`` is missing.
        """
        vis = data.get("visible_to")
        return cls(
            rule=data["rule"],
            text=data["text"],
            actor=data.get("actor"),
            kind=data.get("kind", "auto"),
            changes=tuple(
                (str(w), _from_json(b), _from_json(a)) for w, b, a in data.get("changes", [])
            ),
            visible_to=None if vis is None else frozenset(vis),
            public_text=data.get("public_text", ""),
            step=int(data.get("step", 0)),
            phase=data.get("phase", ""),
            public_rule=data.get("public_rule", ""),
            cause=data.get("cause"),
            standing=data.get("standing"),
            sets=data.get("sets", ""),
        )

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"
