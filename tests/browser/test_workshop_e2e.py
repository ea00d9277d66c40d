"""End-to-end: the workshop as a room sees it in Voila (learners, the host, charts, the tree).

Voila serves ``notebooks/`` as ``make workshop`` does.  The tests check, in headless
Chromium, what the issue "the tutor and the workshop as a learner and a host find them"
asked for:

- the learners' strategy sheet holds no answers (not even hidden in the page), while the
  host's notebook shows them;
- pass the screen: an exercise opens covered, the covered page holds neither seat's
  cards, and after the click only that seat's cards are on screen;
- the decision-tree notebook draws a tree whose nodes and edges carry labels in the
  game's words;
- the analysis page draws its charts without ``t.setData is not a function`` (or any
  other page error) in the console.

Screenshots go to ``test-artifacts/browser/`` (``workshop-*.png``).
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import (
    REPO,
    Server,
    chromium,
    require_chromium,
    screenshot,
    stage,
    voila,
)

pytestmark = pytest.mark.browser

SHEET = "mantis_falls/05_workshop_strategy.ipynb"
HOST = "mantis_falls/05_workshop_host.ipynb"
TREE = "mantis_falls/06b_decision_tree.ipynb"
ANALYSIS = "mantis_falls/06_analysis.ipynb"
# Printed only by the host's answer cells (nbval checks them in the host's notebook).
ANSWERS = ("Jill reads:", "Soup now:", "[mf.17.8]")
RENDER_TIMEOUT = 180
CLICK_TIMEOUT = 30


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Debian chromium with a fresh profile, driven by Playwright."""
    executable = require_chromium()
    with chromium(executable, tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


@pytest.fixture(scope="module")
def app(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The workshop app: Voila serving notebooks/, as `make workshop` starts it."""
    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed in this venv (`pip install -e '.[workshop]'`)")
    with voila(tmp_path_factory.mktemp("voila"), REPO / "notebooks") as server:
        yield server


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A new browser tab (its console errors collected in ``tab.errors``), closed after."""
    tab = browser.new_page()
    tab.errors = []
    tab.on("pageerror", lambda exc: tab.errors.append(str(exc)))
    try:
        yield tab
    finally:
        tab.close()


def render(page: Any, app: Server, notebook: str, ready: str) -> None:
    """Open ``notebook`` in Voila and wait until ``ready`` shows and the kernel is done."""
    with stage(page, f"Voila renders {notebook}", RENDER_TIMEOUT):
        page.goto(app.url(f"/voila/render/{notebook}"))
        page.locator(ready).first.wait_for(state="visible")
        # Voila shows its "executing" spinner until the last cell ran.
        page.wait_for_function(
            "() => !document.querySelector('#loading') || "
            "getComputedStyle(document.querySelector('#loading')).display === 'none'"
        )
    errors = page.locator(".jp-OutputArea-output:has(.ansi-red-fg)")
    assert errors.count() == 0, errors.first.inner_text()


def test_the_learners_page_holds_no_answers_and_the_host_page_does(page: Any, app: Server) -> None:
    render(page, app, SHEET, ".tutor-pass-cover")
    html = page.content()
    for answer in ANSWERS:
        assert answer not in html, f"the learners' page contains the answer text {answer!r}"
    assert "Host." not in page.inner_text("body")
    screenshot(page, "workshop-01-learner-sheet")

    render(page, app, HOST, "text=Soup now:")
    text = page.inner_text("body")
    for answer in ANSWERS:
        assert answer in text, f"the host's page lacks {answer!r}"
    assert page.locator(".tutor-pass-cover").count() == 0
    screenshot(page, "workshop-02-host-notebook")


def test_pass_the_screen_hides_the_other_seats_cards(page: Any, app: Server) -> None:
    render(page, app, SHEET, ".tutor-pass-cover")
    # Exercise 4 (stray bullets): Jack holds Medicine and Coffee, Jill Sprint and Bullet.
    exercise = page.locator(".tutor-pass-screen").nth(3)
    exercise.scroll_into_view_if_needed()
    cover = exercise.locator(".tutor-pass-cover")
    assert "Pass the screen to Jack" in cover.inner_text()
    covered = exercise.inner_html()
    for card in ("Medicine", "Coffee", "Sprint", "Bullet (", ">Bullet<"):
        assert card not in covered, f"{card} is in the page under the cover"
    screenshot(page, "workshop-03-pass-cover-jack")

    with stage(page, "Jack takes the screen", CLICK_TIMEOUT):
        exercise.locator(".tutor-pass-ready").click()
        exercise.locator(".tutor-picture svg").wait_for(state="visible")
    picture = exercise.locator(".tutor-picture").inner_html()
    assert "Medicine" in picture and "Coffee" in picture
    assert "Sprint" not in picture and not re.search(r"\bBullet\b", picture)
    screenshot(page, "workshop-04-pass-jacks-screen")

    with stage(page, "Jack does nothing; the cover comes up for Jill", CLICK_TIMEOUT):
        exercise.locator(".tutor-action", has_text="Do nothing").click()
        for _ in range(40):
            page.wait_for_timeout(300)
            if exercise.locator(".tutor-pass-cover").count():
                break
            step = exercise.locator(".tutor-step")
            if step.count() and step.is_enabled():
                step.click()
        exercise.locator(".tutor-pass-cover").wait_for(state="visible")
    assert "Pass the screen to Jill" in exercise.inner_text()
    covered = exercise.inner_html()
    assert "Medicine" not in covered and "Coffee" not in covered
    screenshot(page, "workshop-05-pass-cover-jill")

    with stage(page, "Jill takes the screen", CLICK_TIMEOUT):
        exercise.locator(".tutor-pass-ready").click()
        exercise.locator(".tutor-picture svg").wait_for(state="visible")
    picture = exercise.locator(".tutor-picture").inner_html()
    assert "Sprint" in picture
    assert "Medicine" not in picture and "Coffee" not in picture
    screenshot(page, "workshop-06-pass-jills-screen")


def test_the_tree_notebook_draws_labelled_nodes_and_edges(page: Any, app: Server) -> None:
    render(page, app, TREE, ".js-plotly-plot")
    plot = page.locator(".js-plotly-plot").first
    plot.scroll_into_view_if_needed()
    # SVG text has no innerText: read each label's textContent.
    labels = plot.locator(".textpoint text").evaluate_all("els => els.map(e => e.textContent)")
    assert any(t.startswith("Jack discards Medicine") and "25%" in t for t in labels), labels
    assert any(t.startswith("Jack adds Medicine") for t in labels), labels
    assert any(t in ("Jack loses", "Jack wins") for t in labels), labels
    assert not any("event_processing" in t or "at random" in t for t in labels)
    assert not page.errors, page.errors
    screenshot(page, "workshop-07-decision-tree")


def test_the_analysis_charts_draw_without_console_errors(page: Any, app: Server) -> None:
    render(page, app, ANALYSIS, ".js-plotly-plot")
    with stage(page, "all ten charts of the analysis page are drawn", RENDER_TIMEOUT):
        page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 10")
        page.wait_for_timeout(2000)  # the mime renderer logged its error after drawing
    assert not [e for e in page.errors if "setData" in e], page.errors
    assert not page.errors, page.errors
    page.locator(".js-plotly-plot").nth(4).scroll_into_view_if_needed()
    screenshot(page, "workshop-08-analysis-charts")
