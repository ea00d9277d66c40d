"""A list of legal actions that finds an action by hashing instead of scanning.

Checking an action (``State.check`` / ``apply``) looks it up in the legal actions with
``list.index``, one comparison per earlier action.  A Mentis position offers a hundred
or more actions (every path and load of every stack), and tools check each of them,
so the engine returns this list: the same list, with ``index`` answered from a dict
built the first time it is asked.  It stays out of the compiled engine modules (mypyc
does not compile subclasses of ``list``).
"""

from __future__ import annotations

from typing import Any, SupportsIndex

from tutor.core.types import Action


class ActionList(list[Action]):
    """Legal actions in sorted order, with a hashed ``index``."""

    _where: dict[Action, int] | None = None

    def index(self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = 2**62) -> int:
        """The position of ``value`` (an equal action), like ``list.index``.

        Raises:
            ValueError: if no equal action is in the list.
        """
        where = self._where
        if where is None:
            where = self._where = {}
            for i, action in enumerate(self):
                where.setdefault(action, i)
        found: int | None
        try:
            found = where.get(value) if isinstance(value, Action) else None
        except TypeError:  # an unhashable argument: no action of this list
            found = None
        if found is None or not int(start) <= found < int(stop):
            return super().index(value, start, stop)
        return found
