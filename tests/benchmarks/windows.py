"""The main window the benchmarks measure: built as the app builds it, with no dice animation
and prompts that discard changes on closing, so no dialog waits for an answer.
"""

from __future__ import annotations

from pathlib import Path

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.storage.paths import AppPaths
from shadowdice.storage.settings import SettingsStore
from shadowdice.systems import builtin_registry
from shadowdice.ui.main_window import MainWindow
from shadowdice.ui.prompts import SaveChoice


class DiscardingPrompts:
    """Closing the window at the end discards the changes without a dialog; an error fails."""

    def ask_save_changes(self, title: str) -> SaveChoice:
        return SaveChoice.DISCARD

    def ask_save_all(self, titles: list[str]) -> SaveChoice:
        return SaveChoice.DISCARD

    def error(self, title: str, message: str) -> None:
        raise AssertionError(message)


def benchmark_window(qtbot, home: Path, size: tuple[int, int] | None = (1366, 768)) -> MainWindow:
    """A main window with its files under ``home``; shown at ``size`` (left hidden for None)."""
    paths = AppPaths.under(home)
    window = MainWindow(
        registry=builtin_registry(),
        paths=paths,
        settings=SettingsStore(paths.settings_file),
        dice_source=ScriptedDiceSource([]),
        prompts=DiscardingPrompts(),
        animation_ms=0,
    )
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
    return window
