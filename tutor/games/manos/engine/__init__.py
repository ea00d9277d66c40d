"""Manos' engine: the typed frames of interruptible resolution and the state with its rules.

``frames`` (the pending steps a challenge or a card play pushes) sits under ``state``
(the state, the Family and Manos turns, challenges, card timing, the run loop).  The two
modules are compiled together with mypyc when the project is installed (pyproject.toml
``[tool.rules-tutor] compiled``, tutor/core/native.py).  Importing this package imports
neither.
"""
