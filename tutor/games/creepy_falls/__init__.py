"""Creepy Falls (2-5 players): vampires place monster armies on a city's nine zones.

Importing this package only declares the game (:data:`SPEC`); the engine is imported
when a game is loaded.  Its engine module may be a compiled build; the guard below
makes sure a stale build is never used.
"""

from pathlib import Path

from tutor.core.native import guard_engine_module
from tutor.core.spec import GameSpec, Hooks

guard_engine_module(__name__ + ".state", Path(__file__).with_name("state.py"))

SPEC = GameSpec(
    name="creepy_falls",
    title="Creepy Falls",
    game="tutor.games.creepy_falls.game:CreepyFallsGame",
    players=(2, 5),
    default_players=4,
    information="perfect",
    chance=True,
    rule_prefix="cf",
    citation="section",
    summary=(
        "Vampires place Ghouls, Mummies, Monsters, Werewolves and Witches on nine zones "
        "for six rounds to gather Blood and Souls."
    ),
    hooks=Hooks(),
)

__all__ = ["SPEC"]
