"""The HTML report of a pair or a group: the engine's figures, whole escaped texts, links
that resolve both ways, Chinese intact; read back with html.parser as a reader sees it."""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks.judge import gap, ratio
from simfind import __version__
from simfind.cli.report import ENGLISH
from simfind.core.base.paths import percent
from simfind.core.compare import boilerplate
from simfind.core.compare.verify import comparable, shares
from simfind.core.fingerprint.simhash import hamming
from simfind.core.groups.folder_groups import find_groups
from simfind.core.report.evidence import ReportReadError, group_report, pair_report
from simfind.core.report.html_report import escape, render
from simfind.core.scan.fingerprinting import fingerprint_and_sample
from simfind.core.scan.options import ScanOptions
from simfind.core.text.reading import read_text
from tests.places import TESTS
from tests.report_html import ReadReport, read_report
from tests.texts import EN_DOCS, ZH_DOCS

DATA = TESTS / "data"
ZH_OLD = DATA / "zh_manual" / "backup-bullseye.txt"
ZH_NEW = DATA / "zh_manual" / "backup-bookworm.txt"

HOSTILE = (
    "<script>alert(1)</script> A report shows a file's text as data, never as markup.\n"
    "</pre><b>bold?</b> &amp; &lt; \"double\" and 'single' quotes, <!-- a comment -->\n"
    "\x07 a bell, an escape \x1b[31m and a tab\there.\n" + EN_DOCS[0]
)


def engine_figures(left: Path, right: Path, options: ScanOptions) -> tuple[float, ...]:
    """What the scan measures of the pair: similarity, both shares, the distance."""
    texts = [read_text(p).text for p in (left, right)]
    forms = [comparable(t, options.features) for t in texts]
    found = shares(forms[0], forms[1], boilerplate.NONE)
    prints = [fingerprint_and_sample(read_text(p), options.features)[0] for p in (left, right)]
    return (*found[:3], hamming(*prints))


def cells(read: ReadReport) -> dict[str, str]:
    return {row[0]: row[1] for row in read.rows if len(row) == 2}


def test_the_figures_are_the_engines_and_agree_with_difflib() -> None:
    options = ScanOptions()
    report = pair_report(ZH_OLD, ZH_NEW, options)
    read = read_report(render(report, ENGLISH))
    similarity, holds, held, distance = engine_figures(ZH_OLD, ZH_NEW, options)
    shown = cells(read)
    assert shown["Similarity"] == f"{percent(similarity)} %"
    assert shown["Share of A found in B"] == f"{percent(holds)} %"
    assert shown["Share of B found in A"] == f"{percent(held)} %"
    assert shown["Fingerprint distance"] == f"{distance} of 128 bits"
    assert shown["Boilerplate discounted"] == "none"
    # The independent judge: difflib's ratio of the two texts' words (jieba's own words).
    texts = [p.read_text("utf-8") for p in (ZH_OLD, ZH_NEW)]
    assert gap(similarity, *texts) <= 0.01, (ratio(*texts), similarity)
    assert 0.6 < similarity < 0.9  # a real revision: alike, not the same


def test_each_files_facts_are_its_own() -> None:
    read = read_report(render(pair_report(ZH_OLD, ZH_NEW, ScanOptions()), ENGLISH))
    assert read.row("Name") == ["backup-bullseye.txt", "backup-bookworm.txt"]
    assert read.row("Path") == [str(ZH_OLD), str(ZH_NEW)]
    sizes = [p.stat().st_size for p in (ZH_OLD, ZH_NEW)]
    assert read.row("Size") == [f"1.3 KiB ({sizes[0]:,} bytes)", f"1.4 KiB ({sizes[1]:,} bytes)"]
    digests = [hashlib.sha256(p.read_bytes()).hexdigest() for p in (ZH_OLD, ZH_NEW)]
    assert read.row("SHA-256") == digests
    assert read.row("Encoding") == ["utf-8", "utf-8"]
    assert read.lang == "en"
    assert cells(read)["Fingerprint bits"] == "128" and cells(read)["Similar from"] == "50.0 %"


def test_the_report_says_when_and_by_which_version() -> None:
    report = pair_report(ZH_OLD, ZH_NEW, ScanOptions())
    page = render(report, ENGLISH)
    made = report.made.isoformat(timespec="seconds")
    assert f'<p class="made">Made {made} by simfind {__version__}.</p>' in page


def test_both_texts_are_shown_whole_and_chinese_intact() -> None:
    read = read_report(render(pair_report(ZH_OLD, ZH_NEW, ScanOptions()), ENGLISH))
    left, right = read.sides
    assert left.text == ZH_OLD.read_text("utf-8").rstrip("\n")
    assert right.text == ZH_NEW.read_text("utf-8").rstrip("\n")
    assert "备份管理" in left.text and "备份管理" in left.links[0][1]


def test_a_hostile_text_is_shown_literally_and_runs_nothing(tmp_path: Path) -> None:
    first, second = tmp_path / "a <b>.txt", tmp_path / "b&amp;.txt"
    first.write_text(HOSTILE, encoding="utf-8")
    second.write_text(HOSTILE.replace("never", "not ever") + "\nmore </div></div>", "utf-8")
    page = render(pair_report(first, second, ScanOptions()), ENGLISH)
    read = read_report(page)
    # No element from the files: only the report's own.
    assert "script" not in read.tags and "b" not in read.tags and "pre" not in read.tags
    shown = HOSTILE.replace("\x07", "\u2407").replace("\x1b", "\u241b")
    assert read.sides[0].text == shown.rstrip("\n")
    assert read.sides[1].text.endswith("more </div></div>")
    assert read.title == "Similarity report: a <b>.txt and b&amp;.txt"
    assert read.row("Name") == ["a <b>.txt", "b&amp;.txt"]
    assert "<script>" not in page and "\x1b" not in page
    assert escape("\"'<>&") == "&quot;&#x27;&lt;&gt;&amp;"
    # Nothing is fetched: the page forbids every request.
    assert "default-src 'none'" in page and "http" not in page.split("<body>")[0].replace(
        'http-equiv="Content-Security-Policy"', ""
    )
    # The figures still agree with difflib's ratio of their words.
    words = [p.read_text("utf-8").split() for p in (first, second)]
    ratio = difflib.SequenceMatcher(None, *words, autojunk=False).ratio()
    similarity = float(cells(read)["Similarity"].rstrip(" %")) / 100
    assert abs(ratio - similarity) <= 0.01, (ratio, similarity)


def test_every_shared_passage_links_to_the_same_passage_in_the_other_file() -> None:
    report = pair_report(ZH_OLD, ZH_NEW, ScanOptions())
    found = report.pairs[0].passages.passages
    assert len(found) >= 2
    read = read_report(render(report, ENGLISH))
    assert all(href[1:] in read.ids for href in read.hrefs if href.startswith("#"))
    left, right = read.sides
    assert left.anchors == [f"p0-a{n}" for n in range(len(found))]
    assert right.anchors == [f"p0-b{n}" for n in range(len(found))]
    assert {href for href, _ in left.links} == {f"#p0-b{n}" for n in range(len(found))}
    assert {href for href, _ in right.links} == {f"#p0-a{n}" for n in range(len(found))}
    texts = report.pairs[0].left_text, report.pairs[0].right_text
    for number, passage in enumerate(found):
        # What A links to passage n in B is passage n's text of A, and back.
        linked_a = "".join(t for h, t in left.links if h == f"#p0-b{number}")
        linked_b = "".join(t for h, t in right.links if h == f"#p0-a{number}")
        assert linked_a == "".join(texts[0][passage.left.start : passage.left.end].splitlines())
        assert linked_b == "".join(texts[1][passage.right.start : passage.right.end].splitlines())
    # The table of passages goes to both places.
    assert read.row("1")[1:] == [
        f"{found[0].left.first_line + 1}–{found[0].left.last_line + 1}",
        f"{found[0].right.first_line + 1}–{found[0].right.last_line + 1}",
    ]


def test_a_group_report_compares_each_file_with_the_centre(tmp_path: Path) -> None:
    folder = tmp_path / "文件夹"
    folder.mkdir()
    (folder / "old.txt").write_text(ZH_OLD.read_text("utf-8"), encoding="utf-8")
    (folder / "new.txt").write_text(ZH_NEW.read_text("utf-8"), encoding="utf-8")
    (folder / "copy.txt").write_text(ZH_NEW.read_text("utf-8") + "\n附注。", encoding="utf-8")
    (folder / "other.txt").write_text(EN_DOCS[1], encoding="utf-8")
    options = ScanOptions()
    result = find_groups(folder, options)
    assert len(result.groups) == 1
    members = result.groups[0].members
    report = group_report([m.path for m in members], options, result.boilerplate, 1, result.folders)
    assert [p.right.path for p in report.pairs] == [m.path for m in members[1:]]
    read = read_report(render(report, ENGLISH))
    assert read.title == f"Similarity report: group 1 ({len(members)} files)"
    for index, member in enumerate(members[1:]):
        row = read.row(str(index + 2))
        assert row[0] == str(member.path)
        assert row[1] == f"{percent(member.similarity or 0.0)} %"  # the groups' own figure
        assert row[2] == str(member.distance)
        assert f"#pair-{index}" in read.hrefs and f"pair-{index}" in read.ids
    assert len(read.sides) == 2 * (len(members) - 1)


def test_a_document_is_reported_by_its_text(tmp_path: Path) -> None:
    documents = DATA / "documents"
    report = pair_report(documents / "en.docx", documents / "en.odt", ScanOptions())
    read = read_report(render(report, ENGLISH))
    assert read.row("Read as") == ["DOCX", "ODT"]
    assert cells(read)["Similarity"] == f"{percent(report.pairs[0].similarity)} %"
    assert report.pairs[0].similarity > 0.9


def test_a_file_that_is_not_text_is_named(tmp_path: Path) -> None:
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(ReportReadError) as caught:
        pair_report(ZH_OLD, binary, ScanOptions())
    assert caught.value.path == binary


def test_the_words_are_the_callers(tmp_path: Path) -> None:
    title = "报告：{left} 与 {right}"
    chinese = replace(ENGLISH, lang="zh-CN", similarity="相似度", title_pair=title)
    read = read_report(render(pair_report(ZH_OLD, ZH_NEW, ScanOptions()), chinese))
    assert read.lang == "zh-CN" and "相似度" in cells(read)
    assert read.title == "报告：backup-bullseye.txt 与 backup-bookworm.txt"


def test_the_boilerplate_discounted_is_the_groups(tmp_path: Path) -> None:
    """Files that share a long banner: the report discounts it as the groups engine did."""
    banner = (
        "This file is part of the Lighthouse archive. It is distributed under the terms of "
        "the archive's licence, without any warranty, and may be copied and shared freely "
        "as long as this notice is kept with every copy of the file.\n\n"
    )
    bodies = [EN_DOCS[0], EN_DOCS[0].replace("evening", "night"), *EN_DOCS[1:], *ZH_DOCS]
    assert len(bodies) >= 8
    for index, body in enumerate(bodies):
        (tmp_path / f"{index:02}.txt").write_text(banner + body, encoding="utf-8")
    options = ScanOptions()
    result = find_groups(tmp_path, options)
    assert not result.boilerplate.empty
    group = next(g for g in result.groups if "00.txt" in {m.path.name for m in g.members})
    paths = [m.path for m in group.members]
    report = group_report(paths, options, result.boilerplate, 1, result.folders)
    pair = report.pairs[0]
    assert pair.similarity == pytest.approx(group.members[1].similarity)
    forms = [comparable(read_text(p).text, options.features) for p in paths[:2]]
    counted = [int((f.weights(result.boilerplate) < 1).sum()) for f in forms]
    assert pair.boilerplate_words == tuple(counted) and min(counted) >= 30
    read = read_report(render(report, ENGLISH))
    side = f"{counted[0]} words ({percent(counted[0] / pair.words[0])} %)"
    assert cells(read)["Boilerplate discounted"].startswith(f"A: {side}; B: ")
    assert read.row("Boilerplate learnt from") == [f"the {result.files} files searched"]
    # Dimmed in both texts, as the diff pane greys it.
    page = render(report, ENGLISH)
    assert (
        page.count('<span class="bp">') >= 2
        and "counted for nothing where both files have it" in page
    )
