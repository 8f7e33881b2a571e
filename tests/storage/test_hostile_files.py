"""Files that fought the loader and the saver: leftovers of killed saves, pipes, deep JSON,
a folder in the backup's place, unreadable and read-only files. Each gets its true reason.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import pytest

from shadowdice.storage.atomic import backup_path, remove_stale_temps, write_atomic
from shadowdice.storage.character_file import (
    MAX_NESTING,
    CharacterFileError,
    ReadOnlyCharacterFileError,
    load_character,
    save_character,
)
from shadowdice.storage.settings import Settings, SettingsStore, add_recent, remove_recent
from tests.storage.test_character_file import envelope, valid_sheet_data, write_json

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and permissions")


def names(folder: Path) -> set[str]:
    return {entry.name for entry in folder.iterdir()}


# --- leftovers of killed saves ------------------------------------------------------------


def test_given_temps_left_by_killed_saves_when_saving_into_the_folder_then_they_go(
    tmp_path, system, sheet
):
    leftovers = {
        ".hagen.json.0badc0de.tmp",
        ".hagen.json.bak.12345678.tmp",
        ".kira.json.a1b2c3d4.tmp",
    }
    for name in leftovers:
        (tmp_path / name).write_bytes(b"half a save")
    not_ours = {".hagen.json.swp", "notes.tmp", ".hagen.json.XYZ.tmp", "kira.json"}
    for name in not_ours:
        (tmp_path / name).write_bytes(b"someone else's")

    save_character(tmp_path / "hagen.json", system, sheet)

    assert names(tmp_path) == not_ours | {"hagen.json"}


@posix_only
def test_given_a_temp_another_save_is_writing_then_it_is_left_alone(tmp_path):
    import fcntl

    busy = tmp_path / ".kira.json.deadbeef.tmp"
    busy.write_bytes(b"being written")
    with busy.open("rb") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)

        removed = remove_stale_temps(tmp_path)

    assert (removed, busy.exists()) == (0, True)


# --- things that are not regular files ----------------------------------------------------


@posix_only
def test_given_a_pipe_named_like_a_character_file_then_it_is_refused_at_once(tmp_path, registry):
    pipe = tmp_path / "hagen.json"
    os.mkfifo(pipe)
    outcome: list[BaseException] = []
    worker = threading.Thread(
        target=lambda: _catch(outcome, load_character, pipe, registry), daemon=True
    )

    worker.start()
    worker.join(5)

    assert not worker.is_alive(), "the loader waits on the pipe"
    assert isinstance(outcome[0], CharacterFileError)
    assert outcome[0].problem == "it is not a regular file (a pipe, a device or a socket)"


@posix_only
def test_given_a_pipe_where_a_character_is_saved_then_saving_is_refused(tmp_path, system, sheet):
    pipe = tmp_path / "hagen.json"
    os.mkfifo(pipe)

    with pytest.raises(CharacterFileError, match="not a regular file"):
        save_character(pipe, system, sheet)

    assert names(tmp_path) == {"hagen.json"}


@posix_only
def test_given_a_pipe_as_the_settings_file_then_the_defaults_are_used_at_once(tmp_path):
    os.mkfifo(tmp_path / "settings.json")  # opening it to read would wait for a writer
    loaded: list[Settings] = []
    reading = threading.Thread(
        target=lambda: loaded.append(SettingsStore(tmp_path / "settings.json").load()),
        daemon=True,
    )

    reading.start()
    reading.join(30)  # a bound on the test, should the pipe be opened after all

    assert not reading.is_alive() and loaded == [Settings()]


def _catch(outcome: list, function, *arguments) -> None:
    try:
        function(*arguments)
    except BaseException as error:
        outcome.append(error)


# --- messages that name the real cause ----------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 500, 985, 5000])
def test_given_json_nested_deep_inside_a_sheet_then_the_message_says_so(tmp_path, registry, depth):
    text = json.dumps(envelope(sheet=valid_sheet_data(callsign="DEEP")))
    text = text.replace('"DEEP"', "[" * depth + '"bottom"' + "]" * depth)
    path = tmp_path / "hagen.json"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(CharacterFileError) as caught:
        load_character(path, registry)

    assert "nested" in caught.value.problem
    assert f"never nests more than {MAX_NESTING} levels" in caught.value.problem
    assert "recursion" not in str(caught.value)


def test_given_a_sheet_nested_just_within_the_limit_then_the_sheet_validation_speaks(
    tmp_path, registry
):
    deep: object = "x"
    for _ in range(MAX_NESTING - 3):
        deep = [deep]
    path = write_json(tmp_path / "hagen.json", envelope(sheet=valid_sheet_data(callsign=deep)))

    with pytest.raises(CharacterFileError) as caught:
        load_character(path, registry)

    assert "callsign" in caught.value.problem


def test_given_a_folder_named_like_the_backup_then_saving_names_that_folder(
    tmp_path, system, sheet
):
    path = tmp_path / "hagen.json"
    save_character(path, system, sheet)
    backup_path(path).mkdir()
    before = path.read_bytes()

    with pytest.raises(CharacterFileError) as caught:
        save_character(path, system, sheet.model_copy(update={"luck": 7}))

    assert caught.value.problem == (
        "a folder named hagen.json.bak is in the way of the backup copy; rename or move it"
    )
    assert path.read_bytes() == before


def test_given_an_unreadable_file_then_saving_over_it_says_it_cannot_be_read(
    tmp_path, system, sheet, monkeypatch
):
    path = tmp_path / "hagen.json"
    save_character(path, system, sheet)
    if sys.platform != "win32" and os.geteuid() != 0:
        path.chmod(0o200)
    else:  # the superuser reads every file (and Windows has no such mode): refuse the read
        real_open = Path.open

        def refusing_open(self, mode="r", *args, **kwargs):
            if self == path and "r" in mode:
                raise PermissionError(13, "Permission denied", str(self))
            return real_open(self, mode, *args, **kwargs)

        monkeypatch.setattr(Path, "open", refusing_open)

    with pytest.raises(CharacterFileError) as caught:
        save_character(path, system, sheet.model_copy(update={"luck": 7}))

    assert caught.value.problem == (
        "Shadowdice is not allowed to read the file it would replace, "
        "so it cannot keep its backup copy"
    )
    path.chmod(0o600)


# --- read-only files ----------------------------------------------------------------------


@posix_only
def test_given_a_read_only_file_then_it_is_replaced_only_when_asked_to(tmp_path, system, sheet):
    path = tmp_path / "hagen.json"
    save_character(path, system, sheet)
    path.chmod(0o444)
    before = path.read_bytes()
    changed = sheet.model_copy(update={"luck": 7})

    with pytest.raises(
        ReadOnlyCharacterFileError, match=r"Cannot save hagen\.json: the file is read-only"
    ):
        save_character(path, system, changed)
    assert path.read_bytes() == before

    save_character(path, system, changed, replace_read_only=True)

    assert json.loads(path.read_bytes())["sheet"]["luck"] == 7
    assert backup_path(path).read_bytes() == before
    assert path.stat().st_mode & 0o777 == 0o444


def test_given_a_read_only_file_then_the_low_level_writer_refuses_too(tmp_path):
    path = tmp_path / "notes.txt"
    write_atomic(path, b"old")
    path.chmod(0o444)

    with pytest.raises(PermissionError):
        write_atomic(path, b"new")

    assert path.read_bytes() == b"old"
    path.chmod(0o644)


def test_a_refusal_reads_german_when_german_is_shown(tmp_path, registry):
    from shadowdice.core import language

    empty = tmp_path / "leer.shadowdice"
    empty.write_bytes(b"")
    language.set_language("de")
    try:
        with pytest.raises(CharacterFileError) as refused:
            load_character(empty, registry)
    finally:
        language.set_language("en")
    assert str(refused.value) == "leer.shadowdice lässt sich nicht öffnen: die Datei ist leer"


# --- messages that quote what they refuse, shortened --------------------------------------

#: The longest a refusal may be: a few hundred characters.
MOST_MESSAGE = 400
LONG = "A" * 1_500_000


@pytest.mark.parametrize(
    ("changes", "quoted"),
    [
        ({"system": LONG}, "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'… (1500000 characters)"),
        ({"format_version": 10**400}, "1000000000…0000000000 (401 digits)"),
        ({"format_version": -(10**400)}, "-1000000000…0000000000 (401 digits)"),
        ({"sheet_version": 10**400}, "1000000000…0000000000 (401 digits)"),
        ({LONG: 1}, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA… (1500000"),
        ({"sheet": valid_sheet_data(**{LONG: 1})}, "AAAAAAAAAA… (1500000 characters)"),
    ],
    ids=["system", "format", "older format", "sheet version", "envelope key", "sheet key"],
)
def test_given_a_file_with_a_huge_value_then_the_refusal_quotes_it_shortened(
    tmp_path, registry, changes, quoted
):
    path = tmp_path / "hagen.json"
    path.write_text(json.dumps(envelope(**changes)), encoding="utf-8")

    with pytest.raises(CharacterFileError) as caught:
        load_character(path, registry)

    message = str(caught.value)
    assert len(message) <= MOST_MESSAGE, message[:MOST_MESSAGE]
    assert quoted in message


@posix_only
def test_given_a_loop_of_links_then_loading_and_the_recent_files_refuse_it_in_words(
    tmp_path, registry
):
    loop = tmp_path / "kira.shadowdice"
    loop.symlink_to(tmp_path / "other.shadowdice")
    (tmp_path / "other.shadowdice").symlink_to(loop)

    with pytest.raises(CharacterFileError) as caught:
        load_character(loop, registry)

    assert caught.value.problem == "its symbolic links lead round in a loop, to no file"
    settings = add_recent(Settings(), loop)
    assert remove_recent(settings, loop).recent_files == []
