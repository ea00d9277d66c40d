"""Headless tests of the what-if explorer, driven like a learner: controls, then buttons.

Each test changes the editor's controls through ``.value`` and presses buttons with
``click()``, then checks the game the explorer holds (its views and trace), what the
panes show, and the files it writes.  The position is always built by the engine
from documented scenario setup keys, so a refused edit must surface the engine's
error naming the key while the position on screen stays exactly as it was.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
import yaml
from games.mantis_falls.tables import seven_wounds_scenario

import tutor
from tutor.core.rng import Rng
from tutor.core.session import Session
from tutor.games.mantis_falls.editor import MantisFallsEditor
from tutor.widgets import WhatIfExplorer
from tutor.widgets.whatif import YamlSetupEditor

SEVEN_WOUNDS = seven_wounds_scenario()


def snapshot(explorer: WhatIfExplorer) -> tuple[str, list[str], str]:
    """What a refused edit or load must leave alone: state, history and the picture."""
    session = explorer.session
    assert explorer.player_a is not None
    return (
        json.dumps(session.state.to_dict(), sort_keys=True),
        [a.label for a in session.history],
        explorer.player_a.picture.value,
    )


def editor(explorer: WhatIfExplorer) -> MantisFallsEditor:
    assert isinstance(explorer.editor, MantisFallsEditor)
    return explorer.editor


def click_label(player: Any, label: str) -> None:
    (button,) = [b for b in player.action_buttons if b.description == label]
    button.click()


# ------------------------------------------------------------------------------- editing
def test_the_editor_shows_the_start_position_of_the_game() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    ed = editor(explorer)
    jack = ed.players[0]
    assert (jack["position"].value, jack["wounds"].value, jack["role"].value) == (10, 7, "witness")
    assert sorted(ed.names_for(jack["hand"].value)) == [
        "Bullet",
        "Coffee",
        "Foresight",
        "Medicine",
        "Take Cover",
    ]
    assert ed.players[1]["role"].value == "assassin"
    assert ed.event_top.value == "Mob Enforcer"
    assert explorer.seed_input.value == 4
    # The scenario's play was replayed: pane A waits for Jack's main play (mf.8.4).
    assert explorer.session.state.decision.rule == "mf.8.4"
    assert explorer.session.history[0].label == "Jack stays on Cemetery Road"


def test_apply_starts_a_fresh_game_from_the_edited_position() -> None:
    explorer = WhatIfExplorer("mantis_falls", seed=3)
    ed = editor(explorer)
    jack, jill = ed.players
    jack["position"].value = 2
    jack["wounds"].value = 7
    jack["gasps"].value = 1
    jack["role"].value = "witness"
    jack["hand"].value = ("Medicine#1", "Bullet#1", "Bullet#2")
    jill["role"].value = "assassin"
    jill["wounds"].value = 2
    ed.turn_player.value = 0
    ed.event_top.value = "Mob Enforcer"
    ed.conserved.value = ("Coffee#1",)

    explorer.apply_button.click()

    assert explorer.error.value == ""
    assert "Applied" in explorer.status.value
    view = explorer.session.state.view(None)
    me, her = view["players"]
    assert (me["position"], me["wounds"], me["gasps"], me["role"]) == (2, 7, 1, "witness")
    assert me["hand"] == ["Bullet", "Bullet", "Medicine"]
    assert (her["wounds"], her["role"]) == (2, "assassin")
    assert view["conserved"] == ["Coffee"]
    assert view["event_top"] == "Mob Enforcer"
    assert view["turn"] == 1 and view["turn_player"] == 0
    assert explorer.session.history == []
    trace = explorer.session.state.trace_for(None)
    assert any(line.startswith("[mf.5.11] Scenario setup applied") for line in trace)
    assert "[mf.5.7] Scenario: Jack holds Medicine (Amber), Bullet (Hunter), Bullet (Hunter)." in (
        trace
    )
    # The edit went through the documented setup keys, kept for saving.
    setup = explorer.scenario["setup"]
    assert setup["players"][0]["hand"] == ["Medicine", "Bullet", "Bullet"]
    assert setup["event_deck_top"] == ["Mob Enforcer"] and setup["conserved"] == ["Coffee"]
    # Pane A shows the new position: Jack's piece carries 7 wounds, Coffee is conserved.
    assert explorer.player_a is not None
    assert "Coffee" in explorer.player_a.picture.value

    # Playing on: Jill passes on her ally's any-time effect (mf.13.3), Jack stays, and the
    # known event is drawn without a chance step (mf.11.7).
    click_label(explorer.player_a, "Pass (use nothing now)")
    click_label(explorer.player_a, f"Jack stays on {me['road']}")
    explorer.player_a.next_decision_button.click()
    assert (
        "[mf.11.7] Jack draws the event Mob Enforcer (a seen opposition, health 4) and shows "
        "it to everyone." in explorer.session.state.trace_for(None)
    )
    assert explorer.session.state.decision.rule == "mf.8.4"


@pytest.mark.parametrize(
    ("edit", "where", "problem"),
    [
        ({"position": 7}, "setup.players[0].position", "nobody can stand on the Broken Road"),
        ({"role": "assassin"}, "setup.players", "at most one assassin"),
        ({"conserved": 5}, "setup.conserved", "only four spaces"),
        (
            {"hand": ("Medicine#1", "Medicine#2"), "other_hand": ("Medicine#1",)},
            "setup.players[1].hand[0]",
            "every copy of 'Medicine' is already placed",
        ),
    ],
)
def test_a_refused_edit_names_the_key_and_leaves_the_position(
    edit: dict[str, Any], where: str, problem: str
) -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    before = snapshot(explorer)
    ed = editor(explorer)
    jack, jill = ed.players
    for key, value in edit.items():
        if key == "conserved":
            ed.conserved.value = tuple(k for _, k in ed.card_options[:value])
        elif key == "other_hand":
            jill["hand"].value = value
        else:
            jack[key].value = value

    explorer.apply_button.click()

    assert f"Cannot apply: {where}: " in explorer.error.value
    assert problem in explorer.error.value.replace("&#x27;", "'")
    assert explorer.status.value == ""
    assert snapshot(explorer) == before
    assert explorer.scenario["setup"] == SEVEN_WOUNDS["setup"]


def test_the_sliders_offer_only_what_apply_accepts() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    jack = editor(explorer).players[0]
    # Jack's maximum is 8 wounds: a scenario starts at 7 at most (8 is a Last Gasp).
    assert jack["wounds"].max == 7 and jack["gasps"].max == 2
    jack["wounds"].value = 8  # a slider clamps what it cannot hold
    jack["gasps"].value = 3
    assert (jack["wounds"].value, jack["gasps"].value) == (7, 2)
    explorer.apply_button.click()
    assert explorer.error.value == "" and "Applied" in explorer.status.value
    me = explorer.session.state.view(None)["players"][0]
    assert (me["wounds"], me["gasps"]) == (7, 2)


def test_adding_and_removing_one_card_changes_only_that_card() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    hand = editor(explorer).hands[0]
    start = list(hand.names)
    assert "Medicine" in start and len(start) == 5
    # The notebook's own instruction: add a second Medicine, Apply.
    hand.picker.value = "Medicine"
    hand.add_button.click()
    assert hand.names == [*start, "Medicine"]
    assert len(hand.remove_buttons) == 6
    explorer.apply_button.click()
    assert explorer.error.value == ""
    me = explorer.session.state.view(None)["players"][0]
    assert sorted(me["hand"]) == sorted([*start, "Medicine"])
    # Removing one card removes that one only.
    hand = editor(explorer).hands[0]
    coffee = hand.names.index("Coffee")
    hand.remove_buttons[coffee].click()
    assert sorted(hand.names) == sorted(n for n in [*start, "Medicine"] if n != "Coffee")
    explorer.apply_button.click()
    me = explorer.session.state.view(None)["players"][0]
    assert "Coffee" not in me["hand"] and me["hand"].count("Medicine") == 2


def test_a_card_added_beyond_its_copies_is_refused_by_name() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    before = snapshot(explorer)
    hand = editor(explorer).hands[0]
    hand.picker.value = "Medicine"
    for _ in range(3):
        hand.add_button.click()
    explorer.apply_button.click()
    assert "Cannot apply: setup.players[0].hand" in explorer.error.value
    assert "Medicine" in explorer.error.value
    assert snapshot(explorer) == before


def test_editing_the_shown_position_carries_it_into_a_fresh_game() -> None:
    explorer = WhatIfExplorer("mantis_falls", seed=11)
    session = explorer.session
    rng = Rng(11)
    while session.state.turn_number < 4:  # random choices, as a learner clicking around
        legal = session.state.legal_actions()
        session.play(legal[rng.below(len(legal))])
    session.run_to_decision()
    shown = session.shown_state.view(None)
    assert shown["turn"] == 4
    assert explorer.player_a is not None and "Turn 4" in explorer.player_a.trace_view.value

    explorer.copy_button.click()
    explorer.apply_button.click()

    assert explorer.error.value == ""
    fresh = explorer.session.state.view(None)
    assert fresh["turn"] == 1 and explorer.session.history == []
    for was, now in zip(shown["players"], fresh["players"], strict=True):
        for key in ("position", "wounds", "gasps", "role", "hand", "conditions"):
            assert now[key] == was[key], key
    assert fresh["conserved"] == shown["conserved"]
    assert fresh["turn_player"] == shown["turn_player"]


def test_a_game_without_an_editor_edits_its_setup_as_yaml(monkeypatch: Any) -> None:
    from dataclasses import replace

    from tutor.games.mantis_falls.game import MantisFallsGame

    spec = MantisFallsGame.spec
    monkeypatch.setattr(
        MantisFallsGame, "spec", replace(spec, hooks=replace(spec.hooks, editor=None))
    )
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    assert isinstance(explorer.editor, YamlSetupEditor)
    text = explorer.editor.text
    assert yaml.safe_load(text.value) == SEVEN_WOUNDS["setup"]
    before = snapshot(explorer)
    text.value = "players: [{wounds: 6}]"
    explorer.apply_button.click()
    assert explorer.session.state.view(None)["players"][0]["wounds"] == 6
    text.value = "players: [{wounds: 6}"
    explorer.apply_button.click()
    assert "Cannot apply: setup (line 1, column 22): expected valid YAML" in explorer.error.value
    assert snapshot(explorer) != before  # the earlier, valid edit stays applied
    assert explorer.session.state.view(None)["players"][0]["wounds"] == 6


# ------------------------------------------------------------------------------- branches
def test_a_branch_starts_from_the_chosen_step_and_the_two_are_independent() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    a = explorer.session
    at = len(a.history)  # Jack's main-play decision
    decision_point = a.state.clone()
    assert explorer.branch_at.max == at and explorer.branch_at.value == at
    assert "now" in explorer.branch_label.value

    assert explorer.player_a is not None
    click_label(explorer.player_a, "Start an action play with Medicine (Amber)")
    assert explorer.branch_at.max == len(a.history) > at
    explorer.branch_at.value = at
    assert "Start an action play with Medicine (Amber)" in explorer.branch_label.value
    explorer.branch_button.click()

    b = explorer.branch_session
    assert b is not None and explorer.player_b is not None
    assert b.state == decision_point
    assert [x.label for x in b.history] == [x.label for x in a.history[:at]]
    a_before = json.dumps(a.state.to_dict(), sort_keys=True)

    click_label(explorer.player_b, "Do nothing")
    assert b.history[-1].label == "Do nothing"
    assert json.dumps(a.state.to_dict(), sort_keys=True) == a_before
    b_before = json.dumps(b.state.to_dict(), sort_keys=True)
    explorer.player_a.next_decision_button.click()
    assert json.dumps(b.state.to_dict(), sort_keys=True) == b_before
    assert a.state.hands[0] != b.state.hands[0]  # Medicine is in A's action play, B's hand


def test_compare_heal_before_against_heal_during_the_last_gasp() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    explorer.branch_button.click()  # B branches "now": at Jack's main play
    a, b = explorer.session, explorer.branch_session
    assert b is not None
    for label in (
        "Start an action play with Medicine (Amber)",
        "Finish the action play (1 card)",
        "Do nothing",
        "Finish the Last Gasp play (0 cards)",
    ):
        a.play(label)
    for label in (
        "Do nothing",
        "Do nothing",
        "Add Medicine (Amber) to the Last Gasp play",
        "Finish the Last Gasp play (1 card)",
    ):
        b.play(label)
    a.run_to_decision()
    b.run_to_decision()

    explorer.compare_button.click()

    result = explorer.last_comparison
    assert result is not None
    rows = result.as_dict()
    assert rows["Jack · wounds"] == ("8 of 8", "6 of 8")
    assert rows["Jack · alive"] == ("dead", "alive")
    assert rows["outcome"] == (
        "Jill wins (a witness died and the assassin lives)",
        "the game goes on",
    )
    assert "Jill · wounds" in result.same
    html = explorer.comparison.value
    assert html.count("class='tutor-diff'") == len(result.differences)
    assert "<td>Jack · wounds</td><td>8 of 8</td><td>6 of 8</td>" in html
    # Readable rows only: no engine names, no player numbers for whose turn it is.
    for engine_word in ("hand_count", "turn_player", "game_over", "max_wounds"):
        assert engine_word not in html
    assert "[mf.18.1] Jack is dead: they are still at maximum wounds." in a.state.trace_for(None)


def test_compare_uses_what_the_panes_show_not_what_is_still_to_reveal() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    explorer.branch_button.click()
    assert explorer.player_a is not None
    # A: Jack heals and the opposition hits, but nothing of it is revealed yet.
    for label in (
        "Start an action play with Medicine (Amber)",
        "Finish the action play (1 card)",
        "Do nothing",
    ):
        explorer.session.play(label)
    assert explorer.session.pending_entries > 2
    result = explorer.compare()
    assert result is not None
    shown = explorer.session.shown_state.view(None)["players"][0]["wounds"]
    assert result.as_dict().get("Jack · wounds", (f"{shown} of 8",))[0] == f"{shown} of 8"
    assert explorer.session.state.view(None)["players"][0]["wounds"] != shown
    # Once everything is revealed, the table catches up with the game.
    explorer.player_a.next_decision_button.click()
    result = explorer.compare()
    assert result is not None
    now = explorer.session.state.view(None)["players"][0]["wounds"]
    assert result.as_dict()["Jack · wounds"][0] == f"{now} of 8"


def test_the_two_panes_are_stacked_at_full_width() -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    explorer.branch_button.click()
    assert explorer.pane_a.layout.width == "100%" and explorer.pane_b.layout.width == "100%"
    (stack,) = [c for c in explorer.children if explorer.pane_a in getattr(c, "children", ())]
    assert isinstance(stack, ipywidgets.VBox)
    assert list(stack.children) == [explorer.pane_a, explorer.pane_b]


def test_compare_without_a_branch_says_so() -> None:
    explorer = WhatIfExplorer("mantis_falls", seed=2)
    explorer.compare_button.click()
    assert "press Branch first" in explorer.error.value
    assert explorer.last_comparison is None and explorer.comparison.value == ""


# ------------------------------------------------------------------------------- files
def test_save_and_load_round_trip(tmp_path: Path) -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    assert explorer.player_a is not None
    click_label(explorer.player_a, "Do nothing")
    explorer.branch_button.click()
    explorer.player_a.next_decision_button.click()
    played = [x.label for x in explorer.session.decisions]
    path = tmp_path / "mine.yaml"
    explorer.path_input.value = str(path)
    explorer.save_button.click()
    assert f"Saved pane A to {path}" in explorer.status.value

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["game"] == "mantis_falls" and data["seed"] == 4
    assert data["title"] == "Seven wounds and a Medicine"
    assert data["setup"] == SEVEN_WOUNDS["setup"]
    assert data["play"] == played
    assert tutor.load_scenario(path).state == explorer.session.state

    other = WhatIfExplorer("mantis_falls", seed=9)
    other.path_input.value = str(path)
    other.load_button.click()
    assert f"Loaded {path}" in other.status.value
    assert other.session.state == explorer.session.state
    assert [x.label for x in other.session.history] == [x.label for x in explorer.session.history]
    assert other.branch_session is None
    assert editor(other).players[0]["wounds"].value == 7
    # The file's road order replaced seed 9's: the road list follows it.
    assert editor(other).players[0]["position"].label == "10 · Cemetery Road"
    assert editor(other).players[1]["position"].label == "9 · Harrow Street"

    # Pane B saves its own moves on the same start position.
    b_path = tmp_path / "branch.yaml"
    assert explorer.save(b_path, pane="B")
    b = explorer.branch_session
    assert b is not None
    assert tutor.load_scenario(b_path).state == b.state


def test_restarting_pane_a_with_a_seed_saves_a_plain_seeded_game(tmp_path: Path) -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    assert explorer.player_a is not None
    explorer.player_a.seed_input.value = 12
    explorer.player_a.restart_button.click()
    path = tmp_path / "plain.yaml"
    assert explorer.save(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert (data["seed"], data["setup"]) == (12, {})
    assert tutor.load_scenario(path).state == tutor.load_game("mantis_falls").new_state(seed=12)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("game: mantis_falls\nseed: [1\n", "at line 3, column 1: expected valid YAML"),
        ("game: mantis_falls\nsetp: {}\n", "found the key 'setp'"),
        (
            "game: mantis_falls\nsetup: {players: [{wounds: 9}]}\n",
            "setup.players[0].wounds: expected a whole number from 0 to 7, found 9",
        ),
        ("game: mantis_falls\nplay: [Fly to the End]\n", "play[0] 'Fly to the End'"),
    ],
)
def test_loading_a_broken_file_shows_the_error_and_changes_nothing(
    tmp_path: Path, content: str, problem: str
) -> None:
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    explorer.branch_button.click()
    before = snapshot(explorer)
    path = tmp_path / "broken.yaml"
    path.write_text(content, encoding="utf-8")
    assert not explorer.load(path)
    assert f"Cannot load: {path}: " in explorer.error.value
    assert problem in explorer.error.value.replace("&#x27;", "'")
    assert snapshot(explorer) == before
    assert explorer.branch_session is not None  # pane B is still open
    assert explorer.scenario["setup"] == SEVEN_WOUNDS["setup"]


def test_a_pane_that_cannot_be_written_as_a_scenario_is_refused(tmp_path: Path) -> None:
    explorer = WhatIfExplorer("mantis_falls", seed=7)
    assert not explorer.save(tmp_path / "b.yaml", pane="B")
    assert "pane B is empty" in explorer.error.value
    assert not (tmp_path / "b.yaml").exists()
    # A learner who picks a chance outcome by hand cannot save it as a play.
    session = explorer.session
    session.auto_chance = False
    assert isinstance(session, Session)
    assert not explorer.save(tmp_path / "a.yaml")
    assert "takes chance steps" in explorer.error.value


def test_the_comparison_and_quiz_code_load_without_ipywidgets() -> None:
    code = (
        "import sys, tutor, tutor.analysis.compare, tutor.analysis.quiz, tutor.render.compare, "
        "tutor.core.scenario; "
        "print([m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'plotly')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def wounds_rows(a: dict[str, Any], b: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """A ``compare_rows`` hook for the test below: only the wounds, in its own words."""
    return [
        (f"wounds taken by {one['name']}", one["wounds"], two["wounds"])
        for one, two in zip(a["players"], b["players"], strict=True)
    ]


def test_compare_lists_the_rows_a_game_chooses_through_its_hook(monkeypatch: Any) -> None:
    from dataclasses import replace

    from tutor.core import spec as spec_module
    from tutor.games.mantis_falls.game import MantisFallsGame

    spec = MantisFallsGame.spec
    hooks = replace(spec.hooks, compare_rows=f"{__name__}:wounds_rows")
    monkeypatch.setattr(MantisFallsGame, "spec", replace(spec, hooks=hooks))
    monkeypatch.delitem(spec_module._HOOK_CACHE, ("mantis_falls", "compare_rows"), raising=False)
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    explorer.branch()
    assert explorer.branch_session is not None
    for label in (  # A: Jack heals, then the opposition hits him; B has not moved
        "Start an action play with Medicine (Amber)",
        "Finish the action play (1 card)",
        "Do nothing",
    ):
        explorer.session.play(label)
    explorer.session.run_to_decision()
    result = explorer.compare()
    assert result is not None
    whats = [d.what for d in result.differences] + list(result.same)
    assert set(whats) == {"wounds taken by Jack", "wounds taken by Jill", "outcome"}
    assert [d.what for d in result.differences] == ["wounds taken by Jack"]
    assert "<td>wounds taken by Jack</td><td>8</td><td>7</td>" in explorer.comparison.value


def test_a_bare_file_name_is_saved_in_the_users_scenarios_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A workshop server's checkout is shared by every visitor: nothing is saved there.
    monkeypatch.setenv("RULES_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    explorer = WhatIfExplorer(scenario=SEVEN_WOUNDS)
    explorer.save_button.click()
    saved = tmp_path / "home" / "scenarios" / "whatif.yaml"
    assert saved.is_file() and not (tmp_path / "whatif.yaml").exists()
    assert str(saved) in explorer.status.value
    other = WhatIfExplorer("mantis_falls", seed=9)
    other.load_button.click()
    assert other.session.state == explorer.session.state
    assert not explorer.save("../outside.yaml")
    assert "cannot climb out" in explorer.error.value
