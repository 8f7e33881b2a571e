"""A dice request from the game master, on the player's laptop: throw them here, digitally or
with real dice whose faces the player types in.

In a contest the game master runs (a Heldenhandbuch combat phase, a Star Wars segment, a
Phase Six group roll), the dice of a player's character are asked of that player's laptop;
the faces go back into the game master's roll as if typed there.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.language import translations
from shadowdice.ui.language import put

_, _n = translations(__name__)


def typed_faces(text: str, count: int, sides: int) -> list[int] | None:
    """The faces typed (numbers apart by spaces or commas), None unless exactly ``count``
    faces of 1 to ``sides``.

    >>> typed_faces("6, 2 5", 3, 6)
    [6, 2, 5]
    >>> typed_faces("7", 1, 6) is None
    True
    """
    parts = text.replace(",", " ").split()
    if len(parts) != count or not all(part.isdigit() for part in parts):
        return None
    faces = [int(part) for part in parts]
    return faces if all(1 <= face <= sides for face in faces) else None


class DiceRequestDialog(QDialog):
    """The game master asks for dice.

    Signals:
        thrown(list, bool): the faces, and whether they were typed in (else thrown here).
    """

    thrown = Signal(list, bool)

    def __init__(
        self, character: str, count: int, sides: int, purpose: str, throw, parent: QWidget | None
    ) -> None:
        """``throw()`` throws the dice digitally and returns their faces."""
        super().__init__(parent)
        self.setObjectName("dice_request")
        self.count, self.sides, self._throw = count, sides, throw
        put(self.setWindowTitle, _("Dice for the game master"))
        question = QLabel(
            _(
                "The game master asks {character} for {count} × d{sides}: {purpose}",
                character=character,
                count=count,
                sides=sides,
                purpose=purpose or _("Dice"),
            )
        )
        question.setWordWrap(True)
        self.faces_edit = QLineEdit()
        self.faces_edit.setObjectName("faces")
        put(self.faces_edit.setPlaceholderText, _("Faces of real dice, e.g. 6 2 5"))
        self.problem = QLabel()
        self.buttons = QDialogButtonBox()
        self.digital_button = QPushButton()
        put(self.digital_button.setText, _("&Throw here"))
        self.typed_button = QPushButton()
        put(self.typed_button.setText, _("&Send typed faces"))
        self.buttons.addButton(self.digital_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.typed_button, QDialogButtonBox.ButtonRole.ApplyRole)
        layout = QVBoxLayout(self)
        layout.addWidget(question)
        layout.addWidget(self.faces_edit)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.digital_button.clicked.connect(self._on_digital_clicked)
        self.typed_button.clicked.connect(self._on_typed_clicked)
        self.faces_edit.returnPressed.connect(self._on_typed_clicked)

    def _on_digital_clicked(self) -> None:
        self.thrown.emit(list(self._throw()), False)
        self.accept()

    def _on_typed_clicked(self) -> None:
        faces = typed_faces(self.faces_edit.text(), self.count, self.sides)
        if faces is None:
            put(
                self.problem.setText,
                _("Type {count} numbers from 1 to {sides}.", count=self.count, sides=self.sides),
            )
            return
        self.thrown.emit(faces, True)
        self.accept()
