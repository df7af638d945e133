"""Render resources/icons/simfind.svg into the PNG sizes, the Windows .ico and the macOS .icns.

    python packaging/icons.py

The generated files are committed, so neither an install nor a build needs this
script; run it again after changing the SVG. Only PySide6 is used: the .ico and
.icns containers are written here (both simply hold PNG images).
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SOURCE = ICONS / "simfind.svg"
#: The sizes of the freedesktop hicolor theme, which also serve Windows and macOS.
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: .icns entry types holding PNG data, with their pixel size.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),
    (b"icp6", 64),
    (b"ic12", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),
    (b"ic09", 512),
    (b"ic14", 512),
    (b"ic10", 1024),
)


def render(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # the stubs want bytes
        raise RuntimeError(f"cannot encode the {size} px PNG")
    buffer.close()
    return bytes(data.data())


def ico(images: dict[int, bytes]) -> bytes:
    """ICONDIR, one ICONDIRENTRY per size, then the PNGs (Windows Vista and later read these)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, payload = b"", b""
    for size in sizes:
        png = images[size]
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        payload += png
    return header + entries + payload


def icns(images: dict[int, bytes]) -> bytes:
    body = b"".join(
        kind + struct.pack(">I", 8 + len(images[size])) + images[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        print(f"icons: cannot read {SOURCE}", file=sys.stderr)
        return 1
    wanted = set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    images = {size: render(renderer, size) for size in sorted(wanted)}
    for size in PNG_SIZES:
        (ICONS / f"simfind-{size}.png").write_bytes(images[size])
    (ICONS / "simfind.ico").write_bytes(ico({s: images[s] for s in ICO_SIZES}))
    (ICONS / "simfind.icns").write_bytes(icns(images))
    print(f"icons: {len(PNG_SIZES)} PNGs, simfind.ico and simfind.icns in {ICONS}")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
