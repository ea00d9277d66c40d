"""Mantis Falls' Last Gasp flowchart (topic 17), drawn from the table the engine follows.

The spec's ``flowcharts`` hook (:data:`FLOWCHARTS`) names the engine's own procedure
table (:mod:`tutor.games.mantis_falls.gasp_flow`) and says when a Last Gasp is under
way; the shared :mod:`tutor.analysis.flowchart` turns it into a graph and follows a
game's trace through it.  The functions here are that, in the rulebook's words:

* :func:`last_gasp_flowchart`: the flowchart;
* :func:`gasp_paths` / :func:`gasp_path`: the Last Gasp episodes of a game.  An episode
  starts when a player reaches maximum wounds and ends when play resumes or the game
  ends; a Last Gasp caused inside another, or the final Last Gasp of a second player,
  belongs to the same episode.  One known blind spot: a player who could take
  face-down cards back but takes none leaves no entry, so the path shows the "no
  face-down cards" arrow.
"""

from __future__ import annotations

from typing import Any

from tutor.analysis.flowchart import (
    ProcedurePathError,
    procedure_flowchart,
    procedure_path,
    procedure_paths,
)

GAME = "mantis_falls"
LAST_GASP = "last_gasp"

GaspPathError = ProcedurePathError
"""A trace entry that no step of the Last Gasp flowchart explains (strict mode)."""


def _last_gasp_table() -> Any:
    # Read at call time, so a replaced table (a what-if, a test) is what gets drawn.
    from tutor.games.mantis_falls import gasp_flow

    return gasp_flow.LAST_GASP


def _gasp_under_way(state: Any) -> bool:
    return state.in_gasp >= 0 or bool(state.gasp_due)


FLOWCHARTS = {LAST_GASP: (_last_gasp_table, _gasp_under_way)}
"""The spec's ``flowcharts`` hook: ``name -> (load table, active(state))``."""


def last_gasp_flowchart() -> Any:
    """The Last Gasp flowchart (a ``networkx.DiGraph``), generated from the engine's table."""
    return procedure_flowchart(GAME, LAST_GASP)


def gasp_paths(source: Any, graph: Any = None, strict: bool = False) -> list[list[str]]:
    """Every Last Gasp episode of a game as the flowchart steps it went through.

    Args:
        source: a State, a Session or a list of trace entries.
        graph: the flowchart to follow (default: :func:`last_gasp_flowchart`).
        strict: raise on a Last Gasp entry that no step explains.

    Raises:
        ValueError: if the state was played with tracing off.
        TypeError: if ``source`` is not a state, session or list of entries.
        GaspPathError: in strict mode, for an entry the flowchart cannot explain.
    """
    return procedure_paths(source, LAST_GASP, game_name=GAME, graph=graph, strict=strict)


def gasp_path(source: Any, episode: int = -1, strict: bool = False) -> list[str]:
    """The flowchart steps of one Last Gasp episode (default: the latest; ``[]`` if none).

    Raises:
        IndexError: if there is no such episode (and there is at least one).
        ValueError, TypeError, GaspPathError: as :func:`gasp_paths`.
    """
    return procedure_path(source, LAST_GASP, episode=episode, game_name=GAME, strict=strict)


__all__ = ["FLOWCHARTS", "GaspPathError", "gasp_path", "gasp_paths", "last_gasp_flowchart"]
