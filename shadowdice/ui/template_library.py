"""The character templates of a rule system: create a character from one, or edit them.

Star Wars D6 characters start from a template (six attribute codes and the skills under them,
equipment, background). The dialog lists the templates that ship with the app and the
player's own, saved as template files in the templates folder. The selected template is shown
in the generic sheet editor, through the system's template declaration, so it can be edited
there; saving a changed sample template saves it as one of the player's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.core.registry import Registry, RuleSystem
from shadowdice.core.sheet import SheetEditError
from shadowdice.storage.character_file import CharacterFileError
from shadowdice.storage.template_file import TEMPLATE_SUFFIX, save_template, user_templates
from shadowdice.ui.character_document import TemplateDocument
from shadowdice.ui.language import put
from shadowdice.ui.prompts import Prompts, SaveChoice
from shadowdice.ui.sheet_editor import SheetEditor

_, _n = translations(__name__)


@dataclass(slots=True)
class TemplateEntry:
    """A template in the list.

    Attributes:
        document: the template, as edited.
        sample: True for a template that ships with the app (saving it makes a copy).
        editor: its sheet editor, made when it is first shown.
    """

    document: TemplateDocument
    sample: bool = False
    editor: SheetEditor | None = None

    @property
    def label(self) -> str:
        """The list text: the name, marked as a sample and as changed."""
        text = self.document.title
        if self.sample:
            text += " (sample)"
        return text + (" *" if self.document.modified else "")


class TemplateLibrary(QDialog):
    """The templates of one system, to create a character from or to edit.

    Signals:
        character_requested(object): the player asked for a new character; the sheet made
            from the selected template.

    Attributes:
        entries: the templates, in list order (samples first).
        template_list: the list of templates.
    """

    character_requested = Signal(object)

    def __init__(
        self,
        system: RuleSystem,
        registry: Registry,
        templates_dir: Path,
        prompts: Prompts,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.system = system
        self.templates_dir = templates_dir
        self.prompts = prompts
        put(self.setWindowTitle, _("{name} templates", name=system.name))
        self.resize(1100, 720)
        self.entries: list[TemplateEntry] = [
            TemplateEntry(TemplateDocument(system, template.model_copy(deep=True)), sample=True)
            for template in system.sample_templates()
        ]
        for loaded in user_templates(templates_dir, registry, system):
            self.entries.append(
                TemplateEntry(TemplateDocument(system, loaded.sheet, loaded.path), sample=False)
            )

        self.template_list = QListWidget()
        self.template_list.setObjectName("template_list")
        self.editors = QStackedWidget()
        splitter = QSplitter()
        splitter.addWidget(self.template_list)
        splitter.addWidget(self.editors)
        splitter.setSizes([240, 860])

        self.create_button = self._button(_("&Create character"), "create_button")
        self.create_button.setDefault(True)
        self.new_button = self._button(_("&New template"), "new_button")
        self.duplicate_button = self._button(_("D&uplicate"), "duplicate_button")
        self.save_button = self._button(_("&Save template"), "save_button")
        self.delete_button = self._button(_("De&lete"), "delete_button")
        close_button = self._button(_("Close"), "close_button")
        buttons = QHBoxLayout()
        for button in (self.new_button, self.duplicate_button, self.save_button):
            buttons.addWidget(button)
        buttons.addWidget(self.delete_button)
        buttons.addStretch(1)
        buttons.addWidget(self.create_button)
        buttons.addWidget(close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self._save_shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.Save), self)
        # Undo and redo work on the template shown, as they do on a character in the window.
        self._undo_shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.Undo), self)
        self._redo_shortcut = QShortcut(QKeySequence("Ctrl+Shift+Z"), self)

        for entry in self.entries:
            self._add_item(entry)
        self._connect_signals()
        if self.entries:
            self.template_list.setCurrentRow(0)
        self._update_buttons()
        self.template_list.setFocus()  # arrow keys pick a template, Enter creates

    def _on_undo_requested(self, *, redo: bool) -> None:
        """Ctrl+Z and Ctrl+Shift+Z: undo or redo the last change of the template shown."""
        entry = self.current_entry()
        if entry is None:
            return
        if redo:
            entry.document.undo_stack.redo()
        else:
            entry.document.undo_stack.undo()

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton()
        put(button.setText, text)
        button.setObjectName(name)
        button.setAutoDefault(False)
        return button

    def _connect_signals(self) -> None:
        self.template_list.currentRowChanged.connect(self._on_current_row_changed)
        self.template_list.itemActivated.connect(lambda _item: self.create_character())
        self.create_button.clicked.connect(self.create_character)
        self.new_button.clicked.connect(self.new_template)
        self.duplicate_button.clicked.connect(self.duplicate_current)
        self.save_button.clicked.connect(self.save_current)
        self._save_shortcut.activated.connect(self.save_current)
        self._undo_shortcut.activated.connect(lambda: self._on_undo_requested(redo=False))
        self._redo_shortcut.activated.connect(lambda: self._on_undo_requested(redo=True))
        self.delete_button.clicked.connect(self.delete_current)
        self.findChild(QPushButton, "close_button").clicked.connect(self.close)

    # --- what the player does --------------------------------------------------------------

    def current_entry(self) -> TemplateEntry | None:
        """The selected template."""
        row = self.template_list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def select(self, name: str) -> None:
        """Select the template with this name."""
        names = [entry.document.title for entry in self.entries]
        self.template_list.setCurrentRow(names.index(name))

    def create_character(self) -> None:
        """Make a character from the selected template and close."""
        entry = self.current_entry()
        if entry is None:
            return
        try:
            sheet = self.system.new_sheet_from_template(entry.document.sheet)
        except SheetEditError as error:
            self.prompts.error(_("Cannot create the character"), str(error))
            return
        self.character_requested.emit(sheet)
        self.accept()

    def new_template(self) -> None:
        """Add an empty template of the player's own."""
        assert self.system.template_type is not None
        self._append(TemplateEntry(TemplateDocument(self.system, self.system.template_type())))

    def duplicate_current(self) -> None:
        """Add a copy of the selected template, as the player's own."""
        entry = self.current_entry()
        if entry is None:
            return
        copy = entry.document.sheet.model_copy(deep=True)
        copy.name = f"{entry.document.title} (copy)"
        self._append(TemplateEntry(TemplateDocument(self.system, copy)))

    def save_current(self) -> bool:
        """Save the selected template; a sample is saved as the player's own copy."""
        entry = self.current_entry()
        if entry is None:
            return False
        return self._save(entry)

    def delete_current(self) -> None:
        """Delete the selected template of the player's own, after asking."""
        entry = self.current_entry()
        if entry is None or entry.sample:
            return
        question = _("Delete the template {title}?", title=entry.document.title)
        if not self.prompts.ask_yes_no(_("Delete template"), question):
            return
        if entry.document.path is not None:
            try:
                entry.document.path.unlink(missing_ok=True)
            except OSError as error:
                self.prompts.error(_("Cannot delete the template"), str(error))
                return
        row = self.entries.index(entry)
        del self.entries[row]
        self.template_list.takeItem(row)
        if entry.editor is not None:
            self.editors.removeWidget(entry.editor)
            entry.editor.deleteLater()

    def done(self, result: int) -> None:
        """Ask about changed templates before the dialog goes."""
        for row, entry in enumerate(list(self.entries)):
            if not entry.document.modified:
                continue
            self.template_list.setCurrentRow(row)
            choice = self.prompts.ask_save_changes(
                _("The template {title}", title=entry.document.title)
            )
            if choice is SaveChoice.CANCEL or (choice is SaveChoice.SAVE and not self._save(entry)):
                return
        super().done(result)

    # --- keeping the dialog in step --------------------------------------------------------

    def _append(self, entry: TemplateEntry) -> None:
        entry.document.mark_changed()
        self.entries.append(entry)
        self._add_item(entry)
        self.template_list.setCurrentRow(len(self.entries) - 1)

    def _add_item(self, entry: TemplateEntry) -> None:
        self.template_list.addItem(entry.label)
        self._connect_entry(entry)

    def _connect_entry(self, entry: TemplateEntry) -> None:
        entry.document.sheet_changed.connect(lambda e=entry: self._on_entry_changed(e))
        entry.document.modified_changed.connect(lambda _m, e=entry: self._on_entry_changed(e))

    def _save(self, entry: TemplateEntry) -> bool:
        path = entry.document.path or _free_path(self.templates_dir, entry.document.title)
        try:
            self.templates_dir.mkdir(parents=True, exist_ok=True)
            save_template(path, self.system, entry.document.sheet)
        except (CharacterFileError, OSError) as error:
            self.prompts.error(_("Cannot save the template"), str(error))
            return False
        entry.document.mark_saved(path)
        if entry.sample:
            self._keep_as_own(entry)
        return True

    def _keep_as_own(self, entry: TemplateEntry) -> None:
        """Make a saved sample the player's own template, at the end of the list, and put
        the sample back in its place as it shipped.
        """
        row = self.entries.index(entry)
        shipped = self.system.sample_templates()[row].model_copy(deep=True)
        sample = TemplateEntry(TemplateDocument(self.system, shipped), sample=True)
        entry.sample = False
        self.entries[row] = sample
        self.template_list.item(row).setText(sample.label)
        self._connect_entry(sample)
        self.entries.append(entry)
        self.template_list.addItem(entry.label)
        self.template_list.setCurrentRow(len(self.entries) - 1)

    def _on_entry_changed(self, entry: TemplateEntry) -> None:
        if entry in self.entries:
            self.template_list.item(self.entries.index(entry)).setText(entry.label)

    def _on_current_row_changed(self, row: int) -> None:
        if 0 <= row < len(self.entries):
            entry = self.entries[row]
            if entry.editor is None:
                entry.editor = SheetEditor(entry.document)
                self.editors.addWidget(entry.editor)
            self.editors.setCurrentWidget(entry.editor)
        self._update_buttons()

    def _update_buttons(self) -> None:
        entry = self.current_entry()
        for button in (self.create_button, self.duplicate_button, self.save_button):
            button.setEnabled(entry is not None)
        self.delete_button.setEnabled(entry is not None and not entry.sample)


def _free_path(folder: Path, name: str) -> Path:
    """A template file name in ``folder`` made from ``name`` that is not taken yet."""
    stem = re.sub(r"[^\w-]+", "-", name.strip().casefold()).strip("-") or "template"
    path, number = folder / f"{stem}{TEMPLATE_SUFFIX}", 2
    while path.exists():
        path, number = folder / f"{stem}-{number}{TEMPLATE_SUFFIX}", number + 1
    return path
