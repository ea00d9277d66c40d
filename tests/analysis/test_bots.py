"""Tests for the analysis bots: names, honesty (view only) and the topic 24 rules of thumb.

Why this file exists: simulations are only meaningful if the bots play by the same
information a person has and if the heuristic bots really follow the strategy advice
they claim.  Each rule-of-thumb test puts a position on the table (every road face
up so phones are known), asks the bot for its choice, applies it, and checks the state
and the rule ids the trace cites.

Road layout (``ROADS``): phones at positions 1, 4, 5, 8, 9 and the End (13); Cemetery
Road (11) is the one road more than one road away from any phone.
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import (
    chance,
    do,
    mf_state,
    pending_frame_kind,
    rules_cited,
    skip_to_main_play,
)
from games.mantis_falls.tables import JACK, JILL, ROADS_NO_BROKEN, fixed_state

from tutor.analysis.policies import (
    Policy,
    RandomPolicy,
    describe_policies,
    make_policy,
    policies_for,
)
from tutor.analysis.simulation import simulate
from tutor.core.errors import UnknownGameError
from tutor.core.rng import Rng
from tutor.games.mantis_falls.bots import HeuristicAssassin, HeuristicPlayer, HeuristicWitness

# The shared road without the Broken Road, but with Dockside Way (no phone) in place of
# Gallows Hill (a phone), so that Cemetery Road is out of a phone's reach.
ROADS = (*ROADS_NO_BROKEN[:11], "Dockside Way")
PHONE, FAR = 9, 11


def table(jack: dict[str, Any], jill: dict[str, Any], **extra: Any) -> Any:
    """Jack (player 0) and Jill (player 1) on ``ROADS``, every road face up.

    Each entry is used as given: hands, roles and allies not named stay as dealt.

    Raises:
        ScenarioError: if a card name or a value in the setup is not valid.
    """
    return fixed_state(jack, jill, roads=ROADS, allies=None, **extra)


def card_names(state: Any, action: Any) -> str:
    return state.cards.actions[action.args[0]].name


def ask(bot: Policy, state: Any, seed: int = 0) -> Any:
    legal = state.legal_actions()
    action = bot(state, legal, Rng(seed))
    assert action in legal
    return action


class ViewOnly:
    """A state stand-in that lets a bot read only the public API a player may use."""

    # random_action: the player's own legal actions drawn in the game's steps (what a
    # player may always know); the random bot draws with it.
    ALLOWED = frozenset({"decision", "view", "game", "random_action"})

    def __init__(self, state: Any) -> None:
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"a bot read state.{name}, which is not the player's view")
        return getattr(self._state, name)


# ---------------------------------------------------------------- registry
def test_every_mantis_falls_bot_has_a_name_and_a_one_line_description() -> None:
    bots = policies_for("mantis_falls")
    assert list(bots)[0] == "random"
    assert {"random", "heuristic", "heuristic_witness", "heuristic_assassin"} <= set(bots)
    for entry in describe_policies("mantis_falls"):
        assert entry["description"] and "\n" not in entry["description"]
        assert make_policy("mantis_falls", entry["name"]).name == entry["name"]


def test_unknown_bot_or_game_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="heuristic_witness"):
        make_policy("mantis_falls", "clever")
    with pytest.raises(UnknownGameError, match="mantis_falls"):
        policies_for("chess")


def test_random_bot_repeats_with_the_same_seed_and_spreads_over_choices() -> None:
    state = mf_state(seed=3)
    skip_to_main_play(state)
    legal = state.legal_actions()
    bot = RandomPolicy()
    picks = [bot(state, legal, Rng(s)) for s in range(40)]
    assert picks == [bot(state, legal, Rng(s)) for s in range(40)]
    assert len(set(picks)) > 5


# ---------------------------------------------------------------- honesty
@pytest.mark.parametrize("bots", [("heuristic", "heuristic"), ("random", "heuristic")])
def test_bots_only_ever_read_the_players_view(bots: tuple[str, str]) -> None:
    """Whole games where the bots get a stand-in that refuses hands, roles and decks."""
    game_seeds = range(6)
    players = [make_policy("mantis_falls", b) for b in bots]
    for seed in game_seeds:
        state = mf_state(seed=seed)
        state.tracing = False
        rng = Rng(seed)
        for p in players:
            p.reset()
        while not state.is_terminal():
            d = state.decision
            if d.kind == "chance":
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            action = players[d.player](ViewOnly(state), legal, rng)
            assert action in legal
            state.apply(action)
        assert state.outcome().reason in ("escape", "death")


def test_hidden_information_does_not_change_a_bots_choice() -> None:
    """Jill's hidden hand and role differ; Jack's view, and so his choice, do not."""
    jack = {
        "position": PHONE,
        "wounds": 6,
        "role": "witness",
        "hand": ["Call in a Hit", "Medicine", "Coffee", "Sprint"],
    }
    states = [
        table(
            jack,
            {"role": "assassin", "hand": ["Baseball Bat", "Shotgun", "Bullet"]},
            turn_player=JACK,
            event_deck_top=["Cold Rain"],
        ),
        table(
            jack,
            {"role": "witness", "hand": ["Smelling Salts", "Doctor's Bag", "Hunch"]},
            turn_player=JACK,
            event_deck_top=["Cold Rain"],
        ),
    ]
    choices = []
    for state in states:
        skip_to_main_play(state)
        view = state.view(JACK)
        view.pop("trace")
        choices.append((view, ask(HeuristicPlayer(), state)))
    assert choices[0][0] == choices[1][0]
    assert choices[0][1] == choices[1][1]


# ---------------------------------------------------------------- witness rules of thumb
def test_witness_never_gives_away_healing_or_call_in_a_hit() -> None:
    """Conserved Energy is full: the witness discards Coffee, not Medicine or the Hit."""
    state = table(
        {"position": 2, "role": "witness", "hand": ["Call in a Hit", "Medicine", "Coffee"]},
        {"role": "assassin"},
        turn_player=JACK,
        conserved=["Sprint", "Hunch", "Recall", "Bribe"],
        event_deck_top=["Cold Rain"],
    )
    skip_to_main_play(state)
    action = ask(HeuristicWitness(), state)
    assert (action.kind, card_names(state, action)) == ("discard", "Coffee")
    assert rules_cited(state.apply(action)) == ["mf.8.7"]
    assert sorted(state.cards.actions[c].name for c in state.hands[JACK]) == [
        "Call in a Hit",
        "Medicine",
    ]


def test_witness_in_simulated_games_keeps_healing_and_the_hit_out_of_main_plays() -> None:
    """Across whole games, the witness bot's main plays never conserve or discard them."""
    seen: list[tuple[str, str]] = []

    class Recorder(HeuristicWitness):
        def main_play(self, look: Any, legal: Any, rng: Any) -> Any:
            action = super().main_play(look, legal, rng)
            if action.kind in ("conserve", "discard"):
                card = look.card(action.args[0])
                seen.append((action.kind, card.name))
                assert not look.is_healing(action.args[0]), card.name
                assert not (look.is_hit(action.args[0]) and look.role == "witness"), card.name
            return action

    simulate(
        "mantis_falls",
        games=12,
        seed=4,
        policies=(Recorder(), Recorder()),
        processes=1,
        progress=False,
    )
    assert seen, "the witness never cycled a card, so the test checked nothing"


def test_desperate_witness_by_a_phone_calls_in_a_hit() -> None:
    """Six of eight wounds, standing on a phone road: Jack plays Call in a Hit at Jill."""
    state = table(
        {
            "position": PHONE,
            "wounds": 6,
            "role": "witness",
            "hand": ["Call in a Hit", "Medicine", "Coffee"],
        },
        {"position": PHONE, "role": "assassin", "hand": ["Recall"]},
        turn_player=JACK,
        event_deck_top=["Cold Rain"],
    )
    skip_to_main_play(state)
    action = ask(HeuristicWitness(), state)
    assert (action.kind, card_names(state, action)) == ("play", "Call in a Hit")
    state.apply(action)
    do(state, "finish")
    do(state, "nothing")  # Jill
    assert state.wounds[JILL] == 6
    assert "mf.12.3" in [e.rule for e in state.trace if "The Hit" in e.text or "criteria" in e.text]


def test_desperate_witness_away_from_phones_keeps_the_hit() -> None:
    """On Cemetery Road, two roads from any phone, the Hit would fail: Jack holds it."""
    state = table(
        {
            "position": FAR,
            "wounds": 6,
            "role": "witness",
            "hand": ["Call in a Hit", "Medicine", "Coffee"],
        },
        {"position": FAR, "role": "assassin"},
        turn_player=JACK,
        event_deck_top=["Cold Rain"],
    )
    skip_to_main_play(state)
    action = ask(HeuristicWitness(), state)
    assert card_names(state, action) == "Coffee"
    assert action.kind == "conserve"


def test_unexplained_wounds_make_the_witness_suspect_and_call_in_a_hit() -> None:
    """Jill bats Jack on her turn for no visible reason; next turn Jack calls in a hit."""
    state = table(
        {"position": PHONE, "role": "witness", "hand": ["Call in a Hit", "Medicine", "Coffee"]},
        {"position": PHONE, "role": "assassin", "hand": ["Baseball Bat", "Recall"]},
        turn_player=JILL,
        event_deck_top=["Cold Rain", "Missed the Bus"],
        action_deck_top=[
            "Hunch",
            "Take Cover",
            "Bribe",
            "Sprint",
            "Crowbar",
            "Subpoena",
            "Pickpocket",
            "Foresight",
            "Misdirection",
            "Storm Cellar",
        ],
    )
    jack = HeuristicWitness()
    skip_to_main_play(state)
    do(state, "play", "Baseball Bat")  # Jill
    do(state, "finish")
    first = ask(jack, state)  # Jack's first main play: nothing suspicious yet
    assert jack.suspicion == 0 and first.kind == "conserve"
    state.apply(first)
    entries = do(state, "wound_target", "player", JACK)
    assert state.wounds[JACK] == 2 and "mf.12.2" in rules_cited(entries)
    # Cold Rain hurts only Jill (the turn player); draws; then Jack's turn 2 up to his main play.
    while not (state.decision.player == JACK and pending_frame_kind(state) == "mainplay"):
        if state.decision.kind == "chance":
            state.apply(state.sample_chance(Rng(5)))
            continue
        legal = {(a.kind, a.args): a for a in state.legal_actions()}
        quiet = [("draw_pile", ()), ("pass", ()), ("move", (0,)), ("expend", ("no",))]
        state.apply(next(legal[k] for k in quiet if k in legal))
    assert state.turn_no == 2 and state.wounds[JILL] == 2  # Cold Rain, chilled on a dark road
    action = ask(jack, state)
    assert jack.suspicion == 1
    assert (action.kind, card_names(state, action)) == ("play", "Call in a Hit")


def test_witness_plays_healing_in_a_last_gasp_and_survives() -> None:
    """Pickpocketed at 7 of 8 wounds; the Medicine is not lost, so Jack heals in the gasp."""
    state = table(
        {"wounds": 7, "role": "witness", "hand": ["Medicine", "Sprint", "Bullet", "Bribe"]},
        {"role": "assassin"},
        turn_player=JACK,
        event_deck_top=["Pickpocketed"],
    )
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    chance(state, "random_discard", "Sprint")
    chance(state, "random_discard", "Bullet")
    assert state.in_gasp == JACK
    bot = HeuristicWitness()
    action = ask(bot, state)
    assert (action.kind, card_names(state, action)) == ("gasp_add", "Medicine")
    state.apply(action)
    entries = state.apply(ask(bot, state))  # only "finish" is left of the amber suit
    assert state.wounds[JACK] == 6 and state.gasps[JACK] == 1 and not state.dead[JACK]
    assert {"mf.17.3", "mf.16.4", "mf.17.5"} <= set(rules_cited(entries))


def test_doomed_witness_attacks_in_the_third_last_gasp() -> None:
    """Gasp marker at 2: this gasp is fatal, so Jack shoots Jill instead of healing."""
    state = table(
        {
            "wounds": 7,
            "gasps": 2,
            "role": "witness",
            "hand": ["Medicine", "Desperate Shot", "Baseball Bat", "Sprint"],
        },
        {"role": "assassin", "wounds": 2},
        turn_player=JACK,
        event_deck_top=["Cold Rain"],
    )
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "nothing")
    assert state.in_gasp == JACK
    bot = HeuristicWitness()
    first = ask(bot, state)
    assert (first.kind, card_names(state, first)) == ("gasp_add", "Desperate Shot")
    state.apply(first)
    second = ask(bot, state)
    assert card_names(state, second) == "Baseball Bat"
    state.apply(second)
    state.apply(ask(bot, state))  # finish
    entries = state.apply(ask(bot, state))  # Desperate Shot's first wound: at Jill
    assert state.wounds[JILL] == 3 and "mf.17.8" in rules_cited(entries)


# ---------------------------------------------------------------- assassin rules of thumb
def test_assassin_strikes_when_the_witness_is_away_from_phones() -> None:
    """Jack stands on Cemetery Road (no phone in reach): Jill swings the bat at him."""
    state = table(
        {"position": FAR, "role": "witness", "hand": ["Coffee"]},
        {"position": FAR, "role": "assassin", "hand": ["Baseball Bat", "Medicine", "Recall"]},
        turn_player=JILL,
        event_deck_top=["Cold Rain"],
    )
    bot = HeuristicAssassin()
    skip_to_main_play(state)
    action = ask(bot, state)
    assert (action.kind, card_names(state, action)) == ("play", "Baseball Bat")
    state.apply(action)
    state.apply(ask(bot, state))  # finish: no other hunter card
    do(state, "nothing")  # Jack
    target = ask(bot, state)
    assert target.args == ("player", JACK)
    entries = state.apply(target)
    assert state.wounds[JACK] == 2 and "mf.12.2" in rules_cited(entries)


def test_assassin_keeps_cover_while_the_witness_is_by_a_phone() -> None:
    """Jack stands on a phone road: Jill hides the bat and cycles a card instead."""
    state = table(
        {"position": PHONE, "role": "witness", "hand": ["Coffee"]},
        {"position": FAR, "role": "assassin", "hand": ["Baseball Bat", "Medicine", "Recall"]},
        turn_player=JILL,
        event_deck_top=["Cold Rain"],
    )
    skip_to_main_play(state)
    action = ask(HeuristicAssassin(), state)
    assert (action.kind, card_names(state, action)) == ("conserve", "Recall")


def test_assassin_never_reveals_itself_with_call_in_a_hit() -> None:
    """Even desperate and by a phone, the assassin's Call in a Hit stays in hand."""
    state = table(
        {"position": PHONE, "role": "witness", "hand": ["Coffee"]},
        {"position": PHONE, "wounds": 6, "role": "assassin", "hand": ["Call in a Hit", "Recall"]},
        turn_player=JILL,
        event_deck_top=["Cold Rain"],
    )
    skip_to_main_play(state)
    action = ask(HeuristicPlayer(), state)
    assert not (action.kind == "play" and card_names(state, action) == "Call in a Hit")
