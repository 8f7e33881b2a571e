"""The About dialog: name, version, and every bundled library with its whole license."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

import shadowdice
from shadowdice.licenses import COMPONENTS
from shadowdice.ui.about_dialog import AboutDialog
from shadowdice.ui.resources import resource_path

ROOT = Path(__file__).parents[2]


@pytest.fixture
def dialog(qtbot):
    about = AboutDialog()
    qtbot.addWidget(about)
    return about


def pick(dialog: AboutDialog, name: str) -> None:
    [row] = [
        i
        for i in range(dialog.components.count())
        if dialog.components.item(i).data(Qt.ItemDataRole.UserRole).name == name
    ]
    dialog.components.setCurrentRow(row)


def test_the_heading_shows_the_name_and_the_version_pyproject_sets(dialog):
    # Given the version written in pyproject.toml
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # Then the dialog shows that version, which is also the package's
    assert shadowdice.__version__ == project["version"]
    assert f"Shadowdice {project['version']}" in dialog.heading.text()
    assert "MIT license" in dialog.description.text()


def test_every_bundled_library_is_listed_with_its_license(dialog):
    rows = [dialog.components.item(i).text() for i in range(dialog.components.count())]
    assert len(rows) == len(COMPONENTS)
    for row, component in zip(rows, COMPONENTS, strict=True):
        assert row.startswith(component.name)
        assert row.endswith(f"— {component.license}")
    licenses = {component.name: component.license for component in COMPONENTS}
    assert licenses["Qt"] == licenses["PySide6 (Qt for Python)"] == "LGPL-3.0-only"
    assert licenses["Shiboken6"] == "LGPL-3.0-only"
    assert licenses["pydantic"] == licenses["platformdirs"] == "MIT"


def test_picking_qt_shows_the_lgpl_with_the_gpl_it_builds_on(dialog):
    # When the player picks Qt
    pick(dialog, "Qt")
    # Then the whole LGPL v3 shows, followed by the GPL v3 it adds its permissions to
    text = dialog.license_text.toPlainText()
    lgpl = text.index("GNU LESSER GENERAL PUBLIC LICENSE")
    gpl = text.index("GNU GENERAL PUBLIC LICENSE", lgpl + 10)
    assert "Version 3, 29 June 2007" in text[lgpl:gpl]
    assert "END OF TERMS AND CONDITIONS" in text[gpl:]
    assert "LGPL-3.0-only" in dialog.details.text()
    assert "replace them" in dialog.description.text()


def test_picking_pydantic_shows_its_mit_license_with_its_version(dialog):
    pick(dialog, "pydantic")
    assert "Permission is hereby granted, free of charge" in dialog.license_text.toPlainText()
    import pydantic

    assert pydantic.VERSION in dialog.details.text()


def test_every_license_text_the_list_names_is_shipped():
    folder = resource_path("licenses")
    for component in COMPONENTS:
        for name in component.files:
            assert (folder / name).stat().st_size > 500, f"{name} of {component.name}"


def test_a_missing_license_text_is_said_plainly(qtbot, tmp_path):
    # Given a licenses folder without the texts
    about = AboutDialog(licenses=tmp_path)
    qtbot.addWidget(about)
    # When the first library is shown
    # Then the dialog says the text is missing instead of failing
    assert about.license_text.toPlainText() == (
        "The license text of Qt is missing from this installation."
    )


def test_close_closes_the_dialog(dialog, qtbot):
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_in_a_bundle_the_dialog_lists_the_libraries_its_index_names(qtbot, tmp_path):
    # Given a bundle's licenses/ folder whose index names a library of the build machine
    (tmp_path / "index.json").write_text(
        json.dumps(
            {
                "components": [
                    {
                        "name": "libxcb",
                        "version": "",
                        "license": "MIT",
                        "files": ["libxcb.txt"],
                        "source": "Debian source package libxcb 1.15-1",
                        "role": "a system library, taken from the build machine",
                        "known_version": "1.15-1",
                        "carries": ["libxcb-shm.so.0"],
                        "modules": [],
                    }
                ]
            }
        ),
        encoding="utf-8",
    )
    (tmp_path / "libxcb.txt").write_text("Copyright (C) 2001-2006 Bart Massey", encoding="utf-8")
    # When the About dialog opens on it
    about = AboutDialog(licenses=tmp_path)
    qtbot.addWidget(about)
    # Then it lists that library with its version, license, files and text
    assert [about.components.item(i).text() for i in range(about.components.count())] == [
        "libxcb 1.15-1 — MIT"
    ]
    assert "libxcb-shm.so.0" in about.details.text()
    assert about.license_text.toPlainText() == "Copyright (C) 2001-2006 Bart Massey"
