"""App paths: platformdirs defaults, one folder for everything, folders made only on demand."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs

from shadowdice.storage.paths import AppPaths


def test_under_a_root_everything_lies_below_it(tmp_path):
    paths = AppPaths.under(tmp_path)

    assert paths == AppPaths(tmp_path / "characters", tmp_path / "config", tmp_path / "data")
    assert paths.settings_file == tmp_path / "config" / "settings.json"


def test_default_uses_the_documents_and_config_folders_of_the_platform(tmp_path, monkeypatch):
    asked = []

    def config_path(appname, appauthor=None):
        asked.append((appname, appauthor))
        return tmp_path / "config-root" / appname

    monkeypatch.setattr(platformdirs, "user_documents_path", lambda: tmp_path / "Documents")
    monkeypatch.setattr(platformdirs, "user_config_path", config_path)

    paths = AppPaths.default()

    assert paths.characters_dir == tmp_path / "Documents" / "Shadowdice"
    assert paths.config_dir == tmp_path / "config-root" / "Shadowdice"
    assert asked == [("Shadowdice", False)]
    assert list(tmp_path.iterdir()) == []


def test_when_ensured_then_the_folders_exist_and_ensuring_again_is_harmless(tmp_path):
    paths = AppPaths.under(tmp_path / "portable")

    assert paths.ensure() is paths
    paths.ensure()

    assert paths.characters_dir.is_dir()
    assert paths.config_dir.is_dir()
    assert not paths.settings_file.exists()


def test_importing_and_asking_for_the_default_paths_creates_no_folder(tmp_path):
    """Run in a fresh interpreter whose home is an empty folder, as on a first start."""
    home = tmp_path / "home"
    home.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("XDG_") and key not in {"APPDATA", "LOCALAPPDATA"}
    }
    env |= {"HOME": str(home), "USERPROFILE": str(home)}
    code = (
        "from shadowdice.storage.paths import AppPaths\n"
        "import shadowdice.storage.character_file, shadowdice.storage.settings\n"
        "print(AppPaths.default().characters_dir)\n"
    )

    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=Path(__file__).parents[2],
    )

    assert result.stdout.strip().endswith("Shadowdice")
    assert list(home.rglob("*")) == []
