"""Writing a user's file safely: all of it or none of it, and a clear error otherwise.

:func:`write_text_atomic` writes the text to a temporary file in the target's own
folder, flushes it and asks the disk to keep it (``fsync``), then renames it over the
target in one step (``os.replace``) and asks the disk to keep the rename too (the
folder's ``fsync``, where the system allows it).  An interrupted or failed save keeps
the old file whole, and the temporary file is removed in every failure.

Every failure is a :class:`~tutor.core.errors.SaveError` naming the path and what is
wrong in words (a folder, a missing folder, no permission, a full disk), never a raw
``OSError``.  Where a user's files go by default is not decided here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

from tutor.core.errors import SaveError

_WHY = {
    errno.EACCES: "permission denied (the folder or file may not be written)",
    errno.EPERM: "permission denied (the folder or file may not be written)",
    errno.EROFS: "the file system is read-only",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.EISDIR: "it is a folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENOENT: "a folder on the path does not exist",
}


def _why(exc: OSError) -> str:
    return _WHY.get(exc.errno or 0) or exc.strerror or type(exc).__name__


def _mode_for(target: Path) -> int:
    """Permission bits for the new file: the old file's, else what the umask allows."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _fsync_folder(folder: Path) -> None:
    """Ask the disk to keep the rename (POSIX); systems that cannot do it are skipped."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: the old file stays whole on failure.

    Raises:
        SaveError: if ``path`` is a folder, its folder does not exist or is not a
            folder, or the file cannot be written (permission, read-only, full disk);
            no temporary file is left behind.
    """
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise SaveError(str(target), "it is a folder, not a file")
    if not folder.exists():
        raise SaveError(str(target), f"the folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise SaveError(str(target), f"{str(folder)!r} is not a folder")
    data = text.encode("utf-8")
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            if hasattr(os, "fchmod"):  # POSIX: mkstemp's 0600 would hide the file
                os.fchmod(fh.fileno(), _mode_for(target))
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise SaveError(str(target), _why(exc)) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    _fsync_folder(folder)


__all__ = ["write_text_atomic"]
