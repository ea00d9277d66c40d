"""The turn's trace written as compact notes, and the entries the notes stand for.

A traced game writes some five trace entries a turn.  Building each
:class:`~tutor.core.types.TraceEntry` (its sentence, its changes, the record itself) as
the turn is played was most of the time of a traced random game, and bulk runs never
read them.  So the turn's steps write a *note* instead: a tuple of ints, the note's kind
(an index into :data:`WRITERS`), the step it was written at, and the few numbers its
sentence needs, taken at that moment.  The state turns its notes into entries the
first time anyone reads ``state.trace`` (:meth:`MantisState.trace`), with the writers
below, so what a reader sees is exactly what was written before notes existed.

A writer reads only its note and the game's fixed :class:`Rules` (names, colours,
prebuilt sentences), never the state, which has moved on by the time it runs.  This
module is compiled with the rest of the engine (mypyc).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from tutor.core.types import TraceEntry

if TYPE_CHECKING:
    from tutor.games.mantis.engine.state import Rules

Note = tuple[int, ...]
"""``(kind, step, numbers...)``: what one trace entry needs, written during play."""

TANK_DEALT: Final = 0
"""``(TANK_DEALT, step, player, card, card, ...)``: a tank dealt at setup (mt.2.2)."""
TURN_BEGINS: Final = 1
"""``(.., player, turn number, extra turn 0/1, cards in the draw pile)`` (mt.3.4)."""
BACK_SHOWN: Final = 2
"""``(.., back)``: the top card shows its back (mt.3.1)."""
CALL_MADE: Final = 3
"""``(.., player, target)``: Score (target = player) or a Steal (mt.3.2)."""
CARD_TURNED: Final = 4
"""``(.., seat turned in front of, colour, cards left in the draw pile)`` (mt.3.3)."""
SCORE_MISSES: Final = 5
"""``(.., player, colour, tank size after)``: no match, the card joins the tank (mt.4.2)."""
SCORE_MATCHES: Final = 6
"""``(.., player, colour, tank cards taken, score pile after, tank size after)`` (mt.4.1)."""
STEAL_FAILS: Final = 7
"""``(.., thief, target, colour, discard pile size after)``: the card is discarded (mt.5.3)."""
STEAL_FAILS_TO_TARGET: Final = 8
"""``(.., thief, target, colour, target's tank after)``: the house rule (mt.5.4)."""
STEAL_MATCHES: Final = 9
"""``(.., thief, target, colour, cards taken, thief's tank before, target's tank after)``."""
STOLEN_CARDS_STAY: Final = 10
"""``(.., thief)``: stolen cards stay in the tank (mt.5.2)."""
TOKEN_TAKEN: Final = 11
"""``(.., thief, former holder)``: the Power Token changes hands (mt.8.2)."""
LIFE_LOST: Final = 12
"""``(.., player, lives left)``: an emptied tank costs a life (mt.7.1)."""
PLAYER_OUT: Final = 13
"""``(.., player)``: no lives left (mt.7.2)."""
EXTRA_TURN: Final = 14
"""``(.., player)``: the Power Token's extra turn (mt.8.1)."""

Change = tuple[tuple[str, object, object], ...]


def _entry(
    rule: str, text: str, actor: int, kind: str, phase: str, step: int, changes: Change = ()
) -> TraceEntry:
    return TraceEntry(
        rule, text, None if actor < 0 else actor, kind, changes, None, "", step, phase
    )


def _plural(count: int) -> str:
    return "s" if count > 1 else ""


def tank_dealt(rules: Rules, note: Note) -> TraceEntry:
    """mt.2.2: the four cards dealt face up into one tank."""
    p = note[2]
    name = rules.names[p]
    cards = ", ".join(rules.table.colour(c) for c in note[3:])
    return _entry(
        "mt.2.2",
        f"{name} gets four cards face up in their tank: {cards}.",
        p,
        "auto",
        "setup",
        note[1],
        ((f"{name}'s tank", 0, len(note) - 3),),
    )


def turn_begins(rules: Rules, note: Note) -> TraceEntry:
    """mt.3.4: whose turn it is and how many cards are left to draw."""
    p = note[2]
    extra = " (an extra turn)" if note[4] else ""
    return _entry(
        "mt.3.4",
        f"Turn {note[3]}: {rules.names[p]}'s turn{extra}; {note[5]} cards in the draw pile.",
        p,
        "auto",
        "back",
        note[1],
    )


def back_shown(rules: Rules, note: Note) -> TraceEntry:
    """mt.3.1: the back of the top card."""
    return _entry("mt.3.1", rules.back_line[note[2]], -1, "chance", "back", note[1])


def call_made(rules: Rules, note: Note) -> TraceEntry:
    """mt.3.2: Score, or a Steal from a named player."""
    p = note[2]
    return _entry("mt.3.2", rules.call_line[p][note[3]], p, "action", "announce", note[1])


def card_turned(rules: Rules, note: Note) -> TraceEntry:
    """mt.3.3: the card's face, turned in front of the player it may go to."""
    left = note[4]
    return _entry(
        "mt.3.3",
        rules.turned_line[note[2]][note[3]],
        -1,
        "chance",
        "reveal",
        note[1],
        (("draw pile", left + 1, left),),
    )


def score_misses(rules: Rules, note: Note) -> TraceEntry:
    """mt.4.2: no card of the colour in the tank, so the card stays there."""
    p, size = note[2], note[4]
    name = rules.names[p]
    return _entry(
        "mt.4.2",
        f"No {rules.table.colour_names[note[3]]} card in {name}'s tank: the card "
        f"stays face up in {name}'s tank ({size} cards).",
        p,
        "auto",
        "reveal",
        note[1],
        ((f"{name}'s tank", size - 1, size),),
    )


def score_matches(rules: Rules, note: Note) -> TraceEntry:
    """mt.4.1: the card and the tank's cards of its colour go to the score pile."""
    p, taken, scored, kept = note[2], note[4], note[5], note[6]
    name = rules.names[p]
    cname = rules.table.colour_names[note[3]]
    return _entry(
        "mt.4.1",
        f"{cname.capitalize()} matches: the {cname} card and {taken} {cname} "
        f"card{_plural(taken)} from {name}'s tank go face down onto "
        f"{name}'s score pile ({scored} cards).",
        p,
        "auto",
        "reveal",
        note[1],
        (
            (f"{name}'s score pile", scored - 1 - taken, scored),
            (f"{name}'s tank", kept + taken, kept),
        ),
    )


def _steal_failed(rules: Rules, note: Note, rule: str, where: str, pile: str) -> TraceEntry:
    """A failed Steal: the card went ``where`` (a sentence's end), onto ``pile``."""
    size = note[5]
    return _entry(
        rule,
        f"{rules.names[note[3]]} has no {rules.table.colour_names[note[4]]} card: the Steal "
        f"fails and the card {where}",
        note[2],
        "auto",
        "reveal",
        note[1],
        ((pile, size - 1, size),),
    )


def steal_fails(rules: Rules, note: Note) -> TraceEntry:
    """mt.5.3: the target has no card of the colour; the card is discarded."""
    return _steal_failed(rules, note, "mt.5.3", "is discarded face up.", "discard pile")


def steal_fails_to_target(rules: Rules, note: Note) -> TraceEntry:
    """mt.5.4 (house rule): the failed Steal's card goes into the target's tank."""
    target = rules.names[note[3]]
    return _steal_failed(
        rules,
        note,
        "mt.5.4",
        f"goes face up into {target}'s tank (house rule).",
        f"{target}'s tank",
    )


def steal_matches(rules: Rules, note: Note) -> TraceEntry:
    """mt.5.1: the thief takes the card and the target's cards of its colour."""
    p, taken, before, kept = note[2], note[5], note[6], note[7]
    thief, target = rules.names[p], rules.names[note[3]]
    cname = rules.table.colour_names[note[4]]
    return _entry(
        "mt.5.1",
        f"{target} has {cname}: {thief} takes the {cname} card and "
        f"{target}'s {taken} {cname} card{_plural(taken)} into {thief}'s tank.",
        p,
        "auto",
        "reveal",
        note[1],
        (
            (f"{thief}'s tank", before, before + 1 + taken),
            (f"{target}'s tank", kept + taken, kept),
        ),
    )


def stolen_cards_stay(rules: Rules, note: Note) -> TraceEntry:
    """mt.5.2: stolen cards wait in the tank for a later Score."""
    p = note[2]
    return _entry(
        "mt.5.2",
        f"The stolen cards stay in {rules.names[p]}'s tank: they score only if a later "
        "Score matches their colour.",
        p,
        "info",
        "reveal",
        note[1],
    )


def token_taken(rules: Rules, note: Note) -> TraceEntry:
    """mt.8.2: stealing from the holder takes the Power Token."""
    p = note[2]
    thief, holder = rules.names[p], rules.names[note[3]]
    return _entry(
        "mt.8.2",
        f"{thief} stole from the holder and takes the Power Token from {holder}.",
        p,
        "auto",
        "reveal",
        note[1],
        (("Power Token", holder, thief),),
    )


def life_lost(rules: Rules, note: Note) -> TraceEntry:
    """mt.7.1: an emptied tank costs its owner a life."""
    q, left = note[2], note[3]
    name = rules.names[q]
    return _entry(
        "mt.7.1",
        f"{name}'s tank is empty: {name} loses a life ({left} left).",
        q,
        "auto",
        "reveal",
        note[1],
        ((f"{name}'s lives", left + 1, left),),
    )


def player_out(rules: Rules, note: Note) -> TraceEntry:
    """mt.7.2: a player with no lives left is out."""
    q = note[2]
    return _entry(
        "mt.7.2",
        f"{rules.names[q]} has no lives left and is out of the game.",
        q,
        "auto",
        "reveal",
        note[1],
    )


def extra_turn(rules: Rules, note: Note) -> TraceEntry:
    """mt.8.1: the Power Token's holder plays again."""
    p = note[2]
    return _entry(
        "mt.8.1",
        f"{rules.names[p]} holds the Power Token and takes an extra turn.",
        p,
        "auto",
        "reveal",
        note[1],
    )


WRITERS: Final[list[Callable[[Rules, Note], TraceEntry]]] = [
    tank_dealt,
    turn_begins,
    back_shown,
    call_made,
    card_turned,
    score_misses,
    score_matches,
    steal_fails,
    steal_fails_to_target,
    steal_matches,
    stolen_cards_stay,
    token_taken,
    life_lost,
    player_out,
    extra_turn,
]
"""The writer of each kind of note, indexed by the note's first number."""


def facts_of(rules: Rules, note: Note) -> tuple[str, str]:
    """The standing facts a note's entry sets and reads (tutor/core/causes.py):
    ``tank/<player>/<colour>``, a colour in a player's tank.  A match reads the colour
    it matched, put there by a deal, a missed Score or a Steal, maybe turns before.

    Returns:
        ``(sets, reads)``: space-separated facts set, and the one fact read ("" none).
    """
    kind = note[0]
    if kind == TANK_DEALT:
        p = note[2]
        return " ".join(f"tank/{p}/{rules.table.colour(c)}" for c in note[3:]), ""
    if kind == SCORE_MISSES:
        return f"tank/{note[2]}/{rules.table.colour_names[note[3]]}", ""
    if kind == SCORE_MATCHES:
        return "", f"tank/{note[2]}/{rules.table.colour_names[note[3]]}"
    if kind == STEAL_FAILS_TO_TARGET:
        return f"tank/{note[3]}/{rules.table.colour_names[note[4]]}", ""
    if kind == STEAL_MATCHES:
        colour = rules.table.colour_names[note[4]]
        return f"tank/{note[2]}/{colour}", f"tank/{note[3]}/{colour}"
    return "", ""


def entry_of(rules: Rules, note: Note) -> TraceEntry:
    """The trace entry a note stands for, exactly as the turn would have written it."""
    return WRITERS[note[0]](rules, note)


__all__ = ["WRITERS", "Note", "entry_of", "facts_of"]
