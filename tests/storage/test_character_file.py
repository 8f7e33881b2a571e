"""Character files: saving, loading all-or-nothing, refusals in a player's words, migrations."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shadowdice.core.registry import Registry
from shadowdice.storage import character_file
from shadowdice.storage.atomic import backup_path
from shadowdice.storage.character_file import (
    ENVELOPE_MIGRATIONS,
    FORMAT_NAME,
    FORMAT_VERSION,
    CharacterFileError,
    load_character,
    save_character,
)
from tests.storage.conftest import CrewSheet, CrewSystem, Gear

#: A time long ago, set on files before loading so that any write would show in the mtime.
LONG_AGO_NS = 946_684_800_000_000_000


def valid_sheet_data(**changes: Any) -> dict[str, Any]:
    data = {
        "name": "Hagen",
        "notes": "",
        "gear": [{"label": "Medkit", "count": 2}],
        "luck": 4,
        "veteran": False,
        "callsign": "",
    }
    return {**data, **changes}


def envelope(**changes: Any) -> dict[str, Any]:
    document = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "system": CrewSystem.id,
        "sheet_version": CrewSystem.sheet_version,
        "sheet": valid_sheet_data(),
    }
    return {**document, **changes}


def write_json(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def snapshot(path: Path) -> tuple[bytes, int, set[str]]:
    """Return the file's bytes and mtime, and what lies in its folder."""
    return path.read_bytes(), path.stat().st_mtime_ns, {p.name for p in path.parent.iterdir()}


def refuse(path: Path, registry, **kwargs: Any) -> CharacterFileError:
    """Load a file that must be refused; check the message names it and nothing was written."""
    os.utime(path, ns=(LONG_AGO_NS, LONG_AGO_NS))
    before = snapshot(path)

    with pytest.raises(CharacterFileError) as caught:
        load_character(path, registry, **kwargs)

    assert snapshot(path) == before
    assert caught.value.path == path
    assert str(caught.value) == f"Cannot open {path.name}: {caught.value.problem}"
    return caught.value


# --- saving and loading back -------------------------------------------------------------


def test_given_a_saved_character_when_loaded_then_it_is_the_same_character(
    saved, registry, system, sheet
):
    loaded = load_character(saved, registry)

    assert loaded.sheet == sheet
    assert loaded.system is system
    assert loaded.path == saved
    assert loaded.migrated is False


def test_a_saved_file_is_the_envelope_pretty_printed_in_utf8_with_a_final_newline(saved, sheet):
    text = saved.read_bytes().decode("utf-8")

    expected = {
        "format": "shadowdice-character",
        "format_version": 1,
        "system": "test-crew",
        "sheet_version": 2,
        "sheet": sheet.model_dump(mode="json"),
    }
    assert text == json.dumps(expected, indent=2, ensure_ascii=False) + "\n"
    assert "Hägen Østergård" in text
    assert list(json.loads(text)) == [
        "format",
        "format_version",
        "system",
        "sheet_version",
        "sheet",
    ]


def test_given_a_saved_character_when_saved_again_then_the_backup_is_the_previous_file(
    saved, registry, system, sheet
):
    first_bytes = saved.read_bytes()
    changed = sheet.model_copy(update={"luck": 11})

    save_character(saved, system, changed)

    assert backup_path(saved).read_bytes() == first_bytes
    assert load_character(saved, registry).sheet.luck == 11
    assert load_character(backup_path(saved), registry).sheet == sheet


def test_given_a_sheet_of_another_type_when_saved_then_it_is_refused_and_nothing_written(
    tmp_path, system
):
    with pytest.raises(TypeError, match="not a sheet of Test Crew"):
        save_character(tmp_path / "hagen.json", system, CrewSheet.__base__(name="Plain"))

    assert list(tmp_path.iterdir()) == []


def test_given_a_sheet_that_would_not_load_back_when_saved_then_the_old_file_stays(
    saved, system, sheet
):
    before = saved.read_bytes()
    sheet.gear.append(Gear.model_construct(label="Overloaded crate", count=500))

    with pytest.raises(CharacterFileError) as caught:
        save_character(saved, system, sheet)

    assert str(caught.value).startswith(
        "Cannot save hagen.json: the character sheet is not valid at gear[2].count: "
    )
    assert caught.value.action == "save"
    assert saved.read_bytes() == before
    assert not backup_path(saved).exists()


def contents_checked(monkeypatch) -> list[bytes]:
    """The contents a save checks as a file before writing them, as it checks them."""
    checked: list[bytes] = []
    check = character_file._validate_sheet_in_file
    monkeypatch.setattr(
        character_file,
        "_validate_sheet_in_file",
        lambda *arguments: checked.append(arguments[2]) or check(*arguments),
    )
    return checked


def test_contents_checked_before_are_not_checked_again_and_changed_ones_are(
    saved, system, sheet, monkeypatch
):
    checked = contents_checked(monkeypatch)
    # Saving the unchanged sheet writes the bytes checked when it was saved first
    save_character(saved, system, sheet)
    assert checked == []
    # A changed sheet is checked before it is written
    sheet.luck = 3
    save_character(saved, system, sheet)
    assert checked == [saved.read_bytes()]


def test_a_file_just_opened_is_checked_at_its_first_save_and_not_again(
    saved, registry, system, monkeypatch
):
    # Given a file saved by an earlier run of the app (nothing is remembered of it)
    monkeypatch.setattr(character_file, "_known_good", character_file._GoodContents(most=8))
    checked = contents_checked(monkeypatch)

    # When it is opened and saved unchanged, twice
    loaded = load_character(saved, registry)
    assert checked == []
    save_character(saved, system, loaded.sheet)
    save_character(saved, system, loaded.sheet)

    # Then it was checked at the first save only
    assert checked == [saved.read_bytes()]


def test_given_a_missing_folder_when_saved_then_the_player_is_told_so(tmp_path, system, sheet):
    with pytest.raises(CharacterFileError) as caught:
        save_character(tmp_path / "gone" / "hagen.json", system, sheet)

    assert str(caught.value) == "Cannot save hagen.json: its folder does not exist"


def test_given_a_full_disk_when_saved_then_the_player_is_told_and_the_file_stays(
    saved, system, sheet, monkeypatch
):
    before = saved.read_bytes()

    def full_disk(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)

    with pytest.raises(CharacterFileError) as caught:
        save_character(saved, system, sheet.model_copy(update={"luck": 0}))

    assert str(caught.value) == "Cannot save hagen.json: the disk is full"
    assert saved.read_bytes() == before
    assert {p.name for p in saved.parent.iterdir()} == {"hagen.json"}


text_with_foreign_letters = st.text(
    st.one_of(st.characters(codec="utf-8"), st.sampled_from('äöüßØå東京🎲—\n\t"\\')), max_size=40
)

crew_sheets = st.builds(
    CrewSheet,
    name=text_with_foreign_letters,
    notes=text_with_foreign_letters,
    gear=st.lists(
        st.builds(Gear, label=text_with_foreign_letters, count=st.integers(0, 99)), max_size=5
    ),
    luck=st.integers(-5, 12),
    veteran=st.booleans(),
    callsign=text_with_foreign_letters,
)


@settings(max_examples=60)
@given(sheet=crew_sheets)
def test_any_sheet_of_the_system_loads_back_as_saved(tmp_path_factory, sheet):
    path = tmp_path_factory.mktemp("round-trip") / "character.json"
    system = CrewSystem()
    registry = Registry()
    registry.register(system)

    save_character(path, system, sheet)
    loaded = load_character(path, registry)

    assert loaded.sheet == sheet
    assert loaded.migrated is False


def test_given_text_with_a_lone_surrogate_when_saved_then_it_is_refused_naming_the_field(
    saved, system, sheet
):
    before = saved.read_bytes()
    with pytest.raises(ValueError, match="unicode"):  # the sheet refuses it itself
        sheet.gear[1].label = "Med\ud800kit"
    object.__setattr__(sheet.gear[1], "label", "Med\ud800kit")  # the saver checks again

    with pytest.raises(CharacterFileError) as caught:
        save_character(saved, system, sheet)

    assert str(caught.value) == (
        "Cannot save hagen.json: the text of gear[1].label holds a broken character "
        "(a lone surrogate)"
    )
    assert saved.read_bytes() == before


def test_given_a_file_with_an_escaped_lone_surrogate_then_it_is_refused(tmp_path, registry):
    path = tmp_path / "hagen.json"
    path.write_text(json.dumps(envelope(sheet=valid_sheet_data(name="Hagen\ud800"))))

    assert refuse(path, registry).problem == (
        "the text of name holds a broken character (a lone surrogate)"
    )


# --- files that are refused --------------------------------------------------------------


def test_given_no_file_then_the_player_is_told_it_does_not_exist(tmp_path, registry):
    with pytest.raises(CharacterFileError) as caught:
        load_character(tmp_path / "hagen.json", registry)

    assert str(caught.value) == "Cannot open hagen.json: the file does not exist"
    assert list(tmp_path.iterdir()) == []


def test_given_a_folder_then_the_player_is_told_it_is_not_a_file(tmp_path, registry):
    (tmp_path / "hagen.json").mkdir()

    with pytest.raises(CharacterFileError) as caught:
        load_character(tmp_path / "hagen.json", registry)

    assert str(caught.value) == "Cannot open hagen.json: it is a folder, not a file"


def test_given_a_file_that_is_not_json_then_it_is_refused_with_line_and_column(tmp_path, registry):
    path = tmp_path / "hagen.json"
    path.write_text('{\n  "format": "shadowdice-character",\n  oops: 1\n}\n', encoding="utf-8")

    error = refuse(path, registry)

    assert str(error) == "Cannot open hagen.json: the file is not JSON (line 3, column 3)"


@pytest.mark.parametrize("contents", [b"", b"  \n\t\n", b"\xef\xbb\xbf"], ids=repr)
def test_given_an_empty_file_then_it_is_refused_as_empty(tmp_path, registry, contents):
    path = tmp_path / "hagen.json"
    path.write_bytes(contents)

    assert refuse(path, registry).problem == "the file is empty"


@pytest.mark.parametrize(
    "contents",
    [
        json.dumps(envelope(sheet=valid_sheet_data(name="Hägen")), ensure_ascii=False).encode(
            "latin-1"
        ),
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    ],
    ids=["latin-1 text", "a picture"],
)
def test_given_a_file_that_is_not_utf8_then_it_is_refused_as_such(tmp_path, registry, contents):
    path = tmp_path / "hagen.json"
    path.write_bytes(contents)

    assert refuse(path, registry).problem.startswith("the file is not UTF-8 text")


def test_given_a_valid_file_cut_in_half_then_it_is_refused_as_truncated(saved, registry):
    data = saved.read_bytes()
    saved.write_bytes(data[: len(data) // 2])

    error = refuse(saved, registry)

    assert error.problem == "the file ends too early, it may be truncated"


def test_a_valid_file_cut_anywhere_is_called_truncated_not_corrupt(saved, registry):
    """Cuts land inside strings, escapes, numbers, true/false and multi-byte letters."""
    data = saved.read_bytes()
    problems = {}
    for cut in range(1, len(data) - 1):  # the last cut only drops the final newline
        saved.write_bytes(data[:cut])
        with pytest.raises(CharacterFileError) as caught:
            load_character(saved, registry)
        problems[cut] = caught.value.problem

    wrong = {cut: problem for cut, problem in problems.items() if "truncated" not in problem}
    assert wrong == {}


@pytest.mark.parametrize("ending", ["fal", "nul", "-", "1.", "1e-", '"Hag', '"Ha\\'])
def test_a_file_cut_inside_any_json_value_is_called_truncated(tmp_path, registry, ending):
    path = tmp_path / "hagen.json"
    path.write_text(f'{{"format": "shadowdice-character", "luck": {ending}', encoding="utf-8")

    assert "truncated" in refuse(path, registry).problem


@pytest.mark.parametrize(
    "document",
    [
        {**envelope(), "format": "chummer-character"},
        {key: value for key, value in envelope().items() if key != "format"},
        [envelope()],
        "shadowdice-character",
        None,
    ],
    ids=["other format", "no format", "a list", "a string", "null"],
)
def test_given_json_that_is_no_character_file_then_it_is_refused_as_such(
    tmp_path, registry, document
):
    path = write_json(tmp_path / "hagen.json", document)

    assert refuse(path, registry).problem == "the file is not a Shadowdice character file"


def test_given_a_newer_format_version_then_it_is_refused_and_names_both_versions(
    tmp_path, registry
):
    path = write_json(tmp_path / "hagen.json", envelope(format_version=7))

    assert str(refuse(path, registry)) == (
        "Cannot open hagen.json: it was saved by a newer version of Shadowdice (format 7); "
        "this version reads up to format 1"
    )


@pytest.mark.parametrize("version", [None, "1", True, 1.5], ids=repr)
def test_given_a_missing_or_odd_format_version_then_the_file_is_called_damaged(
    tmp_path, registry, version
):
    document = envelope(format_version=version)
    if version is None:
        del document["format_version"]
    path = write_json(tmp_path / "hagen.json", document)

    assert refuse(path, registry).problem == (
        "the file is damaged: its format version is missing or not a number"
    )


@pytest.mark.parametrize(
    ("document", "problem"),
    [
        (
            {k: v for k, v in envelope().items() if k != "sheet"},
            "the file is damaged at sheet: Field required",
        ),
        (envelope(sheet_version="2"), "the file is damaged at sheet_version: Input should be"),
        (envelope(sheet=[1, 2]), "the file is damaged at sheet: Input should be a valid dict"),
        (envelope(extra=1), "the file is damaged at extra: Extra inputs are not permitted"),
    ],
    ids=["no sheet", "sheet version as text", "sheet is a list", "unknown entry"],
)
def test_given_a_damaged_envelope_then_the_first_problem_is_named(
    tmp_path, registry, document, problem
):
    path = write_json(tmp_path / "hagen.json", document)

    assert refuse(path, registry).problem.startswith(problem)


def test_given_an_unknown_rule_system_then_it_is_refused_and_names_the_system(tmp_path, registry):
    path = write_json(tmp_path / "hagen.json", envelope(system="xyz"))

    assert refuse(path, registry).problem == (
        "it uses the rule system 'xyz', which this version does not know"
    )


def test_given_a_newer_sheet_version_then_it_is_refused_and_names_both_versions(tmp_path, registry):
    path = write_json(tmp_path / "hagen.json", envelope(sheet_version=3))

    assert refuse(path, registry).problem == (
        "its Test Crew sheet was saved by a newer version of Shadowdice (sheet version 3); "
        "this version reads up to sheet version 2"
    )


@pytest.mark.parametrize(
    ("sheet", "problem"),
    [
        (
            valid_sheet_data(luck=99),
            "the character sheet is not valid at luck: Input should be less than or equal to 12",
        ),
        (
            valid_sheet_data(veteran="maybe"),
            "the character sheet is not valid at veteran: Input should be a valid boolean",
        ),
        (
            valid_sheet_data(gear=[{"label": "Medkit"}, {"count": 1}]),
            "the character sheet is not valid at gear[1].label: Field required",
        ),
        (
            valid_sheet_data(strength=4),
            "the character sheet is not valid at strength: Extra inputs are not permitted",
        ),
        (
            valid_sheet_data(luck=-6, veteran=[], gear={}),
            "the character sheet is not valid at gear: Input should be a valid array "
            "(and 2 more problems)",
        ),
        (
            valid_sheet_data(luck="lots", callsign=7),
            "the character sheet is not valid at luck: Input should be a valid integer "
            "(and 1 more problem)",
        ),
    ],
    ids=["out of range", "wrong type", "missing required", "unknown field", "three", "two"],
)
def test_given_an_invalid_sheet_then_the_first_failing_field_is_named(
    tmp_path, registry, sheet, problem
):
    path = write_json(tmp_path / "hagen.json", envelope(sheet=sheet))

    assert refuse(path, registry).problem == problem


def test_given_a_file_far_too_large_then_it_is_refused_unread(tmp_path, registry, monkeypatch):
    path = write_json(tmp_path / "hagen.json", envelope())
    monkeypatch.setattr(character_file, "MAX_FILE_BYTES", 100)

    assert refuse(path, registry).problem == "the file is far too large to be a character file"


def test_given_a_number_python_cannot_hold_then_it_is_refused_not_crashing(tmp_path, registry):
    path = tmp_path / "hagen.json"
    path.write_text('{"format": ' + "9" * 5000 + "}", encoding="utf-8")

    assert refuse(path, registry).problem == "the file is JSON that Shadowdice cannot read"


def test_a_file_starting_with_a_byte_order_mark_loads(tmp_path, registry):
    path = tmp_path / "hagen.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(envelope()).encode())

    assert load_character(path, registry).sheet.name == "Hagen"


# --- migrations ---------------------------------------------------------------------------


def format_0_document() -> dict[str, Any]:
    """Return a file of a made-up format 0, with "system_id" and "character" entries."""
    return {
        "format": FORMAT_NAME,
        "format_version": 0,
        "system_id": CrewSystem.id,
        "sheet_version": CrewSystem.sheet_version,
        "character": valid_sheet_data(name="Old Hagen"),
    }


def format_0_to_1(document: dict[str, Any]) -> dict[str, Any]:
    migrated = dict(document)
    migrated["system"] = migrated.pop("system_id")
    migrated["sheet"] = migrated.pop("character")
    return migrated


def test_every_envelope_migration_starts_from_an_older_format_without_gaps():
    versions = sorted(ENVELOPE_MIGRATIONS)

    assert all(version < FORMAT_VERSION for version in versions)
    assert versions == list(range(min(versions, default=FORMAT_VERSION), FORMAT_VERSION))


def test_given_an_older_format_when_loaded_then_the_table_migrates_it_in_memory_only(
    tmp_path, registry, monkeypatch
):
    path = write_json(tmp_path / "hagen.json", format_0_document())
    before = snapshot(path)
    monkeypatch.setitem(ENVELOPE_MIGRATIONS, 0, format_0_to_1)

    loaded = load_character(path, registry)

    assert loaded.sheet == CrewSheet.model_validate(valid_sheet_data(name="Old Hagen"))
    assert loaded.migrated is True
    assert snapshot(path) == before


def test_given_an_older_format_and_a_migration_table_when_loaded_then_that_table_is_used(
    tmp_path, registry
):
    path = write_json(tmp_path / "hagen.json", format_0_document())

    loaded = load_character(path, registry, migrations={0: format_0_to_1})

    assert loaded.sheet.name == "Old Hagen"


def test_migrations_run_in_order_each_given_the_version_it_starts_from(
    tmp_path, registry, monkeypatch
):
    monkeypatch.setattr(character_file, "FORMAT_VERSION", 3)
    path = write_json(tmp_path / "hagen.json", envelope(format_version=1))
    seen = []

    def step(document):
        seen.append(document["format_version"])
        return {**document, "sheet": {**document["sheet"], "notes": f"{seen}"}}

    loaded = load_character(path, registry, migrations={1: step, 2: step})

    assert seen == [1, 2]
    assert loaded.sheet.notes == "[1, 2]"


def test_given_an_older_format_without_a_migration_then_it_is_refused(tmp_path, registry):
    path = write_json(tmp_path / "hagen.json", format_0_document())

    assert refuse(path, registry, migrations={}).problem == (
        "it was saved in format 0, which this version can no longer read"
    )


def test_given_a_migration_that_fails_then_the_file_is_refused_with_its_reason(tmp_path, registry):
    path = write_json(tmp_path / "hagen.json", format_0_document())

    def broken(document):
        raise KeyError("character")

    assert refuse(path, registry, migrations={0: broken}).problem == (
        "it could not be brought up to date from format 0 ('character')"
    )


def test_given_an_older_sheet_version_then_the_system_migrates_it_in_memory_only(
    tmp_path, registry, system
):
    old_sheet = {key: value for key, value in valid_sheet_data().items() if key != "luck"}
    path = write_json(
        tmp_path / "hagen.json", envelope(sheet_version=1, sheet={**old_sheet, "fortune": 7})
    )
    before = snapshot(path)

    loaded = load_character(path, registry)

    assert loaded.sheet.luck == 7
    assert loaded.migrated is True
    assert snapshot(path) == before

    save_character(path, system, loaded.sheet)
    rewritten = json.loads(path.read_text(encoding="utf-8"))
    assert (rewritten["sheet_version"], rewritten["sheet"]["luck"]) == (2, 7)
    assert "fortune" not in rewritten["sheet"]


def test_given_a_sheet_version_the_system_cannot_migrate_then_it_is_refused(tmp_path, registry):
    path = write_json(tmp_path / "hagen.json", envelope(sheet_version=0))

    assert refuse(path, registry).problem == (
        "its Test Crew sheet of version 0 could not be brought up to date "
        "(Test Crew sheets of version 0 cannot be read)"
    )


def test_given_a_migrated_sheet_that_is_invalid_then_it_is_refused(tmp_path, registry):
    path = write_json(
        tmp_path / "hagen.json",
        envelope(sheet_version=1, sheet={"name": "Hagen", "fortune": 50}),
    )

    assert refuse(path, registry).problem.startswith(
        "the character sheet is not valid at luck: Input should be less than or equal to 12"
    )


@settings(max_examples=60, deadline=None)
@given(
    name=st.text(max_size=30),
    notes=st.text(max_size=200),
    bom=st.booleans(),
    ascii_only=st.booleans(),
)
def test_a_current_file_reads_in_one_go_as_the_full_reading_reads_it(name, notes, bom, ascii_only):
    # Given a current file of any texts, written by another program (escaped or not, a BOM)
    registry = Registry()
    registry.register(CrewSystem())
    text = json.dumps(
        envelope(sheet=valid_sheet_data(name=name, notes=notes)), ensure_ascii=ascii_only
    )
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8", "surrogatepass")

    # When it is read by the quick way and by the full one
    quick = character_file._read_current_file(character_file.CHARACTER, data, registry)
    try:
        full = character_file._read_fully(character_file.CHARACTER, data, registry, {})
    except Exception:
        full = None

    # Then both read the same sheet, or the quick way leaves the file to the full reading
    if quick is not None:
        assert full is not None and (quick[0], quick[1]) == full[:2]
    elif full is not None:
        assert "\\u" in text or full[2], "the quick way left a good current file alone"
