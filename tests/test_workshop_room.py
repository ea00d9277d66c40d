"""The workshop room's Voila configuration: kernels on standby that the culler spares.

``make workshop`` passes ``binder/voila.json`` to Voila.  These tests keep that file in
agreement with the notebooks it names and check the one behaviour the project adds: an
idle standby kernel is not culled, an idle visitor's kernel is.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROOM = json.loads((ROOT / "binder" / "voila.json").read_text())

pytest.importorskip("jupyter_server")
from tutor.workshop_kernels import StandbyKernelManager, standby_kernel_ids  # noqa: E402


def test_the_room_preheats_notebooks_that_exist_and_nothing_by_default() -> None:
    pools = ROOM["VoilaKernelManager"]["kernel_pools_config"]
    assert pools.pop("default") == {"pool_size": 0}
    assert pools, "the room keeps no kernel on standby"
    for notebook, config in pools.items():
        assert (ROOT / "notebooks" / notebook).is_file(), notebook
        assert config["pool_size"] >= 1
    assert ROOM["VoilaConfiguration"]["preheat_kernel"] is True


def test_the_room_names_the_standby_kernel_manager() -> None:
    path = ROOM["VoilaConfiguration"]["multi_kernel_manager_class"]
    module, _, name = path.rpartition(".")
    assert (module, name) == (StandbyKernelManager.__module__, StandbyKernelManager.__name__)


def _pools() -> dict[str, list[asyncio.Future[Any]]]:
    loop = asyncio.new_event_loop()
    ready, starting, failed = (loop.create_future() for _ in range(3))
    ready.set_result({"kernel_id": "standby-1"})
    failed.set_exception(RuntimeError("the kernel died while starting"))
    failed.exception()  # retrieved: no "never retrieved" warning
    loop.close()
    return {"mantis_falls/01.ipynb": [ready, starting, failed]}


def test_only_started_kernels_in_a_pool_count_as_standby() -> None:
    assert standby_kernel_ids(_pools()) == {"standby-1"}
    assert standby_kernel_ids({}) == set()


class _Culled(StandbyKernelManager):
    """The manager with Jupyter's own culling replaced by a record of what it culled."""

    def __init__(self, pools: dict[str, list[asyncio.Future[Any]]]) -> None:
        self._pools = pools
        self.culled: list[str] = []


@pytest.mark.parametrize(("kernel", "culled"), [("standby-1", []), ("visitor-7", ["visitor-7"])])
def test_the_culler_spares_standby_kernels_only(
    kernel: str, culled: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def jupyter_cull(self: _Culled, kernel_id: str) -> None:
        self.culled.append(kernel_id)

    base = StandbyKernelManager.__mro__[1]
    monkeypatch.setattr(base, "cull_kernel_if_idle", jupyter_cull)
    manager = _Culled(_pools())
    asyncio.run(manager.cull_kernel_if_idle(kernel))
    assert manager.culled == culled
