"""The landing pages lead everywhere: every tutorial is linked, and every link opens.

The workshop app (notebooks/workshop.ipynb) is what a room sees first, and the start
notebook is what ``make lab`` opens: a notebook neither of them links is a notebook
nobody finds, and a link to a moved file is a dead end in front of a class.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LANDING_PAGES = ("workshop.ipynb", "00_start_here.ipynb")
LINK = re.compile(r"\]\(([^)#\s]+)")


def markdown_links(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return [link for link in LINK.findall(text) if "://" not in link]


@pytest.mark.parametrize("page", LANDING_PAGES)
def test_every_link_of_a_landing_page_opens_a_file(page: str) -> None:
    for link in markdown_links(NOTEBOOKS / page):
        assert (NOTEBOOKS / link).resolve().exists(), f"{page} links {link}, which is missing"


def test_the_workshop_page_links_every_game_notebook() -> None:
    linked = {(NOTEBOOKS / link).resolve() for link in markdown_links(NOTEBOOKS / "workshop.ipynb")}
    for notebook in sorted(NOTEBOOKS.glob("*/*.ipynb")):
        assert notebook.resolve() in linked, f"the workshop page does not link {notebook.name}"
