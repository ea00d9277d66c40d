"""Setting up a game (topics 5-6): the serpentine road, the Midnight actions, the hands,
the ally and event decks, roles and characters, and getting started.

It runs once per game, so bulk simulation spends a good part of its time here; being
in the engine group, it is compiled with the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.core.rng import Rng
from tutor.games.mantis_falls.cards import (
    DARK_ACTIONS,
    FIRST_CHARACTER,
    HAND_DEAL,
    NIGHT_ACTIONS,
    ROAD_ROWS,
    ROADS_PER_ROW,
    ROADS_SET_ASIDE,
)
from tutor.games.mantis_falls.engine import allies, full_circle, triad, under_the_rose
from tutor.games.mantis_falls.engine.data import END, START
from tutor.games.mantis_falls.engine.frames import TURN_FRAMES
from tutor.games.mantis_falls.engine.play import MantisFallsState

if TYPE_CHECKING:
    from tutor.games.mantis_falls.game import MantisFallsGame


def new_state(game: MantisFallsGame, seed: int | None, tracing: bool) -> MantisFallsState:
    """Set up a new game of ``game`` (topics 5-6) and advance to the first decision.

    Args:
        game: the game (its options, rulings and card data).
        seed: the RNG seed; the same seed gives the same game.
        tracing: keep the explanation trace (off for fast bulk simulation).
    """
    rng = Rng(0 if seed is None else seed)
    s = MantisFallsState(game, rng, tracing)
    cards = game.cards
    log = s._log if tracing else None
    names = game.player_names
    n = game.num_players

    # Roads (mf.5.1-5.3): start and end fixed, one road of each region removed unseen.
    pools = game.setup_pools
    layout = [pools["start"]]
    for region in ROAD_ROWS:
        pool = pools[region][:]
        rng.shuffle(pool)
        for _ in range(ROADS_SET_ASIDE):
            s.removed_roads.append(pool.pop())
        layout += pool[:ROADS_PER_ROW]
        s.removed_roads += pool[ROADS_PER_ROW:]
    layout.append(pools["end"])
    s.road_at = layout
    s.face_up = [False] * (END + 1)
    s.face_up[START] = s.face_up[END] = True
    if log:
        log(
            "mf.5.1",
            "The Start and the End of the Road are placed at the two ends of the serpentine road.",
        )
        log(
            "mf.5.2",
            "The region roads are shuffled and one sunset, one night and one dark "
            "road are removed from the game unseen.",
        )
        log(
            "mf.5.3",
            "The other roads are laid face down: sunset on the bottom row, night in "
            "the middle, dark on top.",
        )
        if s.broken_pos < 0:
            log(
                "mf.10.9",
                "The Broken Road was among the removed roads: nobody will reach "
                "the Actions by the Night this game.",
            )

    # Midnight actions (mf.5.4-5.6) and the hands (mf.5.7).
    hits, midnight, rest = pools["hits"][:], pools["midnight"][:], pools["rest"][:]
    rng.shuffle(hits)
    for p in range(n):
        s.hands[p].append(hits[p])
    rng.shuffle(midnight)
    set_apart = NIGHT_ACTIONS + DARK_ACTIONS
    s.night, s.dark = (
        sorted(midnight[:NIGHT_ACTIONS]),
        sorted(midnight[NIGHT_ACTIONS:set_apart]),
    )
    s.action_discard += midnight[set_apart:] + hits[n:]
    if log:
        log(
            "mf.5.4",
            "The seven Midnight action cards are set apart."
            if n == 2
            else "The eight Midnight action cards (Triad's The Pact among them) are set apart.",
        )
        if n == 2:
            log("mf.5.5", "Each player gets one Call in a Hit face down in hand.")
        else:
            triad.log_midnight_deal(s)
        log(
            "mf.5.6",
            "The other five Midnight cards are shuffled and set aside unseen: three beside "
            "the road's midpoint as the Actions by the Night, two beside the End as the "
            "Actions by the Dark.",
        )
    rng.shuffle(rest)
    for p in range(n):
        s.hands[p] += rest[p * HAND_DEAL : (p + 1) * HAND_DEAL]
    s.action_pile = sorted(rest[n * HAND_DEAL :])
    if log:
        for p in range(n):
            six = ", ".join(s.card_label(c) for c in s.hands[p][1:])
            first = s.card_name(s.hands[p][0])
            the = "" if first.startswith("The ") else "the "
            log(
                "mf.5.7",
                f"{names[p]} is dealt six more action cards: {six} (seven in hand with "
                f"{the}{first}).",
                p,
                visible_to=(p,),
                public_text=f"{names[p]} is dealt six more action cards (seven in hand).",
            )

    # Allies and events (mf.5.8), roles (mf.5.9), characters (mf.5.10), pieces (mf.5.11).
    s.ally_deck = pools["allies"][:]
    s.event_pile = pools["events"][:]
    # The role deck: two witnesses and an assassin, and Triad's role card (mf.5.13).
    roles = ["witness", "witness", "assassin"] + cards.triad_roles
    rng.shuffle(roles)
    s.roles = roles[:n]
    s.removed_role = roles[n]
    urbanite = cards.characters[FIRST_CHARACTER]
    s.max_wounds = [urbanite.max_wounds] * n
    if log:
        log("mf.5.8", "The ally deck and the event deck are shuffled.")
        if n == 2:
            log(
                "mf.5.9",
                "Two witness roles and one assassin role are shuffled; each player gets "
                "one face down and the third is removed unseen.",
            )
        else:
            triad.log_roles(s)
        if not game.full_circle:
            log(
                "mf.5.10",
                f"Each player is an {urbanite.name} (maximum {urbanite.max_wounds} wounds).",
            )
    if game.full_circle:
        full_circle.deal_characters(s)  # face down, instead of an Urbanite each (mf.21.2)
    if log:
        log(
            "mf.5.11",
            f"{'Both' if n == 2 else 'All three'} pieces start on the Start of the Road; "
            "wounds and gasp markers are at 0.",
        )
        for p in range(n):
            log(
                "mf.6.1",
                f"{names[p]} looks at their role: {s.roles[p]}.",
                p,
                visible_to=(p,),
                public_text=f"{names[p]} looks at their role and keeps it hidden.",
            )

    # Getting started (mf.6.2-6.4).
    s.face_up[1] = True
    s.first_player = s.turn_player = rng.below(n)
    last = (s.first_player - 1) % n  # turns pass to the next seat (mf.7.1)
    ally = s.ally_deck.pop(rng.below(len(s.ally_deck)))
    if log:
        log("mf.6.2", f"The first sunset road is turned face up: {s.road(1).name}.")
        log("mf.6.3", f"{names[s.first_player]} is chosen at random to go first.")
        log("mf.6.4", f"{names[last]}, who goes last, draws a random ally card.", last)
    allies.gain_ally(s, last, ally, "mf.6.4", chosen=False)
    if game.under_the_rose:
        under_the_rose.deal_agents(s, rng)  # topic 23: agents, roses, the opening burial
    s.stack = [TURN_FRAMES[0]]
    s._run()
    return s
