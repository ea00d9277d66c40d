"""Creepy Falls' engine: the state's data, the flow, the rules by group, the run loop.

The modules form one layered group, compiled together with mypyc when the project is
installed (pyproject.toml ``[tool.rules-tutor] compiled``, tutor/core/native.py):
``components`` (the pieces by number and the words for them), ``frames`` (the phases,
what the flow waits for, the units due to be destroyed) and ``data`` (every field
declared once) at the bottom; one module per rule group of the rulebook above them
(``setup``, ``form_choice``, ``forms``, ``placement``, ``resolution``,
``werewolves_and_witches``, ``karloff_113``, ``destroying``, ``store``,
``end_of_round``, ``game_end``); ``choices`` (the decision and the legal actions) and
``play`` (the state class, the run loop and its dispatch) on top; ``state`` names the
public parts under the old import path.  Importing this package imports none of them.
"""
