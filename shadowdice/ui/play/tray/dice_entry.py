"""The entry strip: the faces of physical dice typed in, slot by slot, under the tray.

When a roll waits for dice (a :class:`~shadowdice.core.dice.DiceRequest`), the strip shows
what for ("Kira: Edge dice: 3 × d6") and one slot per die. It is no dialog: the tray and the
rest of the window stay as they are. Keys:

- a digit fills the slot; a d6 or d8 takes one key per die, a d10, d12 or d20 one or two
  digits (Space moves on after one), and 0 alone is a 10 on a d10;
- a face the die cannot show is refused at the keystroke, with the reason;
- Backspace corrects the last face, Space moves on, Enter confirms, Ctrl+Enter throws the
  empty slots digitally, Esc gives the request up.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from shadowdice.core.dice import DiceRequest, face_problem
from shadowdice.core.language import translations
from shadowdice.ui import theme
from shadowdice.ui.flow_layout import flow_widget
from shadowdice.ui.language import put

_, _n = translations(__name__)

#: The keys the strip keeps for itself, even where the window has a shortcut on them.
_OWN_KEYS = {
    Qt.Key.Key_Return,
    Qt.Key.Key_Enter,
    Qt.Key.Key_Escape,
    Qt.Key.Key_Backspace,
    Qt.Key.Key_Space,
    *(getattr(Qt.Key, f"Key_{digit}") for digit in range(10)),
}

SLOT_STYLE = (
    "QLabel {{ border: 2px solid {border}; border-radius: 6px; min-width: 1.8em;"
    " min-height: 1.6em; font-size: 13pt; font-weight: 700; color: {colour}; }}"
)


def request_words(request: DiceRequest) -> str:
    """What the strip asks for.

    >>> request_words(DiceRequest(3, 6, "Edge dice", "Kira"))
    'Kira: Edge dice: 3 × d6'
    >>> request_words(DiceRequest(2, 20, "Sieve roll: throw 2"))
    'Sieve roll: throw 2: 2 × d20'
    """
    purpose = request.purpose or _("Dice")
    who = f"{request.roller}: " if request.roller else ""
    return f"{who}{purpose}: {request.count} × d{request.sides}"


class DiceEntry(QFrame):
    """The strip that takes typed faces for one request at a time.

    Signals:
        answered(list): the faces, one per die, None where the die is to be thrown digitally.
        withdrawn(): the player gave the request up (Esc).
        asked(object): the strip shows a new request (a ``DiceRequest``).
    """

    answered = Signal(list)
    withdrawn = Signal()
    asked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dice_entry")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.request: DiceRequest | None = None
        self.faces: list[int | None] = []
        self.slot = 0
        self._typing = ""
        self.title = QLabel()
        self.title.setObjectName("dice_entry_title")
        self.title.setStyleSheet("font-weight: 700; font-size: 12pt;")
        self.reason = QLabel()
        self.reason.setObjectName("dice_entry_reason")
        self.reason.setStyleSheet(f"color: {theme.PROBLEM};")
        self.reason.setWordWrap(True)
        self.keys = QLabel(
            _(
                "Type the faces · Backspace corrects · Enter confirms · Ctrl+Enter "
                "throws the empty ones · Esc cancels"
            )
        )
        self.keys.setStyleSheet(f"color: {theme.UNDONE};")
        self.keys.setWordWrap(True)
        holder, self._slots_layout = flow_widget()
        self._holder = holder
        self._slots: list[QLabel] = []
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(holder)
        layout.addWidget(self.reason)
        layout.addWidget(self.keys)
        self.setVisible(False)

    # --- asking --------------------------------------------------------------------------------

    def ask(self, request: DiceRequest) -> None:
        """Show the strip for a request, every slot empty, and take the keyboard."""
        self.request = request
        self.faces = [None] * request.count
        self.slot, self._typing = 0, ""
        self.title.setText(request_words(request))
        put(
            self.setAccessibleName,
            _("Type the faces: {request_words}", request_words=request_words(request)),
        )
        while self._slots:
            self._slots.pop().deleteLater()
        for number in range(request.count):
            label = QLabel()
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setObjectName(f"dice_entry_slot_{number}")
            self._slots_layout.addWidget(label)
            self._slots.append(label)
        self.reason.clear()
        self._paint()
        self.setVisible(True)
        self._fit()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self.asked.emit(request)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Wrapping slots need the height of every row they take."""
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        width = self._holder.width() or self.width() or 400
        self._holder.setMinimumHeight(self._slots_layout.heightForWidth(width))

    def close_request(self) -> None:
        """Hide the strip."""
        self.request = None
        self.setVisible(False)

    def refusal(self) -> str:
        """Why the last key was refused, or ""."""
        return self.reason.text()

    # --- keys ----------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        """Keep the strip's keys from the window's shortcuts (Ctrl+Enter, Esc, digits)."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self.request is not None
            and Qt.Key(event.key()) in _OWN_KEYS
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Digits, Space, Backspace, Enter, Ctrl+Enter and Esc."""
        if self.request is None:
            super().keyPressEvent(event)
            return
        key = event.key()
        control = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._confirm(throw_rest=control)
        elif key == Qt.Key.Key_Escape:
            self.withdrawn.emit()
        elif key == Qt.Key.Key_Backspace:
            self._back()
        elif key == Qt.Key.Key_Space:
            self._move_on()
        elif event.text().isdigit() and len(event.text()) == 1:
            self._digit(int(event.text()))
        else:
            super().keyPressEvent(event)
            return
        if self.request is not None:  # an answer may have closed the strip
            self._paint()

    def _digit(self, digit: int) -> None:
        assert self.request is not None
        sides = self.request.sides
        if self.slot >= len(self.faces):
            put(
                self.reason.setText,
                _("Every die has its face: Enter confirms, Backspace corrects."),
            )
            return
        text = self._typing + str(digit)
        value = 10 if sides == 10 and text == "0" else int(text)
        if problem := face_problem(value, sides):
            put(self.reason.setText, _("Refused: {problem}.", problem=problem))
            return
        self.reason.clear()
        self.faces[self.slot] = value
        if len(text) == 2 or value * 10 > sides or text == "0":
            self._typing = ""
            self.slot += 1
        else:
            self._typing = text  # a second digit may follow (1 → 12 on a d20)

    def _move_on(self) -> None:
        self._typing = ""
        self.slot = min(self.slot + 1, len(self.faces))
        self.reason.clear()

    def _back(self) -> None:
        self.reason.clear()
        if self._typing:
            self._typing = ""
            self.faces[self.slot] = None
            return
        if self.slot < len(self.faces) and self.faces[self.slot] is not None:
            self.faces[self.slot] = None
            return
        if self.slot > 0:
            self.slot -= 1
            self.faces[self.slot] = None

    def _confirm(self, *, throw_rest: bool) -> None:
        self._typing = ""
        missing = sum(1 for face in self.faces if face is None)
        if missing and not throw_rest:
            put(
                self.reason.setText,
                _n(
                    "{n} die has no face yet: type it, or Ctrl+Enter throws the empty ones "
                    "digitally.",
                    "{n} dice have no face yet: type them, or Ctrl+Enter throws the empty ones "
                    "digitally.",
                    missing,
                ),
            )
            return
        self.answered.emit(list(self.faces))

    # --- showing -------------------------------------------------------------------------------

    def _paint(self) -> None:
        assert self.request is not None
        for number, (label, face) in enumerate(zip(self._slots, self.faces, strict=True)):
            current = number == self.slot
            label.setText(str(face) if face is not None else f"d{self.request.sides}")
            label.setStyleSheet(
                SLOT_STYLE.format(
                    border=theme.ACCENT if current else theme.UNDONE,
                    colour=theme.NEUTRAL if face is not None else theme.UNDONE,
                )
            )
            shown = str(face) if face is not None else "empty"
            put(
                label.setAccessibleName,
                _(
                    "Die {value} of {len}: {shown}",
                    value=number + 1,
                    len=len(self.faces),
                    shown=shown,
                ),
            )
