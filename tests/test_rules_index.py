"""The rules index, rulings and tests stay in step with each other and with the engine.

Every rule the engine cites exists in rules.yaml; every in-scope rule is implemented and
covered by a test marked ``@pytest.mark.rule(id)``; rules.yaml's ``tested_by`` lists
exactly those tests (regenerate with ``tutor rules mantis_falls --sync-tests``); every
ruling the engine offers as a house rule is really read by the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from toys import TOY_NAMES

import tutor
from tutor.core.game import game_class
from tutor.core.rules import cited_rule_ids
from tutor.core.rules import tests_by_rule as scan_rule_markers

ROOT = Path(__file__).resolve().parents[1]
GAMES = [g for g in tutor.registered_games() if g not in TOY_NAMES]  # shipped games only


@pytest.mark.parametrize("name", GAMES)
def test_every_cited_rule_exists(name: str) -> None:
    game = tutor.load_game(name)
    package = Path(game_class(name).__module__.replace(".", "/")).parent
    cited = cited_rule_ids(ROOT / package, tutor.spec_for(name).rule_prefix)
    assert cited, "the engine cites no rules at all"
    missing = sorted(r for r in cited if r not in game.rulebook)
    assert not missing, f"cited but not in rules.yaml: {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_every_in_scope_rule_is_implemented_and_tested(name: str) -> None:
    game = tutor.load_game(name)
    report = game.rulebook.coverage(game_class(name).implemented_rules())
    gaps = [r["id"] for r in report["rules"] if r["scope"] == "base" and not r["implemented"]]
    assert not gaps, f"in-scope rules the engine neither cites nor models: {gaps}"
    untested = [r["id"] for r in report["rules"] if r["scope"] == "base" and not r["tested"]]
    assert not untested, f"in-scope rules without a scenario test: {untested}"
    assert report["coverage_percent"] == 100.0


@pytest.mark.parametrize("name", GAMES)
def test_tested_by_matches_the_test_markers(name: str) -> None:
    game = tutor.load_game(name)
    marks = scan_rule_markers(ROOT / "tests", ROOT)
    prefix = tutor.spec_for(name).rule_prefix + "."
    unknown = sorted(r for r in marks if r not in game.rulebook and r.startswith(prefix))
    assert not unknown, f"tests mark rules that do not exist: {unknown}"
    stale = {
        rid: (list(rule.tested_by), marks.get(rid, []))
        for rid, rule in game.rulebook.rules.items()
        if list(rule.tested_by) != marks.get(rid, [])
    }
    assert not stale, (
        f"rules.yaml tested_by is out of date for {sorted(stale)[:10]}; "
        f"run `tutor rules {name} --sync-tests`"
    )


@pytest.mark.parametrize("name", GAMES)
def test_rulings_are_consistent(name: str) -> None:
    game = tutor.load_game(name)
    package = ROOT / Path(game_class(name).__module__.replace(".", "/")).parent
    source = "\n".join(p.read_text() for p in package.rglob("*.py"))
    read = set(re.findall(r"""_ruling\(\s*["'](\w+)["']\s*\)""", source))
    for ruling in game.rulebook.rulings.values():
        assert ruling.default in ruling.options, ruling.id
        for rid in ruling.rules:
            assert rid in game.rulebook, f"ruling {ruling.id} names unknown rule {rid}"
        if ruling.engine_option and len(ruling.options) > 1:
            assert ruling.id in read, f"ruling {ruling.id} is offered but the engine never reads it"


@pytest.mark.parametrize("name", GAMES)
def test_rule_summaries_speak_to_learners_not_in_ruling_ids(name: str) -> None:
    # Summaries are shown under every explanation; "(ruling opposition_wounds_from)" is
    # an internal name, not a sentence.  The rulings file links rulings to rules.
    game = tutor.load_game(name)
    for rule_id, rule in game.rulebook.rules.items():
        assert not re.search(r"\bruling [a-z]+_[a-z_]+", rule.summary), rule_id
