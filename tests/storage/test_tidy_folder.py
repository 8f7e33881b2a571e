"""A save looks for leftovers of killed saves only when the folder changed since its last save."""

from __future__ import annotations

import os

import pytest

from shadowdice.storage import atomic
from shadowdice.storage.atomic import write_atomic


@pytest.fixture
def listings(monkeypatch):
    """Count the folder listings saves make."""
    listed: list[str] = []
    real = os.listdir

    def counting(folder):
        listed.append(os.fspath(folder))
        return real(folder)

    monkeypatch.setattr(atomic.os, "listdir", counting)
    return listed


def test_saves_into_an_unchanged_folder_list_it_once(tmp_path, listings):
    for round_ in range(5):
        write_atomic(tmp_path / "kira.json", f"version {round_}".encode())

    assert listings == [os.fspath(tmp_path)]
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["kira.json", "kira.json.bak"]


def test_a_leftover_made_after_a_save_goes_with_the_next_save(tmp_path, listings):
    write_atomic(tmp_path / "kira.json", b"first")
    leftover = tmp_path / ".hagen.json.0badc0de.tmp"
    leftover.write_bytes(b"half a save")

    write_atomic(tmp_path / "kira.json", b"second")

    assert not leftover.exists()
    assert len(listings) == 2


def test_a_temp_another_save_holds_keeps_the_folder_looked_at(tmp_path, listings):
    fcntl = pytest.importorskip("fcntl")
    busy = tmp_path / ".hagen.json.deadbeef.tmp"
    busy.write_bytes(b"being written")
    with busy.open("rb") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        write_atomic(tmp_path / "kira.json", b"first")
    # the other save was killed: its temp is abandoned now, the folder looks unchanged

    write_atomic(tmp_path / "kira.json", b"second")

    assert not busy.exists()
    assert len(listings) == 2
