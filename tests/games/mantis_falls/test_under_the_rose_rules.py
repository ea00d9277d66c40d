"""Under the Rose (topic 23), rule by rule: agents, roses, burying, meeting, paying.

Each test puts a position on the table with the module on (``agent`` and ``buried``
scenario keys fix who has which agent and what lies under each rose), plays the moment
the rule is about and checks the state and the trace.  The agents are the project's
illustrative ones (rulesets/mantis_falls/under_the_rose.yaml): Kit (meets on the first
Amber or the third Hunter card, Royal cards do nothing for them), Vera (events deal one
more wound), Moss (healing is one less); the Moonlighter (buries 2, pay-off 5/8), the
Undertaker (buries 1, 4/9), the Gardener (buries 3, 6/7).
"""

from __future__ import annotations

from typing import Any

import pytest
from games.mantis_falls.mf_helpers import (
    do,
    mf_state,
    pending_pick,
    rules_cited,
    skip_to_main_play,
)

import tutor
from tutor.games.mantis_falls.state import END, MantisFallsState

ROSE = {"modules": ["under_the_rose"]}


def rose_state(players: list[dict[str, Any]], seed: int = 1, **setup: Any) -> MantisFallsState:
    """A 2-player game with the module, player 0 to move first, and these player setups."""
    return mf_state(setup={"players": players, "turn_player": 0, **setup}, seed=seed, **ROSE)


def names(state: MantisFallsState, cards: list[int]) -> list[str]:
    return sorted(state.card_name(c) for c in cards)


def play_only(state: MantisFallsState, *cards: str) -> list[Any]:
    """Player 0 (the turn player) makes an action play of ``cards``; player 1 does nothing.

    Returns the trace entries written from the main play on.
    """
    entries: list[Any] = []
    skip_to_main_play(state)
    while state.decision.kind == "chance":
        entries += state.apply(state.sample_chance())
    for card in cards:
        entries += do(state, "play", card)
    entries += do(state, "finish")
    entries += do(state, "nothing")
    return entries


def pass_windows(state: MantisFallsState) -> list[Any]:
    entries: list[Any] = []
    while state.decision.kind == "choice" and pending_pick(state) == "" and state.legal_actions():
        kinds = {a.kind for a in state.legal_actions()}
        if kinds != {"pass"}:
            break
        entries += do(state, "pass")
    return entries


# ---------------------------------------------------------------------------- setup
@pytest.mark.rule("mf.23.1")
@pytest.mark.rule("mf.23.2")
def test_each_player_gets_an_agent_of_a_horizon_and_a_sky_card_shown_to_all() -> None:
    game = tutor.load_game("mantis_falls", **ROSE)
    state = game.new_state(seed=5)
    assert len(set(state.agent_horizon)) == 2 and len(set(state.agent_sky)) == 2
    assert min(state.agent_horizon + state.agent_sky) >= 0
    lines = [e for e in state.trace if e.rule == "mf.23.2"]
    assert len(lines) == 2 and all(e.visible_to is None for e in lines)
    for viewer in (0, 1):
        agents = [p["agent"]["name"] for p in state.view(viewer)["players"]]
        assert agents == [state.view(None)["players"][p]["agent"]["name"] for p in (0, 1)]
    assert "mf.23.1" in rules_cited(state.trace)


@pytest.mark.rule("mf.23.4")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_opening_burial_takes_as_many_cards_as_the_agent_has_dots(seed: int) -> None:
    game = tutor.load_game("mantis_falls", **ROSE)
    state = game.new_state(seed=seed)
    rose = game.rose
    assert rose is not None
    for p in (0, 1):
        dots = rose.horizons[state.agent_horizon[p]].dots
        assert len(state.buried[p]) == dots
    assert rules_cited(state.trace).count("mf.23.4") == 2


@pytest.mark.rule("mf.23.3")
def test_buried_cards_are_seen_by_their_owner_only() -> None:
    state = rose_state(
        [
            {"agent": ["kit", "moonlighter"], "buried": ["Medicine", "Bullet"]},
            {"agent": ["vera", "undertaker"], "buried": ["Coffee"]},
        ]
    )
    mine, theirs = state.view(0)["players"][0]["agent"], state.view(1)["players"][0]["agent"]
    assert mine["buried"] == ["Bullet", "Medicine"] and mine["buried_count"] == 2
    assert theirs["buried"] is None and theirs["buried_count"] == 2
    for e in state.trace_for(1):
        assert "Medicine" not in e and "Bullet" not in e


def test_without_the_module_there_are_no_agents_and_the_view_is_unchanged() -> None:
    state = tutor.load_game("mantis_falls").new_state(seed=1)
    assert state.agent_horizon == [-1, -1] and state.buried == [[], []]
    assert all("agent" not in p for p in state.view(0)["players"])


# ---------------------------------------------------------------------------- weaknesses
@pytest.mark.rule("mf.23.5")
def test_a_weakness_takes_the_effects_of_a_suit_away_but_the_card_is_still_revealed() -> None:
    state = rose_state(
        [
            {"agent": ["kit", "moonlighter"], "hand": ["Share the Wealth", "Coffee", "Medicine"]},
            {"agent": ["vera", "undertaker"], "hand": ["Bullet"]},
        ],
        roads_face_up=True,
    )
    hands = [len(h) for h in state.hands]
    entries = play_only(state, "Share the Wealth")
    cited = rules_cited(entries)
    assert "mf.12.6" in cited and "mf.23.5" in cited  # revealed, then no effect
    assert [len(h) for h in state.hands] == [hands[0] - 1, hands[1]]  # nobody drew two


@pytest.mark.rule("mf.23.5")
def test_an_event_weakness_adds_a_wound_and_a_healing_weakness_takes_one_off() -> None:
    state = rose_state(
        [
            {"agent": ["vera", "moonlighter"], "hand": ["Coffee"]},
            {"agent": ["moss", "undertaker"], "hand": ["Medicine"], "wounds": 4},
        ],
        event_deck_top=["Sprained Ankle"],
    )
    skip_to_main_play(state)
    do(state, "nothing")
    do(state, "play", "Medicine")
    entries = do(state, "finish")
    entries += pass_windows(state)
    assert state.wounds[1] == 3  # Medicine heals 2, one less for Moss
    assert state.wounds[0] == 3  # Sprained Ankle deals 2, one more for Vera
    assert rules_cited(entries).count("mf.23.5") == 2


# ---------------------------------------------------------------------------- meeting
@pytest.mark.rule("mf.23.6")
@pytest.mark.rule("mf.23.10")
def test_the_first_amber_card_meets_the_agent_before_it_is_processed() -> None:
    state = rose_state(
        [
            {
                "agent": ["kit", "moonlighter"],
                "hand": ["Medicine", "Sprint"],
                "wounds": 3,
                "buried": [],
            },
            {"agent": ["vera", "undertaker"]},
        ],
        action_deck_top=["Coffee", "Bullet"],
    )
    entries = play_only(state, "Medicine", "Sprint")
    entries += pass_windows(state)
    assert pending_pick(state) == "rose_meet"
    assert state.wounds[0] == 3  # Medicine waits for the meeting
    assert "mf.23.6" in rules_cited(entries)
    after = do(state, "rose_bury")
    assert names(state, state.buried[0]) == ["Bullet", "Coffee"]  # the known deck top
    assert state.wounds[0] == 1  # then Medicine is processed (mf.23.10)
    assert rules_cited(after).index("mf.23.7") < rules_cited(after).index("mf.12.2")


@pytest.mark.rule("mf.23.6")
def test_only_the_card_at_the_required_place_of_its_suit_meets_the_agent() -> None:
    state = rose_state(
        [
            {"agent": ["kit", "moonlighter"], "hand": ["Baseball Bat", "Switchblade", "Shotgun"]},
            {"agent": ["vera", "undertaker"]},
        ]
    )
    entries = play_only(state, "Baseball Bat", "Switchblade", "Shotgun")
    met_at = []
    for _ in range(200):
        if pending_pick(state) == "rose_meet":
            met_at.append(state.revealed[0])
            entries += do(state, "rose_bury")
        elif state.decision.kind == "chance":
            entries += state.apply(state.sample_chance())
        elif state.revealed[0] == 3 or not state.plays[0]:
            break
        else:
            legal = state.legal_actions()
            entries += state.apply(legal[0])
    assert met_at == [3]  # the third Hunter card, not the first or second


@pytest.mark.rule("mf.23.6")
def test_a_last_gasp_play_meets_the_agent_unless_the_house_rule_says_main_play_only() -> None:
    for rulings, meets in (({}, True), ({"rose_meeting_in_last_gasp": "main_play_only"}, False)):
        state = mf_state(
            setup={
                "players": [
                    {"agent": ["kit", "moonlighter"], "hand": ["Medicine"], "wounds": 7},
                    {"agent": ["vera", "undertaker"]},
                ],
                "turn_player": 0,
                "event_deck_top": ["Sprained Ankle"],
            },
            rulings=rulings,
            **ROSE,
        )
        skip_to_main_play(state)
        do(state, "nothing")
        do(state, "nothing")
        for _ in range(50):
            pick = pending_pick(state)
            if pick == "rose_pay":  # the market first: use none of it
                do(state, "rose_stop")
            elif state.in_gasp == 0 and state.decision.kind == "choice":
                kinds = {a.kind for a in state.legal_actions()}
                if "gasp_add" in kinds and not state.gasp_play:
                    do(state, "gasp_add", "Medicine")
                    do(state, "gasp_finish")
                    break
                do(state, sorted(kinds)[0])
            else:
                legal = state.legal_actions()
                state.apply(state.sample_chance() if state.decision.kind == "chance" else legal[0])
        pass_windows(state)
        assert (pending_pick(state) == "rose_meet") == meets, rulings


# ---------------------------------------------------------------------------- bury, redeem
@pytest.mark.rule("mf.23.7")
def test_burying_takes_the_sky_cards_number_from_the_action_deck() -> None:
    state = rose_state(
        [
            {"agent": ["kit", "gardener"], "hand": ["Medicine"], "buried": []},
            {"agent": ["vera", "undertaker"]},
        ],
        action_deck_top=["Coffee"],
    )
    play_only(state, "Medicine")
    pass_windows(state)
    entries = do(state, "rose_bury")
    while state.decision.kind == "chance" and pending_pick(state) == "":
        top = state.stack[-1]
        if getattr(top, "what", "") != "bury":
            break
        entries += state.apply(state.sample_chance())
    assert len(state.buried[0]) == 3  # the Gardener buries three
    assert "Coffee" in names(state, state.buried[0])  # the known top card first
    buried = [e for e in entries if e.rule == "mf.23.7" and "buries" in e.text]
    assert len(buried) == 3 and all(e.visible_to == frozenset({0}) for e in buried)


@pytest.mark.rule("mf.23.8")
@pytest.mark.rule("mf.23.9")
def test_redeeming_pays_a_pair_of_one_suit_for_three_and_shows_their_faces() -> None:
    state = rose_state(
        [
            {
                "agent": ["kit", "moonlighter"],
                "hand": ["Medicine"],
                "wounds": 5,
                "buried": ["Coffee", "Sprint", "Bullet"],
            },
            {"agent": ["vera", "undertaker"]},
        ]
    )
    play_only(state, "Medicine")
    pass_windows(state)
    options = {a.label for a in state.legal_actions()}
    assert "Redeem Stitch You Up (cost 3)" in options
    assert "Redeem Fresh Deck (cost 4)" in options  # a pair (3) and one card (1)
    assert "Redeem Send a Message (cost 6)" not in options
    do(state, "rose_redeem", 0)
    do(state, "rose_pay", "Coffee")
    assert pending_pick(state) == "rose_pay"  # worth 1 so far
    entries = do(state, "rose_pay", "Sprint")  # two Amber cards: a pair, worth 3
    assert names(state, state.buried[0]) == ["Bullet"]
    paid = next(e for e in entries if e.rule == "mf.23.9")
    assert "Coffee" in paid.public_text and "Sprint" in paid.public_text  # faces shown
    assert "mf.23.8" in rules_cited(entries)
    assert state.wounds[0] == 1  # Stitch You Up heals 2, then Medicine heals 2


@pytest.mark.rule("mf.23.9")
def test_payment_values_one_card_three_for_a_pair_six_for_a_triple() -> None:
    state = rose_state([{"agent": ["kit", "moonlighter"]}, {"agent": ["vera", "undertaker"]}])
    rose = state.game.rose
    assert rose is not None
    assert rose.value(["amber"]) == 1
    assert rose.value(["amber", "hunter"]) == 2
    assert rose.value(["amber", "amber"]) == 3
    assert rose.value(["amber"] * 3) == 6
    assert rose.value(["amber"] * 4 + ["royal"]) == 8


@pytest.mark.rule("mf.23.9")
def test_a_single_card_pays_face_down() -> None:
    state = rose_state(
        [
            {
                "agent": ["kit", "gardener"],
                "hand": ["Medicine"],
                "buried": ["Bullet"],
            },
            {"agent": ["vera", "undertaker"]},
        ]
    )
    play_only(state, "Medicine")
    pass_windows(state)
    entries = do(state, "rose_redeem", 0)  # A Small Favour, cost 1
    entries += do(state, "rose_pay", "Bullet")
    paid = next(e for e in entries if e.rule == "mf.23.9")
    assert "Bullet" in paid.text and "Bullet" not in paid.public_text
    assert "1 card one by one, face down" in paid.public_text


# ---------------------------------------------------------------------------- the market
@pytest.mark.rule("mf.23.11")
def test_the_underground_market_at_maximum_wounds_pays_up_to_five_draws_and_trims() -> None:
    state = rose_state(
        [
            {
                "agent": ["kit", "moonlighter"],
                "hand": ["Coffee"] * 1 + ["Medicine", "Sprint", "Bullet", "Gun", "Foresight"],
                "wounds": 6,
                "buried": ["Baseball Bat", "Switchblade", "Shotgun", "Crowbar"],
            },
            {"agent": ["vera", "undertaker"]},
        ],
        event_deck_top=["Sprained Ankle"],
        action_deck_top=["Take Cover", "Barricade", "Recall", "Bribe"],
    )
    skip_to_main_play(state)
    entries = do(state, "nothing")
    entries += do(state, "nothing")
    entries += pass_windows(state)
    assert state.wounds[0] == 8 and pending_pick(state) == "rose_pay"
    assert "mf.23.11" in rules_cited(entries)
    offered = {a.args[0] for a in state.legal_actions() if a.kind == "rose_pay"}
    entries = do(state, "rose_pay", "Baseball Bat")
    entries += do(state, "rose_pay", "Switchblade")  # a Hunter pair: 3
    entries += do(state, "rose_pay", "Crowbar")  # and one card: 4
    # A third Hunter card would make a triple worth 7 > 5: not offered.
    assert all(state.card_name(a.args[0]) != "Shotgun" for a in state.legal_actions()[:-1])
    assert offered
    entries += do(state, "rose_stop")
    while pending_pick(state) != "rose_trim":
        entries += state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 10  # 6 + 4 drawn
    for _ in range(3):
        entries += do(state, "rose_discard")
    assert len(state.hands[0]) == 7 and pending_pick(state) != "rose_trim"
    assert names(state, state.buried[0]) == ["Shotgun"]
    assert rules_cited(entries).count("mf.23.11") >= 4


# ---------------------------------------------------------------------------- the end
@pytest.mark.rule("mf.23.12")
def test_everyone_alive_at_the_end_does_not_escape_while_an_agent_remains() -> None:
    state = rose_state(
        [
            {"agent": None, "position": END},
            {"agent": ["vera", "undertaker"], "position": END},
        ]
    )
    assert state.turn_no == 1 and not state.is_terminal()
    assert "mf.23.12" in rules_cited(state.trace)


@pytest.mark.rule("mf.23.12")
def test_everyone_alive_at_the_end_with_every_agent_paid_off_escapes() -> None:
    state = rose_state([{"agent": None, "position": END}, {"agent": None, "position": END}])
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "escape"
    assert "mf.23.12" not in rules_cited(state.trace)


@pytest.mark.rule("mf.23.13")
@pytest.mark.rule("mf.23.14")
def test_paying_off_your_own_agent_at_the_end_of_the_road() -> None:
    state = rose_state(
        [
            {
                "agent": ["vera", "moonlighter"],
                "position": END - 1,
                "buried": ["Medicine", "Sprint", "Coffee", "Bullet"],
            },
            {"agent": ["kit", "undertaker"]},
        ],
        roads_face_up=True,
    )
    skip_to_main_play(state, move=1)
    if pending_pick(state) == "dark_pick":  # landing on the End: an Action by the Dark
        state.apply(state.legal_actions()[0])
    assert pending_pick(state) == "rose_pay_off"
    labels = [a.label for a in state.legal_actions()]
    assert "Pay off your own agent, Vera the Moonlighter (5)" in labels
    assert not any("Jill" in label for label in labels)  # the other costs 8: worth only 6
    entries = do(state, "rose_pay_off", 0)
    entries += do(state, "rose_pay", "Medicine")
    entries += do(state, "rose_pay", "Sprint")
    entries += do(state, "rose_pay", "Coffee")  # an Amber triple: 6 >= 5
    assert state.agent_horizon[0] == -1 and state.buried[0] == []
    assert "Bullet" in names(state, state.action_discard)  # buried cards are discarded
    cited = rules_cited(entries)
    assert "mf.23.13" in cited and "mf.23.14" in cited
    assert state.view(1)["players"][0]["agent"]["paid_off"] is True


@pytest.mark.rule("mf.23.13")
@pytest.mark.rule("mf.23.14")
def test_paying_off_the_other_players_agent_discards_their_buried_cards() -> None:
    state = rose_state(
        [
            {
                "agent": ["kit", "gardener"],
                "position": END,
                "buried": ["Medicine", "Sprint", "Coffee", "Bullet"],
            },
            {"agent": ["vera", "undertaker"], "buried": ["Gun"]},
        ]
    )
    skip_to_main_play(state)
    assert pending_pick(state) == "rose_pay_off"
    do(state, "rose_pay_off", 1)  # the Gardener's second price: 7
    for card in ("Medicine", "Sprint", "Coffee", "Bullet"):
        if pending_pick(state) == "rose_pay":
            do(state, "rose_pay", card)
    assert state.agent_horizon[1] == -1 and state.buried[1] == []
    assert state.agent_horizon[0] >= 0  # not both at once
    assert "Gun" in names(state, state.action_discard)


@pytest.mark.rule("mf.23.13")
def test_no_pay_off_is_offered_away_from_the_end() -> None:
    state = rose_state(
        [
            {"agent": ["kit", "gardener"], "buried": ["Medicine", "Sprint", "Coffee"]},
            {"agent": ["vera", "undertaker"]},
        ]
    )
    skip_to_main_play(state)
    assert "rose_pay_off" not in [pending_pick(state)]
    assert state.decision.kind in ("choice", "chance")


def test_a_scenario_names_agents_and_buried_cards_and_refuses_bad_ones() -> None:
    from tutor.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"players\[0\]\.agent\[0\]"):
        rose_state([{"agent": ["nobody", "gardener"]}, None])
    with pytest.raises(ScenarioError, match="Under the Rose"):
        mf_state(setup={"players": [{"buried": ["Medicine"]}]})
    with pytest.raises(ScenarioError, match="no rose"):
        rose_state([{"agent": None, "buried": ["Medicine"]}, None])


@pytest.mark.rule("mf.23.13")
@pytest.mark.rule("mf.7.2")
def test_with_three_players_only_the_other_active_players_agent_can_be_paid_off() -> None:
    # Jack's partner this turn is June (the player to his right, triad_partner: right);
    # Jill is the bystander, so her agent is out of Jack's reach.
    state = mf_state(
        setup={
            "players": [
                {
                    "agent": ["kit", "gardener"],
                    "position": END,
                    "buried": ["Medicine", "Sprint", "Coffee", "Bullet"],
                },
                {"agent": ["vera", "undertaker"]},
                {"agent": ["moss", "moonlighter"]},
            ],
            "turn_player": 0,
        },
        seed=1,
        players=3,
        modules=["triad", "under_the_rose"],
    )
    assert state.bystander == 1
    skip_to_main_play(state)
    assert pending_pick(state) == "rose_pay_off"
    offered = [a.args for a in state.legal_actions() if a.kind == "rose_pay_off"]
    assert offered == [(0,), (2,)]  # his own (6) and June's (7): worth 7, but never Jill's
