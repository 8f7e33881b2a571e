"""The dialog before a character sheet goes on paper: which paper, and whether the values are
printed or left empty for a pencil; then Preview, Print or Export PDF.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.ui.language import put
from shadowdice.ui.sheet_print import Paper

_, _n = translations(__name__)


class PrintDialog(QDialog):
    """Paper and pencil for one character's sheet, then Print or Export PDF.

    Signals:
        print_requested(str, bool): print on this paper (a Paper's value), pencil or not.
        pdf_requested(str, bool): write a PDF of this paper, pencil or not.
        preview_requested(str, bool): show the pages as they would print.

    Attributes:
        paper: the paper chooser.
        pencil: the check box for empty value boxes.
        preview_button, print_button, pdf_button: the ways on.
    """

    print_requested = Signal(str, bool)
    pdf_requested = Signal(str, bool)
    preview_requested = Signal(str, bool)

    def __init__(
        self, title: str, paper: Paper, *, pdf: bool, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        put(self.setWindowTitle, _("Export PDF") if pdf else _("Print"))
        self.paper = QComboBox()
        self.paper.setObjectName("paper")
        for choice in Paper:
            self.paper.addItem(_(choice.value), choice.value)
        self.paper.setCurrentIndex(self.paper.findData(paper.value))
        self.pencil = QCheckBox(_("Pencil: leave the values empty"))
        self.pencil.setObjectName("pencil")
        put(
            self.pencil.setToolTip,
            _(
                "Print the labels, the tables and the names of their rows, with "
                "empty boxes to fill in by hand at the table"
            ),
        )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.preview_button = QPushButton(_("Preview…"))
        self.preview_button.setObjectName("preview_button")
        put(self.preview_button.setToolTip, _("See the pages as they will print"))
        self.print_button = QPushButton(_("Print…"))
        self.print_button.setObjectName("print_button")
        self.pdf_button = QPushButton(_("Export PDF…"))
        self.pdf_button.setObjectName("pdf_button")
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.pdf_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self._default = self.pdf_button if pdf else self.print_button

        form = QFormLayout()
        form.addRow(_("Paper:"), self.paper)
        form.addRow("", self.pencil)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{escape(title)}</b>"))  # a name may hold "<" or "&"
        layout.addLayout(form)
        row = QHBoxLayout()  # Preview first, apart from the ways out
        row.addWidget(self.preview_button)
        row.addStretch(1)
        row.addWidget(buttons)
        layout.addLayout(row)
        self._buttons = buttons
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.print_button.clicked.connect(lambda: self._on_chosen(self.print_requested))
        self.pdf_button.clicked.connect(lambda: self._on_chosen(self.pdf_requested))
        self.preview_button.clicked.connect(lambda: self._on_chosen(self.preview_requested))
        self._buttons.rejected.connect(self.reject)

    def chosen_paper(self) -> Paper:
        """The paper chosen."""
        return Paper(self.paper.currentData())

    def showEvent(self, event) -> None:
        """Enter takes the way the dialog was asked for: Print, or Export PDF."""
        super().showEvent(event)
        self._default.setDefault(True)
        self._default.setFocus()

    def _on_chosen(self, signal) -> None:
        self.accept()
        signal.emit(self.chosen_paper().value, self.pencil.isChecked())
