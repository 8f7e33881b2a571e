"""History ▸ Replay throws a recorded roll's faces again from its seed; View ▸ Dice statistics
counts the faces per die size, typed and rolled apart, per character, with a chi-square test.
"""

import pytest
from PySide6.QtCore import Qt

from shadowdice.core.dice import RandomDiceSource
from shadowdice.ui.dice_statistics import DiceStatisticsDialog
from tests.ui.test_table_window import runner
from tests.ui.window_helpers import SETTLE_MS, choose, offered

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def dice():
    return RandomDiceSource(seed=3)


def roll_and_finish(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: offered(window, "edge_extra_dice"), timeout=SETTLE_MS)
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
    qtbot.waitUntil(lambda: offered(window, "edge_extra_dice"), timeout=SETTLE_MS)
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


def test_replaying_an_older_roll_keeps_its_own_headline_when_the_dice_land(qtbot, window):
    runner(window, "Kira")
    older = roll_and_finish(qtbot, window)
    newer = roll_and_finish(qtbot, window)
    assert older.outcome.headline != newer.outcome.headline or older.throws != newer.throws

    window.history.setCurrentIndex(window.history.model().index(1, 0))  # the older roll
    window.game_table.replay_action.trigger()
    tray = window.roll_panel.tray
    qtbot.waitUntil(lambda: not tray.is_animating(), timeout=SETTLE_MS)
    qtbot.wait(50)  # anything the landing dice set off has run

    assert window.roll_panel.headline.text() == f"Replay: {older.outcome.headline}"
    assert [item.die.faces for item in tray.die_items()] == [d.faces for d in older.throws[0].dice]
    assert window.roll_panel.action_buttons() == [], "no roll is open to follow up"


def test_replay_counts_no_die_laid_from_before_as_thrown():
    from datetime import UTC, datetime

    from shadowdice.core.dice import faces_at
    from shadowdice.core.record import DieRecord, OutcomeRecord, RollRecord, ThrowRecord
    from shadowdice.core.replay import replay

    thrown = faces_at(9, 0, [20] * 3)
    fresh = tuple(DieRecord(sides=20, faces=(face,)) for face in thrown)
    record = RollRecord(
        system="heldenhandbuch",
        character="Alrik, Brun",
        check="Combat",
        time=datetime.now(UTC),
        seed=9,
        position=0,
        throws=(
            ThrowRecord(label="Saved", dice=(DieRecord(sides=20, faces=(17,), carried=True),)),
            ThrowRecord(label="Throw 1", dice=fresh),
        ),
        outcome=OutcomeRecord(headline="h", tone="neutral"),
    )
    again = replay(record)
    assert again.matches and again.digital == 3 and again.typed == 0
    assert again.faces == (17, *thrown)


def test_statistics_credit_each_fighter_and_cover_every_logged_session(
    qtbot, make_window, app_paths
):
    from datetime import UTC, datetime, timedelta

    from shadowdice.core.record import DieRecord, OutcomeRecord, RollRecord, ThrowRecord
    from shadowdice.storage.roll_log import RollLog

    # Given five earlier sessions, each with one contest of Alrik and Brun
    for day in range(5):
        started = datetime(2026, 11, 1 + day, 19, tzinfo=UTC)
        dice = (DieRecord(sides=20, faces=(20,), group="Alrik"),)
        dice += (DieRecord(sides=20, faces=(1,), group="Brun"),) * 2
        RollLog(app_paths.log_dir, started=started).append(
            RollRecord(
                system="heldenhandbuch",
                character="Alrik, Brun",
                check="Combat",
                time=started + timedelta(minutes=5),
                throws=(ThrowRecord(label="Throw 1", dice=dice),),
                outcome=OutcomeRecord(headline="h", tone="neutral"),
            )
        )
    window = make_window()
    window.show_earlier_sessions()  # the history shows three of them

    window.game_table.statistics_action.trigger()
    dialog = window.findChild(DiceStatisticsDialog)
    choose(dialog.scope, "logged")

    # Then every logged session counts, and each fighter's dice are their own
    assert dialog.counts()[20].total == 15
    names = [dialog.character.itemData(i) for i in range(dialog.character.count())]
    assert "Alrik" in names and "Brun" in names and "Alrik, Brun" not in names
    choose(dialog.character, "Brun")
    assert dialog.counts()[20].counts[0] == 10 and dialog.counts()[20].total == 10
    dialog.close()


def test_dice_statistics_write_their_numbers_as_the_language_shown_does(qtbot, window):
    import re

    from shadowdice.ui import language as ui_language

    # Given three rolls of 6d6 in the history: 18 faces, 3 expected of each
    runner(window, "Kira")
    for _ in range(3):
        roll_and_finish(qtbot, window)
    window.game_table.statistics_action.trigger()
    dialog = window.findChild(DiceStatisticsDialog)
    # Then in English the expected count and the test read with decimal points
    assert dialog.model.item(0, 2).text() == "3.0"
    assert re.search(r"chi-square \d+\.\d\d, p = [01]\.\d\d\d", dialog.summary.text())
    dialog.close()

    # And in German with decimal commas
    ui_language.switch("de")
    window.game_table.statistics_action.trigger()
    dialog = next(d for d in window.findChildren(DiceStatisticsDialog) if d.isVisible())
    assert dialog.model.item(0, 2).text() == "3,0"
    assert re.search(r"Chi-Quadrat \d+,\d\d, p = [01],\d\d\d", dialog.summary.text())
    dialog.close()
