"""Real binary files for tests, made where they are needed: images drawn and saved by Qt's
QImage (PNG, JPEG), a wheel from this Python's own ensurepip, a zip of stored members."""

from __future__ import annotations

import io
import shutil
import sys
import zipfile
from pathlib import Path


def image(path: Path, shade: int = 0, fmt: str = "PNG") -> Path:
    """A real image (PNG or JPEG) written by Qt, its pixels a pattern ``shade`` varies."""
    from PySide6.QtGui import QColor, QImage, QImageWriter  # no application needed

    picture = QImage(160, 96, QImage.Format.Format_RGB32)
    picture.fill(QColor(20 + shade % 200, 120, 160))
    for y in range(96):
        for x in range(0, 160, 5):
            picture.setPixelColor(x, y, QColor((x * 3 + shade) % 256, (y * 5) % 256, 90))
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = QImageWriter(str(path), fmt.encode("ascii"))
    writer.setQuality(90)
    assert writer.write(picture), f"Qt could not write {fmt}: {writer.errorString()}"
    return path


def wheel(path: Path) -> Path:
    """A copy of a real wheel: one that comes with this Python (ensurepip's)."""
    base = Path(sys.base_prefix)
    found = sorted(base.glob("lib/python3*/ensurepip/_bundled/*.whl"))
    found += sorted(base.glob("Lib/ensurepip/_bundled/*.whl"))  # Windows
    if not found:
        import pytest

        pytest.skip("this Python has no bundled wheel")
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(found[0], path)
    return path


def app_releases(root: Path) -> Path:
    """Two releases of a library's app.py, the older installed twice more (two virtual
    environments), the newer copied once: the older is the centre of their group, and the
    newer and its copy, 60-odd % like it, have each other's bytes."""
    from tests.texts import EN_DOCS

    old = "\n".join(f"line {k}: {EN_DOCS[k % len(EN_DOCS)][:60]}" for k in range(120))
    new = "\n".join(
        line if k % 3 else f"line {k}: rewritten for the new release"
        for k, line in enumerate(old.splitlines())
    )
    for where, text in (
        ("flask-2.3.3/src/flask", old),
        ("venv-a/flask", old),
        ("venv-b/flask", old),
        ("flask-3.0.3/src/flask", new),
        ("copy/flask", new),
    ):
        (root / where).mkdir(parents=True)
        (root / where / "app.py").write_text(text, encoding="utf-8")
    return root


def stored_zip(path: Path) -> Path:
    """A zip of stored (uncompressed) text members: before its first bytes were told, its
    text read as UTF-16-BE."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", compression=zipfile.ZIP_STORED) as archive:
        for number in range(3):
            archive.writestr(f"f{number}.txt", "hello world " * 8)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.getvalue())
    return path
