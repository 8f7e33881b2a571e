"""Where the dice go on the tray: groups, the kept strip, rows that wrap, and the die size.

Pure layout maths on plain geometry: QPointF and QRectF from QtCore, no widget, scene or
QApplication. The tray says how much room each die needs (its footprint about the centre of its
body, see :meth:`~shadowdice.ui.play.tray.die_item.DieItem.footprint`), how far below the top of
a row the centres lie and how wide a caption is, and gets a :class:`TrayLayout` back.

Dice are laid out by :attr:`~shadowdice.core.die.Die.group`: the main pool first, across the
full width, then every other group in a captioned panel, in the order the groups first appear.
A small group's panel is as wide as its dice, and such panels lie side by side, left to right,
wrapping to a new row of panels when the width runs out; a group too big to share a row (two
panels its width would not fit side by side) gets a panel the full width, its dice wrapping
inside it. So a group roll of a few characters shows every character's dice at once.

Within a group, kept dice lie apart in a "kept" strip at the left, then the dice that count,
then the dice a reroll replaced. :func:`fit_layout` picks the largest die size whose layout
fits the height, else the smallest.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF

from shadowdice.core.die import Die, Mark, group_words
from shadowdice.core.language import translations

_, _n = translations(__name__)

#: Largest and smallest die size in pixels; the tray picks the largest size that fits.
MAX_DIE_SIZE = 72
MIN_DIE_SIZE = 40
_SIZE_STEP = 4

#: The room a die needs at a size, about the centre of its body (``DieItem.footprint``).
Footprint = Callable[[Die, float], QRectF]
#: How far below the top of a row the centres of its dice lie, at a size.
CentreDepth = Callable[[float], float]
#: How wide a caption's text is at a die size, in pixels.
CaptionWidth = Callable[[str, float], float]


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
    """Return a group's caption: its words (:func:`~shadowdice.core.die.group_words`) with a
    capital first letter ("edge" -> "Edge").
    """
    text = group_words(group)
    return text[:1].upper() + text[1:]


def caption_pixel_size(size: float) -> int:
    """Return the pixel size of the captions' font at die ``size``."""
    return max(11, round(0.2 * size))


def estimate_caption_width(text: str, size: float) -> float:
    """Guess how wide a caption is at die ``size``, without a font to measure it with."""
    return 0.62 * caption_pixel_size(size) * len(text)


class Caption(NamedTuple):
    """A caption over a group (``kept`` False) or over a kept strip (``kept`` True)."""

    text: str
    position: QPointF
    kept: bool


class Panel(NamedTuple):
    """The panel behind a group other than the main pool, or behind a kept strip."""

    rect: QRectF
    kept: bool


@dataclass
class TrayLayout:
    """Where everything goes at one die size.

    Attributes:
        size: the die size laid out for, in pixels.
        height: how tall the layout is (0 without dice).
        positions: the centre of each die's body, by die id.
        order: the die ids in the order they are laid out (group by group, in reading order).
        captions: group and kept-strip captions, in reading order.
        panels: group and kept-strip panels.
    """

    size: float
    height: float = 0.0
    positions: dict[int, QPointF] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)
    captions: list[Caption] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)


def fit_layout(
    dice: Sequence[Die],
    width: int,
    height: int,
    *,
    footprint: Footprint,
    centre_depth: CentreDepth,
    caption_width: CaptionWidth = estimate_caption_width,
    max_size: int = MAX_DIE_SIZE,
) -> TrayLayout:
    """Lay out ``dice`` at the largest die size (up to ``max_size``) whose layout is no taller
    than ``height``; where none is, the same with the main pool sharing the panels' row.

    When even that does not fit at the smallest size, return the shorter of the two layouts
    at the smallest size (the tray then scrolls).
    """
    smallest = []
    for compact in (False, True):
        for size in range(max(max_size, MIN_DIE_SIZE), MIN_DIE_SIZE - 1, -_SIZE_STEP):
            layout = lay_out_dice(
                dice,
                width,
                float(size),
                footprint=footprint,
                centre_depth=centre_depth,
                caption_width=caption_width,
                compact=compact,
            )
            if layout.height <= height:
                return layout
        smallest.append(layout)
    return min(smallest, key=lambda layout: layout.height)


def lay_out_dice(
    dice: Sequence[Die],
    width: float,
    size: float,
    *,
    footprint: Footprint,
    centre_depth: CentreDepth,
    caption_width: CaptionWidth = estimate_caption_width,
    compact: bool = False,
) -> TrayLayout:
    """Lay out ``dice`` ``width`` wide at die ``size``, group by group.

    The main pool and big groups take the full width, one below the other; runs of small
    groups share rows of panels. A ``compact`` layout puts the main pool and every group
    whose dice fit on one line in such rows.
    """
    return _Layouter(width, size, footprint, centre_depth, caption_width, compact=compact).lay_out(
        dice
    )


class _Layouter:
    """Lays out one set of dice at one size; the spacing all follows from the die size."""

    def __init__(
        self,
        width: float,
        size: float,
        footprint: Footprint,
        centre_depth: CentreDepth,
        caption_width: CaptionWidth,
        *,
        compact: bool = False,
    ) -> None:
        self.width = width
        self.compact = compact
        self.size = size
        self.footprint = footprint
        self.caption_width = caption_width
        self.depth = centre_depth(size)
        self.margin = max(10.0, 0.22 * size)
        self.gap = 0.12 * size
        self.section_gap = 0.5 * size
        self.caption_height = max(14.0, 0.28 * size)
        self.pad = 0.14 * size
        # Groups, and rows of panels, lie this far apart.
        self.group_gap = 2 * self.gap
        self.layout = TrayLayout(size=size)

    def lay_out(self, dice: Sequence[Die]) -> TrayLayout:
        y = self.margin
        # Small groups waiting to share a row of panels: (name, dice, panel width).
        shared: list[tuple[str, list[Die], float]] = []
        for name, members in group_dice(dice):
            panel_width = self._panel_width(name, members) if name or self.compact else math.inf
            if panel_width <= self._share_limit():
                shared.append((name, members, panel_width))
                continue
            y = self._lay_out_shared(shared, y)
            shared = []
            if name:
                y = self._lay_out_full_panel(name, members, y)
            else:
                right = self.width - self.margin - self.pad
                y = self._place_dice(members, self.margin + self.pad, y, right)
            y += self.group_gap
        y = self._lay_out_shared(shared, y)
        self.layout.height = y - self.group_gap + self.margin if dice else 0.0
        return self.layout

    def _share_limit(self) -> float:
        """Return the widest panel that shares rows: two of them fit side by side; in a
        compact layout, any whose dice fit on one line.
        """
        if self.compact:
            return self.width - 2 * self.margin
        return (self.width - 2 * self.margin - self.group_gap) / 2

    def _panel_width(self, name: str, members: Sequence[Die]) -> float:
        """Return how wide a group's panel is with all its dice on one line."""
        line = 0.0
        for section in split_group(members):
            if not section:
                continue
            if line:
                line += self.section_gap
            line += sum(self.footprint(die, self.size).width() for die in section)
            line += self.gap * (len(section) - 1)
        text = self.caption_width(caption_for(name), self.size)
        return max(line, text) + 2 * self.pad

    def _lay_out_full_panel(self, name: str, members: Sequence[Die], top: float) -> float:
        """Lay out a group in a panel the full width from ``top``; return the panel's bottom."""
        left = self.margin + self.pad
        self.layout.captions.append(
            Caption(caption_for(name), QPointF(left, top + self.pad), False)
        )
        dice_top = top + self.pad + self.caption_height
        bottom = self._place_dice(members, left, dice_top, self.width - self.margin - self.pad)
        bottom += self.pad
        rect = QRectF(self.margin, top, self.width - 2 * self.margin, bottom - top)
        self.layout.panels.append(Panel(rect, False))
        return bottom

    def _lay_out_shared(self, groups: list[tuple[str, list[Die], float]], top: float) -> float:
        """Lay out small groups in panels side by side, wrapping to new rows of panels.

        Return where the next group starts: below the last row and a gap, or ``top`` when
        there are no groups.
        """
        row: list[tuple[str, list[Die], float]] = []
        x = self.margin
        for group in groups:
            panel_width = group[2]
            if row and x + panel_width > self.width - self.margin:
                top = self._lay_out_panel_row(row, top) + self.group_gap
                row, x = [], self.margin
            row.append(group)
            x += panel_width + self.group_gap
        if row:
            top = self._lay_out_panel_row(row, top) + self.group_gap
        return top

    def _lay_out_panel_row(self, row: list[tuple[str, list[Die], float]], top: float) -> float:
        """Lay out one row of panels from ``top``, equally tall; return the row's bottom."""
        dice_top = top + self.pad + self.caption_height
        placed = []
        x = self.margin
        for name, members, panel_width in row:
            left = x + self.pad
            if name:  # the main pool (in a compact layout) has no caption and no panel
                self.layout.captions.append(
                    Caption(caption_for(name), QPointF(left, top + self.pad), False)
                )
            # The panel was measured to hold all its dice on one line: they never wrap.
            bottom = self._place_dice(members, left, dice_top, math.inf)
            placed.append((name, x, panel_width, bottom))
            x += panel_width + self.group_gap
        bottom = max(dice_bottom for *_, dice_bottom in placed) + self.pad
        for name, left, panel_width, _ in placed:
            if name:
                self.layout.panels.append(
                    Panel(QRectF(left, top, panel_width, bottom - top), False)
                )
        return bottom

    def _place_dice(self, members: Sequence[Die], left: float, top: float, right: float) -> float:
        """Place a group's dice in rows from ``left`` to ``right``, from ``top`` down.

        The kept strip (with its caption and panel) comes first, then the dice that count,
        then the rerolled ones, each section set off by the section gap. Return the bottom of
        the last row of dice.
        """
        layout, size, gap = self.layout, self.size, self.gap
        kept, counting, rerolled = split_group(members)
        if kept:
            # The "kept" strip has a caption of its own above it.
            layout.captions.append(Caption(_("kept"), QPointF(left, top), True))
            top += self.caption_height
        x, row_top, row_height = left, top, 0.0
        for section_index, section in enumerate((kept, counting, rerolled)):
            if not section:
                continue
            if x > left:
                x += self.section_gap - gap
            section_rect = QRectF()
            for die in section:
                room = self.footprint(die, size)
                if x > left and x + room.width() > right:
                    row_top += row_height + gap
                    x, row_height = left, 0.0
                layout.positions[die.id] = QPointF(x - room.left(), row_top + self.depth)
                layout.order.append(die.id)
                placed = QRectF(x, row_top + self.depth + room.top(), room.width(), room.height())
                section_rect = section_rect.united(placed) if section_rect.isValid() else placed
                x += room.width() + gap
                row_height = max(row_height, self.depth + room.bottom())
            if section_index == 0:
                pad = self.pad
                layout.panels.append(Panel(section_rect.adjusted(-pad, -pad, pad, pad), True))
        return row_top + row_height
