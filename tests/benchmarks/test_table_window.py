"""The table window's cost: a roll of 30 dice on the main window, with the table window open
(its own tray following the roll with the same animation) and without it.

Target: with the table window open, a 30-dice roll takes at most 10 % longer, from *Roll* to
the outcome standing on the main window, than the same roll with it closed, timed
alternately in the same run, with the tray's animation as players see it (550 ms).

Run under Xvfb (``QT_QPA_PLATFORM=xcb``) so that frames reach a real X server.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEventLoop

from shadowdice.core.dice import RandomDiceSource
from shadowdice.storage.paths import AppPaths
from shadowdice.storage.settings import SettingsStore
from shadowdice.systems import builtin_registry
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from shadowdice.ui.main_window import MainWindow
from tests.benchmarks.floors import compare
from tests.ui.conftest import AnsweredPrompts

#: 3 (Agility) + 3 (Pistols) + 24: a pool of 30 dice.
THIRTY_DICE = {"attribute": "Agility", "skill": "Pistols", "modifier": 24}
TARGET_RATIO = 1.10
ANIMATION_MS = 550


def main_window(qtbot, tmp_path, animation_ms: int) -> MainWindow:
    paths = AppPaths.under(tmp_path)
    window = MainWindow(
        registry=builtin_registry(),
        paths=paths,
        settings=SettingsStore(paths.settings_file),
        dice_source=RandomDiceSource(seed=30),
        prompts=AnsweredPrompts(),  # closing at the end discards Kira without asking
        animation_ms=animation_ms,
    )
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    sheet = ShadowrunSheet(name="Kira")
    sheet.skill("Pistols").rating = 3
    window.new_character(sheet)
    return window


def roller(window: MainWindow):
    """One roll of 30 dice, from the roll request until the outcome stands."""
    loop = QEventLoop()
    shown = []

    def on_shown(session) -> None:
        shown.append(session)
        loop.quit()

    window.roll_panel.outcome_shown.connect(on_shown)

    def roll() -> None:
        shown.clear()
        window.check_panel.roll_requested.emit(dict(THIRTY_DICE))
        if not shown:  # with the animation off the outcome may stand at once
            loop.exec()
        assert len(shown[0].dice) >= 30

    return roll


@pytest.mark.benchmark
def test_the_table_window_adds_at_most_a_tenth_to_a_roll(benchmark, qtbot, tmp_path):
    window = main_window(qtbot, tmp_path, ANIMATION_MS)
    table = window.game_table.open_table_window()
    table.resize(1366, 768)
    qtbot.waitExposed(table)
    roll = roller(window)

    def with_table() -> None:
        table.show()
        roll()

    def without_table() -> None:
        table.hide()
        roll()

    comparison = compare(benchmark, with_table, without_table, rounds=8, warmup_rounds=2)
    assert comparison.ratio <= TARGET_RATIO, comparison.describe()
    assert table.tray.die_items(), "the table window followed the rolls"
