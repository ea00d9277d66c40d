"""Choosing between a game engine's compiled build and its Python source, group by group.

A game's engine is a package of modules (for Mantis Falls, ``tutor/games/mantis_falls/
engine/``: the state's data, typed frames, the rules by group, the run loop) compiled
together with mypyc when the project is installed and a C compiler is there (see
``setup.py``; the groups are listed under ``[tool.rules-tutor] compiled`` in
``pyproject.toml``).  The Python source stays the specification and the fallback, and
the compiled build must behave identically (a test plays the same seeds both ways).

The modules of a group call each other directly in C, so a group is compiled, checked
and loaded as a whole: the build records one SHA-256 over every source of the group
(:func:`group_digest`, in ``<package>.sha256`` beside the package directory), and the
build is used only while that digest matches the sources on disk.  Python would import
a compiled module in preference to its ``.py`` even after the ``.py`` was edited, so a
game package calls :func:`guard_engine_group` in its ``__init__.py`` (cheap: nothing is
imported until the engine is first needed).  At the first import of any module of the
group the verdict is made once (:func:`group_verdict`): the whole group then loads from
its build, or the whole group from its source (with a warning when the build is stale or
does not load, or when ``RULES_TUTOR_PURE_PYTHON`` is set without a warning).
:func:`engine_status` says which one runs.
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

# Engine group (package name) -> "compiled", or "source (<why>)".
_STATUS: dict[str, str] = {}


def group_sources(directory: Path) -> list[Path]:
    """The modules an engine group compiles: every ``.py`` in ``directory`` but ``__init__``.

    Raises:
        FileNotFoundError: if ``directory`` is not a directory.
    """
    if not directory.is_dir():
        raise FileNotFoundError(f"engine group directory not found: {directory}")
    return sorted(p for p in directory.glob("*.py") if p.name != "__init__.py")


def group_digest(directory: Path) -> str:
    """One SHA-256 (hex) over every source of the group: names and contents, in order.

    Editing, adding, removing or renaming any module of the group changes it.
    """
    digest = hashlib.sha256()
    for source in group_sources(directory):
        digest.update(source.name.encode() + b"\0")
        digest.update(source.read_bytes() + b"\0")
    return digest.hexdigest()


def group_record_path(directory: Path) -> Path:
    """Where the build records the group's digest (``engine.sha256`` beside ``engine/``)."""
    return directory.with_name(directory.name + ".sha256")


def compiled_files(source: Path) -> list[Path]:
    """Compiled builds of the module ``source`` lying beside it (``data.cpython-311-...so``)."""
    return [
        source.with_name(source.stem + suffix)
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if source.with_name(source.stem + suffix).exists()
    ]


def group_verdict(directory: Path) -> tuple[bool, str]:
    """Whether the compiled build of the group in ``directory`` may be used, and why (not).

    Returns:
        ``(True, "compiled")``, or ``(False, reason)`` where the reason is one of: no
        compiled build, the environment variable asks for the source, or the build is
        incomplete or stale (compiled from other sources than those on disk).

    Raises:
        FileNotFoundError: if ``directory`` is not a directory.
    """
    sources = group_sources(directory)
    built = [s for s in sources if compiled_files(s)]
    if not built:
        return False, "no compiled build"
    if os.environ.get(PURE_PYTHON_ENV):
        return False, f"{PURE_PYTHON_ENV} is set"
    rebuild = "reinstall with `make install` or `pip install -e .` to rebuild"
    if len(built) < len(sources):
        missing = ", ".join(s.name for s in sources if s not in built)
        return False, f"the compiled build is incomplete (nothing built for {missing}; {rebuild})"
    record = group_record_path(directory)
    recorded = record.read_text().strip() if record.exists() else ""
    if recorded != group_digest(directory):
        return False, (
            f"the compiled build is stale (a module of {directory.name}/ changed since it "
            f"was compiled; {rebuild})"
        )
    return True, "compiled"


class _EngineGroup(importlib.abc.MetaPathFinder):
    """Decides at the first import of a group's module whether the group runs compiled.

    Compiled: it steps aside (the builds beside the sources are found as usual).
    Source: it keeps answering for every module of the group with its ``.py`` file.
    """

    def __init__(self, package: str, directory: Path) -> None:
        self.package = package
        self.directory = directory
        self.modules = {f"{package}.{p.stem}": p for p in group_sources(directory)}
        self.mode = ""  # "" until decided, then "compiled" or "source"

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        if not self.mode:
            self.decide(fullname)
        if self.mode == "source":
            return importlib.util.spec_from_file_location(fullname, self.modules[fullname])
        if fullname in sys.modules:  # loaded while deciding
            module = sys.modules[fullname]
            return importlib.machinery.ModuleSpec(fullname, _Loaded(), origin=module.__file__)
        return None

    def decide(self, first: str) -> None:
        use_build, why = group_verdict(self.directory)
        if use_build:
            self.mode = "compiled"
            try:
                importlib.import_module(first)
            except ImportError as exc:  # a half-built or foreign build: run the source
                for name in self.modules:
                    sys.modules.pop(name, None)
                use_build, why = False, f"the compiled build does not load ({exc})"
        if not use_build:
            self.mode = "source"
            if why.startswith("the compiled build"):
                warnings.warn(
                    f"{self.package}: {why}; running the Python source",
                    RuntimeWarning,
                    stacklevel=3,
                )
        _STATUS[self.package] = "compiled" if use_build else f"source ({why})"


class _Loaded(importlib.abc.Loader):
    """A loader for a module the group's decision has already put in sys.modules."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return sys.modules[spec.name]

    def exec_module(self, module: ModuleType) -> None:
        return None


def guard_engine_group(package: str, directory: Path) -> None:
    """Arrange for the engine group ``package`` to load from its build only if it is current.

    A game package calls this from its ``__init__.py``, naming its engine package
    (``"tutor.games.mantis_falls.engine"``) and that package's directory; the same
    directory is listed under ``[tool.rules-tutor] compiled`` in ``pyproject.toml`` so
    that ``setup.py`` compiles it.  Declaring the game stays cheap: nothing of the
    engine is imported until one of its modules is.

    Raises:
        FileNotFoundError: if ``directory`` is not a directory.
    """
    if any(isinstance(f, _EngineGroup) and f.package == package for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _EngineGroup(package, directory))


def engine_status() -> dict[str, str]:
    """For each engine group loaded so far: ``"compiled"`` or ``"source (<why>)"``."""
    return dict(_STATUS)


__all__ = [
    "PURE_PYTHON_ENV",
    "compiled_files",
    "engine_status",
    "group_digest",
    "group_record_path",
    "group_sources",
    "group_verdict",
    "guard_engine_group",
]
