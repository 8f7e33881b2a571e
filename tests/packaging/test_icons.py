"""packaging/icons.py: the Windows and macOS icons drawn from the one SVG."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest
from PySide6.QtGui import QImage, QImageReader

ROOT = Path(__file__).parents[2]
_spec = importlib.util.spec_from_file_location("icons", ROOT / "packaging" / "icons.py")
icons = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(icons)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    return icons.make_icons(tmp_path_factory.mktemp("icons"))


def test_every_picture_in_the_ico_reads_back_as_the_svg_drawn_at_its_size(made):
    # Given the ICO file, read by Qt's own ICO reader
    reader = QImageReader(str(made["ico"]))
    assert reader.imageCount() == len(icons.ICO_SIZES)
    sizes = []
    for index in range(reader.imageCount()):
        reader.jumpToImage(index)
        image = reader.read().convertToFormat(QImage.Format.Format_ARGB32)
        sizes.append(image.width())
        # Then each picture is, pixel for pixel, the SVG drawn at that size
        assert image == icons.render(image.width()), f"{image.width()} px"
    assert sizes == list(icons.ICO_SIZES)


def test_the_icns_holds_one_png_per_block_of_the_size_its_type_says(made):
    data = made["icns"].read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    offset, blocks = 8, []
    while offset < len(data):
        kind, length = (
            data[offset : offset + 4],
            struct.unpack(">I", data[offset + 4 : offset + 8])[0],
        )
        png = data[offset + 8 : offset + length]
        image = QImage.fromData(png, "PNG")
        blocks.append((kind, image.width(), image.height()))
        offset += length
    assert offset == len(data)
    assert blocks == [(kind, size, size) for kind, size in icons.ICNS_TYPES]


def test_the_png_is_the_svg_at_256_pixels(made):
    image = QImage(str(made["png"]))
    assert (image.width(), image.height()) == (icons.PNG_SIZE, icons.PNG_SIZE)
    assert image.convertToFormat(QImage.Format.Format_ARGB32) == icons.render(icons.PNG_SIZE)
