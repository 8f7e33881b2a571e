"""Atomic file writes: a file on disk holds either its old contents or its new ones, never half.

Every file Shadowdice writes is written this way (docs/file-format.md, "Writing"). The new bytes go
to a temporary file in the same folder, which is flushed and fsynced and then moved over the
target with :func:`os.replace`, a single step for the operating system. A crash, a full disk or
a pulled plug midway leaves the old file as it was. The previous version is kept beside the file
as ``<name>.bak``, replaced in one step too: as a second name (hard link) of the previous file,
whose bytes are on disk already, or where that is not possible as a copy written the same way.
So a save costs two fsyncs, the new bytes' and the folder's (a third where the backup is a
copy).

Where the system can swap two names in one step (Linux: ``renameat2`` with
``RENAME_EXCHANGE``), the backup that is being replaced is recycled as the temporary file: the
file's second name and the old backup swap places, so the backup is the previous file at once
and the old backup's file now has a temporary name; the new bytes are written over it, fsynced
and moved over the target as above. Making and freeing a file costs the file system more than
all the rest of a save. At every moment the target holds the old or the new contents and the
backup a whole earlier version; if writing fails, the old backup's bytes are written back and
the two names swapped back, so a failed save leaves file and backup as they were (where even
that fails, the backup holds the file as it is; the file is never touched). The old backup is
recycled only when it is a regular file of the same owner and group as the file, and neither
it nor the file has another name. Under its own name every file is whole at every moment; a
program that opened the old backup before the swap and still reads it then sees its bytes
change.

A temporary file is locked while it is being written, until it has its final name (on POSIX;
Windows keeps an open file from being removed anyway); one that another save took for a leftover
in the moment before it was locked is made again. A save killed midway leaves its temporary
file behind, unlocked: the next save into that folder removes such leftovers of ours
(``.<name>.<8 hex digits>.tmp``), and only those. Looking costs a listing of the whole folder,
so a save skips it when the folder's modification time is still the one it had right after
this program's last save into it, with no temporary file of another save in it then: nothing
was added to the folder since.

Only regular files are read or replaced: a pipe, a device or a socket named like a character
file is refused before it is opened (opening a pipe would wait for ever). A read-only file is
replaced only when the caller says so (:class:`ReadOnlyFileError` otherwise).

>>> backup_path(Path("characters") / "hagen.json").name
'hagen.json.bak'
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import BinaryIO

from shadowdice.core.language import translations

_, _n = translations(__name__)

try:  # POSIX: temporary files are locked while they are written
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

#: How many random temporary names are tried before giving up.
_CREATE_ATTEMPTS = 16

#: Temporary files are named ``.<name>.<random>.tmp``; the name part is cut to this length.
_TEMP_NAME_PART = 40

#: The names of our own temporary files, and only those.
_TEMP_NAME = re.compile(rf"\..{{1,{_TEMP_NAME_PART}}}\.[0-9a-f]{{8}}\.tmp", re.DOTALL)


class NotRegularFileError(OSError):
    """The path names something that is not a regular file: a pipe, a device, a socket."""


class ReadOnlyFileError(PermissionError):
    """The file to replace is read-only; the caller must ask before replacing it."""


class BackupInTheWayError(IsADirectoryError):
    """Something that is not a file (a folder) has the backup copy's name."""


class UnreadableFileError(PermissionError):
    """The file to replace cannot be read, so its backup copy cannot be kept."""


def open_regular_file(path: Path) -> BinaryIO:
    """``path`` opened for reading in binary, refusing anything but a regular file (as
    :func:`read_regular_file` does), for a file read a part at a time.

    Raises:
        NotRegularFileError: ``path`` is a pipe, device or socket.
        IsADirectoryError: ``path`` is a folder.
        OSError: the file cannot be read.
    """
    descriptor, _size = _open_regular(path)
    return os.fdopen(descriptor, "rb")


def _open_regular(path: Path) -> tuple[int, int]:
    """A descriptor of ``path`` opened without waiting (a pipe would block for ever) and
    checked to be a regular file, and the file's size.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError:
        _refuse_what_is_not_a_file(Path(path))
        raise
    try:
        mode = os.fstat(descriptor)
        if stat.S_ISDIR(mode.st_mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not stat.S_ISREG(mode.st_mode):
            raise NotRegularFileError(_("{path} is not a regular file", path=path))
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor, mode.st_size


def read_regular_file(path: Path, limit: int) -> bytes:
    """Read at most ``limit + 1`` bytes of ``path``, refusing anything but a regular file.

    The file is opened without waiting (a pipe would block for ever) and checked to be a
    regular file before a byte is read.

    Raises:
        NotRegularFileError: ``path`` is a pipe, device or socket.
        IsADirectoryError: ``path`` is a folder.
        OSError: the file cannot be read.
    """
    descriptor, size = _open_regular(path)
    try:
        data = _read_up_to(descriptor, min(size, limit) + 1)
        if size < len(data) <= limit:  # the file grew since
            data += _read_up_to(descriptor, limit + 1 - len(data))
        return data
    finally:
        os.close(descriptor)


def _read_up_to(descriptor: int, size: int) -> bytes:
    """Read ``size`` bytes from an open file, fewer where it ends first."""
    chunks = []
    while size > 0 and (chunk := os.read(descriptor, size)):
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _refuse_what_is_not_a_file(path: Path) -> None:
    """Say why ``path`` could not be opened when it is a folder, pipe, device or socket."""
    if path.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(path))
    if path.exists() and not path.is_file():
        raise NotRegularFileError(_("{path} is not a regular file", path=path))


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept: ``<name>.bak`` beside it."""
    return path.with_name(f"{path.name}.bak")


def write_atomic(
    path: Path, data: bytes, *, keep_backup: bool = True, replace_read_only: bool = False
) -> None:
    """Replace the contents of ``path`` with ``data`` in one step.

    Afterwards the file holds all of ``data`` or, if anything failed, exactly what it held
    before, and no temporary file is left behind. With ``keep_backup``, the contents an existing
    file had are kept at :func:`backup_path`. A symbolic link at ``path`` is followed: the link
    stays and the file it points to is written. An existing file keeps its permissions. Our
    temporary files left in the folder by a save that was killed are removed.

    Raises:
        ReadOnlyFileError: the file is read-only and ``replace_read_only`` is False.
        NotRegularFileError: ``path`` names a pipe, device or socket.
        BackupInTheWayError: a folder has the name of the backup copy.
        UnreadableFileError: the existing file cannot be read to keep its backup copy.
        OSError: the file could not be written; it is unchanged.
    """
    target = _resolved(path)
    existing, backup = _check_target(
        target, keep_backup=keep_backup, replace_read_only=replace_read_only
    )
    folder = target.parent
    tidy = _tidy_unless_unchanged(folder)
    recycled = _UNCHANGED
    if keep_backup and existing is not None and backup is not None:
        recycled = _write_over_old_backup(target, data, existing, backup)
    if recycled != _SAVED:
        mode = existing.st_mode if existing is not None else None
        with _written_temp(target, data, mode=mode) as temp:
            if keep_backup and existing is not None and recycled == _UNCHANGED:
                # Gone while the new contents were written: nothing is left to keep.
                with contextlib.suppress(FileNotFoundError):
                    _keep_backup(target, backup_path(target), links=existing.st_nlink)
            os.replace(temp, target)
    _fsync_directory(folder)
    if tidy:
        _remember_tidy(folder)


def _resolved(path: Path) -> Path:
    """The file to write for ``path``: the file a symbolic link there points to, or ``path``
    itself made absolute (resolved all the same where it climbs up a folder: ``..`` after a
    linked folder leads where the link points).
    """
    name = os.fspath(path)
    try:
        if ".." not in name and not stat.S_ISLNK(os.lstat(name).st_mode):
            return Path(os.path.abspath(name))
    except OSError:
        pass
    return Path(os.path.realpath(name))


def remove_stale_temps(folder: Path) -> int:
    """Remove the temporary files of ours in ``folder`` that no save is writing any more.

    Returns how many were removed. Files that are not ours, and ours still being written (by
    this or another process), are left alone.
    """
    return _tidy(folder)[0]


#: Folders with no temporary file of ours left, by their modification time right after our
#: last save into them.
_tidy_folders: dict[Path, int] = {}


def _tidy_unless_unchanged(folder: Path) -> bool:
    """Remove the leftovers in ``folder`` unless it is unchanged since our last save into it.

    True when no temporary file of ours is left in the folder (none that another save is
    writing), so that its modification time after this save can be remembered as tidy.
    """
    remembered = _tidy_folders.pop(folder, None)
    if remembered is not None and remembered == _modified(folder):
        return True
    _removed, left = _tidy(folder)
    return not left


def _remember_tidy(folder: Path) -> None:
    modified = _modified(folder)
    if modified is not None:
        _tidy_folders[folder] = modified


def _modified(folder: Path) -> int | None:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return None


def _tidy(folder: Path) -> tuple[int, int]:
    """Remove our abandoned temporary files in ``folder``: how many went, how many are left."""
    removed = left = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0, 1
    for name in names:
        if name.endswith(".tmp") and _TEMP_NAME.fullmatch(name):
            if _remove_if_abandoned(folder / name):
                removed += 1
            else:
                left += 1
    return removed, left


def _check_target(
    target: Path, *, keep_backup: bool, replace_read_only: bool
) -> tuple[os.stat_result | None, os.stat_result | None]:
    """Refuse what must not be replaced, before anything is written.

    Returns the status of the file there, or None where there is none (or a folder, which the
    rename then refuses), and with ``keep_backup`` the status of what has the backup's name
    (not followed where it is a symbolic link), or None.
    """
    try:
        status = os.stat(target)
    except OSError:
        return None, None
    if stat.S_ISDIR(status.st_mode):
        return None, None
    if not stat.S_ISREG(status.st_mode):
        raise NotRegularFileError(_("{target} is not a regular file", target=target))
    read_only = not status.st_mode & stat.S_IWUSR or not os.access(target, os.W_OK)
    if read_only and not replace_read_only:
        raise ReadOnlyFileError(13, _("The file is read-only"), str(target))
    backup_status = None
    if keep_backup:
        backup = backup_path(target)
        try:
            backup_status = os.lstat(backup)
            followed = backup_status
            if stat.S_ISLNK(backup_status.st_mode):
                followed = os.stat(backup)
            in_the_way = not stat.S_ISREG(followed.st_mode)
        except OSError:
            in_the_way = False
        if in_the_way:
            raise BackupInTheWayError(21, _("The backup copy's name is taken"), str(backup))
        try:
            with target.open("rb"):
                pass
        except PermissionError as error:
            raise UnreadableFileError(13, _("The file cannot be read"), str(target)) from error
    return status, backup_status


def _remove_if_abandoned(temp: Path) -> bool:
    """Remove a temporary file unless a save holds its lock; True when it was removed."""
    if fcntl is None:  # Windows refuses to remove a file another process has open
        try:
            temp.unlink()
        except OSError:
            return False
        return True
    try:
        if not stat.S_ISREG(temp.lstat().st_mode):
            return False
        descriptor = os.open(temp, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        return False  # a save is writing it
    try:
        temp.unlink()
    except OSError:
        return False
    finally:
        os.close(descriptor)
    return True


def _keep_backup(target: Path, backup: Path, *, links: int) -> None:
    """Keep what ``target`` holds now at ``backup``, replacing the old backup in one step.

    The backup becomes a second name of the file as it is (a hard link, made under a locked
    temporary name and moved over the old backup): those bytes are on disk already, so
    nothing is written or fsynced again, and the rename is made durable with the save's own.
    Where the file system has no hard links, or the file has other names already (a later
    change through them would change the backup too), its contents are copied instead.
    """
    if links == 1 and _link_atomic(target, backup):
        return
    _copy_atomic(target, backup)


#: What :func:`_write_over_old_backup` did: saved the file; only made the backup the file as
#: it is (the new contents are still to be written); or nothing at all.
_SAVED, _BACKUP_KEPT, _UNCHANGED = "saved", "backup kept", "unchanged"

#: Devices whose file system cannot swap two names in one step.
_no_exchange: set[int] = set()


def _write_over_old_backup(
    target: Path, data: bytes, existing: os.stat_result, backup: os.stat_result
) -> str:
    """Save ``data`` at ``target`` in the file of the backup it replaces (see the module).

    The file's second name and the old backup swap places in one step; the old backup's file,
    now under a locked temporary name, is overwritten with ``data``, fsynced and moved over
    ``target``. Its bytes are read first: if writing fails, they are written back and the two
    names swapped back before the error is raised.

    Returns :data:`_SAVED`, or :data:`_UNCHANGED` where the old backup cannot be recycled (the
    caller saves the usual way), or :data:`_BACKUP_KEPT` in the rare case where it could not be
    recycled after the swap and could not be swapped back either (the caller writes the new
    contents without making the backup again).
    """
    if not (
        stat.S_ISREG(backup.st_mode)
        and backup.st_nlink == 1
        and existing.st_nlink == 1
        and (backup.st_uid, backup.st_gid) == (existing.st_uid, existing.st_gid)
        and backup.st_dev not in _no_exchange
    ):
        return _UNCHANGED
    exchange = _exchange()
    if exchange is None or fcntl is None:
        return _UNCHANGED
    target_name = os.fspath(target)
    backup_name = f"{target_name}.bak"
    linked = _locked_second_name(target_name)
    if linked is None:
        return _UNCHANGED
    temp, locked = linked
    try:  # the file stays locked until its temporary name is gone (see _locked_second_name)
        try:
            exchange(temp, backup_name)
        except OSError as error:
            if error.errno in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
                _no_exchange.add(backup.st_dev)
            _remove_quietly(Path(temp))
            return _UNCHANGED
        # The backup is the file as it is now; the old backup's file has the temporary name.
        return _write_over_swapped(exchange, temp, backup_name, target_name, data, existing)
    finally:
        os.close(locked)


def _write_over_swapped(
    exchange: Callable[[str, str], None],
    temp: str,
    backup: str,
    target: str,
    data: bytes,
    existing: os.stat_result,
) -> str:
    """Write ``data`` over the old backup's file, which has the name ``temp`` after the swap,
    and move it over ``target``; see :func:`_write_over_old_backup`.
    """
    try:
        descriptor = os.open(temp, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return _swap_back(exchange, temp, backup)
    try:
        try:  # no other save takes it for a leftover from now on
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # one is taking it: it goes, and the backup is kept the usual way
            return _swap_back(exchange, temp, backup)
        status = os.fstat(descriptor)
        if not (
            stat.S_ISREG(status.st_mode)
            and status.st_nlink == 1
            and (status.st_uid, status.st_gid) == (existing.st_uid, existing.st_gid)
        ):
            return _swap_back(exchange, temp, backup)
        old = _read_all(descriptor, status.st_size)
        if old is None:
            return _swap_back(exchange, temp, backup)
        try:
            _write_all(descriptor, data)
            if len(old) > len(data):
                os.ftruncate(descriptor, len(data))
            mode = stat.S_IMODE(existing.st_mode)
            if stat.S_IMODE(status.st_mode) != mode:
                with contextlib.suppress(OSError):
                    os.fchmod(descriptor, mode)
            os.fsync(descriptor)
            os.replace(temp, target)
        except BaseException:
            _put_back(exchange, descriptor, old, temp, backup)
            raise
    finally:
        os.close(descriptor)
    return _SAVED


def _locked_second_name(target: str) -> tuple[str, int] | None:
    """A second name of ``target`` under a free temporary name beside it, and the file opened
    and locked through it; None where none can be made and locked at once.

    Another save tidying the folder may have opened the name before it is swapped; the lock
    keeps it from removing the name, whatever file the name has by then, for as long as it is
    held: until the name is gone.
    """
    temp = _linked_temp(target)
    if temp is None:
        return None
    try:
        descriptor = os.open(temp, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        _remove_quietly(Path(temp))
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if _still_named(temp, descriptor):
            return temp, descriptor
    except OSError:
        pass  # another save is taking it for a leftover
    os.close(descriptor)
    _remove_quietly(Path(temp))
    return None


def _linked_temp(target: str) -> str | None:
    """A second name of ``target`` under a free temporary name beside it; None where none
    can be made.
    """
    folder, name = os.path.split(target)
    for _attempt in range(_CREATE_ATTEMPTS):
        temp = os.path.join(folder, f".{name[:_TEMP_NAME_PART]}.{secrets.token_hex(4)}.tmp")
        try:
            os.link(target, temp)
        except FileExistsError:
            continue
        except OSError:
            return None
        return temp
    return None


def _swap_back(exchange: Callable[[str, str], None], temp: str, backup: str) -> str:
    """Give the old backup its name again, after the swap, and remove the temporary name."""
    try:
        exchange(temp, backup)
    except OSError:
        _remove_quietly(Path(temp))  # the old backup; the backup is the file as it is
        return _BACKUP_KEPT
    _remove_quietly(Path(temp))  # the file's second name
    return _UNCHANGED


def _put_back(
    exchange: Callable[[str, str], None], descriptor: int, old: bytes, temp: str, backup: str
) -> None:
    """After a failed write over the old backup: write its bytes back and swap back.

    Nothing is done where the temporary name no longer names the file (it was moved over the
    target just before the failure).
    """
    try:
        if os.lstat(temp).st_ino != os.fstat(descriptor).st_ino:
            return
    except OSError:
        return
    try:
        _write_all(descriptor, old)
        os.ftruncate(descriptor, len(old))
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    except OSError:
        _remove_quietly(Path(temp))  # lost; the backup is the file as it is
        return
    _swap_back(exchange, temp, backup)


def _read_all(descriptor: int, size: int) -> bytes | None:
    """The ``size`` bytes of an open file from its start, or None where it holds others."""
    chunks = []
    left = size
    offset = 0
    while left > 0:
        chunk = os.pread(descriptor, left, offset)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
        offset += len(chunk)
    if os.pread(descriptor, 1, offset):
        return None  # it grew meanwhile
    return b"".join(chunks)


def _write_all(descriptor: int, data: bytes) -> None:
    """Write ``data`` at the start of an open file."""
    view = memoryview(data)
    offset = 0
    while offset < len(view):
        offset += os.pwrite(descriptor, view[offset:], offset)


#: ``renameat2`` flag: swap the two names.
_RENAME_EXCHANGE = 2
#: ``*at`` functions: paths are relative to the working folder.
_AT_FDCWD = -100


@cache
def _exchange() -> Callable[[str, str], None] | None:
    """A function that swaps two names in one step, where the system has one (Linux)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (ImportError, OSError, AttributeError):
        return None
    renameat2.argtypes = (
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    )
    renameat2.restype = ctypes.c_int

    def exchange(first: str, second: str) -> None:
        if renameat2(
            _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
        ):
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code), first, None, second)

    return exchange


def _link_atomic(source: Path, destination: Path) -> bool:
    """Make ``destination`` a hard link of ``source`` in one step; False where impossible."""
    for _attempt in range(_CREATE_ATTEMPTS):
        temp = destination.with_name(
            f".{destination.name[:_TEMP_NAME_PART]}.{secrets.token_hex(4)}.tmp"
        )
        try:
            os.link(source, temp)
        except FileExistsError:
            continue
        except OSError:
            return False
        break
    else:
        return False
    try:
        descriptor = os.open(temp, os.O_RDONLY)
    except OSError:
        _remove_quietly(temp)
        return False
    try:
        if fcntl is not None:  # no other save takes the link for a leftover meanwhile
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        if fcntl is None:
            os.close(descriptor)
            descriptor = -1
        os.replace(temp, destination)
    except OSError:
        _remove_quietly(temp)
        return False
    finally:
        if descriptor >= 0:
            os.close(descriptor)
    return True


def _copy_atomic(source: Path, destination: Path) -> None:
    """Copy ``source`` over ``destination`` through a temporary file, in one step."""
    data = source.read_bytes()
    with _written_temp(destination, data, mode=os.stat(source).st_mode) as temp:
        os.replace(temp, destination)


@contextlib.contextmanager
def _written_temp(beside: Path, data: bytes, *, mode: int | None) -> Iterator[Path]:
    """A new temporary file next to ``beside`` holding ``data``, flushed and fsynced, with
    the permissions of ``mode`` (those of the file it replaces; None: the usual ones).

    It stays locked until the block ends, so that no other save takes it for a leftover; if
    the block fails, the file is removed.
    """
    descriptor, temp = _create_locked_temp(beside)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view) :]
        os.fsync(descriptor)
        if mode is not None:
            with contextlib.suppress(OSError):
                os.chmod(temp, stat.S_IMODE(mode))
        if fcntl is None:  # Windows cannot rename a file that is open
            os.close(descriptor)
            descriptor = -1
        yield temp
    except BaseException:
        _remove_quietly(temp)
        raise
    finally:
        if descriptor >= 0:
            os.close(descriptor)


def _create_locked_temp(beside: Path) -> tuple[int, Path]:
    """Create, open and lock (on POSIX) a new temporary file next to ``beside``.

    Between its creation and its lock, another save tidying the folder may take the file for
    a leftover and remove it; then another one is made.
    """
    for _attempt in range(_CREATE_ATTEMPTS):
        descriptor, temp = _create_temp(beside)
        if fcntl is None:
            return descriptor, temp
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            if _still_named(temp, descriptor):
                return descriptor, temp
        except BaseException:
            os.close(descriptor)
            _remove_quietly(temp)
            raise
        os.close(descriptor)  # removed as a leftover before it was locked
    raise FileExistsError(_("no free temporary file name beside {beside}", beside=beside))


def _still_named(path: Path | str, descriptor: int) -> bool:
    """Whether ``path`` still names the open file ``descriptor`` (no other save removed it)."""
    try:
        named = os.lstat(path)
    except OSError:
        return False
    return os.path.samestat(named, os.fstat(descriptor))


def _create_temp(beside: Path) -> tuple[int, Path]:
    """Create and open a temporary file next to ``beside`` that did not exist before.

    Unlike :func:`tempfile.mkstemp`, which always creates files only the owner may read, the
    file gets the usual permissions for new files (0o666 less the umask).
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _attempt in range(_CREATE_ATTEMPTS):
        temp = beside.with_name(f".{beside.name[:_TEMP_NAME_PART]}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(_("no free temporary file name beside {beside}", beside=beside))


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
