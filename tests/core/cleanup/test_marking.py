"""Marking all but one file in each group, by a rule; reference files never marked."""

from __future__ import annotations

from pathlib import Path

import pytest

from simfind.core.cleanup.marking import Candidate, KeepRule, keeper, mark_all_but_one

DAY = 86_400 * 10**9


def group(root: Path) -> list[Candidate]:
    return [
        Candidate(root / "a" / "report.txt", size=900, mtime_ns=5 * DAY),
        Candidate(root / "b" / "longer-name" / "report.txt", size=1200, mtime_ns=2 * DAY),
        Candidate(root / "c" / "r.txt", size=700, mtime_ns=9 * DAY),
        Candidate(root / "a" / "old" / "report copy.txt", size=1200, mtime_ns=1 * DAY),
    ]


@pytest.mark.parametrize(
    ("rule", "kept"),
    [
        (KeepRule.NEWEST, 2),
        (KeepRule.OLDEST, 3),
        (KeepRule.LARGEST, 3),  # 1 and 3 are as large: the shorter path wins
        (KeepRule.SHORTEST_PATH, 2),
    ],
)
def test_each_rule_keeps_its_file_and_marks_the_rest(rule: KeepRule, kept: int) -> None:
    files = group(Path("/data"))
    assert keeper(files, rule) == kept
    marks = mark_all_but_one([files, files[:2]], rule)
    assert marks.marked[0] == [k for k in range(4) if k != kept]
    assert len(marks.marked[1]) == 1
    assert marks.count == 4 and marks.without_keeper == 0


def test_keep_the_one_in_a_chosen_folder(tmp_path: Path) -> None:
    files = group(tmp_path)
    marks = mark_all_but_one([files, files[1:3]], KeepRule.IN_FOLDER, tmp_path / "a")
    # Two files lie in a/: the shorter path is kept.
    assert marks.marked[0] == [1, 2, 3]
    # The second group has none in a/: it is left alone, and counted.
    assert marks.marked[1] == []
    assert marks.without_keeper == 1


def test_the_chosen_folder_may_be_named_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "alias").symlink_to(tmp_path / "real")
    files = [
        Candidate(tmp_path / "real" / "x.txt", 1, 1),
        Candidate(tmp_path / "other" / "x.txt", 1, 1),
    ]
    assert keeper(files, KeepRule.IN_FOLDER, tmp_path / "alias") == 0
    with pytest.raises(ValueError, match="folder"):
        keeper(files, KeepRule.IN_FOLDER)


@pytest.mark.parametrize("rule", list(KeepRule))
def test_files_in_a_reference_folder_are_kept_and_never_marked(rule: KeepRule) -> None:
    files = group(Path("/data"))
    files[3] = Candidate(files[3].path, files[3].size, files[3].mtime_ns, protected=True)
    marks = mark_all_but_one([files], rule, Path("/data/c"))
    assert marks.marked == [[0, 1, 2]]
    both = [Candidate(Path(f"/ref/{k}"), 1, 1, protected=True) for k in range(2)]
    assert mark_all_but_one([both], rule, Path("/data/c")).marked == [[]]


def test_marking_can_be_limited_to_identical_files() -> None:
    """Of two sets of byte-identical files, all but one of each is marked; a file with the
    same text in other bytes (no twin) is kept, as is a protected twin's set."""
    root = Path("/data")
    files = [
        Candidate(root / "a.txt", 10, 5 * DAY, digest=b"1" * 16),
        Candidate(root / "copy of a.txt", 10, 6 * DAY, digest=b"1" * 16),
        Candidate(root / "a (gbk).txt", 9, 7 * DAY, digest=b"2" * 16),
        Candidate(root / "b.txt", 10, 1 * DAY, digest=b"3" * 16),
        Candidate(root / "b again.txt", 10, 2 * DAY, digest=b"3" * 16),
        Candidate(root / "b once more.txt", 10, 3 * DAY, digest=b"3" * 16),
        Candidate(root / "unknown.txt", 10, 4 * DAY, digest=None),
    ]
    marks = mark_all_but_one([files], KeepRule.NEWEST, identical_only=True)
    assert marks.marked == [[0, 3, 4]]  # keeps 1 of {0, 1} and 5 of {3, 4, 5}
    assert mark_all_but_one([files], KeepRule.NEWEST).marked == [[0, 1, 3, 4, 5, 6]]
    guarded = [*files[:1], Candidate(root / "archive" / "a.txt", 10, 1, True, b"1" * 16)]
    assert mark_all_but_one([guarded], KeepRule.NEWEST, identical_only=True).marked == [[0]]
    alone = files[2:3] + files[6:]
    assert mark_all_but_one([alone], KeepRule.NEWEST, identical_only=True).marked == [[]]


def test_a_file_whose_figure_is_an_estimate_is_never_marked(tmp_path: Path) -> None:
    """Two new copies grouped with a catalogue's file (its drive away) by estimates alone:
    a rule marks neither; with exact figures, both are marked and the drive's file kept."""
    from simfind.core.cleanup.file_marks import mark_files
    from simfind.core.groups.group import Member
    from simfind.core.scan.match import file_match

    drive = Member(file_match(tmp_path / "d.txt", "d.txt", 100, 1, catalogue=tmp_path / "d.simcat"))
    estimated = [drive] + [
        Member(file_match(tmp_path / n, n, 100, t), estimated=True) for n, t in (("a", 2), ("b", 3))
    ]
    exact = [drive] + [Member(file_match(tmp_path / n, n, 100, t)) for n, t in (("a", 2), ("b", 3))]

    def protected(member: Member) -> bool:
        return member.match.catalogue is not None

    marks = mark_files([estimated, exact], KeepRule.NEWEST, None, False, protected)
    assert marks.marks.marked == [[], [1, 2]]
