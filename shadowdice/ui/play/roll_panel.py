"""The roll panel: the dice tray, the outcome in large letters, and the session's offered
actions as buttons.

It drives one :class:`~shadowdice.core.session.RollSession` at a time: shows every throw in
the tray, offers what the session offers (disabled buttons say why in their tooltip), lets
the player pick dice in the tray for actions that need it, and finishes the session into a
roll record when the player is done or starts the next roll.

The tray belongs to the character shown: :meth:`RollPanel.show_for` shows that character's
latest roll (still open or finished) or an empty tray. After each follow-up a line says what
it changed and what it cost, and a legend names the marks that the dice of this roll show.

When a roll waits for physical dice (a start or an action that stands at a dice request,
:mod:`shadowdice.core.pending`), the entry strip under the tray takes the faces; Esc gives
the request up and leaves the roll as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from shadowdice.core.dice import DiceSourceError
from shadowdice.core.die import Die
from shadowdice.core.language import translations
from shadowdice.core.pending import Step
from shadowdice.core.record import RollRecord
from shadowdice.core.session import Action, Charge, RollSession, SessionError, Tone
from shadowdice.ui import theme
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.flow_layout import FlowLayout, flow_widget
from shadowdice.ui.language import events as language_events
from shadowdice.ui.language import put
from shadowdice.ui.play.action_keys import MAX_ACTION_SHORTCUTS, ActionKeys
from shadowdice.ui.play.tray.dice_entry import DiceEntry
from shadowdice.ui.play.tray.dice_tray import DiceTray
from shadowdice.ui.play.tray.die_item import mark_legend
from shadowdice.ui.viewports import plain_viewport

TONE_COLOURS = {
    Tone.SUCCESS: theme.SUCCESS,
    Tone.FAILURE: theme.FAILURE,
    Tone.GLITCH: theme.GLITCH,
    Tone.CRITICAL: theme.CRITICAL,
    Tone.NEUTRAL: theme.NEUTRAL_TEXT,
}


_, _n = translations(__name__)

#: Headlines longer than this many characters are set smaller ("Order: Anla, then Bulack").
LONG_HEADLINE = 26


class OutcomeArea(QScrollArea):
    """The part under the tray (outcome, legend, buttons): as tall as its content needs at
    its width, and scrolling within itself when the window leaves it less, so that the
    headline never lies over the dice.
    """

    #: The least height it keeps: about the headline's, so that a squeezed panel still says
    #: how the roll went.
    MINIMUM_HEIGHT = 40

    def __init__(self, content: QWidget) -> None:
        super().__init__()
        plain_viewport(self, QPalette.ColorRole.NoRole)
        self.setObjectName("outcome_scroll")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        # The content takes the viewport's width, so that the headline wraps instead of
        # running out of sight on the right.
        content.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setWidget(content)
        content.installEventFilter(self)

    def sizeHint(self) -> QSize:
        """The content's height at the width it has now (wrapped labels and buttons)."""
        content = self.widget()
        width = max(self.viewport().width(), 1)
        height = content.heightForWidth(width) if content.hasHeightForWidth() else -1
        if height < 0:
            height = content.sizeHint().height()
        return QSize(content.sizeHint().width(), height)

    def minimumSizeHint(self) -> QSize:
        """Little: squeezed, the area scrolls rather than the window growing."""
        return QSize(0, min(self.MINIMUM_HEIGHT, self.sizeHint().height()))

    def resizeEvent(self, event) -> None:
        """A new width changes the height the content needs."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()

    def eventFilter(self, watched, event) -> bool:
        """New content (a longer outcome, more buttons) asks for a new height."""
        if event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)


class RollPanel(QWidget):
    """The tray with its outcome and action buttons.

    Signals:
        roll_finished(object): a session finished; carries its RollRecord.
        problem_occurred(str): something went wrong that the player should read.
        dice_shown(object, object): the open roll's dice fall (the session, the ids of the
            dice that fall now).
        outcome_shown(object): the open roll's dice lie still; its outcome stands.
        roll_shown(): the roll shown changed, or where it stands (read ``session``,
            ``documents`` and :meth:`is_open`).

    Attributes:
        entry: the strip that takes typed faces while a roll waits for them.
    """

    roll_finished = Signal(object)
    problem_occurred = Signal(str)
    dice_shown = Signal(object, object)
    outcome_shown = Signal(object)
    roll_shown = Signal()

    def __init__(self, *, animation_ms: int = 550, parent=None) -> None:
        super().__init__(parent)
        self.session: RollSession | None = None
        self.documents: list[CharacterDocument] = []
        self._open: RollSession | None = None
        self._open_documents: list[CharacterDocument] = []
        self._latest: dict[CharacterDocument, tuple[RollSession, list[CharacterDocument]]] = {}
        self._pending: Action | None = None
        #: The dice colour of a character (None: ivory); set by the window from the settings.
        self.colour_of: Callable[[CharacterDocument], QColor | None] = lambda _document: None
        #: Asked before an action that costs something is taken; False keeps it untaken.
        self.may_spend: Callable[[Action], bool] = lambda _action: True
        #: Asked before Done ends a roll that stands before a step its rules await, with
        #: what the record would say (:meth:`RollSession.stops_early`); False goes on.
        self.may_stop: Callable[[RollSession, str], bool] = lambda _session, _stopped: True
        self.tray = DiceTray(duration_ms=animation_ms)
        self.tray.setObjectName("dice_tray")
        self.tray.setMinimumHeight(90)
        self.entry = DiceEntry()
        self._starting: tuple[Step, list[CharacterDocument]] | None = None
        self._before: tuple[int, int] = (0, 0)
        self.secret_banner = QLabel()
        self.secret_banner.setObjectName("secret_banner")
        put(
            self.secret_banner.setText,
            _("Secret roll: the players see only that you rolled"),
        )
        self.secret_banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.secret_banner.setWordWrap(True)
        self.secret_banner.setStyleSheet(
            f"background: {theme.ACCENT}; color: #161a1f; font-weight: 700; padding: 3px;"
        )
        self.secret_banner.setVisible(False)
        self.headline = QLabel()
        put(self.headline.setText, _("Ready to roll"))
        self.headline.setObjectName("outcome_headline")
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.headline.setWordWrap(True)  # a long outcome wraps; it never widens the window
        self.detail = QLabel("")
        self.detail.setObjectName("outcome_detail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.change = QLabel("")
        self.change.setObjectName("outcome_change")
        self.change.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.change.setWordWrap(True)
        self.change.setStyleSheet(f"color: {theme.NEUTRAL_TEXT}; font-weight: 600;")
        self.change.setVisible(False)
        self.legend = QLabel("")
        self.legend.setObjectName("mark_legend")
        self.legend.setWordWrap(True)
        self.legend.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.legend.setStyleSheet("font-size: 9pt;")
        put(self.legend.setAccessibleName, _("Legend of the marks"))
        self._legend_wanted = True
        self.legend.setVisible(False)
        self._style_headline(Tone.NEUTRAL)
        self.actions_grid = QGridLayout()
        self.actions_grid.setContentsMargins(0, 0, 0, 0)
        self.actions_grid.setColumnStretch(1, 1)
        self.done_button = QPushButton()
        put(self.done_button.setText, _("Done"))
        self.done_button.setObjectName("done_button")
        put(
            self.done_button.setToolTip,
            _("Finish this roll and put it in the history (Ctrl+Enter)"),
        )
        self.done_button.setEnabled(False)
        self.confirm_button = QPushButton()
        put(self.confirm_button.setText, _("Confirm choice"))
        self.confirm_button.setObjectName("confirm_pick_button")
        self.confirm_button.setVisible(False)
        self.cancel_button = QPushButton()
        put(self.cancel_button.setText, _("Cancel"))
        self.cancel_button.setVisible(False)
        self._action_buttons: list[QPushButton] = []
        self._action_keys = ActionKeys()  # a kind of follow-up keeps its Ctrl+digit
        self._keyed: dict[int, QPushButton] = {}
        self._shortcuts = [
            QShortcut(QKeySequence(f"Ctrl+{n}"), self, lambda n=n: self._trigger_action(n - 1))
            for n in range(1, MAX_ACTION_SHORTCUTS + 1)
        ]
        for number, shortcut in enumerate(self._shortcuts, start=1):
            put(
                shortcut.setWhatsThis,
                _("Take follow-up {number} of the roll (its button)", number=number),
            )
        put(self.confirm_button.setToolTip, _("Take the picked dice (Enter)"))
        # Enter confirms a pick, Ctrl+Enter ends the roll: one press too many never ends it.
        self._confirm_keys = [
            QShortcut(QKeySequence(key), self, self._confirm_by_key)
            for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ]
        for shortcut in self._confirm_keys:
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.setEnabled(False)
        put(self._confirm_keys[0].setWhatsThis, _("Take the picked dice"))  # Enter: the same
        put(self.cancel_button.setToolTip, _("Pick nothing after all (Esc)"))
        escape = QShortcut(QKeySequence("Esc"), self, self.cancel_button.click)
        put(escape.setWhatsThis, _("Stop picking dice"))
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

        # Done (and Confirm/Cancel) sit right of the follow-ups, or under them when the
        # column is too narrow for both (see resizeEvent).
        self._buttons = buttons = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        buttons.addLayout(self.actions_grid, 1)
        buttons.addWidget(self.confirm_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.done_button)
        below = QWidget()
        below.setObjectName("outcome_area")
        below_layout = QVBoxLayout(below)
        below_layout.setContentsMargins(0, 0, 0, 0)
        below_layout.addWidget(self.headline)
        below_layout.addWidget(self.detail)
        below_layout.addWidget(self.change)
        below_layout.addWidget(self.legend)
        below_layout.addLayout(buttons)
        self.outcome_area = OutcomeArea(below)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.secret_banner)
        layout.addWidget(self.tray, 1)
        layout.addWidget(self.entry)
        layout.addWidget(self.outcome_area)
        self._connect_signals()

    def resizeEvent(self, event) -> None:
        """Put Done under the follow-ups when both do not fit side by side."""
        super().resizeEvent(event)
        self._arrange_buttons()

    def _arrange_buttons_soon(self) -> None:
        """Arrange the buttons once new ones are shown: Qt shows a widget added to a shown
        layout when the event loop next turns, and until then it takes no room.
        """
        QTimer.singleShot(0, self, self._arrange_buttons)

    def _arrange_buttons(self) -> None:
        """Put Done (and Confirm and Cancel while dice are picked) under the follow-ups when
        they do not fit side by side in the outcome's width less its scroll bar's, whether
        the bar shows or not: the buttons placed, the outcome may grow a scroll bar, and
        that must not take the room they were placed in.
        """
        ends = [
            b
            for b in (self.confirm_button, self.cancel_button, self.done_button)
            if not b.isHidden()
        ]
        needed = self.actions_grid.minimumSize().width() + sum(
            b.sizeHint().width() + self._buttons.spacing() for b in ends
        )
        area = self.outcome_area
        narrow = needed > area.width() - area.verticalScrollBar().sizeHint().width()
        direction = QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight
        if self._buttons.direction() != direction:
            self._buttons.setDirection(direction)

    def _connect_signals(self) -> None:
        self.tray.dice_settled.connect(self._on_dice_settled)
        self.tray.picked_changed.connect(self._on_picked_changed)
        self.done_button.clicked.connect(self.end_roll)
        self.confirm_button.clicked.connect(self._on_confirm_clicked)
        self.cancel_button.clicked.connect(self._end_pick)
        self.entry.answered.connect(self._on_faces_typed)
        self.entry.withdrawn.connect(self._on_request_withdrawn)
        language_events.changed.connect(self._on_language_changed)

    def _on_language_changed(self, _language: str) -> None:
        """The outcome and the follow-ups of the roll shown, in the new language."""
        if self.session is not None and self._pending is None and not self.tray.is_animating():
            self._show_outcome()

    # --- sessions ------------------------------------------------------------------------------

    def start(self, session: RollSession, documents: list[CharacterDocument]) -> None:
        """Show a new session (finishing the one before) and animate its first throw.

        ``documents`` are the characters who roll, in the order of the session's members
        (one for a check, several for a group roll); what they spend goes on their undo stacks.
        """
        self.finish()
        documents = list(documents)
        session.watch_resources(lambda: resources_of(documents))
        self._open, self._open_documents = session, documents
        for document in documents:
            self._latest[document] = (session, documents)
        self._display(session, documents)
        self._mark_charged(session, session.charges, documents)
        put(self.headline.setText, _("Rolling…"))
        self._style_headline(Tone.NEUTRAL)
        put(
            self.detail.setText,
            session.check
            if not session.character
            else _("{name}: {check}", name=session.character, check=session.check),
        )
        self._show_throw(animate_all=True)

    def show_for(self, document: CharacterDocument | None) -> None:
        """Show the latest roll of this character (open or finished), or an empty tray."""
        session, documents = self._latest.get(document, (None, [])) if document else (None, [])
        if session is not None and session is self.session:
            return
        empty = session is None and self.session is None and not self.tray.die_items()
        if empty and not self.waiting():
            self._display(None, documents)  # an empty tray stays empty: nothing to redraw
            return
        if self.waiting():  # the dice asked for belong to the roll shown until now
            self._on_request_withdrawn()
        self._end_pick()
        self._display(session, documents)
        if session is None:
            self.tray.clear()
            put(self.headline.setText, _("Ready to roll"))
            self._style_headline(Tone.NEUTRAL)
            put(self.detail.setText, "")
            self._show_change_and_legend()
            self._rebuild_actions()
        else:
            self.tray.show_dice(session.dice, (), animate=False)
            self._show_outcome()

    def show_replay(self, dice: Sequence[Die], headline: str, detail: str) -> None:
        """A recorded roll thrown again: its dice tumble in under its own words, and no roll
        stays open, so nothing else's outcome takes their place when the dice land.
        """
        self.finish()
        self._end_pick()
        self._display(None, [])
        self.tray.show_dice(dice, {die.id for die in dice}, animate=True)
        put(self.headline.setText, headline)
        self._style_headline(Tone.NEUTRAL)
        put(self.detail.setText, detail)
        self._show_change_and_legend()
        self._rebuild_actions()

    def start_when_typed(self, step: Step, documents: list[CharacterDocument]) -> None:
        """A check that waits for its first dice: finish the roll before, ask for them, and
        start the session once they are typed in.
        """
        self.finish()
        self._starting = (step, list(documents))
        self._display(None, list(documents))  # the tray waits for this roll, shows no other
        self.tray.clear()
        put(self.headline.setText, _("Type in the dice"))
        self._style_headline(Tone.NEUTRAL)
        put(self.detail.setText, "")
        self._show_change_and_legend()
        self._rebuild_actions()
        self.entry.ask(step.request)

    def waiting(self) -> bool:
        """Whether a roll waits for typed dice."""
        return self.entry.request is not None

    def finish(self) -> RollRecord | None:
        """Finish the open session, if any, and announce its record."""
        if self._starting is not None:
            self._on_request_withdrawn()
        session, documents = self._open, self._open_documents
        if session is None or session.finished:
            return None
        if session.pending is not None:
            self.entry.close_request()
        shown = session is self.session
        if shown:
            self._end_pick()
        charges_before = len(session.charges)
        record = session.finish()  # finishing may still settle, spend or raise something
        self._open, self._open_documents = None, []
        self._mark_charged(session, session.charges[charges_before:], documents)
        if shown:
            # What finishing settled (a sieve roll scores its last throw) shows as the history has.
            self.tray.show_dice(session.dice, (), animate=False)
            self._show_outcome()
        self.roll_finished.emit(record)
        return record

    def go_on(self) -> None:
        """Ctrl+Enter: end the roll shown (:meth:`end_roll`). While dice are picked it ends
        nothing: Enter takes them, Esc drops the pick.
        """
        if self._pending is not None:
            self.problem_occurred.emit(
                _("Take the picked dice with Enter, or pick nothing with Esc, before Done.")
            )
            return
        self.end_roll()

    def end_roll(self) -> RollRecord | None:
        """Done: finish the roll shown; one that stands before a step its rules await asks
        first, and is recorded as stopped there.
        """
        session = self.session
        if session is None or session is not self._open or self._pending is not None:
            return None
        stopped = session.stops_early()
        if stopped is not None and not self.may_stop(session, stopped):
            return None
        return self.finish()

    def _confirm_by_key(self) -> None:
        """Enter while dice are picked: take them, when the pick is valid."""
        if self._pending is not None and self.confirm_button.isEnabled():
            self.confirm_button.click()

    def apply(self, action_id: str, picked: tuple[int, ...] = ()) -> None:
        """Apply an offered action of the session shown."""
        if self.session is None or self.session is not self._open:
            return
        self._before = (len(self.session.charges), len(self.session.throws))
        try:
            self.session.apply(action_id, picked)
        except (SessionError, DiceSourceError) as error:
            self.problem_occurred.emit(str(error))
            return
        self._end_pick()
        if self.session.pending is not None:
            self._disable_actions()
            self.entry.ask(self.session.pending)
            return
        self._show_applied()

    def _show_applied(self) -> None:
        """Show what an action threw and note what it charged."""
        assert self.session is not None
        charges_before, throws_before = self._before
        self._mark_charged(self.session, self.session.charges[charges_before:], self.documents)
        thrown = self.session.throws[throws_before:]  # an action may throw more than once
        self._show_throw(new_ids={die_id for throw in thrown for die_id in throw.die_ids})

    # --- typed dice ----------------------------------------------------------------------------

    def _on_faces_typed(self, faces: list) -> None:
        """The strip's faces go to the waiting start or action."""
        self.answer(faces)

    def answer(self, faces: Sequence[int | None]) -> None:
        """Faces for the dice the strip asks for (typed into it, or thrown on a player's
        laptop at a table, as ``Faces`` saying whether typed in there) go to the waiting start
        or action; the strip asks again if need be.
        """
        try:
            if self._starting is not None:
                step, documents = self._starting
                if not step.answer(faces):
                    self.entry.ask(step.request)
                    return
                self._starting = None
                self.entry.close_request()
                self.start(step.result, documents)
                return
            if self.session is None:
                return
            self.session.answer(faces)
        except (SessionError, DiceSourceError, ValueError) as error:
            self.problem_occurred.emit(str(error))
            if self._starting is None and (self.session is None or not self.session.pending):
                self._on_request_withdrawn()
            return
        if self.session.pending is not None:
            self.entry.ask(self.session.pending)
            return
        self.entry.close_request()
        self._show_applied()

    def _on_request_withdrawn(self) -> None:
        """Esc: the start or action that waited is given up; the roll is as it was."""
        self.entry.close_request()
        if self._starting is not None:
            self._starting[0].cancel()
            self._starting = None
            put(self.headline.setText, _("Ready to roll"))
            put(self.detail.setText, "")
            self._style_headline(Tone.NEUTRAL)
            return
        if self.session is not None:
            self.session.withdraw()
            self._rebuild_actions()
            self.tray.setFocus()

    def forget(self, document: CharacterDocument) -> None:
        """A character is closing: finish a roll it takes part in, and let it go (with the
        latest roll of everyone who rolled with it: that roll would show a closed character).
        """
        if document in self._open_documents:
            self.finish()
        for other, (_session, documents) in list(self._latest.items()):
            if document in documents:
                del self._latest[other]
        if document in self.documents:
            self.show_for(None)

    def is_open(self) -> bool:
        """Whether the roll shown can still be followed up."""
        return self.session is not None and self.session is self._open

    def _display(self, session: RollSession | None, documents: list[CharacterDocument]) -> None:
        """Make this roll the one shown, following its characters' sheets."""
        for document in self.documents:
            document.sheet_changed.disconnect(self._on_sheet_changed)
        self.session, self.documents = session, list(documents)
        for document in self.documents:
            document.sheet_changed.connect(self._on_sheet_changed)
        self.secret_banner.setVisible(session is not None and session.secret)
        self.refresh_colours()
        self.roll_shown.emit()

    def refresh_colours(self) -> None:
        """Colour the dice shown by their characters' dice colours."""
        colours: dict[str, QColor] = {}
        members = getattr(self.session, "members", None) or ()
        names = [getattr(member, "character", "") for member in members]
        names += [document.title for document in self.documents[len(names) :]]
        for document, name in zip(self.documents, names, strict=False):
            if (colour := self.colour_of(document)) is not None:
                colours["" if len(self.documents) == 1 else name] = colour
        self.tray.set_dice_colours(colours)

    def _on_sheet_changed(self) -> None:
        """A rest or an edit during the roll changes what can be spent: offer afresh."""
        if not self.tray.is_animating() and self._pending is None and not self.waiting():
            self._rebuild_actions()
            self.roll_shown.emit()

    @staticmethod
    def _mark_charged(
        session: RollSession, charges: Sequence[Charge], documents: list[CharacterDocument]
    ) -> None:
        """What the session spent goes on each spender's undo stack."""
        for who in {charge.who for charge in charges}:
            if who < len(documents):
                documents[who].note_spent(session)

    # --- showing -------------------------------------------------------------------------------

    def _show_throw(self, *, animate_all: bool = False, new_ids: set[int] | None = None) -> None:
        assert self.session is not None
        dice = self.session.dice
        fresh = {die.id for die in dice} if animate_all else (new_ids or set())
        self._disable_actions()
        self.tray.show_dice(dice, fresh, animate=True)
        self.dice_shown.emit(self.session, fresh)

    def _on_dice_settled(self) -> None:
        if self.session is None:
            return
        self._show_outcome()
        if self.session is self._open:
            self.outcome_shown.emit(self.session)

    def _show_outcome(self) -> None:
        """The outcome as it stands, large, with its detail, and the actions offered now."""
        assert self.session is not None
        outcome = self.session.outcome()
        headline = outcome.headline
        if self.session.secret:  # the game master sees plainly that the players do not
            headline = _("Secret: {outcome}", outcome=headline)
        put(self.headline.setText, headline)
        put(self.headline.setAccessibleName, _("Outcome: {outcome}", outcome=headline))
        self._style_headline(outcome.tone)
        check, detail = self.session.check, outcome.detail
        if standings := set(self.session.standings()):  # the encounter's cards show them
            detail = " · ".join(part for part in detail.split(" · ") if part not in standings)
        if detail:
            check = _("{check} — {detail}", check=check, detail=detail)
        if self.session.character and not standings:  # an encounter's cards name everyone
            check = _("{name}: {check}", name=self.session.character, check=check)
        put(self.detail.setText, check)
        self._show_change_and_legend()
        self._rebuild_actions()
        self.roll_shown.emit()

    def set_legend_visible(self, visible: bool) -> None:
        """Show or hide the legend of the marks under the outcome."""
        self._legend_wanted = visible
        self._show_change_and_legend()

    def legend_visible(self) -> bool:
        """Whether the legend is wanted (it shows while the dice have marks)."""
        return self._legend_wanted

    def _show_change_and_legend(self) -> None:
        """What the latest follow-up changed, and the marks of the dice in words."""
        change = self.session.changes[-1] if self.session and self.session.changes else ""
        self.change.setText(change)
        self.change.setVisible(bool(change))
        legend = mark_legend(self.session.dice) if self.session else ""
        self.legend.setText(legend)
        self.legend.setVisible(self._legend_wanted and bool(legend))

    def _style_headline(self, tone: Tone) -> None:
        """Colour the headline by its tone; a long one is set smaller, so that it takes no
        more room than a short one and the window keeps its size.
        """
        short = len(self.headline.text()) <= LONG_HEADLINE and len(self.documents) < 2
        points = 26 if short else 17  # an encounter's cards take room: its headline is smaller
        self.headline.setStyleSheet(
            f"font-size: {points}pt; font-weight: 700; color: {TONE_COLOURS[tone]}; padding: 4px;"
        )

    def _rebuild_actions(self) -> None:
        """One button per offered action; in a group roll, one row per member."""
        while self.actions_grid.count():
            gone = self.actions_grid.takeAt(0).widget()
            gone.hide()  # at once: deleting waits for the event loop
            gone.deleteLater()
        self._action_buttons.clear()
        self._keyed.clear()
        actions = self.session.actions() if self.session else ()
        rows: dict[str, FlowLayout] = {}
        # A member of a group shows only what they can do now, and its cost in the tooltip:
        # a group's actions would not fit otherwise.
        actions = tuple(a for a in actions if a.enabled or not a.member)
        for number, action in zip(self._action_keys.assign(actions), actions, strict=True):
            label = action.label.removeprefix(f"{action.member}: ")
            text = (
                _("{action} ({cost})", action=label, cost=action.cost)
                if action.cost and not action.member
                else label
            )
            button = QPushButton(text)
            button.setObjectName(f"action_{action.id}")
            button.setEnabled(action.enabled)
            tip = action.hint
            if action.cost:
                tip = _("{hint} Costs {cost}.", hint=tip, cost=action.cost)
            if number is not None:
                tip = _("{hint} (Ctrl+{number})", hint=tip, number=number)
                self._keyed[number] = button
            button.setToolTip(
                tip if action.enabled else _("Not now: {reason}", reason=action.reason)
            )
            who = f"{action.member}: " if action.member else ""
            button.setAccessibleName(f"{who}{text}")
            button.setAccessibleDescription(button.toolTip())
            button.clicked.connect(lambda _=False, a=action: self._on_action_clicked(a))
            if action.member not in rows:
                row = len(rows)
                if action.member:
                    self.actions_grid.addWidget(QLabel(f"<b>{action.member}</b>"), row, 0)
                holder, rows[action.member] = flow_widget()
                self.actions_grid.addWidget(holder, row, 1)
            rows[action.member].addWidget(button)
            self._action_buttons.append(button)
        self.done_button.setEnabled(self.is_open() and self._pending is None)
        self._arrange_buttons_soon()

    def _disable_actions(self) -> None:
        """While dice tumble, nothing can be clicked; the settled tray offers again."""
        for button in self._action_buttons:
            button.setEnabled(False)
        self.done_button.setEnabled(False)

    def action_buttons(self) -> list[QPushButton]:
        """The buttons of the offered actions, in order."""
        return list(self._action_buttons)

    # --- actions and picking -----------------------------------------------------------------

    def _trigger_action(self, index: int) -> None:
        button = self._keyed.get(index + 1)
        if button is not None and button.isEnabled():
            button.click()

    def _on_action_clicked(self, action: Action) -> None:
        if action.cost and not self.may_spend(action):
            return
        if action.pick is None:
            self.apply(action.id)
            return
        self._pending = action
        self.tray.begin_pick(action.pick)
        self.tray.setFocus()
        put(self.detail.setText, action.pick.prompt)
        self.confirm_button.setVisible(True)
        self.cancel_button.setVisible(True)
        self.done_button.setEnabled(False)
        for shortcut in self._confirm_keys:
            shortcut.setEnabled(True)
        self._arrange_buttons_soon()
        self._on_picked_changed(self.tray.picked())

    def _on_picked_changed(self, picked: list) -> None:
        if self._pending is not None and self._pending.pick is not None:
            self.confirm_button.setEnabled(self._pending.pick.problem(picked) is None)

    def _on_confirm_clicked(self) -> None:
        if self._pending is not None:
            self.apply(self._pending.id, tuple(self.tray.picked()))

    def _end_pick(self) -> None:
        if self._pending is not None:
            self._pending = None
            self.tray.end_pick()
            self.done_button.setEnabled(self.is_open() and not self.tray.is_animating())
        for shortcut in self._confirm_keys:
            shortcut.setEnabled(False)
        self.confirm_button.setVisible(False)
        self.cancel_button.setVisible(False)
        self._arrange_buttons_soon()


def resources_of(documents: Sequence[CharacterDocument]) -> dict[str, int]:
    """The resources of the characters who roll, by name ("Edge"; "Ash: Edge" in a group)."""
    values: dict[str, int] = {}
    for document in documents:
        prefix = f"{document.title}: " if len(documents) > 1 else ""
        for resource in document.system.sheet_resources():
            values[f"{prefix}{resource.label}"] = resource.get(document.sheet)
    return values
