"""What-if scenario files: a game, options, a seed, setup overrides and plays.

A scenario is YAML with ``game``, optional ``options``, ``seed``, ``setup`` (keys each
game documents, applied after normal setup) and ``play`` (action labels applied in
order; chance steps in between are sampled from the seed).  The CLI, notebooks and
tests all load scenarios through :func:`load_scenario`; the what-if explorer writes
them back with :func:`scenario_from_session` and :func:`save_scenario`.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from tutor.core.errors import IllegalActionError, ScenarioError, SessionFileError, TutorError
from tutor.core.game import load_game
from tutor.core.session import Session
from tutor.core.types import CHANCE

_KEYS = {"game", "options", "seed", "setup", "play", "title", "description"}
_ORDER = ("game", "title", "description", "options", "seed", "setup", "play")


def read_scenario(path: str | Path) -> dict[str, Any]:
    """Read and check the top level of a scenario file.

    Raises:
        SessionFileError: if the file is missing, not YAML, or has unknown keys.
    """
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SessionFileError(str(p), f"cannot read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise SessionFileError(str(p), f"not valid YAML{where}") from None
    if not isinstance(data, dict):
        raise SessionFileError(str(p), "a scenario must be a mapping with a 'game' key")
    unknown = set(data) - _KEYS
    if unknown:
        raise SessionFileError(
            str(p), f"unknown top-level keys {sorted(unknown)}; allowed: {sorted(_KEYS)}"
        )
    if "game" not in data:
        raise SessionFileError(str(p), "missing key 'game'")
    return data


def build_scenario(data: dict[str, Any], source: str = "<scenario>") -> Session:
    """Build a Session from a scenario mapping.

    Raises:
        SessionFileError: if the game, options, setup or a play cannot be applied; the
            message names the key or the play index.
    """
    try:
        game = load_game(str(data["game"]), **dict(data.get("options") or {}))
        state = game.new_state(seed=int(data.get("seed", 0)))
        game.apply_setup(state, dict(data.get("setup") or {}))
    except ScenarioError as exc:
        raise SessionFileError(source, str(exc)) from None
    except TutorError as exc:
        raise SessionFileError(source, str(exc)) from None
    session = Session(state)
    for i, label in enumerate(data.get("play") or []):
        session.advance_automatic()
        try:
            session.play(str(label))
        except IllegalActionError as exc:
            raise SessionFileError(source, f"play[{i}] {label!r}: {exc.reason}") from None
    session.advance_automatic()
    session.cursor = len(session.state.trace)
    session.mark_start()
    return session


def load_scenario(path: str | Path) -> Session:
    """Load a scenario file into a Session.

    Raises:
        SessionFileError: naming the file and what is wrong.
    """
    return build_scenario(read_scenario(path), str(path))


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
        data["options"] = dict(session.game.options)
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

    Raises:
        ScenarioError: if the mapping is not a valid scenario (see :func:`scenario_to_yaml`).
        SessionFileError: if the file cannot be written.
    """
    text = scenario_to_yaml(data)
    target = Path(path)
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".scenario-", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)
        raise SessionFileError(str(target), f"cannot write: {exc.strerror or exc}") from None
