"""Loading ruleset data files (YAML) with schema validation and precise errors.

A broken card file must never end in a bare traceback: every problem becomes a
:class:`RulesetError` naming the file, the key path inside it, what was expected and
what was found.  The reading and checking steps are the kit's shared doors
(:mod:`tutor.core.validation`); this module adds where ruleset files live, how a
game's loader names a file inside a data folder (:func:`resolve_inside`, so a user's
folder can only hand over files that really lie in it) and loading a data file
against the project's own schema (:func:`load_data_file`: a user's folder never
brings a schema of its own).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Any

from tutor.core.errors import RulesetError
from tutor.core.validation import check_schema, key_path, load_yaml_file, short

_REPO_RULESETS = Path(__file__).resolve().parents[2] / "rulesets"
_CONTROL = re.compile("[\x00-\x1f\x7f]")


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


def resolve_inside(folder: Path | str, name: str, what: str = "data file") -> Path:
    """Return the path of the file ``name`` in ``folder``, refusing one that leads outside it.

    Every game's data loader names its files through this.  The folder itself may be
    anywhere (relative, absolute, a link); what it hands over must lie inside it:
    ``name`` is a plain relative path (not absolute, no ``..``), and once every symbolic
    link is followed the file is still inside the folder (itself followed too).  Whether
    the file exists is left to the reading door, which says so in its own words.

    Args:
        folder: the data folder (a user's deck, or ``rulesets/<game>``).
        name: the file's name inside it (``actions.yaml``).
        what: what the file is, for messages (``"card file"``).

    Returns:
        ``folder / name`` as given, so messages name the path the user knows.

    Raises:
        RulesetError: if the folder is missing or not a folder, or the file's name or
            a link leads outside the folder.
    """
    base = Path(folder)
    path = base / name
    if _CONTROL.search(str(path)):
        raise RulesetError(
            short(str(path)), "file", f"a path to a {what}", "a control character in the path"
        )
    inside = f"a {what} inside the folder {short(str(base))}"
    relative = PurePath(name)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise RulesetError(str(path), "file", inside, f"the name {short(name)}")
    try:
        if not base.is_dir():
            found = "a file" if base.exists() else "no such folder"
            raise RulesetError(str(base), "folder", f"a folder holding {what}s", found)
        real_base = base.resolve(strict=True)
        real = path.resolve()
    except RuntimeError:  # Python 3.11 reports a link loop this way
        raise RulesetError(str(path), "file", f"a {what}", "a link that loops") from None
    except OSError as exc:
        problem = exc.strerror or type(exc).__name__
        raise RulesetError(str(path), "file", f"a readable {what}", problem) from None
    if not real.is_relative_to(real_base):
        raise RulesetError(str(path), "file", inside, "a link to a file outside it")
    return path


def files_stamp(folder: Path | str, names: Iterable[str]) -> tuple[Any, ...]:
    """What changes when a file of ``folder`` changes: size, time and identity of each.

    A loader that keeps parsed data (a deck of cards) compares stamps to know when to
    read the files again; a file that cannot be looked at stamps as ``None``, so the
    next load reads it and reports the problem.
    """
    out: list[Any] = []
    for name in names:
        try:
            st = os.stat(Path(folder) / name)
            out.append((st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev))
        except (OSError, ValueError):
            out.append(None)
    return tuple(out)


def load_yaml(path: Path | str, what: str = "data file") -> Any:
    """Read a YAML data file (UTF-8, no control characters, plain values).

    Raises:
        RulesetError: if the file is missing, unreadable, not UTF-8 or not valid YAML
            (with line and column).
    """
    return load_yaml_file(path, RulesetError, what)


@lru_cache(maxsize=32)
def _schema(path: str) -> dict[str, Any]:
    data = load_yaml(path, "schema file")
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


def load_validated(
    path: Path | str, schema_file: Path | str, definition: str, what: str = "data file"
) -> Any:
    """Load a YAML file and validate it.

    Raises:
        RulesetError: if the file is missing, not YAML, or does not match the schema.
    """
    data = load_yaml(path, what)
    validate(data, schema_file, definition, path)
    return data


def load_data_file(
    folder: Path | str, name: str, schema_file: Path | str, definition: str, what: str
) -> tuple[Path, Any]:
    """Read the data file ``name`` of ``folder`` through the door, against the project's schema.

    The one way a game loads a data file from a folder a user may hand it: the name is
    resolved inside the folder (:func:`resolve_inside`), the text is read and parsed
    by the shared door (UTF-8, no control characters, plain data) and checked against
    ``$defs/<definition>`` of ``schema_file``, which the game names from the project's
    ``rulesets/`` (a schema lying in the user's folder is never read).  What a schema
    cannot say, the game checks next, naming the same file.

    Returns:
        The file's path (as given) and its data.

    Raises:
        RulesetError: naming the file, the key path, what was expected and what was found.
    """
    path = resolve_inside(folder, name, what)
    return path, load_validated(path, schema_file, definition, what)


__all__ = [
    "files_stamp",
    "key_path",
    "load_data_file",
    "load_validated",
    "load_yaml",
    "resolve_inside",
    "rulesets_dir",
    "validate",
]
