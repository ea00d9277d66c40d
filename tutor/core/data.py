"""Loading ruleset data files (YAML) with schema validation and precise errors.

A broken card file must never end in a bare traceback: every problem becomes a
:class:`RulesetError` naming the file, the key path inside it, what was expected and
what was found.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from tutor.core.errors import RulesetError

_REPO_RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


def rulesets_dir() -> Path:
    """Return the folder holding every game's data (``rulesets/``).

    ``TUTOR_RULESETS`` in the environment overrides the default, which is the
    ``rulesets/`` folder at the top of the repository.
    """
    override = os.environ.get("TUTOR_RULESETS")
    return Path(override) if override else _REPO_RULESETS


def load_yaml(path: Path | str) -> Any:
    """Read a YAML file.

    Raises:
        RulesetError: if the file is missing or is not valid YAML (with line and column).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError(str(p), "file", "an existing file", "no such file") from None
    except OSError as exc:
        raise RulesetError(str(p), "file", "a readable file", str(exc)) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "top"
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesetError(str(p), where, "valid YAML", str(problem)) from None


def key_path(parts: Any) -> str:
    """Format a jsonschema path deque as ``cards[3].effects[0].do``."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "top level"


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _expected(error: Any) -> str:
    v, vv = error.validator, error.validator_value
    if v == "enum":
        return f"one of {list(vv)}"
    if v == "type":
        return f"a value of type {vv}"
    if v == "required":
        return "keys " + ", ".join(repr(k) for k in vv)
    if v == "additionalProperties":
        return "only the documented keys"
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{v} {vv}"
    if v in ("minItems", "maxItems", "minLength", "maxLength", "pattern", "const"):
        return f"{v} {_short(vv)}"
    if v in ("oneOf", "anyOf"):
        return "one of the allowed forms"
    return f"{v} {_short(vv)}"


def _found(error: Any) -> str:
    if error.validator in ("required", "additionalProperties"):
        return str(error.message)
    return _short(error.instance)


@lru_cache(maxsize=32)
def _schema(path: str) -> dict[str, Any]:
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise RulesetError(path, "top level", "a schema mapping", type(data).__name__)
    return data


def _cache_file() -> Path:
    base = os.environ.get("TUTOR_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    return Path(base or Path.home() / ".cache") / "rules-tutor" / "validated.txt"


def _fingerprint(data: Any, schema_file: Path | str, definition: str) -> str:
    blob = json.dumps([data, definition, _schema(str(schema_file))], default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def _known_valid(fingerprint: str) -> bool:
    try:
        return fingerprint in _cache_file().read_text(encoding="ascii").split()
    except OSError:
        return False


def _remember_valid(fingerprint: str) -> None:
    path = _cache_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="ascii") as fh:
            fh.write(fingerprint + "\n")
    except OSError:
        pass  # a read-only home only costs the next load another validation


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
    # Importing jsonschema costs seconds in a Jupyter environment, so content that
    # already passed this exact schema is remembered (by hash) in a small cache file.
    fingerprint = _fingerprint(data, schema_file, definition)
    if _known_valid(fingerprint):
        return
    import jsonschema

    root = _schema(str(schema_file))
    if definition not in root.get("$defs", {}):
        raise RulesetError(str(schema_file), f"$defs.{definition}", "a definition", "nothing")
    schema = {**root, "$ref": f"#/$defs/{definition}"}
    validator = jsonschema.Draft202012Validator(schema)
    errors = list(validator.iter_errors(data))
    if not errors:
        _remember_valid(fingerprint)
        return
    best = jsonschema.exceptions.best_match(errors)
    # Descend into oneOf/anyOf to name the deepest concrete problem.
    while best.context:
        best = jsonschema.exceptions.best_match(best.context)
    raise RulesetError(str(file), key_path(best.absolute_path), _expected(best), _found(best))


def load_validated(path: Path | str, schema_file: Path | str, definition: str) -> Any:
    """Load a YAML file and validate it.

    Raises:
        RulesetError: if the file is missing, not YAML, or does not match the schema.
    """
    data = load_yaml(path)
    validate(data, schema_file, definition, path)
    return data
