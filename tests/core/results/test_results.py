"""Results that last: a search's groups written to a result file and read back, each file
looked at again against it, and a rule's clean-up planned over it (core.results)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action
from simfind.core.groups.folder_groups import GroupsResult, find_groups
from simfind.core.groups.since import SinceSaved, look_now
from simfind.core.ignore.files import side_of
from simfind.core.ignore.pairs import IgnoredPair, IgnoreList
from simfind.core.results.cleaning import CleanRequest, plan_clean
from simfind.core.results.document import FORMAT, VERSION
from simfind.core.results.reading import (
    Expected,
    ResultFileError,
    ResultProblem,
    is_result_file,
    read_result,
    read_result_file,
)
from simfind.core.results.reopening import reopened
from simfind.core.results.writing import save_result
from simfind.core.scan.options import ScanOptions
from tests.texts import CODE, EN_DOCS, ZH_DOCS


def edited(text: str) -> str:
    return text.replace("the", "a", 3) + " A last sentence, added."


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two groups of near-duplicates: notes (two copies and an edit) and code (a copy)."""
    root = tmp_path / "文档 docs"
    (root / "sub").mkdir(parents=True)
    (root / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "sub" / "notes copy.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "notes edited.md").write_text(edited(EN_DOCS[0]), encoding="utf-8")
    (root / "tool.py").write_text(CODE, encoding="utf-8")
    (root / "tool copy.py").write_text(CODE, encoding="utf-8")
    (root / "其他.txt").write_text(ZH_DOCS[2], encoding="utf-8")
    return root


def saved(folder: Path, tmp_path: Path) -> tuple[GroupsResult, Path]:
    result = find_groups(folder, ScanOptions())
    target = tmp_path / "result.json"
    save_result(target, result)
    return result, target


def test_a_result_reads_back_as_it_was_found(folder: Path, tmp_path: Path) -> None:
    result, target = saved(folder, tmp_path)
    assert is_result_file(target)
    back = read_result_file(target)
    assert back.version == VERSION and back.folders == [folder]
    assert back.settings.threshold == result.threshold and back.settings.bits == result.bits
    assert len(back.groups) == len(result.groups) == 2
    for found, read in zip(result.groups, back.groups, strict=True):
        assert [
            (m.path, m.rel, m.size, m.mtime_ns, m.ino, m.digest, m.is_reference)
            for m in read.members
        ] == [
            (m.path, m.rel, m.size, m.mtime_ns, m.ino, m.digest, m.is_reference)
            for m in found.members
        ]
        assert [m.similarity for m in read.members] == [
            None if m.similarity is None else round(m.similarity, 4) for m in found.members
        ]
    assert all(m.ino and m.digest for g in back.groups for m in g.members)


@pytest.mark.skipif(sys.platform == "win32", reason="a name that is not UTF-8: POSIX")
def test_a_name_that_is_not_utf8_reads_back_exactly(folder: Path, tmp_path: Path) -> None:
    odd = Path(os.fsdecode(os.fsencode(folder) + b"/caf\xff.md"))
    odd.write_text(EN_DOCS[0], encoding="utf-8")
    _, target = saved(folder, tmp_path)
    assert b"path_bytes" in target.read_bytes()
    paths = {m.path for g in read_result_file(target).groups for m in g.members}
    assert odd in paths and all(p.exists() for p in paths)


def test_relative_paths_are_the_working_folder_s(folder: Path, tmp_path: Path) -> None:
    _, target = saved(folder, tmp_path)
    document = json.loads(target.read_text(encoding="utf-8"))
    document["working_folder"] = {"path": os.fspath(folder.parent)}
    document["inputs"]["folders"] = [{"path": folder.name}]
    for group in document["groups"]:
        for member in group["members"]:
            member["path"] = os.path.relpath(member["path"], folder.parent)
    back = read_result(json.dumps(document).encode())
    assert back.folders == [folder]
    assert all(m.path.is_file() and m.path.is_absolute() for g in back.groups for m in g.members)


def test_files_changed_or_gone_since_are_told_apart(folder: Path, tmp_path: Path) -> None:
    _, target = saved(folder, tmp_path)
    copy = folder / "sub" / "notes copy.md"
    with copy.open("a", encoding="utf-8") as out:
        out.write("One more line.\n")
    (folder / "notes edited.md").unlink()
    # The same size and time, another file under the name (an editor's save): changed.
    tool = folder / "tool copy.py"
    times = tool.stat()
    replacement = folder / "tool copy.new"
    replacement.write_text(CODE, encoding="utf-8")
    os.utime(replacement, ns=(times.st_atime_ns, times.st_mtime_ns))
    replacement.replace(tool)
    stale = look_now(read_result_file(target).groups)
    assert stale == {
        copy: SinceSaved.CHANGED,
        folder / "notes edited.md": SinceSaved.VANISHED,
        **({tool: SinceSaved.CHANGED} if os.name == "posix" else {}),
    }


def document_of(target: Path) -> dict[str, object]:
    found: dict[str, object] = json.loads(target.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda text: text[: len(text) // 2], ResultProblem.NOT_JSON),
        (lambda text: "", ResultProblem.EMPTY),
        (lambda text: '{"name": "a package.json", "version": "1.0.0"}', ResultProblem.FOREIGN),
        (lambda text: "[1, 2, 3]", ResultProblem.FOREIGN),
        (
            lambda text: text.replace(f'"version": {VERSION}', f'"version": {VERSION + 1}', 1),
            ResultProblem.NEWER,
        ),
        (lambda text: json.dumps(json.loads(text)["groups"]), ResultProblem.OLD_LISTING),
        (lambda text: text.replace('"mtime_ns": ', '"mtime": ', 1), ResultProblem.DAMAGED),
        (lambda text: text.replace('"size": ', '"size": "12" and ', 1), ResultProblem.NOT_JSON),
    ],
)
def test_a_result_that_cannot_be_used_is_one_error(folder, tmp_path, change, problem) -> None:  # type: ignore[no-untyped-def]
    _, target = saved(folder, tmp_path)
    target.write_text(change(target.read_text(encoding="utf-8")), encoding="utf-8")
    kept = target.read_bytes()
    with pytest.raises(ResultFileError) as raised:
        read_result_file(target)
    assert raised.value.problem is problem
    assert target.read_bytes() == kept  # nothing lost
    if problem is ResultProblem.NEWER:
        assert raised.value.version == VERSION + 1 and raised.value.made_by
    if problem is ResultProblem.NOT_JSON and kept:
        assert raised.value.line >= 1


def test_a_damaged_field_says_where(folder: Path, tmp_path: Path) -> None:
    _, target = saved(folder, tmp_path)
    document = json.loads(target.read_text(encoding="utf-8"))
    document["groups"][1]["members"][0]["size"] = -3
    with pytest.raises(ResultFileError) as raised:
        read_result(json.dumps(document).encode())
    assert raised.value.problem is ResultProblem.DAMAGED
    assert (raised.value.where, raised.value.expected) == (
        "groups[1].members[0].size",
        Expected.WHOLE,
    )
    document = json.loads(target.read_text(encoding="utf-8"))
    document["groups"][0]["members"][1]["centre"] = True
    with pytest.raises(ResultFileError) as raised:
        read_result(json.dumps(document).encode())
    assert raised.value.expected is Expected.ONE_CENTRE
    assert document["format"] == FORMAT


def test_a_group_s_kind_is_read_and_an_identical_one_must_be(folder: Path, tmp_path: Path) -> None:
    """The optional "kind" of a group (identical, same-text, near-duplicate), as a simfind
    that tells kinds apart writes it: read, and a group said identical whose files do not
    all have the centre's hash is refused, never cleaned as identical."""
    from tests.cli.test_output_schemas import valid

    _, target = saved(folder, tmp_path)
    document = json.loads(target.read_text(encoding="utf-8"))
    groups = document["groups"]
    code = next(k for k, g in enumerate(groups) if len(g["members"]) == 2)
    notes = 1 - code
    groups[code]["kind"], groups[notes]["kind"] = "identical", "near-duplicate"
    valid("groups", json.dumps(document))
    back = read_result(json.dumps(document).encode())
    again = reopened(back, look_now(back.groups))
    request = CleanRequest(Action.TRASH, KeepRule.SHORTEST_PATH, only_identical=True)
    acted = {p.file.path for p in plan_clean(again.result, request).act}
    assert acted == {folder / "tool copy.py", folder / "sub" / "notes copy.md"}
    for kind, change, expected in [
        ("identical", None, Expected.SAME_HASH),  # the edited notes are not the centre's bytes
        ("similar", None, Expected.KIND),
        ("identical", lambda m: m.update(hash=None), Expected.SAME_HASH),
    ]:
        broken = json.loads(json.dumps(document))
        at = code if change else notes
        broken["groups"][at]["kind"] = kind
        if change:
            change(broken["groups"][at]["members"][0])
        with pytest.raises(ResultFileError) as raised:
            read_result(json.dumps(broken).encode())
        where = f"groups[{at}].kind" if expected is Expected.KIND else f"groups[{at}].members"
        assert (raised.value.where, raised.value.expected) == (where, expected)


def test_ignored_pairs_leave_their_groups_when_reopened(folder: Path, tmp_path: Path) -> None:
    _, target = saved(folder, tmp_path)
    back = read_result_file(target)
    a, b = folder / "notes.md", folder / "notes edited.md"
    sides = [side_of(p) for p in (a, b)]
    assert sides[0] is not None and sides[1] is not None
    ignored = IgnoreList([IgnoredPair.of(sides[0], sides[1])])
    again = reopened(back, {}, ignored)
    notes = next(g for g in again.result.groups if any(m.path == a for m in g.members))
    paths = {m.path for m in notes.members}
    assert not {a, b} <= paths
    assert [m.path for m in again.set_apart] == [a if a not in paths else b]


def test_a_plan_leaves_what_changed_and_reads_identical_files_again(
    folder: Path, tmp_path: Path
) -> None:
    _, target = saved(folder, tmp_path)
    back = read_result_file(target)
    # An edit a copy tool would hide: the same size and modified time, other bytes.
    copy = folder / "tool copy.py"
    times = copy.stat()
    copy.write_text(CODE.replace("def", "DEF", 1), encoding="utf-8")
    os.utime(copy, ns=(times.st_atime_ns, times.st_mtime_ns))
    (folder / "notes edited.md").unlink()
    again = reopened(back, look_now(back.groups))
    assert copy not in again.result.stale  # by its size and time alone, unchanged
    plan = plan_clean(again.result, CleanRequest(Action.TRASH, KeepRule.SHORTEST_PATH))
    assert again.result.stale[copy] is SinceSaved.CHANGED  # its bytes were read
    left = {m.path: state for m, state in plan.left}
    acted = {p.file.path: p.kept for p in plan.act}
    # The shortest path keeps notes.md; its copy goes, the edit that went is left alone.
    assert acted == {folder / "sub" / "notes copy.md": folder / "notes.md"}
    assert left[folder / "notes edited.md"] is SinceSaved.VANISHED
    # tool.py and its changed copy: the copy would have gone, it is left, and tool.py stays.
    assert left.get(copy) is SinceSaved.CHANGED
    assert folder / "tool.py" not in acted
