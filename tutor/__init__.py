"""Rules Tutor: step-by-step rules engines with explanation traces, for Jupyter.

``import tutor`` loads only the core (no widgets, no Plotly).  Start with
``tutor.load_game("mantis_falls", players=2)`` and ``game.new_state(seed=7)``.
"""

from tutor.core import (
    CHANCE,
    Action,
    Decision,
    Game,
    GameSpec,
    IllegalActionError,
    OptionError,
    RulesetError,
    ScenarioError,
    Session,
    SessionFileError,
    State,
    TraceEntry,
    TutorError,
    UnknownGameError,
    Verdict,
    game_specs,
    load_game,
    registered_games,
    spec_for,
)
from tutor.core.scenario import load_scenario
from tutor.core.teaching import TeachingScenario, load_teaching_scenario, teaching_scenarios

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Action",
    "Decision",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "OptionError",
    "RulesetError",
    "ScenarioError",
    "Session",
    "SessionFileError",
    "State",
    "TeachingScenario",
    "TraceEntry",
    "TutorError",
    "UnknownGameError",
    "Verdict",
    "game_specs",
    "load_game",
    "load_scenario",
    "load_teaching_scenario",
    "registered_games",
    "spec_for",
    "teaching_scenarios",
]
