"""The settings dialog (Ctrl+,): the language, how the tray looks and moves, each character's
dice colour, whether spending asks first, and the table: real dice for everyone, secret rolls
announced.

The dialog edits a copy of the settings and hands the changes back on OK (``accepted_changes``);
the main window stores them with the other settings and applies them at once.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core import language
from shadowdice.core.language import translations
from shadowdice.storage.settings import Settings
from shadowdice.ui.language import system_language
from shadowdice.ui.play.tray.palette import ANIMATION_SPEEDS, DICE, DIE_SIZES, FELTS

_, _n = translations(__name__)

#: Each language by its own name.
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}


def _swatch(colour: str) -> QIcon:
    pixmap = QPixmap(16, 16)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


def _combo(name: str, entries: dict[str, Any], chosen: str, *, swatches: bool = False) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    for key, entry in entries.items():
        label, colour = (entry, None) if isinstance(entry, str) else entry
        if swatches:
            combo.addItem(_swatch(colour), _(label), key)
        else:
            combo.addItem(_(label), key)
    combo.setCurrentIndex(max(combo.findData(chosen), 0))
    return combo


class SettingsDialog(QDialog):
    """The options of the app, for the characters open now.

    Signals:
        accepted_changes(dict): OK was pressed; carries the settings changed, by field name.
    """

    accepted_changes = Signal(dict)

    def __init__(self, settings: Settings, characters: list[tuple[str, str]], parent=None) -> None:
        """``characters``: (key, label) of each open character; the key is what its dice
        colour is kept by (:func:`shadowdice.ui.main_window.colour_key`).
        """
        super().__init__(parent)
        self.setWindowTitle(_("Settings"))
        self.setObjectName("settings_dialog")
        self._settings = settings

        self.animation = _combo("animation", ANIMATION_SPEEDS, settings.animation)
        self.animation.setToolTip(_("How fast the dice tumble in; Off shows them at once"))
        self.dice_size = _combo(
            "dice_size", {key: label for key, (label, _px) in DIE_SIZES.items()}, settings.dice_size
        )
        self.dice_size.setToolTip(_("How large the dice are at most; many dice shrink to fit"))
        self.felt = _combo("felt", FELTS, settings.felt, swatches=True)
        self.felt.setToolTip(_("The colour of the tray's felt"))
        self.confirm_spending = QCheckBox(_("&Ask before a roll spends Edge, dice or points"))
        self.confirm_spending.setObjectName("confirm_spending")
        self.confirm_spending.setChecked(settings.confirm_spending)
        self.reopen_party = QCheckBox(_("Reopen the last session's &characters at start"))
        self.reopen_party.setObjectName("reopen_party")
        self.reopen_party.setChecked(settings.reopen_party)
        self.real_dice_table = QCheckBox(
            _("&Real dice for the whole table (everyone types in faces)")
        )
        self.real_dice_table.setObjectName("real_dice_table")
        self.real_dice_table.setChecked(settings.real_dice_table)
        self.announce_secret_rolls = QCheckBox(_("Announce &secret rolls on the table window"))
        self.announce_secret_rolls.setObjectName("announce_secret_rolls")
        self.announce_secret_rolls.setChecked(settings.announce_secret_rolls)
        self.keep_secret_on = QCheckBox(_('&Keep "Roll secretly" on after a roll'))
        self.keep_secret_on.setObjectName("keep_secret_on")
        self.keep_secret_on.setToolTip(_("Else it is for one roll, and the next is public"))
        self.keep_secret_on.setChecked(settings.keep_secret_on)

        tray = QGroupBox(_("Dice tray"))
        tray_form = QFormLayout(tray)
        tray_form.addRow(_("A&nimation:"), self.animation)
        tray_form.addRow(_("Dice si&ze:"), self.dice_size)
        tray_form.addRow(_("&Felt:"), self.felt)

        self.dice_colours: dict[str, QComboBox] = {}
        colours = QGroupBox(_("Dice colour of each character"))
        colours_form = QFormLayout(colours)
        for key, name in characters:
            combo = _combo(
                f"dice_colour:{key}", DICE, settings.dice_colours.get(key, "ivory"), swatches=True
            )
            combo.setAccessibleName(_("Dice colour of {name}", name=name))
            self.dice_colours[key] = combo
            colours_form.addRow(_("{name}:", name=name), combo)
        if not characters:
            colours_form.addRow(QLabel(_("Open a character to give its dice a colour.")))

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons

        self.language = QComboBox()
        self.language.setObjectName("language")
        # Each language by its own name, so that whoever reads only one of them finds it.
        system_name = LANGUAGE_NAMES[system_language()]
        self.language.addItem(_("System ({language})", language=system_name), "system")
        for code in language.LANGUAGES:
            self.language.addItem(LANGUAGE_NAMES[code], code)
        self.language.setCurrentIndex(max(self.language.findData(settings.language), 0))
        self.language.setToolTip(_("The language of the app; it changes at once"))
        language_form = QFormLayout()
        language_form.addRow(_("&Language:"), self.language)

        layout = QVBoxLayout(self)
        layout.addLayout(language_form)
        layout.addWidget(tray)
        layout.addWidget(colours)
        layout.addWidget(self.confirm_spending)
        layout.addWidget(self.reopen_party)
        table = QGroupBox(_("Table"))
        table_layout = QVBoxLayout(table)
        table_layout.addWidget(self.real_dice_table)
        table_layout.addWidget(self.announce_secret_rolls)
        table_layout.addWidget(self.keep_secret_on)
        layout.addWidget(table)
        self.extra = QVBoxLayout()  # room for more options
        layout.addLayout(self.extra)
        layout.addStretch(1)
        layout.addWidget(buttons)

    def add_option(self, widget: QWidget) -> None:
        """Add another option under the ones here."""
        self.extra.addWidget(widget)

    def changes(self) -> dict[str, Any]:
        """The settings as the dialog shows them, by field name."""
        colours = dict(self._settings.dice_colours)
        colours.update({name: combo.currentData() for name, combo in self.dice_colours.items()})
        return {
            "animation": self.animation.currentData(),
            "dice_size": self.dice_size.currentData(),
            "felt": self.felt.currentData(),
            "dice_colours": {name: c for name, c in colours.items() if c != "ivory"},
            "confirm_spending": self.confirm_spending.isChecked(),
            "reopen_party": self.reopen_party.isChecked(),
            "real_dice_table": self.real_dice_table.isChecked(),
            "announce_secret_rolls": self.announce_secret_rolls.isChecked(),
            "keep_secret_on": self.keep_secret_on.isChecked(),
            "language": self.language.currentData(),
        }

    def accept(self) -> None:
        """Hand the changes back, then close."""
        self.accepted_changes.emit(self.changes())
        super().accept()
