"""The encounter: while a contest or group roll runs, every character in it side by side.

Each character has a card: the name and wound state, where they stand in the roll (their
group and rescue dice in a combat phase, their own result in a group roll), their resources,
and what the roll asks of them now (the follow-ups offered in their name). The character who
must act is marked. The cards read only what the session and the sheets say; the choices
themselves stay the roll panel's buttons, under the dice.

The view shows itself while a roll of several characters is open, and hides when it ends;
the main window puts the one-character check form aside meanwhile (``active_changed``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from shadowdice.core.language import translations
from shadowdice.core.session import RollSession
from shadowdice.ui.character_document import CharacterDocument

_, _n = translations(__name__)


#: The resources a card shows: the system's first ones, those that matter in a fight.
RESOURCES_SHOWN = 2
#: The choices a card names; the others are counted (the buttons under the dice show all).
ASKED_SHOWN = 2


def resources_line(document: CharacterDocument) -> str:
    """A character's key resources in one line ("Physis 12/15 · Psyche 9/15")."""
    return document.resources_in_words(document.resources()[:RESOURCES_SHOWN])


class ParticipantCard(QFrame):
    """One character of the encounter: name and state, standing, resources, what is asked.

    Attributes:
        name, standing, resources, asked: the card's lines.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("participant_card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.setSpacing(1)
        self.name = QLabel()
        self.standing = QLabel()
        self.resources = QLabel()
        self.asked = QLabel()
        self.asked.setObjectName("participant_asked")
        for label in (self.name, self.standing, self.resources, self.asked):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(label)
        self.name.setStyleSheet("font-weight: 700;")
        self.resources.setStyleSheet("font-size: 9pt;")
        self.asked.setStyleSheet("color: palette(highlight); font-weight: 600;")

    def show_state(
        self, title: str, status: str, standing: str, resources: str, asked: Sequence[str]
    ) -> None:
        """Fill the card; a character asked to act is framed in the accent colour."""
        self.name.setText(_("{name} · {status}", name=title, status=status) if status else title)
        self.standing.setText(standing)
        self.standing.setVisible(bool(standing))
        self.resources.setText(resources)
        self.resources.setVisible(bool(resources))
        choices = " · ".join(asked[:ASKED_SHOWN])
        if len(asked) > ASKED_SHOWN:
            choices = _("{choices} … ({n} more)", choices=choices, n=len(asked) - ASKED_SHOWN)
        self.asked.setText(_("Now: {choices}", choices=choices) if asked else "")
        self.asked.setToolTip("\n".join(asked))
        self.asked.setVisible(bool(asked))
        border = "palette(highlight)" if asked else "palette(mid)"
        self.setStyleSheet(
            f"#participant_card {{ border: 2px solid {border}; border-radius: 4px; }}"
        )
        lines = (self.name.text(), standing, self.asked.text())
        self.setAccessibleName(" · ".join(line for line in lines if line))


class EncounterView(QWidget):
    """Every character of an open contest or group roll, side by side.

    Signals:
        active_changed(bool): an encounter began (True) or ended (False).
        width_changed(): the view's width changed, and with it the height its cards need.
    """

    active_changed = Signal(bool)
    width_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encounter_view")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(4)
        self.cards: list[ParticipantCard] = []
        self._active = False
        self.hide()

    def is_active(self) -> bool:
        """Whether an encounter is shown."""
        return self._active

    def height_needed(self, width: int) -> int:
        """The height of the tallest card when the view is ``width`` wide: the cards share
        it, and every card's words show whole.
        """
        cards = [card for card in self.cards if not card.isHidden()]
        if not cards:
            return 0
        spacing = self._layout.spacing() * (len(cards) - 1)
        each = max((width - spacing) // len(cards), 1)
        return max(card.heightForWidth(each) for card in cards)

    def resizeEvent(self, event) -> None:
        """A new width changes the height the cards need."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.width_changed.emit()

    def show_state(
        self, session: RollSession | None, documents: Sequence[CharacterDocument], is_open: bool
    ) -> None:
        """Show the roll of these characters as it stands: an open roll of several
        characters is an encounter; anything else ends the one shown.
        """
        active = session is not None and is_open and len(documents) > 1
        if active:
            assert session is not None
            self._fill(session, documents)
        if active != self._active:
            self._active = active
            self.setVisible(active)
            self.active_changed.emit(active)

    def _fill(self, session: RollSession, documents: Sequence[CharacterDocument]) -> None:
        standings, names = session.standings(), session.participants()
        pairs = _pair(names, documents)
        while len(self.cards) < len(pairs):
            card = ParticipantCard()
            self.cards.append(card)
            self._layout.addWidget(card, 1)
        for index, card in enumerate(self.cards):
            card.setVisible(index < len(pairs))
        actions = [action for action in session.actions() if action.enabled and action.member]
        for index, (name, document) in enumerate(pairs):
            asked = [
                action.label.removeprefix(f"{action.member}: ")
                for action in actions
                if action.member == name
            ]
            self.cards[index].show_state(
                name,
                document.system.sheet_status(document.sheet),
                standings[index].removeprefix(f"{name}: ") if index < len(standings) else "",
                resources_line(document),
                asked,
            )


def _pair(
    names: Sequence[str], documents: Sequence[CharacterDocument]
) -> list[tuple[str, CharacterDocument]]:
    """Each character who rolls, by the name the roll calls them, with their sheet, in the
    roll's order. A roll may leave out characters it was asked for (a Star Wars segment
    order: only those with an action in the segment): a card only for those who roll, each
    with its own sheet. Names the sheets do not bear are paired in order.
    """
    left = list(documents)
    pairs = []
    for name in names:
        match = next((document for document in left if document.title == name), None)
        if match is None:
            return list(zip(names, documents, strict=False)) + [
                (document.title, document) for document in documents[len(names) :]
            ]
        left.remove(match)
        pairs.append((name, match))
    return pairs or [(document.title, document) for document in documents]
