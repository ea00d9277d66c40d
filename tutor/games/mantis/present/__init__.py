"""How Mantis looks to people: the table as SVG, and the position as terminal text."""
