"""Checks that the card tables of docs/mantis_falls_cards.md match the card data.

Why this file exists: the page lists every card with its numbers (stoplights, ambushes,
health, copies) so that a reader can see the deck without reading YAML.  Those numbers
are tuned now and then (see "Balance" in docs/mantis_falls.md); these tests name the
table row that was left behind when a card file changes.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tutor.games.mantis_falls.cards import CardData

REPO = Path(__file__).resolve().parents[1]
PAGE = (REPO / "docs" / "mantis_falls_cards.md").read_text(encoding="utf-8")
CARDS = CardData()


def table_rows(heading: str) -> list[list[str]]:
    """The cells of each body row of the first table after ``heading``."""
    section = PAGE.split(heading, 1)[1]
    rows: list[list[str]] = []
    for line in section.splitlines()[1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] in ("Name", "---"):
            continue
        rows.append(cells)
    return rows


def test_the_road_table_gives_each_roads_numbers_and_symbols() -> None:
    rows = {r[0]: r for r in table_rows("### Roads (17)")}
    assert set(rows) == {road.name for road in CARDS.roads}
    for road in CARDS.roads:
        _, region, stoplight, phone, bus, ambush, notes = rows[road.name]
        assert region == road.region, road.name
        assert stoplight == f"{road.green}/{road.yellow}/{road.red}", road.name
        assert (phone == "yes", bus == "yes") == (road.phone, road.bus_stop), road.name
        assert ambush == (str(road.ambush) if road.ambush else ""), road.name
        assert ("Broken Road" in notes) == road.broken, road.name


def test_the_event_table_gives_each_events_kind_health_and_copies() -> None:
    copies = Counter(e.name for e in CARDS.events)
    rows = {r[0]: r for r in table_rows("### Events (50)")}
    assert set(rows) == set(copies)
    for event in CARDS.events:
        _, kind, count, summary = rows[event.name]
        expected = f"{event.kind.title()}, {'seen' if event.seen else 'unseen'}"
        if event.kind == "opposition":
            expected += f", health {event.health}"
        assert kind == expected, event.name
        assert int(count) == copies[event.name], event.name
        for colour in re.findall(r"\[(green|yellow|red)\]", summary):
            parts = event.effect + event.bonus + event.undefeated + event.defeated
            assert colour in str(parts), f"{event.name}: [{colour}] is not in its data"


def test_the_action_table_gives_each_cards_suit_and_copies() -> None:
    copies = Counter(c.name for c in CARDS.actions)
    rows = {r[0]: r for r in table_rows("### Actions (60)")}
    assert set(rows) == set(copies)
    for card in CARDS.actions:
        _, suit, count, _summary = rows[card.name]
        assert (suit, int(count)) == (card.suit.title(), copies[card.name]), card.name
