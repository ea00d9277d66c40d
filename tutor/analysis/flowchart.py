"""Flowcharts generated from the engine's own procedure tables, and the path a game took.

Why this file exists: topic 17 of Mantis Falls offers a Last Gasp flowchart.  Drawing one
by hand would drift from the engine; instead :func:`last_gasp_flowchart` turns the
table the engine itself follows (``tutor/games/mantis_falls/gasp_flow.py``) into a
``networkx.DiGraph``, with the rulebook's summary on every step.  :func:`gasp_path`
reads a game's trace (the rule id and kind of each entry) and the state's Last Gasp
fields, and returns the steps that game went through, ready to be highlighted by
:func:`tutor.charts.flowchart.flowchart_figure`.

How a trace is followed: every step that writes trace entries names the rule and entry
kind it writes, so each relevant entry is matched to the nearest step that writes it,
going through tests (which write nothing) on the way.  A step that can be passed without
writing anything (an empty Last Gasp play has nothing to reveal; an excess wound cites
the maximum-wounds rule instead) may be skipped once per entry.  One known blind spot: a
player who could take face-down cards back but takes none leaves no entry, so the path
shows the "no face-down cards" arrow.

Other games plug in with :func:`register_procedure`.  networkx is imported here, never by
``import tutor``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import networkx as nx

from tutor.core.errors import TutorError
from tutor.core.game import load_game

ProcedureLoader = Callable[[], Any]
ActiveTest = Callable[[Any], bool]


class GaspPathError(TutorError):
    """A trace entry that no step of the flowchart can explain (strict mode only)."""


# ======================================================================================
# Registry: which games have which procedure tables
# ======================================================================================


def _mf_last_gasp() -> Any:
    # Read at call time, so a replaced table (a what-if, a test) is what gets drawn.
    from tutor.games.mantis_falls import gasp_flow

    return gasp_flow.LAST_GASP


def _mf_gasp_active(state: Any) -> bool:
    return state.in_gasp >= 0 or bool(state.gasp_due)


_PROCEDURES: dict[tuple[str, str], tuple[ProcedureLoader, ActiveTest | None]] = {
    ("mantis_falls", "last_gasp"): (_mf_last_gasp, _mf_gasp_active),
}


def register_procedure(
    game_name: str,
    name: str,
    loader: ProcedureLoader,
    active: ActiveTest | None = None,
) -> None:
    """Register a game's procedure table (an object like ``gasp_flow.Procedure``).

    Args:
        game_name: the game.
        name: the procedure's name (``"last_gasp"``).
        loader: returns the table (called each time, so replacements are seen).
        active: ``active(state)`` tells whether the procedure is under way in a state
            (an open path is then left open instead of being closed at an end step).
    """
    _PROCEDURES[(game_name, name)] = (loader, active)


def procedure(game_name: str, name: str = "last_gasp") -> Any:
    """The procedure table a game's engine follows.

    Raises:
        ValueError: if the game has no procedure of that name.
    """
    entry = _PROCEDURES.get((game_name, name))
    if entry is None:
        known = sorted(f"{g}/{n}" for g, n in _PROCEDURES)
        raise ValueError(f"{game_name} has no {name!r} procedure; known: {', '.join(known)}")
    return entry[0]()


# ======================================================================================
# The graph
# ======================================================================================


def procedure_graph(table: Any, rulebook: Any = None, game_name: str = "") -> nx.DiGraph:
    """Turn a procedure table into a directed graph.

    Args:
        table: a ``Procedure`` (``steps`` in reading order, ``links``, ``start``).
        rulebook: a :class:`~tutor.core.rules.RuleBook` for rule titles and summaries.
        game_name: recorded in ``graph.graph["game"]``.

    Returns:
        A DiGraph whose nodes are step ids, in the table's order, carrying ``kind``,
        ``rule``, ``label``, ``entry``, ``repeats``, ``order`` and, with a rulebook,
        ``title``, ``citation`` and ``summary``; edges carry ``label``, ``when``
        (True/False out of a test, else None, and None with the label "either answer"
        when both answers of a test lead to one step) and ``back`` (the arrow goes back up the
        reading order, closing a loop).  ``graph.graph`` holds ``name``, ``title``,
        ``game`` and ``start``.
    """
    graph = nx.DiGraph(name=table.name, title=table.title, game=game_name, start=table.start)
    order: dict[str, int] = {}
    for i, step in enumerate(table.steps.values()):
        order[step.id] = i
        attrs: dict[str, Any] = {
            "kind": step.kind,
            "rule": step.rule,
            "label": step.label,
            "entry": step.entry,
            "repeats": step.repeats,
            "order": i,
        }
        if rulebook is not None:
            rule = rulebook.rules.get(step.rule)
            attrs["title"] = rule.title if rule else ""
            attrs["summary"] = rule.summary if rule else "(not in the rules index)"
            attrs["citation"] = rulebook.cite(step.rule) if rule else step.rule
        graph.add_node(step.id, **attrs)
    for link in table.links:
        if graph.has_edge(link.source, link.target):  # both answers of a test lead here
            graph.edges[link.source, link.target].update(label="either answer", when=None)
            continue
        graph.add_edge(
            link.source,
            link.target,
            label=link.label,
            when=link.when,
            back=order[link.target] <= order[link.source],
        )
    return graph


def last_gasp_flowchart(game_name: str = "mantis_falls") -> nx.DiGraph:
    """The Last Gasp flowchart of a game, generated from the table its engine follows.

    Raises:
        UnknownGameError: if the game is not registered.
        ValueError: if the game has no Last Gasp procedure.
    """
    game = load_game(game_name)
    return procedure_graph(procedure(game_name, "last_gasp"), game.rulebook, game_name)


# ======================================================================================
# The path a game took
# ======================================================================================


def _matches(data: dict[str, Any], entry: Any) -> bool:
    return bool(data["entry"]) and data["rule"] == entry.rule and data["entry"] == entry.kind


def _route(graph: nx.DiGraph, source: str, entry: Any, max_skips: int = 1) -> list[str] | None:
    """The cheapest route from ``source`` to a step that writes ``entry`` (source excluded).

    Cost is (steps skipped without their entry, length); tests cost nothing to cross.
    """
    heap: list[tuple[int, int, int, str, tuple[str, ...]]] = []
    tie = 0
    for nxt in graph.successors(source):
        heapq.heappush(heap, (0, 1, tie, nxt, (nxt,)))
        tie += 1
    best: dict[str, tuple[int, int]] = {}
    while heap:
        skips, length, _, node, route = heapq.heappop(heap)
        data = graph.nodes[node]
        if _matches(data, entry):
            return list(route)
        if best.get(node, (99, 99)) <= (skips, length):
            continue
        best[node] = (skips, length)
        if data["kind"] == "end":
            continue
        cost = skips + (1 if data["entry"] else 0)
        if cost > max_skips:
            continue
        for nxt in graph.successors(node):
            heapq.heappush(heap, (cost, length + 1, tie, nxt, (*route, nxt)))
            tie += 1
    return None


def _silent_route(graph: nx.DiGraph, source: str, want: Callable[[str], bool]) -> list[str] | None:
    """The shortest route through steps that write nothing to a step satisfying ``want``."""
    frontier = [(source, [source])]
    seen = {source}
    while frontier:
        nxt_frontier = []
        for node, route in frontier:
            for nxt in graph.successors(node):
                if nxt in seen:
                    continue
                seen.add(nxt)
                if want(nxt):
                    return route[1:] + [nxt]
                if not graph.nodes[nxt]["entry"]:
                    nxt_frontier.append((nxt, route + [nxt]))
        frontier = nxt_frontier
    return None


def _close(graph: nx.DiGraph, path: list[str]) -> None:
    """Finish an episode along steps that write nothing, when they lead to an end."""
    if graph.nodes[path[-1]]["kind"] == "end":
        return
    route = _silent_route(
        graph,
        path[-1],
        lambda n: graph.nodes[n]["kind"] == "end" and not graph.nodes[n]["entry"],
    )
    if route:
        path.extend(route)


def _entries_and_state(source: Any) -> tuple[Sequence[Any], Any]:
    state = getattr(source, "state", None) if not hasattr(source, "trace") else source
    if state is not None:
        if not state.trace and not getattr(state, "tracing", True):
            raise ValueError(
                "this state was played with tracing off, so it has no trace to follow; "
                "replay it with tracing on"
            )
        return state.trace, state
    if isinstance(source, Iterable):
        return list(source), None
    raise TypeError(f"expected a State, a Session or a list of trace entries, got {source!r}")


def gasp_paths(
    source: Any,
    game_name: str | None = None,
    graph: nx.DiGraph | None = None,
    strict: bool = False,
) -> list[list[str]]:
    """Every Last Gasp episode of a game as the list of flowchart steps it went through.

    An episode starts when a player reaches maximum wounds and ends when play resumes
    or the game ends; a Last Gasp caused inside another, or the final Last Gasp of a
    second player, belongs to the same episode.  Steps visited again (the loop over
    the cards of a Last Gasp play) appear again.

    Args:
        source: a State or a Session (its trace, and its Last Gasp fields decide whether
            the last episode is still under way), or a list of trace entries.
        game_name: the game, when ``source`` is a bare trace (default: Mantis Falls).
        graph: the flowchart to follow (default: :func:`last_gasp_flowchart`).
        strict: raise on an entry of the procedure's rules that no step explains,
            instead of skipping it.

    Returns:
        One list of step ids per episode, in order.

    Raises:
        ValueError: if the state was played with tracing off.
        TypeError: if ``source`` is not a state, session or list of entries.
        GaspPathError: in strict mode, for an entry the flowchart cannot explain.
    """
    entries, state = _entries_and_state(source)
    if game_name is None:
        game_name = state.game.name if state is not None else "mantis_falls"
    if graph is None:
        graph = last_gasp_flowchart(game_name)
    start = graph.graph["start"]
    rules = {d["rule"] for _, d in graph.nodes(data=True) if d["entry"]}
    episodes: list[list[str]] = []
    path: list[str] | None = None
    for i, entry in enumerate(entries):
        if entry.rule not in rules:
            continue
        starts = _matches(graph.nodes[start], entry)
        if path is not None:
            cur = path[-1]
            data = graph.nodes[cur]
            if data["repeats"] and _matches(data, entry):
                continue
            route = None if data["kind"] == "end" else _route(graph, cur, entry)
            if route is not None:
                path.extend(route)
                continue
            if starts:  # a new episode: the previous one is over
                _close(graph, path)
        if starts:
            path = [start]
            episodes.append(path)
        elif strict:
            where = f"after step {path[-1]!r}" if path else "outside any Last Gasp"
            raise GaspPathError(
                f"trace entry {i} [{entry.rule}] {entry.text!r} ({entry.kind}) has no step "
                f"{where} in the {graph.graph['name']} flowchart"
            )
    if path is not None:
        active = _PROCEDURES.get((game_name, graph.graph["name"]), (None, None))[1]
        if state is not None and active is not None and active(state):
            _extend_to_decision(graph, path, state)
        else:
            _close(graph, path)
    return episodes


def _extend_to_decision(graph: nx.DiGraph, path: list[str], state: Any) -> None:
    """Add the choice the state now waits for, when it is one of the flowchart's choices."""
    d = state.decision
    if d.kind != "choice":
        return
    route = _silent_route(
        graph,
        path[-1],
        lambda n: graph.nodes[n]["kind"] == "choice" and graph.nodes[n]["rule"] == d.rule,
    )
    if route:
        path.extend(route)


def gasp_path(
    source: Any,
    episode: int = -1,
    game_name: str | None = None,
    strict: bool = False,
) -> list[str]:
    """The flowchart steps of one Last Gasp episode of a game (default: the latest).

    Args:
        source: a State, a Session or a list of trace entries (see :func:`gasp_paths`).
        episode: which episode (0 is the first, -1 the latest).
        game_name: the game, when ``source`` is a bare trace.
        strict: see :func:`gasp_paths`.

    Returns:
        The step ids in order, or an empty list when nobody has reached maximum wounds.

    Raises:
        IndexError: if there is no such episode (and there is at least one).
        ValueError, TypeError, GaspPathError: as :func:`gasp_paths`.
    """
    episodes = gasp_paths(source, game_name=game_name, strict=strict)
    if not episodes:
        return []
    return episodes[episode]


def path_edges(path: Sequence[str]) -> list[tuple[str, str]]:
    """The arrows a path follows: consecutive pairs, each once, in order."""
    seen: set[tuple[str, str]] = set()
    out = []
    for u, v in zip(path, path[1:], strict=False):
        if (u, v) not in seen:
            seen.add((u, v))
            out.append((u, v))
    return out


__all__ = [
    "GaspPathError",
    "gasp_path",
    "gasp_paths",
    "last_gasp_flowchart",
    "path_edges",
    "procedure",
    "procedure_graph",
    "register_procedure",
]
