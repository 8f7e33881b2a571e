"""Settings: recent files, defaults for a missing or broken file, atomic saving."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.storage.atomic import backup_path
from shadowdice.storage.settings import (
    MAX_RECENT,
    Settings,
    SettingsStore,
    add_recent,
    remove_recent,
    without_missing,
)


def touch_files(folder: Path, count: int) -> list[Path]:
    paths = [folder / f"character-{number}.json" for number in range(count)]
    for path in paths:
        path.write_text("{}", encoding="utf-8")
    return paths


# --- recent files -------------------------------------------------------------------------


def test_when_files_are_added_then_the_latest_comes_first(tmp_path):
    first, second = touch_files(tmp_path, 2)

    settings = add_recent(add_recent(Settings(), first), second)

    assert settings.recent_files == [str(second), str(first)]


def test_given_a_file_in_the_list_when_added_again_then_it_moves_to_the_front_once(tmp_path):
    first, second, third = touch_files(tmp_path, 3)
    settings = Settings(recent_files=[str(third), str(second), str(first)])

    settings = add_recent(settings, first)

    assert settings.recent_files == [str(first), str(third), str(second)]


def test_two_spellings_of_the_same_file_are_one_entry_stored_resolved(tmp_path, monkeypatch):
    (tmp_path / "party").mkdir()
    hero = tmp_path / "party" / "hero.json"
    hero.write_text("{}", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "party")

    settings = add_recent(Settings(), tmp_path / "party" / ".." / "party" / "hero.json")
    settings = add_recent(settings, "hero.json")

    assert settings.recent_files == [str(hero.resolve())]


def test_given_a_full_list_when_a_file_is_added_then_the_oldest_is_dropped(tmp_path):
    paths = touch_files(tmp_path, MAX_RECENT + 1)
    settings = Settings()

    for path in paths:
        settings = add_recent(settings, path)

    assert len(settings.recent_files) == MAX_RECENT == 10
    assert settings.recent_files == [str(path) for path in reversed(paths[1:])]


def test_adding_a_recent_file_leaves_the_given_settings_unchanged(tmp_path):
    (path,) = touch_files(tmp_path, 1)
    settings = Settings(last_system="shadowrun4")

    changed = add_recent(settings, path)

    assert settings.recent_files == []
    assert changed.last_system == "shadowrun4"


@given(picks=st.lists(st.integers(0, 14), max_size=40))
def test_any_sequence_of_adds_keeps_the_list_short_unique_and_latest_first(picks):
    folder = Path("/shadowdice-test-does-not-exist")
    settings = Settings()

    for pick in picks:
        settings = add_recent(settings, folder / f"{pick}.json")

    recent = settings.recent_files
    assert len(recent) <= MAX_RECENT
    assert len(set(recent)) == len(recent)
    if picks:
        assert recent[0] == str(folder / f"{picks[-1]}.json")
        expected = list(dict.fromkeys(str(folder / f"{p}.json") for p in reversed(picks)))
        assert recent == expected[:MAX_RECENT]


def test_when_a_recent_file_is_removed_then_the_others_keep_their_order(tmp_path):
    first, second, third = touch_files(tmp_path, 3)
    settings = Settings(recent_files=[str(third), str(second), str(first)])

    settings = remove_recent(settings, tmp_path / "." / second.name)

    assert settings.recent_files == [str(third), str(first)]


def test_given_files_that_are_gone_then_they_are_dropped_from_the_list(tmp_path):
    first, second, third = touch_files(tmp_path, 3)
    settings = Settings(recent_files=[str(third), str(second), str(first)])
    second.unlink()
    (tmp_path / "was-a-file").mkdir()

    kept = without_missing(
        settings.model_copy(
            update={"recent_files": [*settings.recent_files, str(tmp_path / "was-a-file")]}
        )
    )

    assert kept.recent_files == [str(third), str(first)]


# --- the settings file --------------------------------------------------------------------


def test_given_saved_settings_when_loaded_then_they_are_the_same(tmp_path):
    store = SettingsStore(tmp_path / "config" / "settings.json")
    settings = Settings(
        recent_files=[str(tmp_path / "Hägen.json")], last_system="shadowrun4", last_folder="/x"
    )

    store.save(settings)

    assert store.load() == settings
    assert "Hägen" in store.path.read_text(encoding="utf-8")


def test_given_no_settings_file_then_the_defaults_are_loaded_and_nothing_is_created(tmp_path):
    store = SettingsStore(tmp_path / "config" / "settings.json")

    assert store.load() == Settings()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "contents",
    [
        b"",
        b"{not json",
        b"\xff\xfe\x00garbage",
        b'{"recent_files": "not a list"}',
        b'{"last_system": 42}',
        b"[]",
    ],
    ids=["empty", "not json", "not utf-8", "wrong list", "wrong type", "not an object"],
)
def test_given_a_broken_settings_file_then_the_defaults_are_loaded_and_it_is_untouched(
    tmp_path, contents
):
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_bytes(contents)

    assert store.load() == Settings()
    assert store.path.read_bytes() == contents


def test_given_a_folder_where_the_settings_file_should_be_then_the_defaults_are_loaded(tmp_path):
    store = SettingsStore(tmp_path / "settings.json")
    store.path.mkdir()

    assert store.load() == Settings()


def test_given_settings_of_a_newer_version_then_what_is_known_is_loaded(tmp_path):
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_text(
        json.dumps({"last_system": "shadowrun4", "dice_colour": "red"}), encoding="utf-8"
    )

    assert store.load() == Settings(last_system="shadowrun4")


def test_given_too_many_recent_files_in_the_file_then_only_the_first_ten_are_loaded(tmp_path):
    store = SettingsStore(tmp_path / "settings.json")
    entries = [f"/characters/{number}.json" for number in range(15)]
    store.path.write_text(json.dumps({"recent_files": entries}), encoding="utf-8")

    assert store.load().recent_files == entries[:10]


def test_given_a_broken_settings_file_when_saved_then_it_is_kept_as_backup(tmp_path):
    store = SettingsStore(tmp_path / "settings.json")
    store.path.write_bytes(b"{broken")

    store.save(store.load().model_copy(update={"last_system": "shadowrun4"}))

    assert store.load().last_system == "shadowrun4"
    assert backup_path(store.path).read_bytes() == b"{broken"


def test_settings_are_frozen_so_changes_go_through_new_settings():
    settings = Settings()

    with pytest.raises(ValueError, match="frozen"):
        settings.last_system = "shadowrun4"
