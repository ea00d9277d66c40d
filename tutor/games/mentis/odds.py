"""Mentis' part in the shared choice odds (:mod:`tutor.analysis.odds`).

Mentis has no exact odds; the shared estimate plays each choice out from the deciding
player's view.  Its greedy and search bots weigh every move and play a few games a
second, so the estimate's play-outs use the random bot, which plays dozens.
"""

PLAYOUT_BOT = "random"
"""The bot in every seat of the shared estimate's play-outs."""
