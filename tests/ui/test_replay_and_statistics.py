"""History ▸ Replay throws a recorded roll's faces again from its seed; View ▸ Dice statistics
counts the faces per die size, typed and rolled apart, per character, with a chi-square test.
"""

import pytest
from PySide6.QtCore import Qt

from shadowdice.core.dice import RandomDiceSource
from shadowdice.ui.dice_statistics import DiceStatisticsDialog
from tests.ui.test_table_window import runner
from tests.ui.window_helpers import choose, offered

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def dice():
    return RandomDiceSource(seed=3)


def roll_and_finish(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: offered(window, "edge_extra_dice"), timeout=3000)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    return window.history_model.records()[0]


def test_replay_throws_the_same_faces_again_from_the_seed(qtbot, window):
    runner(window, "Kira")
    first = roll_and_finish(qtbot, window)
    second = roll_and_finish(qtbot, window)
    assert (second.seed, second.position) == (3, len(first.throws[0].dice))

    window.history.setCurrentIndex(window.history.model().index(0, 0))
    window.game_table.replay_action.trigger()
    tray = window.roll_panel.tray
    assert [item.die.faces for item in tray.die_items()] == [d.faces for d in second.throws[0].dice]
    assert window.roll_panel.detail.text() == "All 6 digital faces come again from seed 3."
    assert window.roll_panel.headline.text() == f"Replay: {second.outcome.headline}"


def test_dice_statistics_count_faces_typed_and_rolled_apart_per_character(qtbot, window):
    kira = runner(window, "Kira")
    for _ in range(3):
        roll_and_finish(qtbot, window)
    runner(window, "Ash")
    window.game_table.real_dice_action.trigger()
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.keyClicks(window.roll_panel.entry, "666111")
    qtbot.keyClick(window.roll_panel.entry, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: offered(window, "edge_extra_dice"), timeout=3000)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert kira.title == "Kira"

    window.game_table.statistics_action.trigger()
    dialog = window.findChild(DiceStatisticsDialog)
    assert dialog is not None and dialog.isVisible()
    everything = dialog.counts()[6]
    assert everything.total == 18 + 6
    choose(dialog.origin, "typed")
    typed = dialog.counts()[6]
    assert typed.counts == (3, 0, 0, 0, 0, 3)
    assert dialog.model.rowCount() == 6 and dialog.model.item(5, 1).text() == "3"
    assert "6 faces of d6" in dialog.summary.text() and "too few faces" in dialog.summary.text()
    assert "6: 3" in dialog.chart.accessibleDescription()
    choose(dialog.origin, "all")
    choose(dialog.character, "Kira")
    assert dialog.counts()[6].total == 18
    choose(dialog.origin, "typed")
    assert dialog.counts() == {}
    assert dialog.summary.text() == "No dice were thrown in these rolls."
    dialog.close()
