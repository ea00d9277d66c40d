"""Mantis (2 to 6 players): see a card's back, announce Score or Steal, turn it over.

Importing this package only declares the game (:data:`SPEC`); the engine is imported
when a game is loaded.  The engine (the ``engine/`` group) may be a compiled build; the
guard below makes sure a stale build is never used.
"""

from pathlib import Path

from tutor.core.native import guard_engine_group
from tutor.core.spec import GameSpec, Hooks

guard_engine_group(__name__ + ".engine", Path(__file__).with_name("engine"))

SPEC = GameSpec(
    name="mantis",
    title="Mantis",
    game="tutor.games.mantis.game:MantisGame",
    players=(2, 6),
    default_players=4,
    information="imperfect",
    chance=True,
    rule_prefix="mt",
    citation="section",
    summary="See the back of the top card, then Score it or Steal with it; ten scored cards win.",
    option_sets=({"lives": 2, "power_token": True, "rulings": {"failed_steal": "target_tank"}},),
    illustrative=False,
    hooks=Hooks(
        bots="tutor.games.mantis.bots:BOTS",
        evaluate="tutor.games.mantis.bots:evaluate",
        odds="tutor.games.mantis.odds",
        phases="tutor.games.mantis.engine.state:PHASES",
        picture="tutor.games.mantis.present.picture:picture",
        hands="tutor.games.mantis.present.odds_html:odds_table",
        cli_text="tutor.games.mantis.present.cli:write_view",
        facts="tutor.games.mantis.facts:FACTS",
        summary="tutor.games.mantis.facts:summary",
        outcome_categories="tutor.games.mantis.facts:OUTCOME_CATEGORIES",
        state_summary="tutor.games.mantis.facts:state_summary",
        tree_labels="tutor.games.mantis.facts:tree_label",
        charts="tutor.games.mantis.charts:CHARTS",
        quiz="tutor.games.mantis.quiz:score_or_steal_questions",
    ),
)

__all__ = ["SPEC"]
