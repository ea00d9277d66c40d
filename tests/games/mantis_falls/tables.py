"""Shared tables and play helpers for the Mantis Falls scenario tests.

Why this module exists: every scenario test puts a small, fully known position on the
table (a fixed road, chosen hands, a known event, known draws), acts through the public
action API and checks both the state and the rule ids the trace cites.  The road orders,
the known draw list, the setup builders and the small helpers every file needs (making a
main play, naming cards, finding trace entries) live here once, so that each test file
keeps only what is its own: its hands, its positions and its assertions.

This is a plain module, not a test file.  The test files beside it import it with
``from tables import ...`` (pytest's default "prepend" import mode puts a test file's
folder on ``sys.path``); tests in other folders import ``games.mantis_falls.tables``
from ``tests/``.  The general helpers (``mf_state``, ``do`` ...) come from
``mf_helpers.py`` beside it.

Jack is player 0 and Jill player 1 throughout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.mantis_falls.mf_helpers import do, find, mf_state, pending_frame_kind, rules_cited

from tutor.core.session import Session
from tutor.games.mantis_falls.state import MantisFallsState

JACK, JILL = 0, 1

ROADS_WITH_BROKEN: tuple[str, ...] = (
    "Elm Street", "Maple Avenue", "Cannery Row", "Foster Lane",
    "Kingsley Street", "Gaslight Alley", "Canal Bridge", "Vine Street",
    "Harrow Street", "Rook's Alley", "Cemetery Road", "Dockside Way",
)  # fmt: skip
"""Positions 1-12 of a road that has the Broken Road, Canal Bridge, at position 7.

1 Elm Street has a phone and stoplight 1/1/2, 2 Maple Avenue is stoplight 0/1/2,
3 Cannery Row is an ambush of 1 and 4 Foster Lane is stoplight 1/1/2.  10 Rook's Alley
is the other ambush (2).
"""

ROADS_NO_BROKEN: tuple[str, ...] = (
    "Elm Street", "Maple Avenue", "Cannery Row", "Foster Lane",
    "Kingsley Street", "Gaslight Alley", "Vine Street", "Marlowe Avenue",
    "Harrow Street", "Rook's Alley", "Cemetery Road", "Gallows Hill",
)  # fmt: skip
"""Positions 1-12 of a road without the Broken Road (Marlowe Avenue stands at 8).

It begins like :data:`ROADS_WITH_BROKEN`: Elm Street (phone, green 1) at 1 and Cannery
Row (ambush of 1) at 3; 12 is Gallows Hill.
"""

ROADS_BROKEN_AT_6: tuple[str, ...] = (
    "Elm Street", "Maple Avenue", "Foster Lane", "Cannery Row",
    "Kingsley Street", "Canal Bridge", "Vine Street", "Gaslight Alley",
    "Harrow Street", "Rook's Alley", "Cemetery Road", "Gallows Hill",
)  # fmt: skip
"""Positions 1-12 of a road whose Broken Road, Canal Bridge, is the second night road (6).

Ambushes: 4 Cannery Row (1) and 10 Rook's Alley (2).  Stoplights (green/yellow/red):
2 Maple Avenue 0/1/2, 3 Foster Lane 1/1/2, 4 Cannery Row 0/2/2.  Phones on 1, 3, 5, 9
and 12; bus stops on 2, 7, 9 and 11.
"""

FILLER: tuple[str, ...] = (
    "Bullet", "Take Cover", "Shoulder Check", "Foresight", "Crowbar", "Hunch", "Recall",
    "Bribe", "Pickpocket", "Subpoena", "Storm Cellar", "Misdirection", "Take Cover",
    "Shoulder Check",
)  # fmt: skip
"""Fourteen action cards to put on top of the action deck, so every draw is known.

A scenario that puts one of these names in a hand needs its own list (or more copies).
"""

JACK_SEVEN: tuple[str, ...] = (
    "Medicine", "Medicine", "Coffee", "Sprint", "Sprint", "Catch the Bus", "Hot Soup",
)  # fmt: skip
"""A hand of seven for Jack (a full hand draws nothing at the end of a turn)."""

JILL_SEVEN: tuple[str, ...] = (
    "Pickpocket", "Misdirection", "Hunch", "Slip Away", "Crossroads", "Subpoena", "Bribe",
)  # fmt: skip
"""A hand of seven for Jill, sharing no card with :data:`JACK_SEVEN`."""

FOSTER = ROADS_WITH_BROKEN.index("Foster Lane") + 1
"""Foster Lane's position (4) on :data:`ROADS_WITH_BROKEN`, where :func:`foster_setup`
puts both pieces."""

ELM = ROADS_NO_BROKEN.index("Elm Street") + 1
"""Elm Street's position (1), where :func:`elm_state` puts both pieces."""


# ====================================================================== setup builders
# The what-if position the explorer, compare and save tests share: Jack (witness, 7 of 8
# wounds, Medicine in hand) on Cemetery Road (yellow stoplight 3), Jill (assassin) one road
# behind, a Mob Enforcer on top of the event deck; the play stops at Jack's main play.
SEVEN_WOUNDS_ROADS: tuple[str, ...] = (
    "Elm Street", "Maple Avenue", "Foster Lane", "Bellweather Boulevard",
    "Kingsley Street", "Vine Street", "Canal Bridge", "Marlowe Avenue",
    "Harrow Street", "Cemetery Road", "Gallows Hill", "Dockside Way",
)  # fmt: skip


def seven_wounds_scenario() -> dict[str, Any]:
    """A fresh copy of the shared "seven wounds and a Medicine" scenario mapping."""
    return {
        "game": "mantis_falls",
        "title": "Seven wounds and a Medicine",
        "seed": 4,
        "setup": {
            "road_order": list(SEVEN_WOUNDS_ROADS),
            "turn_player": 0,
            "event_deck_top": ["Mob Enforcer"],
            "players": [
                {
                    "position": 10,
                    "wounds": 7,
                    "role": "witness",
                    "hand": ["Medicine", "Bullet", "Take Cover", "Coffee", "Foresight"],
                },
                {"position": 9, "role": "assassin"},
            ],
        },
        "play": ["Jack stays on Cemetery Road"],
    }


def fixed_table(
    jack: Mapping[str, Any] | None = None,
    jill: Mapping[str, Any] | None = None,
    *,
    roads: Sequence[str] = ROADS_WITH_BROKEN,
    event: str | None = None,
    draws: Sequence[str] | None = None,
    turn_player: int = JACK,
    position: int | None = None,
    hand: Sequence[str] | None = None,
    roles: tuple[str, str] | None = None,
    allies: Sequence[str] | None = (),
    face_up: bool = True,
    **extra: Any,
) -> dict[str, Any]:
    """A scenario ``setup`` mapping for Jack and Jill on a fixed road.

    Each player entry starts from the defaults given here and its own keys win; any
    default left as ``None`` is not set, so that part of the seeded setup stays as dealt.

    Args:
        jack: Jack's ``setup.players`` entry (position, wounds, hand, ...); its card lists
            may be tuples.
        jill: Jill's entry.
        roads: The 12 region roads in travel order, sunset row first.
        event: The known top event card; ``None`` leaves the event deck as shuffled.
        draws: Known action cards on top of the action deck, drawn in this order.
        turn_player: Who takes the first turn.
        position: Where both pieces stand; ``None`` leaves them on the Start.
        hand: Both players' hand (for example ``()`` for empty hands); ``None`` keeps the
            dealt hands.
        roles: Jack's and Jill's role cards; ``None`` keeps the dealt roles.
        allies: Both players' allies; the default ``()`` takes every ally away, so no
            any-time window interrupts the turn, and ``None`` keeps the dealt ally.
        face_up: Turn every road face up; with ``False`` roads turn up as pieces travel.
        **extra: Further setup keys (``conserved``, ``event_deck_top``, ...); they win
            over ``event`` and ``draws``.

    Returns:
        The mapping to pass as ``mf_state(setup=...)``.

    Raises:
        ValueError: if ``roles`` is given but is not a pair.  (Bad card names or values
            are only found when the setup is applied, as ``ScenarioError``.)
    """
    if roles is not None and len(roles) != 2:
        raise ValueError(f"roles must name Jack's and Jill's role, found {roles!r}")
    players = []
    for p, entry in enumerate((jack, jill)):
        defaults: dict[str, Any] = {}
        if position is not None:
            defaults["position"] = position
        if roles is not None:
            defaults["role"] = roles[p]
        if hand is not None:
            defaults["hand"] = list(hand)
        if allies is not None:
            defaults["allies"] = list(allies)
        own = {k: list(v) if isinstance(v, tuple) else v for k, v in (entry or {}).items()}
        players.append({**defaults, **own})
    setup: dict[str, Any] = {
        "road_order": list(roads),
        "turn_player": turn_player,
        "players": players,
    }
    if face_up:
        setup["roads_face_up"] = True
    if event is not None:
        setup["event_deck_top"] = [event]
    if draws is not None:
        setup["action_deck_top"] = list(draws)
    return {**setup, **extra}


def fixed_state(
    jack: Mapping[str, Any] | None = None,
    jill: Mapping[str, Any] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    **table: Any,
) -> MantisFallsState:
    """A fresh game (seed 1) with the :func:`fixed_table` setup on the table.

    Args:
        jack: Jack's player entry.
        jill: Jill's player entry.
        options: Game options for ``tutor.load_game`` (for example ``rulings``).
        **table: Keyword arguments and setup keys for :func:`fixed_table`.

    Returns:
        The state, waiting for the first decision of the turn.

    Raises:
        ScenarioError: if a card name or a value in the setup is not valid.
    """
    return mf_state(setup=fixed_table(jack, jill, **table), **(options or {}))


def foster_setup(
    jack: Mapping[str, Any] | None = None, jill: Mapping[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    """Both on Foster Lane of :data:`ROADS_WITH_BROKEN`, empty hands, no allies, Jack to play.

    Every road is face up.  Keyword arguments are :func:`fixed_table`'s (``turn_player``,
    ``draws``, ...) or further setup keys.

    Returns:
        The setup mapping (pass it as ``mf_state(setup=...)``).

    Raises:
        ValueError: as :func:`fixed_table`.
    """
    return fixed_table(jack, jill, position=FOSTER, hand=(), **extra)


def start_state(
    jack: Mapping[str, Any] | None = None,
    jill: Mapping[str, Any] | None = None,
    turn: int = JACK,
    *,
    roads: Sequence[str] = ROADS_BROKEN_AT_6,
    event: str | None = "Cold Rain",
    **extra: Any,
) -> MantisFallsState:
    """Both on the Start of a road that turns up as they travel; no allies, ``turn`` to play.

    The road is :data:`ROADS_BROKEN_AT_6` and the event Cold Rain (one wound to the
    turn player) unless told otherwise; hands stay as dealt unless an entry gives one.

    Returns:
        The state, waiting for the turn player's first decision.

    Raises:
        ScenarioError: if a card name or a value in the setup is not valid.
    """
    return fixed_state(
        jack, jill, roads=roads, event=event, turn_player=turn, face_up=False, **extra
    )


def elm_state(
    jack: Mapping[str, Any],
    jill: Mapping[str, Any],
    *,
    turn_player: int = JACK,
    event: str = "Loan Shark",
    draws: Sequence[str] = FILLER,
    **options: Any,
) -> MantisFallsState:
    """Jack (a witness) and Jill (the assassin) on Elm Street of :data:`ROADS_NO_BROKEN`.

    Every road is face up, nobody has an ally, the action draws are ``draws`` and the
    event is ``event``.  The default event, Loan Shark, is an opposition whose undefeated
    outcome starts with a choice, so a turn that gets that far waits there.  Player
    entries may change any of this (a role, a position, ...).

    Args:
        jack: Jack's player entry.
        jill: Jill's player entry.
        turn_player: Who takes the first turn.
        event: The known top event card.
        draws: Known action draws.
        **options: Game options (for example ``rulings``).

    Returns:
        The state, waiting for the turn player's first decision.

    Raises:
        ScenarioError: if a card name or a value in the entries is not valid.
    """
    return fixed_state(
        jack,
        jill,
        roads=ROADS_NO_BROKEN,
        position=ELM,
        roles=("witness", "assassin"),
        turn_player=turn_player,
        event=event,
        draws=draws,
        options=options,
    )


# ====================================================================== playing
def main_play(state: MantisFallsState, player: int, *cards: str) -> list[Any]:
    """Make ``player``'s main play: an action play of ``cards`` in order, or do nothing.

    Returns:
        The trace entries the main play added.

    Raises:
        AssertionError: if it is not ``player``'s main play or a card cannot be played.
    """
    assert state.decision.player == player and pending_frame_kind(state) == "mainplay", (
        state.decision
    )
    if not cards:
        return do(state, "nothing")
    entries: list[Any] = []
    for name in cards:
        entries += do(state, "play", name)
    return entries + do(state, "finish")


def gasp(state: MantisFallsState, *cards: str) -> list[Any]:
    """Build a Last Gasp play of the named cards, then finish it (this reveals them).

    Returns:
        The trace entries the play added.

    Raises:
        AssertionError: if a card cannot be added now.
    """
    entries: list[Any] = []
    for name in cards:
        entries += do(state, "gasp_add", name)
    return entries + do(state, "gasp_finish")


def jill_hits_jack(state: MantisFallsState, card: str = "Baseball Bat") -> list[Any]:
    """Jack stays put and does nothing; Jill plays ``card`` and aims its wounds at Jack.

    ``card`` must be a card that wounds a chosen player.

    Returns:
        The trace entries of the whole exchange.

    Raises:
        AssertionError: if a step is not legal.
    """
    log = do(state, "move", 0) + do(state, "nothing")
    log += do(state, "play", card) + do(state, "finish")
    return log + do(state, "wound_target", "player", JACK)


# ====================================================================== reading
def names(state: MantisFallsState, cards: Sequence[int]) -> list[str]:
    """The names of action cards ``cards``, in their order.

    Raises:
        IndexError: if a card id is not an action card.
    """
    return [state.card_name(c) for c in cards]


def sorted_names(state: MantisFallsState, cards: Sequence[int]) -> list[str]:
    """The names of action cards ``cards``, sorted (for hands, piles and other sets).

    Raises:
        IndexError: if a card id is not an action card.
    """
    return sorted(state.card_name(c) for c in cards)


def in_hand(state: MantisFallsState, player: int, name: str) -> int:
    """The id of the first card called ``name`` in ``player``'s hand.

    Raises:
        StopIteration: if the player holds no such card.
    """
    return next(c for c in state.hands[player] if state.card_name(c) == name)


def last(entries: Sequence[Any], rule: str) -> Any:
    """The last trace entry citing ``rule``.

    Raises:
        AssertionError: if no entry cites it.
    """
    found = [e for e in entries if e.rule == rule]
    assert found, f"no {rule} entry in {rules_cited(list(entries))}"
    return found[-1]


def reveals(entries: Sequence[Any]) -> list[tuple[int, str]]:
    """(player, card name) for every card of an action play turned over (mf.12.6), in order.

    Raises:
        IndexError: if a reveal entry's text is not in the engine's usual form.
    """
    return [
        (e.actor, e.text.split(": ", 1)[1].split(" (")[0]) for e in entries if e.rule == "mf.12.6"
    ]


def stoplight_session() -> Session:
    """Jack moves onto Maple Avenue (turn 1), stays there (turn 3), and Fire Escape
    Collapse reads his yellow stoplight; everyone conserves energy in main play.

    The "why?" chain of the last entry (Jack's wound) crosses turns: the reading
    depended on the move of turn 1 (its root, Jack's choice to move), and was set off
    by processing the event of turn 3 (a side chain back to Jack's choice to stay).

    Returns:
        A session (chance and forced steps automatic) just after the wound.
    """
    state = fixed_state(
        {"position": 1, "hand": ["Coffee", "Medicine", "Sprint"]},
        {"position": 1, "hand": ["Slip Away", "Crossroads"]},
        roads=ROADS_WITH_BROKEN,
        draws=FILLER,
        event_deck_top=["Cold Rain", "Tainted Water", "Fire Escape Collapse"],
    )
    session = Session(state)
    moves = [1, 0, 0]  # roads moved in initial movement: Jack, Jill, Jack
    while not any("reads the yellow" in e.text for e in session.state.trace):
        kinds = {a.kind for a in session.state.legal_actions()}
        if "move" in kinds:
            session.play(find(session.state, "move", moves.pop(0)))
        elif "conserve" in kinds:
            session.play(find(session.state, "conserve"))
        else:  # divide Tainted Water's wound, draw from Conserved Energy: the first choice
            session.play(session.state.legal_actions()[0])
    return session
