"""Mantis Falls (2 players, or 3 with Triad; modules): hidden roles, roads, events, Last Gasps.

Importing this package only declares the game (:data:`SPEC`); the engine (the
``engine/`` package, one module per rule group) is imported when a game is loaded.  The
engine may be a compiled build (setup.py compiles the group listed under
``[tool.rules-tutor] compiled`` in pyproject.toml); the guard below makes sure a stale
build is never used: any edited module means the whole group runs from its source.
"""

from pathlib import Path

from tutor.core.native import guard_engine_group
from tutor.core.spec import GameSpec, Hooks

guard_engine_group(__name__ + ".engine", Path(__file__).with_name("engine"))

SPEC = GameSpec(
    name="mantis_falls",
    title="Mantis Falls",
    game="tutor.games.mantis_falls.game:MantisFallsGame",
    players=(2, 3),
    default_players=2,
    modules=("triad", "full_circle", "under_the_rose"),
    module_check="tutor.games.mantis_falls.modules:module_problem",
    information="imperfect",
    chance=True,
    rule_prefix="mf",
    citation="topic",
    summary=(
        "Hidden roles on a dark road: witnesses try to escape together, "
        "an assassin may be among them."
    ),
    hooks=Hooks(
        picture="tutor.games.mantis_falls.present.picture:picture",
        phases="tutor.games.mantis_falls.present.picture:PHASES",
        hands="tutor.games.mantis_falls.present.cards:table_cards",
        card_html="tutor.games.mantis_falls.present.cards:card_html",
        cli_text="tutor.games.mantis_falls.present.cli:write_view",
        editor="tutor.games.mantis_falls.editor:MantisFallsEditor",
        bots="tutor.games.mantis_falls.bots:BOTS",
        evaluate="tutor.games.mantis_falls.bots:evaluate",
        facts="tutor.games.mantis_falls.facts:FACTS",
        summary="tutor.games.mantis_falls.facts:summary",
        outcome_categories="tutor.games.mantis_falls.facts:OUTCOME_CATEGORIES",
        state_summary="tutor.games.mantis_falls.facts:state_summary",
        tree_labels="tutor.games.mantis_falls.facts:tree_label",
        charts="tutor.games.mantis_falls.charts:CHARTS",
        odds="tutor.games.mantis_falls.odds",
        flowcharts="tutor.games.mantis_falls.flowchart:FLOWCHARTS",
        compare_rows="tutor.games.mantis_falls.present.compare:rows",
    ),
)

__all__ = ["SPEC"]
