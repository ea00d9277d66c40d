"""Scenario tests for setting up a three-player game with the Triad module (topics 4, 5, 22).

Why this file exists: three players need the Triad module and two players must leave it
out; Triad adds a role card (a third witness, so a game may have no assassin at all),
The Pact (a Midnight card dealt with the two Call in a Hit, one of the three to each
player) and its other action cards.  These tests load games, check the deal over a few
seeds, what each player may read of it, and that a broken Triad file is refused with a
message naming the file and the place.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from games.mantis_falls.mf_helpers import rules_cited
from hypothesis import given, settings
from hypothesis import strategies as st
from trio import JACK, JILL, JUNE, TRIAD

import tutor
import tutor.core.game
import tutor.core.rng
from tutor.core.errors import OptionError, RulesetError

ROOT = Path(__file__).resolve().parents[3]
SEEDS = range(8)


@pytest.mark.rule("mf.4.2")
@pytest.mark.rule("mf.22.1")
def test_three_players_need_triad_and_two_players_refuse_it() -> None:
    game = tutor.load_game("mantis_falls", **TRIAD)
    assert game.num_players == 3 and game.player_names == ("Jack", "Jill", "June")
    with pytest.raises(OptionError, match=r"3-player game .* needs the Triad module \(mf\.4\.2"):
        tutor.load_game("mantis_falls", players=3)
    with pytest.raises(OptionError, match=r"Triad module is for 3-player games only"):
        tutor.load_game("mantis_falls", players=2, modules=["triad"])
    with pytest.raises(OptionError, match=r"played by 2 to 3 players, not 4"):
        tutor.load_game("mantis_falls", players=4, modules=["triad"])
    configs = tutor.spec_for("mantis_falls").configurations()
    assert {"players": 3, "modules": ["triad"]} in configs
    assert all("triad" in c.get("modules", ()) for c in configs if c["players"] == 3)


@pytest.mark.rule("mf.22.1")
@pytest.mark.rule("mf.22.2")
def test_triads_twelve_cards_join_the_role_and_action_decks() -> None:
    base = tutor.load_game("mantis_falls")
    game = tutor.load_game("mantis_falls", **TRIAD)
    cards = game.cards
    added = cards.actions[len(base.cards.actions) :]
    assert len(cards.triad_roles) + len(cards.references) + len(added) == 12
    assert cards.triad_roles == ["witness"] and len(cards.references) == 2
    assert [c.name for c in added if "pact" in c.tags] == ["The Pact"]
    # The base deck keeps its numbers, so two-player games are dealt exactly as before.
    assert [c.id for c in cards.actions[: len(base.cards.actions)]] == [
        c.id for c in base.cards.actions
    ]
    s = game.new_state(seed=1)
    assert "mf.22.2" in rules_cited(s.trace) and "mf.22.1" in rules_cited(s.trace)
    deck = [*s.action_pile, *s.action_discard, *s.night, *s.dark, *(c for h in s.hands for c in h)]
    assert sorted(deck) == list(range(len(cards.actions)))


@pytest.mark.rule("mf.5.12")
def test_the_pact_and_both_call_in_a_hit_go_one_to_each_player() -> None:
    game = tutor.load_game("mantis_falls", **TRIAD)
    holders = set()
    for seed in SEEDS:
        s = game.new_state(seed=seed)
        firsts = sorted(s.card_name(h[0]) for h in s.hands)
        assert firsts == ["Call in a Hit", "Call in a Hit", "The Pact"]
        assert [len(h) for h in s.hands] == [7, 7, 7]
        holders.add(next(p for p in range(3) if s.card_name(s.hands[p][0]) == "The Pact"))
        pact = [s.card_name(c) for c in s.night + s.dark]
        assert "The Pact" not in pact and "Call in a Hit" not in pact
        # Each player reads which card they were dealt; the others only that one was dealt.
        lines = [e for e in s.trace if e.rule == "mf.5.12" and e.actor is not None]
        for e in lines:
            other = (e.actor + 1) % 3
            assert e.seen_by(e.actor).startswith(f"{game.player_names[e.actor]} is dealt ")
            assert e.seen_by(other).endswith("one of the three Midnight cards face down.")
    assert holders == {JACK, JILL, JUNE}


@pytest.mark.rule("mf.5.13")
@pytest.mark.rule("mf.2.6")
def test_three_witnesses_and_one_assassin_so_there_may_be_no_assassin() -> None:
    game = tutor.load_game("mantis_falls", **TRIAD)
    without = 0
    for seed in range(12):
        s = game.new_state(seed=seed)
        assert sorted([*s.roles, s.removed_role]) == ["assassin", "witness", "witness", "witness"]
        without += "assassin" not in s.roles
        assert s.view(JACK)["players"][JILL]["role"] is None
        assert s.view(JACK)["removed_role"] is None
    assert without > 0  # some seed of these twelve deals three witnesses
    cited = rules_cited(game.new_state(seed=0).trace)
    assert cited.index("mf.5.13") < cited.index("mf.2.6") < cited.index("mf.6.1")


@pytest.mark.rule("mf.22.1")
@settings(max_examples=8, deadline=None)
@given(extra=st.integers(min_value=1, max_value=3))
def test_a_triad_file_without_twelve_cards_is_refused(tmp_path_factory, extra: int) -> None:
    folder = tmp_path_factory.mktemp("deck")
    source = ROOT / "rulesets" / "mantis_falls"
    for name in ("actions.yaml", "events.yaml", "allies.yaml", "roads.yaml", "characters.yaml"):
        (folder / name).write_text((source / name).read_text(encoding="utf-8"), encoding="utf-8")
    triad = yaml.safe_load((source / "triad.yaml").read_text(encoding="utf-8"))
    triad["references"] += [
        {"id": f"extra_{k}", "name": f"Extra {k}", "text": "A spare card."} for k in range(extra)
    ]
    (folder / "triad.yaml").write_text(yaml.safe_dump(triad), encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        tutor.load_game("mantis_falls", deck=str(folder), **TRIAD)
    message = str(err.value)
    assert "triad.yaml" in message and "12 cards in all" in message and str(12 + extra) in message


@pytest.mark.rule("mf.22.3")
def test_triads_rules_are_the_three_player_rules_and_a_game_cites_them() -> None:
    game = tutor.load_game("mantis_falls", **TRIAD)
    three_player = ["mf.2.6", "mf.5.12", "mf.5.13", "mf.7.1", "mf.7.2", "mf.7.3", "mf.9.1"]
    three_player += ["mf.9.2", "mf.13.4", "mf.20.7", "mf.20.8"]
    book = game.rulebook
    assert all(book.rules[r].scope == "base" for r in three_player)
    assert book.rules["mf.19.8"].scope == "table_talk"  # private talk: only the views' secrecy
    s = game.new_state(seed=3)
    tutor.core.game.random_playout(s, tutor.core.rng.Rng(3))
    cited = set(rules_cited(s.trace))
    assert {"mf.5.12", "mf.5.13", "mf.7.1", "mf.7.2", "mf.7.3", "mf.9.1"} <= cited
    assert cited & {"mf.20.7", "mf.20.8", "mf.20.6"}
