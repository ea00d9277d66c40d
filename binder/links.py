"""Print the Binder links for wherever this checkout is published.

The README cannot know the GitHub account the repository lives under, so its Binder
links carry ``OWNER``; ``make binder-links`` runs this script, which reads the ``origin``
remote of the checkout (or the URL given) and prints the two links ready to paste:
JupyterLab on the start notebook, and the Voila workshop app.

Usage: ``python binder/links.py [REMOTE-URL] [--ref BRANCH]``.  Exits 2 with one line
when the remote is not a GitHub repository.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

LAB_PATH = "lab/tree/notebooks/00_start_here.ipynb"
VOILA_PATH = "voila/render/notebooks/workshop.ipynb"

_GITHUB = re.compile(
    r"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com/)"
    r"(?P<owner>[A-Za-z0-9_.-]+)/(?P<repo>[A-Za-z0-9_.-]+?)(?:\.git)?/?$"
)


def github_repo(url: str) -> tuple[str, str]:
    """Return ``(owner, repository)`` of a GitHub remote URL.

    Raises:
        ValueError: if the URL is not a GitHub repository URL.
    """
    match = _GITHUB.match(url.strip())
    if not match:
        raise ValueError(f"not a GitHub repository URL: {url.strip()!r}")
    return match["owner"], match["repo"]


def binder_links(url: str, ref: str = "HEAD") -> dict[str, str]:
    """The Binder links for a GitHub remote: ``{"lab": ..., "workshop": ...}``.

    Raises:
        ValueError: if the URL is not a GitHub repository URL.
    """
    owner, repo = github_repo(url)
    base = f"https://mybinder.org/v2/gh/{owner}/{repo}/{ref}?urlpath="
    return {"lab": base + LAB_PATH, "workshop": base + VOILA_PATH}


def _origin() -> str:
    out = subprocess.run(
        ["git", "remote", "get-url", "origin"],
        cwd=Path(__file__).resolve().parent,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise ValueError("this checkout has no 'origin' remote; give the repository URL")
    return out.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """Print the links; one line and exit status 2 on a mistake."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", help="the repository URL (default: git origin)")
    parser.add_argument("--ref", default="HEAD", help="branch, tag or commit (default HEAD)")
    args = parser.parse_args(argv)
    try:
        links = binder_links(args.url or _origin(), args.ref)
    except ValueError as exc:
        print(f"binder-links: {exc}", file=sys.stderr)
        return 2
    print(f"JupyterLab: {links['lab']}")
    print(f"Workshop:   {links['workshop']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
