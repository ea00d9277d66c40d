"""The game configurations the conformance suites play, and their readable test ids.

``GameSpec.configurations()`` lists every player count x valid module set x option set
a game declares.  The engine suite (tests/test_conformance.py) plays all of them; the
tooling suites (tests/conformance/) play every player count and module set, leaving out
the extra option sets (house rules), whose tools are the same code.
"""

from __future__ import annotations

from typing import Any

import tutor
from tutor.core.spec import spec_for


def config_id(name: str, options: dict[str, Any]) -> str:
    """A test id such as ``mantis_falls-players=3-triad``."""
    parts: list[Any] = [name]
    for key, value in options.items():
        if isinstance(value, dict):
            parts += [f"{k}={v}" for k, v in value.items()]
        elif isinstance(value, list):
            parts.append("+".join(value))
        else:
            parts.append(f"{key}={value}")
    return "-".join(str(p) for p in parts)


def tool_configurations() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game at every player count and module set it declares."""
    return [
        (name, options)
        for name in tutor.registered_games()
        for options in spec_for(name).configurations()
        if set(options) <= {"players", "modules"}
    ]
