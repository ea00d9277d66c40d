"""Mantis Falls' picture, card faces, hands and terminal text look as they did before the move.

The renderers moved from the shared ``tutor/render`` and ``tutor/cli.py`` into
``tutor/games/mantis_falls/present/``.  ``data/present_before_move.json`` holds views
(random games at several steps through every pair of eyes, a Last Gasp, a phase
override, names with markup) and the SHA-256 of what the old code drew for each,
captured before the move; the moved code must draw exactly the same bytes.  The
views are stored, not replayed, so an engine change cannot make this test drift.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

import tutor
from tutor.core.spec import spec_for
from tutor.games.mantis_falls.present.cards import card_html, hands, table_cards
from tutor.games.mantis_falls.present.cli import write_view
from tutor.games.mantis_falls.present.picture import mantis_falls_svg

BEFORE = json.loads((Path(__file__).parent / "data" / "present_before_move.json").read_text())


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture(scope="module")
def game() -> Any:
    return tutor.load_game("mantis_falls")


@pytest.mark.parametrize("case", BEFORE["cases"], ids=lambda c: f"turn{c['view'].get('turn')}")
def test_the_moved_renderers_draw_the_same_bytes(case: dict[str, Any], game: Any) -> None:
    view = case["view"]
    assert digest(mantis_falls_svg(view, game.cards, case["phase"])) == case["svg"]
    assert digest(hands(view, game)) == case["hands"]
    out = io.StringIO()
    write_view(view, case["legal"], out)
    assert digest(out.getvalue()) == case["cli"]


def test_every_card_face_is_the_same(game: Any) -> None:
    cards = [*game.cards.actions, *game.cards.events, *game.cards.allies, *game.cards.roads]
    assert {c.id: digest(card_html(c)) for c in cards} == BEFORE["cards"]


def test_the_spec_hooks_are_the_moved_renderers(game: Any) -> None:
    spec = spec_for("mantis_falls")
    state = game.new_state(seed=3)
    view = state.view(None)
    # The hook draws the table without the "Now: ..." prompt (the player states it).
    assert spec.hook("picture")(view, game, None) == mantis_falls_svg(
        view, game.cards, prompt=False
    )
    assert 'class="prompt"' in mantis_falls_svg(view, game.cards)
    assert 'class="prompt"' not in spec.hook("picture")(view, game, None)
    assert spec.hook("card_html") is card_html and spec.hook("hands") is table_cards
    assert spec.hook("hands")(view, game).endswith(hands(view, game))
    assert spec.hook("cli_text") is write_view
    assert [key for key, _ in spec.hook("phases")][:2] == ["setup", "initial_movement"]
    # A state shows itself in a notebook as the same picture.
    assert state._repr_svg_() == spec.hook("picture")(view, game, None)
    assert state._repr_html_() == state._repr_svg_()
