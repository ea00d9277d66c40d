"""Legal choices in Mantis Falls come in one canonical order, one per card name.

Why this file exists: the busiest choices (the main play, adding to an action play,
discarding, movement, drawing from Conserved Energy) are built already in canonical
order for speed instead of being sorted afterwards.  These tests hold them to the same
rule as every other choice: sorted by (player, kind, arguments), and copies of a card
(two Bullets) offered once, as the lowest copy in hand.
"""

from __future__ import annotations

from games.mantis_falls.mf_helpers import (
    mf_state,
    pending_frame_kind,
    pending_pick,
    skip_to_main_play,
)
from tables import JILL, foster_setup

import tutor
from tutor.core.rng import Rng
from tutor.games.mantis_falls.state import canonical_order


def test_every_choice_of_random_games_is_already_in_canonical_order() -> None:
    game = tutor.load_game("mantis_falls", players=2)
    seen = set()
    for seed in range(25):
        state = game.new_state(seed=seed, tracing=False)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.decision_kind() == "chance":
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            kind, pick = pending_frame_kind(state), pending_pick(state)
            seen.add(f"pick:{pick}" if pick else kind)
            assert canonical_order(list(legal)) == legal, (seed, kind, pick, legal)
            state.apply(legal[rng.below(len(legal))])
    # the hand-built generators were all exercised
    assert {"mainplay", "pick:move", "pick:draw_source"} <= seen


def test_two_copies_of_a_card_give_one_choice_of_each_kind() -> None:
    s = mf_state(
        setup=foster_setup(
            jack={"hand": ["Brass Knuckles"]},
            jill={"hand": ["Bullet", "Bullet", "Hunter's Stride"]},
            event_deck_top=["The Boss's Nephew"],
        )
    )
    skip_to_main_play(s)
    while s.decision.player != JILL:  # Jack's main play: do nothing
        s.apply(next(a for a in s.legal_actions() if a.kind == "nothing"))
    labels = [a.label for a in s.legal_actions()]
    assert labels.count("Start an action play with Bullet (Hunter)") == 1
    assert labels.count("Discard Bullet (Hunter)") == 1
    bullets = sorted(c for c in s.hands[JILL] if s.card_name(c) == "Bullet")
    play = next(
        a for a in s.legal_actions() if a.label == "Start an action play with Bullet (Hunter)"
    )
    assert play.args == (bullets[0],)  # the lowest copy in hand
    s.apply(play)
    labels = [a.label for a in s.legal_actions()]
    assert labels.count("Add Bullet (Hunter) to the action play") == 1
    assert labels[0].startswith("Finish the action play")  # "finish" sorts before "play"
