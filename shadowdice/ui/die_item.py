"""One die on the dice tray, painted with QPainter: body, face, exploding chain, score and marks.

The item knows faces and :class:`~shadowdice.core.die.Mark` values, never rules. Every mark is
drawn with a colour *and* a shape, so a player reads it at a glance even without telling
colours apart:

============  =====================================================
hit           green face and border, green round badge with a tick
miss          plain ivory
glitch        red border, red triangle badge with "!"
exploded      orange burst with an arrow at the lower left corner
rerolled      smaller, faded and crossed out (set aside)
kept          gold border, lifted off the table
matched       blue bar under the die
sequence      violet bar with an arrow head under the die
failure       grey face, dashed border
fumble        dark red face, dark red badge with a cross
voided        struck through, faded a little
lucky         gold star at the upper left corner
chosen        bold dark border with a white rim
============  =====================================================

The item is placed, sized and animated by :class:`~shadowdice.ui.dice_tray.DiceTray`; its
origin is the centre of the die's body, so it turns about its middle while tumbling.
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
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from shadowdice.core.die import Die, Mark

#: Between the faces of an exploding chain, in tooltips and under the die.
CHAIN_ARROW = " → "

# Room around the body, as fractions of the die size: for badges, lift and halos above and at
# the sides, for the mark bars and the chain below.
_TOP = 0.17
_SIDE = 0.09
_BELOW_BODY = 0.10
_BAR_ROOM = 0.14
_CHAIN_ROOM = 0.42
_LIFT = 0.07
#: A die a reroll replaced is set aside at this share of the normal size.
_ASIDE_SCALE = 0.72

_IVORY = QColor("#f7f1e3")
_IVORY_SHADE = QColor("#e3d8bf")
_IVORY_EDGE = QColor("#a59a82")
_INK = QColor("#1e1a15")
_HIT_FACE = QColor("#dcf2d6")
_HIT_FACE_SHADE = QColor("#b9e0b0")
_HIT = QColor("#2f9e4f")
_GLITCH = QColor("#e0302b")
_FUMBLE_FACE = QColor("#7d1616")
_FUMBLE_FACE_SHADE = QColor("#561010")
_FUMBLE_INK = QColor("#f8e6e2")
_FAILURE_FACE = QColor("#b4b2aa")
_FAILURE_FACE_SHADE = QColor("#96948c")
_FAILURE_INK = QColor("#57564f")
_KEPT = QColor("#e6b325")
_MATCHED = QColor("#4aa8ff")
_SEQUENCE = QColor("#c57dff")
_EXPLODED = QColor("#ff8a1c")
_LUCKY = QColor("#ffd23f")
_PICK = QColor("#5fd8ff")
_FOCUS = QColor("#ffffff")
_BADGE_DARK = QColor("#1b2730")
_STRIKE = QColor("#2b2622")
_CROSS = QColor("#8e1d1d")
_SIZE_LABEL = QColor("#8c8068")

#: Pip positions of a d6 face, in units of a quarter of the die size from its centre.
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

#: The order in which marks are named in words.
_MARK_ORDER = tuple(Mark)


def describe_die(die: Die) -> str:
    """Describe the die in words, for its tooltip and for screen readers.

    >>> describe_die(Die(3, 6, (6, 2), marks=frozenset({Mark.EXPLODED, Mark.HIT})))
    '6 → 2, hit, exploded'
    >>> describe_die(Die(4, 20, (17,), marks=frozenset({Mark.KEPT})))
    'd20: 17, kept'
    """
    words = [CHAIN_ARROW.join(str(face) for face in die.faces)]
    words += [mark.value for mark in _MARK_ORDER if mark in die.marks]
    if die.score is not None:
        words.append(f"score {die.score}")
    text = ", ".join(words)
    return text if die.sides == 6 else f"d{die.sides}: {text}"


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


def body_centre_depth(size: float) -> float:
    """Return how far below the top of its footprint a die's centre lies, at ``size``.

    It is the same for every die of that size, so a row of dice is laid out on one line.
    """
    return (0.5 + _TOP) * size


def _font(pixels: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(pixels)))
    if bold:
        font.setWeight(QFont.Weight.Bold)
    return font


class DieItem(QGraphicsItem):
    """One die on the tray, with its face, chain, score and marks.

    While it tumbles (``rolling``) it shows a plain body and a flickering face; once settled
    it shows the real face, the chain and every mark. In a pick it shows whether it can be
    picked (dashed ring), is picked (solid ring, lifted) and has the keyboard focus (dotted
    white ring).

    Attributes:
        die: the die shown (read-only; change it with :meth:`set_die`).
        shown_face: the face painted now; the die's first face once settled.
        rolling: True while the die tumbles in.
        eligible: True when the die can be picked in the current pick.
        picked: True when the die is picked.
        focused: True when the keyboard focus ring is on the die.
        chain_text: the exploding chain in words ("6 → 6 → 2"), "" for a single face.
    """

    def __init__(self, die: Die, size: float = 56.0) -> None:
        super().__init__()
        self._die = die
        self._size = float(size)
        self._shown_face = die.face
        self._rolling = False
        self._pick_mode = False
        self._eligible = False
        self._picked = False
        self._focused = False
        self._hovered = False
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._apply_die()

    # --- read-only state ---------------------------------------------------------------

    @property
    def die(self) -> Die:
        """The die shown."""
        return self._die

    @property
    def size(self) -> float:
        """The width of the die's body in scene pixels."""
        return self._size

    @property
    def shown_face(self) -> int:
        """The face painted now."""
        return self._shown_face

    @property
    def rolling(self) -> bool:
        """Whether the die is still tumbling in."""
        return self._rolling

    @property
    def eligible(self) -> bool:
        """Whether the die can be picked in the current pick."""
        return self._eligible

    @property
    def picked(self) -> bool:
        """Whether the die is picked."""
        return self._picked

    @property
    def focused(self) -> bool:
        """Whether the keyboard focus ring is on the die."""
        return self._focused

    @property
    def chain_text(self) -> str:
        """The exploding chain in words, or "" for a die with one face."""
        faces = self._die.faces
        return CHAIN_ARROW.join(str(face) for face in faces) if len(faces) > 1 else ""

    # --- changes made by the tray ------------------------------------------------------

    def set_die(self, die: Die) -> None:
        """Show ``die`` (the same die with new marks, or another one)."""
        self.prepareGeometryChange()
        self._die = die
        if not self._rolling:
            self._shown_face = die.face
        self._apply_die()
        self.update()

    def set_size(self, size: float) -> None:
        """Make the body ``size`` pixels wide."""
        if size != self._size:
            self.prepareGeometryChange()
            self._size = float(size)
            self.update()

    def start_rolling(self, face: int) -> None:
        """Tumble: hide the marks and show ``face`` until :meth:`settle`."""
        self._rolling = True
        self.show_face(face)

    def show_face(self, face: int) -> None:
        """Paint ``face`` for now (a flicker while tumbling)."""
        if face != self._shown_face:
            self._shown_face = face
            self.update()

    def settle(self) -> None:
        """Lie still on the real face, upright, with every mark shown."""
        self.prepareGeometryChange()
        self._rolling = False
        self._shown_face = self._die.face
        self.setRotation(0.0)
        self.setScale(1.0)
        self.update()

    def set_pick_state(
        self, *, pick_mode: bool, eligible: bool, picked: bool, focused: bool
    ) -> None:
        """Show the die's part in a pick (all False outside one)."""
        state = (pick_mode, eligible and pick_mode, picked, focused)
        if state == (self._pick_mode, self._eligible, self._picked, self._focused):
            return
        if picked != self._picked:
            self.prepareGeometryChange()  # a picked die is lifted: its shape moves
        self._pick_mode, self._eligible, self._picked, self._focused = state
        if self._eligible:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.unsetCursor()
        self._apply_opacity()
        self.update()

    # --- geometry ----------------------------------------------------------------------

    def footprint(self, size: float | None = None) -> QRectF:
        """Return the room the die needs on the tray at ``size``, in item coordinates.

        Dice laid out next to each other by their footprints neither touch nor hide each
        other's marks; all footprints of one size reach equally far above the body, so dice
        in a row stand on one line.
        """
        size = self._body_size(self._size if size is None else size)
        half = size / 2
        chain_width = self._chain_width(size)
        half_width = max(half + _SIDE * size, chain_width / 2)
        bottom = half + _BELOW_BODY * size
        if self._has_bar():
            bottom += _BAR_ROOM * size
        if self.chain_text:
            bottom += _CHAIN_ROOM * size
        return QRectF(-half_width, -half - _TOP * size, 2 * half_width, bottom + half + _TOP * size)

    def boundingRect(self) -> QRectF:
        """Return the footprint and the soft shadow."""
        margin = 0.06 * self._s
        return self.footprint().adjusted(-margin, -margin, margin + 0.06 * self._s, margin)

    def shape(self) -> QPainterPath:
        """Return the body where it is drawn (lifted when kept or picked), for clicks."""
        path = body_path(self._die.sides, self._s, 0.08 * self._s)
        return path.translated(0.0, self._lift()) if not self._rolling else path

    # --- painting ------------------------------------------------------------------------

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Paint shadow, halos, body, face and marks."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        marks = frozenset() if self._rolling else self._die.marks
        lift = 0.0 if self._rolling else self._lift()
        painter.save()
        self._paint_shadow(painter, lifted=lift != 0.0)
        painter.translate(0.0, lift)
        self._paint_halos(painter, marks)
        self._paint_body(painter, marks)
        self._paint_face(painter, marks)
        if not self._rolling:
            self._paint_strikes(painter, marks)
            self._paint_badges(painter, marks)
        painter.restore()
        if not self._rolling:
            self._paint_bars_and_chain(painter, marks)

    def _paint_shadow(self, painter: QPainter, *, lifted: bool) -> None:
        size = self._s
        offset = QPointF(0.04 * size, (0.1 if lifted else 0.06) * size)
        painter.setPen(Qt.PenStyle.NoPen)
        for step, alpha in ((0.07, 30), (0.04, 40), (0.0, 55)):
            path = body_path(self._die.sides, size, step * size).translated(offset)
            painter.fillPath(path, QColor(0, 0, 0, alpha))

    def _paint_halos(self, painter: QPainter, marks: frozenset[Mark]) -> None:
        size = self._s
        sides = self._die.sides
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if Mark.CHOSEN in marks:
            painter.setPen(QPen(_FOCUS, 0.05 * size))
            painter.drawPath(body_path(sides, size, 0.05 * size))
        if self._eligible:
            if self._picked:
                pen = QPen(_PICK, 0.07 * size)
            else:
                pen = QPen(_PICK.lighter(120) if self._hovered else _PICK, 0.035 * size)
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawPath(body_path(sides, size, 0.09 * size))
        if self._focused:
            pen = QPen(_FOCUS, max(1.5, 0.03 * size))
            pen.setStyle(Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.drawPath(body_path(sides, size, 0.16 * size))

    def _paint_body(self, painter: QPainter, marks: frozenset[Mark]) -> None:
        size = self._s
        path = body_path(self._die.sides, size)
        if Mark.FUMBLE in marks:
            light, shade = _FUMBLE_FACE, _FUMBLE_FACE_SHADE
        elif Mark.FAILURE in marks:
            light, shade = _FAILURE_FACE, _FAILURE_FACE_SHADE
        elif Mark.HIT in marks:
            light, shade = _HIT_FACE, _HIT_FACE_SHADE
        else:
            light, shade = _IVORY, _IVORY_SHADE
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
        if self._die.sides == 20:
            self._paint_d20_facets(painter, light)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self._border_pen(marks))
        painter.drawPath(path)

    def _paint_d20_facets(self, painter: QPainter, face: QColor) -> None:
        half = self._s / 2 * 1.1
        triangle = QPolygonF(
            [
                QPointF(half * math.cos(math.radians(angle)), half * math.sin(math.radians(angle)))
                for angle in (-90, 30, 150)
            ]
        )
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(face.darker(118), max(1.0, 0.018 * self._s)))
        painter.drawPolygon(triangle)

    def _border_pen(self, marks: frozenset[Mark]) -> QPen:
        size = self._s
        if Mark.CHOSEN in marks:
            return QPen(_INK, 0.09 * size)
        if Mark.GLITCH in marks:
            return QPen(_GLITCH, 0.075 * size)
        if Mark.KEPT in marks:
            return QPen(_KEPT, 0.08 * size)
        if Mark.HIT in marks:
            return QPen(_HIT, 0.065 * size)
        if Mark.FUMBLE in marks:
            return QPen(_FUMBLE_FACE.darker(150), 0.04 * size)
        if Mark.FAILURE in marks:
            pen = QPen(_FAILURE_INK, 0.035 * size)
            pen.setStyle(Qt.PenStyle.DashLine)
            return pen
        return QPen(_IVORY_EDGE, max(1.0, 0.022 * size))

    def _ink(self, marks: frozenset[Mark]) -> QColor:
        if Mark.FUMBLE in marks:
            return _FUMBLE_INK
        if Mark.FAILURE in marks:
            return _FAILURE_INK
        return _INK

    def _paint_face(self, painter: QPainter, marks: frozenset[Mark]) -> None:
        size = self._s
        ink = self._ink(marks)
        face = self._shown_face
        if self._die.sides == 6 and face in _PIPS:
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
        if self._die.sides in (4, 20):
            pixels *= 0.9
        painter.setFont(_font(pixels, bold=True))
        painter.setPen(ink)
        number_box = QRectF(-size / 2, -size * 0.36, size, size * 0.62)
        if self._die.sides == 4:
            number_box.translate(0, size * 0.1)
        painter.drawText(number_box, Qt.AlignmentFlag.AlignCenter, text)
        if face in (6, 9) and self._die.sides >= 9:
            # Underline 6 and 9, as real dice do, so they read right at any angle.
            metrics = QFontMetricsF(painter.font())
            width = metrics.horizontalAdvance(text)
            y = number_box.center().y() + metrics.ascent() * 0.42
            painter.setPen(QPen(ink, max(1.0, 0.025 * size)))
            painter.drawLine(QPointF(-width / 2, y), QPointF(width / 2, y))
        if self._die.sides != 6:
            painter.setFont(_font(max(8.0, 0.15 * size), bold=True))
            painter.setPen(_SIZE_LABEL if ink == _INK else ink)
            label_box = QRectF(-size / 2, size * 0.22, size, size * 0.2)
            painter.drawText(label_box, Qt.AlignmentFlag.AlignCenter, f"d{self._die.sides}")

    def _paint_strikes(self, painter: QPainter, marks: frozenset[Mark]) -> None:
        size = self._s
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

    def _paint_badges(self, painter: QPainter, marks: frozenset[Mark]) -> None:
        size = self._s
        corner = 0.44 * size
        radius = 0.15 * size
        lower_right = QPointF(corner, corner)
        if Mark.FUMBLE in marks:
            self._paint_cross_badge(painter, lower_right, radius)
        elif Mark.GLITCH in marks:
            self._paint_glitch_badge(painter, lower_right, radius)
        elif Mark.HIT in marks:
            self._paint_hit_badge(painter, lower_right, radius)
        if Mark.EXPLODED in marks:
            self._paint_burst(painter, QPointF(-corner, corner), radius * 1.15)
        if Mark.LUCKY in marks:
            self._paint_star(painter, QPointF(-corner, -corner), radius * 1.1)
        if self._die.score is not None:
            self._paint_score(painter, QPointF(corner, -corner), radius * 1.1)

    def _badge_outline(self) -> QPen:
        return QPen(QColor(255, 255, 255, 230), max(1.0, 0.025 * self._s))

    def _paint_hit_badge(self, painter: QPainter, centre: QPointF, radius: float) -> None:
        painter.setPen(self._badge_outline())
        painter.setBrush(_HIT)
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

    def _paint_glitch_badge(self, painter: QPainter, centre: QPointF, radius: float) -> None:
        r = radius * 1.25
        triangle = QPolygonF(
            [
                centre + QPointF(0.0, -r),
                centre + QPointF(r * 0.95, r * 0.7),
                centre + QPointF(-r * 0.95, r * 0.7),
            ]
        )
        pen = self._badge_outline()
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(_GLITCH)
        painter.drawPolygon(triangle)
        painter.setPen(QColor("white"))
        painter.setFont(_font(r * 1.05, bold=True))
        painter.drawText(
            QRectF(centre.x() - r, centre.y() - r * 0.55, 2 * r, r * 1.3),
            Qt.AlignmentFlag.AlignCenter,
            "!",
        )

    def _paint_cross_badge(self, painter: QPainter, centre: QPointF, radius: float) -> None:
        painter.setPen(self._badge_outline())
        painter.setBrush(_FUMBLE_FACE_SHADE)
        painter.drawEllipse(centre, radius, radius)
        pen = QPen(QColor("white"), radius * 0.3)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        reach = radius * 0.45
        painter.drawLine(centre + QPointF(-reach, -reach), centre + QPointF(reach, reach))
        painter.drawLine(centre + QPointF(-reach, reach), centre + QPointF(reach, -reach))

    def _paint_burst(self, painter: QPainter, centre: QPointF, radius: float) -> None:
        spikes = 8
        points = []
        for index in range(spikes * 2):
            reach = radius * (1.25 if index % 2 == 0 else 0.7)
            angle = math.pi * index / spikes - math.pi / 2
            points.append(centre + QPointF(reach * math.cos(angle), reach * math.sin(angle)))
        pen = self._badge_outline()
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

    def _paint_star(self, painter: QPainter, centre: QPointF, radius: float) -> None:
        points = []
        for index in range(10):
            reach = radius * (1.0 if index % 2 == 0 else 0.45)
            angle = math.pi * index / 5 - math.pi / 2
            points.append(centre + QPointF(reach * math.cos(angle), reach * math.sin(angle)))
        pen = QPen(QColor("#7a5a00"), max(1.0, 0.022 * self._s))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(_LUCKY)
        painter.drawPolygon(QPolygonF(points))

    def _paint_score(self, painter: QPainter, centre: QPointF, radius: float) -> None:
        text = str(self._die.score)
        painter.setFont(_font(radius * (1.15 if len(text) == 1 else 0.95), bold=True))
        width = max(2 * radius, QFontMetricsF(painter.font()).horizontalAdvance(text) + radius)
        badge = QRectF(centre.x() - width / 2, centre.y() - radius, width, 2 * radius)
        painter.setPen(QPen(_IVORY, max(1.0, 0.03 * self._s)))
        painter.setBrush(_BADGE_DARK)
        painter.drawRoundedRect(badge, radius, radius)
        painter.setPen(_IVORY)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_bars_and_chain(self, painter: QPainter, marks: frozenset[Mark]) -> None:
        size = self._s
        top = size / 2 + _BELOW_BODY * size
        if self._has_bar():
            self._paint_bars(painter, marks, top)
            top += _BAR_ROOM * size
        if self.chain_text:
            self._paint_chain(painter, top)

    def _paint_bars(self, painter: QPainter, marks: frozenset[Mark], top: float) -> None:
        size = self._s
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

    def _paint_chain(self, painter: QPainter, top: float) -> None:
        size = self._s
        font = self._chain_font(size)
        painter.setFont(font)
        width = self._chain_width(size)
        height = QFontMetricsF(font).height() * 1.2
        pill = QRectF(-width / 2, top, width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(8, 20, 14, 150))
        painter.drawRoundedRect(pill, height / 2, height / 2)
        painter.setPen(_IVORY)
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, self.chain_text)

    # --- helpers -------------------------------------------------------------------------

    @property
    def _s(self) -> float:
        """The size the body is painted at: smaller for a die set aside by a reroll."""
        return self._body_size(self._size)

    def _body_size(self, size: float) -> float:
        return size * _ASIDE_SCALE if self._die.has(Mark.REROLLED) else size

    def _lift(self) -> float:
        """Return how far the body is raised off the table: kept and picked dice are lifted."""
        return -_LIFT * self._s if self._die.has(Mark.KEPT) or self._picked else 0.0

    def _has_bar(self) -> bool:
        return bool(self._die.marks & {Mark.MATCHED, Mark.SEQUENCE})

    @staticmethod
    def _chain_font(size: float) -> QFont:
        return _font(max(10.0, 0.22 * size), bold=True)

    def _chain_width(self, size: float) -> float:
        text = self.chain_text
        if not text:
            return 0.0
        metrics = QFontMetricsF(self._chain_font(size))
        return metrics.horizontalAdvance(text) + metrics.height() * 0.9

    def _apply_die(self) -> None:
        self.setToolTip(describe_die(self._die))
        self._apply_opacity()

    def _apply_opacity(self) -> None:
        opacity = 1.0
        if self._die.has(Mark.REROLLED):
            opacity *= 0.45
        elif self._die.has(Mark.VOIDED):
            opacity *= 0.7
        if self._pick_mode and not self._eligible:
            opacity *= 0.5
        self.setOpacity(opacity)

    # --- hovering ------------------------------------------------------------------------

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Brighten the pick ring under the mouse."""
        self._hovered = True
        if self._eligible:
            self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        """Dim the pick ring again."""
        self._hovered = False
        if self._eligible:
            self.update()
        super().hoverLeaveEvent(event)
