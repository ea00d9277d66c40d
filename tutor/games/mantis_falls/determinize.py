"""Sampling a world a Mantis Falls player cannot tell apart from the real one.

A Monte-Carlo bot must not peek at the other player's hand, the shuffled decks or the
face-down roads.  :func:`determinize` builds a copy of the state in which everything
the viewer cannot see is dealt again at random: every hidden card is pooled with the
others of its kind and the pool is shuffled and dealt back into the same places, in
the same numbers, under the constraints the rules make public.  The result obeys the
card-conservation invariants and looks exactly the same to the viewer (their view is
unchanged but for the trace, which the copy drops).

Because each pool is sorted before it is shuffled, the copy depends only on what the
viewer may see and on the generator: two states that differ only in hidden
information give the same copy for the same seed.  That is what the Monte-Carlo bot's
tests check with :func:`~tutor.games.mantis_falls.invariants.hidden_variants`.

What counts as hidden follows ``state.view(viewer)``: the other player's hand, buried
cards (Under the Rose), role, incomplete allies and face-down play cards; the removed
role; (Full Circle) the face-down characters the viewer does not see; the face-down and
removed roads; the action and event draw piles, their discard piles (the view shows
only how many cards they hold), known-top cards nobody told the viewer about, the
Actions by the Night and by the Dark; and an unseen event the viewer did not draw.
Public constraints kept: the Actions by the Night and by the Dark are Midnight cards
other than Call in a Hit (setup, mf.5.6); a face-down action play or Last Gasp play
holds one suit (mf.12.1, mf.17.3), the revealed card's suit when one is revealed; an
incomplete ally group stays incomplete (mf.14.3); the Broken Road stays on the table
or out of the game, as the setup made public (mf.10.9); an unseen event keeps its
"seen" flag, and is an opposition if wounds were dealt to it (mf.11.2).

A player also remembers what they saw earlier (cards revealed and then discarded, the
events of past turns); the sample ignores such memories, which makes it slightly less
informed than a careful person, never better informed.
"""

from __future__ import annotations

from tutor.core.rng import Rng
from tutor.games.mantis_falls.state import (
    END,
    PICK_NAMES,
    START,
    Frame,
    MantisFallsState,
    Pick,
    frame_from_list,
)

_REGIONS = ("sunset", "night", "dark")


def determinize(state: MantisFallsState, viewer: int, rng: Rng) -> MantisFallsState:
    """Return a copy of ``state`` whose hidden information is dealt again at random.

    Args:
        state: the real position (it is not changed).
        viewer: the player whose knowledge the copy must respect.
        rng: the generator used for the new deal (advanced by this call).

    Returns:
        An independent state with tracing off, an empty trace and event log, and a
        fresh random generator; everything ``viewer`` can see is unchanged.

    Raises:
        ValueError: if ``viewer`` is not a player of the game.
    """
    n = state.game.num_players
    if not 0 <= viewer < n:
        raise ValueError(f"viewer must be a player index from 0 to {n - 1}, got {viewer}")
    v = state.clone()
    v._legal = None
    v.trace = []
    v.tracing = False
    v.event_log = []
    v.event_stats = []
    v.rng = Rng(rng.next_u64())
    if state.result is not None:  # the game is over: every role is revealed (mf.20.3)
        return v
    others = [q for q in range(n) if q != viewer]
    # A player choosing among the Actions by the Night (or the Dark, or the ally deck)
    # is looking at those cards right now: they stay as they are.
    top = v.stack[-1] if v.stack else None
    looking = PICK_NAMES[top.pick] if isinstance(top, Pick) and top.ctx[0] == viewer else ""
    _deal_roles(v, others, rng)
    _deal_roads(v, rng)
    _deal_actions(v, others, rng, looking == "night_pick", looking == "dark_pick")
    if looking != "take_ally":
        _deal_allies(v, others, rng)
    _deal_events(v, viewer, rng)
    if v.game.full_circle:
        _deal_characters(v, viewer, rng)
    return v


def _deal_characters(v: MantisFallsState, viewer: int, rng: Rng) -> None:
    """Full Circle: deal again the face-down characters ``viewer`` cannot see (mf.21.2).

    The pool is every character card of the deal except those the viewer sees; a
    face-down character is never one whose maximum its player's wounds have reached
    (it would have been turned up, mf.21.3).
    """
    owner_looks = v._ruling("character_owner_looks") == "owner_looks"
    hidden = [
        q
        for q in range(v.game.num_players)
        if not v.character_shown[q] and not (q == viewer and owner_looks)
    ]
    if not hidden:
        return
    pool = v.game.character_pool[:]
    for q in range(v.game.num_players):
        if q not in hidden:
            pool.remove(v.characters[q])
    pool.sort()
    rng.shuffle(pool)
    cards = v.cards.character_cards
    for q in hidden:
        # The true card always fits, so some card does.
        k = next(i for i, c in enumerate(pool) if cards[c].max_wounds > v.wounds[q])
        v.characters[q] = pool.pop(k)
        v.max_wounds[q] = cards[v.characters[q]].max_wounds


# ---------------------------------------------------------------------------------------
# Roles and roads
# ---------------------------------------------------------------------------------------
def _deal_roles(v: MantisFallsState, others: list[int], rng: Rng) -> None:
    pool = sorted([v.roles[q] for q in others] + [v.removed_role])
    rng.shuffle(pool)
    for q in others:
        v.roles[q] = pool.pop()
    v.removed_role = pool.pop()


def _deal_roads(v: MantisFallsState, rng: Rng) -> None:
    roads = v.cards.roads
    removed: list[int] = []
    for region in _REGIONS:
        slots = [
            q
            for q in range(START + 1, END)
            if not v.face_up[q] and roads[v.road_at[q]].region == region
        ]
        gone = [r for r in v.removed_roads if roads[r].region == region]
        placed_broken = [v.road_at[q] for q in slots if roads[v.road_at[q]].broken]
        pool = sorted(r for r in [v.road_at[q] for q in slots] + gone if not roads[r].broken)
        rng.shuffle(pool)
        if placed_broken:  # the Broken Road is known to be on the table, somewhere face down
            at = rng.below(len(slots))
            for k, q in enumerate(slots):
                v.road_at[q] = placed_broken[0] if k == at else pool.pop()
        else:
            for q in slots:
                v.road_at[q] = pool.pop()
            pool += [r for r in gone if roads[r].broken]  # a removed Broken Road stays out
        removed += pool
    removed += [r for r in v.removed_roads if roads[r].region not in _REGIONS]
    v.removed_roads = sorted(removed)


# ---------------------------------------------------------------------------------------
# Action cards
# ---------------------------------------------------------------------------------------
def _deal_actions(
    v: MantisFallsState, others: list[int], rng: Rng, keep_night: bool, keep_dark: bool
) -> None:
    cards = v.cards.actions
    suits = v.game.suits
    hits = frozenset(c.index for c in cards if "call_in_a_hit" in c.tags)
    # Every hidden card goes into one pool; each place gets back as many as it had.
    pool: list[int] = []
    for q in others:
        pool += v.hands[q] + v.buried[q]  # buried: Under the Rose (mf.23.3)
    pool += v.action_top + v.action_pile + v.action_discard
    night_slots = 0 if keep_night else len(v.night)
    dark_slots = 0 if keep_dark else len(v.dark)
    if night_slots:
        pool += v.night
    if dark_slots:
        pool += v.dark
    plays: list[tuple[str, int, int, str | None]] = []  # (place, player, count, known suit)
    for q in others:
        hidden = len(v.plays[q]) - v.revealed[q]
        if hidden:
            pool += v.plays[q][v.revealed[q] :]
            known = suits[v.plays[q][0]] if v.revealed[q] else None
            plays.append(("play", q, hidden, known))
    if v.in_gasp in others and v.gasp_revealed < len(v.gasp_play):
        hidden = len(v.gasp_play) - v.gasp_revealed
        pool += v.gasp_play[v.gasp_revealed :]
        known = suits[v.gasp_play[0]] if v.gasp_revealed else None
        plays.append(("gasp", v.in_gasp, hidden, known))
    pool.sort()
    rng.shuffle(pool)
    midnight_needed = night_slots + dark_slots
    chosen = _choose_suits(pool, plays, suits, hits, midnight_needed, rng)
    # Face-down plays first (they need one suit), then the Midnight cards by the road.
    spare = sum(1 for c in pool if suits[c] == "midnight" and c not in hits) - midnight_needed
    taken: set[int] = set()
    for (where, q, count, _), suit in zip(plays, chosen, strict=True):
        got: list[int] = []
        for i, c in enumerate(pool):
            if len(got) == count:
                break
            if i in taken or suits[c] != suit:
                continue
            if suit == "midnight" and c not in hits:
                if spare <= 0:
                    continue
                spare -= 1
            taken.add(i)
            got.append(c)
        if where == "play":
            v.plays[q] = v.plays[q][: v.revealed[q]] + got
        else:
            v.gasp_play = v.gasp_play[: v.gasp_revealed] + got
    night: list[int] = []
    for i, c in enumerate(pool):
        if len(night) == midnight_needed:
            break
        if i not in taken and suits[c] == "midnight" and c not in hits:
            taken.add(i)
            night.append(c)
    if night_slots:
        v.night = sorted(night[:night_slots])
    if dark_slots:
        v.dark = sorted(night[night_slots:])
    rest = [c for i, c in enumerate(pool) if i not in taken]
    for q in others:
        k = len(v.hands[q])
        v.hands[q] = rest[:k]
        rest = rest[k:]
        k = len(v.buried[q])
        v.buried[q], rest = rest[:k], rest[k:]
    k = len(v.action_top)
    v.action_top, rest = rest[:k], rest[k:]
    k = len(v.action_pile)
    v.action_pile, rest = sorted(rest[:k]), rest[k:]
    v.action_discard = sorted(rest)


def _choose_suits(
    pool: list[int],
    plays: list[tuple[str, int, int, str | None]],
    suits: list[str],
    hits: frozenset[int],
    midnight_needed: int,
    rng: Rng,
) -> list[str]:
    """Pick a suit for each face-down play so that every place can still be filled.

    A known suit (a card of the play is revealed) is kept; an unknown one is chosen at
    random among the suits the pool can supply.  The real deal is always possible, so
    the search finds a choice.

    Raises:
        ValueError: if no choice fits (the state breaks the card invariants).
    """
    if not plays:
        return []
    names = sorted(set(suits))
    avail: dict[str, int] = {}
    for c in pool:
        avail[suits[c]] = avail.get(suits[c], 0) + 1
    plain_midnight = sum(1 for c in pool if suits[c] == "midnight" and c not in hits)
    # Midnight cards for plays: every Call in a Hit, and plain ones the road can spare.
    avail["midnight"] = (
        avail.get("midnight", 0) - plain_midnight + max(0, plain_midnight - midnight_needed)
    )
    options = []
    for _, _, _, known in plays:
        if known is not None:
            options.append([known])
        else:
            order = names[:]
            rng.shuffle(order)
            options.append(order)

    def search(i: int, used: dict[str, int]) -> list[str] | None:
        if i == len(plays):
            return []
        count = plays[i][2]
        for suit in options[i]:
            if used.get(suit, 0) + count <= avail.get(suit, 0):
                used[suit] = used.get(suit, 0) + count
                rest = search(i + 1, used)
                used[suit] -= count
                if rest is not None:
                    return [suit, *rest]
        return None

    found = search(0, {})
    if found is None:
        raise ValueError("no suit fits the face-down plays: the state breaks card conservation")
    return found


# ---------------------------------------------------------------------------------------
# Allies and events
# ---------------------------------------------------------------------------------------
def _deal_allies(v: MantisFallsState, others: list[int], rng: Rng) -> None:
    allies = v.cards.allies
    pool = list(v.ally_deck)
    keep: dict[int, list[int]] = {}
    need: dict[int, int] = {}
    for q in others:
        complete = set(v._complete(q))
        keep[q] = [a for a in v.allies[q] if allies[a].name in complete]
        need[q] = len(v.allies[q]) - len(keep[q])
        pool += [a for a in v.allies[q] if allies[a].name not in complete]
    pool.sort()
    rng.shuffle(pool)
    for q in others:
        complete = {allies[a].name for a in keep[q]}
        count: dict[str, int] = {}
        got: list[int] = []
        rest: list[int] = []
        for a in pool:
            name = allies[a].name
            # An incomplete group stays below its requirement (mf.14.3).
            if (
                len(got) < need[q]
                and name not in complete
                and count.get(name, 0) + 1 < allies[a].requirement
            ):
                count[name] = count.get(name, 0) + 1
                got.append(a)
            else:
                rest.append(a)
        v.allies[q] = keep[q] + got
        pool = rest
    v.ally_deck = sorted(pool)


def _deal_events(v: MantisFallsState, viewer: int, rng: Rng) -> None:
    events = v.cards.events
    hidden_now = v.event >= 0 and not v.event_visible_to_all() and viewer != v.turn_player
    keep_top = 1 if v.event_top and viewer in v.event_top_known else 0
    pool = v.event_top[keep_top:] + v.event_pile + v.event_bottom + v.event_discard
    if hidden_now:
        pool.append(v.event)
    pool.sort()
    rng.shuffle(pool)
    if hidden_now:
        real = events[v.event]
        for i, e in enumerate(pool):
            card = events[e]
            # Public: whether it is a seen event, and that wounds reached it (mf.11.2).
            if card.seen != real.seen or (v.opp_wounds and card.kind != "opposition"):
                continue
            # Steps of the event already under way now belong to the sampled one.
            frames = _swap_frames(v, e)
            if frames is not None:
                v.stack = frames
                v.event = pool.pop(i)
                break
    k = len(v.event_top) - keep_top
    v.event_top, pool = v.event_top[:keep_top] + pool[:k], pool[k:]
    k = len(v.event_bottom)
    v.event_bottom, pool = pool[:k], pool[k:]
    k = len(v.event_discard)
    v.event_discard, pool = sorted(pool[:k]), pool[k:]
    v.event_pile = sorted(pool)


def _swap_frames(v: MantisFallsState, new: int) -> list[Frame] | None:
    """The pending steps with the current event replaced by event ``new``.

    An effects step whose list the new card lacks has nothing left to do and is
    dropped.  Returns ``None`` when a pending choice of the event (choose one option)
    does not exist on the new card: that card cannot stand in for the real one.
    """
    frames = []
    for frame in v.stack:
        items = []
        ref = None
        for x in frame.to_list():
            if isinstance(x, tuple) and len(x) == 5 and x[1] == "event":
                x = (x[0], "event", new, *x[3:])  # an effect context
            elif isinstance(x, tuple) and len(x) >= 2 and x[0] == "event":
                x = ref = ("event", new, *x[2:])  # a path to an effect list or choice
            items.append(x)
        if ref is not None:
            try:
                node = v.game.resolve(ref)
            except (KeyError, IndexError, TypeError):
                node = None
            if isinstance(frame, Pick):
                if not isinstance(node, dict) or "options" not in node:
                    return None
            elif not isinstance(node, list):
                continue
        frames.append(frame_from_list(items))
    return frames


__all__ = ["determinize"]
