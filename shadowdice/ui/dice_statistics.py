"""View ▸ Dice statistics: per die size, how often each face came up, against what fair
dice give, with a chi-square p-value and a bar chart drawn with Qt's painter.

The player chooses the rolls (this session, or every roll logged, in every earlier session),
the dice (all, thrown digitally, typed in from physical dice) and whose dice
(everyone, or one character), so a table can see whether somebody's d20 favours 20.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import N_, number, translations
from shadowdice.core.record import RollRecord
from shadowdice.core.statistics import FaceCounts, Origin, characters_of, count_faces
from shadowdice.ui import theme
from shadowdice.ui.language import put

_, _n = translations(__name__)

SCOPES = (("session", N_("This session")), ("logged", N_("Every roll logged")))
ORIGINS = (
    (Origin.ALL, N_("All dice")),
    (Origin.ROLLED, N_("Thrown digitally")),
    (Origin.TYPED, N_("Typed in from physical dice")),
)


def verdict(counts: FaceCounts) -> str:
    """The counts in one sentence for the players.

    >>> verdict(FaceCounts(6, (10, 10, 10, 10, 10, 10)))
    '60 faces of d6 · chi-square 0.00, p = 1.000: as fair dice go.'
    """
    if not counts.enough:
        sentence = N_(
            "{total} faces of d{sides} · chi-square {chi:.2f}, p = {p:.3f}: too few faces to "
            "judge (5 per face are needed)."
        )
    elif counts.p_value < 0.01:
        sentence = N_(
            "{total} faces of d{sides} · chi-square {chi:.2f}, p = {p:.3f}: fair dice rarely "
            "fall this unevenly."
        )
    else:
        sentence = N_(
            "{total} faces of d{sides} · chi-square {chi:.2f}, p = {p:.3f}: as fair dice go."
        )
    return _(
        sentence, total=counts.total, sides=counts.sides, chi=counts.chi_square, p=counts.p_value
    )


class BarChart(QWidget):
    """One bar per face, the count fair dice would give drawn across as a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dice_bar_chart")
        self.counts: FaceCounts | None = None
        self.setMinimumSize(320, 180)

    def show_counts(self, counts: FaceCounts | None) -> None:
        """Draw these counts (None: nothing)."""
        self.counts = counts
        if counts is None:
            put(self.setAccessibleDescription, _("No dice"))
        else:
            faces = ", ".join(f"{face}: {n}" for face, n in enumerate(counts.counts, start=1))
            put(
                self.setAccessibleDescription,
                _("Counts of a d{sides}: {faces}", sides=counts.sides, faces=faces),
            )
        self.update()

    def sizeHint(self) -> QSize:
        """Wide enough for the bars of a d20."""
        return QSize(560, 240)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The bars, the face under each, and the expected count as a line."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        counts = self.counts
        if counts is None or not counts.total:
            painter.setPen(QColor(theme.UNDONE))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, _("No dice to count"))
            return
        margin, label_height = 8.0, 18.0
        area = QRectF(self.rect()).adjusted(margin, margin, -margin, -margin - label_height)
        top = max(max(counts.counts), counts.expected) or 1
        width = area.width() / counts.sides
        for index, count in enumerate(counts.counts):
            height = area.height() * count / top
            bar = QRectF(area.left() + index * width + 2, area.bottom() - height, width - 4, height)
            painter.fillRect(bar, QColor(theme.ACCENT))
            label = QRectF(area.left() + index * width, area.bottom() + 2, width, label_height)
            painter.setPen(QColor(theme.NEUTRAL))
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(index + 1))
        expected_y = area.bottom() - area.height() * counts.expected / top
        pen = QPen(QColor(theme.SUCCESS), 2, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(int(area.left()), int(expected_y), int(area.right()), int(expected_y))


class DiceStatisticsDialog(QDialog):
    """The statistics of the recorded rolls.

    Attributes:
        scope, origin, character, die: the choices.
        model: face, count and expected count of the die shown.
        chart: the bar chart; summary: the chi-square verdict.
    """

    def __init__(
        self,
        *,
        session: Sequence[RollRecord],
        logged: Sequence[RollRecord],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        put(self.setWindowTitle, _("Dice statistics"))
        self._records = {"session": list(session), "logged": list(logged)}
        self.scope = QComboBox()
        for key, text in SCOPES:
            self.scope.addItem(_(text), key)
        self.origin = QComboBox()
        for key, text in ORIGINS:
            self.origin.addItem(_(text), key)
        self.character = QComboBox()
        self.die = QComboBox()
        self.die.setObjectName("statistics_die")
        self.model = QStandardItemModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.chart = BarChart()
        self.summary = QLabel()
        self.summary.setObjectName("statistics_summary")
        self.summary.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("&Rolls:"), self.scope)
        form.addRow(_("D&ice:"), self.origin)
        form.addRow(_("&Whose:"), self.character)
        form.addRow(_("Die &size:"), self.die)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.chart, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(640, 620)
        self._fill_characters()
        for box in (self.scope, self.origin, self.character):
            box.currentIndexChanged.connect(self._refresh)
        self.scope.currentIndexChanged.connect(self._fill_characters)
        self.die.currentIndexChanged.connect(self._show_die)
        self._refresh()

    def records(self) -> list[RollRecord]:
        """The rolls chosen."""
        return self._records[self.scope.currentData()]

    def counts(self) -> dict[int, FaceCounts]:
        """The counts per die size, as chosen."""
        return count_faces(
            self.records(),
            origin=Origin(self.origin.currentData()),
            character=self.character.currentData() or "",
        )

    def _fill_characters(self) -> None:
        chosen = self.character.currentData()
        self.character.blockSignals(True)
        self.character.clear()
        self.character.addItem(_("Everyone"), "")
        for name in characters_of(self.records()):
            self.character.addItem(name, name)
        self.character.setCurrentIndex(max(self.character.findData(chosen), 0))
        self.character.blockSignals(False)

    def _refresh(self) -> None:
        chosen = self.die.currentData()
        self._counts = self.counts()
        self.die.blockSignals(True)
        self.die.clear()
        for sides, counts in self._counts.items():
            self.die.addItem(_("d{sides} ({total} faces)", sides=sides, total=counts.total), sides)
        self.die.setCurrentIndex(max(self.die.findData(chosen), 0))
        self.die.blockSignals(False)
        self._show_die()

    def _show_die(self) -> None:
        counts = self._counts.get(self.die.currentData())
        self.chart.show_counts(counts)
        self.model.clear()
        self.model.setHorizontalHeaderLabels([_("Face"), _("Count"), _("Fair dice")])
        if counts is None:
            put(self.summary.setText, _("No dice were thrown in these rolls."))
            return
        put(self.summary.setText, verdict(counts))
        for face, count in enumerate(counts.counts, start=1):
            row = [QStandardItem(str(face)), QStandardItem(str(count))]
            row.append(QStandardItem(number(counts.expected, ".1f")))
            self.model.appendRow(row)
