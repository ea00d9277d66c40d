"""What-if scenario files: a game, options, a seed, setup overrides and plays.

A scenario is YAML with ``game``, optional ``options``, ``seed``, ``setup`` (keys each
game documents, applied after normal setup) and ``play`` (action labels applied in
order; chance steps in between are sampled from the seed).  The CLI, notebooks and
tests all load scenarios through :func:`load_scenario`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tutor.core.errors import IllegalActionError, ScenarioError, SessionFileError, TutorError
from tutor.core.game import load_game
from tutor.core.session import Session

_KEYS = {"game", "options", "seed", "setup", "play", "title", "description"}


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
    return session


def load_scenario(path: str | Path) -> Session:
    """Load a scenario file into a Session.

    Raises:
        SessionFileError: naming the file and what is wrong.
    """
    return build_scenario(read_scenario(path), str(path))
