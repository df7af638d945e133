"""A report opened by a real browser (headless Chromium, when on PATH): it renders, prints
to PDF with its text, runs nothing and asks for nothing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from simfind.cli import main
from tests.report_html import read_report

DATA = Path(__file__).resolve().parent / "data"
ZH_OLD = DATA / "zh_manual" / "backup-bullseye.txt"
ZH_NEW = DATA / "zh_manual" / "backup-bookworm.txt"

BROWSER = next(
    (
        found
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (found := shutil.which(name))
    ),
    None,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(BROWSER is None, reason="no Chromium on PATH (apt-get install chromium)"),
]


def browse(page: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    return subprocess.run(
        [
            BROWSER,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            # Any request that is not the file itself goes nowhere.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            f"--user-data-dir={page.parent / 'profile'}",
            *flags,
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("报告")
    hostile = folder / "hostile.txt"
    hostile.write_text(
        ZH_NEW.read_text("utf-8") + "\n<script>alert(1)</script></pre><b>粗体</b>\n", "utf-8"
    )
    target = folder / "报告.html"
    assert main(["report", str(ZH_OLD), str(hostile), "-o", str(target), "-q"]) == 0
    return target


def test_the_browser_shows_the_dom_the_file_holds(report: Path) -> None:
    done = browse(report, "--dump-dom")
    assert done.returncode == 0, done.stderr
    dumped, written = read_report(done.stdout), read_report(report.read_text("utf-8"))
    # No script ran and changed nothing; the texts are whole, the hostile markup text.
    assert [s.text for s in dumped.sides] == [s.text for s in written.sides]
    assert dumped.ids == written.ids and dumped.hrefs == written.hrefs
    assert "script" not in dumped.tags and "b" not in dumped.tags
    assert "<script>alert(1)</script></pre><b>粗体</b>" in dumped.sides[1].text
    assert "CONSOLE" not in done.stderr and "Refused" not in done.stderr


def test_it_prints_to_pdf_with_its_text(report: Path) -> None:
    import pypdfium2 as pdfium

    pdf = report.parent / "report.pdf"
    done = browse(report, "--no-pdf-header-footer", f"--print-to-pdf={pdf}")
    assert pdf.exists(), done.stderr
    document = pdfium.PdfDocument(pdf)
    assert len(document) >= 2
    width, height = document[0].get_size()
    assert width > height  # landscape: both columns fit
    text = "".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    assert "Similarity report" in text and "备份管理" in text and "SHA-256" in text
    assert "<script>alert(1)</script>" in text


def test_the_screenshot_is_not_blank(report: Path) -> None:
    from PIL import Image

    shot = report.parent / "shot.png"
    browse(report, "--window-size=1200,1600", f"--screenshot={shot}")
    image = Image.open(shot).convert("RGB")
    assert image.size == (1200, 1600)
    colours = image.getcolors(maxcolors=1 << 20) or []
    white = sum(count for count, rgb in colours if rgb == (255, 255, 255))
    assert white < 0.97 * 1200 * 1600  # text and tables drawn
    # The shared passages' highlight is there (#fff0a8).
    assert any(rgb == (255, 240, 168) and count > 1000 for count, rgb in colours)
