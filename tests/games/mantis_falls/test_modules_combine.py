"""Topic 4: the modules combine freely (mf.4.1), Triad fixed by the player count (mf.4.2).

Why this file exists: Full Circle and Under the Rose may each be added to a two- or a
three-player game, alone or together, and Triad comes with three players.  These tests
set up every such combination and check that one game does each module's part of the
setup (Triad's Pact, Full Circle's face-down characters, Under the Rose's agents and
opening burial) and that the combined game plays to its end; and that each module's
shipped file is the project's illustrative set, labelled so, of the box's size.
"""

from __future__ import annotations

import itertools

import pytest
import yaml
from games.mantis_falls.mf_helpers import rules_cited

import tutor
from tutor.core.data import rulesets_dir
from tutor.core.game import random_playout
from tutor.core.rng import Rng
from tutor.games.mantis_falls.cards import MODULE_FILES

OPTIONAL = ("full_circle", "under_the_rose")
COMBINATIONS = [
    combo for k in range(len(OPTIONAL) + 1) for combo in itertools.combinations(OPTIONAL, k)
]
SETUP_RULES = {
    "triad": "mf.5.12",  # The Pact dealt with the two Call in a Hit
    "full_circle": "mf.21.2",  # characters dealt face down
    "under_the_rose": "mf.23.4",  # the opening burial
}


@pytest.mark.rule("mf.4.1")
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("optional", COMBINATIONS, ids=lambda c: "+".join(c) or "none")
def test_every_module_combination_sets_up_each_module(
    players: int, optional: tuple[str, ...]
) -> None:
    modules = (["triad"] if players == 3 else []) + list(optional)
    assert {"players": players, **({"modules": modules} if modules else {})} in (
        tutor.spec_for("mantis_falls").configurations()
    )
    game = tutor.load_game("mantis_falls", players=players, modules=modules)
    state = game.new_state(seed=4)
    cited = rules_cited(state.trace)
    for module, rule in SETUP_RULES.items():
        assert (rule in cited) == (module in modules), (module, rule)
    for p in range(players):
        own = state.view(p)["players"][p]
        other = state.view(p)["players"][(p + 1) % players]
        if "full_circle" in modules:
            # Each knows their own character; the others' stay face down (mf.21.2).
            assert own["character"] is not None and own["character_face_down"]
            assert other["character"] is None and other["max_wounds"] is None
        if "under_the_rose" in modules:
            agent = own["agent"]
            assert agent["name"] and len(agent["buried"]) == agent["dots"]
            assert other["agent"]["buried"] is None  # another's roses stay hidden (mf.23.3)
    if "under_the_rose" in modules:
        # Three Horizon and three Sky cards: two players leave some, three use them all.
        (back,) = [e.text for e in state.trace if e.rule == "mf.23.1"]
        assert back == (
            "The unused Horizon and Sky cards go back to the box unseen."
            if players == 2
            else "Every Horizon and Sky card is in play: none goes back to the box."
        )
    random_playout(state, Rng(7))
    assert state.is_terminal() and state.outcome() is not None


@pytest.mark.rule("mf.4.1")
def test_all_three_modules_in_one_game_keep_the_base_deck_numbers() -> None:
    """Adding modules only adds cards after the base ones, in one order whatever the
    order they are named in, so the same seed deals the same game."""
    base = tutor.load_game("mantis_falls")
    named = ["under_the_rose", "full_circle", "triad"]
    game = tutor.load_game("mantis_falls", players=3, modules=named)
    assert game.modules == ("triad", "full_circle", "under_the_rose")
    first = len(base.cards.actions)
    assert [c.id for c in game.cards.actions[:first]] == [c.id for c in base.cards.actions]
    again = tutor.load_game("mantis_falls", players=3, modules=sorted(named))
    assert game.new_state(seed=9).trace_for(None) == again.new_state(seed=9).trace_for(None)


@pytest.mark.rule("mf.21.1")
@pytest.mark.rule("mf.22.1")
@pytest.mark.rule("mf.23.1")
def test_each_modules_cards_are_the_projects_illustrative_set_of_the_boxs_size() -> None:
    """Topics 21-23 give each module's size (Full Circle 30 cards, Triad 12, Under the
    Rose 7) but not its texts: each shipped file says it is the project's own
    illustrative data, and holds that many cards."""
    sizes = {"triad": 12, "full_circle": 30, "under_the_rose": 7}
    folder = rulesets_dir() / "mantis_falls"
    for module, (name, _definition) in MODULE_FILES.items():
        path = folder / name
        assert path.read_text(encoding="utf-8").startswith("# ILLUSTRATIVE DATA: "), name
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["illustrative"] is True, name
        lists = [v for k, v in data.items() if k != "illustrative"]
        count = sum(len(v) if isinstance(v, list) else 1 for v in lists)
        assert count == sizes[module], (name, count)
    game = tutor.load_game("mantis_falls", players=3, modules=list(sizes))
    rose = game.cards.rose
    assert rose is not None and rose.illustrative
    assert len(rose.horizons) + len(rose.skies) + 1 == 7  # and one reference card
    assert len(game.cards.triad_roles) + len(game.cards.references) == 3  # + 9 actions
