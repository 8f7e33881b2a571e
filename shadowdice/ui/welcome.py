"""The welcome screen: how to start, and the samples of every system, one click from a
first roll: one character, or a ready-made party to play a scene (a fight) with.

It takes the party's place (:class:`WelcomeOrParty`) while no character is open, and is built
when first shown: a start that opens characters never builds it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import N_, translations
from shadowdice.ui.language import put

_, _n = translations(__name__)

WELCOME = N_(
    "<h2>Welcome to Shadowdice</h2>"
    "<p>Pick a rule system above and press <b>New character</b> (Ctrl+N),<br>"
    "or open a saved character (Ctrl+O).</p>"
    "<p>Or try our sample characters, ready to roll, one or a whole party:</p>"
)


class WelcomeScreen(QWidget):
    """What the window shows while no character is open.

    Signals:
        sample_requested(str): the sample character of this system (by id) was asked for.
        party_requested(str): the sample party of this system (by id) was asked for.
    """

    sample_requested = Signal(str)
    party_requested = Signal(str)

    def __init__(self, systems: tuple[SystemInfo, ...], parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        text = QLabel()
        put(text.setText, _(WELCOME))
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text.setWordWrap(True)
        samples = QGridLayout()
        self.sample_buttons: dict[str, QPushButton] = {}
        self.party_buttons: dict[str, QPushButton] = {}
        for row, info in enumerate(systems):
            name = QLabel()
            put(name.setText, _("<b>{system}</b>", system=info.name))
            put(name.setToolTip, info.summary)
            button = QPushButton()
            put(button.setText, _("One character"))
            put(button.setAccessibleName, _("Try a {system} character", system=info.name))
            button.setObjectName(f"sample_{info.id}")
            put(button.setToolTip, info.summary)
            button.clicked.connect(lambda _=False, i=info.id: self.sample_requested.emit(i))
            self.sample_buttons[info.id] = button
            party = QPushButton()
            put(party.setText, _("A party"))
            put(party.setAccessibleName, _("A {system} party", system=info.name))
            party.setObjectName(f"sample_party_{info.id}")
            put(
                party.setToolTip,
                _(
                    "Every sample character of {system}, to play a scene or a fight",
                    system=info.name,
                ),
            )
            party.clicked.connect(lambda _=False, i=info.id: self.party_requested.emit(i))
            self.party_buttons[info.id] = party
            samples.addWidget(name, row, 0)
            samples.addWidget(button, row, 1)
            samples.addWidget(party, row, 2)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(text)
        layout.addLayout(samples)
        layout.setAlignment(samples, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)


class WelcomeOrParty(QStackedWidget):
    """The left side of the main window: the party, or the welcome screen while no character
    is open. The welcome screen is built the first time it is shown.

    Signals:
        sample_requested(str), party_requested(str): as the welcome screen's.

    Attributes:
        party: the page of the party (the roster and the characters).
    """

    sample_requested = Signal(str)
    party_requested = Signal(str)

    def __init__(self, systems: tuple[SystemInfo, ...], party: QWidget, parent=None) -> None:
        super().__init__(parent)
        self._systems = systems
        self._welcome: WelcomeScreen | None = None
        # In the welcome screen's place until it is built: the party is shown (and laid out)
        # once it has a character, as after the welcome screen.
        self._blank = QWidget()
        self.addWidget(self._blank)
        self.party = party
        self.addWidget(party)

    @property
    def welcome(self) -> WelcomeScreen:
        """The welcome screen, built now if it was not."""
        if self._welcome is None:
            self._welcome = WelcomeScreen(self._systems)
            self._welcome.sample_requested.connect(self.sample_requested)
            self._welcome.party_requested.connect(self.party_requested)
            self.insertWidget(0, self._welcome)
            self._welcome.setGeometry(self.contentsRect())  # laid out for a paint at once
            if self.currentWidget() is self._blank:
                self.setCurrentWidget(self._welcome)
            self.removeWidget(self._blank)
            self._blank.deleteLater()
        return self._welcome

    def has_welcome(self) -> bool:
        """Whether the welcome screen was built."""
        return self._welcome is not None

    def show_party(self, shown: bool) -> None:
        """Show the party (``shown``), or the welcome screen."""
        self.setCurrentWidget(self.party if shown else self.welcome)
