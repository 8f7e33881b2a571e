"""What the dice tray shows: the dice, the panels and captions of their groups, and the felt.

:class:`TrayScene` holds one :class:`~shadowdice.ui.play.tray.die_item.DieItem` per die and
places the dice, panels and captions by a :class:`~shadowdice.ui.play.tray.layout.TrayLayout`;
it decides nothing about picks or throws. :class:`~shadowdice.ui.play.tray.dice_tray.DiceTray`
shows the scene, paints the felt behind it with :func:`paint_felt` (kept as a picture by
:class:`Felt`), and drives it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from shadowdice.core.die import Die
from shadowdice.ui.play.tray.die_item import DieItem, body_centre_depth
from shadowdice.ui.play.tray.layout import MAX_DIE_SIZE, TrayLayout, caption_pixel_size, fit_layout

#: The felt's colour in the light; the middle and the rim are shades of it.
FELT = QColor("#2f6a4e")
_PANEL_FILL = QColor(0, 0, 0, 46)
_PANEL_EDGE = QColor(255, 255, 255, 28)
_KEPT_FILL = QColor(230, 179, 37, 38)
_KEPT_EDGE = QColor(230, 179, 37, 150)
_CAPTION = QColor("#d9e8dc")
_KEPT_CAPTION = QColor("#f0cc62")


class TrayScene(QGraphicsScene):
    """The dice on the tray and the panels and captions of their groups.

    :meth:`set_dice` makes the items, :meth:`relayout` lays them out for a view's size and
    :meth:`place_all` puts every die at rest in its place. In between, a throw's animation
    moves the dice.

    Attributes:
        dice: the dice shown, in throw order (read-only; change them with :meth:`set_dice`).
        layout: where everything goes (read-only; change it with :meth:`relayout`).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._dice: list[Die] = []
        self._items: dict[int, DieItem] = {}
        self._scenery: list[QGraphicsItem] = []
        self._layout = TrayLayout(size=MAX_DIE_SIZE)
        self.max_die_size = MAX_DIE_SIZE
        self._colours: dict[str, QColor] = {}

    @property
    def dice(self) -> Sequence[Die]:
        """The dice shown, in throw order (read-only)."""
        return self._dice

    @property
    def layout(self) -> TrayLayout:
        """Where everything goes."""
        return self._layout

    def die_item(self, die_id: int) -> DieItem:
        """Return the item showing the die with this id (KeyError when it is not shown)."""
        return self._items[die_id]

    def die_items(self) -> list[DieItem]:
        """Return the items of all dice, in the order they are laid out."""
        return [self._items[die_id] for die_id in self._layout.order]

    def captions(self) -> list[str]:
        """Return the group captions shown, in reading order (not the "kept" strips')."""
        return [caption.text for caption in self._layout.captions if not caption.kept]

    def set_dice(self, dice: Sequence[Die]) -> None:
        """Make one item per die: keep the items of dice still shown, drop the others.

        Call :meth:`relayout` next: the new items have no place yet.
        """
        self._dice = list(dice)
        wanted = {die.id: die for die in self._dice}
        for die_id in [die_id for die_id in self._items if die_id not in wanted]:
            self.removeItem(self._items.pop(die_id))
        for die_id, die in wanted.items():
            item = self._items.get(die_id)
            if item is None:
                item = DieItem(die, self._layout.size)
                item.set_colour(self._colour_of(die))
                item.setZValue(1.0)
                self.addItem(item)
                self._items[die_id] = item
            elif item.die != die:
                item.set_die(die)

    def set_colours(self, colours: dict[str, QColor]) -> None:
        """Colour the plain dice by who threw them: ``colours`` by the group's first part
        (the character in a group roll) and "" for dice of no group.
        """
        self._colours = dict(colours)
        for item in self._items.values():
            item.set_colour(self._colour_of(item.die))

    def _colour_of(self, die: Die) -> QColor | None:
        owner = die.group.split(" · ")[0]
        return self._colours.get(owner, self._colours.get(""))

    def relayout(self, width: int, height: int) -> None:
        """Lay the dice out at the largest size that fits ``width`` x ``height``.

        Sizes the dice, replaces the panels and captions and sets the scene's rect, but moves
        no die: see :meth:`place_all`.
        """
        self._layout = fit_layout(
            self._dice,
            width,
            height,
            footprint=lambda die, size: self._items[die.id].footprint(size),
            centre_depth=body_centre_depth,
            caption_width=caption_width,
            max_size=self.max_die_size,
        )
        for item in self._items.values():
            item.set_size(self._layout.size)
        self._rebuild_scenery()
        self.setSceneRect(QRectF(0, 0, width, max(self._layout.height, 1.0)))

    def place_all(self) -> None:
        """Put every die at rest in its place."""
        for die_id, item in self._items.items():
            if item.rolling:
                item.settle()
            position = self._layout.positions.get(die_id)
            if position is not None:
                item.setPos(position)

    def _rebuild_scenery(self) -> None:
        """Replace the panels and captions with those of the layout, under the dice.

        They take no mouse buttons, so a click on them reaches the tray.
        """
        for item in self._scenery:
            self.removeItem(item)
        self._scenery = []
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
            self._add_scenery(panel)
        font = caption_font(size)
        for text, position, kept in self._layout.captions:
            caption = QGraphicsSimpleTextItem(text)
            caption.setFont(font)
            caption.setBrush(_KEPT_CAPTION if kept else _CAPTION)
            caption.setPos(position)
            caption.setZValue(0.0)
            self._add_scenery(caption)

    def _add_scenery(self, item: QGraphicsItem) -> None:
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        self._scenery.append(item)


def caption_font(size: float) -> QFont:
    """Return the font of the captions at die ``size``."""
    font = QFont()
    font.setPixelSize(caption_pixel_size(size))
    font.setWeight(QFont.Weight.DemiBold)
    font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 0.8)
    return font


def caption_width(text: str, size: float) -> float:
    """Return how wide a caption is drawn at die ``size``, in pixels."""
    return QFontMetricsF(caption_font(size)).horizontalAdvance(text)


class Felt:
    """The felt of one tray, painted once per size of the view and then copied every frame.

    The pictures of the last few sizes are kept: switching between characters whose check
    forms leave the tray other heights finds the felt painted already.
    """

    #: How many sizes of the felt are kept painted.
    KEPT = 6

    def __init__(self, colour: QColor = FELT) -> None:
        self.colour = QColor(colour)
        self._pictures: dict[tuple[float, float, float, int], QPixmap] = {}

    def draw(self, painter: QPainter, rect: QRectF, visible: QRectF) -> None:
        """Draw the felt in ``rect`` as :func:`paint_felt` paints it."""
        ratio = painter.device().devicePixelRatioF()
        key = (visible.width(), visible.height(), ratio, self.colour.rgb())
        picture = self._pictures.pop(key, None)
        if picture is None:
            picture = QPixmap(
                max(1, round(visible.width() * ratio)), max(1, round(visible.height() * ratio))
            )
            picture.setDevicePixelRatio(ratio)
            felt = QPainter(picture)
            origin = QRectF(0, 0, visible.width(), visible.height())
            paint_felt(felt, origin, origin, self.colour)
            felt.end()
            while len(self._pictures) >= self.KEPT:
                del self._pictures[next(iter(self._pictures))]  # the least recently drawn
        self._pictures[key] = picture
        if not visible.contains(rect):
            painter.fillRect(rect, self.colour.darker(310))
        painter.drawPixmap(visible.topLeft(), picture)


def paint_felt(painter: QPainter, rect: QRectF, visible: QRectF, felt: QColor = FELT) -> None:
    """Paint the felt in ``rect``: a dark green cloth, lit in the middle, with a darker rim.

    The light and the rim follow ``visible``, the part of the scene the view shows, so the
    felt stays put while the dice scroll.
    """
    edge, middle = felt.darker(310), felt.darker(140)
    painter.fillRect(rect, edge)
    radius = max(visible.width(), visible.height()) * 0.75
    gradient = QRadialGradient(visible.center() - QPointF(0, visible.height() * 0.15), radius)
    gradient.setColorAt(0.0, felt)
    gradient.setColorAt(0.55, middle)
    gradient.setColorAt(1.0, edge)
    painter.fillRect(rect, QBrush(gradient))
    # The tray's rim: a soft inner shadow along the edges.
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for inset, alpha in ((1.5, 90), (4.0, 45), (8.0, 20)):
        painter.setPen(QPen(QColor(0, 0, 0, alpha), 3.0))
        painter.drawRoundedRect(visible.adjusted(inset, inset, -inset, -inset), 10, 10)
    painter.restore()
