"""`simfind report`: a pair, a group numbered as `simfind groups` numbers it, and errors
that write nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.base.paths import percent
from tests.places import TESTS
from tests.report_html import read_report
from tests.texts import EN_DOCS

DATA = TESTS / "data"
ZH_OLD = DATA / "zh_manual" / "backup-bullseye.txt"
ZH_NEW = DATA / "zh_manual" / "backup-bookworm.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two groups: three editions of a Chinese manual's section, two English notes."""
    root = tmp_path / "资料"
    root.mkdir()
    (root / "old.txt").write_text(ZH_OLD.read_text("utf-8"), encoding="utf-8")
    (root / "new.txt").write_text(ZH_NEW.read_text("utf-8"), encoding="utf-8")
    (root / "new-gbk.txt").write_bytes((ZH_NEW.read_text("utf-8") + "附注。").encode("gbk"))
    (root / "note.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "note-edited.md").write_text(EN_DOCS[0].replace("evening", "night"), "utf-8")
    (root / "other.md").write_text(EN_DOCS[2], encoding="utf-8")
    return root


def test_a_pair(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "报告.html"
    code, out, err = run(capsys, "report", str(ZH_OLD), str(ZH_NEW), "-o", str(target))
    assert code == 0 and out == ""
    read = read_report(target.read_text("utf-8"))
    assert read.row("Path") == [str(ZH_OLD), str(ZH_NEW)]
    similarity = read.row("Similarity")[0]
    assert f"similarity {similarity}" in err and "wrote" in err
    assert read.row("Boilerplate learnt from") == ["nothing (the files compared alone)"]


def test_group_n_is_the_group_simfind_groups_lists(capsys, folder: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "groups", str(folder), "--format", "json", "-q")
    assert code == 0
    groups = json.loads(out)["groups"]
    assert len(groups) == 2
    for number, group in enumerate(groups, start=1):
        target = tmp_path / f"group{number}.html"
        code, _, err = run(capsys, "report", "--group", str(number), str(folder), "-o", str(target))
        assert code == 0, err
        read = read_report(target.read_text("utf-8"))
        members = group["members"]
        assert read.title == f"Similarity report: group {number} ({len(members)} files)"
        assert read.row("1")[0] == str(folder / members[0]["path"].split("/")[-1])
        for index, member in enumerate(members[1:], start=2):
            row = read.row(str(index))
            assert Path(row[0]).name == Path(member["path"]).name
            assert row[1] == f"{percent(member['similarity'])} %"
            assert row[2] == str(member["distance"])


def test_failures_write_nothing(capsys, folder: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "out.html"
    code, _, err = run(capsys, "report", str(ZH_OLD), str(tmp_path / "gone.txt"), "-o", str(target))
    assert code == 2 and "no such file: " in err
    code, _, err = run(capsys, "report", str(ZH_OLD), "-o", str(target))
    assert code == 2 and "report compares two files (1 path given)" in err
    code, _, err = run(capsys, "report", str(ZH_OLD), str(folder), "-o", str(target))
    assert code == 2 and "is a folder" in err and "--group N" in err
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    code, _, err = run(capsys, "report", str(ZH_OLD), str(binary), "-o", str(target))
    assert code == 2 and "cannot read" in err and "binary" in err and "no report written" in err
    code, _, err = run(capsys, "report", "--group", "3", str(folder), "-o", str(target), "-q")
    assert code == 2 and "no group 3: the groups of" in err and "numbered 1 to 2" in err
    code, _, err = run(capsys, "report", str(ZH_OLD), str(ZH_NEW), "-o", str(ZH_NEW))
    assert code == 2 and "is one of the files compared" in err
    assert not target.exists() and not list(tmp_path.glob(".simfind-*"))
    assert ZH_NEW.read_bytes().startswith(b"11.2")
