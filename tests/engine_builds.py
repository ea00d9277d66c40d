"""Run a script against the compiled engine build or its Python source, in a subprocess.

Which build a process uses is decided once, at import (tutor.core.native), so comparing
the two means two processes.  Tests that hold the compiled engine and its source to the
same games or the same refusals share this one runner.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from tutor.core import native


def run_with_build(script: str, *args: str, pure: bool) -> Any:
    """Run ``python -c script *args`` with the source (``pure``) or the compiled build.

    Returns:
        The JSON the script printed on standard output.

    Raises:
        subprocess.CalledProcessError: if the script fails.
    """
    env = dict(os.environ)
    env.pop(native.PURE_PYTHON_ENV, None)
    if pure:
        env[native.PURE_PYTHON_ENV] = "1"
    out = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)
