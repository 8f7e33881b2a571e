"""The tray's layout maths with plain numbers: groups, the kept strip, rows and the die size.

Every die here is a bare square body with no room around it, so the numbers are easy to follow:
at size 40 the margin is 10, the pad inside a group 5.6, the gap between dice 4.8 and the gap
between the sections of a group (kept, counting, rerolled) 20.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from shadowdice.core.die import Die, Mark
from shadowdice.ui.tray_layout import (
    MAX_DIE_SIZE,
    MIN_DIE_SIZE,
    TrayLayout,
    caption_for,
    fit_layout,
    group_dice,
    lay_out_dice,
    split_group,
)

MARGIN, PAD, GAP, SECTION_GAP = 10.0, 5.6, 4.8, 20.0
LEFT = MARGIN + PAD  # where the first die of a row starts


def die(die_id: int, *, group: str = "", marks: tuple[Mark, ...] = ()) -> Die:
    return Die(die_id, 6, (3,), group, frozenset(marks))


def square(die: Die, size: float) -> QRectF:
    """A die is just its body: a square around its centre, smaller when a reroll set it aside."""
    side = size * 0.5 if die.has(Mark.REROLLED) else size
    return QRectF(-side / 2, -side / 2, side, side)


def half(size: float) -> float:
    return size / 2


def lay_out(dice: list[Die], width: float = 1000, size: float = 40) -> TrayLayout:
    return lay_out_dice(dice, width, size, footprint=square, centre_depth=half)


def body(layout: TrayLayout, die: Die, size: float = 40) -> QRectF:
    """Return where the die's square lies."""
    return square(die, size).translated(layout.positions[die.id])


# --- groups ---------------------------------------------------------------------------------


def test_the_main_pool_comes_first_then_groups_as_they_first_appear():
    dice = [die(0, group="edge"), die(1), die(2, group="destiny"), die(3, group="edge")]
    assert [(name, [d.id for d in members]) for name, members in group_dice(dice)] == [
        ("", [1]),
        ("edge", [0, 3]),
        ("destiny", [2]),
    ]
    assert [name for name, _ in group_dice([die(0, group="edge")])] == ["edge"]


def test_a_group_splits_into_kept_counting_and_rerolled_in_throw_order():
    dice = [
        die(0, marks=(Mark.REROLLED,)),
        die(1),
        die(2, marks=(Mark.KEPT,)),
        die(3, marks=(Mark.KEPT, Mark.REROLLED)),  # set aside: rerolled wins
        die(4),
    ]
    kept, counting, rerolled = split_group(dice)
    assert [d.id for d in kept] == [2]
    assert [d.id for d in counting] == [1, 4]
    assert [d.id for d in rerolled] == [0, 3]


def test_captions_capitalise_the_group_name():
    assert caption_for("edge") == "Edge"
    assert caption_for("ana maria") == "Ana maria"
    assert caption_for("") == ""


# --- rows -----------------------------------------------------------------------------------


def test_a_row_of_dice_stands_on_one_line_a_gap_apart():
    # Given three dice and plenty of width
    dice = [die(0), die(1), die(2)]
    # When they are laid out at size 40
    layout = lay_out(dice)
    # Then they start at the margin and pad, a gap apart, their centres on one line
    xs = [layout.positions[d.id].x() for d in dice]
    assert xs == pytest.approx([LEFT + 20, LEFT + 20 + 44.8, LEFT + 20 + 2 * 44.8])
    assert [layout.positions[d.id].y() for d in dice] == pytest.approx([MARGIN + 20] * 3)
    assert layout.order == [0, 1, 2]
    # And the layout is one row high, with a margin above and below
    assert layout.height == pytest.approx(MARGIN + 40 + MARGIN)
    assert layout.captions == [] and layout.panels == []


def test_dice_wrap_to_the_width():
    # Given room for two dice a row (the third would end at 145.2, past 150 - 10 - 5.6)
    dice = [die(i) for i in range(5)]
    layout = lay_out(dice, width=150)
    # Then they wrap into three rows, a gap apart, every row starting at the left
    rows = sorted({round(layout.positions[d.id].y(), 6) for d in dice})
    assert rows == pytest.approx([30, 30 + 44.8, 30 + 2 * 44.8])
    assert all(body(layout, d).right() <= 150 - MARGIN - PAD for d in dice)
    assert [body(layout, dice[i]).left() for i in (0, 2, 4)] == pytest.approx([LEFT] * 3)


def test_smaller_dice_in_a_row_keep_their_centres_on_the_line():
    dice = [die(0), die(1, marks=(Mark.REROLLED,))]
    layout = lay_out(dice)
    assert layout.positions[0].y() == layout.positions[1].y()


def test_no_dice_take_no_room():
    layout = lay_out([])
    assert layout.height == 0 and layout.positions == {} and layout.order == []


# --- kept strip, rerolled dice and groups ------------------------------------------------------


def test_kept_dice_lie_in_a_captioned_strip_at_the_left_and_rerolled_ones_at_the_right():
    # Given a kept die, two counting dice and a rerolled one, listed out of that order
    dice = [die(0), die(1, marks=(Mark.REROLLED,)), die(2, marks=(Mark.KEPT,)), die(3)]
    layout = lay_out(dice)
    # Then the kept die comes first, then the counting dice, then the rerolled one
    assert layout.order == [2, 0, 3, 1]
    # And each section is set off from the one before by the wider section gap
    assert body(layout, dice[0]).left() - body(layout, dice[2]).right() == pytest.approx(
        SECTION_GAP
    )
    assert body(layout, dice[1]).left() - body(layout, dice[3]).right() == pytest.approx(
        SECTION_GAP
    )
    # And the kept strip has its own caption above it and a panel a pad around its dice
    [(text, position, kept)] = layout.captions
    assert (text, kept) == ("kept", True)
    assert position.x() == pytest.approx(LEFT) and position.y() == pytest.approx(MARGIN)
    [(rect, kept)] = layout.panels
    assert kept
    assert rect == body(layout, dice[2]).adjusted(-PAD, -PAD, PAD, PAD)


def test_other_groups_lie_below_the_main_pool_in_captioned_panels():
    dice = [die(0, group="edge"), die(1), die(2, group="edge")]
    layout = lay_out(dice, width=500)
    main_bottom = body(layout, dice[1]).bottom()
    # Then the edge group has a caption and a panel the width of the tray, below the main pool
    [(text, position, kept)] = layout.captions
    assert (text, kept) == ("Edge", False)
    assert position.y() > main_bottom
    [(rect, kept)] = layout.panels
    assert not kept
    assert (rect.left(), rect.right()) == pytest.approx((MARGIN, 500 - MARGIN))
    assert rect.top() > main_bottom
    assert all(rect.contains(body(layout, d)) for d in (dice[0], dice[2]))
    assert layout.height == pytest.approx(rect.bottom() + MARGIN)


# --- the die size -------------------------------------------------------------------------------


def test_the_largest_die_size_that_fits_the_height_is_chosen():
    dice = [die(0), die(1)]

    def chosen(height: int) -> float:
        return fit_layout(dice, 1000, height, footprint=square, centre_depth=half).size

    # One row is 2 margins (each 0.22 of the size, at least 10) and a die high:
    # 92.16 at size 64, 86.4 at size 60.
    assert chosen(1000) == MAX_DIE_SIZE
    assert chosen(90) == 60
    # When even the smallest dice do not fit, the smallest size is laid out (the tray scrolls)
    assert chosen(10) == MIN_DIE_SIZE
    layout = fit_layout(dice, 1000, 10, footprint=square, centre_depth=half)
    assert layout.height > 10
