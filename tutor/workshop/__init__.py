"""The live workshop room: a host pushes a position, learners answer from their browsers.

Why this exists: a host teaching a room wants everyone to look at the same position and
say what they would do, then see what the engine says.  The parts:

- :mod:`tutor.workshop.store`: rooms, questions and answers in one database shared by
  every kernel of the Voila server (SQLite beside the server by default, any SQLAlchemy
  URL for a database server), so nothing is lost when a page reloads or a kernel restarts;
- :mod:`tutor.workshop.positions`: a position of any game (a teaching scenario, a seed, a
  Session's current state) turned into a question through the game's spec (the picture
  through the deciding player's eyes, their legal choices), and the engine's answer
  (the rule cited, the odds where the game has them, the bots' choices).

The pages are ``notebooks/workshop_host.ipynb`` and ``notebooks/workshop_room.ipynb``;
their widgets are in :mod:`tutor.widgets.room`.  Nothing here is imported by
``import tutor``.
"""
