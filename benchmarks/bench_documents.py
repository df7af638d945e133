"""Documents: extraction speed per format, its share of a first scan, ranking accuracy, libraries.

    python -m benchmarks.bench_documents               # speed, share, accuracy
    python -m benchmarks.bench_documents --libraries   # the libraries compared
    python -m benchmarks.bench_documents --speed       # or --accuracy: one table
    python -m benchmarks.bench_documents --quick       # fewer documents
    python -m benchmarks.bench_documents --baseline main [--repeat 5]

The documents are made from real text by real office software: the targets of
the accuracy datasets (benchmarks/datasets.py: Chinese Debian documents,
English reStructuredText of the pytest release pairs) are saved by LibreOffice
as .docx, .odt, .pdf, .rtf and .html, and turned by pandoc from the .docx into
.epub; once, into the benchmark cache (``documents/``). Needs ``soffice`` and
``pandoc`` for that first build.

Accuracy: each query (a plain text file) searches its corpus, where its one true
near-duplicate is now a document of one format; recall@1 beside the same queries
with every file plain text. ``zh_revisions`` was kept out of all tuning of the
extractors; ``zh_graded_edits_05`` and the pytest pairs were looked at.

--libraries compares, on the same documents: PDF (pypdfium2 as simfind uses it,
pypdfium2's raw text, pdfminer.six, pypdf), HTML (lxml as simfind
uses it, lxml.html, the standard library's html.parser), RTF (simfind's reader,
striprtf) and the XML of a .docx (lxml, defusedxml over ElementTree). Those not
installed are skipped: ``pip install pdfminer.six pypdf striprtf defusedxml``.

--baseline REV prints issue 32's two rows, this checkout beside commit REV
(extracted with ``git archive``), each measured in a child process with its
checkout first on the path, alternately, ``--repeat`` times; medians of wall and
CPU time: PDF extraction (MB/s of files and pages/s, the 167 PDFs read one after
another) and a first scan (one process, no cache, after a warm-up scan) of the
.docx folder beside the same texts as .txt, and their ratio. REV may be older than
the cut of ``core/`` into rooms (aef5d87, the code issue 32 was filed against).
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from benchmarks.bench_accuracy import Corpus, SimfindMethod, evaluate_simfind
from benchmarks.datasets import Dataset, code_release_pairs, data_root, log, zh_graded_edits
from benchmarks.datasets import zh_revisions as held_out_revisions
from simfind.core.compare.verify import comparable, similarity
from simfind.core.scan.fingerprinting import fingerprint_text
from simfind.core.text.documents import extract
from simfind.core.text.documents.html import decode_html, html_lines
from simfind.core.text.encoding.decoding import DecodedText, decode_bytes
from simfind.core.text.features import FeatureSettings

#: Formats made from each target, and how.
OFFICE = {
    "docx": "docx:MS Word 2007 XML",
    "odt": "odt",
    "pdf": "pdf:writer_pdf_Export",
    "rtf": "rtf",
    "html": "html:HTML (StarWriter)",
}
FORMATS = (*OFFICE, "epub")
TEXT_FILTER = "Text (encoded):UTF8,LF,,,"


def _datasets(quick: bool) -> list[tuple[str, str, Dataset]]:
    """(label, the cache folder of its documents, dataset)."""
    pytest_pairs = code_release_pairs("pytest", "7.4.4", "8.3.3")
    rst = [q for q in pytest_pairs.queries if q.query_path.suffix in (".rst", ".txt", ".md")]
    chosen = [
        ("zh_graded_edits_05", "zh_graded_corpus", zh_graded_edits(0.05)),
        ("zh_graded_edits_40", "zh_graded_corpus", zh_graded_edits(0.40)),
        ("zh_revisions (held out)", "zh_revisions", held_out_revisions()),
        ("pytest docs (.rst)", "pytest_docs_rst", replace(pytest_pairs, queries=rst)),
    ]
    if quick:
        chosen = [(name, key, replace(d, queries=d.queries[:25])) for name, key, d in chosen]
    return chosen


def _run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} failed: {done.stderr[-1000:]}")


def documents_of(name: str, sources: list[Path]) -> dict[str, dict[Path, Path]]:
    """format -> {source text file -> the same text as a document}, made once."""
    slug = re.sub(r"\W+", "_", name).strip("_")
    root = data_root() / "documents" / slug
    made: dict[str, dict[Path, Path]] = {fmt: {} for fmt in FORMATS}
    stems = {source: f"{index:04d}" for index, source in enumerate(sources)}
    missing = [
        fmt
        for fmt in FORMATS
        if not all((root / fmt / f"{stems[s]}.{fmt}").is_file() for s in sources)
    ]
    if missing:
        for tool in ("soffice", "pandoc"):
            if shutil.which(tool) is None:
                sys.exit(f"bench_documents: {tool} is needed to make the documents once")
        log(f"{name}: making {', '.join(missing)} of {len(sources)} texts")
        with tempfile.TemporaryDirectory() as tmp:
            staging = Path(tmp)
            for source, stem in stems.items():
                shutil.copyfile(source, staging / f"{stem}.txt")
            texts = sorted(str(p) for p in staging.glob("*.txt"))
            profile = (staging / "profile").as_uri()
            for fmt, target in OFFICE.items():
                if fmt not in missing and "epub" not in missing:
                    continue
                out = root / fmt
                out.mkdir(parents=True, exist_ok=True)
                _run(
                    [
                        "soffice",
                        f"-env:UserInstallation={profile}",
                        "--headless",
                        f"--infilter={TEXT_FILTER}",
                        "--convert-to",
                        target,
                        "--outdir",
                        str(out),
                        *texts,
                    ],
                    staging,
                )
            (root / "epub").mkdir(parents=True, exist_ok=True)
            for stem in stems.values():
                docx = root / "docx" / f"{stem}.docx"
                _run(["pandoc", str(docx), "-o", str(root / "epub" / f"{stem}.epub")], staging)
    for fmt in FORMATS:
        for source, stem in stems.items():
            made[fmt][source] = root / fmt / f"{stem}.{fmt}"
    return made


# --------------------------------------------------------------------------
# Speed, and the share of a first scan.


def _time(action: Callable[[], object], repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def speed(made: dict[str, dict[Path, Path]], settings: FeatureSettings) -> None:
    print("\nExtraction speed and its share of a first scan's work per file")
    print(
        f"  {'format':<6} {'files':>5} {'MB':>7} {'MB/s':>7} {'pages/s':>8} "
        f"{'extract':>8} {'fingerprint':>11} {'share':>6}"
    )
    texts: dict[Path, str] = {}
    for fmt in ("text", *FORMATS):
        files = list(made["docx"]) if fmt == "text" else list(made[fmt].values())
        size = sum(p.stat().st_size for p in files)
        extract_seconds = fingerprint_seconds = 0.0
        pages = 0
        for path in files:
            data = path.read_bytes()
            if fmt == "text":
                started = time.perf_counter()
                text = decode_bytes(data).text
                extract_seconds += time.perf_counter() - started
            else:
                started = time.perf_counter()
                found = extract(path.name, data)
                extract_seconds += time.perf_counter() - started
                assert found is not None
                text = found.text
                if fmt == "pdf":
                    pages += _pdf_pages(data)
            texts[path] = text
            started = time.perf_counter()
            fingerprint_text(DecodedText(text, "utf-8"), settings)
            fingerprint_seconds += time.perf_counter() - started
        share = extract_seconds / max(1e-9, extract_seconds + fingerprint_seconds)
        per_page = f"{pages / extract_seconds:8.0f}" if pages else f"{'':8}"
        label = "text*" if fmt == "text" else fmt
        print(
            f"  {label:<6} {len(files):>5} {size / 1e6:7.2f} {size / 1e6 / extract_seconds:7.2f} "
            f"{per_page} {extract_seconds:7.2f}s {fingerprint_seconds:10.2f}s {share:6.0%}"
        )
    print(
        "  text* = the same texts as plain files (decoding only). share = extraction / "
        "(extraction + features + SimHash);\n  a scan also walks, reads and verifies, so the "
        "share of a whole first scan is at most this."
    )


def first_scan(made: dict[str, dict[Path, Path]]) -> None:
    """A whole first scan (no cache, one process) of a folder of each format, beside the
    same texts as plain files: the share of the scan's time that extraction costs."""
    from simfind.core.scan.options import ScanOptions
    from simfind.core.scan.scanner import scan

    print("\nA first scan of a folder of one format (no cache, in one process)")
    print(
        f"  {'format':<6} {'files':>5} {'seconds':>8} {'plain text':>10} {'extraction share':>17}"
    )
    sources = list(made["docx"])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        plain = root / "text"
        plain.mkdir()
        for index, source in enumerate(sources):
            shutil.copyfile(source, plain / f"{index:04d}.txt")
        reference = root / "reference.txt"
        shutil.copyfile(sources[0], reference)
        options = ScanOptions(jobs=1)
        scan(reference, plain, options)  # warm: jieba's dictionary, the readers' libraries
        for fmt in FORMATS:
            folder = root / fmt
            folder.mkdir()
            for index, document in enumerate(made[fmt].values()):
                shutil.copyfile(document, folder / f"{index:04d}.{fmt}")
            scan(reference, folder, options)
        baseline = min(_scan_seconds(reference, plain, options) for _ in range(2))
        print(f"  {'text':<6} {len(sources):>5} {baseline:8.2f}")
        for fmt in FORMATS:
            seconds = min(_scan_seconds(reference, root / fmt, options) for _ in range(2))
            share = max(0.0, seconds - baseline) / seconds
            print(f"  {fmt:<6} {len(sources):>5} {seconds:8.2f} {baseline:10.2f} {share:17.0%}")


def _scan_seconds(reference: Path, folder: Path, options: object) -> float:
    from simfind.core.scan.scanner import scan
    from simfind.core.text.reading import forget_documents

    forget_documents()  # a first scan: no document read before
    started = time.perf_counter()
    scan(reference, folder, options)  # type: ignore[arg-type]
    return time.perf_counter() - started


def _pdf_pages(data: bytes) -> int:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        return len(document)
    finally:
        document.close()


# --------------------------------------------------------------------------
# Accuracy: recall@1 when the near-duplicate is a document.


def _mean_target_similarity(outcome: object) -> float:
    values = [mine for mine, _ in outcome.verified if mine is not None]  # type: ignore[attr-defined]
    return statistics.mean(values) if values else 0.0


def accuracy(chosen: list[tuple[str, str, Dataset]], settings: FeatureSettings) -> None:
    print("\nRecall@1 when each query's near-duplicate is a document (simfind 128-bit, verified);")
    print("below each, the mean verified similarity of query and near-duplicate")
    print(f"  {'dataset':<26} {'queries':>7} {'text':>6} " + " ".join(f"{f:>6}" for f in FORMATS))
    method = SimfindMethod("simfind", settings)
    for name, key, dataset in chosen:
        corpora = {c: Corpus.load(c) for c in {q.corpus_dir for q in dataset.queries}}
        targets = sorted({q.target_path for q in dataset.queries})
        made = documents_of(key, targets)
        outcomes = [evaluate_simfind(dataset, corpora, method)]
        for fmt in FORMATS:
            swapped = {}
            for folder, corpus in corpora.items():
                texts = list(corpus.texts)
                for target, document in made[fmt].items():
                    index = corpus.position.get(target)
                    if index is None:
                        continue
                    found = extract(document.name, document.read_bytes())
                    texts[index] = found.text if found is not None else ""
                swapped[folder] = Corpus(corpus.paths, texts, corpus.position)
            outcomes.append(evaluate_simfind(dataset, swapped, method))
        recalls = " ".join(f"{o.hits / max(1, o.queries):6.3f}" for o in outcomes)
        similarities = " ".join(f"{_mean_target_similarity(o):6.3f}" for o in outcomes)
        print(f"  {name:<26} {outcomes[0].queries:>7} {recalls}")
        print(f"  {'':<26} {'':>7} {similarities}")
    print("  the goal: every format's recall within 0.01 of the text column")


# --------------------------------------------------------------------------
# The libraries compared.


def _fidelity(text: str, source: str, settings: FeatureSettings) -> float:
    return similarity(comparable(source, settings), comparable(text, settings), settings)


def _paragraphs_kept(text: str, source: str) -> float:
    """Share of the source's longer paragraphs found whole on one line of ``text``."""
    paragraphs = [" ".join(p.split()) for p in source.split("\n") if len(p.strip()) > 40]
    lines = {" ".join(line.split()) for line in text.splitlines()}
    joined = "\n".join(lines)
    return sum(1 for p in paragraphs if p in lines or p in joined) / max(1, len(paragraphs))


def _compare(
    title: str,
    files: dict[Path, Path],
    readers: dict[str, Callable[[bytes], str]],
    settings: FeatureSettings,
) -> None:
    print(f"\n{title}")
    print(f"  {'reader':<34} {'MB/s':>7} {'similarity':>10} {'paragraphs':>10}")
    size = sum(p.stat().st_size for p in files.values())
    for name, read in readers.items():
        seconds = 0.0
        sims: list[float] = []
        kept: list[float] = []
        try:
            for source, document in files.items():
                data = document.read_bytes()
                started = time.perf_counter()
                text = read(data)
                seconds += time.perf_counter() - started
                original = source.read_text(encoding="utf-8")
                sims.append(_fidelity(text, original, settings))
                kept.append(_paragraphs_kept(text, original))
        except ImportError as missing:
            print(f"  {name:<34} not installed ({missing.name})")
            continue
        print(
            f"  {name:<34} {size / 1e6 / seconds:7.2f} {statistics.mean(sims):10.3f} "
            f"{statistics.mean(kept):10.1%}"
        )


def _pdf_readers() -> dict[str, Callable[[bytes], str]]:
    def ours(data: bytes) -> str:
        found = extract("x.pdf", data)
        return found.text if found else ""

    def raw(data: bytes) -> str:
        import pypdfium2 as pdfium

        document = pdfium.PdfDocument(data)
        try:
            return "\n".join(page.get_textpage().get_text_range() for page in document)
        finally:
            document.close()

    def pdfminer(data: bytes) -> str:
        from pdfminer.high_level import extract_text

        return str(extract_text(io.BytesIO(data)))

    def pypdf(data: bytes) -> str:
        from pypdf import PdfReader

        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)

    return {
        "pypdfium2 + simfind's paragraphs": ours,
        "pypdfium2, raw text page": raw,
        "pdfminer.six extract_text": pdfminer,
        "pypdf extract_text": pypdf,
    }


def _html_readers() -> dict[str, Callable[[bytes], str]]:
    blocks = {"p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "br", "table"}

    def ours(data: bytes) -> str:
        return "\n".join(html_lines(decode_html(data)))

    def lxml_html(data: bytes) -> str:
        # The same rules as simfind's reader, on libxml2's HTML parser.
        import lxml.html

        from simfind.core.text.documents import html as rules

        parser = lxml.html.HTMLParser(
            remove_comments=True, remove_pis=True, no_network=True, encoding="utf-8"
        )
        markup = decode_html(data).encode("utf-8", "surrogatepass")
        root = lxml.html.document_fromstring(markup, parser=parser)
        for element in list(root.iter("script", "style", "noscript", "template", "head")):
            element.drop_tree()
        for element in root.xpath("//*[@hidden]"):
            element.drop_tree()
        for element in root.iter(*rules._BLOCKS.replace(",", " ").split()):
            element.text = rules._PARAGRAPH_END + (element.text or "")
            element.tail = rules._PARAGRAPH_END + (element.tail or "")
        for element in root.iter("td", "th"):
            element.tail = "\u2063" + (element.tail or "")
        for element in root.iter("br"):
            element.tail = rules._LINE_BREAK + (element.tail or "")
        raw = rules._CJK_NEWLINE.sub("", root.text_content()).replace("\u2063", " ")
        return "\n".join(rules._SPACE.sub(" ", line).strip() for line in rules._BREAKS.split(raw))

    def stdlib(data: bytes) -> str:
        from html.parser import HTMLParser

        class Text(HTMLParser):
            def __init__(self) -> None:
                super().__init__()
                self.out: list[str] = []
                self.skip = 0

            def handle_starttag(self, tag: str, attrs: object) -> None:
                if tag in ("script", "style", "head"):
                    self.skip += 1
                elif tag in blocks:
                    self.out.append("\n")

            def handle_endtag(self, tag: str) -> None:
                if tag in ("script", "style", "head"):
                    self.skip = max(0, self.skip - 1)

            def handle_data(self, data: str) -> None:
                if not self.skip:
                    self.out.append(data)

        parser = Text()
        parser.feed(decode_html(data))
        return "".join(parser.out)

    return {
        "lxml + simfind's lines (simfind's reader)": ours,
        "lxml.html, the same rules": lxml_html,
        "html.parser (standard library)": stdlib,
    }


def _rtf_readers() -> dict[str, Callable[[bytes], str]]:
    def ours(data: bytes) -> str:
        found = extract("x.rtf", data)
        return found.text if found else ""

    def striprtf(data: bytes) -> str:
        from striprtf.striprtf import rtf_to_text

        return str(rtf_to_text(data.decode("latin-1"), errors="replace"))

    return {"simfind's RTF reader": ours, "striprtf": striprtf}


def _xml_speed(files: list[Path]) -> None:
    print("\nThe XML of a .docx (word/document.xml): parse and collect the w:t text")
    parts = [zipfile.ZipFile(p).read("word/document.xml") for p in files]
    size = sum(len(p) for p in parts)
    w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"

    def collect(root: object) -> None:
        for paragraph in root.iter(w + "p"):  # type: ignore[attr-defined]
            "".join(t.text or "" for t in paragraph.iter(w + "t"))

    def with_lxml() -> None:
        from lxml import etree

        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
        for part in parts:
            collect(etree.fromstring(part, parser))

    def with_defusedxml() -> None:
        from defusedxml import ElementTree as SafeElementTree

        for part in parts:
            collect(SafeElementTree.fromstring(part))

    for name, action in (("lxml, entities off", with_lxml), ("defusedxml", with_defusedxml)):
        try:
            seconds = _time(action, 3)
        except ImportError as missing:
            print(f"  {name:<34} not installed ({missing.name})")
            continue
        print(f"  {name:<34} {size / 1e6 / seconds:7.2f} MB/s of XML")


def libraries(made: dict[str, dict[Path, Path]], settings: FeatureSettings) -> None:
    print("\nThe libraries, on the same documents (similarity of the text to the source text;")
    print("paragraphs = share of the source's paragraphs found whole on one line)")
    _compare("PDF (LibreOffice)", made["pdf"], _pdf_readers(), settings)
    _compare("HTML (LibreOffice)", made["html"], _html_readers(), settings)
    _compare("RTF (LibreOffice)", made["rtf"], _rtf_readers(), settings)
    _xml_speed(list(made["docx"].values()))
    word = "中文文档，测试。"
    sample = (
        r"{\rtf1\ansi\ansicpg936{\fonttbl{\f0\fcharset134 SimSun;}}\f0 "
        + "".join(f"\\'{b:02x}" for b in word.encode("gbk"))
        + r"\par}"
    ).encode("latin-1")
    print(f"\n  RTF written as Chinese Word does (\\ansicpg936, \\'hh bytes): {word}")
    for name, read in _rtf_readers().items():
        try:
            print(f"    {name:<32} {read(sample).strip()}")
        except ImportError as missing:
            print(f"    {name:<32} not installed ({missing.name})")


# --------------------------------------------------------------------------
# Issue 32's rows beside a baseline commit, in the same run.

#: Run in a child with one checkout first on the path: argv = [pdf list file, text
#: folder, docx folder, reference]; prints the times as JSON.
_CHILD = """
import json, sys, time
from pathlib import Path
import simfind
try:
    from simfind.core.scan.options import ScanOptions
    from simfind.core.scan.scanner import scan
    from simfind.core.text.documents import extract
    from simfind.core.text.reading import forget_documents
except ImportError:  # a commit from before core/ was cut into rooms (issue 32's figures)
    from simfind.core.scan import ScanOptions, scan
    from simfind.core.documents import extract
    from simfind.core.textio import forget_documents

pdfs = [Path(line) for line in Path(sys.argv[1]).read_text().splitlines()]
text, docx, reference = Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4])
data = [(p.name, p.read_bytes()) for p in pdfs]
extract(*data[0])  # pypdfium2 loaded
options = ScanOptions(jobs=1)
scan(reference, text, options)  # warm: jieba's dictionary, the readers' libraries
scan(reference, docx, options)
out = {"checkout": str(Path(simfind.__file__).parent.parent)}
def timed(key, action):
    forget_documents()
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    out[key] = (time.perf_counter() - wall, time.process_time() - cpu)
timed("pdf", lambda: [extract(name, raw) for name, raw in data])
timed("txt", lambda: scan(reference, text, options))
timed("docx", lambda: scan(reference, docx, options))
print(json.dumps(out))
"""


def _child_times(source: Path, arguments: list[str], cwd: Path) -> dict[str, tuple[float, float]]:
    import json

    from benchmarks import USER_ENVIRONMENT

    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source))
    done = subprocess.run(  # cwd: python -c puts it before PYTHONPATH
        [sys.executable, "-c", _CHILD, *arguments],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the measuring child failed: {done.stderr[-2000:]}")
    times = json.loads(done.stdout.strip().splitlines()[-1])
    checkout = Path(times.pop("checkout"))
    if checkout.resolve() != source.resolve():
        raise RuntimeError(f"the child measured {checkout}, not {source}")
    return {key: (wall, cpu) for key, (wall, cpu) in times.items()}


def versus(made: dict[str, dict[Path, Path]], rev: str, repeat: int) -> None:
    """Issue 32's PDF and .docx rows, this checkout beside commit ``rev``."""
    from benchmarks.bench_fingerprint import ROOT, extract_commit

    pdfs = list(made["pdf"].values())
    size = sum(p.stat().st_size for p in pdfs)
    pages = sum(_pdf_pages(p.read_bytes()) for p in pdfs)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        base = extract_commit(rev, work / "base")
        listing = work / "pdfs.txt"
        listing.write_text("\n".join(str(p) for p in pdfs))
        for fmt in ("txt", "docx"):
            (work / fmt).mkdir()
        for index, (source, document) in enumerate(made["docx"].items()):
            shutil.copyfile(source, work / "txt" / f"{index:04d}.txt")
            shutil.copyfile(document, work / "docx" / f"{index:04d}.docx")
        reference = work / "reference.txt"
        shutil.copyfile(next(iter(made["docx"])), reference)
        arguments = [str(listing), str(work / "txt"), str(work / "docx"), str(reference)]
        runs: dict[str, list[dict[str, tuple[float, float]]]] = {"base": [], "this": []}
        for _ in range(repeat):
            runs["base"].append(_child_times(base, arguments, work))
            runs["this"].append(_child_times(ROOT, arguments, work))

    def median(label: str, key: str, which: int) -> float:
        return statistics.median(run[key][which] for run in runs[label])

    def ratio(label: str, which: int) -> float:
        return statistics.median(run["docx"][which] / run["txt"][which] for run in runs[label])

    print(
        f"\nIssue 32's rows: {len(pdfs)} PDFs ({size / 1e6:.2f} MB, {pages} pages) and "
        f"{len(made['docx'])} .docx beside the same texts as .txt; medians of {repeat} runs, "
        "baseline and this checkout alternately, one process each"
    )
    print(f"  {'':<34} {'baseline ' + rev:>24} {'this checkout':>24} {'gain':>11}")
    print(f"  {'':<34} {'wall':>11} {'CPU':>12} {'wall':>11} {'CPU':>12} {'wall':>5} {'CPU':>5}")
    for label, amount in (
        ("PDF text, MB/s", size / 1e6),
        ("PDF text, pages/s", pages),
    ):
        row = [amount / median(who, "pdf", which) for who in ("base", "this") for which in (0, 1)]
        print(
            f"  {label:<34} {row[0]:11.2f} {row[1]:12.2f} {row[2]:11.2f} {row[3]:12.2f} "
            f"{row[2] / row[0]:4.2f}x {row[3] / row[1]:4.2f}x"
        )
    for fmt, label in (("txt", ".txt first scan, s"), ("docx", ".docx first scan, s")):
        row = [median(who, fmt, which) for who in ("base", "this") for which in (0, 1)]
        print(
            f"  {label:<34} {row[0]:11.2f} {row[1]:12.2f} {row[2]:11.2f} {row[3]:12.2f} "
            f"{row[0] / row[2]:4.2f}x {row[1] / row[3]:4.2f}x"
        )
    row = [ratio(who, which) for who in ("base", "this") for which in (0, 1)]
    print(
        f"  {'.docx / .txt (goal <= 1.3)':<34} {row[0]:10.2f}x {row[1]:11.2f}x "
        f"{row[2]:10.2f}x {row[3]:11.2f}x"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="25 queries per dataset")
    parser.add_argument("--libraries", action="store_true", help="compare the libraries only")
    parser.add_argument("--accuracy", action="store_true", help="the accuracy table only")
    parser.add_argument("--speed", action="store_true", help="the speed table only")
    parser.add_argument("--baseline", metavar="REV", help="issue 32's rows beside commit REV")
    parser.add_argument("--repeat", type=int, default=5, help="runs of --baseline (median)")
    args = parser.parse_args(argv)
    settings = FeatureSettings()
    chosen = _datasets(args.quick)
    first_name, first_key, first = chosen[0]
    made = documents_of(first_key, sorted({q.target_path for q in first.queries}))
    english_name, english_key, english = chosen[-1]
    english_made = documents_of(english_key, sorted({q.target_path for q in english.queries}))
    merged = {fmt: {**made[fmt], **english_made[fmt]} for fmt in FORMATS}
    print(
        f"Documents: {len(made['docx'])} Chinese ({first_name}) and {len(english_made['docx'])} "
        f"English ({english_name}) texts, each saved in {len(FORMATS)} formats"
    )
    if args.libraries:
        libraries(merged, settings)
        return
    if args.baseline:
        versus(merged, args.baseline, args.repeat)
        return
    if not args.accuracy:
        speed(merged, settings)
        first_scan(merged)
    if not args.speed:
        accuracy(chosen, settings)


if __name__ == "__main__":
    main()
