"""The random-number group: the SplitMix64 generator every game's State carries.

It is its own compiled group (``setup.py`` compiles it with mypyc together with the game
engines, listed under ``[tool.rules-tutor] shared`` in ``pyproject.toml``) so that the
compiled engines call the generator directly in C instead of through Python; it was a
quarter of a compiled playout's time while it ran as Python.  The guard below makes sure
a stale build is never used, as a game package guards its engine; every engine group
depends on this one (``tutor.core.native.SHARED_GROUPS``), so when it runs from its
source the engines do too.  The public import path stays ``tutor.core.rng``.
"""

from pathlib import Path

from tutor.core.native import guard_engine_group

guard_engine_group(__name__, Path(__file__).parent, needs={})
