"""The look of the app: a dark table-top palette around the felt of the dice tray.

Colours that widgets use for meaning (success, glitch, a refused edit) are named here, so
they stay readable on the dark background.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

SUCCESS = "#4cd28a"
FAILURE = "#9aa3ad"
GLITCH = "#f0a04b"
CRITICAL = "#ff6b6b"
NEUTRAL = "#e8e3d3"
#: The neutral tone on the window's own ground ("Ready to roll" under the tray): the palette's
#: text colour, so that it reads on a light system palette as on the dark one.
NEUTRAL_TEXT = "palette(window-text)"
PROBLEM = "#ff7b72"
ACCENT = "#d4a72c"
UNDONE = "#7d8590"
#: The ground of lists and fields.
BASE = "#161a1f"

_PALETTE = {
    QPalette.ColorRole.Window: "#1f242b",
    QPalette.ColorRole.WindowText: "#e8e6e1",
    QPalette.ColorRole.Base: BASE,
    QPalette.ColorRole.AlternateBase: "#1c2127",
    QPalette.ColorRole.Text: "#e8e6e1",
    QPalette.ColorRole.PlaceholderText: "#7a828c",
    QPalette.ColorRole.Button: "#2b313a",
    QPalette.ColorRole.ButtonText: "#e8e6e1",
    QPalette.ColorRole.BrightText: "#ffffff",
    QPalette.ColorRole.Highlight: "#2f6f4f",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#2b313a",
    QPalette.ColorRole.ToolTipText: "#e8e6e1",
    QPalette.ColorRole.Link: "#7db8ff",
    QPalette.ColorRole.Mid: "#3a414b",
    QPalette.ColorRole.Dark: "#111418",
    QPalette.ColorRole.Light: "#3d444f",
}
_DISABLED = {
    QPalette.ColorRole.WindowText: "#6b727c",
    QPalette.ColorRole.Text: "#6b727c",
    QPalette.ColorRole.ButtonText: "#6b727c",
    QPalette.ColorRole.Button: "#252a31",
}

_STYLE_SHEET = f"""
QGroupBox {{ border: 1px solid #39404a; border-radius: 6px; margin-top: 14px; padding: 6px; }}
QGroupBox::title {{ subcontrol-origin: margin; left: 10px; padding: 0 4px; color: {ACCENT};
                    font-weight: 600; }}
QPushButton {{ padding: 5px 12px; border-radius: 4px; border: 1px solid #454d58;
               background: #2b313a; }}
QPushButton:hover:enabled {{ border-color: {ACCENT}; }}
QPushButton:disabled {{ border-color: #30363f; }}
QPushButton#roll_button {{ background: #2f6f4f; border-color: #3f8f66; font-size: 12pt;
                           font-weight: 700; }}
QPushButton#roll_button:disabled {{ background: #29332e; border-color: #30363f; }}
QTabBar::tab:selected {{ color: {ACCENT}; }}
QHeaderView::section {{ background: #262b33; border: none; border-bottom: 1px solid #39404a;
                        padding: 3px 6px; }}
QToolBar {{ border: none; spacing: 6px; padding: 3px; }}
QCheckBox::indicator {{ width: 13px; height: 13px; border: 1px solid #6b747f; border-radius: 3px;
                        background: #161a1f; }}
QCheckBox::indicator:checked {{ background: #3f8f66; border-color: #4cd28a; }}
QCheckBox::indicator:disabled {{ border-color: #3a414b; }}
QCheckBox::indicator:focus {{ border: 2px solid {ACCENT}; }}
QCheckBox:focus {{ color: {ACCENT}; }}
QPushButton:focus {{ border: 2px solid {ACCENT}; }}
QToolButton:focus {{ border: 2px solid {ACCENT}; border-radius: 4px; }}
QLineEdit:focus, QPlainTextEdit:focus, QSpinBox:focus, QComboBox:focus,
QAbstractItemView:focus, QGraphicsView:focus {{ border: 2px solid {ACCENT}; }}
"""


def apply_theme(app: QApplication) -> None:
    """Give the application the Fusion style, the dark palette and the few style rules."""
    app.setStyle("Fusion")
    palette = QPalette()
    for role, colour in _PALETTE.items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    app.setPalette(palette)
    app.setStyleSheet(_STYLE_SHEET)
