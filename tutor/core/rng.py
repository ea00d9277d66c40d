"""The public import path of the deterministic random number generator (:class:`Rng`).

The generator itself lives in :mod:`tutor.core.random_engine.splitmix`, a group of its
own that ``setup.py`` compiles with mypyc so that compiled game engines call it directly
in C; this module only re-exports it, so ``from tutor.core.rng import Rng`` keeps working
everywhere (and names the same class as the engines use).
"""

from __future__ import annotations

from tutor.core.random_engine.splitmix import Rng

__all__ = ["Rng"]
