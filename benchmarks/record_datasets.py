"""Real lists of records with planted near-duplicates, for bench_records; built once.

    python -m benchmarks.record_datasets      # build all four, print sizes

Everything comes from the package registries through their ordinary clients,
as in datasets.py (whose download and extraction helpers this uses), into
``$SIMFIND_BENCH_DATA`` (``~/.cache/simfind-bench``):

* ``records_zh`` (lines): the sayings, Tang and Song poems of Debian's
  ``fortunes-zh``, then the lines of the Tang poems of the npm package
  ``chinese-poetry`` (traditional characters, as it ships them), one record a
  line, in text files of 10,000 lines.
* ``records_zh_large``: the same with every Tang line (260,368 lines; built only
  when asked for, not in ``all_record_datasets``).
* ``records_en`` (``csv:text``): the English fortunes of Debian's ``fortunes``,
  ``fortunes-min`` and ``fortune-anarchism`` (one a row; a fortune's lines stay
  in its cell), then the glosses of WordNet 3.0 (``wordnet-base``: a
  definition and its examples), in CSV files of 10,000 rows.
* ``records_gcide`` (lines, held out): 120,000 blocks of the 1913 Webster in
  Debian's ``dict-gcide`` (senses, quotations, usage notes; not its WordNet
  glosses), drawn at random, one a line, in text files of 10,000 lines.
* ``records_identifiers`` (identifiers): the source of Django 5.0.14,
  SQLAlchemy 2.0.36, Sphinx 7.4.7, pytest 8.3.3 and six packages of SymPy
  1.13.3 (PyPI sdists) and three.js
  0.160.0 (npm: its src/ and examples/jsm/), read in place.

Exact repeats are dropped from the lists (not from the code). Then PLANTS
records are copied, edited, and put back at random places: two thirds with one
or two small edits (a character, a word), a third with a quarter of their words
edited (lists); for names, the near-copies seed 002 is about (a typo, a plural,
another case style, a leading underscore, a number added), defined in Python
files of their own. Random choices use ``random.Random(1234)``.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from benchmarks import datasets as ds

SEED = 1234
#: Each dataset's format: a cache of an older one is rebuilt. records_zh 2: words
#: for the planted edits are dictionary words (see _zh_words); records_identifiers
#: 2: SymPy added, for at least 100,000 names.
FORMATS = {
    "records_zh": 2,
    "records_zh_large": 1,
    "records_clustered_20k": 1,
    "records_clustered_100k": 1,
    "records_clustered_1m": 1,
    "records_en": 1,
    "records_identifiers": 2,
    "records_gcide": 1,
    "records_zh_20k": 1,
    "records_zh_100k": 1,
    "records_zh_1m": 1,
}
#: Records in each list before planting (at least; names: as many as the code has).
BASE = 120_000
#: Lines of records_zh_large, at most (chinese-poetry's Tang poems give 260,368 with the
#: sayings).
LARGE = 300_000
PLANTS = 1000
PER_FILE = 10_000
THREE = "0.160.0"
POETRY = "2.0.1"
#: SymPy's largest packages (its whole source would add three times the reading).
SYMPY = tuple(
    f"sympy/{part}" for part in ("physics", "polys", "core", "printing", "solvers", "matrices")
)
#: The code read for names: (kind, name, version, folders inside it or () for all).
CODE = (
    ("pypi", "Django", "5.0.14", ()),
    ("pypi", "SQLAlchemy", "2.0.36", ()),
    ("pypi", "Sphinx", "7.4.7", ()),
    ("pypi", "pytest", "8.3.3", ()),
    ("pypi", "sympy", "1.13.3", SYMPY),
    ("npm", "three", THREE, ("src", "examples/jsm")),
)


@dataclass(frozen=True)
class Plant:
    """A planted near-duplicate: where its original is and where the copy went."""

    original: tuple[str, int]  # (file relative to the dataset's root, 1-based line)
    copy: tuple[str, int]
    edit: str
    #: Names: the original's and the copy's text (names are records by their text).
    original_text: str = ""
    copy_text: str = ""


@dataclass(frozen=True)
class RecordDataset:
    name: str
    description: str
    spec: str
    #: The files and folders to read, relative to root (absolute for code read in place).
    inputs: list[Path]
    root: Path
    base_records: int
    plants: list[Plant]


# ---------------------------------------------------------------------------
# Caching, as datasets._cached does, with this module's own manifest.


def _cached(name: str, build: Callable[[Path], dict[str, Any]]) -> RecordDataset:
    folder = ds.data_root() / "datasets" / name
    manifest = folder / ds.MANIFEST
    if manifest.is_file():
        data = json.loads(manifest.read_text(encoding="utf-8"))
        if data.get("format") == FORMATS[name]:
            return _load(folder, data)
        ds.log(f"{name}: cache is from an older format; rebuilding")
    tmp = folder.with_name(folder.name + ".building")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    started = time.monotonic()
    ds.log(f"{name}: building")
    data = {"format": FORMATS[name], "name": name, **build(tmp)}
    (tmp / ds.MANIFEST).write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
    if folder.exists():
        shutil.rmtree(folder)
    tmp.rename(folder)
    ds.log(f"{name}: built in {time.monotonic() - started:.1f}s")
    return _load(folder, data)


def _load(folder: Path, data: dict[str, Any]) -> RecordDataset:
    plants = [
        Plant(tuple(p["original"]), tuple(p["copy"]), p["edit"], *p.get("texts", ("", "")))  # type: ignore[arg-type]
        for p in data["plants"]
    ]
    inputs = [folder / p if not Path(p).is_absolute() else Path(p) for p in data["inputs"]]
    return RecordDataset(
        data["name"], data["description"], data["spec"], inputs, folder, data["base"], plants
    )


def _plant_json(plant: Plant) -> dict[str, Any]:
    item: dict[str, Any] = {"original": plant.original, "copy": plant.copy, "edit": plant.edit}
    if plant.original_text:
        item["texts"] = [plant.original_text, plant.copy_text]
    return item


# ---------------------------------------------------------------------------
# Lists: lines of text files, or rows of CSV files.


def _distinct(texts: list[str]) -> list[str]:
    seen: set[str] = set()
    kept = []
    for text in texts:
        key = re.sub(r"\s+", " ", text).strip()
        if key and key not in seen:
            seen.add(key)
            kept.append(text)
    return kept


def _zh_words(text: str) -> list[str]:
    """The words of a Chinese line for planting edits: jieba's dictionary words only.

    jieba's HMM guesses new words where its dictionary (modern, simplified) does
    not know the text, and on the Tang poems' traditional characters it glues a
    verse's 3 to 5 characters into one "word" (14.5 % of the tokens of poem
    lines, against 0.2 % without it): one word edited was then half a line cut
    or a 7-character guess inserted, a copy no longer near its original by any
    reading. Without the HMM, text the dictionary does not know is cut into
    single characters, the words of classical Chinese.
    """
    if ds._JIEBA is None:
        ds._cut("")  # loads jieba's dictionary, as datasets.py does
    assert ds._JIEBA is not None
    return list(ds._JIEBA.lcut(text, HMM=False))


def _zh_edit(text: str, rng: Random, alphabet: str, vocabulary: list[str]) -> tuple[str, str]:
    words = [t for t in _zh_words(text) if ds._is_word(t)]
    if rng.random() < 1 / 3:
        edited = ds._edit_tokens(_zh_words(text), max(1, round(len(words) / 4)), vocabulary, rng)
        kind = "quarter"
    else:
        edited = text
        for _ in range(rng.randint(1, 2)):
            if rng.random() < 0.5:
                edited = ds._char_edit(edited, rng, alphabet)
            else:
                edited = ds._edit_tokens(_zh_words(edited), 1, vocabulary, rng)
        kind = "small"
    if edited.strip() == text.strip():
        edited = ds._char_edit(text, rng, alphabet)
    return edited, kind


def _en_edit(text: str, rng: Random, vocabulary: list[str]) -> tuple[str, str]:
    tokens = ds._en_tokens(text)
    words = sum(1 for t in tokens if ds._is_word(t))
    if rng.random() < 1 / 3:
        edited = ds._edit_tokens(tokens, max(1, round(words / 4)), vocabulary, rng)
        kind = "quarter"
    else:
        edited = text
        for _ in range(rng.randint(1, 2)):
            if rng.random() < 0.5:
                edited = ds._char_edit(edited, rng, "abcdefghijklmnopqrstuvwxyz")
            else:
                edited = ds._edit_tokens(ds._en_tokens(edited), 1, vocabulary, rng)
        kind = "small"
    if edited.strip() == text.strip():
        edited = ds._char_edit(text, rng, "abcdefghijklmnopqrstuvwxyz")
    return edited, kind


Row = tuple[str, ...]


def _plant_rows(
    rows: list[Row], column: int, edit: Callable[[str, Random], tuple[str, str]], rng: Random
) -> tuple[list[list[tuple[int, Row]]], list[tuple[int, int, str]]]:
    """Files of (id, row), the copies among them; (original id, copy id, edit) per plant."""
    eligible = [i for i, row in enumerate(rows) if len(row[column].strip()) >= 8]
    chosen = rng.sample(eligible, PLANTS)
    files: list[list[tuple[int, Row]]] = [
        list(enumerate(rows))[start : start + PER_FILE] for start in range(0, len(rows), PER_FILE)
    ]
    plants = []
    for number, original in enumerate(chosen):
        text, kind = edit(rows[original][column], Random(f"{SEED}:{original}"))
        copy = list(rows[original])
        copy[column] = text
        target = files[rng.randrange(len(files))]
        copy_id = len(rows) + number
        target.insert(rng.randint(0, len(target)), (copy_id, tuple(copy)))
        plants.append((original, copy_id, kind))
    return files, plants


def _write_lists(
    folder: Path,
    rows: list[Row],
    column: int,
    edit: Callable[[str, Random], tuple[str, str]],
    header: Row | None,
    suffix: str,
) -> list[Plant]:
    """The rows in files of PER_FILE (text lines, or CSV with a header), copies planted."""
    files, planted = _plant_rows(rows, column, edit, Random(SEED))
    where: dict[int, tuple[str, int]] = {}
    (folder / "lists").mkdir()
    for number, content in enumerate(files):
        rel = f"lists/list-{number:02d}{suffix}"
        out = io.StringIO()
        line = 1
        if header is not None:
            csv.writer(out, lineterminator="\n").writerow(header)
            line += 1
            for ident, row in content:
                where[ident] = (rel, line)
                one = io.StringIO()
                csv.writer(one, lineterminator="\n").writerow(row)
                out.write(one.getvalue())
                line += one.getvalue().count("\n")
        else:
            for ident, row in content:
                where[ident] = (rel, line)
                out.write(row[column] + "\n")
                line += 1
        (folder / rel).write_text(out.getvalue(), encoding="utf-8")
    return [Plant(where[a], where[b], kind) for a, b, kind in planted]


def _lists_manifest(what: str, spec: str, base: int, plants: list[Plant]) -> dict[str, Any]:
    """The manifest of a dataset of lists (_write_lists): what they hold, how read."""
    return {
        "description": f"{what}; {len(plants)} edited copies planted",
        "spec": spec,
        "inputs": ["lists"],
        "base": base,
        "plants": [_plant_json(p) for p in plants],
    }


def records_zh() -> RecordDataset:
    return _zh_lines("records_zh", BASE)


def records_zh_large() -> RecordDataset:
    """As records_zh with every line there is (260,368): beyond what the files' search
    budget keeps at the widest radius (see record_search.RECORD_SEARCH_BUDGET)."""
    return _zh_lines("records_zh_large", LARGE)


#: Sizes of the lists for the speed of ``groups --records lines`` (bench_records_scale):
#: the Tang lines, then the Song poems' (chinese-poetry's quantangshi holds both).
SIZED = {"records_zh_20k": 20_000, "records_zh_100k": 100_000, "records_zh_1m": 1_000_000}


def records_zh_sized(name: str) -> RecordDataset:
    """records_zh's kind of list at one of the SIZED sizes (the Song poems' lines past the
    Tang ones: 1,000,000 distinct lines need both)."""
    return _zh_lines(name, SIZED[name], ("tang", "song"))


#: Sizes of the clustered lists (bench_records_clustered): a fixed set of real lines, each
#: with more variants the longer the list, as a log's lines repeat its templates.
CLUSTERED = {
    "records_clustered_20k": 20_000,
    "records_clustered_100k": 100_000,
    "records_clustered_1m": 1_000_000,
}
#: The base lines of every clustered list: clusters of 5 lines on average among 20,000,
#: 25 among 100,000, 250 among a million.
CLUSTER_BASES = 4000


def records_clustered(name: str) -> RecordDataset:
    """CLUSTERED[name] lines around CLUSTER_BASES real ones: fortunes-zh's sayings and poems
    of eight characters or more (Debian), then Tang lines of chinese-poetry (npm). Each
    line past the bases is one of them, drawn at random, with two words edited
    (substituted, deleted or inserted: datasets._edit_tokens); shuffled, then PLANTS of
    the lines copied with one word edited and planted as records_zh's are."""

    def build(folder: Path) -> dict[str, Any]:
        count = CLUSTERED[name]
        rng = Random(SEED)
        sayings, _ = ds._zh_short_texts()
        texts = [t for t in sayings if len(t) >= 8]
        if len(texts) < CLUSTER_BASES:
            source = records_zh_sized("records_zh_20k")
            for path in sorted(source.root.joinpath("lists").glob("*.txt")):
                texts.extend(t for t in path.read_text(encoding="utf-8").splitlines()[::7])
        bases = _distinct(texts)[:CLUSTER_BASES]
        words = [_zh_words(base) for base in bases]
        vocabulary = ds._vocabulary(words, "zh")
        lines = list(bases)
        seen = set(lines)
        while len(lines) < count:
            line = ds._edit_tokens(words[rng.randrange(len(bases))], 2, vocabulary, rng)
            if line.strip() and line not in seen:
                seen.add(line)
                lines.append(line)
        rng.shuffle(lines)
        plants = _write_lists(
            folder,
            [(t,) for t in lines],
            0,
            lambda text, r: (ds._edit_tokens(_zh_words(text), 1, vocabulary, r), "small"),
            None,
            ".txt",
        )
        return _lists_manifest(
            f"{len(lines):,} lines around {len(bases):,} sayings and poems of Debian's "
            "fortunes-zh (and Tang lines of chinese-poetry), each drawn again and again "
            "with two words edited",
            "lines",
            len(lines),
            plants,
        )

    return _cached(name, build)


def _zh_lines(name: str, count: int, dynasties: tuple[str, ...] = ("tang",)) -> RecordDataset:
    def build(folder: Path) -> dict[str, Any]:
        sayings, _ = ds._zh_short_texts()
        poetry = ds._npm_tree("chinese-poetry", POETRY) / "dist" / "quantangshi"
        texts = list(sayings)
        for dynasty in dynasties:
            number = 0
            # Reading on past `count` distinct lines changes nothing (they are cut there):
            # the costly count of distinct lines waits until there may be enough.
            while len(texts) < 1.1 * count or len(_distinct(texts)) < count:
                path = poetry / f"poet.{dynasty}.{number * 1000}.json"
                if not path.is_file():
                    break
                for poem in json.loads(path.read_text(encoding="utf-8")):
                    texts.extend(p.strip() for p in poem.get("paragraphs", []) if p.strip())
                number += 1
        texts = _distinct(texts)[:count]
        vocabulary = ds._vocabulary([_zh_words(t) for t in texts[:20000]], "zh")
        alphabet = "".join(sorted({ch for t in texts for ch in t if ds._HAN.match(ch)}))
        plants = _write_lists(
            folder,
            [(t,) for t in texts],
            0,
            lambda text, rng: _zh_edit(text, rng, alphabet, vocabulary),
            None,
            ".txt",
        )
        return _lists_manifest(
            f"{len(texts):,} lines: {len(sayings):,} sayings and poems of Debian's fortunes-zh, "
            f"then the lines of the {' and '.join(d.title() for d in dynasties)} poems of "
            f"chinese-poetry {POETRY} (npm)",
            "lines",
            len(texts),
            plants,
        )

    return _cached(name, build)


def _fortunes() -> list[tuple[str, str]]:
    """(source, fortune) of the English fortune packages."""
    found = []
    for package in ("fortunes", "fortunes-min", "fortune-anarchism"):
        games = ds._deb_tree(package) / "usr/share/games/fortunes"
        for path in sorted(games.rglob("*")):
            if not path.is_file() or path.suffix in (".dat", ".u8") or "art" in path.name:
                continue
            raw = path.read_text(encoding="utf-8", errors="replace")
            for entry in re.split(r"\n%\n", raw):
                entry = entry.strip("\n%")
                if entry.strip() and len(entry) <= 2000:
                    found.append((f"{package}/{path.name}", entry))
    return found


def _glosses() -> list[tuple[str, str]]:
    """(source, gloss) of WordNet 3.0's synsets: a definition and its examples."""
    wordnet = ds._deb_tree("wordnet-base") / "usr/share/wordnet"
    found = []
    for part in ("noun", "verb", "adj", "adv"):
        for line in (wordnet / f"data.{part}").read_text(encoding="utf-8").splitlines():
            if line.startswith("  ") or " | " not in line:
                continue
            found.append((f"wordnet/{part}", line.split(" | ", 1)[1].strip()))
    return found


def records_en() -> RecordDataset:
    def build(folder: Path) -> dict[str, Any]:
        fortunes = _fortunes()
        rows = list(fortunes) + _glosses()
        seen: set[str] = set()
        kept = []
        for source, text in rows:
            key = re.sub(r"\s+", " ", text).strip()
            if key not in seen:
                seen.add(key)
                kept.append((source, text))
        kept = kept[:BASE]
        vocabulary = ds._vocabulary([ds._en_tokens(t) for _, t in kept[:20000]], "en")
        plants = _write_lists(
            folder, kept, 1, lambda text, rng: _en_edit(text, rng, vocabulary), ("source", "text"),
            ".csv",
        )  # fmt: skip
        return _lists_manifest(
            f"{len(kept):,} CSV rows: {len(fortunes):,} English fortunes of Debian's fortunes, "
            "fortunes-min and fortune-anarchism, then WordNet 3.0's glosses (wordnet-base)",
            "csv:text",
            len(kept),
            plants,
        )

    return _cached("records_en", build)


#: GCIDE's blocks of the 1913 Webster (senses, quotations, usage notes), not its
#: WordNet 1.5 glosses, which the tuning set's WordNet 3.0 glosses resemble.
_WEBSTER = "[1913 Webster]"
_SENSE_NUMBER = re.compile(r"^\s*\d+\.\s+")


def _webster_blocks() -> list[str]:
    """Each block of GCIDE's dictionary text that ends in the 1913 Webster's mark, as a line."""
    dictd = ds._deb_tree("dict-gcide") / "usr/share/dictd/gcide.dict.dz"
    with gzip.open(dictd, "rt", encoding="utf-8", errors="replace") as raw:
        text = raw.read()
    blocks = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines or lines[-1].strip() != _WEBSTER:
            continue
        body = [line for line in lines[:-1] if not re.match(r"^\S.*\\", line)]  # no headword
        joined = _SENSE_NUMBER.sub("", " ".join(line.strip() for line in body))
        if joined:
            blocks.append(joined)
    return blocks


def records_gcide() -> RecordDataset:
    """Held out of all tuning (chosen in session 24 before any of its figures were seen)."""

    def build(folder: Path) -> dict[str, Any]:
        blocks = _distinct(_webster_blocks())
        rng = Random(SEED)
        kept = [blocks[i] for i in sorted(rng.sample(range(len(blocks)), min(BASE, len(blocks))))]
        vocabulary = ds._vocabulary([ds._en_tokens(t) for t in kept[:20000]], "en")
        plants = _write_lists(
            folder, [(t,) for t in kept], 0, lambda text, rng: _en_edit(text, rng, vocabulary),
            None, ".txt",
        )  # fmt: skip
        return _lists_manifest(
            f"{len(kept):,} lines: senses, quotations and notes of the 1913 Webster in Debian's "
            f"dict-gcide (of {len(blocks):,}, drawn at random, in dictionary order)",
            "lines",
            len(kept),
            plants,
        )

    return _cached("records_gcide", build)


# ---------------------------------------------------------------------------
# Names: a real codebase read in place, near-copies of its names in files of their own.


def _code_folders() -> list[Path]:
    folders = []
    for kind, name, version, parts in CODE:
        top = ds._sdist_tree(name, version) if kind == "pypi" else ds._npm_tree(name, version)
        folders.extend([top / part for part in parts] if parts else [top])
    return folders


def _words(name: str) -> list[str]:
    return re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", name)


def _typo(name: str, rng: Random) -> str:
    letters = [i for i, c in enumerate(name) if c.isalpha() and 0 < i < len(name) - 1]
    i = rng.choice(letters)
    roll = rng.random()
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    new = rng.choice(alphabet)
    new = new.upper() if name[i].isupper() else new
    if roll < 0.35:
        return name[:i] + new + name[i + 1 :]
    if roll < 0.6:
        return name[:i] + name[i + 1 :]
    if roll < 0.85:
        return name[:i] + new + name[i:]
    return name[: i - 1] + name[i] + name[i - 1] + name[i + 1 :]


def _restyle(name: str) -> str:
    words = _words(name)
    lead = "_" * (len(name) - len(name.lstrip("_")))
    if "_" in name.strip("_"):
        if name.isupper():
            return lead + "".join(w.capitalize() for w in words)
        return lead + words[0].lower() + "".join(w.capitalize() for w in words[1:])
    return lead + "_".join(w.lower() for w in words)


def name_edit(name: str, rng: Random) -> tuple[str, str]:
    """A near-copy of a name, the kind seed 002 flags, and what was done."""
    roll = rng.random()
    if roll < 0.4:
        return _typo(name, rng), "typo"
    if roll < 0.6:
        return (name[:-1] if name.endswith("s") else name + "s"), "plural"
    if roll < 0.8 and len(_words(name)) >= 2:
        return _restyle(name), "style"
    if roll < 0.9:
        return (name[1:] if name.startswith("_") else "_" + name), "underscore"
    return name + str(rng.randint(2, 9)), "number"


def records_identifiers() -> RecordDataset:
    def build(folder: Path) -> dict[str, Any]:
        from simfind.core.records.collect import RecordOptions, collect_records
        from simfind.core.records.cutting import RecordSpec

        code = _code_folders()
        found = collect_records(code, RecordOptions(RecordSpec.parse("identifiers"), jobs=2))
        names = {record.text: record for record in found.records}
        rng = Random(SEED)
        eligible = sorted(n for n in names if len(n) >= 8 and n.isidentifier() and n.isascii())
        planted: list[Plant] = []
        lines: dict[str, list[str]] = {}
        taken = set(names)
        for original in rng.sample(eligible, 3 * PLANTS):
            if len(planted) == PLANTS:
                break
            copy, edit = name_edit(original, Random(f"{SEED}:{original}"))
            if copy in taken or not copy.isidentifier() or copy == original:
                continue
            taken.add(copy)
            record = names[original]
            source = found.files[record.file]
            rel = f"planted/plant_{len(planted) // 100:02d}.py"
            body = lines.setdefault(rel, [])
            kind = record.kind.value if record.kind else "variable"
            if kind == "function":
                body += [f"def {copy}():", "    pass", ""]
            elif kind == "class":
                body += [f"class {copy}:", "    pass", ""]
            else:
                body += [f"{copy} = 1", ""]
            line = len(body) - (2 if kind in ("function", "class") else 1)
            place = (str(source.path), record.line)
            planted.append(Plant(place, (rel, line), edit, original, copy))
        for rel, body in lines.items():
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (folder / rel).write_text("\n".join(body), encoding="utf-8")
        versions = ", ".join(f"{name} {version}" for _, name, version, _ in CODE)
        return {
            "description": f"{len(names):,} distinct names defined in the code of {versions}; "
            f"{len(planted)} near-copies planted (typo, plural, case style, underscore, number)",
            "spec": "identifiers",
            "inputs": [*(str(p) for p in code), "planted"],
            "base": len(names),
            "plants": [_plant_json(p) for p in planted],
        }

    return _cached("records_identifiers", build)


def all_record_datasets() -> list[RecordDataset]:
    return [records_zh(), records_identifiers(), records_en(), records_gcide()]


if __name__ == "__main__":
    for dataset in all_record_datasets():
        print(f"{dataset.name}: {dataset.description}")
