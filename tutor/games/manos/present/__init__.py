"""How Manos shows itself: the SVG picture, card faces and terminal text (spec hooks)."""
