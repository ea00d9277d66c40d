"""Manos: The Cards of Fate: the Family against Manos, with the standard rules as modules.

Importing this package only declares the game (:data:`SPEC`); the engine is imported
when a game is loaded.  The engine (the ``engine/`` group) may be a compiled build; the
guard below makes sure a stale build is never used.  The card data and character stats
are the project's own illustrative design (nothing beyond the rulebook is public).
"""

from pathlib import Path

from tutor.core.native import guard_engine_group
from tutor.core.spec import GameSpec, Hooks

guard_engine_group(__name__ + ".engine", Path(__file__).with_name("engine"))

SPEC = GameSpec(
    name="manos",
    title="Manos: The Cards of Fate",
    game="tutor.games.manos.game:ManosGame",
    players=(2, 2),
    default_players=2,
    information="imperfect",
    chance=True,
    rule_prefix="mn",
    citation="section",
    summary=(
        "The Family searches the desert for four Escape cards while Manos challenges "
        "them until all three are captured."
    ),
    modules=("police", "showdown"),
    module_check="tutor.games.manos.game:module_problem",
    hooks=Hooks(
        picture="tutor.games.manos.present.picture:picture",
        phases="tutor.games.manos.present.picture:PHASES",
        hands="tutor.games.manos.present.cards:table_cards",
        card_html="tutor.games.manos.present.cards:card_html",
        cli_text="tutor.games.manos.present.cli:write_view",
        bots="tutor.games.manos.bots:BOTS",
        evaluate="tutor.games.manos.bots:evaluate",
        odds="tutor.games.manos.odds",
        facts="tutor.games.manos.facts:FACTS",
        summary="tutor.games.manos.facts:summary",
        outcome_categories="tutor.games.manos.facts:OUTCOME_CATEGORIES",
        state_summary="tutor.games.manos.facts:state_summary",
        tree_labels="tutor.games.manos.facts:tree_label",
        charts="tutor.games.manos.charts:CHARTS",
        compare_rows="tutor.games.manos.present.compare:rows",
    ),
    illustrative=True,
)

__all__ = ["SPEC"]
