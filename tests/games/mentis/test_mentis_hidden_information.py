"""What each Mentis player sees and remembers (me.2.3, me.3.2), and sampled worlds.

Why this file exists: stacks are opaque, but a player remembers what they were shown.
The view must carry that memory (not just the board), a forgetful player (option
``memory="tops"``) must lose exactly the covered enemy tiles, and ``determinize`` must
deal again only what the player cannot place.
"""

from __future__ import annotations

import pytest
from games.mentis.mentis_helpers import deploy, move, position

from tutor.core.rng import Rng
from tutor.games.mentis.view import unknown_slots, unseen_counts


def _entry(view: dict, square: str) -> dict:
    return next(e for e in view["board"] if e["square"] == square)


@pytest.mark.rule("me.2.3")
@pytest.mark.rule("me.3.2")
def test_a_player_remembers_tiles_shown_during_a_deploy_and_follows_them() -> None:
    state = position({}, to_move="red")
    state.apply(deploy(state, "c6", "noble"))
    state.apply(state.action_by_label("Also deploy a Spear on c6"))
    state.apply(state.action_by_label("Stop deploying"))
    blue = state.view(0)
    assert _entry(blue, "c6")["tiles"] == ["Noble", "Spear"]
    assert blue["players"][1]["covered_remembered"] == 1
    # Blue moves; Red carries the stack away: Blue still knows what is in it.
    state.apply(state.action_by_label("Move the King d1→c1"))
    state.apply(move(state, "c6", ["b6"], [2]))
    assert _entry(state.view(0), "b6")["tiles"] == ["Noble", "Spear"]
    # Blue can count Red's hand exactly: 9 tiles minus the two it saw.
    assert state.view(0)["players"][1]["unseen"] == {"Spear": 2, "Trenchman": 3, "Noble": 2}


@pytest.mark.rule("me.2.3")
def test_a_forgetful_player_knows_only_the_tops_and_the_heights() -> None:
    state = position({}, to_move="red", memory="tops")
    state.apply(deploy(state, "c6", "noble"))
    state.apply(state.action_by_label("Also deploy a Spear on c6"))
    blue, red, truth = state.view(0), state.view(1), state.view(None)
    assert _entry(blue, "c6")["tiles"] == [None, "Spear"]
    assert _entry(red, "c6")["tiles"] == ["Noble", "Spear"]
    assert _entry(truth, "c6")["tiles"] == ["Noble", "Spear"]
    assert unknown_slots(state, 0) == [(5 * 7 + 2, 0)]
    # The Noble Blue forgot counts among the tiles Blue cannot place.
    assert unseen_counts(state, 0) == [0, 2, 3, 3, 0]


def test_determinize_keeps_the_players_view_and_deals_the_rest_again() -> None:
    state = position({"c6": "red noble spear", "c4": "red trenchman trenchman"}, memory="tops")
    game = state.game
    worlds = [game.determinize(state, 0, Rng(seed)) for seed in range(12)]
    mine = {k: v for k, v in state.view(0).items() if k != "trace"}
    for world in worlds:
        assert game.check_invariants(world) == []
        assert {k: v for k, v in world.view(0).items() if k != "trace"} == mine
    buried = {(w.stacks[5 * 7 + 2][0], w.stacks[3 * 7 + 2][0]) for w in worlds}
    assert len(buried) > 1  # the covered tiles really are dealt again
    for name, variant in game.hidden_variants(state, 0):
        again = game.determinize(variant, 0, Rng(3))
        assert again.to_dict() == game.determinize(state, 0, Rng(3)).to_dict(), name


def test_with_perfect_memory_nothing_is_left_to_sample() -> None:
    state = position({"c6": "red noble spear"})
    assert state.game.hidden_variants(state, 0) == []
    world = state.game.determinize(state, 0, Rng(1))
    assert world.stacks == state.stacks and world.hands == state.hands


def test_a_sampled_world_never_hides_the_wolf_in_a_stack() -> None:
    state = position(
        {"c6": "red noble spear", "c4": "red trenchman trenchman"}, memory="tops", modules=["wolf"]
    )
    game = state.game
    for seed in range(20):
        world = game.determinize(state, 0, Rng(seed))
        assert game.check_invariants(world) == []
        assert world.hands[1][4] == 1  # the unplaced Wolf stays in Red's hand
    for _, variant in game.hidden_variants(state, 0):
        assert game.check_invariants(variant) == []


def _tiles(view: dict, square: str) -> list | None:
    entry = next((e for e in view["board"] if e["square"] == square), None)
    return None if entry is None else entry["tiles"]


@pytest.mark.rule("me.2.3")
@pytest.mark.rule("me.4.6")
def test_a_remembered_stack_is_followed_when_it_moves_and_splits() -> None:
    # Red deploys three tiles on c6 (Blue is shown each), then the Trenchman on top
    # carries all three down the c file, leaving the bottom Spear on c5.
    for memory in ("perfect", "tops"):
        state = position({}, to_move="red", memory=memory)
        state.apply(deploy(state, "c6", "spear"))
        state.apply(state.action_by_label("Also deploy a Noble on c6"))
        state.apply(state.action_by_label("Also deploy a Trenchman on c6"))
        state.apply(state.action_by_label("Move the King d1→c1"))
        state.apply(move(state, "c6", ["c5", "c4"], [3, 2]))
        blue = state.view(0)
        assert _tiles(blue, "c6") is None and _tiles(blue, "c5") == ["Spear"]
        if memory == "perfect":  # Blue saw the Noble go down and follows it to c4
            assert _tiles(blue, "c4") == ["Noble", "Trenchman"]
            assert blue["players"][1]["unseen"] == {"Spear": 2, "Trenchman": 2, "Noble": 2}
        else:  # a forgetful Blue knows the heights and tops only
            assert _tiles(blue, "c4") == [None, "Trenchman"]
            assert blue["players"][1]["unseen"] == {"Spear": 2, "Trenchman": 2, "Noble": 3}
        assert _tiles(state.view(None), "c4") == ["Noble", "Trenchman"]


@pytest.mark.rule("me.2.3")
@pytest.mark.rule("me.4.6")
def test_a_tile_seen_on_top_is_remembered_once_covered_and_after_a_pick_up() -> None:
    state = position({}, to_move="red")
    king_steps = iter(["Move the King d1→c1", "Move the King c1→d1"] * 3)

    def red_then_blue(*actions: object) -> None:
        for action in actions:
            state.apply(action if not isinstance(action, str) else state.action_by_label(action))
        state.apply(state.action_by_label(next(king_steps)))

    # Red's Noble goes down alone (Blue sees it on top); next turn a Spear covers it.
    red_then_blue(deploy(state, "d6", "noble"), "Stop deploying")
    red_then_blue(deploy(state, "d6", "spear"), "Stop deploying")
    assert _tiles(state.view(0), "d6") == ["Noble", "Spear"]
    # The Spear carries the pair to d5; a new Noble from e6 passes over d5 and picks
    # up the Spear (ruling pick_up), leaving the first Noble alone on d5.
    red_then_blue(move(state, "d6", ["d5"], [2]))
    red_then_blue(deploy(state, "e6", "noble"), "Stop deploying")
    state.apply(move(state, "e6", ["e5", "d5", "c5"], [1, 1, 2]))
    blue = state.view(0)
    assert _tiles(blue, "d5") == ["Noble"]
    assert _tiles(blue, "c5") == ["Spear", "Noble"]
    assert blue["players"][1]["covered_remembered"] == 1
    assert state.game.determinize(state, 0, Rng(5)).stacks == state.stacks


@pytest.mark.parametrize("modules", [[], ["wolf"]], ids=["base", "wolf"])
def test_every_sampled_world_looks_the_same_to_the_player_throughout_a_game(
    modules: list[str],
) -> None:
    import tutor

    game = tutor.load_game("mentis", memory="tops", modules=modules)
    for seed in range(2):
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            for p in (0, 1) if state.steps % 3 == 0 else ():
                mine = {k: v for k, v in state.view(p).items() if k != "trace"}
                world = game.determinize(state, p, Rng(state.steps))
                assert game.check_invariants(world) == []
                assert {k: v for k, v in world.view(p).items() if k != "trace"} == mine
                # Only what p cannot place may differ: p's own tiles never do.
                for sq in range(49):
                    if state.owner[sq] == p:
                        assert world.stacks[sq] == state.stacks[sq]
                assert world.hands[p] == state.hands[p]
            state.apply(state.random_action(rng))
