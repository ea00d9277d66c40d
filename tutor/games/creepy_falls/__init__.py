"""Creepy Falls (2-5 players): vampires place monster armies on a city's nine zones.

Importing this package only declares the game (:data:`SPEC`); the engine is imported
when a game is loaded.  The engine (the ``engine/`` group) may be a compiled build; the
guard below makes sure a stale build is never used.
"""

from pathlib import Path

from tutor.core.native import guard_engine_group
from tutor.core.spec import GameSpec, Hooks

guard_engine_group(__name__ + ".engine", Path(__file__).with_name("engine"))

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
    hooks=Hooks(
        picture="tutor.games.creepy_falls.present.picture:picture",
        phases="tutor.games.creepy_falls.present.picture:PHASES",
        cli_text="tutor.games.creepy_falls.present.cli:write_view",
        bots="tutor.games.creepy_falls.bots:BOTS",
        evaluate="tutor.games.creepy_falls.bots:evaluate",
        facts="tutor.games.creepy_falls.facts:FACTS",
        summary="tutor.games.creepy_falls.facts:summary",
        outcome_categories="tutor.games.creepy_falls.facts:OUTCOME_CATEGORIES",
        state_summary="tutor.games.creepy_falls.facts:state_summary",
        charts="tutor.games.creepy_falls.charts:CHARTS",
    ),
)

__all__ = ["SPEC"]
