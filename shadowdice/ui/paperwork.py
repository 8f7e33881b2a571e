"""Paper for the main window: a character's sheet printed, previewed, or written as PDF, on
the paper chosen (and remembered in the settings for the next sheet and start).

The sheet itself is laid out by :mod:`.sheet_print`; the dialog that asks for the paper and
the pencil variant is :mod:`.print_dialog`. Both are imported when first needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QWidget

from shadowdice.core.language import translations
from shadowdice.storage.paths import AppPaths
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.character_files import CharacterFiles
from shadowdice.ui.prompts import PDF_SUFFIX, Prompts

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

    from shadowdice.ui.print_dialog import PrintDialog
    from shadowdice.ui.sheet_print import Paper

_, _n = translations(__name__)


class Paperwork(QObject):
    """Printing and PDF export of characters' sheets.

    Signals:
        message_posted(str): something for the status bar.
    """

    message_posted = Signal(str)

    def __init__(
        self, *, files: CharacterFiles, prompts: Prompts, paths: AppPaths, window: QWidget
    ) -> None:
        super().__init__(window)
        self._files = files
        self._prompts = prompts
        self._paths = paths
        self._window = window

    def open_dialog(self, document: CharacterDocument, *, pdf: bool = False) -> PrintDialog:
        """Ask for the paper and the pencil variant, then print or export the sheet."""
        from shadowdice.ui.print_dialog import PrintDialog
        from shadowdice.ui.sheet_print import Paper

        settings = self._files.settings
        paper = Paper(settings.paper) if settings.paper else Paper.usual()
        dialog = PrintDialog(document.title, paper, pdf=pdf, parent=self._window)
        dialog.print_requested.connect(
            lambda paper, pencil: self.print_sheet(document, paper, pencil)
        )
        dialog.pdf_requested.connect(lambda paper, pencil: self.export_pdf(document, paper, pencil))
        dialog.preview_requested.connect(
            lambda paper, pencil: self.preview_sheet(document, paper, pencil)
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def preview_sheet(self, document: CharacterDocument, paper: str, pencil: bool) -> QDialog:
        """Show a character's sheet page by page as it will print; print from there."""
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        from shadowdice.ui.sheet_print import print_sheet

        printer = self._printer(document, paper)
        preview = QPrintPreviewDialog(printer, self._window)
        preview.printer = printer  # kept alive as long as the preview
        preview.paintRequested.connect(lambda device: print_sheet(document, device, pencil=pencil))
        preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        preview.open()
        return preview

    def print_sheet(self, document: CharacterDocument, paper: str, pencil: bool) -> bool:
        """Print a character's sheet on the printer the player chooses."""
        from shadowdice.ui.sheet_print import print_sheet

        printer = self._printer(document, paper)
        if not self._prompts.set_up_printer(printer):
            return False
        print_sheet(document, printer, pencil=pencil)
        self.message_posted.emit(_("{name} was sent to the printer.", name=document.title))
        return True

    def _printer(self, document: CharacterDocument, paper: str):
        """A high-resolution printer on the paper chosen (and remembered), named after the
        character.
        """
        from PySide6.QtPrintSupport import QPrinter

        from shadowdice.ui.sheet_print import page_layout

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(page_layout(self._remember_paper(paper)))
        printer.setDocName(document.title)
        return printer

    def export_pdf(self, document: CharacterDocument, paper: str, pencil: bool) -> Path | None:
        """Write a character's sheet as a PDF where the player says."""
        from shadowdice.ui.sheet_print import write_pdf

        chosen = self._remember_paper(paper)
        name = _("{name} (pencil)", name=document.title) if pencil else document.title
        folder = document.path.parent if document.path else self._paths.characters_dir
        path = self._prompts.pdf_path(folder / f"{name}{PDF_SUFFIX}")
        if path is None:
            return None
        try:
            write_pdf(document, path, paper=chosen, pencil=pencil)
        except OSError as error:
            self._prompts.error(_("Cannot export the PDF"), str(error))
            return None
        self.message_posted.emit(_("{name} was written to {path}.", name=document.title, path=path))
        return path

    def _remember_paper(self, paper: str) -> Paper:
        """The paper chosen, kept for the next sheet and the next start."""
        from shadowdice.ui.sheet_print import Paper

        if paper != self._files.settings.paper:
            self._files.change_settings(paper=paper)
        return Paper(paper)
