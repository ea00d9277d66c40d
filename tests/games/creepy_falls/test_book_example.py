"""The rulebook's example of Placement and Resolution, played on the engine.

Francesco, Scilla, Giovanni and Federico all place in the Bloody Gen Castle, whose four
advantages (illustrative data, chosen to match the book) give 2 Soul and 3 Blood, 1
Soul and 2 Blood, 1 Soul, and 1 Blood, each with a token picked from the Castle's
round tokens (a Grimoire, two Corpses and an Amulet).  The book's result: Scilla wins
the first advantage on a tie with Giovanni because she placed first, Francesco and
Federico tie for the third, and Federico's Werewolf takes a Soul from each of the others.
"""

from __future__ import annotations

import pytest
from games.creepy_falls.cf_helpers import cites, play, position, tokens

from tutor.core.types import Action

NAMES = ["Francesco", "Scilla", "Giovanni", "Federico"]
CASTLE = 3
CEMETERY = 0


def book_position() -> object:
    return position(
        4,
        names=NAMES,
        first=0,
        armies=[
            {"ghoul": 1, "mummy": 1},
            {"frankenstein": 1, "ghoul": 1},
            {"ghoul": 4},
            {"werewolf": 1, "mummy": 1},
        ],
        castle={"grimoire": 1, "corpse": 2, "amulet": 1},
        forms=[["wild_animal"], ["human_form"], ["flying_fox"], ["dark_hunter"]],
    )


@pytest.mark.rule("cf.6.3")
@pytest.mark.rule("cf.6.2")
@pytest.mark.rule("cf.7.2")
@pytest.mark.rule("cf.7.6")
@pytest.mark.rule("cf.8.1")
@pytest.mark.rule("cf.5.7")
def test_the_books_placement_and_resolution_example() -> None:
    s = book_position()
    trace = play(
        s,
        "Place 1 Ghoul in Bloody Gen Castle",  # Francesco
        "Place 1 Frankenstein's Monster in Bloody Gen Castle",  # Scilla
        "Place 3 Ghouls in Bloody Gen Castle",  # Giovanni goes for the first advantage
        "Place 1 Werewolf in Bloody Gen Castle",  # Federico
        "Place 1 Mummy in Bloody Gen Castle",  # Francesco's last unit, so the Werewolf ties
        "Place 1 Ghoul in Bloody Gen Castle",  # Scilla uses her Monster's second placement
    )
    assert cites(trace, "cf.6.3", "Francesco adds 1 Mummy to Bloody Gen Castle")
    assert cites(trace, "cf.6.2", "Scilla places 1 Ghoul in Bloody Gen Castle once more")
    # Giovanni has no Mummies: he cannot play in the Castle again.
    assert s.decision.player == 2
    verdict = s.check(Action(2, "place", (CASTLE, 1, 0, 0, 0, 0)))
    assert not verdict.ok and verdict.rule == "cf.5.5"
    play(s, "Place 1 Ghoul in Cemetery")
    # Federico placed the Werewolf: nothing more of his goes there.
    verdict = s.check(Action(3, "place", (CASTLE, 0, 1, 0, 0, 0)))
    assert not verdict.ok and verdict.rule == "cf.6.6"
    play(s, "Place 1 Mummy in Hell Dock")
    assert [s.size_in(p, CASTLE) for p in range(4)] == [2, 3, 3, 2]
    assert s.order[CASTLE] == [0, 1, 2, 3]
    trace = play(s, "Leave your Ghouls where they are")  # Giovanni's Flying Fox
    assert cites(
        trace,
        "cf.7.2",
        "Order of advantages in Bloody Gen Castle: Scilla, Giovanni, Francesco, Federico",
    )
    assert s.decision.player == 1 and "Bloody Gen Castle" in s.decision.prompt
    play(s, "Take a Grimoire token", "Take a Corpse token", "Take an Amulet token")
    trace = s.trace_for(None)
    assert cites(trace, "cf.7.6", "Scilla takes advantage 1 of Bloody Gen Castle: 3 Blood, 2 Soul")
    assert cites(
        trace, "cf.7.6", "Giovanni takes advantage 2 of Bloody Gen Castle: 2 Blood, 1 Soul"
    )
    assert cites(trace, "cf.7.6", "Francesco takes advantage 3 of Bloody Gen Castle: 1 Soul")
    assert cites(trace, "cf.7.6", "Federico takes advantage 4 of Bloody Gen Castle: 1 Blood")
    assert cites(trace, "cf.7.6", "Federico takes the remaining Corpse token")
    for name in ("Francesco", "Scilla", "Giovanni"):
        assert cites(trace, "cf.8.1", f"{name} gives 1 Soul to Federico for Federico's Werewolf")
    # The book's result, plus Giovanni's Cemetery and Federico's Hell Dock (4 Blood, and
    # 1 Soul and 1 Blood more for his Dark Hunter Form there).
    assert tokens(s, 0) == {"blood": 2, "soul": 1, "amulet": 1}
    assert tokens(s, 1) == {"blood": 5, "soul": 2, "grimoire": 1}
    assert tokens(s, 2) == {"blood": 4, "soul": 1, "corpse": 4}
    assert tokens(s, 3) == {"blood": 8, "soul": 5, "corpse": 1}
