"""The Binder set-up: the links printed for a published checkout, and the README's links.

The README's links carry ``OWNER`` (the repository's account is not known in a clone);
``make binder-links`` prints the real ones from the git remote.  These tests keep the
script, the README and the repo2docker files in agreement.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _links_module():
    spec = importlib.util.spec_from_file_location("binder_links", ROOT / "binder" / "links.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/acme/rules-tutor",
        "https://github.com/acme/rules-tutor.git",
        "git@github.com:acme/rules-tutor.git",
        "ssh://git@github.com/acme/rules-tutor.git",
    ],
)
def test_every_github_remote_form_gives_the_same_links(url: str) -> None:
    links = _links_module().binder_links(url)
    assert links == {
        "lab": "https://mybinder.org/v2/gh/acme/rules-tutor/HEAD"
        "?urlpath=lab/tree/notebooks/00_start_here.ipynb",
        "workshop": "https://mybinder.org/v2/gh/acme/rules-tutor/HEAD"
        "?urlpath=voila/render/notebooks/workshop.ipynb",
    }


def test_a_remote_elsewhere_is_refused_in_one_line() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "binder" / "links.py"), "https://example.org/x/y"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0
    assert "not a GitHub repository URL" in out.stderr


def test_the_readme_links_open_the_files_the_script_names() -> None:
    module = _links_module()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    paths = re.findall(r"mybinder\.org/v2/gh/OWNER/rules-tutor/HEAD\?urlpath=(\S+?)\)", readme)
    assert sorted(paths) == sorted([module.LAB_PATH, module.VOILA_PATH])
    for path in paths:
        assert (ROOT / path.split("/", 2)[2]).is_file(), path


def test_repo2docker_installs_the_project_editable_with_voila() -> None:
    requirements = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    assert "-e .[workshop]" in requirements.splitlines()
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    assert re.fullmatch(r"python-3\.(1[1-9])", runtime)
