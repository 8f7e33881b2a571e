"""The game master's group roll: who rolls, what they roll, and what the group needs.

The dialog lists the open characters of one rule system, shows the system's group-roll
parameters for those chosen, previews the roll, and asks for it; the main window starts the
roll and puts it in the tray.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
)

from shadowdice.core.language import translations
from shadowdice.core.registry import CheckError, RuleSystem
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import put
from shadowdice.ui.play.param_form import ParamForm

_, _n = translations(__name__)

#: The width the dialog opens with, where the window is as wide.
ROOMY_WIDTH = 900
#: The rows of the list of who rolls shown at once; more scroll.
MEMBER_ROWS_SHOWN = 8


class GroupRollDialog(QDialog):
    """Choose the members and the check of a group roll.

    Signals:
        roll_requested(list, object): roll for these documents with these values, read into
            the system's typed group check values (``RuleSystem.group_check_values``).
    """

    roll_requested = Signal(list, object)

    def __init__(
        self,
        system: RuleSystem,
        documents: Sequence[CharacterDocument],
        leader: CharacterDocument,
        parent=None,
    ) -> None:
        """List ``documents``, ticking ``leader`` and everyone who can roll with them."""
        super().__init__(parent)
        put(self.setWindowTitle, _("Group roll — {name}", name=system.name))
        self.system = system
        self._documents = list(documents)
        self.member_list = QListWidget()
        self.member_list.setObjectName("group_members")
        for document in self._documents:
            item = QListWidgetItem(document.title)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked
                if document is leader or _fits_with(system, leader, document)
                else Qt.CheckState.Unchecked
            )
            self.member_list.addItem(item)
        self._fit_member_list()
        self.form = ParamForm()
        self.preview = QLabel("")
        self.preview.setObjectName("group_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.roll_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        put(self.roll_button.setText, _("Roll"))
        self.roll_button.setObjectName("group_roll_button")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("<b>Who rolls</b>")))
        layout.addWidget(self.member_list)
        layout.addWidget(QLabel(_("<b>What the group rolls</b>")))
        layout.addWidget(self.form)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)
        self._rebuild()
        self._connect_signals()
        # Wide enough for two columns of choices to show their entries whole, where it fits
        room = parent.width() if parent is not None else ROOMY_WIDTH
        self.resize(max(self.sizeHint().width(), min(ROOMY_WIDTH, room)), self.sizeHint().height())

    def _fit_member_list(self) -> None:
        """The list of who rolls as tall as its rows (up to :data:`MEMBER_ROWS_SHOWN`, then it
        scrolls): an empty list box takes no room from the choices.
        """
        rows = min(self.member_list.count(), MEMBER_ROWS_SHOWN)
        row = self.member_list.sizeHintForRow(0) if rows else 0
        frame = 2 * self.member_list.frameWidth()
        self.member_list.setFixedHeight(rows * row + frame + 2)

    def _connect_signals(self) -> None:
        self.member_list.itemChanged.connect(self._rebuild)
        self.form.values_changed.connect(self._update_preview)
        self.buttons.accepted.connect(self._on_roll_clicked)
        self.buttons.rejected.connect(self.reject)

    def members(self) -> list[CharacterDocument]:
        """The characters ticked to roll, in list order."""
        return [
            document
            for row, document in enumerate(self._documents)
            if self.member_list.item(row).checkState() == Qt.CheckState.Checked
        ]

    def set_member(self, document: CharacterDocument, rolls: bool) -> None:
        """Tick or untick a character."""
        state = Qt.CheckState.Checked if rolls else Qt.CheckState.Unchecked
        self.member_list.item(self._documents.index(document)).setCheckState(state)

    def values(self) -> dict[str, Any]:
        """The group check's values as set."""
        return self.form.values()

    def _sheets(self) -> list:
        return [document.sheet for document in self.members()]

    def _rebuild(self) -> None:
        self.form.set_params(self.system.group_check_params(self._sheets()), self.form.values())
        self._update_preview()

    def _update_preview(self) -> None:
        if not self.members():
            problem, summary = _("Tick at least one character."), ""
        else:
            try:
                preview = self.system.preview_group_check(self._sheets(), self.values())
            except CheckError as error:
                summary, problem = "", str(error)
            else:
                summary, problem = preview.summary, preview.problem
        text = summary
        if problem:
            text += f"<br><span style='color:{theme.PROBLEM}'>{problem}</span>"
        self.preview.setText(text)
        self.roll_button.setEnabled(not problem)

    def _on_roll_clicked(self) -> None:
        if not self.roll_button.isEnabled():
            return
        try:
            values = self.system.group_check_values(self.values())
        except CheckError as error:
            put(
                self.preview.setText,
                _(
                    "<span style='color:{problem}'>{error}</span>",
                    problem=theme.PROBLEM,
                    error=error,
                ),
            )
            self.roll_button.setEnabled(False)
            return
        self.roll_requested.emit(self.members(), values)


def _fits_with(system: RuleSystem, leader: CharacterDocument, other: CharacterDocument) -> bool:
    """Whether ``other`` can roll with ``leader`` without a problem the leader alone lacks
    (Phase Six: another rules variant).
    """

    def problem(documents: list[CharacterDocument]) -> str:
        sheets = [document.sheet for document in documents]
        defaults = {p.key: p.default for p in system.group_check_params(sheets)}
        try:
            return system.preview_group_check(sheets, defaults).problem
        except CheckError as error:
            return str(error)

    together = problem([leader, other])
    return not together or together == problem([leader])
