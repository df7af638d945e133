"""The ignore list over identical files: two copies the user said are not duplicates are
never in one group, in a search, a search the cache answers, a regrouping and the command
line alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import xxhash

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.groups.folder_groups import GroupsResult, find_groups, regroup
from simfind.core.groups.identical_apart import parts
from simfind.core.ignore.pairs import IgnoredPair, IgnoreList, Kept, Side
from simfind.core.scan.context import ScanContext
from simfind.core.scan.identical import IdenticalOptions
from simfind.core.scan.options import ScanOptions
from tests.binaries import image
from tests.cli.test_cli_ignore import simfind
from tests.texts import EN_DOCS


def apart(*pairs: tuple[Path, Path]) -> IgnoreList:
    """An ignore list of these pairs, each side by its bytes' hash and its path."""

    def side(path: Path) -> Side:
        return Side(xxhash.xxh3_128_digest(path.read_bytes()), path)

    return IgnoreList(IgnoredPair.of(side(a), side(b)) for a, b in pairs)


def names(result: GroupsResult) -> list[set[str]]:
    return [{m.path.name for m in group.members} for group in result.groups]


def copies(folder: Path) -> tuple[Path, Path, Path]:
    """Three copies of one image, and another image."""
    first = image(folder / "a.png")
    for name in ("b.png", "c.png"):
        shutil.copy(first, folder / name)
    image(folder / "other.png", shade=40)
    return first, folder / "b.png", folder / "c.png"


def test_parts_keep_every_two_rows_kept_apart_in_parts_of_their_own() -> None:
    entry = IgnoredPair.of(Side(b"x", Path("/a")), Side(b"x", Path("/b")))
    assert parts(4, [Kept(0, 1, entry), Kept(0, 2, entry)]) == [[0, 3], [1, 2]]
    assert parts(3, []) == [[0, 1, 2]]


def test_copies_kept_apart_never_group_even_when_the_cache_answers(tmp_path: Path) -> None:
    a, b, _ = copies(tmp_path / "f")
    ignored = apart((a, b))
    for only in (False, True):
        with FingerprintCache() as cache:
            for _ in range(2):  # found, then found again whole from the answer kept
                result = find_groups(
                    tmp_path / "f",
                    ScanOptions(),
                    context=ScanContext(cache=cache),
                    identical=IdenticalOptions(only=only),
                    ignored=ignored,
                )
                assert names(result) == [{"a.png", "c.png"}]
                assert result.copies_apart == 1
    assert names(find_groups(tmp_path / "f", ScanOptions())) == [{"a.png", "b.png", "c.png"}]


def test_text_copies_kept_apart_never_group_wherever_they_follow(tmp_path: Path) -> None:
    """Three copies of a text and an edit of it: the copies b and c said not duplicates are
    never in one group, though each copy follows the first of its set into its group."""
    folder = tmp_path / "f"
    folder.mkdir()
    text = EN_DOCS[0]
    for name in ("a.txt", "b.txt", "c.txt"):
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "edit.txt").write_text(text.replace("the", "a", 2), encoding="utf-8")
    ignored = apart((folder / "b.txt", folder / "c.txt"))
    result = find_groups(folder, ScanOptions(), ignored=ignored)
    found = names(result)
    assert not any({"b.txt", "c.txt"} <= group for group in found), found
    assert {"a.txt", "b.txt", "edit.txt"} in found
    again = regroup(result, 0.5)
    assert not any({"b.txt", "c.txt"} <= group for group in names(again))


def test_a_regrouping_cuts_identical_groups_by_pairs_set_apart_since(tmp_path: Path) -> None:
    a, b, _ = copies(tmp_path / "f")
    result = find_groups(tmp_path / "f", ScanOptions())
    assert names(result) == [{"a.png", "b.png", "c.png"}]
    again = regroup(result, result.threshold, ignored=apart((a, b)))
    assert names(again) == [{"a.png", "c.png"}]
    assert [m.is_reference for m in again.groups[0].members] == [True, False]


def test_groups_identical_keeps_copies_on_the_list_apart(tmp_path: Path) -> None:
    """``simfind ignore add`` two copies, then ``groups --identical``: in real processes."""
    a, b, _ = copies(tmp_path / "f")
    data = tmp_path / "data"
    assert simfind(data, "ignore", "add", str(a), str(b)).returncode == 0
    done = simfind(data, "groups", str(tmp_path / "f"), "--identical", "--format", "csv")
    assert done.returncode == 0, done.stderr
    listed = {Path(line.split(",")[2]).name for line in done.stdout.splitlines()[1:]}
    assert listed == {"a.png", "c.png"}, done.stdout
    assert "1 pair kept apart by the ignore list" in done.stderr
    shown = simfind(data, "groups", str(tmp_path / "f"), "--identical", "--no-ignore-list")
    assert "b.png" in shown.stdout, shown.stdout


def test_a_binary_references_copy_on_the_list_is_set_apart_from_it(tmp_path: Path) -> None:
    """Compare with an image for reference: a copy said not a duplicate of it is set apart
    (left out of the table), the other copy is not."""
    from simfind.core.ignore.files import apart_from_reference
    from simfind.core.scan.scanner import scan

    a, b, _ = copies(tmp_path / "f")
    result = scan(a, tmp_path / "f", ScanOptions())
    assert {m.path.name for m in result.matches if not m.is_reference} == {"b.png", "c.png"}
    assert apart_from_reference(result, apart((a, b))) == {b}
