"""End-to-end: a learner opens the notebooks in JupyterLab and plays with the tutorial player.

This is the newcomer's path from the README, checked in a real browser: JupyterLab serves
the repository, the start notebook runs from the Run menu, then the first Mantis Falls
tutorial runs and its tutorial player is clicked like a person would (a decision button,
then Step a few times).  The test checks that every cell ran without an error, that the
explanation on screen changes with each click and cites the rule behind it, and that the
SVG picture of the table changes.  A second test opens the workshop notebook as a Voila
app (when Voila is installed) and checks it shows the notebook's prose and a live widget.

Screenshots go to ``test-artifacts/browser/`` (gitignored).  Servers, kernels and the
browser are stopped in fixture teardown, also when a test fails.
"""

from __future__ import annotations

import importlib.util
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import (
    REPO,
    Server,
    chromium,
    clear_screenshots,
    require_chromium,
    screenshot,
    stage,
    voila,
)

pytestmark = pytest.mark.browser

START = "notebooks/00_start_here.ipynb"
TUTORIAL = "notebooks/mantis_falls/01_setup_and_first_turn.ipynb"
# The landing page of the Voila app `make workshop` serves (Voila serves its folder).
WORKSHOP = "notebooks/workshop.ipynb"
RULE_CITATION = re.compile(r"\(mf\.\d+\.\d+\)")
PRINTED_RULE = re.compile(r"\[mf\.\d+\.\d+\]")

# Bounded waits, in seconds, per step of the tests.
OPEN_TIMEOUT = 60
RUN_ALL_TIMEOUT = 90
CLICK_TIMEOUT = 20


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Debian chromium with a fresh profile, driven by Playwright."""
    executable = require_chromium()
    clear_screenshots()
    with chromium(executable, tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


# --------------------------------------------------------------------------- JupyterLab steps
def code_cell_count(notebook: str) -> int:
    """How many code cells the notebook file has (each must run once in the browser)."""
    cells = json.loads((REPO / notebook).read_text(encoding="utf-8"))["cells"]
    return sum(1 for cell in cells if cell["cell_type"] == "code")


def open_notebook(page: Any, lab: Server, notebook: str) -> Any:
    """Open ``notebook`` in a reset Lab workspace; return its panel once its kernel is ready.

    Ready means: one kernel session for the notebook, idle, the same for a second (Lab may
    replace the kernel it first started), with no dialog open.  When Lab asks which kernel
    to start (it does when the kernel list arrives late), accept the proposed Python 3
    kernel, as a person would.
    """
    with stage(page, f"open {notebook} in JupyterLab", OPEN_TIMEOUT):
        page.goto(lab.url(f"/lab/tree/{notebook}", reset=""))
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        panel.locator(".jp-Cell").first.wait_for(state="visible")
    dialog = page.locator(".jp-Dialog", has_text="Select Kernel")
    indicator = panel.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    ready_kernel, ready_since = None, 0.0
    deadline = time.monotonic() + OPEN_TIMEOUT
    while time.monotonic() < deadline:
        if dialog.count():
            dialog.get_by_role("button", name="Select", exact=True).click()
            ready_kernel = None
        sessions = [s for s in lab.api("GET", "/api/sessions") if s["path"] == notebook]
        kernel = sessions[0]["kernel"] if len(sessions) == 1 else None
        if kernel and kernel["execution_state"] == "idle" and indicator.count():
            if kernel["id"] != ready_kernel:
                ready_kernel, ready_since = kernel["id"], time.monotonic()
            elif time.monotonic() - ready_since >= 1.0:
                return panel
        else:
            ready_kernel = None
        page.wait_for_timeout(250)
    screenshot(page, "FAILED-kernel-ready")
    pytest.fail(
        f"the kernel of {notebook} was not ready within {OPEN_TIMEOUT} s "
        f"(sessions: {lab.api('GET', '/api/sessions')})",
        pytrace=False,
    )


def run_all_cells(page: Any, panel: Any, notebook: str) -> list[str]:
    """Run > Run All Cells, wait until every code cell has run; return the text outputs.

    Fails at once, with the error text, if a cell's output is an error.
    """
    expected = [f"[{i}]:" for i in range(1, code_cell_count(notebook) + 1)]
    with stage(page, f"run all cells of {notebook}", RUN_ALL_TIMEOUT):
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        prompts: list[str] = []
        deadline = time.monotonic() + RUN_ALL_TIMEOUT
        while time.monotonic() < deadline:
            errors = panel.locator(".jp-OutputArea-output:has(.ansi-red-fg)")
            if errors.count():
                pytest.fail(
                    f"a cell of {notebook} failed in the browser:\n{errors.first.inner_text()}",
                    pytrace=False,
                )
            prompts = [
                p.strip() for p in panel.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()
            ]
            if prompts == expected:
                break
            page.wait_for_timeout(250)
        else:
            screenshot(page, "FAILED-run-all")
            pytest.fail(
                f"timed out after {RUN_ALL_TIMEOUT} s waiting for the cells of {notebook} to "
                f"run: prompts {prompts}, expected {expected}",
                pytrace=False,
            )
        panel.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
            state="attached"
        )
    return panel.locator(".jp-OutputArea-output").all_inner_texts()


def picture_of(player: Any) -> str:
    """The SVG markup of the tutorial player's picture."""
    return player.locator(".tutor-picture svg").evaluate("svg => svg.outerHTML")


def explanation_of(player: Any) -> str:
    """The text of the tutorial player's explanation."""
    return player.locator(".tutor-explanation-box").inner_text()


def wait_for_change(page: Any, read: Any, before: str, what: str) -> str:
    """Poll ``read()`` until it differs from ``before``; fail naming ``what`` otherwise."""
    deadline = time.monotonic() + CLICK_TIMEOUT
    while time.monotonic() < deadline:
        now = read()
        if now != before:
            return now
        page.wait_for_timeout(100)
    screenshot(page, "FAILED-no-change")
    pytest.fail(f"{what} did not change within {CLICK_TIMEOUT} s", pytrace=False)


# --------------------------------------------------------------------------- tests
def test_start_notebook_and_tutorial_player_in_jupyterlab(page: Any, lab: Server) -> None:
    """Run the start notebook, then play the first turn of the tutorial in the widget."""
    panel = open_notebook(page, lab, START)
    outputs = run_all_cells(page, panel, START)
    screenshot(page, "01-start-here-after-run-all")
    printed = "\n".join(outputs)
    assert PRINTED_RULE.search(printed), f"no [mf.x.y] rule citation in the outputs:\n{printed}"

    panel = open_notebook(page, lab, TUTORIAL)
    run_all_cells(page, panel, TUTORIAL)
    with stage(page, "tutorial player appears", OPEN_TIMEOUT):
        player = panel.locator(".widget-vbox:has(> .tutor-picture)").last
        player.locator(".tutor-picture svg").wait_for(state="visible")
        player.scroll_into_view_if_needed()
    screenshot(page, "02-tutorial-player-before")

    picture0, explanation0 = picture_of(player), explanation_of(player)
    # Seed 7 opens on Jill's initial movement: one button per legal choice.
    with stage(page, "click the decision button 'moves 1 road'", CLICK_TIMEOUT):
        move = player.locator(".tutor-action", has_text="moves 1 road")
        assert move.count() == 1, player.locator(".tutor-action").all_inner_texts()
        label = move.inner_text().strip()
        move.click()
        explanation1 = wait_for_change(
            page,
            lambda: explanation_of(player),
            explanation0,
            f"the explanation after clicking '{label}'",
        )
        picture1 = picture_of(player)
    assert picture1 != picture0, f"the picture did not change after '{label}'"
    assert RULE_CITATION.search(explanation1), explanation1
    destination = label.split(" to ", 1)[-1]
    assert destination in explanation1, (destination, explanation1)
    screenshot(page, "03-tutorial-player-after-decision")

    explanations = [explanation1]
    pictures = [picture1]
    step = player.locator(".tutor-step")
    for n in range(1, 4):
        with stage(page, f"click Step ({n})", CLICK_TIMEOUT):
            step.click()
            explanations.append(
                wait_for_change(
                    page,
                    lambda: explanation_of(player),
                    explanations[-1],
                    f"the explanation after Step #{n}",
                )
            )
            pictures.append(picture_of(player))
        assert RULE_CITATION.search(explanations[-1]), explanations[-1]
    screenshot(page, "04-tutorial-player-after-steps")
    assert pictures[-1] != picture0, "the picture never changed"
    assert len(set(explanations)) == len(explanations), explanations


def markdown_heading(notebook: Path) -> str:
    """The first Markdown heading of ``notebook``, as plain text."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("#"):
                return re.sub(r"[*_`]", "", line.lstrip("#")).strip()
    raise AssertionError(f"{notebook} has no Markdown heading")


def test_workshop_app_in_voila(page: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The workshop as `make workshop` serves it: prose and a live player on the landing page.

    Voila serves notebooks/; the landing page is workshop.ipynb.  Its first heading and a
    working tutorial player must show, and the link to the first tutorial must open it.
    """
    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed in this venv (`pip install -e '.[workshop]'`)")
    landing = REPO / WORKSHOP
    if not landing.exists():
        pytest.skip(f"no workshop landing page yet ({WORKSHOP})")
    heading = markdown_heading(landing)
    with voila(tmp_path_factory.mktemp("voila"), landing.parent) as server:
        with stage(page, f"Voila renders {WORKSHOP}", RUN_ALL_TIMEOUT):
            page.goto(server.url(f"/voila/render/{landing.name}"))
            page.locator("h1, h2", has_text=heading).first.wait_for(state="visible")
            player = page.locator(".widget-vbox:has(> .tutor-picture)").first
            player.locator(".tutor-picture svg").wait_for(state="visible")
        errors = page.locator(".jp-OutputArea-output:has(.ansi-red-fg)")
        assert errors.count() == 0, errors.first.inner_text()

        picture0 = picture_of(player)
        with stage(page, "click a decision button in Voila", CLICK_TIMEOUT):
            move = player.locator(".tutor-action", has_text="moves 1 road")
            assert move.count() == 1, player.locator(".tutor-action").all_inner_texts()
            move.click()
            wait_for_change(
                page, lambda: picture_of(player), picture0, "the picture after a decision in Voila"
            )
        screenshot(page, "05-workshop-voila")

        tutorial = REPO / TUTORIAL
        with stage(page, "follow the workshop's link to the first tutorial", RUN_ALL_TIMEOUT):
            page.locator(f"a[href$='{tutorial.name}']").first.click()
            page.wait_for_url(f"**/{tutorial.name}")
            page.locator("h1, h2", has_text=markdown_heading(tutorial)).first.wait_for(
                state="visible"
            )
            page.locator(".tutor-step").first.wait_for(state="visible")
        screenshot(page, "06-workshop-voila-tutorial")
