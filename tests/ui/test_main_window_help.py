"""Help ▸ About from the real main window."""

from PySide6.QtWidgets import QLabel

import shadowdice
from shadowdice.ui.about_dialog import AboutDialog


def test_help_about_shows_the_version_and_the_licenses(qtbot, window):
    # Given the main window, when the player picks Help ▸ About
    help_menu = next(
        action.menu() for action in window.menuBar().actions() if action.text() == "&Help"
    )
    about = next(action for action in help_menu.actions() if "About" in action.text())
    about.trigger()

    # Then the About dialog shows the app's version and lists Qt with its license
    dialog = window.findChild(AboutDialog)
    assert dialog is not None and dialog.isVisible()
    texts = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert shadowdice.__version__ in texts
    rows = [dialog.components.item(i).text() for i in range(dialog.components.count())]
    assert any("Qt" in row and "LGPL" in row for row in rows)
