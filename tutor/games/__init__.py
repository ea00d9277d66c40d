"""One package per game; each registers with tutor.core.game."""
