"""What both toy games share: a state whose fields are declared once, and tracing.

A toy state lists its plain-data fields in ``FIELDS`` (ints, strings, lists of ints,
lists of lists of ints, an optional result dict); ``clone``, ``to_dict``,
``from_dict`` and equality are derived from that one declaration.  The toys exist to
prove that the shared tools work for any game registered through its spec, so they
use nothing but the public core API.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tutor.core.errors import SessionFileError
from tutor.core.game import Game, State
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook
from tutor.core.types import TraceEntry

_BOOKS: dict[str, RuleBook] = {}


def toy_rulebook(name: str) -> RuleBook:
    """The rule book of a toy game, read from the toy's own folder beside this file.

    Raises:
        RulesetError: if the toy's rules.yaml is broken.
    """
    if name not in _BOOKS:
        _BOOKS[name] = RuleBook(name, folder=Path(__file__).with_name(name))
    return _BOOKS[name]


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


class ToyState(State):
    """A state made of the plain-data fields named in ``FIELDS``.

    Subclasses declare ``FIELDS`` and set each of them in :meth:`setup`.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game, rng: Rng, tracing: bool = True) -> None:
        self.game = game
        self.rng = rng
        self.tracing = tracing
        self.trace: list[TraceEntry] = []
        self.steps = 0

    # ---- derived from FIELDS ------------------------------------------------------
    def clone(self) -> ToyState:
        copy = type(self).__new__(type(self))
        copy.game = self.game
        copy.rng = self.rng.copy()
        copy.tracing = self.tracing
        copy.trace = list(self.trace)
        copy.steps = self.steps
        for name in self.FIELDS:
            setattr(copy, name, _copy(getattr(self, name)))
        return copy

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: _copy(getattr(self, name)) for name in self.FIELDS}
        data.update(
            game=self.game.name,
            rng=self.rng.state,
            tracing=self.tracing,
            steps=self.steps,
            trace=[e.to_dict() for e in self.trace],
        )
        return data

    @classmethod
    def from_dict(cls, game: Game, data: dict[str, Any]) -> ToyState:
        """Rebuild a state from :meth:`to_dict` output.

        Raises:
            SessionFileError: if a field is missing.
        """
        missing = [k for k in (*cls.FIELDS, "rng", "steps") if k not in data]
        if missing:
            raise SessionFileError("<state>", f"{game.name} state: missing {', '.join(missing)}")
        state = cls(game, Rng(0), bool(data.get("tracing", True)))
        state.rng.state = int(data["rng"])
        state.steps = int(data["steps"])
        state.trace = [TraceEntry.from_dict(e) for e in data.get("trace", [])]
        for name in cls.FIELDS:
            setattr(state, name, _copy(data[name]))
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ToyState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ---- tracing ------------------------------------------------------------------
    def note(
        self,
        rule: str,
        text: str,
        actor: int | None = None,
        kind: str = "auto",
        visible_to: frozenset[int] | None = None,
        public_text: str = "",
    ) -> None:
        """Append a trace entry (nothing when tracing is off)."""
        if self.tracing:
            self.trace.append(
                TraceEntry(
                    rule,
                    text,
                    actor,
                    kind,
                    visible_to=visible_to,
                    public_text=public_text,
                    step=self.steps,
                    phase=self.decision.phase,
                )
            )


__all__ = ["ToyState", "toy_rulebook"]
