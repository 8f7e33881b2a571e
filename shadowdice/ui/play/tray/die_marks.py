"""The marks drawn on top of a die: strikes, corner badges, mark bars and the exploding chain.

Like :mod:`shadowdice.ui.play.tray.die_painting`, everything here draws about the centre of the
die's body at the origin, at a body ``size`` in pixels. Strikes and badges lie on the body; the
bars and the chain lie under it, at a ``top`` that
:class:`~shadowdice.ui.play.tray.die_item.DieItem` works out, since it also reserves their room
in the die's footprint.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF

from shadowdice.core.die import Mark
from shadowdice.ui.play.tray.die_painting import FUMBLE_FACE_SHADE, GLITCH, HIT, IVORY, die_font

_MATCHED = QColor("#4aa8ff")
_SEQUENCE = QColor("#c57dff")
_EXPLODED = QColor("#ff8a1c")
_LUCKY = QColor("#ffd23f")
_BADGE_DARK = QColor("#1b2730")
_STRIKE = QColor("#2b2622")
_CROSS = QColor("#8e1d1d")


def paint_strikes(painter: QPainter, size: float, marks: frozenset[Mark]) -> None:
    """Cross out a rerolled die and strike through a voided one."""
    reach = 0.4 * size
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if Mark.REROLLED in marks:
        pen = QPen(_CROSS, 0.07 * size)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(-reach, -reach), QPointF(reach, reach))
        painter.drawLine(QPointF(-reach, reach), QPointF(reach, -reach))
    if Mark.VOIDED in marks:
        pen = QPen(_STRIKE, 0.075 * size)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(-0.6 * size, 0.0), QPointF(0.6 * size, 0.0))


def paint_badges(painter: QPainter, size: float, marks: frozenset[Mark], score: int | None) -> None:
    """Paint the corner badges: fumble, glitch or hit at the lower right, a burst for an
    explosion at the lower left, a star for a lucky die at the upper left, and the score at
    the upper right.
    """
    corner = 0.44 * size
    radius = 0.15 * size
    lower_right = QPointF(corner, corner)
    if Mark.FUMBLE in marks:
        _paint_cross_badge(painter, size, lower_right, radius)
    elif Mark.GLITCH in marks:
        _paint_glitch_badge(painter, size, lower_right, radius)
    elif Mark.HIT in marks:
        _paint_hit_badge(painter, size, lower_right, radius)
    if Mark.EXPLODED in marks:
        _paint_burst(painter, size, QPointF(-corner, corner), radius * 1.15)
    if Mark.LUCKY in marks:
        _paint_star(painter, size, QPointF(-corner, -corner), radius * 1.1)
    if score is not None:
        _paint_score(painter, size, score, QPointF(corner, -corner), radius * 1.1)


def paint_typed(painter: QPainter, size: float) -> None:
    """A die typed in from a physical die: a small ring with a dot at the top of its body."""
    centre = QPointF(0.0, -0.44 * size)
    radius = 0.1 * size
    painter.setPen(QPen(_BADGE_DARK, max(1.0, 0.03 * size)))
    painter.setBrush(QColor(255, 255, 255, 235))
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_BADGE_DARK)
    painter.drawEllipse(centre, radius * 0.38, radius * 0.38)


def _badge_outline(size: float) -> QPen:
    return QPen(QColor(255, 255, 255, 230), max(1.0, 0.025 * size))


def _paint_hit_badge(painter: QPainter, size: float, centre: QPointF, radius: float) -> None:
    painter.setPen(_badge_outline(size))
    painter.setBrush(HIT)
    painter.drawEllipse(centre, radius, radius)
    pen = QPen(QColor("white"), radius * 0.32)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    tick = QPolygonF(
        [
            centre + QPointF(-0.5 * radius, 0.02 * radius),
            centre + QPointF(-0.12 * radius, 0.42 * radius),
            centre + QPointF(0.52 * radius, -0.4 * radius),
        ]
    )
    painter.drawPolyline(tick)


def _paint_glitch_badge(painter: QPainter, size: float, centre: QPointF, radius: float) -> None:
    r = radius * 1.25
    triangle = QPolygonF(
        [
            centre + QPointF(0.0, -r),
            centre + QPointF(r * 0.95, r * 0.7),
            centre + QPointF(-r * 0.95, r * 0.7),
        ]
    )
    pen = _badge_outline(size)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(GLITCH)
    painter.drawPolygon(triangle)
    painter.setPen(QColor("white"))
    painter.setFont(die_font(r * 1.05, bold=True))
    painter.drawText(
        QRectF(centre.x() - r, centre.y() - r * 0.55, 2 * r, r * 1.3),
        Qt.AlignmentFlag.AlignCenter,
        "!",
    )


def _paint_cross_badge(painter: QPainter, size: float, centre: QPointF, radius: float) -> None:
    painter.setPen(_badge_outline(size))
    painter.setBrush(FUMBLE_FACE_SHADE)
    painter.drawEllipse(centre, radius, radius)
    pen = QPen(QColor("white"), radius * 0.3)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    reach = radius * 0.45
    painter.drawLine(centre + QPointF(-reach, -reach), centre + QPointF(reach, reach))
    painter.drawLine(centre + QPointF(-reach, reach), centre + QPointF(reach, -reach))


def _paint_burst(painter: QPainter, size: float, centre: QPointF, radius: float) -> None:
    spikes = 8
    points = []
    for index in range(spikes * 2):
        reach = radius * (1.25 if index % 2 == 0 else 0.7)
        angle = math.pi * index / spikes - math.pi / 2
        points.append(centre + QPointF(reach * math.cos(angle), reach * math.sin(angle)))
    pen = _badge_outline(size)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(_EXPLODED)
    painter.drawPolygon(QPolygonF(points))
    # An arrow up: the die was thrown again.
    pen = QPen(QColor("white"), radius * 0.26)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.drawLine(centre + QPointF(0, radius * 0.5), centre + QPointF(0, -radius * 0.45))
    painter.drawPolyline(
        QPolygonF(
            [
                centre + QPointF(-radius * 0.38, -radius * 0.08),
                centre + QPointF(0, -radius * 0.5),
                centre + QPointF(radius * 0.38, -radius * 0.08),
            ]
        )
    )


def _paint_star(painter: QPainter, size: float, centre: QPointF, radius: float) -> None:
    points = []
    for index in range(10):
        reach = radius * (1.0 if index % 2 == 0 else 0.45)
        angle = math.pi * index / 5 - math.pi / 2
        points.append(centre + QPointF(reach * math.cos(angle), reach * math.sin(angle)))
    pen = QPen(QColor("#7a5a00"), max(1.0, 0.022 * size))
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(_LUCKY)
    painter.drawPolygon(QPolygonF(points))


def _paint_score(
    painter: QPainter, size: float, score: int, centre: QPointF, radius: float
) -> None:
    text = str(score)
    painter.setFont(die_font(radius * (1.15 if len(text) == 1 else 0.95), bold=True))
    width = max(2 * radius, QFontMetricsF(painter.font()).horizontalAdvance(text) + radius)
    badge = QRectF(centre.x() - width / 2, centre.y() - radius, width, 2 * radius)
    painter.setPen(QPen(IVORY, max(1.0, 0.03 * size)))
    painter.setBrush(_BADGE_DARK)
    painter.drawRoundedRect(badge, radius, radius)
    painter.setPen(IVORY)
    painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)


def paint_bars(painter: QPainter, size: float, marks: frozenset[Mark], top: float) -> None:
    """Paint the bars under the die at ``top``: blue for matched, a violet arrow for sequence."""
    height = 0.08 * size
    both = Mark.MATCHED in marks and Mark.SEQUENCE in marks
    width = 0.38 * size if both else 0.82 * size
    left = -0.41 * size
    painter.setPen(Qt.PenStyle.NoPen)
    if Mark.MATCHED in marks:
        painter.setBrush(_MATCHED)
        painter.drawRoundedRect(QRectF(left, top, width, height), height / 2, height / 2)
        left += width + 0.06 * size
    if Mark.SEQUENCE in marks:
        painter.setBrush(_SEQUENCE)
        tip = height * 1.1
        arrow = QPolygonF(
            [
                QPointF(left, top),
                QPointF(left + width - tip, top),
                QPointF(left + width - tip, top - height * 0.45),
                QPointF(left + width, top + height / 2),
                QPointF(left + width - tip, top + height * 1.45),
                QPointF(left + width - tip, top + height),
                QPointF(left, top + height),
            ]
        )
        painter.drawPolygon(arrow)


def _chain_font(size: float) -> QFont:
    return die_font(max(10.0, 0.22 * size), bold=True)


def chain_width(text: str, size: float) -> float:
    """Return how wide the chain's pill is for ``text`` at ``size`` (0 for no text)."""
    if not text:
        return 0.0
    metrics = QFontMetricsF(_chain_font(size))
    return metrics.horizontalAdvance(text) + metrics.height() * 0.9


def paint_chain(painter: QPainter, size: float, text: str, top: float) -> None:
    """Paint the exploding chain in words ("6 → 6 → 2") on a dark pill under the die."""
    font = _chain_font(size)
    painter.setFont(font)
    width = chain_width(text, size)
    height = QFontMetricsF(font).height() * 1.2
    pill = QRectF(-width / 2, top, width, height)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(8, 20, 14, 150))
    painter.drawRoundedRect(pill, height / 2, height / 2)
    painter.setPen(IVORY)
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
