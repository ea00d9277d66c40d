"""Scenario tests for the Full Circle module of Mantis Falls (topic 21, afflictions of topic 13).

Why this file exists: Full Circle changes what a player knows (characters dealt face
down, so the other player's maximum wounds is hidden until it is reached), adds cards to
the decks and brings afflictions, which play like conditions but can never be removed.
Each test sets up a position, acts through the public API and checks the state, the
views and the rule ids the trace cites.
"""

from __future__ import annotations

import pytest
from games.mantis_falls.mf_helpers import do, mf_state, pending_pick, rules_cited, skip_to_main_play
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import JACK, JACK_SEVEN, JILL, JILL_SEVEN, foster_setup, main_play, names

import tutor
from tutor.core.errors import OptionError, RulesetError, ScenarioError
from tutor.core.rng import Rng

FC = {"modules": ["full_circle"]}


def fc_state(setup: dict | None = None, seed: int = 1, **options: object):  # noqa: ANN201
    """A Full Circle game after setup plus scenario keys."""
    return mf_state(setup=setup, seed=seed, **FC, **options)


# ---------------------------------------------------------------- mf.21.1
@pytest.mark.rule("mf.21.1")
def test_the_module_adds_its_actions_and_allies_to_the_decks_after_the_base_cards() -> None:
    base = tutor.load_game("mantis_falls")
    game = tutor.load_game("mantis_falls", **FC)
    assert (len(base.cards.actions), len(base.cards.allies)) == (60, 12)
    assert (len(game.cards.actions), len(game.cards.allies)) == (78, 18)
    # 30 cards: 18 actions, 6 allies, 6 characters.
    added = [c for c in game.cards.character_cards if c.module == "full_circle"]
    assert len(added) + 18 + 6 == 30
    # Base cards keep their numbers; the module's follow.
    assert [c.id for c in game.cards.actions[:60]] == [c.id for c in base.cards.actions]
    assert game.cards.actions[60].id == "field_dressing_1"
    s = game.new_state(seed=4)
    assert s.trace[0].rule == "mf.5.1"
    # Every module action is somewhere in play (dealt, drawn pile ...), none lost.
    places = [*s.action_pile, *s.action_discard, *s.night, *s.dark, *s.hands[0], *s.hands[1]]
    assert sorted(places) == list(range(78))
    assert sorted([*s.ally_deck, *s.allies[0], *s.allies[1]]) == list(range(18))
    assert game.options["modules"] == ["full_circle"]


@pytest.mark.rule("mf.21.1")
def test_modules_the_game_does_not_have_are_refused_by_name() -> None:
    with pytest.raises(OptionError, match="no module 'moonlight'"):
        tutor.load_game("mantis_falls", modules=["moonlight"])
    assert {"players": 2, "modules": ["full_circle"]} in tutor.spec_for(
        "mantis_falls"
    ).configurations()


# ---------------------------------------------------------------- mf.21.2
@pytest.mark.rule("mf.21.2")
def test_characters_are_dealt_face_down_and_only_their_owner_looks() -> None:
    s = fc_state(seed=2)
    cards = s.cards.character_cards
    dealt = [cards[c] for c in s.characters]
    assert s.max_wounds == [c.max_wounds for c in dealt]
    assert s.character_shown == [False, False]
    dealing = [e for e in s.trace if e.rule == "mf.21.2"]
    assert "dealt one face down" in dealing[0].text
    assert "mf.5.10" not in rules_cited(s.trace)  # no Urbanite for everyone
    # Jack sees his own character, not Jill's; the trace tells Jill only that he looked.
    jack_view = s.view(JACK)["players"]
    assert jack_view[JACK]["character"] == dealt[JACK].name
    assert jack_view[JACK]["max_wounds"] == dealt[JACK].max_wounds
    assert jack_view[JILL]["character"] is None and jack_view[JILL]["max_wounds"] is None
    assert jack_view[JILL]["character_face_down"] is True
    jill_lines = "\n".join(s.trace_for(JILL))
    assert f"Jack looks at their character: {dealt[JACK].name}" not in jill_lines
    assert "Jack looks at their character and keeps it face down." in jill_lines


@pytest.mark.rule("mf.21.2")
def test_the_urbanites_are_shuffled_in_unless_the_house_rule_leaves_them_out() -> None:
    game = tutor.load_game("mantis_falls", **FC)
    maxima = sorted(game.cards.character_cards[c].max_wounds for c in game.character_pool)
    assert maxima == [7, 7, 7, 8, 8, 8, 9, 9, 9]
    out = tutor.load_game("mantis_falls", rulings={"full_circle_urbanites": "left_out"}, **FC)
    assert sorted(out.cards.character_cards[c].max_wounds for c in out.character_pool) == [
        7,
        7,
        7,
        9,
        9,
        9,
    ]
    seen = {out.new_state(seed=k).max_wounds[0] for k in range(12)}
    assert seen <= {7, 9} and seen == {7, 9}


@pytest.mark.rule("mf.21.2")
def test_under_nobody_looks_a_player_does_not_know_their_own_character() -> None:
    s = fc_state(seed=2, rulings={"character_owner_looks": "nobody_looks"})
    assert s.view(JACK)["players"][JACK]["max_wounds"] is None
    assert s.view(None)["players"][JACK]["max_wounds"] == s.max_wounds[JACK]
    assert not any("looks at their character" in e.text for e in s.trace)


# ---------------------------------------------------------------- mf.21.3
def boxer_and_drifter() -> dict:
    return foster_setup(
        jack={"hand": JACK_SEVEN, "character": "Drifter", "wounds": 5},
        jill={"hand": ["Baseball Bat", *JILL_SEVEN[:6]], "character": "Boxer"},
        event_deck_top=["Sprained Ankle", "Earthquake"],
        action_deck_top=["Helping Hand", "Doctor's Bag", "Smelling Salts"],
    )


@pytest.mark.rule("mf.21.3")
def test_reaching_maximum_wounds_turns_the_character_face_up_for_good() -> None:
    s = fc_state(boxer_and_drifter())
    assert s.max_wounds == [7, 9] and s.character_shown == [False, False]
    skip_to_main_play(s)
    main_play(s, JACK)
    entries = main_play(s, JILL, "Baseball Bat")
    entries += do(s, "wound_target", "player", JACK)
    hit = next(e for e in entries if "receives" in e.text and e.changes)
    assert hit.text.endswith(": 7/7.")  # the hit that reaches it shows the maximum
    reveal = next(e for e in entries if e.rule == "mf.21.3")
    assert "Drifter, maximum 7 wounds" in reveal.text
    assert ("character", None, "Drifter") in reveal.changes
    assert s.character_shown == [True, False]
    jill_sees = s.view(JILL)["players"][JACK]
    assert (jill_sees["character"], jill_sees["max_wounds"]) == ("Drifter", 7)
    assert "mf.21.3" in rules_cited(entries)


@pytest.mark.rule("mf.21.3")
def test_below_the_maximum_the_running_total_hides_it() -> None:
    # Sprained Ankle: 2 wounds to the turn player, Jack, a face-down Boxer on 2 wounds.
    s = fc_state(
        foster_setup(
            jack={"hand": JACK_SEVEN, "character": "Boxer", "wounds": 2},
            jill={"hand": JILL_SEVEN, "character": "Drifter"},
            event_deck_top=["Sprained Ankle"],
            action_deck_top=["Helping Hand", "Doctor's Bag", "Smelling Salts"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK)
    entries = main_play(s, JILL)
    hurt = next(e for e in entries if e.changes and e.changes[0][0] == "wounds")
    assert hurt.text.endswith(": 4/?.") and "9" not in hurt.text
    assert s.character_shown == [False, False]
    assert s.view(JILL)["players"][JACK]["max_wounds"] is None


@pytest.mark.rule("mf.21.3")
def test_healing_after_the_reveal_does_not_turn_the_character_back() -> None:
    s = fc_state(boxer_and_drifter())
    skip_to_main_play(s)
    main_play(s, JACK)
    main_play(s, JILL, "Baseball Bat")
    do(s, "wound_target", "player", JACK)
    s.wounds[JACK] = 3  # as if healed in the Last Gasp
    assert s.character_shown[JACK]
    assert s.view(JILL)["players"][JACK]["character"] == "Drifter"


# ---------------------------------------------------------------- mf.13.2
@pytest.mark.rule("mf.13.2")
def test_an_affliction_is_kept_like_a_condition_and_hurts_its_controller_at_events() -> None:
    s = fc_state(
        foster_setup(
            jack={"hand": ["Old Wound", *JACK_SEVEN[:6]], "wounds": 5, "character": "Boxer"},
            jill={"hand": JILL_SEVEN, "character": "Boxer"},
            event_deck_top=["Sprained Ankle"],
            action_deck_top=["Helping Hand", "Doctor's Bag", "Smelling Salts"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Old Wound")
    entries = main_play(s, JILL)
    kept = next(e for e in entries if e.rule == "mf.13.2" and "keeps" in e.text)
    assert "affliction" in kept.text and ("conditions", None, "Old Wound") in kept.changes
    assert names(s, s.conditions[JACK]) == ["Old Wound"]
    # Healed 4 (5 -> 1), then Sprained Ankle's 2 wounds become 3.
    raised = next(e for e in entries if "raises" in e.text)
    assert raised.rule == "mf.13.2" and "2 wounds to 3" in raised.text
    assert s.wounds[JACK] == 4
    assert s.view(JILL)["players"][JACK]["conditions"] == ["Old Wound"]


@pytest.mark.rule("mf.13.2")
def test_nothing_removes_an_affliction() -> None:
    s = fc_state(
        foster_setup(
            jack={"hand": ["Full Circle", *JACK_SEVEN[:6]]},
            jill={"hand": JILL_SEVEN, "conditions": ["Blood Debt", "Bulletproof Vest"]},
            event_deck_top=["Cold Rain"],
            action_deck_top=["Helping Hand", "Doctor's Bag", "Smelling Salts"],
        )
    )
    skip_to_main_play(s)
    main_play(s, JACK, "Full Circle")
    main_play(s, JILL)
    assert pending_pick(s) == "remove_condition"
    offered = [a.label for a in s.legal_actions()]
    assert offered == ["Discard Jill's condition Bulletproof Vest"]
    do(s, "remove_condition")
    assert names(s, s.conditions[JILL]) == ["Blood Debt"]
    # With only the affliction left, the next removal finds nothing to remove.
    s2 = fc_state(
        foster_setup(
            jack={"hand": ["Full Circle", *JACK_SEVEN[:6]]},
            jill={"hand": JILL_SEVEN, "conditions": ["Blood Debt"]},
            event_deck_top=["Cold Rain"],
            action_deck_top=["Helping Hand", "Doctor's Bag", "Smelling Salts"],
        )
    )
    skip_to_main_play(s2)
    main_play(s2, JACK, "Full Circle")
    entries = main_play(s2, JILL)
    none = next(e for e in entries if "no condition to remove" in e.text)
    assert none.rule == "mf.13.2" and "afflictions cannot be removed" in none.text
    assert names(s2, s2.conditions[JILL]) == ["Blood Debt"]


# ---------------------------------------------------------------- bad input
def test_a_character_in_a_scenario_needs_the_module_and_a_dealt_card() -> None:
    with pytest.raises(ScenarioError, match=r"players\[0\]\.character.*Full Circle"):
        mf_state(setup={"players": [{"character": "Boxer"}]})
    with pytest.raises(ScenarioError, match="'Ghost' is not dealt"):
        fc_state({"players": [{"character": "Ghost"}]})


def test_an_affliction_that_could_discard_itself_is_refused(tmp_path) -> None:  # noqa: ANN001
    import shutil

    from tutor.core.data import rulesets_dir

    folder = tmp_path / "deck"
    shutil.copytree(rulesets_dir() / "mantis_falls", folder)
    text = (folder / "full_circle.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "      passive:\n        extra_event_wounds: 1\n\n  # ---------------------------------"
        "------------------------------- GRANITE (4)",
        "      anytime:\n        cost: {discard_self: true}\n        effects:\n"
        "          - {do: heal, target: self, amount: 1}\n\n  # GRANITE (4)",
        1,
    )
    (folder / "full_circle.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError, match=r"full_circle\.yaml.*actions\[3\]\.affliction"):
        tutor.load_game("mantis_falls", deck=str(folder), **FC)


@pytest.mark.rule("mf.21.3")
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), viewer=st.sampled_from([JACK, JILL]))
def test_a_face_down_character_never_reaches_the_other_players_eyes(seed: int, viewer: int) -> None:
    game = tutor.load_game("mantis_falls", **FC)
    s = game.new_state(seed=seed)
    other = 1 - viewer
    name = s.cards.character_cards[s.characters[other]].name
    rng = Rng(seed)
    while not s.is_terminal():
        view = s.view(viewer)["players"][other]
        if not s.character_shown[other]:
            assert view["character"] is None and view["max_wounds"] is None
            seen = "\n".join(s.trace_for(viewer))
            assert f"{s.name(other)} looks at their character: {name}" not in seen
            assert f"— {name}," not in seen
        else:
            assert view["character"] == name
        for _ in range(25):  # a few random steps, then look again
            if s.is_terminal():
                break
            choices = s.legal_actions()
            s.apply(choices[rng.below(len(choices))])
    assert s.view(viewer)["players"][other]["character"] == name  # shown at the end


@pytest.mark.rule("mf.21.2")
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_under_nobody_looks_no_player_sees_a_face_down_character(seed: int) -> None:
    game = tutor.load_game("mantis_falls", rulings={"character_owner_looks": "nobody_looks"}, **FC)
    s = game.new_state(seed=seed)
    rng = Rng(seed)
    while not s.is_terminal():
        for viewer in (JACK, JILL):
            for p, seen in enumerate(s.view(viewer)["players"]):
                assert (seen["max_wounds"] is None) == (not s.character_shown[p])
        for _ in range(25):
            if s.is_terminal():
                break
            choices = s.legal_actions()
            s.apply(choices[rng.below(len(choices))])
