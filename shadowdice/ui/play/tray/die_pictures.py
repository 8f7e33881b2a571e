"""The pictures of dice, painted once and kept: what makes the tray fast.

Painting a die (shadow, halos, body, face, badges, bars, chain) takes antialiased paths,
gradients and text; thirty of them every frame of a throw took a whole frame. A die looks the
same whenever what it shows is the same, so :class:`DiePictures` keeps the picture of each
look as a pixmap, under a key of everything that changes it (sides, face, marks, score,
chain, pick state, size) and of the device pixel ratio of the screen it is drawn on. Drawing
a die is then one pixmap, turned and scaled by the item's transform while it tumbles, and
set on whole device pixels at rest so that it stays as sharp as painting it.

The pictures are kept in the order they were last used, :data:`MOST_PICTURES` at most.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

#: How many pictures are kept: every face and mark of a few hundred dice, a few MB.
MOST_PICTURES = 600


class DiePictures:
    """Pictures of dice by their look, painted on first use."""

    def __init__(self, most: int = MOST_PICTURES) -> None:
        self._most = most
        self._pictures: OrderedDict[Hashable, QPixmap] = OrderedDict()
        self.painted = 0

    def __len__(self) -> int:
        return len(self._pictures)

    def clear(self) -> None:
        """Forget every picture."""
        self._pictures.clear()

    def draw(
        self,
        painter: QPainter,
        key: Hashable,
        rect: QRectF,
        paint: Callable[[QPainter], None],
    ) -> None:
        """Draw the picture of ``key`` in ``rect`` (item coordinates); ``paint`` makes it.

        ``paint`` paints the die in item coordinates, as the item's ``paint`` would; it runs
        only when no picture of ``key`` at this device pixel ratio is kept yet.
        """
        ratio = painter.device().devicePixelRatioF()
        full_key = (key, ratio, rect.x(), rect.y(), rect.width(), rect.height())
        picture = self._pictures.get(full_key)
        if picture is None:
            picture = self._paint(rect, ratio, paint)
            self._pictures[full_key] = picture
            if len(self._pictures) > self._most:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(full_key)
        painter.drawPixmap(_on_whole_pixels(painter, rect.topLeft(), ratio), picture)

    def _paint(self, rect: QRectF, ratio: float, paint: Callable[[QPainter], None]) -> QPixmap:
        picture = QPixmap(
            max(1, math.ceil(rect.width() * ratio)), max(1, math.ceil(rect.height() * ratio))
        )
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.translate(-rect.topLeft())
        paint(painter)
        painter.end()
        self.painted += 1
        return picture


def _on_whole_pixels(painter: QPainter, point: QPointF, ratio: float) -> QPointF:
    """``point``, moved by less than a device pixel onto a whole one when nothing turns or
    scales the die (it lies still), so that the pixmap is copied, not resampled.
    """
    transform = painter.worldTransform()
    if transform.type().value > QTransform.TransformationType.TxTranslate.value:
        return point
    device = transform.map(point)
    snapped = QPointF(round(device.x() * ratio) / ratio, round(device.y() * ratio) / ratio)
    return point + (snapped - device)
