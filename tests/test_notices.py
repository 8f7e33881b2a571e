"""The bundle's notices: which library each collected file belongs to (packaging/notices.py).

The whole list is checked against a real bundle in tests/packaging/; these check the rules on
single files without building.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePath

import pytest

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
notices = pytest.importorskip("notices")


@pytest.mark.parametrize(
    ("relative", "component"),
    [
        ("PySide6/Qt/lib/libQt6Core.so.6", "Qt"),
        ("PySide6/Qt/lib/libicudata.so.73", "ICU"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "Qt"),
        ("PySide6/Qt6Core.dll", "Qt"),
        ("PySide6/plugins/platforms/qwindows.dll", "Qt"),
        ("PySide6/QtCore.abi3.so", "PySide6 (Qt for Python)"),
        ("PySide6/QtCore.pyd", "PySide6 (Qt for Python)"),
        ("PySide6/libpyside6.abi3.so.6.11", "PySide6 (Qt for Python)"),
        ("PySide6/__init__.py", "PySide6 (Qt for Python)"),
    ],
)
def test_the_pyside6_wheel_is_told_apart_into_qt_icu_and_the_bindings(relative, component):
    assert notices.pyside6_part(PurePath(relative)) == component


def test_a_machine_readable_debian_copyright_gives_the_upstream_licenses():
    text = (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
        "Files: *\nCopyright: 2001 Someone\nLicense: MIT\n text\n\n"
        "Files: src/x.c\nCopyright: 2002 Other\nLicense: BSD-3-clause\n text\n\n"
        "Files: debian/*\nCopyright: 2003 Packager\nLicense: GPL-2+\n text\n"
    )
    assert notices.debian_license(text) == "MIT AND BSD-3-clause"
    assert notices.debian_license("free-form text, no fields") == "see its notice"


def test_dpkg_is_asked_for_a_library_with_and_without_usr():
    spellings = notices.debian_spellings(Path("/lib/x86_64-linux-gnu/libz.so.1"))
    assert Path("/usr/lib/x86_64-linux-gnu/libz.so.1") in spellings


def test_distribution_names_compare_as_packaging_does():
    assert notices.normalised("PySide6_Essentials") == "pyside6-essentials"
    assert notices.BY_DISTRIBUTION["pyside6-essentials"] in {"Qt", "PySide6 (Qt for Python)"}
    assert notices.BY_DISTRIBUTION["shadowdice"] == "Shadowdice"


def test_a_collected_file_no_library_claims_stops_the_build(tmp_path):
    pytest.importorskip("PyInstaller")
    # Given a library from nowhere: not the app's, not a distribution's, not Python's, not dpkg's
    stray = tmp_path / "libstray.so.1"
    stray.write_bytes(b"\x7fELF")
    # When the notices are made
    # Then the build stops and names it
    with pytest.raises(notices.UnattributedFiles, match=r"libstray\.so\.1"):
        notices.write_notices([("libstray.so.1", str(stray), "BINARY")], [], tmp_path / "out")


def test_the_notices_name_each_file_and_hold_each_text(tmp_path):
    pytest.importorskip("PyInstaller")
    import pydantic

    from shadowdice.licenses import bundled_components

    # Given files from the app, from a distribution and from Python itself
    entries = [
        ("resources/icons/shadowdice.svg", str(ROOT / "resources/icons/shadowdice.svg"), "DATA"),
        ("base_library.zip", str(tmp_path / "base_library.zip"), "DATA"),
    ]
    pure = [
        ("pydantic", pydantic.__file__, "PYMODULE"),
        ("json", sys.modules["json"].__file__, "PYMODULE"),
    ]
    # When the notices are written
    added = notices.write_notices(entries, pure, tmp_path / "licenses")
    # Then the index lists each with what it brings, and each text is there
    components = {c.name: c for c in bundled_components(tmp_path / "licenses")}
    assert set(components) == {"Shadowdice", "Python", "pydantic"}
    assert components["Shadowdice"].carries == ("resources/icons/shadowdice.svg",)
    assert components["Python"].carries == ("base_library.zip",)
    assert components["pydantic"].modules == ("pydantic",)
    assert components["pydantic"].known_version == pydantic.VERSION
    assert "MIT" in components["Shadowdice"].texts(tmp_path / "licenses")
    assert "PSF" in components["Python"].texts(tmp_path / "licenses").upper()
    assert {PurePath(name).parent.as_posix() for name, _, _ in added} == {"licenses"}
