"""Loading ruleset data files (YAML) with schema validation and precise errors.

A broken card file must never end in a bare traceback: every problem becomes a
:class:`RulesetError` naming the file, the key path inside it, what was expected and
what was found.  The reading and checking steps are the kit's shared doors
(:mod:`tutor.core.validation`); this module adds where ruleset files live.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from tutor.core.errors import RulesetError
from tutor.core.validation import check_schema, key_path, load_yaml_file

_REPO_RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


def rulesets_dir() -> Path:
    """Return the folder holding every game's data (``rulesets/``).

    ``TUTOR_RULESETS`` in the environment overrides the default, which is the
    ``rulesets/`` folder at the top of the repository.
    """
    override = os.environ.get("TUTOR_RULESETS")
    return Path(override) if override else _REPO_RULESETS


def project_path(path: str | Path) -> Path:
    """A file named relative to the top of the checkout, found from any working folder.

    Docs and scripts name files from the top of the repository
    (``tests/scenarios/...``); a notebook runs in ``notebooks/<game>/``.  A relative
    path that does not exist from the working folder but does from the checkout's top
    is taken from there; anything else (absolute paths, files found as given, files
    found nowhere) is returned unchanged, so errors still name what the user typed.
    """
    given = Path(path)
    if given.is_absolute() or given.exists():
        return given
    from_top = _REPO_RULESETS.parent / given
    return from_top if from_top.exists() else given


def load_yaml(path: Path | str) -> Any:
    """Read a YAML data file (UTF-8, no control characters, plain values).

    Raises:
        RulesetError: if the file is missing, unreadable, not UTF-8 or not valid YAML
            (with line and column).
    """
    return load_yaml_file(path, RulesetError, "data file")


@lru_cache(maxsize=32)
def _schema(path: str) -> dict[str, Any]:
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise RulesetError(path, "top level", "a schema mapping", type(data).__name__)
    return data


def validate(data: Any, schema_file: Path | str, definition: str, file: Path | str) -> None:
    """Validate ``data`` against ``$defs/<definition>`` of a schema file.

    Args:
        data: the parsed YAML.
        schema_file: the schema document (JSON Schema 2020-12 written in YAML).
        definition: the name of the definition under ``$defs`` to validate against.
        file: the data file's path, for the error message.

    Raises:
        RulesetError: naming file, key path, expected and found, for the most
            specific problem found.
    """
    root = _schema(str(schema_file))
    if definition not in root.get("$defs", {}):
        raise RulesetError(str(schema_file), f"$defs.{definition}", "a definition", "nothing")
    check_schema(data, {**root, "$ref": f"#/$defs/{definition}"}, str(file), RulesetError)


def load_validated(path: Path | str, schema_file: Path | str, definition: str) -> Any:
    """Load a YAML file and validate it.

    Raises:
        RulesetError: if the file is missing, not YAML, or does not match the schema.
    """
    data = load_yaml(path)
    validate(data, schema_file, definition, path)
    return data


__all__ = ["key_path", "load_validated", "load_yaml", "rulesets_dir", "validate"]
