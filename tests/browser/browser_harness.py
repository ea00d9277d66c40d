"""Servers, browser and bounded waits for the end-to-end browser tests.

The browser tests check what a learner actually sees: a JupyterLab (or Voila) server
started from the project's venv on a free localhost port, notebooks run from the Run menu,
widgets clicked in headless Chromium.  The browser is Debian's chromium
(``/usr/bin/chromium``, installed by ``make browser-deps`` / ``.ci/install-browser``)
driven by Playwright through ``executable_path``; Playwright never downloads a browser.

Every server gets its own temporary runtime, config, data and settings directories, so a
run never reads or writes the user's Jupyter set-up.  JupyterLab's autosave is off and its
checkpoints go to a temporary folder: running the notebooks in the browser writes nothing
into the repository.
Stopping a server ends every process it started (kernels run in sessions of their own).

This is a helper module, not a ``conftest.py``: its functions are imported by name, and
pytest imports every ``conftest.py`` as the one module ``conftest``, so a function in a
conftest cannot be imported reliably.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "browser"
DEBIAN_CHROMIUM = "/usr/bin/chromium"
CHROMIUM = os.environ.get("TUTOR_CHROMIUM", DEBIAN_CHROMIUM)
# Flags Chromium needs on this kind of machine: no sandbox (root), no GPU, and no
# background connections (the network is closed; refused connections slow it down).
# Playwright adds --headless itself; the profile is a fresh temporary directory.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_TIMEOUT = 60.0
"""Seconds a server may take to answer its first HTTP request."""

# JupyterLab user settings for the test run: no autosave (the notebooks in the repository
# are never written), every cell kept in the page (no virtual scrolling), and no
# "Jupyter news" prompt or update check (no network, nothing covering the page).
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


# --------------------------------------------------------------------------- the browser
def can_install_browser() -> bool:
    """Whether ``.ci/install-browser`` could install chromium here (apt-get as root)."""
    if shutil.which("apt-get") is None:
        return False
    if os.geteuid() == 0:
        return True
    if shutil.which("sudo") is None:
        return False
    probe = subprocess.run(["sudo", "-n", "true"], capture_output=True, check=False)
    return probe.returncode == 0


def require_chromium() -> str:
    """The Chromium binary to drive; skip only where it cannot be installed.

    Where chromium could be installed (root or password-less sudo, and apt-get), a missing
    browser is a failure, so CI never skips the browser tests silently.

    Raises:
        pytest.fail.Exception: chromium is missing but ``make browser-deps`` would install it,
            or ``TUTOR_CHROMIUM`` names a file that is not executable.
        pytest.skip.Exception: chromium is missing and cannot be installed on this machine.
    """
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    if CHROMIUM != DEBIAN_CHROMIUM:
        pytest.fail(f"TUTOR_CHROMIUM={CHROMIUM} is not an executable file", pytrace=False)
    if can_install_browser():
        pytest.fail(
            f"{CHROMIUM} is missing but can be installed here: run `make browser-deps` "
            "(bash .ci/install-browser), which `make test` runs first",
            pytrace=False,
        )
    pytest.skip(
        f"{CHROMIUM} is missing and cannot be installed here (apt-get install chromium needs "
        "root or password-less sudo); set TUTOR_CHROMIUM to another Chromium to run these tests"
    )


@contextmanager
def chromium(executable: str, profile: Path) -> Iterator[Any]:
    """Headless Chromium with a fresh profile in ``profile``, as a Playwright context."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=executable,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 1000},
        )
        try:
            yield context
        finally:
            context.close()


@contextmanager
def chromium_browser(executable: str) -> Iterator[Any]:
    """Headless Chromium as a Playwright ``Browser``: each ``new_context()`` is a separate
    visitor (its own cookies and storage), as several people's browsers are."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def clear_screenshots() -> None:
    """Remove the screenshots of an earlier run, so the folder shows this run only."""
    for old in ARTIFACTS.glob("*.png"):
        old.unlink()


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot of ``page`` as ``test-artifacts/browser/<name>.png``.

    Raises:
        playwright.sync_api.Error: if the page cannot be captured.
    """
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@contextmanager
def stage(page: Any, name: str, timeout: float) -> Iterator[None]:
    """One step of a browser test: Playwright waits inside it are bounded by ``timeout``.

    A timeout or a failed assertion saves ``FAILED-<name>.png`` and fails the test with a
    message naming the step.

    Raises:
        pytest.fail.Exception: if a wait inside the step times out.
        AssertionError: re-raised from the step, after the screenshot.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    page.set_default_timeout(timeout * 1000)
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    try:
        yield
    except PlaywrightTimeoutError as exc:
        shot = _try_screenshot(page, f"FAILED-{slug}")
        first_line = str(exc).splitlines()[0] if str(exc) else "timeout"
        pytest.fail(
            f"browser step '{name}' timed out after {timeout:.0f} s: {first_line} "
            f"(screenshot: {shot})",
            pytrace=False,
        )
    except AssertionError:
        _try_screenshot(page, f"FAILED-{slug}")
        raise


def _try_screenshot(page: Any, name: str) -> Path | None:
    try:
        return screenshot(page, name)
    except Exception:  # a failed screenshot must not hide the real failure
        return None


# --------------------------------------------------------------------------- servers
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment for a Jupyter server whose own state lives under ``home`` only.

    The venv's kernelspec and lab extensions (under ``sys.prefix``) are still found.

    Raises:
        OSError: if the directories cannot be created.
    """
    dirs = {
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTERLAB_SETTINGS_DIR": home / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": home / "lab-workspaces",
        "IPYTHONDIR": home / "ipython",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    for plugin, values in LAB_SETTINGS.items():
        package, name = plugin.rsplit("/", 1)
        target = dirs["JUPYTERLAB_SETTINGS_DIR"] / package / f"{name}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values), encoding="utf-8")
    env = dict(os.environ)
    env.update({key: str(path) for key, path in dirs.items()})
    env["PYTHONUNBUFFERED"] = "1"
    return env


@dataclass
class Server:
    """A server process started for the tests, and where to reach it."""

    name: str
    process: subprocess.Popen[bytes]
    base_url: str
    token: str
    log: Path

    def url(self, path: str, **query: str) -> str:
        """The address of ``path`` on this server (with the token, if it has one)."""
        params = dict(query)
        if self.token:
            params["token"] = self.token
        tail = "&".join(f"{k}={v}" if v else k for k, v in params.items())
        return f"{self.base_url}{path}{'?' + tail if tail else ''}"

    def log_tail(self, lines: int = 25) -> str:
        """The last lines of the server's log, for failure messages."""
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def api(self, method: str, path: str) -> Any:
        """Call the server's REST API and return the decoded JSON (``None`` if empty).

        Raises:
            urllib.error.URLError: if the server does not answer.
        """
        request = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None


def wait_until_answering(server: Server, path: str, timeout: float = SERVER_START_TIMEOUT) -> None:
    """Poll ``path`` until it answers 200; fail with the log if the server dies or is slow.

    Raises:
        pytest.fail.Exception: if the process exits or ``timeout`` seconds pass first.
    """
    deadline = time.monotonic() + timeout
    last_error = "no answer yet"
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(
                f"{server.name} exited with status {server.process.returncode} before it "
                f"answered; its log ({server.log}) ends with:\n{server.log_tail()}",
                pytrace=False,
            )
        try:
            with urllib.request.urlopen(server.url(path), timeout=5) as response:
                if response.status == 200:
                    return
                last_error = f"HTTP {response.status}"
        except (urllib.error.URLError, OSError) as exc:
            last_error = str(exc)
        time.sleep(0.25)
    pytest.fail(
        f"{server.name} did not answer {path} within {timeout:.0f} s ({last_error}); "
        f"its log ({server.log}) ends with:\n{server.log_tail()}",
        pytrace=False,
    )


def stop_process_tree(process: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    """End ``process`` and every process it started (kernels run in their own sessions).

    SIGTERM first, so a Jupyter server shuts its kernels down cleanly; SIGKILL for
    anything still alive after ``timeout`` seconds.
    """
    try:
        children = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        children = []
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)
    _, alive = psutil.wait_procs(children, timeout=timeout)
    for child in alive:
        with suppress(psutil.NoSuchProcess):
            child.kill()
    psutil.wait_procs(alive, timeout=timeout)


@contextmanager
def running_server(
    name: str, module_args: list[str], env: dict[str, str], port: int, token: str
) -> Iterator[Server]:
    """Run ``python -m <module_args>`` with the venv's Python; stop it and its children after.

    The server's output goes to ``test-artifacts/browser/<name>.log``.

    Raises:
        OSError: if the process cannot be started.
    """
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / f"{name.lower()}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", *module_args],
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    server = Server(name, process, f"http://127.0.0.1:{port}", token, log)
    try:
        yield server
    finally:
        if token:
            shut_down_kernels(server)
        stop_process_tree(process)


def shut_down_kernels(server: Server) -> None:
    """Ask a Jupyter server to shut down all its kernels (best effort)."""
    try:
        for kernel in server.api("GET", "/api/kernels") or []:
            server.api("DELETE", f"/api/kernels/{kernel['id']}")
    except (urllib.error.URLError, OSError, ValueError):
        pass  # the server is gone already; stop_process_tree cleans up what is left


@contextmanager
def jupyterlab(home: Path, token: str) -> Iterator[Server]:
    """JupyterLab from the project's venv on a free localhost port, the repository as root.

    Raises:
        pytest.fail.Exception: if the server does not start answering.
    """
    port = free_port()
    args = [
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={REPO}",
        # Lab makes a checkpoint of every notebook it opens: keep them out of the checkout.
        f"--FileCheckpoints.root_dir={home / 'checkpoints'}",
        "--LabApp.extension_manager=readonly",
    ]
    with running_server("JupyterLab", args, jupyter_env(home), port, token) as server:
        wait_until_answering(server, "/api/status")
        yield server


@contextmanager
def voila(
    home: Path,
    folder: Path,
    env: dict[str, str] | None = None,
    extra_args: list[str] | None = None,
) -> Iterator[Server]:
    """Voila from the project's venv serving ``folder`` on a free localhost port.

    Started the way ``make workshop`` starts it (``voila notebooks`` with the room's
    configuration, ``binder/voila.json``: standby kernels that have already run the
    landing page and the first tutorial): each notebook of the folder is an app at
    ``/voila/render/<path>``.  ``env`` adds environment variables (the kernels inherit
    them); ``extra_args`` adds Voila options (they override the room's configuration).

    Raises:
        pytest.fail.Exception: if the server does not start answering.
    """
    port = free_port()
    args = [
        "voila",
        str(folder.relative_to(REPO)),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        f"--Voila.config_file_paths={REPO / 'binder'}",
        *(extra_args or []),
    ]
    with running_server("Voila", args, {**jupyter_env(home), **(env or {})}, port, "") as server:
        wait_until_answering(server, "/")  # the folder's listing: starts no kernel
        yield server
