"""No error only on stderr: an unexpected exception anywhere in the UI is shown to the player.

:class:`CrashReporter` takes the place of :func:`sys.excepthook` (which Qt's Python bindings
call for an exception in a slot or an event handler). For each unexpected exception it writes
the open characters' unsaved changes to their recovery files, logs the report, and shows a
:class:`CrashDialog`: what happened in a sentence, the report to copy for a bug report, and
the choice to keep working or to quit. Quitting keeps the recovery files, so the next start
offers the characters back.
"""

from __future__ import annotations

import logging
import platform
import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QObject
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

from shadowdice import __version__
from shadowdice.core.language import translations
from shadowdice.ui.language import put

_, _n = translations(__name__)

_log = logging.getLogger(__name__)

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def crash_report(error: BaseException) -> str:
    """The report to copy: versions, platform and the traceback."""
    lines = [
        f"Shadowdice {__version__}",
        f"Python {platform.python_version()}, PySide6 {pyside_version}",
        f"{platform.platform()}",
        "",
        *traceback.format_exception(type(error), error, error.__traceback__),
    ]
    return "\n".join(line.rstrip("\n") for line in lines)


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


class CrashReporter(QObject):
    """Shows unexpected exceptions to the player instead of leaving them on stderr.

    ``save_recovery`` writes the recovery files at once; ``quit_app`` ends the app keeping
    them. While a report is shown, a further exception is logged only.

    Attributes:
        dialog: the dialog shown last, or None.
    """

    def __init__(
        self,
        parent: QWidget,
        *,
        save_recovery: Callable[[], None],
        quit_app: Callable[[], None],
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self._save_recovery = save_recovery
        self._quit_app = quit_app
        self._previous: ExceptHook | None = None
        self.dialog: CrashDialog | None = None

    def install(self) -> None:
        """Take over :func:`sys.excepthook` until :meth:`uninstall`."""
        self._previous = sys.excepthook
        sys.excepthook = self.handle

    def uninstall(self) -> None:
        """Give :func:`sys.excepthook` back."""
        if self._previous is not None and sys.excepthook == self.handle:
            sys.excepthook = self._previous
        self._previous = None

    def handle(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        """Report one unexpected exception (the signature of :func:`sys.excepthook`)."""
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, trace)
            return
        error = error.with_traceback(trace)
        report = crash_report(error)
        _log.error("Unexpected error\n%s", report)
        try:
            self._save_recovery()
        except Exception:
            _log.exception("Cannot write the recovery files after an error")
        if self.dialog is not None and self.dialog.isVisible():
            return  # one report at a time; this one is in the log
        summary = f"{kind.__name__}: {error}" if str(error) else kind.__name__
        self.dialog = CrashDialog(report, summary.replace("<", "&lt;"), self._parent)
        self.dialog.finished.connect(self._on_dialog_finished)
        self.dialog.open()

    def _on_dialog_finished(self, _result: int) -> None:
        if self.dialog is not None and self.dialog.quit_requested:
            self._quit_app()
