"""Each look of a die is painted once and then copied: the same pixels, far less work."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from shadowdice.core.die import Die, Mark
from shadowdice.ui.play.tray import die_item
from shadowdice.ui.play.tray.die_item import DieItem
from shadowdice.ui.play.tray.die_pictures import DiePictures


@pytest.fixture
def pictures(qapp, monkeypatch) -> DiePictures:
    """A fresh, empty store of pictures for the items of the test (Qt application running)."""
    fresh = DiePictures(most=8)
    monkeypatch.setattr(die_item, "PICTURES", fresh)
    return fresh


def render(item: DieItem, ratio: float = 1.0, x: float = 0.0) -> QImage:
    """The item alone on a scene, rendered into an image at the device pixel ratio."""
    scene = QGraphicsScene()
    scene.addItem(item)
    item.setPos(40.0 + x, 45.0)
    image = QImage(int(100 * ratio), int(100 * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("#1b4332"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 100, 100), QRectF(0, 0, 100, 100))
    painter.end()
    scene.removeItem(item)
    return image


def hit(face: int = 5) -> Die:
    return Die(1, 6, (face,), "", frozenset({Mark.HIT}))


def test_a_die_is_painted_once_and_then_copied(pictures):
    # Given a die that has been drawn once
    item = DieItem(hit(), size=56)
    first = render(item)
    assert pictures.painted == 1

    # When it is drawn again, and another die that looks the same is drawn
    again = render(item)
    twin = render(DieItem(Die(2, 6, (5,), "", frozenset({Mark.HIT})), size=56))

    # Then nothing was painted anew, and the pixels are the same
    assert pictures.painted == 1
    assert again == first == twin


def test_whatever_changes_the_look_paints_a_new_picture(pictures):
    item = DieItem(hit(), size=56)
    looks = [render(item)]
    item.set_die(hit(6))
    looks.append(render(item))
    item.set_die(Die(1, 6, (6,), "", frozenset({Mark.HIT, Mark.EXPLODED, Mark.LUCKY})))
    looks.append(render(item))
    item.set_pick_state(pick_mode=True, eligible=True, picked=True, focused=True)
    looks.append(render(item))
    item.set_size(40)
    looks.append(render(item))
    item.start_rolling(2)
    looks.append(render(item))

    assert pictures.painted == 6
    assert len({look.bits().tobytes() for look in looks}) == 6


def test_a_sharper_screen_gets_a_picture_of_its_own(pictures):
    item = DieItem(hit(), size=56)
    plain, sharp = render(item, 1.0), render(item, 2.0)
    assert pictures.painted == 2
    assert (sharp.width(), plain.width()) == (200, 100)


def test_a_die_at_rest_is_set_on_whole_pixels(pictures):
    # A die half a pixel off looks exactly as one on the pixel: copied, never blurred
    item = DieItem(hit(), size=56)
    assert render(item, x=0.0) == render(item, x=0.3)


def test_the_pictures_kept_are_the_latest(pictures):
    for face in range(1, 7):
        for score in range(3):
            render(DieItem(Die(face, 6, (face,), "", frozenset(), score), size=30))
    assert len(pictures) == 8


def test_the_kept_bounding_rectangle_follows_a_new_die_and_a_new_size(qtbot):
    item = DieItem(hit(), size=40.0)
    plain = QRectF(item.boundingRect())
    assert item.boundingRect() == plain  # asked again: the same

    # An exploded chain is written under the die: the rectangle reaches further down
    item.set_die(Die(1, 6, (6, 6, 2), "", frozenset({Mark.HIT, Mark.EXPLODED})))
    chained = QRectF(item.boundingRect())
    assert chained.bottom() > plain.bottom()

    # A larger die needs a larger rectangle, and the footprint stays inside it
    item.set_size(80.0)
    assert item.boundingRect().width() > chained.width()
    assert item.boundingRect().contains(item.footprint())
