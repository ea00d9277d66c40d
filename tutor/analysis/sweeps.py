"""House-rule sweeps: the same games under each switchable ruling, side by side.

Why this exists: a rulings file records, for every gap in a rulebook, the answer the
engine plays and the alternatives a group might prefer.  The ones marked
``engine_option: true`` are real switches ("phones reach across the grid",
"a Last Gasp play may not be empty").  A workshop asks "does that change who wins?";
:func:`house_rule_sweep` answers by playing the same seeds (common random numbers)
under the default rules and under each alternative, and
:func:`tutor.charts.win_rate_by_option` draws the win rates with error bars.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tutor.analysis.simulation import Row, sweep
from tutor.core.errors import TutorError
from tutor.core.game import load_game

DEFAULT_LABEL = "default rules"
"""The variant label of the games played with every ruling at its default."""


def house_rule_options(game_name: str) -> list[dict[str, Any]]:
    """The rulings of a game that can be switched, with their options.

    A ruling counts when the engine implements its options (``engine_option: true`` in
    ``rulings.yaml``) and it offers more than one.

    Returns:
        ``[{id, question, default, options}]`` in file order; ``options`` lists every
        option name, the default first.

    Raises:
        UnknownGameError: if the game is not registered.
        RulesetError: if the rulings file is broken.
    """
    book = load_game(game_name).rulebook
    out = []
    for ruling in book.rulings.values():
        if not ruling.switchable:
            continue
        names = [ruling.default] + [o for o in ruling.options if o != ruling.default]
        out.append(
            {
                "id": ruling.id,
                "question": ruling.question,
                "default": ruling.default,
                "options": names,
            }
        )
    return out


def variant_label(ruling: str, option: str) -> str:
    """The label of the variant that switches ``ruling`` to ``option``."""
    return f"{ruling}={option}"


def variant_title(game_name: str | None, label: str) -> str:
    """A house-rule variant's label for people: the ruling in words, the option, the topic.

    ``"phone_range=grid"`` becomes ``"Phone range:<br>grid<br>Topic 10"`` (the topic
    of the first rule the ruling is about, cited the game's way; ``<br>`` breaks the
    line in a chart's tick label, so several variants fit side by side unrotated).
    Labels that switch no ruling (``"default rules"``, a bot pairing) and rulings the
    game does not know are only made readable.

    Args:
        game_name: the game whose rulings to read (``None``: words only, no topic).
        label: a variant label as :func:`variant_label` writes it, or any other label.

    Returns:
        The label in words.
    """
    ruling, sep, option = label.partition("=")
    if not sep:
        return label
    words = f"{ruling.replace('_', ' ').capitalize()}:<br>{option.replace('_', ' ')}"
    if game_name is None:
        return words
    try:
        book = load_game(game_name).rulebook
    except TutorError:
        return words
    found = book.rulings.get(ruling)
    if found is None or not found.rules:
        return words
    topic = book.cite(found.rules[0]).split(":", 1)[0].split(" · ", 1)[0]
    return f"{words}<br>{topic}"


def house_rule_variants(
    game_name: str, rulings: Iterable[str] | None = None
) -> dict[str, dict[str, Any]]:
    """The :func:`~tutor.analysis.simulation.sweep` variants of a house-rule sweep.

    Args:
        game_name: a registered game.
        rulings: the ruling ids to switch (default: every switchable ruling).

    Returns:
        ``{label: {"options": {"rulings": {...}}}}``: first the default rules
        (:data:`DEFAULT_LABEL`), then one variant per non-default option, labelled
        ``"ruling=option"``.

    Raises:
        UnknownGameError: if the game is not registered.
        ValueError: if a ruling id is not a switchable ruling of the game.
    """
    table = {r["id"]: r for r in house_rule_options(game_name)}
    chosen = list(table) if rulings is None else list(rulings)
    unknown = [r for r in chosen if r not in table]
    if unknown:
        raise ValueError(
            f"{unknown[0]!r} is not a switchable ruling of {game_name}; "
            f"switchable: {', '.join(table) or 'none'}"
        )
    variants: dict[str, dict[str, Any]] = {DEFAULT_LABEL: {"options": {}}}
    for rid in chosen:
        for option in table[rid]["options"][1:]:
            variants[variant_label(rid, option)] = {"options": {"rulings": {rid: option}}}
    return variants


def house_rule_sweep(
    game_name: str,
    rulings: Sequence[str] | None = None,
    games: int = 100,
    seed: int = 0,
    **kwargs: Any,
) -> list[Row]:
    """Play ``games`` games under the default rules and under each house-rule option.

    Every variant uses the same seed, so the deals match and only the rule differs.
    Rows carry ``variant`` (the label), ``ruling`` and ``option`` (``None`` for the
    default rules).

    Args:
        game_name: a registered game.
        rulings: the ruling ids to switch (default: every switchable ruling).
        games: games per variant.
        seed: the seed of every variant.
        **kwargs: more :func:`~tutor.analysis.simulation.simulate` arguments
            (``policies``, ``processes``, ``progress``, ``start`` ...); ``options``
            given here apply to every variant, the ruling being switched on top.

    Raises:
        ValueError: for an unknown ruling, a bad number of games or an unknown bot.
        UnknownGameError: if the game is not registered.
        OptionError: for invalid game options.
    """
    base = dict(kwargs.pop("options", None) or {})
    variants = house_rule_variants(game_name, rulings)
    for spec in variants.values():
        merged = {**base.get("rulings", {}), **spec["options"].get("rulings", {})}
        spec["options"] = {**base, **({"rulings": merged} if merged else {})}
    rows = sweep(game_name, variants, games=games, seed=seed, **kwargs)
    for row in rows:
        ruling, _, option = row["variant"].partition("=")
        row["ruling"] = ruling if option else None
        row["option"] = option or None
    return rows


__all__ = [
    "DEFAULT_LABEL",
    "house_rule_options",
    "house_rule_sweep",
    "house_rule_variants",
    "variant_label",
    "variant_title",
]
