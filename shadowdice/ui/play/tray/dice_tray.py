"""The dice tray: the session's dice on a felt table, tumbling in as they are thrown.

The tray animates every throw of a roll session and shows the marks (docs/architecture.md,
"From the check panel to the record"); it knows dice faces and marks, never rules. It also
lets the player pick dice for an action that asks for a
:class:`~shadowdice.core.session.DicePick` (a die to reroll, dice to keep), by mouse or
keyboard.

This module is the widget that drives the tray: its public API and signals, picking, keys and
mouse. What it shows is a :class:`~shadowdice.ui.play.tray.scene.TrayScene` of
:class:`~shadowdice.ui.play.tray.die_item.DieItem` dice, laid out by
:mod:`shadowdice.ui.play.tray.layout` (by group, kept dice apart at the left, rerolled ones at
the right, wrapped to the width of the view and at the largest size that fits; the view scrolls
vertically when even the smallest dice do not fit) and thrown in by
:mod:`shadowdice.ui.play.tray.animation`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QWidget

from shadowdice.core.die import Die
from shadowdice.core.language import translations
from shadowdice.core.session import DicePick
from shadowdice.ui.language import events, put
from shadowdice.ui.play.tray.animation import DEFAULT_DURATION_MS, ThrowAnimation
from shadowdice.ui.play.tray.die_item import DieItem, describe_die
from shadowdice.ui.play.tray.die_stand_ins import DieStandIns
from shadowdice.ui.play.tray.layout import (
    MAX_DIE_SIZE,
    MIN_DIE_SIZE,
    caption_for,
    group_dice,
    split_group,
)
from shadowdice.ui.play.tray.scene import Felt, TrayScene
from shadowdice.ui.viewports import plain_viewport

_, _n = translations(__name__)

__all__ = [
    "DEFAULT_DURATION_MS",
    "MAX_DIE_SIZE",
    "MIN_DIE_SIZE",
    "DiceTray",
    "caption_for",
    "group_dice",
    "split_group",
]

#: A slim scroll bar in the colours of the felt, for when many dice do not fit.
_SCROLL_BAR_STYLE = """
QScrollBar:vertical { background: #10261c; width: 10px; margin: 0; }
QScrollBar::handle:vertical {
    background: rgba(255, 255, 255, 80); border-radius: 3px; min-height: 24px; margin: 2px;
}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; }
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }
"""


class DiceTray(QGraphicsView):
    """The dice of a roll session on a felt table, animated as they are thrown.

    Show dice with :meth:`show_dice`; let the player pick dice with :meth:`begin_pick`,
    read the choice with :meth:`picked` and stop with :meth:`end_pick`. For tests and
    accessibility, :meth:`die_item` and :meth:`die_items` give the item of each die (its
    ``die``, ``shown_face``, ``picked`` ...) and :meth:`captions` the group captions shown.

    Attributes:
        duration_ms: how long a throw tumbles in, in milliseconds (0: no animation).

    Signals:
        dice_settled(): the dice of the latest :meth:`show_dice` lie still on their faces.
        picked_changed(list): the ids of the picked dice, after every change of the pick.
    """

    dice_settled = Signal()
    picked_changed = Signal(list)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        duration_ms: int = DEFAULT_DURATION_MS,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(parent)
        plain_viewport(self)
        self.duration_ms = duration_ms
        self._scene = TrayScene(self)
        self._felt = Felt()
        self._throw = ThrowAnimation(
            self._scene, rng if rng is not None else random.Random(), parent=self
        )
        self._pick: DicePick | None = None
        self._picked: list[int] = []
        self._focus_id: int | None = None
        self._settled_timer = QTimer(self)
        self._settled_timer.setSingleShot(True)
        self._settled_timer.setInterval(0)
        self._set_up_view()
        self._stand_ins = DieStandIns(self.viewport())
        self._connect_signals()

    def _set_up_view(self) -> None:
        self.setScene(self._scene)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.verticalScrollBar().setStyleSheet(_SCROLL_BAR_STYLE)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # The felt is drawn relative to the visible area, so repaint all of it when scrolling.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        put(self.setAccessibleName, _("Dice tray"))
        put(self.setAccessibleDescription, _("No dice thrown yet"))

    def _connect_signals(self) -> None:
        self._throw.finished.connect(self._on_throw_finished)
        self._settled_timer.timeout.connect(self.dice_settled)
        events.changed.connect(self._on_language_changed)

    # --- showing dice ------------------------------------------------------------------

    def show_dice(
        self, dice: Sequence[Die], new_ids: Collection[int], *, animate: bool = True
    ) -> None:
        """Lay out ``dice`` and let those in ``new_ids`` tumble in.

        Pass all of the session's dice (rerolled ones included, they are drawn faded and
        crossed out) and the ids of the latest throw. Dice already on the tray keep their
        items and glide to new places if the layout changed. ``dice_settled`` follows once
        the new dice lie still, at once (from the event loop) when nothing is animated. A
        call while dice still tumble finishes that throw at once, and only the new call
        ends in ``dice_settled``.
        """
        self._stop_animation()
        self._settled_timer.stop()
        new_ids = set(new_ids)
        old_positions = {item.die.id: QPointF(item.pos()) for item in self._scene.die_items()}
        picked_before = list(self._picked)
        self._scene.set_dice(dice)
        shown = {die.id for die in self._scene.dice}
        self._picked = [die_id for die_id in self._picked if die_id in shown]
        self._relayout()
        animated = [die.id for die in self._scene.dice if die.id in new_ids]
        if animate and self.duration_ms > 0 and animated:
            self._throw.start(
                animated,
                old_positions,
                new_ids,
                visible=self._visible_rect(),
                duration_ms=self.duration_ms,
            )
        else:
            self._scene.place_all()
            self._settled_timer.start()
        self._sync_pick()
        self._update_description()
        if self._picked != picked_before:
            self.picked_changed.emit(list(self._picked))

    @property
    def felt(self) -> QColor:
        """The felt's colour."""
        return QColor(self._felt.colour)

    def set_look(self, *, felt: QColor, max_die_size: int) -> None:
        """The felt's colour and the largest size of a die (dice shrink to fit below it)."""
        self._felt.colour = QColor(felt)
        self._scene.max_die_size = max_die_size
        self._relayout()
        if not self.is_animating():
            self._scene.place_all()
        self.viewport().update()

    def set_dice_colours(self, colours: dict[str, QColor]) -> None:
        """Colour plain dice by who threw them (by character; "" for a single roll's)."""
        self._scene.set_colours(colours)

    def clear(self) -> None:
        """Take every die off the tray (and end a pick)."""
        self._stop_animation()
        self._settled_timer.stop()
        self.end_pick()
        self._scene.set_dice([])
        self._relayout()
        self._update_description()

    def die_item(self, die_id: int) -> DieItem:
        """Return the item showing the die with this id (KeyError when it is not shown)."""
        return self._scene.die_item(die_id)

    def die_items(self) -> list[DieItem]:
        """Return the items of all dice, in the order they are laid out."""
        return self._scene.die_items()

    def die_stand_ins(self) -> list[QLabel]:
        """The accessible stand-in of each die, in the order of the dice (one hidden while
        its die is out of sight).
        """
        return self._stand_ins.labels()

    def captions(self) -> list[str]:
        """Return the group captions shown, top to bottom."""
        return self._scene.captions()

    def is_animating(self) -> bool:
        """Whether dice are still tumbling in."""
        return self._throw.is_running()

    def die_size(self) -> float:
        """Return the size of the dice as laid out now, in pixels."""
        return self._scene.layout.size

    def sizeHint(self) -> QSize:
        """Room for a pool of a dozen dice and a second group."""
        return QSize(600, 260)

    def minimumSizeHint(self) -> QSize:
        """Room for a few dice."""
        return QSize(240, 120)

    # --- picking dice --------------------------------------------------------------------

    def begin_pick(self, pick: DicePick) -> None:
        """Let the player pick dice for an action; the suggested dice start picked.

        Eligible dice get a dashed ring and can be toggled by clicking them, or by moving the
        dotted focus ring with Left/Right and pressing Space or Enter. With ``maximum`` 1 a new
        choice replaces the old one; with a larger maximum reached, further dice are refused.
        Emits ``picked_changed`` with the starting choice. The tray does not take the keyboard
        focus itself; call ``setFocus()`` to let the keyboard pick at once.
        """
        self._pick = pick
        eligible = self._eligible_order()
        self._picked = [
            die_id
            for die_id in self._dice_order()
            if die_id in pick.suggested and die_id in eligible
        ]
        self._focus_id = self._picked[0] if self._picked else (eligible[0] if eligible else None)
        self._sync_pick()
        self.picked_changed.emit(list(self._picked))

    def end_pick(self) -> None:
        """Leave pick mode; emits ``picked_changed([])`` if dice were picked."""
        had_picked = bool(self._picked)
        self._pick = None
        self._picked = []
        self._focus_id = None
        self._sync_pick()
        if had_picked:
            self.picked_changed.emit([])

    def is_picking(self) -> bool:
        """Whether the tray is in pick mode."""
        return self._pick is not None

    def picked(self) -> list[int]:
        """Return the ids of the picked dice, in throw order."""
        return list(self._picked)

    def focused_die_id(self) -> int | None:
        """Return the die under the keyboard focus ring in pick mode, else None."""
        return self._focus_id

    def toggle_die(self, die_id: int) -> bool:
        """Pick or unpick a die as a click would; return whether the pick changed."""
        if self._pick is None or die_id not in self._eligible_order():
            return False
        if die_id in self._picked:
            self._picked.remove(die_id)
        elif self._pick.maximum == 1:
            self._picked = [die_id]
        elif self._pick.maximum is not None and len(self._picked) >= self._pick.maximum:
            return False
        else:
            order = self._dice_order()
            self._picked = sorted([*self._picked, die_id], key=order.index)
        self._focus_id = die_id
        self._sync_pick()
        self.picked_changed.emit(list(self._picked))
        return True

    # --- events --------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Toggle an eligible die under the mouse in pick mode."""
        if self._pick is not None and event.button() == Qt.MouseButton.LeftButton:
            item = self._die_item_at(event.position().toPoint())
            if item is not None and item.eligible:
                self.toggle_die(item.die.id)
                event.accept()
                return
        super().mousePressEvent(event)
        event.accept()  # the table ends here: clicks on the felt are not passed on

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """Take every release, as the press was taken."""
        super().mouseReleaseEvent(event)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Left/Right move the focus ring between eligible dice, Space toggles (Enter
        takes the pick: the roll panel's key).
        """
        if self._pick is not None:
            key = event.key()
            if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End):
                self._move_focus(key)
                event.accept()
                return
            if key == Qt.Key.Key_Space:
                if self._focus_id is not None:
                    self.toggle_die(self._focus_id)
                event.accept()
                return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Show the focus ring."""
        super().focusInEvent(event)
        self._sync_pick()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Hide the focus ring."""
        super().focusOutEvent(event)
        self._sync_pick()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Wrap and size the dice to the new width."""
        super().resizeEvent(event)
        self._relayout()
        if not self.is_animating():
            self._scene.place_all()
        self._update_stand_ins()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        """Keep the dice's stand-ins over their dice."""
        super().scrollContentsBy(dx, dy)
        self._update_stand_ins()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """Paint the felt: a dark green cloth, lit in the middle, with a darker rim."""
        self._felt.draw(painter, rect, self._visible_rect())

    # --- throws and layout ---------------------------------------------------------------

    def _on_throw_finished(self) -> None:
        self._scene.place_all()
        self._update_stand_ins()
        self.dice_settled.emit()

    def _stop_animation(self) -> None:
        self._throw.stop()
        self._scene.place_all()

    def _relayout(self) -> None:
        """Lay the dice out for the view's size and keep the focus ring on an eligible die."""
        self._scene.relayout(max(1, self.viewport().width()), max(1, self.viewport().height()))
        eligible = self._eligible_order()
        if self._focus_id is not None and self._focus_id not in eligible:
            self._focus_id = eligible[0] if eligible else None
        self._sync_pick()

    # --- helpers -------------------------------------------------------------------------

    def _dice_order(self) -> list[int]:
        return [die.id for die in self._scene.dice]

    def _eligible_order(self) -> list[int]:
        if self._pick is None:
            return []
        eligible = set(self._pick.eligible)
        return [die_id for die_id in self._scene.layout.order if die_id in eligible]

    def _sync_pick(self) -> None:
        """Show on every die whether it is eligible, picked and focused."""
        picking = self._pick is not None
        eligible = set(self._eligible_order())
        ring = self.hasFocus()
        for item in self._scene.die_items():
            die_id = item.die.id
            item.set_pick_state(
                pick_mode=picking,
                eligible=die_id in eligible,
                picked=die_id in self._picked,
                focused=picking and ring and die_id == self._focus_id,
            )

    def _move_focus(self, key: int) -> None:
        eligible = self._eligible_order()
        if not eligible:
            return
        if self._focus_id not in eligible:
            index = 0
        elif key == Qt.Key.Key_Left:
            index = max(0, eligible.index(self._focus_id) - 1)
        elif key == Qt.Key.Key_Right:
            index = min(len(eligible) - 1, eligible.index(self._focus_id) + 1)
        elif key == Qt.Key.Key_Home:
            index = 0
        else:
            index = len(eligible) - 1
        self._focus_id = eligible[index]
        self._sync_pick()
        self.ensureVisible(self._scene.die_item(self._focus_id).sceneBoundingRect(), 8, 8)

    def _visible_rect(self) -> QRectF:
        """Return the part of the scene the view shows."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def _die_item_at(self, point: QPoint) -> DieItem | None:
        for item in self.items(point):
            if isinstance(item, DieItem):
                return item
        return None

    def _update_stand_ins(self) -> None:
        items = {item.die.id: item for item in self._scene.die_items()}
        ordered = [items[die.id] for die in self._scene.dice if die.id in items]

        def place(item: DieItem) -> QRect:
            half = item.size / 2
            body = item.mapRectToScene(QRectF(-half, -half, item.size, item.size))
            return self.mapFromScene(body).boundingRect()

        self._stand_ins.update(ordered, place)

    def _on_language_changed(self) -> None:
        """The dice's words (tooltips, stand-ins, captions, the description) in the new
        language.
        """
        for item in self._scene.die_items():
            item.refresh_words()
        self._relayout()
        if not self.is_animating():
            self._scene.place_all()
        self._update_description()

    def _update_description(self) -> None:
        self._update_stand_ins()
        if not self._scene.dice:
            put(self.setAccessibleDescription, _("No dice thrown yet"))
            return
        parts = []
        number = {die.id: place for place, die in enumerate(self._scene.dice, start=1)}
        for name, members in group_dice(self._scene.dice):
            words = "; ".join(
                _("die {number}: {die}", number=number[die.id], die=describe_die(die))
                for die in members
            )
            parts.append(f"{caption_for(name)}: {words}" if name else words)
        self.setAccessibleDescription(". ".join(parts))
