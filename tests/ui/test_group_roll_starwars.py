"""A Star Wars D6 speed contest through the real main window: the group roll dialog hands
the system its typed group check values, each pilot's wish among them.
"""

from PySide6.QtCore import Qt

from shadowdice.systems.starwars.group_checks import StarWarsGroupCheck
from shadowdice.ui.play.group_roll_dialog import GroupRollDialog
from tests.ui.window_helpers import SETTLE_MS, choose, headline


def new_pilot(window, name, ship):
    choose(window.system_selector, "starwars_d6")
    document = window.new_character()
    document.sheet.name = name
    document.sheet.ship, document.sheet.sublight_speed = ship, "2D"
    return document


def test_a_speed_contest_rolls_from_the_pilots_typed_wishes(qtbot, window, dice):
    # Given two pilots with ships
    new_pilot(window, "Bulack", "Dusty Freighter")
    new_pilot(window, "Pirate", "Rust Bucket")

    # When the game master opens the group roll and chooses the speed contest from medium
    # range, Bulack closing and the pirate opening
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(GroupRollDialog)
    assert dialog is not None and dialog.isVisible()
    form = dialog.form
    for key, value in (("group", "speed"), ("range", "medium")):
        form.widget(key).setCurrentIndex(form.widget(key).findData(value))
    order = [document.sheet.name for document in dialog.members()]
    wishes = {"Bulack": "close", "Pirate": "open"}
    for index, name in enumerate(order):
        widget = form.widget(f"wish_{index}")
        widget.setCurrentIndex(widget.findData(wishes[name]))
    assert "From medium range" in dialog.preview.text()

    # And rolls: the dialog hands over the typed values
    dice.extend([6, 6] if order[0] == "Bulack" else [1, 1])
    dice.extend([1, 1] if order[0] == "Bulack" else [6, 6])
    with qtbot.waitSignal(dialog.roll_requested) as sent:
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    values = sent.args[1]
    assert isinstance(values, StarWarsGroupCheck)
    assert [values.wish(i) for i in range(2)] == [wishes[name] for name in order]

    # Then Bulack (12) closes on the pirate (2): the range is short
    qtbot.waitUntil(lambda: headline(window) == "Range is now short", timeout=SETTLE_MS)


def test_the_group_roll_opens_wide_where_the_window_is_and_narrow_where_it_is_not(qtbot, window):
    window.open_sample("starwars_d6")
    window.open_sample("starwars_d6")
    window.resize(1366, 768)
    wide = window.open_group_roll()
    assert wide.width() >= 900
    wide.close()
    window.resize(700, 600)
    narrow = window.open_group_roll()
    assert narrow.width() <= max(700, narrow.sizeHint().width())
    narrow.close()
