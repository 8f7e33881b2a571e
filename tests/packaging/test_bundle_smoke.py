"""Smoke test of the Linux bundle: build it with PyInstaller, start it, roll, check the record.

It builds ``pyinstaller.spec`` into a fresh temporary folder (PyInstaller's own cache there
too, so nothing from an earlier build stands in for a missing step), then starts the built
binary offscreen, from a working folder of its own, in an empty home::

    shadowdice --seed 7 --roll '{"skill": "Pistols", "threshold": 2}'
               --write-result roll.json kira.shadowdice

The app opens the character, rolls the check as its Roll button does, writes the roll record
and exits 0. The record must be the one the rules give in this interpreter for the same
character, check and seed: same dice, same outcome. It also hosts a table from the bundle and
joins one (``bundle_table_probe.py``), inside a network namespace of its own. The build takes
about half a minute, so the test runs only when ``SHADOWDICE_BUNDLE_SMOKE=1`` (``.ci/run`` sets
it in a step of its own after the test suite); without it the module is skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path, PurePath

import pytest

from shadowdice.licenses import bundled_components
from tests.private_home import private_home_environment

ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
from check_installer import CHECK, SEED, expected_record, sample_character  # noqa: E402

#: What the trimmed Linux bundle may weigh unpacked and packed (the tarball), in MB (10^6
#: bytes): 134.5 and 53.9 before the GTK theme, OpenSSL, the East Asian codecs and the wheels'
#: file lists went, and the system's D-Bus and CUPS clients were left to the system; then 120
#: and 48 until the table on the network brought cryptography (11.6 MB: its Rust core carries
#: its own OpenSSL), Python's ssl module with libssl and libcrypto (5.4 MB; AnyIO, which pycrdt
#: imports, imports ssl), python-zeroconf's compiled modules (2.9 MB) and pycrdt (2.2 MB):
#: 141.3 and 56.7 with them.
SIZE_BUDGET_MB = 145
PACKED_BUDGET_MB = 58

pytestmark = pytest.mark.skipif(
    os.environ.get("SHADOWDICE_BUNDLE_SMOKE") != "1",
    reason="builds the bundle (about half a minute): set SHADOWDICE_BUNDLE_SMOKE=1",
)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """dist/shadowdice of a fresh PyInstaller build."""
    if shutil.which("pyinstaller") is None and not _has_pyinstaller():
        pytest.fail('PyInstaller is missing: pip install -e ".[dev]"')
    work = tmp_path_factory.mktemp("pyinstaller")
    started = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            str(ROOT / "pyinstaller.spec"),
        ],
        cwd=work,
        env={**os.environ, "PYINSTALLER_CONFIG_DIR": str(work / "cache")},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    print(f"bundle built in {time.perf_counter() - started:.1f} s")
    return work / "dist" / "shadowdice"


def _has_pyinstaller() -> bool:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return False
    return True


def run_bundle(bundle: Path, home: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(bundle / "shadowdice"), *arguments],
        cwd=home,
        env=private_home_environment(home),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_bundle_says_the_version_pyproject_sets(bundle, tmp_path):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    result = run_bundle(bundle, tmp_path, "--version")
    assert (result.returncode, result.stdout) == (0, f"Shadowdice {project['version']}\n")


def test_the_bundle_opens_a_character_rolls_with_a_seed_and_writes_the_record(bundle, tmp_path):
    # Given Kira saved in one folder, and the app started from another with an empty home
    files = tmp_path / "files"
    files.mkdir()
    character, system, sheet = sample_character(files)
    home = tmp_path / "home"
    home.mkdir()
    result_file = files / "roll.json"

    # When the bundle rolls Agility + Pistols, threshold 2, with seed 7
    started = time.perf_counter()
    result = run_bundle(
        bundle,
        home,
        "--seed",
        str(SEED),
        "--roll",
        json.dumps(CHECK),
        "--write-result",
        str(result_file),
        str(character),
    )
    print(f"bundle opened, rolled and quit in {time.perf_counter() - started:.2f} s")

    # Then it exits 0 and writes the very record the rules give for that seed
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    record = json.loads(result_file.read_text(encoding="utf-8"))
    expected = expected_record(system, sheet)
    assert record.pop("time") and expected.pop("time")
    assert record == expected
    assert record["character"] == "Kira"
    assert record["check"] == "Agility + Pistols"
    assert len(record["throws"][0]["dice"]) == 9  # Agility 5 + Pistols 4


def test_the_bundle_refuses_a_roll_it_cannot_make_and_exits_1(bundle, tmp_path):
    # Given no character at all
    result = run_bundle(
        bundle, tmp_path, "--roll", json.dumps(CHECK), "--write-result", str(tmp_path / "r.json")
    )
    # Then nothing is written and the exit code says so
    assert result.returncode == 1
    assert "nothing was rolled" in result.stderr
    assert not (tmp_path / "r.json").exists()


def test_the_bundle_speaks_german_where_the_system_does(bundle, tmp_path):
    # Given a German system and no character: the bundle's refusal reads German
    result = subprocess.run(
        [str(bundle / "shadowdice"), "--roll", json.dumps(CHECK), "--write-result", "r.json"],
        cwd=tmp_path,
        env={**private_home_environment(tmp_path), "LANGUAGE": "de", "LANG": "de_DE.UTF-8"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "kein Charakter ist geöffnet" in result.stderr, result.stderr


def test_the_bundle_carries_its_resources_and_no_unused_qt(bundle):
    internal = bundle / "_internal"
    names = {path.relative_to(internal).as_posix() for path in internal.rglob("*")}
    assert "resources/icons/shadowdice.svg" in names
    assert "licenses/Qt.txt" in names and "licenses/index.json" in names
    assert "LICENSE" in names
    assert "shadowdice/systems/starwars/templates/freighter_runner.json" in names
    translations = sorted(name.rsplit("/", 1)[-1] for name in names if name.endswith(".qm"))
    assert translations == ["qtbase_de.qm"], "Qt's translations of languages the app lacks"
    assert "shadowdice/locale/de/LC_MESSAGES/shadowdice.mo" in names
    for unused in ("libQt6Network", "libQt6Qml", "libQt6Quick", "libQt6OpenGL", "libQt6Pdf"):
        assert not [name for name in names if unused in name], f"{unused} is shipped"


def test_the_bundle_weighs_at_most_its_budget(bundle):
    size = sum(
        path.lstat().st_size for path in bundle.rglob("*") if not path.is_dir() or path.is_symlink()
    )
    print(f"bundle size {size / 1e6:.1f} MB (budget {SIZE_BUDGET_MB} MB)")
    assert size <= SIZE_BUDGET_MB * 1e6


def test_the_license_list_names_every_file_the_bundle_carries(bundle):
    # Given the licenses/ index the build wrote from what PyInstaller collected
    internal = bundle / "_internal"
    components = bundled_components(internal / "licenses")
    assert components, "the bundle has no licenses/index.json"
    claimed = [file for component in components for file in component.carries]

    # Then every file of the bundle is claimed by exactly one library (links point to one)
    carried = {
        path.relative_to(internal).as_posix()
        for path in internal.rglob("*")
        if path.is_file() and not path.is_symlink()
    }
    notices = {name for name in carried if name.startswith("licenses/")}
    assert sorted(claimed) == sorted(set(claimed)), "a file is claimed twice"
    assert set(claimed) == carried - notices

    # And every shared library, the build machine's included, is among them
    libraries = {name for name in carried if ".so" in PurePath(name).name}
    assert {"libxcb-shm.so.0", "libglib-2.0.so.0", "libpython3.11.so.1.0"} <= {
        PurePath(name).name for name in libraries
    }
    by_file = {file: component for component in components for file in component.carries}
    assert by_file["PySide6/Qt/lib/libQt6Core.so.6"].name == "Qt"
    assert by_file["PySide6/Qt/lib/libicudata.so.73"].name == "ICU"
    assert by_file["libxcb-shm.so.0"].name == "libxcb"
    assert by_file["libxcb-shm.so.0"].known_version

    # And every library's license text is there, whole
    for component in components:
        assert component.license, component.name
        assert component.texts(internal / "licenses").strip(), component.name
    # And the system's own D-Bus and CUPS clients are left to the system, with what they need
    for host in ("libdbus-1.so", "libcups.so", "libsystemd.so", "libgnutls.so", "libkrb5.so"):
        assert not [name for name in carried if PurePath(name).name.startswith(host)], host
    assert "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so" in carried
    # And no GTK library came along: the GTK theme plugin that needs them is left out
    gtk = ("libgtk", "libgdk", "libcairo", "libpango", "libharfbuzz", "libatk", "libpixman")
    assert not [name for name in carried if PurePath(name).name.startswith(gtk)]


@pytest.fixture(scope="module")
def tarball(bundle, tmp_path_factory) -> Path:
    """The Linux tarball packed from the bundle by packaging/linux/make_tarball.py."""
    out = tmp_path_factory.mktemp("tarball")
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "packaging" / "linux" / "make_tarball.py"),
            "--dist",
            str(bundle.parent),
            "--out",
            str(out),
        ],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return Path(result.stdout.strip())


def test_the_tarball_holds_the_bundle_and_the_desktop_files(tarball):
    with tarfile.open(tarball) as tar:
        members = {member.name: member for member in tar.getmembers()}
    [top] = {name.split("/", 1)[0] for name in members}
    assert top.startswith("shadowdice-")
    for name in (
        "shadowdice/shadowdice",
        "share/applications/shadowdice.desktop",
        "share/mime/packages/shadowdice-character.xml",
        "share/icons/hicolor/scalable/apps/shadowdice.svg",
        "share/icons/hicolor/256x256/apps/shadowdice.png",
        "install.sh",
        "uninstall.sh",
    ):
        assert f"{top}/{name}" in members, name
    assert members[f"{top}/shadowdice/shadowdice"].mode & 0o111
    assert members[f"{top}/install.sh"].mode & 0o111
    packed = tarball.stat().st_size
    print(f"tarball {packed / 1e6:.1f} MB (budget {PACKED_BUDGET_MB} MB)")
    assert packed <= PACKED_BUDGET_MB * 1e6


def test_install_sh_installs_silently_starts_keeps_files_on_upgrade_and_uninstalls(tarball):
    # packaging/check_installer.py, as the release workflow runs it on each system: install.sh
    # into a temporary home, the smoke roll with the installed command, a second install over
    # the first keeping the player's settings, recovery copies, log and characters, and
    # uninstall.sh removing the program and leaving those files
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "check_installer.py"), "linux", str(tarball)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "linux: every check held" in result.stdout
    assert result.stdout.count("rolled Agility + Pistols as the rules do") == 2


def test_the_bundle_hosts_a_table_and_joins_one_over_loopback(bundle, tmp_path):
    """Hosting and joining from the bundle itself (its zeroconf, pycrdt, spake2 and
    cryptography), in a network namespace of its own so that nothing leaves the machine; the
    bundle is driven by xdotool on an X server of the probe's own
    (``tests/packaging/bundle_table_probe.py``).
    """
    missing = [tool for tool in ("unshare", "ip", "Xvfb", "xdotool") if not shutil.which(tool)]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    namespace = "ip link set lo up"
    probe = subprocess.run(["unshare", "--net", "sh", "-c", namespace], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"no network namespace can be made here: {probe.stderr[:200]!r}")
    result = subprocess.run(
        [
            "unshare",
            "--net",
            "sh",
            "-c",
            f'{namespace} && exec "$0" -m tests.packaging.bundle_table_probe "$1" "$2"',
            sys.executable,
            str(bundle),
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["hosting"] == {
        "code shown": True,
        "listening": True,
        "players at the table": ["Anna"],
    }
    assert seen["joining"] == {"players at the table": 1, "characters brought": 1}
