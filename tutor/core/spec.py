"""GameSpec: everything a shared tool may know about a game, declared once by the game.

Each game package declares one :class:`GameSpec` in its ``__init__.py`` (which imports
nothing heavy): its name and title, how many players, whether it has hidden
information and chance, how its rule ids look and are cited, its options and modules
with their valid combinations, and *hooks*: ``"module:attr"`` strings naming the
game's own picture, editor, bots, facts, charts, odds, procedures and terminal text.
Hooks are imported only when a tool asks for them, so ``import tutor`` stays light.

Games are discovered, not listed: every package under ``tutor/games/`` that declares
``SPEC``, plus every entry point of the group ``rules_tutor.games`` (so a game can
live outside this repository), plus games registered at run time with
:func:`register_spec` (tests register toy games this way).  A shared module never
names a game: it calls :func:`spec_for` and asks.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from tutor.core.errors import OptionError, UnknownGameError

ENTRY_POINT_GROUP = "rules_tutor.games"

INFORMATION = ("perfect", "imperfect")
CITATIONS = ("topic", "section")


def load_hook(target: str) -> Any:
    """Import ``"package.module:attr"`` (``attr`` may be dotted) and return the object.

    Raises:
        ImportError: if the module cannot be imported.
        AttributeError: if the attribute does not exist.
    """
    module, _, attr = target.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class Hooks:
    """Lazy ``"module:attr"`` references to a game's own parts (``None``: not provided).

    Each shared tool names the hook it uses; a tool whose hook a game lacks falls
    back to a generic form (a text dump of the view, a YAML editor, the random bot).

    Attributes:
        picture: ``(view, game, phase) -> str``: an SVG/HTML picture of a view.
        hands: ``(view, game) -> str``: the cards a view shows, as HTML card faces.
        card_html: ``(card) -> str``: one card face, rendered from the card data.
        phases: a sequence of ``(phase key, label)`` pairs in turn order.
        cli_text: ``(view, legal labels, out) -> None``: the position, the decision and
            the legal actions (or why they are hidden) as terminal text.
        editor: a what-if position editor class (``editor(game, view)``, ipywidgets;
            see ``tutor.widgets.whatif.PositionEditor``).
        bots: a mapping ``name -> factory()`` of the game's own bots (``Policy``).
        facts: a :class:`~tutor.analysis.simulation.GameFacts`: extra simulation row
            fields (``start``, ``watch``, ``row``) and CLI totals from outcomes.
        summary: ``(rows) -> dict``: extras for ``summarise`` (e.g. event outcomes).
        outcome_categories: ``(categories, classify)``: ``{key: label}`` of the game's
            outcome categories and ``classify(outcome) -> key`` for an ``Outcome``.
        charts: a mapping ``name -> (rows or summary) -> plotly Figure``.
        odds: a module or object with the game's exact-odds helpers.
        flowcharts: a mapping ``name -> (load table, active(state) or None)`` of the
            game's procedure tables, drawn by :mod:`tutor.analysis.flowchart`.
        tree_labels: ``(state, action) -> str``: a decision-tree edge in game words.
        state_summary: ``(state) -> str``: one line about a position (tree nodes).
        evaluate: ``(state, player) -> float`` in [-1, 1]: a position's heuristic value
            for a player, where a tree or a lookahead bot stops before the end.
        quiz: the game's quiz extras (question kinds beyond the generic ones).
        compare_rows: ``(view_a, view_b) -> [(what, value_a, value_b), ...]``: the
            facts the what-if compare table lists, named in the game's words (equal
            ones included; the outcome row is added by the tool).
    """

    picture: str | None = None
    hands: str | None = None
    card_html: str | None = None
    phases: str | None = None
    cli_text: str | None = None
    editor: str | None = None
    bots: str | None = None
    facts: str | None = None
    summary: str | None = None
    outcome_categories: str | None = None
    charts: str | None = None
    odds: str | None = None
    flowcharts: str | None = None
    tree_labels: str | None = None
    state_summary: str | None = None
    evaluate: str | None = None
    quiz: str | None = None
    compare_rows: str | None = None

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """Every hook name, in declaration order."""
        return tuple(f.name for f in fields(cls))


@dataclass(frozen=True)
class GameSpec:
    """One game, as every shared tool may know it.

    Attributes:
        name: the game's id (``mantis_falls``): the package, rulesets folder and CLI name.
        title: the game's name for people (``Mantis Falls``).
        game: ``"module:Class"`` of the game's :class:`~tutor.core.game.Game` subclass.
        players: the supported player counts, lowest and highest (inclusive).
        information: ``"perfect"`` or ``"imperfect"`` (hidden information).
        chance: whether the game has chance steps (shuffles, draws, dice).
        rule_prefix: the prefix of the game's rule ids (``mf`` for ``mf.17.3``).
        citation: how rules are cited: ``"topic"`` ("Topic 17 · Last Gasps") or
            ``"section"`` (a one-page rulebook's section name, no numbers).
        summary: one line for ``tutor games``.
        default_players: the player count ``load_game`` uses when none is given.
        modules: the optional modules a game can be played with.
        module_check: ``"module:function"``; ``function(players, modules)`` returns a
            sentence saying why a combination is invalid, or ``""``.
        option_sets: the option sets (besides the defaults) the conformance suites
            play at every player count: house rules, variants.
        hooks: the game's own parts (see :class:`Hooks`).
        illustrative: True when the game's card data is the project's own illustrative
            data, not the published text.
    """

    name: str
    title: str
    game: str
    players: tuple[int, int]
    information: str
    chance: bool
    rule_prefix: str
    citation: str = "topic"
    summary: str = ""
    default_players: int | None = None
    modules: tuple[str, ...] = ()
    module_check: str | None = None
    option_sets: tuple[Mapping[str, Any], ...] = ()
    hooks: Hooks = field(default_factory=Hooks)
    illustrative: bool = True

    def __post_init__(self) -> None:
        problems = []
        if not re.fullmatch(r"[a-z][a-z0-9_]*", self.name):
            problems.append(f"name {self.name!r} must be lower-case letters, digits and _")
        low, high = self.players
        if not 1 <= low <= high:
            problems.append(f"players {self.players} must be (lowest, highest) with 1 <= lowest")
        if self.information not in INFORMATION:
            problems.append(f"information must be one of {INFORMATION}")
        if self.citation not in CITATIONS:
            problems.append(f"citation must be one of {CITATIONS}")
        if not re.fullmatch(r"[a-z]+", self.rule_prefix):
            problems.append(f"rule_prefix {self.rule_prefix!r} must be lower-case letters")
        if ":" not in self.game:
            problems.append(f"game {self.game!r} must be 'module:Class'")
        if self.default_players is not None and not low <= self.default_players <= high:
            problems.append(f"default_players {self.default_players} is outside {self.players}")
        if problems:
            raise ValueError(f"GameSpec {self.name!r}: " + "; ".join(problems))

    # ---- players and modules ----------------------------------------------------------
    @property
    def player_counts(self) -> range:
        """Every supported player count."""
        return range(self.players[0], self.players[1] + 1)

    def module_problem(self, players: int, modules: Sequence[str]) -> str:
        """Why a player count and module combination is invalid (``""`` when valid)."""
        if players not in self.player_counts:
            low, high = self.players
            span = f"{low}" if low == high else f"{low} to {high}"
            return f"{self.title} is played by {span} players, not {players}"
        unknown = [m for m in modules if m not in self.modules]
        if unknown:
            known = ", ".join(self.modules) or "none"
            return f"{self.title} has no module {unknown[0]!r} (modules: {known})"
        if len(set(modules)) != len(modules):
            return "a module is listed twice"
        if self.module_check:
            problem: str = load_hook(self.module_check)(players, tuple(modules))
            return problem
        return ""

    def check_players_and_modules(self, players: int, modules: Sequence[str]) -> None:
        """Refuse an invalid player count or module combination.

        Raises:
            OptionError: saying why.
        """
        problem = self.module_problem(players, modules)
        if problem:
            raise OptionError(problem)

    def configurations(self) -> list[dict[str, Any]]:
        """Every (player count x valid module set x option set) the game declares.

        The conformance suites play each one.  Each is a ``load_game`` options mapping.
        """
        out = []
        module_sets = [
            combo
            for k in range(len(self.modules) + 1)
            for combo in itertools.combinations(self.modules, k)
        ]
        for players in self.player_counts:
            for modules in module_sets:
                if self.module_problem(players, modules):
                    continue
                for extra in ({}, *self.option_sets):
                    options: dict[str, Any] = {"players": players, **extra}
                    if modules:
                        options["modules"] = list(modules)
                    out.append(options)
        return out

    # ---- hooks ------------------------------------------------------------------------
    def hook(self, name: str) -> Any | None:
        """The game's own part named ``name`` (see :class:`Hooks`), or ``None``.

        Raises:
            KeyError: if ``name`` is not a hook name.
        """
        if name not in Hooks.names():
            raise KeyError(f"no hook named {name!r}; hooks: {', '.join(Hooks.names())}")
        target = getattr(self.hooks, name)
        if target is None:
            return None
        key = (self.name, name)
        if key not in _HOOK_CACHE:
            _HOOK_CACHE[key] = load_hook(target)
        return _HOOK_CACHE[key]

    def game_class(self) -> type[Any]:
        """The game's Game subclass (imports the engine)."""
        cls: type[Any] = load_hook(self.game)
        return cls


_HOOK_CACHE: dict[tuple[str, str], Any] = {}
_SPECS: dict[str, GameSpec] = {}
_RUNTIME: dict[str, GameSpec] = {}
_DISCOVERED = False


def _discover() -> None:
    """Find the games under ``tutor/games/`` and the ``rules_tutor.games`` entry points."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    import tutor.games

    found: dict[str, GameSpec] = {}
    for info in sorted(pkgutil.iter_modules(tutor.games.__path__), key=lambda m: m.name):
        if not info.ispkg or info.name.startswith("_"):
            continue
        spec = getattr(importlib.import_module(f"tutor.games.{info.name}"), "SPEC", None)
        if isinstance(spec, GameSpec):
            found[spec.name] = spec
    from importlib.metadata import entry_points

    for ep in entry_points(group=ENTRY_POINT_GROUP):
        spec = ep.load()
        if isinstance(spec, GameSpec):
            found.setdefault(spec.name, spec)
    _SPECS.update(found)
    _DISCOVERED = True


def register_spec(spec: GameSpec) -> None:
    """Register a game at run time (tests use this for toy games).

    A game registered this way replaces a discovered game of the same name.
    """
    _discover()
    _RUNTIME[spec.name] = spec
    for key in [k for k in _HOOK_CACHE if k[0] == spec.name]:
        del _HOOK_CACHE[key]


def runtime_specs() -> tuple[GameSpec, ...]:
    """The games registered with :func:`register_spec`, for a worker process to register.

    A worker started fresh (``spawn``) finds the installed games by itself but knows
    nothing of games registered at run time.
    """
    return tuple(_RUNTIME.values())


def register_specs(specs: tuple[GameSpec, ...]) -> None:
    """Register each of ``specs`` (a process pool's initializer)."""
    for spec in specs:
        register_spec(spec)


def unregister_spec(name: str) -> None:
    """Forget a game registered with :func:`register_spec` (no error if it was not)."""
    _RUNTIME.pop(name, None)
    for key in [k for k in _HOOK_CACHE if k[0] == name]:
        del _HOOK_CACHE[key]


def game_specs() -> dict[str, GameSpec]:
    """Every known game's spec, by name (sorted)."""
    _discover()
    merged = {**_SPECS, **_RUNTIME}
    return {name: merged[name] for name in sorted(merged)}


def spec_for(name: str) -> GameSpec:
    """The spec of the game called ``name``.

    Raises:
        UnknownGameError: if no game has that name (the message lists the known ones).
    """
    specs = game_specs()
    spec = specs.get(name) if isinstance(name, str) else None
    if spec is None:
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(specs)}")
    return spec


HookFactory = Callable[..., Any]

__all__ = [
    "CITATIONS",
    "ENTRY_POINT_GROUP",
    "INFORMATION",
    "GameSpec",
    "Hooks",
    "game_specs",
    "load_hook",
    "register_spec",
    "register_specs",
    "runtime_specs",
    "spec_for",
    "unregister_spec",
]
