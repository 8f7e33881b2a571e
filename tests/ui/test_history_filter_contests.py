"""A roll of several characters belongs to each of them: the history's filter shows a contest
under every fighter (and lists each fighter once), Reveal and exports under that filter take
exactly the row chosen, and the dice statistics credit a Star Wars dodge to the defender.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from shadowdice.core.record_text import record_text
from shadowdice.ui.dice_statistics import DiceStatisticsDialog
from shadowdice.ui.play.group_roll_dialog import GroupRollDialog
from shadowdice.ui.play.history import RECORD_ROLE
from tests.ui.test_main_window_contests import new_fighter
from tests.ui.test_reveal_choice import choose_only, shown_rows
from tests.ui.test_secret_starwars_dodge import attack
from tests.ui.window_helpers import SETTLE_MS, choose, headline, star_wars_duel

CTRL = Qt.KeyboardModifier.ControlModifier


def combat(qtbot, window, dice, *, secret):
    """Alrik and Brun throw once in a combat phase, filed at once."""
    window.check_panel.secret_box.setChecked(secret)
    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    dialog = window.findChild(GroupRollDialog)
    assert dialog.form.widget("contest").currentData() == "combat"
    dice.extend([12, 12, 12, 5, 15, 14, 9, 6])
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: headline(window).endswith("Throw 1: everyone looks"), timeout=SETTLE_MS)
    window.prompts.yes_no_answers.append(True)  # Done asks before the initiative: end here
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)


def own_roll(qtbot, window, dice, document):
    """The character of ``document`` rolls a check alone."""
    window.check_panel.secret_box.setChecked(True)
    window.tabs.setCurrentIndex(window.documents().index(document))
    dice.extend([7] * 20)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(window.roll_panel.done_button.isEnabled, timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)


def test_the_history_filter_shows_a_combat_under_each_fighter(
    qtbot, window, dice, prompts, tmp_path
):
    # Given a combat phase of Alrik and Brun (secret), then Alrik alone, then Brun alone
    alrik = new_fighter(qtbot, window, "Alrik")
    brun = new_fighter(qtbot, window, "Brun")
    combat(qtbot, window, dice, secret=True)
    own_roll(qtbot, window, dice, alrik)
    own_roll(qtbot, window, dice, brun)
    brun_alone, alrik_alone, contest = window.history_model.records()
    assert contest.character == "Alrik, Brun" and contest.secret

    # Then the filter lists each fighter once, and never the two as one name
    chooser = window.history_filter
    names = [chooser.itemData(i) for i in range(chooser.count())]
    assert sorted(names) == ["", "Alrik", "Brun"]

    # And filtered to each fighter, the combat is shown with that fighter's own roll
    shown = {}
    for name in ("Alrik", "Brun", ""):
        chooser.setCurrentIndex(chooser.findData(name))
        rows = shown_rows(window)
        shown[name] = [row.data(RECORD_ROLE) for row in rows]
        # Reveal and copy take exactly the row chosen
        for row in rows:
            choose_only(window, row)
            record = row.data(RECORD_ROLE)
            assert window.game_table.chosen_record() is record
            assert window.game_table.reveal_action.isEnabled() == record.secret
            qtbot.keyClick(window.history, Qt.Key.Key_C, CTRL)
            assert QGuiApplication.clipboard().text() == record_text(record)
    assert shown["Alrik"] == [alrik_alone, contest]
    assert shown["Brun"] == [brun_alone, contest]
    assert shown[""] == [brun_alone, alrik_alone, contest]

    # When, filtered to Brun, the combat is chosen and revealed
    chooser.setCurrentIndex(chooser.findData("Brun"))
    table = window.game_table.open_table_window()
    choose_only(window, shown_rows(window)[1])
    window.game_table.reveal_action.trigger()
    # Then that combat is revealed, no one's own roll
    assert [r.revealed for r in window.history_model.records()] == [False, False, True]
    assert table.headline.text() == f"Revealed: {contest.outcome.headline}"

    # And an export under the filter still holds the whole session
    prompts.choice_answers.append(0)
    prompts.export_answers.append(tmp_path / "evening.csv")
    window.export_rolls()
    lines = (tmp_path / "evening.csv").read_text(encoding="utf-8").splitlines()[1:]
    assert len(lines) == 3


def test_statistics_credit_a_dodge_to_the_defender(qtbot, window, dice):
    # Given Han shooting at Bossk, who dodges: every die shows 3
    han, bossk = star_wars_duel(window)
    session = attack(qtbot, window, dice, 3, secret=False)
    han_dice = [d for d in session.dice if d.group != "opponent"]
    bossk_dice = [d for d in session.dice if d.group == "opponent"]
    assert han_dice and bossk_dice

    # Then the statistics list both, and credit each his own dice
    window.game_table.statistics_action.trigger()
    dialog = window.findChild(DiceStatisticsDialog)
    names = [dialog.character.itemData(i) for i in range(dialog.character.count())]
    assert "Han" in names and "Bossk" in names
    choose(dialog.character, "Bossk")
    assert dialog.counts()[6].total == sum(len(d.faces) for d in bossk_dice)
    choose(dialog.character, "Han")
    assert dialog.counts()[6].total == sum(len(d.faces) for d in han_dice)
    dialog.close()

    # And the history shows the attack under Bossk too
    record = window.history_model.records()[0]
    assert record.characters() == ("Han", "Bossk")
    chooser = window.history_filter
    chooser.setCurrentIndex(chooser.findData("Bossk"))
    assert [row.data(RECORD_ROLE) for row in shown_rows(window)] == [record]
    assert han.sheet.name == "Han" and bossk.sheet.name == "Bossk"
