"""Identical files of every kind: by size, first and last blocks, all the bytes; hard links,
empty files, a minimum size, the cache; groups that say what they are; a binary reference."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
import xxhash

from simfind.cli import main
from simfind.core.base.errors import NotTextError, SkipCause, SkipReason
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.groups.folder_groups import find_groups, regroup
from simfind.core.groups.kinds import GroupKind
from simfind.core.scan.context import ScanContext
from simfind.core.scan.file_digests import BLOCK
from simfind.core.scan.identical import IdenticalOptions
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.text.reading import read_text
from tests.binaries import app_releases, image, stored_zip, wheel
from tests.texts import CODE, EN_DOCS, ZH_DOCS


def kinds(result) -> dict[frozenset[str], GroupKind]:  # type: ignore[no-untyped-def]
    return {frozenset(m.rel for m in g.members): g.kind for g in result.groups}


def test_a_stored_zip_is_no_text_by_its_first_bytes(tmp_path: Path) -> None:
    archive = stored_zip(tmp_path / "notes.zip")
    with pytest.raises(NotTextError) as caught:
        read_text(archive)
    assert caught.value.reason is SkipReason.BINARY
    assert caught.value.detail is not None
    assert (caught.value.detail.cause, caught.value.detail.format) == (SkipCause.CONTAINER, "zip")
    shutil.copy(archive, tmp_path / "notes (copy).zip")
    found = find_groups(tmp_path, ScanOptions())
    assert kinds(found) == {frozenset({"notes.zip", "notes (copy).zip"}): GroupKind.IDENTICAL}
    assert {m.format for m in found.groups[0].members} == {"zip"}


def test_identical_images_wheels_and_texts_are_grouped_by_their_bytes(tmp_path: Path) -> None:
    folder = tmp_path / "Downloads"
    image(folder / "photo.png")
    shutil.copy(folder / "photo.png", folder / "photo-copy.png")
    image(folder / "other.png", shade=7)  # another image
    image(folder / "holiday.jpg", fmt="JPEG")
    (folder / "backup").mkdir()
    shutil.copy(folder / "holiday.jpg", folder / "backup" / "holiday.jpg")
    wheel(folder / "pip.whl")
    shutil.copy(folder / "pip.whl", folder / "pip (1).whl")
    (folder / "notes.txt").write_text(EN_DOCS[0], encoding="utf-8")
    shutil.copy(folder / "notes.txt", folder / "notes copy.txt")
    result = find_groups(folder, ScanOptions())
    assert kinds(result) == {
        frozenset({"photo.png", "photo-copy.png"}): GroupKind.IDENTICAL,
        frozenset({"holiday.jpg", "backup/holiday.jpg"}): GroupKind.IDENTICAL,
        frozenset({"pip.whl", "pip (1).whl"}): GroupKind.IDENTICAL,
        frozenset({"notes.txt", "notes copy.txt"}): GroupKind.IDENTICAL,
    }
    by_name = {m.rel: m for g in result.groups for m in g.members}
    assert {by_name[n].format for n in ("photo.png", "holiday.jpg", "pip.whl")} == {
        "png",
        "jpeg",
        "zip",
    }
    assert by_name["pip.whl"].digest == xxhash.xxh3_128_digest((folder / "pip.whl").read_bytes())
    assert by_name["pip.whl"].by_bytes and not by_name["notes.txt"].by_bytes
    # Looked at by their bytes, the images and wheels are no skips to report.
    assert result.skipped == []
    # --text-only keeps to text files, as before: the texts' group alone.
    texts = find_groups(folder, ScanOptions(text_only=True))
    assert list(kinds(texts)) == [frozenset({"notes.txt", "notes copy.txt"})]
    assert {s.rel for s in texts.skipped} >= {"photo.png", "pip.whl"}


def test_hard_links_are_one_file_shown_as_linked(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    image(folder / "a.png")
    os.link(folder / "a.png", folder / "z-link.png")  # its first name in the walk: a.png
    shutil.copy(folder / "a.png", folder / "b.png")
    image(folder / "c.png", shade=40)
    os.link(folder / "c.png", folder / "c-link.png")  # linked, and no other copy: no group
    result = find_groups(folder, ScanOptions())
    assert kinds(result) == {frozenset({"a.png", "b.png"}): GroupKind.IDENTICAL}
    first = result.groups[0].members[0]
    assert first.rel == "a.png" and first.links == (folder / "z-link.png",)


def test_hard_links_in_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "f"
    image(folder / "a.png")
    os.link(folder / "a.png", folder / "z-link.png")
    shutil.copy(folder / "a.png", folder / "b.png")
    assert main(["groups", str(folder), "--format", "json", "-q", "--identical"]) == 0
    (group,) = json.loads(capsys.readouterr().out)["groups"]  # a result file's
    assert group["kind"] == "identical" and group["files"] == 2
    first, second = group["members"]
    assert first["links"] == [str(folder / "z-link.png")] and second["links"] == []
    assert first["inode"] == (folder / "a.png").stat().st_ino != second["inode"]
    assert first["hash"] == second["hash"] and first["distance"] is None


def test_empty_files_are_no_duplicates_unless_asked_and_a_minimum_size(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "empty1").write_bytes(b"")
    (folder / "empty2").write_bytes(b"")
    (folder / "tiny1.bin").write_bytes(b"\x00\x01")
    (folder / "tiny2.bin").write_bytes(b"\x00\x01")
    image(folder / "big1.png")
    shutil.copy(folder / "big1.png", folder / "big2.png")
    only = IdenticalOptions(only=True)
    assert set(kinds(find_groups(folder, ScanOptions(), identical=only))) == {
        frozenset({"tiny1.bin", "tiny2.bin"}),
        frozenset({"big1.png", "big2.png"}),
    }
    listed = IdenticalOptions(empty=True, only=True)
    assert frozenset({"empty1", "empty2"}) in kinds(
        find_groups(folder, ScanOptions(), identical=listed)
    )
    large = IdenticalOptions(min_size=1000)
    assert list(kinds(find_groups(folder, ScanOptions(), identical=large))) == [
        frozenset({"big1.png", "big2.png"})
    ]


def test_first_and_last_blocks_then_all_bytes_each_file_read_once(
    tmp_path: Path, private_cache: Path
) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    body = os.urandom(20 * BLOCK)
    (folder / "a.bin").write_bytes(body)
    (folder / "copy.bin").write_bytes(body)
    # The same size and ends, another middle: only all its bytes tell it apart.
    middle = bytearray(body)
    middle[10 * BLOCK] ^= 0xFF
    (folder / "middle.bin").write_bytes(bytes(middle))
    # The same size, another start: its first block tells it apart, never read whole.
    start = bytearray(body)
    start[0] ^= 0xFF
    (folder / "start.bin").write_bytes(bytes(start))
    (folder / "alone.bin").write_bytes(os.urandom(7 * BLOCK))  # a size of its own: not read
    only = IdenticalOptions(only=True)
    with FingerprintCache() as cache:
        first = find_groups(folder, ScanOptions(), context=ScanContext(cache=cache), identical=only)
    assert list(kinds(first)) == [frozenset({"a.bin", "copy.bin"})]
    # Four heads (two blocks each), then three files whole; nothing of alone.bin.
    assert first.hashed_bytes == 4 * 2 * BLOCK + 3 * len(body)
    with FingerprintCache() as cache:
        again = find_groups(folder, ScanOptions(), context=ScanContext(cache=cache), identical=only)
    assert list(kinds(again)) == [frozenset({"a.bin", "copy.bin"})]
    assert (again.hashed_files, again.hashed_bytes) == (0, 0)  # all from the cache
    # A file changed since: read again, and no longer in the group.
    (folder / "copy.bin").write_bytes(bytes(start))
    with FingerprintCache() as cache:
        changed = find_groups(
            folder, ScanOptions(), context=ScanContext(cache=cache), identical=only
        )
    assert list(kinds(changed)) == [frozenset({"copy.bin", "start.bin"})]


def test_text_files_read_as_text_are_not_read_again_for_their_bytes(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    for name in ("a.txt", "b.txt"):
        (folder / name).write_text(ZH_DOCS[1], encoding="utf-8")
    for name in ("long.txt", "long copy.txt"):  # more than two blocks: no first blocks read
        (folder / name).write_text(" ".join(EN_DOCS) * 20, encoding="utf-8")
    (folder / "blob.bin").write_bytes(bytes(range(256)) * 20)  # read whole, found no text
    shutil.copy(folder / "blob.bin", folder / "blob2.bin")
    result = find_groups(folder, ScanOptions())
    assert set(kinds(result)) == {
        frozenset({"a.txt", "b.txt"}),
        frozenset({"long.txt", "long copy.txt"}),
        frozenset({"blob.bin", "blob2.bin"}),
    }
    assert result.hashed_files == 0  # their bytes were hashed as they were read


def test_a_member_identical_to_another_member_says_so_with_its_figure_to_the_centre(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Flask 2.3.3's app.py as the centre (it has two copies), 3.0.3's and its copy: each of
    those two is 60-odd % similar to the centre and the same bytes as the other."""
    folder = app_releases(tmp_path / "sites")
    result = find_groups(folder, ScanOptions())
    (group,) = result.groups
    assert group.kind is GroupKind.NEAR_DUPLICATE
    centre, *rest = group.members
    assert centre.rel == "flask-2.3.3/src/flask/app.py"
    by_rel = {m.rel: m for m in rest}
    newer, copy = by_rel["flask-3.0.3/src/flask/app.py"], by_rel["copy/flask/app.py"]
    assert newer.similarity is not None and 0.5 < newer.similarity < 0.9
    assert copy.similarity == newer.similarity  # to the centre, not to its twin
    assert not newer.identical and newer.identical_to == copy.path
    assert not copy.identical and copy.identical_to == newer.path
    assert all(by_rel[f"{v}/flask/app.py"].identical for v in ("venv-a", "venv-b"))
    assert main(["groups", str(folder), "--format", "json", "-q"]) == 0
    (shown,) = json.loads(capsys.readouterr().out)["groups"]
    row = next(m for m in shown["members"] if m["path"].endswith("flask-3.0.3/src/flask/app.py"))
    assert row["identical"] is False and row["identical_to"].endswith("copy/flask/app.py")
    assert row["similarity"] == round(newer.similarity, 4)
    assert main(["groups", str(folder), "--format", "table", "-q"]) == 0
    table = capsys.readouterr().out
    line = next(x for x in table.splitlines() if "flask-3.0.3/src/flask/app.py  (" in x)
    assert f"{100 * newer.similarity:.1f}" in line
    assert "(same bytes as " in line and "copy/flask/app.py, not as the centre)" in line
    # Grouped again at another threshold, the copies still follow their texts.
    again = regroup(result, 0.55)
    assert [len(g.members) for g in again.groups] == [5]


def test_the_same_text_in_other_bytes_is_a_group_of_the_same_text(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    text = f"{ZH_DOCS[0]}\n{ZH_DOCS[2]}\n"
    (folder / "a.txt").write_bytes(text.encode("utf-8"))
    (folder / "b.txt").write_bytes(text.encode("gbk"))
    (folder / "c.txt").write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    (folder / "z copy.txt").write_bytes(text.encode("utf-8"))  # a.txt's bytes
    result = find_groups(folder, ScanOptions())
    (group,) = result.groups
    assert group.kind is GroupKind.SAME_TEXT
    # The copy, one file with a.txt to the grouping, takes its place among the members as
    # the grouping orders them (by figure, then path), not beside the file it copies.
    assert [m.rel for m in group.members] == ["a.txt", "b.txt", "c.txt", "z copy.txt"]
    assert [m.identical for m in group.members] == [False, False, False, True]
    assert all(m.similarity == 1.0 for m in group.members[1:])


def test_a_binary_reference_finds_its_identical_copies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "f"
    reference = image(tmp_path / "photo.png")
    (folder / "sub").mkdir(parents=True)
    shutil.copy(reference, folder / "photo (1).png")
    shutil.copy(reference, folder / "sub" / "again.png")
    image(folder / "other.png", shade=3)
    (folder / "notes.txt").write_text(CODE, encoding="utf-8")
    result = scan(reference, folder)
    assert result.by_bytes and result.no_text is not None
    assert [m.rel for m in result.matches] == ["photo (1).png", "sub/again.png"]
    assert all(m.identical and m.similarity == 1.0 for m in result.matches)
    assert main(["scan", str(reference), str(folder), "--format", "json"]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)
    assert [Path(r["path"]).name for r in rows] == ["photo (1).png", "again.png"]
    assert all(r["distance"] is None and r["fingerprint"] is None for r in rows)
    assert "2 identical copies of the reference" in captured.err


def test_a_version_8_cache_gains_the_digests_and_keeps_its_rows(
    tmp_path: Path, private_cache: Path
) -> None:
    from simfind.core.cache.files import FILE_NAME

    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "a.txt").write_text(EN_DOCS[0], encoding="utf-8")
    with FingerprintCache() as cache:
        find_groups(folder, ScanOptions(), context=ScanContext(cache=cache))
        rows = cache.entries()
    with sqlite3.connect(private_cache / FILE_NAME) as db:  # as version 8 left it
        db.execute("DROP TABLE digests")
        db.execute("PRAGMA user_version = 8")
    db.close()
    with FingerprintCache() as cache:
        assert cache.entries() == rows > 0 and cache.warnings == []
        assert cache.lookup_digests(folder) == {}
    with sqlite3.connect(private_cache / FILE_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 9
        assert db.execute("SELECT count(*) FROM digests").fetchone()[0] == 0
    db.close()


def test_copies_of_a_text_stand_where_the_first_by_path_stood(tmp_path: Path) -> None:
    """The centre of a text's copies is the first by its path's bytes, as the grouping
    orders files ("a-b.txt" before "a/x.txt"), not the first the walk met ("a/x.txt")."""
    folder = tmp_path / "f"
    (folder / "a").mkdir(parents=True)
    (folder / "a" / "x.txt").write_text(EN_DOCS[1], encoding="utf-8")
    (folder / "a-b.txt").write_text(EN_DOCS[1], encoding="utf-8")
    (group,) = find_groups(folder, ScanOptions()).groups
    assert [m.rel for m in group.members] == ["a-b.txt", "a/x.txt"]
    assert group.kind is GroupKind.IDENTICAL


def test_the_answer_kept_serves_an_unchanged_folder(tmp_path: Path, private_cache: Path) -> None:
    """The sets found are kept under the question: a second search of an unchanged folder
    looks up no file's hashes (here gone from their table), one file changed and it does."""
    from simfind.core.cache.files import FILE_NAME

    folder = tmp_path / "f"
    image(folder / "a.png")
    shutil.copy(folder / "a.png", folder / "b.png")
    image(folder / "c.png", shade=9)
    only = IdenticalOptions(only=True)

    def search() -> object:
        with FingerprintCache() as cache:
            return find_groups(
                folder, ScanOptions(), context=ScanContext(cache=cache), identical=only
            )

    first = search()
    with sqlite3.connect(private_cache / FILE_NAME) as db:
        db.execute("DELETE FROM digests")
    db.close()
    again = search()
    assert kinds(again) == kinds(first) == {frozenset({"a.png", "b.png"}): GroupKind.IDENTICAL}
    assert again.hashed_files == 0  # the answer, no hash of a file read or looked up
    os.utime(folder / "b.png", ns=(1, 1))  # another version of a file of a shared size
    changed = search()  # the answer not used, the table emptied: files read again
    assert kinds(changed) == kinds(first) and changed.hashed_files >= 2


PROBE = """
import sys
from simfind.cli import main
code = main(sys.argv[1:])
heavy = ("numpy", "jieba", "rjieba", "chardet", "simfind.core.text.features")
print(sorted(name for name in heavy if name in sys.modules), file=sys.stderr)
sys.exit(code)
"""


def test_identical_files_alone_load_none_of_the_text_engine(tmp_path: Path) -> None:
    """``groups --identical`` starts as fast as it can: no NumPy, no segmenter, no chardet."""
    import subprocess
    import sys

    folder = tmp_path / "f"
    image(folder / "a.png")
    shutil.copy(folder / "a.png", folder / "b.png")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "groups", str(folder), "--identical", "--format", "csv"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SIMFIND_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 3  # the header and the two copies
    assert done.stderr.strip().splitlines()[-1] == "[]"


def test_a_result_file_of_identical_files_is_read_back_and_cleaned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``groups --identical`` as a result file: read back, each copy identical to the
    centre, a hard link not a member; ``clean --only-identical`` plans the copies alone."""
    from simfind.core.results.reading import read_result_file

    folder = tmp_path / "f"
    image(folder / "a.png")
    shutil.copy(folder / "a.png", folder / "b.png")
    os.link(folder / "b.png", folder / "c-link.png")
    image(folder / "d.png", shade=9)
    shutil.copy(folder / "d.png", folder / "e.png")
    target = tmp_path / "result.json"
    assert (
        main(["groups", str(folder), "--identical", "--format", "json", "-q", "-o", str(target)])
        == 0
    )
    saved = read_result_file(target)
    assert sorted(g.kind for g in saved.groups) == [GroupKind.IDENTICAL, GroupKind.IDENTICAL]
    assert {m.path.name for g in saved.groups for m in g.members} == {
        "a.png",
        "b.png",
        "d.png",
        "e.png",
    }
    assert all(m.identical and m.by_bytes for g in saved.groups for m in g.members[1:])
    capsys.readouterr()
    code = main(
        [
            "clean",
            str(target),
            "--trash",
            "--dry-run",
            "--only-identical",
            "--keep",
            "oldest",
            "--format",
            "json",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    planned = {Path(f["path"]).name for f in json.loads(out)["files"] if f["outcome"] == "planned"}
    assert planned == {"b.png", "e.png"}  # the copies, made after the files they copy
