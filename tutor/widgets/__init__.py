"""ipywidgets views bound to a Session: the tutorial player (and its pass-the-screen form for
one shared screen), the what-if explorer, the quiz.

This is the only package that imports ipywidgets; ``import tutor`` never loads it.
Start with ``tutor.widgets.play("mantis_falls", seed=7)`` in a notebook cell.
"""

from tutor.widgets.pass_screen import PassTheScreen
from tutor.widgets.player import OMNISCIENT, TutorialPlayer, play, random_bot
from tutor.widgets.quiz import Quiz, quiz
from tutor.widgets.whatif import WhatIfExplorer, explore

__all__ = [
    "OMNISCIENT",
    "PassTheScreen",
    "Quiz",
    "TutorialPlayer",
    "WhatIfExplorer",
    "explore",
    "play",
    "quiz",
    "random_bot",
]
