"""The dice tray: the session's dice on a felt table, tumbling in as they are thrown.

DESIGN.md, "The shape of a check": the tray animates every throw of a roll session and shows
the marks; it knows dice faces and marks, never rules. It also lets the player pick dice for
an action that asks for a :class:`~shadowdice.core.session.DicePick` (a die to reroll, dice
to keep), by mouse or keyboard.

Dice are laid out by :attr:`~shadowdice.core.die.Die.group`: the main pool first, then every
other group ("edge", "destiny", a character's name) in its own captioned panel, in the order
the groups first appear. Within a group, kept dice lie apart in a "kept" strip at the left,
then the dice that count, then the dice a reroll replaced, faded and crossed out. Dice wrap
to the width of the view and grow or shrink with it; when even the smallest dice do not fit,
the view scrolls vertically.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import (
    QEasingCurve,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from shadowdice.core.die import Die, Mark
from shadowdice.core.session import DicePick
from shadowdice.ui.die_item import DieItem, body_centre_depth, describe_die

#: Total time of a throw's animation, in milliseconds.
DEFAULT_DURATION_MS = 550

#: Largest and smallest die size in pixels; the tray picks the largest size that fits.
MAX_DIE_SIZE = 72
MIN_DIE_SIZE = 40
_SIZE_STEP = 4

#: Share of the animation each die spends tumbling; the rest staggers their start.
_TUMBLE_SPAN = 0.72
#: Face flickers per tumble, and the share of the tumble after which the real face shows.
_FLICKERS = 9
_REAL_FACE_AT = 0.78

_FELT_CENTRE = QColor("#2f6a4e")
_FELT_MIDDLE = QColor("#21503a")
_FELT_EDGE = QColor("#0f2419")
_PANEL_FILL = QColor(0, 0, 0, 46)
_PANEL_EDGE = QColor(255, 255, 255, 28)
_KEPT_FILL = QColor(230, 179, 37, 38)
_KEPT_EDGE = QColor(230, 179, 37, 150)
_CAPTION = QColor("#d9e8dc")
_KEPT_CAPTION = QColor("#f0cc62")

#: A slim scroll bar in the colours of the felt, for when many dice do not fit.
_SCROLL_BAR_STYLE = """
QScrollBar:vertical { background: #10261c; width: 10px; margin: 0; }
QScrollBar::handle:vertical {
    background: rgba(255, 255, 255, 80); border-radius: 3px; min-height: 24px; margin: 2px;
}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; }
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }
"""


def group_dice(dice: Sequence[Die]) -> list[tuple[str, list[Die]]]:
    """Return the dice by group: the main pool ("") first, then others as they first appear."""
    groups: dict[str, list[Die]] = {"": []}
    for die in dice:
        groups.setdefault(die.group, []).append(die)
    return [(name, members) for name, members in groups.items() if members]


def split_group(dice: Sequence[Die]) -> tuple[list[Die], list[Die], list[Die]]:
    """Split one group's dice into (kept, counting, rerolled), each in throw order."""
    kept, counting, rerolled = [], [], []
    for die in dice:
        if die.has(Mark.REROLLED):
            rerolled.append(die)
        elif die.has(Mark.KEPT):
            kept.append(die)
        else:
            counting.append(die)
    return kept, counting, rerolled


def caption_for(group: str) -> str:
    """Return a group's caption: its name with a capital first letter ("edge" -> "Edge")."""
    return group[:1].upper() + group[1:]


@dataclass
class _Layout:
    """Where everything goes at one die size."""

    size: float
    height: float = 0.0
    positions: dict[int, QPointF] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    captions: list[tuple[str, QPointF, bool]] = field(default_factory=list)
    panels: list[tuple[QRectF, bool]] = field(default_factory=list)


@dataclass
class _Tumble:
    """How one new die tumbles in."""

    start: QPointF
    spin: float
    delay: float
    flicker: int = -1


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
        self.duration_ms = duration_ms
        self._rng = rng if rng is not None else random.Random()
        self._scene = QGraphicsScene(self)
        self._scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._dice: list[Die] = []
        self._items: dict[int, DieItem] = {}
        self._decorations: list[QGraphicsItem] = []
        self._caption_texts: list[str] = []
        self._layout = _Layout(size=MAX_DIE_SIZE)
        self._tumbles: dict[int, _Tumble] = {}
        self._moves: dict[int, QPointF] = {}
        self._pick: DicePick | None = None
        self._picked: list[int] = []
        self._focus_id: int | None = None
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._settled_timer = QTimer(self)
        self._settled_timer.setSingleShot(True)
        self._settled_timer.setInterval(0)
        self._set_up_view()
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
        self.setAccessibleName("Dice tray")
        self.setAccessibleDescription("No dice thrown yet")

    def _connect_signals(self) -> None:
        self._animation.valueChanged.connect(self._on_animation_value_changed)
        self._animation.finished.connect(self._on_animation_finished)
        self._settled_timer.timeout.connect(self.dice_settled)

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
        old_positions = {die_id: QPointF(item.pos()) for die_id, item in self._items.items()}
        picked_before = list(self._picked)
        self._dice = list(dice)
        self._sync_items()
        self._relayout()
        animated = [die.id for die in self._dice if die.id in new_ids]
        if animate and self.duration_ms > 0 and animated:
            self._start_animation(animated, old_positions, new_ids)
        else:
            self._place_all()
            self._settled_timer.start()
        self._sync_pick()
        self._update_description()
        if self._picked != picked_before:
            self.picked_changed.emit(list(self._picked))

    def clear(self) -> None:
        """Take every die off the tray (and end a pick)."""
        self._stop_animation()
        self._settled_timer.stop()
        self.end_pick()
        self._dice = []
        self._sync_items()
        self._relayout()
        self._update_description()

    def die_item(self, die_id: int) -> DieItem:
        """Return the item showing the die with this id (KeyError when it is not shown)."""
        return self._items[die_id]

    def die_items(self) -> list[DieItem]:
        """Return the items of all dice, in the order they are laid out."""
        return [self._items[die_id] for die_id in self._layout.order]

    def captions(self) -> list[str]:
        """Return the group captions shown, top to bottom."""
        return list(self._caption_texts)

    def is_animating(self) -> bool:
        """Whether dice are still tumbling in."""
        return self._animation.state() == QVariantAnimation.State.Running

    def die_size(self) -> float:
        """Return the size of the dice as laid out now, in pixels."""
        return self._layout.size

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
        """Left/Right move the focus ring between eligible dice, Space/Enter toggle."""
        if self._pick is not None:
            key = event.key()
            if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End):
                self._move_focus(key)
                event.accept()
                return
            if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
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
            self._place_all()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """Paint the felt: a dark green cloth, lit in the middle, with a darker rim."""
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        painter.fillRect(rect, _FELT_EDGE)
        radius = max(visible.width(), visible.height()) * 0.75
        gradient = QRadialGradient(visible.center() - QPointF(0, visible.height() * 0.15), radius)
        gradient.setColorAt(0.0, _FELT_CENTRE)
        gradient.setColorAt(0.55, _FELT_MIDDLE)
        gradient.setColorAt(1.0, _FELT_EDGE)
        painter.fillRect(rect, QBrush(gradient))
        # The tray's rim: a soft inner shadow along the edges.
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for inset, alpha in ((1.5, 90), (4.0, 45), (8.0, 20)):
            painter.setPen(QPen(QColor(0, 0, 0, alpha), 3.0))
            painter.drawRoundedRect(visible.adjusted(inset, inset, -inset, -inset), 10, 10)
        painter.restore()

    # --- animation -----------------------------------------------------------------------

    def _start_animation(
        self, animated: list[int], old_positions: dict[int, QPointF], new_ids: set[int]
    ) -> None:
        size = self._layout.size
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        count = len(animated)
        self._tumbles = {}
        for index, die_id in enumerate(animated):
            target = self._layout.positions[die_id]
            stagger = (1.0 - _TUMBLE_SPAN) * (index / max(1, count - 1)) if count > 1 else 0.0
            start = QPointF(
                visible.left() - size * (0.8 + self._rng.random()),
                min(visible.bottom() + size * 0.3, target.y() + size * self._rng.uniform(0.3, 1.6)),
            )
            spin = self._rng.choice((-1, 1)) * self._rng.uniform(360.0, 720.0)
            self._tumbles[die_id] = _Tumble(start=start, spin=spin, delay=stagger)
            item = self._items[die_id]
            item.start_rolling(self._random_face(item.die.sides, item.die.face))
        self._moves = {
            die_id: position
            for die_id, position in old_positions.items()
            if die_id not in new_ids and die_id in self._layout.positions
        }
        for die_id, item in self._items.items():
            if die_id not in self._tumbles and die_id not in self._moves:
                item.setPos(self._layout.positions[die_id])
        self._animation.setDuration(self.duration_ms)
        self._on_animation_value_changed(0.0)
        self._animation.start()

    def _on_animation_value_changed(self, value: object) -> None:
        progress = float(value)  # type: ignore[arg-type]
        targets = self._layout.positions
        size = self._layout.size
        for die_id, tumble in self._tumbles.items():
            item = self._items[die_id]
            if not item.rolling:
                continue
            local = min(1.0, max(0.0, (progress - tumble.delay) / _TUMBLE_SPAN))
            if local >= 1.0:
                item.setPos(targets[die_id])
                item.settle()
                continue
            eased = 1.0 - (1.0 - local) ** 3
            target = targets[die_id]
            hop = math.sin(math.pi * min(1.0, eased * 1.15)) * size * 0.35
            item.setPos(
                tumble.start + (target - tumble.start) * eased - QPointF(0.0, hop * (1.0 - eased))
            )
            item.setRotation(tumble.spin * (1.0 - eased))
            item.setScale(1.0 + 0.3 * (1.0 - eased))
            if local >= _REAL_FACE_AT:
                item.show_face(item.die.face)
            else:
                flicker = int(local * _FLICKERS)
                if flicker != tumble.flicker:
                    tumble.flicker = flicker
                    item.show_face(self._random_face(item.die.sides, item.shown_face))
        glide = QEasingCurve(QEasingCurve.Type.InOutCubic).valueForProgress(progress)
        for die_id, start in self._moves.items():
            self._items[die_id].setPos(start + (targets[die_id] - start) * glide)

    def _on_animation_finished(self) -> None:
        self._place_all()
        self.dice_settled.emit()

    def _stop_animation(self) -> None:
        if self.is_animating():
            self._animation.stop()
        self._place_all()

    def _place_all(self) -> None:
        """Put every die at rest in its place."""
        self._tumbles = {}
        self._moves = {}
        for die_id, item in self._items.items():
            if item.rolling:
                item.settle()
            position = self._layout.positions.get(die_id)
            if position is not None:
                item.setPos(position)

    def _random_face(self, sides: int, avoid: int) -> int:
        face = self._rng.randint(1, sides)
        return face if face != avoid or sides < 2 else (face % sides) + 1

    # --- layout --------------------------------------------------------------------------

    def _sync_items(self) -> None:
        """Make one item per die: keep the items of dice still shown, drop the others."""
        wanted = {die.id: die for die in self._dice}
        for die_id in [die_id for die_id in self._items if die_id not in wanted]:
            self._scene.removeItem(self._items.pop(die_id))
        for die_id, die in wanted.items():
            item = self._items.get(die_id)
            if item is None:
                item = DieItem(die, self._layout.size)
                item.setZValue(1.0)
                self._scene.addItem(item)
                self._items[die_id] = item
            elif item.die != die:
                item.set_die(die)
        self._picked = [die_id for die_id in self._picked if die_id in wanted]

    def _relayout(self) -> None:
        """Choose the largest die size that fits the view and place groups, captions, panels."""
        width = max(1, self.viewport().width())
        height = max(1, self.viewport().height())
        layout = None
        for size in range(MAX_DIE_SIZE, MIN_DIE_SIZE - 1, -_SIZE_STEP):
            layout = self._compute_layout(width, float(size))
            if layout.height <= height:
                break
        assert layout is not None
        self._layout = layout
        for item in self._items.values():
            item.set_size(layout.size)
        self._rebuild_decorations()
        self._scene.setSceneRect(QRectF(0, 0, width, max(layout.height, 1.0)))
        eligible = self._eligible_order()
        if self._focus_id is not None and self._focus_id not in eligible:
            self._focus_id = eligible[0] if eligible else None
        self._sync_pick()

    def _compute_layout(self, width: float, size: float) -> _Layout:
        layout = _Layout(size=size)
        margin = max(10.0, 0.22 * size)
        gap = 0.12 * size
        section_gap = 0.5 * size
        caption_height = max(14.0, 0.28 * size)
        pad = 0.14 * size
        depth = body_centre_depth(size)
        y = margin
        for name, members in group_dice(self._dice):
            group_top = y
            if name:
                y += pad
                layout.captions.append((caption_for(name), QPointF(margin + pad, y), False))
                y += caption_height
            left = margin + pad
            right = width - margin - pad
            kept, counting, rerolled = split_group(members)
            if kept:
                # The "kept" strip has a caption of its own above it.
                layout.captions.append(("kept", QPointF(left, y), True))
                y += caption_height
            x, row_top, row_height = left, y, 0.0
            for section_index, section in enumerate((kept, counting, rerolled)):
                if not section:
                    continue
                if x > left:
                    x += section_gap - gap
                section_rect = QRectF()
                for die in section:
                    item = self._items[die.id]
                    footprint = item.footprint(size)
                    if x > left and x + footprint.width() > right:
                        row_top += row_height + gap
                        x, row_height = left, 0.0
                    layout.positions[die.id] = QPointF(x - footprint.left(), row_top + depth)
                    layout.order.append(die.id)
                    placed = QRectF(
                        x, row_top + depth + footprint.top(), footprint.width(), footprint.height()
                    )
                    section_rect = section_rect.united(placed) if section_rect.isValid() else placed
                    x += footprint.width() + gap
                    row_height = max(row_height, depth + footprint.bottom())
                if section_index == 0:
                    layout.panels.append((section_rect.adjusted(-pad, -pad, pad, pad), True))
            y = row_top + row_height
            if name:
                y += pad
                layout.panels.append(
                    (QRectF(margin, group_top, width - 2 * margin, y - group_top), False)
                )
            y += 2 * gap
        layout.height = y - 2 * gap + margin if self._dice else 0.0
        return layout

    def _rebuild_decorations(self) -> None:
        for item in self._decorations:
            self._scene.removeItem(item)
        self._decorations = []
        self._caption_texts = []
        size = self._layout.size
        for rect, kept in self._layout.panels:
            path = QPainterPath()
            path.addRoundedRect(rect, 0.18 * size, 0.18 * size)
            panel = QGraphicsPathItem(path)
            panel.setBrush(_KEPT_FILL if kept else _PANEL_FILL)
            pen = QPen(_KEPT_EDGE if kept else _PANEL_EDGE, 1.2)
            if kept:
                pen.setStyle(Qt.PenStyle.DashLine)
            panel.setPen(pen)
            panel.setZValue(-2.0 if not kept else -1.0)
            self._add_decoration(panel)
        font = QFont()
        font.setPixelSize(max(11, round(0.2 * size)))
        font.setWeight(QFont.Weight.DemiBold)
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 0.8)
        for text, position, kept in self._layout.captions:
            caption = QGraphicsSimpleTextItem(text)
            caption.setFont(font)
            caption.setBrush(_KEPT_CAPTION if kept else _CAPTION)
            caption.setPos(position)
            caption.setZValue(0.0)
            self._add_decoration(caption)
            if not kept:
                self._caption_texts.append(text)

    def _add_decoration(self, item: QGraphicsItem) -> None:
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._scene.addItem(item)
        self._decorations.append(item)

    # --- helpers -------------------------------------------------------------------------

    def _dice_order(self) -> list[int]:
        return [die.id for die in self._dice]

    def _eligible_order(self) -> list[int]:
        if self._pick is None:
            return []
        eligible = set(self._pick.eligible)
        return [die_id for die_id in self._layout.order if die_id in eligible]

    def _sync_pick(self) -> None:
        """Show on every die whether it is eligible, picked and focused."""
        picking = self._pick is not None
        eligible = set(self._eligible_order())
        ring = self.hasFocus()
        for die_id, item in self._items.items():
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
        self.ensureVisible(self._items[self._focus_id].sceneBoundingRect(), 8, 8)

    def _die_item_at(self, point: QPoint) -> DieItem | None:
        for item in self.items(point):
            if isinstance(item, DieItem):
                return item
        return None

    def _update_description(self) -> None:
        if not self._dice:
            self.setAccessibleDescription("No dice thrown yet")
            return
        parts = []
        for name, members in group_dice(self._dice):
            words = "; ".join(describe_die(die) for die in members)
            parts.append(f"{caption_for(name)}: {words}" if name else words)
        self.setAccessibleDescription(". ".join(parts))
