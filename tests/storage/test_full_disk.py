"""A disk that is really full: a small tmpfs filled to the last block (skipped where one
cannot be mounted). Saves fail with the real reason and leave the old file and no leftovers;
the roll log keeps what it had and goes on once there is room again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shadowdice.core.record import OutcomeRecord, RollRecord
from shadowdice.storage.atomic import backup_path
from shadowdice.storage.character_file import (
    CharacterFileError,
    load_character,
    save_character,
)
from shadowdice.storage.recovery import recovery_bytes, write_recovery
from shadowdice.storage.roll_log import RollLog, read_session


@pytest.fixture
def small_disk(tmp_path):
    """A 256 KB file system of its own, unmounted afterwards."""
    if sys.platform != "linux":
        pytest.skip("mounts a tmpfs")
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount_point)],
        capture_output=True,
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a small file system here")
    yield mount_point
    subprocess.run(["umount", str(mount_point)], check=True)


def fill(folder: Path) -> Path:
    """Write a filler file until the disk refuses another byte."""
    filler = folder / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(descriptor, b"\0" * size)
    finally:
        os.close(descriptor)
    return filler


def test_given_a_full_disk_then_saving_says_so_and_leaves_the_old_file_and_no_leftovers(
    small_disk, registry, system, sheet
):
    path = small_disk / "hagen.json"
    save_character(path, system, sheet)
    filler = fill(small_disk)
    bigger = sheet.model_copy(update={"notes": "Straße " * 10_000})

    with pytest.raises(CharacterFileError) as caught:
        save_character(path, system, bigger)

    assert caught.value.problem == "the disk is full"
    assert load_character(path, registry).sheet == sheet
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler", "hagen.json"]

    filler.unlink()
    save_character(path, system, bigger)
    assert load_character(path, registry).sheet == bigger


def test_given_a_full_disk_then_a_save_over_a_file_with_a_backup_leaves_both_as_they_were(
    small_disk, registry, system, sheet
):
    # Given a character saved twice (so that it has a backup) on a disk then filled up
    path = small_disk / "hagen.json"
    first = sheet.model_copy(update={"luck": 1})
    save_character(path, system, first)
    save_character(path, system, sheet)
    filler = fill(small_disk)
    bigger = sheet.model_copy(update={"notes": "Straße " * 10_000})

    # When a bigger version is saved
    with pytest.raises(CharacterFileError) as caught:
        save_character(path, system, bigger)

    # Then the player is told, and the file and its backup hold what they held
    assert caught.value.problem == "the disk is full"
    assert load_character(path, registry).sheet == sheet
    assert load_character(backup_path(path), registry).sheet == first
    assert sorted(p.name for p in small_disk.iterdir()) == [
        "filler",
        "hagen.json",
        "hagen.json.bak",
    ]

    filler.unlink()
    save_character(path, system, bigger)
    assert load_character(path, registry).sheet == bigger
    assert load_character(backup_path(path), registry).sheet == sheet


def test_given_a_full_disk_then_a_recovery_file_fails_cleanly(small_disk, system, sheet):
    fill(small_disk)
    data = recovery_bytes(
        system, sheet.model_copy(update={"notes": "x" * 50_000}), title="H", file=None
    )

    with pytest.raises(OSError) as caught:
        write_recovery(small_disk / "run" / "a.recovery", data)

    assert caught.value.errno == errno.ENOSPC
    assert not list(small_disk.glob("run/*"))


def test_given_a_full_disk_then_the_roll_log_keeps_its_rolls_and_goes_on_later(small_disk, sheet):
    log = RollLog(small_disk)
    roll = RollRecord(
        system="test-crew",
        character="Hagen",
        check="Luck " + "long words " * 300,
        throws=(),
        outcome=OutcomeRecord(headline="Lucky", tone="success"),
        time="2026-11-23T20:00:00+00:00",
    )
    log.append(roll)
    filler = fill(small_disk)

    with pytest.raises(OSError):
        log.append(roll)
    filler.unlink()
    log.append(roll)

    session = read_session(log.path)
    assert session.records == [roll, roll]
    assert session.damaged <= 1


def test_given_a_disk_full_at_the_first_roll_then_the_log_is_whole_once_there_is_room(
    small_disk, sheet
):
    log = RollLog(small_disk)
    roll = RollRecord(
        system="test-crew",
        character="Hagen",
        check="Luck",
        throws=(),
        outcome=OutcomeRecord(headline="Lucky", tone="success"),
        time="2026-11-23T20:00:00+00:00",
    )
    filler = fill(small_disk)

    with pytest.raises(OSError):
        log.append(roll)
    with pytest.raises(OSError):
        log.append(roll)
    assert not log.path.exists()
    filler.unlink()
    log.append(roll)

    session = read_session(log.path)
    assert (session.records, session.damaged) == ([roll], 0)
    assert log.path.read_bytes().startswith(b'{"format": "shadowdice-roll-log"')
