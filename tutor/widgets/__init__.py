"""ipywidgets views bound to a Session: the tutorial player (what-if and quiz follow).

This is the only package that imports ipywidgets; ``import tutor`` never loads it.
Start with ``tutor.widgets.play("mantis_falls", seed=7)`` in a notebook cell.
"""

from tutor.widgets.player import OMNISCIENT, TutorialPlayer, play, random_bot

__all__ = ["OMNISCIENT", "TutorialPlayer", "play", "random_bot"]
