"""Checks that docs/mantis_falls.md agrees with the code it documents.

The page lists the scenario ``setup`` keys, the rulings a user can switch and the
example scenario; when the code changes, these tests say which part of the page is
out of date.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

import tutor
from tutor.games.mantis_falls.scenario import PLAYER_KEYS, SETUP_KEYS

REPO = Path(__file__).resolve().parents[1]
PAGE = (REPO / "docs" / "mantis_falls.md").read_text(encoding="utf-8")
EXAMPLE = REPO / "docs" / "examples" / "mantis_falls_seven_wounds.yaml"


def table_keys(heading: str) -> set[str]:
    """The backquoted names in the first column of the table after ``heading``."""
    section = PAGE.split(heading, 1)[1]
    keys = set()
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        match = re.match(r"\| `([a-z_]+)` \|", line)
        if match:
            keys.add(match.group(1))
        elif keys and not line.startswith("|"):
            break
    return keys


def test_every_setup_key_is_documented() -> None:
    assert table_keys("### `setup` keys") == SETUP_KEYS
    assert table_keys("Per-player keys") == PLAYER_KEYS


def test_every_switchable_ruling_is_documented_with_its_options() -> None:
    book = tutor.load_game("mantis_falls").rulebook
    switchable = {r.id: r for r in book.rulings.values() if r.engine_option}
    assert table_keys("### Rulings you can switch") == set(switchable)
    for rid, ruling in switchable.items():
        row = next(line for line in PAGE.splitlines() if line.startswith(f"| `{rid}` |"))
        options = re.findall(r"`([a-z_]+)`", row.split("|")[2])
        assert options[0] == ruling.default
        assert set(options) == set(ruling.options)


def test_the_example_on_the_page_is_the_example_file() -> None:
    block = PAGE.split("### Example", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    assert yaml.safe_load(block) == yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert set(yaml.safe_load(block)["setup"]) == SETUP_KEYS


def test_the_example_puts_jack_at_seven_wounds_before_his_main_play() -> None:
    state = tutor.load_scenario(EXAMPLE).state
    view = state.view(None)
    jack, jill = view["players"]
    assert (jack["position"], jack["wounds"], jack["role"]) == (2, 7, "witness")
    assert jack["conditions"] == ["Bulletproof Vest"]
    assert jack["allies_complete"] == ["Doc Halloran"]
    assert (jill["position"], jill["gasps"], jill["role"]) == (1, 1, "assassin")
    assert view["conserved"] == ["Coffee"]
    assert view["event"]["name"] == "Street Thug"
    assert [r["name"] for r in view["roads"][1:13]] == yaml.safe_load(
        EXAMPLE.read_text(encoding="utf-8")
    )["setup"]["road_order"]
    assert (state.decision.player, state.decision.rule) == (0, "mf.8.4")
    trace = state.trace_for(None)
    assert "[mf.8.2] Jack stays on Maple Avenue." in trace
    assert trace.index("[mf.8.2] Jack stays on Maple Avenue.") > max(
        i for i, line in enumerate(trace) if line.startswith("[mf.5.11] Scenario setup applied")
    )
