"""Choosing between a game module's compiled build and its Python source.

A game's hottest module (for Mantis Falls, ``state.py``: the frame-stack engine) is
compiled with mypyc when the project is installed and a C compiler is there (see
``setup.py``); random playouts then run about twice as fast.  The Python source stays
the specification and the fallback, and the compiled build must behave identically (a
test plays the same seeds both ways).

Python would import a compiled ``state.*.so`` in preference to ``state.py`` even after
``state.py`` was edited.  So a game package calls :func:`guard_engine_module` in its
``__init__.py`` (cheap: nothing is imported until the engine is first needed), and
:func:`load_engine_module` runs at that first import: the build is used only when the
source it was compiled from (its SHA-256, recorded beside it by the build) is the
source on disk.  Otherwise, or when
``RULES_TUTOR_PURE_PYTHON`` is set, the source is loaded instead, with a warning when
the build is stale.  :func:`engine_status` says which one runs.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

PURE_PYTHON_ENV = "RULES_TUTOR_PURE_PYTHON"

# Module name -> "compiled", or "source (<why>)".
_STATUS: dict[str, str] = {}


def source_digest(source: Path) -> str:
    """The SHA-256 (hex) of a source file, as the build records it."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


def record_path(source: Path) -> Path:
    """Where the build records the digest of the source it compiled (``state.py.sha256``)."""
    return source.with_name(source.name + ".sha256")


def compiled_files(source: Path) -> list[Path]:
    """Compiled builds of ``source`` lying beside it (``state.cpython-311-...so``)."""
    return [
        source.with_name(source.stem + suffix)
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if source.with_name(source.stem + suffix).exists()
    ]


def build_verdict(source: Path) -> tuple[bool, str]:
    """Whether the compiled build of ``source`` may be used, and why (or why not).

    Returns:
        ``(True, "compiled")``, or ``(False, reason)`` where the reason is one of: no
        compiled build, the environment variable asks for the source, or the build is
        stale (compiled from another version of the source).
    """
    if not compiled_files(source):
        return False, "no compiled build"
    if os.environ.get(PURE_PYTHON_ENV):
        return False, f"{PURE_PYTHON_ENV} is set"
    record = record_path(source)
    recorded = record.read_text().strip() if record.exists() else ""
    if recorded != source_digest(source):
        return False, (
            f"the compiled build is stale ({source.name} changed since it was compiled; "
            "reinstall with `make install` or `pip install -e .` to rebuild)"
        )
    return True, "compiled"


def load_engine_module(name: str, source: Path) -> str:
    """Make sure ``import name`` gives the compiled build only if it is up to date.

    Call this from the package before anything imports ``name``.  When the build may
    not be used, the source file is loaded and put in ``sys.modules`` under ``name``.

    Args:
        name: the module's dotted name (``"tutor.games.mantis_falls.state"``).
        source: its ``.py`` file.

    Returns:
        ``"compiled"`` or ``"source (<why>)"``, also kept for :func:`engine_status`.
    """
    if name in sys.modules:
        return _STATUS.setdefault(name, _describe(sys.modules[name].__file__))
    use_build, why = build_verdict(source)
    if use_build:
        try:
            importlib.import_module(name)
            _STATUS[name] = "compiled"
            return _STATUS[name]
        except ImportError as exc:  # a half-built or foreign build: run the source
            sys.modules.pop(name, None)
            why = f"the compiled build does not load ({exc})"
    if why.startswith("the compiled build"):
        warnings.warn(f"{name}: {why}; running the Python source", RuntimeWarning, stacklevel=2)
    spec = importlib.util.spec_from_file_location(name, source)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py path always has one
        raise ImportError(f"cannot load {source}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    parent, _, child = name.rpartition(".")
    if parent in sys.modules:
        setattr(sys.modules[parent], child, module)
    _STATUS[name] = f"source ({why})"
    return _STATUS[name]


class _Loaded(importlib.abc.Loader):
    """A loader for a module :func:`load_engine_module` has already put in sys.modules."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return sys.modules[spec.name]

    def exec_module(self, module: ModuleType) -> None:
        return None


class _EngineGuard(importlib.abc.MetaPathFinder):
    """Runs :func:`load_engine_module` the first time ``name`` is imported, then retires."""

    def __init__(self, name: str, source: Path) -> None:
        self.name = name
        self.source = source

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        load_engine_module(fullname, self.source)
        module = sys.modules[fullname]
        return importlib.machinery.ModuleSpec(fullname, _Loaded(), origin=module.__file__)


def guard_engine_module(name: str, source: Path) -> None:
    """Arrange for :func:`load_engine_module` to choose the build when ``name`` is imported.

    A game package calls this from its ``__init__.py``: declaring the game stays cheap
    (nothing of the engine is imported), and whichever import of the engine comes first
    (the game, a test, a tool) gets the build only if it is up to date.
    """
    if name in sys.modules or any(
        isinstance(f, _EngineGuard) and f.name == name for f in sys.meta_path
    ):
        return
    sys.meta_path.insert(0, _EngineGuard(name, source))


def _describe(path: str | None) -> str:
    return "source" if path is None or path.endswith(".py") else "compiled"


def engine_status() -> dict[str, str]:
    """For each engine module loaded so far: ``"compiled"`` or ``"source (<why>)"``."""
    return dict(_STATUS)


__all__ = [
    "PURE_PYTHON_ENV",
    "build_verdict",
    "compiled_files",
    "engine_status",
    "guard_engine_module",
    "load_engine_module",
    "record_path",
    "source_digest",
]
