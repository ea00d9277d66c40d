"""Mantis' engine: the deck table and the state with its rules and run loop.

``table`` (the deck as typed integer tables) sits under ``state`` (the turn: the back
shown, Score or Steal announced, the card turned; scoring, stealing, the end).  The two
modules are compiled together with mypyc when the project is installed (pyproject.toml
``[tool.rules-tutor] compiled``, tutor/core/native.py).  Importing this package imports
neither.
"""
