"""Mantis Falls' engine: the state's data, typed frames, the rules by group, the run loop.

The modules form one layered group, compiled together with mypyc when the project is
installed (pyproject.toml ``[tool.rules-tutor]``, tutor/core/native.py): ``frames`` and
``data`` (with ``basics``) at the bottom, one module per rule group above them
(``roads``, ``events``, ``action_plays``, ``conditions``, ``allies``,
``conserved_energy``, ``wounds``, ``last_gasps``, ``game_end``, ``turn``, ``drawing``,
``context``), the effect interpreter (``effects``), ``chance``, ``choices``, ``views``,
illegal-move explanations (``illegal``) and teaching hints (``hints``) above those,
``play`` (the state class, the run loop and the dispatch of frames and picks) on top,
and ``setup`` (topics 5-6), which builds a state.  Importing this package imports none
of them.
"""
