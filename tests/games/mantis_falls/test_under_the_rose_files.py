"""A user's own ``under_the_rose.yaml``: refused by name when broken, playable when it loads.

The module's cards come from the deck folder like the other card files.  Generated
variants of the shipped file (values replaced, deleted or duplicated) must either be
refused with a RulesetError naming the file and the key path, or load and play random
games soundly (the invariants hold after every step).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import event, given, settings
from hypothesis import strategies as st
from mutations import copy_files, mangled_bytes, mutated, write

import tutor
from tutor.core.data import rulesets_dir
from tutor.core.errors import RulesetError
from tutor.core.rng import Rng
from tutor.games.mantis_falls.cards import FILES

SHIPPED = rulesets_dir() / "mantis_falls"
NAME = "under_the_rose.yaml"
GOOD = yaml.safe_load((SHIPPED / NAME).read_text(encoding="utf-8"))
CARD_FILES = [*FILES, NAME]


def load_or_refuse(folder: Path) -> None:
    """The property: refused naming the module's file and where, or played soundly."""
    try:
        game = tutor.load_game("mantis_falls", deck=str(folder), modules=["under_the_rose"])
    except RulesetError as err:
        assert Path(err.file).name == NAME and err.where, err
        event("refused")
        return
    for seed in range(2):
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        for _ in range(3000):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if state.decision.kind == "chance":
                state.apply(state.sample_chance(rng))
            else:
                state.apply(legal[rng.below(len(legal))])
            assert game.check_invariants(state) == []
    event("played")


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_generated_under_the_rose_files_load_and_play_or_are_refused_by_name(data: Any) -> None:
    changed = data.draw(mutated(GOOD, most=3, changes=("replace", "delete", "duplicate")))
    with tempfile.TemporaryDirectory() as tmp:
        folder = copy_files(SHIPPED, Path(tmp) / "deck", CARD_FILES)
        write(folder, yaml.safe_dump(changed, sort_keys=False, allow_unicode=True), NAME)
        load_or_refuse(folder)


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_mangled_under_the_rose_files_are_refused_by_name_or_play(data: Any) -> None:
    raw = data.draw(mangled_bytes((SHIPPED / NAME).read_bytes()))
    with tempfile.TemporaryDirectory() as tmp:
        folder = copy_files(SHIPPED, Path(tmp) / "deck", CARD_FILES)
        write(folder, raw, NAME)
        load_or_refuse(folder)


def test_a_deck_without_the_module_file_gets_the_projects_agents(tmp_path: Path) -> None:
    """Like Triad's and Full Circle's files: a deck folder without the module's file plays
    the module with the project's illustrative agents, read through the same door."""
    folder = copy_files(SHIPPED, tmp_path / "deck", list(FILES))
    tutor.load_game("mantis_falls", deck=str(folder)).new_state(seed=1)
    game = tutor.load_game("mantis_falls", deck=str(folder), modules=["under_the_rose"])
    assert game.rose is not None and game.rose.file == SHIPPED / NAME
    assert game.cards.files[NAME] == SHIPPED / NAME
    assert game.cards.folder == folder
    state = game.new_state(seed=1)
    assert "mf.23.4" in [e.rule for e in state.trace]


def test_an_agent_cannot_keep_a_card_as_a_condition(tmp_path: Path) -> None:
    data = yaml.safe_load((SHIPPED / NAME).read_text(encoding="utf-8"))
    data["skies"][0]["redeem"][0]["effects"] = [{"do": "keep_as_condition"}]
    folder = copy_files(SHIPPED, tmp_path / "deck", CARD_FILES)
    write(folder, yaml.safe_dump(data), NAME)
    try:
        tutor.load_game("mantis_falls", deck=str(folder), modules=["under_the_rose"])
    except RulesetError as err:
        assert "skies[0].redeem[0].effects[0]" in str(err)
    else:
        raise AssertionError("an agent's effect kept a card as a condition")
