"""Unseen events stay unseen, and play positions survive a card kept as a condition.

Two scenarios the first round of tests missed: the other player aiming wounds at an
unseen event must not learn whether it is an opposition (topic 11), and a card kept as
a condition still counts for the position of the cards after it in the play (topic 12).
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import (
    do,
    is_window,
    mf_state,
    pending_frame_kind,
    skip_to_main_play,
)

ROADS = [
    "Elm Street", "Maple Avenue", "Cannery Row", "Foster Lane",
    "Kingsley Street", "Gaslight Alley", "Vine Street", "Marlowe Avenue",
    "Harrow Street", "Rook's Alley", "Cemetery Road", "Gallows Hill",
]  # fmt: skip


def _table(event: str, jill_hand: list[str]) -> dict:
    return {
        "road_order": ROADS,
        "roads_face_up": True,
        "turn_player": 0,
        "event_deck_top": [event],
        "players": [
            {"position": 4, "hand": ["Hot Soup"], "allies": []},
            {"position": 4, "hand": jill_hand, "allies": []},
        ],
    }


@pytest.mark.rule("mf.11.8")
@pytest.mark.parametrize("event", ["Crossed Wires", "Hitman"])  # an incident, an opposition
def test_the_other_player_can_aim_at_an_unseen_event_without_learning_its_kind(event: str) -> None:
    s = mf_state(_table(event, ["Baseball Bat"]))
    skip_to_main_play(s)
    do(s, "nothing")
    do(s, "play", "Baseball Bat")
    do(s, "finish")
    while pending_frame_kind(s) == "window":
        do(s, "pass")
    # Jill chooses the Bat's target: the event is offered the same way for both kinds.
    labels = [a.label for a in s.legal_actions()]
    assert "The unseen event" in labels
    assert not any(event in label for label in labels)
    # Jill's view of the game so far never names the event or its kind.
    view = s.view(1)
    assert view["event"] is not None and "name" not in view["event"] and "kind" not in view["event"]
    assert not any(event in line for line in view["trace"])
    kind = s.cards.events[s.event].kind
    entries = do(s, "wound_target", "opposition")
    jill_sees = [e.seen_by(1) for e in entries if e.seen_by(1)]
    jill_rules = {e.rule_for(1) for e in entries if e.seen_by(1)}
    aimed = [e for e in entries if "aims" in e.seen_by(1)]
    assert [e.seen_by(1) for e in aimed] == ["Jill aims 2 wounds at the unseen event."]
    assert {e.rule_for(1) for e in aimed} == {"mf.11.8"}
    # Nothing Jill reads afterwards says incident, opposition, defeated or the name.
    for line in jill_sees:
        assert event not in line and "incident" not in line and "defeated" not in line
    assert "mf.11.2" not in jill_rules and "mf.11.5" not in jill_rules
    # Jack, who drew it, reads what really happened.
    jack_sees = " ".join(e.seen_by(0) for e in entries)
    if kind == "incident":
        assert "it is an incident" in jack_sees or "incident: it has no effect" in jack_sees
    else:
        assert "to the opposition (2 of" in jack_sees


@pytest.mark.rule("mf.12.3")
@pytest.mark.rule("mf.13.1")
def test_a_card_kept_as_a_condition_still_counts_for_later_play_positions() -> None:
    setup = _table("Street Thug", ["Hunch"])
    setup["players"][0]["hand"] = ["Sandbags", "Shoulder Check"]
    s = mf_state(setup)
    skip_to_main_play(s)
    do(s, "play", "Sandbags")
    do(s, "play", "Shoulder Check")
    do(s, "finish")
    log = do(s, "nothing")
    while is_window(s):
        log += do(s, "pass")
    texts = [e.text for e in log]
    assert any("reveals card 2 of their action play: Shoulder Check" in t for t in texts)
    # Momentum (card 2 or later) happens: 1 + 2 wounds to the opposition.
    assert any("card 2 or later" in t and "criteria met" in t for t in texts)
    assert any("to the opposition (3 of" in t for t in texts)
    assert "Sandbags" in [s.card_name(c) for c in s.conditions[0]]
