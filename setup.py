"""Build script: compiles the games' engine groups with mypyc when it can.

Everything else about the package is declared in pyproject.toml.  Each directory listed
under ``[tool.rules-tutor] compiled`` there is a game's engine package, and each under
``shared`` a group the engines use (the random-number generator); the modules of each
(all but ``__init__.py``) are compiled together as one group (mypyc, then the C
compiler), so the rule modules call each other directly in C.  All groups are compiled
in one mypyc build (``separate=`` groups), so the engines also call the shared groups'
compiled code directly.  When every module of a group built,
the build records one SHA-256 over all the group's sources (``engine.sha256`` beside
``engine/``), and ``tutor.core.native`` uses the group's build only while its sources
still have that digest.  Without mypyc or a C compiler, or with
``RULES_TUTOR_PURE_PYTHON=1``, the package installs as plain Python and behaves the same,
only slower.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
_CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["rules-tutor"]
# The shared groups (the random-number generator) and the games' engine groups, all
# compiled in one mypyc build so the engines call the shared groups directly in C.
GROUPS: list[str] = [*_CONFIG.get("shared", []), *_CONFIG["compiled"]]


def _native() -> ModuleType:
    # The same digest as the runtime check, from the same code, without importing tutor.
    spec = importlib.util.spec_from_file_location(
        "_rules_tutor_native", ROOT / "tutor/core/native.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NATIVE = _native()


def _modules(group: str) -> list[str]:
    """The dotted names of the modules of the engine group in directory ``group``."""
    package = group.replace("/", ".")
    return [f"{package}.{p.stem}" for p in NATIVE.group_sources(ROOT / group)]


# Commands that build code; pip also runs setup.py only to read metadata (egg_info,
# dist_info), and type-checking and generating C for that would be wasted time.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def _extensions() -> list[Any]:
    if os.environ.get("RULES_TUTOR_PURE_PYTHON") or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify

        # The project's mypy settings are for checking (make lint); compile with mypy's
        # defaults, reporting type errors only in the compiled modules themselves.
        options = ["--config-file", os.devnull, "--follow-imports=silent"]
        groups = [
            (
                [str(p.relative_to(ROOT)) for p in NATIVE.group_sources(ROOT / g)],
                g.replace("/", "."),
            )
            for g in GROUPS
        ]
        paths = [path for files, _ in groups for path in files]
        extensions = mypycify([*options, *paths], opt_level="3", separate=groups)
    except (Exception, SystemExit) as exc:  # any refusal means: install plain Python
        print(f"rules-tutor: not compiling {GROUPS}: {exc}", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # a failed C build leaves the pure-Python package
    return extensions


def _remove_single_module_builds() -> None:
    """Remove builds of the earlier one-module scheme (``state.py.sha256`` beside them).

    Mantis Falls' ``state.py`` was compiled alone before its engine became a group; that
    build would still be imported in place of today's ``state.py``, which only re-exports.
    """
    for record in ROOT.glob("tutor/games/*/*.py.sha256"):
        source = record.with_suffix("")
        for built in [
            *NATIVE.compiled_files(source),
            *source.parent.glob(f"{source.stem}__mypyc.*"),
        ]:
            built.unlink()
        record.unlink()


class BuildExtRecordingSource(build_ext):
    """build_ext that records each engine group's digest once all its modules built.

    The record goes beside the built package and beside the source package: an
    editable install (the project's only kind) copies the built files next to the
    sources afterwards.
    """

    def run(self) -> None:
        self.built: set[str] = set()
        _remove_single_module_builds()
        super().run()
        for group in GROUPS:
            modules = _modules(group)
            if not modules or not self.built.issuperset(modules):
                continue  # a module failed to build: no record, so the source runs
            digest = NATIVE.group_digest(ROOT / group) + "\n"
            built_dir = Path(self.get_ext_fullpath(modules[0])).parent
            NATIVE.group_record_path(built_dir).write_text(digest)
            NATIVE.group_record_path(ROOT / group).write_text(digest)

    def build_extension(self, ext: Any) -> None:
        super().build_extension(ext)  # raises if it failed (optional ones are skipped)
        self.built.add(ext.name)


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExtRecordingSource})
