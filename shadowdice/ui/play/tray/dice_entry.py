"""The entry strip: the faces of physical dice typed in, slot by slot, under the tray.

When a roll waits for dice (a :class:`~shadowdice.core.dice.DiceRequest`), the strip shows
what for ("Kira: Edge dice: 3 × d6") and one slot per die. It is no dialog: the tray and the
rest of the window stay as they are. Keys:

- a digit fills the slot; a d6 or d8 takes one key per die, a d10, d12 or d20 one or two
  digits, a d100 up to three (Space moves on after fewer); the zeros of the highest face
  stand for it, as the dice are printed: 0 is a 10 on a d10, 00 a 100 on a d100, and a
  leading 0 ends a face early (05 is a 5 on a d100);
- Ctrl+V fills the slots in order from a pasted list of faces ("3 5 6 1");
- a face the die cannot show, and a key that is no face (a letter, "-"), is refused at the
  keystroke, with the reason;
- Backspace corrects the last face, Space moves on, Enter confirms, Ctrl+Enter throws the
  empty slots digitally, Esc gives the request up.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from shadowdice.core.dice import DiceRequest, face_problem
from shadowdice.core.language import translations
from shadowdice.ui import theme
from shadowdice.ui.flow_layout import flow_widget
from shadowdice.ui.language import put
from shadowdice.ui.play.tray.die_painting import die_name

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
    >>> request_words(DiceRequest(4, 20, "Alrik: throw 1", "Alrik"))
    'Alrik: throw 1: 4 × d20'
    """
    purpose = request.purpose or _("Dice")
    named = request.roller and not purpose.startswith(f"{request.roller}: ")
    who = f"{request.roller}: " if named else ""
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
                "Type or paste (Ctrl+V) the faces · Backspace corrects · Enter confirms · "
                "Ctrl+Enter throws the empty ones · Esc cancels"
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
            and (Qt.Key(event.key()) in _OWN_KEYS or event.matches(QKeySequence.StandardKey.Paste))
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
        elif event.matches(QKeySequence.StandardKey.Paste):
            self.paste(QGuiApplication.clipboard().text())
        elif event.text().isprintable() and event.text().strip() and not control:
            put(
                self.reason.setText,
                _("Refused: “{key}” is no face; type the digits a die shows.", key=event.text()),
            )
        else:
            super().keyPressEvent(event)
            return
        if self.request is not None:  # an answer may have closed the strip
            self._paint()

    def _digit(self, digit: int) -> bool:
        """Take one typed digit; False when it is refused (the reason shows)."""
        assert self.request is not None
        sides = self.request.sides
        if self.slot >= len(self.faces):
            put(
                self.reason.setText,
                _("Every die has its face: Enter confirms, Backspace corrects."),
            )
            return False
        text = self._typing + str(digit)
        digits = len(str(sides))
        zeros = set(text) == {"0"}
        if zeros and str(sides) == "1" + "0" * len(text):  # 0 on a d10, 00 on a d100: the top
            value = sides
        elif zeros and len(text) < digits - 1:
            self._typing = text  # 0 on a d100: 00 or 05 follows
            return True
        else:
            value = int(text)
        if problem := face_problem(value, sides):
            put(self.reason.setText, _("Refused: {problem}.", problem=problem))
            return False
        self.reason.clear()
        self.faces[self.slot] = value
        early = text.startswith("0") and len(text) == digits - 1  # 05 on a d100
        if len(text) >= digits or value * 10 > sides or value == sides or early:
            self._typing = ""
            self.slot += 1
        else:
            self._typing = text  # another digit may follow (1 → 12 on a d20)
        return True

    def paste(self, text: str) -> None:
        """Fill the slots in order, from the current one, with the faces listed in ``text``
        ("3 5 6 1", "3,5,6,1"); stops at the first face refused, saying why.
        """
        faces = re.findall(r"\d+", text)
        if not faces or re.search(r"[^\d\s,;/|]", text):
            put(
                self.reason.setText,
                _(
                    "Refused: paste faces as digits, such as “3 5 6 1”, not “{text}”.",
                    text=text.strip()[:40],
                ),
            )
            return
        for face in faces:
            self._typing = ""
            if not all(self._digit(int(digit)) for digit in face):
                if self.slot < len(self.faces):
                    self.faces[self.slot] = None  # nothing of a refused face stays
                self._typing = ""
                return
            if self._typing:  # a face shorter than the largest: take it as it is
                self._move_on()

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
            label.setText(str(face) if face is not None else die_name(self.request.sides))
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
