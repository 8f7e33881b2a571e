"""The check panel: what to roll for the current character, rendered from the system's
declared check parameters, with a preview of the pool and the chance of success.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import number, translations
from shadowdice.core.registry import CheckError, Party
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.language import events as language_events
from shadowdice.ui.language import put
from shadowdice.ui.play.param_form import ParamForm
from shadowdice.ui.viewports import plain_viewport

#: How much of a long parameter form stays in sight when the window is short, in pixels.
FORM_HEIGHT_KEPT = 108

#: The tallest form that stays whole however short the window, in pixels: five rows, so that
#: Star Wars D6's check (German labels on two lines) shows whole at 1024x640. A taller one
#: (an opponent chosen) keeps :data:`FORM_HEIGHT_KEPT` and scrolls, leaving the tray its room.
FORM_WHOLE_UP_TO = 160

#: How many characters' forms stay built: the one shown and the one before it; the others
#: keep the values set in them and are built again when their character is shown.
FORMS_KEPT = 2


_, _n = translations(__name__)


class CheckPanel(QGroupBox):
    """Check parameters for one character, a preview, and the Roll button.

    Signals:
        roll_requested(object): the player asked to roll with these check values, the
            system's typed model (:meth:`~shadowdice.core.registry.RuleSystem.check_values`).

    Attributes:
        document: the character whose check is shown, or None.
        party: the other open characters of that character's system, by name.
    """

    roll_requested = Signal(object)
    form_grew = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.document: CharacterDocument | None = None
        self.party: Party = {}
        #: The forms of the characters shown last (:data:`FORMS_KEPT`), the last shown last:
        #: switching back to one shows it as it was, with nothing to build again.
        self._forms: dict[CharacterDocument, ParamForm] = {}
        self._empty_form = self.form = ParamForm()
        #: Values set in a form that was dropped, to be built again with them (a character not
        #: shown for a while, or after a change of language).
        self._kept: dict[CharacterDocument, dict[str, Any]] = {}
        self.preview = QLabel()
        self.preview.setObjectName("check_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.roll_button = QPushButton()
        put(self.roll_button.setText, _("Roll"))
        self.roll_button.setObjectName("roll_button")
        self.roll_button.setMinimumHeight(34)
        self.roll_button.setEnabled(False)
        self.secret_box = QCheckBox()
        put(self.secret_box.setText, _("Roll secretly"))
        self.secret_box.setObjectName("secret_roll_box")
        put(
            self.secret_box.setToolTip,
            _(
                "Only you see the next rolls; the table window shows none of them until you "
                "reveal them (Ctrl+Shift+R)"
            ),
        )
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button, 1)
        roll_row.addWidget(self.secret_box)
        layout = QVBoxLayout(self)
        self._area = area = FormArea(self.form)
        area.form_grew.connect(self.form_grew.emit)
        layout.addWidget(area)
        layout.addWidget(self.preview)
        layout.addLayout(roll_row)
        self._connect_signals()
        self._rebuild(keep={})

    def _connect_signals(self) -> None:
        self.roll_button.clicked.connect(self.request_roll)
        language_events.changed.connect(self._on_language_changed)

    def set_document(self, document: CharacterDocument | None, party: Party) -> None:
        """Show the check of this character (or none), as it was last set for them."""
        if self.document is not None:
            self.document.sheet_changed.disconnect(self._on_sheet_changed)
        self.document = document
        self.party = party
        if document is None:
            self._show_form(self._empty_form)
            self._rebuild(keep={})
            return
        document.sheet_changed.connect(self._on_sheet_changed)
        form = self._forms.pop(document, None)
        if form is None:
            form = self._forms[document] = ParamForm()
            form.values_changed.connect(self._update_preview)
            self._show_form(form)
            self._rebuild(keep=self._kept.pop(document, {}))
            self._drop_forms_beyond_kept()
            return
        self._forms[document] = form  # shown last
        self._show_form(form)
        put(self.setTitle, _("Check for {name}", name=document.title))
        if document.system.check_params(document.sheet, party) != form.params():
            self._rebuild(keep=self._chosen())  # the party changed while it was away
        else:
            self._update_preview()

    def _on_language_changed(self, _language: str) -> None:
        """Build the forms again in the new language, keeping every value set in them."""
        self._drop_forms([document for document in self._forms if document is not self.document])
        if self.document is not None:
            self._rebuild(keep=self._chosen())

    def _drop_forms_beyond_kept(self) -> None:
        """Drop the forms of the characters shown longest ago, beyond :data:`FORMS_KEPT`."""
        self._drop_forms(list(self._forms)[:-FORMS_KEPT])

    def _drop_forms(self, documents: list[CharacterDocument]) -> None:
        """Drop these characters' forms (not shown), keeping the values set in them."""
        for document in documents:
            form = self._forms.pop(document)
            self._kept[document] = self._chosen_in(form)
            form.deleteLater()

    def _show_form(self, form: ParamForm) -> None:
        """Put ``form`` in the form area (the one shown before is kept, not deleted)."""
        if self._area.widget() is not form:
            self._area.takeWidget().hide()
            self._area.setWidget(form)
            form.show()
        self.form = form

    def set_party(self, party: Party) -> None:
        """The other open characters changed (opened, closed, renamed)."""
        self.party = party
        if self.document is not None:
            self._rebuild(keep=self._chosen())

    def _chosen(self) -> dict[str, Any]:
        """The values the player set; the rest follow their defaults (the best skill)."""
        return self._chosen_in(self.form)

    @staticmethod
    def _chosen_in(form: ParamForm) -> dict[str, Any]:
        defaults = {param.key: param.default for param in form.params()}
        return {key: value for key, value in form.values().items() if value != defaults[key]}

    def forget(self, document: CharacterDocument) -> None:
        """Drop the form of a character that is closing."""
        if document is self.document:
            self.set_document(None, {})
        self._kept.pop(document, None)
        if (form := self._forms.pop(document, None)) is not None:
            form.deleteLater()

    def fill(self, values: dict[str, Any]) -> None:
        """Set the check to these values, the rest to their defaults (a roll of the card)."""
        if self.document is not None:
            self._rebuild(keep=dict(values))

    def values(self) -> dict[str, Any]:
        """The check values as set in the panel."""
        return self.form.values()

    def widget(self, key: str) -> QWidget:
        """The editor of one check parameter."""
        return self.form.widget(key)

    def request_roll(self) -> None:
        """Ask for a roll with the current values, if the check can be rolled; then put the
        parameters that spend something back to their defaults.
        """
        if self.document is None or not self.roll_button.isEnabled():
            return
        try:
            values = self.document.system.check_values(self.values())
        except CheckError as error:
            self.preview.setText(str(error))
            return
        self.roll_requested.emit(values)
        self._reset_spending()

    def _reset_spending(self) -> None:
        if self.document is None:
            return
        kept = self._chosen()
        spent = {p.key for p in self.form.params() if p.resets_after_roll}
        if spent & kept.keys():
            self._rebuild(keep={k: v for k, v in kept.items() if k not in spent})

    def _on_sheet_changed(self) -> None:
        assert self.document is not None
        put(self.setTitle, _("Check for {name}", name=self.document.title))
        params = self.document.system.check_params(self.document.sheet, self.party)
        if params == self.form.params():
            self._update_preview()  # e.g. the name changed: nothing to rebuild
        else:
            self._rebuild(keep=self._chosen())

    def _rebuild(self, keep: dict[str, Any]) -> None:
        if self.document is None:
            self.form.set_params((), {})
            put(self.setTitle, _("Check"))
            put(self.preview.setText, _("Open or create a character to roll."))
            put(self.roll_button.setToolTip, _("Roll the check (Ctrl+R)"))
            self.roll_button.setEnabled(False)
            return
        put(self.setTitle, _("Check for {name}", name=self.document.title))
        self.form.set_params(
            self.document.system.check_params(self.document.sheet, self.party), keep
        )
        self._update_preview()

    def _update_preview(self) -> None:
        if self.document is None:
            return
        try:
            preview = self.document.system.preview_check(
                self.document.sheet, self.values(), self.party
            )
        except CheckError as error:
            summary, chance, problem = "", None, str(error)
        else:
            summary, chance, problem = preview.summary, preview.chance, preview.problem
        text = summary
        if self.form.gone:
            problem = problem or _(
                "{names}: no longer open, left out.", names=", ".join(self.form.gone)
            )
        if problem:
            text += f"<br><span style='color:{theme.PROBLEM}'>{problem}</span>"
        elif chance is not None:
            # "<1%" is no tag: escaped, or the label shows nothing after the colon
            chance_text = html.escape(percent(chance))
            text += "<br>" + _("Chance of success: <b>{chance}</b>", chance=chance_text)
        self.preview.setText(text)
        self.roll_button.setEnabled(not problem)
        put(self.roll_button.setToolTip, problem or _("Roll the check (Ctrl+R)"))


def percent(chance: float) -> str:
    """A chance in whole percent, never rounded to a certainty it is not.

    Written as the language shown writes a percentage (German "50 %").

    >>> percent(0.995), percent(0.004), percent(0.5), percent(1.0)
    ('>99%', '<1%', '50%', '100%')
    """
    if 0 < chance < 0.01:
        return "<" + number(0.01, ".0%")
    if 0.99 < chance < 1:
        return ">" + number(0.99, ".0%")
    return number(chance, ".0%")


class FormArea(QScrollArea):
    """The parameter form, whole up to :data:`FORM_WHOLE_UP_TO`: a form of a few parameters
    shows whole, a long one (Star Wars D6 with an opponent) scrolls past
    :data:`FORM_HEIGHT_KEPT` instead of pushing the window past the screen.

    Signals:
        form_grew: the form is now taller than the room it has (the window may give it more).
    """

    form_grew = Signal()

    def __init__(self, form: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plain_viewport(self, QPalette.ColorRole.NoRole)
        self.setWidget(form)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def setWidget(self, widget: QWidget) -> None:
        """Show this form (and hear when its rows change)."""
        super().setWidget(widget)
        widget.installEventFilter(self)
        self.updateGeometry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Take the form's new height when its rows change (parameters shown or hidden)."""
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
            if self.widget().sizeHint().height() > self.viewport().height():
                self.form_grew.emit()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event) -> None:
        """Ask for room again when the area got shorter than the form (a longer preview
        beside it took its height).
        """
        super().resizeEvent(event)
        shorter = event.size().height() < event.oldSize().height()
        if shorter and self.widget().sizeHint().height() > self.viewport().height():
            self.form_grew.emit()

    def sizeHint(self) -> QSize:
        """As tall as the whole form."""
        return QSize(super().sizeHint().width(), self.widget().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        """As tall as a form of up to :data:`FORM_WHOLE_UP_TO`; :data:`FORM_HEIGHT_KEPT` of a
        taller one.
        """
        height = self.widget().sizeHint().height()
        if height > FORM_WHOLE_UP_TO:
            height = FORM_HEIGHT_KEPT
        return QSize(super().minimumSizeHint().width(), height)
