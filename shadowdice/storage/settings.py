"""The app's settings: recent character files, the rule system and folder chosen last, and
the options of the settings dialog (animation speed, dice size, felt and dice colours,
whether spending asks first).

Settings are a convenience, so reading them never fails: a missing, unreadable or broken
settings file gives the defaults (and a warning in the log). Saving is atomic and keeps the
previous file as ``settings.json.bak``, so a broken file replaced by defaults can still be
looked at. Changes are made with small pure functions that return new settings:

>>> settings = Settings(recent_files=["/a.json", "/b.json"])
>>> remove_recent(settings, "/a.json").recent_files == ["/b.json"]
True
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from shadowdice.core.language import translations
from shadowdice.storage.atomic import read_regular_file, write_atomic
from shadowdice.storage.paths import real_path

_, _n = translations(__name__)

#: How many recent files are remembered.
MAX_RECENT = 10

#: A settings file bigger than this is not ours.
MAX_SETTINGS_BYTES = 1024 * 1024

_log = logging.getLogger(__name__)


def _cap_recent(paths: list[str]) -> list[str]:
    return paths[:MAX_RECENT]


class Settings(BaseModel):
    """What the app remembers between runs.

    Frozen: change it with :meth:`model_copy` or the functions of this module.

    Attributes:
        recent_files: character files opened or saved lately, absolute, most recent first, at
            most :data:`MAX_RECENT` (more in a file are cut off on load).
        last_system: the id of the rule system chosen last, or "".
        last_folder: the folder an open or save dialog was in last, or "".
        animation: how fast dice tumble in: off, fast, normal or slow.
        dice_size: how large dice are at most: small, normal or large.
        felt: the felt's colour, by name (see ``ui/play/tray/palette.py``).
        dice_colours: each character's dice colour by name, by its file (absolute path) once
            saved, else by its name.
        confirm_spending: whether a follow-up that spends a resource asks first.
        paper: the paper sheets were printed on last, "A4" or "Letter"; "" for the locale's.
        real_dice_table: the whole table rolls physical dice, typed in.
        language: the language of the app: "de", "en", or "system" for the system's own
            (English where the system's has no catalog).
        announce_secret_rolls: the table window says that the game master rolled secretly
            (else it shows nothing of a secret roll).
        keep_secret_on: *Roll secretly* stays on after a roll (else it is for one roll).
        table_window_geometry: where the table window was, "x,y,width,height".
        table_window_screen: the screen the table window goes full screen on.
        window_geometry, splitter_state, right_splitter_state: the main window's size and
            place and the positions of its splitters, as Qt saves them (base64), or "".
        reopen_party: whether the app opens the characters of the last session at start,
            when it is given no files to open.
        last_party: the files of the characters open when the app last closed, in party
            order.
        pinned_rolls: each character's rolls pinned to the top of its card's list (their
            check values as JSON, in the order pinned), kept by character as the dice colours
            are.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    recent_files: Annotated[list[str], AfterValidator(_cap_recent)] = Field(default_factory=list)
    last_system: str = ""
    last_folder: str = ""
    animation: Literal["off", "fast", "normal", "slow"] = "normal"
    dice_size: Literal["small", "normal", "large"] = "normal"
    felt: str = "green"
    dice_colours: dict[str, str] = Field(default_factory=dict)
    confirm_spending: bool = False
    paper: Literal["", "A4", "Letter"] = ""
    real_dice_table: bool = False
    language: Literal["system", "de", "en"] = "system"
    announce_secret_rolls: bool = True
    keep_secret_on: bool = False
    table_window_geometry: str = ""
    table_window_screen: str = ""
    window_geometry: str = ""
    splitter_state: str = ""
    right_splitter_state: str = ""
    reopen_party: bool = True
    last_party: list[str] = Field(default_factory=list)
    pinned_rolls: dict[str, list[str]] = Field(default_factory=dict)


class SettingsStore:
    """Reads and writes the settings in one file.

    Attributes:
        path: the settings file (``AppPaths.settings_file`` in the app).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def load(self) -> Settings:
        """Return the saved settings, or the defaults when there are none or they are unreadable."""
        try:
            data = read_regular_file(self.path, MAX_SETTINGS_BYTES)
            if len(data) > MAX_SETTINGS_BYTES:
                raise ValueError(_("the file is far too large to hold settings"))
            return Settings.model_validate_json(data)
        except FileNotFoundError:
            return Settings()
        except (OSError, ValueError) as error:
            _log.warning("Cannot read the settings in %s, using defaults: %s", self.path, error)
            return Settings()

    def save(self, settings: Settings) -> None:
        """Write the settings atomically, creating the folder; the old file is kept as .bak.

        Raises:
            OSError: the settings could not be written; the old file is unchanged.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False)
        write_atomic(self.path, f"{text}\n".encode())


def add_recent(settings: Settings, path: Path | str) -> Settings:
    """Return settings with ``path`` first among the recent files.

    The path is stored resolved (absolute, links followed); an entry naming the same file is
    moved rather than repeated, and the oldest entries beyond :data:`MAX_RECENT` are dropped.
    """
    entry = str(real_path(path))
    rest = [item for item in settings.recent_files if not _same_file(item, entry)]
    return settings.model_copy(update={"recent_files": [entry, *rest][:MAX_RECENT]})


def remove_recent(settings: Settings, path: Path | str) -> Settings:
    """Return settings without ``path`` (or an entry naming the same file) in the recent files."""
    kept = [item for item in settings.recent_files if not _same_file(item, str(path))]
    return settings.model_copy(update={"recent_files": kept})


def without_missing(settings: Settings) -> Settings:
    """Return settings whose recent files all still exist, in the same order."""
    kept = [item for item in settings.recent_files if Path(item).is_file()]
    return settings.model_copy(update={"recent_files": kept})


def _same_file(first: str, second: str) -> bool:
    """Whether two paths name the same file, spelled alike or not (case too on Windows)."""
    return _path_key(first) == _path_key(second)


def _path_key(path: str) -> str:
    return os.path.normcase(str(real_path(path)))
