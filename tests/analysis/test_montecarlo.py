"""Tests for the Monte-Carlo bot and the worlds it samples (``Game.determinize``).

Why this file exists: a lookahead bot is only honest if the worlds it plans in are
built from its own view.  These tests put positions on the table where Jill holds
secrets (her hand, her role, a face-down action play, an unseen event) and check that
Jack's sampled worlds keep everything he can see, deal everything else again under the
public rules, and do not depend on Jill's secrets at all: two positions that differ
only in hidden information give the same worlds and the same choice.  A small match
then checks that the lookahead is worth having: as a witness it beats random play.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from games.mantis_falls.mf_helpers import (
    chance,
    do,
    mf_state,
    pending_pick,
    picking_player,
    rules_cited,
    skip_to_main_play,
)
from games.mantis_falls.tables import JACK, JILL, ROADS_NO_BROKEN, fixed_state

import tutor
from tutor.analysis.policies import MonteCarloPolicy, make_policy, policies_for
from tutor.analysis.simulation import simulate, wilson_interval
from tutor.core.game import Game
from tutor.core.rng import Rng

MID_GAME = Path(__file__).parent / "scenarios" / "mid_game.yaml"


def seen_by(state: Any, player: int) -> dict[str, Any]:
    """The player's view without the trace (a sampled world carries no history)."""
    view = state.view(player)
    view.pop("trace")
    return view


def names(state: Any, cards: list[int]) -> list[str]:
    return sorted(state.cards.actions[c].name for c in cards)


def worlds(state: Any, viewer: int, n: int = 40) -> list[Any]:
    return [state.game.determinize(state, viewer, Rng(s)) for s in range(n)]


def jill_draws_an_unseen_hitman() -> Any:
    """Jill's turn: she draws the unseen Hitman; Jack (a witness) has not seen it."""
    state = fixed_state(
        {"position": 2, "role": "witness", "hand": ["Medicine", "Bullet", "Sprint", "Coffee"]},
        {"position": 4, "role": "assassin", "hand": ["Shotgun", "Gun", "Crowbar", "Hunch"]},
        roads=ROADS_NO_BROKEN,
        turn_player=JILL,
        event="Hitman",
    )
    skip_to_main_play(state)
    return state


# ---------------------------------------------------------------- the sampled worlds
def test_jacks_worlds_keep_what_he_sees_and_deal_the_rest_again() -> None:
    """Jill drew an unseen event (mf.11.8): in Jack's worlds it is some unseen event."""
    state = jill_draws_an_unseen_hitman()
    assert "mf.11.8" in rules_cited(state.trace)
    before = state.to_dict()
    samples = worlds(state, JACK)
    assert state.to_dict() == before, "sampling must not change the real position"
    for world in samples:
        assert seen_by(world, JACK) == seen_by(state, JACK)
        assert world.game.check_invariants(world) == []
        assert names(world, world.hands[JACK]) == names(state, state.hands[JACK])
        assert len(world.hands[JILL]) == len(state.hands[JILL])
        assert world.cards.events[world.event].seen is False  # still an unseen event
        assert world.trace == [] and world.tracing is False
    # Jack is a witness, so Jill holds the assassin or the other witness card.
    assert {w.roles[JILL] for w in samples} == {"witness", "assassin"}
    assert any(names(w, w.hands[JILL]) != names(state, state.hands[JILL]) for w in samples)
    assert len({w.cards.events[w.event].name for w in samples}) > 3


def test_jills_worlds_keep_her_own_secrets() -> None:
    """The same position from Jill's seat: she knows her hand, her role and the Hitman."""
    state = jill_draws_an_unseen_hitman()
    for world in worlds(state, JILL, 10):
        assert seen_by(world, JILL) == seen_by(state, JILL)
        assert names(world, world.hands[JILL]) == names(state, state.hands[JILL])
        assert world.roles[JILL] == "assassin"
        assert world.cards.events[world.event].name == "Hitman"


def test_a_face_down_action_play_keeps_one_suit_of_unknown_colour() -> None:
    """Jill places two Hunter cards face down (mf.8.5): Jack only knows it is one suit."""
    state = jill_draws_an_unseen_hitman()
    entries = do(state, "play", "Shotgun")
    assert rules_cited(entries) == ["mf.8.5"]
    do(state, "play", "Gun")
    do(state, "finish")
    assert state.decision.player == JACK
    suits = Counter()
    for world in worlds(state, JACK):
        assert seen_by(world, JACK) == seen_by(state, JACK)
        play_suits = {world.cards.actions[c].suit for c in world.plays[JILL]}
        assert len(world.plays[JILL]) == 2 and len(play_suits) == 1  # mf.12.1
        suits.update(play_suits)
        # The Actions by the Night and by the Dark stay Midnight cards (mf.5.6).
        for c in world.night + world.dark:
            card = world.cards.actions[c]
            assert card.suit == "midnight" and "call_in_a_hit" not in card.tags
    assert len(suits) > 1, "the sampled play must not always be the real suit"


def test_an_unseen_event_that_took_wounds_stays_an_opposition() -> None:
    """Jack's Bullet and Hunter's Stride wound Jill's unseen event: it must be an opposition.

    Wounds aimed at an incident do nothing (mf.11.2), so once the unseen event has taken
    wounds everyone knows it is an opposition, though not which one.
    """
    state = fixed_state(
        {"position": 2, "role": "witness", "hand": ["Bullet", "Hunter's Stride", "Coffee"]},
        {"position": 4, "role": "assassin", "hand": ["Shotgun", "Gun", "Crowbar", "Hunch"]},
        roads=ROADS_NO_BROKEN,
        turn_player=JILL,
        event="Hitman",
    )
    skip_to_main_play(state)
    do(state, "nothing")  # Jill
    do(state, "play", "Bullet")
    do(state, "play", "Hunter's Stride")
    entries = do(state, "finish")
    # Hunter's Stride lets Jack, who is behind Jill, catch up: he chooses how far.
    assert state.decision.player == JACK and pending_pick(state) == "move"
    assert state.opp_wounds >= 2 and state.event >= 0
    assert "mf.11.5" in rules_cited(entries)
    kinds = set()
    for world in worlds(state, JACK, 30):
        card = world.cards.events[world.event]
        assert card.seen is False and world.opp_wounds == state.opp_wounds
        assert seen_by(world, JACK) == seen_by(state, JACK)
        kinds.add(card.kind)
    assert kinds == {"opposition"}


def test_worlds_depend_only_on_what_the_viewer_sees() -> None:
    """Positions that differ only in hidden information give the very same world."""
    game = tutor.load_game("mantis_falls")
    kinds: set[str] = set()
    for seed in range(4):
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal() and state.steps < 120:
            if state.decision.kind == "chance":
                state.apply(state.sample_chance(rng))
                continue
            for viewer in (JACK, JILL):
                looking = picking_player(state) == viewer
                world = game.determinize(state, viewer, Rng(state.steps)).to_dict()
                for what, variant in game.hidden_variants(state, viewer):
                    if looking and "Midnight" in what:
                        continue  # choosing among them, the viewer is looking at those cards
                    kinds.add(what)
                    again = game.determinize(variant, viewer, Rng(state.steps)).to_dict()
                    assert again == world, what
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert {
        "the other player's hand content",
        "the other player's role and the removed role",
        "the identity of the other player's unseen event",
    } <= kinds


def test_a_finished_game_has_nothing_left_to_hide() -> None:
    state = mf_state(seed=2)
    state.tracing = False
    from tutor.core.game import random_playout

    random_playout(state, Rng(2))
    world = state.game.determinize(state, JACK, Rng(0))
    assert world.roles == state.roles and world.hands == state.hands


def test_determinize_refuses_a_non_player() -> None:
    state = mf_state()
    with pytest.raises(ValueError, match="viewer must be a player index from 0 to 1"):
        state.game.determinize(state, 2, Rng(0))


def test_a_game_without_the_hook_refuses_to_let_bots_peek() -> None:
    game = tutor.load_game("mantis_falls")
    with pytest.raises(NotImplementedError, match="no determinize hook"):
        Game.determinize(game, mf_state(), JACK, Rng(0))


# ---------------------------------------------------------------- the bot
def test_montecarlo_is_a_registered_bot() -> None:
    assert "montecarlo" in policies_for("mantis_falls")
    bot = make_policy("mantis_falls", "montecarlo")
    assert isinstance(bot, MonteCarloPolicy) and bot.name == "montecarlo"
    assert bot.description and "\n" not in bot.description
    with pytest.raises(ValueError, match="rollouts"):
        MonteCarloPolicy(rollouts=0)
    with pytest.raises(ValueError, match="horizon"):
        MonteCarloPolicy(horizon=-1)


def test_montecarlo_choice_does_not_depend_on_hidden_information() -> None:
    """Jack's main play: Jill's hand, role, unseen event and face-down roads vary."""
    state = fixed_state(
        {"position": 2, "role": "witness", "hand": ["Medicine", "Bullet", "Sprint", "Coffee"]},
        {"position": 4, "role": "assassin", "hand": ["Shotgun", "Gun", "Crowbar", "Hunch"]},
        roads=ROADS_NO_BROKEN,
        turn_player=JILL,
        event="Hitman",
        face_up=False,
    )
    skip_to_main_play(state)
    do(state, "nothing")  # Jill; now Jack chooses his main play
    legal = state.legal_actions()
    bot = MonteCarloPolicy(rollouts=2, horizon=1, seed=5)
    scores = bot.scores(state, legal, Rng(11))
    choice = bot(state, legal, Rng(11))
    variants = state.game.hidden_variants(state, JACK)
    assert {
        "the other player's hand content",
        "the other player's role and the removed role",
        "the identity of the other player's unseen event",
    } <= {what for what, _ in variants}
    assert any("face-down road" in what for what, _ in variants)
    for what, variant in variants:
        assert variant.legal_actions() == legal, what
        assert bot.scores(variant, legal, Rng(11)) == scores, what
        assert bot(variant, legal, Rng(11)) == choice, what


def test_montecarlo_heals_in_a_last_gasp() -> None:
    """Pickpocketed at 7 of 8 wounds: the lookahead sees that Medicine saves Jack."""
    state = fixed_state(
        {"wounds": 7, "role": "witness", "hand": ["Medicine", "Sprint", "Bullet", "Bribe"]},
        {"role": "assassin"},
        roads=ROADS_NO_BROKEN,
        turn_player=JACK,
        event="Pickpocketed",
    )
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    chance(state, "random_discard", "Sprint")
    chance(state, "random_discard", "Bullet")
    assert state.in_gasp == JACK
    bot = MonteCarloPolicy(rollouts=4, horizon=1)
    action = bot(state, state.legal_actions(), Rng(0))
    assert (action.kind, state.cards.actions[action.args[0]].name) == ("gasp_add", "Medicine")
    state.apply(action)
    entries = state.apply(bot(state, state.legal_actions(), Rng(1)))  # finish
    assert state.wounds[JACK] < state.max_wounds[JACK] and not state.dead[JACK]
    assert state.gasps[JACK] == 1
    assert {"mf.17.3", "mf.16.4", "mf.17.5"} <= set(rules_cited(entries))


def test_montecarlo_beats_random_play_as_a_witness() -> None:
    """From the mid-game position, Jack (witness) wins far more often with lookahead.

    Random Jack against random Jill sets the baseline over many games; the Monte-Carlo
    Jack plays a small match.  The margin asked for is generous: the lower end of the
    bot's 95% interval must clear the upper end of the baseline's.
    """
    base = simulate(start=MID_GAME, games=400, seed=3, processes=1, progress=False)
    wins = sum(JACK in r["winners"] for r in base)
    low_base, high_base = wilson_interval(wins, len(base))
    rows = simulate(
        start=MID_GAME,
        games=24,
        seed=3,
        policies=(MonteCarloPolicy(rollouts=4, horizon=1), "random"),
        processes=1,
        progress=False,
    )
    assert all(r["roles"] == ["witness", "assassin"] for r in rows)
    mc_wins = sum(JACK in r["winners"] for r in rows)
    low_mc, _ = wilson_interval(mc_wins, len(rows))
    assert low_mc > high_base, (mc_wins, len(rows), wins, len(base))
