"""A character sheet on paper, for every rule system: printed through Qt or written as PDF.

The page is built from what the system declares for its sheet editor (the single values,
the tables and their columns), so a new system prints without code of its own. It reads top
to bottom as the editor does: the character's name and system, the single values as labelled
boxes, each table with its columns, then the longer texts (notes).

The *pencil* variant is for play at the table with a pencil: the labels, the columns and the
names of the rows (attributes, skills) stay, every value box is empty, and tables that take
new rows get empty lines to write in.

The page is a :class:`QTextDocument` built from simple HTML; Qt lays it out on pages of the
chosen paper (A4 or Letter) with page numbers, and tables that go on over a page break repeat
their header row.
"""

from __future__ import annotations

from enum import StrEnum
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLocale, QMarginsF
from PySide6.QtGui import (
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QTextDocument,
)

from shadowdice.core.language import N_, translations
from shadowdice.core.sheet import ColumnSpec, FieldSpec, Kind, Row, TableSpec, rows
from shadowdice.ui.character_document import CharacterDocument

_, _n = translations(__name__)

#: Empty lines under a table that takes new rows, in the pencil variant.
PENCIL_LINES = 3
#: The margins the page layout asks for, in millimetres. Qt's printing of a text document keeps
#: 2 cm more inside them on every side, where it puts the page number.
MARGIN_MM = 5
#: The size of the text, in points.
TEXT_POINTS = 9
#: Characters of text a line of the page holds, and the most a column of names takes of them.
LINE_ROOM, NAME_ROOM = 85, 20
#: The fewest characters a column is given, for a number written by hand.
MIN_ROOM = 6
#: A table of at most this many columns and more than this many rows is set in two halves
#: side by side.
NARROW, LONG = 3, 12

CHECKED, UNCHECKED = "☒", "☐"

#: Every text has its colour set: paper is white whatever the app's theme is.
STYLE = """
h1, h2, p, th, td { color: #000; }
h1 { font-size: 17pt; margin: 0; }
p.system { color: #555; margin-top: 0; margin-bottom: 8px; }
h2 { font-size: 11pt; margin-top: 12px; margin-bottom: 3px; }
table.values td.label { color: #333; padding: 3px 6px 3px 0; }
table.values td.box { border: 1px solid #777; padding: 3px 6px; }
table.grid { border-collapse: collapse; }
table.grid th { background: #e6e6e6; border: 1px solid #777; padding: 2px 5px; text-align: left; }
table.grid td { border: 1px solid #777; padding: 2px 5px; }
table.grid td.title { border: none; padding: 12px 0 3px 0; font-size: 11pt; font-weight: bold; }
td.number { text-align: center; }
td.text { border: 1px solid #777; padding: 4px 6px; }
"""


class Paper(StrEnum):
    """The paper sizes a sheet is printed on."""

    A4 = "A4"
    LETTER = N_("Letter")

    @property
    def page_size(self) -> QPageSize:
        """The paper as Qt knows it."""
        ids = {Paper.A4: QPageSize.PageSizeId.A4, Paper.LETTER: QPageSize.PageSizeId.Letter}
        return QPageSize(ids[self])

    @classmethod
    def usual(cls, locale: QLocale | None = None) -> Paper:
        """Letter where feet and inches are used (the United States), A4 elsewhere."""
        system = (locale or QLocale()).measurementSystem()
        return cls.LETTER if system == QLocale.MeasurementSystem.ImperialUSSystem else cls.A4


def page_layout(paper: Paper) -> QPageLayout:
    """A portrait page of this paper with the sheet's margins."""
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return QPageLayout(
        paper.page_size, QPageLayout.Orientation.Portrait, margins, QPageLayout.Unit.Millimeter
    )


def sheet_document(document: CharacterDocument, *, pencil: bool = False) -> QTextDocument:
    """The sheet laid out for paper."""
    text = QTextDocument()
    font = QFont()
    font.setPointSizeF(TEXT_POINTS)
    text.setDefaultFont(font)
    text.setDefaultStyleSheet(STYLE)
    text.setHtml(sheet_html(document, pencil=pencil))
    text.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, _title(document, pencil))
    return text


def print_sheet(
    document: CharacterDocument, device: QPagedPaintDevice, *, pencil: bool = False
) -> None:
    """Print the sheet on a printer (or any paged device), on the paper set there."""
    sheet_document(document, pencil=pencil).print_(device)


def write_pdf(
    document: CharacterDocument, path: Path, *, paper: Paper, pencil: bool = False
) -> None:
    """Write the sheet as a PDF file.

    Raises:
        OSError: the file cannot be written.
    """
    try:  # the real reason (no such folder, no permission) before Qt could only fail silently
        with path.open("ab"):
            pass
    except OSError as error:
        raise OSError(
            _("{path} cannot be written: {error}", path=path, error=error.strerror or error)
        ) from error
    writer = QPdfWriter(str(path))
    writer.setPageLayout(page_layout(paper))
    writer.setTitle(_title(document, pencil))
    writer.setCreator("Shadowdice")
    print_sheet(document, writer, pencil=pencil)
    del writer  # the file is complete once the writer is gone


# --- the page ------------------------------------------------------------------------------


def sheet_html(document: CharacterDocument, *, pencil: bool = False) -> str:
    """The sheet as HTML for :class:`QTextDocument`."""
    system = document.system.name
    heading = f"{system} character" if pencil else document.title
    parts = [f"<h1>{escape(heading)}</h1>", f'<p class="system">{escape(system)}</p>']
    fields = document.fields()
    single = [spec for spec in fields if spec.kind is not Kind.MULTILINE]
    parts.append(_values_table(document, single, pencil))
    for table in document.tables():
        parts.append(_table(document, table, pencil))
    for spec in fields:
        if spec.kind is Kind.MULTILINE:
            value = "" if pencil else str(getattr(document.sheet, spec.key))
            lines = [escape(line) for line in value.splitlines()]
            lines += ["&nbsp;"] * (PENCIL_LINES * 2 - len(lines))  # room to write in
            title = _title_row(spec.label, 1)
            parts.append(
                f'<table class="grid" width="100%" cellspacing="0"><thead>{title}</thead>'
                f'<tr><td class="text">{"<br>".join(lines)}</td></tr></table>'
            )
    return "\n".join(parts)


def _values_table(document: CharacterDocument, specs: list[FieldSpec], pencil: bool) -> str:
    """The single values, two label-and-box pairs to a line."""
    cells = []
    for spec in specs:
        value = "" if pencil else _field_text(spec, getattr(document.sheet, spec.key))
        cells.append(
            f'<td class="label" width="23%">{escape(spec.label)}</td>'
            f'<td class="box" width="27%">{escape(value) or "&nbsp;"}</td>'
        )
    lines = [
        "<tr>" + "".join(cells[start : start + 2]) + "</tr>" for start in range(0, len(cells), 2)
    ]
    return f'<table class="values" width="100%" cellspacing="4">{"".join(lines)}</table>'


def _table(document: CharacterDocument, table: TableSpec, pencil: bool) -> str:
    """One table of the sheet with its header. In pencil, only what the rules fix stays: the
    rows' names, and words a row may not change that others may (a skill's attribute). A table
    that takes new rows gets empty lines to write them in (in pencil, or when it has none).
    """
    texts = []
    for row in rows(document.sheet, table):
        texts.append(
            [
                _cell_text(column.kind, column.text_of(getattr(row, column.key)))
                if not pencil or number == 0 or _fixed_here(column, row)
                else ""
                for number, column in enumerate(table.columns)
            ]
        )
    if table.new_row is not None and (pencil or not texts):
        texts.extend([[""] * len(table.columns)] * PENCIL_LINES)
    labels = [column.label for column in table.columns]
    centred = [column.kind in (Kind.INT, Kind.FLAG) for column in table.columns]
    if len(labels) <= NARROW and len(texts) > LONG:
        # A long, narrow table (skills) goes in two halves side by side, to save paper.
        half = -(-len(texts) // 2)
        rest = texts[half:] + [[""] * len(labels)] * (2 * half - len(texts))
        texts = [left + right for left, right in zip(texts[:half], rest, strict=True)]
        labels, centred = labels * 2, centred * 2
    # Each column as wide as its longest word or value needs, within the page's width.
    needs = [
        max(
            [len(word) * 6 // 5 + 3 for word in label.split()]  # headers are bold
            + [min(len(line[number]), NAME_ROOM) for line in texts]
            + [MIN_ROOM]
        )
        for number, label in enumerate(labels)
    ]
    width = min(100, max(40, 100 * (sum(needs) + 3 * len(needs)) // LINE_ROOM))
    header = [
        f'<th width="{100 * need // sum(needs)}%">{escape(label)}</th>'
        for need, label in zip(needs, labels, strict=True)
    ]
    body = [
        "<tr>"
        + "".join(_cell(text, centre) for text, centre in zip(line, centred, strict=True))
        + "</tr>"
        for line in texts
    ]
    return (
        f'<table class="grid" width="{width}%" cellspacing="0">'
        f"<thead>{_title_row(table.label, len(header))}<tr>{''.join(header)}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def _title_row(label: str, columns: int) -> str:
    """The title of a table as a row of its head: it never stays behind at the foot of a page,
    and it comes again over the rest of the table on the next page.
    """
    return f'<tr><td class="title" colspan="{columns}">{escape(label)}</td></tr>'


def _cell(text: str, centred: bool) -> str:
    """A cell of a table; numbers and check boxes centred."""
    css = ' class="number"' if centred else ""
    return f"<td{css}>{escape(text) or '&nbsp;'}</td>"


def _fixed_here(column: ColumnSpec, row: Row) -> bool:
    """Whether a cell holds words the rules fix for this row, not a value: a column the rules
    fix for every row (an attribute's kind), or a built-in skill's attribute, where a skill of
    the player's own may choose.
    """
    if column.fixed:
        return True
    fixed_words = callable(column.editable) and column.kind not in (Kind.INT, Kind.FLAG)
    return fixed_words and not column.editable_in(row)


def _field_text(spec: FieldSpec, value: Any) -> str:
    """A single value as the editor shows it: a choice by its label, a number with its suffix."""
    if spec.kind is Kind.CHOICE and spec.choice_labels and value in spec.choices:
        return spec.choice_labels[spec.choices.index(value)]
    if spec.kind is Kind.INT:
        return f"{value}{spec.suffix}"
    return _cell_text(spec.kind, value)


def _cell_text(kind: Kind, value: Any) -> str:
    if kind is Kind.FLAG:
        return CHECKED if value else UNCHECKED
    if value is None:
        return ""
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(map(str, value))
    return str(value)


def _title(document: CharacterDocument, pencil: bool) -> str:
    return _("{system} character", system=document.system.name) if pencil else document.title
