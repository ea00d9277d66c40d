"""What each Mantis player may see, the game's invariants, hidden variants and determinize.

A player sees every tank (face up, and a card's back can be told from its face), the
discard pile, the back of the top card once it is shown, the size of the draw pile and
of every score pile, and the cards of their own score pile.  Other score piles' cards
and the order and contents of the draw pile are hidden (mt.9.1, ruling
``score_pile_memory``).  The tutor (``player=None``) sees everything.
"""

from __future__ import annotations

from typing import Any

from tutor.core.rng import Rng
from tutor.core.visibility import decision_record
from tutor.games.mantis.engine.state import ANNOUNCE, OVER, PHASE_OF_STAGE, REVEAL, MantisState


def state_view(state: MantisState, player: int | None) -> dict[str, Any]:
    """The position as ``player`` sees it (``None``: the omniscient tutor), as plain JSON.

    The trace is not copied in: ``state.trace_for(player)`` gives the lines that player
    may read (a view is asked for often, and a copy of a long trace is costly).
    """
    table = state.table
    n = state.rules.players
    outcome = state.outcome()
    b = state.top_back
    return {
        "game": "mantis",
        "viewer": player,
        "turn": state.turn_no,
        "turn_player": state.turn_player,
        "phase": PHASE_OF_STAGE[state.stage],
        "extra_turn": state.extra,
        "draw_pile": len(state.pile),
        "top_back": None if b < 0 else [table.colour_names[c] for c in table.back_colours[b]],
        "top_back_id": None if b < 0 else b,
        "announced": (
            None if state.stage not in (REVEAL,) else "score" if state.target < 0 else "steal"
        ),
        "target": state.target if state.stage == REVEAL and state.target >= 0 else None,
        "discard": state.discard[:],
        "set_aside": len(state.box),
        "power_token": state.rules.token,
        "holder": state.holder if state.rules.token else None,
        "lives_variant": state.rules.lives,
        "players": [
            {
                "name": state.name(q),
                "tank": state.tanks[q][:],
                "score_count": len(state.scored[q]),
                "score": state.scored[q][:] if player is None or player == q else None,
                "lives": state.lives[q] if state.rules.lives else None,
                "out": state.out[q],
            }
            for q in range(n)
        ],
        "decision": decision_record(state.decision, player),
        "outcome": outcome.to_dict() if outcome else None,
    }


def unknown_cards(view: dict[str, Any], size: int) -> list[int]:
    """The cards ``view``'s player cannot place: the draw pile and others' score piles.

    Args:
        view: a player's view (``state_view``) or the tutor's.
        size: how many cards the deck holds.
    """
    known = [False] * size
    for c in view["discard"]:
        known[c] = True
    viewer = view["viewer"]
    for q, entry in enumerate(view["players"]):
        for c in entry["tank"]:
            known[c] = True
        if viewer is not None and q == viewer:
            for c in entry["score"]:
                known[c] = True
    return [c for c in range(size) if not known[c]]


def invariants(state: MantisState, before: MantisState | None = None) -> list[str]:
    """Every rule of the position ``state`` breaks, as sentences (empty when all hold)."""
    problems: list[str] = []
    table = state.table
    n = state.rules.players
    where: dict[int, str] = {}
    places: list[tuple[str, list[int]]] = [
        ("the draw pile", state.pile),
        ("the discard pile", state.discard),
        ("the set-aside cards", state.box),
    ]
    places += [(f"{state.name(p)}'s tank", state.tanks[p]) for p in range(n)]
    places += [(f"{state.name(p)}'s score pile", state.scored[p]) for p in range(n)]
    for what, cards in places:
        for c in cards:
            if not 0 <= c < table.size:
                problems.append(f"{what} holds card {c}, which is not in the deck")
            elif c in where:
                problems.append(f"card {c} is in {where[c]} and in {what}")
            else:
                where[c] = what
    missing = [c for c in range(table.size) if c not in where]
    if missing:
        problems.append(f"{len(missing)} cards are nowhere (card {missing[0]} first)")
    if state.pile != sorted(state.pile):
        problems.append("the draw pile is not kept sorted")
    if not 0 <= state.turn_player < n:
        problems.append(f"the turn player {state.turn_player} is not a player")
    if state.stage in (ANNOUNCE, REVEAL):
        b = state.top_back
        if not 0 <= b < len(table.back_colours):
            problems.append(f"the top card's back {b} is not a back of the deck")
        elif not any(table.back[c] == b for c in state.pile):
            problems.append("the back shown is on no card of the draw pile")
    elif state.top_back != -1:
        problems.append("a back is shown while no card is being drawn")
    if state.stage == REVEAL:
        t = state.target
        if t != -1 and (not 0 <= t < n or t == state.turn_player or state.out[t]):
            problems.append(f"the Steal's target {t} is not another player still in")
    elif state.stage != OVER and state.target != -2:
        problems.append("an announcement is pending outside the reveal")
    for p in range(n):
        if len(state.scored[p]) >= 10 and not (state.stage == OVER and p in state.winners):
            problems.append(f"{state.name(p)} has 10 or more scored cards but has not won")
        if state.rules.lives:
            if not 0 <= state.lives[p] <= state.rules.lives:
                problems.append(f"{state.name(p)} has {state.lives[p]} lives")
            if state.out[p] != (state.lives[p] == 0):
                problems.append(f"{state.name(p)} is out without losing every life, or not out")
        elif state.out[p]:
            problems.append(f"{state.name(p)} is out, but lives are not played")
        if state.out[p] and state.tanks[p]:
            problems.append(f"{state.name(p)} is out but has cards in the tank")
    if state.out[state.turn_player] and state.stage != OVER:
        problems.append("a player who is out has the turn")
    if state.holder != -1:
        if not state.rules.token:
            problems.append("someone holds the Power Token, which is not played")
        elif not 0 <= state.holder < n or state.out[state.holder]:
            problems.append(f"the Power Token holder {state.holder} is not a player still in")
    if state.stage == OVER and not state.end:
        problems.append("the game is over without a reason")
    if before is not None and len(state.pile) > len(before.pile):
        problems.append("the draw pile grew")
    if before is not None and before.stage == REVEAL and len(before.pile) - len(state.pile) != 1:
        problems.append("turning the card did not take exactly one card from the draw pile")
    return problems


def hidden_variants(state: MantisState, player: int) -> list[tuple[str, MantisState]]:
    """Copies of ``state`` that differ only in cards ``player`` cannot see.

    One copy: a card of the first other score pile swapped with a card of the draw pile
    (keeping a card of the shown back in the pile), for the player whose turn it is
    (they decide on what they know: the odds and bots use it); the conformance suite
    plays such a copy on through the steps that follow.
    Every seat's view is built by the same code, so one viewer per position is enough
    to show that nothing shown depends on those cards, and it keeps the conformance
    suite's cost from growing with the square of the player count.
    """
    out: list[tuple[str, MantisState]] = []
    if state.stage == OVER or not state.pile or player != state.turn_player:
        return out
    table = state.table
    b = state.top_back
    for q in range(state.rules.players):
        if q == player or not state.scored[q]:
            continue
        x = state.scored[q][0]
        for y in state.pile:
            last_of_back = b >= 0 and table.back[y] == b and table.back[x] != b
            if last_of_back and sum(1 for c in state.pile if table.back[c] == b) < 2:
                continue
            copy = state.clone()
            copy.scored[q][0] = y
            copy.pile.remove(y)
            copy.pile.append(x)
            copy.pile.sort()
            out.append((f"a card of {state.name(q)}'s score pile", copy))
            return out
    return out


def determinize(state: MantisState, player: int, rng: Rng) -> MantisState:
    """A copy of ``state`` with every card ``player`` cannot see dealt again at random.

    The draw pile and the other players' score piles are pooled and dealt again with
    their sizes kept, until the shown back (if any) is on a card of the draw pile.  The
    copy depends only on ``player``'s view and ``rng``.

    Raises:
        ValueError: if ``player`` is not a player of the game.
    """
    n = state.rules.players
    if not 0 <= player < n:
        raise ValueError(f"player {player} is not in this {n}-player game")
    table = state.table
    pool = sorted(state.pile + [c for q in range(n) if q != player for c in state.scored[q]])
    world = state.clone()
    world.trace = []
    world.tracing = False
    world.rng = Rng(rng.next_u64())
    b = state.top_back
    for attempt in range(200):
        cards = pool[:]
        rng.shuffle(cards)
        at = 0
        for q in range(n):
            if q != player:
                k = len(state.scored[q])
                world.scored[q] = cards[at : at + k]
                at += k
        world.pile = sorted(cards[at:])
        if b < 0 or any(table.back[c] == b for c in world.pile) or attempt == 199:
            break
    if b >= 0 and not any(table.back[c] == b for c in world.pile):
        # Nearly impossible: put one card of the shown back into the draw pile.
        for q in range(n):
            for i, c in enumerate(world.scored[q]):
                if q != player and table.back[c] == b and world.pile:
                    world.scored[q][i] = world.pile.pop()
                    world.pile.append(c)
                    world.pile.sort()
                    return world
    return world


__all__ = ["determinize", "hidden_variants", "invariants", "state_view", "unknown_cards"]
