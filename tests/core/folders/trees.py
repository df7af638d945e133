"""Trees of real texts (tests/data) placed side by side: a project, its copy edited a
little, a backup of one of its folders, and an unrelated folder; and an independent
count of what two folders share (filecmp for identical bytes, difflib on words)."""

from __future__ import annotations

import difflib
import filecmp
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parents[2] / "data"

#: difflib's ratio on words from which two files are near-duplicates (the grouping's
#: default threshold).
NEAR = 0.5


def build_trees(top: Path) -> dict[str, Path]:
    """The folders made below ``top``, by name."""
    project = top / "project"
    for name, source in {
        "manual": DATA / "zh_manual",
        "quotes": DATA / "sayings",
        "reference": DATA / "releases",
    }.items():
        shutil.copytree(source, project / name)
    (project / "notes").mkdir()
    for text in ("bicycle notes.txt", "备份管理.txt"):
        shutil.copy2(DATA / "versions" / text, project / "notes" / text)
    shutil.copy2(DATA / "documents" / "en.html", project / "index.html")
    copy = top / "project (copy)"
    shutil.copytree(project, copy)
    # A few edits: two files changed a little, one rewritten, one gone, one new.
    with (copy / "quotes" / "sayings.txt").open("a", encoding="utf-8") as out:
        out.write("\nA new saying, added to the copy only.\n")
    manual = copy / "manual" / "backup-bookworm.txt"
    manual.write_text(
        manual.read_text(encoding="utf-8").replace("备份", "备份（已改）", 3), "utf-8"
    )
    shutil.copy2(DATA / "releases" / "forms-api-5.1.4.txt", copy / "notes" / "bicycle notes.txt")
    (copy / "reference" / "faq-ch03-choosing.txt").unlink()
    shutil.copy2(DATA / "documents" / "zh.txt", copy / "manual" / "new-chapter.txt")
    backup = top / "archive" / "2023" / "quotes-backup"
    shutil.copytree(project / "quotes", backup)
    lunyu = backup / "lunyu.txt"
    lunyu.write_text(lunyu.read_text(encoding="utf-8") + "\n学而时习之。\n", "utf-8")
    unrelated = top / "unrelated"
    unrelated.mkdir()
    for name in ("en.txt", "zh.txt"):
        shutil.copy2(DATA / "documents" / name, unrelated / name)
    for source in (DATA / "encodings").iterdir():
        shutil.copy2(source, unrelated / source.name)
    return {
        "project": project,
        "copy": copy,
        "backup": backup,
        "quotes": project / "quotes",
        "copied quotes": copy / "quotes",
        "unrelated": unrelated,
    }


def _words(path: Path) -> list[str]:
    return re.findall(r"\w+|[^\w\s]", path.read_text(encoding="utf-8", errors="replace"))


def word_ratio(a: Path, b: Path) -> float:
    return difflib.SequenceMatcher(None, _words(a), _words(b), autojunk=False).ratio()


@dataclass
class Counted:
    identical: int = 0
    near: int = 0
    changed: int = 0
    only_a: int = 0
    only_b: int = 0
    paired_bytes: int = 0
    all_bytes: int = 0

    @property
    def share(self) -> float:
        return self.paired_bytes / self.all_bytes


def _files(folder: Path) -> dict[str, Path]:
    found = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = Path(root) / name
            found[path.relative_to(folder).as_posix()] = path
    return found


def count_shared(a: Path, b: Path) -> Counted:
    """What folders a and b share, file by file at the same place below each."""
    left, right = _files(a), _files(b)
    counted = Counted()
    for rel, path in left.items():
        size = path.stat().st_size
        counted.all_bytes += size
        other = right.get(rel)
        if other is None:
            counted.only_a += 1
            continue
        both = size + other.stat().st_size
        if filecmp.cmp(path, other, shallow=False):
            counted.identical += 1
            counted.paired_bytes += both
        elif word_ratio(path, other) >= NEAR:
            counted.near += 1
            counted.paired_bytes += both
        else:
            counted.changed += 1
    for rel, path in right.items():
        counted.all_bytes += path.stat().st_size
        if rel not in left:
            counted.only_b += 1
    return counted
