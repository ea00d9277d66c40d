"""Kernels kept on standby for a workshop room served by Voila (``make workshop``).

When a room opens the same tutorial at once, each visitor waits for a new kernel to start
and run the notebook.  Voila can pre-heat kernels: run a notebook ahead of time so the
next visitor gets its page at once (``binder/voila.json`` says which notebooks and how
many).  But the idle-kernel culler that keeps a room from leaving dozens of kernels
running would also shut down those standby kernels, which are idle by design, and Voila
does not replace a culled one.  :class:`StandbyKernelManager` is the kernel manager
``binder/voila.json`` names: it culls visitors' idle kernels as usual and never a
standby one.  Only Voila imports this module.
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


def standby_kernel_ids(pools: dict[str, list[asyncio.Future[Any]]]) -> set[str]:
    """The ids of the kernels waiting, already started, in Voila's pre-heated pools.

    Args:
        pools: Voila's pools: notebook path -> tasks that start a kernel and run the
            notebook in it; a finished task's result holds its ``kernel_id``.
    """
    ids: set[str] = set()
    for pool in pools.values():
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                ids.add(task.result()["kernel_id"])
    return ids


class StandbyKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter's kernel manager, except that the culler spares standby kernels.

    Voila wraps this class with its pooling manager, which keeps the pools in
    ``self._pools``; without pre-heating there are no pools and nothing changes.
    """

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull ``kernel_id`` when idle, as Jupyter does, unless it is on standby."""
        if kernel_id in standby_kernel_ids(getattr(self, "_pools", {})):
            return
        await super().cull_kernel_if_idle(kernel_id)
