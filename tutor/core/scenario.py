"""What-if scenario files: a game, options, a seed, setup overrides and plays.

A scenario is YAML with ``game``, optional ``options``, ``seed``, ``setup`` (keys each
game documents, applied after normal setup) and ``play`` (action labels applied in
order; chance steps in between are sampled from the seed).  The CLI, notebooks and
tests all load scenarios through :func:`load_scenario`; the what-if explorer writes
them back with :func:`scenario_from_session` and :func:`save_scenario`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import yaml

from tutor.core.data import project_path
from tutor.core.errors import (
    IllegalActionError,
    SaveError,
    ScenarioError,
    SessionFileError,
    TutorError,
    UnknownGameError,
)
from tutor.core.game import (
    game_class,
    load_game,
    options_with_full_paths,
    path_options,
    registered_games,
)
from tutor.core.savefile import write_text_atomic
from tutor.core.session import Session
from tutor.core.types import CHANCE
from tutor.core.validation import check_schema, check_state, check_tree, load_yaml_file

_ORDER = ("game", "title", "description", "options", "seed", "setup", "play")
_KEYS = set(_ORDER)

SEED_MAX = (1 << 64) - 1

SCENARIO_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string", "minLength": 1},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "options": {"type": ["object", "null"]},
        "seed": {"type": "integer", "minimum": 0, "maximum": SEED_MAX},
        "setup": {"type": ["object", "null"]},
        "play": {"type": ["array", "null"], "items": {"type": "string"}},
    },
}
"""The shape every game's scenario shares; the game checks its own ``options`` and
``setup`` (``Game.options_schema``, ``Game.setup_schema``, ``Game.apply_setup``)."""


def read_scenario(path: str | Path) -> dict[str, Any]:
    """Read a scenario file and check its shape.

    A relative path is looked up from the working folder, then from the top of the
    checkout (:func:`~tutor.core.data.project_path`), so the examples the docs give
    (``tests/scenarios/...``) also load from a notebook in ``notebooks/``.

    Raises:
        SessionFileError: if the file is missing, not UTF-8, not YAML, or not shaped
            like a scenario, naming the key path, what was expected and what was found.
    """
    path = project_path(path)
    data = load_yaml_file(path, SessionFileError.at, "scenario file")
    check_schema(data, SCENARIO_SCHEMA, str(path), SessionFileError.at)
    return cast(dict[str, Any], data)


def build_scenario(
    data: dict[str, Any], source: str = "<scenario>", folder: Path | None = None
) -> Session:
    """Build a Session from a scenario mapping.

    The mapping is checked as a file would be (shape, the game's options, its setup
    keys, then the game's invariants on the position the setup leaves), so a mapping
    built in a notebook gets the same clear errors.  A relative path in an option that
    names a file or folder (:func:`path_options`: a user's own card files) is read from
    ``folder``, the scenario file's folder, so a scenario finds its cards from wherever
    it is run; without ``folder``, from the working folder.

    Raises:
        SessionFileError: if the game, options, setup or a play cannot be applied; the
            message names the key path or the play index.
    """
    check_tree(data, source, SessionFileError.at)
    check_schema(data, SCENARIO_SCHEMA, source, SessionFileError.at)
    name = data["game"]
    try:
        cls = game_class(name)
    except UnknownGameError:
        raise SessionFileError.at(
            source, "game", f"one of {', '.join(registered_games())}", repr(name)
        ) from None
    options = dict(data.get("options") or {})
    if cls.options_schema is not None:
        check_schema(options, cls.options_schema, source, SessionFileError.at, "options")
    for key in path_options(cls) if folder is not None else ():
        if key in options and not Path(options[key]).expanduser().is_absolute():
            options[key] = str(folder / options[key])
    try:
        game = load_game(name, **options)
    except TutorError as exc:
        raise SessionFileError(source, f"at options: {exc}", "options") from None
    state = game.new_state(seed=data.get("seed", 0))
    try:
        game.apply_setup(state, data.get("setup") or {})
    except ScenarioError as exc:
        raise SessionFileError(
            source, f"at {exc.where}: {exc.problem}", exc.where, exc.expected, exc.found
        ) from None
    except TutorError as exc:
        raise SessionFileError(source, f"at setup: {exc}", "setup") from None
    check_state(game, state, source, SessionFileError.at, "setup")
    session = Session(state)
    for i, label in enumerate(data.get("play") or []):
        session.advance_automatic()
        try:
            session.play(label)
        except IllegalActionError as exc:
            raise SessionFileError(
                source, f"at play[{i}] {label!r}: {exc.reason}", f"play[{i}]"
            ) from None
    session.advance_automatic()
    session.cursor = len(session.state.trace)
    session.mark_start()
    return session


def load_scenario(path: str | Path) -> Session:
    """Load a scenario file into a Session.

    Raises:
        SessionFileError: naming the file and what is wrong.
    """
    found = project_path(path)
    return build_scenario(read_scenario(found), str(path), found.resolve().parent)


def scenario_from_session(
    session: Session,
    setup: dict[str, Any] | None = None,
    seed: int = 0,
    *,
    title: str | None = None,
    description: str | None = None,
) -> dict[str, Any]:
    """Describe a session as a scenario mapping: game, options, seed, setup and play.

    ``setup`` and ``seed`` must be the ones that built the session's starting state
    (the session itself does not know them); ``play`` lists the labels of the
    decisions taken since, so :func:`build_scenario` replays the same game.

    Raises:
        ScenarioError: when the session's moves cannot be written as plays: it does not
            take chance steps and forced choices by itself, or a chance outcome was
            picked by hand (a scenario's chance steps always come from its seed).
    """
    if not (session.auto_chance and session.auto_forced):
        raise ScenarioError(
            "play",
            "only a session that takes chance steps and forced choices by itself can be "
            "saved as a scenario",
        )
    plays = []
    for i, action in enumerate(session.decisions):
        if action.player == CHANCE:
            raise ScenarioError(
                f"play[{i}]",
                f"the chance outcome {action.label!r} was picked by hand; a scenario draws "
                "chance outcomes from its seed",
            )
        plays.append(action.label)
    data: dict[str, Any] = {"game": session.game.name}
    if title:
        data["title"] = title
    if description:
        data["description"] = description
    if session.game.options:
        data["options"] = options_with_full_paths(session.game)
    data["seed"] = int(seed)
    data["setup"] = dict(setup or {})
    if plays:
        data["play"] = plays
    return data


def scenario_to_yaml(data: dict[str, Any]) -> str:
    """Write a scenario mapping as YAML text in the documented key order.

    Raises:
        ScenarioError: if the mapping has no ``game`` or a key scenario files do not allow.
    """
    if not isinstance(data, dict) or "game" not in data:
        raise ScenarioError("game", "a scenario needs a 'game' key")
    unknown = set(data) - _KEYS
    if unknown:
        raise ScenarioError(
            "scenario", f"unknown top-level keys {sorted(unknown)}; allowed: {sorted(_KEYS)}"
        )
    ordered = {key: data[key] for key in _ORDER if key in data}
    text: str = yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, width=100)
    return text


def save_scenario(data: dict[str, Any], path: str | Path) -> None:
    """Save a scenario mapping as a YAML file (atomically: a failed save keeps the old file).

    Written like a saved session (:func:`tutor.core.savefile.write_text_atomic`: a
    temporary file, flushed and synced, then renamed over the old one).

    Raises:
        ScenarioError: if the mapping is not a valid scenario (see :func:`scenario_to_yaml`).
        SessionFileError: if the file cannot be written ("cannot write: <why>"), as the
            what-if explorer expects; no temporary file is left behind.
    """
    text = scenario_to_yaml(data)
    try:
        write_text_atomic(path, text)
    except SaveError as exc:
        raise SessionFileError(exc.file, f"cannot write: {exc.problem}") from None
