"""Why did that happen, in Mentis: captures, moves and draws traced back across turns.

Every entry a capture writes goes back to the player's choice, and an entry that read
the board as earlier turns left it names the entry that set what it read
(docs/mentis.md, "Why? chains"): the capture and the tile leaving the game read the
target's stack (the entry that put the taken tile on top there), the range entry the
attacker's, a move the stack it lifts, stopping a deploy the tiles put down, an answer
to a draw offer the offer, the repetition draw the position the time before.  So Red's
Spear takes Blue's Noble on c5 because Blue moved the Noble there, from c2 where Blue
had deployed it, because Blue chose to deploy it; "what if not?" can branch at each
choice.  Only top tiles are read, so a chain through a forgetful player's eyes
(``memory="tops"``) names no covered tile as what an entry read.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from games.mentis.mentis_helpers import capture, deploy, move, position

import tutor
from tutor.analysis.why import (
    DECISION,
    DEPENDED,
    SET_OFF,
    SETUP,
    Link,
    seeded_session,
    what_if_not,
    why,
)
from tutor.core.session import Session
from tutor.core.types import Action
from tutor.games.mentis.engine.board import KIND_NAMES, square_name
from tutor.games.mentis.engine.state import MentisState, position_fact


def play(session: Session, action: Action | str) -> None:
    """Play ``action`` as the legal action it equals (with its label), or by label."""
    if isinstance(action, Action):
        legal = session.state.legal_actions()
        action = legal[legal.index(action)]
    session.play(action)


def session_of(state: MentisState, *actions: Action | str) -> Session:
    session = Session(state, auto_chance=False, auto_forced=False)
    for action in actions:
        play(session, action)
    return session


def rules(links: tuple[Link, ...]) -> list[str]:
    return [link.rule for link in links]


def side_roots(chain: object) -> list[tuple[int, int]]:
    """Each side chain as (the link it belongs to, the step of the decision it ends at)."""
    out = []
    for at, side in chain.set_off:  # type: ignore[attr-defined]
        assert side[-1].kind == DECISION
        out.append((at, side[-1].index))
    return out


def test_the_uncovered_trenchman_goes_back_to_blues_capture() -> None:
    # Blue's Spear on c3 takes the Noble on top of Red's stack on c6, three squares away
    # (me.5.1, me.5.4); the Trenchman under it is then on top (me.5.3).
    state = position({"c3": "blue spear", "c6": "red trenchman noble"})
    session = session_of(state, capture(state, "c3", "c6"))
    trace = session.state.trace
    chain = why(session, len(trace) - 1)
    assert "the Trenchman under it is now on top" in chain.links[0].text
    # The Noble that left had stood on c6 since the scenario set it there.
    assert rules(chain.links) == ["me.5.3", "me.5.2", "me.1.1", ""]
    assert chain.links[1].text == "The Noble leaves the game."
    assert chain.links[2].relation == DEPENDED and chain.root.kind == SETUP
    # What set the Noble's leaving off is Blue's choice to capture.
    assert side_roots(chain) == [(1, 0)]
    point = chain.branch_point
    assert point is not None and point.text.startswith("Blue chose: Spear on c3 captures")
    # The capture and its range are Blue's choice side by side, not one from the other.
    first = len(session.step_at(0)[0].trace)
    assert [e.cause for e in trace[first : first + 3]] == [None, None, None]


def test_what_if_blue_had_not_captured() -> None:
    state = position({"c3": "blue spear", "c6": "red trenchman noble"})
    session = session_of(state, capture(state, "c3", "c6"))
    point = why(session, len(session.state.trace) - 1).branch_point
    assert point is not None
    result = what_if_not(session, point)
    assert result.alternative != result.taken
    assert result.first_difference == 0 and result.original[0] != result.branch[0]
    # The branch is a session of its own: the game itself is unchanged.
    assert len(session.history) == 1 and result.session.history[0] == result.alternative


@pytest.mark.rule("me.5.1")
def test_reds_spear_takes_the_noble_blue_moved_there_after_deploying_it() -> None:
    # Blue deploys a Noble on c2 and stops; Red steps the King along the Hill; Blue
    # moves the Noble c2-c3-c4-c5, into the line of Red's Spear on f5 three squares
    # away; Red's Spear takes it.
    state = position({"f5": "red spear"})
    session = session_of(state, deploy(state, "c2", "noble"), "Stop deploying")
    play(session, move(session.state, "d7", ["e7"], [1]))
    play(session, move(session.state, "c2", ["c3", "c4", "c5"], [1, 1, 1]))
    play(session, capture(session.state, "f5", "c5"))
    trace = session.state.trace
    taken = next(i for i, e in enumerate(trace) if e.rule == "me.5.1")
    chain = why(session, taken)
    assert chain.links[0].text.startswith("Red's Spear on f5 captures Blue's Noble on c5")
    # The Noble stood on c5 because Blue moved it there, from c2 where Blue deployed it.
    assert rules(chain.links) == ["me.5.1", "me.6.4", "me.3.1", "me.2.1"]
    moved, deployed = chain.links[1], chain.links[2]
    assert moved.relation == deployed.relation == DEPENDED
    assert moved.text == "Blue moves the Noble c2→c3→c4→c5."
    assert deployed.text == "Blue deploys a Noble on c2 (the stack there is 1 high)."
    assert moved.citation == session.game.rulebook.cite("me.6.4")
    root = chain.root
    assert root.kind == DECISION and root.index == 0
    assert root.text.startswith("Blue chose: Deploy a Noble on c2")
    # What set the capture off was Red's choice; what set the move off, Blue's.
    assert side_roots(chain) == [(0, 4), (1, 3)]
    assert "That depended on an earlier step: Blue moves the Noble c2→c3→c4→c5" in (
        chain.paragraph()
    )
    # What if Blue had moved the Noble elsewhere?
    assert [p.index for p in chain.branch_points] == [0, 4, 3]
    result = what_if_not(session, chain.branch_points[2])
    assert result.taken.label == "Move the Noble c2→c3→c4→c5"


@pytest.mark.rule("me.7.1")
def test_the_king_taken_ends_the_game_because_of_the_capture() -> None:
    # Blue's King steps d1-c1; Red's Spear steps c5-c4, three squares above it; Blue
    # deploys; Red's Spear takes the King and Red wins.
    state = position({"c5": "red spear"})
    session = session_of(state, move(state, "d1", ["c1"], [1]))
    play(session, move(session.state, "c5", ["c4"], [1]))
    play(session, deploy(session.state, "f1", "spear"))
    play(session, "Stop deploying")
    play(session, capture(session.state, "c4", "c1"))
    trace = session.state.trace
    chain = why(session, len(trace) - 1)
    assert chain.links[0].text == "Red wins: Red captured the King."
    # The King left the game because it stood on c1 since Blue moved it there.
    assert rules(chain.links) == ["me.7.1", "me.5.2", "me.6.1", "me.1.1", ""]
    assert [link.relation for link in chain.links] == ["", SET_OFF, DEPENDED, DEPENDED, SET_OFF]
    assert chain.links[1].text == "The King leaves the game."
    assert chain.links[2].text == "Blue moves the King d1→c1."
    # Red's capture set the King's leaving off; Blue's choice, the King's move.
    assert side_roots(chain) == [(1, 4), (2, 0)]
    assert chain.branch_point is not None
    assert chain.branch_point.text.startswith("Red chose: Spear on c4 captures the King on c1")
    # The range entry read where Red's Spear stands: moved to c4 a turn before.
    ranged = next(i for i, e in enumerate(trace) if e.rule == "me.5.4")
    assert trace[ranged].text == "The Spear captures at exactly range 3."
    reach = why(session, ranged)
    assert (
        reach.links[1].relation == DEPENDED and reach.links[1].text == "Red moves the Spear c5→c4."
    )
    assert side_roots(reach) == [(0, 4), (1, 1)]


@pytest.mark.rule("me.4.6")
def test_a_tile_left_behind_moves_later_because_the_move_left_it_on_top() -> None:
    # Blue's Noble rides on a Trenchman on c2 and steps off alone to c3; later the
    # Trenchman moves from c2: it was on top there since the Noble left it behind.
    state = position({"c2": "blue trenchman noble"})
    session = session_of(state, move(state, "c2", ["c3"], [1]))
    play(session, move(session.state, "d7", ["e7"], [1]))
    play(session, move(session.state, "c2", ["b2", "a2"], [1, 1]))
    chain = why(session, len(session.state.trace) - 1)
    assert chain.links[0].text == "Blue moves the Trenchman c2→b2→a2."
    left = chain.links[1]
    assert left.relation == DEPENDED and left.rule == "me.4.6"
    assert left.text == "Tiles stay behind from the bottom: 1 left on c2."
    assert rules(chain.links[2:]) == ["me.6.4", "me.1.1", ""]
    assert chain.links[2].text == "Blue moves the Noble c2→c3."
    assert side_roots(chain) == [(0, 2), (2, 0)]


@pytest.mark.rule("me.7.3")
def test_a_draw_agreed_goes_back_to_the_offer_a_turn_before() -> None:
    state = position({}, rulings={"draw_offer": "any_time"})
    session = session_of(state, "Offer a draw", "Accept the draw")
    chain = why(session, len(session.state.trace) - 1)
    assert chain.links[0].text == "The game is drawn: both players agreed to a draw."
    assert rules(chain.links) == ["me.7.3", "me.7.3", "me.7.3", "me.2.1"]
    assert chain.links[1].text == "Red accepts the draw."
    assert chain.links[2].relation == DEPENDED and chain.links[2].text == "Blue offers a draw."
    assert chain.root.kind == DECISION and chain.root.actor == 0 and chain.root.index == 0
    assert side_roots(chain) == [(1, 1)]


@pytest.mark.rule("me.3.2")
def test_stopping_a_deploy_reads_the_tiles_put_down() -> None:
    state = position({})
    session = session_of(
        state, deploy(state, "c2", "noble"), "Also deploy a Spear on c2", "Stop deploying"
    )
    trace = session.state.trace
    chain = why(session, len(trace) - 1)
    assert chain.links[0].text == "Blue stops after 2 tiles."
    assert chain.links[1].relation == DEPENDED and chain.links[1].rule == "me.3.2"
    assert "a Spear (the stack is 2 high)" in chain.links[1].text
    assert chain.root.text.startswith("Blue chose: Also deploy a Spear on c2")
    # The second tile reads nothing: the Noble it covers is not named through it.
    assert trace[chain.links[1].index].standing is None


@pytest.mark.rule("me.7.2")
def test_a_repetition_goes_back_to_the_turn_that_left_the_position_before() -> None:
    # Both Kings step aside and back twice: the starting position stands a third time.
    state = position({})
    session = Session(state, auto_chance=False, auto_forced=False)
    for origin, to in [("d1", "c1"), ("d7", "c7"), ("c1", "d1"), ("c7", "d7")] * 2:
        play(session, move(session.state, origin, [to], [1]))
    outcome = session.state.outcome()
    assert outcome is not None and outcome.reason == "repetition"
    trace = session.state.trace
    drawn = next(i for i, e in enumerate(trace) if e.rule == "me.7.2")
    chain = why(session, drawn)
    # The position stood the time before after Red's King went back to d7 (turn 2),
    # and the King stood on c7 then because Red had moved it there.
    assert [link.text for link in chain.links[1:3]] == [
        "Red moves the King c7→d7.",
        "Red moves the King d7→c7.",
    ]
    assert [session.action_behind(link.index)[0] for link in chain.links[1:3]] == [3, 1]
    assert chain.links[1].relation == DEPENDED and chain.root.kind == SETUP
    # The count is made after the whole turn: set off by Red's last choice itself.
    assert trace[drawn].cause is None
    assert side_roots(chain) == [(0, 7), (1, 3), (2, 1)]


@pytest.mark.rule("me.8.6")
def test_the_wolfs_bite_and_its_rule_are_the_choice_to_capture_side_by_side() -> None:
    # Blue deploys the Wolf on d2, diagonally next to Red's Trenchman on e3, and Red
    # steps the King aside; the Wolf bites the Trenchman one square away (me.8.5), as
    # the Wolf may take every kind of tile (me.8.6).
    state = position({"e3": "red trenchman"}, modules=["wolf"])
    session = session_of(state, deploy(state, "d2", "wolf"))
    play(session, move(session.state, "d7", ["e7"], [1]))
    play(session, capture(session.state, "d2", "e3"))
    trace = session.state.trace
    first = len(session.step_at(2)[0].trace)
    assert [e.rule for e in trace[first:]] == ["me.5.1", "me.8.5", "me.8.6", "me.5.2"]
    # None of them follows from another: each is Blue's choice to capture.
    assert [e.cause for e in trace[first:]] == [None, None, None, None]
    rule_of_wolf = why(session, first + 2)
    assert rules(rule_of_wolf.links) == ["me.8.6", "me.2.1"]
    assert rule_of_wolf.root.text.startswith("Blue chose: Wolf on d2 captures the Trenchman")
    # The bite's reach read where the Wolf stands: Blue deployed it there a turn before.
    reach = why(session, first + 1)
    assert reach.links[0].text == "The Wolf bites one square away, diagonals included."
    assert rules(reach.links) == ["me.8.5", "me.3.1", "me.2.1"]
    assert reach.links[1].relation == DEPENDED
    assert reach.links[1].text == "Blue deploys a Wolf on d2 (the stack there is 1 high)."
    assert reach.root.text.startswith("Blue chose: Deploy the Wolf on d2")
    assert side_roots(reach) == [(0, 2)]


def test_a_session_saved_before_standing_facts_still_loads_and_answers_why() -> None:
    state = position({"f5": "red spear"})
    session = session_of(state, deploy(state, "c2", "noble"), "Stop deploying")
    play(session, move(session.state, "d7", ["e7"], [1]))
    play(session, move(session.state, "c2", ["c3"], [1]))
    data = session.to_dict()
    for entry in data["initial"]["trace"]:  # a set-up written before they were recorded
        entry.pop("standing", None)
        entry.pop("sets", None)
    loaded = Session.from_dict(data)
    trace = loaded.state.trace
    # The replayed actions record them again: the Noble's move read the deploy.
    chain = why(loaded, len(trace) - 1)
    assert rules(chain.links) == ["me.6.4", "me.3.1", "me.2.1"]
    # The King's move read a square the old set-up never said it set: the chain ends
    # at Red's choice, as every chain did before.
    king = next(i for i, e in enumerate(trace) if e.text == "Red moves the King d7→e7.")
    assert trace[king].standing is None
    assert [link.kind for link in why(loaded, king).links] == ["entry", DECISION]


def test_marking_the_position_a_turn_left_changes_nothing_else_of_its_last_entry() -> None:
    state = position({})
    last = state.trace[-1]
    key = state.position_key()
    assert last.sets.split()[-1] == position_fact(key)  # the scenario's position
    state.mark_position(bytes((0, 3, 3)))
    marked = state.trace[-1]
    assert marked.sets == f"{last.sets} {position_fact(bytes((0, 3, 3)))}"
    assert replace(marked, sets=last.sets) == last


def stack_read(session: Session, index: int) -> int | None:
    """The square whose stack entry ``index`` read, from the action that wrote it."""
    entry = session.state.trace[index]
    behind = session.action_behind(index)
    if behind is None:
        return None
    action = behind[2]
    if action.kind == "capture" and entry.rule in ("me.5.1", "me.5.2"):
        return int(action.args[1])
    if action.kind == "capture" and entry.rule in ("me.5.4", "me.8.5"):
        return int(action.args[0])
    if action.kind == "move" and entry.kind == "action":
        return int(action.args[0])
    return None


def squares_changed(before: MentisState, action: Action, after: MentisState) -> set[int]:
    """The squares whose stacks ``action`` changed: a different stack, or the same kinds
    but other tiles (a move's pile can leave a tile where another of its kind stood)."""
    out = {q for q in range(len(before.stacks)) if before.stacks[q] != after.stacks[q]}
    if action.kind == "move":
        origin, path, takes = action.args
        out |= {origin, path[-1]}
        out |= {path[i] for i in range(len(takes) - 1) if takes[i + 1] != takes[i]}
    return out


def kinds_named(text: str) -> set[str]:
    return {name for name in KIND_NAMES if name in text}


@pytest.mark.parametrize(("seed", "modules"), [(1, ()), (2, ()), (5, ("wolf",))])
def test_a_stack_read_goes_back_to_its_last_change_and_names_only_its_top_tile(
    seed: int, modules: tuple[str, ...]
) -> None:
    """Under memory="tops" (covered enemy tiles forgotten): the entry a stack's reader
    names was written by the last action that changed that stack, and names no tile
    but the one on top there when it was read, so no chain names a covered tile as
    what an entry read; and each player's chain is the tutor's (every Mentis entry is
    public)."""
    game = tutor.load_game("mentis", memory="tops", modules=list(modules))
    session = seeded_session(game, seed)
    trace = session.state.trace
    history = [session.step_at(k)[0] for k in range(len(session.history))] + [session.state]
    changes = [
        squares_changed(history[k], session.history[k], history[k + 1])
        for k in range(len(session.history))
    ]
    checked = 0
    for i, entry in enumerate(trace):
        sq = stack_read(session, i)
        if sq is None:
            continue
        assert entry.standing is not None, f"entry {i} ({entry.rule}) names no setter"
        setter = trace[entry.standing]
        assert f"stack/{square_name(sq)}" in setter.sets.split()
        step = session.action_behind(i)[0]
        changed = [k for k in range(step) if sq in changes[k]]
        behind = session.action_behind(entry.standing)
        assert (behind[0] if behind else None) == (changed[-1] if changed else None)
        top = KIND_NAMES[history[step].stacks[sq][-1]]
        assert kinds_named(setter.text) <= {top}, (setter.text, top)
        chain = why(session, i)
        for player in (0, 1):
            assert why(session, i, player).lines() == chain.lines()
        # What set each link that read a stack off is the choice of that link's turn.
        for at, side in chain.set_off:
            assert [link.index for link in side] == [
                session.action_behind(chain.links[at].index)[0]
            ]
        checked += 1
    assert checked > 10
