"""Recovery files: a snapshot of an unsaved character that reads back as it was."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shadowdice.storage.character_file import CharacterFileError
from shadowdice.storage.recovery import (
    leftover_characters,
    read_recovery,
    recovery_bytes,
    write_recovery,
)


def test_given_a_snapshot_when_read_back_then_the_character_and_its_file_are_there(
    tmp_path, registry, system, sheet
):
    when = datetime(2026, 11, 23, 20, 15, tzinfo=UTC)
    data = recovery_bytes(system, sheet, title="Hägen", file=tmp_path / "hagen.json", saved_at=when)
    path = tmp_path / "run" / "a.recovery"

    write_recovery(path, data)
    recovered = read_recovery(path, registry)

    assert (recovered.title, recovered.file, recovered.saved_at) == (
        "Hägen",
        tmp_path / "hagen.json",
        when,
    )
    assert recovered.character.sheet == sheet
    assert recovered.character.path == tmp_path / "hagen.json"


def test_given_a_character_never_saved_then_it_has_no_file(tmp_path, registry, system, sheet):
    path = tmp_path / "a.recovery"
    write_recovery(path, recovery_bytes(system, sheet, title="Hägen", file=None))

    assert read_recovery(path, registry).file is None


def test_given_folders_of_gone_runs_then_their_characters_come_oldest_first_and_bad_files_apart(
    tmp_path, registry, system, sheet
):
    late = datetime(2026, 11, 23, 21, 0, tzinfo=UTC)
    early = datetime(2026, 11, 22, 21, 0, tzinfo=UTC)
    write_recovery(
        tmp_path / "one" / "a.recovery",
        recovery_bytes(system, sheet, title="Late", file=None, saved_at=late),
    )
    write_recovery(
        tmp_path / "two" / "b.recovery",
        recovery_bytes(system, sheet, title="Early", file=None, saved_at=early),
    )
    (tmp_path / "two" / "c.recovery").write_bytes(b"{not json\n")

    found, problems = leftover_characters([tmp_path / "one", tmp_path / "two"], registry)

    assert [entry.title for entry in found] == ["Early", "Late"]
    assert [problem.path.name for problem in problems] == ["c.recovery"]


def test_given_a_recovery_file_of_a_newer_version_then_it_is_refused(tmp_path, registry):
    path = tmp_path / "a.recovery"
    path.write_text('{"format": "shadowdice-recovery", "format_version": 2}\n{}\n')

    with pytest.raises(CharacterFileError, match="recovery format 2"):
        read_recovery(path, registry)
