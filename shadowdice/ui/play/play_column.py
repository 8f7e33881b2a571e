"""The play column: the check form (or, while a contest runs, the encounter) above the dice
tray and the history, in one splitter whose borders the player drags.

The check form takes height from the tray as it grows (an opponent chosen) as long as the
tray keeps :data:`TRAY_HEIGHT_KEPT`. While a contest or group roll is open the check form
steps aside for the encounter (:mod:`.encounter`), which takes only the height its cards
need, and the tray the rest; when the roll ends the form comes back at the height it had.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from shadowdice.core.language import translations
from shadowdice.ui.language import put
from shadowdice.ui.play.check_panel import CheckPanel
from shadowdice.ui.play.encounter import EncounterView
from shadowdice.ui.play.history import CharacterChooser, HistoryView
from shadowdice.ui.play.roll_panel import RollPanel

_, _n = translations(__name__)

#: The tray's height, in pixels, that a growing check form leaves it when taking room.
TRAY_HEIGHT_KEPT = 300


class PlayColumn(QSplitter):
    """Check form or encounter, roll panel and history, top to bottom.

    Attributes:
        check_panel, encounter, roll_panel, history: the parts.
    """

    def __init__(
        self,
        check_panel: CheckPanel,
        roll_panel: RollPanel,
        history: HistoryView,
        history_filter: CharacterChooser,
    ) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.setObjectName("right_splitter")
        self.check_panel, self.roll_panel, self.history = check_panel, roll_panel, history
        self.encounter = EncounterView()
        self._sizes_before: list[int] | None = None
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(check_panel)
        top_layout.addWidget(self.encounter)
        self.addWidget(top)
        self.addWidget(roll_panel)
        self.addWidget(self._history_box(history, history_filter))
        self.setStretchFactor(0, 0)
        self.setStretchFactor(1, 3)
        self.setStretchFactor(2, 1)
        self.setChildrenCollapsible(False)
        self._connect_signals()

    @staticmethod
    def _history_box(history: HistoryView, history_filter: CharacterChooser) -> QWidget:
        bar = QHBoxLayout()
        label = QLabel()
        put(label.setText, _("<b>History</b>"))
        label.setBuddy(history)
        bar.addWidget(label)
        bar.addStretch(1)
        bar.addWidget(history_filter)
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(history, 1)
        history.setMinimumHeight(40)
        return box

    def _connect_signals(self) -> None:
        self.check_panel.form_grew.connect(
            self.make_room_for_check, Qt.ConnectionType.QueuedConnection
        )
        self.roll_panel.roll_shown.connect(self._on_roll_shown)
        self.encounter.active_changed.connect(self._on_encounter_active_changed)
        self.encounter.width_changed.connect(
            self._fit_encounter, Qt.ConnectionType.QueuedConnection
        )

    def make_room_for_check(self) -> None:
        """Give a check form that grew (an opponent chosen) the height it needs, from the
        tray, as long as the tray keeps :data:`TRAY_HEIGHT_KEPT`.
        """
        if self.encounter.is_active():
            return
        sizes = self.sizes()
        wanted = self.check_panel.sizeHint().height() - sizes[0]
        given = min(wanted, sizes[1] - TRAY_HEIGHT_KEPT)
        if given <= 0:  # the tray is short: it takes back what the form can spare
            spare = sizes[0] - self.check_panel.minimumSizeHint().height()
            given = -min(max(spare, 0), max(TRAY_HEIGHT_KEPT - sizes[1], 0))
        if given:
            self.setSizes([sizes[0] + given, sizes[1] - given, *sizes[2:]])

    def _on_roll_shown(self) -> None:
        panel = self.roll_panel
        self.encounter.show_state(panel.session, panel.documents, panel.is_open())
        if self.encounter.is_active():
            self._fit_encounter()

    def _on_encounter_active_changed(self, active: bool) -> None:
        """The check form steps aside for the encounter, and comes back as it was."""
        self.check_panel.setVisible(not active)
        if active:
            self._sizes_before = self.sizes()
            self._fit_encounter()
        elif self._sizes_before is not None:
            self.setSizes(self._sizes_before)
            self._sizes_before = None
            self.make_room_for_check()

    def _fit_encounter(self) -> None:
        """The encounter as tall as its cards at the column's width; the tray takes the rest."""
        sizes = self.sizes()
        if not self.encounter.is_active():
            return
        wanted = self.encounter.height_needed(self.width())
        given = sizes[0] - wanted
        if given:
            self.setSizes([wanted, sizes[1] + given, *sizes[2:]])
