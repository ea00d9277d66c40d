"""Teaching scenarios: the positions a game's notebooks and workshops put on the table.

Why this exists: notebooks hold no logic and no file paths.  Each game keeps its
teaching positions as ordinary scenario files (DESIGN.md format) in
``rulesets/<game>/scenarios/*.yaml``; a notebook lists them with
:func:`teaching_scenarios` and loads one by name with :func:`load_teaching_scenario`,
which returns the same :class:`~tutor.core.session.Session` that
:func:`~tutor.core.scenario.load_scenario` builds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.core.data import rulesets_dir
from tutor.core.errors import SessionFileError
from tutor.core.game import game_class
from tutor.core.scenario import load_scenario, read_scenario
from tutor.core.session import Session


@dataclass(frozen=True)
class TeachingScenario:
    """One of a game's teaching positions (a scenario file in its ruleset folder).

    Attributes:
        game: the game the scenario is for.
        name: the file name without ``.yaml``; what notebooks ask for.
        title: the scenario's ``title`` (the name when the file has none).
        description: the scenario's ``description`` on one line (may be empty).
        path: the file.
    """

    game: str
    name: str
    title: str
    description: str
    path: Path

    def load(self) -> Session:
        """Build a fresh Session from this scenario.

        Raises:
            SessionFileError: if the file cannot be read or played.
        """
        return load_scenario(self.path)


def scenarios_dir(game: str) -> Path:
    """Return the folder of ``game``'s teaching scenarios (it may not exist)."""
    return rulesets_dir() / game / "scenarios"


def teaching_scenarios(game: str) -> list[TeachingScenario]:
    """List the teaching scenarios shipped with ``game``, sorted by name.

    They are the ``*.yaml`` files of ``rulesets/<game>/scenarios/`` (none when the
    folder does not exist).

    Raises:
        UnknownGameError: if no game has that name.
        SessionFileError: if a file there is not a scenario, or is one for another game.
    """
    game_class(game)  # an unknown game fails here, listing the registered ones
    found = []
    for path in sorted(scenarios_dir(game).glob("*.yaml")):
        data = read_scenario(path)
        if data["game"] != game:
            raise SessionFileError(str(path), f"is a scenario for {data['game']!r}, not {game!r}")
        found.append(
            TeachingScenario(
                game=game,
                name=path.stem,
                title=str(data.get("title") or path.stem),
                description=" ".join(str(data.get("description") or "").split()),
                path=path,
            )
        )
    return found


def load_teaching_scenario(game: str, name: str) -> Session:
    """Load one of ``game``'s teaching scenarios by name (the file name without ``.yaml``).

    Raises:
        UnknownGameError: if no game has that name.
        SessionFileError: if there is no such scenario (the message lists those that
            exist) or it cannot be played.
    """
    scenarios = teaching_scenarios(game)
    for scenario in scenarios:
        if scenario.name == name:
            return scenario.load()
    names = ", ".join(s.name for s in scenarios) or "none"
    raise SessionFileError(
        str(scenarios_dir(game) / f"{name}.yaml"),
        f"no teaching scenario named {name!r}; {game} has: {names}",
    )


__all__ = ["TeachingScenario", "load_teaching_scenario", "scenarios_dir", "teaching_scenarios"]
