"""Build script: compiles the engine's hottest modules with mypyc when it can.

Everything else about the package is declared in pyproject.toml.  The modules listed
under ``[tool.rules-tutor] compiled`` there are compiled to C extensions (mypyc, then the
C compiler); each successful build records the SHA-256 of the source it came from beside
the extension, and ``tutor.core.native`` uses a build only while that source is
unchanged.  Without mypyc or a C compiler, or with ``RULES_TUTOR_PURE_PYTHON=1``, the
package installs as plain Python and behaves the same, only slower.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
COMPILED: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["rules-tutor"][
    "compiled"
]


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
        extensions = mypycify([*options, *COMPILED], opt_level="3")
    except (Exception, SystemExit) as exc:  # any refusal means: install plain Python
        print(f"rules-tutor: not compiling {COMPILED}: {exc}", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # a failed C build leaves the pure-Python package
    return extensions


class BuildExtRecordingSource(build_ext):
    """build_ext that records ``<module>.py.sha256`` for each successful build.

    The record goes beside the built file and beside the source: an editable install
    (the project's only kind) copies the built file next to the source afterwards.
    """

    def build_extension(self, ext: Any) -> None:
        super().build_extension(ext)
        source = ext.name.replace(".", "/") + ".py"
        if source in COMPILED:
            record = Path(source).name + ".sha256"
            digest = hashlib.sha256((ROOT / source).read_bytes()).hexdigest() + "\n"
            Path(self.get_ext_fullpath(ext.name)).with_name(record).write_text(digest)
            (ROOT / source).with_name(record).write_text(digest)


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExtRecordingSource})
