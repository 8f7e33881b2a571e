"""Texts given to widgets through ``put`` follow a change of language; typed names do not."""

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

from shadowdice.core.language import Text, translations
from shadowdice.ui import language as ui_language
from shadowdice.ui.language import put, shown


@pytest.fixture
def german(demo_catalog):
    demo_catalog({"Roll": "Würfeln", "Throw the dice": "Die Würfel werfen"})


def test_put_texts_change_with_the_language_and_the_last_one_wins(qtbot, german):
    _, _n = translations("shadowdice.systems.demo.ui")
    button = QPushButton()
    qtbot.addWidget(button)
    put(button.setText, _("Throw the dice"))
    put(button.setText, _("Roll"))
    put(button.setToolTip, _("Throw the dice"))
    name = QLabel()
    qtbot.addWidget(name)
    put(name.setText, Text.literal("Roll"))
    heard = []
    ui_language.events.changed.connect(heard.append)
    ui_language.switch("de")
    assert (button.text(), button.toolTip(), name.text()) == (
        "Würfeln",
        "Die Würfel werfen",
        "Roll",
    )
    assert heard == ["de"]
    ui_language.switch("en")
    assert (button.text(), button.toolTip()) == ("Roll", "Throw the dice")


def test_a_plain_text_put_later_is_never_replaced_by_an_older_one(qtbot, german):
    _, _n = translations("shadowdice.systems.demo.ui")
    label = QLabel()
    qtbot.addWidget(label)
    put(label.setText, _("Roll"))
    put(label.setText, "Kira")
    ui_language.switch("de")
    assert label.text() == "Kira"


def test_a_deleted_widget_does_not_stop_the_switch(qtbot, german):
    _, _n = translations("shadowdice.systems.demo.ui")
    gone = QLabel()
    put(gone.setText, _("Roll"))
    gone.deleteLater()
    qtbot.wait(1)
    kept = QLabel()
    qtbot.addWidget(kept)
    put(kept.setText, _("Roll"))
    ui_language.switch("de")
    assert kept.text() == "Würfeln"


def test_shown_renders_a_text_anew_and_leaves_other_strings(german):
    _, _n = translations("shadowdice.systems.demo.ui")
    made_in_english = _("Roll")
    ui_language.switch("de")
    assert (shown(made_in_english), shown("Kira")) == ("Würfeln", "Kira")
