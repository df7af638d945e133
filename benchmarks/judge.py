"""The independent judge of similarity: difflib's ratio of two texts' words.

Not simfind's measure: Python's own difflib (SequenceMatcher, its junk
heuristic off) aligns the two word sequences and reports 2M / (|A| + |B|),
M the words of the blocks it matched. Words are runs of letters, digits and
underscores (lower-cased), and jieba's words for runs of Chinese characters
(the pure-Python jieba package, not the engine's segmenter). A verdict of
simfind's is judged by this ratio, never by simfind's own figure.

A ``\\uXXXX`` escape (JSON, JavaScript, Python strings) is read as the character
it stands for: Sphinx's translation catalogues for JavaScript (``sphinx.js``,
all their non-ASCII text escaped) otherwise gave every character of a
translation a word of its own ("u098f"), so that the translations outweighed
the untranslated messages two catalogues share and their ratio fell from
0.54 to 0.31 (Bengali against Hebrew). Until session 29 the judge read the
escapes as written; docs/benchmarks.md gives the figures both ways.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

_CJK = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)")
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
_WORD = re.compile(r"[^\W\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


@cache
def _jieba():  # type: ignore[no-untyped-def]
    import jieba

    jieba.setLogLevel(60)
    return jieba


def words(text: str) -> list[str]:
    """A text's words, in order, as the judge counts them."""
    found: list[str] = []
    text = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
    for index, part in enumerate(_CJK.split(text.lower())):
        if index % 2:
            found.extend(_jieba().lcut(part))
        else:
            found.extend(_WORD.findall(part))
    return found


def ratio(a: str, b: str) -> float:
    """difflib's ratio of the two texts' words (1.0 for two texts without words)."""
    first, second = words(a), words(b)
    if not first and not second:
        return 1.0
    return difflib.SequenceMatcher(None, first, second, autojunk=False).ratio()


def at_least(a: str, b: str, bound: float) -> bool:
    """Whether ``ratio(a, b) >= bound``, without difflib where the answer is plain.

    difflib's matched blocks are a common subsequence of the two word lists, so
    its ratio is at most the ratio of their longest common subsequence, which
    rapidfuzz computes in C++; difflib runs only where that bound is reached.
    (Two long unrelated texts cost difflib seconds; two similar ones little.)
    """
    from rapidfuzz.distance import Indel

    first, second = words(a), words(b)
    if not first and not second:
        return bound <= 1.0
    if Indel.normalized_similarity(first, second) < bound:
        return False
    return difflib.SequenceMatcher(None, first, second, autojunk=False).ratio() >= bound


def gap(value: float, a: str, b: str) -> float:
    """How far ``value`` lies from difflib's ratio of the two texts' words, in the nearer of
    its two orders: difflib's blocks depend on which text comes first (of two longest runs
    it keeps the one earlier in the first), so its ratio of a pair may differ by order."""
    return min(abs(value - ratio(a, b)), abs(value - ratio(b, a)))
