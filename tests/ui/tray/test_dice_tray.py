"""The dice tray: layout by group, tumbling in, marks, and picking dice by mouse and keyboard."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from shadowdice.core.die import Die, Mark
from shadowdice.core.session import DicePick
from shadowdice.ui.play.tray.dice_tray import DEFAULT_DURATION_MS, DiceTray, group_dice, split_group
from shadowdice.ui.play.tray.die_item import DieItem, describe_die

# --- helpers and fixtures ---------------------------------------------------------------


def die(
    die_id: int,
    *faces: int,
    sides: int = 6,
    group: str = "",
    marks: tuple[Mark, ...] = (),
    score: int | None = None,
) -> Die:
    return Die(die_id, sides, faces, group, frozenset(marks), score)


def pool(count: int, *, start: int = 0, group: str = "") -> list[Die]:
    """Make dice with faces 1..6 over and over, fives and sixes marked as hits."""
    return [
        die(i, face, group=group, marks=(Mark.HIT,) if face >= 5 else (Mark.MISS,))
        for i, face in zip(range(start, start + count), itertools.cycle(range(1, 7)), strict=False)
    ]


def make_tray(qtbot, width: int = 600, height: int = 260, **kwargs) -> DiceTray:
    tray = DiceTray(rng=random.Random(7), **kwargs)
    qtbot.addWidget(tray)
    tray.resize(width, height)
    tray.show()
    qtbot.waitExposed(tray)
    return tray


@pytest.fixture
def tray(qtbot) -> DiceTray:
    return make_tray(qtbot, duration_ms=120)


def show(qtbot, tray: DiceTray, dice: list[Die], new_ids=None, *, animate=False) -> None:
    """Show dice and wait until they have settled."""
    with qtbot.waitSignal(tray.dice_settled, timeout=1000):
        tray.show_dice(dice, [d.id for d in dice] if new_ids is None else new_ids, animate=animate)


def scene_body(item: DieItem) -> QRectF:
    """Return where the die's body lies in the scene."""
    return item.mapRectToScene(item.shape().boundingRect())


def scene_footprint(item: DieItem) -> QRectF:
    return item.mapRectToScene(item.footprint())


def click(qtbot, tray: DiceTray, die_id: int) -> None:
    item = tray.die_item(die_id)
    point = tray.mapFromScene(item.scenePos())
    qtbot.mouseClick(tray.viewport(), Qt.MouseButton.LeftButton, pos=point)


def colour_at(tray: DiceTray, die_id: int) -> QColor:
    """Return the colour painted at the centre of a die's body, as the player sees it."""
    item = tray.die_item(die_id)
    centre = item.mapToScene(item.shape().boundingRect().center())
    image = tray.grab().toImage()
    point: QPoint = tray.mapFromScene(centre)
    return image.pixelColor(point.x(), point.y())


# --- showing dice ------------------------------------------------------------------------


def test_one_item_per_die_with_its_face_and_marks(qtbot, tray):
    # Given a pool with a hit, a glitch and an exploded die
    dice = [
        die(0, 5, marks=(Mark.HIT,)),
        die(1, 1, marks=(Mark.MISS, Mark.GLITCH)),
        die(2, 6, 6, 2, marks=(Mark.HIT, Mark.EXPLODED), score=3),
    ]
    # When the tray shows them
    show(qtbot, tray, dice)
    # Then each die has one item showing its face and carrying its marks
    items = tray.die_items()
    assert [item.die for item in items] == dice
    assert [item.shown_face for item in items] == [5, 1, 6]
    assert tray.die_item(1).die.has(Mark.GLITCH)
    assert all(isinstance(item, DieItem) for item in tray.scene().items() if item in items)
    assert sum(isinstance(item, DieItem) for item in tray.scene().items()) == 3


def test_exploding_chain_shows_its_faces_and_score_in_words(qtbot, tray):
    chain = die(2, 6, 6, 2, marks=(Mark.HIT, Mark.EXPLODED), score=3)
    show(qtbot, tray, [chain])
    item = tray.die_item(2)
    assert item.chain_text == "6 → 6 → 2"
    assert item.toolTip() == "6 → 6 → 2, hit, exploded, score 3"
    # the chain is drawn under the die: its footprint reaches further down than a plain die's
    plain = DieItem(die(9, 4), item.size)
    assert item.footprint().bottom() > plain.footprint().bottom()


def test_tooltips_name_faces_and_marks_in_words():
    assert describe_die(die(0, 6, 2, marks=(Mark.EXPLODED, Mark.HIT))) == "6 → 2, hit, exploded"
    assert describe_die(die(1, 17, sides=20, marks=(Mark.KEPT, Mark.MATCHED))) == (
        "d20: 17, kept, matched"
    )
    assert describe_die(die(2, 3)) == "3"


def test_marks_are_painted_in_colour(qtbot, tray):
    # Given a plain miss, a hit and a fumble, each showing a 2 (no pip in the middle)
    show(
        qtbot,
        tray,
        [
            die(0, 2, marks=(Mark.MISS,)),
            die(1, 2, marks=(Mark.HIT,)),
            die(2, 2, marks=(Mark.FUMBLE,)),
        ],
    )
    miss, hit, fumble = (colour_at(tray, i) for i in range(3))
    # Then the miss is ivory, the hit green-tinted, the fumble dark red
    assert miss.lightness() > 200 and abs(miss.red() - miss.green()) < 25
    assert hit.green() > hit.red() + 10
    assert fumble.red() > fumble.green() + 60 and fumble.lightness() < 110


# --- how one die is painted --------------------------------------------------------------

FELT = QColor("#21503a")


def render(shown: Die, size: float = 56.0, background: QColor | None = None) -> QImage:
    """Render one settled die alone, as its scene paints it (opacity included).

    The die's centre is the centre of the image, which is twice the die's size square; the
    ground is transparent unless a background colour is given.
    """
    scene = QGraphicsScene()
    scene.addItem(DieItem(shown, size))
    side = round(2 * size)
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(background if background is not None else QColor(Qt.GlobalColor.transparent))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, side, side), QRectF(-side / 2, -side / 2, side, side))
    painter.end()
    return image


def pixel(image: QImage, x: float, y: float) -> QColor:
    """Return the colour at (x, y) from the die's centre."""
    return image.pixelColor(math.floor(image.width() / 2 + x), math.floor(image.height() / 2 + y))


def test_hit_and_glitch_borders_are_green_and_red(qapp):
    # Given a d6 hit and a d6 glitch, both showing a 2, 56 px wide
    hit = render(die(0, 2, marks=(Mark.HIT,)))
    glitch = render(die(1, 2, marks=(Mark.MISS, Mark.GLITCH)))
    # Then the middle of the left border is green on the hit and red on the glitch
    hit_border, glitch_border = pixel(hit, -28, 0), pixel(glitch, -28, 0)
    assert hit_border.green() > hit_border.red() + 60
    assert glitch_border.red() > glitch_border.green() + 60


def test_a_rerolled_die_is_fainter_on_the_felt(qapp):
    # Given a plain die and the same die set aside by a reroll, on the felt
    plain = render(die(0, 2), background=FELT)
    rerolled = render(die(0, 2, marks=(Mark.REROLLED,)), background=FELT)
    # Then the body of the rerolled die (clear of pips and cross) lets the felt show through
    body, faded = pixel(plain, 0, -12), pixel(rerolled, 0, -12)
    assert body.lightness() > 220
    assert faded.lightness() < body.lightness() - 60
    assert abs(faded.green() - FELT.green()) < abs(body.green() - FELT.green())


def test_dice_other_than_d6_show_their_size_under_the_number(qapp):
    def dark_pixels_under_the_number(image: QImage) -> int:
        return sum(
            pixel(image, x, y).lightness() < 160
            for y in range(13, 23)  # 0.24 to 0.40 of the size below the centre
            for x in range(-16, 17)
        )

    # Given a d20 and a d100 showing a 4, and a d6 showing a 1 (one pip, in the middle)
    # Then the strip under the number carries dark lettering ("d20", "d100") on the big dice
    assert dark_pixels_under_the_number(render(die(0, 4, sides=20))) > 20
    assert dark_pixels_under_the_number(render(die(0, 4, sides=100))) > 20
    # And nothing on the d6
    assert dark_pixels_under_the_number(render(die(0, 1))) == 0


def test_every_mark_but_miss_changes_the_look_of_every_kind_of_die(qapp):
    # Given each die size, plain and with one mark (small renders keep this quick)
    wrong = []
    for sides in (2, 4, 6, 8, 10, 12, 20, 100):
        face = min(sides, 3)
        plain = render(die(0, face, sides=sides), size=40)
        for mark in Mark:
            marked = render(die(0, face, sides=sides, marks=(mark,)), size=40)
            # Then a miss looks plain, and every other mark shows
            if (marked == plain) != (mark is Mark.MISS):
                wrong.append(f"d{sides} {mark.value}")
    assert wrong == []


def test_new_dice_tumble_in_and_settle_within_a_second(qtbot):
    # Given a tray with the default animation and two dice already on it
    tray = make_tray(qtbot)
    assert tray.duration_ms == DEFAULT_DURATION_MS
    show(qtbot, tray, pool(2))
    # When three new dice are thrown
    dice = pool(5)
    with qtbot.waitSignal(tray.dice_settled, timeout=1000):
        tray.show_dice(dice, [2, 3, 4])
        # Then only the new dice tumble
        assert tray.is_animating()
        assert [tray.die_item(i).rolling for i in range(5)] == [False, False, True, True, True]
    # And afterwards every die lies still, upright, on its real face
    assert not tray.is_animating()
    for item in tray.die_items():
        assert not item.rolling
        assert item.rotation() == 0 and item.scale() == 1
        assert item.shown_face == item.die.face
        assert tray.sceneRect().contains(scene_body(item))


def test_tumbling_faces_flicker_with_the_trays_own_random(qtbot):
    tray = make_tray(qtbot, duration_ms=400)
    random.seed(1234)
    global_state = random.getstate()
    seen: set[int] = set()
    dice = [die(0, 4, sides=20)]
    with qtbot.waitSignal(tray.dice_settled, timeout=1000):
        tray.show_dice(dice, [0])
        while tray.is_animating():
            seen.add(tray.die_item(0).shown_face)
            qtbot.wait(5)
    assert len(seen - {4}) >= 2  # several random faces showed before the real one
    assert tray.die_item(0).shown_face == 4
    assert random.getstate() == global_state


def test_settled_without_animation_is_still_signalled(qtbot, tray):
    with qtbot.waitSignal(tray.dice_settled, timeout=500):
        tray.show_dice(pool(3), [0, 1, 2], animate=False)
        assert not tray.is_animating()
    with qtbot.waitSignal(tray.dice_settled, timeout=500):
        tray.show_dice(pool(3), [])  # nothing new to animate


def test_a_new_throw_supersedes_a_tumbling_one(qtbot):
    tray = make_tray(qtbot, duration_ms=300)
    settled = []
    tray.dice_settled.connect(lambda: settled.append(True))
    tray.show_dice(pool(3), [0, 1, 2])
    tray.show_dice(pool(5), [3, 4])
    assert not tray.die_item(0).rolling  # the first throw was finished at once
    qtbot.waitUntil(lambda: bool(settled), timeout=1000)
    qtbot.wait(100)
    assert settled == [True]


def test_rerolled_dice_stay_visible_set_aside_and_flagged(qtbot, tray):
    # Given a die that a reroll replaced, and its replacement
    dice = [
        die(0, 5, marks=(Mark.HIT,)),
        die(1, 2, marks=(Mark.MISS, Mark.REROLLED)),
        die(2, 6, marks=(Mark.HIT,)),
        die(3, 5, marks=(Mark.HIT,)),
    ]
    show(qtbot, tray, dice, new_ids=[3])
    rerolled = tray.die_item(1)
    # Then the rerolled die is still shown, faded, smaller, and after the dice that count
    assert rerolled.isVisible()
    assert rerolled.die.has(Mark.REROLLED)
    assert rerolled.opacity() < 0.6
    assert tray.die_item(0).opacity() == 1.0
    assert scene_body(rerolled).width() < scene_body(tray.die_item(0)).width()
    assert [item.die.id for item in tray.die_items()] == [0, 2, 3, 1]
    for counting in (0, 2, 3):
        assert scene_body(rerolled).left() > scene_body(tray.die_item(counting)).right()


def test_groups_are_laid_out_apart_with_captions(qtbot, tray):
    # Given edge dice and destiny dice thrown apart from the main pool, listed first
    dice = [*pool(2, start=10, group="edge"), *pool(6), *pool(2, start=20, group="destiny")]
    show(qtbot, tray, dice)
    main = [tray.die_item(i) for i in range(6)]
    edge = [tray.die_item(i) for i in (10, 11)]
    destiny = [tray.die_item(i) for i in (20, 21)]
    # Then the main pool comes first, the other groups below it in the order they appeared,
    # side by side as they are small
    assert max(scene_body(item).bottom() for item in main) < min(
        scene_body(item).top() for item in (*edge, *destiny)
    )
    assert max(scene_body(item).right() for item in edge) < min(
        scene_body(item).left() for item in destiny
    )
    assert tray.captions() == ["Edge", "Destiny"]
    assert [name for name, _ in group_dice(dice)] == ["", "edge", "destiny"]


def test_kept_dice_lie_apart_at_the_left_of_their_group(qtbot, tray):
    dice = [
        die(0, 3, sides=20),
        die(1, 17, sides=20, marks=(Mark.KEPT, Mark.MATCHED)),
        die(2, 8, sides=20),
        die(3, 17, sides=20, marks=(Mark.KEPT, Mark.MATCHED)),
    ]
    show(qtbot, tray, dice)
    kept, counting, rerolled = split_group(dice)
    assert [d.id for d in kept] == [1, 3] and [d.id for d in counting] == [0, 2] and not rerolled
    assert [item.die.id for item in tray.die_items()] == [1, 3, 0, 2]
    kept_right = max(scene_body(tray.die_item(i)).right() for i in (1, 3))
    # the strip is set off by more than the gap between two dice in it
    strip_gap = scene_body(tray.die_item(3)).left() - scene_body(tray.die_item(1)).right()
    assert scene_body(tray.die_item(0)).left() - kept_right > strip_gap
    assert [tray.die_item(i).shown_face for i in (1, 3)] == [17, 17]


def test_dice_wrap_to_the_width_and_relayout_on_resize(qtbot):
    tray = make_tray(qtbot, 1000, 400, duration_ms=0)
    show(qtbot, tray, pool(10))
    assert len({round(item.scenePos().y()) for item in tray.die_items()}) == 1
    wide_size = tray.die_size()
    tray.resize(260, 400)
    qtbot.waitUntil(lambda: len({round(i.scenePos().y()) for i in tray.die_items()}) > 1)
    for item in tray.die_items():
        assert scene_footprint(item).right() <= tray.viewport().width()
    tray.resize(260, 140)
    qtbot.waitUntil(lambda: tray.die_size() < wide_size)


def test_few_dice_need_no_scrollbars(qtbot, tray):
    show(qtbot, tray, pool(8))
    assert not tray.verticalScrollBar().isVisible()
    assert not tray.horizontalScrollBar().isVisible()


def test_sixty_dice_fit_without_overlap_and_scroll_when_needed(qtbot):
    tray = make_tray(qtbot, 320, 180, duration_ms=200)
    dice = pool(60)
    with qtbot.waitSignal(tray.dice_settled, timeout=1000):
        tray.show_dice(dice, [d.id for d in dice])
    items = tray.die_items()
    assert len(items) == 60
    footprints = [scene_footprint(item).adjusted(0.5, 0.5, -0.5, -0.5) for item in items]
    for first, second in itertools.combinations(footprints, 2):
        assert not first.intersects(second)
    assert all(tray.sceneRect().contains(rect) for rect in footprints)
    assert tray.verticalScrollBar().isVisible()
    assert not tray.horizontalScrollBar().isVisible()
    assert tray.sceneRect().width() <= tray.viewport().width()


def test_clear_empties_the_tray(qtbot, tray):
    show(qtbot, tray, pool(4, group="edge"))
    tray.clear()
    assert tray.die_items() == []
    assert tray.captions() == []
    assert not any(isinstance(item, DieItem) for item in tray.scene().items())
    with pytest.raises(KeyError):
        tray.die_item(0)


# --- picking dice ----------------------------------------------------------------------


def test_pick_starts_with_the_suggested_dice(qtbot, tray):
    show(qtbot, tray, pool(4))
    with qtbot.waitSignal(tray.picked_changed, timeout=500) as blocker:
        tray.begin_pick(DicePick("Pick a die to reroll", eligible=(0, 2, 3), suggested=(2,)))
    assert blocker.args == [[2]]
    assert tray.is_picking()
    assert tray.picked() == [2]
    assert [tray.die_item(i).eligible for i in range(4)] == [True, False, True, True]
    assert tray.die_item(2).picked
    assert tray.die_item(1).opacity() < tray.die_item(0).opacity()


def test_clicking_an_eligible_die_toggles_it(qtbot, tray):
    show(qtbot, tray, pool(4))
    tray.begin_pick(DicePick("Dice to keep", eligible=(0, 1, 2, 3), maximum=None))
    with qtbot.waitSignal(tray.picked_changed, timeout=500) as blocker:
        click(qtbot, tray, 1)
    assert blocker.args == [[1]]
    click(qtbot, tray, 3)
    assert tray.picked() == [1, 3]
    assert tray.die_item(3).picked
    with qtbot.waitSignal(tray.picked_changed, timeout=500) as blocker:
        click(qtbot, tray, 1)
    assert blocker.args == [[3]]
    assert not tray.die_item(1).picked


def test_ineligible_dice_cannot_be_picked(qtbot, tray):
    show(qtbot, tray, pool(4))
    tray.begin_pick(DicePick("Pick a miss", eligible=(0, 1)))
    with qtbot.assertNotEmitted(tray.picked_changed):
        click(qtbot, tray, 3)
        assert not tray.toggle_die(2)
    assert tray.picked() == []
    assert not tray.die_item(3).picked


def test_one_die_picks_replace_each_other_and_a_maximum_is_kept(qtbot, tray):
    show(qtbot, tray, pool(4))
    tray.begin_pick(DicePick("One die", eligible=(0, 1, 2, 3), maximum=1))
    click(qtbot, tray, 0)
    click(qtbot, tray, 2)
    assert tray.picked() == [2]
    tray.begin_pick(DicePick("Two dice", eligible=(0, 1, 2, 3), maximum=2, suggested=(0, 1)))
    with qtbot.assertNotEmitted(tray.picked_changed):
        click(qtbot, tray, 3)
    assert tray.picked() == [0, 1]


def test_keyboard_moves_the_focus_ring_and_toggles(qtbot, tray):
    show(qtbot, tray, pool(5))
    tray.begin_pick(DicePick("Dice to keep", eligible=(0, 2, 4), maximum=None))
    tray.setFocus()
    assert tray.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert tray.focused_die_id() == 0
    qtbot.keyClick(tray, Qt.Key.Key_Right)
    assert tray.focused_die_id() == 2  # die 1 cannot be picked: the ring skips it
    with qtbot.waitSignal(tray.picked_changed, timeout=500) as blocker:
        qtbot.keyClick(tray, Qt.Key.Key_Space)
    assert blocker.args == [[2]]
    qtbot.keyClick(tray, Qt.Key.Key_Right)
    qtbot.keyClick(tray, Qt.Key.Key_Right)  # stays on the last eligible die
    qtbot.keyClick(tray, Qt.Key.Key_Return)  # Enter takes the pick (the roll panel's key)
    assert tray.picked() == [2]
    qtbot.keyClick(tray, Qt.Key.Key_Space)
    assert tray.picked() == [2, 4]
    qtbot.keyClick(tray, Qt.Key.Key_Left)
    qtbot.keyClick(tray, Qt.Key.Key_Space)
    assert tray.picked() == [4]
    assert tray.die_item(2).focused == tray.hasFocus()


def test_end_pick_clears_and_stops_picking(qtbot, tray):
    show(qtbot, tray, pool(3))
    tray.begin_pick(DicePick("Pick", eligible=(0, 1, 2), suggested=(0,)))
    with qtbot.waitSignal(tray.picked_changed, timeout=500) as blocker:
        tray.end_pick()
    assert blocker.args == [[]]
    assert not tray.is_picking()
    assert tray.focused_die_id() is None
    assert not any(item.eligible or item.picked for item in tray.die_items())
    with qtbot.assertNotEmitted(tray.picked_changed):
        click(qtbot, tray, 1)
        qtbot.keyClick(tray, Qt.Key.Key_Space)
    assert tray.picked() == []


def test_a_new_throw_drops_picked_dice_that_left_the_table(qtbot, tray):
    show(qtbot, tray, pool(3))
    tray.begin_pick(DicePick("Pick", eligible=(0, 1, 2), suggested=(0, 1)))
    with qtbot.waitSignal(tray.picked_changed, timeout=500) as blocker:
        tray.show_dice([d for d in pool(3) if d.id != 1], [], animate=False)
    assert blocker.args == [[0]]
    assert tray.is_picking()


def test_screen_readers_hear_the_dice_in_words(qtbot, tray):
    assert tray.accessibleName() == "Dice tray"
    show(qtbot, tray, [die(0, 6, 2, marks=(Mark.HIT, Mark.EXPLODED)), die(1, 3, group="edge")])
    assert tray.accessibleDescription() == "die 1: 6 → 2, hit, exploded. Edge: die 2: 3"
