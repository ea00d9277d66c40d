"""The teaching scenarios tell the stories the notebooks say they tell.

Why this file exists: notebooks 02, 03 and 05 load the positions in
``rulesets/mantis_falls/scenarios/`` by name and claim things about them in prose ("kept
for the Last Gasp, the same soup saves him"). Each test here plays one of those stories
through the Session API, as the notebook does, and checks the state and the rules the
trace cites, so a change to the engine or a card that breaks a lesson fails here, with a
name, and not only as a changed notebook output.
"""

from __future__ import annotations

import pytest

import tutor
from tutor.core.session import Session
from tutor.core.types import TraceEntry

MF = "mantis_falls"
JACK, JILL = 0, 1
NAMES = [s.name for s in tutor.teaching_scenarios(MF)]


def load(name: str) -> Session:
    return tutor.load_teaching_scenario(MF, name)


def cited(entries: list[TraceEntry]) -> list[str]:
    return [e.rule for e in entries]


def first(entries: list[TraceEntry], rule: str, text: str = "") -> int:
    """Index of the first entry citing ``rule`` whose text contains ``text``.

    Raises:
        AssertionError: if there is none.
    """
    for i, e in enumerate(entries):
        if e.rule == rule and text in e.text:
            return i
    raise AssertionError(f"no {rule} entry with {text!r} in {cited(entries)}")


@pytest.mark.parametrize("name", NAMES)
def test_every_teaching_scenario_waits_for_a_real_choice(name: str) -> None:
    scenario = next(s for s in tutor.teaching_scenarios(MF) if s.name == name)
    assert scenario.title != name and scenario.description
    session = scenario.load()
    state = session.state
    assert session.needs_decision() and session.pending_entries == 0
    assert state.game.check_invariants(state) == []
    assert all(e.rule in state.game.rulebook for e in state.trace)


@pytest.mark.rule("mf.16.2")
@pytest.mark.rule("mf.17.5")
@pytest.mark.rule("mf.18.1")
def test_heal_now_dies_but_heal_in_the_gasp_survives() -> None:
    session = load("heal_now_or_in_the_gasp")
    now = session.branch()
    log = now.play("Start an action play with Hot Soup (Amber)")
    log += now.play("Start an action play with Tommy Gun (Midnight)")
    log += now.play("Jack")
    hit = log[first(log, "mf.16.2")]
    assert hit.changes == (("wounds", 6, 8),) and "2 more are ignored" in hit.text
    log += now.play("Add Coffee (Amber) to the Last Gasp play")
    assert now.state.dead == [True, False] and now.state.is_terminal()
    assert "still at maximum wounds" in log[first(log, "mf.18.1")].text

    later = session.branch()
    log = later.play("Do nothing")
    log += later.play("Start an action play with Tommy Gun (Midnight)")
    log += later.play("Jack")
    assert log[first(log, "mf.16.2")].changes == (("wounds", 7, 8),)
    log += later.play("Add Hot Soup (Amber) to the Last Gasp play")
    assert first(log, "mf.12.3", "Hot Soup") < first(log, "mf.17.5", "Jack survives")
    assert later.state.wounds[JACK] == 7 and later.state.gasps[JACK] == 1
    assert not any(later.state.dead) and not later.state.is_terminal()


@pytest.mark.rule("mf.19.5")
@pytest.mark.rule("mf.17.8")
@pytest.mark.rule("mf.20.6")
def test_call_in_a_hit_in_a_last_gasp_needs_a_phone_within_one_road() -> None:
    near = load("desperate_witness")
    near.play("Jack")
    log = near.play("Add Call in a Hit (Midnight) to the Last Gasp play")
    assert log[first(log, "mf.17.8")].changes == (("wounds", 2, 8),)
    assert near.state.dead == [True, True]
    assert near.state.outcome().tie and "mf.20.6" in cited(log)

    far = load("hit_out_of_range")
    far.play("Jack")
    log = far.play("Add Call in a Hit (Midnight) to the Last Gasp play")
    assert "criteria not met" in log[first(log, "mf.19.5", "Call in a Hit")].text
    assert "has no phone within 1 road" in log[first(log, "mf.10.5")].text
    assert far.state.wounds[JILL] == 2 and far.state.dead == [True, False]
    assert far.state.outcome().winners == (JILL,)


@pytest.mark.rule("mf.12.6")
def test_two_action_plays_reveal_alternately_from_the_turn_player() -> None:
    session = load("reveal_order")
    session.play("Start an action play with Brass Knuckles (Granite)")
    session.play("Add Shoulder Check (Granite) to the action play")
    log = session.play("Add Storm Cellar (Granite) to the action play")
    reveals = [
        (e.actor, e.text.split(":")[1].split("(")[0].strip()) for e in log if e.rule == "mf.12.6"
    ]
    assert reveals == [
        (JACK, "Coffee"),
        (JILL, "Brass Knuckles"),
        (JACK, "Hot Soup"),
        (JILL, "Shoulder Check"),
        (JILL, "Storm Cellar"),
    ]
    assert "criteria met" in log[first(log, "mf.12.3", "Shoulder Check")].text


@pytest.mark.rule("mf.13.1")
@pytest.mark.rule("mf.13.3")
@pytest.mark.rule("mf.11.5")
def test_a_gun_kept_as_a_condition_fires_before_the_event() -> None:
    session = load("gun_and_bullet")
    session.play("Start an action play with Bullet (Hunter)")
    session.play("Add Gun (Hunter) to the action play")
    session.play("Finish the action play (2 cards)")
    log = session.play("Do nothing")
    assert "criteria not met" in log[first(log, "mf.12.3", "Bullet")].text
    assert first(log, "mf.13.1", "keeps Gun") > first(log, "mf.11.5", "1 of 3")
    names = [session.state.card_name(c) for c in session.state.conditions[JACK]]
    assert names == ["Gun"]  # it stays in front of Jack after the play is discarded
    log = session.play("Gun: Fire the Gun (discard Bullet)")
    log += session.play("The opposition Knife Fighter")
    assert first(log, "mf.13.3") < first(log, "mf.11.5", "defeated")
    assert (
        "took 3 wounds this turn against health 3: defeated"
        in log[first(log, "mf.11.5", "took")].text
    )


@pytest.mark.rule("mf.17.7")
@pytest.mark.rule("mf.17.5")
def test_surviving_after_the_other_player_died_ends_the_game_instead_of_resuming() -> None:
    session = load("gasp_other_player_at_max")
    session.play("Do nothing")
    session.play("Jack makes a Last Gasp first")
    log = session.play("Finish the Last Gasp play (0 cards)")
    assert first(log, "mf.18.1", "Jack is dead") < first(log, "mf.17.7", "Jill is also")
    log = session.play("Add Medicine (Amber) to the Last Gasp play")
    survived = log[first(log, "mf.17.5", "Jill survives")]
    assert survived.text.endswith("but a player is dead, so the game ends.")
    assert "play resumes" not in survived.text
    assert session.state.is_terminal() and session.state.outcome().winners == (JILL,)


@pytest.mark.rule("mf.11.8")
def test_the_other_player_reads_an_unseen_event_without_its_name() -> None:
    session = load("unseen_event")
    drawn = session.play("Jack stays on Maple Avenue")
    draw = drawn[first(drawn, "mf.11.8")]
    assert "Sniper" in draw.seen_by(JACK) and "Sniper" not in draw.seen_by(JILL)
    session.play("Do nothing")
    processed = session.play("Do nothing")
    jill_reads = [e.seen_by(JILL) for e in processed]
    assert not any("Sniper" in line for line in jill_reads)
    # Maple Avenue's yellow number (1), then one more for being ahead of Jill.
    assert "Jack receives 1 wound (unseen event): 1/8." in jill_reads
    assert "Jack receives 1 wound (unseen event): 2/8." in jill_reads
    assert session.state.wounds[JACK] == 2
