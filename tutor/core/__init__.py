"""Game-agnostic machinery shared by every game: types, State/Game API, sessions, data.

Nothing here imports a game package, widgets or Plotly, so ``import tutor`` stays fast
and works in a plain terminal.
"""

from tutor.core.errors import (
    IllegalActionError,
    OptionError,
    ProgressStoreError,
    RulesetError,
    SaveError,
    ScenarioError,
    SessionFileError,
    TutorError,
    UnknownGameError,
)
from tutor.core.game import (
    Game,
    PlayStats,
    State,
    StepLimitReached,
    game_class,
    load_game,
    random_playout,
    registered_games,
)
from tutor.core.rng import Rng
from tutor.core.rules import RuleBook
from tutor.core.session import Session
from tutor.core.spec import GameSpec, Hooks, game_specs, register_spec, spec_for
from tutor.core.types import CHANCE, Action, Decision, TraceEntry, Verdict

__all__ = [
    "CHANCE",
    "Action",
    "Decision",
    "Game",
    "IllegalActionError",
    "OptionError",
    "Rng",
    "RuleBook",
    "RulesetError",
    "ProgressStoreError",
    "SaveError",
    "ScenarioError",
    "Session",
    "SessionFileError",
    "PlayStats",
    "State",
    "StepLimitReached",
    "TraceEntry",
    "TutorError",
    "UnknownGameError",
    "Verdict",
    "game_class",
    "load_game",
    "random_playout",
    "GameSpec",
    "Hooks",
    "game_specs",
    "register_spec",
    "registered_games",
    "spec_for",
]
