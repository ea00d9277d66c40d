"""How Mentis looks: the SVG board (picture.py) and the terminal text (cli.py)."""
