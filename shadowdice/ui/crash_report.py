"""No error only on stderr: an unexpected exception anywhere in the UI is shown to the player.

:class:`CrashReporter` takes the place of :func:`sys.excepthook` (which Qt's Python bindings
call for an exception in a slot or an event handler). For each unexpected exception it writes
the open characters' unsaved changes to their recovery files, logs the report, and shows a
:class:`CrashDialog`: what happened in a sentence, the report to copy for a bug report, and
the choice to keep working or to quit. Quitting keeps the recovery files, so the next start
offers the characters back. The dialog (:mod:`.crash_dialog`) is imported once the window is
painted, not before: a start shows the window first.
"""

from __future__ import annotations

import logging
import platform
import sys
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from shadowdice import __version__
from shadowdice.ui.first_paint import import_after_first_paint

if TYPE_CHECKING:
    from shadowdice.ui.crash_dialog import CrashDialog

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
        import_after_first_paint(parent, ["shadowdice.ui.crash_dialog"])

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
        from shadowdice.ui.crash_dialog import CrashDialog

        summary = f"{kind.__name__}: {error}" if str(error) else kind.__name__
        self.dialog = CrashDialog(report, summary.replace("<", "&lt;"), self._parent)
        self.dialog.finished.connect(self._on_dialog_finished)
        self.dialog.open()

    def _on_dialog_finished(self, _result: int) -> None:
        if self.dialog is not None and self.dialog.quit_requested:
            self._quit_app()
