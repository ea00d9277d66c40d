"""What learners see: the SVG picture, card text from data, terminal text, facts, charts."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from games.manos.mn_helpers import do, position

import tutor
from tutor.games.manos.engine.state import FAMILY, MANOS
from tutor.games.manos.present.cards import card_html, table_cards
from tutor.games.manos.present.cli import write_view
from tutor.games.manos.present.picture import picture
from tutor.games.manos.text import card_text


def busy_position():
    state = position(
        {
            "turn": "manos",
            "escapes": 2,
            "hands": {"family": ["Determination", "Comfort"], "manos": ["The Master's Gaze"]},
            "characters": {"Margaret": {"location": "Desert", "corruption": 1}},
        },
        modules=["police", "showdown"],
    )
    do(state, "Challenge Michael with The Master's Gaze")
    return state


def test_the_picture_shows_the_board_and_hides_what_the_viewer_cannot_see() -> None:
    state = busy_position()
    for viewer in (None, FAMILY, MANOS):
        svg = picture(state.view(viewer), state.game)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        for name in ("Lodge Interior", "Lodge Exterior", "Desert", "Backroads", "Lair"):
            assert name in svg
        assert "Escape cards: 2 of 4" in svg and "Police proximity: 0 of 3" in svg
        assert "Challenge: The Master's Gaze on Michael" in svg
    family_eyes = picture(state.view(FAMILY), state.game)
    manos_eyes = picture(state.view(MANOS), state.game)
    assert "Comfort" in family_eyes and "Comfort" not in manos_eyes
    assert 'class="card-back"' in manos_eyes


def test_card_text_is_rendered_from_the_data_the_engine_runs() -> None:
    game = tutor.load_game("manos")
    gaze = next(c for c in game.cards.manos if c.name == "The Master's Gaze")
    assert card_text(gaze).startswith(f"Challenge rating {gaze.rating}, Resist.")
    wind = next(c for c in game.cards.family if c.name == "Second Wind")
    assert f"+{wind.effort} to the total effort rating." in card_text(wind)
    assert "boost" in card_html(wind)
    state = busy_position()
    assert "hidden" in table_cards(state.view(MANOS), state.game)


def test_terminal_text_names_the_position_and_the_choices() -> None:
    state = busy_position()
    out = io.StringIO()
    view = state.view(MANOS)
    write_view(view, [a.label for a in state.legal_actions()], out)
    text = out.getvalue()
    assert "Escape cards: 2 of 4" in text and "Let the challenge stand" in text
    assert "Comfort" not in text  # the Family's hand is hidden from Manos


def test_the_what_if_comparison_lists_the_game_facts() -> None:
    from tutor.games.manos.present.compare import rows

    a = busy_position()
    b = a.clone()
    do(b, "Let the challenge stand", "Concede: Michael takes a corruption token")
    table = {what: (x, y) for what, x, y in rows(a.view(FAMILY), b.view(FAMILY))}
    assert table["Michael"] == ("Lodge Interior, 0 corruption", "Lodge Interior, 1 corruption")
    assert table["Manos hand"][0].endswith("(hidden)")
