"""The tray's layout maths with plain numbers: groups, panels, the kept strip, rows, die size.

Every die here is a bare square body with no room around it, and every caption is 6 pixels a
letter, so the numbers are easy to follow: at size 40 the margin is 10, the pad inside a group
5.6, the caption line 14 high, the gap between dice 4.8, between groups (and rows of panels)
9.6 and between the sections of a group (kept, counting, rerolled) 20. A group's panel is then
40 + 44.8 a die more + 2 pads wide: 51.2 for one die, 96 for two, 140.8 for three.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from shadowdice.core.die import Die, Mark
from shadowdice.ui.play.tray.layout import (
    MAX_DIE_SIZE,
    MIN_DIE_SIZE,
    TrayLayout,
    caption_for,
    fit_layout,
    group_dice,
    lay_out_dice,
    split_group,
)

MARGIN, PAD, GAP, SECTION_GAP, CAPTION = 10.0, 5.6, 4.8, 20.0, 14.0
GROUP_GAP = 2 * GAP
LEFT = MARGIN + PAD  # where the first die of a row starts
PANEL_HIGH = PAD + CAPTION + 40 + PAD  # a panel of one row of dice at size 40


def panel_width(dice: int) -> float:
    """How wide the panel of a group of ``dice`` dice on one line is at size 40."""
    return dice * 40 + (dice - 1) * GAP + 2 * PAD


def die(die_id: int, *, group: str = "", marks: tuple[Mark, ...] = ()) -> Die:
    return Die(die_id, 6, (3,), group, frozenset(marks))


def square(die: Die, size: float) -> QRectF:
    """A die is just its body: a square around its centre, smaller when a reroll set it aside."""
    side = size * 0.5 if die.has(Mark.REROLLED) else size
    return QRectF(-side / 2, -side / 2, side, side)


def half(size: float) -> float:
    return size / 2


def text_width(text: str, size: float) -> float:
    return 6.0 * len(text)


def lay_out(dice: list[Die], width: float = 1000, size: float = 40) -> TrayLayout:
    return lay_out_dice(
        dice, width, size, footprint=square, centre_depth=half, caption_width=text_width
    )


def body(layout: TrayLayout, die: Die, size: float = 40) -> QRectF:
    """Return where the die's square lies."""
    return square(die, size).translated(layout.positions[die.id])


def dice_of(spec: list[tuple[str, int]]) -> list[Die]:
    """Make dice by group: ``[("Ash", 2), ("", 3)]`` is two dice of Ash, then three pool dice."""
    made: list[Die] = []
    for group, count in spec:
        start = len(made)
        made.extend(die(start + i, group=group) for i in range(count))
    return made


def group_panels(layout: TrayLayout) -> list[QRectF]:
    """Return the group panels (not the kept strips'), in the order of the groups."""
    return [rect for rect, kept in layout.panels if not kept]


def captions(layout: TrayLayout) -> list[str]:
    return [caption.text for caption in layout.captions if not caption.kept]


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


def test_the_kept_strip_s_caption_is_in_the_language_shown():
    from shadowdice.core.language import current, set_language

    # Given German shown
    before = current()
    set_language("de")
    try:
        layout = lay_out([die(0, marks=(Mark.KEPT,)), die(1)])
    finally:
        set_language(before)
    # Then the kept strip says so in German
    [(text, _position, kept)] = layout.captions
    assert (text, kept) == ("behalten", True)


def test_other_groups_lie_below_the_main_pool_in_captioned_panels_as_wide_as_their_dice():
    dice = [die(0, group="edge"), die(1), die(2, group="edge")]
    layout = lay_out(dice, width=500)
    main_bottom = body(layout, dice[1]).bottom()
    # Then the edge group has a caption, and a panel below the main pool a pad around its dice
    [(text, position, kept)] = layout.captions
    assert (text, kept) == ("Edge", False)
    assert position.x() == pytest.approx(LEFT)
    assert position.y() == pytest.approx(main_bottom + GROUP_GAP + PAD)
    [(rect, kept)] = layout.panels
    assert not kept
    assert rect.getRect() == pytest.approx((MARGIN, main_bottom + GROUP_GAP, 96, PANEL_HIGH))
    assert all(rect.contains(body(layout, d)) for d in (dice[0], dice[2]))
    assert layout.height == pytest.approx(rect.bottom() + MARGIN)


# --- rows of panels -------------------------------------------------------------------------


def test_small_groups_lie_side_by_side_in_one_row_of_panels():
    # Given a group roll: three characters of 2, 3 and 2 dice
    dice = dice_of([("Ash", 2), ("Bo", 3), ("Cy", 2)])
    layout = lay_out(dice, width=650)
    # Then their panels share a row, left to right a group gap apart, each as wide as its dice
    ash, bo, cy = group_panels(layout)
    assert [rect.top() for rect in (ash, bo, cy)] == pytest.approx([MARGIN] * 3)
    assert [rect.height() for rect in (ash, bo, cy)] == pytest.approx([PANEL_HIGH] * 3)
    assert [rect.left() for rect in (ash, bo, cy)] == pytest.approx(
        [MARGIN, MARGIN + 96 + GROUP_GAP, MARGIN + 96 + GROUP_GAP + 140.8 + GROUP_GAP]
    )
    assert [rect.width() for rect in (ash, bo, cy)] == pytest.approx(
        [panel_width(2), panel_width(3), panel_width(2)]
    )
    assert not ash.intersects(bo) and not bo.intersects(cy)
    # And each panel holds its own dice, on one line, under its own caption
    for rect, members in ((ash, dice[0:2]), (bo, dice[2:5]), (cy, dice[5:7])):
        assert all(rect.contains(body(layout, d)) for d in members)
    assert {layout.positions[d.id].y() for d in dice} == {MARGIN + PAD + CAPTION + 20}
    assert captions(layout) == ["Ash", "Bo", "Cy"]
    assert [c.position.x() for c in layout.captions] == pytest.approx(
        [rect.left() + PAD for rect in (ash, bo, cy)]
    )
    assert layout.order == [d.id for d in dice]
    # And the tray is one row of panels high
    assert layout.height == pytest.approx(MARGIN + PANEL_HIGH + MARGIN)


def test_panels_wrap_to_a_new_row_when_the_width_runs_out():
    # Given room for Ash's and Bo's panels in a row (ending at 256.4) but not Cy's as well
    dice = dice_of([("Ash", 2), ("Bo", 3), ("Cy", 2), ("Cy · destiny", 1)])
    layout = lay_out(dice, width=320)
    ash, bo, cy, destiny = group_panels(layout)
    # Then Cy's panel starts a new row at the left, below the first, and Cy's destiny joins it
    assert ash.top() == bo.top() == MARGIN
    assert cy.top() == destiny.top() == pytest.approx(ash.bottom() + GROUP_GAP)
    assert cy.left() == MARGIN
    assert destiny.left() == pytest.approx(cy.right() + GROUP_GAP)
    # And the destiny panel is wide enough for its caption (72), not just its one die
    assert destiny.width() == pytest.approx(72 + 2 * PAD)
    assert all(rect.right() <= 320 - MARGIN for rect in (ash, bo, cy, destiny))
    assert layout.height == pytest.approx(MARGIN + 2 * PANEL_HIGH + GROUP_GAP + MARGIN)


def test_a_big_group_still_takes_a_full_width_panel():
    # Given a group of 8 dice (364.8 wide) between two small ones, on a tray 500 wide: two
    # panels of 8 would not fit side by side
    dice = dice_of([("Ash", 2), ("Bo", 8), ("Cy", 2)])
    layout = lay_out(dice, width=500)
    ash, bo, cy = group_panels(layout)
    # Then Bo's panel spans the tray, between the rows of the small groups
    assert (bo.left(), bo.right()) == pytest.approx((MARGIN, 500 - MARGIN))
    assert bo.top() == pytest.approx(ash.bottom() + GROUP_GAP)
    assert cy.top() == pytest.approx(bo.bottom() + GROUP_GAP)
    assert ash.width() == cy.width() == pytest.approx(panel_width(2))
    # And a big group's dice wrap inside its panel as the main pool's do
    narrow = lay_out(dice, width=300)
    bo_dice = dice[2:10]
    assert len({narrow.positions[d.id].y() for d in bo_dice}) > 1
    assert all(group_panels(narrow)[1].contains(body(narrow, d)) for d in bo_dice)


def test_the_main_pool_stays_first_and_full_width():
    # Given groups thrown before and after eight dice of the main pool
    dice = dice_of([("Ash", 2), ("", 8), ("Bo", 2)])
    layout = lay_out(dice, width=320)
    pool = dice[2:10]
    # Then the pool comes first, with no panel, its dice wrapping across the full width
    assert layout.order[:8] == [d.id for d in pool]
    assert len({layout.positions[d.id].y() for d in pool}) == 2
    row = [body(layout, d) for d in pool[:6]]
    assert row[0].left() == pytest.approx(LEFT)
    assert row[-1].right() == pytest.approx(LEFT + 6 * 40 + 5 * GAP)  # 6 of 6.5 that fit
    pool_bottom = max(body(layout, d).bottom() for d in pool)
    # And the groups share a row of panels below it
    ash, bo = group_panels(layout)
    assert ash.top() == bo.top() == pytest.approx(pool_bottom + GROUP_GAP)
    assert bo.left() == pytest.approx(ash.right() + GROUP_GAP)
    assert captions(layout) == ["Ash", "Bo"]


def test_kept_strips_and_rerolled_dice_stay_inside_a_shared_panel():
    # Given Ash kept a die and rerolled one, next to Bo's two plain dice
    ash_dice = [
        die(0, group="Ash", marks=(Mark.REROLLED,)),
        die(1, group="Ash"),
        die(2, group="Ash", marks=(Mark.KEPT,)),
    ]
    bo_dice = [die(3, group="Bo"), die(4, group="Bo")]
    layout = lay_out([*ash_dice, *bo_dice], width=650)
    ash, bo = group_panels(layout)
    [strip] = [rect for rect, kept in layout.panels if kept]
    # Then Ash's panel holds the kept strip, the counting die and the rerolled one, in order
    assert layout.order[:3] == [2, 1, 0]
    assert ash.width() == pytest.approx(40 + SECTION_GAP + 40 + SECTION_GAP + 20 + 2 * PAD)
    assert ash.adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(strip)  # sharing its left and bottom
    assert all(ash.contains(body(layout, d)) for d in ash_dice)
    assert body(layout, ash_dice[1]).left() - body(layout, ash_dice[2]).right() == pytest.approx(
        SECTION_GAP
    )
    # And the "kept" caption sits under Ash's, the strip's dice one caption line lower
    kept_caption = next(c for c in layout.captions if c.kept)
    assert kept_caption.position.y() == pytest.approx(MARGIN + PAD + CAPTION)
    assert body(layout, ash_dice[2]).top() == pytest.approx(MARGIN + PAD + 2 * CAPTION)
    # And Bo's panel lies beside it, as tall as Ash's
    assert bo.left() == pytest.approx(ash.right() + GROUP_GAP)
    assert (bo.top(), bo.height()) == pytest.approx((ash.top(), ash.height()))
    assert all(bo.contains(body(layout, d)) for d in bo_dice)


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


def test_a_group_roll_of_three_fits_a_small_tray_at_a_comfortable_size():
    # Given three characters of 2, 3 and 3 dice on a tray 650 x 190. Stacked one panel below
    # the other they were 234.8 high even at the smallest size, so the tray scrolled.
    dice = dice_of([("Ash", 2), ("Bo", 3), ("Cy", 3)])
    layout = fit_layout(
        dice, 650, 190, footprint=square, centre_depth=half, caption_width=text_width
    )
    # Then side by side they fit at size 60 (at 64 they would need two rows of panels)
    assert layout.size == 60
    assert layout.height <= 190
    assert len({rect.top() for rect in group_panels(layout)}) == 1
    assert all(rect.right() <= 650 for rect in group_panels(layout))


def test_an_attack_and_a_dodge_share_one_row_where_stacked_they_would_not_fit():
    # Given an attack of three dice and a dodge of four on a tray 400 x 100: stacked, the pool
    # above the dodge's full-width panel, they are 134.8 high even at the smallest size
    dice = dice_of([("", 3), ("opponent", 4)])
    assert lay_out(dice, width=400).height == pytest.approx(134.8)
    layout = fit_layout(
        dice, 400, 100, footprint=square, centre_depth=half, caption_width=text_width
    )
    # Then the pool and the dodge's panel lie side by side at size 44 (at 48 they would not fit
    # the width), every die on one line, in sight
    assert layout.size == 44 and layout.height <= 100
    assert len({position.y() for position in layout.positions.values()}) == 1
    [dodge] = group_panels(layout)
    pool = [body(layout, d) for d in dice[:3]]
    assert pool[0].left() > MARGIN
    assert dodge.left() > max(rect.right() for rect in pool)
    assert dodge.right() <= 400 - MARGIN
    assert captions(layout) == ["Opponent"], "the pool has no caption, as ever"


def test_the_main_pool_keeps_its_own_row_where_that_fits():
    # Given the same dice on a tray tall enough to stack them
    dice = dice_of([("", 3), ("opponent", 4)])
    layout = fit_layout(
        dice, 400, 140, footprint=square, centre_depth=half, caption_width=text_width
    )
    # Then the pool keeps its row above the dodge's panel
    [dodge] = group_panels(layout)
    assert dodge.top() > max(body(layout, d, layout.size).bottom() for d in dice[:3])
