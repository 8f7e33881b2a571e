"""One die on the dice tray: its state, geometry, tooltip and hovering.

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

The body and face are painted by :mod:`shadowdice.ui.play.tray.die_painting`, the marks on and
under the body by :mod:`shadowdice.ui.play.tray.die_marks`; this module decides what to paint
and where. The item is placed, sized and animated by
:class:`~shadowdice.ui.play.tray.dice_tray.DiceTray`; its origin is the centre of the die's
body, so it turns about its middle while tumbling.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from shadowdice.core.die import Die, Mark, mark_word
from shadowdice.core.language import N_, translations
from shadowdice.ui.play.tray.die_marks import (
    chain_width,
    paint_badges,
    paint_bars,
    paint_chain,
    paint_strikes,
    paint_typed,
)
from shadowdice.ui.play.tray.die_painting import (
    BLANK_FACE,
    body_path,
    paint_body,
    paint_face,
    paint_halos,
    paint_shadow,
)
from shadowdice.ui.play.tray.die_pictures import DiePictures

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

_, _n = translations(__name__)

#: The pictures of every die on every tray, by their look.
PICTURES = DiePictures()

#: The order in which marks are named in words.
_MARK_ORDER = tuple(Mark)


#: How each mark looks and what it means, in words, for the legend under the tray.
MARK_LEGEND = {
    Mark.HIT: N_("green badge with a tick: counts"),
    Mark.GLITCH: N_("red border, red ! badge: counts toward a glitch"),
    Mark.EXPLODED: N_("orange burst: thrown again and added"),
    Mark.REROLLED: N_("small and crossed out: replaced by a reroll"),
    Mark.KEPT: N_("gold border, lifted: kept"),
    Mark.MATCHED: N_("blue bar: part of a match"),
    Mark.SEQUENCE: N_("violet arrow bar: part of a sequence"),
    Mark.FAILURE: N_("grey, dashed border: a failure"),
    Mark.FUMBLE: N_("dark red with a cross: a fumble"),
    Mark.VOIDED: N_("struck through: used up"),
    Mark.LUCKY: N_("gold star: the lucky number"),
    Mark.CHOSEN: N_("black border with a white rim: the result"),
}

#: How a die typed in from a physical die looks, for the legend.
TYPED_LEGEND = N_("white ring at the top: typed in from a physical die")


def mark_legend(dice: Iterable[Die]) -> str:
    """The legend of the marks these dice show, one entry per mark, in a fixed order.

    >>> mark_legend([Die(0, 6, (6, 5), marks=frozenset({Mark.EXPLODED, Mark.HIT}))])
    'green badge with a tick: counts · orange burst: thrown again and added'
    """
    dice = list(dice)
    shown = frozenset().union(*(die.marks for die in dice))
    entries = [
        _(MARK_LEGEND[mark]) for mark in _MARK_ORDER if mark in shown and mark in MARK_LEGEND
    ]
    if any(die.is_typed for die in dice):
        entries.append(_(TYPED_LEGEND))
    return " · ".join(entries)


def describe_die(die: Die) -> str:
    """Describe the die in words, for its tooltip and for screen readers.

    >>> describe_die(Die(3, 6, (6, 2), marks=frozenset({Mark.EXPLODED, Mark.HIT})))
    '6 → 2, hit, exploded'
    >>> describe_die(Die(4, 20, (17,), marks=frozenset({Mark.KEPT})))
    'd20: 17, kept'
    >>> describe_die(Die(5, 6, (3,), typed=(True,)))
    '3, typed in'
    """
    if die.face == BLANK_FACE:
        return _("a die, not shown")
    words = [CHAIN_ARROW.join(str(face) for face in die.faces)]
    words += [mark_word(mark) for mark in _MARK_ORDER if mark in die.marks]
    if die.score is not None:
        words.append(_("score {score}", score=die.score))
    if die.is_typed:
        words.append(_("typed in"))
    text = ", ".join(words)
    return text if die.sides == 6 else _("d{sides}: {dice}", sides=die.sides, dice=text)


def body_centre_depth(size: float) -> float:
    """Return how far below the top of its footprint a die's centre lies, at ``size``.

    It is the same for every die of that size, so a row of dice is laid out on one line.
    """
    return (0.5 + _TOP) * size


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
        self._bounds: QRectF | None = None  # the bounding rectangle, kept until die or size change
        self._colour: QColor | None = None
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

    @property
    def colour(self) -> QColor | None:
        """The colour of the die's plain body (the character's), or None for ivory."""
        return self._colour

    def set_colour(self, colour: QColor | None) -> None:
        """Paint the die's plain body in this colour (the character's), or ivory."""
        if colour != self._colour:
            self._colour = colour
            self.update()

    def set_die(self, die: Die) -> None:
        """Show ``die`` (the same die with new marks, or another one)."""
        self.prepareGeometryChange()
        self._die = die
        self._bounds = None
        if not self._rolling:
            self._shown_face = die.face
        self._apply_die()
        self.update()

    def set_size(self, size: float) -> None:
        """Make the body ``size`` pixels wide."""
        if size != self._size:
            self.prepareGeometryChange()
            self._size = float(size)
            self._bounds = None
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
        half_width = max(half + _SIDE * size, chain_width(self.chain_text, size) / 2)
        bottom = half + _BELOW_BODY * size
        if self._has_bar():
            bottom += _BAR_ROOM * size
        if self.chain_text:
            bottom += _CHAIN_ROOM * size
        return QRectF(-half_width, -half - _TOP * size, 2 * half_width, bottom + half + _TOP * size)

    def boundingRect(self) -> QRectF:
        """Return the footprint and the soft shadow (asked for many times a frame: kept)."""
        if self._bounds is None:
            margin = 0.06 * self._s
            self._bounds = self.footprint().adjusted(-margin, -margin, 2 * margin, margin)
        return QRectF(self._bounds)

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
        """Draw the die's picture, painted the first time the die looks like this."""
        PICTURES.draw(painter, self._look(), self.boundingRect(), self._paint_picture)

    def _look(self) -> tuple:
        """Everything that changes how the die is painted (its picture's key)."""
        die = self._die
        if self._rolling:
            return (die.sides, self._shown_face, self._size, True, self._pick_look())
        return (
            die.sides,
            self._shown_face,
            self._size,
            False,
            self._pick_look(),
            die.marks,
            die.score,
            die.faces if len(die.faces) > 1 else (),
            die.is_typed,
        )

    def _pick_look(self) -> tuple[bool, bool, bool, bool]:
        return (self._eligible, self._picked, self._hovered, self._focused)

    def _paint_picture(self, painter: QPainter) -> None:
        """Paint shadow, halos, body, face and marks, in item coordinates."""
        marks = frozenset() if self._rolling else self._die.marks
        lift = 0.0 if self._rolling else self._lift()
        sides, size = self._die.sides, self._s
        painter.save()
        paint_shadow(painter, sides, size, lifted=lift != 0.0)
        painter.translate(0.0, lift)
        paint_halos(
            painter,
            sides,
            size,
            marks,
            eligible=self._eligible,
            picked=self._picked,
            hovered=self._hovered,
            focused=self._focused,
        )
        paint_body(painter, sides, size, marks, self._colour)
        paint_face(painter, sides, size, self._shown_face, marks)
        if not self._rolling:
            paint_strikes(painter, size, marks)
            paint_badges(painter, size, marks, self._die.score)
            if self._die.is_typed:
                paint_typed(painter, size)
        painter.restore()
        if not self._rolling:
            self._paint_bars_and_chain(painter, marks)

    def _paint_bars_and_chain(self, painter: QPainter, marks: frozenset[Mark]) -> None:
        """Paint the mark bars and the chain in the room :meth:`footprint` keeps under the body."""
        size = self._s
        top = size / 2 + _BELOW_BODY * size
        if self._has_bar():
            paint_bars(painter, size, marks, top)
            top += _BAR_ROOM * size
        if self.chain_text:
            paint_chain(painter, size, self.chain_text, top)

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

    def _apply_die(self) -> None:
        self.refresh_words()
        self._apply_opacity()

    def refresh_words(self) -> None:
        """The tooltip naming the die, in the language shown now."""
        self.setToolTip(describe_die(self._die))

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
