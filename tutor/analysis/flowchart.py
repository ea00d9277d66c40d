"""Flowcharts generated from the engine's own procedure tables, and the paths a game took.

A game whose rulebook describes a procedure as a flowchart (a rescue, a combat round)
declares the table its engine follows in its spec's ``flowcharts`` hook.  Drawing one
by hand would drift from the engine; instead :func:`procedure_flowchart` turns that
table into a ``networkx.DiGraph``, with the rulebook's summary on every step.
:func:`procedure_paths` reads a game's trace (the rule id and kind of each entry) and
returns the steps each episode went through, ready to be highlighted by
:func:`tutor.charts.flowchart.flowchart_figure`.

How a trace is followed: every step that writes trace entries names the rule and entry
kind it writes, so each relevant entry is matched to the nearest step that writes it,
going through tests (which write nothing) on the way.  A step that can be passed without
writing anything may be skipped once per entry.  A step that writes nothing leaves no
trace, so a path can only show the way such a step went when the next entry tells.

networkx is imported here, never by ``import tutor``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from tutor.core.errors import TutorError
from tutor.core.game import load_game
from tutor.core.spec import spec_for

ProcedureLoader = Callable[[], Any]
ActiveTest = Callable[[Any], bool]


class ProcedurePathError(TutorError):
    """A trace entry that no step of the flowchart can explain (strict mode only)."""


# ======================================================================================
# Which procedures a game has: its spec's flowcharts hook
# ======================================================================================


def _procedures(game_name: str) -> Mapping[str, tuple[ProcedureLoader, ActiveTest | None]]:
    hook = spec_for(game_name).hook("flowcharts")
    return hook or {}


def procedure(game_name: str, name: str) -> Any:
    """The procedure table a game's engine follows (read at call time, so a replaced
    table, in a what-if or a test, is what gets drawn).

    Raises:
        UnknownGameError: if the game is not registered.
        ValueError: if the game has no procedure of that name.
    """
    table = _procedures(game_name)
    if name not in table:
        known = ", ".join(sorted(table)) or "none"
        raise ValueError(f"{game_name} has no {name!r} procedure; its procedures: {known}")
    return table[name][0]()


def procedures(game_name: str) -> list[str]:
    """The names of a game's procedure flowcharts (its ``flowcharts`` hook).

    Raises:
        UnknownGameError: if the game is not registered.
    """
    return sorted(_procedures(game_name))


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


def procedure_flowchart(game_name: str, name: str) -> nx.DiGraph:
    """A game's procedure flowchart, generated from the table its engine follows.

    Raises:
        UnknownGameError: if the game is not registered.
        ValueError: if the game has no procedure of that name.
    """
    game = load_game(game_name)
    return procedure_graph(procedure(game_name, name), game.rulebook, game_name)


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


def procedure_paths(
    source: Any,
    name: str,
    game_name: str | None = None,
    graph: nx.DiGraph | None = None,
    strict: bool = False,
) -> list[list[str]]:
    """Every episode of a procedure in a game, as the list of flowchart steps it took.

    An episode starts at an entry written by the procedure's start step and ends when
    an entry no step after the current one explains begins a new episode, or the trace
    ends (a procedure still under way, by the game's ``active`` test, is left open at
    the choice the state waits for).  Steps visited again (loops) appear again.

    Args:
        source: a State or a Session (its trace, and the game's ``active`` test decides
            whether the last episode is still under way), or a list of trace entries.
        name: the procedure (a key of the game's ``flowcharts`` hook).
        game_name: the game, required when ``source`` is a bare trace.
        graph: the flowchart to follow (default: :func:`procedure_flowchart`).
        strict: raise on an entry of the procedure's rules that no step explains,
            instead of skipping it.

    Returns:
        One list of step ids per episode, in order.

    Raises:
        ValueError: if the state was played with tracing off.
        TypeError: if ``source`` is not a state, session or list of entries, or a bare
            trace comes without ``game_name``.
        ProcedurePathError: in strict mode, for an entry the flowchart cannot explain.
    """
    entries, state = _entries_and_state(source)
    if game_name is None:
        if state is None:
            raise TypeError("name the game (game_name=...) when following a bare trace")
        game_name = state.game.name
    if graph is None:
        graph = procedure_flowchart(game_name, name)
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
            where = f"after step {path[-1]!r}" if path else "outside any episode"
            raise ProcedurePathError(
                f"trace entry {i} [{entry.rule}] {entry.text!r} ({entry.kind}) has no step "
                f"{where} in the {graph.graph['name']} flowchart"
            )
    if path is not None:
        active = _procedures(game_name).get(graph.graph["name"], (None, None))[1]
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


def procedure_path(
    source: Any,
    name: str,
    episode: int = -1,
    game_name: str | None = None,
    strict: bool = False,
) -> list[str]:
    """The flowchart steps of one episode of a procedure (default: the latest).

    Args:
        source: a State, a Session or a list of trace entries (see
            :func:`procedure_paths`).
        name: the procedure (a key of the game's ``flowcharts`` hook).
        episode: which episode (0 is the first, -1 the latest).
        game_name: the game, when ``source`` is a bare trace.
        strict: see :func:`procedure_paths`.

    Returns:
        The step ids in order, or an empty list when the procedure never started.

    Raises:
        IndexError: if there is no such episode (and there is at least one).
        ValueError, TypeError, ProcedurePathError: as :func:`procedure_paths`.
    """
    episodes = procedure_paths(source, name, game_name=game_name, strict=strict)
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
    "ProcedurePathError",
    "path_edges",
    "procedure",
    "procedure_flowchart",
    "procedure_graph",
    "procedure_path",
    "procedure_paths",
    "procedures",
]
