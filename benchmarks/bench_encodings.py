"""Mostly-ASCII translation files in legacy encodings: read right, as similar as their UTF-8 twin.

    python -m benchmarks.bench_encodings

Real files: the .ftl and .properties files of Firefox ESR's language packs
(Debian packages firefox-esr-l10n-{zh-tw,zh-cn,ja,ko,fr,de}, fetched once into
the benchmark cache) and Django's .po catalogues (the PyPI sdist the accuracy
datasets use). Each is encoded in its language's legacy encoding and read back
by simfind as it decodes today, and as chardet alone decoded it before; the
exact similarity to the same file in UTF-8 shows what a garbled decoding costs.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator

import chardet

from benchmarks.datasets import DJANGO_OLD, _deb_tree, _sdist_tree
from simfind.core.base.errors import NotTextError
from simfind.core.text.encoding.decoding import decode_bytes
from simfind.core.text.features import FeatureSettings

LANGUAGE_PACKS = {
    "zh-tw": "big5",
    "zh-cn": "gbk",
    "ja": "shift_jis",
    "ko": "euc-kr",
    "fr": "cp1252",
}
DJANGO = {"zh_Hant": "big5", "zh_Hans": "gbk", "ja": "euc-jp", "de": "cp1252"}
_WIDER = {"big5": "big5hkscs", "gb2312": "gb18030", "gbk": "gb18030", "shift_jis": "cp932"}


def language_pack(lang: str) -> Iterator[tuple[str, str]]:
    tree = _deb_tree(f"firefox-esr-l10n-{lang}")
    for xpi in tree.rglob("*.xpi"):
        with zipfile.ZipFile(io.BytesIO(xpi.read_bytes())) as archive:
            for name in sorted(archive.namelist()):
                if name.endswith((".ftl", ".properties")):
                    yield name, archive.read(name).decode("utf-8")


def django(lang: str) -> Iterator[tuple[str, str]]:
    root = _sdist_tree("Django", DJANGO_OLD) / "django"
    for path in sorted(root.rglob(f"locale/{lang}/LC_MESSAGES/*.po")):
        yield str(path.relative_to(root)), path.read_text(encoding="utf-8")


def chardet_alone(data: bytes) -> str:
    """How simfind decoded a non-UTF-8 file before: chardet's guess, widened."""
    name = (chardet.detect(data[:65536]).get("encoding") or "cp1252").lower()
    try:
        return data.decode(_WIDER.get(name, name), errors="replace")
    except LookupError:
        return data.decode("cp1252", errors="replace")


def main() -> None:
    from simfind.core.compare.verify import comparable, similarity

    settings = FeatureSettings()
    print(f"chardet {chardet.__version__}")
    print(
        f"  {'source':<22} {'encoding':<10} {'files':>5} {'wrong before':>12} {'wrong now':>9} "
        f"{'mean sim before':>15} {'now':>6} {'worst before':>12} {'now':>6}"
    )
    sources = [
        (f"Firefox {lang}", enc, language_pack(lang)) for lang, enc in LANGUAGE_PACKS.items()
    ]
    sources += [(f"Django {lang}", enc, django(lang)) for lang, enc in DJANGO.items()]
    gain: tuple[float, str, float, float] = (0.0, "", 1.0, 1.0)
    for label, encoding, files in sources:
        before: list[float] = []
        now: list[float] = []
        wrong_before = wrong_now = 0
        for name, text in files:
            try:
                data = text.encode(encoding)
            except UnicodeEncodeError:
                continue
            if data.isascii():
                continue
            twin = comparable(text, settings)
            old = chardet_alone(data)
            try:
                new = decode_bytes(data).text
            except NotTextError:
                new = ""
            wrong_before += old != text
            wrong_now += new != text
            before.append(similarity(comparable(old, settings), twin, settings))
            now.append(similarity(comparable(new, settings), twin, settings))
            if now[-1] - before[-1] > gain[0] and encoding == "big5":
                gain = (now[-1] - before[-1], f"{label}: {name}", before[-1], now[-1])
        if not before:
            continue
        print(
            f"  {label:<22} {encoding:<10} {len(before):>5} {wrong_before:>12} {wrong_now:>9} "
            f"{sum(before) / len(before):15.3f} {sum(now) / len(now):6.3f} "
            f"{min(before):12.3f} {min(now):6.3f}"
        )
    print(
        f"\n  the Big5 file mended most: {gain[1]}\n"
        f"  similarity to its UTF-8 twin: {gain[2]:.3f} before, {gain[3]:.3f} now"
    )


if __name__ == "__main__":
    main()
