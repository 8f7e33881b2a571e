"""Atomic file writes: a file on disk holds either its old contents or its new ones, never half.

Every file Shadowdice writes is written this way (docs/file-format.md, "Writing"). The new bytes go
to a temporary file in the same folder, which is flushed and fsynced and then moved over the
target with :func:`os.replace`, a single step for the operating system. A crash, a full disk or
a pulled plug midway leaves the old file as it was. The previous version is kept beside the file
as ``<name>.bak``, itself written the same way.

>>> backup_path(Path("characters") / "hagen.json").name
'hagen.json.bak'
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from pathlib import Path

#: How many random temporary names are tried before giving up.
_CREATE_ATTEMPTS = 16

#: Temporary files are named ``.<name>.<random>.tmp``; the name part is cut to this length.
_TEMP_NAME_PART = 40


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept: ``<name>.bak`` beside it."""
    return path.with_name(f"{path.name}.bak")


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace the contents of ``path`` with ``data`` in one step.

    Afterwards the file holds all of ``data`` or, if anything failed, exactly what it held
    before, and no temporary file is left behind. With ``keep_backup``, the contents an existing
    file had are kept at :func:`backup_path`. A symbolic link at ``path`` is followed: the link
    stays and the file it points to is written. An existing file keeps its permissions.

    Raises:
        OSError: the file could not be written; it is unchanged.
    """
    target = Path(os.path.realpath(path))
    temp = _write_temp(target, data, mode_from=target)
    try:
        if keep_backup and target.is_file():
            _copy_atomic(target, backup_path(target))
        os.replace(temp, target)
    except BaseException:
        _remove_quietly(temp)
        raise
    _fsync_directory(target.parent)


def _copy_atomic(source: Path, destination: Path) -> None:
    """Copy ``source`` over ``destination`` through a temporary file, in one step."""
    temp = _write_temp(destination, source.read_bytes(), mode_from=source)
    try:
        os.replace(temp, destination)
    except BaseException:
        _remove_quietly(temp)
        raise


def _write_temp(beside: Path, data: bytes, *, mode_from: Path) -> Path:
    """Write ``data`` to a new temporary file next to ``beside``, flushed and fsynced."""
    descriptor, temp = _create_temp(beside)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode_from.is_file():
            with contextlib.suppress(OSError):
                shutil.copymode(mode_from, temp)
    except BaseException:
        _remove_quietly(temp)
        raise
    return temp


def _create_temp(beside: Path) -> tuple[int, Path]:
    """Create and open a temporary file next to ``beside`` that did not exist before.

    Unlike :func:`tempfile.mkstemp`, which always creates files only the owner may read, the
    file gets the usual permissions for new files (0o666 less the umask).
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(_CREATE_ATTEMPTS):
        temp = beside.with_name(f".{beside.name[:_TEMP_NAME_PART]}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name beside {beside}")


def _fsync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable, where the operating system allows it.

    Windows cannot open a folder as a file, and some file systems refuse to fsync one; the data
    itself is fsynced already, so this step is skipped silently there.
    """
    if os.name == "nt":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _remove_quietly(path: Path) -> None:
    """Remove a temporary file if it is still there."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
