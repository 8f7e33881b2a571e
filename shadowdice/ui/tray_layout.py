"""Where the dice go on the tray: groups, the kept strip, rows that wrap, and the die size.

Pure layout maths on plain geometry: QPointF and QRectF from QtCore, no widget, scene or
QApplication. The tray says how much room each die needs (its footprint about the centre of
its body, see :meth:`~shadowdice.ui.die_item.DieItem.footprint`) and how far below the top of
a row the centres lie, and gets a :class:`TrayLayout` back.

Dice are laid out by :attr:`~shadowdice.core.die.Die.group`: the main pool first, then every
other group in its own captioned panel, in the order the groups first appear. Within a group,
kept dice lie apart in a "kept" strip at the left, then the dice that count, then the dice a
reroll replaced. Dice wrap to the width; :func:`fit_layout` picks the largest die size whose
layout fits the height, else the smallest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF

from shadowdice.core.die import Die, Mark

#: Largest and smallest die size in pixels; the tray picks the largest size that fits.
MAX_DIE_SIZE = 72
MIN_DIE_SIZE = 40
_SIZE_STEP = 4

#: The room a die needs at a size, about the centre of its body (``DieItem.footprint``).
Footprint = Callable[[Die, float], QRectF]
#: How far below the top of a row the centres of its dice lie, at a size.
CentreDepth = Callable[[float], float]


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
        order: the die ids in the order they are laid out.
        captions: group and kept-strip captions, top to bottom.
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
) -> TrayLayout:
    """Lay out ``dice`` at the largest die size whose layout is no taller than ``height``.

    When even the smallest size does not fit, return the layout at the smallest size (the
    tray then scrolls).
    """
    layout = None
    for size in range(MAX_DIE_SIZE, MIN_DIE_SIZE - 1, -_SIZE_STEP):
        layout = lay_out_dice(
            dice, width, float(size), footprint=footprint, centre_depth=centre_depth
        )
        if layout.height <= height:
            break
    assert layout is not None
    return layout


def lay_out_dice(
    dice: Sequence[Die],
    width: float,
    size: float,
    *,
    footprint: Footprint,
    centre_depth: CentreDepth,
) -> TrayLayout:
    """Lay out ``dice`` in rows ``width`` wide at die ``size``, group by group."""
    layout = TrayLayout(size=size)
    margin = max(10.0, 0.22 * size)
    gap = 0.12 * size
    section_gap = 0.5 * size
    caption_height = max(14.0, 0.28 * size)
    pad = 0.14 * size
    depth = centre_depth(size)
    y = margin
    for name, members in group_dice(dice):
        group_top = y
        if name:
            y += pad
            layout.captions.append(Caption(caption_for(name), QPointF(margin + pad, y), False))
            y += caption_height
        left = margin + pad
        right = width - margin - pad
        kept, counting, rerolled = split_group(members)
        if kept:
            # The "kept" strip has a caption of its own above it.
            layout.captions.append(Caption("kept", QPointF(left, y), True))
            y += caption_height
        x, row_top, row_height = left, y, 0.0
        for section_index, section in enumerate((kept, counting, rerolled)):
            if not section:
                continue
            if x > left:
                x += section_gap - gap
            section_rect = QRectF()
            for die in section:
                room = footprint(die, size)
                if x > left and x + room.width() > right:
                    row_top += row_height + gap
                    x, row_height = left, 0.0
                layout.positions[die.id] = QPointF(x - room.left(), row_top + depth)
                layout.order.append(die.id)
                placed = QRectF(x, row_top + depth + room.top(), room.width(), room.height())
                section_rect = section_rect.united(placed) if section_rect.isValid() else placed
                x += room.width() + gap
                row_height = max(row_height, depth + room.bottom())
            if section_index == 0:
                layout.panels.append(Panel(section_rect.adjusted(-pad, -pad, pad, pad), True))
        y = row_top + row_height
        if name:
            y += pad
            layout.panels.append(
                Panel(QRectF(margin, group_top, width - 2 * margin, y - group_top), False)
            )
        y += 2 * gap
    layout.height = y - 2 * gap + margin if dice else 0.0
    return layout
