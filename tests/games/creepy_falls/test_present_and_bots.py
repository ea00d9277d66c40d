"""What learners and hosts see of Creepy Falls: the picture, terminal text, bots, facts."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from games.creepy_falls.cf_helpers import play, position

import tutor
from tutor.analysis.simulation import simulate, summarise
from tutor.core.rng import Rng
from tutor.games.creepy_falls.bots import Greedy, evaluate, placement_score
from tutor.games.creepy_falls.charts import CHARTS
from tutor.games.creepy_falls.present.cli import write_view
from tutor.games.creepy_falls.present.picture import picture
from tutor.games.creepy_falls.text import board_text


def test_the_picture_shows_zones_units_markers_and_players() -> None:
    s = position(
        2,
        first=0,
        armies=[{"ghoul": 2, "frankenstein": 1}, {"werewolf": 1}],
        castle={"corpse": 1},
        forms=[["wild_animal"], ["human_form"]],
        names=["Vlad", "Mina"],
        neutral={"Hell Dock": 3},
    )
    play(s, "Place 2 Ghouls and 1 Frankenstein's Monster in Vladovich Village")
    svg = picture(s.view(1), s.game)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    zones = [g for g in root.iter() if g.get("class") == "zone"]
    assert len(zones) == 9
    assert "3 · Vladovich Village" in svg and "Vlad: G2 F1 — size 4 · placed 1st" in svg
    assert "neutral Ghouls × 3 (a neutral Werewolf)" in svg
    assert "1st: 4 Blood" in svg  # Hell Dock's (illustrative) rewards, from the data
    assert "The Van Helsing die" in svg and "illustrative" in svg
    assert 'class="phase current" data-phase="placement"' in svg


def test_terminal_text_lists_the_board_and_the_choices() -> None:
    s = position(
        3,
        first=1,
        armies=[{"ghoul": 1}] * 3,
        castle={"corpse": 1},
        forms=[["wild_animal"], ["human_form"], ["dark_hunter"]],
    )
    out = io.StringIO()
    write_view(s.view(None), [a.label for a in s.legal_actions()], out)
    text = out.getvalue()
    assert "Round 1 · placement · first player Blue" in text
    assert "5. Pumpkins Field [Van Helsing]: -" in text
    assert "Legal actions:" in text and "Place 1 Ghoul in Cemetery" in text


def test_board_text_is_written_from_the_data() -> None:
    text = board_text(tutor.load_game("creepy_falls").board)
    assert "4 Bloody Gen Castle: 1. 3 Blood + 2 Soul + pick 1 of the round tokens" in text
    assert "Hunter's Bane (level 3, 3 Grimoire): You may place in the zone where" in text


def test_greedy_prefers_the_advantage_it_can_win() -> None:
    s = position(
        2,
        first=0,
        armies=[{"ghoul": 3}, {"ghoul": 3}],
        castle={"corpse": 1},
        forms=[["wild_animal"], ["human_form"]],
        neutral={
            "Cemetery": 0,
            "Shadow Forest": 0,
            "Bloody Gen Castle": 0,
            "The Dark Library": 0,
            "Rotten Swamp": 0,
        },
    )
    legal = s.legal_actions()
    choice = Greedy()(s, legal, Rng(1))
    assert choice.label == "Place 1 Ghoul in Bloody Gen Castle"
    assert placement_score(s, choice) == max(placement_score(s, a) for a in legal)
    assert -1.0 <= evaluate(s, 0) <= 1.0


def test_bots_beat_random_play_on_the_same_deals() -> None:
    rows = simulate(
        "creepy_falls",
        games=6,
        seed=3,
        policies=("greedy", "random", "random"),
        options={"players": 3},
        processes=1,
        progress=False,
    )
    summary = summarise(rows, "creepy_falls")
    assert summary["win_rate_by_bot"]["greedy"]["count"] >= 4
    assert set(summary["win_rate_by_army"]) <= {
        "Horde of Ghouls",
        "The Monster's Maker",
        "The Tomb",
    }
    assert len(summary["pp_by_round"]["winners"]) == 6
    for chart in CHARTS.values():
        assert chart(rows).data


def test_a_random_game_shows_its_outcome_in_every_view() -> None:
    s = tutor.load_game("creepy_falls", players=5).new_state(seed=8)
    s.play_out(Rng(8))
    out = s.outcome()
    assert out is not None and s.view(2)["outcome"] == out.to_dict()
    assert out.extras["pp_by_round"][-1] == [int(x) for x in out.scores]
