"""Notices: what the player must read about their data, in the window until it is solved.

A status bar message is gone after a few seconds and easily missed; a problem that loses data
(a roll log or a recovery file that cannot be written, a log that cannot be read whole) stays
in a bar above the window's content, in words that say what it means, until the problem is
solved or the player closes the bar. Each notice has a key, what it is about, so that the same
problem said again replaces its notice instead of piling up.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

from shadowdice.core.language import translations
from shadowdice.ui import theme
from shadowdice.ui.language import events as language_events
from shadowdice.ui.language import put, shown

_, _n = translations(__name__)


class NoticeBar(QFrame):
    """A bar of notices, hidden while there is none."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("notices")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(f"#notices {{ border: 1px solid {theme.PROBLEM}; border-radius: 4px; }}")
        self._notices: dict[str, str] = {}
        self.text = QLabel()
        self.text.setObjectName("notices_text")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        close = QToolButton()
        close.setObjectName("notices_close")
        close.setText("×")
        put(close.setToolTip, _("Close these notices"))
        put(close.setAccessibleName, _("Close these notices"))
        close.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.text, 1)
        layout.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()
        language_events.changed.connect(self._show)

    def notices(self) -> list[str]:
        """The notices shown, oldest first."""
        return [shown(text) for text in self._notices.values()]

    def tell(self, key: str, text: str) -> None:
        """Show ``text`` as the notice about ``key`` (replacing what was said about it)."""
        self._notices[key] = text
        self._show()

    def solved(self, key: str) -> None:
        """The problem ``key`` is gone: its notice goes."""
        if self._notices.pop(key, None) is not None:
            self._show()

    def dismiss(self) -> None:
        """The player has read the notices: they go."""
        self._notices.clear()
        self._show()

    def _show(self, _language: str = "") -> None:
        self.text.setText("\n".join(self.notices()))
        self.setVisible(bool(self._notices))
