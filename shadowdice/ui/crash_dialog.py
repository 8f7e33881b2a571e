"""The dialog shown after an unexpected error: what happened in a sentence, the report to copy
for a bug report, and the choice to keep working or to quit (see :mod:`.crash_report`).
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.ui.language import put

_, _n = translations(__name__)


class CrashDialog(QDialog):
    """Says that something went wrong, shows the report to copy, and offers to quit.

    Attributes:
        report: the text of the report.
        quit_requested: whether the player chose to quit.
    """

    def __init__(self, report: str, summary: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("crash_dialog")
        put(self.setWindowTitle, _("Something went wrong"))
        self.report = report
        self.quit_requested = False
        message = QLabel(
            _(
                "<p><b>Shadowdice ran into an error it did not expect:</b> "
                "{summary}</p><p>Your unsaved characters were written to recovery "
                "files. You can keep working; if something looks wrong, save your "
                "characters and start Shadowdice again. Quitting now offers them "
                "back at the next start.</p><p>Please copy the report below into a "
                "bug report.</p>",
                summary=summary,
            )
        )
        message.setWordWrap(True)
        message.setTextFormat(message.textFormat().RichText)
        self.text = QPlainTextEdit(report)
        self.text.setObjectName("crash_report")
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)

        buttons = QDialogButtonBox()
        self.copy_button = QPushButton(_("&Copy report"))
        self.copy_button.setObjectName("copy_report")
        self.keep_button = QPushButton(_("&Keep working"))
        self.keep_button.setObjectName("keep_working")
        self.quit_button = QPushButton(_("&Quit Shadowdice"))
        self.quit_button.setObjectName("quit_after_error")
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.keep_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.quit_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.keep_button.setDefault(True)

        layout = QVBoxLayout(self)
        layout.addWidget(message)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(640, 420)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self.copy_button.clicked.connect(self.copy_report)
        self.keep_button.clicked.connect(self.accept)
        self.quit_button.clicked.connect(self._on_quit_clicked)

    def copy_report(self) -> None:
        """Put the report on the clipboard."""
        QGuiApplication.clipboard().setText(self.report)
        put(self.copy_button.setText, _("Copied"))

    def _on_quit_clicked(self) -> None:
        self.quit_requested = True
        self.accept()
