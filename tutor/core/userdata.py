"""Where the things a user makes are kept: saved scenarios, sessions, quiz progress.

Nothing a user makes is written into the checkout (it is shared by every visitor of a
workshop server, and tracked by git).  Everything goes under one per-user folder:

- ``RULES_TUTOR_HOME`` when set (a workshop host can point each server elsewhere);
- otherwise the platform's place for application data: ``$XDG_DATA_HOME/rules-tutor``
  or ``~/.local/share/rules-tutor`` on Linux, ``~/Library/Application Support/rules-tutor``
  on macOS, ``%APPDATA%\\rules-tutor`` on Windows.

Relative file names given to the saving tools are taken inside this folder
(:func:`user_path`); absolute paths are used as given.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tutor.core.errors import TutorError

APP_FOLDER = "rules-tutor"

KINDS = ("scenarios", "sessions", "progress", "workshop")
"""The sub-folders of the user folder, one per kind of thing a user makes."""


class UserDataError(TutorError, OSError):
    """The per-user folder cannot be made or written (names the folder and why)."""


def user_data_dir() -> Path:
    """The per-user folder (not created here).

    Returns:
        ``RULES_TUTOR_HOME`` if set, else the platform's per-user application data folder
        followed by ``rules-tutor``.
    """
    override = os.environ.get("RULES_TUTOR_HOME")
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_FOLDER


def user_path(kind: str, name: str | Path) -> Path:
    """Where a user's file of one kind goes: ``name`` inside ``<user folder>/<kind>/``.

    An absolute ``name`` is returned unchanged (the user chose the place).  The folder is
    created when missing.

    Args:
        kind: one of :data:`KINDS`.
        name: the file name (or a relative path) the user gave.

    Returns:
        The path to read or write.

    Raises:
        ValueError: if ``kind`` is not one of :data:`KINDS`, or a relative ``name``
            climbs out of the folder with ``..``.
        UserDataError: if the folder cannot be created.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind of user file {kind!r}; kinds: {', '.join(KINDS)}")
    given = Path(name).expanduser()
    if given.is_absolute():
        return given
    if ".." in given.parts:
        raise ValueError(f"a file name inside the user folder cannot climb out: {str(name)!r}")
    folder = user_data_dir() / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserDataError(
            f"cannot create the folder for your {kind} at {folder}: {exc.strerror or exc}"
        ) from None
    return folder / given


__all__ = ["APP_FOLDER", "KINDS", "UserDataError", "user_data_dir", "user_path"]
