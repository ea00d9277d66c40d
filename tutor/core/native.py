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

Shared groups (``[tool.rules-tutor] shared`` in ``pyproject.toml``; today only the
random-number group ``tutor.core.random_engine``) are compiled in the same mypyc build
as the engines, which call them directly in C.  A compiled engine therefore needs the
compiled shared groups: every engine group depends on them (:data:`SHARED_GROUPS`), and
when one of them runs from its source, so does the engine group.
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
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

PURE_PYTHON_ENV = "RULES_TUTOR_PURE_PYTHON"

# The shared groups every engine group depends on (package name -> directory); the same
# directories are listed under [tool.rules-tutor] shared in pyproject.toml.
SHARED_GROUPS: dict[str, Path] = {
    "tutor.core.random_engine": Path(__file__).with_name("random_engine"),
}

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


def group_verdict(directory: Path, needs: Mapping[str, Path] | None = None) -> tuple[bool, str]:
    """Whether the compiled build of the group in ``directory`` may be used, and why (not).

    Args:
        directory: the group's package directory.
        needs: the groups (package name -> directory) whose compiled builds this group's
            build calls directly; it may run compiled only if they all do.  A group already
            decided in this process counts as it was decided (:func:`engine_status`),
            any other by its own verdict.

    Returns:
        ``(True, "compiled")``, or ``(False, reason)`` where the reason is one of: no
        compiled build, the environment variable asks for the source, the build is
        incomplete or stale (compiled from other sources than those on disk), or a
        group it needs runs from its source.

    Raises:
        FileNotFoundError: if ``directory`` or a needed group's directory is not a
            directory.
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
    for package, needed in (needs or {}).items():
        status = _STATUS.get(package)
        if status is None:
            use_build, why = group_verdict(needed)
        else:
            use_build, why = status == "compiled", status.removeprefix("source (")[:-1]
        if not use_build:
            return False, f"the shared group {package} runs from its source: {why}"
    return True, "compiled"


class _EngineGroup(importlib.abc.MetaPathFinder):
    """Decides at the first import of a group's module whether the group runs compiled.

    Compiled: it steps aside (the builds beside the sources are found as usual).
    Source: it keeps answering for every module of the group with its ``.py`` file.
    """

    def __init__(self, package: str, directory: Path, needs: Mapping[str, Path]) -> None:
        self.package = package
        self.directory = directory
        self.needs = dict(needs)
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
        for package in self.needs:
            _decide(package)
        use_build, why = group_verdict(self.directory, self.needs)
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


def _decide(package: str) -> None:
    """Make the guarded group ``package`` decide now how it runs, if it has not yet.

    Its package is imported (its ``__init__`` guards it), then one of its modules.
    """
    if package in _STATUS:
        return
    importlib.import_module(package)
    for finder in sys.meta_path:
        if isinstance(finder, _EngineGroup) and finder.package == package and finder.modules:
            importlib.import_module(next(iter(finder.modules)))
            return


class _Loaded(importlib.abc.Loader):
    """A loader for a module the group's decision has already put in sys.modules."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return sys.modules[spec.name]

    def exec_module(self, module: ModuleType) -> None:
        return None


def guard_engine_group(
    package: str, directory: Path, needs: Mapping[str, Path] | None = None
) -> None:
    """Arrange for the engine group ``package`` to load from its build only if it is current.

    A game package calls this from its ``__init__.py``, naming its engine package
    (``"tutor.games.mantis_falls.engine"``) and that package's directory; the same
    directory is listed under ``[tool.rules-tutor] compiled`` in ``pyproject.toml`` so
    that ``setup.py`` compiles it.  Declaring the game stays cheap: nothing of the
    engine is imported until one of its modules is.

    Args:
        package: the group's package name.
        directory: the group's package directory.
        needs: the groups (package name -> directory) the group's build calls directly:
            if one of them runs from its source, so does this group.  By default the
            shared groups (:data:`SHARED_GROUPS`); a shared group passes ``{}``.

    Raises:
        FileNotFoundError: if ``directory`` is not a directory.
    """
    if any(isinstance(f, _EngineGroup) and f.package == package for f in sys.meta_path):
        return
    sys.meta_path.insert(
        0, _EngineGroup(package, directory, SHARED_GROUPS if needs is None else needs)
    )


def engine_status() -> dict[str, str]:
    """For each engine group loaded so far: ``"compiled"`` or ``"source (<why>)"``."""
    return dict(_STATUS)


__all__ = [
    "PURE_PYTHON_ENV",
    "SHARED_GROUPS",
    "compiled_files",
    "engine_status",
    "group_digest",
    "group_record_path",
    "group_sources",
    "group_verdict",
    "guard_engine_group",
]
