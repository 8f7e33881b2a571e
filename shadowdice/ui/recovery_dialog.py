"""The offer after a run that did not end normally: each character it left unsaved, to restore
or discard (see :mod:`.recovery`). Imported only when there is something to offer.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.storage.recovery import RecoveredCharacter
from shadowdice.ui.language import put

_, _n = translations(__name__)


class RecoveryDialog(QDialog):
    """Offers the characters left by a run that ended abnormally: restore or discard each.

    Signals:
        restore_requested(object): restore this RecoveredCharacter.
        discard_requested(object): discard this RecoveredCharacter.
    """

    restore_requested = Signal(object)
    discard_requested = Signal(object)

    def __init__(self, recovered: list[RecoveredCharacter], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recovery_dialog")
        put(self.setWindowTitle, _("Recover unsaved characters"))
        intro = QLabel(
            _(
                "Shadowdice did not end normally last time. These characters had "
                "changes that were not saved. Restore them to go on where you "
                "were, or discard the changes. Restoring opens a character as "
                "changed; its file stays as it is until you save."
            )
        )
        intro.setWordWrap(True)
        self.list = QTreeWidget()
        self.list.setObjectName("recovered_characters")
        self.list.setHeaderLabels([_("Character"), _("Changed"), _("File")])
        self.list.setRootIsDecorated(False)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        for entry in recovered:
            when = entry.saved_at.astimezone().strftime("%d.%m.%Y %H:%M")
            file = str(entry.file) if entry.file else _("never saved")
            item = QTreeWidgetItem([entry.title, when, file])
            item.setData(0, Qt.ItemDataRole.UserRole, entry)
            item.setToolTip(2, file)
            self.list.addTopLevelItem(item)
        for column in range(2):
            self.list.resizeColumnToContents(column)
        self.list.selectAll()

        buttons = QDialogButtonBox()
        self.restore_button = QPushButton(_("&Restore"))
        self.restore_button.setObjectName("restore")
        put(
            self.restore_button.setToolTip,
            _("Open the chosen characters with their unsaved changes"),
        )
        self.discard_button = QPushButton(_("&Discard"))
        self.discard_button.setObjectName("discard")
        put(self.discard_button.setToolTip, _("Throw the chosen characters' unsaved changes away"))
        self.later_button = QPushButton(_("Decide &later"))
        put(self.later_button.setToolTip, _("Keep them; Shadowdice asks again at the next start"))
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.setDefault(True)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.resize(720, 320)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.restore_button.clicked.connect(lambda: self._take(self.restore_requested))
        self.discard_button.clicked.connect(lambda: self._take(self.discard_requested))
        self.later_button.clicked.connect(self.reject)
        self.list.itemSelectionChanged.connect(self._update_buttons)

    def entries(self) -> list[RecoveredCharacter]:
        """The characters still offered."""
        return [
            self.list.topLevelItem(row).data(0, Qt.ItemDataRole.UserRole)
            for row in range(self.list.topLevelItemCount())
        ]

    def _take(self, signal: Signal) -> None:
        for item in self.list.selectedItems():
            signal.emit(item.data(0, Qt.ItemDataRole.UserRole))
            self.list.takeTopLevelItem(self.list.indexOfTopLevelItem(item))
        if self.list.topLevelItemCount() == 0:
            self.accept()
        else:
            self.list.setCurrentItem(self.list.topLevelItem(0))

    def _update_buttons(self) -> None:
        chosen = bool(self.list.selectedItems())
        self.restore_button.setEnabled(chosen)
        self.discard_button.setEnabled(chosen)
