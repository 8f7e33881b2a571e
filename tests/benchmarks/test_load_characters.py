"""Loading 500 and 5,000 character files, and saving 500.

Targets, each against its floor measured alternately in the same run: loading 500 Shadowrun
characters, and 5,000, takes at most 3 times ``json.loads`` of the same bytes (read from the
same files), so a game master's folder of every runner, contact and NPC of a campaign opens
without a wait, in time growing with the number of files; saving 500 again (atomic writes,
each keeping the previous file as ``.bak``) takes at most 2 times writing the same bytes
plainly with the fsyncs a durable write needs (the file's data, then its folder).

The sheets differ in name, metatype, attributes, skill ratings, custom skills, Edge,
damage, optional rules and notes (some long, some with umlauts, accents and emoji). They are
written once per module with :func:`save_character` into a temporary folder before any clock
starts; loading uses :func:`load_character` with the built-in registry, as *Open* does, with
Python's cycle collector as the app has it once started (``floors.collector_as_in_the_app``:
in the benchmark process it would otherwise walk pytest's objects and the reference sheets
at every full collection the new sheets trigger) and resting while the files are read, as
in a batch of the app (``CharacterFiles.batch``, ``core/collector.py``): with the collector
running, its full collections walk the sheets already read again and again, and 5,000 files
took 4.3–4.7 times the floor.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from shadowdice.core.collector import collector_resting
from shadowdice.storage.atomic import backup_path
from shadowdice.storage.character_file import load_character, save_character
from shadowdice.systems import builtin_registry
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import (
    CORE_ATTRIBUTES,
    METATYPES,
    SKILL_MAX,
    STANDARD_SKILLS,
    ShadowrunSheet,
    Skill,
)
from tests.benchmarks.floors import collector_as_in_the_app, compare

CHARACTERS = 500
MANY_CHARACTERS = 5000
LOAD_RATIO = 3.0
SAVE_RATIO = 2.0
FIRST_NAMES = ("Kira", "Hägen", "Zoë", "Tomás", "Mika", "Dr. Ōta", "Raven", "Björn", "Lin", "Ash")
LAST_NAMES = ("Østergård", "Vance", "Nakamura", "Okafor", "Schmidt", "Le Roux", "Ivanova")
NOTE_LINES = (
    "Owes Mr. Johnson a favour.",
    "Contact: Fixer »Blue« in the Redmond Barrens, loyalty 3.",
    "Allergic to soy-caf. 🎲",
    "Ares Predator IV, Armor jacket, commlink (Sony Emperor).",
    "Straße der Schatten — 東京で会いましょう",
)
SKILL_NAMES = tuple(STANDARD_SKILLS)


def character(number: int) -> ShadowrunSheet:
    """The ``number``-th character of the campaign folder: every one of them different."""
    first, last = FIRST_NAMES[number % 10], LAST_NAMES[number % 7]
    sheet = ShadowrunSheet(
        name=f"{first} {last} {number:03d}",
        metatype=METATYPES[number % len(METATYPES)],
        cinematic=number % 11 == 0,
        harder=number % 13 == 0,
        notes="\n".join(NOTE_LINES[: number % (len(NOTE_LINES) + 1)] * (1 + number % 4)),
    )
    for index, attribute in enumerate(sheet.attributes):
        if attribute.name in CORE_ATTRIBUTES:
            attribute.value = 1 + (number * 7 + index * 3) % 9
    awakened = number % 3
    if awakened:
        sheet.attributes[-2 if awakened == 1 else -1].value = 1 + number % 6
    for offset in range(8 + number % 12):
        skill_name = SKILL_NAMES[(number * 5 + offset * 3) % len(SKILL_NAMES)]
        sheet.skill(skill_name).rating = 1 + (number + offset) % SKILL_MAX
    for extra in range(number % 3):
        sheet.skills.append(
            Skill(name=f"Knowledge {number}-{extra}", rating=1 + extra, custom=True)
        )
    sheet.edge_current = number % (sheet.edge + 1)
    sheet.physical_damage = number % (sheet.physical_boxes + 1)
    sheet.stun_damage = (number // 2) % (sheet.stun_boxes + 1)
    return sheet


def saved_campaign(folder: Path, sheets: list[ShadowrunSheet]) -> list[Path]:
    """The characters saved once, one file each, in ``folder``."""
    system = Shadowrun4()
    paths = [folder / f"character-{number:04d}.json" for number in range(len(sheets))]
    for path, sheet in zip(paths, sheets, strict=True):
        save_character(path, system, sheet)
    return paths


@pytest.fixture(scope="module")
def sheets() -> list[ShadowrunSheet]:
    return [character(number) for number in range(CHARACTERS)]


@pytest.fixture(scope="module")
def campaign_folder(tmp_path_factory, sheets) -> list[Path]:
    """The 500 characters saved once, one file each, in a folder of their own."""
    return saved_campaign(tmp_path_factory.mktemp("campaign"), sheets)


@pytest.fixture(scope="module")
def many_sheets() -> list[ShadowrunSheet]:
    return [character(number) for number in range(MANY_CHARACTERS)]


@pytest.fixture(scope="module")
def large_campaign_folder(tmp_path_factory, many_sheets) -> list[Path]:
    """5,000 characters saved once, one file each, in a folder of their own."""
    return saved_campaign(tmp_path_factory.mktemp("large_campaign"), many_sheets)


@pytest.mark.benchmark(group="character files")
def test_loading_500_character_files(benchmark, campaign_folder, sheets):
    # Given a folder of 500 saved Shadowrun characters
    registry = builtin_registry()
    assert len({sheet.name for sheet in sheets}) == CHARACTERS
    assert sorted(campaign_folder[0].parent.glob("*.json")) == campaign_folder

    # When every file is loaded
    def load_all():
        return [load_character(path, registry) for path in campaign_folder]

    loaded = benchmark.pedantic(load_all, rounds=5, warmup_rounds=1)

    # Then all 500 came back as they were saved, under their own names
    assert [character.sheet.name for character in loaded] == [sheet.name for sheet in sheets]
    assert all(character.system.id == "shadowrun4" for character in loaded)
    assert not any(character.migrated for character in loaded)
    assert [character.sheet for character in loaded] == sheets


@pytest.mark.benchmark(group="character files")
def test_saving_500_character_files_with_backups(benchmark, tmp_path, sheets):
    # Given 500 characters already saved once in a folder
    system = Shadowrun4()
    paths = [tmp_path / f"character-{number:03d}.json" for number in range(CHARACTERS)]

    def save_all():
        for path, sheet in zip(paths, sheets, strict=True):
            save_character(path, system, sheet)

    save_all()
    assert not any(backup_path(path).exists() for path in paths)

    # When every one is saved again, so each save also keeps the previous file
    benchmark.pedantic(save_all, rounds=3)

    # Then each file holds its character, the previous version sits beside it, and no
    # temporary file is left over
    registry = builtin_registry()
    assert [load_character(path, registry).sheet for path in paths] == sheets
    assert all(backup_path(path).is_file() for path in paths)
    assert len(list(tmp_path.iterdir())) == 2 * CHARACTERS


@pytest.mark.benchmark(group="character files")
@pytest.mark.parametrize(
    ("folder", "reference"),
    [("campaign_folder", "sheets"), ("large_campaign_folder", "many_sheets")],
    ids=["500", "5000"],
)
def test_loading_characters_against_json_loads(benchmark, request, folder, reference):
    # Given a folder of 500 (or 5,000) saved characters
    registry = builtin_registry()
    paths, sheets = request.getfixturevalue(folder), request.getfixturevalue(reference)

    def load_all():
        with collector_resting():  # as in a batch of the app
            return [load_character(path, registry) for path in paths]

    def json_loads_all():
        return [json.loads(path.read_bytes()) for path in paths]

    # When they are loaded, alternately with json.loads of the same files (the floor), with
    # the cycle collector as in the app
    with collector_as_in_the_app():
        comparison = compare(benchmark, load_all, json_loads_all, rounds=7, warmup_rounds=1)

    # Then loading costs at most a few times parsing the JSON, for the many as for the few
    assert [character.sheet for character in load_all()] == sheets
    print(f"loading {len(paths)} characters: {comparison.describe()}")
    assert comparison.ratio <= LOAD_RATIO, comparison.describe()


def plain_write(path: Path, data: bytes) -> None:
    """The floor of a durable save: write, fsync the data, fsync the folder."""
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


@pytest.mark.benchmark(group="character files")
def test_saving_500_characters_against_a_plain_write(benchmark, tmp_path, sheets):
    # Given 500 characters saved once, and the same bytes ready for a plain write
    system = Shadowrun4()
    saved, plain = tmp_path / "saved", tmp_path / "plain"
    saved.mkdir(), plain.mkdir()
    paths = saved_campaign(saved, sheets)
    plain_files = [(plain / path.name, path.read_bytes()) for path in paths]

    def save_all():
        for path, sheet in zip(paths, sheets, strict=True):
            save_character(path, system, sheet)

    def write_all():
        for path, data in plain_files:
            plain_write(path, data)

    # When all are saved again, alternately with plain writes of the same bytes (the floor)
    comparison = compare(benchmark, save_all, write_all, rounds=5, warmup_rounds=1)

    # Then saving costs at most twice the plain write, and every guarantee still holds
    assert [path.read_bytes() for path in paths] == [data for _, data in plain_files]
    assert all(backup_path(path).read_bytes() == path.read_bytes() for path in paths)
    assert len(list(saved.iterdir())) == 2 * CHARACTERS
    assert comparison.ratio <= SAVE_RATIO, comparison.describe()
