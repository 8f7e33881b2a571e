"""Packaging files: the PyInstaller spec, the desktop entry and MIME type, the Windows and macOS
installer definitions and the release workflow. No build here.

Building the bundle takes half a minute; these checks read the files (and run the spec's helper
definitions without PyInstaller), so they stay in the default run. tests/packaging/ builds the
bundle and starts it.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
import types
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import shadowdice
from shadowdice import licenses
from shadowdice.storage.character_file import save_character
from shadowdice.systems import builtin_registry
from shadowdice.ui import resources

ROOT = Path(__file__).parents[1]
SPEC = ROOT / "pyinstaller.spec"
LINUX = ROOT / "packaging" / "linux"
DESKTOP_FILE = LINUX / "shadowdice.desktop"
MIME_FILE = LINUX / "shadowdice-character.xml"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
CHARACTER_TYPE = "application/x-shadowdice-character"
INNO_SCRIPT = ROOT / "packaging" / "windows" / "shadowdice.iss"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


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
    """The spec's definitions: every statement before the build starts (its first bare call,
    ``installed_version()``), run without PyInstaller.
    """
    body = []
    for node in spec_tree().body:
        if isinstance(node, ast.Expr) and ast.unparse(node) == "installed_version()":
            break
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
    assert (ROOT / spec["RESOURCES"] / "licenses" / "LGPL-3.0.txt").is_file()
    assert "(str(ROOT / RESOURCES), 'resources')" in datas
    assert "copy_metadata('shadowdice')" in datas
    assert "for name in DISTRIBUTIONS for entry in copy_metadata(name)" in datas


def test_the_bundle_carries_the_metadata_of_every_library_the_about_dialog_lists(spec):
    assert spec["DISTRIBUTIONS"] == licenses.DISTRIBUTIONS
    listed = {c.distribution for c in licenses.COMPONENTS if c.distribution is not None}
    assert set(spec["DISTRIBUTIONS"]) == listed
    for name in spec["DISTRIBUTIONS"]:
        assert licenses.Component(name, name, "", (), "", "").version, f"{name} is not installed"


# --- the version, from pyproject.toml only ------------------------------------------------------


def test_the_spec_takes_the_version_from_pyproject_and_the_package_from_its_metadata(spec):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert spec["VERSION"] == project["version"] == shadowdice.__version__
    assert spec["installed_version"]() == project["version"]


def test_a_build_with_stale_installed_metadata_stops(spec, monkeypatch):
    monkeypatch.setitem(spec, "VERSION", "99.0.0")
    with pytest.raises(SystemExit, match=r"pip install -e"):
        spec["installed_version"]()


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("0.1.0", (0, 1, 0, 0)),
        ("1.2", (1, 2, 0, 0)),
        ("1.3.0rc1", (1, 3, 0, 0)),
        ("2.0.1.7", (2, 0, 1, 7)),
    ],
)
def test_windows_version_numbers_are_four_numbers(spec, text, numbers):
    assert spec["version_numbers"](text) == numbers


def test_the_windows_version_resource_names_the_product_and_its_version(spec, monkeypatch):
    # PyInstaller's version-resource module wants pefile and pywin32, which only Windows has;
    # building the resource and writing it as text needs neither.
    compat = pytest.importorskip("PyInstaller.compat")
    monkeypatch.setattr(compat, "win32api", types.ModuleType("win32api"), raising=False)
    monkeypatch.setitem(
        sys.modules, "pefile", sys.modules.get("pefile", types.ModuleType("pefile"))
    )
    resource = str(spec["windows_version_info"]())
    assert "filevers=(0, 1, 0, 0)" in resource
    assert "StringStruct('ProductVersion', '0.1.0')" in resource
    assert "StringStruct('ProductName', 'Shadowdice')" in resource
    assert "StringStruct('OriginalFilename', 'shadowdice.exe')" in resource


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
        ("linux", "PySide6/Qt/plugins/platforms/libqxcb.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqwayland.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqoffscreen.so"),
        ("linux", "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so"),
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
        ("linux", "PySide6/Qt/translations/qtbase_fr.qm"),
        ("linux", "PySide6/Qt/translations/designer_de.qm"),
        ("linux", "PySide6/Qt/plugins/imageformats/libqgif.so"),
        ("linux", "PySide6/Qt/plugins/imageformats/libqpdf.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqvnc.so"),
        ("linux", "PySide6/Qt/plugins/platforms/libqeglfs.so"),
        ("linux", "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so"),
        ("linux", "PySide6/Qt/plugins/wayland-graphics-integration-client/libdmabuf-server.so"),
        ("linux", "PySide6/Qt/plugins/tls/libqopensslbackend.so"),
        ("linux", "PySide6/Qt/plugins/platformthemes/libqgtk3.so"),
        ("linux", "PySide6/Qt/plugins/imageformats/libqjpeg.so"),
        ("win32", "PySide6/translations/qtbase_ja.qm"),
        ("win32", "PySide6/plugins/imageformats/qtiff.dll"),
    ],
)
def test_qt_translations_and_unused_plugins_are_dropped(spec, monkeypatch, platform, destination):
    monkeypatch.setattr(sys, "platform", platform)
    assert spec["is_waste"](destination)


@pytest.mark.parametrize(
    ("platform", "destination"),
    [
        ("linux", "PySide6/Qt/translations/qtbase_de.qm"),
        ("win32", "PySide6/translations/qtbase_de.qm"),
    ],
)
def test_qt_s_german_translation_is_kept_for_its_standard_dialogs(
    spec, monkeypatch, platform, destination
):
    monkeypatch.setattr(sys, "platform", platform)
    assert not spec["is_waste"](destination)


def test_the_system_s_dbus_and_cups_clients_are_left_to_linux_systems(spec, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert spec["is_host_library"]("libdbus-1.so.3")
    assert spec["is_host_library"]("libcups.so.2")
    assert not spec["is_host_library"]("libxcb-cursor.so.0")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert not spec["is_host_library"]("libcups.so.2")


def test_a_wheels_metadata_folder_keeps_only_what_the_app_reads(spec):
    assert not spec["is_unused_metadata"]("pydantic-2.14.3.dist-info/METADATA")
    assert spec["is_unused_metadata"]("pydantic-2.14.3.dist-info/RECORD")
    assert spec["is_unused_metadata"]("platformdirs-4.14.7.dist-info/sboms/platformdirs.cdx.json")
    assert not spec["is_unused_metadata"]("PySide6/Qt/lib/libQt6Core.so.6")


def test_links_to_dropped_files_go_and_other_links_stay(spec):
    entries = [
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("libQt6OpenGL.so.6", "PySide6/Qt/lib/libQt6OpenGL.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/qt/libQt6Core.so.6", "BINARY"),
    ]
    kept = spec["without_links_to"](entries, {str(Path("PySide6/Qt/lib/libQt6OpenGL.so.6"))})
    assert kept == [entries[0], entries[2]]


def test_linux_executables_get_no_icon(spec, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    assert spec["executable_icon"](tmp_path) is None
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("platform", "magic"), [("win32", b"\0\0\1\0"), ("darwin", b"icns")])
def test_windows_and_macos_executables_get_an_icon_made_from_the_svg(
    spec, monkeypatch, tmp_path, platform, magic
):
    monkeypatch.setattr(sys, "platform", platform)
    icon = Path(spec["executable_icon"](tmp_path))
    assert icon.parent == tmp_path
    assert icon.read_bytes().startswith(magic)


# --- one character file type everywhere ---------------------------------------------------------


def inno_defines() -> dict[str, str]:
    defines = {}
    for line in INNO_SCRIPT.read_text(encoding="utf-8").splitlines():
        parts = line.strip().split(None, 2)
        if len(parts) == 3 and parts[0] == "#define" and parts[2].startswith('"'):
            defines[parts[1]] = parts[2].strip('"')
    return defines


def test_every_installer_names_the_same_character_file_type(spec):
    extension = spec["CHARACTER_EXTENSION"]
    assert extension == "shadowdice"
    assert spec["CHARACTER_MIME_TYPE"] == CHARACTER_TYPE
    # Linux: the MIME type's glob
    assert [g.get("pattern") for g in character_type().findall(f"{MIME_NS}glob")] == [
        f"*.{extension}"
    ]
    # Windows: the extension, its ProgID and MIME type
    defines = inno_defines()
    assert defines["CharacterExt"] == f".{extension}"
    assert defines["CharacterMimeType"] == CHARACTER_TYPE
    assert defines["CharacterTypeName"] == spec["CHARACTER_TYPE_NAME"]
    assert defines["AppExeName"] == f"{spec['APP_NAME']}.exe"
    # macOS: the document type the app opens and the type it declares
    plist = spec["info_plist"]()
    [document] = plist["CFBundleDocumentTypes"]
    [declared] = plist["UTExportedTypeDeclarations"]
    assert document["LSItemContentTypes"] == [declared["UTTypeIdentifier"]]
    assert document["CFBundleTypeRole"] == "Editor"
    tags = declared["UTTypeTagSpecification"]
    assert tags == {
        "public.filename-extension": [extension],
        "public.mime-type": [CHARACTER_TYPE],
    }
    assert "public.json" in declared["UTTypeConformsTo"]


def test_the_macos_app_has_the_version_and_an_icon_in_its_info_plist(spec):
    plist = spec["info_plist"]()
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == spec["VERSION"]
    assert plist["CFBundleDocumentTypes"][0]["CFBundleTypeIconFile"] == "shadowdice.icns"
    [bundle] = calls_to("BUNDLE")
    assert ast.unparse(keyword(bundle, "info_plist")) == "info_plist()"
    assert ast.unparse(keyword(bundle, "version")) == "VERSION"


# --- the Windows installer ----------------------------------------------------------------------


def inno_sections() -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = None
    for line in INNO_SCRIPT.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
        elif current is not None and line and not line.startswith((";", "#")):
            current.append(line)
    return sections


def test_the_windows_installer_has_a_start_menu_entry_an_association_and_an_uninstaller():
    sections = inno_sections()
    setup = dict(line.split("=", 1) for line in sections["Setup"])
    assert setup["ChangesAssociations"] == "yes"
    assert setup["AppVersion"] == "{#AppVersion}"
    assert setup.get("Uninstallable", "yes") == "yes"
    assert setup["UninstallDisplayIcon"] == "{app}\\{#AppExeName}"
    assert any(line.startswith('Name: "{autoprograms}') for line in sections["Icons"])
    registry = sections["Registry"]
    assert any(
        'Subkey: "Software\\Classes\\{#CharacterExt}"' in line
        and 'ValueData: "{#CharacterProgId}"' in line
        for line in registry
    )
    assert any("shell\\open\\command" in line and '""%1""' in line for line in registry)
    # everything it writes goes again with the uninstaller
    assert any(
        'Subkey: "Software\\Classes\\{#CharacterProgId}"' in line and "uninsdeletekey" in line
        for line in registry
    )
    for line in registry:
        assert "uninsdelete" in line or "{#CharacterProgId}\\" in line, line
    assert sections["Files"] == [
        'Source: "{#DistDir}\\*"; DestDir: "{app}"; '
        "Flags: ignoreversion recursesubdirs createallsubdirs"
    ]


# --- scripts and the release workflow -----------------------------------------------------------


@pytest.mark.parametrize(
    "script", ["packaging/linux/make_appimage.sh", "packaging/macos/make_dmg.sh"]
)
def test_the_shell_scripts_parse_and_are_executable(script):
    path = ROOT / script
    assert os.access(path, os.X_OK)
    result = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, "")


def release_workflow() -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def steps_of(job: dict) -> list[dict]:
    return job["steps"]


def test_the_release_workflow_builds_every_installer_on_version_tags_and_uploads_them():
    text = WORKFLOW.read_text(encoding="utf-8")
    for needed in (
        "packaging/linux/make_tarball.py",
        "packaging/linux/make_appimage.sh",
        "packaging\\windows\\shadowdice.iss",
        "packaging/macos/make_dmg.sh",
        "pyinstaller --noconfirm --clean pyinstaller.spec",
        "SHADOWDICE_BUNDLE_SMOKE",
        "gh release upload",
    ):
        assert needed in text, needed
    workflow = release_workflow()
    assert workflow[True] == {"push": {"tags": ["v*"]}}  # YAML 1.1 reads the key "on" as True
    matrix = workflow["jobs"]["installers"]["strategy"]["matrix"]["include"]
    assert [(entry["kind"], entry["os"]) for entry in matrix] == [
        ("linux", "ubuntu-22.04"),
        ("windows", "windows-2022"),
        ("macos", "macos-15"),  # Apple silicon
        ("macos", "macos-15-intel"),
    ]
    assert workflow["jobs"]["release"]["needs"] == "installers"


def test_every_action_is_pinned_to_a_commit_with_its_release_named():
    uses = re.findall(r"uses:\s*(\S+)(.*)", WORKFLOW.read_text(encoding="utf-8"))
    assert len(uses) >= 5
    for action, comment in uses:
        name, _, ref = action.partition("@")
        assert re.fullmatch(r"[0-9a-f]{40}", ref), f"{name} is not pinned to a commit"
        assert re.fullmatch(r"\s*# v\d+\.\d+\.\d+", comment), f"{name} names no release"


def test_each_job_has_least_permissions_and_no_checkout_keeps_credentials():
    workflow = release_workflow()
    assert workflow["permissions"] == {}
    for name, job in workflow["jobs"].items():
        expected = {"contents": "write"} if name == "release" else {"contents": "read"}
        assert job["permissions"] == expected, name
        for step in steps_of(job):
            if step.get("uses", "").startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False, name


def test_downloaded_tools_are_pinned_and_checked_and_packages_installed_by_hash():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "continuous" not in text
    for url in re.findall(r"https://github.com/\S+/releases/download/(\S+)", text):
        assert url.split("/")[0][0].isdigit(), f"{url} is not a fixed release"
    assert text.count("sha256sum --check --strict") == 2
    installs = re.findall(r"pip install .*", text)
    assert installs and all(
        "--require-hashes" in line or "--no-deps" in line for line in installs
    ), installs
    assert "pip-audit --strict" in text
    lock = (ROOT / "packaging" / "requirements-lock.txt").read_text(encoding="utf-8")
    pinned = re.findall(r"^([a-z0-9-]+)==", lock, re.MULTILINE)
    for shipped in licenses.DISTRIBUTIONS:
        assert re.sub(r"[-_.]+", "-", shipped).lower() in pinned, shipped
    assert lock.count("--hash=sha256:") > len(pinned)


def test_every_build_is_started_then_installed_started_and_uninstalled_where_it_was_built():
    workflow = release_workflow()
    runs = [step.get("run", "") for step in steps_of(workflow["jobs"]["installers"])]
    started = [run for run in runs if "check_installer.py bundle" in run]
    assert len(started) == 1  # on every runner: the step has no condition
    [step] = [s for s in steps_of(workflow["jobs"]["installers"]) if s.get("run") == started[0]]
    assert "if" not in step
    for kind in ("linux", "windows", "macos"):
        assert any(f"check_installer.py {kind} " in run for run in runs), kind


def test_signing_runs_when_the_secrets_are_there_and_says_so_when_not():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "packaging\\windows\\sign.ps1" in text
    assert "packaging/macos/sign.sh app" in text and "packaging/macos/sign.sh dmg" in text
    windows = (ROOT / "packaging" / "windows" / "sign.ps1").read_text(encoding="utf-8")
    macos = (ROOT / "packaging" / "macos" / "sign.sh").read_text(encoding="utf-8")
    assert "::warning::NOT SIGNED" in windows and "signtool" in windows
    assert "::warning::NOT SIGNED" in macos and "::warning::NOT NOTARISED" in macos
    assert "notarytool submit" in macos and "--options runtime" in macos


def test_sign_sh_without_secrets_says_plainly_that_nothing_is_signed(tmp_path):
    env = {
        key: value for key, value in os.environ.items() if not key.startswith(("MACOS_", "APPLE_"))
    }
    result = subprocess.run(
        ["bash", str(ROOT / "packaging" / "macos" / "sign.sh"), "app", str(tmp_path / "A.app")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert result.stdout.startswith("::warning::NOT SIGNED")


def test_ci_runs_actionlint_zizmor_and_pip_audit_on_every_workflow_file():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "workflows=(.github/workflows/*.yml)" in ci
    assert '.venv-tools/bin/actionlint "${workflows[@]}"' in ci
    assert ".venv-tools/bin/zizmor --offline --persona=auditor" in ci
    assert "pip-audit --strict" in ci and "--require-hashes -r packaging/tools-lock.txt" in ci


@pytest.mark.skipif(shutil.which("actionlint") is None, reason="actionlint is not installed")
def test_actionlint_and_zizmor_find_nothing_in_the_workflows():
    workflows = sorted(str(path) for path in (ROOT / ".github" / "workflows").glob("*.yml"))
    for command in (["actionlint"], ["zizmor", "--offline", "--persona=auditor"]):
        if shutil.which(command[0]) is None:
            continue
        result = subprocess.run([*command, *workflows], capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr


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
        name = key.split("[", 1)[0]  # Comment[de]: the German Comment
        assert separator and name.replace("-", "").isalnum(), f"not a key=value line: {line}"
        assert key not in groups[group], f"key {key} twice"
        groups[group][key] = value.strip()
    assert next(iter(groups)) == "Desktop Entry"
    return groups["Desktop Entry"]


def test_the_desktop_entry_the_file_type_and_the_installers_speak_german_too(spec):
    entry = desktop_entry()
    for key in ("GenericName", "Comment", "Keywords"):
        assert entry[f"{key}[de]"] and entry[f"{key}[de]"] != entry[key]
    german = [c for c in character_type().findall(f"{MIME_NS}comment") if c.get(XML_LANG) == "de"]
    assert [comment.text for comment in german] == ["Shadowdice-Charakter"]
    assert 'Name: "german"; MessagesFile: "compiler:Languages\\German.isl"' in (
        INNO_SCRIPT.read_text(encoding="utf-8")
    )
    assert spec["info_plist"]()["CFBundleLocalizations"] == ["en", "de"]


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


def test_the_mime_type_is_json_named_by_its_own_extension():
    mime_type = character_type()
    assert mime_type.find(f"{MIME_NS}comment").text
    assert [s.get("type") for s in mime_type.findall(f"{MIME_NS}sub-class-of")] == [
        "application/json"
    ]
    assert [g.get("pattern") for g in mime_type.findall(f"{MIME_NS}glob")] == ["*.shadowdice"]


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


# --- the audit of the locked packages -----------------------------------------------------------


@pytest.fixture
def audit_lock(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "packaging"))
    import audit_lock

    return audit_lock


def test_the_audit_reads_every_pin_of_the_lock_file(audit_lock):
    pins = audit_lock.pins(ROOT / "packaging" / "requirements-lock.txt")
    assert pins["pydantic"] and pins["pyside6-essentials"] and pins["pyinstaller"]
    assert all(re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", version) for version in pins.values())


def test_the_audit_fails_on_a_known_vulnerability_unless_it_is_accepted(
    audit_lock, monkeypatch, tmp_path, capsys
):
    # Given a lock with two packages, one pinned to its newest release with a known hole
    lock = tmp_path / "lock.txt"
    lock.write_text("pydantic==2.0 \\\n    --hash=sha256:00\nold==1.0\n", encoding="utf-8")
    pages = {
        "pydantic": {
            "info": {"version": "2.0"},
            "vulnerabilities": [
                {"id": "PYSEC-1", "aliases": ["CVE-1"], "fixed_in": ["2.1"], "withdrawn": None}
            ],
        },
        "old": {"info": {"version": "3.0"}, "vulnerabilities": []},
    }
    monkeypatch.setattr(audit_lock, "project_page", pages.__getitem__)
    monkeypatch.setattr(sys, "argv", ["audit_lock.py", str(lock)])
    # Then the audit fails and names it, and says which package it could not audit
    assert audit_lock.main() == 1
    out = capsys.readouterr().out
    assert "VULNERABLE pydantic==2.0: PYSEC-1 (fixed in 2.1)" in out
    assert "NOT AUDITED" in out and "old==1.0 (newest 3.0)" in out
    # When the vulnerability is accepted with a reason
    monkeypatch.setattr(audit_lock, "accepted", lambda _: {"CVE-1"})
    # Then the audit passes
    assert audit_lock.main() == 0


def test_the_lock_pins_every_dependency_pyproject_names_within_its_range():
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lock = (ROOT / "packaging" / "requirements-lock.txt").read_text(encoding="utf-8")
    pins = dict(re.findall(r"^([a-z0-9-]+)==([^\s;\\]+)", lock, re.MULTILINE))
    extras = project["optional-dependencies"]
    wanted = [*project["dependencies"], *extras["test"], *extras["dev"]]
    wanted = [line for line in wanted if not line.startswith("shadowdice")]
    for line in wanted:
        requirement = Requirement(line)
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        assert name in pins, f"{name} is not in packaging/requirements-lock.txt"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} vs {line}"
