"""Mentis (two players): hidden stacks of tiles, a fragile King on his Hill, ranged captures.

Importing this package only declares the game (:data:`SPEC`); the engine
(``tutor.games.mentis.engine``) is imported when a game is loaded.  The engine may be a
compiled build (the ``engine/`` group); the guard below makes sure a stale build is
never used.
"""

from pathlib import Path

from tutor.core.native import guard_engine_group
from tutor.core.spec import GameSpec, Hooks

guard_engine_group(__name__ + ".engine", Path(__file__).with_name("engine"))

SPEC = GameSpec(
    name="mentis",
    title="Mentis",
    game="tutor.games.mentis.game:MentisGame",
    players=(2, 2),
    default_players=2,
    # With the default memory a player can place every tile (each one is seen on its way
    # to the board and followed after; the hand follows by counting): nothing is hidden
    # from a player who remembers.  The option memory="tops" hides covered enemy tiles;
    # the game's determinize and hidden_variants handle that case.
    information="perfect",
    chance=False,
    rule_prefix="me",
    citation="section",
    summary=(
        "Deploy, move and stack Spears, Trenchmen and Nobles on a 7x7 board; "
        "capture the enemy King on his Hill."
    ),
    modules=("wolf",),
    option_sets=({"memory": "tops"},),
    hooks=Hooks(
        picture="tutor.games.mentis.present.picture:picture",
        phases="tutor.games.mentis.present.picture:PHASES",
        cli_text="tutor.games.mentis.present.cli:write_view",
        bots="tutor.games.mentis.bots:BOTS",
        evaluate="tutor.games.mentis.bots:evaluate",
        facts="tutor.games.mentis.facts:FACTS",
        summary="tutor.games.mentis.facts:summary",
        outcome_categories="tutor.games.mentis.facts:OUTCOME_CATEGORIES",
        state_summary="tutor.games.mentis.facts:state_summary",
        charts="tutor.games.mentis.charts:CHARTS",
        odds="tutor.games.mentis.odds",
    ),
)

__all__ = ["SPEC"]
