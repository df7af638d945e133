"""Regenerate the revision chains in this folder (tests/core/versions/test_versions.py reads them).

    python tests/data/versions/make_versions.py

Needs LibreOffice (Debian: ``apt-get install libreoffice-writer-nogui
fonts-wqy-microhei``): the office software writes every .docx and .pdf itself, from
the text this script edits.

Two chains of real text with real edits, as ``EDITS`` below says:

- 备份管理: section 11.2 of the Simplified Chinese Debian Edu manual (../zh_manual,
  GPL-2.0-or-later). Its Bullseye edition, then its Bookworm edition (the authors' own
  revision) saved as Word, then that with a sentence added and a paragraph removed,
  saved as PDF.
- bicycle notes: the English prose of ../documents/en.txt (written for simfind). The
  first draft; a sentence added (named v3, saved first); a sentence reworded (named
  v2, saved later: the names disagree with the times, and the times count); then a
  branch: a final version with a paragraph removed (Word, and the same saved as PDF
  at the same minute), and a club edition grown from v3 with a paragraph of its own.

``manifest.json`` gives each file's modified time (minutes from the first) and the
file it was made from: git keeps no modified times, so the test sets them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent


def english() -> str:
    """The prose of en.txt: no title, settings, boxes, tables or footnotes."""
    keep = []
    for paragraph in (DATA / "documents" / "en.txt").read_text("utf-8").split("\n\n"):
        head = paragraph.split(":", 1)[0]
        if paragraph.startswith(("#", "[^")) or head in {"box", "table", "header", "footer"}:
            continue
        keep.append(paragraph.replace("[^1]", "").strip())
    return "\n\n".join(keep) + "\n"


def edited(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def sources() -> list[tuple[str, int, str | None, str]]:
    """(file name, minutes, made from, text) in the order they were made."""
    bullseye = (DATA / "zh_manual" / "backup-bullseye.txt").read_text("utf-8")
    bookworm = (DATA / "zh_manual" / "backup-bookworm.txt").read_text("utf-8")
    final_zh = edited(
        bookworm,
        ("要意识到这一备份方案不能从失灵的硬盘保护你。\n\n", ""),
        (
            "并下载该文件。",
            "并下载该文件。恢复之前最好先确认磁盘上有足够的剩余空间，以免恢复到一半时失败。",
        ),
    )
    draft = english()
    v3 = edited(
        draft,
        (
            "A dry chain wastes energy and wears the gears.",
            "A dry chain wastes energy and wears the gears. You can hear it too: a dry "
            "chain squeaks with every turn of the pedals.",
        ),
    )
    v2 = edited(
        v3,
        (
            "Brakes deserve the most care, because everything else depends on them.",
            "The brakes matter more than anything else on the bicycle, so give them the "
            "most attention.",
        ),
    )
    final_en = edited(
        v2,
        (
            "Finally, check the bolts. Handlebars, seat post and pedals loosen gradually, "
            "and a creaking sound often announces the problem long before anything fails. "
            "Tighten them gently: overtightened bolts strip their threads, particularly in "
            "aluminium frames.\n\n",
            "",
        ),
    )
    club = v3 + (
        "\nOur club meets on the first Saturday of every month to go through these checks "
        "together; bring your own bicycle, and we will lend you the tools and the oil.\n"
    )
    return [
        ("备份管理.txt", 0, None, bullseye),
        ("备份管理_v2.docx", 30, "备份管理.txt", bookworm),
        ("备份管理 最终版.pdf", 90, "备份管理_v2.docx", final_zh),
        ("bicycle notes.txt", 10, None, draft),
        ("bicycle notes_v3.txt", 40, "bicycle notes.txt", v3),
        ("bicycle notes_v2.docx", 60, "bicycle notes_v3.txt", v2),
        ("bicycle notes final.docx", 120, "bicycle notes_v2.docx", final_en),
        ("bicycle notes final (1).pdf", 120, "bicycle notes final.docx", final_en),
        ("bicycle notes (club).txt", 150, "bicycle notes_v3.txt", club),
    ]


def convert(text: str, target: Path, work: Path) -> None:
    """LibreOffice writes ``target`` (.docx or .pdf) from the plain text."""
    source = work / (target.stem + ".txt")
    source.write_text(text, "utf-8")
    kind = target.suffix[1:]
    filt = "docx:MS Word 2007 XML" if kind == "docx" else "pdf:writer_pdf_Export"
    subprocess.run(
        [
            "soffice",
            "--headless",
            "--infilter=Text (encoded):UTF8,LF,,,",
            "--convert-to",
            filt,
            "--outdir",
            str(work),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    shutil.move(work / (target.stem + target.suffix), target)


def main() -> None:
    manifest = []
    with tempfile.TemporaryDirectory() as work:
        for name, minutes, parent, text in sources():
            target = HERE / name
            if target.suffix == ".txt":
                target.write_text(text, "utf-8")
            else:
                convert(text, target, Path(work))
            manifest.append({"file": name, "minutes": minutes, "from": parent})
    (HERE / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", "utf-8"
    )


if __name__ == "__main__":
    main()
