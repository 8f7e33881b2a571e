"""Numbers in the window as the language shown writes them: a legendary item's price reads
"4,000" in English and "4.000" in German, a chance of success "50%" and "50 %".
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from shadowdice.ui import language as ui_language
from tests.ui.test_main_window_heldenhandbuch import new_hero
from tests.ui.window_helpers import SETTLE_MS, choose, headline


def type_into(qtbot, spin: QSpinBox, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    assert spin.value() == value


def test_a_legendary_items_price_reads_with_the_languages_thousands(qtbot, window):
    # Given a hero and the item quality table: quality 20, three bonus effects, simple price 40
    new_hero(qtbot, window, 5)
    panel = window.check_panel
    choose(panel.widget("check"), "item_quality")
    type_into(qtbot, panel.widget("item_quality_quality"), 20)
    type_into(qtbot, panel.widget("item_quality_bonus_effects"), 3)
    type_into(qtbot, panel.widget("item_quality_simple_price"), 40)

    # When it is looked up in English
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "at least 4,000" in headline(window), timeout=SETTLE_MS)

    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    # Then switching to German writes the price the German way, in the tray and the history
    ui_language.switch("de")
    assert "mindestens 4.000." in headline(window)
    assert "4,000" not in headline(window)
    assert "mindestens 4.000." in window.history_model.index(0).data()

    # And a price with cents takes the decimal comma (good quality: x1.5 of 41)
    type_into(qtbot, panel.widget("item_quality_quality"), 12)
    type_into(qtbot, panel.widget("item_quality_bonus_effects"), 0)
    type_into(qtbot, panel.widget("item_quality_simple_price"), 41)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "x1,5: 61,50." in headline(window), timeout=SETTLE_MS)

    # And back in English, the same roll reads the English way again
    ui_language.switch("en")
    assert "x1.5: 61.50." in headline(window)


def test_the_chance_of_success_reads_as_a_german_percentage(qtbot, window):
    # Given a hero whose Strength check's chance the check panel shows in English
    new_hero(qtbot, window, 9)
    panel = window.check_panel
    choose(panel.widget("what"), "attribute:Strength")
    english = panel.preview.text()
    chance = english.split("<b>")[-1].split("</b>")[0]
    assert chance.endswith("%") and " " not in chance and "\u00a0" not in chance

    # When the window switches to German
    ui_language.switch("de")

    # Then the same chance is written with a space (that never breaks) before the sign
    german = panel.preview.text()
    assert f"<b>{chance[:-1]}\u00a0%</b>" in german
