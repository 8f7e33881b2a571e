"""The questions the main window asks the player: which file, save or discard, which printer,
and errors.

They are one object handed to the main window, so tests answer them without dialogs. The
dialogs' classes are imported by the questions that show them: a start shows none.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from shadowdice.core.language import N_, translations
from shadowdice.ui.language import put

_, _n = translations(__name__)

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter
    from PySide6.QtWidgets import QWidget

#: Character files end in ``.shadowdice`` (JSON inside); older ones in ``.json`` still open.
CHARACTER_SUFFIX = ".shadowdice"
FILE_FILTER = N_("Shadowdice characters (*.shadowdice *.json);;All files (*)")
PDF_SUFFIX = ".pdf"
PDF_FILTER = N_("PDF documents (*.pdf);;All files (*)")


#: Export formats as the save dialog names them, with their suffixes.
EXPORT_SUFFIXES = {"Markdown": ".md", "CSV": ".csv", "JSON": ".json"}
EXPORT_FILTER = ";;".join(f"{name} (*{suffix})" for name, suffix in EXPORT_SUFFIXES.items())


class SaveChoice(Enum):
    """The answer to 'save changes before closing?'."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Prompts:
    """Dialogs over a parent window."""

    def __init__(self, parent: QWidget) -> None:
        self._parent = parent

    def ask_save_changes(self, title: str) -> SaveChoice:
        """Ask whether to save the changes of a character before it closes."""
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self._parent,
            _("Unsaved changes"),
            _("{title} has changes that are not saved.\nSave them before closing?", title=title),
            buttons.Save | buttons.Discard | buttons.Cancel,
            buttons.Save,
        )
        return {buttons.Save: SaveChoice.SAVE, buttons.Discard: SaveChoice.DISCARD}.get(
            answer, SaveChoice.CANCEL
        )

    def ask_save_all(self, titles: list[str]) -> SaveChoice:
        """Ask once about every unsaved character before quitting: save all, discard all or
        cancel.
        """
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        box = QMessageBox(self._parent)
        box.setIcon(QMessageBox.Icon.Question)
        put(box.setWindowTitle, _("Unsaved changes"))
        put(box.setText, _("These characters have changes that are not saved:"))
        box.setInformativeText("\n".join(f"• {title}" for title in titles))
        box.setStandardButtons(buttons.SaveAll | buttons.Discard | buttons.Cancel)
        put(box.button(buttons.Discard).setText, _("Discard all"))
        box.setDefaultButton(buttons.SaveAll)
        answer = box.exec()
        return {buttons.SaveAll: SaveChoice.SAVE, buttons.Discard: SaveChoice.DISCARD}.get(
            buttons(answer), SaveChoice.CANCEL
        )

    def ask_yes_no(self, title: str, question: str) -> bool | None:
        """Ask a yes/no question; None when the player cancels."""
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self._parent, title, question, buttons.Yes | buttons.No | buttons.Cancel, buttons.Yes
        )
        return {buttons.Yes: True, buttons.No: False}.get(answer)

    def open_paths(self, folder: Path) -> list[Path]:
        """Ask for character files to open, one or several; none when cancelled."""
        from PySide6.QtWidgets import QFileDialog

        names, _filter = QFileDialog.getOpenFileNames(
            self._parent, _("Open characters"), str(folder), _(FILE_FILTER)
        )
        return [Path(name) for name in names]

    def save_path(self, suggested: Path) -> Path | None:
        """Ask where to save a character."""
        from PySide6.QtWidgets import QFileDialog

        name, _filter = QFileDialog.getSaveFileName(
            self._parent, _("Save character"), str(suggested), _(FILE_FILTER)
        )
        if not name:
            return None
        path = Path(name)
        return path if path.suffix else path.with_suffix(CHARACTER_SUFFIX)

    def pdf_path(self, suggested: Path) -> Path | None:
        """Ask where to write a PDF."""
        from PySide6.QtWidgets import QFileDialog

        name, _filter = QFileDialog.getSaveFileName(
            self._parent, _("Export PDF"), str(suggested), _(PDF_FILTER)
        )
        if not name:
            return None
        path = Path(name)
        return path if path.suffix else path.with_suffix(PDF_SUFFIX)

    def choose_item(self, title: str, label: str, items: list[str]) -> int | None:
        """Ask which of ``items`` to take; its index, or None when the player cancels."""
        from PySide6.QtWidgets import QInputDialog

        item, chosen = QInputDialog.getItem(self._parent, title, label, items, 0, False)
        return items.index(item) if chosen and item in items else None

    def export_path(self, suggested: Path) -> Path | None:
        """Ask where to export a session's rolls: Markdown, CSV or JSON, by the suffix."""
        from PySide6.QtWidgets import QFileDialog

        name, chosen_filter = QFileDialog.getSaveFileName(
            self._parent, _("Export rolls"), str(suggested), EXPORT_FILTER
        )
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() in EXPORT_SUFFIXES.values():
            return path
        suffix = next((s for f, s in EXPORT_SUFFIXES.items() if chosen_filter.startswith(f)), ".md")
        return path.with_name(path.name + suffix)

    def leave_out_secret(self, *, by_default: bool) -> bool | None:
        """Ask whether an export leaves out the secret rolls the players have not seen
        (``by_default`` is the answer Enter gives); None when the player cancels.
        """
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self._parent,
            _("Secret rolls"),
            _("Leave the secret rolls the players have not seen out of the export?"),
            buttons.Yes | buttons.No | buttons.Cancel,
            buttons.Yes if by_default else buttons.No,
        )
        return {buttons.Yes: True, buttons.No: False}.get(answer)

    def set_up_printer(self, printer: QPrinter) -> bool:
        """Let the player choose the printer and its settings; False when they cancel."""
        from PySide6.QtPrintSupport import QPrintDialog  # loaded when first printing
        from PySide6.QtWidgets import QDialog

        return QPrintDialog(printer, self._parent).exec() == QDialog.DialogCode.Accepted

    def error(self, title: str, message: str) -> None:
        """Tell the player that something failed, and why."""
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self._parent, title, message)
