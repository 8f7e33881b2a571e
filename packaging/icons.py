"""Make the platform icons from the one drawn icon, ``resources/icons/shadowdice.svg``.

Windows wants an ``.ico`` (executable, installer, file association), macOS an ``.icns`` (the
``.app`` and its document type), Linux desktops take the SVG itself and a PNG beside it. The
spec runs this at every build, into its work folder, so no generated picture is kept in the
repository and none can go stale::

    python packaging/icons.py OUTPUT_FOLDER

Qt renders the SVG (its ``qsvg`` image plugin, part of PySide6-Essentials); the two container
formats are written here, both hold PNG pictures:

- ICO: a directory of pictures. Windows reads PNG pictures in it since Vista; the small
  sizes are stored as 32-bit bitmaps all the same, which every reader of ICO files knows.
- ICNS: ``icns``, the file length, then one block per picture, each a four-letter type
  (which size) and its length, big-endian.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "resources" / "icons" / "shadowdice.svg"

#: Sizes in the ICO file; the ones below 256 are stored as bitmaps.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)

#: ICNS block types and their pixel sizes (``ic11`` is 16 pt at 2x, and so on).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic13", 256),
    (b"ic08", 256),
    (b"ic14", 512),
    (b"ic09", 512),
    (b"ic10", 1024),
)

#: The PNG for Linux desktops and the AppImage, next to the SVG.
PNG_SIZE = 256


def render(size: int):
    """The SVG drawn at ``size`` x ``size`` pixels, as a premultiplied-free ARGB32 QImage."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QImage, QImageReader

    reader = QImageReader(str(SOURCE))
    reader.setScaledSize(QSize(size, size))
    image = reader.read()
    if image.isNull():
        raise RuntimeError(f"Qt cannot draw {SOURCE}: {reader.errorString()}")
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def png_bytes(image) -> bytes:
    """``image`` encoded as PNG."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("Qt cannot write PNG")
    buffer.close()
    return bytes(data)


def bitmap_bytes(image) -> bytes:
    """``image`` as an ICO bitmap: header, BGRA rows bottom-up, an all-clear AND mask."""
    size = image.width()
    header = struct.pack("<IiiHHIIiiII", 40, size, 2 * size, 1, 32, 0, 0, 0, 0, 0, 0)
    # ARGB32 lies in memory as B, G, R, A on little-endian machines (every platform built for).
    rows = [bytes(image.constScanLine(y))[: 4 * size] for y in range(size)]
    mask_row = b"\0" * (((size + 31) // 32) * 4)
    return header + b"".join(reversed(rows)) + mask_row * size


def ico_bytes(pictures: list[tuple[int, bytes]]) -> bytes:
    """An ICO file holding ``(size, picture data)`` pairs."""
    directory = struct.pack("<HHH", 0, 1, len(pictures))
    offset = len(directory) + 16 * len(pictures)
    entries, blobs = b"", b""
    for size, data in pictures:
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return directory + entries + blobs


def icns_bytes(blocks: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file holding ``(type, PNG data)`` blocks."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in blocks)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(folder: Path) -> dict[str, Path]:
    """Write ``shadowdice.ico``, ``shadowdice.icns`` and ``shadowdice.png`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    pngs: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in pngs:
            pngs[size] = png_bytes(render(size))
        return pngs[size]

    ico = [(size, png(size) if size >= 256 else bitmap_bytes(render(size))) for size in ICO_SIZES]
    made = {
        "ico": folder / "shadowdice.ico",
        "icns": folder / "shadowdice.icns",
        "png": folder / "shadowdice.png",
    }
    made["ico"].write_bytes(ico_bytes(ico))
    made["icns"].write_bytes(icns_bytes([(kind, png(size)) for kind, size in ICNS_TYPES]))
    made["png"].write_bytes(png(PNG_SIZE))
    return made


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python packaging/icons.py OUTPUT_FOLDER")
    for path in make_icons(Path(sys.argv[1])).values():
        print(path)
