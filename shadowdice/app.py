"""Starting Shadowdice: command line, Qt application, and the main window with what it needs."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from shadowdice import __version__


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """The command line: character files to open, and a seed for reproducible dice.

    >>> parse_arguments(["--seed", "7", "kira.json"]).seed
    7
    """
    parser = argparse.ArgumentParser(prog="shadowdice", description="Shadowdice dice companion")
    parser.add_argument("files", nargs="*", type=Path, help="character files to open")
    parser.add_argument("--seed", type=int, help="seed the dice, to replay a session")
    parser.add_argument("--version", action="version", version=f"Shadowdice {__version__}")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app until its window closes; returns the exit code."""
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from shadowdice.core.dice import RandomDiceSource
    from shadowdice.storage.paths import AppPaths
    from shadowdice.storage.settings import SettingsStore
    from shadowdice.systems import builtin_registry
    from shadowdice.ui.main_window import MainWindow
    from shadowdice.ui.resources import resource_path
    from shadowdice.ui.theme import apply_theme

    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName("Shadowdice")
    app.setDesktopFileName("shadowdice")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Shadowdice")
    app.setWindowIcon(QIcon(str(resource_path("icons/shadowdice.svg"))))
    apply_theme(app)
    paths = AppPaths.default()
    window = MainWindow(
        registry=builtin_registry(),
        paths=paths,
        settings=SettingsStore(paths.settings_file),
        dice_source=RandomDiceSource(arguments.seed),
    )
    window.show()
    for path in arguments.files:
        window.open_path(path)
    return app.exec()
