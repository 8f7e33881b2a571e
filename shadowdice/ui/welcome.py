"""The welcome screen: how to start, and a sample character of every system, one click from
a first roll.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import N_, translations
from shadowdice.ui.flow_layout import flow_widget
from shadowdice.ui.language import put

_, _n = translations(__name__)

WELCOME = N_(
    "<h2>Welcome to Shadowdice</h2>"
    "<p>Pick a rule system above and press <b>New character</b> (Ctrl+N),<br>"
    "or open a saved character (Ctrl+O).</p>"
    "<p>Or try one of our sample characters, ready to roll:</p>"
)


class WelcomeScreen(QWidget):
    """What the window shows while no character is open.

    Signals:
        sample_requested(str): the sample character of this system (by id) was asked for.
    """

    sample_requested = Signal(str)

    def __init__(self, systems: tuple[SystemInfo, ...], parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        text = QLabel()
        put(text.setText, _(WELCOME))
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text.setWordWrap(True)
        holder, flow = flow_widget()
        self.sample_buttons: dict[str, QPushButton] = {}
        for info in systems:
            button = QPushButton()
            put(button.setText, _("Try a {system} character", system=info.name))
            button.setObjectName(f"sample_{info.id}")
            put(button.setToolTip, info.summary)
            button.clicked.connect(lambda _=False, i=info.id: self.sample_requested.emit(i))
            self.sample_buttons[info.id] = button
            flow.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(text)
        layout.addWidget(holder)
        layout.addStretch(1)
