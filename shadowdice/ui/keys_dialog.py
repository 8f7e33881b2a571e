"""Help ▸ Keys (F1): every key that does something, read from the window's own actions and
shortcuts, so that the list never promises a key that does not exist.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.ui.language import put

_, _n = translations(__name__)


def key_list(window: QWidget) -> list[tuple[str, str]]:
    """(keys, what they do) for every action and shortcut of ``window`` and its children
    that has a key, in menu words without the ampersands, sorted by what they do.
    """
    rows: dict[str, str] = {}
    for action in window.findChildren(QAction):
        keys = ", ".join(
            key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
        )
        text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if keys and text:
            rows.setdefault(keys, text.removesuffix("…"))
    for shortcut in window.findChildren(QShortcut):
        keys = shortcut.key().toString(QKeySequence.SequenceFormat.NativeText)
        what = shortcut.whatsThis()
        if keys and what:
            rows.setdefault(keys, what)
    return sorted(rows.items(), key=lambda row: (row[1].casefold(), row[0]))


class KeysDialog(QDialog):
    """The list of keys, in a table to read or search by eye."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        put(self.setWindowTitle, _("Keys"))
        self.setObjectName("keys_dialog")
        rows = key_list(window)
        self.table = QTableWidget(len(rows), 2)
        self.table.setObjectName("keys_table")
        put(self.table.setAccessibleName, _("Keys"))
        self.table.setHorizontalHeaderLabels([_("Keys"), _("What they do")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, (keys, what) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(keys))
            self.table.setItem(row, 1, QTableWidgetItem(what))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(520, 560)
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)

    def rows(self) -> list[tuple[str, str]]:
        """The rows as shown."""
        return [
            (self.table.item(row, 0).text(), self.table.item(row, 1).text())
            for row in range(self.table.rowCount())
        ]
