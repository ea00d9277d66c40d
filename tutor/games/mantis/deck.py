"""Reading the Mantis deck file (``rulesets/mantis/deck.yaml``) into a :class:`DeckTable`.

The file comes in through the kit's one door (:func:`tutor.core.data.load_data_file`)
and is checked against ``rulesets/mantis/schema.yaml``; what a schema cannot say
(colour names unique, every colour named declared, a face among its back's colours)
is checked here, naming the file and the key path.  The parsed deck is cached by the
folder and the file's stamp, so an edited file is read again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tutor.core.data import files_stamp, load_data_file, rulesets_dir
from tutor.core.errors import RulesetError
from tutor.core.validation import short
from tutor.games.mantis.engine.table import DeckTable

DECK_FILE = "deck.yaml"
_CACHE: dict[str, tuple[tuple[Any, ...], DeckTable]] = {}


def load_deck(folder: Path | str | None = None) -> DeckTable:
    """Read and check the deck file of ``folder`` (default: ``rulesets/mantis``).

    Raises:
        RulesetError: naming the file, the key path, what was expected and what was found.
    """
    base = Path(folder) if folder else rulesets_dir() / "mantis"
    key = str(base)
    stamp = files_stamp(base, (DECK_FILE,))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    schema = rulesets_dir() / "mantis" / "schema.yaml"
    path, raw = load_data_file(base, DECK_FILE, schema, "deck_file", "deck file")
    table = deck_from_data(raw, str(path))
    _CACHE[key] = (stamp, table)
    return table


def deck_from_data(raw: dict[str, Any], file: str) -> DeckTable:
    """Build the deck from data already checked against the schema.

    Raises:
        RulesetError: for a repeated colour, an undeclared colour, or a face that is not
            one of its back's colours.
    """
    names = [str(c["name"]) for c in raw["colours"]]
    index: dict[str, int] = {}
    for i, name in enumerate(names):
        if name in index:
            raise RulesetError(file, f"colours[{i}].name", "a colour not named before", name)
        index[name] = i
    backs: list[tuple[list[int], list[int]]] = []
    seen: dict[tuple[int, ...], int] = {}
    for b, entry in enumerate(raw["backs"]):
        cols: list[int] = []
        for k, name in enumerate(entry["colours"]):
            if name not in index:
                raise RulesetError(
                    file, f"backs[{b}].colours[{k}]", f"one of {', '.join(names)}", short(name)
                )
            cols.append(index[name])
        combo = tuple(sorted(cols))
        if combo in seen:
            raise RulesetError(
                file,
                f"backs[{b}].colours",
                "a back not listed before",
                f"backs[{seen[combo]}] again",
            )
        seen[combo] = b
        faces: list[int] = []
        for k, name in enumerate(entry["faces"]):
            if name not in entry["colours"]:
                raise RulesetError(
                    file,
                    f"backs[{b}].faces[{k}]",
                    f"one of the back's colours ({', '.join(entry['colours'])})",
                    short(name),
                )
            faces.append(index[name])
        backs.append((cols, faces))
    hexes = [str(c["hex"]) for c in raw["colours"]]
    return DeckTable(names, hexes, backs, bool(raw["inferred"]))


__all__ = ["DECK_FILE", "deck_from_data", "load_deck"]
