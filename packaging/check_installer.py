"""Start a built Shadowdice the way a player gets it, and check what it rolls.

Run from the top of the repository, in the environment the bundle was built in (the app's
rules run from source here to say what the bundle must roll)::

    python packaging/check_installer.py bundle PATH_TO_EXECUTABLE
    python packaging/check_installer.py linux shadowdice-VERSION-linux-x86_64.tar.gz
    python packaging/check_installer.py windows Shadowdice-VERSION-setup.exe
    python packaging/check_installer.py macos Shadowdice-VERSION-macos-ARCH.dmg

``bundle`` starts the executable with the smoke roll: ``--seed 7 --roll ... --write-result``
on a Shadowrun 4 character, offscreen, and compares the record it writes with the one the
rules give from source for the same character, check and seed. The other commands install the
installer silently for the current user, make the smoke roll with the installed executable,
put a player's files in place (settings, recovery copies, roll log, a character), install
again over the installed copy as an upgrade does, check that those files are untouched, and
uninstall, checking that the program is gone and the player's files stay. Exit status 0 when
everything holds; otherwise the first failure is printed and the status is 1.

Linux runs in a temporary home (``HOME`` and the XDG folders), so it does not touch the
caller's; Windows and macOS use the runner's own user folders.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SEED = 7
CHECK = {"skill": "Pistols", "threshold": 2}


class CheckFailed(Exception):
    """What did not hold."""


def check(condition: bool, message: str) -> None:
    """Stop with ``message`` unless ``condition`` holds."""
    if not condition:
        raise CheckFailed(message)


def sample_character(folder: Path):
    """Kira, a Shadowrun 4 character with Agility 5 and Pistols 4, saved in ``folder``."""
    from shadowdice.storage.character_file import save_character
    from shadowdice.systems import builtin_registry

    system = builtin_registry().get("shadowrun4")
    data = system.new_sheet().model_dump(mode="json")
    data["name"] = "Kira"
    for attribute in data["attributes"]:
        if attribute["name"] == "Agility":
            attribute["value"] = 5
    for skill in data["skills"]:
        if skill["name"] == "Pistols":
            skill["rating"] = 4
    sheet = system.sheet_type.model_validate(data)
    path = folder / "kira.shadowdice"
    save_character(path, system, sheet)
    return path, system, sheet


def expected_record(system, sheet) -> dict:
    """The record the rules give from source: the check panel's defaults with CHECK over them."""
    from shadowdice.core.dice import RandomDiceSource

    values = {param.key: param.default for param in system.check_params(sheet, {})}
    session = system.start_check(sheet, {**values, **CHECK}, RandomDiceSource(SEED), {})
    return session.finish().model_dump(mode="json")


def smoke_roll(executable: Path, env: dict[str, str] | None = None) -> dict:
    """Start ``executable`` with the smoke roll and compare its record with the rules'."""
    with tempfile.TemporaryDirectory(prefix="shadowdice-smoke-") as folder:
        folder = Path(folder)
        character, system, sheet = sample_character(folder)
        result_file = folder / "roll.json"
        started = time.perf_counter()
        result = subprocess.run(
            [
                str(executable),
                *("--seed", str(SEED), "--roll", json.dumps(CHECK)),
                *("--write-result", str(result_file), str(character)),
            ],
            cwd=folder,
            env={**(env or os.environ), "QT_QPA_PLATFORM": "offscreen"},
            capture_output=True,
            text=True,
            timeout=180,
        )
        took = time.perf_counter() - started
        check(result.returncode == 0, f"{executable} exited {result.returncode}: {result.stderr}")
        check(result_file.is_file(), f"{executable} wrote no record: {result.stderr}")
        record = json.loads(result_file.read_text(encoding="utf-8"))
    expected = expected_record(system, sheet)
    record.pop("time", None)
    expected.pop("time", None)
    check(record == expected, f"the record differs from the rules':\n{record}\n{expected}")
    print(f"smoke roll: {executable} rolled {record['check']} as the rules do ({took:.1f} s)")
    return record


def player_files(env: dict[str, str] | None = None) -> dict[Path, str]:
    """A player's files where the app keeps them (``AppPaths.default()`` in ``env``): the
    settings, a recovery copy, the roll log and a character.
    """
    from shadowdice.storage.paths import AppPaths

    saved = dict(os.environ)
    os.environ.update(env or {})
    try:
        paths = AppPaths.default()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return {
        paths.settings_file: '{"dice_sound": false}\n',
        paths.recovery_dir / "kira.shadowdice": "{}\n",
        paths.log_dir / "rolls.jsonl": '{"id": 1}\n',
        paths.characters_dir / "kira.shadowdice": '{"name": "Kira"}\n',
    }


def put(files: dict[Path, str]) -> None:
    """Write the player's files."""
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def as_now(files: dict[Path, str]) -> dict[Path, str]:
    """The player's files as they are now: a start of the app may rewrite its settings."""
    return {path: path.read_text(encoding="utf-8") for path in files}


def still_there(files: dict[Path, str], when: str) -> None:
    """Check that the player's files are as written."""
    for path, text in files.items():
        check(path.is_file(), f"{when}: {path} is gone")
        check(path.read_text(encoding="utf-8") == text, f"{when}: {path} changed")


def run(command: list[str], env: dict[str, str] | None = None) -> None:
    """Run an installer step without input; stop when it fails."""
    print("$", " ".join(command))
    result = subprocess.run(
        command, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600
    )
    check(result.returncode == 0, f"{command[0]} exited {result.returncode}: {result.stderr}")


def linux(tarball: Path) -> None:
    """install.sh into a temporary home, roll, install again, uninstall.sh."""
    with tempfile.TemporaryDirectory(prefix="shadowdice-install-") as folder:
        folder = Path(folder)
        with tarfile.open(tarball) as tar:
            tar.extractall(folder / "unpacked", filter="tar")
        [top] = (folder / "unpacked").iterdir()
        home = folder / "home"
        runtime = home / "runtime"
        runtime.mkdir(parents=True, mode=0o700)
        env = {
            **os.environ,
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_STATE_HOME": str(home / ".local" / "state"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "XDG_DOCUMENTS_DIR": str(home / "Documents"),
            "XDG_RUNTIME_DIR": str(runtime),
        }
        files = player_files(env)
        put(files)
        data = home / ".local" / "share"
        installed = [
            home / ".local" / "opt" / "shadowdice" / "shadowdice",
            home / ".local" / "bin" / "shadowdice",
            data / "applications" / "shadowdice.desktop",
            data / "mime" / "packages" / "shadowdice-character.xml",
            data / "icons" / "hicolor" / "scalable" / "apps" / "shadowdice.svg",
        ]
        run([str(top / "install.sh")], env)
        for path in installed:
            check(path.exists(), f"install.sh did not install {path}")
        smoke_roll(home / ".local" / "bin" / "shadowdice", env)
        files = as_now(files)
        run([str(top / "install.sh")], env)
        still_there(files, "after installing again")
        smoke_roll(home / ".local" / "bin" / "shadowdice", env)
        files = as_now(files)
        run([str(top / "uninstall.sh")], env)
        for path in installed:
            check(not path.exists() and not path.is_symlink(), f"uninstall.sh left {path}")
        still_there(files, "after uninstalling")


def windows(setup: Path) -> None:
    """The Inno Setup installer, silently and per user (no administrator), twice; uninstall."""
    folder = Path(tempfile.mkdtemp(prefix="shadowdice-install-"))
    target = folder / "Shadowdice"
    silent = ["/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER"]
    files = player_files()
    put(files)
    run([str(setup), *silent, f"/DIR={target}", f"/LOG={folder / 'install.log'}"])
    smoke_roll(target / "shadowdice.exe")
    files = as_now(files)
    run([str(setup), *silent, f"/DIR={target}", f"/LOG={folder / 'upgrade.log'}"])
    still_there(files, "after installing again")
    smoke_roll(target / "shadowdice.exe")
    files = as_now(files)
    [uninstaller] = sorted(target.glob("unins*.exe"))
    run([str(uninstaller), "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"])
    # The uninstaller hands its work to a copy of itself and returns at once: wait for it.
    deadline = time.monotonic() + 120
    while (target / "shadowdice.exe").exists() and time.monotonic() < deadline:
        time.sleep(1)
    check(not (target / "shadowdice.exe").exists(), f"the uninstaller left {target}")
    still_there(files, "after uninstalling")


def macos(dmg: Path) -> None:
    """Copy the app out of the disk image as a player drags it, twice; delete it."""
    folder = Path(tempfile.mkdtemp(prefix="shadowdice-install-"))
    mount, applications = folder / "mount", folder / "Applications"
    applications.mkdir()
    files = player_files()
    put(files)
    for when in ("install", "upgrade"):
        files = as_now(files)
        run(["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", str(mount), str(dmg)])
        try:
            [app] = sorted(mount.glob("*.app"))
            shutil.rmtree(applications / app.name, ignore_errors=True)
            run(["ditto", str(app), str(applications / app.name)])
        finally:
            run(["hdiutil", "detach", str(mount)])
        installed = applications / app.name
        if when == "upgrade":
            still_there(files, "after installing again")
        smoke_roll(installed / "Contents" / "MacOS" / "shadowdice")
    files = as_now(files)
    shutil.rmtree(installed)
    still_there(files, "after deleting the app")


def main() -> int:
    """Command line: what to check, and the file to check."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["bundle", "linux", "windows", "macos"])
    parser.add_argument("path", type=Path, help="the executable or the installer")
    arguments = parser.parse_args()
    checks = {"bundle": smoke_roll, "linux": linux, "windows": windows, "macos": macos}
    try:
        checks[arguments.kind](arguments.path.resolve())
    except CheckFailed as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    print(f"{arguments.kind}: every check held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
