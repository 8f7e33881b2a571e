"""How a die's body is painted: its outline, shadow, rings, body colours and face.

Everything here draws about the centre of the die's body at the origin, at a body ``size`` in
pixels, and knows faces and :class:`~shadowdice.core.die.Mark` values, never rules. The marks
that change the body itself are painted here (the face and border colours of a hit, glitch,
fumble, failure, kept or chosen die); the marks drawn on top of it (badges, strikes, bars, the
exploding chain) are in :mod:`.die_marks`. :class:`~.die_item.DieItem` calls both in turn.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from shadowdice.core.die import Mark
from shadowdice.core.language import translations

_, _n = translations(__name__)

# Colours shared with the marks drawn on top of the body (shadowdice.ui.play.tray.die_marks).
IVORY = QColor("#f7f1e3")
HIT = QColor("#2f9e4f")
GLITCH = QColor("#e0302b")
FUMBLE_FACE_SHADE = QColor("#561010")

_IVORY_SHADE = QColor("#e3d8bf")
_IVORY_EDGE = QColor("#a59a82")
_INK = QColor("#1e1a15")
_HIT_FACE = QColor("#dcf2d6")
_HIT_FACE_SHADE = QColor("#b9e0b0")
_FUMBLE_FACE = QColor("#7d1616")
_FUMBLE_INK = QColor("#f8e6e2")
_FAILURE_FACE = QColor("#b4b2aa")
_FAILURE_FACE_SHADE = QColor("#96948c")
_FAILURE_INK = QColor("#57564f")
_KEPT = QColor("#e6b325")
_PICK = QColor("#5fd8ff")
_FOCUS = QColor("#ffffff")
_SIZE_LABEL = QColor("#8c8068")

#: Pip positions of a d6 face, in units of a quarter of the die size from its centre.
BLANK_FACE = 0
"""The face of a blank die: one that is shown without its face (a secret roll on the table)."""

_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}

#: Outline of the bigger dice as a hint of their shape: vertices in units of half the die size.
_OUTLINES: dict[int, tuple[tuple[float, float], ...]] = {
    4: ((0.0, -1.12), (1.1, 0.85), (-1.1, 0.85)),
    8: ((0.0, -1.16), (1.16, 0.0), (0.0, 1.16), (-1.16, 0.0)),
    10: ((0.0, -1.14), (1.06, -0.12), (0.0, 1.1), (-1.06, -0.12)),
    12: tuple(
        (1.12 * math.cos(math.radians(-90 + 72 * k)), 1.12 * math.sin(math.radians(-90 + 72 * k)))
        for k in range(5)
    ),
    20: tuple(
        (1.1 * math.cos(math.radians(-90 + 60 * k)), 1.1 * math.sin(math.radians(-90 + 60 * k)))
        for k in range(6)
    ),
}


def die_font(pixels: float, *, bold: bool = False) -> QFont:
    """Return the default font at ``pixels`` high (at least 1), bold if asked."""
    font = QFont()
    font.setPixelSize(max(1, round(pixels)))
    if bold:
        font.setWeight(QFont.Weight.Bold)
    return font


def body_path(sides: int, size: float, grow: float = 0.0) -> QPainterPath:
    """Return the outline of a die's body centred on the origin, ``grow`` px larger all round.

    A d6 is a rounded square; d4, d8, d10, d12 and d20 are rounded polygons hinting at their
    shape; any other die is a rounded square with its size written on it.
    """
    half = size / 2 + grow
    outline = _OUTLINES.get(sides)
    path = QPainterPath()
    if outline is None:
        radius = 0.2 * size + grow
        path.addRoundedRect(QRectF(-half, -half, 2 * half, 2 * half), radius, radius)
        return path
    points = [QPointF(x * half, y * half) for x, y in outline]
    corner = 0.14 * size + grow * 0.5
    count = len(points)
    for index, vertex in enumerate(points):
        before = points[index - 1]
        after = points[(index + 1) % count]
        entry = _towards(vertex, before, corner)
        leave = _towards(vertex, after, corner)
        if index == 0:
            path.moveTo(entry)
        else:
            path.lineTo(entry)
        path.quadTo(vertex, leave)
    path.closeSubpath()
    return path


def _towards(origin: QPointF, target: QPointF, distance: float) -> QPointF:
    """Return the point ``distance`` from ``origin`` towards ``target`` (at most halfway)."""
    dx, dy = target.x() - origin.x(), target.y() - origin.y()
    length = math.hypot(dx, dy) or 1.0
    step = min(distance, length / 2) / length
    return QPointF(origin.x() + dx * step, origin.y() + dy * step)


def paint_shadow(painter: QPainter, sides: int, size: float, *, lifted: bool) -> None:
    """Paint the soft shadow the die casts on the felt, further off when it is lifted."""
    offset = QPointF(0.04 * size, (0.1 if lifted else 0.06) * size)
    painter.setPen(Qt.PenStyle.NoPen)
    for step, alpha in ((0.07, 30), (0.04, 40), (0.0, 55)):
        path = body_path(sides, size, step * size).translated(offset)
        painter.fillPath(path, QColor(0, 0, 0, alpha))


def paint_halos(
    painter: QPainter,
    sides: int,
    size: float,
    marks: frozenset[Mark],
    *,
    eligible: bool,
    picked: bool,
    hovered: bool,
    focused: bool,
) -> None:
    """Paint the rings around the body: chosen, pick (dashed or solid) and keyboard focus."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if Mark.CHOSEN in marks:
        painter.setPen(QPen(_FOCUS, 0.05 * size))
        painter.drawPath(body_path(sides, size, 0.05 * size))
    if eligible:
        if picked:
            pen = QPen(_PICK, 0.07 * size)
        else:
            pen = QPen(_PICK.lighter(120) if hovered else _PICK, 0.035 * size)
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawPath(body_path(sides, size, 0.09 * size))
    if focused:
        pen = QPen(_FOCUS, max(1.5, 0.03 * size))
        pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.drawPath(body_path(sides, size, 0.16 * size))


def paint_body(
    painter: QPainter,
    sides: int,
    size: float,
    marks: frozenset[Mark],
    plain: QColor | None = None,
) -> None:
    """Paint the body: a lit gradient in the colour of its marks (``plain``, else ivory, for
    a die without a colouring mark), a sheen and the border.
    """
    path = body_path(sides, size)
    if Mark.FUMBLE in marks:
        light, shade = _FUMBLE_FACE, FUMBLE_FACE_SHADE
    elif Mark.FAILURE in marks:
        light, shade = _FAILURE_FACE, _FAILURE_FACE_SHADE
    elif Mark.HIT in marks:
        light, shade = _HIT_FACE, _HIT_FACE_SHADE
    elif plain is not None:
        light, shade = plain, plain.darker(112)
    else:
        light, shade = IVORY, _IVORY_SHADE
    gradient = QLinearGradient(QPointF(-size / 2, -size / 2), QPointF(size / 2, size / 2))
    gradient.setColorAt(0.0, light.lighter(104))
    gradient.setColorAt(0.55, light)
    gradient.setColorAt(1.0, shade)
    painter.fillPath(path, QBrush(gradient))
    # A soft sheen along the upper edge, as light falls on a rounded die.
    sheen = QLinearGradient(QPointF(0, -size / 2), QPointF(0, 0))
    sheen.setColorAt(0.0, QColor(255, 255, 255, 70))
    sheen.setColorAt(1.0, QColor(255, 255, 255, 0))
    painter.fillPath(path, QBrush(sheen))
    if sides == 20:
        _paint_d20_facets(painter, size, light)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_border_pen(size, marks))
    painter.drawPath(path)


def _paint_d20_facets(painter: QPainter, size: float, face: QColor) -> None:
    half = size / 2 * 1.1
    triangle = QPolygonF(
        [
            QPointF(half * math.cos(math.radians(angle)), half * math.sin(math.radians(angle)))
            for angle in (-90, 30, 150)
        ]
    )
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(face.darker(118), max(1.0, 0.018 * size)))
    painter.drawPolygon(triangle)


def _border_pen(size: float, marks: frozenset[Mark]) -> QPen:
    if Mark.CHOSEN in marks:
        return QPen(_INK, 0.09 * size)
    if Mark.GLITCH in marks:
        return QPen(GLITCH, 0.075 * size)
    if Mark.KEPT in marks:
        return QPen(_KEPT, 0.08 * size)
    if Mark.HIT in marks:
        return QPen(HIT, 0.065 * size)
    if Mark.FUMBLE in marks:
        return QPen(_FUMBLE_FACE.darker(150), 0.04 * size)
    if Mark.FAILURE in marks:
        pen = QPen(_FAILURE_INK, 0.035 * size)
        pen.setStyle(Qt.PenStyle.DashLine)
        return pen
    return QPen(_IVORY_EDGE, max(1.0, 0.022 * size))


def _ink(marks: frozenset[Mark]) -> QColor:
    if Mark.FUMBLE in marks:
        return _FUMBLE_INK
    if Mark.FAILURE in marks:
        return _FAILURE_INK
    return _INK


def paint_face(
    painter: QPainter, sides: int, size: float, face: int, marks: frozenset[Mark]
) -> None:
    """Paint ``face``: pips on a d6, else the number (6 and 9 underlined) and the die's size;
    nothing for :data:`BLANK_FACE`.
    """
    if face == BLANK_FACE:
        return
    ink = _ink(marks)
    if sides == 6 and face in _PIPS:
        painter.setPen(Qt.PenStyle.NoPen)
        radius = 0.085 * size
        for column, row in _PIPS[face]:
            centre = QPointF(column * 0.25 * size, row * 0.25 * size)
            painter.setBrush(ink)
            painter.drawEllipse(centre, radius, radius)
            # A dimple highlight on the lower edge of each pip.
            painter.setBrush(QColor(255, 255, 255, 45))
            painter.drawEllipse(centre + QPointF(0, radius * 0.35), radius * 0.55, radius * 0.4)
        return
    text = str(face)
    pixels = (0.42 if len(text) <= 2 else 0.3) * size
    if sides in (4, 20):
        pixels *= 0.9
    painter.setFont(die_font(pixels, bold=True))
    painter.setPen(ink)
    number_box = QRectF(-size / 2, -size * 0.36, size, size * 0.62)
    if sides == 4:
        number_box.translate(0, size * 0.1)
    painter.drawText(number_box, Qt.AlignmentFlag.AlignCenter, text)
    if face in (6, 9) and sides >= 9:
        # Underline 6 and 9, as real dice do, so they read right at any angle.
        metrics = QFontMetricsF(painter.font())
        width = metrics.horizontalAdvance(text)
        y = number_box.center().y() + metrics.ascent() * 0.42
        painter.setPen(QPen(ink, max(1.0, 0.025 * size)))
        painter.drawLine(QPointF(-width / 2, y), QPointF(width / 2, y))
    if sides != 6:
        painter.setFont(die_font(max(8.0, 0.15 * size), bold=True))
        painter.setPen(_SIZE_LABEL if ink == _INK else ink)
        label_box = QRectF(-size / 2, size * 0.22, size, size * 0.2)
        painter.drawText(label_box, Qt.AlignmentFlag.AlignCenter, die_name(sides))


def die_name(sides: int) -> str:
    """A die's name as the language shown writes it: "d20", German "W20"."""
    return _("d{sides}", sides=sides)
