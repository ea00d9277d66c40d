"""The doors of the kit: every file a user hands it is read and checked here before use.

Scenario files, saved sessions, card data and rulings all come in through the same
steps, so every game inherits the same guarantees:

1. :func:`read_text` reads the bytes and insists on UTF-8 text without control
   characters, naming the line and column of the first bad byte.
2. :func:`parse_yaml` / :func:`parse_json` parse it, naming the line and column of a
   syntax error, and refuse nesting too deep or aliases that expand too far.
3. :func:`check_tree` insists on plain data: text (or whole-number) keys, finite
   numbers, no dates or other YAML types.
4. :func:`check_schema` checks the shape against a JSON Schema (the game declares the
   parts only it knows), naming the key path, what was expected and what was found.
   A schema node may carry ``expected: <words>`` (validators ignore the keyword) to
   say what a good value is in the game's terms.
5. :func:`check_state` runs the game's own invariants on a state built from the file,
   then asks it what the tools ask (decision, legal actions, every view), so a state
   that breaks them is refused before anyone plays on it.  :func:`load_state` is the
   whole door for a saved state: the game's ``state_schema``, its ``state_from_dict``,
   then :func:`check_state`.

Every failure is a project error (the caller says which, usually an
:class:`~tutor.core.errors.InputFileError` subclass) naming the file, the key path,
what was expected and what was found.  Messages never quote the file beyond the
offending value, shortened.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from collections.abc import Callable, Collection, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from tutor.core.errors import TutorError

if TYPE_CHECKING:
    from tutor.core.game import Game, State

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Files larger than this are refused before they are read (nothing a user writes is)."""

MAX_NODES = 2_000_000
"""At most this many values in one file, counting every expansion of a YAML alias."""

ErrorType = Callable[[str, str, str, str], TutorError]
"""Builds the error to raise from (file, where, expected, found): ``RulesetError``,
``SessionFileError.at``, or a function making an ``OptionError``."""

# Characters YAML refuses (its reader's printable set, inverted); a tab, CR and LF pass.
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)


# libyaml's parser when PyYAML was built with it: several times faster on a deck of cards,
# with PyYAML's own safe constructor (the same plain values).  Text it refuses is parsed
# again by PyYAML's own parser, whose error positions and words the messages keep.
_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _safe_load(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_FAST_LOADER)
    except yaml.YAMLError:
        if _FAST_LOADER is yaml.SafeLoader:
            raise
        return yaml.load(text, Loader=yaml.SafeLoader)


def short(value: Any, limit: int = 60) -> str:
    """Return ``repr(value)`` cut to ``limit`` characters: how errors quote a value."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails still needs naming
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _line_col(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


def read_text(path: Path | str, error: ErrorType, what: str = "file") -> str:
    """Read a user's text file: UTF-8, no control characters, not too large.

    Args:
        path: the file.
        error: builds the error to raise (``RulesetError``, ``SessionFileError.at`` ...).
        what: what the file should be, for messages ("scenario file", "card file").

    Returns:
        The text, without a leading byte-order mark.

    Raises:
        TutorError: (made by ``error``) if the file is missing, a folder,
            unreadable, too large, not UTF-8, or holds a control character.
    """
    p = Path(path)
    try:
        if p.is_dir():
            raise error(str(p), "file", f"a {what}", "a folder")
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise error(
                str(p), "file", f"a {what} of at most {MAX_FILE_BYTES} bytes", f"{size} bytes"
            )
        data = p.read_bytes()
    except FileNotFoundError:
        raise error(str(p), "file", f"an existing {what}", "no such file") from None
    except OSError as exc:
        raise error(str(p), "file", f"a readable {what}", exc.strerror or str(exc)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        head = data[: exc.start].decode("utf-8", errors="replace")
        raise error(
            str(p),
            _line_col(head, len(head)),
            "UTF-8 text",
            f"the byte 0x{data[exc.start]:02x}",
        ) from None
    text = text.removeprefix("\ufeff")
    bad = _NOT_PRINTABLE.search(text)
    if bad is not None:
        raise error(
            str(p),
            _line_col(text, bad.start()),
            "printable text",
            f"the control character U+{ord(bad.group()):04X}",
        )
    return text


def parse_yaml(text: str, file: str, error: ErrorType) -> Any:
    """Parse YAML text safely (no Python objects), naming where a syntax error is.

    Raises:
        TutorError: (made by ``error``) for a syntax error (with line and
            column), nesting too deep, or aliases that expand beyond :data:`MAX_NODES`.
    """
    try:
        data = _safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "top level"
        problem = getattr(exc, "problem", None) or type(exc).__name__
        raise error(file, where, "valid YAML", f"a syntax error ({problem})") from None
    except RecursionError:
        raise error(file, "top level", "YAML nested a reasonable depth", "deeper") from None
    except (ValueError, OverflowError) as exc:  # e.g. a date out of range
        raise error(file, "top level", "YAML plain values", str(exc)[:80]) from None
    check_tree(data, file, error)
    return data


def parse_json(text: str, file: str, error: ErrorType) -> Any:
    """Parse JSON text, naming where a syntax error is; NaN and Infinity are refused.

    Raises:
        TutorError: (made by ``error``) for a syntax error (line and column),
            nesting too deep, or a non-finite number.
    """

    def no_constant(name: str) -> Any:
        raise ValueError(name)

    try:
        data = json.loads(text, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise error(
            file,
            f"line {exc.lineno}, column {exc.colno}",
            "valid JSON",
            f"a syntax error ({exc.msg})",
        ) from None
    except RecursionError:
        raise error(file, "top level", "JSON nested a reasonable depth", "deeper") from None
    except ValueError as exc:
        raise error(file, "top level", "finite numbers", str(exc)) from None
    check_tree(data, file, error)
    return data


def key_path(parts: Any, prefix: str = "") -> str:
    """Format a path of keys and indices as ``setup.players[1].hand[2]``."""
    out = prefix
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "top level"


def check_tree(data: Any, file: str, error: ErrorType, prefix: str = "") -> None:
    """Insist on plain data: text or whole-number keys, finite numbers, bounded size.

    YAML allows keys that are lists, booleans or nothing, and values such as dates;
    nothing in a Rules Tutor file needs them, and they break JSON and the schemas.

    Raises:
        TutorError: (made by ``error``) naming the first offending key path.
    """
    budget = [MAX_NODES]

    def walk(node: Any, path: list[Any]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise error(
                file, key_path(path, prefix), f"at most {MAX_NODES} values", "more (aliases?)"
            )
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, bool) or not isinstance(key, str | int):
                    raise error(
                        file,
                        key_path(path, prefix),
                        "keys that are text or whole numbers",
                        f"the key {short(key)}",
                    )
                walk(value, [*path, key])
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, [*path, i])
        elif isinstance(node, float) and not math.isfinite(node):
            raise error(file, key_path(path, prefix), "a finite number", short(node))
        elif node is not None and not isinstance(node, str | int | float | bool):
            raise error(
                file,
                key_path(path, prefix),
                "text, a number, true/false, a list or a mapping",
                f"a {type(node).__name__} {short(node)}",
            )

    try:
        walk(data, [])
    except RecursionError:
        raise error(file, prefix or "top level", "a reasonable depth", "deeper") from None


def _expected(err: Any) -> str:
    v, vv = err.validator, err.validator_value
    # A schema may say in its own words what a good value is (a keyword validators ignore).
    described = err.schema.get("expected") if isinstance(err.schema, dict) else None
    if described and v not in ("type", "required", "additionalProperties"):
        return str(described)
    if v == "enum":
        return f"one of {', '.join(map(repr, vv))}" if len(vv) <= 12 else f"one of {len(vv)} names"
    if v == "type":
        names = {
            "integer": "a whole number",
            "string": "text",
            "object": "a mapping",
            "array": "a list",
            "boolean": "true or false",
            "null": "nothing",
        }
        kinds = vv if isinstance(vv, list) else [vv]
        return " or ".join(names.get(k, f"a {k}") for k in kinds)
    if v == "required":
        return "keys " + ", ".join(repr(k) for k in vv)
    if v == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}), key=str)
        return f"only the keys {', '.join(allowed)}" if allowed else "no keys"
    if v == "minimum":
        return f"a number of at least {vv}"
    if v == "maximum":
        return f"a number of at most {vv}"
    if v is None:  # a `false` schema: nothing may stand here
        return "nothing here"
    if v == "minProperties":
        return f"at least {vv} key{'s' * (vv != 1)}"
    if v == "minItems":
        return f"at least {vv} item{'s' * (vv != 1)}"
    if v == "maxItems":
        return f"at most {vv} item{'s' * (vv != 1)}"
    if v == "uniqueItems":
        return "items that are all different"
    if v == "minLength":
        return "non-empty text" if vv == 1 else f"text of at least {vv} characters"
    if v == "const":
        return repr(vv)
    if v in ("oneOf", "anyOf"):
        return "one of the allowed forms"
    return f"{v} {short(vv)}"


def _found(err: Any) -> str:
    if err.validator == "required":
        missing = [k for k in err.validator_value if k not in err.instance]
        return f"no {', '.join(map(repr, missing))}"
    if err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})), key=str)
        named = ", ".join(short(k, 40) for k in extra[:3])
        more = f" and {len(extra) - 3} more" if len(extra) > 3 else ""
        return f"the key{'s' * (len(extra) > 1)} {named}{more}"
    if err.validator in ("minItems", "maxItems"):
        return f"{len(err.instance)} item{'s' * (len(err.instance) != 1)}"
    return short(err.instance)


_CHECKER_VERSION = 2
"""Part of every remembered verdict: raised whenever the checker's own rules change
(2: floats are not whole numbers), so nothing passes on an older verdict."""


def _whole_number(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=64)
def _validator(schema_text: str) -> Any:
    import jsonschema

    # JSON Schema counts 2.0 as an integer; a Rules Tutor file never means a count,
    # a seed or a player number as a float, and code downstream (range, indices) agrees.
    base = jsonschema.Draft202012Validator
    extend: Callable[..., Any] = jsonschema.validators.extend  # untyped in its stubs
    strict = extend(base, type_checker=base.TYPE_CHECKER.redefine("integer", _whole_number))
    return strict(json.loads(schema_text))


def _cache_file() -> Path:
    base = os.environ.get("TUTOR_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    return Path(base or Path.home() / ".cache") / "rules-tutor" / "validated.txt"


def _known_valid(fingerprint: str) -> bool:
    try:
        return fingerprint in _cache_file().read_text(encoding="ascii").split()
    except (OSError, UnicodeDecodeError):
        return False


def _remember_valid(fingerprint: str) -> None:
    path = _cache_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="ascii") as fh:
            fh.write(fingerprint + "\n")
    except OSError:
        pass  # a read-only home only costs the next load another validation


def check_schema(
    data: Any,
    schema: Mapping[str, Any],
    file: str,
    error: ErrorType,
    prefix: str = "",
    *,
    remember: bool = True,
) -> None:
    """Check ``data`` against a JSON Schema (draft 2020-12), naming the deepest problem.

    Data that already passed this exact schema is remembered by hash in the user's
    cache folder, because importing ``jsonschema`` costs seconds in a Jupyter
    environment; invalid data always gets the full check and a precise message.

    Args:
        data: plain data (already through :func:`check_tree`).
        schema: the schema, a mapping.
        file: the file's name for messages.
        error: builds the error to raise.
        prefix: the key path of ``data`` inside the file (``"setup"``, ``"initial"``).
        remember: look the data up in, and add it to, the cache of valid data; off
            for data that is new nearly every time (a saved session's state), which
            would only make the cache grow.

    Raises:
        TutorError: (made by ``error``) naming file, key path, expected, found.
    """
    schema_text = json.dumps(schema, sort_keys=True, default=str)
    fingerprint = ""
    if remember:
        blob = json.dumps([_CHECKER_VERSION, data, schema_text], default=str)
        fingerprint = hashlib.sha256(blob.encode()).hexdigest()
        if _known_valid(fingerprint):
            return
    import jsonschema

    errors = list(_validator(schema_text).iter_errors(data))
    if not errors:
        if remember:
            _remember_valid(fingerprint)
        return
    best = jsonschema.exceptions.best_match(errors)
    while best.context:  # descend into oneOf/anyOf for the most concrete problem
        best = jsonschema.exceptions.best_match(best.context)
    raise error(file, key_path(best.absolute_path, prefix), _expected(best), _found(best))


TRACE_KEYS = (
    "rule",
    "text",
    "actor",
    "kind",
    "changes",
    "visible_to",
    "public_text",
    "step",
    "phase",
    "public_rule",
)
TRACE_KINDS = ("action", "auto", "chance", "info")
TRACE_OPTIONAL_KEYS = ("cause", "standing", "sets")
"""Keys an entry may leave out: sessions saved before causes were recorded have none,
and an entry writes ``standing`` and ``sets`` only when it has them."""


def check_trace(
    entries: Any,
    num_players: int,
    file: str,
    error: ErrorType,
    where: str = "trace",
    *,
    rule_ok: Callable[[str], bool] | None = None,
    phases: Collection[str] | None = None,
) -> None:
    """Check a saved trace (``TraceEntry.to_dict`` items), as fast as a trace is long.

    Every game's trace has this shape, so a game's ``state_from_dict`` calls this for
    its trace instead of spelling it out in its ``state_schema`` (a JSON Schema
    validator takes a noticeable time over thousands of entries).

    Args:
        entries: the saved list.
        num_players: players are ``0 .. num_players - 1`` (``actor`` may also be -1).
        file: the file's name for messages.
        error: builds the error to raise.
        where: the key path of the list in the file.
        rule_ok: says whether a rule id is the game's (default: any non-empty text).
        phases: the game's phase names (default: any text).

    Raises:
        TutorError: (made by ``error``) naming the entry and key, expected and found.
    """
    if not isinstance(entries, list):
        raise error(file, where, "a list of trace entries", short(entries))
    keys = set(TRACE_KEYS)
    all_keys = keys | set(TRACE_OPTIONAL_KEYS)
    players = range(num_players)
    for i, entry in enumerate(entries):
        at = f"{where}[{i}]"
        if not isinstance(entry, dict):
            raise error(file, at, "a trace entry (a mapping)", short(entry))
        if not keys <= entry.keys() <= all_keys:
            missing = [k for k in TRACE_KEYS if k not in entry]
            if missing:
                raise error(
                    file, at, f"keys {', '.join(map(repr, TRACE_KEYS))}", f"no {missing[0]!r}"
                )
            extra = sorted(str(k) for k in entry if k not in all_keys)
            allowed = ", ".join(TRACE_KEYS + TRACE_OPTIONAL_KEYS)
            raise error(file, at, f"only the keys {allowed}", f"the key {extra[0]!r}")
        for key in ("cause", "standing"):
            cause = entry.get(key)
            if cause is not None and (
                isinstance(cause, bool) or not isinstance(cause, int) or not 0 <= cause < i
            ):
                raise error(
                    file, f"{at}.{key}", "nothing or the index of an earlier entry", short(cause)
                )
        if not isinstance(entry.get("sets", ""), str):
            raise error(
                file, f"{at}.sets", "the name of a standing fact, as text", short(entry["sets"])
            )
        rule = entry["rule"]
        if not isinstance(rule, str) or not rule or (rule_ok is not None and not rule_ok(rule)):
            raise error(file, f"{at}.rule", "a rule id of the game", short(rule))
        public = entry["public_rule"]
        if not isinstance(public, str) or (public and rule_ok is not None and not rule_ok(public)):
            raise error(file, f"{at}.public_rule", "a rule id of the game or ''", short(public))
        for key in ("text", "public_text"):
            if not isinstance(entry[key], str):
                raise error(file, f"{at}.{key}", "text", short(entry[key]))
        phase = entry["phase"]
        if not isinstance(phase, str) or (phases is not None and phase not in phases):
            raise error(file, f"{at}.phase", "one of the game's phases", short(phase))
        actor = entry["actor"]
        if actor is not None and (
            isinstance(actor, bool) or not isinstance(actor, int) or not -1 <= actor < num_players
        ):
            raise error(file, f"{at}.actor", "nothing or a player number", short(actor))
        if entry["kind"] not in TRACE_KINDS:
            raise error(
                file,
                f"{at}.kind",
                f"one of {', '.join(map(repr, TRACE_KINDS))}",
                short(entry["kind"]),
            )
        step = entry["step"]
        if isinstance(step, bool) or not isinstance(step, int) or step < 0:
            raise error(file, f"{at}.step", "a whole number of at least 0", short(step))
        seen = entry["visible_to"]
        if seen is not None:
            ok = isinstance(seen, list) and all(
                not isinstance(p, bool) and isinstance(p, int) and p in players for p in seen
            )
            if not ok:
                raise error(file, f"{at}.visible_to", "nothing or a list of players", short(seen))
        changes = entry["changes"]
        if not isinstance(changes, list):
            raise error(file, f"{at}.changes", "a list of [what, before, after]", short(changes))
        for k, change in enumerate(changes):
            if not (isinstance(change, list) and len(change) == 3 and isinstance(change[0], str)):
                raise error(
                    file, f"{at}.changes[{k}]", "a [what, before, after] triple", short(change)
                )


def check_state(
    game: Game, state: State, file: str, error: ErrorType, where: str = "state"
) -> None:
    """Refuse a state built from a file when it breaks the game's own invariants.

    A state that passed its schema can still be impossible (a card in two places, a
    position off the board); playing on from it would fail later and far away.  So
    the invariants run first, then the state is asked what a tool asks of it: the
    decision, the legal actions (at least one at a player's choice, at least one
    outcome at a chance step) and every player's view.

    Raises:
        TutorError: (made by ``error``) naming the first broken invariant, or what
            could not be asked of the state.
    """
    try:
        problems = game.check_invariants(state)
    except Exception as exc:  # an invariant that cannot even be evaluated is a broken state
        raise error(
            file, where, "a consistent position", f"one that cannot be checked ({short(exc)})"
        ) from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        first = problems[0] if len(problems[0]) <= 200 else problems[0][:197] + "..."
        raise error(file, where, "a consistent position", f"{first}{more}")
    check_playable(game, state, file, error, where)


def check_playable(
    game: Game, state: State, file: str, error: ErrorType, where: str = "state"
) -> None:
    """Refuse a state that the tools could not use: ask it what they ask.

    Raises:
        TutorError: (made by ``error``) when the decision, the legal actions, the
            chance outcomes or a player's view fail, or a decision offers nothing.
    """
    asked = "the decision"
    try:
        decision = state.decision
        asked = "the legal actions"
        legal = state.legal_actions()
        if decision.kind == "choice" and not legal:
            raise error(file, where, "a playable position", "a choice with no legal action")
        if decision.kind == "chance":
            asked = "the chance outcomes"
            if not state.chance_outcomes():
                raise error(file, where, "a playable position", "a chance step with no outcome")
        for player in [None, *range(game.num_players)]:
            asked = f"the view of player {player}" if player is not None else "the full view"
            state.view(player)
    except TutorError:
        raise
    except Exception as exc:  # whatever the engine raises, the file is what is wrong
        raise error(
            file, where, "a playable position", f"one where {asked} fails ({short(exc)})"
        ) from None


def load_state(game: Game, data: Any, file: str, error: ErrorType, where: str = "state") -> State:
    """Rebuild a saved state through the door: schema, rebuild, invariants, a probe.

    1. ``data`` must match the game's :attr:`~tutor.core.game.Game.state_schema`
       (every field's type and range, named by key path under ``where``);
    2. :meth:`~tutor.core.game.Game.state_from_dict` rebuilds it and checks what a
       schema cannot (its errors' key paths are joined to ``where``); anything else it
       raises is reported as a state that cannot be rebuilt;
    3. :func:`check_state` runs the game's invariants and asks the state what the
       tools ask (decision, legal actions, views).

    Raises:
        TutorError: (made by ``error``) naming file, key path, expected and found.
    """
    from tutor.core.errors import InputFileError

    check_tree(data, file, error, where)
    schema = game.state_schema
    if schema is not None:
        check_schema(data, schema, file, error, where, remember=False)
    elif not isinstance(data, dict):
        raise error(file, where, "a mapping", short(data))
    what = f"a saved {game.title} state"
    try:
        state = game.state_from_dict(data)
    except InputFileError as exc:
        inner = exc.where if exc.where not in ("", "top level") else ""
        path = f"{where}{inner if inner.startswith('[') else '.' + inner}" if inner else where
        raise error(file, path, exc.expected or what, exc.found or short(str(exc))) from None
    except TutorError as exc:
        raise error(file, where, what, short(str(exc), 120)) from None
    except Exception as exc:  # the game could not rebuild it: the file is what is wrong
        raise error(file, where, what, f"one that cannot be rebuilt ({short(exc)})") from None
    check_state(game, state, file, error, where)
    return state


def load_yaml_file(path: Path | str, error: ErrorType, what: str = "file") -> Any:
    """Read and parse a user's YAML file (steps 1-3 above).

    Raises:
        TutorError: (made by ``error``) naming the file and where.
    """
    return parse_yaml(read_text(path, error, what), str(path), error)


def load_json_file(path: Path | str, error: ErrorType, what: str = "file") -> Any:
    """Read and parse a user's JSON file (steps 1-3 above).

    Raises:
        TutorError: (made by ``error``) naming the file and where.
    """
    return parse_json(read_text(path, error, what), str(path), error)


__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "check_playable",
    "check_schema",
    "check_state",
    "check_trace",
    "check_tree",
    "key_path",
    "load_json_file",
    "load_state",
    "load_yaml_file",
    "parse_json",
    "parse_yaml",
    "read_text",
    "short",
]
