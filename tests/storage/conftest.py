"""A small rule system for the storage tests, so they do not depend on a real game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import Field

from shadowdice.core.registry import CheckError, CheckPreview, Registry, RuleSystem
from shadowdice.core.sheet import Row, Sheet
from shadowdice.storage.character_file import save_character


class Gear(Row):
    """A thing the character carries."""

    label: str
    count: int = Field(default=1, ge=0, le=99)


class CrewSheet(Sheet):
    """A test sheet: a table, a number with a range, a flag and a text."""

    gear: list[Gear] = Field(default_factory=list)
    luck: int = Field(default=3, ge=-5, le=12)
    veteran: bool = False
    callsign: str = ""


class CrewTemplate(Sheet):
    """A test template: what a new crew member starts with."""

    gear: list[Gear] = Field(default_factory=list)
    luck: int = Field(default=3, ge=0, le=6)


class CrewSystem(RuleSystem):
    """A test system at sheet version 2; version 1 sheets called luck "fortune"."""

    id = "test-crew"
    name = "Test Crew"
    summary = "A rule system that exists only in the storage tests."
    sheet_type = CrewSheet
    sheet_version = 2
    template_type = CrewTemplate

    def migrate(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        if from_version != 1:
            raise CheckError(f"{self.name} sheets of version {from_version} cannot be read")
        migrated = dict(data)
        migrated["luck"] = migrated.pop("fortune", 3)
        return migrated

    def sheet_fields(self):
        return ()

    def sheet_tables(self):
        return ()

    def check_params(self, sheet):
        return ()

    def preview_check(self, sheet, values):
        return CheckPreview(summary="nothing to roll")

    def start_check(self, sheet, values, source):
        raise CheckError("the test crew rolls no dice")


@pytest.fixture
def system() -> CrewSystem:
    return CrewSystem()


@pytest.fixture
def registry(system: CrewSystem) -> Registry:
    registry = Registry()
    registry.register(system)
    return registry


@pytest.fixture
def sheet() -> CrewSheet:
    return CrewSheet(
        name="Hägen Østergård",
        notes="Straße der Schatten —\n東京で会いましょう 🎲",
        gear=[Gear(label="Ares Predator", count=1), Gear(label="Medkit", count=3)],
        luck=-2,
        veteran=True,
        callsign="Nachtfalke",
    )


@pytest.fixture
def saved(tmp_path: Path, system: CrewSystem, sheet: CrewSheet) -> Path:
    path = tmp_path / "hagen.json"
    save_character(path, system, sheet)
    return path
