"""Mantis Falls' engine: the state's data, typed frames, the rules by group, the run loop.

The modules form one layered group, compiled together with mypyc when the project is
installed (pyproject.toml ``[tool.rules-tutor]``, tutor/core/native.py): ``frames`` and
``data`` at the bottom, one module per rule group above them (``roads``, ``events``,
``action_plays``, ``conditions``, ``allies``, ``conserved_energy``, ``wounds``,
``last_gasps``, ``game_end``, ``turn`` ...), the effect interpreter, chance, choices,
views, illegal-move explanations and teaching hints above those, and ``play`` (the
state class, the run loop and the dispatch tables) on top.  Importing this package
imports none of them.
"""
