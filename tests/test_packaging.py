"""Packaging files: the PyInstaller spec, the Linux desktop entry and MIME type. No build here.

Building the bundle takes minutes; these checks read the files (and run the spec's helper
definitions without PyInstaller), so they stay in the default run.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import shadowdice
from shadowdice.storage.character_file import save_character
from shadowdice.systems import builtin_registry
from shadowdice.ui import resources

ROOT = Path(__file__).parents[1]
SPEC = ROOT / "pyinstaller.spec"
LINUX = ROOT / "packaging" / "linux"
DESKTOP_FILE = LINUX / "shadowdice.desktop"
MIME_FILE = LINUX / "shadowdice-character.xml"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
CHARACTER_TYPE = "application/x-shadowdice-character"


# --- the PyInstaller spec ---------------------------------------------------------------------


def spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def calls_to(name: str) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(spec_tree())
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def keyword(call: ast.Call, name: str) -> ast.expr:
    [value] = [kw.value for kw in call.keywords if kw.arg == name]
    return value


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    """The spec's definitions: every statement before the Analysis, run without PyInstaller."""
    body = []
    for node in spec_tree().body:
        if isinstance(node, ast.Assign) and ast.unparse(node.value).startswith("Analysis("):
            break
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("PyInstaller"):
            continue
        body.append(node)
    namespace: dict[str, Any] = {"SPECPATH": str(ROOT)}
    exec(compile(ast.Module(body=body, type_ignores=[]), str(SPEC), "exec"), namespace)
    return namespace


def test_the_spec_is_python():
    compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")


def test_the_spec_has_one_analysis_exe_and_collect():
    assert [len(calls_to(name)) for name in ("Analysis", "PYZ", "EXE", "COLLECT")] == [1, 1, 1, 1]


def test_the_entry_script_exists_and_is_what_the_analysis_starts_from(spec):
    [analysis] = calls_to("Analysis")
    assert (ROOT / spec["ENTRY_SCRIPT"]).is_file()
    assert ast.unparse(analysis.args[0]) == "[str(ROOT / ENTRY_SCRIPT)]"


def test_the_entry_script_runs_the_app_main(spec):
    result = subprocess.run(
        [sys.executable, str(ROOT / spec["ENTRY_SCRIPT"]), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (0, f"Shadowdice {shadowdice.__version__}\n")


def test_the_resources_folder_is_bundled_as_resources_with_the_package_metadata(spec):
    [analysis] = calls_to("Analysis")
    datas = ast.unparse(keyword(analysis, "datas"))
    assert (ROOT / spec["RESOURCES"] / "icons" / "shadowdice.svg").is_file()
    assert "(str(ROOT / RESOURCES), 'resources')" in datas
    assert "copy_metadata('shadowdice')" in datas


def test_the_app_finds_its_resources_where_the_spec_puts_them(tmp_path, monkeypatch):
    (tmp_path / "resources").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resources_root() == tmp_path / "resources"


def test_the_bundle_is_a_windowed_one_folder_bundle_named_shadowdice(spec):
    [exe] = calls_to("EXE")
    [collect] = calls_to("COLLECT")
    assert spec["APP_NAME"] == "shadowdice"
    assert ast.literal_eval(keyword(exe, "console")) is False
    assert ast.literal_eval(keyword(exe, "exclude_binaries")) is True
    assert ast.unparse(keyword(exe, "name")) == ast.unparse(keyword(collect, "name")) == "APP_NAME"


def test_the_spec_paths_are_relative_to_the_spec_folder(spec):
    absolute = [
        node.value
        for node in ast.walk(spec_tree())
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and (node.value.startswith(("/", "\\", "~")) or node.value[1:3] in {":\\", ":/"})
    ]
    assert absolute == []
    assert spec["ROOT"] == ROOT


def test_the_qt_modules_kept_are_the_ones_the_app_imports(spec):
    imported = set()
    for path in (ROOT / "shadowdice").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            imported |= {name.split(".")[1] for name in names if name.startswith("PySide6.")}
    assert imported <= set(spec["QT_MODULES_USED"]), "add the module to QT_MODULES_USED"


def test_every_other_pyside6_module_and_the_heavy_unused_ones_are_excluded(spec):
    excluded = spec["pyside6_modules_not_used"]()
    assert {"PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick"} <= set(excluded)
    assert not {f"PySide6.{name}" for name in spec["QT_MODULES_USED"]} & set(excluded)
    assert {"tkinter", "unittest", "pydoc"} <= set(spec["EXCLUDED_MODULES"])
    assert "email" not in spec["EXCLUDED_MODULES"]  # importlib.metadata reads the version with it


@pytest.mark.parametrize(
    ("platform", "destination"),
    [
        ("linux", "PySide6/Qt/lib/libQt6Core.so.6"),
        ("linux", "PySide6/Qt/lib/libicudata.so.73"),
        ("linux", "PySide6/Qt/plugins/iconengines/libqsvgicon.so"),
        ("linux", "PySide6/Qt/plugins/imageformats/libqsvg.so"),
        ("linux", "PySide6/Qt/plugins/imageformats/libqjpeg.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqxcb.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqwayland.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqoffscreen.so"),
        ("linux", "PySide6/Qt/plugins/platformthemes/libqgtk3.so"),
        ("linux", "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so"),
        ("linux", "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so"),
        ("linux", "resources/icons/shadowdice.svg"),
        ("linux", "shadowdice-0.1.0.dist-info/METADATA"),
        ("win32", "PySide6/plugins/imageformats/qsvg.dll"),
        ("win32", "PySide6/plugins/platforms/qwindows.dll"),
        ("darwin", "PySide6/Qt/plugins/platforms/libqcocoa.dylib"),
    ],
)
def test_what_the_app_needs_is_kept(spec, monkeypatch, platform, destination):
    monkeypatch.setattr(sys, "platform", platform)
    assert not spec["is_waste"](destination)


@pytest.mark.parametrize(
    ("platform", "destination"),
    [
        ("linux", "PySide6/Qt/translations/qtbase_de.qm"),
        ("linux", "PySide6/Qt/plugins/imageformats/libqgif.so"),
        ("linux", "PySide6/Qt/plugins/imageformats/libqpdf.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqvnc.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqeglfs.so"),
        ("linux", "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so"),
        ("linux", "PySide6/Qt/plugins/wayland-graphics-integration-client/libdmabuf-server.so"),
        ("linux", "PySide6/Qt/plugins/tls/libqopensslbackend.so"),
        ("win32", "PySide6/translations/qtbase_de.qm"),
        ("win32", "PySide6/plugins/imageformats/qtiff.dll"),
    ],
)
def test_qt_translations_and_unused_plugins_are_dropped(spec, monkeypatch, platform, destination):
    monkeypatch.setattr(sys, "platform", platform)
    assert spec["is_waste"](destination)


def test_links_to_dropped_files_go_and_other_links_stay(spec):
    entries = [
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("libQt6OpenGL.so.6", "PySide6/Qt/lib/libQt6OpenGL.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/qt/libQt6Core.so.6", "BINARY"),
    ]
    kept = spec["without_links_to"](entries, {str(Path("PySide6/Qt/lib/libQt6OpenGL.so.6"))})
    assert kept == [entries[0], entries[2]]


@pytest.mark.parametrize(
    ("platform", "icon"), [("linux", None), ("win32", "NONE"), ("darwin", "NONE")]
)
def test_no_executable_icon_until_one_in_the_platform_format_exists(
    spec, monkeypatch, platform, icon
):
    monkeypatch.setattr(sys, "platform", platform)
    icon_file = spec["PLATFORM_ICONS"].get(platform)
    if icon_file is not None and (ROOT / icon_file).is_file():
        icon = str(ROOT / icon_file)
    assert spec["executable_icon"]() == icon


# --- the desktop entry ------------------------------------------------------------------------


def desktop_entry() -> dict[str, str]:
    """The [Desktop Entry] group, after checking the file's structure."""
    groups: dict[str, dict[str, str]] = {}
    group = None
    for line in DESKTOP_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1]
            assert group not in groups, f"group {group} twice"
            groups[group] = {}
            continue
        assert group is not None, "an entry before the first group"
        key, separator, value = line.partition("=")
        key = key.strip()
        assert separator and key.replace("-", "").isalnum(), f"not a key=value line: {line}"
        assert key not in groups[group], f"key {key} twice"
        groups[group][key] = value.strip()
    assert next(iter(groups)) == "Desktop Entry"
    return groups["Desktop Entry"]


def test_the_desktop_entry_has_the_required_keys():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Shadowdice"
    assert entry["Comment"]
    assert entry["Exec"] == "shadowdice %F"
    assert entry["Icon"] == "shadowdice"
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;RolePlaying;"
    assert entry["MimeType"] == f"{CHARACTER_TYPE};"


def test_the_desktop_entry_starts_the_installed_command_with_the_shipped_icon(spec):
    entry = desktop_entry()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    command = entry["Exec"].split()[0]
    assert command in scripts["gui-scripts"]
    assert command == spec["APP_NAME"]
    assert (ROOT / "resources" / "icons" / f"{entry['Icon']}.svg").is_file()


def test_the_desktop_entry_opens_the_types_the_mime_file_defines():
    types = [t for t in desktop_entry()["MimeType"].split(";") if t]
    defined = {m.get("type") for m in ET.parse(MIME_FILE).getroot().iter(f"{MIME_NS}mime-type")}
    assert set(types) <= defined


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate (desktop-file-utils) is not installed",
)
def test_desktop_file_validate_accepts_the_desktop_entry():
    result = subprocess.run(
        ["desktop-file-validate", str(DESKTOP_FILE)], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


# --- the MIME type ----------------------------------------------------------------------------


def character_type() -> ET.Element:
    root = ET.parse(MIME_FILE).getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    [mime_type] = root.findall(f"{MIME_NS}mime-type")
    assert mime_type.get("type") == CHARACTER_TYPE
    return mime_type


def magic_matches(match: ET.Element, data: bytes) -> bool:
    """Whether a shared-mime-info ``<match>`` (with the ones nested in it) matches ``data``.

    Only what the file uses is understood: string matches without masks or escapes.
    """
    assert match.get("type") == "string" and match.get("mask") is None
    value = match.get("value", "")
    assert "\\" not in value
    first, _, last = match.get("offset", "").partition(":")
    offsets = range(int(first), int(last or first) + 1)
    here = any(data.startswith(value.encode(), offset) for offset in offsets)
    nested = match.findall(f"{MIME_NS}match")
    return here and (not nested or any(magic_matches(inner, data) for inner in nested))


def character_magic_matches(data: bytes) -> bool:
    [magic] = character_type().findall(f"{MIME_NS}magic")
    return any(magic_matches(match, data) for match in magic.findall(f"{MIME_NS}match"))


def test_the_mime_type_is_json_named_by_a_narrow_glob():
    mime_type = character_type()
    assert mime_type.find(f"{MIME_NS}comment").text
    assert [s.get("type") for s in mime_type.findall(f"{MIME_NS}sub-class-of")] == [
        "application/json"
    ]
    assert [g.get("pattern") for g in mime_type.findall(f"{MIME_NS}glob")] == ["*.shadowdice.json"]


def test_the_magic_rule_matches_a_character_file_the_app_saves(tmp_path):
    system = builtin_registry().get("shadowrun4")
    path = tmp_path / "kira.json"
    save_character(path, system, system.new_sheet())
    assert character_magic_matches(path.read_bytes())


@pytest.mark.parametrize(
    "data",
    [
        b'{\n  "recent_files": []\n}\n',
        b'{\n  "format": "something-else",\n  "shadowdice-character": 1\n}\n',
        b'[\n  "format": "shadowdice-character"\n]\n',
        b"",
    ],
)
def test_the_magic_rule_does_not_match_other_json(data):
    assert not character_magic_matches(data)


@pytest.mark.skipif(
    shutil.which("update-mime-database") is None,
    reason="update-mime-database (shared-mime-info) is not installed",
)
def test_update_mime_database_accepts_the_mime_file(tmp_path):
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    shutil.copy(MIME_FILE, packages)
    result = subprocess.run(
        ["update-mime-database", str(tmp_path / "mime")],
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_DATA_DIRS": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    # It reports errors in the file on stderr, and exits with 0 all the same.
    assert (result.returncode, result.stderr) == (0, "")
    assert (tmp_path / "mime" / "application" / "x-shadowdice-character.xml").is_file()
