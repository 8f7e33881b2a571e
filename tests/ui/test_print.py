"""Character sheets on paper: every system's sheet as PDF on A4 and Letter, with its values or
empty for a pencil, and File ▸ Print and File ▸ Export PDF through the main window.

The PDFs are read back with pypdf: their pages, their paper and their text.
"""

import unicodedata

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QPageSize, QTextDocument
from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel

from shadowdice.core.sheet import Kind, rows
from shadowdice.systems import builtin_registry
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.print_dialog import PrintDialog
from shadowdice.ui.sheet_print import Paper, sheet_document, write_pdf

#: Page sizes in points (1/72 inch), as PDF files give them.
PAGE_POINTS = {Paper.A4: (595.3, 841.9), Paper.LETTER: (612.0, 792.0)}
NAME = "Zephyrine Quillfeather"

REGISTRY = builtin_registry()
SYSTEMS = [system.id for system in REGISTRY]


def squeezed(text: str) -> str:
    """Text without white space (a label set on two lines in a narrow box still matches), and
    ligatures as letters ("ﬁ" as "fi").
    """
    return "".join(unicodedata.normalize("NFKC", text).split())


def pdf_text(path) -> tuple[PdfReader, str]:
    reader = PdfReader(path)
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def words(text: str) -> str:
    """The text's words, one space apart, ligatures as letters."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def character(system_id: str) -> CharacterDocument:
    system = REGISTRY.get(system_id)
    sheet = system.new_sheet()
    sheet.name = NAME
    return CharacterDocument(system, sheet)


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_system_prints_its_whole_sheet_on_either_paper(qapp, tmp_path, system_id, paper):
    # Given a character of the system
    document = character(system_id)
    path = tmp_path / "sheet.pdf"

    # When the sheet is written as PDF
    write_pdf(document, path, paper=paper, pencil=False)

    # Then every page has the paper's size, numbered at its foot
    reader, text = pdf_text(path)
    assert len(reader.pages) >= 1
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (width, height) == pytest.approx(PAGE_POINTS[paper], abs=1)
    assert squeezed(reader.pages[-1].extract_text()).endswith(str(len(reader.pages)))
    # And the text holds the name, the system, every label, every column and every row's name
    flat = squeezed(text)
    assert squeezed(NAME) in flat and squeezed(document.system.name) in flat
    for spec in document.fields():
        assert squeezed(spec.label) in flat, spec.label
    for table in document.tables():
        assert squeezed(table.label) in flat, table.label
        for column in table.columns:
            assert squeezed(column.label) in flat, column.label
        for row in rows(document.sheet, table):
            assert squeezed(str(getattr(row, table.columns[0].key))) in flat


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_pencil_sheet_keeps_labels_and_row_names_and_leaves_the_values_empty(
    qapp, tmp_path, system_id
):
    # Given a character of the system, its values as the editor shows them
    document = character(system_id)
    full, pencil = tmp_path / "full.pdf", tmp_path / "pencil.pdf"

    # When the sheet is written as it is, and for the pencil
    write_pdf(document, full, paper=Paper.A4, pencil=False)
    write_pdf(document, pencil, paper=Paper.A4, pencil=True)

    # Then the pencil sheet has the labels and the rows' names but not the name
    _, full_text = pdf_text(full)
    _, pencil_text = pdf_text(pencil)
    flat = squeezed(pencil_text)
    assert squeezed(NAME) in squeezed(full_text) and squeezed(NAME) not in flat
    assert squeezed(f"{document.system.name} character") in flat
    for spec in document.fields():
        assert squeezed(spec.label) in flat, spec.label
    for table in document.tables():
        for row in rows(document.sheet, table):
            assert squeezed(str(getattr(row, table.columns[0].key))) in flat
    # And it has no value: fewer characters, and no choice the sheet made
    assert len(flat) < len(squeezed(full_text))
    for spec in document.fields():
        if spec.kind is Kind.CHOICE and spec.editable:
            value = getattr(document.sheet, spec.key)
            shown = spec.choice_labels[spec.choices.index(value)] if spec.choice_labels else value
            assert squeezed(shown) in squeezed(full_text)
            if squeezed(shown) not in squeezed("".join(s.label for s in document.fields())):
                assert squeezed(shown) not in flat, f"{spec.label}: {shown}"


@pytest.mark.parametrize("pencil", [False, True])
def test_every_text_on_paper_is_dark_whatever_the_theme(qapp, pencil):
    # Given a sheet laid out for paper (the app's dark theme has light text)
    text = sheet_document(character("heldenhandbuch"), pencil=pencil)
    # Then every piece of text has a dark colour of its own, not the theme's
    block = text.begin()
    seen = 0
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            brush = fragment.charFormat().foreground()
            assert brush.style() != Qt.BrushStyle.NoBrush, fragment.text()
            assert brush.color().lightness() < 128, fragment.text()
            seen += 1
            fragments += 1
        block = block.next()
    assert seen > 50


def test_a_shadowrun_pencil_sheet_has_empty_boxes_where_the_numbers_were(qapp, tmp_path):
    # Given Kira with Agility 5 and Pistols 4
    document = character("shadowrun4")
    sheet = document.sheet
    next(a for a in sheet.attributes if a.name == "Agility").value = 5
    sheet.skill("Pistols").rating = 4
    path = tmp_path / "pencil.pdf"

    # When her pencil sheet is written
    write_pdf(document, path, paper=Paper.LETTER, pencil=True)

    # Then the rows read without their numbers, the skills keep their attribute
    _, text = pdf_text(path)
    assert "Body Agility Reaction" in words(text)
    assert "Pistols Agility" in words(text), "a built-in skill's attribute is fixed: it stays"
    # As it was printed with her values
    full = tmp_path / "full.pdf"
    write_pdf(document, full, paper=Paper.LETTER, pencil=False)
    assert "Body 3 Agility 5 Reaction 3" in words(pdf_text(full)[1])
    assert "Pistols 4 Agility" in words(pdf_text(full)[1])


def open_dialog(qtbot, window, shortcut) -> PrintDialog:
    window.activateWindow()  # the keys of the menu's commands reach the active window only
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, shortcut[0], shortcut[1])
    shown = [dialog for dialog in window.findChildren(PrintDialog) if dialog.isVisible()]
    assert len(shown) == 1
    return shown[0]


CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_export_pdf_through_the_window_on_letter_for_a_pencil(
    qtbot, make_window, prompts, tmp_path
):
    window = make_window()
    # Given no character, File ▸ Export PDF cannot be chosen
    assert not window.export_pdf_action.isEnabled() and not window.print_action.isEnabled()
    # Given Kira, a Star Wars character
    window.system_selector.setCurrentIndex(window.system_selector.findData("starwars_d6"))
    window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Kira")

    # When File ▸ Export PDF (Ctrl+Shift+E) is chosen, Letter and the pencil ticked
    dialog = open_dialog(qtbot, window, (Qt.Key.Key_E, CTRL_SHIFT))
    assert dialog.pdf_button.isDefault()
    dialog.findChild(QComboBox, "paper").setCurrentIndex(1)
    dialog.findChild(QCheckBox, "pencil").setChecked(True)
    path = tmp_path / "kira.pdf"
    prompts.pdf_answers.append(path)
    qtbot.mouseClick(dialog.pdf_button, Qt.MouseButton.LeftButton)

    # Then the PDF suggested is named after her pencil sheet, and written on Letter paper
    assert prompts.suggested_pdfs[0].name == "Kira (pencil).pdf"
    reader, text = pdf_text(path)
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612, abs=1)
    assert "Star Wars D6 character" in words(text) and "Blaster" in text
    assert window.statusBar().currentMessage() == f"Kira was written to {path}."
    # And the next dialog offers Letter again, after a restart too
    again = open_dialog(qtbot, window, (Qt.Key.Key_E, CTRL_SHIFT))
    assert again.chosen_paper() is Paper.LETTER
    again.reject()
    restarted = make_window()
    restarted.new_character()
    restarted.export_pdf_action.trigger()
    assert restarted.findChild(PrintDialog).chosen_paper() is Paper.LETTER


def test_print_through_the_window(qtbot, window, prompts, tmp_path):
    # Given a Heldenhandbuch character
    window.system_selector.setCurrentIndex(window.system_selector.findData("heldenhandbuch"))
    window.new_character()
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Alrik")

    # When File ▸ Print (Ctrl+P) is chosen on A4, and the player cancels the printer
    dialog = open_dialog(qtbot, window, (Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier))
    assert dialog.print_button.isDefault()
    dialog.findChild(QComboBox, "paper").setCurrentIndex(0)
    prompts.printer_answers.append(None)
    qtbot.mouseClick(dialog.print_button, Qt.MouseButton.LeftButton)
    # Then nothing is printed
    assert "printer" not in window.statusBar().currentMessage()

    # When printed again on a printer that writes to a file
    printed = tmp_path / "printed.pdf"
    prompts.printer_answers.append(printed)
    dialog = open_dialog(qtbot, window, (Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier))
    qtbot.mouseClick(dialog.print_button, Qt.MouseButton.LeftButton)

    # Then the printer got Alrik's sheet on A4, with his values
    reader, text = pdf_text(printed)
    assert float(reader.pages[0].mediabox.height) == pytest.approx(842, abs=1)
    assert "Alrik" in text and "Acrobatics 0 W6" in words(text)
    assert window.statusBar().currentMessage() == "Alrik was sent to the printer."


def test_the_preview_shows_the_pages_as_they_will_print(qtbot, window):
    # Given a Shadowrun character
    window.new_character()

    # When Print is chosen on Letter, then Preview
    dialog = open_dialog(qtbot, window, (Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier))
    dialog.findChild(QComboBox, "paper").setCurrentIndex(1)
    qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)

    # Then the preview shows every page of the sheet, on Letter
    preview = window.findChild(QPrintPreviewDialog)
    assert preview is not None and preview.isVisible()
    pages = preview.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: pages.pageCount() >= 2)
    assert preview.printer.pageLayout().pageSize().id() == QPageSize.PageSizeId.Letter
    preview.reject()


def test_a_pdf_that_cannot_be_written_is_reported(qtbot, window, prompts, tmp_path):
    window.new_character()
    dialog = open_dialog(qtbot, window, (Qt.Key.Key_E, CTRL_SHIFT))
    prompts.pdf_answers.append(tmp_path / "no such folder" / "sheet.pdf")
    qtbot.mouseClick(dialog.pdf_button, Qt.MouseButton.LeftButton)
    assert prompts.errors and prompts.errors[0][0] == "Cannot export the PDF"
    assert "no such folder" in prompts.errors[0][1]


@pytest.mark.parametrize("paper", list(Paper))
def test_no_column_header_is_broken_inside_a_word(qapp, tmp_path, paper):
    # Given a character of every system, printed on either paper
    for system in REGISTRY:
        document = character(system.id)
        path = tmp_path / f"{system.id}.pdf"
        write_pdf(document, path, paper=paper)

        # Then every word of every column's header reads whole ("Rating", not "Ratin g")
        printed = words(pdf_text(path)[1])
        for table in document.tables():
            for column in table.columns:
                for word in column.label.split():
                    assert word in printed
                    for cut in range(1, len(word)):
                        broken = f"{word[:cut]} {word[cut:]}"
                        assert broken not in printed, f"{system.id}: {broken!r} in {table.label}"


def test_a_phase_six_pencil_sheet_keeps_each_attribute_s_kind(qapp, tmp_path):
    # Given a Phase Six character
    document = character("phasesix")
    path = tmp_path / "pencil.pdf"

    # When the pencil sheet is written
    write_pdf(document, path, paper=Paper.A4, pencil=True)

    # Then each attribute keeps its kind, which the rules fix, while its value and its
    # minimum roll (derived from the value) are left to write in
    text = words(pdf_text(path)[1])
    assert "Education Persona" in text
    assert "Strength Physis" in text
    assert "—" not in text, "a derived minimum roll is no word fixed by the rules"


def test_the_print_dialog_shows_a_name_with_angle_brackets_as_typed(qtbot):
    # Given a character whose name holds characters that mark up rich text
    name = "Kira <the Blade> & Co"

    # When the print dialog opens for her
    dialog = PrintDialog(name, Paper.A4, pdf=True)
    qtbot.addWidget(dialog)

    # Then its heading reads her name as typed
    shown = QTextDocument()
    shown.setHtml(dialog.findChild(QLabel).text())
    assert shown.toPlainText() == name
