"""Where Shadowdice keeps its files by default: the characters folder and the settings.

Default locations come from platformdirs, and the player may still open and save characters
anywhere. Nothing is created when this module is imported or an :class:`AppPaths` is made;
:meth:`AppPaths.ensure` creates the folders when they are needed.

>>> paths = AppPaths.under(Path("portable"))
>>> paths.settings_file.relative_to("portable").as_posix()
'config/settings.json'
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

#: The folder name under the player's documents and the config root.
APP_NAME = "Shadowdice"

#: The settings file's name inside the config folder.
SETTINGS_FILE_NAME = "settings.json"


def real_path(path: Path | str) -> Path:
    """``path`` made absolute with its symbolic links followed as far as they lead; a loop
    of links, or a link into nothing, is left where it stops. Never raises, unlike
    :meth:`Path.resolve`, which refuses a loop: two paths compared by this name the same
    file when they lead to it.
    """
    return Path(os.path.realpath(path))


@dataclass(frozen=True, slots=True)
class AppPaths:
    """The app's folders.

    Attributes:
        characters_dir: where open and save dialogs start the first time.
        config_dir: where the settings file lives.
        data_dir: what the app keeps for itself: recovery files and the roll log.
    """

    characters_dir: Path
    config_dir: Path
    data_dir: Path

    @property
    def recovery_dir(self) -> Path:
        """Where unsaved characters are kept until they are saved or discarded."""
        return self.data_dir / "recovery"

    @property
    def log_dir(self) -> Path:
        """Where the roll log keeps the sessions at the table."""
        return self.data_dir / "log"

    @property
    def templates_dir(self) -> Path:
        """Where the player's own character templates are saved, beside the characters."""
        return self.characters_dir / "Templates"

    @property
    def settings_file(self) -> Path:
        """The settings file, inside :attr:`config_dir`."""
        return self.config_dir / SETTINGS_FILE_NAME

    @classmethod
    def default(cls) -> AppPaths:
        """Use the platform's usual places: a folder in the documents, the user config and
        data folders.
        """
        return cls(
            characters_dir=platformdirs.user_documents_path() / APP_NAME,
            config_dir=platformdirs.user_config_path(APP_NAME, appauthor=False),
            data_dir=platformdirs.user_data_path(APP_NAME, appauthor=False),
        )

    @classmethod
    def under(cls, root: Path) -> AppPaths:
        """Everything below one folder, for tests and a portable install."""
        root = Path(root)
        return cls(
            characters_dir=root / "characters", config_dir=root / "config", data_dir=root / "data"
        )

    def ensure(self) -> AppPaths:
        """Create the folders if they are missing, and return these paths.

        Raises:
            OSError: a folder cannot be created.
        """
        for folder in (self.characters_dir, self.config_dir, self.data_dir):
            folder.mkdir(parents=True, exist_ok=True)
        return self
