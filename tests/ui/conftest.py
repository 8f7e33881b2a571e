"""The real main window, with scripted dice, a temporary home and answered prompts."""

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QWidget

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.storage.paths import AppPaths
from shadowdice.storage.settings import SettingsStore
from shadowdice.systems import builtin_registry
from shadowdice.ui.main_window import MainWindow
from shadowdice.ui.prompts import SaveChoice


class AnsweredPrompts:
    """Prompts answered from queues set by the test; every question is recorded."""

    def __init__(self) -> None:
        self.open_answers: list[Path | list[Path] | None] = []
        self.save_answers: list[Path | None] = []
        self.save_changes_answers: list[SaveChoice] = []
        self.errors: list[tuple[str, str]] = []
        self.asked_save_changes: list[str] = []
        self.asked_save_all: list[list[str]] = []
        self.yes_no_answers: list[bool | None] = []
        self.asked_yes_no: list[str] = []
        self.suggested_saves: list[Path] = []
        self.pdf_answers: list[Path | None] = []
        self.suggested_pdfs: list[Path] = []
        self.printer_answers: list[Path | None] = []
        self.choice_answers: list[int | None] = []
        self.offered_choices: list[list[str]] = []
        self.export_answers: list[Path | None] = []
        self.leave_out_answers: list[bool | None] = []
        self.asked_leave_out: list[bool] = []

    def ask_save_changes(self, title: str) -> SaveChoice:
        """Answer as queued; with nothing queued (closing at teardown), discard."""
        self.asked_save_changes.append(title)
        return self.save_changes_answers.pop(0) if self.save_changes_answers else SaveChoice.DISCARD

    def ask_save_all(self, titles: list[str]) -> SaveChoice:
        """Answer as queued; with nothing queued (closing at teardown), discard."""
        self.asked_save_all.append(list(titles))
        return self.save_changes_answers.pop(0) if self.save_changes_answers else SaveChoice.DISCARD

    def ask_yes_no(self, title: str, question: str) -> bool | None:
        self.asked_yes_no.append(question)
        return self.yes_no_answers.pop(0)

    def open_paths(self, folder: Path) -> list[Path]:
        """The files queued: one path, a list of them, or None for a cancelled dialog."""
        answer = self.open_answers.pop(0)
        return [] if answer is None else answer if isinstance(answer, list) else [answer]

    def save_path(self, suggested: Path) -> Path | None:
        self.suggested_saves.append(suggested)
        return self.save_answers.pop(0)

    def pdf_path(self, suggested: Path) -> Path | None:
        self.suggested_pdfs.append(suggested)
        return self.pdf_answers.pop(0)

    def set_up_printer(self, printer) -> bool:
        """The printer as queued: a PDF file standing in for paper, or None to cancel."""
        answer = self.printer_answers.pop(0)
        if answer is None:
            return False
        printer.setOutputFormat(printer.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(answer))
        return True

    def choose_item(self, title: str, label: str, items: list[str]) -> int | None:
        self.offered_choices.append(items)
        return self.choice_answers.pop(0)

    def export_path(self, suggested: Path) -> Path | None:
        return self.export_answers.pop(0)

    def leave_out_secret(self, *, by_default: bool) -> bool | None:
        """Answer as queued; with nothing queued, as Enter would (the default)."""
        self.asked_leave_out.append(by_default)
        return self.leave_out_answers.pop(0) if self.leave_out_answers else by_default

    def error(self, title: str, message: str) -> None:
        self.errors.append((title, message))


@pytest.fixture
def dice():
    return ScriptedDiceSource([])


@pytest.fixture
def prompts():
    return AnsweredPrompts()


@pytest.fixture
def app_paths(tmp_path):
    return AppPaths.under(tmp_path)


@pytest.fixture
def make_window(qtbot, dice, prompts, app_paths):
    """Start a main window as the app does; keyword arguments override its options."""
    made: list[MainWindow] = []

    def make(**options):
        window = MainWindow(
            registry=builtin_registry(),
            paths=app_paths,
            settings=SettingsStore(app_paths.settings_file),
            prompts=prompts,
            **{"animation_ms": 120, "dice_source": dice, **options},
        )
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    for window in made:  # its dialogs are windows of their own: closing it leaves them open
        for dialog in window.findChildren(QWidget):
            if dialog.isWindow():
                dialog.close()
                dialog.deleteLater()


@pytest.fixture
def window(make_window):
    return make_window()


@pytest.fixture
def qt_warnings(request):
    """The warnings Qt printed during the test, but those the settings and the test's
    ``qt_log_ignore`` marks ignore; unlike pytest-qt's own check, also with ``-s``, which
    turns that check off.
    """
    ignored = list(request.config.getini("qt_log_ignore"))
    for mark in request.node.iter_markers("qt_log_ignore"):
        ignored.extend(mark.args)
    seen: list[str] = []

    def handler(kind, context, message) -> None:
        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg) and not any(
            re.search(pattern, message) for pattern in ignored
        ):
            seen.append(message)
        if previous is not None:
            previous(kind, context, message)

    previous = qInstallMessageHandler(handler)
    yield seen
    qInstallMessageHandler(previous)
