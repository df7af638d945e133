"""A group's members carry their own figures to the centre; the files' matches, as the
search read them, are never changed by a group (core.groups.group.Member)."""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import astuple
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.groups.group import Group
from simfind.core.linkage.grouping import FileGroup
from simfind.core.linkage.grouping import Member as Row
from simfind.core.scan.match import file_match


def _ratio(a: str, b: str) -> float:
    """difflib's ratio of the two texts' words, case-folded: the independent measure."""
    left = re.findall(r"\w+", a.casefold())
    right = re.findall(r"\w+", b.casefold())
    return difflib.SequenceMatcher(None, left, right, autojunk=False).ratio()


def test_a_group_leaves_the_matches_it_is_given_as_they_were(tmp_path: Path) -> None:
    matches = [
        file_match(tmp_path / f"{n}.txt", f"{n}.txt", 10, 1, "utf-8", k, similarity=0.3)
        for k, n in enumerate("abc")
    ]
    before = [astuple(m) for m in matches]
    found = FileGroup([Row(1, 1.0, 0), Row(0, 0.9, 3), Row(2, 0.8, 5)])
    group = Group.of(found, matches)
    assert [astuple(m) for m in matches] == before  # nothing overwritten
    assert [m.match for m in group.members] == [matches[1], matches[0], matches[2]]
    assert [(m.similarity, m.distance, m.is_centre) for m in group.members] == [
        (1.0, 0, True),
        (0.9, 3, False),
        (0.8, 5, False),
    ]
    alone = Group.alone([matches[2], matches[0]])
    assert [astuple(m) for m in matches] == before
    assert [(m.similarity, m.is_centre) for m in alone.members] == [(1.0, True), (1.0, False)]


def _prose(seed: int) -> str:
    words = [f"w{(seed * 7919 + k * 104729) % 997}" for k in range(400)]
    return " ".join(words)


def _edited(text: str, every: int) -> str:
    words = text.split()
    return " ".join("changed" if i % every == 0 else w for i, w in enumerate(words))


def test_groups_figures_to_the_centre_are_the_texts_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``simfind groups`` on a real folder: each member's similarity is difflib's ratio of
    its words to its centre's, the centre's 1 and marked as the centre."""
    folder = tmp_path / "notes"
    folder.mkdir()
    texts = {"report.txt": _prose(1)}
    texts["report copy.txt"] = _edited(texts["report.txt"], 20)
    texts["report draft.txt"] = _edited(texts["report.txt"], 9)
    for index in range(2, 8):
        texts[f"other {index}.txt"] = _prose(index)
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    assert main(["groups", str(folder), "--format", "json", "--threshold", "0.7"]) == 0
    groups = json.loads(capsys.readouterr().out)["groups"]
    named = [{Path(m["path"]).name for m in g["members"]} for g in groups]
    assert {"report.txt", "report copy.txt", "report draft.txt"} in named
    for group in groups:
        centre, *rest = group["members"]
        assert centre["centre"] and centre["similarity"] == 1.0
        for member in rest:
            assert not member["centre"]
            name, centre_name = Path(member["path"]).name, Path(centre["path"]).name
            expected = _ratio(texts[centre_name], texts[name])
            assert member["similarity"] == pytest.approx(expected, abs=0.02)
