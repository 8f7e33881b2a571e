"""Atomic writes: the file is old or new, never half; the old version is kept as .bak."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.storage.atomic import backup_path, write_atomic

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and links")


def disk_full_when_replacing(monkeypatch, target: Path) -> None:
    """The rename onto ``target`` fails as on a full disk; other renames work."""
    real_replace = os.replace

    def replace_failing_onto_target(source, destination):
        if Path(destination) == target:
            raise OSError(28, "No space left on device")
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", replace_failing_onto_target)


def names(folder: Path) -> set[str]:
    return {entry.name for entry in folder.iterdir()}


def test_backup_path_is_the_name_with_bak_beside_it(tmp_path):
    assert backup_path(tmp_path / "hagen.json") == tmp_path / "hagen.json.bak"


def test_given_no_file_when_written_then_it_holds_the_data_and_nothing_else_is_left(tmp_path):
    target = tmp_path / "hagen.json"

    write_atomic(target, b"first")

    assert target.read_bytes() == b"first"
    assert names(tmp_path) == {"hagen.json"}


def test_given_a_file_when_written_again_then_the_backup_holds_the_previous_version(tmp_path):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")

    write_atomic(target, b"second")
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"second", b"first")

    write_atomic(target, b"third")
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"third", b"second")
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


def test_given_keep_backup_false_when_overwritten_then_no_backup_is_made(tmp_path):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")

    write_atomic(target, b"second", keep_backup=False)

    assert target.read_bytes() == b"second"
    assert names(tmp_path) == {"hagen.json"}


def test_given_the_final_replace_fails_then_the_old_file_is_intact_and_no_temp_is_left(
    tmp_path, monkeypatch
):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"old contents")
    disk_full_when_replacing(monkeypatch, target)

    with pytest.raises(OSError, match="No space left"):
        write_atomic(target, b"new contents")

    assert target.read_bytes() == b"old contents"
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


def test_given_writing_the_data_fails_then_the_old_file_and_old_backup_are_intact(
    tmp_path, monkeypatch
):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"oldest")
    write_atomic(target, b"old")

    def failing_fsync(descriptor):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)

    with pytest.raises(OSError, match="Input/output"):
        write_atomic(target, b"new")

    assert target.read_bytes() == b"old"
    assert backup_path(target).read_bytes() == b"oldest"
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


def test_given_the_target_is_a_folder_then_writing_fails_and_leaves_no_temp(tmp_path):
    (tmp_path / "hagen.json").mkdir()

    with pytest.raises(OSError):
        write_atomic(tmp_path / "hagen.json", b"data")

    assert names(tmp_path) == {"hagen.json"}
    assert (tmp_path / "hagen.json").is_dir()


def test_given_a_missing_folder_then_writing_fails_without_creating_it(tmp_path):
    with pytest.raises(FileNotFoundError):
        write_atomic(tmp_path / "missing" / "hagen.json", b"data")

    assert names(tmp_path) == set()


@posix_only
def test_when_written_then_the_data_and_the_folder_are_fsynced(tmp_path, monkeypatch):
    synced_kinds = []
    real_fsync = os.fsync

    def recording_fsync(descriptor):
        synced_kinds.append("dir" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file")
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", recording_fsync)

    write_atomic(tmp_path / "hagen.json", b"data")

    assert synced_kinds == ["file", "dir"]


@posix_only
def test_given_a_file_with_own_permissions_when_overwritten_then_they_are_kept(tmp_path):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    target.chmod(0o640)

    write_atomic(target, b"second")

    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert stat.S_IMODE(backup_path(target).stat().st_mode) == 0o640


@posix_only
def test_given_no_file_when_written_then_it_gets_the_usual_permissions_of_new_files(tmp_path):
    old_umask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "hagen.json", b"data")
    finally:
        os.umask(old_umask)

    assert stat.S_IMODE((tmp_path / "hagen.json").stat().st_mode) == 0o644


@posix_only
def test_given_a_link_when_written_then_the_link_stays_and_its_target_changes(tmp_path):
    real = tmp_path / "real.json"
    real.write_bytes(b"first")
    link = tmp_path / "link.json"
    link.symlink_to(real)

    write_atomic(link, b"second")

    assert link.is_symlink()
    assert real.read_bytes() == b"second"
    assert backup_path(real).read_bytes() == b"first"


@given(first=st.binary(), second=st.binary())
def test_whatever_bytes_are_written_they_read_back_and_the_backup_holds_the_first(
    tmp_path_factory, first, second
):
    folder = tmp_path_factory.mktemp("atomic")
    target = folder / "data.bin"

    write_atomic(target, first)
    write_atomic(target, second)

    assert target.read_bytes() == second
    assert backup_path(target).read_bytes() == first
    assert names(folder) == {"data.bin", "data.bin.bak"}


def recorded_fsyncs(monkeypatch) -> list[str]:
    """Record the kind ("file" or "dir") of everything fsynced from now on."""
    synced_kinds: list[str] = []
    real_fsync = os.fsync

    def recording_fsync(descriptor):
        synced_kinds.append("dir" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file")
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    return synced_kinds


def test_keeping_the_backup_writes_and_syncs_nothing_more(tmp_path, monkeypatch):
    # Given a saved file
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    first_inode = target.stat().st_ino
    synced = recorded_fsyncs(monkeypatch)

    # When it is saved again
    write_atomic(target, b"second")

    # Then the backup is the previous file itself under its second name, and only the new
    # bytes and the folder were synced
    assert backup_path(target).stat().st_ino == first_inode
    assert backup_path(target).stat().st_nlink == 1
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"second", b"first")
    assert synced == ["file", "dir"]
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


@posix_only
def test_a_file_with_other_names_gets_a_copy_as_its_backup(tmp_path):
    # Given a saved file that also has a name of the player's elsewhere
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    other_name = tmp_path / "also-hagen.json"
    os.link(target, other_name)

    # When it is saved, and the other name's file changes afterwards
    write_atomic(target, b"second")
    other_name.write_bytes(b"changed elsewhere")

    # Then the backup is a copy of its own: it still holds the previous version
    assert backup_path(target).read_bytes() == b"first"
    assert target.read_bytes() == b"second"


def test_where_hard_links_fail_the_backup_is_copied(tmp_path, monkeypatch):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")

    def no_links(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    write_atomic(target, b"second")

    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"second", b"first")
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


def test_given_every_temporary_name_taken_then_the_save_says_so(tmp_path, monkeypatch):
    from shadowdice.storage import atomic

    fcntl = pytest.importorskip("fcntl")
    target = tmp_path / "kira.json"
    monkeypatch.setattr(atomic.secrets, "token_hex", lambda _size: "0000abcd")
    taken = tmp_path / ".kira.json.0000abcd.tmp"
    taken.write_bytes(b"a save of another process")
    with taken.open("rb") as writing:  # that save holds its lock: the file is not a leftover
        fcntl.flock(writing.fileno(), fcntl.LOCK_EX)
        with pytest.raises(FileExistsError, match="no free temporary file name beside"):
            write_atomic(target, b"new")
    assert not target.exists()


def test_given_the_file_removed_while_the_new_one_is_written_then_it_is_saved_without_backup(
    tmp_path, monkeypatch
):
    from shadowdice.storage import atomic

    target = tmp_path / "kira.json"
    target.write_bytes(b"old")
    keep_backup = atomic._keep_backup

    def removed_first(path, backup, *, links):
        path.unlink()  # another program removes the file at that moment
        keep_backup(path, backup, links=links)

    monkeypatch.setattr(atomic, "_keep_backup", removed_first)
    write_atomic(target, b"new")

    assert target.read_bytes() == b"new"
    assert not backup_path(target).exists()


# --- the old backup recycled as the temporary file --------------------------------------------

swaps_names = pytest.mark.skipif(
    sys.platform != "linux", reason="names are swapped in one step on Linux only"
)


@pytest.fixture
def swapping():
    """Skip where this system cannot swap two names in one step."""
    from shadowdice.storage import atomic

    if atomic._exchange() is None:
        pytest.skip("no renameat2 here")


@swaps_names
def test_a_save_writes_the_new_contents_into_the_old_backup_it_replaces(tmp_path, swapping):
    # Given a file saved twice, so that it has a backup
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    first_inode = target.stat().st_ino
    write_atomic(target, b"second")
    second_inode = target.stat().st_ino

    # When it is saved again
    write_atomic(target, b"third, longer than the others")
    write_atomic(target, b"4th")

    # Then the old backup's file was reused for the new contents each time, and the backup is
    # the previous file itself
    assert target.stat().st_ino == second_inode
    assert backup_path(target).stat().st_ino == first_inode
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (
        b"4th",
        b"third, longer than the others",
    )
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


@swaps_names
def test_given_the_final_replace_fails_over_the_old_backup_then_both_are_as_they_were(
    tmp_path, monkeypatch, swapping
):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"oldest")
    write_atomic(target, b"old")
    disk_full_when_replacing(monkeypatch, target)

    with pytest.raises(OSError, match="No space left"):
        write_atomic(target, b"new contents")

    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"old", b"oldest")
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


@swaps_names
def test_an_old_backup_with_another_name_is_not_written_over(tmp_path, swapping):
    # Given a backup that the player also keeps under a name of their own
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    write_atomic(target, b"second")
    kept = tmp_path / "hagen-kept.json"
    os.link(backup_path(target), kept)

    # When the file is saved again
    write_atomic(target, b"third")

    # Then the player's file keeps what it held
    assert kept.read_bytes() == b"first"
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"third", b"second")


@swaps_names
def test_an_old_backup_that_is_a_symbolic_link_is_not_followed(tmp_path, swapping):
    # Given a backup name that is a link to a file elsewhere
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"precious")
    backup_path(target).symlink_to(elsewhere)

    # When the file is saved
    write_atomic(target, b"second")

    # Then the link is replaced by the backup; the file it pointed to is untouched
    assert elsewhere.read_bytes() == b"precious"
    assert not backup_path(target).is_symlink()
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"second", b"first")


@swaps_names
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown")
def test_an_old_backup_of_another_owner_is_not_written_over(tmp_path, swapping):
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    write_atomic(target, b"second")
    os.chown(backup_path(target), 4321, 4321)

    write_atomic(target, b"third")

    assert target.stat().st_uid == os.geteuid()
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"third", b"second")
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


def test_where_names_cannot_be_swapped_the_file_is_saved_the_usual_way(tmp_path, monkeypatch):
    from shadowdice.storage import atomic

    tried = []

    def unsupported(first, second):
        tried.append(second)
        raise OSError(22, "Invalid argument")

    monkeypatch.setattr(atomic, "_exchange", lambda: unsupported)
    monkeypatch.setattr(atomic, "_no_exchange", set())
    target = tmp_path / "hagen.json"
    write_atomic(target, b"first")
    write_atomic(target, b"second")

    write_atomic(target, b"third")
    write_atomic(target, b"fourth")

    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"fourth", b"third")
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}
    if atomic.fcntl is not None:  # tried once, then remembered for this file system
        assert tried == [os.fspath(backup_path(target))]


@swaps_names
def test_a_failure_just_after_the_new_file_is_in_place_does_not_undo_it(
    tmp_path, monkeypatch, swapping
):
    # Given a file with a backup, and a save interrupted right after its final rename
    target = tmp_path / "hagen.json"
    write_atomic(target, b"oldest")
    write_atomic(target, b"old")
    real_replace = os.replace

    def replace_then_interrupted(source, destination):
        real_replace(source, destination)
        if Path(destination) == target:
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", replace_then_interrupted)

    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new")

    # Then the new file stays in place, the previous one as its backup
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"new", b"old")
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}


# --- another save tidying the folder at the worst moment ---------------------------------------

posix_locks = pytest.mark.skipif(os.name != "posix", reason="temporary files are locked on POSIX")


@posix_locks
def test_a_temporary_file_tidied_away_before_it_is_locked_is_made_again(tmp_path, monkeypatch):
    # Given another save into the folder that takes our new temporary file for a leftover in
    # the moment between its creation and its lock
    from shadowdice.storage import atomic

    target = tmp_path / "hagen.json"
    write_atomic(target, b"old", keep_backup=False)
    real_create = atomic._create_temp
    tidied = []

    def create_then_tidied(beside):
        descriptor, temp = real_create(beside)
        if not tidied:
            tidied.append(atomic.remove_stale_temps(tmp_path))
        return descriptor, temp

    monkeypatch.setattr(atomic, "_create_temp", create_then_tidied)

    # When the file is saved
    write_atomic(target, b"new", keep_backup=False)

    # Then the save made another temporary file and succeeded
    assert tidied == [1]
    assert target.read_bytes() == b"new"
    assert names(tmp_path) == {"hagen.json"}


@swaps_names
def test_a_save_recycling_the_old_backup_keeps_its_temporary_name_from_another_save(
    tmp_path, monkeypatch, swapping
):
    # Given another save into the folder that opens our temporary name just before the names
    # are swapped, and tries to lock it as a leftover (and remove the name) only later, while
    # this save syncs the new contents it wrote under that name
    import fcntl

    from shadowdice.storage import atomic

    target = tmp_path / "hagen.json"
    write_atomic(target, b"oldest")
    write_atomic(target, b"old")
    real_exchange = atomic._exchange()
    real_fsync = os.fsync
    opened = []
    other_save = []

    def exchange_while_looked_at(first, second):
        if not opened:
            opened.append((os.open(first, os.O_RDONLY | os.O_NONBLOCK), first))
        real_exchange(first, second)

    def fsync_while_other_save_tidies(descriptor):
        if opened and not other_save:
            held, name = opened[0]
            try:
                fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                other_save.append("left it alone")
            else:
                other_save.append("took it for a leftover")
                os.unlink(name)
            os.close(held)
        real_fsync(descriptor)

    monkeypatch.setattr(atomic, "_exchange", lambda: exchange_while_looked_at)
    monkeypatch.setattr(os, "fsync", fsync_while_other_save_tidies)

    # When the file is saved
    write_atomic(target, b"new")

    # Then the other save left the name alone, and this save succeeded
    assert other_save == ["left it alone"]
    assert (target.read_bytes(), backup_path(target).read_bytes()) == (b"new", b"old")
    assert names(tmp_path) == {"hagen.json", "hagen.json.bak"}
