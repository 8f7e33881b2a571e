"""Every text the window and its dialogs show goes through the catalogs: in the pseudo-language
(each translated text accented and lengthened with "~~~~"), no visible text is left in plain
English but what the players or the samples typed, the names of the games, the languages'
own names, key names and the libraries' names and licenses.
"""

import json
import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabWidget,
    QWidget,
)

from shadowdice.licenses import BUNDLE_ONLY, COMPONENTS
from shadowdice.systems import builtin_registry
from shadowdice.ui.language import switch
from tests.ui.window_helpers import SETTLE_MS, headline

#: Words that are the same in every language: the games' and languages' own names, keys.
SAME_IN_EVERY_LANGUAGE = {
    "Shadowrun",
    "Phase",
    "Six",
    "Star",
    "Wars",
    "Heldenhandbuch",
    "Deutsch",
    "English",
    "Shadowdice",
    "Ctrl",
    "Shift",
    "Alt",
    "Esc",
    "Return",
    "PgUp",
    "PgDown",
    "Backspace",
    "Redo",
}
WORD = re.compile(r"[A-Za-z]{3,}")


def typed_words() -> set[str]:
    """Every word the sample characters and templates hold: typed by people, shown as typed."""
    registry = builtin_registry()
    words: set[str] = set()
    for system in registry:
        sheets = [system.sample_character(), *system.sample_templates()]
        for sheet in filter(None, sheets):
            words |= set(WORD.findall(json.dumps(sheet.model_dump(), ensure_ascii=False)))
    for component in (*COMPONENTS, *BUNDLE_ONLY):
        words |= set(WORD.findall(f"{component.name} {component.license} {component.source}"))
    return words


def texts_of(widget: QWidget) -> Iterator[str]:
    """What a person reads on ``widget``: its text, title, tooltip, entries and cells."""
    if widget.isWindow():
        yield widget.windowTitle()
    yield widget.toolTip()
    if isinstance(widget, QLabel | QAbstractButton):
        yield widget.text()
    if isinstance(widget, QGroupBox):
        yield widget.title()
    if isinstance(widget, QLineEdit):
        yield widget.placeholderText()
    if isinstance(widget, QTabWidget):
        yield from (widget.tabText(index) for index in range(widget.count()))
    if isinstance(widget, QComboBox):
        yield from (widget.itemText(index) for index in range(widget.count()))
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model, root = widget.model(), QModelIndex()
        try:
            columns = model.columnCount(root)
        except TypeError:  # a list's model keeps its one column to itself
            columns = 1
        for column in range(columns):
            yield str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            for row in range(min(model.rowCount(root), 60)):
                yield str(model.data(model.index(row, column)) or "")
    for action in widget.actions():
        yield action.text()
        yield action.toolTip()
        if action.menu() is not None:
            yield from (entry.text() for entry in action.menu().actions())


def qt_standard_button(widget: QWidget) -> bool:
    """Whether ``widget`` is one of Qt's standard buttons, which Qt's own catalog translates."""
    box = widget.parentWidget()
    return isinstance(box, QDialogButtonBox) and box.standardButton(widget) != (
        QDialogButtonBox.StandardButton.NoButton
    )


def untranslated(top: QWidget, allowed: set[str]) -> set[str]:
    """The visible lines on ``top`` with English words the catalogs did not render."""
    found = set()
    for widget in [top, *top.findChildren(QWidget)]:
        if not widget.isVisible() or qt_standard_button(widget):
            continue
        for text in texts_of(widget):
            for line in re.sub(r"<[^>]+>", " ", text or "").splitlines():
                if "~" in line:  # rendered by a catalog (the pseudo-language's padding)
                    continue
                if set(WORD.findall(line)) - allowed:
                    found.add(line.strip())
    return found


def other_windows(window, left_open: list[QWidget]) -> list[QWidget]:
    """The windows shown beside ``window`` but those ``left_open`` before it was tested: what
    earlier tests left on screen is not this window's to translate.
    """
    return [
        top
        for top in QApplication.topLevelWidgets()
        if top.isVisible() and top is not window and top not in left_open
    ]


@pytest.fixture
def pseudo():
    switch("pseudo")
    yield
    switch("en")


def test_the_window_and_its_dialogs_show_no_text_past_the_catalogs(qtbot, window, dice, pseudo):
    allowed = SAME_IN_EVERY_LANGUAGE | typed_words()
    left_open = [
        top for top in QApplication.topLevelWidgets() if top is not window and top.isVisible()
    ]
    found: dict[str, set[str]] = {}
    for system in builtin_registry():
        window.open_sample(system.id)
        found[f"{system.id} play"] = untranslated(window, allowed)
        dice.extend([4] * 200)
        window.check_panel.request_roll()
        qtbot.waitUntil(lambda: "~" in headline(window), timeout=SETTLE_MS)
        found[f"{system.id} rolled"] = untranslated(window, allowed)
        window.toggle_play_edit()
        found[f"{system.id} edit"] = untranslated(window, allowed)
        window.toggle_play_edit()
        if system.has_group_checks:
            window.open_group_roll()
            found[f"{system.id} group roll"] = set().union(
                *(untranslated(top, allowed) for top in other_windows(window, left_open))
            )
            for top in other_windows(window, left_open):
                top.close()
    window.open_sample("starwars_d6")
    openers = {
        "settings": window.open_settings,
        "keys": window.show_keys,
        "about": window.show_about,
        "table window": window.game_table.open_table_window,
        "statistics": window.game_table.open_statistics,
        "print": window.open_print_dialog,
        "templates": window.open_templates,
    }
    for name, opener in openers.items():
        opener()
        found[name] = set().union(
            *(untranslated(top, allowed) for top in other_windows(window, left_open))
        )
        for top in other_windows(window, left_open):
            top.close()

    assert {where: lines for where, lines in found.items() if lines} == {}
